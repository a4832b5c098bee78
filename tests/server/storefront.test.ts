// The public storefront API over real HTTP: a WhatsApp Cloud API `order` becomes a cart and a cart
// summary URL; the summary reads a cart by id or as an `items=` list against the last sync's
// products and says what changed (a price, a sold-out or unknown item, one the store does not sell);
// an order of another catalog, a malformed list, an unknown public id or cart each get their code,
// never a 500; nothing private (token, admin address, account) is ever in an answer. Accesses, cart
// views and checkouts are recorded in batches, crawlers not counted; 'Go to checkout' answers the
// Shopify cart permalink of the lines the store can sell. The catalog a real sync leaves (against the
// loopback store, read by pages or through a bulk operation) names each product's type.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { CartSummary, CheckoutAnswer, PublicCatalog, WhatsappOrderCart } from '@/domain/storefront';
import { accounts } from '@/server/accounts/account-tables';
import { inventories, inventoryProducts } from '@/server/inventories/inventory-tables';
import { storefrontEvents } from '@/server/storefront/storefront-tables';
import { syncInventory } from '@/server/inventories/inventory-sync';
import { secretBox } from '@/server/secrets/secret-box';
import { eventRecorder } from '@/server/storefront/event-recorder';
import { INVENTORY_TTL_MS, orderPriceMinor } from '@/server/storefront/storefront-store';
import { startDemoPeers } from '../fixtures/demo-peers';
import { generatedStoreProducts } from '../fixtures/shopify-admin-server';
import { sampleProduct, seedStorefrontInventory, type SeededInventory } from './support/storefront-seed';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let shop: SeededInventory;
let other: SeededInventory;

const post = (publicId: string, body: unknown, query = '') =>
  call(`${server.url}/api/v1/storefront/${publicId}/whatsapp-orders${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const summary = (publicId: string, query: string) => call(`${server.url}/api/v1/storefront/${publicId}/cart?${query}`);
const order = (catalogId: string, items: Array<[string, number, number?]>) => ({
  catalog_id: catalogId,
  text: 'Quero estes',
  product_items: items.map(([id, quantity, price]) => ({
    product_retailer_id: id,
    quantity,
    ...(price === undefined ? {} : { item_price: price, currency: 'BRL' }),
  })),
});

beforeAll(async () => {
  server = await startTestServer({ env: { KNOWLEDGE_WORKER: 'off' } });
  [shop, other] = await Promise.all([seedStorefrontInventory('shop'), seedStorefrontInventory('other')]);
});
afterAll(async () => {
  await server?.close();
});

const privateParts = (inventory: SeededInventory) => [inventory.uid, inventory.adminUrl, inventory.tokenSealed, 'shpat_', inventory.id];

describe('a WhatsApp order becomes a cart summary URL', () => {
  test('the order’s lines are kept as chosen, the URL names the cart in the language asked, unknown ids are reported', async () => {
    const answer = await post(
      shop.publicId,
      order(shop.catalogId, [
        ['CAM-P', 2, 49.9],
        ['CAM-M', 1, 49.9],
        ['NOPE-9', 1],
      ]),
      '?lang=pt',
    );
    expect(answer.status).toBe(201);
    const cart = answer.body as WhatsappOrderCart;
    expect(cart.cartId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(cart.unknownRetailerIds).toEqual(['NOPE-9']);
    const url = new URL(cart.cartUrl);
    expect(url.pathname).toBe(`/pt/c/${shop.publicId}/cart`);
    expect(url.searchParams.get('cart')).toBe(cart.cartId);
    for (const secret of privateParts(shop)) expect(answer.text).not.toContain(secret);

    const read = await summary(shop.publicId, `cart=${cart.cartId}`);
    expect(read.status).toBe(200);
    const body = read.body as CartSummary;
    expect(body.storeName).toBe('Loja shop Store');
    expect(body.lines.map((line) => [line.retailerId, line.quantity, line.priceMinor, line.chosenPriceMinor, line.problem])).toEqual([
      ['CAM-P', 2, 4990, null, null],
      // Chosen at 49.90; the store sells it at 54.90 now.
      ['CAM-M', 1, 5490, 4990, 'price_changed'],
      ['NOPE-9', 1, null, null, 'unknown'],
    ]);
    expect(body.totalMinor).toBe(2 * 4990 + 5490);
    for (const secret of privateParts(shop)) expect(read.text).not.toContain(secret);
  });

  test('an order of another catalog is refused with catalog_mismatch; an unknown public id with inventory_not_found', async () => {
    const mismatch = await post(shop.publicId, order(other.catalogId, [['CAM-P', 1]]));
    expect([mismatch.status, errorOf(mismatch).code]).toEqual([422, 'catalog_mismatch']);
    const unknown = await post('no-such-inventory', order(shop.catalogId, [['CAM-P', 1]]));
    expect([unknown.status, errorOf(unknown).code]).toEqual([404, 'inventory_not_found']);
  });

  test('a malformed order (no items, an empty id, a catalog id that is no number, a quantity under 1) is a 400, not a 500', async () => {
    for (const bad of [
      { catalog_id: shop.catalogId, product_items: [] },
      { catalog_id: shop.catalogId, product_items: [{ product_retailer_id: '', quantity: 1 }] },
      { catalog_id: 'not a number', product_items: [{ product_retailer_id: 'CAM-P', quantity: 1 }] },
      { catalog_id: shop.catalogId, product_items: [{ product_retailer_id: 'CAM-P', quantity: -2 }] },
      { catalog_id: shop.catalogId, product_items: [{ product_retailer_id: 'CAM-P', quantity: '0' }] },
      'not an object',
    ]) {
      const answer = await post(shop.publicId, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(errorOf(answer).code).toBe('validation_failed');
    }
  });
});

test('an order’s lines are found by retailer id among thousands of products, and never in another inventory with the same ids', async () => {
  const { db } = await testDatabase();
  const [many, twin] = await Promise.all([seedStorefrontInventory('many'), seedStorefrontInventory('twin')]);
  // Both inventories hold the same 1,500 retailer ids (the twin at other prices and titles); a few only the twin has.
  const products = (label: string, price: number, count: number) =>
    Array.from({ length: count }, (_, i) =>
      sampleProduct({
        key: `v:${50_000 + i}`,
        variantId: String(50_000 + i),
        productId: String(5_000 + (i >> 2)),
        retailerId: i === 700 ? 'SKU "700", ç/á' : `SKU-${i}`,
        title: `${label} ${i}`,
        priceMinor: price + i,
      }),
    );
  const rowsOf = (inventoryId: string, list: ReturnType<typeof products>) =>
    list.map((product, position) => ({ inventoryId, key: product.key, position: 10 + position, searchText: product.title, product }));
  for (const [inventory, list] of [
    [many, products('Produto', 1_000, 1_500)],
    [twin, [...products('Gêmeo', 9_000, 1_500), sampleProduct({ key: 'c:TWIN-ONLY', retailerId: 'TWIN-ONLY', title: 'Só do gêmeo' })]],
  ] as const)
    for (let at = 0; at < list.length; at += 500) await db.insert(inventoryProducts).values(rowsOf(inventory.id, list.slice(at, at + 500)));
  await db.execute(sql`analyze inventory_products`);

  const answer = await post(
    many.publicId,
    order(many.catalogId, [
      ['SKU-1499', 1],
      ['SKU "700", ç/á', 2],
      ['TWIN-ONLY', 1],
      ['SKU-3', 1],
      // A store variant named by its id, found through the key.
      ['50042', 1],
      ['SKU-1500', 1],
    ]),
  );
  expect(answer.status, answer.text).toBe(201);
  const cart = answer.body as WhatsappOrderCart;
  expect(cart.unknownRetailerIds).toEqual(['TWIN-ONLY', 'SKU-1500']);
  const read = (await summary(many.publicId, `cart=${cart.cartId}`)).body as CartSummary;
  expect(read.lines.map((line) => [line.retailerId, line.quantity, line.title, line.priceMinor, line.problem])).toEqual([
    ['SKU-1499', 1, 'Produto 1499', 2_499, null],
    ['SKU "700", ç/á', 2, 'Produto 700', 1_700, null],
    ['TWIN-ONLY', 1, null, null, 'unknown'],
    ['SKU-3', 1, 'Produto 3', 1_003, null],
    ['50042', 1, 'Produto 42', 1_042, null],
    ['SKU-1500', 1, null, null, 'unknown'],
  ]);
  // The twin's order of the same ids finds its own products only.
  const theirs = (
    await post(
      twin.publicId,
      order(twin.catalogId, [
        ['SKU-1499', 1],
        ['TWIN-ONLY', 1],
      ]),
    )
  ).body as WhatsappOrderCart;
  expect(theirs.unknownRetailerIds).toEqual([]);
  const twinRead = (await summary(twin.publicId, `cart=${theirs.cartId}`)).body as CartSummary;
  expect(twinRead.lines.map((line) => [line.title, line.priceMinor])).toEqual([
    ['Gêmeo 1499', 10_499],
    ['Só do gêmeo', 4990],
  ]);
});

describe('the cart summary', () => {
  test('an items= list is read against the last sync: sold out, not sold in the store, a store variant by its id', async () => {
    const read = await summary(shop.publicId, `items=${encodeURIComponent('CAM-G:1,BONE-1:2,201:3,CAM-P:1,CAM-P:1')}`);
    expect(read.status).toBe(200);
    const body = read.body as CartSummary;
    expect(body.cartId).toBeNull();
    expect(body.lines.map((line) => [line.retailerId, line.quantity, line.title, line.problem, line.available])).toEqual([
      ['CAM-G', 1, 'Camiseta Básica', 'unavailable', false],
      ['BONE-1', 2, 'Boné', 'not_sold_in_store', false],
      ['201', 3, 'Meia', null, true],
      // The same id twice is one line.
      ['CAM-P', 2, 'Camiseta Básica', null, true],
    ]);
    // Only what can be bought counts.
    expect(body.totalMinor).toBe(3 * 1500 + 2 * 4990);
  });

  test('a malformed items= list, an unknown cart and another inventory’s cart each get their code', async () => {
    for (const items of ['', 'CAM-P', 'CAM-P:0', 'CAM-P:two', ':1', 'CAM-P:1,,CAM-M:1']) {
      const answer = await summary(shop.publicId, `items=${encodeURIComponent(items)}`);
      expect([answer.status, errorOf(answer).code], items).toEqual([400, 'items_malformed']);
    }
    const missing = await summary(shop.publicId, 'cart=AAAAAAAAAAA');
    expect([missing.status, errorOf(missing).code]).toEqual([404, 'cart_not_found']);
    const theirs = (await post(other.publicId, order(other.catalogId, [['CAM-P', 1]]))).body as WhatsappOrderCart;
    const crossed = await summary(shop.publicId, `cart=${theirs.cartId}`);
    expect([crossed.status, errorOf(crossed).code]).toEqual([404, 'cart_not_found']);
    expect((await summary(other.publicId, `cart=${theirs.cartId}`)).status).toBe(200);
  });
});

test('WhatsApp’s item_price (major units, number or string) in minor units by the currency’s digits', () => {
  expect(orderPriceMinor(49.9, 'BRL')).toBe(4990);
  expect(orderPriceMinor('1234.5', 'USD')).toBe(123450);
  expect(orderPriceMinor(1500, 'JPY')).toBe(1500);
  expect(orderPriceMinor('abc', 'BRL')).toBeNull();
  expect(orderPriceMinor(-1, 'BRL')).toBeNull();
  expect(orderPriceMinor(undefined, 'BRL')).toBeNull();
  // The digits are remembered per currency: the same answers the second time, each currency its own.
  for (let round = 0; round < 2; round++) {
    expect(orderPriceMinor(1500, 'JPY')).toBe(1500);
    expect(orderPriceMinor('1.5', 'KWD')).toBe(1500);
    expect(orderPriceMinor('1.5', 'BRL')).toBe(150);
    // A code in lower case is still Intl's (not kept); a malformed one counts two digits.
    expect(orderPriceMinor(1500, 'jpy')).toBe(1500);
    expect(orderPriceMinor('1.5', 'US$')).toBe(150);
  }
});

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const send = (publicId: string, path: string, body: unknown, userAgent = PHONE) =>
  call(`${server.url}/api/v1/storefront/${publicId}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify(body),
  });
const eventsOf = async (inventoryId: string) => {
  const { db } = await testDatabase();
  return db
    .select({
      kind: storefrontEvents.kind,
      locale: storefrontEvents.locale,
      visitorId: storefrontEvents.visitorId,
      cartId: storefrontEvents.cartId,
      ref: storefrontEvents.ref,
    })
    .from(storefrontEvents)
    .where(eq(storefrontEvents.inventoryId, inventoryId))
    .orderBy(asc(storefrontEvents.id));
};

describe('what shoppers do is recorded, in batches, without crawlers', () => {
  test('an access and a cart view are answered at once and written with the next batch; link previews and bots are not counted', async () => {
    const seen = await seedStorefrontInventory('events');
    const access = await send(seen.publicId, 'events', { kind: 'access', visitorId: 'visitor-0001', locale: 'pt' });
    expect([access.status, access.body]).toEqual([202, { status: 'received' }]);
    // Opened from a campaign's catalog link: its ref is kept with the access.
    await send(seen.publicId, 'events', { kind: 'access', visitorId: 'visitor-0002', locale: 'pt', ref: 'cpab23cd45ef67gh89jk2m' });
    const cart = (await post(seen.publicId, order(seen.catalogId, [['CAM-P', 1]]))).body as WhatsappOrderCart;
    await send(seen.publicId, 'events', { kind: 'cart_view', visitorId: 'visitor-0001', locale: 'pt', cartId: cart.cartId });
    // Another inventory's cart is not tied to this one's view.
    const theirs = (await post(other.publicId, order(other.catalogId, [['CAM-P', 1]]))).body as WhatsappOrderCart;
    await send(seen.publicId, 'events', { kind: 'cart_view', visitorId: 'visitor-0001', locale: 'pt', cartId: theirs.cartId });
    for (const crawler of ['WhatsApp/2.23.20.0 A', 'facebookexternalhit/1.1', 'Mozilla/5.0 (compatible; Googlebot/2.1)', ''])
      expect((await send(seen.publicId, 'events', { kind: 'access', visitorId: 'crawler-0001', locale: 'en' }, crawler)).status).toBe(202);
    await expect.poll(() => eventsOf(seen.id), { timeout: 10_000 }).toHaveLength(4);
    expect(await eventsOf(seen.id)).toEqual([
      { kind: 'access', locale: 'pt', visitorId: 'visitor-0001', cartId: null, ref: null },
      { kind: 'access', locale: 'pt', visitorId: 'visitor-0002', cartId: null, ref: 'cpab23cd45ef67gh89jk2m' },
      { kind: 'cart_view', locale: 'pt', visitorId: 'visitor-0001', cartId: cart.cartId, ref: null },
      { kind: 'cart_view', locale: 'pt', visitorId: 'visitor-0001', cartId: null, ref: null },
    ]);
  });

  test('an unknown public id is a 404 and a malformed event a 400; nothing is written', async () => {
    const seen = await seedStorefrontInventory('events-bad');
    expect((await send('no-such-inventory', 'events', { kind: 'access', visitorId: 'visitor-0001', locale: 'pt' })).status).toBe(404);
    for (const bad of [
      { kind: 'checkout', visitorId: 'visitor-0001', locale: 'pt' },
      { kind: 'access', visitorId: 'short', locale: 'pt' },
      { kind: 'access', visitorId: 'visitor-0001', locale: 'fr' },
      { kind: 'access', visitorId: 'visitor-0001', locale: 'pt', ref: '<script>' },
    ])
      expect((await send(seen.publicId, 'events', bad)).status, JSON.stringify(bad)).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await eventsOf(seen.id)).toEqual([]);
  });
});

describe('go to checkout', () => {
  test('the sellable lines become a cart and the Shopify cart permalink with ref and the cart attribute; the rest are named', async () => {
    const shopper = await seedStorefrontInventory('checkout');
    const answer = await send(shopper.publicId, 'checkout', {
      source: 'catalog_page',
      visitorId: 'visitor-0002',
      locale: 'es',
      lines: [
        { retailerId: 'CAM-P', quantity: 2, priceMinor: 4990, currency: 'BRL' },
        { retailerId: 'CAM-G', quantity: 1, priceMinor: 4990, currency: 'BRL' },
        { retailerId: 'BONE-1', quantity: 1, priceMinor: 2990, currency: 'BRL' },
        { retailerId: '201', quantity: 3, priceMinor: null, currency: null },
      ],
    });
    expect(answer.status).toBe(200);
    const { cartId, url, leftOut } = answer.body as CheckoutAnswer;
    const link = new URL(url);
    expect(link.origin).toBe('https://loja.example.com.br');
    expect(link.pathname).toBe('/cart/101:2,201:3');
    expect(link.searchParams.get('attributes[catalyst_cart]')).toBe(cartId);
    const { db } = await testDatabase();
    const [row] = await db.select({ code: inventories.attributionCode }).from(inventories).where(eq(inventories.id, shopper.id));
    expect(link.searchParams.get('ref')).toBe(row!.code);
    expect(leftOut).toEqual([
      { retailerId: 'CAM-G', problem: 'unavailable' },
      { retailerId: 'BONE-1', problem: 'not_sold_in_store' },
    ]);
    // The cart keeps what the shopper chose; its summary reads it back.
    expect(((await summary(shopper.publicId, `cart=${cartId}`)).body as CartSummary).lines.map((line) => line.retailerId)).toEqual([
      'CAM-P',
      'CAM-G',
      'BONE-1',
      '201',
    ]);
    await expect
      .poll(() => eventsOf(shopper.id), { timeout: 10_000 })
      .toEqual([{ kind: 'checkout', locale: 'es', visitorId: 'visitor-0002', cartId, ref: null }]);
  });

  test('a WhatsApp order’s cart checks out under its own id; nothing sellable is a 422; another inventory’s cart a 404', async () => {
    const shopper = await seedStorefrontInventory('checkout-cart');
    const made = (await post(shopper.publicId, order(shopper.catalogId, [['CAM-M', 1, 54.9]]))).body as WhatsappOrderCart;
    const answer = await send(shopper.publicId, 'checkout', {
      cartId: made.cartId,
      source: 'items_link',
      visitorId: 'visitor-0003',
      locale: 'pt',
    });
    expect(answer.status).toBe(200);
    expect((answer.body as CheckoutAnswer).cartId).toBe(made.cartId);
    expect(new URL((answer.body as CheckoutAnswer).url).pathname).toBe('/cart/102:1');
    const nothing = await send(shopper.publicId, 'checkout', {
      source: 'catalog_page',
      visitorId: 'visitor-0003',
      locale: 'pt',
      lines: [{ retailerId: 'CAM-G', quantity: 1, priceMinor: null, currency: null }],
    });
    expect([nothing.status, errorOf(nothing).code]).toEqual([422, 'nothing_to_checkout']);
    const theirs = (await post(other.publicId, order(other.catalogId, [['CAM-P', 1]]))).body as WhatsappOrderCart;
    const crossed = await send(shopper.publicId, 'checkout', {
      cartId: theirs.cartId,
      source: 'items_link',
      visitorId: 'visitor-0003',
      locale: 'pt',
    });
    expect([crossed.status, errorOf(crossed).code]).toEqual([404, 'cart_not_found']);
    const empty = await send(shopper.publicId, 'checkout', { source: 'catalog_page', visitorId: 'visitor-0003', locale: 'pt', lines: [] });
    expect(empty.status).toBe(400);
  });
});

describe('the public catalog', () => {
  test('what the store sells, by product in the store’s order, with each variant’s line id; a sync’s changes show within seconds', async () => {
    const seller = await seedStorefrontInventory('catalog');
    const read = async () => {
      const answer = await call(`${server.url}/api/v1/storefront/${seller.publicId}/catalog`);
      expect(answer.status).toBe(200);
      for (const secret of privateParts(seller)) expect(answer.text).not.toContain(secret);
      return answer.body as PublicCatalog;
    };
    const first = await read();
    expect([first.storeName, first.currency]).toEqual(['Loja catalog Store', 'BRL']);
    // The catalog-only 'Boné' cannot be bought: not listed. The store's 'Meia' is named by its variant id.
    expect(
      first.products.map((product) => [
        product.id,
        product.title,
        product.variants.map((variant) => [variant.lineId, variant.title, variant.priceMinor, variant.available]),
      ]),
    ).toEqual([
      [
        '1',
        'Camiseta Básica',
        [
          ['CAM-P', 'P', 4990, true],
          ['CAM-M', 'M', 5490, true],
          ['CAM-G', 'G', 4990, false],
        ],
      ],
      ['2', 'Meia', [['201', '', 1500, true]]],
    ]);
    expect(await read()).toEqual(first);

    // A sync replaces the products and moves lastSyncedAt: the next read shows the new catalog, not the kept one.
    const { db } = await testDatabase();
    await db
      .update(inventoryProducts)
      .set({ product: sql`${inventoryProducts.product} || '{"priceMinor": 3990}'::jsonb` })
      .where(and(eq(inventoryProducts.inventoryId, seller.id), eq(inventoryProducts.key, 'v:201')));
    expect((await read()).products[1]!.variants[0]!.priceMinor).toBe(1500);
    await db
      .update(inventories)
      .set({ lastSyncedAt: new Date(Date.now() + 1_000) })
      .where(eq(inventories.id, seller.id));
    // Within the few seconds the public id's inventory is remembered, the kept catalog; after them, the new one.
    expect((await read()).products[1]!.variants[0]!.priceMinor).toBe(1500);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + INVENTORY_TTL_MS + 1_000);
    const after = await read().finally(() => vi.useRealTimers());
    expect(after.products[1]!.variants[0]!.priceMinor).toBe(3990);
  });

  test('after a real sync, each product has the store’s product type (none for an empty one), read by pages or in bulk', async () => {
    const products = generatedStoreProducts(300, 3);
    products[1]!.productType = '';
    const peers = await startDemoPeers({ products, orders: [], bucket: { maximumAvailable: 2_000, restoreRate: 10_000 } });
    try {
      const { db } = await testDatabase();
      const secrets = secretBox(randomBytes(32));
      const meta = { graphUrl: peers.meta.graphUrl, accessToken: peers.meta.accessToken };
      const expected = new Map(products.map((product) => [String(product.id), product.productType || null]));
      for (const bulk of [false, true]) {
        const uid = `storefront-types-${randomUUID()}`;
        await db.insert(accounts).values({ uid });
        const [row] = await db
          .insert(inventories)
          .values({
            uid,
            name: 'Loja Tipos',
            publicId: randomBytes(16).toString('base64url'),
            ecommerceType: 'shopify',
            shopifyUrl: peers.shopify.adminUrl,
            website: peers.shopify.storefrontUrl,
            catalogId: peers.catalogId,
            status: 'configured',
            savedSteps: 2,
            store: { name: 'Loja Tipos', currency: 'BRL' },
          })
          .returning({ id: inventories.id, publicId: inventories.publicId });
        await db
          .update(inventories)
          .set({ shopifyTokenSealed: secrets.seal(peers.shopify.accessToken, row!.id) })
          .where(eq(inventories.id, row!.id));
        const bulkFiles = () => peers.shopify.requests.filter((request) => request.url.startsWith('/bulk/')).length;
        const filesBefore = bulkFiles();
        const deps = { db, secrets, meta, ...(bulk ? { bulkThreshold: 100, bulkPollMs: 25 } : {}) };
        expect(await syncInventory(deps, row!.id, 'manual', new AbortController().signal)).toBe('done');
        expect(bulkFiles() > filesBefore).toBe(bulk);
        const answer = await call(`${server.url}/api/v1/storefront/${row!.publicId}/catalog`);
        expect(answer.status).toBe(200);
        const catalog = answer.body as PublicCatalog;
        expect(catalog.products).toHaveLength(products.length);
        expect(catalog.products.map((product) => [product.id, product.productType])).toEqual(
          catalog.products.map((product) => [product.id, expected.get(product.id)]),
        );
        expect(catalog.products.find((product) => product.id === String(products[1]!.id))!.productType).toBeNull();
        expect(new Set(catalog.products.map((product) => product.productType)).size).toBeGreaterThan(5);
      }
    } finally {
      await peers.close();
    }
  });

  test('an inventory still in configuration has no public catalog', async () => {
    const unfinished = await seedStorefrontInventory('configuring');
    const { db } = await testDatabase();
    await db.update(inventories).set({ status: 'configuring' }).where(eq(inventories.id, unfinished.id));
    const answer = await call(`${server.url}/api/v1/storefront/${unfinished.publicId}/catalog`);
    expect([answer.status, errorOf(answer).code]).toEqual([404, 'inventory_not_found']);
  });
});

test('an event of an inventory deleted meanwhile is dropped; the rest of its batch is written', async () => {
  const kept = await seedStorefrontInventory('events-kept');
  const gone = await seedStorefrontInventory('events-gone');
  const { db } = await testDatabase();
  await db.delete(inventories).where(eq(inventories.id, gone.id));
  const failures: unknown[] = [];
  const recorder = eventRecorder(db, { flushMs: 60_000, log: { error: (entry: unknown) => void failures.push(entry) } as never });
  recorder.record({ inventoryId: gone.id, kind: 'access', locale: 'en', visitorId: 'visitor-gone' });
  recorder.record({ inventoryId: kept.id, kind: 'access', locale: 'en', visitorId: 'visitor-kept' });
  await recorder.close();
  expect(failures).toEqual([]);
  expect(recorder.pending).toBe(0);
  expect((await eventsOf(kept.id)).map((event) => event.visitorId)).toEqual(['visitor-kept']);
});
