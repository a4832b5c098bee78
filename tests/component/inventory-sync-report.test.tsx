// The sync report's corrections ('the store is the source of truth'): how many items the sync
// corrected in the catalog, each item Meta refused with Meta's own message, and why a batch that
// could not be sent failed — in the page's language.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncReport, SyncRun } from '@/domain/inventory-sync';
import { InventorySyncReport } from '@/src/features/inventories/components/inventory-sync-report';
import { activateLocale } from '@/src/i18n/i18n';
import { renderRouter } from '@/tests/support/render-router';

const counts = {
  variants: 3,
  catalogItems: 3,
  matched: 3,
  added: 0,
  removed: 0,
  priceChanged: 0,
  wentOutOfStock: 0,
  catalogOnly: 0,
  storeOnly: 0,
  mismatches: 0,
};
const runWith = (corrections: SyncReport['corrections']): SyncRun => ({
  id: 2,
  trigger: 'manual',
  status: 'succeeded',
  failure: null,
  startedAt: '2026-11-26T08:49:16.000Z',
  finishedAt: '2026-11-26T08:49:17.000Z',
  durationMs: 1100,
  report: {
    counts,
    added: [],
    removed: [],
    priceChanged: [],
    wentOutOfStock: [],
    catalogOnly: [],
    storeOnly: [],
    mismatches: [],
    corrections,
  },
});

function renderReport(run: SyncRun, lang = 'en') {
  const root = createRootRoute({ component: Outlet });
  const langRoute = createRoute({ getParentRoute: () => root, path: '$lang', component: () => <InventorySyncReport run={run} /> });
  const router = createRouter({ routeTree: root.addChildren([langRoute]), history: createMemoryHistory({ initialEntries: [`/${lang}`] }) });
  return renderRouter(router);
}
const finding = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;

beforeAll(async () => {
  await activateLocale('en');
});
afterEach(cleanup);

describe('sync report corrections', () => {
  it('says how many items were corrected and lists each one Meta refused, with its message', async () => {
    renderReport(
      runWith({ sent: 3, applied: 2, pending: 0, refused: [{ retailerId: 'SKU-9', message: 'Invalid value: price' }], failure: null }),
    );
    const corrected = await finding('Corrected in the catalog');
    expect(within(corrected).getByText('2')).toBeTruthy();
    expect(corrected.textContent).toContain("the catalog now shows the store's price and availability");
    expect(corrected.textContent).toContain('Meta refused 1.');
    await userEvent.click(within(corrected).getByText('Show the items'));
    expect(within(corrected).getByText('SKU-9').closest('li')!.textContent).toContain('Invalid value: price');
  });

  it('a batch Meta would not take says why, in the page’s language', async () => {
    await activateLocale('pt');
    renderReport(runWith({ sent: 2, applied: 0, pending: 2, refused: [], failure: 'catalog_throttled' }), 'pt');
    const corrected = await finding('Corrigidos no catálogo');
    expect(corrected.textContent).toContain('As correções não puderam ser enviadas:');
    expect(corrected.textContent).toContain('A Meta pediu');
    await activateLocale('en');
  });

  it('without the setting there is no corrections finding', async () => {
    renderReport(runWith(null));
    await screen.findByRole('heading', { name: 'Catalog items no store variant backs' });
    expect(screen.queryByRole('heading', { name: 'Corrected in the catalog' })).toBeNull();
  });
});
