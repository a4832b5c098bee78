// /dashboard in the real app against the component tests' server: a new account's 'configure first'
// notice and action cards, the days counted in the browser's zone (the account's once it has one) with
// the way to Settings, an AI base making AI use count (an empty state, not zeros, while nothing
// happened), the range picker and filters going to the URL and read back, invalid params falling back
// to the default range, a filter naming nothing of the merchant's, and a failed read with its retry
// (through a door on loopback in front of the real server: the API's 500, then no answer at all).
import { randomUUID } from 'node:crypto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import { dashboardValidation, dayIn, rangeDays, type DashboardRangeKind } from '@/domain/dashboard';
import { createApiClient } from '@/src/api/api-client';
import { DashboardPage } from '@/src/features/dashboard/components/dashboard-page';
import { formatDay } from '@/src/features/dashboard/dashboard-format';
import { sampleInstructions } from '../fixtures/sample-ai-base';
import { startApiDoor } from './support/api-door';
import { api, merchant } from './support/merchant';
import { renderApp } from './support/render-app';
import { renderView } from './support/render-view';

const ZONE = 'America/Sao_Paulo';
beforeAll(() => {
  // The browser's zone, as the page reads it (Intl): the days are counted there.
  process.env.TZ = ZONE;
});

const main = () => screen.getByRole('main');
const card = (name: string) => within(main()).getByRole('heading', { name }).parentElement!;
/** The AI use's empty state names the days shown: the range's, counted back from today in the zone. */
const aiEmptyText = (kind: DashboardRangeKind, custom?: { from: string; to: string }) => {
  const { from, to } = rangeDays(kind, dayIn(new Date(), ZONE), custom);
  return `Your AI bases answered no message from ${formatDay('en', from)} to ${formatDay('en', to)}.`;
};

it('a new account: the configure-first notice, the action cards saying what is missing, the days in the browser’s zone', async () => {
  const user = await merchant('dashboard-new');
  await renderApp('/en/dashboard', user);
  expect(
    await screen.findByText('Configure your first AI base and inventory to see your results here.', {}, { timeout: 15_000 }),
  ).toBeTruthy();
  expect(within(main()).queryByRole('heading', { name: 'Results' })).toBeNull();
  expect(screen.getByText(`Days in ${ZONE} time.`)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Change the time zone' }).getAttribute('href')).toBe('/en/settings');
  expect(within(card('Configure products')).getByText('No inventory yet')).toBeTruthy();
  expect(within(card('Configure products')).getByRole('link', { name: 'Configure new inventory' }).getAttribute('href')).toBe(
    '/en/inventory',
  );
  expect(within(card('Configure AI')).getByText('No AI base yet')).toBeTruthy();
  expect(within(card('Configure AI')).getByRole('link', { name: 'Configure a new AI base' }).getAttribute('href')).toBe('/en/ia-base');
  expect(within(card('View AI bases')).getByRole('link', { name: 'Go to AI bases' }).getAttribute('href')).toBe('/en/ia-bases');
  expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
});

it('an AI base in configuration: AI use counts (nothing yet), results wait for an inventory; ranges and filters go to the URL', async () => {
  const user = await merchant('dashboard-ai-base');
  const base = await api<AiBase>(user, 'POST', '/ai-bases', sampleInstructions);
  const { router } = await renderApp('/en/dashboard', user);
  expect(await screen.findByText(aiEmptyText('last_30_days'), {}, { timeout: 15_000 })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'No AI requests in this period' })).toBeTruthy();
  expect(screen.getByText('0 of up to 1,000 queries this month')).toBeTruthy();
  expect(screen.getByText('Configure your first inventory or connect a WhatsApp number to see your results here.')).toBeTruthy();
  expect(within(card('Configure AI')).getByText('1 AI base in configuration')).toBeTruthy();
  expect(within(card('View AI bases')).getByText('You have 1 AI base')).toBeTruthy();

  // A range kind applies at once.
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 7 days');
  await waitFor(() => expect(router.state.location.search).toEqual({ range: 'last_7_days' }));
  expect(await screen.findByText(aiEmptyText('last_7_days'), {}, { timeout: 15_000 })).toBeTruthy();

  // A filter from the merchant's own records.
  const aiBaseFilter = screen.getByRole('combobox', { name: 'AI base' });
  await waitFor(() => expect(within(aiBaseFilter).getByRole('option', { name: sampleInstructions.name })).toBeTruthy());
  await userEvent.selectOptions(aiBaseFilter, sampleInstructions.name);
  await waitFor(() => expect(router.state.location.search).toEqual({ range: 'last_7_days', aiBase: base.id }));
  await waitFor(() => expect(screen.queryByText('Updating the figures…')).toBeNull(), { timeout: 15_000 });
  expect(screen.getByText(aiEmptyText('last_7_days'))).toBeTruthy();

  // A custom range: two days applied together, checked as the API checks them.
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Custom range');
  const form = screen.getByRole('form', { name: 'Custom range' });
  const from = within(form).getByLabelText(/^From/);
  const to = within(form).getByLabelText(/^To/);
  await userEvent.clear(from);
  await userEvent.type(from, '2026-11-10');
  await userEvent.clear(to);
  await userEvent.type(to, '2026-11-01');
  await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
  expect(within(form).getByText(dashboardValidation.rangeInvalid.message)).toBeTruthy();
  expect(router.state.location.search).toEqual({ range: 'last_7_days', aiBase: base.id });
  await userEvent.clear(from);
  await userEvent.type(from, '2026-10-25');
  await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
  await waitFor(() =>
    expect(router.state.location.search).toEqual({ range: 'custom', from: '2026-10-25', to: '2026-11-01', aiBase: base.id }),
  );
  expect(await screen.findByText(aiEmptyText('custom', { from: '2026-10-25', to: '2026-11-01' }), {}, { timeout: 15_000 })).toBeTruthy();
});

it('at the plan’s number of AI bases a new one is offered disabled, as on the AI bases screen; with room, offered', async () => {
  const user = await merchant('dashboard-base-cap'); // basic: one AI base
  await api<AiBase>(user, 'POST', '/ai-bases', sampleInstructions);
  const { router } = await renderApp('/en/dashboard', user);
  expect(await screen.findByText(aiEmptyText('last_30_days'), {}, { timeout: 15_000 })).toBeTruthy();
  const configureAi = card('Configure AI');
  expect(within(configureAi).queryByRole('link', { name: 'Configure a new AI base' })).toBeNull();
  expect(within(configureAi).getByRole('button', { name: 'Configure a new AI base' }).hasAttribute('disabled')).toBe(true);
  expect(within(configureAi).getByText('Upgrade your plan to add more AI Bases.')).toBeTruthy();
  // The AI bases screen says the same.
  await router.navigate({ to: '/$lang/ia-bases', params: { lang: 'en' } });
  expect((await screen.findByRole('button', { name: 'New AI base' }, { timeout: 15_000 })).hasAttribute('disabled')).toBe(true);

  cleanup();
  const roomy = await merchant('dashboard-base-room', 'start'); // two AI bases
  await api<AiBase>(roomy, 'POST', '/ai-bases', sampleInstructions);
  await renderApp('/en/dashboard', roomy);
  expect(await screen.findByText(aiEmptyText('last_30_days'), {}, { timeout: 15_000 })).toBeTruthy();
  expect(within(card('Configure AI')).getByRole('link', { name: 'Configure a new AI base' }).getAttribute('href')).toBe('/en/ia-base');
  expect(within(card('Configure AI')).queryByText('Upgrade your plan to add more AI Bases.')).toBeNull();
});

it('invalid params fall back to the default range and no filter, never an error', async () => {
  const user = await merchant('dashboard-bad-search');
  await api<AiBase>(user, 'POST', '/ai-bases', sampleInstructions);
  await renderApp('/en/dashboard?range=yesterday&from=2026-13-40&inventory=not-an-id&aiBase=42', user);
  expect(await screen.findByText(aiEmptyText('last_30_days'), {}, { timeout: 15_000 })).toBeTruthy();
  expect((screen.getByRole('combobox', { name: 'Range' }) as HTMLSelectElement).value).toBe('last_30_days');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('a filter naming nothing of the merchant’s says so, and clearing the filters reads again', async () => {
  const user = await merchant('dashboard-unknown-filter');
  await api<AiBase>(user, 'POST', '/ai-bases', sampleInstructions);
  const { router } = await renderApp(`/en/dashboard?range=last_7_days&inventory=${randomUUID()}`, user);
  expect(
    await screen.findByText('A filter names an inventory, AI base or channel that no longer exists.', {}, { timeout: 15_000 }),
  ).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
  await waitFor(() => expect(router.state.location.search).toEqual({ range: 'last_7_days' }));
  expect(await screen.findByText(aiEmptyText('last_7_days'), {}, { timeout: 15_000 })).toBeTruthy();
});

it("a failed read (the API's 500, then no answer at all) says so, and trying again shows the dashboard", async () => {
  const user = await merchant('dashboard-failed-read');
  const { door, close } = await startApiDoor('error');
  try {
    await renderView(() => <DashboardPage />, user, {
      api: () => createApiClient({ baseUrl: `${door.url}/api/v1`, getIdToken: async () => user.idToken }),
    });
    expect(await screen.findByText('The dashboard could not be loaded.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Try again in a moment.')).toBeTruthy();

    door.mode = 'unreachable';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading the dashboard')).toBeTruthy();
    // (happy-dom's fetch does not fail a dropped connection with the browser's TypeError: the page's
    // 'no answer came' is proved in Chromium, tests/e2e/dashboard-model.spec.ts.)
    expect(await screen.findByText('The dashboard could not be loaded.', {}, { timeout: 15_000 })).toBeTruthy();

    door.mode = 'open';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Configure your first AI base and inventory to see your results here.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('The dashboard could not be loaded.')).toBeNull();
    // Every read asked for the last 30 days in the browser's zone, priced in the page's currency (en: USD).
    const { from, to } = rangeDays('last_30_days', dayIn(new Date(), ZONE));
    const reads = door.requests.filter((request) => request.startsWith('GET /api/v1/dashboard?'));
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const read of reads) {
      expect(Object.fromEntries(new URL(read.slice(4), 'http://x').searchParams)).toEqual({ from, to, tz: ZONE, currency: 'USD' });
    }
  } finally {
    await close();
  }
});
