// Post-sale notices: the settings API over real HTTP (both off until saved; refused at their fields
// when they do not hold; another account's inventory never reached), and the turning of a store's
// recorded order events into template sends through the sender and the loopback WhatsApp Cloud API,
// on a clock of the test's own: the cart page's ticked box subscribes the shopper and the confirmation
// reaches them in their language with the order's values; a shipment's tracking sends one shipping
// update however often it is reported; a shopper who wrote a stop word first gets nothing; an old
// event or a switched-off notice sends nothing.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toGraphTemplate, type TemplateLanguage } from '@/domain/message-template';
import type { OrderNoticeSettings } from '@/domain/order-notice';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { channelStore } from '@/server/channels/channel-store';
import { cloudApiClient } from '@/server/channels/cloud-api-client';
import { contactStore, type ContactStore } from '@/server/contacts/contact-store';
import type { Db } from '@/server/db/database';
import { jobs } from '@/server/jobs/job-tables';
import { templateSender, type TemplateSender } from '@/server/messaging/template-sender';
import { NOTICE_MAX_AGE_MS, noticeForEvent, type NoticeDependencies } from '@/server/notices/notice-worker';
import { ORDER_EVENT_QUEUE, recordOrderEvents } from '@/server/order-events/order-event-intake';
import { orderEvents } from '@/server/order-events/order-event-tables';
import { secretBox } from '@/server/secrets/secret-box';
import type { OrderEventDraft } from '@/server/order-events/shopify-order-events';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { connectTemplateNumber, sendQueued } from './support/template-number';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');
const QUEUE = `template-sends-test-${randomBytes(4).toString('hex')}`;
let clock = Date.parse('2026-11-29T15:00:00Z');
const now = () => new Date(clock);

let db: Db;
let cloudApi: WhatsAppCloudApiServer;
let server: TestServer;
let merchant: TestUser;
let rival: TestUser;
let records: ChannelMerchant;
let channelId: string;
let contacts: ContactStore;
let sender: TemplateSender;
let deps: NoticeDependencies;
const number = fixturePhoneNumber(32, { phoneNumberId: newPhoneNumberId() });
const confirmation = readyMadeTemplate('order_confirmation').draft;
const shipped = readyMadeTemplate('order_shipped').draft;
const offers = { ...confirmation, name: 'news_offers', category: 'MARKETING' as const };

beforeAll(async () => {
  ({ db } = await testDatabase());
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false, now: () => clock });
  cloudApi.addNumber(number);
  for (const template of [confirmation, shipped, offers])
    for (const language of ['pt_BR', 'en_US', 'es'] as TemplateLanguage[])
      cloudApi.addTemplate(number.wabaId, toGraphTemplate(template, language));
  server = await startTestServer({ env: { SECRETS_KEY, WHATSAPP_GRAPH_URL: cloudApi.graphUrl } });
  [merchant, rival] = await Promise.all([createUser('notices'), createUser('notices-rival')]);
  records = await seedAnsweringRecords(merchant.uid, 'notices');
  const rivalRecords = await seedAnsweringRecords(rival.uid, 'notices-rival');
  channelId = await connectTemplateNumber(server.url, merchant, records, number);
  // Another inventory's saved settings (both off) beside the merchant's: an event reads its own inventory's.
  const rivalPath = `${server.url}/api/v1/inventories/${rivalRecords.inventoryId}/notices`;
  const rivalOff = await call(rivalPath, { token: rival.idToken });
  const rivalSaved = await call(rivalPath, {
    method: 'PUT',
    token: rival.idToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rivalOff.body),
  });
  expect(rivalSaved.status, rivalSaved.text).toBe(200);

  const channels = channelStore(db, secretBox(Buffer.from(SECRETS_KEY, 'base64')));
  contacts = contactStore(db, { now });
  sender = templateSender(db, { channels, contacts, cloudApi: cloudApiClient({ graphUrl: cloudApi.graphUrl }), now, queue: QUEUE });
  deps = { db, contacts, sender, now };
});
afterAll(async () => {
  await db?.delete(jobs).where(eq(jobs.queue, QUEUE));
  await server?.close();
  await cloudApi?.close();
});

const as = (user: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(`${server.url}/api/v1${path}`, {
    method,
    token: user.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const settingsPath = () => `/inventories/${records.inventoryId}/notices`;
const bothOn = (): OrderNoticeSettings => ({
  channelId,
  notices: {
    order_confirmation: { enabled: true, templateName: confirmation.name, variables: {} },
    shipping_update: { enabled: true, templateName: shipped.name, variables: {} },
  },
});

describe('notice settings API', () => {
  test('both off until saved; saved with every variable filled from its source', async () => {
    const before = await as(merchant, settingsPath());
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      channelId: null,
      notices: { order_confirmation: { enabled: false }, shipping_update: { enabled: false } },
    });

    const saved = await as(merchant, settingsPath(), 'PUT', bothOn());
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as OrderNoticeSettings).notices.order_confirmation.variables).toEqual({
      first_name: 'first_name',
      order_number: 'order_number',
      order_total: 'order_total',
      order_status_url: 'order_status_url',
    });
    expect((saved.body as OrderNoticeSettings).notices.shipping_update.variables).toMatchObject({
      tracking_url: 'tracking_url',
      carrier: 'carrier',
    });
    expect((await as(merchant, settingsPath())).body).toEqual(saved.body);
  });

  test('refused at their fields: no number, a template the number lacks, a marketing one, tracking in the confirmation', async () => {
    const refusedWith = async (settings: OrderNoticeSettings) => {
      const answer = await as(merchant, settingsPath(), 'PUT', settings);
      expect(answer.status, answer.text).toBe(422);
      expect(errorOf(answer).code).toBe('notices_refused');
      return (answer.body as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(await refusedWith({ ...bothOn(), channelId: null })).toEqual({ channelId: 'notices.channel_missing' });
    const unknown = bothOn();
    unknown.notices.order_confirmation.templateName = 'no_such_template';
    expect(await refusedWith(unknown)).toEqual({ 'notices.order_confirmation.templateName': 'notices.template_unknown' });
    const marketing = bothOn();
    marketing.notices.order_confirmation.templateName = offers.name;
    expect(await refusedWith(marketing)).toEqual({ 'notices.order_confirmation.templateName': 'notices.template_marketing' });
    const tracking = bothOn();
    tracking.notices.order_confirmation.variables = { order_status_url: 'tracking_url' };
    expect(await refusedWith(tracking)).toEqual({ 'notices.order_confirmation.variables.order_status_url': 'notices.source_unavailable' });
  });

  test("another account's inventory is not found", async () => {
    expect((await as(rival, settingsPath())).status).toBe(404);
    expect((await as(rival, settingsPath(), 'PUT', { ...bothOn(), channelId: null })).status).toBe(404);
  });
});

let orders = 0;
/** Records an event of the merchant's store as a webhook would, its job left to this test; the event's id. */
async function recorded(draft: Partial<OrderEventDraft> & Pick<OrderEventDraft, 'kind'>): Promise<number> {
  const orderId = draft.shopifyOrderId ?? String(5_000_000 + ++orders);
  const event: OrderEventDraft = {
    eventKey: `${draft.kind}:${draft.shopifyFulfillmentId ?? orderId}${draft.kind === 'fulfillment_updated' ? `:${clock}` : ''}`,
    shopifyOrderId: orderId,
    orderName: `#${orderId.slice(-4)}`,
    totalMinor: 12_990,
    currency: 'BRL',
    statusPageUrl: `https://loja.example/orders/${orderId}`,
    customerPhone: null,
    customerFirstName: 'Ana Souza',
    customerLocale: 'pt-BR',
    whatsappUpdatesPhone: null,
    shopifyFulfillmentId: null,
    fulfillmentStatus: null,
    shipmentStatus: null,
    trackingNumber: null,
    trackingUrl: null,
    trackingCompany: null,
    occurredAt: now(),
    ...draft,
  };
  await recordOrderEvents(db, records.inventoryId, [event], { source: 'webhook' });
  const [row] = await db.select({ id: orderEvents.id }).from(orderEvents).where(eq(orderEvents.eventKey, event.eventKey));
  await db.delete(jobs).where(eq(jobs.queue, ORDER_EVENT_QUEUE)); // no other test file's worker takes it
  return row!.id;
}
/** Runs the sender's jobs until each has an outcome; the Cloud API's sends to `phone`. */
const sendAll = (phone: string) => sendQueued({ db, sender, queue: QUEUE, cloudApi, phoneNumberId: number.phoneNumberId }, phone);

describe('order events to notices', () => {
  test("the cart page's box subscribes the shopper; the confirmation reaches them once, with the order's values", async () => {
    const phone = '+5511976540001';
    const id = await recorded({ kind: 'order_created', whatsappUpdatesPhone: phone, shopifyOrderId: '7001042' });
    expect(await noticeForEvent(deps, id)).toBe('asked');
    const contact = (await contacts.consentOf(merchant.uid, [phone])).get(phone)!;
    expect(contact.consent.utility).toMatchObject({ status: 'subscribed', source: 'cart_page' });
    expect(contact.language).toBe('pt');

    const sends = await sendAll(phone);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ name: confirmation.name, language: 'pt_BR' });
    expect(JSON.stringify(sends[0])).toContain('#1042');
    expect(JSON.stringify(sends[0])).toContain('R$');
    expect(JSON.stringify(sends[0])).toContain('Ana');

    // The same event again (a poll after the webhook, a retried job): nothing more goes.
    expect(await noticeForEvent(deps, id)).toBe('asked');
    expect(await sendAll(phone)).toHaveLength(1);

    // Meta's later word comes by the signed webhook, found by the send's callback data.
    cloudApi.setWebhookUrl(number.phoneNumberId, `${server.url}/webhooks/whatsapp`);
    try {
      await cloudApi.deliverStatus(sends[0]!.messageId, 'read');
    } finally {
      cloudApi.setWebhookUrl(number.phoneNumberId, null);
    }
    expect(await sender.byKey(merchant.uid, `notice:order_confirmation:${records.inventoryId}:7001042`)).toMatchObject({ status: 'read' });
  });

  test('a shipment sends one shipping update per tracking number, however often it is reported', async () => {
    const phone = '+5511976540002';
    await contacts.recordOptIn(merchant.uid, phone, 'utility', 'whatsapp_conversation', now().toISOString(), { language: 'es' });
    const orderId = '7002000';
    await noticeForEvent(deps, await recorded({ kind: 'order_created', shopifyOrderId: orderId, customerPhone: phone }));
    const untracked = await recorded({ kind: 'fulfillment_created', shopifyOrderId: orderId, shopifyFulfillmentId: '9100' });
    expect(await noticeForEvent(deps, untracked)).toBe('no_notice');
    clock += 60_000;
    const tracked = { kind: 'fulfillment_updated' as const, shopifyOrderId: orderId, shopifyFulfillmentId: '9100' };
    const tracking = { trackingNumber: 'BR123', trackingUrl: 'https://track.example/BR123', trackingCompany: 'Correios' };
    expect(await noticeForEvent(deps, await recorded({ ...tracked, ...tracking, shipmentStatus: 'in_transit' }))).toBe('asked');
    clock += 60_000;
    expect(await noticeForEvent(deps, await recorded({ ...tracked, ...tracking, shipmentStatus: 'delivered' }))).toBe('asked');

    const sends = await sendAll(phone);
    expect(sends.map((send) => [send.name, send.language])).toEqual([
      [confirmation.name, 'es'],
      [shipped.name, 'es'],
    ]);
    expect(JSON.stringify(sends[1])).toContain('Correios');
  });

  test('a shopper who wrote a stop word first gets nothing, though they ticked the box before', async () => {
    const phone = '+5511976540003';
    await contacts.recordOptIn(merchant.uid, phone, 'utility', 'cart_page', new Date(clock - 3_600_000).toISOString());
    await contacts.recordOptOut(merchant.uid, phone, 'stop_word', new Date(clock - 60_000).toISOString());
    const id = await recorded({ kind: 'order_created', customerPhone: phone });
    expect(await noticeForEvent(deps, id)).toBe('asked');
    expect(await sendAll(phone)).toEqual([]);
    const send = await sender.byKey(
      merchant.uid,
      `notice:order_confirmation:${records.inventoryId}:${(await db.select().from(orderEvents).where(eq(orderEvents.id, id)))[0]!.shopifyOrderId}`,
    );
    expect(send).toMatchObject({ status: 'failed', reason: 'unsubscribed' });
  });

  test('an old event, a notice switched off, or an event no longer there, sends nothing', async () => {
    const phone = '+5511976540004';
    const maxId = (await db.select({ id: orderEvents.id }).from(orderEvents)).reduce((max, row) => Math.max(max, row.id), 0);
    expect(await noticeForEvent(deps, maxId + 1_000)).toBe('gone');
    const old = await recorded({ kind: 'order_created', whatsappUpdatesPhone: phone, occurredAt: new Date(clock - NOTICE_MAX_AGE_MS - 1) });
    expect(await noticeForEvent(deps, old)).toBe('too_old');
    const off = bothOn();
    off.notices.order_confirmation.enabled = false;
    expect((await as(merchant, settingsPath(), 'PUT', off)).status).toBe(200);
    try {
      expect(await noticeForEvent(deps, await recorded({ kind: 'order_created', whatsappUpdatesPhone: phone }))).toBe('off');
      expect(await sendAll(phone)).toEqual([]);
    } finally {
      expect((await as(merchant, settingsPath(), 'PUT', bothOn())).status).toBe(200);
    }
  });
});
