// The loopback Shopify Admin GraphQL server (tests/fixtures/shopify-admin-server.ts) through real
// HTTP: what the inventory sync and the connection check will meet must be Shopify's protocol —
// its auth failures, scope errors, validation error shape, cursor pagination, calculated costs
// with a leaky bucket that drains and refills, both throttle forms, bulk operations and JSONL,
// orders as an attribution reads them (changed while the store runs, and placed through the
// storefront's cart permalink) — and the stores it serves must be real (the corpus) or
// deterministic (generated).
import { afterEach, describe, expect, test } from 'vitest';
import {
  DEMO_CART_IDS,
  DEMO_REFERRAL_CODE,
  demoStoreOrders,
  demoStoreProducts,
  FIXTURE_SHOPIFY_ACCESS_TOKEN,
  generatedStoreProducts,
  SHOPIFY_API_VERSION,
  startShopifyAdminServer,
  type ShopifyAdminServer,
  type ShopifyAdminServerOptions,
} from '../fixtures/shopify-admin-server';

type Cost = {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
};
type GraphqlBody = { data?: Record<string, unknown> | null; errors?: Record<string, unknown>[]; extensions?: { cost: Cost } };

/** The buckets' clock: it moves only when a test moves it, so no point is restored while a slow run goes on. */
let clockMs = 0;
const advanceClock = (ms: number) => void (clockMs += ms);

const servers: ShopifyAdminServer[] = [];
async function start(options: ShopifyAdminServerOptions = {}) {
  const server = await startShopifyAdminServer({ now: () => clockMs, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function post(server: ShopifyAdminServer, query: string, variables: Record<string, unknown> = {}, token = server.accessToken) {
  const response = await fetch(server.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as GraphqlBody };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const variantCount = (products: { variants: unknown[] }[]) => products.reduce((sum, product) => sum + product.variants.length, 0);
/** `count` products of one variant each: a page of 50 of them costs 2 + 50 = 52, requested and actual. */
const singleVariantProducts = (count: number) =>
  generatedStoreProducts(count * 12, 11)
    .slice(0, count)
    .map((product) => ({ ...product, variants: product.variants.slice(0, 1) }));

describe('connecting', () => {
  test('a token with its scopes reads the shop, and each answer carries its cost', async () => {
    const server = await start();
    expect(server.adminUrl).toBe(server.origin);
    expect(server.graphqlUrl).toBe(`${server.origin}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`);
    expect(server.accessToken).toMatch(/^shpat_[0-9a-f]{32}$/);

    const { status, headers, body } = await post(
      server,
      '{ shop { name currencyCode myshopifyDomain primaryDomain { url host } url } currentAppInstallation { accessScopes { handle } } }',
    );
    expect(status).toBe(200);
    expect(headers.get('x-shopify-api-version')).toBe('2025-01');
    expect(body.data).toEqual({
      shop: {
        name: 'Catalyst Demo Store',
        currencyCode: 'USD',
        myshopifyDomain: 'catalyst-demo.myshopify.com',
        primaryDomain: { url: 'https://catalyst-demo.myshopify.com', host: 'catalyst-demo.myshopify.com' },
        url: 'https://catalyst-demo.myshopify.com',
      },
      currentAppInstallation: { accessScopes: [{ handle: 'read_products' }, { handle: 'read_orders' }, { handle: 'write_discounts' }] },
    });
    // shop 1 + primaryDomain 1 + currentAppInstallation 1 + accessScopes 1; scalars are free.
    expect(body.extensions?.cost).toEqual({
      requestedQueryCost: 4,
      actualQueryCost: 4,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1996, restoreRate: 100 },
    });
  });

  test('a configured shop, any API version, and a raw application/graphql body', async () => {
    const server = await start({ shop: { name: 'Loja da Ana', currencyCode: 'BRL', myshopifyDomain: 'loja-da-ana.myshopify.com' } });
    const response = await fetch(`${server.origin}/admin/api/2024-10/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/graphql', 'x-shopify-access-token': server.accessToken },
      body: '{ shop { name currencyCode myshopifyDomain } }',
    });
    expect(response.headers.get('x-shopify-api-version')).toBe('2024-10');
    expect(((await response.json()) as GraphqlBody).data).toEqual({
      shop: { name: 'Loja da Ana', currencyCode: 'BRL', myshopifyDomain: 'loja-da-ana.myshopify.com' },
    });
  });

  test('a wrong or missing token gets 401 with Shopify’s body', async () => {
    const server = await start();
    const wrong = await post(server, '{ shop { name } }', {}, 'shpat_00000000000000000000000000000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });

    const missing = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ shop { name } }"}',
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.headers['x-shopify-access-token']).toBe('shpat_00000000000000000000000000000000');
  });

  test('a wrong address gets an HTML 404, as a site that is not a Shopify store would', async () => {
    const server = await start();
    for (const path of ['/admin/api/2025-01/graphql', '/admin/graphql.json', '/api/2025-01/graphql.json', '/']) {
      const response = await fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': server.accessToken },
        body: '{"query":"{ shop { name } }"}',
      });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toMatch(/^<!DOCTYPE html>/);
    }
  });

  test('a body without a query gets 400', async () => {
    const server = await start();
    const response = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': server.accessToken },
      body: '{"variables":{}}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { query: 'Required parameter missing or invalid' } });
  });

  test('a token without read_products gets ACCESS_DENIED for products, still in a 200', async () => {
    const server = await start({ scopes: ['read_orders'] });
    const { status, body } = await post(server, 'query Catalog {\n  products(first: 1) { nodes { id } }\n}');
    expect(status).toBe(200);
    expect(body.data).toBeNull(); // products is non-null in Shopify's schema: the error nulls the whole answer
    expect(body.errors).toEqual([
      {
        message: 'Access denied for products field. Required access: `read_products` access scope.',
        locations: [{ line: 2, column: 3 }],
        path: ['products'],
        extensions: {
          code: 'ACCESS_DENIED',
          documentation: 'https://shopify.dev/api/usage/access-scopes',
          requiredAccess: '`read_products` access scope.',
        },
      },
    ]);
    expect(body.extensions?.cost).toMatchObject({ requestedQueryCost: 3, actualQueryCost: 2 });

    const orders = await post(server, '{ orders(first: 5) { nodes { id } } }');
    expect(orders.body).toMatchObject({ data: { orders: { nodes: [] } } });
    const scopes = await post(server, '{ currentAppInstallation { accessScopes { handle } } }');
    expect(scopes.body.data).toEqual({ currentAppInstallation: { accessScopes: [{ handle: 'read_orders' }] } });
  });

  test('a token without read_orders gets ACCESS_DENIED for orders; seeded orders list for one with it', async () => {
    const denied = await start({ scopes: ['read_products'] });
    const { body } = await post(denied, '{ orders(first: 1) { nodes { id } } }');
    expect(body.errors?.[0]).toMatchObject({
      path: ['orders'],
      extensions: { code: 'ACCESS_DENIED', requiredAccess: '`read_orders` access scope.' },
    });

    const allowed = await start({
      scopes: ['write_products', 'read_orders'], // write_products implies read_products
      orders: [
        {
          id: 5_100_000_001,
          name: '#1001',
          createdAt: '2025-03-01T12:00:00Z',
          totalPrice: '398.00',
          customAttributes: [{ key: 'catalyst_cart', value: 'abc' }],
        },
      ],
    });
    const orders = await post(
      allowed,
      '{ orders(first: 5) { nodes { id name totalPriceSet { shopMoney { amount currencyCode } } customAttributes { key value } } } products(first: 1) { nodes { id } } }',
    );
    expect(orders.body.errors).toBeUndefined();
    expect(orders.body.data?.orders).toEqual({
      nodes: [
        {
          id: 'gid://shopify/Order/5100000001',
          name: '#1001',
          totalPriceSet: { shopMoney: { amount: '398.00', currencyCode: 'USD' } },
          customAttributes: [{ key: 'catalyst_cart', value: 'abc' }],
        },
      ],
    });
  });
});

describe('reading the catalog', () => {
  const PAGE = `query Page($after: String, $sortKey: ProductSortKeys, $query: String) {
    products(first: 50, after: $after, sortKey: $sortKey, query: $query) {
      edges { cursor node { id title status } }
      pageInfo { hasNextPage endCursor }
    }
  }`;
  type Page = {
    edges: { cursor: string; node: { id: string; title: string; status: string } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };

  async function walk(server: ShopifyAdminServer, variables: Record<string, unknown>) {
    const seen: Page['edges'][number]['node'][] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const { body } = await post(server, PAGE, { ...variables, after });
      expect(body.errors).toBeUndefined();
      const page = body.data!.products as Page;
      seen.push(...page.edges.map((edge) => edge.node));
      if (!page.pageInfo.hasNextPage) return seen;
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)!.cursor);
      after = page.pageInfo.endCursor;
    }
    throw new Error('pagination never ended');
  }

  test('cursor pagination walks every product exactly once, in each sort order', async () => {
    const products = generatedStoreProducts(1_000, 7);
    const server = await start({ products });
    const expected = products.map((product) => `gid://shopify/Product/${product.id}`);
    expect(products.length).toBeGreaterThan(150); // several pages of 50

    const byId = await walk(server, {});
    expect(byId.map((node) => node.id)).toEqual(expected); // default sort: ID

    const byTitle = await walk(server, { sortKey: 'TITLE' });
    expect(byTitle).toHaveLength(products.length);
    expect(new Set(byTitle.map((node) => node.id))).toEqual(new Set(expected));
    const titles = byTitle.map((node) => node.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const active = await walk(server, { query: 'status:active' });
    expect(active.map((node) => node.id)).toEqual(
      products.filter((product) => product.status === 'ACTIVE').map((product) => `gid://shopify/Product/${product.id}`),
    );
  });

  test('variants page inside a product, and productVariants walks every variant once', async () => {
    const products = generatedStoreProducts(600, 3);
    const server = await start({ products });
    const many = products.find((product) => product.variants.length >= 4)!;
    const first = await post(
      server,
      'query($id: ID!) { product(id: $id) { variants(first: 2) { nodes { id } pageInfo { hasNextPage endCursor } } } }',
      {
        id: `gid://shopify/Product/${many.id}`,
      },
    );
    const page = (
      first.body.data!.product as { variants: { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }
    ).variants;
    expect(page.nodes.map((node) => node.id)).toEqual(
      many.variants.slice(0, 2).map((variant) => `gid://shopify/ProductVariant/${variant.id}`),
    );
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await post(
      server,
      'query($id: ID!, $after: String) { product(id: $id) { variants(first: 100, after: $after) { nodes { id } } } }',
      {
        id: `gid://shopify/Product/${many.id}`,
        after: page.pageInfo.endCursor,
      },
    );
    expect((rest.body.data!.product as { variants: { nodes: { id: string }[] } }).variants.nodes).toHaveLength(many.variants.length - 2);

    const ids: string[] = [];
    let after: string | null = null;
    do {
      const { body } = await post(
        server,
        'query($after: String) { productVariants(first: 250, after: $after) { nodes { id sku product { id } } pageInfo { hasNextPage endCursor } } }',
        { after },
      );
      const connection = body.data!.productVariants as { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
      ids.push(...connection.nodes.map((node) => node.id));
      after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
    } while (after);
    expect(ids).toHaveLength(600);
    expect(new Set(ids).size).toBe(600);
  });

  test('search finds by SKU and by update time, and setProducts replaces the store', async () => {
    const server = await start();
    const bySku = await post(
      server,
      '{ products(first: 10, query: "sku:IPOD2008RED") { nodes { title variants(first: 10) { nodes { sku barcode price } } } } }',
    );
    expect(bySku.body.data).toEqual({
      products: {
        nodes: [
          {
            title: 'IPod Nano - 8GB',
            variants: {
              nodes: [
                { sku: 'IPOD2008PINK', barcode: '1234_pink', price: '199.00' },
                { sku: 'IPOD2008RED', barcode: '1234_red', price: '199.00' },
                { sku: 'IPOD2008GREEN', barcode: '1234_green', price: '199.00' },
                { sku: 'IPOD2008BLACK', barcode: '1234_black', price: '199.00' },
              ],
            },
          },
        ],
      },
    });
    const recent = await post(server, `{ products(first: 10, query: "updated_at:>'2020-01-01T00:00:00Z'") { nodes { title } } }`);
    expect((recent.body.data!.products as { nodes: unknown[] }).nodes).toEqual([{ title: 'IPod Nano - 8GB' }, { title: 'IPod Touch 8GB' }]);

    server.setProducts([]);
    const empty = await post(server, '{ products(first: 10) { nodes { id } pageInfo { hasNextPage endCursor } } }');
    expect(empty.body.data).toEqual({ products: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } });
  });
});

describe('calculated query cost', () => {
  test('requested cost by Shopify’s rules, actual cost by what came back', async () => {
    const server = await start(); // the demo store: 4 products with 4, 1, 3 and 3 variants
    // The corpus sample's query: shop 1 + products 2 + 2 nodes x 1 = 5, as Shopify answered.
    const sample = await post(server, '{ shop { name } products(first: 2) { edges { node { id handle } } } }');
    expect(sample.body.extensions?.cost).toMatchObject({ requestedQueryCost: 5, actualQueryCost: 5 });

    // 2 + 5 x (product 1 + variants (2 + 3 x variant 1)) = 32 requested; only 4 products and 11
    // variants exist: 2 + (1 + 2 + 3) + (1 + 2 + 1) + (1 + 2 + 3) + (1 + 2 + 3) = 24 actual.
    const { body } = await post(server, '{ products(first: 5) { edges { node { id variants(first: 3) { nodes { id price } } } } } }');
    expect(body.extensions?.cost).toEqual({
      requestedQueryCost: 32,
      actualQueryCost: 24,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: expect.any(Number), restoreRate: 100 },
    });
    // The bucket kept the actual cost only (Shopify refunds the difference).
    expect(body.extensions!.cost.throttleStatus.currentlyAvailable).toBe(2000 - 5 - 24);

    // Money objects are free; a missing image costs nothing; a mutation costs 10.
    const money = await post(server, '{ orders(first: 10) { nodes { totalPriceSet { shopMoney { amount } } } } }');
    expect(money.body.extensions?.cost).toMatchObject({ requestedQueryCost: 12, actualQueryCost: 2 });
  });

  test('a query over 1000 points is refused with MAX_COST_EXCEEDED, a page over 250 too, and neither spends', async () => {
    const server = await start();
    const huge = await post(server, '{ products(first: 250) { nodes { id variants(first: 100) { nodes { id sku } } } } }');
    // 2 + 250 x (1 + 2 + 100 x 1)
    expect(huge.body.errors).toEqual([
      {
        message: expect.stringMatching(/^Query cost is 25752, which exceeds the single query max cost limit \(1000\)\./),
        extensions: {
          code: 'MAX_COST_EXCEEDED',
          cost: 25752,
          maxCost: 1000,
          documentation: 'https://shopify.dev/api/usage/limits#rate-limits',
        },
      },
    ]);
    expect(huge.body.data).toBeUndefined();
    expect(huge.body.extensions?.cost).toMatchObject({ requestedQueryCost: 25752, actualQueryCost: null });
    expect(huge.body.extensions!.cost.throttleStatus.currentlyAvailable).toBe(2000);

    const tooLong = await post(server, '{ products(first: 251) { nodes { id } } }');
    expect(tooLong.body.errors).toEqual([
      {
        message: 'The first argument on products cannot exceed 250.',
        locations: [{ line: 1, column: 3 }],
        path: ['products'],
        extensions: { code: 'BAD_REQUEST' },
      },
    ]);
    expect(server.throttleStatus().currentlyAvailable).toBe(2000);

    const noSize = await post(server, '{ products { nodes { id } } }');
    expect(noSize.body).toMatchObject({ data: null, errors: [{ message: 'you must provide one of first or last', path: ['products'] }] });
  });

  test('the logarithmic model prices pages as live 2025-01 captures do', async () => {
    const server = await start({ connectionCost: 'logarithmic', products: generatedStoreProducts(2_000, 5) });
    const cost = async (query: string) => (await post(server, query)).body.extensions!.cost.requestedQueryCost;
    expect(await cost('{ products(first: 1) { nodes { id } } }')).toBe(3);
    expect(await cost('{ products(first: 5) { nodes { id title } } }')).toBe(5);
    expect(await cost('{ products(first: 10) { nodes { id } } }')).toBe(6);
    expect(await cost('{ products(first: 250) { nodes { id handle } pageInfo { hasNextPage endCursor } } }')).toBe(13);
    // 2 + 11 x (1 + 2 + 9 x 1): the typical sync page that the linear model refuses.
    const page = await post(server, '{ products(first: 250) { nodes { id variants(first: 100) { nodes { id } } } } }');
    expect(page.body.errors).toBeUndefined();
    expect(page.body.extensions?.cost.requestedQueryCost).toBe(134);
  });

  test('the bucket drains by actual cost and restores over time', async () => {
    const server = await start({
      products: singleVariantProducts(60),
      bucket: { maximumAvailable: 120, restoreRate: 100 },
    });
    const page = '{ products(first: 50) { nodes { id } } }';
    const first = await post(server, page);
    expect(first.body.extensions?.cost).toMatchObject({ requestedQueryCost: 52, actualQueryCost: 52 });
    expect(first.body.extensions!.cost.throttleStatus.currentlyAvailable).toBe(68);

    const second = await post(server, page);
    expect(second.body.extensions!.cost.throttleStatus.currentlyAvailable).toBe(16);

    advanceClock(300);
    expect(server.throttleStatus().currentlyAvailable).toBe(46); // 100 points a second
    advanceClock(1_200);
    expect(server.throttleStatus().currentlyAvailable).toBe(120); // full, and no further
  });

  test('THROTTLED when the bucket cannot pay: in a 200, nothing spent', async () => {
    const products = singleVariantProducts(60);
    const server = await start({ products, bucket: { maximumAvailable: 100, restoreRate: 10 } });
    const page = '{ products(first: 50) { nodes { id } } }';
    expect((await post(server, page)).body.data).toBeDefined(); // 100 -> 48
    const throttled = await post(server, page);
    expect(throttled.status).toBe(200);
    expect(throttled.body).toEqual({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
      extensions: {
        cost: {
          requestedQueryCost: 52,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 100, currentlyAvailable: expect.any(Number), restoreRate: 10 },
        },
      },
    });
    expect(throttled.body.extensions!.cost.throttleStatus.currentlyAvailable).toBe(48);
    // Refusing spent nothing.
    expect(server.throttleStatus().currentlyAvailable).toBe(48);
    advanceClock(400);
    expect(server.throttleStatus().currentlyAvailable).toBe(52);
    const cheap = await post(server, '{ shop { name } }');
    expect(cheap.body.data).toEqual({ shop: { name: 'Catalyst Demo Store' } });
  });

  test('THROTTLED as HTTP 429 with Retry-After when configured so', async () => {
    const products = singleVariantProducts(60);
    const server = await start({ products, bucket: { maximumAvailable: 100, restoreRate: 10 }, throttleWith429: true });
    const page = '{ products(first: 50) { nodes { id } } }';
    expect((await post(server, page)).status).toBe(200);
    const throttled = await post(server, page);
    expect(throttled.status).toBe(429);
    // 52 wanted, about 48 there, 10 a second: a second.
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(throttled.body.errors).toEqual([
      { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } },
    ]);
    expect(throttled.body.extensions?.cost.actualQueryCost).toBeNull();
    expect(server.throttleStatus().currentlyAvailable).toBe(48);
  });

  test('each token has its own bucket', async () => {
    const server = await start({ bucket: { maximumAvailable: 50, restoreRate: 1 } });
    await post(server, '{ products(first: 4) { nodes { id } } }');
    expect(server.throttleStatus().currentlyAvailable).toBe(50 - 6); // 2 + 4 products
    expect(server.throttleStatus('another-token').currentlyAvailable).toBe(50);
  });
});

describe('errors in Shopify’s shape', () => {
  test('an unknown field is a validation error like Shopify’s undefinedField', async () => {
    const server = await start();
    const { status, body } = await post(server, '{ shop { productz { edges { node { id } } } } }');
    expect(status).toBe(200);
    // The corpus sample (gnikyt/Basic-Shopify-API) has the same message and location; today's
    // Shopify writes the path as `path` and adds extensions (live 2025-01 captures).
    expect(body).toEqual({
      errors: [
        {
          message: "Field 'productz' doesn't exist on type 'Shop'",
          locations: [{ line: 1, column: 10 }],
          path: ['query', 'shop', 'productz'],
          extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'productz' },
        },
      ],
    });
    expect(server.throttleStatus().currentlyAvailable).toBe(2000); // refused before it ran

    const named = await post(server, 'query Probe {\n  definitelyNotAShopifyQueryRoot { id }\n}');
    expect(named.body.errors).toEqual([
      {
        message: "Field 'definitelyNotAShopifyQueryRoot' doesn't exist on type 'QueryRoot'",
        locations: [{ line: 2, column: 3 }],
        path: ['query Probe', 'definitelyNotAShopifyQueryRoot'],
        extensions: { code: 'undefinedField', typeName: 'QueryRoot', fieldName: 'definitelyNotAShopifyQueryRoot' },
      },
    ]);
  });

  test('syntax errors, missing selections and bad variables', async () => {
    const server = await start();
    const syntax = await post(server, 'query Broken {\n  shop {\n    id\n');
    expect(syntax.body).toEqual({
      errors: [
        {
          message: 'syntax error, unexpected end of file at [4, 1]',
          locations: [{ line: 4, column: 1 }],
          extensions: { code: 'PARSE_ERROR' },
        },
      ],
    });

    const noSelection = await post(server, 'query Bare {\n  shop\n}');
    expect(noSelection.body.errors).toEqual([
      {
        message: "Field must have selections (field 'shop' returns Shop but has no selections. Did you mean 'shop { ... }'?)",
        locations: [{ line: 2, column: 3 }],
        path: ['query Bare', 'shop'],
        extensions: { code: 'selectionMismatch', nodeName: "field 'shop'", typeName: 'Shop' },
      },
    ]);

    const variable = await post(server, 'query One($id: ID!) { product(id: $id) { id } }', {});
    expect(variable.body.errors).toEqual([
      {
        message: 'Variable $id of type ID! was provided invalid value',
        locations: [{ line: 1, column: 11 }],
        extensions: { code: 'INVALID_VARIABLE', value: null, problems: [{ path: [], explanation: 'Expected value to not be null' }] },
      },
    ]);
  });
});

describe('bulk operations', () => {
  const BULK = `mutation Run($query: String!) {
    bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message code } }
  }`;
  const CURRENT = '{ currentBulkOperation { id status errorCode objectCount rootObjectCount fileSize url partialDataUrl } }';
  type Operation = {
    id: string;
    status: string;
    errorCode: string | null;
    objectCount: string;
    rootObjectCount: string;
    url: string | null;
  };

  async function finish(server: ShopifyAdminServer): Promise<Operation> {
    for (let polls = 0; polls < 200; polls++) {
      const { body } = await post(server, CURRENT);
      const operation = body.data!.currentBulkOperation as Operation;
      if (operation.status === 'COMPLETED' || operation.status === 'FAILED') return operation;
      expect(['CREATED', 'RUNNING']).toContain(operation.status);
      await sleep(20);
    }
    throw new Error('the bulk operation never finished');
  }

  test('a bulk query runs over the whole store and serves JSONL with __parentId lines', async () => {
    const products = generatedStoreProducts(1_500, 9); // more than one window of 250 products
    const server = await start({ products, bulkDelayMs: 1_000 }); // long enough to ask again while it runs
    const query = '{ products { edges { node { id title variants { edges { node { id sku price } } } } } } }';
    const started = await post(server, BULK, { query });
    expect(started.body.extensions?.cost).toMatchObject({ requestedQueryCost: 10, actualQueryCost: 10 });
    const payload = started.body.data!.bulkOperationRunQuery as { bulkOperation: { id: string; status: string }; userErrors: unknown[] };
    expect(payload.userErrors).toEqual([]);
    expect(payload.bulkOperation).toEqual({ id: expect.stringMatching(/^gid:\/\/shopify\/BulkOperation\/\d+$/), status: 'CREATED' });

    // One at a time, as on Shopify.
    const again = await post(server, BULK, { query });
    expect((again.body.data!.bulkOperationRunQuery as { userErrors: unknown[] }).userErrors).toEqual([
      {
        field: null,
        message: `A bulk query operation for this app and shop is already in progress: ${payload.bulkOperation.id}.`,
        code: 'OPERATION_IN_PROGRESS',
      },
    ]);

    const done = await finish(server);
    expect(done).toMatchObject({
      id: payload.bulkOperation.id,
      status: 'COMPLETED',
      errorCode: null,
      objectCount: String(products.length + 1_500),
      rootObjectCount: String(products.length),
    });
    const byNode = await post(server, 'query($id: ID!) { node(id: $id) { ... on BulkOperation { status url } } }', { id: done.id });
    expect(byNode.body.data).toEqual({ node: { status: 'COMPLETED', url: done.url } });

    const file = await fetch(done.url!);
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text).toContain('"gid:\\/\\/shopify\\/Product\\/'); // slashes escaped, as Shopify's Ruby JSON writes them
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; title?: string; sku?: string; price?: string; __parentId?: string });
    const productLines = lines.filter((line) => line.id.startsWith('gid://shopify/Product/'));
    const variantLines = lines.filter((line) => line.id.startsWith('gid://shopify/ProductVariant/'));
    expect(productLines).toHaveLength(products.length);
    expect(variantLines).toHaveLength(1_500);
    expect(productLines.every((line) => line.__parentId === undefined)).toBe(true);
    // Every variant follows its product and points back at it.
    let parent = '';
    for (const line of lines) {
      if (line.id.startsWith('gid://shopify/Product/')) parent = line.id;
      else expect(line.__parentId).toBe(parent);
    }
    const firstVariant = products[0]!.variants[0]!;
    expect(variantLines[0]).toEqual({
      id: `gid://shopify/ProductVariant/${firstVariant.id}`,
      sku: firstVariant.sku,
      price: firstVariant.price,
      __parentId: `gid://shopify/Product/${products[0]!.id}`,
    });
  });

  test('invalid bulk queries get userErrors; a bulk job without read_products fails', async () => {
    const server = await start({ bulkDelayMs: 0 });
    const viaNodes = await post(server, BULK, { query: '{ products { nodes { id } } }' });
    expect(viaNodes.body.data).toEqual({
      bulkOperationRunQuery: {
        bulkOperation: null,
        userErrors: [
          {
            field: ['query'],
            message:
              "All connection fields in a bulk query must select their contents using 'edges' > 'node', e.g: 'products { edges { node {'. Selecting via 'nodes' is not supported. Invalid connection fields: 'products'.",
            code: 'INVALID',
          },
        ],
      },
    });
    const noConnection = await post(server, BULK, { query: '{ shop { name } }' });
    expect(
      (noConnection.body.data!.bulkOperationRunQuery as { userErrors: { message: string }[] }).userErrors.map((error) => error.message),
    ).toEqual(['Bulk queries must contain at least one connection.']);

    const denied = await start({ scopes: ['read_orders'], bulkDelayMs: 0 });
    await post(denied, BULK, { query: '{ products { edges { node { id } } } }' });
    expect(await finish(denied)).toMatchObject({ status: 'FAILED', errorCode: 'ACCESS_DENIED', url: null });
  });

  test('a bulk job over an empty store completes without a file', async () => {
    const server = await start({ products: [], bulkDelayMs: 0 });
    await post(server, BULK, { query: '{ products { edges { node { id } } } }' });
    expect(await finish(server)).toMatchObject({ status: 'COMPLETED', objectCount: '0', url: null });
  });
});

const ORDERS = `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id name createdAt updatedAt cancelledAt cancelReason displayFinancialStatus
      customAttributes { key value }
      customerJourneySummary { lastVisit { referralCode } }
      currentTotalPriceSet { shopMoney { amount currencyCode } }
      totalRefundedSet { shopMoney { amount } }
    }
  }
}`;
type OrderNode = {
  id: string;
  name: string;
  updatedAt: string;
  cancelledAt: string | null;
  customAttributes: { key: string; value: string }[];
  customerJourneySummary: { lastVisit: { referralCode: string | null } | null } | null;
  currentTotalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  totalRefundedSet: { shopMoney: { amount: string } };
};
type OrdersPage = { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: OrderNode[] } };
const ordersOf = (body: GraphqlBody) => (body.data as OrdersPage).orders;

describe('orders', () => {
  const [nano, red] = [808950810, 49148385]; // IPod Nano variants at 199.00 in the demo store

  test('added, refunded and cancelled while the store runs, each change bumping updatedAt; paged by update time', async () => {
    const server = await start({ shop: { currencyCode: 'BRL' } });
    const first = server.addOrder({
      lines: [{ variantId: nano, quantity: 2 }],
      customAttributes: [{ key: 'catalyst_cart', value: 'k7Qp2x' }],
      referralCode: 'catab12cd34ef',
      createdAt: '2026-01-10T12:00:00Z',
    });
    const second = server.addOrder({
      lines: [{ variantId: `gid://shopify/ProductVariant/${red}`, quantity: 1 }],
      createdAt: '2026-01-11T12:00:00Z',
    });
    const third = server.addOrder({ lines: [{ variantId: red, quantity: 3 }], referralCode: null, createdAt: '2026-01-12T12:00:00Z' });
    expect([first.name, second.name, third.name]).toEqual(['#1001', '#1002', '#1003']);
    expect([first.totalPrice, second.totalPrice, third.totalPrice]).toEqual(['398.00', '199.00', '597.00']);
    expect(() => server.addOrder({ lines: [{ variantId: 1, quantity: 1 }] })).toThrow(/no variant 1/);

    const { body } = await post(server, ORDERS, { first: 10 });
    expect(body.errors).toBeUndefined();
    // 2 + 10 orders × (order, attributes, journey summary, last visit); money is free.
    expect(body.extensions?.cost.requestedQueryCost).toBe(42);
    expect(ordersOf(body).nodes).toEqual([
      {
        id: `gid://shopify/Order/${first.id}`,
        name: '#1001',
        createdAt: '2026-01-10T12:00:00Z',
        updatedAt: '2026-01-10T12:00:00Z',
        cancelledAt: null,
        cancelReason: null,
        displayFinancialStatus: 'PAID',
        customAttributes: [{ key: 'catalyst_cart', value: 'k7Qp2x' }],
        customerJourneySummary: { lastVisit: { referralCode: 'catab12cd34ef' } },
        currentTotalPriceSet: { shopMoney: { amount: '398.00', currencyCode: 'BRL' } },
        totalRefundedSet: { shopMoney: { amount: '0.0' } },
      },
      expect.objectContaining({ name: '#1002', customerJourneySummary: null, customAttributes: [] }),
      expect.objectContaining({ name: '#1003', customerJourneySummary: { lastVisit: { referralCode: null } } }),
    ]);

    const before = Date.now();
    server.refundOrder(first.id, '199.00');
    server.cancelOrder(`gid://shopify/Order/${second.id}`);
    expect(() => server.refundOrder(first.id, '500.00')).toThrow(/Cannot refund/);
    const since = `updated_at:>'${new Date(before - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;
    const changed = ordersOf((await post(server, ORDERS, { first: 10, query: since })).body).nodes;
    expect(changed.map((order) => order.name)).toEqual(['#1001', '#1002']);
    expect(changed[0]).toMatchObject({
      displayFinancialStatus: 'PARTIALLY_REFUNDED',
      currentTotalPriceSet: { shopMoney: { amount: '199.00' } },
      totalRefundedSet: { shopMoney: { amount: '199.00' } },
      cancelledAt: null,
    });
    expect(changed[1]).toMatchObject({
      cancelReason: 'CUSTOMER',
      displayFinancialStatus: 'REFUNDED',
      currentTotalPriceSet: { shopMoney: { amount: '0.00' } },
    });
    expect(Date.parse(changed[1]!.cancelledAt!)).toBeGreaterThanOrEqual(before - 1000);

    // Sorted by update time, a page at a time: the unchanged order first, then the two just changed.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: OrdersPage['orders'] = ordersOf((await post(server, ORDERS, { first: 1, after })).body);
      seen.push(...page.nodes.map((order) => order.name));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual(['#1003', '#1001', '#1002']);
    expect(server.orders().map((order) => order.name)).toEqual(['#1001', '#1002', '#1003']);
  });

  test('a page of 250 such orders is past the single-query limit; 200 is not', async () => {
    const server = await start();
    const over = await post(server, ORDERS, { first: 250 });
    expect(over.body.errors?.[0]).toMatchObject({ extensions: { code: 'MAX_COST_EXCEEDED', cost: 1002 } });
    const under = await post(server, ORDERS, { first: 200 });
    expect(under.body.errors).toBeUndefined();
    expect(under.body.extensions?.cost.requestedQueryCost).toBe(802);
  });

  test('the storefront’s cart permalink records the order that checkout would place, once, and shows it', async () => {
    const server = await start({ shop: { currencyCode: 'BRL' } });
    expect(server.storefrontUrl).toBe(server.origin);
    const permalink = `${server.storefrontUrl}/cart/${nano}:2,${red}:1?ref=catab12cd34ef&attributes%5Bcatalyst_cart%5D=k7Qp2x&utm_source=whatsapp`;
    const response = await fetch(permalink);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<title>Checkout (fixture)</title>');
    expect(html).toContain(`data-variant-id="${nano}" data-quantity="2"`);
    expect(html).toContain(`data-variant-id="${red}" data-quantity="1"`);
    expect(html).toContain('data-total="597.00"');
    const [order] = server.orders();
    expect(order).toMatchObject({
      totalPrice: '597.00',
      customAttributes: [{ key: 'catalyst_cart', value: 'k7Qp2x' }],
      lastVisit: { referralCode: 'catab12cd34ef' },
      lines: [
        { variantId: nano, quantity: 2, price: '199.00' },
        { variantId: red, quantity: 1, price: '199.00' },
      ],
    });
    expect(html).toContain(`data-order-id="gid://shopify/Order/${order!.id}"`);
    // A reload shows the same order; another cart is another order.
    expect((await (await fetch(permalink)).text()).includes(`gid://shopify/Order/${order!.id}`)).toBe(true);
    expect(server.orders()).toHaveLength(1);
    expect((await fetch(`${server.storefrontUrl}/cart/${nano}:1`)).status).toBe(200);
    expect(server.orders()).toHaveLength(2);
    expect(server.orders()[1]).toMatchObject({ customAttributes: [], lastVisit: { referralCode: null }, totalPrice: '199.00' });
    // A variant the store lacks, or a malformed line: an error page, no order.
    const unknown = await fetch(`${server.storefrontUrl}/cart/123:1`);
    expect([unknown.status, (await unknown.text()).includes('Cannot find variant 123')]).toEqual([404, true]);
    expect((await fetch(`${server.storefrontUrl}/cart/${nano}:0`)).status).toBe(400);
    expect((await fetch(`${server.storefrontUrl}/cart/${nano}`)).status).toBe(400);
    expect((await fetch(`${server.storefrontUrl}/cart/%E0%A4%A`)).status).toBe(400);
    expect(server.orders()).toHaveLength(2);
  });

  test('the demo orders: from Catalyst carts (one refunded, one cancelled), one with only the referral code, and others', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const orders = demoStoreOrders(demoStoreProducts(), 'BRL', now);
    const cartOf = (order: (typeof orders)[number]) =>
      order.customAttributes?.find((attribute) => attribute.key === 'catalyst_cart')?.value;
    expect(orders.map(cartOf).filter(Boolean)).toEqual([...DEMO_CART_IDS]);
    const referralOnly = orders.filter((order) => !cartOf(order) && order.lastVisit?.referralCode === DEMO_REFERRAL_CODE);
    expect(referralOnly).toHaveLength(1);
    const others = orders.filter((order) => !cartOf(order) && order.lastVisit?.referralCode !== DEMO_REFERRAL_CODE);
    expect(others.map((order) => (order.lastVisit ? order.lastVisit.referralCode : 'no journey'))).toEqual([
      'no journey',
      'newsletter-abril',
      null,
    ]);
    const refunded = orders.find((order) => cartOf(order) === DEMO_CART_IDS[2])!;
    expect([refunded.totalPrice, refunded.totalRefunded, refunded.cancelledAt]).toEqual(['398.00', '199.00', null]);
    const cancelled = orders.find((order) => cartOf(order) === DEMO_CART_IDS[3])!;
    expect(cancelled).toMatchObject({ cancelReason: 'CUSTOMER', totalRefunded: cancelled.totalPrice });
    for (const order of orders) {
      expect(Date.parse(order.createdAt)).toBeGreaterThan(now - 7 * 86_400_000);
      expect(Date.parse(order.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
      expect(Number(order.totalPrice)).toBeGreaterThan(0);
    }
    expect(new Set(orders.map((order) => order.id)).size).toBe(orders.length);
  });
});

describe('the stores', () => {
  test('the demo store is the corpus’s real products, its plush toys priced', () => {
    const products = demoStoreProducts();
    expect(products.map((product) => product.title)).toEqual(['IPod Nano - 8GB', 'IPod Touch 8GB', 'Cat', 'Not Cat']);
    const nano = products[0]!;
    expect(nano).toMatchObject({
      id: 632910392,
      handle: 'ipod-nano',
      status: 'ACTIVE',
      vendor: 'Apple',
      productType: 'Eletrônicos', // the demo's own category (the corpus says 'Cult Products')
      tags: ['Emotive', 'Flash Memory', 'MP3', 'Music'],
    });
    expect(nano.variants.map((variant) => [variant.id, variant.sku, variant.barcode, variant.price, variant.inventoryQuantity])).toEqual([
      [808950810, 'IPOD2008PINK', '1234_pink', '199.00', 10],
      [49148385, 'IPOD2008RED', '1234_red', '199.00', 20],
      [39072856, 'IPOD2008GREEN', '1234_green', '199.00', 30],
      [457924702, 'IPOD2008BLACK', '1234_black', '199.00', 40],
    ]);
    expect(nano.variants[0]!.image?.url).toBe('https://cdn.shopify.com/s/files/1/0005/4838/0009/products/ipod-nano-2.png?v=1675346989');
    expect(nano.createdAt).toBe('2023-02-02T14:09:49Z');
    // Storefront ids come from the cursors (the fixture's node ids are one copied value).
    expect(products[2]).toMatchObject({ id: 7857989384, handle: 'cat', vendor: 'sendmecats' });
    // The corpus's plush toys sell at 0.00 (a test shop's); the demo gives them prices of its own.
    expect(products[2]!.variants.map((variant) => [variant.id, variant.title, variant.price])).toEqual([
      [25602235976, 'Fluffy', '59.90'],
      [25602236040, 'Extra Fluffy', '79.90'],
      [25602236104, 'Mega Fluff', '119.90'],
    ]);
    expect(variantCount(products)).toBe(11);
  });

  test('generatedStoreProducts(10_000) has 10,000 variants, varied and the same every time', () => {
    const products = generatedStoreProducts(10_000);
    expect(variantCount(products)).toBe(10_000);
    expect(JSON.stringify(generatedStoreProducts(10_000))).toBe(JSON.stringify(products));
    expect(JSON.stringify(generatedStoreProducts(10_000, 2))).not.toBe(JSON.stringify(products));
    expect(variantCount(generatedStoreProducts(7))).toBe(7);

    const variants = products.flatMap((product) => product.variants);
    expect(new Set(products.map((product) => product.id)).size).toBe(products.length);
    expect(new Set(products.map((product) => product.handle)).size).toBe(products.length);
    expect(new Set(variants.map((variant) => variant.id)).size).toBe(10_000);
    expect(new Set(variants.map((variant) => variant.sku)).size).toBe(10_000);
    expect(products.some((product) => product.status === 'DRAFT')).toBe(true);
    expect(products.some((product) => product.status === 'ARCHIVED')).toBe(true);
    expect(variants.filter((variant) => variant.inventoryQuantity <= 0).length).toBeGreaterThan(500);
    expect(Math.max(...products.map((product) => product.variants.length))).toBeGreaterThan(4); // several variants per product
    expect(variants.every((variant) => /^\d+\.\d{2}$/.test(variant.price))).toBe(true);
    // Barcodes are valid EAN-13s.
    for (const barcode of variants.flatMap((variant) => (variant.barcode ? [variant.barcode] : []))) {
      const digits = [...barcode].map(Number);
      const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 ? 3 : 1), 0);
      expect((10 - (sum % 10)) % 10).toBe(digits[12]);
    }
    expect(products.some((product) => /[ãçéêíóôú]/i.test(product.title))).toBe(true); // Portuguese titles
    expect(products.some((product) => /^(Linen|Everyday|Stainless|Scented)/.test(product.title))).toBe(true); // and English ones
  });

  test('the default token is the exported one', async () => {
    const server = await start();
    expect(server.accessToken).toBe(FIXTURE_SHOPIFY_ACCESS_TOKEN);
  });
});
