// The Checkouts screen's API (GET /api/v1/checkouts) over real HTTP: the period's figures counted from
// the checkouts' recovery state (abandoned, reminded, recovered, the rate recovered ÷ reminded — null
// when none was reminded —, the value recovered by currency, the discount codes used, the skipped by
// reason), the messages' cost summed from the prices the sender recorded for those checkouts'
// reminders, the return on it only where value and cost are one currency, the same figures of the
// period of as many days before; the list newest first with the shopper's number masked but its last
// four digits, filtered by status and inventory, and nothing of a checkout still waiting or left
// outside the period.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckoutList } from '@/domain/checkout-list';
import { recordCheckout } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { RECOVERY_TEST_PURPOSE, recoveryTestSendKey } from '@/server/checkouts/recovery-test-send';
import { reminderSendKey } from '@/server/checkouts/reminder-sends';
import { channels } from '@/server/channels/channel-tables';
import type { Db } from '@/server/db/database';
import { templateSends } from '@/server/messaging/template-send-tables';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, startTestServer, type TestServer } from './support/test-server';

let db: Db;
let server: TestServer;
let merchant: TestUser;
let records: ChannelMerchant;
let otherInventoryId: string;
let channelId: string;

type Seeded = { phone: string | null; at: string; totalMinor?: number; state: Partial<typeof storeCheckouts.$inferInsert> };
/** A checkout as its webhook left it, then its recovery state; its id. */
async function seed(inventoryId: string, { phone, at, totalMinor = 10_000, state }: Seeded): Promise<number> {
  const token = randomBytes(12).toString('hex');
  await recordCheckout(
    db,
    inventoryId,
    {
      token,
      shopifyCheckoutId: null,
      phone,
      whatsappUpdatesPhone: null,
      acceptsSmsMarketing: false,
      firstName: 'Ana',
      locale: 'pt-BR',
      currency: 'BRL',
      totalMinor,
      items: [{ title: 'Camiseta', quantity: 2, variantId: null }],
      recoveryUrl: null,
      startedAt: new Date(at),
      updatedAt: new Date(at),
      completedAt: null,
    },
    { webhookId: `w-${token}`, topic: 'checkouts/create' },
  );
  if (Object.keys(state).length > 0) await db.update(storeCheckouts).set(state).where(eq(storeCheckouts.token, token));
  const [row] = await db.select({ id: storeCheckouts.id }).from(storeCheckouts).where(eq(storeCheckouts.token, token));
  return row!.id;
}

/** A message as the sender records it: a checkout's reminder under the recovery worker's key unless told otherwise. */
async function send(values: { key: string; costMicros: number | null; status?: 'queued' | 'sent' | 'failed'; purpose?: string }) {
  await db.insert(templateSends).values({
    uid: merchant.uid,
    channelId,
    sendKey: values.key,
    purpose: values.purpose ?? 'checkout_recovery',
    templateName: 'cart_reminder',
    language: 'pt_BR',
    category: 'MARKETING',
    recipient: '+5511987654321',
    variables: {},
    status: values.status ?? 'sent',
    costMicros: values.costMicros,
  });
}

/** Brazil's marketing price per message, USD micros. */
const BRAZIL = 62_500;

beforeAll(async () => {
  ({ db } = await testDatabase());
  server = await startTestServer();
  merchant = await createUser('checkout-list');
  records = await seedAnsweringRecords(merchant.uid, 'checkout-list');
  const created = await call(`${server.url}/api/v1/inventories`, {
    method: 'POST',
    token: merchant.idToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Outra loja' }),
  });
  otherInventoryId = (created.body as { id: string }).id;
  channelId = randomUUID();
  await db.insert(channels).values({
    id: channelId,
    uid: merchant.uid,
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

  // November, the period asked for.
  const day = '2026-11-10T15:00:00Z';
  const reminded = { remindersSent: 1, recoveryStatus: 'reminded' as const };
  const recovered = await seed(records.inventoryId, {
    phone: '+5511987654321',
    at: day,
    totalMinor: 25_990,
    // Recovered by an order whose value, net of a refund, is less than the checkout's total (the figure is the order's),
    // and that used the reminder's discount code.
    state: {
      ...reminded,
      recoveryStatus: 'recovered',
      recoveredValueMinor: 23_990,
      recoveredCurrency: 'BRL',
      discountCode: 'VOLTA-7K2M',
      discountStep: 1,
      discountUsed: true,
    },
  });
  await send({ key: reminderSendKey(recovered, 1), costMicros: BRAZIL });
  const lost = await seed(records.inventoryId, {
    phone: '+5511987650001',
    at: day,
    state: { ...reminded, remindersSent: 3, recoveryStatus: 'lost' },
  });
  await send({ key: reminderSendKey(lost, 1), costMicros: BRAZIL });
  await send({ key: reminderSendKey(lost, 2), costMicros: BRAZIL });
  // Failed before Meta took it: no price.
  await send({ key: reminderSendKey(lost, 3), costMicros: null, status: 'failed' });
  // Still queued: no price yet.
  const waitingSend = await seed(records.inventoryId, { phone: '+5511987650002', at: day, state: reminded });
  await send({ key: reminderSendKey(waitingSend, 1), costMicros: null, status: 'queued' });
  await seed(records.inventoryId, { phone: '+5511987650003', at: day, state: { recoveryStatus: 'skipped', recoveryReason: 'no_consent' } });
  await seed(records.inventoryId, {
    phone: null,
    at: '2026-11-11T15:00:00Z',
    state: { recoveryStatus: 'skipped', recoveryReason: 'no_phone' },
  });
  // Its first reminder was asked for, then the shopper's reply stopped it before the count went up: it was paid for all the same.
  const stopped = await seed(records.inventoryId, {
    phone: '+5511987650007',
    at: day,
    state: { recoveryStatus: 'skipped', recoveryReason: 'shopper_replied' },
  });
  await send({ key: reminderSendKey(stopped, 1), costMicros: BRAZIL });
  // The merchant's own test of the flow is no reminder of a shopper's checkout.
  await send({ key: recoveryTestSendKey(records.inventoryId), purpose: RECOVERY_TEST_PURPOSE, costMicros: BRAZIL });
  // Still waiting (not abandoned yet), and one left outside both periods: in no figure.
  await seed(records.inventoryId, { phone: '+5511987650004', at: day, state: {} });
  const outside = await seed(records.inventoryId, { phone: '+5511987650005', at: '2026-10-01T15:00:00Z', state: reminded });
  await send({ key: reminderSendKey(outside, 1), costMicros: 99_000 });

  // October 2 to 31, the previous period of November's 30 days: a checkout recovered in US dollars, and one skipped.
  const inDollars = await seed(records.inventoryId, {
    phone: '+15551230001',
    at: '2026-10-15T15:00:00Z',
    state: { remindersSent: 2, recoveryStatus: 'recovered', recoveredValueMinor: 5_000, recoveredCurrency: 'USD' },
  });
  await send({ key: reminderSendKey(inDollars, 1), costMicros: 25_000 });
  await send({ key: reminderSendKey(inDollars, 2), costMicros: 15_000 });
  await seed(records.inventoryId, {
    phone: null,
    at: '2026-10-02T00:00:00Z',
    state: { recoveryStatus: 'skipped', recoveryReason: 'no_phone' },
  });

  // Another inventory of the same account: one skipped, one recovered in euros.
  await seed(otherInventoryId, { phone: '+5511987650006', at: day, state: { recoveryStatus: 'skipped', recoveryReason: 'no_consent' } });
  const inEuros = await seed(otherInventoryId, {
    phone: '+351912345678',
    at: day,
    state: { ...reminded, recoveryStatus: 'recovered', recoveredValueMinor: 4_000, recoveredCurrency: 'EUR' },
  });
  await send({ key: reminderSendKey(inEuros, 1), costMicros: 40_000 });
});
afterAll(async () => {
  await server?.close();
});

const list = async (query: string) => {
  const answer = await call(`${server.url}/api/v1/checkouts?${query}`, { token: merchant.idToken });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as CheckoutList;
};

/** November's figures of the first inventory, as its checkouts and their reminders' sends leave them. */
const november = {
  abandoned: 6,
  reminded: 3,
  recovered: 1,
  recoveryRate: 1 / 3,
  recoveredValue: [{ currency: 'BRL', totalMinor: 23_990 }],
  // The priced reminders: the recovered one's, the lost one's first two, the stopped one's.
  messagesCostMicros: 4 * BRAZIL,
  // Reais over dollars: no exchange rate is assumed.
  returnOnCost: null,
  returnWithheld: 'other_currency',
  discountCodesUsed: 1,
};

describe('GET /checkouts', () => {
  test('the figures are counted from the checkouts’ recovery, the rate is recovered ÷ reminded', async () => {
    const { figures, items, total } = await list(`from=2026-11-01&to=2026-11-30&inventory=${records.inventoryId}`);
    expect(figures).toEqual({
      ...november,
      skipped: { no_consent: 1, no_phone: 1, below_minimum: 0, recently_recovered: 0, before_flow_on: 0, flow_off: 0 },
      previous: {
        from: '2026-10-02',
        to: '2026-10-31',
        abandoned: 2,
        reminded: 1,
        recovered: 1,
        recoveryRate: 1,
        recoveredValue: [{ currency: 'USD', totalMinor: 5_000 }],
        messagesCostMicros: 40_000,
        // $50.00 back for $0.04 of messages.
        returnOnCost: 1_250,
        returnWithheld: null,
        discountCodesUsed: 0,
      },
    });
    expect(total).toBe(6);
    // Newest first, the number masked but its last four digits.
    expect(items[0]).toMatchObject({ phone: null, status: 'skipped', reason: 'no_phone', items: 2 });
    expect(items.map((item) => item.phone)).toContain('•••• 4321');
    expect(JSON.stringify(items)).not.toContain('98765');
  });

  test('the previous period is the one of as many days just before, counted alike', async () => {
    // December's 31 days come after October 31 to November 30: November's checkouts, whose figures they are.
    const december = await list(`from=2026-12-01&to=2026-12-31&inventory=${records.inventoryId}`);
    expect(december.figures.previous).toEqual({ from: '2026-10-31', to: '2026-11-30', ...november });
    // One day: the day before.
    const oneDay = await list(`from=2026-10-16&to=2026-10-16&inventory=${records.inventoryId}`);
    expect(oneDay.figures.previous).toMatchObject({ from: '2026-10-15', to: '2026-10-15', recovered: 1, messagesCostMicros: 40_000 });
    expect(oneDay.figures).toMatchObject({ abandoned: 0, messagesCostMicros: 0 });
  });

  test('a status filters the list, not the figures; without an inventory, every inventory of the account', async () => {
    const skipped = await list('from=2026-11-01&to=2026-11-30&status=skipped');
    expect(skipped.items.map((item) => item.reason).sort()).toEqual(['no_consent', 'no_consent', 'no_phone', 'shopper_replied']);
    expect(skipped.figures).toMatchObject({
      abandoned: 8,
      recovered: 2,
      recoveredValue: [
        { currency: 'BRL', totalMinor: 23_990 },
        { currency: 'EUR', totalMinor: 4_000 },
      ],
      messagesCostMicros: 4 * BRAZIL + 40_000,
      // Reais and euros together divide by nothing honestly.
      returnOnCost: null,
      returnWithheld: 'several_currencies',
    });

    const none = await list(`from=2026-12-01&to=2026-12-31&inventory=${records.inventoryId}`);
    expect(none.figures).toMatchObject({
      abandoned: 0,
      reminded: 0,
      recovered: 0,
      recoveryRate: null,
      recoveredValue: [],
      messagesCostMicros: 0,
      returnOnCost: null,
      returnWithheld: 'no_cost',
      discountCodesUsed: 0,
    });
    expect(none.items).toEqual([]);
  });

  test('a malformed period, one running backwards, longer than 366 days or before 1970 is a 400', async () => {
    for (const period of [
      'from=yesterday&to=2026-11-30',
      'from=2026-11-30&to=2026-11-01',
      'from=2025-01-01&to=2026-01-02',
      // Its previous period would fall before the first year a timestamp holds.
      'from=0001-01-01&to=0001-01-31',
    ]) {
      const answer = await call(`${server.url}/api/v1/checkouts?${period}`, { token: merchant.idToken });
      expect(answer.status, period).toBe(400);
      const exported = await call(`${server.url}/api/v1/checkouts/export.csv?${period}`, { token: merchant.idToken });
      expect(exported.status, period).toBe(400);
    }
    // A leap year's whole year: the longest period.
    expect((await call(`${server.url}/api/v1/checkouts?from=2028-01-01&to=2028-12-31`, { token: merchant.idToken })).status).toBe(200);
  });
});
