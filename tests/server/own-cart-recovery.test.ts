// Catalyst's own carts as abandoned checkouts (server/checkouts/own-carts.ts), on a clock of the
// test's own for the recovery worker, with the real sender, the loopback WhatsApp Cloud API and the
// app on loopback: a cart page's checkout opened with the shopper's number, and a WhatsApp cart whose
// link the AI base sent, are reminded like a store's checkout when the shopper's consent covers the
// reminder (skipped 'no_consent' otherwise), never once the cart's order came before the first
// reminder (by the order webhook's recovery attribute, or the sync's cart attribute), give way to the
// store's checkout opened from the cart, and are recovered by the order the reminder's way back — the
// cart page, carrying the recovery's ref on to the store's checkout — brings.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CART_ATTRIBUTE } from '@/domain/checkout-link';
import { defaultRecoveryFlow, type RecoveryFlow } from '@/domain/checkout-recovery';
import { toGraphTemplate, type TemplateLanguage } from '@/domain/message-template';
import { SHOP_DATA_ELEMENT_ID } from '@/domain/public-pages';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import type { CheckoutAnswer } from '@/domain/storefront';
import { modelCatalog } from '@/server/answering/model-catalog';
import { aiBaseStore } from '@/server/ai-bases/ai-base-store';
import { buildApp } from '@/server/app';
import { channelStore } from '@/server/channels/channel-store';
import { cloudApiClient } from '@/server/channels/cloud-api-client';
import { replyPlan, type AnswerDependencies } from '@/server/channels/inbound-answer';
import { RECOVERY_QUEUE, recordCheckout } from '@/server/checkouts/checkout-intake';
import { checkoutListStore } from '@/server/checkouts/checkout-list-store';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { ownCarts, ownCartToken } from '@/server/checkouts/own-carts';
import { RECOVERY_ATTRIBUTE } from '@/server/checkouts/recovery-ref';
import { recoveryFlowStore, type RecoveryFlowStore } from '@/server/checkouts/recovery-flow-store';
import { recoverCheckout, type RecoveryDependencies } from '@/server/checkouts/recovery-worker';
import { contactStore, type ContactStore } from '@/server/contacts/contact-store';
import type { Db } from '@/server/db/database';
import { inventories, inventoryProducts } from '@/server/inventories/inventory-tables';
import { jobs } from '@/server/jobs/job-tables';
import { knowledgeStore } from '@/server/knowledge/knowledge-store';
import { templateSender, type TemplateSender } from '@/server/messaging/template-sender';
import { ORDER_EVENT_QUEUE, recordOrderEvents } from '@/server/order-events/order-event-intake';
import { orderCreatedFromWebhook } from '@/server/order-events/shopify-order-events';
import { secretBox } from '@/server/secrets/secret-box';
import { attributedRows, upsertAttributedOrders } from '@/server/storefront/attributed-orders';
import { storefrontStore } from '@/server/storefront/storefront-store';
import { renderPage, renderShopPage } from '@/src/entry-server';
import type { ShopDocument } from '@/src/features/storefront/shop-page-data';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { seededProducts } from './support/storefront-seed';
import { connectTemplateNumber, sendQueued } from './support/template-number';
import { testDatabase } from './support/test-database';
import { call, testEnv } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');
const QUEUE = `template-sends-own-carts-${randomBytes(4).toString('hex')}`;
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * The worker's clock. The app stamps a cart page's checkout with its own time: the tests read that
 * stamp and run the worker from it; the flow is switched on well before any of them.
 */
let clock = Date.parse('2026-01-05T12:00:00Z');
const now = () => new Date(clock);

let db: Db;
let cloudApi: WhatsAppCloudApiServer;
let app: FastifyInstance;
let url: string;
let distDir: string;
let merchant: TestUser;
let records: ChannelMerchant;
let publicId: string;
let catalogId: string;
let attributionCode: string;
let channelId: string;
let contacts: ContactStore;
let sender: TemplateSender;
let deps: RecoveryDependencies;
let flows: RecoveryFlowStore;
let answering: AnswerDependencies;
const number = fixturePhoneNumber(35, { phoneNumberId: newPhoneNumberId() });
const reminders = (['cart_reminder_1', 'cart_reminder_2'] as const).map((key) => readyMadeTemplate(key).draft);

beforeAll(async () => {
  ({ db } = await testDatabase());
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false, now: () => clock });
  cloudApi.addNumber(number);
  for (const template of reminders)
    for (const language of ['pt_BR', 'en_US', 'es'] as TemplateLanguage[])
      cloudApi.addTemplate(number.wabaId, toGraphTemplate(template, language));

  distDir = mkdtempSync(join(tmpdir(), 'catalyst-own-carts-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(
    join(distDir, 'shop.html'),
    '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/shop-1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  mkdirSync(join(distDir, 'assets'));
  app = await buildApp({
    env: { ...testEnv, SECRETS_KEY, WHATSAPP_GRAPH_URL: cloudApi.graphUrl, KNOWLEDGE_WORKER: 'off' },
    database: await testDatabase(),
    distDir,
    renderer: { renderPage, renderShopPage },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  merchant = await createUser('own-carts');
  records = await seedAnsweringRecords(merchant.uid, 'own-carts');
  channelId = await connectTemplateNumber(url, merchant, records, number);
  // The merchant's inventory as a sync leaves it: its catalog and products, published.
  catalogId = String(3_000_000_000_000_000 + Math.floor(Math.random() * 1e12));
  const [published] = await db
    .update(inventories)
    .set({
      catalogId,
      website: 'https://loja.example.com.br',
      status: 'configured',
      savedSteps: 2,
      syncStatus: 'synced',
      lastSyncedAt: new Date(clock),
      store: { name: 'Loja Própria', currency: 'BRL' },
    })
    .where(eq(inventories.id, records.inventoryId))
    .returning({ publicId: inventories.publicId, attributionCode: inventories.attributionCode });
  ({ publicId, attributionCode } = published!);
  await db.insert(inventoryProducts).values(
    seededProducts.map((product, position) => ({
      inventoryId: records.inventoryId,
      key: product.key,
      position,
      searchText: product.title,
      product,
    })),
  );

  const secrets = secretBox(Buffer.from(SECRETS_KEY, 'base64'));
  const channels = channelStore(db, secrets);
  contacts = contactStore(db, { now });
  sender = templateSender(db, { channels, contacts, cloudApi: cloudApiClient({ graphUrl: cloudApi.graphUrl }), now, queue: QUEUE });
  flows = recoveryFlowStore(db, { channels, now });
  deps = { db, secrets, contacts, sender, now };
  const storefront = storefrontStore(db, { now });
  answering = {
    db,
    knowledge: knowledgeStore(db),
    models: modelCatalog(null),
    storefront,
    siteUrl: url,
    contacts,
    ownCarts: ownCarts(db, { storefront }),
  };
  // On from long before the app's stamps: no checkout of these tests was left before the flow was on.
  clock = Date.now() - 30 * DAY;
  await saveFlow();
});
afterAll(async () => {
  await db?.delete(jobs).where(eq(jobs.queue, QUEUE));
  await app?.close();
  await cloudApi?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

/** The merchant's flow: two reminders an hour and a day after the shopper left, without quiet hours (the app's stamps are the wall clock's). */
async function saveFlow(change: Partial<RecoveryFlow> = {}) {
  const flow = defaultRecoveryFlow();
  const variables = { first_name: 'first_name', cart_url: 'checkout_url' } as const;
  const steps = flow.steps.slice(0, 2).map((step) => ({ ...step, discount: null, variables }));
  return flows.save(merchant.uid, records.inventoryId, { ...flow, enabled: true, channelId, steps, quietHours: null, ...change });
}

/** The shopper's opt-in to marketing messages in their own voice. */
const consentsToMarketing = (phone: string) =>
  contacts.recordOptIn(merchant.uid, phone, 'marketing', 'whatsapp_conversation', now().toISOString());

/** 'Go to checkout' on the cart page, as the page's script sends it. */
async function openCheckout(body: Record<string, unknown>): Promise<CheckoutAnswer> {
  const answer = await call(`${url}/api/v1/storefront/${publicId}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_UA },
    body: JSON.stringify({ source: 'items_link', visitorId: 'visitor-own-carts', locale: 'pt', ...body }),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as CheckoutAnswer;
}
const twoShirts = [{ retailerId: 'CAM-M', quantity: 2, priceMinor: 5490, currency: 'BRL' }];

/** The own cart's row; its recovery jobs taken off the queue (no other file's worker takes them: this test runs the worker). */
async function rowOf(cartId: string) {
  await db.delete(jobs).where(eq(jobs.queue, RECOVERY_QUEUE));
  const [row] = await db
    .select()
    .from(storeCheckouts)
    .where(eq(storeCheckouts.token, ownCartToken(cartId)));
  return row;
}

/** A WhatsApp order from `phone` answered by the merchant's AI base at the test's clock; the cart id its link names. */
async function whatsappOrder(phone: string): Promise<string> {
  const base = await aiBaseStore(db).get(merchant.uid, records.activeBaseId);
  const plan = await replyPlan(answering, {
    uid: merchant.uid,
    plan: 'premium_plus',
    base: base!,
    inventoryId: records.inventoryId,
    content: { type: 'order', order: { catalog_id: catalogId, product_items: [{ product_retailer_id: 'CAM-P', quantity: 1 }] } },
    history: [],
    conversation: { channelId, sender: phone.slice(1), messageId: 1 },
    now: now(),
  });
  expect(plan?.kind).toBe('order_cart');
  const cartId = /cart\?cart=([\w-]+)/.exec(plan!.text)?.[1];
  expect(cartId).toBeDefined();
  return cartId!;
}

/** The Shopify order placed from the cart's checkout link, as its `orders/create` webhook brings it. */
async function orderWebhook(checkoutLink: string, placedAt: Date, id: number) {
  const params = new URL(checkoutLink).searchParams;
  const noteAttributes = [CART_ATTRIBUTE, RECOVERY_ATTRIBUTE]
    .filter((name) => params.has(`attributes[${name}]`))
    .map((name) => ({ name, value: params.get(`attributes[${name}]`) }));
  const event = orderCreatedFromWebhook({
    id,
    name: `#${id}`,
    created_at: placedAt.toISOString(),
    total_price: '109.80',
    currency: 'BRL',
    landing_site: `/cart/102:2?ref=${attributionCode}`,
    note_attributes: noteAttributes,
  });
  await recordOrderEvents(db, records.inventoryId, [event!], { source: 'webhook' });
  await db.delete(jobs).where(eq(jobs.queue, ORDER_EVENT_QUEUE));
}

const sendAll = (phone: string) => sendQueued({ db, sender, queue: QUEUE, cloudApi, phoneNumberId: number.phoneNumberId }, phone);
/** The way back a sent reminder carries. */
const linkIn = (send: unknown) => /https?:\/\/[^"\s\\]*\/cart\?cart=[^"\s\\]*/.exec(JSON.stringify(send))?.[0];

describe('a cart page’s checkout opened with the shopper’s number', () => {
  test('with marketing consent and no order: reminded at the flow’s time, its way back the cart page with the ref', async () => {
    const phone = '+5511976551001';
    await consentsToMarketing(phone);
    const answer = await openCheckout({ lines: twoShirts, whatsappUpdates: { phone: '(11) 97655-1001' } });
    const row = await rowOf(answer.cartId);
    expect(row).toMatchObject({
      source: 'cart_page',
      cartId: answer.cartId,
      phone,
      whatsappUpdatesPhone: phone,
      locale: 'pt',
      currency: 'BRL',
      totalMinor: 10_980,
      items: [{ title: 'Camiseta Básica – M', quantity: 2, variantId: '102' }],
      recoveryUrl: `${url}/pt/c/${publicId}/cart?cart=${answer.cartId}`,
      recoveryStatus: 'waiting',
    });
    // The store's checkout link carries the recovery's ref from the start: its order is known as this cart's.
    expect(new URL(answer.url).searchParams.get(`attributes[${RECOVERY_ATTRIBUTE}]`)).toBe(row!.recoveryRef);

    const left = row!.shopifyUpdatedAt.getTime();
    clock = left + 30 * MINUTE;
    expect(await recoverCheckout(deps, row!.id)).toEqual({ kind: 'later', at: new Date(left + HOUR) });
    clock = left + HOUR;
    expect(await recoverCheckout(deps, row!.id)).toMatchObject({ kind: 'sent', step: 1 });
    const [sent] = await sendAll(phone);
    expect(sent).toMatchObject({ name: 'cart_reminder_1', language: 'pt_BR' });
    const back = new URL(linkIn(sent)!);
    expect(back.pathname).toBe(`/pt/c/${publicId}/cart`);
    expect(back.searchParams.get('cart')).toBe(answer.cartId);
    expect(back.searchParams.get('ref')).toBe(row!.recoveryRef);
  });

  test('the order from its checkout placed before the first reminder: never messaged', async () => {
    const phone = '+5511976551002';
    await consentsToMarketing(phone);
    const answer = await openCheckout({ lines: twoShirts, whatsappUpdates: { phone } });
    const row = await rowOf(answer.cartId);
    const left = row!.shopifyUpdatedAt.getTime();
    await orderWebhook(answer.url, new Date(left + 10 * MINUTE), 7_100_001);

    clock = left + HOUR;
    expect(await recoverCheckout(deps, row!.id)).toEqual({ kind: 'closed' });
    expect(await rowOf(answer.cartId)).toMatchObject({
      completedAt: new Date(left + 10 * MINUTE),
      recoveryStatus: 'waiting',
      remindersSent: 0,
    });
    clock = left + DAY;
    expect(await recoverCheckout(deps, row!.id)).toEqual({ kind: 'closed' });
    expect(await sendAll(phone)).toEqual([]);
  });

  test('an order the sync attributes to the cart (its cart attribute alone) stops it too', async () => {
    const phone = '+5511976551003';
    await consentsToMarketing(phone);
    const answer = await openCheckout({ lines: twoShirts, whatsappUpdates: { phone } });
    const row = await rowOf(answer.cartId);
    const left = row!.shopifyUpdatedAt.getTime();
    const order = {
      id: 'gid://shopify/Order/7100002',
      createdAt: new Date(left + 20 * MINUTE).toISOString(),
      updatedAt: new Date(left + 20 * MINUTE).toISOString(),
      cancelledAt: null,
      customAttributes: [{ key: CART_ATTRIBUTE, value: answer.cartId }],
      customerJourneySummary: null,
      currentTotalPriceSet: { shopMoney: { amount: '109.80', currencyCode: 'BRL' } },
      discountCodes: [],
    };
    const rows = await attributedRows(db, { id: records.inventoryId, attributionCode }, [order]);
    expect(rows).toEqual([expect.objectContaining({ cartId: answer.cartId, attributedBy: 'cart_attribute' })]);
    await upsertAttributedOrders(db, rows);

    clock = left + HOUR;
    expect(await recoverCheckout(deps, row!.id)).toEqual({ kind: 'closed' });
    expect(await sendAll(phone)).toEqual([]);
  });

  test('it gives way to the store’s checkout opened from the cart, which is reminded instead', async () => {
    const phone = '+5511976551004';
    await consentsToMarketing(phone);
    const answer = await openCheckout({ lines: twoShirts, whatsappUpdates: { phone } });
    const row = await rowOf(answer.cartId);
    const left = row!.shopifyUpdatedAt.getTime();
    const token = `t${randomBytes(8).toString('hex')}`;
    await recordCheckout(
      db,
      records.inventoryId,
      {
        token,
        shopifyCheckoutId: '9300001',
        cartId: answer.cartId,
        phone,
        whatsappUpdatesPhone: phone,
        acceptsSmsMarketing: false,
        firstName: 'Bia',
        locale: 'pt-BR',
        currency: 'BRL',
        totalMinor: 10_980,
        items: [{ title: 'Camiseta Básica – M', quantity: 2, variantId: '102' }],
        recoveryUrl: `https://loja.example.com.br/checkouts/ac/${token}/recover`,
        startedAt: new Date(left + MINUTE),
        updatedAt: new Date(left + 2 * MINUTE),
        completedAt: null,
      },
      { webhookId: `w-${token}`, topic: 'checkouts/create' },
    );
    const [store] = await db.select().from(storeCheckouts).where(eq(storeCheckouts.token, token));
    await db.delete(jobs).where(eq(jobs.queue, RECOVERY_QUEUE));
    expect(store).toMatchObject({ source: 'store', cartId: answer.cartId });

    clock = left + HOUR;
    expect(await recoverCheckout(deps, row!.id)).toEqual({ kind: 'gave_way' });
    clock = left + 2 * MINUTE + HOUR;
    expect(await recoverCheckout(deps, store!.id)).toMatchObject({ kind: 'sent', step: 1 });
    const sends = await sendAll(phone);
    expect(sends).toHaveLength(1);
    expect(linkIn(sends[0])).toBeUndefined(); // the store's own way back, not the cart page
    expect(JSON.stringify(sends[0])).toContain('/recover');
  });
});

describe('a WhatsApp cart whose link was sent', () => {
  test('never used, with marketing consent: reminded; with the utility consent of order updates only: skipped, no consent', async () => {
    clock = Date.now();
    const consenting = '+5511976552001';
    await consentsToMarketing(consenting);
    const updatesOnly = '+5511976552002';
    await contacts.recordOptIn(merchant.uid, updatesOnly, 'utility', 'whatsapp_conversation', now().toISOString());
    const sentAt = clock;
    const reminded = await whatsappOrder(consenting);
    const skipped = await whatsappOrder(updatesOnly);
    const row = await rowOf(reminded);
    expect(row).toMatchObject({
      source: 'whatsapp_cart',
      phone: consenting,
      whatsappUpdatesPhone: null,
      totalMinor: 4_990,
      items: [{ title: 'Camiseta Básica – P', quantity: 1, variantId: null }],
      recoveryUrl: `${url}/pt/c/${publicId}/cart?cart=${reminded}`,
      shopifyUpdatedAt: new Date(sentAt),
    });
    const other = await rowOf(skipped);

    clock = sentAt + HOUR;
    expect(await recoverCheckout(deps, row!.id)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await recoverCheckout(deps, other!.id)).toEqual({ kind: 'skipped', reason: 'no_consent' });
    expect(await rowOf(skipped)).toMatchObject({ recoveryStatus: 'skipped', recoveryReason: 'no_consent' });
    expect(await sendAll(consenting)).toHaveLength(1);
    expect(await sendAll(updatesOnly)).toEqual([]);
  });

  test('the reminder’s link leads back to the cart, and the order from it counts the checkout recovered', async () => {
    clock = Date.now();
    const phone = '+5511976552003';
    await consentsToMarketing(phone);
    const cartId = await whatsappOrder(phone);
    const row = await rowOf(cartId);
    const sentAt = clock;
    clock = sentAt + HOUR;
    expect(await recoverCheckout(deps, row!.id)).toMatchObject({ kind: 'sent', step: 1 });
    const [sent] = await sendAll(phone);
    const back = linkIn(sent)!;
    expect(new URL(back).searchParams.get('ref')).toBe(row!.recoveryRef);

    // The way back is the cart's own page, with its lines.
    const page = await fetch(back, { headers: { 'user-agent': PHONE_UA } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const data = new RegExp(`<script type="application/json" id="${SHOP_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
    expect(data).toBeDefined();
    expect(JSON.stringify(JSON.parse(data!) as ShopDocument)).toContain(cartId);
    // Its checkout (no box ticked: the number is the one the shopper wrote from) carries the ref on to the store.
    const answer = await openCheckout({ cartId });
    expect(new URL(answer.url).searchParams.get(`attributes[${RECOVERY_ATTRIBUTE}]`)).toBe(row!.recoveryRef);
    expect(await rowOf(cartId)).toMatchObject({ source: 'cart_page', phone, remindersSent: 1 });
    // The Checkouts screen says where it came from.
    expect(await checkoutListStore(db).detail(merchant.uid, row!.id)).toMatchObject({ source: 'cart_page', remindersSent: 1 });

    await orderWebhook(answer.url, new Date(sentAt + 2 * HOUR), 7_100_003);
    expect(await rowOf(cartId)).toMatchObject({
      recoveryStatus: 'recovered',
      recoveredOrderId: '7100003',
      recoveredBy: 'cart_attribute',
      recoveredValueMinor: 10_980,
      recoveredCurrency: 'BRL',
    });
    clock = sentAt + DAY;
    expect(await recoverCheckout(deps, row!.id)).toEqual({ kind: 'closed' });
    expect(await sendAll(phone)).toHaveLength(1);
  });

  test('a shopper’s later cart is the one reminded: the earlier one gives way', async () => {
    clock = Date.now();
    const phone = '+5511976552004';
    await consentsToMarketing(phone);
    const first = await rowOf(await whatsappOrder(phone));
    clock += 5 * MINUTE;
    const second = await rowOf(await whatsappOrder(phone));
    clock += HOUR;
    expect(await recoverCheckout(deps, first!.id)).toEqual({ kind: 'gave_way' });
    expect(await recoverCheckout(deps, second!.id)).toMatchObject({ kind: 'sent', step: 1 });
    expect(await sendAll(phone)).toHaveLength(1);
  });
});
