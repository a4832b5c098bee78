// The number a shopper gives on the cart page for order updates, on its way to Shopify's checkout:
// the checkout link carries it as the hidden cart attribute the order-event intake reads (and no
// merchant parameter can put one there), the server reads it in the store's country as the page
// names it, and the cart page's request and address are the same for its hydrated and plain form.
import { describe, expect, test } from 'vitest';
import { cartCheckoutRequest, cartPagePath } from '@/domain/cart-checkout-form';
import { checkoutLink, overriddenCheckoutParams, type CheckoutLinkInput } from '@/domain/checkout-link';
import { contactValidation } from '@/domain/contact';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import {
  readWhatsappUpdatesPhone,
  whatsappUpdatesCountry,
  whatsappUpdatesCountryOf,
  whatsappUpdatesProblemOf,
} from '@/server/storefront/whatsapp-updates';

const base: CheckoutLinkInput = {
  website: 'https://loja.example.com',
  lines: [{ variantId: '111', quantity: 2 }],
  attributionCode: 'catab12cd34ef',
  cartId: 'k7Qp2x',
};
const PARAM = `attributes[${WHATSAPP_UPDATES_ATTRIBUTE}]`;

function params(input: CheckoutLinkInput) {
  const link = checkoutLink(input);
  if (!link.ok) throw new Error(link.reason);
  return new URL(link.checkoutUrl).searchParams;
}

describe('the checkout link', () => {
  test('carries the number as the hidden cart attribute, after ref and the cart’s id, before the merchant’s parameters', () => {
    const link = params({ ...base, attributes: { [WHATSAPP_UPDATES_ATTRIBUTE]: '+5511987654321' }, checkoutParams: 'utm_source=wa' });
    expect([...link]).toEqual([
      ['ref', 'catab12cd34ef'],
      ['attributes[catalyst_cart]', 'k7Qp2x'],
      ['attributes[_catalyst_whatsapp_updates]', '+5511987654321'],
      ['utm_source', 'wa'],
    ]);
    // The + is encoded: Shopify reads the number, not a space.
    const written = checkoutLink({ ...base, attributes: { [WHATSAPP_UPDATES_ATTRIBUTE]: '+5511987654321' } });
    expect(written.ok && written.checkoutUrl).toContain('attributes%5B_catalyst_whatsapp_updates%5D=%2B5511987654321');
  });

  test('without the number, no link carries the attribute, whatever the merchant’s parameters say; theirs of ours are left out', () => {
    const merchant = `utm_source=wa&${encodeURIComponent(PARAM)}=%2B15555550100&attributes%5B_catalyst_other%5D=x&utm_source=ig`;
    const without = params({ ...base, checkoutParams: merchant });
    expect(without.has(PARAM)).toBe(false);
    expect(without.has('attributes[_catalyst_other]')).toBe(false);
    expect(without.getAll('utm_source')).toEqual(['wa', 'ig']); // the merchant's repeated names stay
    const ticked = params({ ...base, checkoutParams: merchant, attributes: { [WHATSAPP_UPDATES_ATTRIBUTE]: '+5511987654321' } });
    expect(ticked.getAll(PARAM)).toEqual(['+5511987654321']);
    // The inventory screen says which of the merchant's parameters ours replace.
    expect(overriddenCheckoutParams(merchant)).toEqual([PARAM, 'attributes[_catalyst_other]']);
    expect(overriddenCheckoutParams('attributes%5Bnote%5D=x&attributes%5Bcatalyst_x%5D=y')).toEqual([]);
  });

  test('through the merchant’s tracking URL, the checkout URL it carries holds the number', () => {
    const link = checkoutLink({
      ...base,
      attributes: { [WHATSAPP_UPDATES_ATTRIBUTE]: '+5511987654321' },
      trackingUrl: 'https://t.example/r?to={checkout_url}',
    });
    if (!link.ok) throw new Error(link.reason);
    expect(link.tracked).toBe(true);
    expect(new URL(new URL(link.url).searchParams.get('to')!).searchParams.get(PARAM)).toBe('+5511987654321');
  });
});

describe('the number, as the server reads it', () => {
  test('the country: the store’s currency’s, the euro’s by the page’s language, else the language’s', () => {
    expect(whatsappUpdatesCountry('BRL', 'en')).toBe('BR');
    expect(whatsappUpdatesCountry('MXN', 'pt')).toBe('MX');
    expect(whatsappUpdatesCountry('EUR', 'pt')).toBe('PT');
    expect(whatsappUpdatesCountry('EUR', 'es')).toBe('ES');
    expect(whatsappUpdatesCountry(null, 'pt')).toBe('BR');
    expect(whatsappUpdatesCountry('XYZ', 'es')).toBe('MX');
    expect(whatsappUpdatesCountry(null, 'en')).toBe('US');
    expect(whatsappUpdatesCountryOf('BRL', 'pt')).toEqual({ country: 'BR', callingCode: '55' });
    expect(whatsappUpdatesCountryOf('EUR', 'es')).toEqual({ country: 'ES', callingCode: '34' });
  });

  test('E.164 in the store’s country, or with its own +; none or no number is the problem the page names', () => {
    expect(readWhatsappUpdatesPhone('(11) 98765-4321', 'BRL', 'pt')).toEqual({ ok: true, phone: '+5511987654321' });
    expect(readWhatsappUpdatesPhone('+34 612 34 56 78', 'BRL', 'pt')).toEqual({ ok: true, phone: '+34612345678' });
    expect(readWhatsappUpdatesPhone('612 34 56 78', 'EUR', 'es')).toEqual({ ok: true, phone: '+34612345678' });
    expect(readWhatsappUpdatesPhone('  ', 'BRL', 'pt')).toEqual({
      ok: false,
      problem: 'phone_required',
      messageId: contactValidation.phoneRequired.id,
    });
    expect(readWhatsappUpdatesPhone('123', 'BRL', 'pt')).toEqual({
      ok: false,
      problem: 'phone_invalid',
      messageId: contactValidation.phoneInvalid.id,
    });
    expect(whatsappUpdatesProblemOf('Too long')).toBe('phone_invalid');
  });
});

describe('the cart page’s request and address', () => {
  const lines = [
    { retailerId: 'CAM-M', quantity: 2, priceMinor: 5490, available: true },
    { retailerId: 'CAM-G', quantity: 1, priceMinor: 4990, available: false },
    { retailerId: '201', quantity: 1, priceMinor: null, available: true },
  ];

  test('an order’s cart goes by its id; an items= list as the lines that can be bought, with today’s price', () => {
    expect(cartCheckoutRequest('cart_7Yh2', 'BRL', lines)).toEqual({ cartId: 'cart_7Yh2', source: 'items_link' });
    expect(cartCheckoutRequest(null, 'BRL', lines)).toEqual({
      source: 'items_link',
      lines: [
        { retailerId: 'CAM-M', quantity: 2, priceMinor: 5490, currency: 'BRL' },
        { retailerId: '201', quantity: 1, priceMinor: null, currency: null },
      ],
    });
  });

  test('the page posts to its own address, its cart encoded', () => {
    expect(cartPagePath('pt', 'k3J9', 'cart_7Yh2', null)).toBe('/pt/c/k3J9/cart?cart=cart_7Yh2');
    expect(cartPagePath('es', 'k3J9', null, 'A&B:1,C:2')).toBe('/es/c/k3J9/cart?items=A%26B%3A1%2CC%3A2');
    expect(cartPagePath('en', 'k3J9', null, null)).toBe('/en/c/k3J9/cart');
  });
});
