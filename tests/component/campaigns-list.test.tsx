// /campaigns as a view, on the component tests' real API server: the account's campaigns, newest
// first, and a draft deleted from the list after a confirmation. Proved here: only drafts offer
// 'Delete'; Cancel keeps the draft; confirmed, the draft leaves the list and the server; a draft
// deleted meanwhile in another tab just leaves the list; a draft planned meanwhile (the server's 409
// `campaign_not_draft`, given here by a wrapper around the real client: planning needs a number and
// its templates, which tests/server/campaigns.test.ts covers) stays, said so, with a way to read the
// list again; the last draft deleted shows the empty list.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { Campaign } from '@/domain/campaign';
import type { ApiClient } from '@/src/api/api-client';
import { ApiError } from '@/src/api/api-errors';
import { CampaignsPage } from '@/src/features/campaigns/components/campaigns-page';
import type { TestUser } from '../server/support/emulator-users';
import { api, merchant } from './support/merchant';
import { renderView } from './support/render-view';

const WAIT = { timeout: 15_000 };
const draft = (owner: TestUser, name: string) => api<Campaign>(owner, 'POST', '/campaigns', { name });
const namesOnServer = async (owner: TestUser) =>
  (await api<{ campaigns: Campaign[] }>(owner, 'GET', '/campaigns')).campaigns.map((c) => c.name);
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

it('deletes a draft once confirmed; Cancel keeps it; one deleted in another tab just leaves the list', async () => {
  const owner = await merchant('campaigns-list', 'start');
  const gone = await draft(owner, 'Gone elsewhere');
  await draft(owner, 'Black Friday');
  await draft(owner, 'Natal');
  await renderView(() => <CampaignsPage />, owner);
  await screen.findByRole('rowheader', { name: 'Natal' }, WAIT);

  // Cancel keeps it.
  await userEvent.click(within(rowOf('Natal')).getByRole('button', { name: 'Delete the draft Natal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete the draft Natal?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await namesOnServer(owner)).toContain('Natal');

  // Confirmed: off the list and off the server.
  await userEvent.click(within(rowOf('Natal')).getByRole('button', { name: 'Delete the draft Natal' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete the draft' }));
  await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Natal' })).toBeNull(), WAIT);
  expect(await namesOnServer(owner)).not.toContain('Natal');
  expect(screen.getByRole('rowheader', { name: 'Black Friday' })).toBeTruthy();

  // Deleted in another tab: the 404 takes it off the list, with nothing to say.
  await api(owner, 'DELETE', `/campaigns/${gone.id}`);
  await userEvent.click(within(rowOf('Gone elsewhere')).getByRole('button', { name: 'Delete the draft Gone elsewhere' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete the draft' }));
  await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Gone elsewhere' })).toBeNull(), WAIT);
  expect(screen.queryByText('The draft could not be deleted. Try again.')).toBeNull();

  // The last one: the empty list.
  await userEvent.click(within(rowOf('Black Friday')).getByRole('button', { name: 'Delete the draft Black Friday' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete the draft' }));
  expect(await screen.findByText('No campaign yet', {}, WAIT)).toBeTruthy();
  expect(await namesOnServer(owner)).toEqual([]);
});

it('a draft planned meanwhile stays, said so, and the list can be read again', async () => {
  const owner = await merchant('campaigns-list-planned', 'start');
  await draft(owner, 'Planned elsewhere');
  let deletes = 0;
  // The server's refusal of a campaign no longer a draft (DELETE /campaigns/:id, 409).
  const planned = (real: ApiClient): ApiClient => ({
    ...real,
    delete: (async (path: string) => {
      deletes += 1;
      throw new ApiError({ status: 409, code: 'campaign_not_draft', message: `${path} is no longer a draft.` });
    }) as ApiClient['delete'],
  });
  await renderView(() => <CampaignsPage />, owner, { api: planned });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete the draft Planned elsewhere' }, WAIT));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete the draft' }));
  expect(
    await screen.findByText('This campaign was planned meanwhile: it is no longer a draft, and its messages stay counted.', {}, WAIT),
  ).toBeTruthy();
  expect(deletes).toBe(1);
  expect(screen.getByRole('rowheader', { name: 'Planned elsewhere' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Show the campaigns as they are now' }));
  expect(await screen.findByRole('rowheader', { name: 'Planned elsewhere' }, WAIT)).toBeTruthy();
  expect(screen.queryByText(/planned meanwhile/)).toBeNull();
});
