// The shopper's pages as the server serves them: `/{lang}/c/{public id}` renders the last
// sync's catalog and `/{lang}/c/{public id}/cart` a cart summary (by an order's cart id, or an
// `items=` list), through the real renderer (src/entry-server.tsx, as Vite builds it) into the shop
// shell, with the page's data and messages in a JSON block the browser hydrates from. A catalog page
// is kept until the next sync; unknown ids and malformed lists get a translated page with 404/400,
// never a 500; nothing of the merchant's private data reaches a page; no product text can end the
// data block and run as script.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { SHOP_DATA_ELEMENT_ID } from '@/domain/public-pages';
import type { WhatsappOrderCart } from '@/domain/storefront';
import { buildApp } from '@/server/app';
import { inventories, inventoryProducts } from '@/server/inventories/inventory-tables';
import { renderPage, renderShopPage } from '@/src/entry-server';
import type { ShopDocument } from '@/src/features/storefront/shop-page-data';
import { sampleProduct, seedStorefrontInventory, type SeededInventory } from './support/storefront-seed';
import { testDatabase } from './support/test-database';
import { testEnv } from './support/test-server';

// The shell as Vite builds dist/shop.html: its entry script, a preload, its stylesheet.
const SHOP_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><link rel="stylesheet" crossorigin href="/assets/shop-1.css">' +
  '<link rel="stylesheet" href="/assets/missing.css">' +
  '<script type="module" crossorigin src="/assets/shop-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
  '</head><body><div id="root"></div></body></html>';

/** The built stylesheet; a `</style` in it (in a string, say) must not end the element it is written into. */
const SHOP_CSS = '.shop{color:#14213d}.shop-x::after{content:"</style>"}';

let app: FastifyInstance;
let url: string;
let distDir: string;
let shop: SeededInventory;
/** The path of each shop page the server rendered, in order. */
const shopRenders: string[] = [];

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'catalyst-shop-pages-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(distDir, 'shop.html'), SHOP_SHELL);
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'shop-1.css'), SHOP_CSS);
  shop = await seedStorefrontInventory('pages');
  app = await buildApp({
    env: { ...testEnv, KNOWLEDGE_WORKER: 'off' },
    database: await testDatabase(),
    distDir,
    renderer: {
      renderPage,
      renderShopPage: (request) => {
        shopRenders.push(request.url);
        return renderShopPage(request);
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** A new sync of the inventory as the pages see it: its sync time moves on (a catalog page's key holds it). */
async function syncedAgain(inventoryId: string, aheadMs = 1_000) {
  const { db } = await testDatabase();
  await db
    .update(inventories)
    .set({ lastSyncedAt: new Date(Date.now() + aheadMs) })
    .where(eq(inventories.id, inventoryId));
}

/** `ask` once the server's few seconds' memory of an inventory has passed (the clock moved on; Date alone). */
async function afterInventoryMemory<T>(ask: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 6_000);
  try {
    return await ask();
  } finally {
    vi.useRealTimers();
  }
}

async function page(path: string) {
  const response = await fetch(url + path);
  const html = await response.text();
  const block = new RegExp(`<script type="application/json" id="${SHOP_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  const document = block ? (JSON.parse(block) as ShopDocument) : null;
  return { status: response.status, headers: response.headers, html, document };
}

const privateParts = (inventory: SeededInventory) => [inventory.uid, inventory.adminUrl, inventory.tokenSealed, 'shpat_', inventory.id];

describe('the catalog page', () => {
  test('renders the last sync’s products in the page’s language, with its Open Graph card, data block and messages', async () => {
    const { status, headers, html, document } = await page(`/pt/c/${shop.publicId}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="pt-BR"');
    // In the server's markup, before any script: what a slow phone shows first.
    const markup = html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${SHOP_DATA_ELEMENT_ID}"`));
    expect(markup).toContain('Camiseta Básica');
    expect(markup).toContain('Meia');
    expect(markup).toContain('R$\u00a049,90');
    // A catalog item no store variant backs cannot be bought: not listed.
    expect(markup).not.toContain('Boné');
    expect(html).toContain('<meta property="og:title" content="Loja pages Store — catálogo">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/camiseta.jpg">');
    expect(html).toContain(`<meta property="og:url" content="${url}/pt/c/${shop.publicId}">`);
    expect(html).toMatch(/<meta property="og:description" content="2 produtos de Loja pages Store/);
    // The entry loads after the first paint (public/start-after-paint.js); the built CSS is written into
    // the head (no round trip before the first paint); a stylesheet the build lacks stays a link.
    expect(html).toContain(
      '<script type="module" src="/start-after-paint.js" data-app-entry="/assets/shop-1.js" data-app-chunks="/assets/react-1.js">',
    );
    expect(html).toContain(`<style>${SHOP_CSS.replace('</style', '<\\/style')}</style>`);
    expect(html).not.toContain('href="/assets/shop-1.css"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/missing.css">');

    expect(document!.apiBaseUrl).toBe('/api/v1');
    expect(document!.data.page).toBe('catalog');
    if (document!.data.page !== 'catalog') return;
    expect(document!.data.locale).toBe('pt');
    expect(
      document!.data.products.map((product) => [
        product.title,
        product.variants.map((variant) => [variant.lineId, variant.priceText, variant.available]),
      ]),
    ).toEqual([
      [
        'Camiseta Básica',
        [
          ['CAM-P', 'R$\u00a049,90', true],
          ['CAM-M', 'R$\u00a054,90', true],
          ['CAM-G', 'R$\u00a049,90', false],
        ],
      ],
      ['Meia', [['201', 'R$\u00a015,00', true]]],
    ]);
    // The page's messages travel with it (no second request before the page works).
    expect(Object.keys(document!.messages).length).toBeGreaterThan(5);
    for (const secret of privateParts(shop)) expect(html).not.toContain(secret);
    // No inline script runs: the data block is JSON, allowed by nothing but its own hash.
    const scriptSrc = String(headers.get('content-security-policy'))
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');

    // Sent compressed to a browser that takes it (brotli, else gzip), as it is to one that does not.
    const plain = await app.inject({ url: `/pt/c/${shop.publicId}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Camiseta Básica');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const answer = await app.inject({ url: `/pt/c/${shop.publicId}`, headers: { 'accept-encoding': accept } });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(decode(answer.rawPayload).toString('utf8')).toBe(plain.body);
      expect(answer.rawPayload.length).toBeLessThan(plain.body.length / 2);
    }
  });

  test('each language writes its own page; the page is kept until the inventory syncs again', async () => {
    const en = await page(`/en/c/${shop.publicId}`);
    expect(en.html).toContain('<html lang="en-US"');
    expect(en.html).toContain('R$49.90');
    const { db } = await testDatabase();
    const [row] = await db
      .select()
      .from(inventoryProducts)
      .where(and(eq(inventoryProducts.inventoryId, shop.id), eq(inventoryProducts.key, 'v:201')));
    const renamed = { ...row!.product, title: 'Meia Listrada' };
    await db
      .update(inventoryProducts)
      .set({ product: renamed })
      .where(and(eq(inventoryProducts.inventoryId, shop.id), eq(inventoryProducts.key, 'v:201')));
    // The same sync: the same page.
    expect((await page(`/en/c/${shop.publicId}`)).html).toBe(en.html);
    // A new sync: the new products, once the page's few seconds' memory of the inventory has passed.
    await syncedAgain(shop.id);
    const after = await afterInventoryMemory(() => page(`/en/c/${shop.publicId}`));
    expect(after.html).toContain('Meia Listrada');
    expect(after.html).not.toContain('>Meia<');
  });

  test('the requests that come while a new sync’s page is rendered share that one render', async () => {
    const busy = await seedStorefrontInventory('busy');
    const path = `/pt/c/${busy.publicId}`;
    await page(path);
    await syncedAgain(busy.id);
    const rendersBefore = shopRenders.filter((rendered) => rendered === path).length;
    // The page and its product list, asked at once as shoppers' phones would right after the sync.
    const answers = await afterInventoryMemory(() =>
      Promise.all(
        Array.from({ length: 8 }, (_, n) => fetch(`${url}${path}${n % 2 ? '/products.json' : ''}`).then((response) => response.status)),
      ),
    );
    expect(answers).toEqual(Array(8).fill(200));
    expect(shopRenders.filter((rendered) => rendered === path).length - rendersBefore).toBe(1);
  });

  test('an unknown public id is a 404 page that says so in the page’s language; an unknown language is not a shop page', async () => {
    const unknown = await page('/es/c/no-such-catalog');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<html lang="es"');
    expect(unknown.document!.data).toEqual({ page: 'problem', locale: 'es', publicId: null, reason: 'inventory_not_found' });
    expect(unknown.html).toContain('<meta name="robots" content="noindex">');
    const tooLong = await page(`/en/c/${'x'.repeat(80)}`);
    expect(tooLong.status).toBe(404);
    const otherLanguage = await page(`/de/c/${shop.publicId}`);
    expect(otherLanguage.document).toBeNull();
  });

  test('a large catalog’s page carries its first 48 products; …/products.json answers all of them, compressed', async () => {
    const large = await seedStorefrontInventory('large');
    const { db } = await testDatabase();
    await db.insert(inventoryProducts).values(
      Array.from({ length: 60 }, (_, i) => {
        const product = sampleProduct({
          key: `v:9${i}`,
          variantId: `9${i}`,
          productId: `9${i}`,
          retailerId: `LOTE-${i}`,
          title: `Lote ${i}`,
        });
        return { inventoryId: large.id, key: product.key, position: 100 + i, searchText: product.title, product };
      }),
    );
    await syncedAgain(large.id, 3_000);
    const catalogPage = await page(`/pt/c/${large.publicId}`);
    if (catalogPage.document?.data.page !== 'catalog') throw new Error('not a catalog page');
    const { data } = catalogPage.document;
    expect(data.products).toHaveLength(48);
    // The seeded inventory's two products on the catalog (the store-only one is not sold there), and the 60 more.
    expect(data.productCount).toBe(62);
    // The server's HTML shows what the block holds: the first 48 cards, and the whole catalog's count.
    expect(catalogPage.html.match(/<li class="shop-card"/g)).toHaveLength(48);
    expect(catalogPage.html).toContain('62 produtos');

    const response = await fetch(`${url}/pt/c/${large.publicId}/products.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { products } = (await response.json()) as { products: typeof data.products };
    expect(products).toHaveLength(62);
    expect(products.slice(0, 48)).toEqual(data.products);
    expect(products.at(-1)).toMatchObject({ title: 'Lote 59', variants: [{ lineId: 'LOTE-59', priceText: 'R$\u00a049,90' }] });
    const raw = JSON.stringify({ products });
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        // fetch would decode: read the bytes as they come.
        import('node:http').then(({ get }) =>
          get(`${url}/pt/c/${large.publicId}/products.json`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
          }).on('error', reject),
        );
      });
      expect(compressed.encoding).toBe(encoding);
      expect((encoding === 'br' ? brotliDecompressSync : gunzipSync)(compressed.body).toString()).toBe(raw);
    }
    for (const part of privateParts(large)) expect(raw).not.toContain(part);
    expect((await fetch(`${url}/pt/c/no-such-catalog/products.json`)).status).toBe(404);
    expect((await fetch(`${url}/de/c/${large.publicId}/products.json`)).status).toBe(404);
  });

  test('a product’s text cannot end the data block or the markup: it stays text', async () => {
    const hostile = await seedStorefrontInventory('hostile');
    const { db } = await testDatabase();
    const title = '</script><script>alert(1)</script><!--';
    await db
      .update(inventoryProducts)
      .set({ product: sampleProduct({ key: 'v:101', variantId: '101', productId: '1', retailerId: 'CAM-P', title }) })
      .where(and(eq(inventoryProducts.inventoryId, hostile.id), eq(inventoryProducts.key, 'v:101')));
    await syncedAgain(hostile.id, 2_000);
    const { status, html, document } = await page(`/en/c/${hostile.publicId}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    if (document?.data.page !== 'catalog') throw new Error('not a catalog page');
    expect(document.data.products.some((product) => product.title === title)).toBe(true);
  });
});

describe('the cart summary page', () => {
  test('before its script runs, a card’s Add to cart opens the cart page with the chosen variant', async () => {
    const catalog = await page(`/pt/c/${shop.publicId}`);
    const root = catalog.html.slice(catalog.html.indexOf('<div id="root">'));
    // Each card is a plain GET form to the cart page, naming one of its chosen variant as `items`.
    const forms = [...root.matchAll(/<form ([^>]*)>([\s\S]*?)<\/form>/g)].filter(([, attributes]) => attributes!.includes('method="get"'));
    expect(forms.length).toBeGreaterThan(0);
    const asBrowser = forms.map(([, attributes, inner]) => {
      const action = /action="([^"]+)"/.exec(attributes!)?.[1] ?? '';
      const select = /<select[^>]*name="items"[^>]*>([\s\S]*?)<\/select>/.exec(inner!)?.[1];
      const value = select
        ? /<option[^>]*value="([^"]+)"[^>]*selected=""/.exec(select)?.[1]
        : /<button[^>]*name="items"[^>]*value="([^"]+)"|<button[^>]*value="([^"]+)"[^>]*name="items"/.exec(inner!)?.slice(1).find(Boolean);
      // A disabled button (the chosen variant sold out) submits nothing.
      const submits = !/<button[^>]*disabled=""/.test(inner!);
      return { action: action.replace(/&amp;/g, '&'), value: submits ? value?.replace(/&amp;/g, '&') : undefined };
    });
    expect(asBrowser.every(({ action }) => action === `/pt/c/${shop.publicId}/cart`)).toBe(true);
    const buyable = asBrowser.filter((form) => form.value);
    expect(buyable.length).toBeGreaterThan(0);
    for (const { action, value } of buyable) {
      // The browser's GET of the form: its one field, form-encoded.
      const cart = await page(`${action}?${new URLSearchParams({ items: value! }).toString()}`);
      expect(cart.status).toBe(200);
      if (cart.document?.data.page !== 'cart') throw new Error('not a cart page');
      const [retailerId] = value!.split(':');
      expect(cart.document.data.lines.map((line) => [line.retailerId, line.quantity, line.problem])).toEqual([[retailerId, 1, null]]);
    }
  });

  test('an items= list shows each line with today’s price and what is wrong with a line', async () => {
    const { status, html, document } = await page(`/en/c/${shop.publicId}/cart?items=${encodeURIComponent('CAM-P:2,CAM-G:1,NOPE-1:1')}`);
    expect(status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex">');
    if (document?.data.page !== 'cart') throw new Error('not a cart page');
    expect(document.data.items).toBe('CAM-P:2,CAM-G:1,NOPE-1:1');
    expect(document.data.lines.map((line) => [line.retailerId, line.quantity, line.lineTotalText, line.problem])).toEqual([
      ['CAM-P', 2, 'R$99.80', null],
      ['CAM-G', 1, null, 'unavailable'],
      ['NOPE-1', 1, null, 'unknown'],
    ]);
    expect(document.data.totalText).toBe('R$99.80');
    expect(html.slice(html.indexOf('<div id="root">'))).toContain('R$99.80');
  });

  test('a WhatsApp order’s cart URL opens its page, with the price the shopper chose when it changed', async () => {
    const answer = await fetch(`${url}/api/v1/storefront/${shop.publicId}/whatsapp-orders?lang=pt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        catalog_id: shop.catalogId,
        product_items: [
          { product_retailer_id: 'CAM-M', quantity: 1, item_price: 49.9, currency: 'BRL' },
          { product_retailer_id: 'CAM-P', quantity: 3, item_price: 49.9, currency: 'BRL' },
        ],
      }),
    });
    const { cartUrl, cartId } = (await answer.json()) as WhatsappOrderCart;
    const { status, document } = await page(new URL(cartUrl).pathname + new URL(cartUrl).search);
    expect(status).toBe(200);
    if (document?.data.page !== 'cart') throw new Error('not a cart page');
    expect(document.data.cartId).toBe(cartId);
    expect(document.data.lines.map((line) => [line.retailerId, line.priceText, line.chosenPriceText, line.problem])).toEqual([
      ['CAM-M', 'R$\u00a054,90', 'R$\u00a049,90', 'price_changed'],
      ['CAM-P', 'R$\u00a049,90', null, null],
    ]);
  });

  test('a malformed list is a 400 page, an unknown cart a 404 page, both naming the catalog to go back to', async () => {
    for (const [query, status, reason] of [
      ['items=CAM-P', 400, 'items_malformed'],
      ['items=CAM-P:0', 400, 'items_malformed'],
      [`items=${'A:1,'.repeat(200)}A:1`, 400, 'items_malformed'],
      ['cart=nope-nope-nope', 404, 'cart_not_found'],
    ] as const) {
      const answer = await page(`/pt/c/${shop.publicId}/cart?${query}`);
      expect(answer.status, query).toBe(status);
      expect(answer.document!.data, query).toEqual({ page: 'problem', locale: 'pt', publicId: shop.publicId, reason });
    }
    const unknown = await page('/pt/c/no-such-catalog/cart?items=CAM-P:1');
    expect([unknown.status, unknown.document!.data.page]).toEqual([404, 'problem']);
  });

  test('no cart at all is an empty cart page, not an error', async () => {
    const { status, document } = await page(`/en/c/${shop.publicId}/cart`);
    expect(status).toBe(200);
    if (document?.data.page !== 'cart') throw new Error('not a cart page');
    expect(document.data.lines).toEqual([]);
  });
});
