// /channels/{id} in the real app against the component tests' server: the merchant's active AI base
// (an FAQ as its knowledge) answers on the demo number of the WhatsApp fixture, connected through
// POST /api/v1/channels; shoppers write through the fixture's simulated shopper (/_demo/shopper),
// which delivers signed webhooks, and the server's own worker answers them. Proved here: the header
// (number, verified name, status), the empty state, a conversation with its masked shopper, message
// count and last time (<time>, in the page's language), the shopper's message, the reply with its
// outcome in words and the passages it used ('From faq.csv, row 3'), 'Show more' for the next page, and,
// once a qualifier answers on the number, the inputs it collected from a shopper on their conversation.
import { request } from 'node:http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, inject, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import { CONVERSATIONS_PAGE_SIZE, type ChannelDetail, type ChannelWebhookSetup } from '@/domain/channel';
import { formatDate } from '@/src/i18n/format';
import { DEMO_WHATSAPP_NUMBER } from '../fixtures/whatsapp-cloud-api-server';
import type { TestUser } from '../server/support/emulator-users';
import { api, completeBase, merchant, uploadKnowledge } from './support/merchant';
import { renderApp } from './support/render-app';

const whatsappUrl = inject('componentWhatsappUrl');
const number = DEMO_WHATSAPP_NUMBER;
const faq = [
  'Pergunta;Resposta',
  'Qual o prazo de entrega?;Os pedidos chegam de 3 a 7 dias úteis.',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega, sem uso e com etiqueta.',
].join('\n');
const ASKER = '5511987654321';

let user: TestUser;
let channelId = '';
beforeAll(async () => {
  user = await merchant('channel-conversations', 'start');
  const base = await completeBase(user, { name: 'Ana atendente' });
  await uploadKnowledge(user, base.id, 'faq.csv', faq);
  await api<AiBase>(user, 'POST', `/ai-bases/${base.id}/activate`);
  const { channel } = await api<ChannelWebhookSetup>(user, 'POST', '/channels', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId: base.id,
  });
  channelId = channel.id;
}, 60_000);

/** A shopper writes to the demo number through the fixture's simulated shopper (plain Node HTTP, outside happy-dom). */
function shopperWrites(waId: string, text: string): Promise<number> {
  const body = JSON.stringify({ phoneNumberId: number.phoneNumberId, waId, text });
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
    sent.end(body);
  });
}

const detail = () => api<ChannelDetail>(user, 'GET', `/channels/${channelId}`);
const heading = (name: string, level: number) => screen.findByRole('heading', { name, level }, { timeout: 15_000 });

it('the header, then the empty state before any shopper wrote', async () => {
  await renderApp(`/en/channels/${channelId}`, user);
  expect(await heading(number.displayPhoneNumber, 1)).toBeTruthy();
  expect(screen.getByRole('heading', { name: number.verifiedName, level: 2 })).toBeTruthy();
  expect(screen.getByText('Active')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Conversations', level: 2 })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'No conversation yet', level: 3 })).toBeTruthy();
  expect(screen.getByText('Messages to this number will show here.')).toBeTruthy();
});

it("each conversation: the masked shopper, count and time, the message, the reply in words and the passages it used; 'Show more'", async () => {
  // More shoppers than a page holds, then the asker, who wrote last and comes first.
  for (let index = 0; index < CONVERSATIONS_PAGE_SIZE; index++)
    expect(await shopperWrites(`55119000${String(index).padStart(5, '0')}`, 'Oi')).toBe(200);
  expect(await shopperWrites(ASKER, 'Posso trocar um produto?')).toBe(200);
  // The server's worker answers through the fixture.
  await waitFor(
    async () => {
      const [first] = (await detail()).conversations;
      expect(first?.exchanges[0]?.reply?.outcome).toBe('sent');
    },
    { timeout: 30_000, interval: 200 },
  );
  const [asked] = (await detail()).conversations;

  await renderApp(`/en/channels/${channelId}`, user);
  const conversation = (await screen.findByRole('article', { name: '••••4321' }, { timeout: 15_000 })) as HTMLElement;
  const view = within(conversation);
  expect(view.getByRole('heading', { name: '••••4321', level: 3 })).toBeTruthy();
  expect(conversation.textContent).toContain('1 message');
  const last = conversation.querySelector(`time[datetime="${asked!.lastMessageAt}"]`);
  expect(last?.textContent).toBe(formatDate('en', new Date(asked!.lastMessageAt), { dateStyle: 'medium', timeStyle: 'short' }));
  expect(view.getByText('Posso trocar um produto?')).toBeTruthy();
  expect(view.getByText('Answered')).toBeTruthy();
  expect(view.getByText(/Sim, em até 30 dias após a entrega/)).toBeTruthy();
  expect(view.getByText('Knowledge used')).toBeTruthy();
  // The file's name is an element of its own (it wraps between its words): the item's whole text is read.
  const passageItems = view.getAllByRole('listitem').filter((item) => /^From faq\.csv, row \d+$/.test(item.textContent ?? ''));
  expect(passageItems.length).toBeGreaterThan(0);
  expect(screen.getAllByRole('article')).toHaveLength(CONVERSATIONS_PAGE_SIZE);
  expect(screen.queryByRole('article', { name: '••••0000' })).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
  expect(await screen.findByRole('article', { name: '••••0000' }, { timeout: 15_000 })).toBeTruthy();
  expect(screen.getAllByRole('article')).toHaveLength(CONVERSATIONS_PAGE_SIZE + 1);
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
}, 90_000);

it('a qualifier’s collected inputs show on the shopper’s conversation, each with its value', async () => {
  // The number is answered by a qualifier from now on (the plan holds a second base).
  const qualifier = await completeBase(user, { name: 'Qualificadora', function: 'qualifier', expectedInputs: 'E-mail\nTamanho' });
  await uploadKnowledge(user, qualifier.id, 'faq.csv', faq);
  await api<AiBase>(user, 'POST', `/ai-bases/${qualifier.id}/activate`);
  await api(user, 'PUT', `/channels/${channelId}/answering`, { aiBaseId: qualifier.id, inventoryId: null });
  const lead = '5511955554444';
  // Each message once the one before is answered: the answer goes to the question asked last.
  for (const [index, text] of ['Oi', 'Meu e-mail é Ana@Example.com', 'G'].entries()) {
    expect(await shopperWrites(lead, text)).toBe(200);
    await waitFor(
      async () => {
        const mine = (await detail()).conversations.find((conversation) => conversation.shopper === '••••4444');
        expect(mine?.exchanges).toHaveLength(index + 1);
        expect(mine?.exchanges[0]?.reply?.outcome).toBe('sent');
      },
      { timeout: 30_000, interval: 200 },
    );
  }

  await renderApp(`/en/channels/${channelId}`, user);
  const conversation = (await screen.findByRole('article', { name: '••••4444' }, { timeout: 15_000 })) as HTMLElement;
  const inputs = within(conversation).getByRole('region', { name: 'Collected inputs' });
  expect(within(inputs).getByRole('heading', { name: 'Collected inputs', level: 4 })).toBeTruthy();
  const pairs = [...inputs.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  expect(pairs).toEqual([
    ['E-mail', 'ana@example.com'],
    ['Tamanho', 'G'],
  ]);
  // The thanks with the summary is the last reply shown.
  expect(within(conversation).getByText(/Obrigado! Já tenho tudo de que preciso/)).toBeTruthy();
  // A shopper the qualifier collected nothing from shows no such list.
  expect(within(screen.getByRole('article', { name: '••••4321' })).queryByRole('region', { name: 'Collected inputs' })).toBeNull();
}, 90_000);
