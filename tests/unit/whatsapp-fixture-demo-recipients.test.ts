// The demo audience answering templates through the loopback WhatsApp Cloud API
// (tests/fixtures/whatsapp/demo-recipients.ts, the fixture's `templateRecipients`), over real HTTP to a
// loopback callback: 131050 in a failed status for the one number that stopped marketing, 131049 for
// the few at Meta's per-user limit, sent → delivered → read for the others, a reply quoting the
// template from some, a utility template never refused, and nothing at all for a number outside the
// audience or a fixture started without the option. No wall clock: every step's wait is the test's
// (it records what it was asked and returns at once), and the test waits for the fixture's settled().
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_AUDIENCE, type DemoAudienceContact } from '../fixtures/demo-audience';
import { startTestServer, type TestServer } from '../fixtures/http-test-server';
import {
  DEMO_WHATSAPP_NUMBER,
  startWhatsAppCloudApiServer,
  type WebhookPayload,
  type WhatsAppCloudApiServer,
  type WhatsAppCloudApiServerOptions,
} from '../fixtures/whatsapp-cloud-api-server';
import { demoOutcomeOf, demoRecipients, DEMO_PER_USER_LIMITED, DEMO_STOPPED_MARKETING } from '../fixtures/whatsapp/demo-recipients';

const NUMBER = DEMO_WHATSAPP_NUMBER;
const STEP_MS = 40;

let fixture: WhatsAppCloudApiServer | undefined;
let callback: TestServer | undefined;
let waits: number[] = [];
afterEach(async () => {
  await Promise.all([fixture?.close(), callback?.close()]);
  fixture = undefined;
  callback = undefined;
  waits = [];
});

const recipients = () =>
  demoRecipients({
    stepMs: STEP_MS,
    wait: async (ms) => {
      waits.push(ms);
    },
  });

/** The fixture with the demo number's webhook on a loopback callback and a marketing template approved. */
async function start(options: WhatsAppCloudApiServerOptions = { templateRecipients: recipients() }): Promise<WhatsAppCloudApiServer> {
  fixture = await startWhatsAppCloudApiServer({ numbers: [NUMBER], autoReview: false, ...options });
  callback = await startTestServer();
  fixture.setWebhookUrl(NUMBER.phoneNumberId, `${callback.origin}/webhooks/whatsapp`);
  fixture.addTemplate(NUMBER.wabaId, {
    name: 'weekly_offers',
    language: 'pt_BR',
    category: 'MARKETING',
    components: [
      { type: 'BODY', text: 'Chegaram as novidades da semana na loja. Venha ver!' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Parar promoções' }] },
    ],
  });
  return fixture;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/** Sends a template to a number; the wamid answered. */
async function sendTemplate(phone: string, template: { name: string; language: { code: string } }): Promise<string> {
  const response = await fetch(`${fixture!.graphUrl}/${NUMBER.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${NUMBER.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to: digits(phone), type: 'template', template }),
  });
  const body = (await response.json()) as { messages?: { id: string }[] };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.messages![0]!.id;
}
const OFFERS = { name: 'weekly_offers', language: { code: 'pt_BR' } };
const HELLO = { name: 'hello_world', language: { code: 'pt_BR' } };

/** What the callback received, in order, each checked for the number's signature. */
function received(): WebhookPayload[] {
  return callback!.requests.map((request) => {
    expect(request.headers['x-hub-signature-256']).toBe(
      `sha256=${createHmac('sha256', NUMBER.appSecret).update(request.body).digest('hex')}`,
    );
    return JSON.parse(request.body) as WebhookPayload;
  });
}
const valueOf = (payload: WebhookPayload) => payload.entry[0]!.changes[0]!.value;
/** The statuses received of a message, in order: `status` or `failed:<code>`. */
const statusesOf = (messageId: string) =>
  received()
    .flatMap((payload) => valueOf(payload).statuses ?? [])
    .filter((status) => status.id === messageId)
    .map((status) => {
      const errors = status.errors as { code: number }[] | undefined;
      return errors ? `${status.status}:${errors.map((error) => error.code).join(',')}` : status.status;
    });
const repliesTo = (messageId: string) =>
  received()
    .flatMap((payload) => valueOf(payload).messages ?? [])
    .filter((message) => (message.context as { id?: string } | undefined)?.id === messageId);

const contactWith = (kind: string, reply?: 'reply' | 'none'): DemoAudienceContact =>
  DEMO_AUDIENCE.find((contact) => {
    const outcome = demoOutcomeOf(contact);
    if (outcome.kind !== kind) return false;
    if (outcome.kind === 'read' && reply) return (outcome.reply !== null) === (reply === 'reply');
    return true;
  })!;

describe('the demo audience answering templates', () => {
  it('the number that stopped marketing: a failed status with 131050, nothing else', async () => {
    await start();
    const id = await sendTemplate(DEMO_STOPPED_MARKETING, OFFERS);
    await fixture!.settled();
    expect(statusesOf(id)).toEqual(['failed:131050']);
    expect(repliesTo(id)).toEqual([]);
    const [failed] = valueOf(received()[0]!).statuses!;
    expect(failed).toMatchObject({ recipient_id: digits(DEMO_STOPPED_MARKETING), status: 'failed' });
  });

  it('the numbers at the per-user marketing limit: a failed status with 131049', async () => {
    await start();
    expect(DEMO_PER_USER_LIMITED.length).toBeGreaterThanOrEqual(3);
    const ids = [];
    for (const phone of DEMO_PER_USER_LIMITED) ids.push(await sendTemplate(phone, OFFERS));
    await fixture!.settled();
    for (const id of ids) expect(statusesOf(id)).toEqual(['failed:131049']);
  });

  it('a shopper who reads: sent, then delivered, then read, each after a step’s wait', async () => {
    await start();
    const reader = contactWith('read', 'none');
    const id = await sendTemplate(reader.phone, OFFERS);
    await fixture!.settled();
    expect(statusesOf(id)).toEqual(['sent', 'delivered', 'read']);
    expect(repliesTo(id)).toEqual([]);
    expect(waits).toHaveLength(3);
    for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(STEP_MS);
  });

  it('a shopper who answers: read, then a text in their language quoting the template', async () => {
    await start();
    const writer = contactWith('read', 'reply');
    const id = await sendTemplate(writer.phone, OFFERS);
    await fixture!.settled();
    expect(statusesOf(id)).toEqual(['sent', 'delivered', 'read']);
    const [reply, ...more] = repliesTo(id);
    expect(more).toEqual([]);
    const outcome = demoOutcomeOf(writer);
    expect(reply).toMatchObject({ from: digits(writer.phone), type: 'text', text: { body: outcome.kind === 'read' ? outcome.reply : '' } });
    // The last payload is the reply, after the read status.
    expect(valueOf(received().at(-1)!).messages?.[0]?.id).toBe(reply!.id);
  });

  it('a shopper who never opens it: sent and delivered only', async () => {
    await start();
    const id = await sendTemplate(contactWith('delivered').phone, OFFERS);
    await fixture!.settled();
    expect(statusesOf(id)).toEqual(['sent', 'delivered']);
  });

  it('a utility template to the number that stopped marketing is delivered and read', async () => {
    await start();
    const id = await sendTemplate(DEMO_STOPPED_MARKETING, HELLO);
    await fixture!.settled();
    expect(statusesOf(id)).toEqual(['sent', 'delivered', 'read']);
  });

  it('with sentStatuses on, `sent` comes once (the fixture’s own, sent at once beside the first wait)', async () => {
    await start({ templateRecipients: recipients(), sentStatuses: true });
    const id = await sendTemplate(contactWith('read', 'none').phone, OFFERS);
    await fixture!.settled();
    expect(statusesOf(id).sort()).toEqual(['delivered', 'read', 'sent']);
    expect(statusesOf(id).slice(-1)).toEqual(['read']);
  });

  it('a number outside the audience, or a fixture without the option, gets no answer at all', async () => {
    await start();
    await sendTemplate('+5511987654321', OFFERS);
    await fixture!.settled();
    expect(callback!.requests).toEqual([]);
    await Promise.all([fixture!.close(), callback!.close()]);

    await start({});
    await sendTemplate(DEMO_STOPPED_MARKETING, OFFERS);
    await sendTemplate(contactWith('read', 'reply').phone, OFFERS);
    await fixture!.settled();
    expect(callback!.requests).toEqual([]);
    expect(waits).toEqual([]);
  });
});
