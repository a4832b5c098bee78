// 'Send me a test' without a server: what the request itself breaks (domain/recovery-test.ts), the
// sample values a test fills a reminder with in each language, its sample code (visibly a test, short
// enough for WhatsApp's copy-code button) and its way back (server/checkouts/recovery-test-send.ts).
import { describe, expect, test } from 'vitest';
import { COUPON_CODE_VARIABLE } from '@/domain/message-template';
import { recoveryTestRefusals, recoveryTestRequestRefusals, recoveryTestRequestSchema } from '@/domain/recovery-test';
import { SAMPLE_TOTAL_MINOR, sampleDiscountCode, sampleVariables, sampleWayBack } from '@/server/checkouts/recovery-test-send';

const money = (locale: string, currency: string, amount: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);

const every = {
  first_name: 'first_name',
  products: 'products',
  total: 'total',
  cart_url: 'checkout_url',
  store_name: 'store_name',
  discount: 'discount_value',
  [COUPON_CODE_VARIABLE]: 'discount_code',
} as const;
const facts = { storeName: 'Tienda Aurora', currency: 'EUR', wayBack: 'https://tienda.example', discountCode: 'TEST-ABC234' };

describe('the request', () => {
  test('a number typed and the merchant’s agreement, literally true', () => {
    expect(recoveryTestRequestRefusals({ phone: '+5511976543001', consent: true })).toEqual({});
    expect(recoveryTestRequestRefusals({ phone: '  ' })).toEqual({
      phone: recoveryTestRefusals.phoneRequired,
      consent: recoveryTestRefusals.consentMissing,
    });
    expect(recoveryTestRequestRefusals({ phone: '11 97654-3001', consent: false })).toEqual({
      consent: recoveryTestRefusals.consentMissing,
    });
    expect(recoveryTestRequestSchema.safeParse({ phone: '1', consent: 'true' }).success).toBe(false);
  });
});

describe('sample values', () => {
  test('in Spanish, with an amount off in the store’s currency', () => {
    const discount = { kind: 'amount', value: 500, expiresInHours: 48 } as const;
    expect(sampleVariables({ variables: every }, { ...facts, discount }, 'es')).toEqual({
      first_name: 'Lucía',
      products: '2× Producto de ejemplo, 1× Otro producto de ejemplo',
      total: money('es', 'EUR', SAMPLE_TOTAL_MINOR / 100),
      cart_url: 'https://tienda.example',
      store_name: 'Tienda Aurora',
      discount: money('es', 'EUR', 5),
      [COUPON_CODE_VARIABLE]: 'TEST-ABC234',
    });
  });

  test('in English, a percentage, and the language’s currency while the store’s is unknown', () => {
    const discount = { kind: 'percentage', value: 10, expiresInHours: 48 } as const;
    const values = sampleVariables({ variables: every }, { ...facts, currency: null, discount }, 'en');
    expect(values).toMatchObject({ first_name: 'Alex', total: money('en-US', 'USD', SAMPLE_TOTAL_MINOR / 100), discount: '10%' });
  });

  test('without a discount, its values are empty (the sender then refuses a template that shows them)', () => {
    expect(sampleVariables({ variables: every }, { ...facts, discount: null }, 'pt')).toMatchObject({
      first_name: 'Ana',
      discount: '',
      [COUPON_CODE_VARIABLE]: '',
    });
  });

  test('a sample code says TEST and fits the copy-code button', () => {
    const codes = new Set(Array.from({ length: 50 }, sampleDiscountCode));
    for (const code of codes) {
      expect(code).toMatch(/^TEST-[2-9A-HJKMNP-Z]{6}$/);
      expect(code.length).toBeLessThanOrEqual(15);
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  test('the way back: the store’s website, else its public catalog page in the language', () => {
    expect(sampleWayBack({ website: 'https://loja.example', publicId: 'p1' }, 'https://app.example', 'pt')).toBe('https://loja.example');
    expect(sampleWayBack({ website: '', publicId: 'a/b' }, 'https://app.example', 'es')).toBe('https://app.example/es/c/a%2Fb');
  });
});
