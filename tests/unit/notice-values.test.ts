// What fills a post-sale notice's variables: the order's total written as the shopper's language
// writes money in the store's currency (minor units by the currency's own digits), the first name
// alone (or a word that greets anyone), and the values only a shipment has.
import { describe, expect, test } from 'vitest';
import { defaultValueSource, noticeSendKey, valueSourcesOf } from '@/domain/order-notice';
import { formatTotal, noticeVariables, type NoticeFacts } from '@/server/notices/notice-values';

const facts: NoticeFacts = {
  orderName: '#1042',
  totalMinor: 12_990,
  currency: 'BRL',
  statusPageUrl: 'https://loja.example/orders/1042',
  customerFirstName: '  Ana  Clara Souza ',
  trackingUrl: 'https://track.example/BR1',
  trackingNumber: 'BR1',
  trackingCompany: 'Correios',
};
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('notice values', () => {
  test("totals in the store's currency, as each language writes money; minor units by the currency's digits", () => {
    expect(nbsp(formatTotal(12_990, 'BRL', 'pt')!)).toBe('R$ 129,90');
    expect(formatTotal(12_990, 'USD', 'en')).toBe('$129.90');
    expect(nbsp(formatTotal(12_990, 'EUR', 'es')!)).toBe('129,90 €');
    // Yen has no minor unit: 1,299 yen is 1299 minor units.
    expect(formatTotal(1_299, 'JPY', 'en')).toBe('¥1,299');
    // Not an ISO 4217 code (a store that wrote its symbol): no total rather than a wrong one.
    expect(formatTotal(100, 'R$', 'en')).toBeNull();
  });

  test('each variable from its source; the first name alone, or a greeting for anyone', () => {
    const mapping = {
      first_name: 'first_name',
      total: 'order_total',
      link: 'order_status_url',
      number: 'order_number',
      store: 'store_name',
    } as const;
    const values = noticeVariables(mapping, facts, 'Casa da Terra', 'pt');
    expect({ ...values, total: nbsp(values.total!) }).toEqual({
      first_name: 'Ana',
      total: 'R$ 129,90',
      link: 'https://loja.example/orders/1042',
      number: '#1042',
      store: 'Casa da Terra',
    });
    expect(noticeVariables({ first_name: 'first_name' }, { ...facts, customerFirstName: null }, 'Loja', 'en')).toEqual({
      first_name: 'there',
    });
    expect(noticeVariables({ first_name: 'first_name' }, { ...facts, customerFirstName: ' ' }, 'Loja', 'es')).toEqual({
      first_name: 'cliente',
    });
    // Missing facts are empty: the sender refuses such a send (variables_missing).
    expect(
      noticeVariables({ url: 'tracking_url', total: 'order_total' }, { ...facts, trackingUrl: null, totalMinor: null }, 'Loja', 'en'),
    ).toEqual({
      url: '',
      total: '',
    });
  });

  test('tracking is for the shipping update only; obvious names find their source', () => {
    expect(valueSourcesOf('order_confirmation')).not.toContain('tracking_url');
    expect(valueSourcesOf('shipping_update')).toContain('carrier');
    expect(defaultValueSource('order_total', 'order_confirmation')).toBe('order_total');
    expect(defaultValueSource('tracking_url', 'order_confirmation')).toBeNull();
    expect(defaultValueSource('tracking_url', 'shipping_update')).toBe('tracking_url');
    expect(defaultValueSource('coupon', 'shipping_update')).toBeNull();
  });

  test('one send per order, and per shipment and tracking number', () => {
    const event = { shopifyOrderId: '42', shopifyFulfillmentId: '7', trackingNumber: 'BR1', trackingUrl: null };
    expect(noticeSendKey('order_confirmation', 'inv', event)).toBe(
      noticeSendKey('order_confirmation', 'inv', { ...event, shopifyFulfillmentId: '8' }),
    );
    expect(noticeSendKey('shipping_update', 'inv', event)).not.toBe(
      noticeSendKey('shipping_update', 'inv', { ...event, trackingNumber: 'BR2' }),
    );
    expect(noticeSendKey('shipping_update', 'inv', event)).toBe(noticeSendKey('shipping_update', 'inv', { ...event }));
  });
});
