// Checkout recovery's attribution (server/checkouts/recovered-orders.ts, recovery-ref.ts), end to end on
// a clock of the test's own: the loopback store sends its checkouts and orders as signed webhooks to
// the real app, the worker reminds with the real sender through the loopback WhatsApp Cloud API, and
// the sync's reader (server/inventories/order-reader.ts) reads the store's orders through Admin GraphQL
// into the same attribution it feeds. Each reminder's link carries its checkout's own ref; an order
// with that ref and no token within 7 days of a reminder recovers the checkout, one after does not; a
// refund lowers the recovered value and a cancellation makes it 0; an order placed while the reminder
// still waited at the sender recovers nothing and the reminder never goes; the webhook (by token) and the
// sync (by ref) seeing one order count it once, whichever comes first; an order with the checkout's
// discount code counts it used, whether the webhook, the order poll (`npm start`'s way: no webhooks)
// or the sync read it, and another code does not; the dashboard sums it all by the day of each first
// reminder, and the Checkouts figures count the codes used.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultRecoveryFlow, RECOVERY_ATTRIBUTION_DAYS, type RecoveryFlow } from '@/domain/checkout-recovery';
import type { CheckoutList } from '@/domain/checkout-list';
import type { Dashboard } from '@/domain/dashboard';
import type { Inventory } from '@/domain/inventory';
import { toGraphTemplate, type TemplateLanguage } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { channelStore } from '@/server/channels/channel-store';
import { cloudApiClient } from '@/server/channels/cloud-api-client';
import { RECOVERY_QUEUE } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { recoveryFlowStore, type RecoveryFlowStore } from '@/server/checkouts/recovery-flow-store';
import { RECOVERY_REF, recoveryLink } from '@/server/checkouts/recovery-ref';
import { RECOVERY_PURPOSE, reminderEndedSql, reminderSendKey } from '@/server/checkouts/reminder-sends';
import { recoverCheckout, type RecoveryDependencies } from '@/server/checkouts/recovery-worker';
import { contactStore } from '@/server/contacts/contact-store';
import type { Db } from '@/server/db/database';
import { inventories } from '@/server/inventories/inventory-tables';
import { readOrdersSince } from '@/server/inventories/order-reader';
import { jobs } from '@/server/jobs/job-tables';
import { pollInventoryOrders } from '@/server/order-events/order-event-poller';
import { templateSender, type TemplateSender } from '@/server/messaging/template-sender';
import { secretBox } from '@/server/secrets/secret-box';
import { attributedRows, upsertAttributedOrders } from '@/server/storefront/attributed-orders';
import { shopifyHmac, startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { integrationStep } from './support/integration-step';
import { connectTemplateNumber, sendQueued } from './support/template-number';
import { testDatabase } from './support/test-database';
import { buildTestApp, call, testEnv } from './support/test-server';

const SITE = 'https://catalyst.example';
const SECRETS_KEY = randomBytes(32).toString('base64');
const QUEUE = `template-sends-recovered-${randomBytes(4).toString('hex')}`;
/** 199.00 in the fixture store ("IPod Nano - 8GB"), which sells in USD. */
const IPOD_NANO = 808950810;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** When the flow is switched on; each test's checkout is left on a day of its own after it, at 09:00 in São Paulo. */
const SWITCHED_ON = Date.parse('2026-12-01T12:00:00Z');
const dayAt = (day: number) => SWITCHED_ON + day * DAY;
/** That day's date (UTC), as a period's `from` or `to`. */
const day = (offset: number) => new Date(dayAt(offset)).toISOString().slice(0, 10);
let clock = SWITCHED_ON;
const now = () => new Date(clock);

let db: Db;
let app: FastifyInstance;
let url: string;
let store: ShopifyAdminServer;
let cloudApi: WhatsAppCloudApiServer;
let merchant: TestUser;
let inventory: { id: string; attributionCode: string };
let channelId: string;
let sender: TemplateSender;
let deps: RecoveryDependencies;
let flows: RecoveryFlowStore;
const number = fixturePhoneNumber(35, { phoneNumberId: newPhoneNumberId() });
/** The ready-made third reminder's variables: the link, the discount's value and its code. */
const discountVariables = defaultRecoveryFlow().steps[2]!.variables;
/** The merchant's other inventory (no store): none of the checkouts are its. */
let otherInventoryId: string;
const checkoutIds: number[] = [];

beforeAll(async () => {
  ({ db } = await testDatabase());
  store = await startShopifyAdminServer();
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false, now: () => clock });
  cloudApi.addNumber(number);
  for (const key of ['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3'] as const)
    for (const language of ['pt_BR', 'en_US', 'es'] as TemplateLanguage[])
      cloudApi.addTemplate(number.wabaId, toGraphTemplate(readyMadeTemplate(key).draft, language));
  app = await buildTestApp({ ...testEnv, SECRETS_KEY, SITE_URL: SITE, WHATSAPP_GRAPH_URL: cloudApi.graphUrl });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  store.routeWebhooks((callbackUrl) => callbackUrl.replace(SITE, url));

  merchant = await createUser('recovered-orders');
  const records = await seedAnsweringRecords(merchant.uid, 'recovered-orders');
  channelId = await connectTemplateNumber(url, merchant, records, number);
  otherInventoryId = records.inventoryId;
  // The inventory on the store, saved with its app's API secret key: its checkouts and orders come as webhooks.
  const name = `Loja ${randomUUID().slice(0, 8)}`;
  const created = (await as('/inventories', 'POST', { name })).body as Inventory;
  const saved = await as(`/inventories/${created.id}/integration`, 'PUT', {
    ...integrationStep(store, { name, version: created.version }, { shopifyApiSecret: store.apiSecret }),
    shopifyToken: store.accessToken,
  });
  expect(saved.body).toMatchObject({ orderEvents: 'webhooks' });
  const [row] = await db
    .select({ id: inventories.id, attributionCode: inventories.attributionCode })
    .from(inventories)
    .where(eq(inventories.id, created.id));
  inventory = row!;

  const secrets = secretBox(Buffer.from(SECRETS_KEY, 'base64'));
  const channels = channelStore(db, secrets);
  const contacts = contactStore(db, { now });
  sender = templateSender(db, {
    channels,
    contacts,
    cloudApi: cloudApiClient({ graphUrl: cloudApi.graphUrl }),
    now,
    queue: QUEUE,
    endedSql: { [RECOVERY_PURPOSE]: reminderEndedSql }, // as server/services.ts builds it
  });
  flows = recoveryFlowStore(db, { channels, now });
  deps = { db, secrets, contacts, sender, now };
  await saveFlow();
});
afterAll(async () => {
  await db?.delete(jobs).where(eq(jobs.queue, QUEUE));
  await app?.close();
  await store?.close();
  await cloudApi?.close();
});

async function as(path: string, method = 'GET', body?: unknown) {
  return call(`${url}/api/v1${path}`, {
    method,
    token: merchant.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/** The ready-made reminders (their link from the checkout's way back), on, from the number; `change` over them. */
async function saveFlow(change: (flow: RecoveryFlow) => Partial<RecoveryFlow> = () => ({})) {
  const flow = defaultRecoveryFlow();
  const steps = flow.steps.map((step, index) => ({
    ...step,
    templateName: index === 2 ? 'cart_reminder_2' : step.templateName,
    discount: null,
    variables: { first_name: 'first_name', cart_url: 'checkout_url' } as const,
  }));
  const base = { ...flow, enabled: true, channelId, steps };
  return flows.save(merchant.uid, inventory.id, { ...base, ...change(base) });
}

const stateOf = async (id: number) => (await db.select().from(storeCheckouts).where(eq(storeCheckouts.id, id)))[0]!;

/**
 * A shopper leaves a checkout at the store at `at` (the store's webhook brings it) and gets the first
 * reminder an hour later (`sent: false`: the worker asked for it, the sender has not sent it yet).
 */
async function remindedCheckout(phone: string, at: number, { sent = true } = {}) {
  clock = at;
  const { checkout } = await store.startCheckout({
    lines: [{ variantId: IPOD_NANO, quantity: 2 }],
    phone,
    customerLocale: 'pt-BR',
    shippingAddress: { firstName: 'Ana', phone: null, countryCode: 'BR' },
    acceptsSmsMarketing: true,
    at: new Date(at).toISOString(),
  });
  const [row] = await db
    .select({ id: storeCheckouts.id })
    .from(storeCheckouts)
    .where(and(eq(storeCheckouts.inventoryId, inventory.id), eq(storeCheckouts.token, checkout.token)));
  // The app runs no worker: the test's runs are the only ones (at its clock).
  await db.delete(jobs).where(and(eq(jobs.queue, RECOVERY_QUEUE), sql`${jobs.payload}->>'checkoutId' = ${String(row!.id)}`));
  checkoutIds.push(row!.id);
  clock = at + HOUR + MINUTE;
  expect(await recoverCheckout(deps, row!.id)).toMatchObject({ kind: 'sent', step: 1 });
  if (sent) expect((await sends(phone)).length).toBeGreaterThan(0);
  return { id: row!.id, token: checkout.token, remindedAt: clock };
}

const sends = (phone: string) => sendQueued({ db, sender, queue: QUEUE, cloudApi, phoneNumberId: number.phoneNumberId }, phone);

/** The sync's read of the store's orders, as its order reader hands each page over (every order: `since` the epoch). */
async function syncReadsOrders() {
  await readOrdersSince(store.adminUrl, store.accessToken, new Date(0), {
    onOrders: async (orders) => {
      await upsertAttributedOrders(db, await attributedRows(db, inventory, orders));
    },
  });
}

/** An `orders/create` webhook the store signs, with what the fixture's own does not send (discount codes, a landing page). */
async function orderWebhook(order: Record<string, unknown>) {
  const body = JSON.stringify({ currency: 'USD', name: `#${order.id}`, ...order, admin_graphql_api_id: `gid://shopify/Order/${order.id}` });
  const answer = await call(`${url}/webhooks/shopify/${inventory.id}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': shopifyHmac(body, store.apiSecret),
      'x-shopify-webhook-id': randomUUID(),
    },
    body,
  });
  expect(answer.status, answer.text).toBe(200);
}
let webhookOrders = 7_700_000_000_000;

describe('a reminder’s way back', () => {
  test('each reminder’s link is the checkout’s recovery URL with the checkout’s own ref, the same for each reminder', async () => {
    const phone = '+5511976550001';
    const { id, remindedAt } = await remindedCheckout(phone, dayAt(1));
    const { recoveryRef, recoveryUrl } = await stateOf(id);
    expect(recoveryRef).toMatch(RECOVERY_REF);
    const link = recoveryLink(recoveryUrl!, recoveryRef!);
    expect(new URL(link).searchParams.get('ref')).toBe(recoveryRef);
    expect(new URL(link).searchParams.get('key')).toBe(new URL(recoveryUrl!).searchParams.get('key'));

    clock = remindedAt + DAY;
    expect(await recoverCheckout(deps, id)).toMatchObject({ kind: 'sent', step: 2 });
    const sent = await sends(phone);
    expect(sent.map((send) => send.name)).toEqual(['cart_reminder_1', 'cart_reminder_2']);
    for (const send of sent) expect(JSON.stringify(send)).toContain(JSON.stringify(link).slice(1, -1));
    expect((await stateOf(id)).recoveryRef).toBe(recoveryRef);

    // Another checkout's recovery has a ref of its own.
    const other = await remindedCheckout('+5511976550002', dayAt(1) + 2 * HOUR);
    expect((await stateOf(other.id)).recoveryRef).not.toBe(recoveryRef);
  });
});

describe('an order from the reminder’s link (its ref, no checkout token), read by the sync', () => {
  test('within 7 days it recovers the checkout with its value; a refund lowers the value, a cancellation makes it 0', async () => {
    const { id, remindedAt } = await remindedCheckout('+5511976551001', dayAt(3));
    const { recoveryRef } = await stateOf(id);
    const placedAt = remindedAt + 6 * DAY;
    const order = store.addOrder({ lines: [{ variantId: IPOD_NANO, quantity: 2 }], referralCode: recoveryRef, createdAt: placedAt });
    await syncReadsOrders();
    expect(await stateOf(id)).toMatchObject({
      recoveryStatus: 'recovered',
      recoveredOrderId: String(order.id),
      recoveredBy: 'ref',
      recoveredValueMinor: 39_800,
      recoveredCurrency: 'USD',
      recoveredAt: new Date(placedAt),
      completedAt: new Date(placedAt),
      discountUsed: false,
    });
    // The reminders end there.
    clock = remindedAt + DAY;
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'closed' });

    store.refundOrder(order.id, '50.00');
    await syncReadsOrders();
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'recovered', recoveredValueMinor: 34_800 });
    store.cancelOrder(order.id);
    await syncReadsOrders();
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'recovered', recoveredOrderId: String(order.id), recoveredValueMinor: 0 });
  });

  test('placed after 7 days from the last reminder, the same order recovers nothing', async () => {
    const { id, remindedAt } = await remindedCheckout('+5511976551002', dayAt(4));
    const { recoveryRef } = await stateOf(id);
    const placedAt = remindedAt + RECOVERY_ATTRIBUTION_DAYS * DAY + MINUTE;
    store.addOrder({ lines: [{ variantId: IPOD_NANO, quantity: 1 }], referralCode: recoveryRef, createdAt: placedAt });
    await syncReadsOrders();
    // Placed from it all the same: completed (no reminder goes), but the recovery had ended without an order.
    expect(await stateOf(id)).toMatchObject({
      recoveryStatus: 'reminded',
      recoveredOrderId: null,
      recoveredValueMinor: null,
      completedAt: new Date(placedAt),
    });
    clock = placedAt;
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'lost' });
  });

  test('an order with a ref that is no recovery’s, or another inventory’s referral code, recovers nothing', async () => {
    const { id, remindedAt } = await remindedCheckout('+5511976551003', dayAt(5));
    store.addOrder({
      lines: [{ variantId: IPOD_NANO, quantity: 1 }],
      referralCode: 'rcaaaaaaaaaaaaaaaaaaaa',
      createdAt: remindedAt + HOUR,
    });
    store.addOrder({
      lines: [{ variantId: IPOD_NANO, quantity: 1 }],
      referralCode: inventory.attributionCode,
      createdAt: remindedAt + HOUR,
    });
    await syncReadsOrders();
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'reminded', recoveredOrderId: null });
  });
});

describe('one order seen by the webhook and by the sync is counted once, whichever comes first', () => {
  test('the orders/create webhook (the checkout’s token) first; the sync and a redelivery add nothing, a refund still counts', async () => {
    const { id, token, remindedAt } = await remindedCheckout('+5511976552001', dayAt(6));
    const { recoveryRef } = await stateOf(id);
    clock = remindedAt + 2 * HOUR;
    const { order, deliveries } = await store.placeOrder({
      lines: [{ variantId: IPOD_NANO, quantity: 1 }],
      checkoutToken: token,
      referralCode: recoveryRef,
      createdAt: clock,
    });
    expect(deliveries.map((delivery) => [delivery.topic, delivery.status])).toEqual([['orders/create', 200]]);
    const recovered = {
      recoveryStatus: 'recovered',
      recoveredOrderId: String(order.id),
      recoveredBy: 'checkout_token',
      recoveredValueMinor: 19_900,
      completedAt: new Date(clock),
    };
    expect(await stateOf(id)).toMatchObject(recovered);

    await syncReadsOrders();
    await store.redeliver(deliveries[0]!);
    expect(await stateOf(id)).toMatchObject(recovered);
    const claiming = await db
      .select({ id: storeCheckouts.id })
      .from(storeCheckouts)
      .where(and(eq(storeCheckouts.inventoryId, inventory.id), eq(storeCheckouts.recoveredOrderId, String(order.id))));
    expect(claiming).toEqual([{ id }]);

    store.refundOrder(order.id, '19.90');
    await syncReadsOrders();
    expect(await stateOf(id)).toMatchObject({ ...recovered, recoveredValueMinor: 17_910 });
  });

  test('the sync first (the ref); the webhook of the same order later changes nothing, not even the value', async () => {
    const { id, token, remindedAt } = await remindedCheckout('+5511976552002', dayAt(7));
    const { recoveryRef } = await stateOf(id);
    const placedAt = remindedAt + 3 * HOUR;
    const order = store.addOrder({
      lines: [{ variantId: IPOD_NANO, quantity: 1 }],
      checkoutToken: token,
      referralCode: recoveryRef,
      createdAt: placedAt,
    });
    store.refundOrder(order.id, '9.00');
    await syncReadsOrders();
    const recovered = { recoveryStatus: 'recovered', recoveredOrderId: String(order.id), recoveredBy: 'ref', recoveredValueMinor: 19_000 };
    expect(await stateOf(id)).toMatchObject(recovered);
    // Shopify's orders/create of that order, delivered late: its total is the order's at creation.
    await orderWebhook({
      id: order.id,
      created_at: new Date(placedAt).toISOString(),
      total_price: '199.00',
      checkout_token: token,
      landing_site: `/?ref=${recoveryRef}`,
    });
    expect(await stateOf(id)).toMatchObject(recovered);
  });
});

/** The flow with the discount reminder (10 % off for 48 hours) first: each checkout reminded gets a code of its own. */
const saveFlowWithDiscountFirst = () =>
  saveFlow((flow) => ({
    steps: flow.steps.map((step, index) =>
      index === 0
        ? {
            ...step,
            templateName: 'cart_reminder_3',
            variables: { ...discountVariables },
            discount: { kind: 'percentage' as const, value: 10, expiresInHours: 48 },
          }
        : step,
    ),
  }));

describe('the recovery’s other marks', () => {
  test('an order with the checkout’s discount code counts it used; the recovery attribute recovers as the ref does', async () => {
    clock = dayAt(8) - HOUR;
    await saveFlowWithDiscountFirst();
    const withCode = await remindedCheckout('+5511976553001', dayAt(8));
    const { recoveryRef, discountCode } = await stateOf(withCode.id);
    expect(store.discountCodes().map((discount) => discount.code)).toContain(discountCode);
    const codeOrder = ++webhookOrders;
    await orderWebhook({
      id: codeOrder,
      created_at: new Date(withCode.remindedAt + DAY).toISOString(),
      total_price: '358.20',
      landing_site: `/checkouts/ac/${withCode.token}/recover?key=k&ref=${recoveryRef}`,
      discount_codes: [{ code: discountCode!.toLowerCase(), amount: '39.80', type: 'percentage' }],
    });
    expect(await stateOf(withCode.id)).toMatchObject({
      recoveryStatus: 'recovered',
      recoveredOrderId: String(codeOrder),
      recoveredBy: 'ref',
      recoveredValueMinor: 35_820,
      discountUsed: true,
    });

    const byAttribute = await remindedCheckout('+5511976553002', dayAt(8) + 2 * HOUR);
    const attributeOrder = ++webhookOrders;
    await orderWebhook({
      id: attributeOrder,
      created_at: new Date(byAttribute.remindedAt + HOUR).toISOString(),
      total_price: '398.00',
      note_attributes: [{ name: '_catalyst_recovery', value: (await stateOf(byAttribute.id)).recoveryRef }],
      discount_codes: [{ code: 'OUTRO-CUPOM' }],
    });
    expect(await stateOf(byAttribute.id)).toMatchObject({
      recoveryStatus: 'recovered',
      recoveredBy: 'cart_attribute',
      recoveredValueMinor: 39_800,
      discountUsed: false,
    });
    await saveFlow();
  });
});

describe('the dashboard', () => {
  const figuresOf = (answer: Dashboard) => ({
    reminded: answer.recovery.reminded.current,
    recovered: answer.recovery.recovered.current,
    rate: answer.recovery.rate.current,
    valueMinor: answer.recovery.valueMinor.current,
    discountsUsed: answer.recovery.discountsUsed.current,
    currency: answer.recovery.currency,
  });
  const read = async (query: Record<string, string>) => {
    const answer = await as(`/dashboard?${new URLSearchParams({ tz: 'UTC', ...query })}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as Dashboard;
  };

  test('reminded, recovered, the rate and the recovered value net of refunds, by the day of each first reminder', async () => {
    // Days 1 (two reminded), 3 (recovered, then cancelled: 0), 4, 5, 6 (19,900 − 1,990), 7 (19,000), 8 (35,820 with the code; 39,800).
    const all = await read({ from: day(0), to: day(9), inventory: inventory.id });
    expect(figuresOf(all)).toEqual({
      reminded: 9,
      recovered: 5,
      rate: 5 / 9,
      valueMinor: 17_910 + 19_000 + 35_820 + 39_800,
      discountsUsed: 1,
      currency: 'USD',
    });
    // One day: the cancelled recovery still counts as recovered, for no value.
    expect(figuresOf(await read({ from: day(3), to: day(3) }))).toEqual({
      reminded: 1,
      recovered: 1,
      rate: 1,
      valueMinor: 0,
      discountsUsed: 0,
      currency: null,
    });
    // None reminded: no rate.
    expect(figuresOf(await read({ from: day(-20), to: day(-10) }))).toMatchObject({ reminded: 0, rate: null, valueMinor: 0 });
    // Another inventory of the merchant's has none of them.
    expect(figuresOf(await read({ from: day(0), to: day(9), inventory: otherInventoryId }))).toMatchObject({ reminded: 0, recovered: 0 });

    // The rollups the triggers kept equal a recount from the checkouts themselves.
    await db.execute(sql`select dashboard_recount(${merchant.uid})`);
    expect(figuresOf(await read({ from: day(0), to: day(9), inventory: inventory.id }))).toEqual(figuresOf(all));
  });
});

describe('the reminder’s discount code on an order no webhook brought', () => {
  /** A reminder with a discount (10% off for 48 hours) first: each checkout reminded gets a code of its own. */
  beforeAll(async () => {
    clock = dayAt(11) - HOUR;
    await saveFlowWithDiscountFirst();
  });
  afterAll(() => saveFlow());

  /** Two checkouts reminded with their codes from `at`: the one whose order uses its code, and the one whose order uses another. */
  async function twoReminded(at: number, phones: [string, string]) {
    const withCode = await remindedCheckout(phones[0], at);
    const otherCode = await remindedCheckout(phones[1], at + HOUR);
    const [withState, otherState] = [await stateOf(withCode.id), await stateOf(otherCode.id)];
    expect(store.discountCodes().map((discount) => discount.code)).toEqual(
      expect.arrayContaining([withState.discountCode, otherState.discountCode]),
    );
    // The shoppers come back by the reminders' links and buy; the store sends no webhook of these orders.
    const lines = [{ variantId: IPOD_NANO, quantity: 2 }];
    const used = store.addOrder({
      lines,
      referralCode: withState.recoveryRef,
      discountCodes: [{ code: withState.discountCode!.toLowerCase(), amount: '39.80', type: 'percentage' }],
      createdAt: clock,
    });
    const other = store.addOrder({ lines, referralCode: otherState.recoveryRef, discountCodes: ['OUTRO-CUPOM'], createdAt: clock });
    return { withCode: withCode.id, otherCode: otherCode.id, used, other };
  }

  test('read by the order poll, the order with the reminder’s code counts it used; one with another code does not', async () => {
    const { withCode, otherCode, used, other } = await twoReminded(dayAt(11), ['+5511976554001', '+5511976554002']);
    clock += MINUTE;
    expect(await pollInventoryOrders({ db, secrets: deps.secrets, publicOrigin: SITE }, inventory.id, { now: now() })).toMatchObject({
      outcome: 'polled',
      recorded: 2,
    });
    expect(await stateOf(withCode)).toMatchObject({
      recoveryStatus: 'recovered',
      recoveredOrderId: String(used.id),
      recoveredBy: 'ref',
      recoveredValueMinor: 35_820,
      discountUsed: true,
    });
    expect(await stateOf(otherCode)).toMatchObject({
      recoveryStatus: 'recovered',
      recoveredOrderId: String(other.id),
      recoveredValueMinor: 39_800,
      discountUsed: false,
    });
  });

  test('read by the sync, alike; the Checkouts figures count the codes used', async () => {
    const { withCode, otherCode, used, other } = await twoReminded(dayAt(12), ['+5511976554003', '+5511976554004']);
    await syncReadsOrders();
    expect(await stateOf(withCode)).toMatchObject({ recoveryStatus: 'recovered', recoveredOrderId: String(used.id), discountUsed: true });
    expect(await stateOf(otherCode)).toMatchObject({
      recoveryStatus: 'recovered',
      recoveredOrderId: String(other.id),
      discountUsed: false,
    });

    const answer = await as(`/checkouts?${new URLSearchParams({ from: day(11), to: day(12), inventory: inventory.id })}`);
    expect(answer.status, answer.text).toBe(200);
    expect((answer.body as CheckoutList).figures).toMatchObject({ reminded: 4, recovered: 4, discountCodesUsed: 2 });
  });
});

// After the order poll's tests: its orders are the store's newest, which the poll would read too.
describe('an order placed while its reminder waited for its turn at the sender', () => {
  test('recovers nothing: the checkout is completed, the reminder never goes, the worker stops the flow', async () => {
    const phone = '+5511976551004';
    const { id, token, remindedAt } = await remindedCheckout(phone, dayAt(14), { sent: false });
    const { recoveryRef } = await stateOf(id);
    clock = remindedAt + MINUTE;
    const { deliveries } = await store.placeOrder({
      lines: [{ variantId: IPOD_NANO, quantity: 1 }],
      checkoutToken: token,
      createdAt: clock,
    });
    expect(deliveries.map((delivery) => [delivery.topic, delivery.status])).toEqual([['orders/create', 200]]);
    // The sync reads the same order later, with the ref it would have had: still no reminder went before it.
    store.addOrder({ lines: [{ variantId: IPOD_NANO, quantity: 1 }], referralCode: recoveryRef, createdAt: clock });
    await syncReadsOrders();
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'reminded', recoveredOrderId: null, completedAt: new Date(clock) });
    expect(await sends(phone)).toEqual([]);
    expect(await sender.byKey(merchant.uid, reminderSendKey(id, 1))).toMatchObject({ status: 'failed', reason: 'no_longer_wanted' });
    expect(await recoverCheckout(deps, id)).toEqual({ kind: 'stopped', reason: 'order_placed' });
  });
});

describe('a shopper who buys from the link at once', () => {
  test('counts: Meta took the reminder a moment before its sending was written here, and the store keeps whole seconds', async () => {
    const phone = '+5511976551005';
    const { id, token, remindedAt } = await remindedCheckout(phone, dayAt(15), { sent: false });
    // Meta's answer is written 2 s after the reminder was asked for; the shopper bought 1 s after it was asked for.
    clock = remindedAt + 2_000;
    expect(await sends(phone)).toHaveLength(1);
    const { deliveries } = await store.placeOrder({
      lines: [{ variantId: IPOD_NANO, quantity: 2 }],
      checkoutToken: token,
      createdAt: remindedAt + 1_000,
    });
    expect(deliveries.map((delivery) => [delivery.topic, delivery.status])).toEqual([['orders/create', 200]]);
    expect(await stateOf(id)).toMatchObject({ recoveryStatus: 'recovered', recoveredBy: 'checkout_token' });
  });
});

afterAll(async () => {
  if (checkoutIds.length === 0) return;
  await db?.delete(jobs).where(and(eq(jobs.queue, RECOVERY_QUEUE), sql`(${jobs.payload}->>'checkoutId')::bigint in ${checkoutIds}`));
});
