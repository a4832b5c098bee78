// `npm start`'s demo audience (scripts/demo-contacts.ts's ensureDemoAudience and
// scripts/demo-audience-orders.ts) against the real API and the demo store: 300 contacts added through
// the contacts API with their languages and consent (subscribed, never asked, unsubscribed by the
// merchant), not doubled at the next start; their past orders placed in the demo store and brought
// through the inventory's signed order webhook into order_events under each contact's E.164 number
// with their own dates (the last 60 days), once however often the start runs.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ContactList } from '@/domain/contact';
import type { Inventory } from '@/domain/inventory';
import { ensureDemoAudienceOrders } from '@/scripts/demo-audience-orders';
import { ensureDemoAudience } from '@/scripts/demo-contacts';
import { ensureDemoInventory } from '@/scripts/demo-inventory';
import { orderEvents } from '@/server/order-events/order-event-tables';
import { DEMO_AUDIENCE, demoAudienceOrders } from '../fixtures/demo-audience';
import { startDemoPeers, type DemoPeers } from '../fixtures/demo-peers';
import { createUser } from './support/emulator-users';
import { scratchDataDir } from './support/knowledge-uploads';
import { testDatabase } from './support/test-database';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let peers: DemoPeers;
const data = scratchDataDir('demo-audience');

beforeAll(async () => {
  peers = await startDemoPeers();
  server = await startTestServer({
    env: { DATA_DIR: data.dir, META_GRAPH_URL: peers.meta.graphUrl, META_ACCESS_TOKEN: peers.meta.accessToken, KNOWLEDGE_WORKER: 'off' },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await peers?.close();
  data.remove();
});

const DAY = 86_400_000;

test('300 contacts with their languages and consent, and their past orders in order_events, once however often the demo starts', async () => {
  const merchant = await createUser('demo-audience');
  const total = async (query: Record<string, string> = {}) =>
    ((await call(`${server.url}/api/v1/contacts?${new URLSearchParams(query)}`, { token: merchant.idToken })).body as ContactList).total;

  expect(await ensureDemoAudience(server.url, merchant, DEMO_AUDIENCE)).toBe(300);
  expect(await total()).toBe(300);
  const expected = (consent: string) => DEMO_AUDIENCE.filter((contact) => contact.consent === consent).length;
  expect(await total({ purpose: 'marketing', status: 'subscribed' })).toBe(expected('subscribed'));
  expect(await total({ purpose: 'marketing', status: 'not_subscribed' })).toBe(expected('never_asked'));
  expect(await total({ purpose: 'marketing', status: 'unsubscribed' })).toBe(expected('unsubscribed'));
  const sample = DEMO_AUDIENCE.find((contact) => contact.language === 'es' && contact.country === 'MX')!;
  const found = (await call(`${server.url}/api/v1/contacts?q=${encodeURIComponent(sample.phone.slice(1))}`, { token: merchant.idToken }))
    .body as ContactList;
  expect(found.contacts).toEqual([expect.objectContaining({ phone: sample.phone, country: 'MX', language: 'es', name: sample.firstName })]);
  // The next start adds none and changes none.
  expect(await ensureDemoAudience(server.url, merchant, DEMO_AUDIENCE)).toBe(0);
  expect(await total({ purpose: 'marketing', status: 'unsubscribed' })).toBe(expected('unsubscribed'));

  const { inventory } = await ensureDemoInventory(server.url, merchant, { ...peers.shopify, catalogId: peers.catalogId });
  const planned = demoAudienceOrders(Date.now());
  const startedAt = Date.now();
  expect(await ensureDemoAudienceOrders(server.url, merchant, peers.shopify, peers.products, inventory.id)).toBe(planned.length);
  const saved = (await call(`${server.url}/api/v1/inventories/${inventory.id}`, { token: merchant.idToken })).body as Inventory;
  expect(saved.shopifyApiSecretSet).toBe(true);

  const { db } = await testDatabase();
  const created = () =>
    db
      .select({ phone: orderEvents.customerPhone, occurredAt: orderEvents.occurredAt, source: orderEvents.source })
      .from(orderEvents)
      .where(and(eq(orderEvents.inventoryId, inventory.id), eq(orderEvents.kind, 'order_created')));
  const events = await created();
  expect(events).toHaveLength(planned.length);
  const buyers = new Set(DEMO_AUDIENCE.filter((contact) => contact.boughtDaysAgo.length > 0).map((contact) => contact.phone));
  expect(new Set(events.map((event) => event.phone))).toEqual(buyers);
  for (const event of events) {
    expect(event.source).toBe('webhook');
    expect(event.occurredAt.getTime()).toBeLessThan(startedAt);
    expect(event.occurredAt.getTime()).toBeGreaterThan(startedAt - 60 * DAY);
  }
  const portugueseBuyers = DEMO_AUDIENCE.filter((contact) => contact.language === 'pt' && buyers.has(contact.phone)).length;
  expect(portugueseBuyers).toBeGreaterThan(40);

  // The next start: no order placed again, the same ones posted again and recorded once.
  const orders = peers.shopify.orders().length;
  expect(await ensureDemoAudienceOrders(server.url, merchant, peers.shopify, peers.products, inventory.id)).toBe(planned.length);
  expect(peers.shopify.orders()).toHaveLength(orders);
  expect(await created()).toHaveLength(planned.length);
}, 120_000);
