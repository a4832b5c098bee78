// 'Send me order updates on WhatsApp' on the cart page, end to end on the server: the checkout API
// reads the number in the store's country and passes it to Shopify's checkout as the hidden cart
// attribute (a merchant's parameter never does), refuses one that is no number at its field, and
// records the checkout with a flag, never the number (nor does any log line hold it). The cart page's
// form posted before hydration goes through that same API in-process: a redirect to the checkout, or
// the page again (400) with the box, the number and the problem, the cart untouched; past the per-client
// limit, a 429 page. The page's CSP lets the form go on to the store.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import { SHOP_DATA_ELEMENT_ID } from '@/domain/public-pages';
import type { CheckoutAnswer, WhatsappOrderCart } from '@/domain/storefront';
import { buildApp } from '@/server/app';
import { inventories } from '@/server/inventories/inventory-tables';
import { storefrontEvents } from '@/server/storefront/storefront-tables';
import { renderPage, renderShopPage } from '@/src/entry-server';
import type { ShopDocument } from '@/src/features/storefront/shop-page-data';
import { seedStorefrontInventory, type SeededInventory } from './support/storefront-seed';
import { testDatabase } from './support/test-database';
import { call, errorOf, testEnv } from './support/test-server';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PARAM = `attributes[${WHATSAPP_UPDATES_ATTRIBUTE}]`;

let app: FastifyInstance;
let url: string;
let distDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'catalyst-cart-updates-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(
    join(distDir, 'shop.html'),
    '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/shop-1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  mkdirSync(join(distDir, 'assets'));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({
    env: { ...testEnv, KNOWLEDGE_WORKER: 'off' },
    database: await testDatabase(),
    distDir,
    renderer: { renderPage, renderShopPage },
    logger: { level: 'info', stream: sink },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const checkout = (publicId: string, body: Record<string, unknown>) =>
  call(`${url}/api/v1/storefront/${publicId}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_UA },
    body: JSON.stringify({ source: 'items_link', visitorId: 'visitor-updates', locale: 'pt', ...body }),
  });
const oneShirt = [{ retailerId: 'CAM-P', quantity: 1, priceMinor: 4990, currency: 'BRL' }];

const eventsOf = async (inventoryId: string) => {
  const { db } = await testDatabase();
  return db
    .select({ kind: storefrontEvents.kind, cartId: storefrontEvents.cartId, whatsappUpdates: storefrontEvents.whatsappUpdates })
    .from(storefrontEvents)
    .where(eq(storefrontEvents.inventoryId, inventoryId))
    .orderBy(asc(storefrontEvents.id));
};

async function orderCart(shop: SeededInventory): Promise<string> {
  const answer = await call(`${url}/api/v1/storefront/${shop.publicId}/whatsapp-orders?lang=pt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ catalog_id: shop.catalogId, product_items: [{ product_retailer_id: 'CAM-M', quantity: 2 }] }),
  });
  return (answer.body as WhatsappOrderCart).cartId;
}

/** The cart page's form posted as a browser without JavaScript would, from its own client address. */
const postForm = (path: string, fields: Record<string, string>, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': PHONE_UA },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

function documentOf(html: string): ShopDocument {
  const block = new RegExp(`<script type="application/json" id="${SHOP_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  if (!block) throw new Error('no data block');
  return JSON.parse(block) as ShopDocument;
}

describe('the checkout API', () => {
  test('ticked: the number in E.164, read in the store’s country, on the checkout as the hidden cart attribute; the event flagged', async () => {
    const shop = await seedStorefrontInventory('updates-api');
    const answer = await checkout(shop.publicId, { lines: oneShirt, whatsappUpdates: { phone: '(11) 98765-4321' } });
    expect(answer.status, answer.text).toBe(200);
    const { url: link, cartId } = answer.body as CheckoutAnswer;
    expect(new URL(link).searchParams.get(PARAM)).toBe('+5511987654321');
    expect(new URL(link).searchParams.get('attributes[catalyst_cart]')).toBe(cartId);

    const unticked = await checkout(shop.publicId, { lines: oneShirt });
    expect(unticked.status).toBe(200);
    const plain = new URL((unticked.body as CheckoutAnswer).url);
    expect(plain.searchParams.has(PARAM)).toBe(false);

    await expect
      .poll(() => eventsOf(shop.id), { timeout: 10_000 })
      .toEqual([
        { kind: 'checkout', cartId, whatsappUpdates: true },
        { kind: 'checkout', cartId: (unticked.body as CheckoutAnswer).cartId, whatsappUpdates: false },
      ]);
    expect(logLines.some((line) => line.includes('98765') || line.includes('987654321'))).toBe(false);
    expect(logLines.some((line) => line.includes('"whatsappUpdates":true'))).toBe(true);
  });

  test('a number that is none, or none at all: 400 naming the field with the contact message id; no cart, no event', async () => {
    const shop = await seedStorefrontInventory('updates-bad');
    for (const [phone, messageId] of [
      ['123', 'contact.phone_invalid'],
      ['   ', 'contact.phone_required'],
      ['+1 415 555 2671 ext. 9', 'contact.phone_invalid'],
    ] as const) {
      const answer = await checkout(shop.publicId, { lines: oneShirt, whatsappUpdates: { phone } });
      expect(answer.status, phone).toBe(400);
      expect(errorOf(answer)).toMatchObject({ code: 'validation_failed', fields: { 'whatsappUpdates.phone': messageId } });
    }
    const tooLong = await checkout(shop.publicId, { lines: oneShirt, whatsappUpdates: { phone: '9'.repeat(65) } });
    expect(Object.keys(errorOf(tooLong).fields ?? {})).toEqual(['whatsappUpdates.phone']);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await eventsOf(shop.id)).toEqual([]);
  });

  test('a merchant’s parameter cannot put a number on the checkout: unticked, none; ticked, the shopper’s', async () => {
    // Set before its first checkout: the store remembers a public id's inventory a few seconds.
    const fresh = await seedStorefrontInventory('updates-merchant');
    const { db } = await testDatabase();
    await db
      .update(inventories)
      .set({ checkoutParams: `utm_source=wa&${encodeURIComponent(PARAM)}=%2B15555550100` })
      .where(eq(inventories.id, fresh.id));
    const unticked = new URL(((await checkout(fresh.publicId, { lines: oneShirt })).body as CheckoutAnswer).url);
    expect(unticked.searchParams.get('utm_source')).toBe('wa');
    expect(unticked.searchParams.has(PARAM)).toBe(false);
    const ticked = new URL(
      ((await checkout(fresh.publicId, { lines: oneShirt, whatsappUpdates: { phone: '+55 21 99876-5432' } })).body as CheckoutAnswer).url,
    );
    expect(ticked.searchParams.getAll(PARAM)).toEqual(['+5521998765432']);
  });
});

describe('the cart page’s form, posted before hydration', () => {
  test('the page: a form posting to its own address, the country named, a CSP that lets it go on to the store', async () => {
    const shop = await seedStorefrontInventory('updates-page');
    const cartId = await orderCart(shop);
    const response = await fetch(`${url}/pt/c/${shop.publicId}/cart?cart=${cartId}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    const form = /<form [^>]*>/.exec(html)![0];
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/pt/c/${shop.publicId}/cart?cart=${cartId}"`);
    const data = documentOf(html).data;
    if (data.page !== 'cart') throw new Error('not a cart page');
    expect(data.updatesCountry).toEqual({ code: 'BR', callingCode: '55', name: 'Brasil' });
    expect(data.posted).toBeNull();
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/form-action 'self' https:(;|$| )/);
    // Only the cart page: the catalog's form stays on this site.
    const catalog = await fetch(`${url}/pt/c/${shop.publicId}`);
    expect(catalog.headers.get('content-security-policy')).toMatch(/form-action 'self'(;|$)/);
  });

  test('ticked with a number: a redirect to the checkout with it; unticked: the checkout as without the box', async () => {
    const shop = await seedStorefrontInventory('updates-post');
    const cartId = await orderCart(shop);
    const path = `/pt/c/${shop.publicId}/cart?cart=${cartId}`;
    const ticked = await postForm(path, { whatsapp_updates: 'yes', phone: '11 98765-4321' }, '198.51.100.10');
    expect(ticked.statusCode, ticked.body).toBe(303);
    expect(ticked.headers['cache-control']).toBe('no-store');
    const link = new URL(String(ticked.headers.location));
    expect(link.origin).toBe('https://loja.example.com.br');
    expect(link.pathname).toBe('/cart/102:2');
    expect(link.searchParams.get('attributes[catalyst_cart]')).toBe(cartId);
    expect(link.searchParams.get(PARAM)).toBe('+5511987654321');

    const unticked = await postForm(path, { phone: '11 98765-4321' }, '198.51.100.10');
    expect(unticked.statusCode).toBe(303);
    expect(new URL(String(unticked.headers.location)).searchParams.has(PARAM)).toBe(false);

    // An items= link: its lines that can be bought (a sold-out one is left out, as the page says).
    const items = await postForm(`/es/c/${shop.publicId}/cart?items=${encodeURIComponent('CAM-P:3,CAM-G:1')}`, {}, '198.51.100.10');
    expect(items.statusCode).toBe(303);
    expect(new URL(String(items.headers.location)).pathname).toBe('/cart/101:3');

    await expect
      .poll(async () => (await eventsOf(shop.id)).map((event) => event.whatsappUpdates), { timeout: 10_000 })
      .toEqual([true, false, false]);
  });

  test('a number that is none: the page again (400) with the box ticked, the number as typed and its problem; the cart untouched', async () => {
    const shop = await seedStorefrontInventory('updates-refused');
    const cartId = await orderCart(shop);
    const path = `/es/c/${shop.publicId}/cart?cart=${cartId}`;
    const before = documentOf((await app.inject({ url: path })).body).data;
    for (const [phone, problem] of [
      ['12', 'phone_invalid'],
      ['', 'phone_required'],
    ] as const) {
      const answer = await postForm(path, { whatsapp_updates: 'yes', phone }, '198.51.100.20');
      expect(answer.statusCode, phone).toBe(400);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      const data = documentOf(answer.body).data;
      if (data.page !== 'cart' || before.page !== 'cart') throw new Error('not a cart page');
      expect(data.posted).toEqual({ ticked: true, phone, problem, failure: null });
      expect(data.lines).toEqual(before.lines);
      expect(data.cartId).toBe(cartId);
      // In the server's markup, before any script, in the page's language.
      expect(answer.body).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
      expect(answer.body).toContain(problem === 'phone_invalid' ? 'no es un número de WhatsApp válido' : 'Escribe tu número de WhatsApp');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await eventsOf(shop.id)).toEqual([]);
  });

  test('past the per-client limit of checkouts: a 429 page that says to wait, with Retry-After; other clients go on', async () => {
    const shop = await seedStorefrontInventory('updates-limit');
    const cartId = await orderCart(shop);
    const path = `/en/c/${shop.publicId}/cart?cart=${cartId}`;
    let answer = await postForm(path, {}, '198.51.100.30');
    for (let sent = 1; answer.statusCode === 303 && sent < 200; sent++) answer = await postForm(path, {}, '198.51.100.30');
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const data = documentOf(answer.body).data;
    expect(data.page === 'cart' && data.posted).toEqual({ ticked: false, phone: '', problem: null, failure: 'rate_limited' });
    expect((await postForm(path, {}, '198.51.100.31')).statusCode).toBe(303);
  });

  test('an unknown catalog or cart is the problem page; another language is not a shop page', async () => {
    const shop = await seedStorefrontInventory('updates-unknown');
    expect((await postForm('/pt/c/no-such-catalog/cart?cart=x', { whatsapp_updates: 'yes', phone: '1' }, '198.51.100.40')).statusCode).toBe(
      404,
    );
    const noCart = await postForm(`/pt/c/${shop.publicId}/cart?cart=nope-nope`, {}, '198.51.100.40');
    expect(noCart.statusCode).toBe(404);
    expect(documentOf(noCart.body).data).toEqual({ page: 'problem', locale: 'pt', publicId: shop.publicId, reason: 'cart_not_found' });
    expect((await postForm(`/de/c/${shop.publicId}/cart`, {}, '198.51.100.40')).statusCode).toBe(404);
  });
});

describe('the `ref` of the link the page came from (the website widget’s, a campaign’s)', () => {
  const REF = 'wg0123456789abcdef01';
  const refsOf = async (inventoryId: string) => {
    const { db } = await testDatabase();
    return db
      .select({ kind: storefrontEvents.kind, ref: storefrontEvents.ref })
      .from(storefrontEvents)
      .where(eq(storefrontEvents.inventoryId, inventoryId))
      .orderBy(asc(storefrontEvents.id));
  };

  test('the checkout API keeps it on the checkout’s event; one that is not ours is a 400', async () => {
    const shop = await seedStorefrontInventory('ref-api');
    expect((await checkout(shop.publicId, { lines: oneShirt, ref: REF })).status).toBe(200);
    expect((await checkout(shop.publicId, { lines: oneShirt })).status).toBe(200);
    expect((await checkout(shop.publicId, { lines: oneShirt, ref: 'Not A Ref!' })).status).toBe(400);
    await expect
      .poll(() => refsOf(shop.id), { timeout: 10_000 })
      .toEqual([
        { kind: 'checkout', ref: REF },
        { kind: 'checkout', ref: null },
      ]);
  });

  test('the page’s plain form carries it to its own address, and its post to the checkout’s event', async () => {
    const shop = await seedStorefrontInventory('ref-form');
    const path = `/pt/c/${shop.publicId}/cart?items=CAM-P%3A1&ref=${REF}`;
    const html = (await app.inject({ url: path })).body;
    expect(/<form [^>]*>/.exec(html)![0]).toContain(`action="/pt/c/${shop.publicId}/cart?items=CAM-P%3A1&amp;ref=${REF}"`);
    const data = documentOf(html).data;
    expect(data.page === 'cart' && data.ref).toBe(REF);
    // A ref that is not ours is not carried.
    expect(documentOf((await app.inject({ url: `/pt/c/${shop.publicId}/cart?items=CAM-P%3A1&ref=%3Cx%3E` })).body).data).toMatchObject({
      ref: null,
    });

    expect((await postForm(path, {}, '198.51.100.50')).statusCode).toBe(303);
    await expect.poll(() => refsOf(shop.id), { timeout: 10_000 }).toEqual([{ kind: 'checkout', ref: REF }]);
  });
});
