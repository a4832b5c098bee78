// Meta's webhook over real HTTP (server/routes/whatsapp-webhook-routes.ts), payloads signed here
// with node:crypto as Meta signs them: the verification answers its challenge only for a connected
// number's verify token; a POST is read only once `X-Hub-Signature-256` is the HMAC of the raw body
// with the app secret of every number it names (missing, wrong, another channel's secret, an
// unknown number, a body that is not JSON: one 401); each message is recorded once and queued once
// for the answerer (a redelivery adds nothing; a paused channel's are kept unqueued), each type
// parsed, statuses recorded, a body past 1 MiB is a 413, and no log line holds a secret or a body.
import { createHmac, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Channel, ConnectChannel } from '@/domain/channel';
import { channelStore, WHATSAPP_INBOUND_QUEUE, type ChannelStore } from '@/server/channels/channel-store';
import type { Db } from '@/server/db/database';
import { jobs } from '@/server/jobs/job-tables';
import { whatsappInboundMessages, whatsappMessageStatuses } from '@/server/channels/channel-tables';
import { secretBox } from '@/server/secrets/secret-box';
import { checkedNumber, connectForm, newPhoneNumberId, seedChannelMerchant } from './support/channel-seed';
import { testDatabase } from './support/test-database';
import { buildTestApp, call, errorOf, testEnv } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');
const PATH = '/webhooks/whatsapp';

const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

type Connected = { uid: string; channel: Channel; form: ConnectChannel; verifyToken: string };

let app: FastifyInstance;
let testDb: Db;
let url: string;
let shop: Connected;
let other: Connected;
/** Every secret the tests used: none may reach a log line. */
const secretsUsed: string[] = [];

beforeAll(async () => {
  testDb = (await testDatabase()).db;
  app = await buildTestApp(
    { ...testEnv, SECRETS_KEY, KNOWLEDGE_WORKER: 'off', INVENTORY_SYNC_WORKER: 'off' },
    { logger: { level: 'info', stream: sink } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  [shop, other] = await Promise.all([connected('shop'), connected('other')]);
});
afterAll(() => app?.close());

/** A store with the app's secrets key, as the channel routes will have. */
const appStore = () => channelStore(testDb, secretBox(Buffer.from(SECRETS_KEY, 'base64')));

/** A merchant's number connected with the app's secrets key (as the channel routes will connect it). */
async function connected(
  label: string,
  change?: (store: ChannelStore, uid: string, channel: Channel) => Promise<unknown>,
): Promise<Connected> {
  const store = appStore();
  const merchant = await seedChannelMerchant(label);
  const form = connectForm(merchant);
  const { channel, verifyToken } = await store.connect(merchant.uid, form, checkedNumber);
  await change?.(store, merchant.uid, channel);
  secretsUsed.push(form.accessToken, form.appSecret, verifyToken);
  return { uid: merchant.uid, channel, form, verifyToken };
}

const signature = (body: string | Buffer, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

const post = (body: string, headers: Record<string, string> = {}) =>
  call(`${url}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
/** Posts `body` signed with `appSecret`. */
const signed = (body: string, appSecret: string) => post(body, { 'x-hub-signature-256': signature(body, appSecret) });

const SENDER = '5511987654321';
let sequence = 0;
const message = (type: string, part: Record<string, unknown>) => ({
  from: SENDER,
  id: `wamid.test-${Date.now()}-${++sequence}`,
  timestamp: '1764195000',
  type,
  ...part,
});
const change = (phoneNumberId: string, value: Record<string, unknown>) => ({
  field: 'messages',
  value: {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
    contacts: [{ profile: { name: 'Maria Shopper' }, wa_id: SENDER }],
    ...value,
  },
});
const webhook = (...changes: Array<ReturnType<typeof change>>) =>
  JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes }] });
const messagesTo = (target: Connected, ...messages: unknown[]) => webhook(change(target.form.phoneNumberId, { messages }));

const db = async () => testDb;
const messagesOf = async (channelId: string) =>
  (await db())
    .select()
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.channelId, channelId))
    .orderBy(asc(whatsappInboundMessages.id));
const jobsOf = async (channelId: string) =>
  (await db())
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.queue, WHATSAPP_INBOUND_QUEUE), sql`${jobs.payload}->>'channelId' = ${channelId}`))
    .orderBy(asc(jobs.id));

describe('verification (GET)', () => {
  const verify = (query: Record<string, string>) => call(`${url}${PATH}?${new URLSearchParams(query)}`);

  test('a connected number’s verify token gets the challenge back as text; the channel shows it verified', async () => {
    const answer = await verify({ 'hub.mode': 'subscribe', 'hub.verify_token': shop.verifyToken, 'hub.challenge': '1158201444' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('1158201444');
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await appStore().get(shop.uid, shop.channel.id))?.webhookVerifiedAt).not.toBeNull();
  });

  test('an unknown token, another mode, or no challenge: 403', async () => {
    for (const query of <Array<Record<string, string>>>[
      { 'hub.mode': 'subscribe', 'hub.verify_token': `${shop.verifyToken}x`, 'hub.challenge': '1' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': shop.verifyToken, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': shop.verifyToken },
      { 'hub.mode': 'subscribe', 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': shop.verifyToken, 'hub.challenge': '<script>' },
    ]) {
      const answer = await verify(query);
      expect(answer.status, JSON.stringify(query)).toBe(403);
      expect(errorOf(answer).code).toBe('forbidden');
      expect(answer.text).not.toContain('<script>');
    }
  });
});

describe('events (POST)', () => {
  test('a signed message is recorded and queued once for the answerer; its redelivery adds nothing', async () => {
    const text = message('text', { text: { body: 'Oi, tem a camiseta em M?' } });
    const body = messagesTo(shop, text);
    const answer = await signed(body, shop.form.appSecret);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'received' });

    const [row, ...more] = await messagesOf(shop.channel.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      messageId: text.id,
      sender: SENDER,
      type: 'text',
      content: { type: 'text', body: 'Oi, tem a camiseta em M?' },
      sentAt: new Date(1764195000 * 1000),
    });
    expect(await jobsOf(shop.channel.id)).toEqual([{ payload: { channelId: shop.channel.id, inboundMessageId: row!.id } }]);

    expect((await signed(body, shop.form.appSecret)).status).toBe(200);
    expect(await messagesOf(shop.channel.id)).toHaveLength(1);
    expect(await jobsOf(shop.channel.id)).toHaveLength(1);
  });

  test('every type we read, and one we do not, is parsed and kept for the answerer', async () => {
    const target = await connected('types');
    const order = {
      catalog_id: '1234567890123456',
      text: 'Quero estes',
      product_items: [{ product_retailer_id: 'CAM-M', quantity: 2, item_price: 54.9, currency: 'BRL' }],
    };
    const body = messagesTo(
      target,
      message('text', { text: { body: 'Olá' } }),
      message('image', { image: { id: 'media-img', mime_type: 'image/jpeg', sha256: 'abc', caption: 'Esta aqui' } }),
      message('audio', { audio: { id: 'media-voice', mime_type: 'audio/ogg; codecs=opus', voice: true } }),
      message('document', { document: { id: 'media-doc', mime_type: 'application/pdf', filename: 'lista.pdf' } }),
      message('interactive', { interactive: { type: 'list_reply', list_reply: { id: 'size-m', title: 'M' } } }),
      message('order', { order }),
      message('sticker', { sticker: { id: 'media-sticker', animated: false } }),
    );
    expect((await signed(body, target.form.appSecret)).status).toBe(200);
    expect((await messagesOf(target.channel.id)).map((row) => row.content)).toEqual([
      { type: 'text', body: 'Olá' },
      { type: 'image', mediaId: 'media-img', mimeType: 'image/jpeg', caption: 'Esta aqui' },
      { type: 'audio', mediaId: 'media-voice', mimeType: 'audio/ogg; codecs=opus', voice: true },
      { type: 'document', mediaId: 'media-doc', mimeType: 'application/pdf', caption: null, filename: 'lista.pdf' },
      { type: 'interactive', reply: 'list_reply', replyId: 'size-m', title: 'M', description: null },
      { type: 'order', order },
      { type: 'unsupported', originalType: 'sticker' },
    ]);
    expect(await jobsOf(target.channel.id)).toHaveLength(7);
  });

  test('statuses of our messages are recorded once each, a failure with its error code', async () => {
    const target = await connected('statuses');
    const status = (id: string, value: string, extra: Record<string, unknown> = {}) => ({
      id,
      status: value,
      timestamp: '1764195100',
      recipient_id: SENDER,
      ...extra,
    });
    const body = webhook(
      change(target.form.phoneNumberId, {
        statuses: [
          status('wamid.out-1', 'sent', { conversation: { id: 'conv' }, pricing: { billable: true, category: 'service' } }),
          status('wamid.out-1', 'delivered'),
          status('wamid.out-1', 'read'),
          status('wamid.out-2', 'failed', { errors: [{ code: 131047, title: 'Re-engagement message' }] }),
        ],
      }),
    );
    expect((await signed(body, target.form.appSecret)).status).toBe(200);
    expect((await signed(body, target.form.appSecret)).status).toBe(200);
    const rows = await (
      await db()
    )
      .select({
        messageId: whatsappMessageStatuses.messageId,
        status: whatsappMessageStatuses.status,
        errorCode: whatsappMessageStatuses.errorCode,
        occurredAt: whatsappMessageStatuses.occurredAt,
      })
      .from(whatsappMessageStatuses)
      .where(eq(whatsappMessageStatuses.channelId, target.channel.id))
      .orderBy(asc(whatsappMessageStatuses.messageId), asc(whatsappMessageStatuses.occurredAt), asc(whatsappMessageStatuses.status));
    const at = new Date(1764195100 * 1000);
    expect(rows).toEqual([
      { messageId: 'wamid.out-1', status: 'delivered', errorCode: null, occurredAt: at },
      { messageId: 'wamid.out-1', status: 'read', errorCode: null, occurredAt: at },
      { messageId: 'wamid.out-1', status: 'sent', errorCode: null, occurredAt: at },
      { messageId: 'wamid.out-2', status: 'failed', errorCode: 131047, occurredAt: at },
    ]);
    expect(await jobsOf(target.channel.id)).toEqual([]);
  });

  test('a paused channel’s messages are kept but not queued', async () => {
    const paused = await connected('paused', (store, uid, channel) => store.pause(uid, channel.id));
    expect((await signed(messagesTo(paused, message('text', { text: { body: 'Alguém?' } })), paused.form.appSecret)).status).toBe(200);
    expect(await messagesOf(paused.channel.id)).toHaveLength(1);
    expect(await jobsOf(paused.channel.id)).toEqual([]);
  });

  test('a signed payload we cannot read is acknowledged and dropped; its code is logged', async () => {
    const body = webhook(change(shop.form.phoneNumberId, { messages: [{ ...message('text', { text: { body: 'x' } }), id: undefined }] }));
    const before = (await messagesOf(shop.channel.id)).length;
    expect((await signed(body, shop.form.appSecret)).status).toBe(200);
    expect(await messagesOf(shop.channel.id)).toHaveLength(before);
    expect(logLines.some((line) => line.includes('"whatsappWebhook":"payload_invalid"'))).toBe(true);
  });
});

describe('refused before anything is read', () => {
  /** The 401 every refusal answers, and nothing recorded for `target`. */
  async function refused(answer: Awaited<ReturnType<typeof post>>, target: Connected, reason: string) {
    expect(answer.status, reason).toBe(401);
    expect(errorOf(answer).code).toBe('unauthenticated');
    expect(
      logLines.some((line) => line.includes(`"whatsappWebhook":"${reason}"`)),
      reason,
    ).toBe(true);
    expect(await messagesOf(target.channel.id)).toHaveLength(target === shop ? shopMessages : 0);
  }
  let shopMessages = 0;
  beforeAll(async () => {
    shopMessages = (await messagesOf(shop.channel.id)).length;
  });

  test('no signature, a malformed one, a wrong one', async () => {
    const body = messagesTo(other, message('text', { text: { body: 'forged' } }));
    await refused(await post(body), other, 'signature_missing');
    await refused(
      await post(body, { 'x-hub-signature-256': `sha1=${createHmac('sha1', other.form.appSecret).update(body).digest('hex')}` }),
      other,
      'signature_missing',
    );
    await refused(await post(body, { 'x-hub-signature-256': signature(`${body} `, other.form.appSecret) }), other, 'signature_invalid');
    await refused(
      await post(body, { 'x-hub-signature-256': signature(body, other.form.appSecret).slice(0, -2) }),
      other,
      'signature_missing',
    );
  });

  test('signed with another channel’s app secret, alone or beside that channel’s own number', async () => {
    await refused(
      await signed(messagesTo(other, message('text', { text: { body: 'forged' } })), shop.form.appSecret),
      other,
      'signature_invalid',
    );
    const mixed = webhook(
      change(shop.form.phoneNumberId, { messages: [message('text', { text: { body: 'mine' } })] }),
      change(other.form.phoneNumberId, { messages: [message('text', { text: { body: 'forged' } })] }),
    );
    await refused(await signed(mixed, shop.form.appSecret), other, 'signature_invalid');
    await refused(await signed(mixed, shop.form.appSecret), shop, 'signature_invalid');
  });

  test('a number no channel has, a payload naming none, a body that is not JSON', async () => {
    const unknown = webhook(change(newPhoneNumberId(), { messages: [message('text', { text: { body: 'hi' } })] }));
    await refused(await signed(unknown, shop.form.appSecret), shop, 'unknown_number');
    await refused(
      await signed(JSON.stringify({ object: 'whatsapp_business_account', entry: [] }), shop.form.appSecret),
      shop,
      'no_phone_number',
    );
    await refused(await signed('{"entry": [', shop.form.appSecret), shop, 'unparseable');
    await refused(await signed('', shop.form.appSecret), shop, 'empty_body');
  });

  test('a body past 1 MiB is a 413, whatever its signature', async () => {
    const body = messagesTo(shop, message('text', { text: { body: 'x'.repeat(1024 * 1024) } }));
    const answer = await signed(body, shop.form.appSecret);
    expect(answer.status).toBe(413);
    expect(errorOf(answer).code).toBe('payload_too_large');
  });
});

describe('around the webhook', () => {
  test('its raw-body parsing stays its own: the API still reads JSON', async () => {
    const answer = await call(`${url}/api/v1/storefront/no-such-catalog/whatsapp-orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ catalog_id: '1', product_items: [{ product_retailer_id: 'A', quantity: 1 }] }),
    });
    expect(errorOf(answer).code).toBe('inventory_not_found');
  });

  test('no log line holds a token, an app secret, a verify token, a message’s text or the shopper’s number or name', () => {
    expect(logLines.length).toBeGreaterThan(10);
    const all = logLines.join('\n');
    for (const secret of secretsUsed) expect(all).not.toContain(secret);
    for (const personal of ['Oi, tem a camiseta', 'Esta aqui', 'forged', SENDER, 'Maria Shopper']) expect(all).not.toContain(personal);
    expect(all).toContain(shop.channel.id);
  });
});
