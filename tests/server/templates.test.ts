// The templates API over real HTTP against the loopback WhatsApp Cloud API: a connected number's
// templates read from Meta on 'Refresh' (what Meta no longer has goes), a ready-made template
// submitted in three languages and approved by Meta's review through the signed template webhook,
// a rejected one edited and submitted again, our rules and Meta's refusals at their fields, a token
// Meta refuses, a forged webhook applying nothing, and another account's channel never reached.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelWebhookSetup } from '@/domain/channel';
import {
  toGraphTemplate,
  type TemplateAccount,
  type TemplateDraft,
  type TemplateList,
  type TemplateRecords,
} from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import {
  fixturePhoneNumber,
  startWhatsAppCloudApiServer,
  templateStatusUpdate,
  webhookSignature,
  type FixturePhoneNumber,
  type WhatsAppCloudApiServer,
} from '../fixtures/whatsapp-cloud-api-server';
import { channelStore } from '@/server/channels/channel-store';
import { cloudApiClient } from '@/server/channels/cloud-api-client';
import { secretBox } from '@/server/secrets/secret-box';
import { PENDING_RECHECK_MS, templateStore } from '@/server/templates/template-store';
import { newPhoneNumberId, seedAnsweringRecords } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');

let cloudApi: WhatsAppCloudApiServer;
let server: TestServer;
let merchant: TestUser;
let rival: TestUser;
let number: FixturePhoneNumber;
let channelId: string;

beforeAll(async () => {
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false });
  server = await startTestServer({ env: { SECRETS_KEY, WHATSAPP_GRAPH_URL: cloudApi.graphUrl } });
  [merchant, rival] = await Promise.all([createUser('templates'), createUser('templates-rival')]);
  const [records] = await Promise.all([seedAnsweringRecords(merchant.uid, 'templates'), seedAnsweringRecords(rival.uid, 'rival')]);
  // A WhatsApp Business Account of its own (index 7): other files' channels share none of its templates.
  number = fixturePhoneNumber(7, { phoneNumberId: newPhoneNumberId() });
  cloudApi.addNumber(number);
  cloudApi.setWebhookUrl(number.phoneNumberId, `${server.url}/webhooks/whatsapp`);
  const connected = await as(merchant, '/channels', 'POST', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId: records.activeBaseId,
    inventoryId: records.inventoryId,
  });
  expect(connected.status, connected.text).toBe(201);
  channelId = (connected.body as ChannelWebhookSetup).channel.id;
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
const submit = (draft: TemplateDraft, user = merchant) => as(user, `/channels/${channelId}/templates/${draft.name}`, 'PUT', draft);
const recordsOf = async (name: string) =>
  ((await as(merchant, `/channels/${channelId}/templates/${name}`)).body as TemplateRecords).records;
const statusesOf = async (name: string) => Object.fromEntries((await recordsOf(name)).map((record) => [record.language, record.status]));

describe('templates', () => {
  test("'Refresh' reads the number's templates from Meta; the list shows them with when", async () => {
    const before = (await as(merchant, '/templates')).body as TemplateList;
    expect(before.accounts).toEqual([expect.objectContaining({ channelId, wabaId: number.wabaId, templates: [], refreshedAt: null })]);
    const refreshed = await as(merchant, `/channels/${channelId}/templates/refresh`, 'POST');
    expect(refreshed.status, refreshed.text).toBe(200);
    const account = refreshed.body as TemplateAccount;
    expect(account.templates.map((record) => `${record.name}/${record.language}/${record.status}`).sort()).toEqual([
      'hello_world/en_US/APPROVED',
      'hello_world/es/APPROVED',
      'hello_world/pt_BR/APPROVED',
    ]);
    expect(account.refreshedAt).not.toBeNull();
    expect(((await as(merchant, '/templates')).body as TemplateList).accounts[0]!.templates).toHaveLength(3);
  });

  test("a ready-made template goes to Meta in three languages, and Meta's review reaches it by the signed webhook", async () => {
    const draft = readyMadeTemplate('order_confirmation').draft;
    const submitted = await submit(draft);
    expect(submitted.status, submitted.text).toBe(200);
    expect((submitted.body as TemplateRecords).records.map((record) => [record.language, record.status])).toEqual([
      ['en_US', 'PENDING'],
      ['es', 'PENDING'],
      ['pt_BR', 'PENDING'],
    ]);
    await cloudApi.reviewNow();
    await cloudApi.settled();
    expect(await statusesOf(draft.name)).toEqual({ en_US: 'APPROVED', es: 'APPROVED', pt_BR: 'APPROVED' });
  });

  test('a rejected template says why, and is edited and submitted again', async () => {
    const draft = { ...readyMadeTemplate('order_shipped').draft, name: 'shipped_test_reject' };
    expect((await submit(draft)).status).toBe(200);
    await cloudApi.reviewNow();
    await cloudApi.settled();
    const [rejected] = await recordsOf(draft.name);
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectedReason: 'ABUSIVE_CONTENT' });
    const again = await submit(draft);
    expect(again.status, again.text).toBe(200);
    expect((again.body as TemplateRecords).records.every((record) => record.status === 'PENDING' && record.rejectedReason === null)).toBe(
      true,
    );
    // Edited, not created again: Meta's ids are the same.
    expect((again.body as TemplateRecords).records.map((record) => record.metaId).sort()).toEqual(
      (await recordsOf(draft.name)).map((record) => record.metaId).sort(),
    );
  });

  test('a review whose webhook never came is read from Meta once its word is PENDING_RECHECK_MS old, and only then', async () => {
    const { db } = await testDatabase();
    let clock = Date.parse('2026-11-29T09:00:00Z');
    const now = () => new Date(clock);
    const channels = channelStore(db, secretBox(Buffer.from(SECRETS_KEY, 'base64')));
    const store = templateStore(db, { channels, cloudApi: cloudApiClient({ graphUrl: cloudApi.graphUrl }), now });
    const draft = { ...readyMadeTemplate('order_shipped').draft, name: 'shipped_lost_test_reject' };
    cloudApi.setWebhookUrl(number.phoneNumberId, null);
    try {
      expect((await store.submit(merchant.uid, channelId, draft)).map((record) => record.status)).toEqual([
        'PENDING',
        'PENDING',
        'PENDING',
      ]);
      await cloudApi.reviewNow();
      const asked = () =>
        cloudApi.requests.filter(
          (request) =>
            request.method === 'GET' && new URL(request.url, 'http://x').pathname.endsWith(`/${number.wabaId}/message_templates`),
        ).length;
      const before = asked();

      clock += PENDING_RECHECK_MS - 1;
      expect((await store.records(merchant.uid, channelId, draft.name)).map((record) => record.status)).toEqual([
        'PENDING',
        'PENDING',
        'PENDING',
      ]);
      expect(asked()).toBe(before);
      // Meta not answering: the records as they were, no failure.
      const unreachable = templateStore(db, { channels, cloudApi: cloudApiClient({ graphUrl: 'http://127.0.0.1:9/graph' }), now });
      clock += 1;
      expect((await unreachable.records(merchant.uid, channelId, draft.name)).map((record) => record.status)).toEqual([
        'PENDING',
        'PENDING',
        'PENDING',
      ]);

      clock += PENDING_RECHECK_MS;
      const read = await store.records(merchant.uid, channelId, draft.name);
      expect(asked()).toBe(before + 1);
      expect(read.map((record) => [record.status, record.rejectedReason])).toEqual(Array(3).fill(['REJECTED', 'ABUSIVE_CONTENT']));
      // Settled: nothing more is asked of Meta.
      clock += PENDING_RECHECK_MS;
      await store.records(merchant.uid, channelId, draft.name);
      expect(asked()).toBe(before + 1);
    } finally {
      cloudApi.setWebhookUrl(number.phoneNumberId, `${server.url}/webhooks/whatsapp`);
    }
  });

  test("our rules refuse at their fields before Meta is asked; Meta's own refusal names its field in its words", async () => {
    const draft = readyMadeTemplate('cart_reminder_1').draft;
    const sentBefore = cloudApi.templates(number.wabaId).length;
    const badName = await as(merchant, `/channels/${channelId}/templates/Cart Reminder`, 'PUT', { ...draft, name: 'Cart Reminder' });
    expect(badName.status).toBe(400);
    expect(errorOf(badName)).toMatchObject({ code: 'validation_failed', fields: { name: 'template.name_invalid' } });
    const elsewhere = await as(merchant, `/channels/${channelId}/templates/other_name`, 'PUT', draft);
    expect(errorOf(elsewhere).code).toBe('validation_failed');
    expect(cloudApi.templates(number.wabaId)).toHaveLength(sentBefore);
    // Meta refuses a name it has in this language already when it is not ours to edit: made elsewhere.
    const { components } = toGraphTemplate(draft, 'pt_BR');
    cloudApi.addTemplate(number.wabaId, {
      name: 'made_elsewhere',
      language: 'pt_BR',
      category: 'MARKETING',
      parameter_format: 'NAMED',
      components,
    });
    const taken = await submit({ ...draft, name: 'made_elsewhere' });
    expect(taken.status, taken.text).toBe(422);
    expect(errorOf(taken).code).toBe('template_refused');
    expect(Object.keys(errorOf(taken).fields ?? {})).toEqual(['name']);
    expect(errorOf(taken).message.length).toBeGreaterThan(0);
  });

  test('an image header is refused at its field before Meta is asked (its upload to Meta is still to build)', async () => {
    const draft = readyMadeTemplate('campaign_offers').draft;
    const withImage = {
      ...draft,
      languages: { pt_BR: { ...draft.languages.pt_BR!, header: { type: 'image' as const, url: 'https://cdn.example.com/banner.jpg' } } },
    };
    const asked = cloudApi.requests.length;
    const refused = await submit(withImage);
    expect(refused.status, refused.text).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      code: 'template_refused',
      fields: { 'languages.pt_BR.header': 'template.refusal.image_header_unavailable' },
    });
    expect(cloudApi.requests.length).toBe(asked);
  });

  test('a forged template webhook applies nothing; one signed by the number’s app secret does', async () => {
    const [record] = await recordsOf('order_confirmation');
    const template = { id: record!.metaId, wabaId: number.wabaId, name: record!.name, language: record!.language, category: 'UTILITY' };
    const body = JSON.stringify(
      templateStatusUpdate(template, 'PAUSED', { otherInfo: { title: 'FIRST_PAUSE', description: 'Paused for 3 hours.' } }),
    );
    const post = (appSecret: string) =>
      call(`${server.url}/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(body, appSecret) },
        body,
      });
    expect((await post('a forged secret')).status).toBe(401);
    expect((await recordsOf('order_confirmation')).find((each) => each.language === record!.language)!.status).toBe('APPROVED');
    expect((await post(number.appSecret)).status).toBe(200);
    const paused = (await recordsOf('order_confirmation')).find((each) => each.language === record!.language)!;
    expect(paused.status).toBe('PAUSED');
    expect(paused.pausedUntil).not.toBeNull();
  });

  test("Meta's other events: reinstated is approved again, flagged keeps sending with attention, deleted goes, others change nothing", async () => {
    const draft = readyMadeTemplate('cart_reminder_2').draft;
    expect((await submit(draft)).status).toBe(200);
    const [record] = await recordsOf(draft.name);
    const template = { id: record!.metaId, wabaId: number.wabaId, name: record!.name, language: record!.language, category: 'MARKETING' };
    const send = async (event: Parameters<typeof templateStatusUpdate>[1] | 'REINSTATED' | 'FLAGGED' | 'DELETED' | 'LIMIT_EXCEEDED') => {
      const body = JSON.stringify(templateStatusUpdate(template, event as Parameters<typeof templateStatusUpdate>[1]));
      const answer = await call(`${server.url}/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(body, number.appSecret) },
        body,
      });
      expect(answer.status).toBe(200);
      return (await recordsOf(draft.name)).find((each) => each.language === record!.language);
    };
    expect(await send('LIMIT_EXCEEDED')).toMatchObject({ status: 'PENDING', attention: null });
    expect(await send('REINSTATED')).toMatchObject({ status: 'APPROVED' });
    expect(await send('FLAGGED')).toMatchObject({ status: 'APPROVED', attention: 'flagged' });
    expect(await send('DELETED')).toBeUndefined();
  });

  test('submitting an approved template again as it is asks Meta nothing and leaves it approved', async () => {
    const draft = readyMadeTemplate('cart_reminder_3').draft;
    expect((await submit(draft)).status).toBe(200);
    await cloudApi.reviewNow();
    await cloudApi.settled();
    const approved = await recordsOf(draft.name);
    expect(approved.map((each) => each.status)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
    const asked = cloudApi.requests.length;
    const again = await submit(draft);
    expect(again.status, again.text).toBe(200);
    expect((again.body as TemplateRecords).records).toEqual(approved);
    expect(cloudApi.requests.slice(asked).filter((request) => request.method === 'POST')).toEqual([]);
  });

  test("another account's channel is not found, on every route", async () => {
    const draft = readyMadeTemplate('order_confirmation').draft;
    for (const answer of [
      await as(rival, `/channels/${channelId}/templates/refresh`, 'POST'),
      await as(rival, `/channels/${channelId}/templates/${draft.name}`),
      await submit(draft, rival),
    ])
      expect(answer.status).toBe(404);
    expect(((await as(rival, '/templates')).body as TemplateList).accounts).toEqual([]);
  });

  test('a token Meta refuses: 409, and the channel needs attention for it', async () => {
    cloudApi.expireToken(number.accessToken);
    try {
      const refused = await as(merchant, `/channels/${channelId}/templates/refresh`, 'POST');
      expect(refused.status).toBe(409);
      expect(errorOf(refused).code).toBe('channel_needs_access_token');
      const channel = await as(merchant, `/channels/${channelId}`);
      expect(channel.body).toMatchObject({ status: 'needs_attention', attentionReason: 'token_invalid' });
    } finally {
      cloudApi.expireToken(number.accessToken, false);
    }
  });
});
