// The removal of an inventory's order webhooks from its store (server/order-events/order-webhook-removal.ts),
// over real HTTP against the loopback store (tests/fixtures/shopify-admin-server.ts): deleting the
// inventory, removing its API secret key or changing its store queues a job (the store and the token as
// sealed, never the plain token) with the change, and the worker then deletes exactly that inventory's
// subscriptions, page by page (another inventory's on the same store stay). A key removed and saved
// again before the job runs keeps them; a store that refuses the token does not hold the delete back,
// and leaves a log line with ids and codes only. The fixture's own list and delete answer as Shopify's.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Inventory } from '@/domain/inventory';
import { jobs } from '@/server/jobs/job-tables';
import type { WorkerLog } from '@/server/jobs/queue-worker';
import { ORDER_WEBHOOK_REMOVAL_QUEUE, orderWebhookRemovalWorker } from '@/server/order-events/order-webhook-removal';
import { STORE_WEBHOOK_TOPICS } from '@/server/order-events/order-webhook-subscriptions';
import { secretBox } from '@/server/secrets/secret-box';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { createUser, type TestUser } from './support/emulator-users';
import { integrationStep } from './support/integration-step';
import { testDatabase } from './support/test-database';
import { buildTestApp, call, testEnv } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');
const secrets = secretBox(Buffer.from(SECRETS_KEY, 'base64'));
const SITE = 'https://catalyst.example';
/** The API secret key of the other store's app. */
const OTHER_SECRET = `shpss_${randomBytes(16).toString('hex')}`;

const appLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    appLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
/** What the removal worker logged. */
const workerLines: { level: string; details: Record<string, unknown>; message: string }[] = [];
const workerLog: WorkerLog = {
  info: (details, message) => workerLines.push({ level: 'info', details: details as Record<string, unknown>, message }),
  warn: (details, message) => workerLines.push({ level: 'warn', details: details as Record<string, unknown>, message }),
  error: (details, message) => workerLines.push({ level: 'error', details: details as Record<string, unknown>, message }),
};

let app: FastifyInstance;
let url: string;
let store: ShopifyAdminServer;
let otherStore: ShopifyAdminServer;
let merchant: TestUser;

beforeAll(async () => {
  store = await startShopifyAdminServer();
  otherStore = await startShopifyAdminServer({ apiSecret: OTHER_SECRET, accessToken: `shpat_${randomBytes(16).toString('hex')}` });
  // No background workers: each test runs the removal worker when it wants the queued jobs done.
  app = await buildTestApp(
    {
      ...testEnv,
      KNOWLEDGE_WORKER: 'off',
      INVENTORY_SYNC_WORKER: 'off',
      WHATSAPP_INBOUND_WORKER: 'off',
      CONVERSATION_RETENTION_WORKER: 'off',
      SECRETS_KEY,
      SITE_URL: SITE,
    },
    { logger: { level: 'info', stream: sink } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  merchant = await createUser('order-webhook-removal');
});
afterAll(async () => {
  await app?.close();
  await store?.close();
  await otherStore?.close();
});

const as = (path: string, method = 'GET', body?: unknown) =>
  call(`${url}/api/v1${path}`, {
    method,
    token: merchant.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

/** A new inventory of the merchant's with its store saved with the app's secret: subscribed. */
async function subscribed(shop: ShopifyAdminServer): Promise<Inventory> {
  const name = `Loja ${randomUUID().slice(0, 8)}`;
  const created = (await as('/inventories', 'POST', { name })).body as Inventory;
  const saved = await as(
    `/inventories/${created.id}/integration`,
    'PUT',
    integrationStep(shop, created, { shopifyToken: shop.accessToken, shopifyApiSecret: shop.apiSecret }),
  );
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ orderEvents: 'webhooks' });
  expect(subscriptionsOf(shop, created.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
  return saved.body as Inventory;
}

const callbackOf = (inventoryId: string) => `${SITE}/webhooks/shopify/${inventoryId}`;
const subscriptionsOf = (shop: ShopifyAdminServer, inventoryId: string) =>
  shop.webhookSubscriptions().filter((subscription) => subscription.callbackUrl === callbackOf(inventoryId));

async function removalJobsOf(inventoryIds: string[]) {
  const { db } = await testDatabase();
  return db
    .select({ payload: jobs.payload, maxAttempts: jobs.maxAttempts })
    .from(jobs)
    .where(and(eq(jobs.queue, ORDER_WEBHOOK_REMOVAL_QUEUE), inArray(sql`${jobs.payload}->>'inventoryId'`, inventoryIds)));
}

/** Runs the removal worker (pages of 2 subscriptions) until the jobs of these inventories are done. */
async function runRemovals(inventoryIds: string[]) {
  const { db } = await testDatabase();
  const worker = orderWebhookRemovalWorker({ db, secrets, log: workerLog, pollMs: 50, retryDelayMs: 50, perPage: 2 });
  worker.start();
  try {
    await expect.poll(() => removalJobsOf(inventoryIds), { timeout: 30_000, interval: 50 }).toEqual([]);
  } finally {
    await worker.stop();
  }
}

const linesOf = (inventoryId: string) => workerLines.filter((line) => line.details.inventoryId === inventoryId);

describe('the inventory’s order webhooks are removed from its store', () => {
  let neighbour: Inventory;

  beforeAll(async () => {
    // Another inventory of the same store (and app): its subscriptions must outlive the others' removals.
    neighbour = await subscribed(store);
  });

  test('deleted: the job holds the store and the sealed token, and the worker removes exactly its subscriptions', async () => {
    const inventory = await subscribed(store);
    expect((await as(`/inventories/${inventory.id}`, 'DELETE')).status).toBe(204);

    const [job, ...more] = await removalJobsOf([inventory.id]);
    expect(more).toEqual([]);
    expect(job).toEqual({
      payload: {
        inventoryId: inventory.id,
        reason: 'inventory_deleted',
        shopifyUrl: store.adminUrl,
        tokenSealed: expect.stringMatching(/^v1\./),
        callbackUrls: [callbackOf(inventory.id)],
      },
      maxAttempts: 5,
    });
    expect(JSON.stringify(job!.payload)).not.toContain(store.accessToken);
    expect(secrets.open(String(job!.payload.tokenSealed), inventory.id)).toBe(store.accessToken);
    // Nothing is removed before the worker runs the job.
    expect(subscriptionsOf(store, inventory.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);

    await runRemovals([inventory.id]);
    expect(subscriptionsOf(store, inventory.id)).toEqual([]);
    expect(subscriptionsOf(store, neighbour.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
    expect(linesOf(inventory.id)).toEqual([
      {
        level: 'info',
        details: {
          job: expect.any(Number),
          inventoryId: inventory.id,
          reason: 'inventory_deleted',
          outcome: 'removed',
          removed: STORE_WEBHOOK_TOPICS.length,
          kept: 0,
        },
        message: 'order webhook removal: done',
      },
    ]);
  });

  test('an inventory without a secret is deleted without a job; another account’s delete is a 404 that queues none', async () => {
    const name = `Loja ${randomUUID().slice(0, 8)}`;
    const created = (await as('/inventories', 'POST', { name })).body as Inventory;
    expect(
      (await as(`/inventories/${created.id}/integration`, 'PUT', integrationStep(store, created, { shopifyToken: store.accessToken })))
        .status,
    ).toBe(200);
    expect((await as(`/inventories/${created.id}`, 'DELETE')).status).toBe(204);
    expect(await removalJobsOf([created.id])).toEqual([]);

    const stranger = await createUser('order-webhook-removal-stranger');
    const answer = await call(`${url}/api/v1/inventories/${neighbour.id}`, { method: 'DELETE', token: stranger.idToken });
    expect(answer.status).toBe(404);
    const secretAnswer = await call(`${url}/api/v1/inventories/${neighbour.id}/shopify-api-secret`, {
      method: 'DELETE',
      token: stranger.idToken,
    });
    expect(secretAnswer.status).toBe(404);
    expect(await removalJobsOf([neighbour.id])).toEqual([]);
    expect((await as(`/inventories/${neighbour.id}`)).body).toMatchObject({ shopifyApiSecretSet: true, orderEvents: 'webhooks' });
  });

  test('its API secret key removed: the inventory is polled, and its subscriptions are removed; removing it again changes nothing', async () => {
    const inventory = await subscribed(store);
    const removed = await as(`/inventories/${inventory.id}/shopify-api-secret`, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ shopifyApiSecretSet: false, orderEvents: 'polling', version: inventory.version + 1 });
    expect((await removalJobsOf([inventory.id])).map((job) => job.payload.reason)).toEqual(['secret_removed']);

    await runRemovals([inventory.id]);
    expect(subscriptionsOf(store, inventory.id)).toEqual([]);
    expect(subscriptionsOf(store, neighbour.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
    expect((await as(`/inventories/${inventory.id}`)).body).toMatchObject({ shopifyApiSecretSet: false, orderEvents: 'polling' });

    const again = await as(`/inventories/${inventory.id}/shopify-api-secret`, 'DELETE');
    expect(again.body).toMatchObject({ shopifyApiSecretSet: false, version: inventory.version + 1 });
    expect(await removalJobsOf([inventory.id])).toEqual([]);
  });

  test('its key removed and saved again before the job runs: the subscriptions it wants again stay', async () => {
    const inventory = await subscribed(store);
    const removed = (await as(`/inventories/${inventory.id}/shopify-api-secret`, 'DELETE')).body as Inventory;
    const saved = await as(
      `/inventories/${inventory.id}/integration`,
      'PUT',
      integrationStep(store, removed, { shopifyApiSecret: store.apiSecret }),
    );
    expect(saved.body).toMatchObject({ shopifyApiSecretSet: true, orderEvents: 'webhooks' });

    await runRemovals([inventory.id]);
    expect(subscriptionsOf(store, inventory.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
    expect(linesOf(inventory.id).map((line) => line.details.outcome)).toEqual(['still_wanted']);
  });

  test('its store changed: the old store’s subscriptions go, the new store’s are made; the same token typed again removes nothing', async () => {
    const inventory = await subscribed(store);
    const retyped = await as(
      `/inventories/${inventory.id}/integration`,
      'PUT',
      integrationStep(store, inventory, { shopifyToken: store.accessToken }),
    );
    expect(retyped.status).toBe(200);
    expect(await removalJobsOf([inventory.id])).toEqual([]);

    const moved = await as(
      `/inventories/${inventory.id}/integration`,
      'PUT',
      integrationStep(otherStore, retyped.body as Inventory, { shopifyToken: otherStore.accessToken, shopifyApiSecret: OTHER_SECRET }),
    );
    expect(moved.body).toMatchObject({ shopifyUrl: otherStore.adminUrl, orderEvents: 'webhooks' });
    expect(subscriptionsOf(otherStore, inventory.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
    const [job] = await removalJobsOf([inventory.id]);
    expect(job!.payload).toMatchObject({ reason: 'store_changed', shopifyUrl: store.adminUrl });
    expect(secrets.open(String(job!.payload.tokenSealed), inventory.id)).toBe(store.accessToken);

    await runRemovals([inventory.id]);
    expect(subscriptionsOf(store, inventory.id)).toEqual([]);
    expect(subscriptionsOf(otherStore, inventory.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
    expect(subscriptionsOf(store, neighbour.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
  });

  test('a store that refuses the token (401): the delete goes through, the job is given up with a log line of ids and codes', async () => {
    const revoking = await startShopifyAdminServer();
    try {
      const inventory = await subscribed(revoking);
      const oldToken = revoking.accessToken;
      revoking.setAccessToken(`shpat_${randomBytes(16).toString('hex')}`);

      expect((await as(`/inventories/${inventory.id}`, 'DELETE')).status).toBe(204);
      expect((await as(`/inventories/${inventory.id}`)).status).toBe(404);
      await runRemovals([inventory.id]);
      // Nothing could be removed with a refused token; it was tried once, not retried.
      expect(subscriptionsOf(revoking, inventory.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
      const lines = linesOf(inventory.id);
      expect(lines).toEqual([
        {
          level: 'warn',
          details: { job: expect.any(Number), inventoryId: inventory.id, reason: 'inventory_deleted', code: 'store_token_invalid' },
          message: 'order webhook removal: given up',
        },
      ]);
      const text = JSON.stringify(lines);
      for (const personal of [
        oldToken,
        revoking.accessToken,
        revoking.adminUrl,
        new URL(revoking.adminUrl).host,
        merchant.email,
        merchant.uid,
      ])
        expect(text).not.toContain(personal);
    } finally {
      await revoking.close();
    }
  });
});

test('the loopback store lists subscriptions as Shopify does (by callback URL and topics, in pages) and refuses an unknown id', async () => {
  const inventory = await subscribed(otherStore);
  const graphql = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(otherStore.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': otherStore.accessToken },
      body: JSON.stringify({ query, variables }),
    });
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const LIST = `query List($callbackUrl: URL, $topics: [WebhookSubscriptionTopic!], $after: String) {
    webhookSubscriptions(first: 2, after: $after, callbackUrl: $callbackUrl, topics: $topics) {
      edges { cursor node { id topic endpoint { ... on WebhookHttpEndpoint { callbackUrl } } } }
      pageInfo { hasNextPage endCursor }
    }
  }`;
  type Page = {
    webhookSubscriptions: {
      edges: { node: { id: string; topic: string; endpoint: { callbackUrl: string } } }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
  };
  const pages = [((await graphql(LIST, { callbackUrl: callbackOf(inventory.id) })) as Page).webhookSubscriptions];
  while (pages.at(-1)!.pageInfo.hasNextPage)
    pages.push(
      ((await graphql(LIST, { callbackUrl: callbackOf(inventory.id), after: pages.at(-1)!.pageInfo.endCursor })) as Page)
        .webhookSubscriptions,
    );
  expect(pages.map((page) => page.edges.length)).toEqual([2, 2, 1]);
  const all = pages.flatMap((page) => page.edges).map((edge) => edge.node);
  expect(all.map((node) => node.topic).sort()).toEqual([...STORE_WEBHOOK_TOPICS].sort());
  expect(new Set(all.map((node) => node.endpoint.callbackUrl))).toEqual(new Set([callbackOf(inventory.id)]));
  const byTopic = ((await graphql(LIST, { callbackUrl: callbackOf(inventory.id), topics: ['ORDERS_CREATE'] })) as Page)
    .webhookSubscriptions;
  expect(byTopic.edges.map((edge) => edge.node.topic)).toEqual(['ORDERS_CREATE']);

  const DELETE = `mutation Delete($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } } }`;
  const id = byTopic.edges[0]!.node.id;
  expect(await graphql(DELETE, { id })).toEqual({ webhookSubscriptionDelete: { deletedWebhookSubscriptionId: id, userErrors: [] } });
  expect(await graphql(DELETE, { id })).toEqual({
    webhookSubscriptionDelete: {
      deletedWebhookSubscriptionId: null,
      userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
    },
  });
  expect(subscriptionsOf(otherStore, inventory.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length - 1);
});

test('no log line and no queued job holds an access token', async () => {
  const { db } = await testDatabase();
  const payloads = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.queue, ORDER_WEBHOOK_REMOVAL_QUEUE));
  expect(appLines.length).toBeGreaterThan(5);
  for (const text of [...appLines, ...workerLines.map((line) => JSON.stringify(line)), ...payloads.map((row) => JSON.stringify(row))])
    for (const secret of [store.accessToken, otherStore.accessToken, store.apiSecret, OTHER_SECRET]) expect(text).not.toContain(secret);
});
