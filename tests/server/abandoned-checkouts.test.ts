// A store's abandoned checkouts read by each inventory sync (server/checkouts/abandoned-checkout-reader.ts
// through inventory-sync.ts's syncInventory, run by the test on the run's database, PGlite or
// PostgreSQL) against loopback stores: a checkout no webhook brought becomes a store_checkouts row with
// its recovery job queued as a webhook's is, and its shopper is reminded like any other (the real
// recovery worker, sender and Cloud API, on the test's clock); the first read reaches back a flow's
// longest step, the next starts from the last; a checkout seen both ways is one row — the sync after
// its webhook changes nothing, the sync completes it when the webhook of its order was lost, and a
// webhook after the sync fills in what GraphQL does not carry.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultRecoveryFlow } from '@/domain/checkout-recovery';
import type { Inventory } from '@/domain/inventory';
import { toGraphTemplate, type TemplateLanguage } from '@/domain/message-template';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { channelStore } from '@/server/channels/channel-store';
import { cloudApiClient } from '@/server/channels/cloud-api-client';
import { FIRST_READ_MS } from '@/server/checkouts/abandoned-checkout-reader';
import { RECOVERY_QUEUE } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { recoveryFlowStore, type RecoveryFlowStore } from '@/server/checkouts/recovery-flow-store';
import { recoverCheckout, type RecoveryDependencies } from '@/server/checkouts/recovery-worker';
import { contactStore } from '@/server/contacts/contact-store';
import type { Db } from '@/server/db/database';
import { inventories, inventorySyncRuns } from '@/server/inventories/inventory-tables';
import { syncInventory, type SyncDependencies } from '@/server/inventories/inventory-sync';
import { updatedSinceQuery, WATERMARK_OVERLAP_MS } from '@/server/inventories/order-reader';
import { jobs } from '@/server/jobs/job-tables';
import { templateSender, type TemplateSender } from '@/server/messaging/template-sender';
import { secretBox } from '@/server/secrets/secret-box';
import { startDemoPeers, type DemoPeers } from '../fixtures/demo-peers';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { integrationStep } from './support/integration-step';
import { connectTemplateNumber, sendQueued } from './support/template-number';
import { testDatabase } from './support/test-database';
import { call, startTestServer, type TestServer } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');
const SITE = 'https://catalyst.example';
const QUEUE = `template-sends-abandoned-${randomBytes(4).toString('hex')}`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 199.00 in the fixture stores ("IPod Nano - 8GB"). */
const IPOD_NANO = 808950810;
/**
 * 09:00 in São Paulo, some days back: the recovery flow is switched on, and a sync's first read counts
 * back from here. A later sync reads from the last one's start, the database's time: the checkouts of
 * the second describe are changed at the real time, after the sync before them started.
 */
let clock = Date.parse('2026-11-16T12:00:00Z');
const now = () => new Date(clock);

let db: Db;
let peers: DemoPeers;
/** A store whose checkout webhooks reach the app (the other, the peers', sends none). */
let webhookStore: ShopifyAdminServer;
let cloudApi: WhatsAppCloudApiServer;
let server: TestServer;
let merchant: TestUser;
let records: ChannelMerchant;
let channelId: string;
let sender: TemplateSender;
let deps: RecoveryDependencies;
let flows: RecoveryFlowStore;
let syncDeps: SyncDependencies;
const number = fixturePhoneNumber(41, { phoneNumberId: newPhoneNumberId() });
const secrets = secretBox(Buffer.from(SECRETS_KEY, 'base64'));

beforeAll(async () => {
  ({ db } = await testDatabase());
  peers = await startDemoPeers({ orders: [] });
  webhookStore = await startShopifyAdminServer();
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false, now: () => clock });
  cloudApi.addNumber(number);
  for (const key of ['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3'] as const)
    for (const language of ['pt_BR', 'en_US', 'es'] as TemplateLanguage[])
      cloudApi.addTemplate(number.wabaId, toGraphTemplate(readyMadeTemplate(key).draft, language));
  server = await startTestServer({ env: { SECRETS_KEY, SITE_URL: SITE, WHATSAPP_GRAPH_URL: cloudApi.graphUrl } });
  webhookStore.routeWebhooks((callbackUrl) => callbackUrl.replace(SITE, server.url));
  merchant = await createUser('abandoned-checkouts');
  records = await seedAnsweringRecords(merchant.uid, 'abandoned-checkouts');
  channelId = await connectTemplateNumber(server.url, merchant, records, number);

  const channels = channelStore(db, secrets);
  const contacts = contactStore(db, { now });
  sender = templateSender(db, { channels, contacts, cloudApi: cloudApiClient({ graphUrl: cloudApi.graphUrl }), now, queue: QUEUE });
  flows = recoveryFlowStore(db, { channels, now });
  deps = { db, secrets, contacts, sender, now };
  syncDeps = { db, secrets, meta: { graphUrl: peers.meta.graphUrl, accessToken: peers.meta.accessToken }, now };
});
afterAll(async () => {
  await db?.delete(jobs).where(eq(jobs.queue, QUEUE));
  await server?.close();
  await cloudApi?.close();
  await webhookStore?.close();
  await peers?.close();
});

/** The inventory as a sync finds it once both steps are saved: on `store`'s token, showing the demo catalog. */
async function configured(inventoryId: string, store: ShopifyAdminServer) {
  await db
    .update(inventories)
    .set({
      ecommerceType: 'shopify',
      shopifyUrl: store.adminUrl,
      website: store.storefrontUrl,
      catalogId: peers.catalogId,
      status: 'configured',
      savedSteps: 2,
      shopifyTokenSealed: secrets.seal(store.accessToken, inventoryId),
    })
    .where(eq(inventories.id, inventoryId));
}

/** One sync of the inventory on the test's clock; its run as recorded. */
async function sync(inventoryId: string) {
  expect(await syncInventory(syncDeps, inventoryId, 'manual', new AbortController().signal)).toBe('done');
  const [run] = await db
    .select()
    .from(inventorySyncRuns)
    .where(eq(inventorySyncRuns.inventoryId, inventoryId))
    .orderBy(desc(inventorySyncRuns.startedAt))
    .limit(1);
  expect(run).toMatchObject({ status: 'succeeded', failure: null });
  return run!;
}

const checkoutsOf = (inventoryId: string) =>
  db.select().from(storeCheckouts).where(eq(storeCheckouts.inventoryId, inventoryId)).orderBy(asc(storeCheckouts.id));

/** The checkout's recovery job: when it is due, counted from when it was queued. */
async function recoveryJobOf(checkoutId: number) {
  return db
    .select({
      delayMs: sql<number>`(extract(epoch from ${jobs.runAfter} - ${jobs.createdAt}) * 1000)::int`,
      due: sql<boolean>`${jobs.runAfter} <= now()`,
    })
    .from(jobs)
    .where(and(eq(jobs.queue, RECOVERY_QUEUE), sql`${jobs.payload}->>'checkoutId' = ${String(checkoutId)}`));
}

/** The `query` of each abandonedCheckouts read `store` was asked since request `from`. */
const checkoutQueriesSince = (store: ShopifyAdminServer, from: number) =>
  store.requests
    .slice(from)
    .filter((request) => request.url.endsWith('/graphql.json') && request.body.includes('CatalystAbandonedCheckouts'))
    .map((request) => (JSON.parse(request.body) as { variables: { query: string } }).variables.query);

describe('a checkout no webhook brought', () => {
  test('the sync records it with its recovery job as a webhook’s, and its shopper is reminded like any other', async () => {
    const phone = '+5511976545001';
    await configured(records.inventoryId, peers.shopify);
    const flow = defaultRecoveryFlow();
    const variables = { first_name: 'first_name', cart_url: 'checkout_url' } as const;
    await flows.save(merchant.uid, records.inventoryId, {
      ...flow,
      enabled: true,
      channelId,
      steps: flow.steps.slice(0, 1).map((step) => ({ ...step, discount: null, variables })),
    });
    // The shopper said yes to the store's WhatsApp messages in an earlier conversation.
    await deps.contacts.recordOptIn(merchant.uid, phone, 'marketing', 'whatsapp_conversation', new Date(clock - DAY).toISOString());

    const shopper = {
      lines: [{ variantId: IPOD_NANO, quantity: 2 }],
      phone: null,
      shippingAddress: { firstName: 'Ana', lastName: 'Souza', phone: '(11) 97654-5001', countryCode: 'BR' },
    };
    const left = (await peers.shopify.startCheckout({ ...shopper, at: new Date(clock + MINUTE).toISOString() })).checkout;
    const placed = (await peers.shopify.startCheckout({ ...shopper, at: new Date(clock + 2 * MINUTE).toISOString() })).checkout;
    await peers.shopify.updateCheckout(placed.token, { completed: true, at: new Date(clock + 9 * MINUTE).toISOString() });
    // Left eight days before the sync: past the first read's reach (a flow's longest step).
    const old = (await peers.shopify.startCheckout({ ...shopper, at: new Date(clock - 8 * DAY).toISOString() })).checkout;

    const from = peers.shopify.requests.length;
    const first = await sync(records.inventoryId);
    expect(checkoutQueriesSince(peers.shopify, from)).toEqual([updatedSinceQuery(new Date(clock - FIRST_READ_MS))]);
    expect(first.report!.counts.checkoutsRecorded).toBe(2);
    const [kept, completed, ...more] = await checkoutsOf(records.inventoryId);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({
      token: left.token,
      shopifyCheckoutId: String(left.id),
      phone,
      firstName: 'Ana',
      currency: 'BRL',
      totalMinor: 39_800,
      items: [{ title: 'IPod Nano - 8GB', quantity: 2, variantId: String(IPOD_NANO) }],
      completedAt: null,
      recoveryStatus: 'waiting',
    });
    expect(kept!.recoveryUrl).toContain(`/checkouts/ac/${left.token}/recover`);
    expect(kept!.shopifyUpdatedAt.toISOString()).toBe(new Date(clock + MINUTE).toISOString());
    expect(completed).toMatchObject({ token: placed.token });
    expect(completed!.completedAt?.toISOString()).toBe(new Date(clock + 9 * MINUTE).toISOString());
    expect((await checkoutsOf(records.inventoryId)).some((row) => row.token === old.token)).toBe(false);
    // Queued as a webhook's checkout is: a first look after the shortest delay; the completed one's at once.
    expect(await recoveryJobOf(kept!.id)).toEqual([{ delayMs: 15 * MINUTE, due: false }]);
    expect(await recoveryJobOf(completed!.id)).toEqual([{ delayMs: 0, due: true }]);

    // The recovery worker's run when the first step is due: the reminder goes, with the way back.
    clock += 62 * MINUTE;
    expect(await recoverCheckout(deps, kept!.id)).toMatchObject({ kind: 'sent', step: 1 });
    const sends = await sendQueued({ db, sender, queue: QUEUE, cloudApi, phoneNumberId: number.phoneNumberId }, phone);
    expect(sends.map((send) => send.name)).toEqual(['cart_reminder_1']);
    expect(JSON.stringify(sends[0])).toContain('Ana');
    expect(await recoverCheckout(deps, completed!.id)).toEqual({ kind: 'closed' });

    // The next sync reads from the last one's start (less the overlap) and records nothing twice.
    const again = peers.shopify.requests.length;
    const second = await sync(records.inventoryId);
    expect(checkoutQueriesSince(peers.shopify, again)).toEqual([
      updatedSinceQuery(new Date(first.startedAt.getTime() - WATERMARK_OVERLAP_MS)),
    ]);
    expect(second.report!.counts.checkoutsRecorded).toBe(0);
    expect((await checkoutsOf(records.inventoryId)).map((row) => [row.id, row.recoveryStatus, row.remindersSent])).toEqual([
      [kept!.id, 'reminded', 1],
      [completed!.id, 'waiting', 0],
    ]);
  });
});

describe('a checkout seen both ways', () => {
  let inventory: Inventory;
  beforeAll(async () => {
    const as = (path: string, method: string, body: unknown) =>
      call(`${server.url}/api/v1${path}`, {
        method,
        token: merchant.idToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const name = `Loja ${randomUUID().slice(0, 8)}`;
    const created = (await as('/inventories', 'POST', { name })).body as Inventory;
    const saved = await as(`/inventories/${created.id}/integration`, 'PUT', {
      ...integrationStep(webhookStore, { name, version: created.version }, { shopifyApiSecret: webhookStore.apiSecret }),
      shopifyToken: webhookStore.accessToken,
    });
    expect(saved.body).toMatchObject({ orderEvents: 'webhooks' });
    inventory = saved.body as Inventory;
    await configured(inventory.id, webhookStore);
  });

  const siteUp = () => webhookStore.routeWebhooks((callbackUrl) => callbackUrl.replace(SITE, server.url));
  // Port 9 (discard) on loopback: nothing listens, the delivery fails as with the site down.
  const siteDown = () => webhookStore.routeWebhooks(() => 'http://127.0.0.1:9/webhooks');

  const shopper = (customerLocale: string) => ({
    lines: [{ variantId: IPOD_NANO, quantity: 1 }],
    phone: '(11) 97654-6001',
    customerLocale,
    shippingAddress: { firstName: 'Bia', countryCode: 'BR' as const },
    customAttributes: [{ key: WHATSAPP_UPDATES_ATTRIBUTE, value: '+55 11 97654-6001' }],
    acceptsSmsMarketing: true,
  });

  test('the sync after its webhook changes nothing; with its order’s webhook lost, the sync completes it; one row', async () => {
    siteUp();
    const { checkout, deliveries } = await webhookStore.startCheckout(shopper('pt-BR'));
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200]);
    const [byWebhook] = await checkoutsOf(inventory.id);
    expect(byWebhook).toMatchObject({ token: checkout.token, locale: 'pt-BR', acceptsSmsMarketing: true, completedAt: null });

    expect((await sync(inventory.id)).report!.counts.checkoutsRecorded).toBe(0);
    expect(await checkoutsOf(inventory.id)).toEqual([byWebhook]);

    // The order is placed while the site is down: its webhook does not arrive; the next sync sees it.
    siteDown();
    const lost = await webhookStore.updateCheckout(checkout.token, { completed: true });
    expect(lost.deliveries.map((delivery) => delivery.status)).toEqual([null]);
    expect((await checkoutsOf(inventory.id))[0]!.completedAt).toBeNull();
    expect((await sync(inventory.id)).report!.counts.checkoutsRecorded).toBe(1);
    const [completed, ...more] = await checkoutsOf(inventory.id);
    expect(more).toEqual([]);
    // What GraphQL does not say (language, the agreement to texts) stays as the webhook said.
    expect(completed).toMatchObject({ id: byWebhook!.id, locale: 'pt-BR', acceptsSmsMarketing: true });
    // Shopify's times are to the second.
    expect(completed!.completedAt?.toISOString()).toBe(lost.checkout.completedAt!.replace(/\.\d{3}Z$/, '.000Z'));
    expect(await recoveryJobOf(completed!.id)).toEqual([expect.objectContaining({ due: true })]);

    // Shopify retries the lost delivery once the site is back: acknowledged, still the one row as it was.
    siteUp();
    expect((await webhookStore.redeliver(lost.deliveries[0]!)).status).toBe(200);
    expect(await checkoutsOf(inventory.id)).toEqual([completed]);
  });

  test('read by the sync first, its late webhook fills in what GraphQL lacks; still one row', async () => {
    siteDown();
    const { checkout, deliveries } = await webhookStore.startCheckout(shopper('es'));
    expect(deliveries.map((delivery) => delivery.status)).toEqual([null]);
    expect((await sync(inventory.id)).report!.counts.checkoutsRecorded).toBe(1);
    const bySync = (await checkoutsOf(inventory.id)).filter((row) => row.token === checkout.token);
    expect(bySync).toEqual([
      expect.objectContaining({
        locale: null,
        acceptsSmsMarketing: false,
        phone: '+5511976546001',
        whatsappUpdatesPhone: '+5511976546001',
      }),
    ]);

    siteUp();
    expect((await webhookStore.redeliver(deliveries[0]!)).status).toBe(200);
    const rows = (await checkoutsOf(inventory.id)).filter((row) => row.token === checkout.token);
    expect(rows).toEqual([
      expect.objectContaining({
        id: bySync[0]!.id,
        locale: 'es',
        acceptsSmsMarketing: true,
        completedAt: null,
        shopifyUpdatedAt: bySync[0]!.shopifyUpdatedAt,
      }),
    ]);
    // One recovery job for it, whichever way it came.
    expect(await recoveryJobOf(bySync[0]!.id)).toHaveLength(1);
    // And a sync after both changes nothing.
    expect((await sync(inventory.id)).report!.counts.checkoutsRecorded).toBe(0);
  });
});
