// The whatsapp-inbound worker (server/channels/inbound-worker.ts) end to end: the loopback Cloud API
// delivers signed webhook payloads to the real app on PGlite, the webhook queues each message, the
// worker (on the real queue, polling every few ms) answers with the AI base's built-in answerer over
// a real uploaded knowledge base, and the fixture records what was sent. Proved: the answer and its
// passages (kept for the merchant, never shown), a seller's product list and catalog, an order's
// cart link with exactly its items, one answer per message whatever the redeliveries and retries,
// Meta's refusals (5xx, 130429, 190, 131047), the 24-hour window, a paused channel, media by plan,
// AI requests counted with their media type, and logs without a shopper's text or number.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { Channel } from '@/domain/channel';
import { monthStart } from '@/server/accounts/account-store';
import { WHATSAPP_INBOUND_QUEUE, type ChannelStore } from '@/server/channels/channel-store';
import { inboundReplies } from '@/server/channels/inbound-replies';
import { QUICK_RETRY_WAITS_MS } from '@/server/channels/inbound-worker';
import type { Db } from '@/server/db/database';
import { accountMonthlyUsage } from '@/server/accounts/account-tables';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { aiRequests, whatsappReplies } from '@/server/channels/whatsapp-reply-tables';
import { carts, storefrontEvents } from '@/server/storefront/storefront-tables';
import { inventories, inventoryProducts } from '@/server/inventories/inventory-tables';
import { jobs } from '@/server/jobs/job-tables';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import type { QueueWorker } from '@/server/jobs/queue-worker';
import {
  buttonReplyMessage,
  fixturePhoneNumber,
  imageMessage,
  orderMessage,
  textMessage,
  wamid,
  type FixturePhoneNumber,
  type SentMessage,
  type WebhookPayload,
  type WhatsAppCloudApiServer,
} from '../fixtures/whatsapp-cloud-api-server';
import type { PlanId } from '@/domain/plans';
import { checkedNumber, newPhoneNumberId } from './support/channel-seed';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { startWhatsAppHarness, type WhatsAppHarness } from './support/whatsapp-harness';
import { seededProducts } from './support/storefront-seed';
import { call } from './support/test-server';

const SITE = 'https://loja.example';
const SHOPPER = { waId: '5511987654321', name: 'Maria Shopper' };

const data = scratchDataDir('whatsapp-answering');
let harness: WhatsAppHarness;
let url = '';
let db: Db;
let fixture: WhatsAppCloudApiServer;
let worker: QueueWorker;
const { api, merchant, createBase, uploaded, settled } = knowledgeClient(() => url);
let channels: ChannelStore;
/** The app's channel store: the webhook's, the worker's and the channel routes'. */
const store = () => channels;

/** Every line the worker logged, as JSON: none may hold a shopper's text or number. */
let logged: string[];

beforeAll(async () => {
  harness = await startWhatsAppHarness({ dataDir: data.dir, siteUrl: SITE, concurrency: 2 });
  ({ db, url, fixture, worker, channels, logged } = harness);
});
afterAll(async () => {
  await harness?.close();
  data.remove();
});

const faq = [
  'Pergunta;Resposta',
  'Qual o prazo de entrega?;Os pedidos chegam de 3 a 7 dias úteis.',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega, sem uso e com etiqueta.',
  'Do que são feitas as camisetas?;As camisetas são 100% algodão.',
].join('\n');
const exchangeAnswer = 'Segundo a nossa base de conhecimento:\nSim, em até 30 dias após a entrega, sem uso e com etiqueta.';

type Shop = {
  user: TestUser;
  uid: string;
  base: AiBase;
  channel: Channel;
  number: FixturePhoneNumber;
  inventory: { id: string; publicId: string; catalogId: string } | null;
};
let numbers = 500;

/** A merchant on `plan` with an active base (the FAQ and `files` as its knowledge), its number on the fixture, and an inventory when asked. */
async function shop(
  label: string,
  {
    plan = 'enterprise',
    fn = 'support',
    inventory = false,
    files = [],
  }: { plan?: PlanId; fn?: AiBase['function']; inventory?: boolean; files?: { name: string; bytes: Uint8Array }[] } = {},
): Promise<Shop> {
  const user = await merchant(`wa-${label}`, plan);
  const created = await createBase(user, { name: `Base ${label}`, function: fn, voiceTone: 'default', language: 'pt_br' });
  await settled(user, created.id, (await uploaded(user, created.id, 'faq.csv', faq)).id);
  for (const file of files) await settled(user, created.id, (await uploaded(user, created.id, file.name, file.bytes)).id);
  await db.update(aiBases).set({ status: 'active', savedSteps: 3 }).where(eq(aiBases.id, created.id));
  const base = (await api(user, 'GET', `/ai-bases/${created.id}`)).body as AiBase;
  const seeded = inventory ? await seedInventory(user.uid, label) : null;
  const number = fixturePhoneNumber(++numbers, { phoneNumberId: newPhoneNumberId() });
  fixture.addNumber(number);
  fixture.setWebhookUrl(number.phoneNumberId, `${url}/webhooks/whatsapp`);
  const { channel } = await store().connect(
    user.uid,
    {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: base.id,
      inventoryId: seeded?.id ?? null,
    },
    checkedNumber,
  );
  return { user, uid: user.uid, base, channel, number, inventory: seeded };
}

/** A configured inventory of the merchant's with the storefront tests' products (two shirts in stock, one sold out, a cap only in the catalog, socks only in the store). */
async function seedInventory(uid: string, label: string) {
  const catalogId = String(1_000_000_000_000_000 + Math.floor(Math.random() * 1e12));
  const [row] = await db
    .insert(inventories)
    .values({
      uid,
      name: `Loja ${label}`,
      publicId: randomBytes(16).toString('base64url'),
      catalogId,
      website: 'https://loja.example.com.br',
      status: 'configured',
      savedSteps: 2,
      syncStatus: 'synced',
      lastSyncedAt: new Date(),
      store: { name: `Loja ${label}`, currency: 'BRL' },
    })
    .returning({ id: inventories.id, publicId: inventories.publicId });
  await db.insert(inventoryProducts).values(
    seededProducts.map((product, position) => ({
      inventoryId: row!.id,
      key: product.key,
      position,
      searchText: [product.title, product.variantTitle, product.sku, product.retailerId].filter(Boolean).join(' ').toLowerCase(),
      product,
    })),
  );
  return { id: row!.id, publicId: row!.publicId, catalogId };
}

/** Delivers a payload signed by the fixture, as Meta does; the webhook must take it. */
async function deliver(payload: WebhookPayload, options?: { copies?: number; concurrently?: boolean }): Promise<string> {
  const deliveries = await fixture.deliver(payload, options);
  for (const delivery of deliveries) expect(delivery.status, delivery.responseBody).toBe(200);
  return payload.entry[0]!.changes[0]!.value.messages![0]!.id;
}

const replyOf = async (target: Shop, messageId: string) => {
  const [row] = await db
    .select({ reply: whatsappReplies, inboundId: whatsappInboundMessages.id })
    .from(whatsappInboundMessages)
    .leftJoin(whatsappReplies, eq(whatsappReplies.inboundMessageId, whatsappInboundMessages.id))
    .where(and(eq(whatsappInboundMessages.channelId, target.channel.id), eq(whatsappInboundMessages.messageId, messageId)));
  return row?.reply ?? null;
};
/** The reply once the worker is done with the message (not `sending` any more). */
async function settledReply(target: Shop, messageId: string) {
  await expect
    .poll(async () => (await replyOf(target, messageId))?.outcome ?? 'none', { timeout: 15_000, interval: 25 })
    .not.toMatch(/^(none|sending)$/);
  return (await replyOf(target, messageId))!;
}
const jobsOf = async (channelId: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, WHATSAPP_INBOUND_QUEUE), sql`${jobs.payload}->>'channelId' = ${channelId}`));
const sentTo = (target: Shop) => fixture.sent(target.number.phoneNumberId);
/** What was sent in answer to a message: the messages after the one quoting it, up to the next quote. */
const sentFor = (target: Shop, messageId: string): SentMessage[] => {
  const all = sentTo(target);
  const first = all.findIndex((message) => message.replyTo === messageId);
  if (first < 0) return [];
  const next = all.findIndex((message, index) => index > first && message.replyTo !== null);
  return all.slice(first, next < 0 ? undefined : next);
};
const textOf = (message: SentMessage | undefined) => (message?.message.text as { body?: string } | undefined)?.body;
const aiRequestsOf = (uid: string) =>
  db
    .select({ mediaType: aiRequests.mediaType, extra: aiRequests.extra, inboundMessageId: aiRequests.inboundMessageId })
    .from(aiRequests)
    .where(eq(aiRequests.uid, uid))
    .orderBy(asc(aiRequests.id));

describe('answering a shopper', () => {
  let support: Shop;
  beforeAll(async () => {
    support = await shop('support');
  });

  test('a text in Portuguese gets the answer from the passage, sent as a reply to it; the passage is kept for the merchant, never shown', async () => {
    const id = await deliver(textMessage(support.number, SHOPPER, 'Posso trocar um produto?'));
    const reply = await settledReply(support, id);
    const [sent, ...more] = sentFor(support, id);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ to: SHOPPER.waId, type: 'text', replyTo: id });
    expect(textOf(sent)).toBe(exchangeAnswer);
    expect(textOf(sent)).not.toContain('faq.csv');
    expect(reply).toMatchObject({
      outcome: 'sent',
      kind: 'answer',
      text: exchangeAnswer,
      model: 'builtin-retrieval',
      failure: null,
      parts: [{ type: 'text', body: exchangeAnswer, wamid: sent!.id }],
      passages: [
        expect.objectContaining({ fileName: 'faq.csv', source: 'row 3', content: expect.stringContaining('Sim, em até 30 dias') }),
      ],
    });
    expect(reply.sentAt).toBeInstanceOf(Date);
  });

  test('a button reply is answered from its title; nothing in the knowledge base: a support agent offers a person', async () => {
    const button = await deliver(
      buttonReplyMessage(support.number, SHOPPER, { id: 'troca', title: 'Posso trocar um produto?' }, { replyTo: wamid() }),
    );
    await settledReply(support, button);
    expect(textOf(sentFor(support, button)[0])).toBe(exchangeAnswer);

    const unknown = await deliver(textMessage(support.number, SHOPPER, 'Vocês vendem bicicletas elétricas?'));
    expect(await settledReply(support, unknown)).toMatchObject({ outcome: 'sent', kind: 'no_knowledge', passages: [] });
    expect(textOf(sentFor(support, unknown)[0])).toBe(
      'Desculpe. Não encontrei essa informação na base de conhecimento. Quer que eu transfira você para um atendente humano?',
    );
  });

  test('the answerer gets the shopper’s last exchanges on the channel, oldest first', async () => {
    const first = await deliver(textMessage(support.number, SHOPPER, 'Qual o prazo de entrega?'));
    await settledReply(support, first);
    const [latest] = await db
      .select()
      .from(whatsappInboundMessages)
      .where(and(eq(whatsappInboundMessages.channelId, support.channel.id), eq(whatsappInboundMessages.messageId, first)));
    const history = await inboundReplies(db).history({ ...latest!, id: latest!.id + 1 }, 2);
    expect(history).toEqual([
      { role: 'customer', content: 'Vocês vendem bicicletas elétricas?' },
      {
        role: 'agent',
        content: 'Desculpe. Não encontrei essa informação na base de conhecimento. Quer que eu transfira você para um atendente humano?',
      },
      { role: 'customer', content: 'Qual o prazo de entrega?' },
      { role: 'agent', content: 'Segundo a nossa base de conhecimento:\nOs pedidos chegam de 3 a 7 dias úteis.' },
    ]);
  });

  test('a webhook delivered three times (two at once) is answered once; a job run again after the send sends nothing', async () => {
    const id = await deliver(textMessage(support.number, SHOPPER, 'Posso trocar um produto?'), { copies: 3, concurrently: true });
    const reply = await settledReply(support, id);
    expect(sentTo(support).filter((message) => message.replyTo === id)).toHaveLength(1);

    // Meta's redeliveries queued nothing more (the webhook knew the id); a job run again (its lease ran out after the send) finds the wamid.
    await db
      .insert(jobs)
      .values({ queue: WHATSAPP_INBOUND_QUEUE, payload: { channelId: support.channel.id, inboundMessageId: reply.inboundMessageId } });
    await expect.poll(() => jobsOf(support.channel.id), { timeout: 5_000, interval: 25 }).toEqual([]);
    expect(sentTo(support).filter((message) => message.replyTo === id)).toHaveLength(1);
  });

  test("one shopper's messages are answered one at a time, in the order they came, whatever the first one's retries", async () => {
    // The worker answers two at once; the first answer's send fails once and goes again 200 ms later:
    // meanwhile the same shopper's next messages wait for it (that another shopper's need not wait
    // is the job queue's test, tests/server/knowledge-queue.test.ts).
    const other = { waId: '5511912340000', name: 'João' };
    fixture.failNext('serverError');
    const first = await deliver(textMessage(support.number, SHOPPER, 'Posso trocar um produto?'));
    const second = await deliver(textMessage(support.number, SHOPPER, 'Qual o prazo de entrega?'));
    const third = await deliver(textMessage(support.number, SHOPPER, 'Vocês vendem bicicletas elétricas?'));
    const elsewhere = await deliver(textMessage(support.number, other, 'Qual o prazo de entrega?'));
    for (const id of [first, second, third, elsewhere]) expect(await settledReply(support, id)).toMatchObject({ outcome: 'sent' });
    const replies = sentTo(support).filter((message) => [first, second, third, elsewhere].includes(message.replyTo ?? ''));
    expect(replies.filter((message) => message.to === SHOPPER.waId).map((message) => message.replyTo)).toEqual([first, second, third]);
    expect(replies.filter((message) => message.to === other.waId).map((message) => message.replyTo)).toEqual([elsewhere]);
  });

  test('a server error, then success: tried again within the job a moment later, answered exactly once', async () => {
    fixture.failNext('serverError');
    const before = fixture.requests.length;
    const id = await deliver(textMessage(support.number, SHOPPER, 'Posso trocar um produto?'));
    expect(await settledReply(support, id)).toMatchObject({ outcome: 'sent', failure: null });
    expect(sentTo(support).filter((message) => message.replyTo === id)).toHaveLength(1);
    const sends = fixture.requests.slice(before).filter((request) => request.method === 'POST' && request.url.endsWith('/messages'));
    expect(sends).toHaveLength(2);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(QUICK_RETRY_WAITS_MS[0] - 10);
  });

  test('server errors on every try of every attempt: the message is marked failed with the status, not lost', async () => {
    const tries = QUICK_RETRY_WAITS_MS.length + 1;
    fixture.failNext('serviceUnavailable', 3 * tries);
    const before = fixture.requests.length;
    const id = await deliver(textMessage(support.number, SHOPPER, 'Qual o prazo de entrega?'));
    expect(await settledReply(support, id)).toMatchObject({
      outcome: 'failed',
      failure: 'server',
      errorCode: 503,
      parts: [{ wamid: null }],
    });
    expect(sentFor(support, id)).toEqual([]);
    expect(await jobsOf(support.channel.id)).toEqual([]);
    // Three attempts of the job, each with its quick tries.
    expect(fixture.requests.slice(before).filter((request) => request.method === 'POST' && request.url.endsWith('/messages'))).toHaveLength(
      3 * tries,
    );
  });

  test('130429 (throughput) once: tried again within the job a moment later, sent once', async () => {
    fixture.failNext('throughput');
    const before = fixture.requests.length;
    const id = await deliver(textMessage(support.number, SHOPPER, 'Posso trocar um produto?'));
    expect(await settledReply(support, id)).toMatchObject({ outcome: 'sent' });
    const sends = fixture.requests.slice(before).filter((request) => request.method === 'POST' && request.url.endsWith('/messages'));
    expect(sends).toHaveLength(2);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(QUICK_RETRY_WAITS_MS[0] - 10);
    expect(sentTo(support).filter((message) => message.replyTo === id)).toHaveLength(1);
  });

  test('130429 (throughput) on every quick try: the message waits as long as Meta says, unpunished, then goes once', async () => {
    const tries = QUICK_RETRY_WAITS_MS.length + 1;
    fixture.failNext('throughput', tries);
    const before = fixture.requests.length;
    const id = await deliver(textMessage(support.number, SHOPPER, 'Posso trocar um produto?'));
    await expect
      .poll(async () => (await jobsOf(support.channel.id))[0], { timeout: 5_000, interval: 10 })
      .toMatchObject({ status: 'queued', attempts: 0, lastError: 'throughput' });
    expect(await settledReply(support, id)).toMatchObject({ outcome: 'sent' });
    const sends = fixture.requests.slice(before).filter((request) => request.method === 'POST' && request.url.endsWith('/messages'));
    expect(sends).toHaveLength(tries + 1);
    // No usage header: Meta's estimate is taken as one second.
    expect(sends[tries]!.at - sends[tries - 1]!.at).toBeGreaterThanOrEqual(950);
    expect(sentTo(support).filter((message) => message.replyTo === id)).toHaveLength(1);
  });

  test('131047 (re-engagement): outside_window, nothing sent and no retry', async () => {
    fixture.failNext('reEngagement');
    const id = await deliver(textMessage(support.number, SHOPPER, 'Qual o prazo de entrega?'));
    expect(await settledReply(support, id)).toMatchObject({ outcome: 'outside_window', errorCode: 131047 });
    expect(sentFor(support, id)).toEqual([]);
    expect(await jobsOf(support.channel.id)).toEqual([]);
  });

  test('a message answered more than 24 hours after it was sent (a late job) gets nothing: outside_window', async () => {
    const id = await deliver(textMessage(support.number, SHOPPER, 'Qual o prazo de entrega?', { at: Date.now() - 25 * 3_600_000 }));
    expect(await settledReply(support, id)).toMatchObject({ outcome: 'outside_window', parts: [], errorCode: null });
    expect(sentFor(support, id)).toEqual([]);
  });

  test('an image, read by no answerer here: the polite line in the base’s language, not counted as an AI request', async () => {
    const id = await deliver(
      imageMessage(support.number, SHOPPER, { id: '9123456789', mimeType: 'image/jpeg', sha256Base64: 'x', caption: 'Tem desta?' }),
    );
    expect(await settledReply(support, id)).toMatchObject({ outcome: 'sent', kind: 'text_only', model: null });
    expect(textOf(sentFor(support, id)[0])).toBe('Desculpe, por enquanto só consigo ler mensagens de texto. Pode escrever a sua pergunta?');
  });

  test('every AI answer counts one AI request of the month, with its media type, in the usage the plan shows', async () => {
    const answered = await db
      .select({ id: whatsappReplies.inboundMessageId })
      .from(whatsappReplies)
      .where(and(eq(whatsappReplies.channelId, support.channel.id), sql`${whatsappReplies.kind} in ('answer', 'no_knowledge', 'refused')`));
    const requests = await aiRequestsOf(support.uid);
    expect(requests.map((request) => request.inboundMessageId).sort()).toEqual(answered.map((row) => row.id).sort());
    expect(new Set(requests.map(({ mediaType, extra }) => `${mediaType}:${extra}`))).toEqual(new Set(['text:false']));
    const me = await api(support.user, 'GET', '/me');
    expect((me.body as { usage: { queriesThisMonth: number } }).usage.queriesThisMonth).toBe(requests.length);
  });

  test('the worker’s log lines carry ids and codes: never the shopper’s number or text', () => {
    expect(logged.length).toBeGreaterThan(0);
    for (const text of [SHOPPER.waId, 'trocar', 'bicicletas', 'Segundo a nossa']) expect(logged.join('\n')).not.toContain(text);
  });
});

describe('a seller with an inventory', () => {
  let seller: Shop;
  beforeAll(async () => {
    seller = await shop('seller', { fn: 'seller', inventory: true });
  });

  test('a question about a product: the answer, then a product list of the matching products in stock (catalog sent recorded)', async () => {
    const id = await deliver(textMessage(seller.number, SHOPPER, 'Vocês têm camisetas?'));
    expect(await settledReply(seller, id)).toMatchObject({ outcome: 'sent', kind: 'answer' });
    const [text, list, ...more] = sentFor(seller, id);
    expect(more).toEqual([]);
    expect(textOf(text)).toContain('As camisetas são 100% algodão.');
    expect(list).toMatchObject({ type: 'interactive', replyTo: null });
    expect(list!.message.interactive).toMatchObject({
      type: 'product_list',
      header: { type: 'text', text: 'Produtos para você' },
      action: {
        catalog_id: seller.inventory!.catalogId,
        // The sold-out size G, the cap only in the catalog and the socks without a catalog item are left out.
        sections: [{ title: 'Camiseta Básica', product_items: [{ product_retailer_id: 'CAM-P' }, { product_retailer_id: 'CAM-M' }] }],
      },
    });
    expect(await catalogEvents(seller)).toBe(1);
  });

  const catalogMessage = {
    type: 'catalog_message',
    body: { text: 'Aqui está o nosso catálogo: toque para ver os produtos e adicionar ao carrinho.' },
    action: { name: 'catalog_message', parameters: { thumbnail_product_retailer_id: 'CAM-P' } },
  };

  test('“yes” to the answer’s offer of the catalog: the catalog message alone', async () => {
    const id = await deliver(textMessage(seller.number, SHOPPER, 'Sim, pode mandar'));
    expect(await settledReply(seller, id)).toMatchObject({ outcome: 'sent', kind: 'answer', passages: [] });
    const [catalog, ...more] = sentFor(seller, id);
    expect(more).toEqual([]);
    expect(catalog!.message.interactive).toMatchObject(catalogMessage);
    expect(await catalogEvents(seller)).toBe(2);
  });

  test('asking for the catalog, nothing specific matching: the catalog message', async () => {
    const id = await deliver(textMessage(seller.number, SHOPPER, 'Quero ver o catálogo'));
    expect(await settledReply(seller, id)).toMatchObject({ outcome: 'sent', kind: 'answer' });
    const [catalog, ...more] = sentFor(seller, id);
    expect(more).toEqual([]);
    expect(catalog!.message.interactive).toMatchObject(catalogMessage);
    expect(await catalogEvents(seller)).toBe(3);
  });

  test('an order gets the cart summary link of exactly its items, in the base’s language', async () => {
    const items = [
      { retailerId: 'CAM-M', quantity: 2, itemPrice: 54.9, currency: 'BRL' },
      { retailerId: 'BONE-1', quantity: 1, itemPrice: 29.9, currency: 'BRL' },
    ];
    const id = await deliver(orderMessage(seller.number, SHOPPER, { catalogId: seller.inventory!.catalogId, items }));
    expect(await settledReply(seller, id)).toMatchObject({ outcome: 'sent', kind: 'order_cart' });
    const [sent] = sentFor(seller, id);
    const link = new RegExp(`^${SITE}/pt/c/${seller.inventory!.publicId}/cart\\?cart=([\\w-]{11})$`);
    const body = textOf(sent)!;
    expect(body.startsWith('Aqui está o resumo do seu carrinho')).toBe(true);
    const cartUrl = body.split(' ').at(-1)!;
    const cartId = link.exec(cartUrl)?.[1];
    expect(cartId, cartUrl).toBeDefined();
    expect(sent!.message.text).toMatchObject({ preview_url: true });
    const [cart] = await db.select({ lines: carts.lines, source: carts.source }).from(carts).where(eq(carts.id, cartId!));
    expect(cart).toEqual({
      source: 'whatsapp_order',
      lines: [
        { retailerId: 'CAM-M', quantity: 2, priceMinor: 5490, currency: 'BRL' },
        { retailerId: 'BONE-1', quantity: 1, priceMinor: 2990, currency: 'BRL' },
      ],
    });
    // The page the link opens reads the same cart.
    const summary = await call(`${url}/api/v1/storefront/${seller.inventory!.publicId}/cart?cart=${cartId}`);
    expect(
      (summary.body as { lines: Array<{ retailerId: string; quantity: number }> }).lines.map(({ retailerId, quantity }) => ({
        retailerId,
        quantity,
      })),
    ).toEqual([
      { retailerId: 'CAM-M', quantity: 2 },
      { retailerId: 'BONE-1', quantity: 1 },
    ]);
    // No AI answered it: no AI request for it.
    expect((await aiRequestsOf(seller.uid)).map((request) => request.inboundMessageId)).not.toContain(
      (await replyOf(seller, id))!.inboundMessageId,
    );
  });

  async function catalogEvents(target: Shop) {
    const rows = await db
      .select({ kind: storefrontEvents.kind, locale: storefrontEvents.locale })
      .from(storefrontEvents)
      .where(eq(storefrontEvents.inventoryId, target.inventory!.id));
    expect(rows.every((row) => row.kind === 'catalog_sent' && row.locale === 'pt')).toBe(true);
    return rows.length;
  }
});

describe('a product the knowledge does not hold', () => {
  // A Shopify export whose Example Beanie is archived (left out of the knowledge).
  const exportFile = readFileSync(resolve(import.meta.dirname, '../fixtures/knowledge/shopify-example-products.csv'));
  let seller: Shop;
  beforeAll(async () => {
    seller = await shop('absent', { fn: 'seller', files: [{ name: 'products_export.csv', bytes: exportFile }] });
  });

  test('the shopper is told an archived product is not for sale and a made-up one was not found, never another product’s price', async () => {
    const archived = await deliver(textMessage(seller.number, SHOPPER, 'Quanto custa o Example Beanie?'));
    expect(await settledReply(seller, archived)).toMatchObject({ outcome: 'sent', kind: 'no_knowledge', passages: [] });
    expect(textOf(sentFor(seller, archived)[0])).toBe(
      'Desculpe. Example Beanie não está à venda no momento.\nQuer que eu envie o nosso catálogo completo?',
    );

    const madeUp = await deliver(textMessage(seller.number, SHOPPER, 'Quanto custa o Example Hoverboard Z9 Turquesa?'));
    expect(await settledReply(seller, madeUp)).toMatchObject({ outcome: 'sent', kind: 'no_knowledge', passages: [] });
    expect(textOf(sentFor(seller, madeUp)[0])).toBe('Desculpe. Não encontrei esse produto.\nQuer que eu envie o nosso catálogo completo?');
  });

  test('a misspelt name of a real product still gets its own price', async () => {
    const id = await deliver(textMessage(seller.number, SHOPPER, 'qto custa a exmaple t-shrit?'));
    expect(await settledReply(seller, id)).toMatchObject({
      outcome: 'sent',
      kind: 'answer',
      passages: [expect.objectContaining({ source: 'row 2' })],
    });
    expect(textOf(sentFor(seller, id)[0])?.replace(/\u00a0/g, ' ')).toBe(
      'Example T-Shirt custa R$ 25,00.\nQuer que eu envie o nosso catálogo completo?',
    );
  });
});

describe('what stops an answer', () => {
  test('an order on a number without an inventory: a polite line', async () => {
    const target = await shop('no-inventory');
    const id = await deliver(
      orderMessage(target.number, SHOPPER, {
        catalogId: '1234567890123456',
        items: [{ retailerId: 'X', quantity: 1, itemPrice: 1, currency: 'BRL' }],
      }),
    );
    expect(await settledReply(target, id)).toMatchObject({ outcome: 'sent', kind: 'order_no_inventory' });
    expect(textOf(sentFor(target, id)[0])).toBe(
      'Obrigado pelo seu pedido! Não consigo montar o carrinho por aqui, mas a nossa equipe vai falar com você para finalizar a compra.',
    );
  });

  test('190 (token expired): the channel needs attention for its token, the message failed; the next one is at once not queued', async () => {
    const target = await shop('token');
    fixture.expireToken(target.number.accessToken);
    const first = await deliver(textMessage(target.number, SHOPPER, 'Posso trocar um produto?'));
    expect(await settledReply(target, first)).toMatchObject({ outcome: 'failed', failure: 'token_invalid' });
    expect(await store().get(target.uid, target.channel.id)).toMatchObject({ status: 'needs_attention', attentionReason: 'token_invalid' });
    expect(await jobsOf(target.channel.id)).toEqual([]);

    // The webhook remembered the channel active (for an hour, in this harness); the worker's mark emptied that memory.
    // The worker waits meanwhile, so a job queued by mistake is still there to be seen.
    await worker.stop();
    try {
      const next = await deliver(textMessage(target.number, SHOPPER, 'Alguém aí?'));
      expect(await jobsOf(target.channel.id)).toEqual([]);
      expect(await replyOf(target, next)).toBeNull();
    } finally {
      worker.start();
    }
    expect(sentTo(target)).toEqual([]);
  });

  test('a paused channel answers nothing, even a message queued before the pause', async () => {
    const target = await shop('paused');
    await worker.stop();
    const id = await deliver(textMessage(target.number, SHOPPER, 'Posso trocar um produto?'));
    await store().pause(target.uid, target.channel.id);
    worker.start();
    expect(await settledReply(target, id)).toMatchObject({ outcome: 'skipped_paused', parts: [], text: null });
    expect(sentTo(target)).toEqual([]);
  });

  test('a base switched off: nothing sent, the channel needs attention for its base', async () => {
    const target = await shop('base-off');
    await worker.stop();
    const id = await deliver(textMessage(target.number, SHOPPER, 'Posso trocar um produto?'));
    await db.update(aiBases).set({ status: 'inactive' }).where(eq(aiBases.id, target.base.id));
    worker.start();
    expect(await settledReply(target, id)).toMatchObject({ outcome: 'skipped_no_ai_base' });
    expect(await store().get(target.uid, target.channel.id)).toMatchObject({
      status: 'needs_attention',
      attentionReason: 'ai_base_inactive',
    });
    expect(sentTo(target)).toEqual([]);
  });
});

describe('plans', () => {
  test('media the plan does not include gets its polite line; past the month’s allowance an answer still goes, counted as extra', async () => {
    const basic = await shop('basic', { plan: 'basic' });
    const image = await deliver(imageMessage(basic.number, SHOPPER, { id: '9123456780', mimeType: 'image/jpeg', sha256Base64: 'x' }));
    expect(await settledReply(basic, image)).toMatchObject({ outcome: 'sent', kind: 'media_not_allowed' });
    expect(textOf(sentFor(basic, image)[0])).toBe(
      'Desculpe, não consigo abrir este tipo de mensagem por aqui. Pode escrever a sua pergunta em texto?',
    );

    const within = await deliver(textMessage(basic.number, SHOPPER, 'Posso trocar um produto?'));
    await settledReply(basic, within);
    // Basic allows up to 1,000 a month: the month is now at its allowance.
    await db
      .update(accountMonthlyUsage)
      .set({ queries: 1_000 })
      .where(and(eq(accountMonthlyUsage.uid, basic.uid), eq(accountMonthlyUsage.month, monthStart())));
    const past = await deliver(textMessage(basic.number, SHOPPER, 'Qual o prazo de entrega?'));
    expect(await settledReply(basic, past)).toMatchObject({ outcome: 'sent', kind: 'answer' });
    expect((await aiRequestsOf(basic.uid)).map(({ mediaType, extra }) => ({ mediaType, extra }))).toEqual([
      { mediaType: 'text', extra: false },
      { mediaType: 'text', extra: true },
    ]);
  });
});
