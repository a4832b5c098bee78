// Checkout recovery's 'send me a test' over real HTTP (server/checkouts/recovery-test-send.ts), with the
// real sender on a queue of this file's own and the loopback WhatsApp Cloud API, on a clock of the
// test's: reminder 1 of the SAVED flow (off) arrives at the merchant's number as a template message
// with sample values in the template's language — the store's website or its public catalog page as
// the way back, and for a discount step a `TEST-…` code that the store never sees — and the number
// becomes a contact consenting by `merchant_test`; refusals at `phone`, `consent` and `flow`; an
// earlier opt-out wins; another account's inventory is not found; past the limit, 429 with Retry-After.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultRecoveryFlow, type RecoveryFlow, type RecoveryStep } from '@/domain/checkout-recovery';
import type { Inventory } from '@/domain/inventory';
import { toGraphTemplate, type TemplateDraft, type TemplateLanguage } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { RECOVERY_TESTS_PER_WINDOW, recoveryTestRefusals as refused, type RecoveryTestSent } from '@/domain/recovery-test';
import { cloudApiClient } from '@/server/channels/cloud-api-client';
import { recoveryFlows } from '@/server/checkouts/recovery-flow-tables';
import { recoveryTestSends } from '@/server/checkouts/recovery-test-send';
import { parseConfig } from '@/server/config';
import type { Db } from '@/server/db/database';
import { jobs } from '@/server/jobs/job-tables';
import { templateSends } from '@/server/messaging/template-send-tables';
import { templateSender, type TemplateSender } from '@/server/messaging/template-sender';
import { buildServices, type Services } from '@/server/services';
import { messageTemplates } from '@/server/templates/template-tables';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { integrationStep } from './support/integration-step';
import { connectTemplateNumber, sendQueued } from './support/template-number';
import { testDatabase } from './support/test-database';
import { buildTestApp, call, errorOf, testEnv } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');
const QUEUE = `template-sends-recovery-test-${randomBytes(4).toString('hex')}`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let clock = Date.parse('2026-12-01T12:00:00Z');
const now = () => new Date(clock);

let db: Db;
let cloudApi: WhatsAppCloudApiServer;
let shop: ShopifyAdminServer;
let services: Services;
let sender: TemplateSender;
let url: string;
let close: () => Promise<void>;
let merchant: TestUser;
let rival: TestUser;
let records: ChannelMerchant;
let channelId: string;
/** The merchant's inventory on a store with a website. */
let storeInventory: Inventory;
const number = fixturePhoneNumber(35, { phoneNumberId: newPhoneNumberId() });
const reminders = (['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3'] as const).map((key) => readyMadeTemplate(key).draft);
/** A reminder showing every value but the discount's, in Portuguese only. */
const everyValue: TemplateDraft = {
  name: 'cart_reminder_every_value',
  category: 'MARKETING',
  languages: {
    pt_BR: {
      header: { type: 'none' },
      body:
        'Oi, {{first_name}}! Você deixou {{products}} no carrinho, no valor de {{total}}, na loja {{store_name}}. ' +
        'Para finalizar a compra, é só tocar aqui: {{cart_url}}\n\nFicou com alguma dúvida? Responda esta mensagem que a gente ajuda.',
      footer: '',
      buttons: [{ type: 'quick_reply', text: 'Parar promoções' }],
      examples: {
        first_name: 'Ana',
        products: '1× Camiseta',
        total: 'R$ 10,00',
        store_name: 'Loja',
        cart_url: 'https://loja.example/carrinho',
      },
    },
  },
};

beforeAll(async () => {
  ({ db } = await testDatabase());
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false, now: () => clock });
  cloudApi.addNumber(number);
  for (const template of reminders)
    for (const language of ['pt_BR', 'en_US', 'es'] as TemplateLanguage[])
      cloudApi.addTemplate(number.wabaId, toGraphTemplate(template, language));
  cloudApi.addTemplate(number.wabaId, toGraphTemplate(everyValue, 'pt_BR'));
  shop = await startShopifyAdminServer();

  // The app with this file's sender (its own queue, which no worker serves) and clock behind the route.
  const env = { ...testEnv, SECRETS_KEY, WHATSAPP_GRAPH_URL: cloudApi.graphUrl };
  services = buildServices(db, parseConfig(env));
  const { channels, contacts, inventories } = services;
  sender = templateSender(db, { channels, contacts, cloudApi: cloudApiClient({ graphUrl: cloudApi.graphUrl }), now, queue: QUEUE });
  services.recoveryTests = recoveryTestSends(db, { flows: services.recoveryFlows, channels, contacts, inventories, sender, now });
  const app = await buildTestApp(env, { services });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();

  [merchant, rival] = await Promise.all([createUser('recovery-test'), createUser('recovery-test-rival')]);
  records = await seedAnsweringRecords(merchant.uid, 'recovery-test');
  channelId = await connectTemplateNumber(url, merchant, records, number);
  const created = (await as(merchant, '/inventories', 'POST', { name: 'Loja com site' })).body as Inventory;
  const saved = await as(merchant, `/inventories/${created.id}/integration`, 'PUT', {
    ...integrationStep(shop, { name: created.name, version: created.version }),
    shopifyToken: shop.accessToken,
  });
  expect(saved.status, saved.text).toBe(200);
  storeInventory = saved.body as Inventory;
});
afterAll(async () => {
  await db?.delete(jobs).where(eq(jobs.queue, QUEUE));
  await close?.();
  await cloudApi?.close();
  await shop?.close();
});

const as = (user: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(`${url}/api/v1${path}`, {
    method,
    token: user.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const testPath = (inventoryId: string) => `/inventories/${inventoryId}/recovery-flow/test`;
const askTest = (inventoryId: string, body: unknown, user = merchant) => as(user, testPath(inventoryId), 'POST', body);

/** Saves the inventory's flow, OFF, from the merchant's number, with `first` as its first step (the ready-made one else). */
async function saveFlow(inventoryId: string, first: Partial<RecoveryStep> = {}) {
  const flow = defaultRecoveryFlow();
  const steps = flow.steps.map((step, index) => (index === 0 ? { ...step, variables: {}, ...first } : step));
  const saved = await as(merchant, `/inventories/${inventoryId}/recovery-flow`, 'PUT', { ...flow, channelId, steps });
  expect(saved.status, saved.text).toBe(200);
  return saved.body as RecoveryFlow;
}

/** Asks for a test that must go: its 202 answer. */
async function sentTest(inventoryId: string, phone: string): Promise<RecoveryTestSent> {
  const answer = await askTest(inventoryId, { phone, consent: true });
  expect(answer.status, answer.text).toBe(202);
  return answer.body as RecoveryTestSent;
}

/** The sender's jobs run; the template messages the fixture received for `phone` (E.164). */
const arrived = (phone: string) => sendQueued({ db, sender, queue: QUEUE, cloudApi, phoneNumberId: number.phoneNumberId }, phone);

const refusalOf = async (inventoryId: string, body: unknown, user = merchant) => {
  const answer = await askTest(inventoryId, body, user);
  expect(answer.status, answer.text).toBe(422);
  expect(errorOf(answer).code).toBe('recovery_test_refused');
  return errorOf(answer).fields;
};

const queuedJobs = async () => (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.queue, QUEUE))).length;

describe('a test of reminder 1', () => {
  test('arrives at the merchant’s number as a template message with sample values; the number consents by merchant_test', async () => {
    await saveFlow(storeInventory.id);
    const answer = await sentTest(storeInventory.id, '(11) 97654-3001'); // read in the sending number's country
    expect(answer).toEqual({ sendId: expect.any(String), phone: '•••• 3001', templateName: 'cart_reminder_1', language: 'pt_BR' });

    const [row] = await db.select().from(templateSends).where(eq(templateSends.id, answer.sendId));
    expect(row).toMatchObject({ uid: merchant.uid, channelId, purpose: 'recovery_test', recipient: '+5511976543001' });
    expect(row!.sendKey).toMatch(new RegExp(`^recovery-test:${storeInventory.id}:[0-9a-f-]{36}$`));

    const [message, ...more] = await arrived('+5511976543001');
    expect(more).toEqual([]);
    expect(message).toMatchObject({ name: 'cart_reminder_1', language: 'pt_BR', category: 'MARKETING' });
    expect(message!.text).toContain('Oi, Ana!');
    // The way back: the store's website.
    expect(message!.text).toContain('https://loja.example.com.br');

    const contact = (await services.contacts.consentOf(merchant.uid, ['+5511976543001'])).get('+5511976543001');
    expect(contact).toMatchObject({ language: 'pt', consent: { marketing: { status: 'subscribed', source: 'merchant_test' } } });
    expect(contact!.consent.utility.status).toBe('not_subscribed');

    // A second request is a second test (a fresh key), not a repeat.
    const again = await sentTest(storeInventory.id, '+55 11 97654-3001');
    expect(again.sendId).not.toBe(answer.sendId);
    expect(await arrived('+5511976543001')).toHaveLength(2);
  });

  test('every value a reminder may show: sample products and total, the store’s name, the public catalog page without a website', async () => {
    await saveFlow(records.inventoryId, { templateName: everyValue.name });
    const inventory = (await as(merchant, `/inventories/${records.inventoryId}`)).body as Inventory;
    expect(inventory.website).toBe('');
    // A number of another country with no contact yet: the template's one approved language.
    expect(await sentTest(records.inventoryId, '+1 415 555 2671')).toMatchObject({ templateName: everyValue.name, language: 'pt_BR' });
    const [message] = await arrived('+14155552671');
    // The total in the store's currency (none known yet: the language's), as Portuguese writes money (sent with plain spaces).
    const total = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(159.9).replace(/\s/g, ' ');
    expect(message!.text).toContain(
      `Oi, Ana! Você deixou 2× Produto de exemplo, 1× Outro produto de exemplo no carrinho, no valor de ${total}, na loja Loja ` +
        `recovery-test. Para finalizar a compra, é só tocar aqui: ${url}/pt/c/${inventory.publicId}\n\n`,
    );
    expect((await services.contacts.consentOf(merchant.uid, ['+14155552671'])).get('+14155552671')?.language).toBe('pt');
  });

  test('the contact’s language decides the template’s; a template without it is refused at flow', async () => {
    const created = await as(merchant, '/contacts', 'POST', { phone: '+5511976543010', language: 'es' });
    expect(created.status, created.text).toBe(201);
    await saveFlow(storeInventory.id);
    expect(await sentTest(storeInventory.id, '+5511976543010')).toMatchObject({ templateName: 'cart_reminder_1', language: 'es' });
    const [message] = await arrived('+5511976543010');
    expect(message).toMatchObject({ language: 'es' });
    expect(message!.text).toContain('¡Hola, Lucía!');

    await saveFlow(storeInventory.id, { templateName: everyValue.name });
    expect(await refusalOf(storeInventory.id, { phone: '+5511976543010', consent: true })).toEqual({
      flow: refused.flowTemplateNotInLanguage.id,
    });
    expect(await arrived('+5511976543010')).toHaveLength(1);
  });

  test('a discount step sends a sample TEST- code and its value; no code is made in the store', async () => {
    const third = defaultRecoveryFlow().steps[2]!; // cart_reminder_3: a copy-code button and the discount's value
    await saveFlow(storeInventory.id, { ...third, delayMinutes: 60, discount: { kind: 'percentage', value: 15, expiresInHours: 48 } });
    await sentTest(storeInventory.id, '+5511976543002');
    const [message] = await arrived('+5511976543002');
    expect(message).toMatchObject({ name: 'cart_reminder_3', language: 'pt_BR' });
    expect(message!.text).toContain('15%');
    const code = /TEST-[2-9A-HJKMNP-Z]{6}/.exec(JSON.stringify(message!.parameters))?.[0];
    expect(code).toBeDefined();
    expect(shop.discountCodes()).toEqual([]);
  });
});

describe('refused at its fields', () => {
  test('phone and consent: no number typed, not a number, the sending number itself, no agreement', async () => {
    await saveFlow(storeInventory.id);
    expect(await refusalOf(storeInventory.id, { phone: ' ', consent: false })).toEqual({
      phone: refused.phoneRequired.id,
      consent: refused.consentMissing.id,
    });
    expect(await refusalOf(storeInventory.id, { phone: '12345' })).toEqual({
      phone: refused.phoneInvalid.id,
      consent: refused.consentMissing.id,
    });
    expect(await refusalOf(storeInventory.id, { phone: number.displayPhoneNumber, consent: true })).toEqual({
      phone: refused.phoneIsSender.id,
    });
    // Consent is a yes or no, nothing else.
    expect((await askTest(storeInventory.id, { phone: '+5511976543003', consent: 'yes' })).status).toBe(400);
    // What no number is: refused at phone, a number past any a person types at the schema.
    for (const phone of ['+55119765\ud800', '+55 11 97654-3003 ext. 12', '+800 1234 5678', "' OR 1=1 --"])
      expect(await refusalOf(storeInventory.id, { phone, consent: true })).toEqual({ phone: refused.phoneInvalid.id });
    expect((await askTest(storeInventory.id, { phone: '1'.repeat(101), consent: true })).status).toBe(400);
    expect(await queuedJobs()).toBe(0);
    expect((await services.contacts.consentOf(merchant.uid, ['+5511976543003'])).size).toBe(0);
  });

  test('flow: no number saved, no template for reminder 1, its template no longer approved, a variable it does not fill', async () => {
    const fresh = (await as(merchant, '/inventories', 'POST', { name: 'Sem fluxo' })).body as Inventory;
    const body = { phone: '+5511976543004', consent: true };
    expect(await refusalOf(fresh.id, body)).toEqual({ flow: refused.flowNoNumber.id });

    await saveFlow(fresh.id, { templateName: null });
    expect(await refusalOf(fresh.id, body)).toEqual({ flow: refused.flowNoTemplate.id });

    await saveFlow(fresh.id, { templateName: 'cart_reminder_2' });
    const paused = and(eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, 'cart_reminder_2'));
    await db.update(messageTemplates).set({ status: 'PAUSED' }).where(paused);
    try {
      expect(await refusalOf(fresh.id, body)).toEqual({ flow: refused.flowTemplateNotApproved.id });
    } finally {
      await db.update(messageTemplates).set({ status: 'APPROVED' }).where(paused);
    }

    // The template gained a variable since the flow was saved: the saved map no longer fills it.
    const saved = await saveFlow(fresh.id);
    const settings = {
      steps: [{ ...saved.steps[0]!, variables: { first_name: 'first_name' as const } }],
      minimumCartMinor: 0,
      quietHours: null,
    };
    await db.update(recoveryFlows).set({ settings }).where(eq(recoveryFlows.inventoryId, fresh.id));
    expect(await refusalOf(fresh.id, body)).toEqual({ flow: refused.flowVariableUnmapped.id });

    expect(await queuedJobs()).toBe(0);
  });

  test('a number that opted out is refused, whoever recorded the opt-out, and stays opted out', async () => {
    await saveFlow(storeInventory.id);
    const at = new Date(clock - HOUR).toISOString();
    await services.contacts.recordOptOut(merchant.uid, '+5511976543005', 'stop_word', at);
    // The merchant's own opt-out on the Contacts screen wins too, though a later claim could undo it elsewhere.
    await services.contacts.recordOptIn(merchant.uid, '+5511976543006', 'utility', 'whatsapp_conversation', at);
    await services.contacts.recordOptOut(merchant.uid, '+5511976543006', 'merchant', at, { purpose: 'marketing' });
    for (const phone of ['+5511976543005', '+5511976543006']) {
      expect(await refusalOf(storeInventory.id, { phone, consent: true })).toEqual({ phone: refused.phoneOptedOut.id });
      const contact = (await services.contacts.consentOf(merchant.uid, [phone])).get(phone);
      expect(contact!.consent.marketing.status).toBe('unsubscribed');
    }
    expect(await queuedJobs()).toBe(0);
  });

  test("another account's inventory is not found, and nothing is sent or recorded", async () => {
    await saveFlow(storeInventory.id);
    const answer = await askTest(storeInventory.id, { phone: '+5511976543007', consent: true }, rival);
    expect(answer.status).toBe(404);
    expect(errorOf(answer).code).toBe('not_found');
    expect(await queuedJobs()).toBe(0);
    for (const user of [merchant, rival]) expect((await services.contacts.consentOf(user.uid, ['+5511976543007'])).size).toBe(0);
  });
});

describe('the limit per account', () => {
  test(`${RECOVERY_TESTS_PER_WINDOW} tests an hour; then 429 with Retry-After until the oldest leaves the hour`, async () => {
    await saveFlow(storeInventory.id);
    clock = Date.parse('2026-12-03T12:00:00Z'); // the earlier tests are out of the hour
    const phone = '+5511976543008';
    await sentTest(storeInventory.id, phone);
    clock += 10 * MINUTE;
    for (let index = 1; index < RECOVERY_TESTS_PER_WINDOW; index++) await sentTest(storeInventory.id, phone);
    // A refused request counts nothing.
    await refusalOf(storeInventory.id, { phone, consent: false });

    clock += 10 * MINUTE;
    const limited = await askTest(storeInventory.id, { phone, consent: true });
    expect(limited.status, limited.text).toBe(429);
    expect(errorOf(limited).code).toBe('too_many_requests');
    expect(limited.headers.get('retry-after')).toBe(String(40 * 60));

    clock += 40 * MINUTE; // the first test leaves the hour
    await sentTest(storeInventory.id, phone);
    expect((await askTest(storeInventory.id, { phone, consent: true })).status).toBe(429);
    expect(await arrived(phone)).toHaveLength(RECOVERY_TESTS_PER_WINDOW + 1);
    const keys = await db
      .select({ key: templateSends.sendKey })
      .from(templateSends)
      .where(and(eq(templateSends.uid, merchant.uid), like(templateSends.sendKey, 'recovery-test:%'), eq(templateSends.recipient, phone)));
    expect(keys).toHaveLength(RECOVERY_TESTS_PER_WINDOW + 1);
  });
});
