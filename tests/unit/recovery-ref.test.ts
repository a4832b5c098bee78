// A checkout recovery's ref (server/checkouts/recovery-ref.ts) and how an order names it: drawn
// unguessable, carried by the way-back link (on a cart permalink as the recovery attribute too),
// and read back from an order webhook's landing page, attributes and discount codes
// (server/order-events/shopify-order-events.ts).
import { describe, expect, it } from 'vitest';
import {
  RECOVERY_ATTRIBUTE,
  RECOVERY_REF,
  newRecoveryRef,
  recoveryLink,
  recoveryRefOf,
  refOfLandingSite,
} from '@/server/checkouts/recovery-ref';
import { orderCreatedFromWebhook, restOrderSchema } from '@/server/order-events/shopify-order-events';

const REF = 'rcabcdefghijkmnpqrstu2';

describe('a recovery ref', () => {
  it('is drawn anew each time, in its own shape', () => {
    const refs = new Set(Array.from({ length: 200 }, newRecoveryRef));
    expect(refs.size).toBe(200);
    for (const ref of refs) expect(ref).toMatch(RECOVERY_REF);
    expect(REF).toMatch(RECOVERY_REF);
  });

  it('rides on the way back: the recovery URL keeps its own parameters, and a `ref` it had is replaced', () => {
    const url = 'https://loja.myshopify.com/1/checkouts/ac/tok123/recover?key=abc&ref=someone-else';
    const link = new URL(recoveryLink(url, REF));
    expect(link.pathname).toBe('/1/checkouts/ac/tok123/recover');
    expect(link.searchParams.get('key')).toBe('abc');
    expect(link.searchParams.getAll('ref')).toEqual([REF]);
    expect(link.searchParams.has(`attributes[${RECOVERY_ATTRIBUTE}]`)).toBe(false);
  });

  it('on a cart permalink, also as the recovery attribute Shopify copies onto the order', () => {
    const link = new URL(recoveryLink('https://loja.example/cart/808950810:2?attributes[catalyst_cart]=c1', REF));
    expect(link.searchParams.get('ref')).toBe(REF);
    expect(link.searchParams.get(`attributes[${RECOVERY_ATTRIBUTE}]`)).toBe(REF);
    expect(link.searchParams.get('attributes[catalyst_cart]')).toBe('c1');
  });

  it('leaves an address that is no web URL as it was', () => {
    expect(recoveryLink('not a url', REF)).toBe('not a url');
    expect(recoveryLink('javascript:alert(1)', REF)).toBe('javascript:alert(1)');
  });

  it('is read back only where it could be one: a referral code of another kind matches nothing', () => {
    expect(recoveryRefOf(` ${REF.toUpperCase()} `)).toBe(REF);
    expect(recoveryRefOf('catdemo00001')).toBeNull();
    expect(recoveryRefOf(null)).toBeNull();
    expect(refOfLandingSite(`/?ref=${REF}`)).toBe(REF);
    expect(refOfLandingSite(`/checkouts/ac/t/recover?key=k&ref=${REF}`)).toBe(REF);
    expect(refOfLandingSite(`https://loja.example/products/x?ref=${REF}&utm=1`)).toBe(REF);
    expect(refOfLandingSite('/?ref=newsletter')).toBeNull();
    expect(refOfLandingSite('/')).toBeNull();
    expect(refOfLandingSite(null)).toBeNull();
  });
});

describe('an orders/create webhook’s recovery marks', () => {
  const order = (fields: Record<string, unknown>) =>
    orderCreatedFromWebhook(
      restOrderSchema.parse({ id: 5612000000001, name: '#1001', created_at: '2026-12-01T12:00:00Z', total_price: '10.00', ...fields }),
    )!;

  it('the landing page’s ref, the recovery attribute and the discount codes', () => {
    expect(
      order({
        landing_site: `/?ref=${REF}`,
        note_attributes: [
          { name: 'catalyst_cart', value: 'c1' },
          { name: RECOVERY_ATTRIBUTE, value: REF },
        ],
        discount_codes: [{ code: 'VOLTA-ABCDEFGH', amount: '1.00', type: 'percentage' }, { code: ' ' }, { code: null }],
        checkout_token: 'tok123',
      }),
    ).toMatchObject({
      checkoutToken: 'tok123',
      recovery: { referralRef: REF, attributeRef: REF, discountCodes: ['VOLTA-ABCDEFGH'] },
    });
  });

  it('none of them: nulls and no codes', () => {
    expect(order({}).recovery).toEqual({ referralRef: null, attributeRef: null, discountCodes: [] });
    expect(order({ landing_site: '/?ref=newsletter', note_attributes: [{ name: RECOVERY_ATTRIBUTE, value: 42 }] }).recovery).toEqual({
      referralRef: null,
      attributeRef: null,
      discountCodes: [],
    });
  });
});
