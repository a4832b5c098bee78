// The Checkouts screen's search, timeline and CSV export over real HTTP (GET /api/v1/checkouts?q=,
// /api/v1/checkouts/:id, /api/v1/checkouts/export.csv): the search finds first names (case and accents
// aside, wildcards taken literally) and numbers by their last digits, filtering the list but not the
// figures; one checkout's timeline joins its reminders' sends by their keys, with their delivery as the
// sender records it; the export writes every row of the list's query, neutralised and masked; another
// account's checkout or inventory is a 404.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckoutDetail, CheckoutList } from '@/domain/checkout-list';
import { defaultRecoveryFlow } from '@/domain/checkout-recovery';
import { recordCheckout } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { recoveryFlows } from '@/server/checkouts/recovery-flow-tables';
import { channels } from '@/server/channels/channel-tables';
import type { Db } from '@/server/db/database';
import { inventories } from '@/server/inventories/inventory-tables';
import { templateSends } from '@/server/messaging/template-send-tables';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let db: Db;
let server: TestServer;
let merchant: TestUser;
let other: TestUser;
let records: ChannelMerchant;
let otherRecords: ChannelMerchant;
let formulaInventoryId: string;
let channelId: string;
/** Checkout ids by label. */
const ids: Record<string, string> = {};

const DAY = '2026-11-10T15:00:00Z';
const at = (iso: string) => new Date(iso);

type Seeded = {
  label: string;
  inventoryId: string;
  firstName: string | null;
  phone: string | null;
  updatedAt?: string;
  completedAt?: string;
  state?: Partial<typeof storeCheckouts.$inferInsert>;
};
async function seed({ label, inventoryId, firstName, phone, updatedAt = DAY, completedAt, state = {} }: Seeded) {
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
      firstName,
      locale: 'pt-BR',
      currency: 'BRL',
      totalMinor: 25_990,
      items: [
        { title: 'Camiseta', quantity: 2, variantId: null },
        { title: 'Boné', quantity: 1, variantId: null },
      ],
      recoveryUrl: 'https://loja.example/checkouts/way-back',
      startedAt: new Date(Date.parse(updatedAt) - 30 * 60_000),
      updatedAt: at(updatedAt),
      completedAt: completedAt ? at(completedAt) : null,
    },
    { webhookId: `w-${token}`, topic: 'checkouts/create' },
  );
  if (Object.keys(state).length > 0) await db.update(storeCheckouts).set(state).where(eq(storeCheckouts.token, token));
  const [row] = await db.select({ id: storeCheckouts.id }).from(storeCheckouts).where(eq(storeCheckouts.token, token));
  ids[label] = String(row!.id);
}

/** A reminder's send as the sender records it, under the recovery worker's key. */
async function send(label: string, step: number, values: Partial<typeof templateSends.$inferInsert>) {
  await db.insert(templateSends).values({
    uid: merchant.uid,
    channelId,
    sendKey: `recovery:${ids[label]}:${step}`,
    purpose: 'checkout_recovery',
    templateName: `cart_reminder_${step}`,
    language: 'pt_BR',
    category: 'MARKETING',
    recipient: '+5511987654321',
    variables: {},
    ...values,
  });
}

beforeAll(async () => {
  ({ db } = await testDatabase());
  server = await startTestServer();
  [merchant, other] = await Promise.all([createUser('checkout-detail'), createUser('checkout-detail-other')]);
  records = await seedAnsweringRecords(merchant.uid, 'checkout-detail');
  otherRecords = await seedAnsweringRecords(other.uid, 'checkout-detail-other');
  const [formula] = await db
    .insert(inventories)
    .values({ uid: merchant.uid, name: '=HYPERLINK("https://evil.example")', publicId: randomBytes(16).toString('base64url') })
    .returning({ id: inventories.id });
  formulaInventoryId = formula!.id;
  const flow = defaultRecoveryFlow();
  await db.insert(recoveryFlows).values({
    inventoryId: formulaInventoryId,
    uid: merchant.uid,
    enabled: false,
    settings: { steps: [{ ...flow.steps[0]!, delayMinutes: 15 }], minimumCartMinor: flow.minimumCartMinor, quietHours: flow.quietHours },
  });
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

  const inventoryId = records.inventoryId;
  // Two reminders, a discount code with the second, then the order: recovered.
  await seed({
    label: 'joao',
    inventoryId,
    firstName: 'João',
    phone: '+5511987654321',
    completedAt: '2026-11-12T10:00:00Z',
    state: {
      recoveryStatus: 'recovered',
      remindersSent: 2,
      firstReminderAt: at('2026-11-10T16:00:00Z'),
      lastReminderAt: at('2026-11-11T15:00:00Z'),
      discountCode: 'VOLTA-7K2M9Q',
      discountStep: 2,
    },
  });
  await send('joao', 1, {
    status: 'read',
    costMicros: 62_500,
    createdAt: at('2026-11-10T16:00:00Z'),
    sentAt: at('2026-11-10T16:00:02Z'),
  });
  await send('joao', 2, {
    status: 'delivered',
    costMicros: 62_500,
    createdAt: at('2026-11-11T15:00:00Z'),
    sentAt: at('2026-11-11T15:00:03Z'),
  });
  // The 4321 of its middle is no suffix.
  await seed({
    label: 'anaPaula',
    inventoryId,
    firstName: 'ANA Paula',
    phone: '+5521912341234',
    updatedAt: '2026-11-11T15:00:00Z',
    state: { recoveryStatus: 'skipped', recoveryReason: 'no_consent' },
  });
  await seed({
    label: 'lost',
    inventoryId,
    firstName: null,
    phone: '+5511900004321',
    updatedAt: '2026-11-09T15:00:00Z',
    state: {
      recoveryStatus: 'lost',
      remindersSent: 1,
      firstReminderAt: at('2026-11-09T16:00:00Z'),
      lastReminderAt: at('2026-11-09T16:00:00Z'),
    },
  });
  await send('lost', 1, { status: 'failed', reason: 'not_subscribed', createdAt: at('2026-11-09T16:00:00Z') });
  // The shopper wrote after the first reminder, which is still queued.
  await seed({
    label: 'mariana',
    inventoryId,
    firstName: 'Mariana',
    phone: '+5511987650099',
    updatedAt: '2026-11-08T15:00:00Z',
    state: { recoveryStatus: 'reminded', recoveryReason: 'shopper_replied', remindersSent: 1, firstReminderAt: at('2026-11-08T16:00:00Z') },
  });
  await send('mariana', 1, { createdAt: at('2026-11-08T16:00:00Z') });
  await seed({
    label: 'bia',
    inventoryId: formulaInventoryId,
    firstName: '=cmd|calc',
    phone: '+5511955554444',
    updatedAt: '2026-11-07T15:00:00Z',
    state: { recoveryStatus: 'skipped', recoveryReason: 'no_phone' },
  });
  // Recovered by an order that left the checkout without a completion time (another period's).
  await seed({
    label: 'refRecovered',
    inventoryId,
    firstName: 'Rita',
    phone: '+5511987650077',
    updatedAt: '2026-10-05T15:00:00Z',
    state: { recoveryStatus: 'recovered', remindersSent: 1, firstReminderAt: at('2026-10-05T16:00:00Z') },
  });
  // Not looked at yet: in no list or export, but its own page answers.
  await seed({ label: 'waiting', inventoryId, firstName: 'Ana', phone: '+5511987650001' });
  // Another account's shopper of the same name and number.
  await seed({
    label: 'foreign',
    inventoryId: otherRecords.inventoryId,
    firstName: 'Ana',
    phone: '+5511987654321',
    state: { recoveryStatus: 'skipped', recoveryReason: 'no_consent' },
  });
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, user = merchant) => call(`${server.url}/api/v1${path}`, { token: user.idToken });
const PERIOD = 'from=2026-11-01&to=2026-11-30';
const list = async (query: string) => {
  const answer = await get(`/checkouts?${PERIOD}&${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as CheckoutList;
};
const names = (page: CheckoutList) => page.items.map((item) => item.firstName);

describe('GET /checkouts?q=', () => {
  test('a first name is found whatever its case and accents, anywhere in it; the figures stay the period’s', async () => {
    const all = await list('');
    const found = await list('q=%20ana%20');
    expect(names(found).sort()).toEqual(['ANA Paula', 'Mariana']);
    expect(found.total).toBe(2);
    expect(found.figures).toEqual(all.figures);
    expect(all.total).toBe(5);
    expect(names(await list('q=joao'))).toEqual(['João']);
  });

  test('a number is found by its last digits only, however it is written', async () => {
    expect(names(await list('q=4321'))).toEqual(['João', null]);
    expect(names(await list(`q=${encodeURIComponent('98765-4321')}`))).toEqual(['João']);
    expect(names(await list(`q=${encodeURIComponent('(55) 98765')}`))).toEqual([]);
  });

  test('wildcards are taken literally, and a search combines with the status', async () => {
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
    const skipped = await list('status=skipped&q=ana');
    expect(names(skipped)).toEqual(['ANA Paula']);
    expect(skipped.total).toBe(1);
  });

  test('a search longer than 64 characters, or one holding NUL, is a 400', async () => {
    for (const q of ['a'.repeat(65), 'a\u0000b']) {
      const answer = await get(`/checkouts?${PERIOD}&q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).code).toBe('validation_failed');
    }
    expect((await list(`q=${'a'.repeat(64)}`)).total).toBe(0);
  });
});

const detail = async (label: string) => {
  const answer = await get(`/checkouts/${ids[label]}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as CheckoutDetail;
};

describe('GET /checkouts/:id', () => {
  test('a recovered checkout: its reminders as the sender records them, the discount code, the order', async () => {
    const checkout = await detail('joao');
    expect(checkout).toMatchObject({
      id: ids.joao,
      inventoryId: records.inventoryId,
      phone: '•••• 4321',
      firstName: 'João',
      status: 'recovered',
      remindersSent: 2,
      items: 3,
      lines: [
        { title: 'Camiseta', quantity: 2 },
        { title: 'Boné', quantity: 1 },
      ],
    });
    expect(checkout.inventoryName).not.toBe('');
    const reminder = { kind: 'reminder', language: 'pt_BR', reason: null, costMicros: 62_500 };
    expect(checkout.timeline).toEqual([
      { kind: 'started', at: '2026-11-10T14:30:00.000Z' },
      { kind: 'last_activity', at: '2026-11-10T15:00:00.000Z' },
      // The default flow's first delay: an hour after the last activity.
      { kind: 'abandoned', at: '2026-11-10T16:00:00.000Z' },
      {
        ...reminder,
        at: '2026-11-10T16:00:02.000Z',
        step: 1,
        templateName: 'cart_reminder_1',
        status: 'read',
        askedAt: '2026-11-10T16:00:00.000Z',
        sentAt: '2026-11-10T16:00:02.000Z',
      },
      { kind: 'discount_code', at: '2026-11-11T15:00:00.000Z', step: 2, code: 'VOLTA-7K2M9Q' },
      {
        ...reminder,
        at: '2026-11-11T15:00:03.000Z',
        step: 2,
        templateName: 'cart_reminder_2',
        status: 'delivered',
        askedAt: '2026-11-11T15:00:00.000Z',
        sentAt: '2026-11-11T15:00:03.000Z',
      },
      { kind: 'recovered', at: '2026-11-12T10:00:00.000Z' },
    ]);
    expect(JSON.stringify(checkout)).not.toContain('98765');
  });

  test('a stop after a still-queued reminder, a skip and a loss sit after what led to them', async () => {
    const kinds = async (label: string) => (await detail(label)).timeline.map((event) => [event.kind, event.at]);
    expect(await kinds('mariana')).toEqual([
      ['started', '2026-11-08T14:30:00.000Z'],
      ['last_activity', '2026-11-08T15:00:00.000Z'],
      ['abandoned', '2026-11-08T16:00:00.000Z'],
      ['reminder', '2026-11-08T16:00:00.000Z'],
      ['stopped', null],
    ]);
    const stopped = (await detail('mariana')).timeline;
    expect(stopped[3]).toMatchObject({ status: 'queued', sentAt: null, costMicros: null });
    expect(stopped[4]).toEqual({ kind: 'stopped', at: null, reason: 'shopper_replied' });

    expect((await detail('anaPaula')).timeline.slice(-2)).toEqual([
      { kind: 'abandoned', at: '2026-11-11T16:00:00.000Z' },
      { kind: 'skipped', at: null, reason: 'no_consent' },
    ]);
    const lost = await detail('lost');
    expect(lost.phone).toBe('•••• 4321');
    expect(lost.timeline.slice(-2)).toEqual([
      {
        kind: 'reminder',
        at: '2026-11-09T16:00:00.000Z',
        step: 1,
        templateName: 'cart_reminder_1',
        language: 'pt_BR',
        status: 'failed',
        reason: 'not_subscribed',
        costMicros: null,
        askedAt: '2026-11-09T16:00:00.000Z',
        sentAt: null,
      },
      // When the attribution window after the last reminder ended.
      { kind: 'lost', at: '2026-11-16T16:00:00.000Z' },
    ]);
    expect((await detail('refRecovered')).timeline.at(-1)).toEqual({ kind: 'recovered', at: null });
  });

  test('abandonment follows the inventory’s own flow; a checkout not looked at yet shows the shopper’s steps only', async () => {
    // The formula inventory's flow starts 15 minutes after the last activity.
    expect((await detail('bia')).timeline).toEqual([
      { kind: 'started', at: '2026-11-07T14:30:00.000Z' },
      { kind: 'last_activity', at: '2026-11-07T15:00:00.000Z' },
      { kind: 'abandoned', at: '2026-11-07T15:15:00.000Z' },
      { kind: 'skipped', at: null, reason: 'no_phone' },
    ]);
    const waiting = await detail('waiting');
    expect(waiting.status).toBe('waiting');
    expect(waiting.timeline.map((event) => event.kind)).toEqual(['started', 'last_activity']);
  });

  test('under DEMO_TIME_SCALE the timeline counts it abandoned on the recovery worker’s clock, not an hour ahead', async () => {
    // npm start's demo clock: the 15 minutes of the formula inventory's flow are 15 seconds.
    const demo = await startTestServer({ env: { DEMO_TIME_SCALE: '60' } });
    try {
      const answer = await call(`${demo.url}/api/v1/checkouts/${ids.bia}`, { token: merchant.idToken });
      expect(answer.status, answer.text).toBe(200);
      expect((answer.body as CheckoutDetail).timeline).toEqual([
        { kind: 'started', at: '2026-11-07T14:30:00.000Z' },
        { kind: 'last_activity', at: '2026-11-07T15:00:00.000Z' },
        { kind: 'abandoned', at: '2026-11-07T15:00:15.000Z' },
        { kind: 'skipped', at: null, reason: 'no_phone' },
      ]);
    } finally {
      await demo.close();
    }
  });

  test('another account’s checkout and an unknown id are a 404; an id that is no number a 400', async () => {
    for (const id of [ids.foreign, '999999999999999']) {
      const answer = await get(`/checkouts/${id}`);
      expect(answer.status).toBe(404);
      expect(errorOf(answer).code).toBe('not_found');
    }
    expect((await get(`/checkouts/${ids.foreign}`, other)).status).toBe(200);
    for (const id of ['abc', '0', '1.5', '-1', '1'.repeat(16)]) expect((await get(`/checkouts/${id}`)).status).toBe(400);
  });
});

/** The export's answer, its text decoded with the BOM kept (`response.text()` would drop it). */
const exported = async (query: string, user = merchant) => {
  const response = await fetch(`${server.url}/api/v1/checkouts/export.csv?${query}`, {
    headers: { authorization: `Bearer ${user.idToken}` },
  });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(response.status, text).toBe(200);
  return { headers: response.headers, text };
};
const dataLines = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .slice(1, -1);

describe('GET /checkouts/export.csv', () => {
  test('every checkout of the period, newest first: masked numbers, neutralised cells, a dated attachment', async () => {
    const answer = await exported(PERIOD);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="catalyst-checkouts-2026-11-01-2026-11-30.csv"');
    expect(
      answer.text.startsWith('\ufeffleft_at,inventory,status,reason,reminders_sent,total,currency,phone,first_name,completed_at\r\n'),
    ).toBe(true);
    const store = (await detail('joao')).inventoryName;
    expect(dataLines(answer.text)).toEqual([
      `2026-11-11T15:00:00.000Z,${store},skipped,no_consent,0,259.90,BRL,•••• 1234,ANA Paula,`,
      `2026-11-10T15:00:00.000Z,${store},recovered,,2,259.90,BRL,•••• 4321,João,2026-11-12T10:00:00.000Z`,
      `2026-11-09T15:00:00.000Z,${store},lost,,1,259.90,BRL,•••• 4321,,`,
      `2026-11-08T15:00:00.000Z,${store},reminded,shopper_replied,1,259.90,BRL,•••• 0099,Mariana,`,
      `2026-11-07T15:00:00.000Z,"'=HYPERLINK(""https://evil.example"")",skipped,no_phone,0,259.90,BRL,•••• 4444,'=cmd|calc,`,
    ]);
    expect(answer.text).not.toContain('98765');
  });

  test('the search, the status and the inventory filter it as they filter the list', async () => {
    expect(dataLines((await exported(`${PERIOD}&q=4321`)).text).map((line) => line.split(',')[2])).toEqual(['recovered', 'lost']);
    expect(dataLines((await exported(`${PERIOD}&status=skipped&inventory=${formulaInventoryId}`)).text)).toHaveLength(1);
  });

  test('more rows than a batch, many left at the same instant: each once', async () => {
    const rows = Array.from({ length: 520 }, (_, index) => ({
      inventoryId: records.inventoryId,
      token: `batch-${randomUUID()}`,
      firstName: `Lote ${index}`,
      items: [],
      startedAt: at('2026-08-01T10:00:00Z'),
      shopifyUpdatedAt: at(`2026-08-0${1 + (index % 3)}T12:00:00Z`),
      recoveryStatus: 'skipped' as const,
      recoveryReason: 'no_phone' as const,
    }));
    await db.insert(storeCheckouts).values(rows);
    const lines = dataLines((await exported('from=2026-08-01&to=2026-08-31')).text);
    expect(lines).toHaveLength(520);
    expect(new Set(lines.map((line) => line.split(',')[8])).size).toBe(520);
  });

  test('another account’s inventory is a 404, a malformed period a 400, and another account’s checkouts never appear', async () => {
    const crossed = await get(`/checkouts/export.csv?${PERIOD}&inventory=${otherRecords.inventoryId}`);
    expect(crossed.status).toBe(404);
    expect(errorOf(crossed).code).toBe('not_found');
    expect((await get('/checkouts/export.csv?from=yesterday&to=2026-11-30')).status).toBe(400);
    const theirs = await exported(PERIOD, other);
    expect(dataLines(theirs.text)).toEqual([expect.stringContaining(',skipped,no_consent,0,259.90,BRL,•••• 4321,Ana,')]);
  });
});
