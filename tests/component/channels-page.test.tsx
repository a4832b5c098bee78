// /channels as a view, on the component tests' real API server: the merchant's AI bases, inventories
// and channels, connected through the real POST /api/v1/channels (the server checks each number
// with the loopback Cloud API of global-setup.ts, support/whatsapp-numbers.ts). The side menu's entry
// and the channel screen's placeholder run in the real app (renderApp). Proved here: the list's
// loading, failure, empty and listed states (number, verified name, quality, status with the
// translated attention reason, AI base and inventory, the webhook verified by Meta), pause and
// resume (and a refused resume, said on its card), disconnect after a confirmation, and the connect
// flow opening on the page and its new number joining the list (as Meta left it: a webhook Meta
// verified while the steps were shown is said verified once done). A stand-in for the channel routes
// (support/channels-api-double.ts) answers only what the real server cannot be made to answer from
// here: a failed read, and the numbers that need attention (the inbound worker marks them when Meta
// refuses a reply's token or a message comes for a base no longer active).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { Channel, ChannelWebhookSetup } from '@/domain/channel';
import type { Inventory } from '@/domain/inventory';
import type { FixturePhoneNumber } from '../fixtures/whatsapp/phone-numbers';
import { ChannelsPage } from '@/src/features/channels/components/channels-page';
import type { TestUser } from '../server/support/emulator-users';
import { apiError, channelOf, ChannelsApiDouble } from './support/channels-api-double';
import { api, completeBase, merchant } from './support/merchant';
import { renderApp, serverUrl } from './support/render-app';
import { renderView } from './support/render-view';
import { whatsappNumbers } from './support/whatsapp-numbers';

// The merchant of the tests that connect nothing; the others make their own (newWorld).
let user: TestUser;
let live: AiBase;
beforeAll(async () => {
  user = await merchant('channels-page', 'start');
  live = await api<AiBase>(user, 'POST', `/ai-bases/${(await completeBase(user, { name: 'Ana vendedora' })).id}/activate`);
});

/** The page on the real API, or (`double`) with the channel routes answered by the stand-in. */
async function renderPage(double?: ChannelsApiDouble, as = user) {
  await renderView(() => <ChannelsPage />, as, double ? { api: (real) => double.wrap(real) } : {});
}

/** A merchant of the test's own (its channels are its own): the active base, a draft and an inventory. */
async function newWorld(label: string) {
  const owner = await merchant(label, 'start');
  const base = await api<AiBase>(owner, 'POST', `/ai-bases/${(await completeBase(owner, { name: 'Ana vendedora' })).id}/activate`);
  const inventory = await api<Inventory>(owner, 'POST', '/inventories', { name: 'Loja da Praia' });
  return { owner, base, inventory };
}

/** Connects a number through the real API: the server checks it with the Cloud API fixture. */
const connectNumber = (owner: TestUser, number: FixturePhoneNumber, aiBaseId: string, inventoryId: string | null = null) =>
  api<ChannelWebhookSetup>(owner, 'POST', '/channels', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId,
    inventoryId,
  });
const channelsOf = async (owner: TestUser) => (await api<{ channels: Channel[] }>(owner, 'GET', '/channels')).channels;
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
  const first = double.holdList();
  await renderPage(double);
  expect(await screen.findByText('Loading the channels', {}, { timeout: 15_000 })).toBeTruthy();
  first.fail(apiError(503, 'internal_error'));
  expect(await screen.findByText('The channels could not be loaded.')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await heading('No WhatsApp number connected yet', 2)).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Connect a WhatsApp number' })).toHaveLength(2);
});

it('lists each number with its verified name, quality, status, AI base and inventory, and whether Meta verified its webhook', async () => {
  const { owner, base, inventory } = await newWorld('channels-list');
  const { listedGreen, listedYellow, listedRed, listedUnrated } = whatsappNumbers;
  const first = await connectNumber(owner, listedGreen, base.id, inventory.id);
  const paused = await connectNumber(owner, listedYellow, base.id);
  await api(owner, 'POST', `/channels/${paused.channel.id}/pause`);
  const verified = await connectNumber(owner, listedRed, base.id);
  // Meta checks the callback URL with the verify token shown once.
  const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verified.verifyToken, 'hub.challenge': 'c-123' });
  expect(await (await fetch(`${serverUrl}/webhooks/whatsapp?${query}`)).text()).toBe('c-123');
  await connectNumber(owner, listedUnrated, base.id);
  await renderPage(undefined, owner);
  await heading(listedGreen.displayPhoneNumber, 3);

  const active = card(listedGreen.displayPhoneNumber);
  expect(within(active).getByText('Active')).toBeTruthy();
  expect(facts(active)).toEqual({
    'Verified name': 'Loja Ana',
    'Quality rating': 'High',
    'AI base': 'Ana vendedora',
    Inventory: 'Loja da Praia',
    Webhook: 'Not verified by Meta yet',
  });
  expect(within(active).getByRole('button', { name: `Pause ${listedGreen.displayPhoneNumber}` })).toBeTruthy();
  expect(
    within(active)
      .getByRole('link', { name: `Open ${listedGreen.displayPhoneNumber}` })
      .getAttribute('href'),
  ).toBe(`/en/channels/${first.channel.id}`);

  const pausedCard = card(listedYellow.displayPhoneNumber);
  expect(within(pausedCard).getByText('Paused')).toBeTruthy();
  expect(facts(pausedCard)).toMatchObject({
    'Verified name': 'Loja Bia',
    'Quality rating': 'Medium',
    Inventory: 'None: it answers from its knowledge base',
  });
  expect(within(pausedCard).getByRole('button', { name: `Resume ${listedYellow.displayPhoneNumber}` })).toBeTruthy();

  expect(facts(card(listedRed.displayPhoneNumber))).toMatchObject({ 'Quality rating': 'Low', Webhook: 'Verified by Meta' });
  expect(facts(card(listedUnrated.displayPhoneNumber))).toMatchObject({ 'Quality rating': 'Not rated yet' });
});

it('says what a number that needs attention needs', async () => {
  // The inbound worker marks these when Meta refuses a reply's token, or a message comes for a base no longer active.
  const double = new ChannelsApiDouble();
  double.channels = [
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
  await heading('+55 11 90000-0003', 3);

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
  const { owner, base } = await newWorld('channels-pause');
  const number = whatsappNumbers.paused.displayPhoneNumber;
  await connectNumber(owner, whatsappNumbers.paused, base.id);
  await renderPage(undefined, owner);
  await heading(number, 3);

  await userEvent.click(screen.getByRole('button', { name: `Pause ${number}` }));
  await waitFor(() => expect(within(card(number)).getByText('Paused')).toBeTruthy());
  expect((await channelsOf(owner))[0]!.status).toBe('paused');

  // The AI base is switched off meanwhile (in another tab): the server refuses the resume.
  await api(owner, 'POST', `/ai-bases/${base.id}/deactivate`);
  await userEvent.click(screen.getByRole('button', { name: `Resume ${number}` }));
  expect(await within(card(number)).findByText('The AI base of this number is switched off. Activate it, then resume.')).toBeTruthy();
  expect(within(card(number)).getByText('Paused')).toBeTruthy();

  await api(owner, 'POST', `/ai-bases/${base.id}/activate`);
  await userEvent.click(screen.getByRole('button', { name: `Resume ${number}` }));
  await waitFor(() => expect(within(card(number)).getByText('Active')).toBeTruthy());
  expect(within(card(number)).queryByRole('alert')).toBeNull();
  expect((await channelsOf(owner))[0]!.status).toBe('active');
});

it('disconnects a number only after the confirmation; the list then has the keyboard', async () => {
  const { owner, base } = await newWorld('channels-disconnect');
  const { disconnected, kept } = whatsappNumbers;
  await connectNumber(owner, disconnected, base.id);
  await connectNumber(owner, kept, base.id);
  await renderPage(undefined, owner);
  const gone = disconnected.displayPhoneNumber;
  await heading(gone, 3);

  await userEvent.click(screen.getByRole('button', { name: `Disconnect ${gone}` }));
  const dialog = await screen.findByRole('dialog', { name: `Disconnect ${gone}?` });
  expect(dialog.textContent).toContain('its conversations are deleted from Catalyst');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(await channelsOf(owner)).toHaveLength(2);
  expect(card(gone)).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: `Disconnect ${gone}` }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect the number' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: gone })).toBeNull());
  expect((await channelsOf(owner)).map((channel) => channel.phoneNumberId)).toEqual([kept.phoneNumberId]);
  expect(card(kept.displayPhoneNumber)).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(list()));
});

it('connects a number from the page: the form opens with the keyboard on it, and the new number joins the list once done', async () => {
  const { owner, base, inventory } = await newWorld('channels-connect-page');
  const draftBase = await completeBase(owner, { name: 'Rascunho' });
  const number = whatsappNumbers.fromPage;
  await renderPage(undefined, owner);
  await heading('No WhatsApp number connected yet', 2);
  const opener = screen.getAllByRole('button', { name: 'Connect a WhatsApp number' })[0]!;
  expect(opener.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(opener);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Connect a WhatsApp number', level: 2 })));
  expect(opener.getAttribute('aria-expanded')).toBe('true');
  expect(within(screen.getByLabelText(/^AI base/)).queryByRole('option', { name: draftBase.name })).toBeNull();

  await userEvent.type(screen.getByLabelText(/^Phone number ID/), number.phoneNumberId);
  await userEvent.type(screen.getByLabelText(/^WhatsApp Business Account ID/), number.wabaId);
  await userEvent.click(screen.getByLabelText(/^Access token/));
  await userEvent.paste(number.accessToken);
  await userEvent.type(screen.getByLabelText(/^App secret/), number.appSecret);
  await userEvent.selectOptions(screen.getByLabelText(/^AI base/), base.id);
  await userEvent.selectOptions(screen.getByLabelText(/^Inventory/), inventory.id);
  await userEvent.click(screen.getByRole('button', { name: 'Connect' }));

  expect(
    await screen.findByRole('heading', { name: `${number.displayPhoneNumber} (Loja Ana) is connected` }, { timeout: 10_000 }),
  ).toBeTruthy();
  const verifyToken = (screen.getByLabelText(/^Verify token/) as HTMLInputElement).value;
  expect(verifyToken).toMatch(/\S{16,}/);
  const [created] = await channelsOf(owner);
  expect(created).toMatchObject({
    phoneNumberId: number.phoneNumberId,
    aiBaseId: base.id,
    inventoryId: inventory.id,
    accessTokenHint: `…${number.accessToken.slice(-4)}`,
  });

  // The merchant pastes the callback URL and the verify token in Meta's App Dashboard: Meta checks them.
  const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': 'c-456' });
  expect(await (await fetch(`${serverUrl}/webhooks/whatsapp?${query}`)).text()).toBe('c-456');

  await userEvent.click(screen.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Connect a WhatsApp number' })).toBeNull());
  expect(facts(card(number.displayPhoneNumber))).toMatchObject({
    'AI base': 'Ana vendedora',
    Inventory: 'Loja da Praia',
    Webhook: 'Verified by Meta',
  });
  expect(document.activeElement).toBe(opener);
  expect(document.body.textContent).not.toContain(verifyToken);
});
