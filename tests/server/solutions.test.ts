// GET /api/v1/solutions: one merchant with every solution set up — a synced inventory, an AI base
// answering on a number, a campaign sending, recovery and post-sale notices switched on, the widget on —
// and events inside and outside the last 30 days (catalog views through the storefront's recorder,
// AI answers, template sends, recovered checkouts, counted by the dashboard's rollups); the answer's
// states, places and figures over HTTP; another merchant sees none of it. The 30 days' edges in the
// account's zone are proved on the reader with a fixed clock.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CAMPAIGN_PURPOSE } from '@/domain/campaign';
import { defaultRecoveryFlow } from '@/domain/checkout-recovery';
import { addDays, dayIn } from '@/domain/dashboard';
import type { Solution, Solutions } from '@/domain/solutions';
import { accounts } from '@/server/accounts/account-tables';
import { campaignSends, campaigns } from '@/server/campaigns/campaign-tables';
import { aiRequests } from '@/server/channels/whatsapp-reply-tables';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { recoveryFlows } from '@/server/checkouts/recovery-flow-tables';
import { parseConfig } from '@/server/config';
import { inventories } from '@/server/inventories/inventory-tables';
import { templateSends } from '@/server/messaging/template-send-tables';
import { widgetConversations } from '@/server/widgets/widget-chat-tables';
import { widgetHandoffs } from '@/server/widgets/widget-handoff-tables';
import { newRef } from '@/server/widgets/widget-handoffs';
import { widgets } from '@/server/widgets/widget-tables';
import { orderNoticeSettings } from '@/server/notices/notice-tables';
import { buildServices } from '@/server/services';
import { eventRecorder } from '@/server/storefront/event-recorder';
import { addChannelRow, seedAnsweringRecords } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, testEnv, type TestServer } from './support/test-server';

const ZONE = 'America/Sao_Paulo';
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const solutions = async (user: TestUser) => {
  const answer = await call(`${server.url}/api/v1/solutions`, { token: user.idToken });
  expect(answer.status, answer.text).toBe(200);
  return answer as typeof answer & { body: Solutions };
};
const byId = (answer: Solutions) =>
  Object.fromEntries(answer.solutions.map((solution) => [solution.id, solution])) as Record<Solution['id'], Solution>;

/** A configured inventory as a sync leaves it (or, `synced: false`, still waiting for its first sync). */
async function configure(inventoryId: string, synced = true) {
  const { db } = await testDatabase();
  await db
    .update(inventories)
    .set({
      status: 'configured',
      savedSteps: 2,
      syncStatus: synced ? 'synced' : 'pending',
      lastSyncedAt: synced ? new Date() : null,
      store: { name: 'Loja', currency: 'BRL' },
    })
    .where(sql`id = ${inventoryId}`);
}

/** A template message of `purpose`, taken by Meta at `sentAt` (null: still waiting). */
async function send(uid: string, channelId: string, purpose: string, sentAt: Date | null) {
  const { db } = await testDatabase();
  const id = randomUUID();
  await db.insert(templateSends).values({
    id,
    uid,
    channelId,
    sendKey: `solutions:${id}`,
    purpose,
    templateName: 'any',
    language: 'pt_BR',
    category: purpose === CAMPAIGN_PURPOSE ? 'MARKETING' : 'UTILITY',
    recipient: '+5511987650000',
    variables: {},
  });
  // Meta's acceptance is one update, as the sender records it: the rollups count it then.
  if (sentAt)
    await db
      .update(templateSends)
      .set({ status: 'sent', sentAt, costMicros: 1_000 })
      .where(sql`id = ${id}`);
  return id;
}

async function accesses(inventoryId: string, times: Date[]) {
  const recorder = eventRecorder((await testDatabase()).db);
  for (const occurredAt of times) recorder.record({ inventoryId, kind: 'access', locale: 'pt', visitorId: 'visitor-0001', occurredAt });
  await recorder.close();
}

let recoveredCheckouts = 0;
async function recovered(inventoryId: string, firstReminderAt: Date, valueMinor: number, currency: string) {
  const { db } = await testDatabase();
  const n = ++recoveredCheckouts;
  await db.insert(storeCheckouts).values({
    inventoryId,
    token: `solutions-${randomUUID()}`,
    phone: `+5511987600${String(n).padStart(3, '0')}`,
    currency,
    totalMinor: valueMinor,
    items: [],
    startedAt: new Date(firstReminderAt.getTime() - 2 * 3_600_000),
    shopifyUpdatedAt: new Date(firstReminderAt.getTime() - 3_600_000),
    remindersSent: 1,
    firstReminderAt,
    lastReminderAt: firstReminderAt,
    recoveryStatus: 'recovered',
    recoveredOrderId: `${70_000 + n}`,
    recoveredValueMinor: valueMinor,
    recoveredCurrency: currency,
  });
}

describe('GET /api/v1/solutions', () => {
  let alice: TestUser;
  let bob: TestUser;
  const ids = { inventory: '', unsynced: '', base: '', channel: '', paused: '', campaign: '' };

  beforeAll(async () => {
    [alice, bob] = await Promise.all([createUser('solutions-alice'), createUser('solutions-bob')]);
    const { db } = await testDatabase();
    const records = await seedAnsweringRecords(alice.uid, 'Centro');
    const zone = await call(`${server.url}/api/v1/me/time-zone`, {
      method: 'PUT',
      token: alice.idToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: ZONE }),
    });
    expect(zone.status, zone.text).toBe(200);
    ids.inventory = records.inventoryId;
    ids.base = records.activeBaseId;
    await configure(ids.inventory);
    const [unsynced] = await db
      .insert(inventories)
      .values({ uid: alice.uid, name: 'Loja Sul', publicId: randomUUID() })
      .returning({ id: inventories.id });
    ids.unsynced = unsynced!.id;
    await configure(ids.unsynced, false);
    ids.channel = await addChannelRow(alice.uid, ids.base, '+55 11 90000-0001');
    // A paused number answers no one: not the personal shopper's.
    ids.paused = await addChannelRow(alice.uid, ids.base, '+55 11 90000-0002', 'paused');

    // Recovery and the order confirmation switched on for the synced inventory, from the first number.
    const { enabled: _enabled, enabledAt: _enabledAt, channelId: _channelId, ...flow } = defaultRecoveryFlow();
    await db.insert(recoveryFlows).values({
      inventoryId: ids.inventory,
      uid: alice.uid,
      enabled: true,
      enabledAt: daysAgo(10),
      channelId: ids.channel,
      settings: flow,
    });
    await db.insert(orderNoticeSettings).values({
      inventoryId: ids.inventory,
      uid: alice.uid,
      channelId: ids.channel,
      notices: {
        order_confirmation: { enabled: true, templateName: 'order_confirmation', variables: {} },
        shipping_update: { enabled: false, templateName: null, variables: {} },
      },
    });

    // A campaign still sending: two messages taken in the period, one before it, one waiting.
    const [campaign] = await db
      .insert(campaigns)
      .values({
        uid: alice.uid,
        name: 'Ofertas de inverno',
        status: 'active',
        channelId: ids.channel,
        startsAt: daysAgo(3),
        plannedAt: daysAgo(4),
        planned: 3,
      })
      .returning({ id: campaigns.id });
    ids.campaign = campaign!.id;
    const campaignSendsAt = [daysAgo(3), daysAgo(2), daysAgo(50), null];
    for (const [position, sentAt] of campaignSendsAt.entries()) {
      const sendId = await send(alice.uid, ids.channel, CAMPAIGN_PURPOSE, sentAt);
      await db.insert(campaignSends).values({ campaignId: ids.campaign, contactId: randomUUID(), sendId, position });
    }
    // Not a campaign's: a cart reminder; notices, one in the period and one before it.
    await send(alice.uid, ids.channel, 'recovery', daysAgo(3));
    await send(alice.uid, ids.channel, 'order_confirmation', daysAgo(2));
    await send(alice.uid, ids.channel, 'order_confirmation', daysAgo(60));

    // Catalog views: three in the period, one before it.
    await accesses(ids.inventory, [daysAgo(1), daysAgo(2), daysAgo(2), daysAgo(45)]);
    // AI answers on the number: two in the period, one before it.
    await db.insert(aiRequests).values([
      { uid: alice.uid, aiBaseId: ids.base, channelId: ids.channel, mediaType: 'text', extra: false, occurredAt: daysAgo(1) },
      { uid: alice.uid, aiBaseId: ids.base, channelId: ids.channel, mediaType: 'voice', extra: false, occurredAt: daysAgo(1) },
      { uid: alice.uid, aiBaseId: ids.base, channelId: ids.channel, mediaType: 'text', extra: false, occurredAt: daysAgo(40) },
    ]);
    // Recovered sales in two currencies in the period, and one before it.
    await recovered(ids.inventory, daysAgo(5), 12_000, 'BRL');
    await recovered(ids.inventory, daysAgo(4), 3_500, 'BRL');
    await recovered(ids.inventory, daysAgo(5), 3_000, 'USD');
    await recovered(ids.inventory, daysAgo(45), 99_000, 'BRL');

    // The widget on, with the first number: two chats on the sites and one WhatsApp conversation it handed over in the
    // period; a chat and a handoff before it, and a code never picked up.
    await db.insert(widgets).values({
      uid: alice.uid,
      publicId: randomUUID(),
      enabled: true,
      channelId: ids.channel,
      allowedOrigins: ['https://www.loja.example'],
      dailyCap: 200,
      settings: {
        look: { color: '#1F6FEB', position: 'right' },
        greetings: { en: '', pt: '', es: '' },
        openingHours: null,
        filterEnabled: false,
      },
      updatedAt: daysAgo(20),
    });
    for (const startedAt of [daysAgo(1), daysAgo(3), daysAgo(40)])
      await db.insert(widgetConversations).values({ uid: alice.uid, visitorKey: randomUUID(), startedAt, lastMessageAt: startedAt });
    for (const pickedUpAt of [daysAgo(2), daysAgo(50), null])
      await db.insert(widgetHandoffs).values({
        code: newRef(),
        uid: alice.uid,
        visitorKey: randomUUID(),
        createdAt: daysAgo(60),
        ...(pickedUpAt ? { channelId: ids.channel, sender: '5511955550001', pickedUpAt } : {}),
      });

    // Bob's only record: a campaign draft, which sets nothing up (his account made first, as the app's shell does).
    expect((await call(`${server.url}/api/v1/me`, { token: bob.idToken })).status).toBe(200);
    const draft = await call(`${server.url}/api/v1/campaigns`, {
      method: 'POST',
      token: bob.idToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rascunho do Bob' }),
    });
    expect(draft.status, draft.text).toBe(201);
  });

  test("a merchant's solutions: each set up where it is on, with the last 30 days' figure in the account's zone", async () => {
    const before = new Date();
    const { body } = await solutions(alice);
    const after = new Date();
    expect(body.range.tz).toBe(ZONE);
    expect([dayIn(before, ZONE), dayIn(after, ZONE)]).toContain(body.range.to);
    expect(body.range.from).toBe(addDays(body.range.to, -29));
    expect(body.solutions.map((solution) => solution.id)).toEqual([
      'catalog_filter',
      'ai_shopper',
      'campaigns',
      'website_widget',
      'cart_recovery',
      'post_sale_notices',
    ]);
    const found = byId(body);
    expect(found.catalog_filter).toEqual({
      id: 'catalog_filter',
      state: 'set_up',
      next: null,
      // The inventory still waiting for its first sync has no catalog page to filter yet.
      on: [{ id: ids.inventory, name: 'Loja Centro', number: null }],
      inventoryId: null,
      figure: { kind: 'count', measure: 'catalog_accesses', count: 3 },
    });
    expect(found.ai_shopper).toEqual({
      id: 'ai_shopper',
      state: 'set_up',
      next: null,
      on: [{ id: ids.channel, name: 'Vendedora', number: '+55 11 90000-0001' }],
      inventoryId: null,
      figure: { kind: 'count', measure: 'ai_answers', count: 2 },
    });
    expect(found.campaigns).toEqual({
      id: 'campaigns',
      state: 'set_up',
      next: null,
      on: [{ id: ids.campaign, name: 'Ofertas de inverno', number: '+55 11 90000-0001' }],
      inventoryId: null,
      // Not the cart reminder nor the notice taken the same days: campaign messages only.
      figure: { kind: 'count', measure: 'campaign_messages', count: 2 },
    });
    expect(found.website_widget).toEqual({
      id: 'website_widget',
      state: 'set_up',
      next: null,
      on: [{ id: ids.channel, name: expect.any(String), number: '+55 11 90000-0001' }],
      inventoryId: null,
      // Two chats on the sites, one conversation handed over to WhatsApp.
      figure: { kind: 'count', measure: 'widget_conversations', count: 3 },
    });
    expect(found.cart_recovery).toEqual({
      id: 'cart_recovery',
      state: 'set_up',
      next: null,
      on: [{ id: ids.inventory, name: 'Loja Centro', number: '+55 11 90000-0001' }],
      inventoryId: ids.inventory,
      figure: {
        kind: 'money',
        measure: 'recovered_sales',
        amounts: [
          { currency: 'BRL', minor: 15_500 },
          { currency: 'USD', minor: 3_000 },
        ],
      },
    });
    expect(found.post_sale_notices).toEqual({
      id: 'post_sale_notices',
      state: 'set_up',
      next: null,
      on: [{ id: ids.inventory, name: 'Loja Centro', number: '+55 11 90000-0001' }],
      inventoryId: ids.inventory,
      figure: { kind: 'count', measure: 'notices_sent', count: 1 },
    });
  });

  test('what is missing first: the AI base switched off, the number answers no one; a draft campaign sets nothing up', async () => {
    const { db } = await testDatabase();
    const uid = `solutions-steps-${randomUUID()}`;
    const records = await seedAnsweringRecords(uid, 'Passos');
    const reader = buildServices(db, parseConfig(testEnv)).solutions;
    // No configured inventory, no number: every solution waits for them; an active base waits for a number.
    let found = byId(await reader.read(uid));
    expect(Object.values(found).map(({ id, state, next }) => [id, state, next])).toEqual([
      ['catalog_filter', 'not_set_up', 'inventory'],
      ['ai_shopper', 'not_set_up', 'channel'],
      ['campaigns', 'not_set_up', 'channel'],
      ['website_widget', 'not_set_up', 'widget'],
      ['cart_recovery', 'not_set_up', 'inventory'],
      ['post_sale_notices', 'not_set_up', 'inventory'],
    ]);
    expect(found.cart_recovery.inventoryId).toBeNull();
    // Nothing recovered and no store known: money without an amount.
    expect(found.cart_recovery.figure).toEqual({ kind: 'money', measure: 'recovered_sales', amounts: [] });

    // Configured (not synced), a number answering: recovery and notices wait for their own switch, on that inventory.
    await configure(records.inventoryId, false);
    await addChannelRow(uid, records.activeBaseId, '+55 21 90000-0003');
    await db.insert(campaigns).values({ uid, name: 'Rascunho' });
    found = byId(await reader.read(uid));
    expect(found.catalog_filter.next).toBe('inventory');
    expect(found.ai_shopper.state).toBe('set_up');
    expect(found.campaigns.next).toBe('campaign');
    expect(found.cart_recovery).toMatchObject({ next: 'recovery_flow', inventoryId: records.inventoryId, on: [] });
    expect(found.post_sale_notices).toMatchObject({ next: 'notices', inventoryId: records.inventoryId, on: [] });
    // Zero in the store's currency.
    expect(found.cart_recovery.figure).toEqual({ kind: 'money', measure: 'recovered_sales', amounts: [{ currency: 'BRL', minor: 0 }] });

    // The base switched off: its number answers no one until another base is active.
    await db.execute(sql`update ai_bases set status = 'inactive' where uid = ${uid}`);
    found = byId(await reader.read(uid));
    expect(found.ai_shopper).toMatchObject({ state: 'not_set_up', next: 'ai_base', on: [] });
  });

  test("another merchant's answer holds nothing of the first's", async () => {
    const { body, text } = await solutions(bob);
    expect(body.range.tz).toBe('UTC');
    for (const solution of body.solutions) {
      expect(solution.state, solution.id).toBe('not_set_up');
      expect(solution.on, solution.id).toEqual([]);
      expect(solution.inventoryId, solution.id).toBeNull();
    }
    expect(body.solutions.map((solution) => solution.next)).toEqual([
      'inventory',
      'ai_base',
      'channel',
      'widget',
      'inventory',
      'inventory',
    ]);
    expect(body.solutions.map((solution) => solution.figure)).toEqual([
      { kind: 'count', measure: 'catalog_accesses', count: 0 },
      { kind: 'count', measure: 'ai_answers', count: 0 },
      { kind: 'count', measure: 'campaign_messages', count: 0 },
      { kind: 'count', measure: 'widget_conversations', count: 0 },
      { kind: 'money', measure: 'recovered_sales', amounts: [] },
      { kind: 'count', measure: 'notices_sent', count: 0 },
    ]);
    for (const mine of [...Object.values(ids), alice.uid, 'Loja Centro', 'Vendedora', 'Ofertas de inverno', '90000-0001'])
      expect(text).not.toContain(mine);
  });

  test('without a token, 401; the OpenAPI document lists it with its bearer security', async () => {
    const answer = await call(`${server.url}/api/v1/solutions`);
    expect(answer.status).toBe(401);
    expect(errorOf(answer).code).toBe('unauthenticated');
    const doc = (await call(`${server.url}/api/docs/json`)).body as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    const operation = doc.paths['/api/v1/solutions']?.get;
    expect(operation?.security).toEqual([{ firebaseIdToken: [] }]);
    expect(JSON.stringify(operation?.responses['200'])).toContain('recovered_sales');
  });
});

describe('the 30 days', () => {
  test("are the account's zone's days, today included: its first day's first minute counts, the day before's last does not", async () => {
    const { db } = await testDatabase();
    const uid = `solutions-days-${randomUUID()}`;
    await db.insert(accounts).values({ uid, timeZone: ZONE });
    const records = await seedAnsweringRecords(uid, 'Dias');
    await configure(records.inventoryId);
    const channelId = await addChannelRow(uid, records.activeBaseId, '+55 31 90000-0004');
    // Noon UTC on 30 April is 09:00 in São Paulo: the period is 1–30 April there.
    const now = new Date('2026-04-30T12:00:00Z');
    const edges = [
      new Date('2026-04-01T02:59:00Z'), // 31 March, 23:59 in São Paulo: out
      new Date('2026-04-01T03:00:00Z'), // 1 April, 00:00: in
      new Date('2026-05-01T02:59:00Z'), // 30 April, 23:59: in
      new Date('2026-05-01T03:00:00Z'), // 1 May: out
    ];
    await accesses(records.inventoryId, edges);
    for (const at of edges) await send(uid, channelId, CAMPAIGN_PURPOSE, at);
    const answer = await buildServices(db, parseConfig(testEnv)).solutions.read(uid, now);
    expect(answer.range).toEqual({ from: '2026-04-01', to: '2026-04-30', tz: ZONE });
    const found = byId(answer);
    expect(found.catalog_filter.figure).toEqual({ kind: 'count', measure: 'catalog_accesses', count: 2 });
    expect(found.campaigns.figure).toEqual({ kind: 'count', measure: 'campaign_messages', count: 2 });
  });
});
