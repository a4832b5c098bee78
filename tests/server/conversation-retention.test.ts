// Conversation retention (server/channels/conversation-retention.ts) on the run's database: two
// merchants (emulator users) each with a WhatsApp number, A's retention set to 7 days through
// PUT /api/v1/channels/{id}/retention, B's left at 90; messages with their replies, collected
// inputs, AI requests, catalog events and delivery statuses written as the webhook and the worker
// write them, some older than 7 days. Proved: the route's range (7–365) and answer; the sweep, run
// by the retention worker from its own scheduler on the real queue, deletes A's expired messages,
// replies and inputs in batches and keeps A's recent ones, every row of B's, and the dashboard's
// rows (ai_requests, storefront_events, whatsapp_message_statuses) of both.
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Channel } from '@/domain/channel';
import { CONVERSATION_RETENTION_QUEUE, conversationRetentionWorker, sweepConversations } from '@/server/channels/conversation-retention';
import { channelStore } from '@/server/channels/channel-store';
import type { Db } from '@/server/db/database';
import { aiRequests, whatsappConversationInputs, whatsappReplies } from '@/server/channels/whatsapp-reply-tables';
import { jobs } from '@/server/jobs/job-tables';
import { storefrontEvents } from '@/server/storefront/storefront-tables';
import { whatsappInboundMessages, whatsappMessageStatuses } from '@/server/channels/channel-tables';
import type { WorkerLog } from '@/server/jobs/queue-worker';
import { secretBox } from '@/server/secrets/secret-box';
import { defaultWidgetSettings } from '@/domain/widget';
import { widgetConversations, widgetMessages } from '@/server/widgets/widget-chat-tables';
import { widgetHandoffs } from '@/server/widgets/widget-handoff-tables';
import { widgetEvents } from '@/server/widgets/widget-event-tables';
import { widgets } from '@/server/widgets/widget-tables';
import { checkedNumber, connectForm, seedAnsweringRecords } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

const DAY = 86_400_000;
const quiet: WorkerLog = { info: () => {}, warn: () => {}, error: () => {} };

let server: TestServer;
let db: Db;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  db = (await testDatabase()).db;
  // No worker of the app's: this test runs the retention worker itself.
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([createUser('retention-a'), createUser('retention-b'), createUser('retention-c')]);
});
afterAll(async () => {
  await server?.close();
});

const as = (user: TestUser, method: string, path: string, body?: unknown) =>
  call(`${server.url}/api/v1${path}`, {
    method,
    token: user.idToken,
    ...(body === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
  });

async function connect(user: TestUser, label: string): Promise<Channel> {
  const form = connectForm(await seedAnsweringRecords(user.uid, label));
  const { channel } = await channelStore(db, secretBox(randomBytes(32))).connect(user.uid, form, checkedNumber);
  return channel;
}

/** A shopper's message received `daysAgo` days ago, with its reply, AI request, delivery statuses and (for a seller) catalog event. */
async function exchange(uid: string, channel: Channel, sender: string, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * DAY);
  const [message] = await db
    .insert(whatsappInboundMessages)
    .values({
      channelId: channel.id,
      messageId: `wamid.${randomUUID()}`,
      sender,
      type: 'text',
      content: { type: 'text', body: 'Posso trocar um produto?' },
      sentAt: at,
      receivedAt: at,
    })
    .returning({ id: whatsappInboundMessages.id });
  const wamid = `wamid.${randomUUID()}`;
  await db.insert(whatsappReplies).values({
    inboundMessageId: message!.id,
    channelId: channel.id,
    sender,
    outcome: 'sent',
    kind: 'answer',
    text: 'Sim, em até 30 dias.',
    parts: [{ type: 'text', body: 'Sim, em até 30 dias.', previewUrl: false, wamid }],
    createdAt: at,
    updatedAt: at,
    sentAt: at,
  });
  await db.insert(aiRequests).values({
    uid,
    aiBaseId: channel.aiBaseId,
    channelId: channel.id,
    inboundMessageId: message!.id,
    mediaType: 'text',
    extra: false,
    occurredAt: at,
  });
  await db.insert(whatsappMessageStatuses).values({
    channelId: channel.id,
    messageId: wamid,
    status: 'delivered',
    occurredAt: at,
  });
  await db.insert(storefrontEvents).values({
    inventoryId: channel.inventoryId!,
    kind: 'catalog_sent',
    locale: 'pt',
    visitorId: randomUUID().slice(0, 22),
    occurredAt: at,
  });
  return message!.id;
}

async function collected(channel: Channel, sender: string, name: string, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * DAY);
  await db.insert(whatsappConversationInputs).values({
    channelId: channel.id,
    sender,
    name,
    value: 'ana@example.com',
    answeredBy: 1,
    collectedAt: at,
    updatedAt: at,
  });
}

const messagesOf = async (channel: Channel) =>
  (
    await db
      .select({ id: whatsappInboundMessages.id })
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.channelId, channel.id))
      .orderBy(asc(whatsappInboundMessages.id))
  ).map((row) => row.id);
const repliesOf = async (channel: Channel) =>
  (
    await db
      .select({ id: whatsappReplies.inboundMessageId })
      .from(whatsappReplies)
      .where(eq(whatsappReplies.channelId, channel.id))
      .orderBy(asc(whatsappReplies.inboundMessageId))
  ).map((row) => row.id);
const inputsOf = async (channel: Channel) =>
  (await db.select().from(whatsappConversationInputs).where(eq(whatsappConversationInputs.channelId, channel.id))).map((row) => row.name);
const countsOf = async (channel: Channel) => ({
  aiRequests: (await db.select().from(aiRequests).where(eq(aiRequests.channelId, channel.id))).length,
  statuses: (await db.select().from(whatsappMessageStatuses).where(eq(whatsappMessageStatuses.channelId, channel.id))).length,
  catalogSent: (await db.select().from(storefrontEvents).where(eq(storefrontEvents.inventoryId, channel.inventoryId!))).length,
});

test('PUT /channels/{id}/retention: 7 to 365 days, answered with the channel; 90 until chosen', async () => {
  const channel = await connect(carol, 'retention-route');
  const read = await as(carol, 'GET', `/channels/${channel.id}`);
  expect((read.body as Channel).retentionDays).toBe(90);
  for (const retentionDays of [6, 366, 30.5, '30', null]) {
    const refused = await as(carol, 'PUT', `/channels/${channel.id}/retention`, { retentionDays });
    expect(refused.status, JSON.stringify(retentionDays)).toBe(400);
    expect(errorOf(refused).fields).toEqual({
      retentionDays: 'channel.retention_range',
    });
  }
  const changed = await as(carol, 'PUT', `/channels/${channel.id}/retention`, {
    retentionDays: 7,
  });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ id: channel.id, retentionDays: 7 });
  expect(((await as(carol, 'GET', `/channels/${channel.id}`)).body as Channel).retentionDays).toBe(7);
  expect(
    (
      await as(carol, 'PUT', `/channels/${channel.id}/retention`, {
        retentionDays: 365,
      })
    ).status,
  ).toBe(200);
  // Another account's channel is not found, and stays as it was.
  expect(
    (
      await as(bob, 'PUT', `/channels/${channel.id}/retention`, {
        retentionDays: 30,
      })
    ).status,
  ).toBe(404);
  expect(((await as(carol, 'GET', `/channels/${channel.id}`)).body as Channel).retentionDays).toBe(365);
});

test("the retention worker deletes A's messages, replies and inputs past A's 7 days, batch by batch; A's recent ones, all of B's and the dashboard's rows stay", async () => {
  const a = await connect(alice, 'retention-a');
  const b = await connect(bob, 'retention-b');
  expect(
    (
      await as(alice, 'PUT', `/channels/${a.id}/retention`, {
        retentionDays: 7,
      })
    ).status,
  ).toBe(200);

  const expired = [];
  for (let index = 0; index < 5; index++) expired.push(await exchange(alice.uid, a, '5511987654321', 8 + index * 10));
  const recent = [await exchange(alice.uid, a, '5511987654321', 6), await exchange(alice.uid, a, '5511900001111', 0)];
  await collected(a, '5511987654321', 'E-mail', 8);
  await collected(a, '5511900001111', 'E-mail', 1);
  // B keeps 90 days: a month-old conversation of B's is within it.
  const bobs = [await exchange(bob.uid, b, '5521988887777', 30), await exchange(bob.uid, b, '5521988887777', 89)];
  await collected(b, '5521988887777', 'Tamanho', 30);
  const dashboard = { a: await countsOf(a), b: await countsOf(b) };

  // The worker's scheduler queues the sweep at start; batches of 2 take three rounds for A's five expired messages.
  const worker = conversationRetentionWorker({
    db,
    log: quiet,
    pollMs: 20,
    batchSize: 2,
  });
  worker.start();
  try {
    await expect.poll(() => messagesOf(a), { timeout: 15_000, interval: 50 }).toEqual(recent);
    await expect.poll(() => inputsOf(a), { timeout: 15_000, interval: 50 }).toHaveLength(1);
    await expect
      .poll(async () => (await db.select().from(jobs).where(eq(jobs.queue, CONVERSATION_RETENTION_QUEUE))).length, { timeout: 15_000 })
      .toBe(0);
  } finally {
    await worker.stop();
  }
  expect(await repliesOf(a)).toEqual(recent);
  expect(
    await db
      .select({ sender: whatsappConversationInputs.sender })
      .from(whatsappConversationInputs)
      .where(eq(whatsappConversationInputs.channelId, a.id)),
  ).toEqual([{ sender: '5511900001111' }]);
  expect(await messagesOf(b)).toEqual(bobs);
  expect(await repliesOf(b)).toEqual(bobs);
  expect(await inputsOf(b)).toEqual(['Tamanho']);
  // The dashboard's counts are not conversation content: every row stays (an AI request loses only its message id).
  expect({ a: await countsOf(a), b: await countsOf(b) }).toEqual(dashboard);
  const orphaned = await db
    .select({ inboundMessageId: aiRequests.inboundMessageId })
    .from(aiRequests)
    .where(eq(aiRequests.channelId, a.id));
  expect(orphaned.filter((row) => row.inboundMessageId === null)).toHaveLength(expired.length);
  expect(await db.select().from(whatsappInboundMessages).where(inArray(whatsappInboundMessages.id, expired))).toEqual([]);

  // Once swept, a sweep finds nothing more; B shortening its retention reaches B's month-old messages the next time.
  const nothingElse = { widgetConversations: 0, widgetHandoffs: 0 };
  expect(await sweepConversations(db)).toEqual({ messages: 0, inputs: 0, ...nothingElse });
  expect((await as(bob, 'PUT', `/channels/${b.id}/retention`, { retentionDays: 14 })).status).toBe(200);
  expect(await sweepConversations(db)).toEqual({ messages: 2, inputs: 1, ...nothingElse });
  expect(await messagesOf(b)).toEqual([]);
  expect(await messagesOf(a)).toEqual(recent);
}, 60_000);

/** A widget for `uid` on `channelId` (none: a widget without a number). */
async function widgetOf(uid: string, channelId: string | null) {
  const { look, greetings, openingHours, filterEnabled } = defaultWidgetSettings();
  await db.insert(widgets).values({
    uid,
    publicId: randomUUID().slice(0, 16),
    channelId,
    dailyCap: 100,
    settings: { look, greetings, openingHours, filterEnabled },
  });
}

/** A widget conversation whose last message was `daysAgo` days before `now`, with its two messages. */
async function siteChat(uid: string, now: Date, daysAgo: number) {
  const at = new Date(now.getTime() - daysAgo * DAY);
  const [row] = await db
    .insert(widgetConversations)
    .values({ uid, visitorKey: randomUUID().slice(0, 22), startedAt: at, lastMessageAt: at })
    .returning({ id: widgetConversations.id });
  await db.insert(widgetMessages).values([
    { conversationId: row!.id, role: 'shopper', text: 'Tem em azul?', sentAt: at },
    { conversationId: row!.id, role: 'agent', text: 'Temos, sim.', sentAt: at },
  ]);
  return row!.id;
}

/** A visitor code handed out `daysAgo` days before `now`; picked up then on `channelId` by a shopper's number when given. */
async function code(uid: string, now: Date, daysAgo: number, pickedUpOn: string | null = null) {
  const at = new Date(now.getTime() - daysAgo * DAY);
  const value = randomBytes(6).toString('hex').slice(0, 6).toUpperCase();
  await db.insert(widgetHandoffs).values({
    code: value,
    uid,
    visitorKey: randomUUID().slice(0, 22),
    createdAt: at,
    ...(pickedUpOn ? { channelId: pickedUpOn, sender: '5511987654321', pickedUpAt: at } : {}),
  });
  return value;
}

test("the website widget's conversations and visitor codes go with its number's retention (90 days without one); the dashboard's widget events stay", async () => {
  const dana = await createUser('retention-widget-d');
  const erin = await createUser('retention-widget-e');
  const d = await connect(dana, 'retention-widget-d');
  expect((await as(dana, 'PUT', `/channels/${d.id}/retention`, { retentionDays: 7 })).status).toBe(200);
  // Erin's account is made by her first request, as the app makes one.
  expect((await as(erin, 'GET', '/me')).status).toBe(200);
  await widgetOf(dana.uid, d.id);
  await widgetOf(erin.uid, null);
  const now = new Date();
  await db.insert(widgetEvents).values({ uid: erin.uid, kind: 'chat', channelId: null, occurredAt: new Date(now.getTime() - 91 * DAY) });

  const danaChats = { expired: await siteChat(dana.uid, now, 8), kept: await siteChat(dana.uid, now, 6) };
  const erinChats = { expired: await siteChat(erin.uid, now, 91), kept: await siteChat(erin.uid, now, 30) };
  const danaCodes = {
    // Handed out 8 days ago and never used; picked up 8 days ago (it holds the shopper's number); handed out 2 days ago.
    expired: [await code(dana.uid, now, 8), await code(dana.uid, now, 8, d.id)],
    kept: await code(dana.uid, now, 2),
  };
  const erinCodes = { expired: await code(erin.uid, now, 91), kept: await code(erin.uid, now, 30) };

  // Batches of one: each kind of row takes rounds of its own.
  const swept = await sweepConversations(db, { now, batchSize: 1 });
  expect(swept).toEqual({ messages: 0, inputs: 0, widgetConversations: 2, widgetHandoffs: 3 });

  const chatsOf = async (uid: string) =>
    (await db.select({ id: widgetConversations.id }).from(widgetConversations).where(eq(widgetConversations.uid, uid))).map(
      (row) => row.id,
    );
  const codesOf = async (uid: string) =>
    (await db.select({ code: widgetHandoffs.code }).from(widgetHandoffs).where(eq(widgetHandoffs.uid, uid))).map((row) => row.code);
  expect(await chatsOf(dana.uid)).toEqual([danaChats.kept]);
  expect(await chatsOf(erin.uid)).toEqual([erinChats.kept]);
  expect(await codesOf(dana.uid)).toEqual([danaCodes.kept]);
  expect(await codesOf(erin.uid)).toEqual([erinCodes.kept]);
  // An expired conversation's messages went with it; a kept one's stay.
  const messagesIn = async (id: string) => (await db.select().from(widgetMessages).where(eq(widgetMessages.conversationId, id))).length;
  expect([await messagesIn(danaChats.expired), await messagesIn(danaChats.kept), await messagesIn(erinChats.kept)]).toEqual([0, 2, 2]);
  // What the dashboard counts is not conversation content.
  expect(await db.select({ kind: widgetEvents.kind }).from(widgetEvents).where(eq(widgetEvents.uid, erin.uid))).toEqual([{ kind: 'chat' }]);
});
