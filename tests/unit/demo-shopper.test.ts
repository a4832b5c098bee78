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
  expect(await html.text()).toContain('Development tool — simulated WhatsApp shopper');

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

test('refuses what it cannot deliver: an unknown number, a wa_id that is not one, an empty text, a body that is not JSON', async () => {
  expect((await post({ phoneNumberId: '999', waId: DEMO_SHOPPER.waId, text: 'Oi' })).status).toBe(404);
  expect((await post({ phoneNumberId: number.phoneNumberId, waId: '12', text: 'Oi' })).status).toBe(400);
  expect((await post({ phoneNumberId: number.phoneNumberId, waId: DEMO_SHOPPER.waId, text: '  ' })).status).toBe(400);
  expect((await page('/messages', { method: 'POST', body: '{' })).status).toBe(400);
  expect((await page('/nothing')).status).toBe(404);
});
