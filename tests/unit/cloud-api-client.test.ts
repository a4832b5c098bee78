// The server's WhatsApp Cloud API client (server/channels/cloud-api-client.ts) against the loopback
// Cloud API over real HTTP: the number's details, each kind of message as Meta accepts it, media
// read within a byte limit, and every refusal turned into its failure kind, the token in none of
// them. Answers the fixture does not give (a usage header, a lying file size, a page that is not
// the API, silence) come from a plain loopback server.
import { afterEach, describe, expect, it } from 'vitest';
import { cloudApiClient, PAIR_RATE_LIMIT_WAIT_MS, type CloudApiFailure, type CloudApiResult } from '@/server/channels/cloud-api-client';
import { fitProductSections, outgoingMessageBody, type OutgoingMessage } from '@/server/channels/outgoing-message';
import { toGraphTemplate, templateRefusalOf } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { parseConfig } from '@/server/config';
import { sendJson, startTestServer, type TestServer } from '../fixtures/http-test-server';
import {
  DEMO_WHATSAPP_NUMBER,
  fixturePhoneNumber,
  sampleMedia,
  startWhatsAppCloudApiServer,
  type CloudApiFault,
  type WhatsAppCloudApiServer,
  type WhatsAppCloudApiServerOptions,
} from '../fixtures/whatsapp-cloud-api-server';

const NUMBER = DEMO_WHATSAPP_NUMBER;
const OTHER = fixturePhoneNumber(2);
const SHOPPER = '5511987654321';
const CATALOG_ID = '1234567890123456';

let fixture: WhatsAppCloudApiServer | undefined;
let plain: TestServer | undefined;
afterEach(async () => {
  await Promise.all([fixture?.close(), plain?.close()]);
  fixture = undefined;
  plain = undefined;
});

async function start(options: WhatsAppCloudApiServerOptions = {}) {
  fixture = await startWhatsAppCloudApiServer({ numbers: [NUMBER, OTHER], ...options });
  return { server: fixture, client: cloudApiClient({ graphUrl: fixture.graphUrl }) };
}

/** The failure of a result, checking that nothing in it carries the token. */
function failureOf<T>(result: CloudApiResult<T>, token = NUMBER.accessToken): CloudApiFailure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  if (token) expect(JSON.stringify(result)).not.toContain(token);
  return result.failure;
}

const text = (body: string, extra: Partial<Extract<OutgoingMessage, { type: 'text' }>> = {}): OutgoingMessage => ({
  type: 'text',
  to: SHOPPER,
  body,
  ...extra,
});

describe('phoneNumber', () => {
  it('reads the number’s display phone, verified name and quality rating', async () => {
    const { client, server } = await start();
    expect(await client.phoneNumber(NUMBER.phoneNumberId, NUMBER.accessToken)).toEqual({
      ok: true,
      value: { displayPhoneNumber: '+55 11 93456-7890', verifiedName: 'Loja Demo Catalyst', qualityRating: 'GREEN' },
    });
    const request = server.requests.at(-1)!;
    expect(request.url).toBe(`/v21.0/${NUMBER.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`);
    // The token goes in the header, never in the URL.
    expect(request.headers.authorization).toBe(`Bearer ${NUMBER.accessToken}`);
    expect(request.url).not.toContain(NUMBER.accessToken);
  });

  it('answers not-found for an unknown id, another token’s number and an id that is not a number', async () => {
    const { client } = await start();
    for (const id of ['999999999999999', OTHER.phoneNumberId, 'my-number']) {
      expect(failureOf(await client.phoneNumber(id, NUMBER.accessToken))).toEqual({ kind: 'not-found' });
    }
  });

  it('answers token-invalid for a wrong, expired or missing token', async () => {
    const { client, server } = await start();
    expect(failureOf(await client.phoneNumber(NUMBER.phoneNumberId, 'EAAGwrong'), 'EAAGwrong')).toEqual({ kind: 'token-invalid' });
    expect(failureOf(await client.phoneNumber(NUMBER.phoneNumberId, ''), '')).toEqual({ kind: 'token-invalid' });
    server.expireToken(NUMBER.accessToken);
    expect(failureOf(await client.phoneNumber(NUMBER.phoneNumberId, NUMBER.accessToken))).toEqual({ kind: 'token-invalid' });
  });

  it('answers server with the status of a 500 or 503', async () => {
    const { client, server } = await start();
    server.failNext('serverError');
    server.failNext('serviceUnavailable');
    expect(failureOf(await client.phoneNumber(NUMBER.phoneNumberId, NUMBER.accessToken))).toEqual({ kind: 'server', status: 500 });
    expect(failureOf(await client.phoneNumber(NUMBER.phoneNumberId, NUMBER.accessToken))).toEqual({ kind: 'server', status: 503 });
  });
});

describe('sendMessage', () => {
  it('sends a text reply quoting the shopper’s message and answers Meta’s message id', async () => {
    const { client, server } = await start();
    const result = await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, text('Temos sim!', { replyTo: 'wamid.IN1' }));
    const [sent] = server.sent(NUMBER.phoneNumberId);
    expect(result).toEqual({ ok: true, value: { messageId: sent?.id } });
    expect(sent?.message).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: SHOPPER,
      type: 'text',
      text: { body: 'Temos sim!', preview_url: false },
      context: { message_id: 'wamid.IN1' },
    });
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('sends a product list and a catalog message Meta accepts', async () => {
    const { client, server } = await start();
    const list = await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, {
      type: 'product_list',
      to: SHOPPER,
      catalogId: CATALOG_ID,
      headerText: 'Camisetas',
      bodyText: 'Separei estas para você',
      footerText: 'Loja Demo',
      sections: [
        { title: 'Algodão', retailerIds: ['CAM-P', 'CAM-M'] },
        { title: 'Linho', retailerIds: ['LIN-M'] },
      ],
    });
    const catalog = await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, {
      type: 'catalog_message',
      to: SHOPPER,
      bodyText: 'Veja o catálogo completo',
      thumbnailRetailerId: 'CAM-M',
    });
    expect(list.ok && catalog.ok).toBe(true);
    const [sentList, sentCatalog] = server.sent(NUMBER.phoneNumberId);
    expect(sentList?.message.interactive).toEqual({
      type: 'product_list',
      header: { type: 'text', text: 'Camisetas' },
      body: { text: 'Separei estas para você' },
      footer: { text: 'Loja Demo' },
      action: {
        catalog_id: CATALOG_ID,
        sections: [
          { title: 'Algodão', product_items: [{ product_retailer_id: 'CAM-P' }, { product_retailer_id: 'CAM-M' }] },
          { title: 'Linho', product_items: [{ product_retailer_id: 'LIN-M' }] },
        ],
      },
    });
    expect(sentCatalog?.message.interactive).toEqual({
      type: 'catalog_message',
      body: { text: 'Veja o catálogo completo' },
      action: { name: 'catalog_message', parameters: { thumbnail_product_retailer_id: 'CAM-M' } },
    });
  });

  it('answers invalid with Meta’s code for what Meta refuses, and a fitted list goes', async () => {
    const { client } = await start();
    const sections = Array.from({ length: 12 }, (_, s) => ({
      title: `Uma seção de nome bem comprido ${s}`,
      retailerIds: Array.from({ length: 4 }, (_, i) => `SKU-${s}-${i}`),
    }));
    const list = (fitted: typeof sections): OutgoingMessage => ({
      type: 'product_list',
      to: SHOPPER,
      catalogId: CATALOG_ID,
      headerText: 'h',
      bodyText: 'b',
      sections: fitted,
    });
    expect(failureOf(await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, list(sections)))).toMatchObject({
      kind: 'invalid',
      code: 131009,
    });
    expect((await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, list(fitProductSections(sections)))).ok).toBe(true);
    expect(failureOf(await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, text('')))).toMatchObject({
      kind: 'invalid',
      code: 100,
    });
    expect(failureOf(await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, text('x'.repeat(4097))))).toMatchObject({
      kind: 'invalid',
      code: 131009,
    });
  });

  it.each<[CloudApiFault, CloudApiFailure]>([
    ['tokenExpired', { kind: 'token-invalid' }],
    ['throughput', { kind: 'throughput', retryAfterMs: 1000 }],
    ['pairRateLimit', { kind: 'pair-rate-limit', retryAfterMs: PAIR_RATE_LIMIT_WAIT_MS }],
    ['reEngagement', { kind: 'outside-window' }],
    ['serverError', { kind: 'server', status: 500 }],
    ['serviceUnavailable', { kind: 'server', status: 503 }],
  ])('turns %s into %o', async (fault, failure) => {
    const { client, server } = await start();
    server.failNext(fault);
    expect(failureOf(await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, text('oi')))).toEqual(failure);
    expect(server.sent(NUMBER.phoneNumberId)).toEqual([]);
  });

  it('answers throughput past 80 messages in a second, and not-found for another token’s number', async () => {
    const { client, server } = await start({ now: () => 5_000_000 });
    const results = await Promise.all(
      Array.from({ length: 81 }, (_, i) => client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, text(`m${i}`))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(80);
    expect(results.filter((result) => !result.ok).map((result) => failureOf(result))).toEqual([{ kind: 'throughput', retryAfterMs: 1000 }]);
    expect(server.sent(NUMBER.phoneNumberId)).toHaveLength(80);
    expect(failureOf(await client.sendMessage(OTHER.phoneNumberId, NUMBER.accessToken, text('oi')))).toEqual({ kind: 'not-found' });
  });

  it('waits as long as X-Business-Use-Case-Usage says for the account and app limits (80007, 4, 613)', async () => {
    plain = await startTestServer();
    const client = cloudApiClient({ graphUrl: `${plain.origin}/v21.0` });
    for (const [code, minutes] of [
      [80007, 2],
      [4, 0],
      [613, 5],
    ] as const) {
      plain.handle((_request, response) =>
        sendJson(
          response,
          429,
          { error: { message: `(#${code}) Rate limit`, type: 'OAuthException', code, fbtrace_id: 'Atrace' } },
          {
            'x-business-use-case-usage': JSON.stringify({
              [NUMBER.wabaId]: [{ type: 'whatsapp_business_management', call_count: 100, estimated_time_to_regain_access: minutes }],
            }),
          },
        ),
      );
      expect(failureOf(await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, text('oi')))).toEqual({
        kind: 'throughput',
        retryAfterMs: minutes > 0 ? minutes * 60_000 : 1000,
      });
    }
  });
});

describe('media', () => {
  it('reads media a shopper sent: its type and bytes, through the URL Meta answers', async () => {
    const { client, server } = await start();
    for (const mimeType of ['image/jpeg', 'audio/ogg', 'application/pdf'] as const) {
      const bytes = sampleMedia(mimeType, 5000);
      const media = server.addMedia(NUMBER.phoneNumberId, { bytes, mimeType });
      const result = await client.media(media.id, NUMBER.accessToken, 5000);
      expect(result.ok && result.value.mimeType).toBe(mimeType);
      expect(result.ok && result.value.bytes.equals(bytes)).toBe(true);
    }
    const downloads = server.requests.filter((request) => request.url.startsWith('/whatsapp_business/attachments/'));
    expect(downloads).toHaveLength(3);
    expect(downloads.every((request) => request.headers.authorization === `Bearer ${NUMBER.accessToken}`)).toBe(true);
  });

  it('does not download media larger than maxBytes', async () => {
    const { client, server } = await start();
    const media = server.addMedia(NUMBER.phoneNumberId, { bytes: sampleMedia('image/jpeg', 5001), mimeType: 'image/jpeg' });
    expect(failureOf(await client.media(media.id, NUMBER.accessToken, 5000))).toEqual({ kind: 'too-large' });
    expect(server.requests.some((request) => request.url.startsWith('/whatsapp_business/attachments/'))).toBe(false);
  });

  it('stops reading a download that runs past maxBytes whatever the file size said', async () => {
    plain = await startTestServer();
    const origin = plain.origin;
    plain.handle((request, response) => {
      if (request.url.startsWith('/v21.0/')) {
        return sendJson(response, 200, {
          messaging_product: 'whatsapp',
          url: `${origin}/file`,
          mime_type: 'image/jpeg',
          file_size: 10,
          id: '1',
        });
      }
      response.writeHead(200, { 'content-type': 'image/jpeg' }); // chunked: no content-length
      response.write(Buffer.alloc(4000));
      response.end(Buffer.alloc(4000));
    });
    const client = cloudApiClient({ graphUrl: `${origin}/v21.0` });
    expect(failureOf(await client.media('1', NUMBER.accessToken, 5000))).toEqual({ kind: 'too-large' });
    expect((await client.media('1', NUMBER.accessToken, 8000)).ok).toBe(true);
  });

  it('answers not-found for an unknown media id, another number’s media, and a URL past its five minutes', async () => {
    let now = Date.UTC(2025, 0, 10, 12);
    // Each reading of the clock is six minutes later: the URL has expired by the time it is fetched.
    const { client, server } = await start({ now: () => (now += 6 * 60_000) });
    const theirs = server.addMedia(OTHER.phoneNumberId, { bytes: sampleMedia('audio/ogg'), mimeType: 'audio/ogg' });
    const mine = server.addMedia(NUMBER.phoneNumberId, { bytes: sampleMedia('audio/ogg'), mimeType: 'audio/ogg' });
    expect(failureOf(await client.media('999999999999999', NUMBER.accessToken, 10_000))).toEqual({ kind: 'not-found' });
    expect(failureOf(await client.media(theirs.id, NUMBER.accessToken, 10_000))).toEqual({ kind: 'not-found' });
    expect(failureOf(await client.media(mine.id, NUMBER.accessToken, 10_000))).toEqual({ kind: 'not-found' });
  });

  it('answers token-invalid when the download refuses the token', async () => {
    plain = await startTestServer();
    const origin = plain.origin;
    plain.handle((request, response) => {
      if (request.url.startsWith('/v21.0/')) {
        return sendJson(response, 200, {
          messaging_product: 'whatsapp',
          url: `${origin}/file`,
          mime_type: 'image/jpeg',
          file_size: 10,
          id: '1',
        });
      }
      response.writeHead(401);
      response.end();
    });
    const client = cloudApiClient({ graphUrl: `${origin}/v21.0` });
    expect(failureOf(await client.media('1', NUMBER.accessToken, 5000))).toEqual({ kind: 'token-invalid' });
  });
});

describe('unreachable', () => {
  it('answers unreachable for a closed port, a peer that does not answer in time, and a page that is not the API', async () => {
    plain = await startTestServer();
    const closed = await startTestServer();
    await closed.close();
    expect(failureOf(await cloudApiClient({ graphUrl: closed.origin }).phoneNumber(NUMBER.phoneNumberId, NUMBER.accessToken))).toEqual({
      kind: 'unreachable',
    });

    plain.handle(() => {
      // never answers
    });
    const impatient = cloudApiClient({ graphUrl: plain.origin, timeoutMs: 200 });
    expect(failureOf(await impatient.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, text('oi')))).toEqual({ kind: 'unreachable' });

    plain.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Not the Graph API</title>');
    });
    const client = cloudApiClient({ graphUrl: plain.origin });
    expect(failureOf(await client.phoneNumber(NUMBER.phoneNumberId, NUMBER.accessToken))).toEqual({ kind: 'unreachable' });
    plain.handle((_request, response) => sendJson(response, 200, { data: [] }));
    expect(failureOf(await client.sendMessage(NUMBER.phoneNumberId, NUMBER.accessToken, text('oi')))).toEqual({ kind: 'unreachable' });
  });
});

describe('configuration and message bodies', () => {
  it('reads WHATSAPP_GRAPH_URL as META_GRAPH_URL is read, Meta’s Graph API by default', () => {
    const cloudApiConfigFromEnv = (env: Record<string, string>) => parseConfig(env).whatsapp;
    expect(cloudApiConfigFromEnv({ WHATSAPP_GRAPH_URL: ' http://127.0.0.1:3103/v21.0/ ' })).toEqual({
      graphUrl: 'http://127.0.0.1:3103/v21.0',
    });
    expect(cloudApiConfigFromEnv({})).toEqual({ graphUrl: 'https://graph.facebook.com/v21.0' });
  });

  it('fits product sections to Meta’s limits: 10 sections, 30 items, 24-character titles, no repeats', () => {
    const fitted = fitProductSections([
      { title: 'Empty', retailerIds: [] },
      { title: 'Camisetas de algodão orgânico', retailerIds: ['A', 'B', 'A'] },
      ...Array.from({ length: 12 }, (_, s) => ({
        title: `S${s}`,
        retailerIds: ['B', ...Array.from({ length: 3 }, (_, i) => `${s}-${i}`)],
      })),
    ]);
    expect(fitted).toHaveLength(10);
    expect(fitted[0]).toEqual({ title: 'Camisetas de algodão org', retailerIds: ['A', 'B'] });
    expect(fitted[1]).toEqual({ title: 'S0', retailerIds: ['0-0', '0-1', '0-2'] });
    expect(fitted.flatMap((section) => section.retailerIds)).toHaveLength(2 + 9 * 3);
    const full = fitProductSections([
      { title: 'All', retailerIds: Array.from({ length: 40 }, (_, i) => `X${i}`) },
      { title: 'More', retailerIds: ['Y'] },
    ]);
    expect(full).toEqual([{ title: 'All', retailerIds: Array.from({ length: 30 }, (_, i) => `X${i}`) }]);
  });

  it('leaves out the context without replyTo and the thumbnail without a retailer id', () => {
    expect(outgoingMessageBody(text('oi'))).not.toHaveProperty('context');
    const body = outgoingMessageBody({ type: 'catalog_message', to: SHOPPER, bodyText: 'b' });
    expect(body.interactive).toEqual({ type: 'catalog_message', body: { text: 'b' }, action: { name: 'catalog_message' } });
  });
});

describe('message templates', () => {
  const WABA = NUMBER.wabaId;
  const shipped = readyMadeTemplate('order_shipped').draft;

  it('submits each language for review, reads them back as they were made, and sees them approved', async () => {
    const { client, server } = await start({ autoReview: false, sampleTemplates: false });
    const created = await client.createTemplate(WABA, NUMBER.accessToken, toGraphTemplate(shipped, 'pt_BR'));
    expect(created).toEqual({ ok: true, value: { id: expect.any(String), status: 'PENDING' } });
    expect(await client.createTemplate(WABA, NUMBER.accessToken, toGraphTemplate(shipped, 'es'))).toMatchObject({ ok: true });
    const read = await client.templates(WABA, NUMBER.accessToken, { name: shipped.name });
    if (!read.ok) throw new Error('templates not read');
    expect(read.value.map(({ language, status }) => [language, status]).sort()).toEqual([
      ['es', 'PENDING'],
      ['pt_BR', 'PENDING'],
    ]);
    expect(read.value.find((each) => each.language === 'pt_BR')!.content).toEqual(shipped.languages.pt_BR);
    await server.reviewNow();
    const reviewed = await client.templates(WABA, NUMBER.accessToken);
    expect(reviewed.ok && reviewed.value.every((each) => each.status === 'APPROVED')).toBe(true);
  });

  it('reads every page of a large account', async () => {
    const { client, server } = await start({ sampleTemplates: false });
    const { components } = toGraphTemplate(shipped, 'en_US');
    for (let n = 0; n < 230; n += 1)
      server.addTemplate(WABA, { name: `notice_${n}`, language: 'en_US', category: 'UTILITY', parameter_format: 'NAMED', components });
    const read = await client.templates(WABA, NUMBER.accessToken);
    expect(read.ok && new Set(read.value.map((each) => each.name)).size).toBe(230);
    expect(server.requests.filter((request) => request.url.includes('/message_templates')).length).toBe(3);
  });

  it("answers Meta's refusal with its error, which names the field it refuses", async () => {
    const { client } = await start({ sampleTemplates: false });
    expect(await client.createTemplate(WABA, NUMBER.accessToken, toGraphTemplate(shipped, 'pt_BR'))).toMatchObject({ ok: true });
    const again = failureOf(await client.createTemplate(WABA, NUMBER.accessToken, toGraphTemplate(shipped, 'pt_BR')));
    if (again.kind !== 'invalid') throw new Error(`expected invalid, got ${again.kind}`);
    expect(templateRefusalOf(again.error, 'pt_BR').field).toBe('name');
  });

  it('edits a rejected template, which goes back to review', async () => {
    const { client, server } = await start({ autoReview: false, sampleTemplates: false });
    const draft = { ...shipped, name: 'shipped_test_reject' };
    const created = await client.createTemplate(WABA, NUMBER.accessToken, toGraphTemplate(draft, 'en_US'));
    if (!created.ok) throw new Error('not created');
    await server.reviewNow(created.value.id);
    expect(server.template(created.value.id)!.status).toBe('REJECTED');
    const { category, components } = toGraphTemplate(draft, 'en_US');
    expect(await client.editTemplate(created.value.id, NUMBER.accessToken, { category, components })).toEqual({ ok: true, value: null });
    expect(server.template(created.value.id)!.status).toBe('PENDING');
  });

  it("refuses another business's account as not found", async () => {
    const { client } = await start();
    expect(failureOf(await client.templates(OTHER.wabaId, NUMBER.accessToken))).toEqual({ kind: 'not-found' });
  });
});
