// Carts expire CART_EXPIRY_DAYS after they were made (server/storefront/storefront-store.ts, on a
// clock of the test's own): a 29-day-old cart's page still shows its lines and its checkout, while
// an expired one's page says so in the page's language, with a 410 and no checkout form, and the
// public API refuses its summary and its checkout with `cart_expired`; a plain-form post to it goes no
// further. The sweep (server/storefront/cart-expiry.ts) deletes carts EXPIRED_CART_KEPT_DAYS after
// they expired, each run a bounded number of batches, and one sweep is queued at a time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHOP_DATA_ELEMENT_ID } from '@/domain/public-pages';
import { CART_EXPIRY_DAYS, type CartLine } from '@/domain/storefront';
import { buildApp } from '@/server/app';
import { parseConfig } from '@/server/config';
import { jobs } from '@/server/jobs/job-tables';
import { buildServices } from '@/server/services';
import { CART_EXPIRY_QUEUE, enqueueCartSweep, EXPIRED_CART_KEPT_DAYS, sweepExpiredCarts } from '@/server/storefront/cart-expiry';
import { storefrontStore } from '@/server/storefront/storefront-store';
import { carts } from '@/server/storefront/storefront-tables';
import { renderPage, renderShopPage } from '@/src/entry-server';
import type { ShopDocument } from '@/src/features/storefront/shop-page-data';
import { seedStorefrontInventory, type SeededInventory } from './support/storefront-seed';
import { testDatabase } from './support/test-database';
import { testEnv } from './support/test-server';

const DAY = 86_400_000;
/** The storefront's clock: a cart's age is read on it. */
const NOW = Date.parse('2026-11-20T12:00:00Z');
const SHOP_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script type="module" crossorigin src="/assets/shop-1.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
const LINES: CartLine[] = [{ retailerId: 'CAM-P', quantity: 2, priceMinor: 4990, currency: 'BRL' }];

let app: FastifyInstance;
let url: string;
let distDir: string;
let shop: SeededInventory;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'catalyst-cart-expiry-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(distDir, 'shop.html'), SHOP_SHELL);
  shop = await seedStorefrontInventory('cart-expiry');
  const database = await testDatabase();
  const config = parseConfig({ ...testEnv, KNOWLEDGE_WORKER: 'off' });
  app = await buildApp({
    config,
    database,
    distDir,
    renderer: { renderPage, renderShopPage },
    services: { ...buildServices(database.db, config), storefront: storefrontStore(database.db, { now: () => new Date(NOW) }) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** A cart of the inventory made `daysAgo` before the storefront's clock; its id. */
async function cartMade(daysAgo: number, inventoryId = shop.id): Promise<string> {
  const { db } = await testDatabase();
  const id = randomBytes(8).toString('base64url');
  await db.insert(carts).values({ id, inventoryId, source: 'whatsapp_order', lines: LINES, createdAt: new Date(NOW - daysAgo * DAY) });
  return id;
}

async function page(path: string, init?: RequestInit) {
  const response = await fetch(url + path, { redirect: 'manual', ...init });
  const html = await response.text();
  const block = new RegExp(`<script type="application/json" id="${SHOP_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  return { status: response.status, html, document: block ? (JSON.parse(block) as ShopDocument) : null };
}

const api = (path: string, init?: RequestInit) => fetch(`${url}/api/v1/storefront/${shop.publicId}${path}`, init);
const markup = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${SHOP_DATA_ELEMENT_ID}"`));

describe('a cart’s page by its age', () => {
  test('29 days old: its lines and its checkout, as ever', async () => {
    const cart = await cartMade(CART_EXPIRY_DAYS - 1);
    const { status, html, document } = await page(`/pt/c/${shop.publicId}/cart?cart=${cart}`);
    expect(status).toBe(200);
    if (document?.data.page !== 'cart') throw new Error('not a cart page');
    expect(document.data.cartId).toBe(cart);
    expect(document.data.lines.map((line) => [line.retailerId, line.quantity])).toEqual([['CAM-P', 2]]);
    expect(markup(html)).toContain('Camiseta Básica');
    expect(markup(html)).toContain('<form class="shop-checkout-form"');
    expect((await api(`/cart?cart=${cart}`)).status).toBe(200);
    const checkout = await api('/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cartId: cart, source: 'catalog_page', visitorId: 'v-cart-expiry-0', locale: 'pt' }),
    });
    expect(checkout.status).toBe(200);
    expect(new URL(((await checkout.json()) as { url: string }).url).searchParams.get('attributes[catalyst_cart]')).toBe(cart);
  });

  test('30 days old: the page says it expired, in its language, with a 410 and no checkout; the API refuses it', async () => {
    const cart = await cartMade(CART_EXPIRY_DAYS);
    const expected = {
      pt: ['Este carrinho expirou', `Os carrinhos ficam guardados por ${CART_EXPIRY_DAYS} dias`],
      en: ['This cart has expired', `Carts are kept for ${CART_EXPIRY_DAYS} days`],
      es: ['Este carrito ha caducado', `Los carritos se guardan ${CART_EXPIRY_DAYS} días`],
    };
    for (const [lang, [title, text]] of Object.entries(expected)) {
      const { status, html, document } = await page(`/${lang}/c/${shop.publicId}/cart?cart=${cart}`);
      expect(status, lang).toBe(410);
      expect(document!.data, lang).toEqual({ page: 'problem', locale: lang, publicId: shop.publicId, reason: 'cart_expired' });
      expect(markup(html), lang).toContain(title);
      expect(markup(html), lang).toContain(text);
      // Neither its lines nor a way to check them out; the way back to the catalog is there.
      expect(markup(html), lang).not.toContain('Camiseta Básica');
      expect(markup(html), lang).not.toContain('<form');
      expect(markup(html), lang).toContain(`href="/${lang}/c/${shop.publicId}"`);
    }

    const summary = await api(`/cart?cart=${cart}`);
    expect(summary.status).toBe(410);
    expect(((await summary.json()) as { error: { code: string } }).error.code).toBe('cart_expired');
    const checkout = await api('/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cartId: cart, source: 'catalog_page', visitorId: 'v-cart-expiry-1', locale: 'pt' }),
    });
    expect(checkout.status).toBe(410);
    expect(((await checkout.json()) as { error: { code: string } }).error.code).toBe('cart_expired');
    // The page's plain form, posted anyway: the same page, never the store's checkout.
    const posted = await page(`/pt/c/${shop.publicId}/cart?cart=${cart}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(posted.status).toBe(410);
    expect(posted.document!.data).toMatchObject({ page: 'problem', reason: 'cart_expired' });
  });

  test('a cart id never made is still not found (404), not expired', async () => {
    const { status, document } = await page(`/pt/c/${shop.publicId}/cart?cart=never-made-1`);
    expect(status).toBe(404);
    expect(document!.data).toMatchObject({ page: 'problem', reason: 'cart_not_found' });
  });
});

describe('the expired carts’ sweep', () => {
  test(`deletes carts ${EXPIRED_CART_KEPT_DAYS} days past their expiry, a bounded number of batches a run; newer ones stay`, async () => {
    const { db } = await testDatabase();
    const other = await seedStorefrontInventory('cart-expiry-other');
    const gone = CART_EXPIRY_DAYS + EXPIRED_CART_KEPT_DAYS;
    const old = [
      await cartMade(gone + 1),
      await cartMade(gone + 2),
      await cartMade(gone + 40),
      await cartMade(gone + 3, other.id),
      await cartMade(gone + 1, other.id),
    ];
    // Expired, but its link still says so for a while; and a live one.
    const kept = [await cartMade(gone - 1), await cartMade(CART_EXPIRY_DAYS), await cartMade(1)];
    const left = async (ids: string[]) =>
      (await db.select({ id: carts.id }).from(carts).where(inArray(carts.id, ids))).map((row) => row.id).sort();

    const first = await sweepExpiredCarts(db, { now: new Date(NOW), batchSize: 2, maxBatches: 2 });
    expect(first).toEqual({ deleted: 4, batches: 2 });
    expect(await left(old)).toHaveLength(1);
    const second = await sweepExpiredCarts(db, { now: new Date(NOW), batchSize: 2, maxBatches: 2 });
    expect(second).toEqual({ deleted: 1, batches: 1 });
    expect(await left(old)).toEqual([]);
    expect(await left(kept)).toEqual([...kept].sort());
    // The one kept past its expiry still answers that it expired.
    expect((await page(`/en/c/${shop.publicId}/cart?cart=${kept[0]}`)).status).toBe(410);
  });

  test('one sweep is queued at a time, whichever process’s scheduler asks', async () => {
    const { db } = await testDatabase();
    await db.delete(jobs).where(eq(jobs.queue, CART_EXPIRY_QUEUE));
    expect(await enqueueCartSweep(db)).toBe(true);
    expect(await enqueueCartSweep(db)).toBe(false);
    expect(await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.queue, CART_EXPIRY_QUEUE))).toHaveLength(1);
    await db.delete(jobs).where(eq(jobs.queue, CART_EXPIRY_QUEUE));
  });
});
