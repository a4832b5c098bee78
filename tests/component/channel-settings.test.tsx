// A number's settings on /channels/{id}, in the real app against the component tests' server and its
// WhatsApp Cloud API fixture (global-setup.ts). Proved here: a number whose token Meta revoked (the
// fixture's control gives the number a new token; a shopper writes, the server's worker is refused
// and marks the channel) says why it needs attention and offers the token form, which says when Meta
// refuses a token and brings the number back once it accepts one; a new verify token is asked for,
// then shown once with the callback URL, and only it verifies; the AI base and inventory change
// (a base switched off is refused at its field), bringing back a number whose base was switched off;
// the days its conversations are kept change (outside 7–365 refused at the field, before any call).
import { request } from 'node:http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, inject, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { Channel, ChannelWebhookSetup } from '@/domain/channel';
import type { Inventory } from '@/domain/inventory';
import { fixturePhoneNumber, type FixturePhoneNumber } from '../fixtures/whatsapp-cloud-api-server';
import type { TestUser } from '../server/support/emulator-users';
import { api, completeBase, merchant } from './support/merchant';
import { renderApp, serverUrl } from './support/render-app';
import { renewAccessToken } from './support/whatsapp-control';
import { whatsappNumbers } from './support/whatsapp-numbers';

const whatsappUrl = inject('componentWhatsappUrl');
const controlUrl = inject('componentWhatsappControlUrl');

async function activeBase(owner: TestUser, name: string): Promise<AiBase> {
  return api<AiBase>(owner, 'POST', `/ai-bases/${(await completeBase(owner, { name })).id}/activate`);
}

const connect = (owner: TestUser, number: FixturePhoneNumber, aiBaseId: string) =>
  api<ChannelWebhookSetup>(owner, 'POST', '/channels', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId,
  });

const channelOf = (owner: TestUser, id: string) => api<Channel>(owner, 'GET', `/channels/${id}`);
const heading = (name: string, level = 1) => screen.findByRole('heading', { name, level }, { timeout: 15_000 });
/** A settings card, by its title. */
const card = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).parentElement!;

/** A shopper writes to the number through the fixture's simulated shopper (plain Node HTTP, outside happy-dom). */
function shopperWrites(phoneNumberId: string, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${whatsappUrl}/_demo/shopper/messages`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify({ phoneNumberId, waId: '5511987650001', text }));
  });
}

/** Meta's answer to its webhook verification with this verify token (200: it verifies). */
const verifies = async (verifyToken: string) => {
  const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '4242' });
  return (await fetch(`${serverUrl}/webhooks/whatsapp?${query}`)).status;
};

it('a token Meta revoked: the reason in words, a refused token said at its field, then a new one brings the number back', async () => {
  const owner = await merchant('channel-settings-token');
  const number = whatsappNumbers.tokenRefused;
  const { channel } = await connect(owner, number, (await activeBase(owner, 'Ana vendedora')).id);
  // The merchant's token is revoked in Meta, and a new one made: Meta refuses the old one from now on.
  const newToken = fixturePhoneNumber(9359).accessToken;
  await renewAccessToken(controlUrl, number.phoneNumberId, newToken);
  // A shopper writes; the worker's reply is refused, and the channel needs attention.
  expect(await shopperWrites(number.phoneNumberId, 'Oi, tem em M?')).toBe(200);
  await waitFor(async () => expect((await channelOf(owner, channel.id)).attentionReason).toBe('token_invalid'), {
    timeout: 30_000,
    interval: 200,
  });

  await renderApp(`/en/channels/${channel.id}`, owner);
  expect(await heading(number.displayPhoneNumber)).toBeTruthy();
  expect(screen.getByText('Needs attention')).toBeTruthy();
  expect(screen.getByText('This number needs attention: its AI base answers no one.')).toBeTruthy();
  expect(screen.getByText('Meta refused the access token (wrong, expired or revoked). Paste a new one to answer again.')).toBeTruthy();
  // The form is open, and stays: there is nothing else to do for the number.
  const tokenCard = within(card('Access token'));
  expect(tokenCard.queryByRole('button', { name: 'Cancel' })).toBeNull();
  expect(tokenCard.getByText(`Ends in …${number.accessToken.slice(-4)}`)).toBeTruthy();

  // The old token again: Meta refuses it, said at the field.
  await userEvent.click(screen.getByLabelText(/^New access token/));
  await userEvent.paste(number.accessToken);
  await userEvent.click(screen.getByRole('button', { name: 'Check and save the token' }));
  expect(
    await screen.findByText(
      'Meta refused this access token: it is wrong, expired or revoked, or lacks the whatsapp_business_messaging permission.',
      {},
      { timeout: 10_000 },
    ),
  ).toBeTruthy();
  expect((screen.getByLabelText(/^New access token/) as HTMLInputElement).value).toBe(number.accessToken);
  expect(await channelOf(owner, channel.id)).toMatchObject({ status: 'needs_attention', attentionReason: 'token_invalid' });

  await userEvent.clear(screen.getByLabelText(/^New access token/));
  await userEvent.paste(newToken);
  await userEvent.click(screen.getByRole('button', { name: 'Check and save the token' }));
  expect(await screen.findByText('WhatsApp accepted the new access token.', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText('Active')).toBeTruthy();
  expect(screen.queryByText('This number needs attention: its AI base answers no one.')).toBeNull();
  expect(screen.queryByLabelText(/^New access token/)).toBeNull();
  expect(within(card('Access token')).getByText(`Ends in …${newToken.slice(-4)}`)).toBeTruthy();
  expect(await channelOf(owner, channel.id)).toMatchObject({
    status: 'active',
    attentionReason: null,
    accessTokenHint: `…${newToken.slice(-4)}`,
  });
  // A number that is fine may still replace its token; the form can be left.
  await userEvent.click(screen.getByRole('button', { name: 'Replace the access token' }));
  await userEvent.click(within(card('Access token')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByLabelText(/^New access token/)).toBeNull();
}, 90_000);

it('a new verify token: asked for first, then shown once with the callback URL; only it verifies', async () => {
  const owner = await merchant('channel-settings-verify');
  const { channel, verifyToken } = await connect(owner, whatsappNumbers.rotated, (await activeBase(owner, 'Ana vendedora')).id);
  await renderApp(`/en/channels/${channel.id}`, owner);
  await heading(channel.displayPhoneNumber);

  await userEvent.click(screen.getByRole('button', { name: 'Make a new verify token' }));
  const asked = await screen.findByRole('dialog', { name: 'Make a new verify token?' });
  expect(asked.textContent).toContain('The current verify token stops working at once');
  await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await verifies(verifyToken)).toBe(200);

  await userEvent.click(screen.getByRole('button', { name: 'Make a new verify token' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make a new verify token' }));
  const shown = (await screen.findByLabelText(/^Verify token/, {}, { timeout: 10_000 })) as HTMLInputElement;
  const rotated = shown.value;
  expect(rotated).toMatch(/\S{16,}/);
  expect(rotated).not.toBe(verifyToken);
  expect((screen.getByLabelText(/^Callback URL/) as HTMLInputElement).value).toBe(`${serverUrl}/webhooks/whatsapp`);
  expect(screen.getByText('Paste the new verify token in Meta now')).toBeTruthy();
  expect(screen.getByText('Copy the verify token now: Catalyst keeps only a fingerprint of it and cannot show it again.')).toBeTruthy();
  expect(await verifies(verifyToken)).toBe(403);
  expect(await verifies(rotated)).toBe(200);

  // Done: the token is not shown again.
  await userEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(screen.queryByLabelText(/^Verify token/)).toBeNull();
  expect(document.body.textContent).not.toContain(rotated);
}, 60_000);

it('another AI base and an inventory: a base switched off is refused at its field; a number waiting for its base answers again', async () => {
  const owner = await merchant('channel-settings-answering', 'start');
  const [first, second] = [await activeBase(owner, 'Ana vendedora'), await activeBase(owner, 'Bia suporte')];
  const inventory = await api<Inventory>(owner, 'POST', '/inventories', { name: 'Loja da Praia' });
  const { channel } = await connect(owner, whatsappNumbers.rebased, first.id);
  // Its base switched off: the number needs attention at once.
  await api(owner, 'POST', `/ai-bases/${first.id}/deactivate`);

  await renderApp(`/en/channels/${channel.id}`, owner);
  await heading(channel.displayPhoneNumber);
  expect(screen.getByText('Needs attention')).toBeTruthy();
  expect(screen.getByText('The AI base of this number is switched off or was deleted. Choose an active one.')).toBeTruthy();
  const answering = within(card('AI base and inventory'));
  await waitFor(() => expect(answering.getByText('Ana vendedora')).toBeTruthy(), { timeout: 10_000 });
  // Not waiting for a token: no token form.
  expect(screen.queryByLabelText(/^New access token/)).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Change the AI base or inventory' }));
  const baseSelect = (await screen.findByLabelText(/^AI base/, {}, { timeout: 10_000 })) as HTMLSelectElement;
  // Only active bases are offered: the one switched off is not, so none is chosen.
  expect(within(baseSelect).queryByRole('option', { name: 'Ana vendedora' })).toBeNull();
  expect(baseSelect.value).toBe('');

  // Switched off in another tab after the form opened: refused, at the field.
  await api(owner, 'POST', `/ai-bases/${second.id}/deactivate`);
  await userEvent.selectOptions(baseSelect, second.id);
  await userEvent.selectOptions(screen.getByLabelText(/^Inventory/), inventory.id);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Choose an active AI base: this one is not switched on.', {}, { timeout: 10_000 })).toBeTruthy();
  expect((await channelOf(owner, channel.id)).aiBaseId).toBe(first.id);

  await api(owner, 'POST', `/ai-bases/${second.id}/activate`);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Saved: this AI base answers on the number from now on.', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText('Active')).toBeTruthy();
  expect(answering.getByText('Bia suporte')).toBeTruthy();
  expect(answering.getByText('Loja da Praia')).toBeTruthy();
  expect(await channelOf(owner, channel.id)).toMatchObject({
    status: 'active',
    attentionReason: null,
    aiBaseId: second.id,
    inventoryId: inventory.id,
  });
}, 60_000);

it('how long conversations are kept: 90 days to start, a day count outside 7–365 refused at its field, 30 saved', async () => {
  const owner = await merchant('channel-settings-retention');
  const { channel } = await connect(owner, whatsappNumbers.retained, (await activeBase(owner, 'Ana vendedora')).id);
  await renderApp(`/en/channels/${channel.id}`, owner);
  expect(await heading(whatsappNumbers.retained.displayPhoneNumber)).toBeTruthy();
  const history = () => within(card('Conversation history'));
  expect(history().getByText('90 days')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Change how long conversations are kept' }));
  const days = screen.getByLabelText(/^Days conversations are kept/);
  await userEvent.clear(days);
  await userEvent.type(days, '400');
  await userEvent.click(history().getByRole('button', { name: 'Save' }));
  expect(await history().findByText('Conversations are kept from 7 to 365 days.')).toBeTruthy();
  expect((await channelOf(owner, channel.id)).retentionDays).toBe(90);

  await userEvent.clear(days);
  await userEvent.type(days, '30');
  await userEvent.click(history().getByRole('button', { name: 'Save' }));
  expect(
    await history().findByText('Saved: older conversations are deleted at the next hourly clean-up.', undefined, { timeout: 15_000 }),
  ).toBeTruthy();
  expect(history().getByText('30 days')).toBeTruthy();
  expect((await channelOf(owner, channel.id)).retentionDays).toBe(30);
});
