// The loopback WhatsApp Cloud API (tests/fixtures/whatsapp-cloud-api-server.ts) speaks Meta's
// protocol as Catalyst's channels will meet it, over real HTTP: the number's details, sends checked
// as Meta checks them (and kept per number), Meta's error shape for each refusal, every fault a test
// can force or give a rate, the 80-a-second limit, media behind the token and a URL that expires,
// and webhook deliveries signed over their exact bytes, redelivered unchanged.
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../fixtures/http-test-server';
import {
  audioMessage,
  buttonReplyMessage,
  cloudApiFaults,
  DEMO_WHATSAPP_NUMBER,
  documentMessage,
  fixturePhoneNumber,
  imageMessage,
  listReplyMessage,
  orderMessage,
  sampleMedia,
  startWhatsAppCloudApiServer,
  statusUpdate,
  textMessage,
  WHATSAPP_GRAPH_VERSION,
  type CloudApiFault,
  type WhatsAppCloudApiServer,
  type WhatsAppCloudApiServerOptions,
  type WebhookPayload,
} from '../fixtures/whatsapp-cloud-api-server';

const NUMBER = DEMO_WHATSAPP_NUMBER;
const OTHER = fixturePhoneNumber(1);
const SHOPPER = { waId: '5511987654321', name: 'Ana Souza' };

let fixture: WhatsAppCloudApiServer | undefined;
let callback: TestServer | undefined;
afterEach(async () => {
  await Promise.all([fixture?.close(), callback?.close()]);
  fixture = undefined;
  callback = undefined;
});

async function start(options: WhatsAppCloudApiServerOptions = {}): Promise<WhatsAppCloudApiServer> {
  fixture = await startWhatsAppCloudApiServer({ numbers: [NUMBER, OTHER], ...options });
  return fixture;
}

type GraphAnswer = { status: number; body: Record<string, unknown>; headers: Headers };
type GraphErrorBody = {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  error_data?: { messaging_product: string; details: string };
  fbtrace_id: string;
};
const errorOf = (answer: GraphAnswer) => answer.body.error as GraphErrorBody;

/** A Graph call with the number's token as Bearer (or another / none). */
async function graph(
  server: WhatsAppCloudApiServer,
  path: string,
  init: RequestInit & { token?: string | null } = {},
): Promise<GraphAnswer> {
  const { token = NUMBER.accessToken, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(path.startsWith('http') ? path : `${server.graphUrl}${path}`, { ...rest, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

function send(
  server: WhatsAppCloudApiServer,
  message: Record<string, unknown>,
  { numberId = NUMBER.phoneNumberId, token = NUMBER.accessToken } = {},
) {
  return graph(server, `/${numberId}/messages`, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: SHOPPER.waId, ...message }),
  });
}

const text = (body: string) => ({ type: 'text', text: { body } });
const productList = (sections: { title?: string; ids: string[] }[], extra: Record<string, unknown> = {}) => ({
  type: 'interactive',
  interactive: {
    type: 'product_list',
    header: { type: 'text', text: 'Our picks' },
    body: { text: 'Take a look' },
    action: {
      catalog_id: '1234567890123456',
      sections: sections.map((section) => ({
        ...(section.title === undefined ? {} : { title: section.title }),
        product_items: section.ids.map((id) => ({ product_retailer_id: id })),
      })),
    },
    ...extra,
  },
});
const ids = (count: number, prefix = 'SKU') => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

/** Meta's error envelope: WhatsApp's error_data, an fbtrace_id echoed in x-fb-trace-id. */
function expectWhatsAppError(answer: GraphAnswer, status: number, code: number, details?: RegExp) {
  expect(answer.status).toBe(status);
  const error = errorOf(answer);
  expect(error).toMatchObject({ type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp' } });
  expect(error.message).toMatch(new RegExp(`^\\(#${code}\\) `));
  expect(error.fbtrace_id).toMatch(/^A[\w-]{22}$/);
  expect(answer.headers.get('x-fb-trace-id')).toBe(error.fbtrace_id);
  if (details) expect(error.error_data?.details).toMatch(details);
}

describe('GET /{phone-number-id}', () => {
  it('answers the asked fields, id last, under any version or none, with the token as Bearer or access_token', async () => {
    const server = await start();
    const asked = await graph(server, `/${NUMBER.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      display_phone_number: '+55 11 93456-7890',
      verified_name: 'Loja Demo Catalyst',
      quality_rating: 'GREEN',
      id: NUMBER.phoneNumberId,
    });
    expect(Object.keys(asked.body)).toEqual(['display_phone_number', 'verified_name', 'quality_rating', 'id']);
    expect(asked.headers.get('facebook-api-version')).toBe(WHATSAPP_GRAPH_VERSION);

    const bare = await graph(server, `${server.origin}/${NUMBER.phoneNumberId}?access_token=${NUMBER.accessToken}`, { token: null });
    expect(bare.body).toMatchObject({
      verified_name: 'Loja Demo Catalyst',
      code_verification_status: 'VERIFIED',
      platform_type: 'CLOUD_API',
    });
    const older = await graph(server, `${server.origin}/v19.0/${NUMBER.phoneNumberId}?fields=verified_name`);
    expect(older.body).toEqual({ verified_name: 'Loja Demo Catalyst', id: NUMBER.phoneNumberId });
    expect(older.headers.get('facebook-api-version')).toBe('v19.0');
  });

  it('answers an unknown id, or another token’s number, as Graph answers an object that does not exist', async () => {
    const server = await start();
    for (const id of ['999999999999999', OTHER.phoneNumberId]) {
      const answer = await graph(server, `/${id}?fields=verified_name`);
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toMatchObject({ type: 'GraphMethodException', code: 100, error_subcode: 33 });
      expect(errorOf(answer).message).toContain(`Unsupported get request. Object with ID '${id}' does not exist`);
    }
    const alias = await graph(server, '/not-a-number');
    expect(alias.status).toBe(404);
    expect(errorOf(alias)).toMatchObject({ code: 803, type: 'OAuthException' });
    const field = await graph(server, `/${NUMBER.phoneNumberId}?fields=verified_name,colour`);
    expect(errorOf(field).message).toBe('(#100) Tried accessing nonexisting field (colour) on node type (WhatsAppBusinessPhoneNumber)');
  });

  it('refuses a wrong token with 190 and 401, and a missing one with 104', async () => {
    const server = await start();
    const wrong = await graph(server, `/${NUMBER.phoneNumberId}`, { token: 'EAAGnot-a-token' });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong)).toMatchObject({ type: 'OAuthException', code: 190 });
    expect(wrong.headers.get('www-authenticate')).toContain('invalid_token');
    const none = await graph(server, `/${NUMBER.phoneNumberId}`, { token: null });
    expect(errorOf(none).code).toBe(104);
  });
});

describe('POST /{phone-number-id}/messages', () => {
  it('accepts a text reply with Meta’s answer and keeps it for the number it was sent from', async () => {
    const server = await start();
    const answer = await send(server, {
      to: '+55 (11) 98765-4321',
      type: 'text',
      text: { body: 'Olá! Temos sim.', preview_url: false },
      context: { message_id: 'wamid.SHOPPER1' },
    });
    expect(answer.status).toBe(200);
    const id = (answer.body.messages as { id: string }[])[0]?.id;
    expect(answer.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+55 (11) 98765-4321', wa_id: '5511987654321' }],
      messages: [{ id }],
    });
    expect(id).toMatch(/^wamid\.[A-Za-z0-9+/=]{20,}$/);
    const [sent, ...more] = server.sent(NUMBER.phoneNumberId);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ id, waId: '5511987654321', type: 'text', replyTo: 'wamid.SHOPPER1' });
    expect(sent?.message).toMatchObject({
      text: { body: 'Olá! Temos sim.', preview_url: false },
      context: { message_id: 'wamid.SHOPPER1' },
    });
    expect(server.sent(OTHER.phoneNumberId)).toEqual([]);
  });

  it('takes `type` as text when left out, and parameters from a form body', async () => {
    const server = await start();
    const form = new URLSearchParams({ messaging_product: 'whatsapp', to: SHOPPER.waId, text: JSON.stringify({ body: 'by form' }) });
    const answer = await graph(server, `/${NUMBER.phoneNumberId}/messages`, { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    expect(server.sent(NUMBER.phoneNumberId)[0]?.message).toMatchObject({ type: 'text', text: { body: 'by form' } });
  });

  it('accepts a product list of 30 items in 10 sections, a catalog message, buttons, a list, and media by link or id', async () => {
    const server = await start();
    const sections = Array.from({ length: 10 }, (_, index) => ({ title: `Section ${index}`, ids: ids(3, `S${index}`) }));
    const accepted = [
      productList(sections),
      {
        type: 'interactive',
        interactive: {
          type: 'catalog_message',
          body: { text: 'See the whole catalog' },
          action: { name: 'catalog_message', parameters: { thumbnail_product_retailer_id: 'SKU-1' } },
        },
      },
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Did that help?' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'yes', title: 'Yes' } },
              { type: 'reply', reply: { id: 'no', title: 'No' } },
            ],
          },
        },
      },
      {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'Pick a size' },
          action: {
            button: 'Sizes',
            sections: [
              {
                rows: [
                  { id: 'm', title: 'M', description: 'Medium' },
                  { id: 'g', title: 'G' },
                ],
              },
            ],
          },
        },
      },
      { type: 'image', image: { link: 'https://loja.example/p/1.jpg', caption: 'Camiseta' } },
      { type: 'document', document: { id: '1013859600285441', filename: 'catalogo.pdf' } },
      { type: 'audio', audio: { id: '1013859600285442' } },
    ];
    for (const message of accepted) expect((await send(server, message)).status, JSON.stringify(message)).toBe(200);
    expect(server.sent(NUMBER.phoneNumberId).map((message) => message.type)).toEqual([
      'interactive',
      'interactive',
      'interactive',
      'interactive',
      'image',
      'document',
      'audio',
    ]);
  });

  it('refuses what Meta refuses, with its codes: 100 for parameters, 131008 for missing parts, 131009 for values', async () => {
    const server = await start();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ messaging_product: undefined, ...text('hi') }, 100, /The parameter messaging_product is required/],
      [{ messaging_product: 'sms', ...text('hi') }, 100, /messaging_product must be one of \{WHATSAPP\}/],
      [{ to: undefined, ...text('hi') }, 100, /The parameter to is required/],
      [{ to: 'abc', ...text('hi') }, 131009, /not a valid phone number/],
      [{ type: 'text', text: {} }, 100, /The parameter text\['body'\] is required/],
      [{ type: 'text', text: { body: 'hi', bold: true } }, 100, /Unexpected key "bold" on param "text"/],
      [text('x'.repeat(4097)), 131009, /text\['body'\] is too long. Max length is 4096/],
      [{ type: 'poll', poll: {} }, 100, /Param type must be one of/],
      [productList([{ title: 'All', ids: ids(31) }]), 131009, /between 1 and 30 elements \(got 31\)/],
      [
        productList([
          { title: 'A', ids: ids(20, 'A') },
          { title: 'B', ids: ids(11, 'B') },
        ]),
        131009,
        /at most 30 products in all its sections \(got 31\)/,
      ],
      [
        productList(Array.from({ length: 11 }, (_, index) => ({ title: `S${index}`, ids: [`X${index}`] }))),
        131009,
        /between 1 and 10 elements \(got 11\)/,
      ],
      [productList([{ ids: ['A'] }]), 131008, /sections'\]\[0\]\['title'\] is required/],
      [productList([{ title: 'A', ids: [] }]), 131009, /between 1 and 30 elements \(got 0\)/],
      [productList([{ title: 'A', ids: ['A'] }], { header: undefined }), 131008, /interactive\['header'\] is required/],
      [
        {
          type: 'interactive',
          interactive: { type: 'product_list', header: { type: 'text', text: 'h' }, body: { text: 'b' }, action: { sections: [] } },
        },
        131008,
        /interactive\['action'\]\['catalog_id'\] is required/,
      ],
      [
        {
          type: 'interactive',
          interactive: {
            type: 'product_list',
            header: { type: 'text', text: 'h' },
            body: { text: 'b' },
            action: { catalog_id: '1', sections: [{ title: 'A', product_items: [{}] }] },
          },
        },
        131008,
        /\['product_retailer_id'\] is required/,
      ],
      [
        { type: 'interactive', interactive: { type: 'catalog_message', body: { text: 'b' }, action: { name: 'catalog' } } },
        131009,
        /must be catalog_message/,
      ],
      [
        {
          type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: 'b' },
            action: { buttons: ['a', 'b', 'c', 'd'].map((id) => ({ type: 'reply', reply: { id, title: id } })) },
          },
        },
        131009,
        /between 1 and 3 elements \(got 4\)/,
      ],
      [{ type: 'image', image: {} }, 131008, /image\['id'\] or image\['link'\] is required/],
      [{ type: 'image', image: { id: '1', link: 'https://x.example/a.jpg' } }, 131009, /Only one of/],
      [{ type: 'image', image: { link: 'ftp://x.example/a.jpg' } }, 131009, /not a valid URL/],
      [{ type: 'audio', audio: { id: '1', caption: 'no' } }, 100, /Unexpected key "caption" on param "audio"/],
      [{ ...text('hi'), context: {} }, 100, /The parameter context\['message_id'\] is required/],
    ];
    for (const [message, code, details] of cases) {
      const answer = await send(server, message);
      expectWhatsAppError(answer, 400, code, details);
    }
    expect(server.sent(NUMBER.phoneNumberId)).toEqual([]);
  });
});

describe('forced faults and rates', () => {
  const expected: Record<CloudApiFault, { status: number; code: number }> = {
    tokenExpired: { status: 401, code: 190 },
    throughput: { status: 429, code: 130429 },
    pairRateLimit: { status: 429, code: 131056 },
    reEngagement: { status: 400, code: 131047 },
    serverError: { status: 500, code: 131000 },
    serviceUnavailable: { status: 503, code: 131016 },
  };

  it.each(cloudApiFaults)('answers a send %s once, as Meta does, then sends again', async (fault) => {
    const server = await start();
    server.failNext(fault);
    const refused = await send(server, text('hi'));
    expect(refused.status).toBe(expected[fault].status);
    expect(errorOf(refused).code).toBe(expected[fault].code);
    if (fault === 'tokenExpired') {
      expect(errorOf(refused)).toMatchObject({ type: 'OAuthException', error_subcode: 463 });
      expect(errorOf(refused).message).toMatch(/^Error validating access token: Session has expired on \w+day, \d\d-\w{3}-\d\d /);
    } else {
      expectWhatsAppError(refused, expected[fault].status, expected[fault].code);
    }
    // Meta sends no Retry-After with any of them.
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(server.sent(NUMBER.phoneNumberId)).toEqual([]);
    expect((await send(server, text('again'))).status).toBe(200);
    expect(server.sent(NUMBER.phoneNumberId)).toHaveLength(1);
  });

  it('keeps a send-only fault for the next send, and answers any call with the others', async () => {
    const server = await start();
    server.failNext('throughput');
    server.failNext('serviceUnavailable', 2);
    expect((await graph(server, `/${NUMBER.phoneNumberId}`)).status).toBe(503);
    expect((await graph(server, `/${NUMBER.phoneNumberId}`)).status).toBe(503);
    expect((await graph(server, `/${NUMBER.phoneNumberId}`)).status).toBe(200);
    expect(errorOf(await send(server, text('hi'))).code).toBe(130429);
    expect((await send(server, text('hi'))).status).toBe(200);
  });

  it('answers 190 to an expired token until it is restored, on every call', async () => {
    const server = await start();
    server.expireToken(NUMBER.accessToken);
    expect(errorOf(await graph(server, `/${NUMBER.phoneNumberId}`)).code).toBe(190);
    expect((await send(server, text('hi'))).status).toBe(401);
    expect((await graph(server, `/${OTHER.phoneNumberId}`, { token: OTHER.accessToken })).status).toBe(200);
    server.expireToken(NUMBER.accessToken, false);
    expect((await send(server, text('hi'))).status).toBe(200);
  });

  it('draws faults at the given rates from the seed: the same outcomes for the same seed', async () => {
    const outcomes = async (seed: number) => {
      const server = await startWhatsAppCloudApiServer({ failureRates: { serverError: 0.2, throughput: 0.1 }, seed });
      const codes: number[] = [];
      try {
        for (let i = 0; i < 60; i++) {
          const answer = await send(server, text(`m${i}`));
          codes.push(answer.status === 200 ? 0 : errorOf(answer).code);
        }
      } finally {
        await server.close();
      }
      return codes;
    };
    const first = await outcomes(42);
    expect(await outcomes(42)).toEqual(first);
    expect(await outcomes(43)).not.toEqual(first);
    const count = (code: number) => first.filter((value) => value === code).length;
    expect(count(131000)).toBeGreaterThan(3);
    expect(count(130429)).toBeGreaterThan(0);
    expect(count(0)).toBeGreaterThan(30);
    expect(count(131000) + count(130429) + count(0)).toBe(60);
  });

  it('refuses a free-form message outside the 24-hour window when asked to, and opens it with the shopper’s message', async () => {
    let now = Date.UTC(2025, 0, 10, 12);
    const server = await start({ serviceWindow: true, now: () => now });
    callback = await startTestServer();
    server.setWebhookUrl(NUMBER.phoneNumberId, `${callback.origin}/webhook`);
    expect(errorOf(await send(server, text('hi'))).code).toBe(131047);
    const template = { type: 'template', template: { name: 'hello_world', language: { code: 'pt_BR' } } };
    expect((await send(server, template)).status).toBe(200);
    await server.deliver(textMessage(NUMBER, SHOPPER, 'Oi'));
    expect((await send(server, text('hi'))).status).toBe(200);
    now += 24 * 3_600_000 + 1;
    expect(errorOf(await send(server, text('hi'))).code).toBe(131047);
  });
});

describe('throughput', () => {
  it('sends 80 messages a second per number and answers 130429 beyond them', async () => {
    let now = 1_000_000;
    const server = await start({ now: () => now });
    const answers = await Promise.all(Array.from({ length: 81 }, (_, index) => send(server, text(`m${index}`))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(80);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(1);
    expectWhatsAppError(refused[0]!, 429, 130429, /throughput has been reached/);
    expect(server.sent(NUMBER.phoneNumberId)).toHaveLength(80);
    // Another number has its own 80.
    expect((await send(server, text('other'), { numberId: OTHER.phoneNumberId, token: OTHER.accessToken })).status).toBe(200);
    now += 999;
    expect((await send(server, text('still full'))).status).toBe(429);
    now += 1;
    expect((await send(server, text('next second'))).status).toBe(200);
  });
});

describe('media', () => {
  it('answers a media id with a URL on the fixture that gives the bytes to the number’s token only, for five minutes', async () => {
    let now = Date.UTC(2025, 0, 10, 12);
    const server = await start({ now: () => now });
    const bytes = sampleMedia('image/jpeg', 4096);
    const media = server.addMedia(NUMBER.phoneNumberId, { bytes, mimeType: 'image/jpeg' });
    const answer = await graph(server, `/${media.id}`);
    expect(answer.status).toBe(200);
    const url = answer.body.url as string;
    expect(answer.body).toEqual({
      messaging_product: 'whatsapp',
      url,
      mime_type: 'image/jpeg',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      file_size: 4096,
      id: media.id,
    });
    expect(url.startsWith(`${server.origin}/whatsapp_business/attachments/?mid=${media.id}&`)).toBe(true);

    const download = (token: string | null) => fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const ok = await download(NUMBER.accessToken);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await ok.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await download(null)).status).toBe(401);
    expect((await download(OTHER.accessToken)).status).toBe(401);
    expect(
      (await fetch(url.replace(/hash=[^&]+/, 'hash=forged'), { headers: { authorization: `Bearer ${NUMBER.accessToken}` } })).status,
    ).toBe(404);
    now += 5 * 60_000 + 1000;
    expect((await download(NUMBER.accessToken)).status).toBe(404);
    // Asked again, a fresh URL works.
    const again = (await graph(server, `/${media.id}`)).body.url as string;
    expect((await fetch(again, { headers: { authorization: `Bearer ${NUMBER.accessToken}` } })).status).toBe(200);
  });

  it('hides another number’s media as an object that does not exist', async () => {
    const server = await start();
    const media = server.addMedia(NUMBER.phoneNumberId, { bytes: sampleMedia('audio/ogg'), mimeType: 'audio/ogg' });
    const answer = await graph(server, `/${media.id}`, { token: OTHER.accessToken });
    expect(errorOf(answer)).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('makes sample files that start with their magic bytes', () => {
    expect(sampleMedia('image/jpeg').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(sampleMedia('audio/ogg').subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(sampleMedia('application/pdf', 100).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sampleMedia('application/pdf', 100)).toHaveLength(100);
  });
});

describe('webhook deliveries', () => {
  const signatureOf = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  it('posts the payload to the number’s callback URL, signed with its app secret over the exact bytes', async () => {
    const server = await start();
    callback = await startTestServer();
    server.setWebhookUrl(NUMBER.phoneNumberId, `${callback.origin}/webhooks/whatsapp`);
    const payload = textMessage(NUMBER, SHOPPER, 'Olá, vocês têm a camiseta M? 👕 https://loja.example/p', {
      id: 'wamid.IN1',
      at: 1_736_510_400_000,
    });
    const [delivery] = await server.deliver(payload);

    expect(callback.requests).toHaveLength(1);
    const request = callback.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/webhooks/whatsapp');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-hub-signature-256']).toBe(signatureOf(request.body, NUMBER.appSecret));
    expect(request.headers['x-hub-signature']).toBe(`sha1=${createHmac('sha1', NUMBER.appSecret).update(request.body).digest('hex')}`);
    expect(delivery).toMatchObject({ status: 200, attempt: 1, body: request.body, signature: request.headers['x-hub-signature-256'] });
    // Meta escapes `/` and everything outside ASCII: re-serialising the parsed body changes the bytes, and the signature with them.
    expect(request.body).toContain('\\u00e1');
    expect(request.body).toContain('\\ud83d\\udc55');
    expect(request.body).toContain('https:\\/\\/loja.example\\/p');
    expect(signatureOf(JSON.stringify(JSON.parse(request.body)), NUMBER.appSecret)).not.toBe(request.headers['x-hub-signature-256']);
    expect(signatureOf(request.body, OTHER.appSecret)).not.toBe(request.headers['x-hub-signature-256']);

    expect(JSON.parse(request.body)).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: NUMBER.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '5511934567890', phone_number_id: NUMBER.phoneNumberId },
                contacts: [{ profile: { name: 'Ana Souza' }, wa_id: SHOPPER.waId }],
                messages: [
                  {
                    from: SHOPPER.waId,
                    id: 'wamid.IN1',
                    timestamp: '1736510400',
                    type: 'text',
                    text: { body: 'Olá, vocês têm a camiseta M? 👕 https://loja.example/p' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it('redelivers the same bytes (same message id): as copies, at once, later, and at a rate', async () => {
    const server = await start({ redeliveryRate: 1 });
    callback = await startTestServer();
    server.setWebhookUrl(NUMBER.phoneNumberId, `${callback.origin}/hook`);
    const deliveries = await server.deliver(textMessage(NUMBER, SHOPPER, 'oi'), { copies: 2 });
    // Two copies asked, one more drawn at rate 1.
    expect(deliveries.map((delivery) => delivery.attempt)).toEqual([1, 2, 3]);
    expect(new Set(callback.requests.map((request) => request.body)).size).toBe(1);
    expect(new Set(callback.requests.map((request) => request.headers['x-hub-signature-256'])).size).toBe(1);
    const later = await server.redeliver(deliveries[0]!);
    expect(later).toMatchObject({ attempt: 4, body: deliveries[0]!.body });
    expect(callback.requests).toHaveLength(4);

    const none = await startWhatsAppCloudApiServer({
      redeliveryRate: 0,
      webhookUrls: { [NUMBER.phoneNumberId]: `${callback.origin}/hook` },
    });
    try {
      const atOnce = await none.deliver(textMessage(NUMBER, SHOPPER, 'oi'), { copies: 3, concurrently: true });
      expect(atOnce.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
      const bodies = callback.requests.slice(4).map((request) => JSON.parse(request.body) as WebhookPayload);
      expect(bodies).toHaveLength(3);
      expect(new Set(bodies.map((body) => body.entry[0]?.changes[0]?.value.messages?.[0]?.id)).size).toBe(1);
    } finally {
      await none.close();
    }
  });

  it('reports what the callback answered, and a callback it could not reach', async () => {
    const server = await start();
    callback = await startTestServer();
    callback.handle((_request, response) => {
      response.writeHead(401);
      response.end('bad signature');
    });
    server.setWebhookUrl(NUMBER.phoneNumberId, `${callback.origin}/hook`);
    const [refused] = await server.deliver(statusUpdate(NUMBER, { id: 'wamid.OUT1', status: 'read', recipientId: SHOPPER.waId }));
    expect(refused).toMatchObject({ status: 401, responseBody: 'bad signature' });
    server.setWebhookUrl(NUMBER.phoneNumberId, 'http://127.0.0.1:9/hook');
    const [unreached] = await server.deliver(textMessage(NUMBER, SHOPPER, 'oi'));
    expect(unreached?.status).toBeNull();
    server.setWebhookUrl(NUMBER.phoneNumberId, null);
    await expect(server.deliver(textMessage(NUMBER, SHOPPER, 'oi'))).rejects.toThrow(/no webhook URL/);
  });
});

describe('payload builders', () => {
  const valueOf = (payload: WebhookPayload) => payload.entry[0]!.changes[0]!.value;

  it('build each message a shopper sends as Meta writes it', () => {
    const media = {
      id: '1013859600285441',
      mimeType: 'audio/ogg; codecs=opus',
      sha256Base64: 'm04pFf2ERdaopTyFkGPA0+bX3i+YY2dYgVFwOgDLSDI=',
    };
    expect(valueOf(audioMessage(NUMBER, SHOPPER, media)).messages?.[0]).toMatchObject({
      type: 'audio',
      audio: { mime_type: 'audio/ogg; codecs=opus', sha256: media.sha256Base64, id: media.id, voice: true },
    });
    expect(valueOf(imageMessage(NUMBER, SHOPPER, { ...media, mimeType: 'image/jpeg', caption: 'esta' })).messages?.[0]).toMatchObject({
      type: 'image',
      image: { caption: 'esta', mime_type: 'image/jpeg', id: media.id },
    });
    expect(
      valueOf(documentMessage(NUMBER, SHOPPER, { ...media, mimeType: 'application/pdf', filename: 'lista.pdf' })).messages?.[0],
    ).toMatchObject({ type: 'document', document: { filename: 'lista.pdf', mime_type: 'application/pdf' } });
    expect(
      valueOf(buttonReplyMessage(NUMBER, SHOPPER, { id: 'yes', title: 'Sim' }, { replyTo: 'wamid.OUT1' })).messages?.[0],
    ).toMatchObject({
      context: { from: '5511934567890', id: 'wamid.OUT1' },
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sim' } },
    });
    expect(valueOf(listReplyMessage(NUMBER, SHOPPER, { id: 'm', title: 'M' }, { replyTo: 'wamid.OUT2' })).messages?.[0]).toMatchObject({
      interactive: { type: 'list_reply', list_reply: { id: 'm', title: 'M' } },
    });
    const order = orderMessage(NUMBER, SHOPPER, {
      catalogId: '1234567890123456',
      items: [{ retailerId: 'CAM-M', quantity: 2, itemPrice: 59.9, currency: 'BRL' }],
    });
    expect(valueOf(order).messages?.[0]).toMatchObject({
      type: 'order',
      order: {
        catalog_id: '1234567890123456',
        text: '',
        product_items: [{ product_retailer_id: 'CAM-M', quantity: 2, item_price: 59.9, currency: 'BRL' }],
      },
    });
    const failed = valueOf(
      statusUpdate(NUMBER, {
        id: 'wamid.OUT3',
        status: 'failed',
        recipientId: SHOPPER.waId,
        errors: [{ code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed.' }],
      }),
    );
    expect(failed.statuses?.[0]).toMatchObject({
      id: 'wamid.OUT3',
      status: 'failed',
      errors: [{ code: 131047, title: 'Re-engagement message', error_data: { details: 'More than 24 hours have passed.' } }],
    });
    expect(failed.contacts).toBeUndefined();
  });

  // The real-world samples (../shared/corpus beside the clone; absent on a fresh clone: skipped).
  const corpus = resolve(import.meta.dirname, '../../../shared/corpus/whatsapp');
  const sample = (file: string) => JSON.parse(readFileSync(join(corpus, file), 'utf8')) as Record<string, unknown>;
  /** Every key path of a JSON value, array positions as []. */
  const keyPaths = (value: unknown, path = ''): string[] =>
    Array.isArray(value)
      ? value.flatMap((item) => keyPaths(item, `${path}[]`))
      : typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, item]) => [`${path}.${key}`, ...keyPaths(item, `${path}.${key}`)])
        : [];

  it.skipIf(!existsSync(corpus))('write only keys the corpus samples have, where they have them', () => {
    const messages = sample('pywa_webhook_message_samples.json') as Record<string, unknown>;
    const statuses = sample('pywa_webhook_message_status_samples.json') as Record<string, unknown>;
    const pairs: [unknown, unknown][] = [
      [textMessage(NUMBER, SHOPPER, 'hi'), messages.text],
      [
        orderMessage(NUMBER, SHOPPER, { catalogId: '1', items: [{ retailerId: 'A', quantity: 1, itemPrice: 10, currency: 'BRL' }] }),
        sample('pywa_webhook_order.json'),
      ],
      [audioMessage(NUMBER, SHOPPER, { id: '1', mimeType: 'audio/ogg', sha256Base64: 'x' }), messages.voice],
      [statusUpdate(NUMBER, { id: 'wamid.1', status: 'delivered', recipientId: SHOPPER.waId }), statuses.delivered],
      [statusUpdate(NUMBER, { id: 'wamid.1', status: 'failed', recipientId: SHOPPER.waId }), statuses.failed],
    ];
    for (const [built, real] of pairs) {
      const known = new Set(keyPaths(real));
      expect(keyPaths(built).filter((path) => !known.has(path))).toEqual([]);
    }
  });
});
