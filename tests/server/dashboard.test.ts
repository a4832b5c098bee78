// GET /api/v1/dashboard and its CSV, from events caused through the real recorders: the storefront's
// event recorder (and its public beacon route), the WhatsApp worker's reply records (an AI request,
// a catalog sent), and the sync's attributed-order upsert (a late order, a refund, a cancellation).
// The figures are read back over HTTP; the rollups the triggers keep are checked against a recount
// of the raw events.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { costPerCatalog, periodSpendMinor, type Dashboard } from '@/domain/dashboard';
import { plans } from '@/domain/plans';
import { inboundReplies } from '@/server/channels/inbound-replies';
import { channels, whatsappInboundMessages } from '@/server/channels/channel-tables';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { inventories } from '@/server/inventories/inventory-tables';
import { templateSends } from '@/server/messaging/template-send-tables';
import { upsertAttributedOrders } from '@/server/storefront/attributed-orders';
import { eventRecorder } from '@/server/storefront/event-recorder';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (user: TestUser, path: string) => call(`${server.url}${path}`, { token: user.idToken });
const dashboard = async (user: TestUser, query: Record<string, string>) => {
  const answer = await get(user, `/api/v1/dashboard?${new URLSearchParams(query)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Dashboard;
};

/** A merchant with two inventories, an AI base and a WhatsApp number answering from the first inventory. */
async function merchant(label: string) {
  const user = await createUser(`dashboard-${label}`);
  const records = await seedAnsweringRecords(user.uid, label);
  const { db } = await testDatabase();
  const [second] = await db
    .insert(inventories)
    .values({
      uid: user.uid,
      name: `=HYPERLINK("https://evil.example")`,
      publicId: randomBytes(16).toString('base64url'),
    })
    .returning({ id: inventories.id, publicId: inventories.publicId });
  const channelId = randomUUID();
  await db.insert(channels).values({
    id: channelId,
    uid: user.uid,
    phoneNumberId: newPhoneNumberId(),
    wabaId: '1000',
    displayPhoneNumber: '+55 11 90000-0000',
    accessTokenSealed: 'sealed',
    accessTokenHint: '…abcd',
    appSecretSealed: 'sealed',
    verifyTokenHash: randomBytes(32).toString('hex'),
    aiBaseId: records.activeBaseId,
    inventoryId: records.inventoryId,
  });
  return { user, records, secondInventory: second!, channelId };
}

const events = async () => eventRecorder((await testDatabase()).db);

/** Records storefront events through the recorder at the times given. */
async function record(inventoryId: string, kind: 'access' | 'cart_view' | 'checkout', times: string[]) {
  const recorder = await events();
  for (const at of times)
    recorder.record({
      inventoryId,
      kind,
      locale: 'pt',
      visitorId: 'visitor-0001',
      occurredAt: new Date(at),
    });
  await recorder.close();
}

/** A shopper's message answered by the AI base (one AI request) with a catalog sent, at `at`. */
async function answerWithCatalog(
  m: { records: ChannelMerchant; channelId: string; user: TestUser },
  at: string,
  mediaType: 'text' | 'vision' = 'text',
) {
  const { db } = await testDatabase();
  const now = new Date(at);
  const [message] = await db
    .insert(whatsappInboundMessages)
    .values({
      channelId: m.channelId,
      messageId: `wamid.${randomUUID()}`,
      sender: '5511999990000',
      type: 'text',
      content: { type: 'text', body: 'catálogo?' },
      sentAt: now,
    })
    .returning();
  const replies = inboundReplies(db);
  const reply = await replies.plan(
    message!,
    m.user.uid,
    {
      kind: 'answer',
      text: 'Veja o catálogo',
      passages: [],
      model: 'builtin-retrieval',
      parts: [
        {
          type: 'catalog_message',
          bodyText: 'Veja',
          thumbnailRetailerId: null,
          wamid: null,
        },
      ],
      aiRequest: { mediaType, aiBaseId: m.records.activeBaseId },
    },
    now,
  );
  await replies.partSent(reply, 0, `wamid.out.${randomUUID()}`, { inventoryId: m.records.inventoryId, language: 'pt_br' }, now);
}

const order = (inventoryId: string, orderId: string, valueMinor: number, orderedAt: string, cancelledAt: string | null = null) => ({
  inventoryId,
  orderId: `gid://shopify/Order/${orderId}`,
  cartId: null,
  attributedBy: 'referral_code' as const,
  valueMinor,
  currency: 'BRL',
  orderedAt: new Date(orderedAt),
  cancelledAt: cancelledAt ? new Date(cancelledAt) : null,
});

describe('GET /api/v1/dashboard', () => {
  let m: Awaited<ReturnType<typeof merchant>>;
  const utc = {
    from: '2026-03-08',
    to: '2026-03-14',
    tz: 'UTC',
    currency: 'BRL',
  };

  beforeAll(async () => {
    m = await merchant('figures');
    const { db } = await testDatabase();
    // The period (8–14 March) and the previous one (1–7 March).
    await record(m.records.inventoryId, 'access', [
      '2026-03-08T12:00:00Z',
      '2026-03-09T12:00:00Z',
      '2026-03-10T12:00:00Z',
      '2026-03-14T23:59:00Z',
    ]);
    await record(m.records.inventoryId, 'access', ['2026-03-02T12:00:00Z', '2026-03-07T23:00:00Z']);
    await record(m.secondInventory.id, 'access', ['2026-03-09T10:00:00Z']);
    await record(m.records.inventoryId, 'checkout', ['2026-03-09T12:05:00Z']);
    await answerWithCatalog(m, '2026-03-09T13:00:00Z');
    await answerWithCatalog(m, '2026-03-10T13:00:00Z', 'vision');
    await upsertAttributedOrders(db, [
      order(m.records.inventoryId, `${m.user.uid}-1`, 10_000, '2026-03-09T12:10:00Z'),
      order(m.records.inventoryId, `${m.user.uid}-2`, 5_000, '2026-03-03T12:10:00Z'),
    ]);
  });

  test('sums the period and the previous one, with the changes and the derived figures', async () => {
    const answer = await dashboard(m.user, utc);
    expect(answer.range).toEqual({
      from: '2026-03-08',
      to: '2026-03-14',
      tz: 'UTC',
      previousFrom: '2026-03-01',
      previousTo: '2026-03-07',
    });
    expect(answer.accesses).toEqual({ current: 5, previous: 2, change: 150 });
    expect(answer.catalogsSent).toEqual({
      current: 2,
      previous: 0,
      change: 'new',
    });
    expect(answer.orders).toEqual({ current: 1, previous: 1, change: 0 });
    expect(answer.convertedCurrency).toBe('BRL');
    expect(answer.convertedValue).toEqual({
      current: 10_000,
      previous: 5_000,
      change: 100,
    });
    expect(answer.averageTicket.current).toBe(10_000);
    expect(answer.conversionRate.current).toBeCloseTo(1 / 5);
    expect(answer.requests).toEqual({ current: 2, previous: 0, change: 'new' });
    expect(answer.mediaTypes.text).toEqual({
      current: 1,
      previous: 0,
      change: 'new',
      share: 0.5,
    });
    expect(answer.mediaTypes.vision.share).toBe(0.5);
    expect(answer.mediaTypes.voice).toEqual({
      current: 0,
      previous: 0,
      change: 0,
      share: 0,
    });
    // Basic in BRL, no extra queries: the plan's price shared over 7 of March's 31 days.
    const spend = periodSpendMinor({ from: '2026-03-08', to: '2026-03-14' }, 0, plans.basic.prices.BRL);
    expect(spend).toBe(Math.round((69_900 * 7) / 31));
    expect(answer.spend.current).toBe(spend);
    expect(answer.costPerCatalog.current).toBe(costPerCatalog(spend, 2));
    expect(answer.returnOnSpend.current).toBeCloseTo(10_000 / spend);
    expect(answer.days).toHaveLength(7);
    expect(answer.days[1]).toMatchObject({
      day: '2026-03-09',
      accesses: 2,
      catalogsSent: 1,
      orders: 1,
      convertedValueMinor: 10_000,
      requests: 1,
    });
    expect(answer.catalogEvolution.current.map((point) => point.catalogsSent)).toEqual([0, 1, 1, 0, 0, 0, 0]);
    expect(answer.catalogEvolution.previous.map((point) => point.accesses)).toEqual([0, 1, 0, 0, 0, 0, 1]);
    expect(answer.sources).toMatchObject({
      inventories: 2,
      aiBases: 2,
      channels: 1,
    });
    expect(answer.monthlyCost).toMatchObject({
      currency: 'BRL',
      planMinor: 69_900,
      extraQueryMinor: 175,
      allowance: { bound: 'up_to', count: 1000 },
    });
  });

  test("cuts days in the account's time zone: the first load adopts the caller's, a change recounts", async () => {
    const zoned = await merchant('zoned');
    const inventory = zoned.records.inventoryId;
    // 23:59 UTC on the 14th is the 14th in São Paulo (UTC-3) but the 15th in Kolkata (UTC+5:30);
    // 23:00 UTC on the 7th is already the 8th in Kolkata (04:30), so it moves into the period there.
    // 01:00 UTC on the 15th is still the 14th in São Paulo: recorded before the account had a zone
    // (its rollups were cut in UTC), it moves into the period when the first load adopts São Paulo.
    await record(inventory, 'access', ['2026-03-14T23:59:00Z', '2026-03-07T23:00:00Z', '2026-03-10T12:00:00Z', '2026-03-15T01:00:00Z']);
    await upsertAttributedOrders((await testDatabase()).db, [order(inventory, `${zoned.user.uid}-z`, 7_000, '2026-03-14T23:30:00Z')]);

    const saoPaulo = await dashboard(zoned.user, {
      ...utc,
      tz: 'America/Sao_Paulo',
    });
    expect(saoPaulo.range.tz).toBe('America/Sao_Paulo');
    expect(saoPaulo.days.at(-1)).toMatchObject({
      day: '2026-03-14',
      accesses: 2,
      orders: 1,
      convertedValueMinor: 7_000,
    });
    expect(saoPaulo.accesses).toEqual({ current: 3, previous: 1, change: 200 });
    // The account's zone holds whatever zone a later caller is in.
    const elsewhere = await dashboard(zoned.user, {
      ...utc,
      tz: 'Asia/Kolkata',
    });
    expect(elsewhere.range.tz).toBe('America/Sao_Paulo');
    expect(elsewhere.days).toEqual(saoPaulo.days);

    const change = await call(`${server.url}/api/v1/me/time-zone`, {
      method: 'PUT',
      token: zoned.user.idToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: 'Asia/Kolkata' }),
    });
    expect(change.status, change.text).toBe(200);
    const kolkata = await dashboard(zoned.user, utc);
    expect(kolkata.range.tz).toBe('Asia/Kolkata');
    expect(kolkata.days.at(-1)).toMatchObject({
      day: '2026-03-14',
      accesses: 0,
      orders: 0,
    });
    expect(kolkata.days[0]!.accesses).toBe(1);
    expect(kolkata.accesses).toEqual({
      current: 2,
      previous: 0,
      change: 'new',
    });
    expect(kolkata.orders.current).toBe(0);
    // What happens after the change lands on the new zone's day: 20:00 UTC on the 13th is the 14th there.
    await record(inventory, 'access', ['2026-03-13T20:00:00Z']);
    expect((await dashboard(zoned.user, utc)).days.at(-1)!.accesses).toBe(1);
  });

  test('a filter keeps what its source took part in', async () => {
    const byInventory = await dashboard(m.user, {
      ...utc,
      inventory: m.secondInventory.id,
    });
    expect(byInventory.accesses.current).toBe(1);
    expect(byInventory.catalogsSent.current).toBe(0);
    expect(byInventory.requests.current).toBe(0);
    const byChannel = await dashboard(m.user, { ...utc, channel: m.channelId });
    expect(byChannel.accesses.current).toBe(0);
    expect(byChannel.catalogsSent.current).toBe(2);
    expect(byChannel.requests.current).toBe(2);
    const byBase = await dashboard(m.user, {
      ...utc,
      aiBase: m.records.activeBaseId,
    });
    expect(byBase.requests.current).toBe(2);
    const first = await dashboard(m.user, {
      ...utc,
      inventory: m.records.inventoryId,
    });
    expect(first).toMatchObject({
      accesses: { current: 4 },
      catalogsSent: { current: 2 },
      requests: { current: 2 },
      orders: { current: 1 },
    });
  });

  test("a filter naming another account's record, or nothing, is a 404; a bad query a 400 naming the field", async () => {
    const other = await merchant('other');
    const refused = await get(m.user, `/api/v1/dashboard?${new URLSearchParams({ ...utc, inventory: other.records.inventoryId })}`);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain(other.records.inventoryId);
    expect((await get(m.user, `/api/v1/dashboard?${new URLSearchParams({ ...utc, channel: randomUUID() })}`)).status).toBe(404);
    const badZone = await get(m.user, `/api/v1/dashboard?${new URLSearchParams({ ...utc, tz: 'Mars/Olympus' })}`);
    expect(badZone.status).toBe(400);
    expect(errorOf(badZone).fields).toMatchObject({
      tz: 'dashboard.time_zone_invalid',
    });
    const backwards = await get(m.user, `/api/v1/dashboard?${new URLSearchParams({ ...utc, from: '2026-03-14', to: '2026-03-08' })}`);
    expect(backwards.status).toBe(400);
    expect((await call(`${server.url}/api/v1/dashboard?${new URLSearchParams(utc)}`)).status).toBe(401);
  });

  test('a late order counts on the day it was placed; a refund lowers it, a cancellation removes it', async () => {
    const late = await merchant('late');
    const { db } = await testDatabase();
    const query = { from: '2026-02-01', to: '2026-02-28', tz: 'UTC' };
    expect((await dashboard(late.user, query)).orders.current).toBe(0);
    // A sync weeks later attributes an order placed on 3 February.
    await upsertAttributedOrders(db, [order(late.records.inventoryId, `${late.user.uid}-a`, 8_000, '2026-02-03T15:00:00Z')]);
    let answer = await dashboard(late.user, query);
    expect(answer.days[2]).toMatchObject({
      day: '2026-02-03',
      orders: 1,
      convertedValueMinor: 8_000,
    });
    // A partial refund read by the next sync: the order stays, its value drops.
    await upsertAttributedOrders(db, [order(late.records.inventoryId, `${late.user.uid}-a`, 6_500, '2026-02-03T15:00:00Z')]);
    answer = await dashboard(late.user, query);
    expect(answer.convertedValue.current).toBe(6_500);
    expect(answer.orders.current).toBe(1);
    // Cancelled: neither counted nor valued.
    await upsertAttributedOrders(db, [
      order(late.records.inventoryId, `${late.user.uid}-a`, 0, '2026-02-03T15:00:00Z', '2026-02-20T10:00:00Z'),
    ]);
    answer = await dashboard(late.user, query);
    expect(answer).toMatchObject({
      orders: { current: 0 },
      convertedValue: { current: 0 },
      averageTicket: { current: null },
    });
  });

  test("the public page's beacon counts today's access through the route's recorder", async () => {
    const fresh = await merchant('beacon');
    const { db } = await testDatabase();
    const [{ publicId } = { publicId: '' }] = await db
      .select({ publicId: inventories.publicId })
      .from(inventories)
      .where(sql`${inventories.id} = ${fresh.records.inventoryId}`);
    await db
      .update(inventories)
      .set({ status: 'configured', savedSteps: 2 })
      .where(sql`${inventories.id} = ${fresh.records.inventoryId}`);
    const beacon = await call(`${server.url}/api/v1/storefront/${publicId}/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36',
      },
      body: JSON.stringify({
        kind: 'access',
        visitorId: 'visitor-beacon-1',
        locale: 'pt',
      }),
    });
    expect(beacon.status).toBe(202);
    const today = new Date().toISOString().slice(0, 10);
    // The recorder writes its batch within a second.
    await expect
      .poll(async () => (await dashboard(fresh.user, { from: today, to: today, tz: 'UTC' })).accesses.current, {
        timeout: 5_000,
        interval: 200,
      })
      .toBe(1);
  });

  test("template messages count on the day Meta took them, by category, with Meta's price and the notices among them", async () => {
    const m = await merchant('messages');
    const { db } = await testDatabase();
    const sends = [
      ['order_confirmation', 'UTILITY', 6_800, '2026-03-10T14:00:00Z'],
      ['shipping_update', 'UTILITY', 6_800, '2026-03-10T15:00:00Z'],
      ['campaign', 'MARKETING', 62_500, '2026-03-11T02:30:00Z'], // the 10th in São Paulo
      ['campaign', 'MARKETING', 62_500, null], // refused: never sent, never counted
    ] as const;
    for (const [purpose, category, cost, sentAt] of sends) {
      const id = randomUUID();
      await db.insert(templateSends).values({
        id,
        uid: m.user.uid,
        channelId: m.channelId,
        sendKey: `test:${id}`,
        purpose,
        templateName: 'any',
        language: 'pt_BR',
        category,
        recipient: '+5511987650000',
        variables: {},
      });
      // The sender records Meta's acceptance in one update; the rollup counts it then.
      if (sentAt)
        await db
          .update(templateSends)
          .set({ status: 'sent', sentAt: new Date(sentAt), costMicros: cost })
          .where(sql`id = ${id}`);
      else
        await db
          .update(templateSends)
          .set({ status: 'failed', reason: 'not_subscribed' })
          .where(sql`id = ${id}`);
    }
    // A later status (delivered, read) moves nothing.
    await db
      .update(templateSends)
      .set({ status: 'read' })
      .where(sql`uid = ${m.user.uid} and sent_at is not null`);

    const day = await dashboard(m.user, { from: '2026-03-10', to: '2026-03-10', tz: 'America/Sao_Paulo' });
    expect(day.messages).toMatchObject({
      utility: { current: 2 },
      marketing: { current: 1 },
      costMicros: { current: 76_100 },
      noticesSent: { current: 2 },
    });
    // The number's filter keeps them; another number's does not have them.
    const filtered = await dashboard(m.user, {
      from: '2026-03-10',
      to: '2026-03-10',
      tz: 'America/Sao_Paulo',
      channel: m.channelId,
    });
    expect(filtered.messages.utility.current).toBe(2);
    // Recounted from the raw sends (a change of zone): the same figures, cut in the new zone.
    await db.execute(sql`update accounts set time_zone = 'UTC' where uid = ${m.user.uid}`);
    await db.execute(sql`select dashboard_recount(${m.user.uid})`);
    const utc = await dashboard(m.user, { from: '2026-03-10', to: '2026-03-10' });
    expect(utc.messages).toMatchObject({
      utility: { current: 2 },
      marketing: { current: 0 },
      costMicros: { current: 13_600 },
      noticesSent: { current: 2 },
    });
  });

  test('a message Meta took and could not deliver costs nothing; one sent again counts and is paid on the day it went', async () => {
    const m = await merchant('messages-billed');
    const { db } = await testDatabase();
    const sendOn = async (sentAt: string) => {
      const id = randomUUID();
      await db.insert(templateSends).values({
        id,
        uid: m.user.uid,
        channelId: m.channelId,
        sendKey: `test:${id}`,
        purpose: 'campaign',
        templateName: 'any',
        language: 'pt_BR',
        category: 'MARKETING',
        recipient: '+5511987650000',
        variables: {},
      });
      await db
        .update(templateSends)
        .set({ status: 'sent', sentAt: new Date(sentAt), costMicros: 62_500 })
        .where(sql`id = ${id}`);
      return id;
    };
    const delivered = await sendOn('2026-03-10T14:00:00Z');
    const lost = await sendOn('2026-03-10T15:00:00Z');
    const retried = await sendOn('2026-03-10T16:00:00Z');
    await db
      .update(templateSends)
      .set({ status: 'delivered' })
      .where(sql`id = ${delivered}`);
    // Meta's status webhook says failed: the sender clears the cost (Meta bills what it delivers).
    await db
      .update(templateSends)
      .set({ status: 'failed', costMicros: null })
      .where(sql`id in (${lost}, ${retried})`);
    // 131049: the other goes again the next day, priced then.
    await db
      .update(templateSends)
      .set({ status: 'queued' })
      .where(sql`id = ${retried}`);
    await db
      .update(templateSends)
      .set({ status: 'sent', sentAt: new Date('2026-03-11T16:00:00Z'), costMicros: 62_500 })
      .where(sql`id = ${retried}`);

    // The trigger's rollups, read as they are (the account's zone set first: no recount on the first read).
    await db.execute(sql`update accounts set time_zone = 'UTC' where uid = ${m.user.uid}`);
    const days = async (day: string) => (await dashboard(m.user, { from: day, to: day, tz: 'UTC' })).messages;
    const expected = {
      '2026-03-10': { marketing: { current: 2 }, costMicros: { current: 62_500 } },
      '2026-03-11': { marketing: { current: 1 }, costMicros: { current: 62_500 } },
    };
    for (const [day, figures] of Object.entries(expected)) expect(await days(day)).toMatchObject(figures);
    // A recount from the raw sends finds the same.
    await db.execute(sql`select dashboard_recount(${m.user.uid})`);
    for (const [day, figures] of Object.entries(expected)) expect(await days(day)).toMatchObject(figures);
  });

  test("checkout recovery counts on the day of each checkout's first reminder in the account's zone, for its inventory", async () => {
    const r = await merchant('recovery');
    const { db } = await testDatabase();
    const inventoryId = r.records.inventoryId;
    let tokens = 0;
    const reminded = (firstReminderAt: string, recovered: { valueMinor: number; discountUsed?: boolean } | null = null) => ({
      inventoryId,
      token: `${r.user.uid}-${++tokens}`,
      phone: `+55119876500${tokens}`,
      currency: 'BRL',
      totalMinor: 20_000,
      items: [],
      startedAt: new Date(Date.parse(firstReminderAt) - 2 * 3_600_000),
      shopifyUpdatedAt: new Date(Date.parse(firstReminderAt) - 3_600_000),
      remindersSent: 1,
      firstReminderAt: new Date(firstReminderAt),
      lastReminderAt: new Date(firstReminderAt),
      ...(recovered
        ? {
            recoveryStatus: 'recovered' as const,
            recoveredOrderId: `${9_000 + tokens}`,
            recoveredValueMinor: recovered.valueMinor,
            recoveredCurrency: 'BRL',
            discountUsed: recovered.discountUsed ?? false,
          }
        : { recoveryStatus: 'reminded' as const }),
    });
    // 02:00 UTC on the 11th is still the 10th in São Paulo.
    const [, late] = await db
      .insert(storeCheckouts)
      .values([
        reminded('2026-05-10T15:00:00Z', { valueMinor: 10_000, discountUsed: true }),
        reminded('2026-05-11T02:00:00Z'),
        reminded('2026-05-11T15:00:00Z', { valueMinor: 5_000 }),
        reminded('2026-05-09T15:00:00Z'),
      ])
      .returning({ id: storeCheckouts.id });
    // Recovered later by an order that was then partly refunded: the update moves its day's figures.
    await db
      .update(storeCheckouts)
      .set({ recoveryStatus: 'recovered', recoveredOrderId: '9999', recoveredValueMinor: 2_500, recoveredCurrency: 'BRL' })
      .where(sql`${storeCheckouts.id} = ${late!.id}`);
    const may10 = { from: '2026-05-10', to: '2026-05-10', tz: 'America/Sao_Paulo' };
    const answer = await dashboard(r.user, may10);
    expect(answer.recovery).toEqual({
      reminded: { current: 2, previous: 1, change: 100 },
      recovered: { current: 2, previous: 0, change: 'new' },
      rate: { current: 1, previous: 0, change: 'new' },
      valueMinor: { current: 12_500, previous: 0, change: 'new' },
      discountsUsed: { current: 1, previous: 0, change: 'new' },
      currency: 'BRL',
    });
    // The inventory's filter keeps them; another inventory's, or an AI base's (recovery has none), has none: no rate.
    expect((await dashboard(r.user, { ...may10, inventory: inventoryId })).recovery.valueMinor.current).toBe(12_500);
    const filters: Record<string, string>[] = [{ inventory: r.secondInventory.id }, { aiBase: r.records.activeBaseId }];
    for (const filter of filters)
      expect((await dashboard(r.user, { ...may10, ...filter })).recovery).toMatchObject({
        reminded: { current: 0 },
        rate: { current: null },
        valueMinor: { current: 0 },
        currency: null,
      });
    // Another zone recounts them from the checkouts: in UTC the late one is the 11th's.
    const change = await call(`${server.url}/api/v1/me/time-zone`, {
      method: 'PUT',
      token: r.user.idToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: 'UTC' }),
    });
    expect(change.status, change.text).toBe(200);
    const utcDays = await dashboard(r.user, { from: '2026-05-10', to: '2026-05-11' });
    expect(utcDays.recovery).toMatchObject({ reminded: { current: 3 }, recovered: { current: 3 }, valueMinor: { current: 17_500 } });
    expect((await dashboard(r.user, { from: '2026-05-10', to: '2026-05-10' })).recovery).toMatchObject({
      reminded: { current: 1, previous: 1 },
      valueMinor: { current: 10_000 },
    });
  });

  test('the rollups equal a recount of the raw events', async () => {
    const { db } = await testDatabase();
    const uid = m.user.uid;
    const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const rolled = rows(
      await db.execute(sql`select sum(accesses)::int as accesses, sum(checkouts)::int as checkouts, sum(catalogs_sent)::int as catalogs,
        sum(orders)::int as orders, sum(order_value_minor)::int as value, sum(requests_text + requests_vision)::int as requests
        from dashboard_rollups where uid = ${uid}`),
    )[0];
    const recount = rows(
      await db.execute(sql`select
        (select count(*) from storefront_events e join inventories i on i.id = e.inventory_id where i.uid = ${uid} and kind = 'access')::int as accesses,
        (select count(*) from storefront_events e join inventories i on i.id = e.inventory_id where i.uid = ${uid} and kind = 'checkout')::int as checkouts,
        (select count(*) from storefront_events e join inventories i on i.id = e.inventory_id where i.uid = ${uid} and kind = 'catalog_sent')::int as catalogs,
        (select count(*) from attributed_orders o join inventories i on i.id = o.inventory_id where i.uid = ${uid} and cancelled_at is null and value_minor > 0)::int as orders,
        (select sum(value_minor) from attributed_orders o join inventories i on i.id = o.inventory_id where i.uid = ${uid} and cancelled_at is null and value_minor > 0)::int as value,
        (select count(*) from ai_requests where uid = ${uid})::int as requests`),
    )[0];
    expect(rolled).toEqual(recount);
    expect(recount).toMatchObject({
      accesses: 7,
      checkouts: 1,
      catalogs: 2,
      orders: 2,
      value: 15_000,
      requests: 2,
    });
  });
});

describe('GET /api/v1/dashboard.csv', () => {
  test('one row per day and source, every day present, names neutralised', async () => {
    const m = await merchant('csv');
    await record(m.secondInventory.id, 'access', ['2026-04-02T12:00:00Z', '2026-04-02T12:30:00Z']);
    await answerWithCatalog(m, '2026-04-02T14:00:00Z');
    const answer = await get(m.user, `/api/v1/dashboard.csv?${new URLSearchParams({ from: '2026-04-01', to: '2026-04-03', tz: 'UTC' })}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="catalyst-dashboard-2026-04-01-2026-04-03.csv"');
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,inventory,inventory_id,ai_base,ai_base_id,channel,channel_id,accesses,cart_views,checkouts,catalogs_sent,orders,converted_value,currency,requests,requests_text,requests_vision,requests_file,requests_voice,extra_requests',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('2026-04-01,,,,,,,0,0,0,0,0,0,,0,0,0,0,0,0');
    expect(lines[4]).toBe('2026-04-03,,,,,,,0,0,0,0,0,0,,0,0,0,0,0,0');
    const day2 = lines.slice(2, 4);
    // The inventory named like a formula is quoted with a leading apostrophe.
    expect(day2).toContainEqual(`2026-04-02,"'=HYPERLINK(""https://evil.example"")",${m.secondInventory.id},,,,,2,0,0,0,0,0,,0,0,0,0,0,0`);
    expect(day2).toContainEqual(
      `2026-04-02,Loja csv,${m.records.inventoryId},Vendedora,${m.records.activeBaseId},+55 11 90000-0000,${m.channelId},0,0,0,1,0,0,,1,1,0,0,0,0`,
    );
  });
});
