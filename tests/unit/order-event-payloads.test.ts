// Shopify's two shapes of an order's events (server/order-events/shopify-order-events.ts): the
// REST-style webhook payloads as the loopback store writes them and an order as the poll's GraphQL
// query reads it give the same keys and details; the shopper's number comes out in E.164 (read in the
// address's country), or not at all; an update is keyed by its second; a poll brings only what
// happened after its start. Also which site addresses Shopify can call, what passes for an API secret
// key, and the webhook signature check.
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { isShopifyApiSecret } from '@/domain/inventory';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import { orderWebhookUrl, publicSiteOrigin } from '@/server/order-events/order-webhook-address';
import {
  eventKeyOf,
  eventsFromPolledOrder,
  fulfillmentFromWebhook,
  numericIdOf,
  orderCreatedFromWebhook,
  restFulfillmentSchema,
  restOrderSchema,
  type PolledOrder,
} from '@/server/order-events/shopify-order-events';
import { shopifySignatureMatches } from '@/server/routes/shopify-webhook-routes';
import { restFulfillment, restOrder } from '../fixtures/shopify/store-webhooks';
import type { ShopInfo } from '../fixtures/shopify/admin-resolvers';
import type { FixtureOrder } from '../fixtures/shopify/store-products';

const shop: ShopInfo = {
  id: 60_000_001,
  name: 'Loja',
  email: 'owner@loja.example',
  currencyCode: 'BRL',
  myshopifyDomain: 'loja.myshopify.com',
  ianaTimezone: 'America/Sao_Paulo',
};
const fulfillment = {
  id: 4_870_000_000_001,
  name: '#1042.1',
  status: 'SUCCESS' as const,
  shipmentStatus: null,
  trackingCompany: 'Correios',
  trackingNumber: 'BR123456789BR',
  trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objeto=BR123456789BR',
  createdAt: '2026-03-02T15:00:00Z',
  updatedAt: '2026-03-02T15:00:00Z',
};
const order: FixtureOrder = {
  id: 5_612_000_000_042,
  name: '#1042',
  createdAt: '2026-03-01T12:30:05Z',
  totalPrice: '1234.50',
  customAttributes: [{ key: WHATSAPP_UPDATES_ATTRIBUTE, value: '+55 (21) 99876-5432' }],
  phone: '11 98765-4321',
  shippingAddress: { firstName: 'Ana', lastName: 'Souza', phone: null, countryCode: 'BR' },
  customerLocale: 'pt-BR',
  fulfillments: [fulfillment],
};
const webhookOrder = () => restOrderSchema.parse(JSON.parse(JSON.stringify(restOrder(shop, order))));

describe('webhooks', () => {
  test('orders/create: keyed by the order id, with its total in minor units, status page, the shopper’s E.164 number, name and language, and the consent attribute', () => {
    expect(orderCreatedFromWebhook(webhookOrder())).toEqual({
      kind: 'order_created',
      eventKey: 'order_created:5612000000042',
      shopifyOrderId: '5612000000042',
      orderName: '#1042',
      totalMinor: 123_450,
      currency: 'BRL',
      statusPageUrl: expect.stringMatching(
        /^https:\/\/loja\.myshopify\.com\/60000001\/orders\/[0-9a-f]{32}\/authenticate\?key=[0-9a-f]{32}$/,
      ),
      customerPhone: '+5511987654321',
      customerFirstName: 'Ana',
      customerLocale: 'pt-BR',
      whatsappUpdatesPhone: '+5521998765432',
      shopifyFulfillmentId: null,
      fulfillmentStatus: null,
      shipmentStatus: null,
      trackingNumber: null,
      trackingUrl: null,
      trackingCompany: null,
      occurredAt: new Date('2026-03-01T12:30:05Z'),
      checkoutToken: null,
      // No reminder's ref, recovery attribute or discount code: nothing recovery would credit.
      recovery: { attributeRef: null, referralRef: null, discountCodes: [] },
    });
    // Placed from a store checkout: its token names the checkout the order completes.
    expect(orderCreatedFromWebhook({ ...webhookOrder(), checkout_token: 'b1946ac92492d2347c6235b4d2611184' })?.checkoutToken).toBe(
      'b1946ac92492d2347c6235b4d2611184',
    );
  });

  test('a number that cannot be read is left out; the next one given is taken; no address, no country to read a national number in', () => {
    const payload = webhookOrder();
    const read = (change: Partial<typeof payload>) => orderCreatedFromWebhook({ ...payload, ...change });
    expect(read({ phone: '12345' })?.customerPhone).toBeNull();
    expect(
      read({ phone: 'none', shipping_address: { first_name: 'Ana', phone: '+1 415-555-2671', country_code: 'BR' } })?.customerPhone,
    ).toBe('+14155552671');
    expect(read({ shipping_address: null, billing_address: null })).toMatchObject({ customerPhone: null, customerFirstName: null });
    expect(read({ note_attributes: [{ name: WHATSAPP_UPDATES_ATTRIBUTE, value: 'yes' }] })?.whatsappUpdatesPhone).toBeNull();
    expect(read({ note_attributes: [] })?.whatsappUpdatesPhone).toBeNull();
  });

  test('ids come from the gid when there is one, else from a number JavaScript holds exactly; an order without one is no event', () => {
    const payload = webhookOrder();
    expect(
      orderCreatedFromWebhook({ ...payload, id: 1, admin_graphql_api_id: 'gid://shopify/Order/820982911946154508' })?.shopifyOrderId,
    ).toBe('820982911946154508');
    expect(orderCreatedFromWebhook({ ...payload, id: 2 ** 60, admin_graphql_api_id: null })).toBeNull();
    expect(orderCreatedFromWebhook({ ...payload, created_at: 'yesterday' })).toBeNull();
    expect(numericIdOf('gid://shopify/Fulfillment/42')).toBe('42');
    expect(numericIdOf('not-an-id')).toBeNull();
  });

  test('fulfillments/create and /update: the order named after the fulfillment, tracking and status; an update keyed by its second', () => {
    const shipped = restFulfillmentSchema.parse(JSON.parse(JSON.stringify(restFulfillment(shop, order, fulfillment))));
    expect(fulfillmentFromWebhook('fulfillment_created', shipped)).toMatchObject({
      kind: 'fulfillment_created',
      eventKey: 'fulfillment_created:4870000000001',
      shopifyOrderId: '5612000000042',
      orderName: '#1042',
      totalMinor: null,
      shopifyFulfillmentId: '4870000000001',
      fulfillmentStatus: 'success',
      shipmentStatus: null,
      trackingCompany: 'Correios',
      trackingNumber: 'BR123456789BR',
      trackingUrl: fulfillment.trackingUrl,
      occurredAt: new Date('2026-03-02T15:00:00Z'),
    });
    // Shopify writes the shop's offset: the same second in UTC.
    const moved = { ...shipped, shipment_status: 'in_transit', updated_at: '2026-03-03T09:15:30-03:00' };
    expect(fulfillmentFromWebhook('fulfillment_updated', moved)).toMatchObject({
      eventKey: `fulfillment_updated:4870000000001:${Date.parse('2026-03-03T12:15:30Z') / 1000}`,
      shipmentStatus: 'in_transit',
      occurredAt: new Date('2026-03-03T12:15:30Z'),
    });
    expect(fulfillmentFromWebhook('fulfillment_updated', { ...moved, tracking_url: 'javascript:alert(1)' })?.trackingUrl).toBeNull();
  });
});

describe('polling', () => {
  const polled = (change: Partial<PolledOrder> = {}): PolledOrder => ({
    id: 'gid://shopify/Order/5612000000042',
    name: '#1042',
    createdAt: '2026-03-01T12:30:05Z',
    updatedAt: '2026-03-03T12:15:30Z',
    phone: '11 98765-4321',
    customerLocale: 'pt-BR',
    statusPageUrl: 'https://loja.myshopify.com/60000001/orders/abc/authenticate?key=def',
    totalPriceSet: { shopMoney: { amount: '1234.5', currencyCode: 'BRL' } },
    customAttributes: [{ key: WHATSAPP_UPDATES_ATTRIBUTE, value: '+5521998765432' }],
    shippingAddress: { firstName: 'Ana', phone: null, countryCodeV2: 'BR' },
    billingAddress: null,
    fulfillments: [
      {
        id: 'gid://shopify/Fulfillment/4870000000001',
        name: '#1042.1',
        status: 'SUCCESS',
        displayStatus: 'IN_TRANSIT',
        createdAt: '2026-03-02T15:00:00Z',
        updatedAt: '2026-03-03T12:15:30Z',
        trackingInfo: [{ company: 'Correios', number: 'BR123456789BR', url: null }],
      },
    ],
    ...change,
  });

  test('everything after the poll’s start: the order, its fulfillment and the fulfillment’s last update, with the same keys as the webhooks', () => {
    const events = eventsFromPolledOrder(polled(), new Date('2026-03-01T00:00:00Z'));
    expect(events.map((event) => event.eventKey)).toEqual([
      eventKeyOf('order_created', '5612000000042'),
      eventKeyOf('fulfillment_created', '4870000000001'),
      eventKeyOf('fulfillment_updated', '4870000000001', new Date('2026-03-03T12:15:30Z')),
    ]);
    expect(events[0]).toMatchObject({ totalMinor: 123_450, customerPhone: '+5511987654321', whatsappUpdatesPhone: '+5521998765432' });
    expect(events[2]).toMatchObject({
      orderName: '#1042',
      fulfillmentStatus: 'success',
      shipmentStatus: 'in_transit',
      trackingNumber: 'BR123456789BR',
    });
  });

  test("a reminder's ref, as the visit's referral code or the recovery attribute, rides on the polled order", () => {
    const ref = 'rcabcdefghijkmnpqrstuv';
    const since = new Date('2026-03-01T00:00:00Z');
    const [byVisit] = eventsFromPolledOrder(polled({ customerJourneySummary: { lastVisit: { referralCode: ref } } }), since);
    expect(byVisit!.recovery).toEqual({ referralRef: ref, attributeRef: null, discountCodes: [] });
    const [byAttribute] = eventsFromPolledOrder(polled({ customAttributes: [{ key: '_catalyst_recovery', value: ref }] }), since);
    expect(byAttribute!.recovery).toMatchObject({ referralRef: null, attributeRef: ref });
    // Another campaign's code is no ref of ours.
    const [other] = eventsFromPolledOrder(polled({ customerJourneySummary: { lastVisit: { referralCode: 'summer-sale' } } }), since);
    expect(other!.recovery).toMatchObject({ referralRef: null });
  });

  test('the discount codes the order used ride on the polled order, read as the webhook’s are', () => {
    const since = new Date('2026-03-01T00:00:00Z');
    const [polledEvent] = eventsFromPolledOrder(polled({ discountCodes: [' volta-abcdefgh ', '', 'OUTRO-CUPOM'] }), since);
    expect(polledEvent!.recovery).toEqual({ referralRef: null, attributeRef: null, discountCodes: ['volta-abcdefgh', 'OUTRO-CUPOM'] });
    // The store's orders/create of the same order names the same codes, with what they took off.
    const used: FixtureOrder = {
      ...order,
      discountCodes: [
        { code: ' volta-abcdefgh ', amount: '123.45', type: 'percentage' },
        { code: 'OUTRO-CUPOM', amount: '0.00', type: 'fixed_amount' },
      ],
    };
    const payload = JSON.parse(JSON.stringify(restOrder(shop, used))) as Record<string, unknown>;
    expect(payload).toMatchObject({
      discount_codes: [
        { code: ' volta-abcdefgh ', amount: '123.45', type: 'percentage' },
        { code: 'OUTRO-CUPOM', amount: '0.00', type: 'fixed_amount' },
      ],
      total_discounts: '123.45',
    });
    expect(orderCreatedFromWebhook(restOrderSchema.parse(payload))?.recovery).toEqual(polledEvent!.recovery);
    // An order that used none: none either way.
    expect(eventsFromPolledOrder(polled({ discountCodes: [] }), since)[0]!.recovery?.discountCodes).toEqual([]);
    expect(webhookOrder()).toMatchObject({ discount_codes: [] });
  });

  test('an order placed before the poll’s start brings only what happened since; a display status that is no carrier’s is none', () => {
    const since = new Date('2026-03-03T00:00:00Z');
    expect(eventsFromPolledOrder(polled(), since).map((event) => event.kind)).toEqual(['fulfillment_updated']);
    const [shipped] = polled().fulfillments;
    const untouched = { ...shipped!, displayStatus: 'FULFILLED', createdAt: '2026-03-03T10:00:00Z', updatedAt: '2026-03-03T10:00:00Z' };
    const events = eventsFromPolledOrder(polled({ fulfillments: [untouched] }), since);
    expect(events.map((event) => [event.kind, event.shipmentStatus])).toEqual([['fulfillment_created', null]]);
  });
});

test('Shopify calls a site at an https address that is not this machine', () => {
  expect(publicSiteOrigin('https://catalyst.example/')).toBe('https://catalyst.example');
  expect(orderWebhookUrl('https://catalyst.example', 'abc')).toBe('https://catalyst.example/webhooks/shopify/abc');
  for (const unreachable of [undefined, null, '', 'http://catalyst.example', 'https://localhost:3000', 'https://127.0.0.1', 'not a url'])
    expect(publicSiteOrigin(unreachable)).toBeNull();
});

test('an API secret key: 32 hex digits, or shpss_ and them; never an access token, a short or spaced value', () => {
  expect(isShopifyApiSecret(`shpss_${'a1'.repeat(16)}`)).toBe(true);
  expect(isShopifyApiSecret('0123456789abcdef0123456789abcdef')).toBe(true);
  for (const wrong of [`shpat_${'a1'.repeat(16)}`, 'shpss_short', `${'a'.repeat(16)} ${'b'.repeat(16)}`, ''])
    expect(isShopifyApiSecret(wrong)).toBe(false);
});

test('a webhook signature is the base64 HMAC-SHA256 of the exact bytes with the API secret key', () => {
  const body = Buffer.from('{"id":1,"name":"#1001"}');
  const signature = createHmac('sha256', 'shpss_secret').update(body).digest('base64');
  expect(shopifySignatureMatches(body, 'shpss_secret', signature)).toBe(true);
  expect(shopifySignatureMatches(body, 'shpss_other', signature)).toBe(false);
  expect(shopifySignatureMatches(Buffer.from('{"id":1,"name":"#1002"}'), 'shpss_secret', signature)).toBe(false);
  expect(shopifySignatureMatches(body, 'shpss_secret', signature.slice(0, 20))).toBe(false);
});
