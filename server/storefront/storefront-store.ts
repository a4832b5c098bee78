// The shopper's side of an inventory, read and written without an account: the inventory behind a
// public id (only what its public pages may show: never a token or the admin address), carts made
// from a WhatsApp order or a link (expired CART_EXPIRY_DAYS after: ./cart-expiry.ts), and a cart's
// summary against the last sync's products. A line names a product by the catalog's retailer id, or
// by the variant id of a store variant the catalog lacks (the form a catalog's retailer id may take).
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InventoryProduct } from '@/domain/inventory-sync';
import { checkoutLink } from '@/domain/checkout-link';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import {
  cartExpired,
  type CartLine,
  type CartLineProblem,
  type CartSource,
  type CartSummary,
  type CartSummaryLine,
  type CatalogProduct,
  type PublicCatalog,
  type WhatsappOrder,
} from '@/domain/storefront';
import type { Db } from '../db/database';
import { carts } from './storefront-tables';
import {
  namedProductIdsSql,
  productsNamed,
  publishedInventory,
  storeVariants,
  type PublishedInventory,
} from '../inventories/inventory-queries';

/** An inventory as its public pages see it. */
export type PublicInventory = PublishedInventory;

/** Why the public API refuses an order or a cart (server/routes/storefront-routes.ts maps them to statuses). */
export class StorefrontRefusal extends Error {
  constructor(readonly reason: 'inventory_not_found' | 'cart_not_found' | 'cart_expired' | 'catalog_mismatch' | 'nothing_to_checkout') {
    super(reason);
  }
}

/** 11 characters, 64 random bits: short enough for a chat message, not guessable. */
const newCartId = () => randomBytes(8).toString('base64url');

/** The rows of `execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The rows of an inventory's products that a list of line ids names: by retailer id (the index
 * inventory_products_retailer_id), or as a store variant's id (the key `v:{variant id}`, the primary
 * key). The list is one jsonb parameter, whatever the driver makes of arrays; both lookups stay index
 * scans in this shape on PGlite and PostgreSQL (a BitmapOr of the two indexes).
 */

/**
 * Digits by currency code, as Intl found them: building a NumberFormat costs more than the rest of
 * an order's line, and an order repeats one currency. Only well-formed codes are kept, and no more
 * than a few hundred (the code is the shopper's input, and real currencies are fewer).
 */
const fractionDigitsByCurrency = new Map<string, number>();
const FRACTION_DIGITS_CACHE_MAX = 512;

/** Digits after the point in a currency (2 unless Intl knows better; 0 for JPY, 3 for KWD). */
function fractionDigits(currency: string): number {
  const known = fractionDigitsByCurrency.get(currency);
  if (known !== undefined) return known;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // Not a currency Intl can format (a malformed code): 2, like most currencies.
  }
  if (/^[A-Z]{3}$/.test(currency) && fractionDigitsByCurrency.size < FRACTION_DIGITS_CACHE_MAX)
    fractionDigitsByCurrency.set(currency, digits);
  return digits;
}

/** WhatsApp's `item_price` (a decimal in major units, as a number or string) in minor units; null when not a price. */
export function orderPriceMinor(price: number | string | undefined, currency: string | undefined): number | null {
  if (price === undefined || price === '') return null;
  const amount = typeof price === 'number' ? price : Number(price);
  if (!Number.isFinite(amount) || amount < 0) return null;
  const minor = Math.round(amount * 10 ** fractionDigits(currency ?? 'USD'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Most products the public catalog lists (a page of them is what a phone shows; search narrows the rest later). */
export const PUBLIC_CATALOG_LIMIT = 2_000;
/** Catalogs kept in memory between syncs, and the largest one kept (in variants). */
const CATALOG_CACHE_ENTRIES = 200;
const CATALOG_CACHE_MAX_VARIANTS = 10_000;

/**
 * The public catalog of the last sync's products: the variants the store sells (a catalog item no
 * variant backs cannot be bought, so it is not listed), grouped by product in the store's order.
 */
export function groupCatalog(rows: readonly InventoryProduct[]): CatalogProduct[] {
  const products = new Map<string, CatalogProduct>();
  for (const row of rows) {
    if (row.variantId === null) continue;
    const id = row.productId ?? row.variantId;
    const product = products.get(id) ?? {
      id,
      title: row.title,
      imageUrl: row.imageUrl,
      productType: row.productType || null,
      variants: [],
    };
    product.imageUrl ??= row.imageUrl;
    product.variants.push({
      lineId: row.retailerId ?? row.variantId,
      title: row.variantTitle,
      priceMinor: row.priceMinor,
      available: row.available,
    });
    products.set(id, product);
  }
  return [...products.values()];
}

/**
 * How long a public id's inventory is remembered: every public request (a page, a cart from an
 * order, checkout, events) starts with it, and a popular link then costs no database round trip per
 * shopper. A new sync, a merchant's edit or a deletion shows within this.
 */
export const INVENTORY_TTL_MS = 5_000;
const INVENTORIES_REMEMBERED = 2_000;

/** A cart about to be checked out: its id and the lines the store can sell, with today's prices. */
export type CheckoutCart = {
  cartId: string;
  lines: Array<{ title: string; variantTitle: string; quantity: number; variantId: string }>;
  /** The sellable lines at the last sync's prices, in minor units of the store's currency. */
  totalMinor: number;
};

/** A stored cart as the public pages see it: its lines, or that it expired. */
export type StoredCart = { expired: false; lines: CartLine[] } | { expired: true };

/** `now`: the clock a cart's expiry is read on (tests set theirs). */
export function storefrontStore(db: Db, { now = () => new Date() }: { now?: () => Date } = {}) {
  // The catalog of each inventory as its last sync left it: a sync changes lastSyncedAt, which the key holds.
  const catalogCache = new Map<string, { syncedAt: number; catalog: PublicCatalog }>();
  const rememberedInventories = new Map<string, { at: number; inventory: Promise<PublicInventory | null> }>();

  /** The products of these line ids, by line id (retailer id first, then a store variant's id). */
  async function productsOf(inventoryId: string, ids: string[]): Promise<Map<string, InventoryProduct>> {
    if (ids.length === 0) return new Map();
    const products = await productsNamed(db, inventoryId, ids);
    const found = new Map<string, InventoryProduct>();
    for (const product of products) if (product.retailerId) found.set(product.retailerId, product);
    for (const product of products) if (product.variantId && !found.has(product.variantId)) found.set(product.variantId, product);
    return found;
  }

  return {
    /** The configured inventory behind a public id, or null (a malformed id is simply unknown); remembered INVENTORY_TTL_MS. */
    inventory(publicId: string): Promise<PublicInventory | null> {
      // Public ids are base64url (inventory-store.ts): anything else (a NUL, a half emoji) is unknown without asking the database.
      if (publicId.length > 64 || !/^[\w-]+$/.test(publicId)) return Promise.resolve(null);
      const now = Date.now();
      const known = rememberedInventories.get(publicId);
      if (known && now - known.at < INVENTORY_TTL_MS) return known.inventory;
      const inventory = publishedInventory(db, publicId);
      rememberedInventories.delete(publicId);
      if (rememberedInventories.size >= INVENTORIES_REMEMBERED) rememberedInventories.delete(rememberedInventories.keys().next().value!);
      rememberedInventories.set(publicId, { at: now, inventory });
      inventory.catch(() => rememberedInventories.delete(publicId));
      return inventory;
    },

    /** The public catalog, from memory until the next sync. */
    async catalog(inventory: PublicInventory): Promise<PublicCatalog> {
      const syncedAt = inventory.lastSyncedAt?.getTime() ?? 0;
      const cached = catalogCache.get(inventory.id);
      if (cached && cached.syncedAt === syncedAt) return cached.catalog;
      const variants = await storeVariants(db, inventory.id, PUBLIC_CATALOG_LIMIT * 4);
      const catalog: PublicCatalog = {
        publicId: inventory.publicId,
        storeName: inventory.storeName,
        currency: inventory.currency,
        products: groupCatalog(variants).slice(0, PUBLIC_CATALOG_LIMIT),
        lastSyncedAt: inventory.lastSyncedAt?.toISOString() ?? null,
      };
      catalogCache.delete(inventory.id);
      if (variants.length <= CATALOG_CACHE_MAX_VARIANTS) {
        if (catalogCache.size >= CATALOG_CACHE_ENTRIES) catalogCache.delete(catalogCache.keys().next().value!);
        catalogCache.set(inventory.id, { syncedAt, catalog });
      }
      return catalog;
    },

    /** A cart from a WhatsApp order of this inventory's catalog; the ids the last sync did not know are kept and reported. */
    async cartFromWhatsappOrder(inventory: PublicInventory, order: WhatsappOrder) {
      if (order.catalog_id !== inventory.catalogId) throw new StorefrontRefusal('catalog_mismatch');
      const lines = new Map<string, CartLine>();
      for (const item of order.product_items) {
        const retailerId = item.product_retailer_id.trim();
        const quantity = Math.min(999, Math.max(1, Number(item.quantity)));
        const previous = lines.get(retailerId);
        lines.set(retailerId, {
          retailerId,
          quantity: Math.min(999, (previous?.quantity ?? 0) + quantity),
          priceMinor: orderPriceMinor(item.item_price, item.currency),
          currency: item.currency && /^[A-Z]{3}$/.test(item.currency) ? item.currency : null,
        });
      }
      // One round trip on the order-to-cart API's path: the cart is written (a data-modifying WITH runs
      // whether or not the query reads it) and the ids the last sync knows are read, ids only.
      const ids = [...lines.keys()];
      const id = newCartId();
      const rows = rowsOf<{ retailer_id: string | null; variant_id: string | null }>(
        await db.execute(sql`
          with saved as (
            insert into ${carts} (id, inventory_id, source, lines)
            values (${id}, ${inventory.id}, ${'whatsapp_order' satisfies CartSource}, ${JSON.stringify([...lines.values()])}::jsonb)
          )
          ${namedProductIdsSql(inventory.id, ids)}`),
      );
      const known = new Set(rows.flatMap((row) => [row.retailer_id, row.variant_id]));
      return { cartId: id, lines: [...lines.values()], unknownRetailerIds: ids.filter((retailerId) => !known.has(retailerId)) };
    },

    async saveCart(inventoryId: string, source: CartSource, lines: CartLine[]): Promise<string> {
      const id = newCartId();
      await db.insert(carts).values({ id, inventoryId, source, lines });
      return id;
    },

    /** A stored cart of this inventory: its lines, or that it expired; null when it has no such cart. */
    async cart(inventoryId: string, cartId: string): Promise<StoredCart | null> {
      const [row] = await db
        .select({ lines: carts.lines, createdAt: carts.createdAt })
        .from(carts)
        .where(and(eq(carts.id, cartId), eq(carts.inventoryId, inventoryId)));
      if (!row) return null;
      return cartExpired(row.createdAt, now()) ? { expired: true } : { expired: false, lines: row.lines };
    },

    /** A stored cart's lines, or null when this inventory has no such cart or it expired. */
    async cartLines(inventoryId: string, cartId: string): Promise<CartLine[] | null> {
      const stored = await this.cart(inventoryId, cartId);
      return stored && !stored.expired ? stored.lines : null;
    },

    /**
     * 'Go to checkout': the lines the store can sell become a cart (the given one when it is this
     * inventory's, so the order a WhatsApp cart brings is tied to it) and the link to Shopify's
     * checkout, with the number for order updates when the shopper gave one; the others are left out
     * and named. `attributesFor` may add cart attributes of ours once the cart is known (checkout
     * recovery's ref of an own cart: server/checkouts/own-carts.ts).
     */
    async checkout(
      inventory: PublicInventory,
      {
        cartId,
        lines,
        source,
        whatsappUpdates,
        attributesFor,
      }: {
        cartId?: string;
        lines?: CartLine[];
        source: CartSource;
        /** The number (E.164) the shopper asked order updates on: the checkout carries it as a cart attribute. */
        whatsappUpdates?: string;
        attributesFor?: (cart: CheckoutCart) => Promise<Record<string, string>>;
      },
    ) {
      const stored = cartId === undefined ? null : await this.cart(inventory.id, cartId);
      if (cartId !== undefined && !stored) throw new StorefrontRefusal('cart_not_found');
      // An expired cart is not checked out: its prices and stock are a month old.
      if (stored?.expired) throw new StorefrontRefusal('cart_expired');
      const chosen = stored ? stored.lines : (lines ?? []);
      const products = await productsOf(
        inventory.id,
        chosen.map((line) => line.retailerId),
      );
      const leftOut: Array<{ retailerId: string; problem: CartLineProblem }> = [];
      const sellable: Array<{ line: CartLine; variantId: string }> = [];
      for (const line of chosen) {
        const product = products.get(line.retailerId);
        const problem: CartLineProblem | null = !product
          ? 'unknown'
          : product.variantId === null
            ? 'not_sold_in_store'
            : !product.available
              ? 'unavailable'
              : null;
        if (problem) leftOut.push({ retailerId: line.retailerId, problem });
        else sellable.push({ line, variantId: product!.variantId! });
      }
      if (sellable.length === 0) throw new StorefrontRefusal('nothing_to_checkout');
      const id = cartId ?? (await this.saveCart(inventory.id, source, chosen));
      const more = attributesFor
        ? await attributesFor({
            cartId: id,
            lines: sellable.map(({ line, variantId }) => {
              const product = products.get(line.retailerId)!;
              return { title: product.title, variantTitle: product.variantTitle, quantity: line.quantity, variantId };
            }),
            totalMinor: sellable.reduce((sum, { line }) => sum + (products.get(line.retailerId)!.priceMinor ?? 0) * line.quantity, 0),
          })
        : {};
      const attributes = { ...more, ...(whatsappUpdates === undefined ? {} : { [WHATSAPP_UPDATES_ATTRIBUTE]: whatsappUpdates }) };
      const link = checkoutLink({
        website: inventory.website,
        lines: sellable.map(({ line, variantId }) => ({ variantId, quantity: line.quantity })),
        attributionCode: inventory.attributionCode,
        cartId: id,
        ...(Object.keys(attributes).length === 0 ? {} : { attributes }),
        checkoutParams: inventory.checkoutParams,
        trackingUrl: inventory.trackingUrl,
      });
      // Variant ids come from the store and the website was checked when saved: a refusal here is a bug, not the shopper's.
      if (!link.ok) throw new Error(`checkout link refused: ${link.reason}`);
      return { cartId: id, url: link.url, leftOut };
    },

    /** Each line against the last sync: today's price and stock, and what the shopper should know. */
    async summary(inventory: PublicInventory, cartId: string | null, lines: CartLine[]): Promise<CartSummary> {
      const products = await productsOf(
        inventory.id,
        lines.map((line) => line.retailerId),
      );
      const summaryLines = lines.map((line): CartSummaryLine => {
        const product = products.get(line.retailerId);
        if (!product)
          return {
            retailerId: line.retailerId,
            quantity: line.quantity,
            title: null,
            variantTitle: '',
            imageUrl: null,
            priceMinor: null,
            chosenPriceMinor: line.priceMinor,
            currency: line.currency,
            available: false,
            problem: 'unknown',
          };
        const priceChanged = line.priceMinor !== null && product.priceMinor !== null && line.priceMinor !== product.priceMinor;
        return {
          retailerId: line.retailerId,
          quantity: line.quantity,
          title: product.title,
          variantTitle: product.variantTitle,
          imageUrl: product.imageUrl,
          priceMinor: product.priceMinor,
          chosenPriceMinor: priceChanged ? line.priceMinor : null,
          currency: product.currency,
          available: product.available && product.variantId !== null,
          problem:
            product.variantId === null ? 'not_sold_in_store' : !product.available ? 'unavailable' : priceChanged ? 'price_changed' : null,
        };
      });
      const totalMinor = summaryLines
        .filter((line) => line.available && line.priceMinor !== null)
        .reduce((sum, line) => sum + line.priceMinor! * line.quantity, 0);
      return {
        cartId,
        storeName: inventory.storeName,
        currency: inventory.currency,
        lines: summaryLines,
        totalMinor,
        lastSyncedAt: inventory.lastSyncedAt?.toISOString() ?? null,
      };
    },
  };
}

export type StorefrontStore = ReturnType<typeof storefrontStore>;
