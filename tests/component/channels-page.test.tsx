// /channels as a view, with the merchant's real AI bases and inventories from the component tests'
// server. The side menu's entry and the channel screen's placeholder run in the real app (renderApp).
// The list, pause and resume, disconnect and connect go through a stand-in for the /api/v1/channels
// routes (support/channels-api-double.ts), which are not on the server yet: the page's own API
// client and machine run as they will. Proved here: the list's loading, failure, empty and listed
// states (number, verified name, quality, status with the translated attention reason, AI base and
// inventory), pause and resume (and a refused resume, said on its card), disconnect after a
// confirmation, and the connect flow opening on the page and its new number joining the list.
// Switch to the real API once the routes land: drop `api: (real) => double.wrap(real)` and set the
// world up with POST /api/v1/channels against the Cloud API fixture (tests/fixtures/whatsapp-cloud-api-server.ts).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, it } from 'vitest';
import type { AiBase } from '../../domain/ai-base';
import type { Inventory } from '../../domain/inventory';
import { ChannelsPage } from '../../src/features/channels/components/channels-page';
import type { TestUser } from '../server/support/emulator-users';
import { apiError, channelOf, ChannelsApiDouble } from './support/channels-api-double';
import { api, completeBase, merchant } from './support/merchant';
import { renderApp } from './support/render-app';
import { renderView } from './support/render-view';

let user: TestUser;
let live: AiBase;
let draft: AiBase;
let shop: Inventory;
beforeAll(async () => {
  user = await merchant('channels-page', 'start');
  live = await api<AiBase>(user, 'POST', `/ai-bases/${(await completeBase(user, { name: 'Ana vendedora' })).id}/activate`);
  draft = await completeBase(user, { name: 'Rascunho' });
  shop = await api<Inventory>(user, 'POST', '/inventories', { name: 'Loja da Praia' });
});

async function renderPage(double: ChannelsApiDouble) {
  await renderView(() => <ChannelsPage />, user, { api: (real) => double.wrap(real) });
}
const heading = (name: string, level = 1) => screen.findByRole('heading', { name, level }, { timeout: 15_000 });
const list = () => screen.getByRole('region', { name: 'Connected numbers' });
/** A channel's card, by its number (the card's heading). */
const card = (number: string) => screen.getByRole('heading', { name: number, level: 3 }).parentElement!;
/** A card's facts, label → value. */
const facts = (element: HTMLElement) =>
  Object.fromEntries([...element.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

it("the side menu's Channels entry leads to /channels; a channel's screen says when there is no such channel", async () => {
  const { router } = await renderApp('/en/dashboard', user);
  const menu = await screen.findByRole('navigation', { name: 'Side menu' }, { timeout: 15_000 });
  await userEvent.click(within(menu).getByRole('link', { name: 'Channels' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/channels'));
  expect(await heading('Channels')).toBeTruthy();

  await router.navigate({ to: '/$lang/channels/$id', params: { lang: 'en', id: 'not-a-channel' } });
  expect(await screen.findByText('This channel does not exist (or no longer does).', {}, { timeout: 15_000 })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to channels' }).getAttribute('href')).toBe('/en/channels');
  expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Channels' })).toBeTruthy();
});

it('loading, then the empty state; a failed read says so and is tried again', async () => {
  const double = new ChannelsApiDouble();
  const first = double.hold('GET /channels');
  await renderPage(double);
  expect(await screen.findByText('Loading the channels', {}, { timeout: 15_000 })).toBeTruthy();
  first.fail(apiError(503, 'internal_error'));
  expect(await screen.findByText('The channels could not be loaded.')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await heading('No WhatsApp number connected yet', 2)).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Connect a WhatsApp number' })).toHaveLength(2);
});

it('lists each number with its verified name, quality, status (and what it needs), AI base and inventory', async () => {
  const double = new ChannelsApiDouble();
  double.channels = [
    channelOf({ displayPhoneNumber: '+55 11 90000-0001', verifiedName: 'Loja Ana', aiBaseId: live.id, inventoryId: shop.id }),
    channelOf({
      displayPhoneNumber: '+55 11 90000-0002',
      verifiedName: 'Loja Bia',
      aiBaseId: live.id,
      status: 'paused',
      qualityRating: 'yellow',
    }),
    channelOf({
      displayPhoneNumber: '+55 11 90000-0003',
      verifiedName: 'Loja Cris',
      aiBaseId: live.id,
      status: 'needs_attention',
      attentionReason: 'token_invalid',
      qualityRating: 'red',
      webhookVerifiedAt: '2026-11-27T10:00:00.000Z',
    }),
    channelOf({
      displayPhoneNumber: '+55 11 90000-0004',
      aiBaseId: null,
      status: 'needs_attention',
      attentionReason: 'ai_base_inactive',
      qualityRating: 'unknown',
    }),
  ];
  await renderPage(double);
  await heading('+55 11 90000-0001', 3);

  const active = card('+55 11 90000-0001');
  expect(within(active).getByText('Active')).toBeTruthy();
  expect(facts(active)).toEqual({
    'Verified name': 'Loja Ana',
    'Quality rating': 'High',
    'AI base': 'Ana vendedora',
    Inventory: 'Loja da Praia',
    Webhook: 'Not verified by Meta yet',
  });
  expect(within(active).getByRole('button', { name: 'Pause +55 11 90000-0001' })).toBeTruthy();
  expect(within(active).getByRole('link', { name: 'Open +55 11 90000-0001' }).getAttribute('href')).toBe(
    `/en/channels/${double.channels[0]!.id}`,
  );

  const paused = card('+55 11 90000-0002');
  expect(within(paused).getByText('Paused')).toBeTruthy();
  expect(facts(paused)).toMatchObject({ 'Quality rating': 'Medium', Inventory: 'None: it answers from its knowledge base' });
  expect(within(paused).getByRole('button', { name: 'Resume +55 11 90000-0002' })).toBeTruthy();

  const refused = card('+55 11 90000-0003');
  expect(within(refused).getByText('Needs attention')).toBeTruthy();
  expect(
    within(refused).getByText('Meta refused the access token (wrong, expired or revoked). Paste a new one to answer again.'),
  ).toBeTruthy();
  expect(facts(refused)).toMatchObject({ 'Quality rating': 'Low', Webhook: 'Verified by Meta' });
  // A refused token needs more than a resume.
  expect(within(refused).queryByRole('button', { name: /^(Pause|Resume)/ })).toBeNull();

  const baseless = card('+55 11 90000-0004');
  expect(within(baseless).getByText('The AI base of this number is switched off or was deleted. Choose an active one.')).toBeTruthy();
  expect(facts(baseless)).toMatchObject({ 'Quality rating': 'Not rated yet', 'AI base': 'None: it was deleted' });
});

it('pauses and resumes a number; a refused resume is said on its card', async () => {
  const double = new ChannelsApiDouble();
  double.channels = [channelOf({ displayPhoneNumber: '+55 11 90000-0011', aiBaseId: live.id })];
  const id = double.channels[0]!.id;
  await renderPage(double);
  await heading('+55 11 90000-0011', 3);

  await userEvent.click(screen.getByRole('button', { name: 'Pause +55 11 90000-0011' }));
  await waitFor(() => expect(within(card('+55 11 90000-0011')).getByText('Paused')).toBeTruthy());
  expect(double.calls).toContain(`POST /channels/${id}/pause`);

  double.refuse(`POST /channels/${id}/resume`, apiError(409, 'ai_base_not_active'));
  await userEvent.click(screen.getByRole('button', { name: 'Resume +55 11 90000-0011' }));
  expect(
    await within(card('+55 11 90000-0011')).findByText('The AI base of this number is switched off. Activate it, then resume.'),
  ).toBeTruthy();
  expect(within(card('+55 11 90000-0011')).getByText('Paused')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Resume +55 11 90000-0011' }));
  await waitFor(() => expect(within(card('+55 11 90000-0011')).getByText('Active')).toBeTruthy());
  expect(within(card('+55 11 90000-0011')).queryByRole('alert')).toBeNull();
});

it('disconnects a number only after the confirmation; the list then has the keyboard', async () => {
  const double = new ChannelsApiDouble();
  double.channels = [
    channelOf({ displayPhoneNumber: '+55 11 90000-0021', aiBaseId: live.id }),
    channelOf({ displayPhoneNumber: '+55 11 90000-0022', aiBaseId: live.id }),
  ];
  await renderPage(double);
  await heading('+55 11 90000-0021', 3);

  await userEvent.click(screen.getByRole('button', { name: 'Disconnect +55 11 90000-0021' }));
  const dialog = await screen.findByRole('dialog', { name: 'Disconnect +55 11 90000-0021?' });
  expect(dialog.textContent).toContain('its conversations are deleted from Catalyst');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(double.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
  expect(card('+55 11 90000-0021')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Disconnect +55 11 90000-0021' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect the number' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: '+55 11 90000-0021' })).toBeNull());
  expect(double.channels.map((channel) => channel.displayPhoneNumber)).toEqual(['+55 11 90000-0022']);
  expect(card('+55 11 90000-0022')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(list()));
});

it('connects a number from the page: the form opens with the keyboard on it, and the new number joins the list once done', async () => {
  const double = new ChannelsApiDouble();
  await renderPage(double);
  await heading('No WhatsApp number connected yet', 2);
  const opener = screen.getAllByRole('button', { name: 'Connect a WhatsApp number' })[0]!;
  expect(opener.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(opener);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Connect a WhatsApp number', level: 2 })));
  expect(opener.getAttribute('aria-expanded')).toBe('true');
  expect(within(screen.getByLabelText(/^AI base/)).queryByRole('option', { name: draft.name })).toBeNull();

  await userEvent.type(screen.getByLabelText(/^Phone number ID/), '106540352242999');
  await userEvent.type(screen.getByLabelText(/^WhatsApp Business Account ID/), '102290129340398');
  await userEvent.type(screen.getByLabelText(/^Access token/), 'EAAGm0PX4ZCpsBAKZAc1a2b3c4d5e6f7g8h9zzzz');
  await userEvent.type(screen.getByLabelText(/^App secret/), '0123456789abcdef0123456789abcdef');
  await userEvent.selectOptions(screen.getByLabelText(/^AI base/), live.id);
  await userEvent.selectOptions(screen.getByLabelText(/^Inventory/), shop.id);
  await userEvent.click(screen.getByRole('button', { name: 'Connect' }));

  const [created] = double.channels;
  expect(await screen.findByRole('heading', { name: `${created!.displayPhoneNumber} (Loja Ana) is connected` })).toBeTruthy();
  expect((screen.getByLabelText(/^Verify token/) as HTMLInputElement).value).toBe('vt_0123456789abcdefghijklmnopqrstuv');
  expect(created).toMatchObject({ phoneNumberId: '106540352242999', aiBaseId: live.id, inventoryId: shop.id, accessTokenHint: '…zzzz' });

  await userEvent.click(screen.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Connect a WhatsApp number' })).toBeNull());
  expect(facts(card(created!.displayPhoneNumber))).toMatchObject({ 'AI base': 'Ana vendedora', Inventory: 'Loja da Praia' });
  expect(document.activeElement).toBe(opener);
  expect(document.body.textContent).not.toContain('vt_0123456789abcdefghijklmnopqrstuv');
});
