// The demo's simulated shopper (tests/fixtures/whatsapp/demo-shopper.ts) over loopback, DB-free:
// the WhatsApp fixture serves the labelled page and its JSON endpoints; a text or the sample cart
// the page sends reaches the number's callback URL as a webhook signed with the number's app
// secret, in Meta's shape; what the number sends back to that shopper (through the fixture's own
// Cloud API) shows in the shopper's conversation, after what they wrote; other shoppers see none of it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../fixtures/http-test-server';
import {
  DEMO_SHOPPER,
  DEMO_WHATSAPP_NUMBER,
  startWhatsAppCloudApiServer,
  webhookSignature,
  type WhatsAppCloudApiServer,
} from '../fixtures/whatsapp-cloud-api-server';

const number = DEMO_WHATSAPP_NUMBER;
const catalog = {
  catalogId: '1234567890123456',
  items: [
    { retailerId: 'CAM-M', name: 'Camiseta M', price: 59.9, currency: 'BRL' },
    { retailerId: 'BON-U', name: 'Boné', price: 29.9, currency: 'BRL' },
  ],
};
let fixture: WhatsAppCloudApiServer;
let callback: TestServer;

beforeAll(async () => {
  callback = await startTestServer();
  fixture = await startWhatsAppCloudApiServer({ demoCatalog: catalog });
});
afterAll(async () => {
  await fixture?.close();
  await callback?.close();
});

const page = (path: string, init?: RequestInit) => fetch(`${fixture.origin}/_demo/shopper${path}`, init);
const post = (body: unknown) =>
  page('/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const conversation = async (waId: string) =>
  (
    (await (await page(`/conversation?phoneNumberId=${number.phoneNumberId}&waId=${waId}`)).json()) as {
      lines: Array<Record<string, unknown>>;
    }
  ).lines;
type Delivered = { entry: Array<{ changes: Array<{ value: { messages: Array<Record<string, unknown>> } }> }> };
const messageOf = (body: string) => (JSON.parse(body) as Delivered).entry[0]!.changes[0]!.value.messages[0]!;

test('the page is labelled as a development tool; the numbers list says where each one’s webhooks go, with the sample cart', async () => {
  const html = await page('');
  expect(html.status).toBe(200);
  expect(html.headers.get('content-type')).toMatch(/^text\/html/);
  const text = await html.text();
  expect(text).toContain('Development tool — simulated WhatsApp shopper');
  // Its inline script (written inside a template literal, where a backslash is easily lost) parses.
  const script = text.slice(text.indexOf('<script>') + '<script>'.length, text.indexOf('</script>'));
  expect(() => new Function(script)).not.toThrow();

  expect(await (await page('/numbers')).json()).toEqual({
    numbers: [
      {
        phoneNumberId: number.phoneNumberId,
        displayPhoneNumber: number.displayPhoneNumber,
        verifiedName: number.verifiedName,
        webhookUrl: null,
      },
    ],
    catalog,
  });
  // Without a callback URL nothing can be delivered.
  expect((await post({ phoneNumberId: number.phoneNumberId, waId: DEMO_SHOPPER.waId, text: 'Oi' })).status).toBe(409);
  fixture.setWebhookUrl(number.phoneNumberId, `${callback.origin}/webhooks/whatsapp`);
  const listed = (await (await page('/numbers')).json()) as { numbers: Array<{ webhookUrl: string }> };
  expect(listed.numbers[0]!.webhookUrl).toBe(`${callback.origin}/webhooks/whatsapp`);
});

test('a text and the sample cart go as signed webhooks; the replies sent to the shopper show in their conversation', async () => {
  const waId = '5511900005555';
  const sent = await post({ phoneNumberId: number.phoneNumberId, waId, text: 'Tem camiseta M?' });
  expect([sent.status, await sent.json()]).toEqual([200, { status: 200 }]);
  const cart = await post({ phoneNumberId: number.phoneNumberId, waId, order: true });
  expect(cart.status).toBe(200);

  const [text, order] = callback.requests.slice(-2);
  for (const delivery of [text!, order!])
    expect(delivery.headers['x-hub-signature-256']).toBe(webhookSignature(delivery.body, number.appSecret));
  expect(messageOf(text!.body)).toMatchObject({ from: waId, type: 'text', text: { body: 'Tem camiseta M?' } });
  expect(messageOf(order!.body)).toMatchObject({
    from: waId,
    type: 'order',
    order: {
      catalog_id: catalog.catalogId,
      product_items: [
        { product_retailer_id: 'CAM-M', quantity: 1, item_price: 59.9, currency: 'BRL' },
        { product_retailer_id: 'BON-U', quantity: 2, item_price: 29.9, currency: 'BRL' },
      ],
    },
  });

  // The product answers through the Cloud API, as the reply worker does.
  const reply = await fetch(`${fixture.graphUrl}/${number.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${number.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to: waId, type: 'text', text: { body: 'Temos sim!' } }),
  });
  expect(reply.status).toBe(200);

  const lines = await conversation(waId);
  expect(lines.map(({ from, type, text }) => [from, type, text])).toEqual([
    ['shopper', 'text', 'Tem camiseta M?'],
    ['shopper', 'order', '[order: 1 × CAM-M, 2 × BON-U]'],
    ['business', 'text', 'Temos sim!'],
  ]);
  expect(await conversation(DEMO_SHOPPER.waId)).toEqual([]);
});

test("a business message's reply buttons show in the conversation; tapping one goes as Meta's button reply to that message", async () => {
  const waId = '5511900006666';
  const offer = await fetch(`${fixture.graphUrl}/${number.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${number.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      to: waId,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Quer receber as atualizações do seu pedido por aqui?' },
        action: { buttons: [{ type: 'reply', reply: { id: 'catalyst_consent_utility', title: 'Quero atualizações' } }] },
      },
    }),
  });
  expect(offer.status).toBe(200);
  const messageId = ((await offer.json()) as { messages: Array<{ id: string }> }).messages[0]!.id;
  const [line] = await conversation(waId);
  expect(line).toMatchObject({
    from: 'business',
    text: 'Quer receber as atualizações do seu pedido por aqui?',
    buttons: [{ id: 'catalyst_consent_utility', title: 'Quero atualizações' }],
    messageId,
  });

  const tapped = await post({
    phoneNumberId: number.phoneNumberId,
    waId,
    reply: { id: 'catalyst_consent_utility', title: 'Quero atualizações' },
    replyTo: messageId,
  });
  expect(tapped.status).toBe(200);
  const delivery = callback.requests.at(-1)!;
  expect(delivery.headers['x-hub-signature-256']).toBe(webhookSignature(delivery.body, number.appSecret));
  expect(messageOf(delivery.body)).toMatchObject({
    from: waId,
    type: 'interactive',
    context: { id: messageId },
    interactive: { type: 'button_reply', button_reply: { id: 'catalyst_consent_utility', title: 'Quero atualizações' } },
  });
  expect((await conversation(waId)).at(-1)).toMatchObject({ from: 'shopper', type: 'button_reply', text: '[tapped: Quero atualizações]' });
});

test('as Meta’s webhook settings: a callback URL is saved only when its verification GET echoes the challenge for the verify token', async () => {
  const receiver = await startTestServer();
  try {
    // A receiver that knows one verify token, as the product's GET /webhooks/whatsapp does.
    receiver.handle((request, response) => {
      const query = new URL(request.url, receiver.origin).searchParams;
      const known = query.get('hub.mode') === 'subscribe' && query.get('hub.verify_token') === 'the-verify-token';
      response.writeHead(known ? 200 : 403, { 'content-type': 'text/plain' });
      response.end(known ? query.get('hub.challenge') : 'forbidden');
    });
    const callbackUrl = `${receiver.origin}/webhooks/whatsapp`;
    const verify = (verifyToken: string, url = callbackUrl) =>
      page('/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumberId: number.phoneNumberId, callbackUrl: url, verifyToken }),
      });
    const webhookUrl = async () =>
      ((await (await page('/numbers')).json()) as { numbers: Array<{ webhookUrl: string | null }> }).numbers[0]!.webhookUrl;
    const before = await webhookUrl();

    const refused = await verify('another-token');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/couldn't be validated/);
    expect(await webhookUrl()).toBe(before);
    expect((await verify('the-verify-token', 'not a url')).status).toBe(400);

    const verified = await verify('the-verify-token');
    expect([verified.status, await verified.json()]).toEqual([200, { webhookUrl: callbackUrl }]);
    expect(await webhookUrl()).toBe(callbackUrl);
    const check = new URL(receiver.requests.at(-1)!.url, receiver.origin);
    expect(receiver.requests.at(-1)!.method).toBe('GET');
    expect(check.searchParams.get('hub.challenge')).toMatch(/^\d+$/);
  } finally {
    fixture.setWebhookUrl(number.phoneNumberId, `${callback.origin}/webhooks/whatsapp`);
    await receiver.close();
  }
});

test('refuses what it cannot deliver: an unknown number, a wa_id that is not one, an empty text, a body that is not JSON', async () => {
  expect((await post({ phoneNumberId: '999', waId: DEMO_SHOPPER.waId, text: 'Oi' })).status).toBe(404);
  expect((await post({ phoneNumberId: number.phoneNumberId, waId: '12', text: 'Oi' })).status).toBe(400);
  expect((await post({ phoneNumberId: number.phoneNumberId, waId: DEMO_SHOPPER.waId, text: '  ' })).status).toBe(400);
  expect((await page('/messages', { method: 'POST', body: '{' })).status).toBe(400);
  expect((await page('/nothing')).status).toBe(404);
});
