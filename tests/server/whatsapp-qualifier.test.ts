// A qualifier AI base on WhatsApp (server/channels/qualifier.ts) end to end, as the answering test
// does it: the loopback Cloud API delivers signed webhooks to the real app on PGlite, the webhook
// queues each message, the whatsapp-inbound worker answers with the built-in answerer over a real
// uploaded knowledge base, and the fixture records what was sent. The base expects an e-mail, a size
// and an order number. Proved: the first message is answered and the first input asked, alone; each
// answer is kept on the conversation and the next input asked; an answer without an email (or a
// number) is asked again politely; once all are known, thanks and the summary, then ordinary answers;
// another shopper's conversation is their own; each reply is an AI request; the channel's API shows
// the inputs per conversation with the shopper masked; a message answered again (a retry) is
// answered from what earlier messages left, not from its own writes.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { Channel, ChannelDetail } from '@/domain/channel';
import { channelStore } from '@/server/channels/channel-store';
import { qualifierReply } from '@/server/channels/qualifier';
import type { Db } from '@/server/db/database';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { aiRequests, whatsappConversationInputs, whatsappReplies } from '@/server/channels/whatsapp-reply-tables';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import type { SecretBox } from '@/server/secrets/secret-box';
import {
  fixturePhoneNumber,
  textMessage,
  type FixturePhoneNumber,
  type SentMessage,
  type WhatsAppCloudApiServer,
} from '../fixtures/whatsapp-cloud-api-server';
import { checkedNumber, newPhoneNumberId } from './support/channel-seed';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { startWhatsAppHarness, type WhatsAppHarness } from './support/whatsapp-harness';

const MARIA = { waId: '5511987654321', name: 'Maria' };
const JOAO = { waId: '5521912345678', name: 'João' };
const faq = ['Pergunta;Resposta', 'Posso trocar um produto?;Sim, em até 30 dias após a entrega, sem uso e com etiqueta.'].join('\n');

const data = scratchDataDir('whatsapp-qualifier');
let harness: WhatsAppHarness;
let url = '';
let db: Db;
let fixture: WhatsAppCloudApiServer;
const { api, merchant, createBase, uploaded, settled } = knowledgeClient(() => url);
let secrets: SecretBox;

let user: TestUser;
let base: AiBase;
let channel: Channel;
let number: FixturePhoneNumber;

beforeAll(async () => {
  harness = await startWhatsAppHarness({ dataDir: data.dir });
  ({ db, url, fixture, secrets } = harness);

  user = await merchant('wa-qualifier', 'enterprise');
  const created = await createBase(user, { name: 'Qualificadora', function: 'qualifier', voiceTone: 'default', language: 'pt_br' });
  await settled(user, created.id, (await uploaded(user, created.id, 'faq.csv', faq)).id);
  await db
    .update(aiBases)
    .set({ status: 'active', savedSteps: 3, expectedInputs: 'E-mail\nTamanho\nNúmero do pedido.' })
    .where(eq(aiBases.id, created.id));
  base = (await api(user, 'GET', `/ai-bases/${created.id}`)).body as AiBase;
  number = fixturePhoneNumber(700, { phoneNumberId: newPhoneNumberId() });
  fixture.addNumber(number);
  fixture.setWebhookUrl(number.phoneNumberId, `${url}/webhooks/whatsapp`);
  ({ channel } = await channelStore(db, secrets).connect(
    user.uid,
    {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: base.id,
      inventoryId: null,
    },
    checkedNumber,
  ));
}, 60_000);
afterAll(async () => {
  await harness?.close();
  data.remove();
});

const replyOf = async (messageId: string) => {
  const [row] = await db
    .select({ reply: whatsappReplies })
    .from(whatsappInboundMessages)
    .leftJoin(whatsappReplies, eq(whatsappReplies.inboundMessageId, whatsappInboundMessages.id))
    .where(and(eq(whatsappInboundMessages.channelId, channel.id), eq(whatsappInboundMessages.messageId, messageId)));
  return row?.reply ?? null;
};

/** The shopper writes; answers the text the worker sent back once it went (each message waits for the one before). */
async function says(shopper: { waId: string; name: string }, text: string): Promise<string> {
  const payload = textMessage(number, shopper, text);
  for (const delivery of await fixture.deliver(payload)) expect(delivery.status).toBe(200);
  const id = payload.entry[0]!.changes[0]!.value.messages![0]!.id;
  await expect.poll(async () => (await replyOf(id))?.outcome ?? 'none', { timeout: 15_000, interval: 25 }).toBe('sent');
  const sent = fixture.sent(number.phoneNumberId).filter((message: SentMessage) => message.replyTo === id);
  expect(sent).toHaveLength(1);
  return (sent[0]!.message.text as { body: string }).body;
}

const inputsOf = async (sender: string) =>
  Object.fromEntries(
    (
      await db
        .select({ name: whatsappConversationInputs.name, value: whatsappConversationInputs.value })
        .from(whatsappConversationInputs)
        .where(and(eq(whatsappConversationInputs.channelId, channel.id), eq(whatsappConversationInputs.sender, sender)))
    ).map((row) => [row.name, row.value]),
  );

test('asks each expected input in turn, keeps the answers, re-asks an answer without an email, then thanks with the summary and answers normally', async () => {
  // The first message: its answer, then the first input alone (not all three at once).
  const first = await says(MARIA, 'Posso trocar um produto?');
  expect(first).toContain('Sim, em até 30 dias após a entrega');
  expect(first.endsWith('\n\nPode me informar e-mail?')).toBe(true);
  expect(first).not.toContain('Para continuar');
  expect(first).not.toContain('tamanho');

  expect(await says(MARIA, 'meu email? é ana')).toBe('Desculpe. Isso não parece um endereço de e-mail. Pode me informar e-mail?');
  expect(await inputsOf(MARIA.waId)).toEqual({ 'E-mail': null });
  expect(await says(MARIA, 'É Ana.Souza@Example.com.br')).toBe('Obrigado. Pode me informar tamanho?');
  expect(await says(MARIA, 'M')).toBe('Obrigado. Pode me informar número do pedido?');
  expect(await says(MARIA, 'o meu pedido')).toBe('Desculpe. Não encontrei um número na sua resposta. Pode me informar número do pedido?');
  expect(await says(MARIA, 'é o #1001')).toBe(
    'Obrigado! Já tenho tudo de que preciso:\n• E-mail: ana.souza@example.com.br\n• Tamanho: M\n• Número do pedido: #1001\nComo mais posso ajudar?',
  );
  expect(await inputsOf(MARIA.waId)).toEqual({ 'E-mail': 'ana.souza@example.com.br', Tamanho: 'M', 'Número do pedido': '#1001' });

  // From then on: ordinary answers, nothing asked.
  const after = await says(MARIA, 'Posso trocar um produto?');
  expect(after).toContain('Sim, em até 30 dias após a entrega');
  expect(after).not.toContain('Pode me informar');

  // Another shopper's conversation starts from nothing.
  expect((await says(JOAO, 'Oi')).endsWith('Pode me informar e-mail?')).toBe(true);
  expect(await inputsOf(JOAO.waId)).toEqual({ 'E-mail': null });
  expect(await inputsOf(MARIA.waId)).toEqual({ 'E-mail': 'ana.souza@example.com.br', Tamanho: 'M', 'Número do pedido': '#1001' });

  // Every message the base handled is an AI request of the month.
  const requests = await db.select().from(aiRequests).where(eq(aiRequests.channelId, channel.id));
  expect(requests).toHaveLength(8);

  // The channel's API: the collected inputs per conversation, in the order given; the shopper masked.
  const detail = await api(user, 'GET', `/channels/${channel.id}`);
  expect(detail.status).toBe(200);
  const { conversations } = detail.body as ChannelDetail;
  expect(conversations.map((conversation) => [conversation.shopper, conversation.inputs.map(({ name, value }) => [name, value])])).toEqual([
    ['••••5678', []],
    [
      '••••4321',
      [
        ['E-mail', 'ana.souza@example.com.br'],
        ['Tamanho', 'M'],
        ['Número do pedido', '#1001'],
      ],
    ],
  ]);
  expect(detail.text).not.toContain(MARIA.waId);
}, 120_000);

test('a message answered again (a retry of its job) reads what the messages before it left, not its own writes', async () => {
  const messages = await db
    .select({ id: whatsappInboundMessages.id, content: whatsappInboundMessages.content })
    .from(whatsappInboundMessages)
    .where(and(eq(whatsappInboundMessages.channelId, channel.id), eq(whatsappInboundMessages.sender, MARIA.waId)))
    .orderBy(asc(whatsappInboundMessages.id));
  const size = messages.find((message) => message.content.type === 'text' && message.content.body === 'M')!;
  const ordinary = () => Promise.reject(new Error('an answer to a question asked is not an ordinary answer'));
  const again = await qualifierReply(
    db,
    base,
    { channelId: channel.id, sender: MARIA.waId, messageId: size.id },
    'M',
    ordinary,
    new Date(),
  );
  expect(again.text).toBe('Obrigado. Pode me informar número do pedido?');
  expect(again.aiRequest).toEqual({ mediaType: 'text', aiBaseId: base.id });
  expect(await inputsOf(MARIA.waId)).toEqual({ 'E-mail': 'ana.souza@example.com.br', Tamanho: 'M', 'Número do pedido': '#1001' });
});
