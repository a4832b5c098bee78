// WhatsApp numbers through the API (server/routes/channel-routes.ts) over real HTTP, against the
// loopback WhatsApp Cloud API (tests/fixtures/whatsapp-cloud-api-server.ts) and a loopback Graph
// peer that answers what the fixture does not (throttling, permission errors, a page that is not
// Graph's, then nothing at all): connect checks the AI base and inventory, then the number with
// its token, before anything is stored; the verify token and webhook URL are answered once; no
// answer holds a secret; pause and disconnect reach the webhook at once (same store, same cache);
// resume, another AI base, a new token and a new verify token; conversations grouped by shopper,
// masked, newest first, a page at a time; the AI base list names the numbers each base answers on.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import {
  CONVERSATIONS_PAGE_SIZE,
  EXCHANGES_PER_CONVERSATION,
  channelValidation,
  type Channel,
  type ChannelDetail,
  type ChannelWebhookSetup,
  type ConnectChannelInput,
} from '@/domain/channel';
import { channelStore, WHATSAPP_INBOUND_QUEUE } from '@/server/channels/channel-store';
import { inboundReplies } from '@/server/channels/inbound-replies';
import { channels, whatsappInboundMessages } from '@/server/channels/channel-tables';
import { inventoryProducts } from '@/server/inventories/inventory-tables';
import { jobs } from '@/server/jobs/job-tables';
import { secretBox } from '@/server/secrets/secret-box';
import { sendJson, startTestServer as startHttpServer, type TestServer as HttpServer } from '../fixtures/http-test-server';
import { graphErrors, graphFailure } from '../fixtures/meta/graph-errors';
import {
  DEMO_WHATSAPP_NUMBER,
  documentMessage,
  fixturePhoneNumber,
  imageMessage,
  inboundMessage,
  orderMessage,
  startWhatsAppCloudApiServer,
  textMessage,
  buttonReplyMessage,
  webhookPayload,
  type FixturePhoneNumber,
  type Shopper,
  type WhatsAppCloudApiServer,
} from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { sampleProduct } from './support/storefront-seed';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');

let cloudApi: WhatsAppCloudApiServer;
/** A Graph peer that answers as the test says; closed by the test of a Meta that does not answer. */
let graphPeer: HttpServer | null;
let server: TestServer;
/** The same app against graphPeer. */
let peerServer: TestServer;
let merchant: TestUser;
let rival: TestUser;
let mine: ChannelMerchant;
let theirs: ChannelMerchant;

beforeAll(async () => {
  cloudApi = await startWhatsAppCloudApiServer();
  graphPeer = await startHttpServer();
  [server, peerServer] = await Promise.all([
    startTestServer({ env: { SECRETS_KEY, WHATSAPP_GRAPH_URL: cloudApi.graphUrl } }),
    startTestServer({ env: { SECRETS_KEY, WHATSAPP_GRAPH_URL: `${graphPeer.origin}/v21.0` } }),
  ]);
  [merchant, rival] = await Promise.all([createUser('channels'), createUser('channels-rival')]);
  [mine, theirs] = await Promise.all([seedAnsweringRecords(merchant.uid, 'mine'), seedAnsweringRecords(rival.uid, 'theirs')]);
});
afterAll(async () => {
  await server?.close();
  await peerServer?.close();
  await graphPeer?.close();
  await cloudApi?.close();
});

const request = (base: () => TestServer, user: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(`${base().url}/api/v1${path}`, {
    method,
    token: user.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const as = (user: TestUser, path: string, method = 'GET', body?: unknown) => request(() => server, user, path, method, body);

/** A number of the fixture's own, new to the run, its webhook pointed at the app. */
function newNumber(index: number): FixturePhoneNumber {
  const number = fixturePhoneNumber(index, { phoneNumberId: newPhoneNumberId() });
  cloudApi.addNumber(number);
  cloudApi.setWebhookUrl(number.phoneNumberId, `${server.url}/webhooks/whatsapp`);
  return number;
}

const formFor = (number: FixturePhoneNumber, merchantRecords: ChannelMerchant, overrides: Partial<ConnectChannelInput> = {}) => ({
  phoneNumberId: number.phoneNumberId,
  wabaId: number.wabaId,
  accessToken: number.accessToken,
  appSecret: number.appSecret,
  aiBaseId: merchantRecords.activeBaseId,
  inventoryId: merchantRecords.inventoryId,
  ...overrides,
});

async function connect(number: FixturePhoneNumber): Promise<ChannelWebhookSetup> {
  const answer = await as(merchant, '/channels', 'POST', formFor(number, mine));
  expect(answer.status, answer.text).toBe(201);
  return answer.body as ChannelWebhookSetup;
}

const db = async () => (await testDatabase()).db;
const jobsOf = async (channelId: string) =>
  (await db())
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, WHATSAPP_INBOUND_QUEUE), sql`${jobs.payload}->>'channelId' = ${channelId}`));
const messagesOf = async (channelId: string) =>
  (await db()).select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.channelId, channelId));
const storedWith = async (phoneNumberIds: string[]) =>
  (await db()).select({ id: channels.id }).from(channels).where(inArray(channels.phoneNumberId, phoneNumberIds));
/** A store with the app's secrets key, for what only a worker does (marking a channel as needing attention, opening its token). */
const workerStore = async () => channelStore(await db(), secretBox(Buffer.from(SECRETS_KEY, 'base64')));

const verifyWebhook = (verifyToken: string) => {
  const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '4242' });
  return call(`${server.url}/webhooks/whatsapp?${query}`);
};

/** No answer may hold a secret of the number. */
function expectNoSecret(text: string, number: FixturePhoneNumber, verifyToken?: string) {
  expect(text).not.toContain(number.accessToken);
  expect(text).not.toContain(number.accessToken.slice(4, 40));
  expect(text).not.toContain(number.appSecret);
  if (verifyToken) expect(text).not.toContain(verifyToken);
}

const shopper = (index: number): Shopper => ({ waId: `5511987${String(600_000 + index * 7).padStart(6, '0')}`, name: `Shopper ${index}` });

describe('connect', () => {
  const demo = DEMO_WHATSAPP_NUMBER;
  let connected: ChannelWebhookSetup;

  test('the demo number is checked with its token, stored with its name and quality; verify token and webhook URL come once', async () => {
    cloudApi.setWebhookUrl(demo.phoneNumberId, `${server.url}/webhooks/whatsapp`);
    const before = cloudApi.requests.length;
    const answer = await as(merchant, '/channels', 'POST', formFor(demo, mine, { phoneNumberId: ` ${demo.phoneNumberId} ` }));
    expect(answer.status, answer.text).toBe(201);
    connected = answer.body as ChannelWebhookSetup;
    expect(connected.channel).toMatchObject({
      phoneNumberId: demo.phoneNumberId,
      wabaId: demo.wabaId,
      displayPhoneNumber: '+55 11 93456-7890',
      verifiedName: 'Loja Demo Catalyst',
      qualityRating: 'green',
      status: 'active',
      attentionReason: null,
      aiBaseId: mine.activeBaseId,
      inventoryId: mine.inventoryId,
      accessTokenHint: `…${demo.accessToken.slice(-4)}`,
      webhookVerifiedAt: null,
    });
    expect(connected.verifyToken).toMatch(/^[\w-]{32}$/);
    expect(connected.webhookUrl).toBe(`${server.url}/webhooks/whatsapp`);
    expect(answer.headers.get('location')).toBe(`/api/v1/channels/${connected.channel.id}`);
    expectNoSecret(answer.text, demo);

    // Checked against the Cloud API, with the merchant's token in the Authorization header only.
    const checks = cloudApi.requests.slice(before);
    expect(checks.map((check) => check.url.split('?')[0])).toEqual([`/v21.0/${demo.phoneNumberId}`]);
    expect(checks[0]!.headers.authorization).toBe(`Bearer ${demo.accessToken}`);
    expect(checks[0]!.url).not.toContain(demo.accessToken);

    // The verify token answered is the one Meta's verification succeeds with.
    const verified = await verifyWebhook(connected.verifyToken);
    expect([verified.status, verified.text]).toEqual([200, '4242']);

    // The secrets are sealed at rest.
    const [row] = await (await db()).select().from(channels).where(eq(channels.id, connected.channel.id));
    for (const sealed of [row!.accessTokenSealed, row!.appSecretSealed]) {
      expect(sealed).toMatch(/^v1\./);
      expectNoSecret(sealed, demo);
    }
  });

  test('the list and the channel never hold a token, the app secret or the verify token', async () => {
    const list = await as(merchant, '/channels');
    expect(list.status).toBe(200);
    expect((list.body as { channels: Channel[] }).channels.map((channel) => channel.id)).toContain(connected.channel.id);
    const one = await as(merchant, `/channels/${connected.channel.id}`);
    expect(one.status).toBe(200);
    expect((one.body as ChannelDetail).webhookVerifiedAt).not.toBeNull();
    for (const answer of [list, one]) expectNoSecret(answer.text, demo, connected.verifyToken);
  });

  test('the same number on another account, with its own token: 409 already_connected, after the check; the first stays', async () => {
    const before = cloudApi.requests.length;
    const answer = await as(rival, '/channels', 'POST', formFor(demo, theirs));
    expect([answer.status, errorOf(answer).code]).toEqual([409, 'already_connected']);
    expect(errorOf(answer).fields).toEqual({ phoneNumberId: channelValidation.alreadyConnected.id });
    expect(cloudApi.requests.length).toBe(before + 1);
    // Without the token, no one learns whether a number is connected: the check refuses first.
    const guessed = await as(rival, '/channels', 'POST', formFor(demo, theirs, { accessToken: `EAAG${'x'.repeat(60)}` }));
    expect([guessed.status, errorOf(guessed).code]).toEqual([422, 'whatsapp_token_invalid']);
    expect((await as(rival, '/channels')).body).toEqual({ channels: [] });
    expect((await as(merchant, `/channels/${connected.channel.id}`)).status).toBe(200);
  });

  test('refused before anything is stored: a wrong, expired or another number’s token, an unknown number', async () => {
    const number = newNumber(9101);
    const other = newNumber(9102);
    const refused = async (form: ReturnType<typeof formFor>, status: number, code: string) => {
      const answer = await as(merchant, '/channels', 'POST', form);
      expect([answer.status, errorOf(answer).code], answer.text).toEqual([status, code]);
      expectNoSecret(answer.text, number);
    };
    await refused(formFor(number, mine, { accessToken: `EAAG${'0'.repeat(80)}` }), 422, 'whatsapp_token_invalid');
    await refused(formFor(number, mine, { accessToken: other.accessToken }), 422, 'whatsapp_number_not_found');
    await refused(formFor(number, mine, { phoneNumberId: newPhoneNumberId() }), 422, 'whatsapp_number_not_found');
    cloudApi.expireToken(number.accessToken);
    await refused(formFor(number, mine), 422, 'whatsapp_token_invalid');
    cloudApi.expireToken(number.accessToken, false);
    cloudApi.failNext('serviceUnavailable');
    await refused(formFor(number, mine), 502, 'whatsapp_unreachable');
    expect(await storedWith([number.phoneNumberId])).toEqual([]);
  });

  test('refused before the number is checked: an inactive AI base, another account’s base or inventory', async () => {
    const number = newNumber(9103);
    const before = cloudApi.requests.length;
    const cases: Array<[Partial<ConnectChannelInput>, number, string, Record<string, string>]> = [
      [{ aiBaseId: mine.inactiveBaseId }, 409, 'ai_base_not_active', { aiBaseId: channelValidation.aiBaseNotActive.id }],
      [{ aiBaseId: theirs.activeBaseId }, 422, 'ai_base_not_found', { aiBaseId: channelValidation.aiBaseNotFound.id }],
      [{ inventoryId: theirs.inventoryId }, 422, 'inventory_not_found', { inventoryId: channelValidation.inventoryNotFound.id }],
    ];
    for (const [overrides, status, code, fields] of cases) {
      const answer = await as(merchant, '/channels', 'POST', formFor(number, mine, overrides));
      expect([answer.status, errorOf(answer).code, errorOf(answer).fields]).toEqual([status, code, fields]);
    }
    expect(cloudApi.requests.length).toBe(before);
    expect(await storedWith([number.phoneNumberId])).toEqual([]);
    // Without an inventory: it answers from its knowledge base only.
    const answer = await as(merchant, '/channels', 'POST', formFor(number, mine, { inventoryId: null }));
    expect(answer.status).toBe(201);
    expect((answer.body as ChannelWebhookSetup).channel.inventoryId).toBeNull();
  });

  test('invalid fields: 400 with each field’s message id', async () => {
    const number = newNumber(9104);
    const answer = await as(merchant, '/channels', 'POST', {
      ...formFor(number, mine),
      phoneNumberId: '+55 11 91234',
      accessToken: '',
      appSecret: 'short',
      aiBaseId: 'not-a-base',
      extra: true,
    });
    expect([answer.status, errorOf(answer).code]).toEqual([400, 'validation_failed']);
    expect(errorOf(answer).fields).toEqual({
      phoneNumberId: channelValidation.phoneNumberIdInvalid.id,
      accessToken: channelValidation.accessTokenRequired.id,
      appSecret: channelValidation.appSecretInvalid.id,
      aiBaseId: channelValidation.aiBaseRequired.id,
      extra: 'Unknown field',
    });
    expect(await storedWith([number.phoneNumberId])).toEqual([]);
  });

  test('Meta throttling (503 with Retry-After), a missing permission, an answer that is not Graph’s, no answer at all', async () => {
    const number = fixturePhoneNumber(9105, { phoneNumberId: newPhoneNumberId() });
    const viaPeer = () => request(() => peerServer, merchant, '/channels', 'POST', formFor(number, mine));
    const peer = graphPeer!;

    peer.handle((_request, response) => {
      const { status, error } = graphErrors.throttled(4);
      const usage = { [number.wabaId]: [{ type: 'whatsapp_business_management', call_count: 100, estimated_time_to_regain_access: 2 }] };
      sendJson(response, status, { error }, { 'x-business-use-case-usage': JSON.stringify(usage) });
    });
    const throttled = await viaPeer();
    expect([throttled.status, errorOf(throttled).code, throttled.headers.get('retry-after')]).toEqual([503, 'whatsapp_throttled', '120']);

    peer.handle((_request, response) => {
      const { status, error } = graphFailure(403, { message: '(#200) Permissions error', type: 'OAuthException', code: 200 });
      sendJson(response, status, { error });
    });
    const permission = await viaPeer();
    expect([permission.status, errorOf(permission).code]).toEqual([422, 'whatsapp_permission_missing']);

    peer.handle((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Welcome</h1>'));
    const notGraph = await viaPeer();
    expect([notGraph.status, errorOf(notGraph).code]).toEqual([502, 'whatsapp_unreachable']);

    await peer.close();
    graphPeer = null;
    const down = await viaPeer();
    expect([down.status, errorOf(down).code]).toEqual([502, 'whatsapp_unreachable']);
    for (const answer of [throttled, permission, notGraph, down]) expectNoSecret(answer.text, number);
    expect(await storedWith([number.phoneNumberId])).toEqual([]);
  });

  test('disconnect: 204, gone, and the webhook refuses the number’s payloads at once', async () => {
    const id = connected.channel.id;
    const [first] = await cloudApi.deliver(textMessage(demo, shopper(1), 'Oi!'));
    expect(first!.status).toBe(200); // the webhook now remembers the channel
    const answer = await as(merchant, `/channels/${id}`, 'DELETE');
    expect(answer.status).toBe(204);
    const [after] = await cloudApi.deliver(textMessage(demo, shopper(1), 'Ainda aí?'));
    expect(after!.status).toBe(401);
    expect((await as(merchant, `/channels/${id}`)).status).toBe(404);
    expect((await as(merchant, `/channels/${id}`, 'DELETE')).status).toBe(404);
    expect(((await as(merchant, '/channels')).body as { channels: Channel[] }).channels.map((channel) => channel.id)).not.toContain(id);
    expect(await messagesOf(id)).toEqual([]);
    expect((await verifyWebhook(connected.verifyToken)).status).toBe(403);
  });
});

describe('a connected number', () => {
  test('pause: the webhook stops queueing at once (messages kept); resume refuses a base switched off, then queues again', async () => {
    const number = newNumber(9201);
    const { channel } = await connect(number);
    const deliver = async (body: string) => expect((await cloudApi.deliver(textMessage(number, shopper(2), body)))[0]!.status).toBe(200);

    await deliver('Tem em M?');
    expect(await jobsOf(channel.id)).toHaveLength(1);

    const paused = await as(merchant, `/channels/${channel.id}/pause`, 'POST');
    expect([paused.status, (paused.body as Channel).status]).toEqual([200, 'paused']);
    await deliver('Alô?');
    expect(await messagesOf(channel.id)).toHaveLength(2);
    expect(await jobsOf(channel.id)).toHaveLength(1);

    expect((await as(merchant, `/ai-bases/${mine.activeBaseId}/deactivate`, 'POST')).status).toBe(200);
    const refused = await as(merchant, `/channels/${channel.id}/resume`, 'POST');
    expect([refused.status, errorOf(refused).code]).toEqual([409, 'ai_base_not_active']);
    expect(((await as(merchant, `/channels/${channel.id}`)).body as Channel).status).toBe('paused');
    expect((await as(merchant, `/ai-bases/${mine.activeBaseId}/activate`, 'POST')).status).toBe(200);

    const resumed = await as(merchant, `/channels/${channel.id}/resume`, 'POST');
    expect([resumed.status, (resumed.body as Channel).status]).toEqual([200, 'active']);
    await deliver('Oi de novo');
    expect(await jobsOf(channel.id)).toHaveLength(2);
  });

  test('another AI base or inventory: the caller’s and active only; a channel waiting for its base answers again', async () => {
    const number = newNumber(9202);
    const { channel } = await connect(number);
    const change = (body: unknown) => as(merchant, `/channels/${channel.id}/answering`, 'PUT', body);
    const refusedWith = async (body: unknown) => {
      const answer = await change(body);
      return [answer.status, errorOf(answer).code];
    };
    expect(await refusedWith({ aiBaseId: theirs.activeBaseId })).toEqual([422, 'ai_base_not_found']);
    expect(await refusedWith({ aiBaseId: mine.inactiveBaseId })).toEqual([409, 'ai_base_not_active']);
    expect(await refusedWith({ aiBaseId: mine.activeBaseId, inventoryId: theirs.inventoryId })).toEqual([422, 'inventory_not_found']);
    expect(await refusedWith({ aiBaseId: 'x' })).toEqual([400, 'validation_failed']);
    expect(((await as(merchant, `/channels/${channel.id}`)).body as Channel).inventoryId).toBe(mine.inventoryId);

    await (await workerStore()).markNeedsAttention(channel.id, 'ai_base_inactive');
    const saved = await change({ aiBaseId: mine.activeBaseId, inventoryId: null });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ aiBaseId: mine.activeBaseId, inventoryId: null, status: 'active', attentionReason: null });
  });

  test('a new token after Meta refused the old one: checked against the number first, then sealed; the channel answers again', async () => {
    const number = newNumber(9203);
    const { channel } = await connect(number);
    const store = await workerStore();
    await store.markNeedsAttention(channel.id, 'token_invalid');
    expect((await as(merchant, `/channels/${channel.id}`)).body).toMatchObject({
      status: 'needs_attention',
      attentionReason: 'token_invalid',
    });

    // The merchant makes a new token in Meta's settings: the old one no longer works.
    const renewed = { ...number, accessToken: fixturePhoneNumber(9204).accessToken };
    cloudApi.addNumber(renewed);
    const replace = (accessToken: string) => as(merchant, `/channels/${channel.id}/token`, 'PUT', { accessToken });

    const stale = await replace(number.accessToken);
    expect([stale.status, errorOf(stale).code]).toEqual([422, 'whatsapp_token_invalid']);
    const foreign = await replace(DEMO_WHATSAPP_NUMBER.accessToken);
    expect([foreign.status, errorOf(foreign).code]).toEqual([422, 'whatsapp_number_not_found']);
    expect((await as(merchant, `/channels/${channel.id}`)).body).toMatchObject({
      status: 'needs_attention',
      accessTokenHint: `…${number.accessToken.slice(-4)}`,
    });
    expect(await store.accessToken(channel.id)).toBe(number.accessToken);

    const replaced = await replace(` ${renewed.accessToken} `);
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ status: 'active', attentionReason: null, accessTokenHint: `…${renewed.accessToken.slice(-4)}` });
    expectNoSecret(replaced.text, renewed);
    expect(await store.accessToken(channel.id)).toBe(renewed.accessToken);
  });

  test('a channel whose token Meta refused keeps needing attention: pausing and resuming are refused until a new token', async () => {
    const number = newNumber(9211);
    const { channel } = await connect(number);
    await (await workerStore()).markNeedsAttention(channel.id, 'token_invalid');

    for (const action of ['pause', 'resume', 'resume']) {
      const refused = await as(merchant, `/channels/${channel.id}/${action}`, 'POST');
      expect([action, refused.status, errorOf(refused).code]).toEqual([action, 409, 'channel_needs_access_token']);
    }
    expect((await as(merchant, `/channels/${channel.id}`)).body).toMatchObject({
      status: 'needs_attention',
      attentionReason: 'token_invalid',
    });

    // A channel that waited for its base only is no such case: it pauses, and resumes once the base answers.
    const other = (await connect(newNumber(9212))).channel;
    await (await workerStore()).markNeedsAttention(other.id, 'ai_base_inactive');
    expect(((await as(merchant, `/channels/${other.id}/pause`, 'POST')).body as Channel).status).toBe('paused');
    expect(((await as(merchant, `/channels/${other.id}/resume`, 'POST')).body as Channel).status).toBe('active');
  });

  test('switching the AI base off marks its active channels at once; switching it on again recovers them, and only them', async () => {
    const [answering, paused, refused] = await Promise.all(
      [9213, 9214, 9215].map(async (index) => (await connect(newNumber(index))).channel),
    );
    expect((await as(merchant, `/channels/${paused!.id}/pause`, 'POST')).status).toBe(200);
    await (await workerStore()).markNeedsAttention(refused!.id, 'token_invalid');
    const statuses = async () =>
      Promise.all(
        [answering!, paused!, refused!].map(async ({ id }) => {
          const { status, attentionReason } = (await as(merchant, `/channels/${id}`)).body as Channel;
          return [status, attentionReason];
        }),
      );

    expect((await as(merchant, `/ai-bases/${mine.activeBaseId}/deactivate`, 'POST')).status).toBe(200);
    // No message arrived: the base's deactivation itself marked the channel.
    expect(await statuses()).toEqual([
      ['needs_attention', 'ai_base_inactive'],
      ['paused', null],
      ['needs_attention', 'token_invalid'],
    ]);
    expect((await as(merchant, `/ai-bases/${mine.activeBaseId}/activate`, 'POST')).status).toBe(200);
    expect(await statuses()).toEqual([
      ['active', null],
      ['paused', null],
      ['needs_attention', 'token_invalid'],
    ]);
  });

  test('a new verify token, shown once: the old one stops verifying, the new one verifies', async () => {
    const number = newNumber(9205);
    const { channel, verifyToken } = await connect(number);
    const answer = await as(merchant, `/channels/${channel.id}/verify-token`, 'POST');
    expect(answer.status).toBe(200);
    const rotated = answer.body as ChannelWebhookSetup;
    expect(rotated.verifyToken).not.toBe(verifyToken);
    expect(rotated.webhookUrl).toBe(`${server.url}/webhooks/whatsapp`);
    expect(rotated.channel.id).toBe(channel.id);
    expect((await verifyWebhook(verifyToken)).status).toBe(403);
    expect((await verifyWebhook(rotated.verifyToken)).status).toBe(200);
    expect((await as(merchant, `/channels/${channel.id}`)).text).not.toContain(rotated.verifyToken);
  });

  test('conversations: by shopper, masked but for the last four digits, newest first, a page of shoppers at a time', async () => {
    const number = newNumber(9206);
    const { channel } = await connect(number);
    const shoppers = Array.from({ length: CONVERSATIONS_PAGE_SIZE + 2 }, (_, index) => shopper(100 + index));
    const greetings = shoppers.map((each, index) => inboundMessage(number, each, 'text', { body: `Oi, sou ${index}` }));
    expect((await cloudApi.deliver(webhookPayload(number, { contacts: shoppers, messages: greetings })))[0]!.status).toBe(200);
    // The first shopper writes again, six times: their conversation comes first, with its five latest messages.
    const first = shoppers[0]!;
    const media = { mimeType: 'image/jpeg', sha256Base64: 'c2hh' };
    const later = [
      textMessage(number, first, 'Quero a camiseta'),
      imageMessage(number, first, { ...media, id: '998877665544', caption: 'Esta aqui' }),
      documentMessage(number, first, { ...media, id: '998877665545', mimeType: 'application/pdf', filename: 'lista.pdf' }),
      buttonReplyMessage(number, first, { id: 'size-m', title: 'Tamanho M' }, { replyTo: 'wamid.reply' }),
      orderMessage(number, first, {
        catalogId: '1234567890',
        text: 'Meu pedido',
        items: [
          { retailerId: 'CAM-M', quantity: 1, itemPrice: 59.9, currency: 'BRL' },
          { retailerId: 'BON-U', quantity: 2, itemPrice: 29.9, currency: 'BRL' },
        ],
      }),
      textMessage(number, first, 'Obrigada!'),
    ];
    for (const payload of later) expect((await cloudApi.deliver(payload))[0]!.status).toBe(200);

    const page = await as(merchant, `/channels/${channel.id}`);
    expect(page.status).toBe(200);
    const detail = page.body as ChannelDetail;
    expect(detail).toMatchObject({ id: channel.id, phoneNumberId: number.phoneNumberId });
    expect(detail.conversations).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    const masked = (each: Shopper) => `••••${each.waId.slice(-4)}`;
    expect(detail.conversations.map((conversation) => conversation.shopper)).toEqual(
      [first, ...shoppers.slice(1).reverse()].slice(0, CONVERSATIONS_PAGE_SIZE).map(masked),
    );
    const [latest] = detail.conversations;
    expect(latest!.messageCount).toBe(7);
    expect(latest!.exchanges).toHaveLength(EXCHANGES_PER_CONVERSATION);
    expect(latest!.exchanges.map(({ inbound }) => [inbound.type, inbound.text, inbound.orderLines])).toEqual([
      ['text', 'Obrigada!', null],
      ['order', 'Meu pedido', 2],
      ['interactive', 'Tamanho M', null],
      ['document', 'lista.pdf', null],
      ['image', 'Esta aqui', null],
    ]);
    expect(latest!.exchanges.every((exchange) => exchange.reply === null)).toBe(true);
    expect(latest!.lastMessageAt).toBe(latest!.exchanges[0]!.inbound.receivedAt);
    expect(detail.conversations[1]!.exchanges.map(({ inbound }) => inbound.text)).toEqual([`Oi, sou ${shoppers.length - 1}`]);
    expect(detail.nextCursor).toMatch(/^\d+$/);

    const next = await as(merchant, `/channels/${channel.id}?cursor=${detail.nextCursor}`);
    expect(next.status).toBe(200);
    const rest = next.body as ChannelDetail;
    expect(rest.conversations.map((conversation) => conversation.shopper)).toEqual([shoppers[2]!, shoppers[1]!].map(masked));
    expect(rest.nextCursor).toBeNull();

    // Neither the numbers, nor Meta's message ids (they embed the number), nor media ids leave the server.
    const stored = await messagesOf(channel.id);
    for (const answer of [page, next]) {
      for (const each of shoppers) expect(answer.text).not.toContain(each.waId);
      for (const message of stored) expect(answer.text).not.toContain(message.messageId);
      expect(answer.text).not.toContain('998877665544');
    }
    const malformed = await as(merchant, `/channels/${channel.id}?cursor=abc`);
    expect([malformed.status, errorOf(malformed).code]).toEqual([400, 'validation_failed']);
    const past = await as(merchant, `/channels/${channel.id}?cursor=1`);
    expect((past.body as ChannelDetail).conversations).toEqual([]);
  });

  test('each message shows its reply: text, outcome, the products a list showed and the passages used; another account gets 404', async () => {
    const number = newNumber(9207);
    const { channel } = await connect(number);
    const [asker, buyer, late] = [shopper(300), shopper(301), shopper(302)];
    for (const payload of [
      textMessage(number, asker, 'Posso trocar um produto?'),
      textMessage(number, buyer, 'Tem camiseta?'),
      textMessage(number, late, 'Ainda está aí?'),
    ])
      expect((await cloudApi.deliver(payload))[0]!.status).toBe(200);
    const stored = await messagesOf(channel.id);
    const messageOf = (each: Shopper) => stored.find((message) => message.sender === each.waId)!;
    await (await db()).insert(inventoryProducts).values([
      {
        inventoryId: mine.inventoryId,
        key: 'v:9207',
        position: 0,
        searchText: 'camiseta',
        product: sampleProduct({ key: 'v:9207', retailerId: 'CAM-9207', title: 'Camiseta Listrada' }),
      },
      // Two variants of one product: each named with its variant, so the list does not read as one product twice.
      ...['P', 'M'].map((size, index) => ({
        inventoryId: mine.inventoryId,
        key: `v:920${8 + index}`,
        position: 1 + index,
        searchText: 'camiseta lisa',
        product: sampleProduct({ key: `v:920${8 + index}`, retailerId: `LISA-${size}`, title: 'Camiseta Lisa', variantTitle: size }),
      })),
    ]);
    // The worker's own writes: a reply planned with its passages, then its message sent; a list of products; a failure.
    const replies = inboundReplies(await db());
    const sentAt = new Date('2026-03-02T12:00:00Z');
    const answer = 'Sim, em até 30 dias após a entrega.';
    const passages = [{ fileId: 'f1', fileName: 'faq.csv', source: 'row 3', content: 'Posso trocar um produto?;Sim, em até 30 dias' }];
    const text = { type: 'text' as const, body: answer, previewUrl: false, wamid: null };
    const answered = await replies.plan(
      messageOf(asker),
      merchant.uid,
      { kind: 'answer', text: answer, passages, model: 'builtin-retrieval', parts: [text], aiRequest: null },
      sentAt,
    );
    await replies.partSent(answered, 0, 'wamid.sent-9207', null, sentAt);
    const list = {
      type: 'product_list' as const,
      catalogId: '1234567890',
      headerText: 'Produtos',
      bodyText: 'Veja o que encontrei:',
      sections: [{ title: 'Produtos', retailerIds: ['CAM-9207', 'LISA-P', 'LISA-M', 'GONE-1'] }],
      wamid: null,
    };
    await replies.plan(
      messageOf(buyer),
      merchant.uid,
      { kind: 'answer', text: list.bodyText, passages: [], model: null, parts: [list], aiRequest: null },
      sentAt,
    );
    await replies.finish(messageOf(late), 'failed', { failure: 'server', errorCode: 500 }, sentAt);

    const page = await as(merchant, `/channels/${channel.id}`);
    expect(page.status, page.text).toBe(200);
    const detail = page.body as ChannelDetail;
    const replyTo = (each: Shopper) =>
      detail.conversations.find((conversation) => conversation.shopper === `••••${each.waId.slice(-4)}`)!.exchanges[0]!.reply;
    expect(replyTo(asker)).toEqual({
      outcome: 'sent',
      kind: 'answer',
      text: answer,
      products: [],
      catalog: false,
      passages: [{ fileName: 'faq.csv', source: 'row 3' }],
      failure: null,
      sentAt: sentAt.toISOString(),
      updatedAt: sentAt.toISOString(),
    });
    expect(replyTo(buyer)).toMatchObject({
      outcome: 'sending',
      text: 'Veja o que encontrei:',
      products: ['Camiseta Listrada', 'Camiseta Lisa — P', 'Camiseta Lisa — M', 'GONE-1'],
    });
    expect(replyTo(late)).toMatchObject({ outcome: 'failed', kind: null, text: null, failure: 'server', sentAt: null, passages: [] });
    // Neither Meta's ids of the reply nor the passages' content leave the server.
    expect(page.text).not.toContain('wamid.sent-9207');
    expect(page.text).not.toContain(passages[0]!.content);

    const theirs = await as(rival, `/channels/${channel.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain(answer);
  });

  test('the AI base list names the numbers each base answers on; another account’s list shows none of them', async () => {
    const listOf = async (user: TestUser) => ((await as(user, '/ai-bases')).body as { aiBases: AiBase[] }).aiBases;
    const ours = (await as(merchant, '/channels')).body as { channels: Channel[] };
    const bases = await listOf(merchant);
    const active = bases.find((base) => base.id === mine.activeBaseId)!;
    const answering = ours.channels.filter((channel) => channel.aiBaseId === mine.activeBaseId);
    expect(answering.length).toBeGreaterThan(1);
    expect(active.connectedChannels).toEqual(answering.map(({ id, displayPhoneNumber, status }) => ({ id, displayPhoneNumber, status })));
    expect(bases.find((base) => base.id === mine.inactiveBaseId)!.connectedChannels).toEqual([]);
    const others = JSON.stringify(await listOf(rival));
    for (const channel of ours.channels) expect(others).not.toContain(channel.id);
    // Only the list carries them.
    expect((await as(merchant, `/ai-bases/${mine.activeBaseId}`)).body).not.toHaveProperty('connectedChannels');
  });
});

describe('another account', () => {
  test('gets a 404 for every route of a channel that is not theirs, and changes nothing', async () => {
    const number = newNumber(9301);
    const { channel } = await connect(number);
    const path = `/channels/${channel.id}`;
    const before = await as(merchant, path);
    for (const [method, suffix, body] of <Array<[string, string, unknown]>>[
      ['GET', '', undefined],
      ['POST', '/pause', undefined],
      ['POST', '/resume', undefined],
      ['PUT', '/answering', { aiBaseId: theirs.activeBaseId }],
      ['PUT', '/token', { accessToken: number.accessToken }],
      ['POST', '/verify-token', undefined],
      ['DELETE', '', undefined],
    ]) {
      const answer = await as(rival, `${path}${suffix}`, method, body);
      expect([method, suffix, answer.status]).toEqual([method, suffix, 404]);
      expect(answer.text).not.toContain(number.phoneNumberId);
    }
    expect((await as(merchant, path)).text).toBe(before.text);
    expect((await as(rival, '/channels')).body).toEqual({ channels: [] });
    const rows = await (
      await db()
    )
      .select({ uid: channels.uid })
      .from(channels)
      .where(eq(channels.id, channel.id))
      .orderBy(asc(channels.id));
    expect(rows).toEqual([{ uid: merchant.uid }]);
  });
});
