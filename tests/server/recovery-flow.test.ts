// Checkout recovery's settings API over real HTTP (server/checkouts/recovery-flow-store.ts): the
// ready-made flow, off, until saved; saved with each step's variables filled from their sources;
// the moment it was switched on is the server's clock's (what the browser sends is ignored), kept while
// it stays on and cleared when it is switched off; refused at its fields when it does not hold (the
// domain's rules and the server's: an unknown number, a template the number lacks or Meta has not
// approved); another account's inventory never reached.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultRecoveryFlow, type RecoveryFlow } from '@/domain/checkout-recovery';
import { toGraphTemplate, type TemplateLanguage } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { connectTemplateNumber } from './support/template-number';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let cloudApi: WhatsAppCloudApiServer;
let server: TestServer;
let merchant: TestUser;
let rival: TestUser;
let records: ChannelMerchant;
let channelId: string;
const number = fixturePhoneNumber(33, { phoneNumberId: newPhoneNumberId() });
const reminders = (['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3'] as const).map((key) => readyMadeTemplate(key).draft);
/** Submitted to Meta, still in review. */
const pending = { ...reminders[0]!, name: 'cart_reminder_pending' };

beforeAll(async () => {
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false });
  cloudApi.addNumber(number);
  for (const template of reminders)
    for (const language of ['pt_BR', 'en_US', 'es'] as TemplateLanguage[])
      cloudApi.addTemplate(number.wabaId, toGraphTemplate(template, language));
  cloudApi.addTemplate(number.wabaId, { ...toGraphTemplate(pending, 'pt_BR'), status: 'PENDING' });
  server = await startTestServer({ env: { SECRETS_KEY: randomBytes(32).toString('base64'), WHATSAPP_GRAPH_URL: cloudApi.graphUrl } });
  [merchant, rival] = await Promise.all([createUser('recovery-flow'), createUser('recovery-flow-rival')]);
  records = await seedAnsweringRecords(merchant.uid, 'recovery-flow');
  await seedAnsweringRecords(rival.uid, 'recovery-flow-rival');
  channelId = await connectTemplateNumber(server.url, merchant, records, number);
});
afterAll(async () => {
  await server?.close();
  await cloudApi?.close();
});

const as = (user: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(`${server.url}/api/v1${path}`, {
    method,
    token: user.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const flowPath = () => `/inventories/${records.inventoryId}/recovery-flow`;
/** The ready-made flow, switched on, from the merchant's number, with no variable mapped. */
const switchedOn = (): RecoveryFlow => {
  const flow = defaultRecoveryFlow();
  return { ...flow, enabled: true, channelId, steps: flow.steps.map((step) => ({ ...step, variables: {} })) };
};
const refusedWith = async (flow: RecoveryFlow) => {
  const answer = await as(merchant, flowPath(), 'PUT', flow);
  expect(answer.status, answer.text).toBe(422);
  expect(errorOf(answer).code).toBe('recovery_flow_refused');
  return (answer.body as { error: { fields: Record<string, string> } }).error.fields;
};

describe('recovery flow API', () => {
  test('the ready-made flow, off, until saved; switched on at the server’s time, kept while on, cleared when off', async () => {
    const before = await as(merchant, flowPath());
    expect(before.status).toBe(200);
    expect(before.body).toEqual(defaultRecoveryFlow());

    const sentAt = '2020-01-01T00:00:00.000Z';
    const startedAt = Date.now();
    const saved = await as(merchant, flowPath(), 'PUT', { ...switchedOn(), enabledAt: sentAt });
    expect(saved.status, saved.text).toBe(200);
    const flow = saved.body as RecoveryFlow;
    expect(flow.enabled).toBe(true);
    // The browser's date is ignored: the moment is the server's, after the request was sent.
    expect(flow.enabledAt).not.toBe(sentAt);
    expect(Date.parse(flow.enabledAt!)).toBeGreaterThanOrEqual(startedAt - 1000);
    // Each step's template variables filled from the sources their names say.
    expect(flow.steps.map((step) => step.variables)).toEqual([
      { first_name: 'first_name', cart_url: 'checkout_url' },
      { first_name: 'first_name', cart_url: 'checkout_url' },
      { first_name: 'first_name', cart_url: 'checkout_url', discount: 'discount_value', coupon_code: 'discount_code' },
    ]);
    expect((await as(merchant, flowPath())).body).toEqual(flow);

    // Saved again while on (a delay changed): switched on at the same moment.
    const edited = { ...flow, steps: flow.steps.map((step, index) => (index === 0 ? { ...step, delayMinutes: 30 } : step)) };
    const again = await as(merchant, flowPath(), 'PUT', edited);
    expect(again.body).toMatchObject({ enabledAt: flow.enabledAt, steps: [{ delayMinutes: 30 }, {}, {}] });

    // Off: no moment; the steps are kept for the next time.
    const off = await as(merchant, flowPath(), 'PUT', { ...edited, enabled: false });
    expect(off.body).toMatchObject({ enabled: false, enabledAt: null, steps: [{ delayMinutes: 30 }, {}, {}] });
  });

  test('refused at its fields: the domain’s rules, an unknown number, a template the number lacks or Meta has not approved', async () => {
    expect(await refusedWith({ ...switchedOn(), channelId: null })).toEqual({ channelId: 'recovery.channel_missing' });
    expect(await refusedWith({ ...switchedOn(), channelId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      channelId: 'recovery.channel_unknown',
    });

    const tooSoon = switchedOn();
    tooSoon.steps[0]!.delayMinutes = 5;
    expect(await refusedWith(tooSoon)).toEqual({ 'steps.0.delayMinutes': 'recovery.delay_out_of_range' });

    const unknown = switchedOn();
    unknown.steps[1]!.templateName = 'no_such_template';
    expect(await refusedWith(unknown)).toEqual({ 'steps.1.templateName': 'recovery.template_unknown' });

    const inReview = switchedOn();
    inReview.steps[0]!.templateName = pending.name;
    expect(await refusedWith(inReview)).toEqual({ 'steps.0.templateName': 'recovery.template_not_approved' });

    const generous = switchedOn();
    generous.steps[2]!.discount = { kind: 'percentage', value: 150, expiresInHours: 48 };
    generous.steps[0]!.variables = { first_name: 'first_name', no_such_variable: 'products' };
    expect(await refusedWith(generous)).toEqual({
      'steps.2.discount.value': 'recovery.percentage_out_of_range',
      'steps.0.variables.no_such_variable': 'recovery.variable_unknown',
    });
  });

  test('a template showing a code needs the step’s discount, even where the variable was left for the server to fill', async () => {
    const noDiscount = switchedOn();
    noDiscount.steps[2]!.discount = null;
    expect(await refusedWith(noDiscount)).toEqual({
      'steps.2.variables.discount': 'recovery.source_needs_discount',
      'steps.2.variables.coupon_code': 'recovery.source_needs_discount',
    });
  });

  test("another account's inventory is not found", async () => {
    expect((await as(rival, flowPath())).status).toBe(404);
    expect((await as(rival, flowPath(), 'PUT', { ...switchedOn(), channelId: null, enabled: false })).status).toBe(404);
  });
});
