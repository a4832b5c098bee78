// The demo store's abandoned checkouts (tests/fixtures/shopify/demo-checkouts.ts), what `npm start`
// shows a newcomer checkout recovery with: its shoppers leave a checkout at once and then every
// interval, in turn, with a Brazilian number on the address (what Admin GraphQL gives), and some buy
// on their own later; a checkout's way back, served on the store's own origin, lists the cart and
// 'Finalizar compra' places the order from that checkout (its token, the link's ref as the visit's
// referral code, the discount code typed: a reminder's takes its value off) and completes it — a wrong
// key is a 404, and buying twice places one order.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { tokenOfRecoveryUrl } from '@/server/checkouts/abandoned-checkout-reader';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { DEMO_CHECKOUT_SHOPPERS, startDemoCheckouts, type DemoCheckoutStore } from '../fixtures/shopify/demo-checkouts';
import { demoStoreProducts } from '../fixtures/shopify/store-products';
import { abandonedCheckoutUrl } from '../fixtures/shopify/store-webhooks';

const IPOD_NANO = 808950810;

describe("the demo's shoppers", () => {
  afterEach(() => void vi.useRealTimers());

  test('one leaves a checkout at once, then one every interval, in turn; a share buy it later', async () => {
    vi.useFakeTimers();
    const started: Parameters<DemoCheckoutStore['startCheckout']>[0][] = [];
    const completed: string[] = [];
    const store: DemoCheckoutStore = {
      products: () => demoStoreProducts(),
      startCheckout: async (checkout) => {
        started.push(checkout);
        return { checkout: { token: `t${started.length}` } as never };
      },
      completeCheckout: async (token) => void completed.push(token),
    };
    const demo = startDemoCheckouts(store, { everyMs: 60_000, completeAfterMs: 30_000, completedShare: 0.5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    expect(started).toHaveLength(7);
    expect(started.map((checkout) => checkout.phone)).toEqual(DEMO_CHECKOUT_SHOPPERS.map((shopper) => shopper.phone));
    for (const checkout of started) {
      expect(checkout.shippingAddress).toEqual(expect.objectContaining({ phone: checkout.phone, countryCode: 'BR' }));
      expect(checkout.phone).toMatch(/^\+55\d{11}$/);
      expect(checkout.lines.length).toBeGreaterThanOrEqual(1);
    }
    // Some, not all, came back and bought; the last one's purchase is still to come.
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.length).toBeLessThan(started.length);
    demo.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(started).toHaveLength(7);
  });
});

describe("a checkout's way back", () => {
  let server: ShopifyAdminServer;
  afterEach(() => server?.close());

  test('on the store’s own origin, it lists the cart, and buying places the order from that checkout with the link’s ref', async () => {
    server = await startShopifyAdminServer({ servesCheckoutPages: true, shop: { currencyCode: 'BRL' } });
    const { checkout } = await server.startCheckout({ lines: [{ variantId: IPOD_NANO, quantity: 2 }], phone: '+5511900001301' });
    const link = new URL(abandonedCheckoutUrl({ id: 60_000_001, checkoutOrigin: server.origin } as never, checkout));
    expect(link.origin).toBe(server.origin);
    expect(tokenOfRecoveryUrl(link.href)).toBe(checkout.token);
    link.searchParams.set('ref', 'rcabcdefghijkmnpqrstuv');

    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Finalizar compra');
    expect(html).toContain('398.00 BRL');
    const wrongKey = new URL(link);
    wrongKey.searchParams.set('key', 'nope');
    expect((await fetch(wrongKey)).status).toBe(404);

    const bought = await fetch(link, { method: 'POST', redirect: 'manual' });
    expect(bought.status).toBe(303);
    await server.settled();
    const [order] = server.orders().filter((each) => each.checkoutToken === checkout.token);
    expect(order).toMatchObject({ totalPrice: '398.00', lastVisit: { referralCode: 'rcabcdefghijkmnpqrstuv' } });
    expect(server.checkouts().find((each) => each.token === checkout.token)?.completedAt).toBe(order!.createdAt);
    expect(await (await fetch(link)).text()).toContain(`Pedido ${order!.name} feito`);
    // Pressed again (a reload of the form): still one order.
    await fetch(link, { method: 'POST', redirect: 'manual' });
    await server.settled();
    expect(server.orders().filter((each) => each.checkoutToken === checkout.token)).toHaveLength(1);
  });

  test('the discount code typed on the page goes on the order, the store’s taking its value off', async () => {
    server = await startShopifyAdminServer({ servesCheckoutPages: true, shop: { currencyCode: 'BRL' } });
    const made = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': server.accessToken },
      body: JSON.stringify({
        query: `mutation { discountCodeBasicCreate(basicCodeDiscount: { title: "Volta", code: "VOLTA-7Q2X", startsAt: "2026-01-01T00:00:00Z",
          context: { all: ALL }, customerGets: { value: { percentage: 0.1 }, items: { all: true } } }) { userErrors { code } } }`,
      }),
    });
    expect(await made.json()).toMatchObject({ data: { discountCodeBasicCreate: { userErrors: [] } } });
    const { checkout } = await server.startCheckout({ lines: [{ variantId: IPOD_NANO, quantity: 2 }], phone: '+5511900001303' });
    const link = new URL(abandonedCheckoutUrl({ id: 60_000_001, checkoutOrigin: server.origin } as never, checkout));
    expect(await (await fetch(link)).text()).toContain('name="discount"');

    const bought = await fetch(link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ discount: 'volta-7q2x' }),
    });
    expect(bought.status).toBe(303);
    await server.settled();
    const [order] = server.orders().filter((each) => each.checkoutToken === checkout.token);
    expect(order).toMatchObject({ totalPrice: '358.20', discountCodes: [{ code: 'volta-7q2x', amount: '39.80', type: 'percentage' }] });
  });

  test('a development tool has a shopper leave a checkout now; bad input is a 400 or a 422', async () => {
    server = await startShopifyAdminServer({ servesCheckoutPages: true });
    const post = (body: unknown) =>
      fetch(`${server.origin}/_demo/checkouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const left = await post({ lines: [{ variantId: IPOD_NANO, quantity: 1 }], phone: '+5511900001302', firstName: 'Bruno' });
    expect(left.status).toBe(201);
    const { token, abandonedCheckoutUrl: link } = (await left.json()) as { token: string; abandonedCheckoutUrl: string };
    expect(link.startsWith(`${server.origin}/60000001/checkouts/ac/${token}/recover?key=`)).toBe(true);
    expect(server.checkouts().find((checkout) => checkout.token === token)).toMatchObject({
      phone: '+5511900001302',
      shippingAddress: { firstName: 'Bruno', phone: '+5511900001302', countryCode: 'BR' },
    });
    expect((await post({ phone: '+5511900001302' })).status).toBe(400);
    expect((await post({ lines: [{ variantId: 1, quantity: 1 }], phone: '+5511900001302' })).status).toBe(422);
  });

  test('a store that serves no checkout pages gives Shopify’s address, and answers none', async () => {
    server = await startShopifyAdminServer();
    const { checkout } = await server.startCheckout({ lines: [{ variantId: IPOD_NANO, quantity: 1 }] });
    const path = `/60000001/checkouts/ac/${checkout.token}/recover?key=${checkout.token.slice(-8)}`;
    expect((await fetch(`${server.origin}${path}`)).status).toBe(404);
  });
});
