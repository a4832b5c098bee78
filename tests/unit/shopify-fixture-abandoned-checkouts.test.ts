// The loopback Shopify store's `abandonedCheckouts` (tests/fixtures/shopify/store-checkouts.ts)
// through real HTTP, and the sync's reader of it (server/checkouts/abandoned-checkout-reader.ts):
// the checkouts shoppers started there are listed in Shopify's shape (completed ones too), paged with
// cursors, searched by update time and status, priced by Shopify's cost rule, refused without
// `read_orders`; the reader walks every page once, waits for the bucket instead of being throttled,
// and a checkout it reads is the one its webhook describes, less what GraphQL does not carry.
import { afterEach, describe, expect, test } from 'vitest';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import {
  ABANDONED_CHECKOUTS_QUERY,
  CHECKOUTS_PER_PAGE,
  LINES_PER_CHECKOUT,
  readAbandonedCheckoutsSince,
  restCheckoutOf,
  tokenOfRecoveryUrl,
  type AbandonedCheckoutNode,
} from '@/server/checkouts/abandoned-checkout-reader';
import { checkoutFromWebhook, restCheckoutSchema } from '@/server/checkouts/shopify-checkouts';
import { PeerFailure } from '@/server/inventories/peer-failure';
import { startShopifyAdminServer, type ShopifyAdminServer, type ShopifyAdminServerOptions } from '../fixtures/shopify-admin-server';
import { restCheckout, type FixtureCheckout } from '../fixtures/shopify/store-webhooks';

type Cost = { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus: { currentlyAvailable: number } };
type Body = {
  data?: { abandonedCheckouts: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: AbandonedCheckoutNode[] } } | null;
  errors?: Record<string, unknown>[];
  extensions?: { cost: Cost };
};

/** 199.00 in the fixture store ("IPod Nano - 8GB"), and 199.00 too ("IPod Touch 8GB"). */
const [IPOD_NANO, IPOD_TOUCH] = [808950810, 447654529];
const SHOP = {
  id: 60_000_001,
  name: 'Catalyst Demo Store',
  email: 'owner@catalyst-demo.example',
  currencyCode: 'USD',
  myshopifyDomain: 'catalyst-demo.myshopify.com',
  ianaTimezone: 'America/Sao_Paulo',
};

/** The bucket's clock moves only by what a reader sleeps (or a test says), never by a slow machine. */
let clockMs = 0;
const servers: ShopifyAdminServer[] = [];
async function start(options: ShopifyAdminServerOptions = {}) {
  const server = await startShopifyAdminServer({ now: () => clockMs, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function list(server: ShopifyAdminServer, variables: Record<string, unknown>, query = ABANDONED_CHECKOUTS_QUERY) {
  const response = await fetch(server.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': server.accessToken },
    body: JSON.stringify({ query, variables: { first: CHECKOUTS_PER_PAGE, lines: LINES_PER_CHECKOUT, ...variables } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

/** A checkout started at `at` (a shopper in São Paulo, with the cart page's WhatsApp box ticked). */
const startAt = (server: ShopifyAdminServer, at: string, lines = [{ variantId: IPOD_NANO, quantity: 2 }]) =>
  server.startCheckout({
    lines,
    phone: '(11) 98765-4321',
    customerLocale: 'pt-BR',
    shippingAddress: { firstName: 'Ana', lastName: 'Souza', phone: '(11) 91234-5678', countryCode: 'BR' },
    customAttributes: [{ key: WHATSAPP_UPDATES_ATTRIBUTE, value: '+55 21 99876-5432' }],
    acceptsSmsMarketing: true,
    at,
  });

describe('abandonedCheckouts', () => {
  test('lists the checkouts started at the store in Shopify’s shape, completed ones with their time', async () => {
    const server = await start();
    const { checkout: left } = await startAt(server, '2026-11-20T15:00:00.250Z', [
      { variantId: IPOD_NANO, quantity: 2 },
      { variantId: IPOD_TOUCH, quantity: 1 },
    ]);
    const { checkout: placed } = await startAt(server, '2026-11-20T15:05:00.000Z');
    await server.updateCheckout(placed.token, { completed: true, at: '2026-11-20T15:09:30.000Z' });

    const body = await list(server, { after: null, query: null });
    expect(body.errors).toBeUndefined();
    const { nodes, pageInfo } = body.data!.abandonedCheckouts;
    expect(pageInfo.hasNextPage).toBe(false);
    expect(nodes).toEqual([
      {
        id: `gid://shopify/AbandonedCheckout/${left.id}`,
        abandonedCheckoutUrl: `https://catalyst-demo.myshopify.com/60000001/checkouts/ac/${left.token}/recover?key=${left.token.slice(-8)}`,
        // Shopify's times: to the second, in UTC.
        createdAt: '2026-11-20T15:00:00Z',
        updatedAt: '2026-11-20T15:00:00Z',
        completedAt: null,
        customAttributes: [{ key: WHATSAPP_UPDATES_ATTRIBUTE, value: '+55 21 99876-5432' }],
        shippingAddress: { firstName: 'Ana', phone: '(11) 91234-5678', countryCodeV2: 'BR' },
        billingAddress: { firstName: 'Ana', phone: '(11) 91234-5678', countryCodeV2: 'BR' },
        totalPriceSet: { presentmentMoney: { amount: '597.00', currencyCode: 'USD' } },
        lineItems: {
          nodes: [
            { title: 'IPod Nano - 8GB', variantTitle: null, quantity: 2, variant: { legacyResourceId: String(IPOD_NANO) } },
            { title: 'IPod Touch 8GB', variantTitle: null, quantity: 1, variant: { legacyResourceId: String(IPOD_TOUCH) } },
          ],
        },
      },
      expect.objectContaining({ id: `gid://shopify/AbandonedCheckout/${placed.id}`, completedAt: '2026-11-20T15:09:30Z' }),
    ]);
    // The query's documented cost: 2 + 25 × (1 + attributes 1 + two addresses 2 + lines 2 + 10 × 2) = 652; what came back costs less.
    expect(body.extensions!.cost.requestedQueryCost).toBe(652);
    expect(body.extensions!.cost.actualQueryCost).toBeGreaterThan(0);
    expect(body.extensions!.cost.actualQueryCost).toBeLessThan(652);
  });

  test('pages with cursors, each checkout once; searched by update time and by status', async () => {
    const server = await start();
    const started: FixtureCheckout[] = [];
    for (let minute = 0; minute < 30; minute++)
      started.push((await startAt(server, new Date(Date.UTC(2026, 10, 20, 15, minute)).toISOString())).checkout);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: Body = await list(server, { after, query: null });
      const { nodes, pageInfo } = page.data!.abandonedCheckouts;
      seen.push(...nodes.map((node) => node.id));
      after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBe(2);
    expect(seen).toEqual(started.map((checkout) => `gid://shopify/AbandonedCheckout/${checkout.id}`));

    // Updated after 15:24: the last five, and an older one the shopper came back to.
    await server.updateCheckout(started[3]!.token, { phone: '(11) 90000-0000', at: '2026-11-20T16:00:00.000Z' });
    const recent = await list(server, { after: null, query: "updated_at:>'2026-11-20T15:24:00Z'" });
    expect(recent.data!.abandonedCheckouts.nodes.map((node) => node.id)).toEqual(
      [3, 25, 26, 27, 28, 29].map((index) => `gid://shopify/AbandonedCheckout/${started[index]!.id}`),
    );
    await server.updateCheckout(started[27]!.token, { completed: true, at: '2026-11-20T16:01:00.000Z' });
    const open = await list(server, { after: null, query: "updated_at:>'2026-11-20T15:24:00Z' status:open" });
    expect(open.data!.abandonedCheckouts.nodes).toHaveLength(5);
  });

  test('a token without read_orders gets ACCESS_DENIED, and the reader fails with the missing scope', async () => {
    const server = await start({ scopes: ['read_products'] });
    await startAt(server, '2026-11-20T15:00:00.000Z');
    const body = await list(server, { after: null, query: null });
    expect(body.errors?.[0]).toMatchObject({
      path: ['abandonedCheckouts'],
      extensions: { code: 'ACCESS_DENIED', requiredAccess: '`read_orders` access scope.' },
    });
    const refused = await readAbandonedCheckoutsSince(server.adminUrl, server.accessToken, new Date(0), { onCheckouts: () => {} }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PeerFailure);
    expect(refused).toMatchObject({ reason: 'store_scope_missing', missing: ['read_orders'] });
  });
});

describe('the sync’s reader', () => {
  test('reads every checkout updated since, once, waiting for the bucket instead of being throttled', async () => {
    const server = await start({ bucket: { maximumAvailable: 700, restoreRate: 50 } });
    for (let minute = 0; minute < 60; minute++) await startAt(server, new Date(Date.UTC(2026, 10, 20, 15, minute)).toISOString());
    const read: string[] = [];
    const slept: number[] = [];
    const progress = await readAbandonedCheckoutsSince(server.adminUrl, server.accessToken, new Date('2026-11-20T15:09:30Z'), {
      onCheckouts: (nodes) => void read.push(...nodes.map((node) => node.id)),
      sleep: async (ms) => {
        slept.push(ms);
        clockMs += ms;
      },
    });
    expect(read).toHaveLength(50); // 15:10 to 15:59
    expect(new Set(read).size).toBe(50);
    expect(progress).toMatchObject({ checkouts: 50, requests: 2 });
    // None refused: every request the store got was answered with data.
    expect(server.requests.filter((request) => request.url.endsWith('/graphql.json'))).toHaveLength(2);
    expect(slept.length).toBeGreaterThan(0);
    expect(progress.waitedMs).toBe(slept.reduce((sum, ms) => sum + ms, 0));
  });

  test('a checkout read is its webhook’s, less the contact number, language and text-marketing agreement GraphQL lacks', async () => {
    const server = await start();
    const { checkout } = await startAt(server, '2026-11-20T15:00:00.000Z');
    await server.updateCheckout(checkout.token, { completed: true, at: '2026-11-20T15:20:00.000Z' });
    const [node] = (await list(server, { after: null, query: null })).data!.abandonedCheckouts.nodes;
    expect(tokenOfRecoveryUrl(node!.abandonedCheckoutUrl)).toBe(checkout.token);
    const fromSync = checkoutFromWebhook(restCheckoutOf(node!, checkout.token));
    const fromWebhook = checkoutFromWebhook(
      restCheckoutSchema.parse(JSON.parse(JSON.stringify(restCheckout(SHOP, server.checkouts()[0]!)))),
    );
    expect(fromSync).toEqual({ ...fromWebhook, locale: null, acceptsSmsMarketing: false });
    // The number the cart page's box named is the one both read.
    expect(fromSync).toMatchObject({
      phone: '+5521998765432',
      whatsappUpdatesPhone: '+5521998765432',
      completedAt: new Date('2026-11-20T15:20:00Z'),
    });
  });

  test('the token is read from the way back’s path, old and new forms; anything else is none', () => {
    expect(tokenOfRecoveryUrl('https://www.snowdevil.ca/14168/checkouts/0123456789abcdef0456456789abcdef/recover?key=6dacd6065bb8')).toBe(
      '0123456789abcdef0456456789abcdef',
    );
    expect(tokenOfRecoveryUrl('https://loja.example/1/checkouts/ac/Z2NwLXVz_9-x/recover?key=a&locale=pt-BR')).toBe('Z2NwLXVz_9-x');
    expect(tokenOfRecoveryUrl('https://loja.example/1/checkouts/cn/abc')).toBeNull();
    expect(tokenOfRecoveryUrl('not a url')).toBeNull();
  });
});
