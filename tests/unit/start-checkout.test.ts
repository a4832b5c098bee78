// @vitest-environment happy-dom
// The shop pages' checkout request (src/features/storefront/api/start-checkout.ts) carries the `ref` of
// the link the page was opened from when it is one of ours (the website widget's, a campaign's), so
// the order is told apart; a page opened without one, or with one that is not ours, sends none. The
// server side of it is proved in tests/server/cart-whatsapp-updates.test.ts.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startCheckout } from '@/src/features/storefront/api/start-checkout';

const sent: unknown[] = [];
function answering() {
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(init.body as string));
    return Promise.resolve(Response.json({ cartId: 'c1', url: 'https://loja.example/cart/1:1', leftOut: [] }));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

const request = { lines: [{ retailerId: 'CAM-P', quantity: 1, priceMinor: 4990, currency: 'BRL' }], source: 'items_link' as const };

describe('the checkout request', () => {
  test.each([
    ['?items=CAM-P%3A1&ref=wg0123456789abcdef01', 'wg0123456789abcdef01'],
    ['?items=CAM-P%3A1', undefined],
    ['?items=CAM-P%3A1&ref=%3Cscript%3E', undefined],
  ])('opened at %s: ref %s', async (search, ref) => {
    window.history.replaceState(null, '', `/pt/c/inv1/cart${search}`);
    answering();
    await startCheckout('/api/v1', 'pt', 'inv1', request);
    expect(sent).toHaveLength(1);
    expect((sent[0] as { ref?: string }).ref).toBe(ref);
    expect(sent[0]).toMatchObject({ ...request, locale: 'pt' });
  });
});
