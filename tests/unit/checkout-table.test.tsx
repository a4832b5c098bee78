// @vitest-environment happy-dom
// The Checkouts list as React renders it (src/features/checkouts/components/checkout-table.tsx), in
// Portuguese with the app's real catalogs: the first column is the shopper's last activity, and says
// so ('Última atividade', not 'Abandonado em': the timeline counts it abandoned a flow's first delay
// later); each shopper links to its checkout as `?checkout=<id>`, plain, with the app's search
// serialisation (src/app/search-params.ts).
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { CheckoutListItem } from '@/domain/checkout-list';
import { CheckoutTable } from '@/src/features/checkouts/components/checkout-table';
import { formatDateTime } from '@/src/i18n/format';
import { renderInLang } from './support/render-in-lang';

afterEach(cleanup);

const item: CheckoutListItem = {
  id: '2',
  inventoryId: '00000000-0000-4000-8000-000000000001',
  phone: '•••• 4321',
  firstName: 'Ana',
  totalMinor: 18_990,
  currency: 'BRL',
  items: 2,
  startedAt: '2026-11-20T12:00:00.000Z',
  lastActivityAt: '2026-11-20T12:30:00.000Z',
  completedAt: null,
  status: 'skipped',
  reason: 'no_consent',
  remindersSent: 0,
  source: 'store',
};

it('names its first column for what it shows, the last activity, and links a checkout as ?checkout=2', async () => {
  const view = { inventoryId: null, days: 30 as const, status: null, q: '', page: 1, checkoutId: null };
  await renderInLang(() => <CheckoutTable items={[item]} view={view} />, { lang: 'pt', routes: ['checkouts'] });
  const table = await screen.findByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers[0]).toBe('Última atividade');
  expect(headers).not.toContain('Abandonado em');
  const row = within(table).getAllByRole('row')[1]!;
  expect(within(row).getAllByRole('cell')[0]!.textContent).toBe(formatDateTime('pt', new Date(item.lastActivityAt)));
  expect(within(row).getByRole('link', { name: 'Ana · •••• 4321' }).getAttribute('href')).toBe('/pt/checkouts?checkout=2');
});
