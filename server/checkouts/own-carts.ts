// Catalyst's own carts as abandoned checkouts (domain/checkout-recovery.ts's `cart_page` and
// `whatsapp_cart` sources): a cart summary whose 'Go to checkout' was pressed with the shopper's
// number known, and a WhatsApp cart whose summary link the AI base sent a shopper. Each is one
// store_checkouts row keyed `cart:{cart id}` and queued on RECOVERY_QUEUE like a store's checkout,
// so the one recovery worker reminds it by the same flow and rules (consent among them). Its way back
// is the cart summary page; its recovery ref is drawn at once and rides the cart's checkout link as
// the recovery attribute, so the order placed from that cart — whichever reader sees it — completes it
// before any reminder, or recovers it after one (./recovered-orders.ts).
import { sql } from 'drizzle-orm';
import { RECOVERY_MIN_DELAY_MINUTES, scaledMinutesMs, type CheckoutSource } from '@/domain/checkout-recovery';
import type { Locale } from '@/domain/locales';
import type { CartLine } from '@/domain/storefront';
import type { Db } from '../db/database';
import { enqueueRows } from '../jobs/job-queue';
import type { PublicInventory, StorefrontStore } from '../storefront/storefront-store';
import { RECOVERY_QUEUE } from './checkout-intake';
import { storeCheckouts } from './checkout-tables';
import { CHECKOUT_ITEMS_MAX, type CheckoutItem } from './shopify-checkouts';
import { newRecoveryRef, RECOVERY_ATTRIBUTE } from './recovery-ref';

/** An own cart's row token: no Shopify token holds a colon. */
export const ownCartToken = (cartId: string) => `cart:${cartId}`;

/** The cart summary page of a cart, in a language: an own cart's way back. */
export const cartPageUrl = (origin: string, locale: Locale, publicId: string, cartId: string) =>
  `${origin}/${locale}/c/${encodeURIComponent(publicId)}/cart?cart=${encodeURIComponent(cartId)}`;

/** A line of an own cart as a reminder names it. */
export type OwnCartLine = { title: string; variantTitle: string; quantity: number; variantId: string | null };

/** One own cart's moment: its checkout opened, or its link sent. */
export type OwnCart = {
  inventoryId: string;
  cartId: string;
  source: Exclude<CheckoutSource, 'store'>;
  /**
   * The shopper's number, E.164 (the WhatsApp sender's, or the cart page's box); null when not known:
   * a row of the cart is then only brought up to date, none is made.
   */
  phone: string | null;
  /** The number the cart page's box gave for order updates, E.164; null: not ticked (or not that page). */
  whatsappUpdatesPhone: string | null;
  locale: Locale;
  currency: string | null;
  totalMinor: number | null;
  lines: readonly OwnCartLine[];
  /** The cart summary page (cartPageUrl): the reminder's way back. */
  recoveryUrl: string;
  at: Date;
};

const itemsOf = (lines: readonly OwnCartLine[]): CheckoutItem[] =>
  lines.slice(0, CHECKOUT_ITEMS_MAX).map((line) => ({
    title: [line.title, line.variantTitle].filter(Boolean).join(' – '),
    quantity: line.quantity,
    variantId: line.variantId,
  }));

/**
 * The row's values when a newer moment of the cart is recorded: the cart page's source wins (its
 * checkout was opened); a number the shopper wrote from (one that is not the box's) is kept, else the
 * newest given; the way back, lines and total as the shopper last saw them; the clock moves on; the
 * ref drawn first stays. A row the order completed, or a store's, is left alone.
 */
const UPDATES = sql.raw(`
  source = case when excluded.source = 'cart_page' then 'cart_page' else store_checkouts.source end,
  phone = case when store_checkouts.phone is distinct from store_checkouts.whatsapp_updates_phone
    then coalesce(store_checkouts.phone, excluded.phone) else coalesce(excluded.phone, store_checkouts.phone) end,
  whatsapp_updates_phone = coalesce(excluded.whatsapp_updates_phone, store_checkouts.whatsapp_updates_phone),
  locale = excluded.locale,
  currency = coalesce(excluded.currency, store_checkouts.currency),
  total_minor = coalesce(excluded.total_minor, store_checkouts.total_minor),
  items = case when jsonb_array_length(excluded.items) > 0 then excluded.items else store_checkouts.items end,
  recovery_url = excluded.recovery_url,
  shopify_updated_at = greatest(excluded.shopify_updated_at, store_checkouts.shopify_updated_at),
  recovery_ref = coalesce(store_checkouts.recovery_ref, excluded.recovery_ref)`);

export type OwnCartsOptions = {
  /** The shopper's side: a WhatsApp cart's lines are read against the last sync. */
  storefront: Pick<StorefrontStore, 'summary'>;
  /** DEMO_TIME_SCALE: the first look comes this many times sooner (1 but in a demo). */
  timeScale?: number;
};

export function ownCarts(db: Db, { storefront, timeScale = 1 }: OwnCartsOptions) {
  const firstLookMs = scaledMinutesMs(RECOVERY_MIN_DELAY_MINUTES, timeScale);

  /**
   * Records a moment of an own cart (a new row, or its row brought up to date) and queues its recovery
   * job (one that is queued already keeps its time and reads the change when it runs). The recovery
   * ref its checkout link is to carry; null when no row holds the cart (no number known) or its order
   * was placed.
   */
  async function record(cart: OwnCart): Promise<string | null> {
    const values = {
      source: cart.source,
      items: JSON.stringify(itemsOf(cart.lines)),
      at: cart.at.toISOString(),
    };
    const recorded =
      cart.phone === null
        ? sql`update ${storeCheckouts} set
            source = case when ${values.source} = 'cart_page' then 'cart_page' else ${storeCheckouts.source} end,
            whatsapp_updates_phone = coalesce(${cart.whatsappUpdatesPhone}, ${storeCheckouts.whatsappUpdatesPhone}),
            locale = ${cart.locale}, currency = coalesce(${cart.currency}, ${storeCheckouts.currency}),
            total_minor = coalesce(${cart.totalMinor}::bigint, ${storeCheckouts.totalMinor}),
            items = case when jsonb_array_length(${values.items}::jsonb) > 0 then ${values.items}::jsonb else ${storeCheckouts.items} end,
            recovery_url = ${cart.recoveryUrl},
            shopify_updated_at = greatest(${values.at}::timestamptz, ${storeCheckouts.shopifyUpdatedAt}),
            recovery_ref = coalesce(${storeCheckouts.recoveryRef}, ${newRecoveryRef()})
          where ${storeCheckouts.inventoryId} = ${cart.inventoryId}::uuid and ${storeCheckouts.token} = ${ownCartToken(cart.cartId)}
            and ${storeCheckouts.completedAt} is null and ${storeCheckouts.source} <> 'store'
          returning ${storeCheckouts.id} as id, ${storeCheckouts.recoveryRef} as recovery_ref`
        : sql`insert into ${storeCheckouts} (inventory_id, token, source, cart_id, phone, whatsapp_updates_phone, locale, currency,
            total_minor, items, recovery_url, started_at, shopify_updated_at, recovery_ref)
          values (${cart.inventoryId}::uuid, ${ownCartToken(cart.cartId)}, ${values.source}, ${cart.cartId}, ${cart.phone},
            ${cart.whatsappUpdatesPhone}, ${cart.locale}, ${cart.currency}, ${cart.totalMinor}::bigint, ${values.items}::jsonb,
            ${cart.recoveryUrl}, ${values.at}::timestamptz, ${values.at}::timestamptz, ${newRecoveryRef()})
          on conflict (inventory_id, token) do update set ${UPDATES}
          where store_checkouts.completed_at is null and store_checkouts.source <> 'store'
          returning id, recovery_ref`;
    const result = await db.execute(sql`with recorded as (${recorded}),
      queued as (${enqueueRows(RECOVERY_QUEUE, sql`select jsonb_build_object('checkoutId', id) as payload from recorded`, { skipDuplicates: true, delayMs: firstLookMs })})
      select recovery_ref from recorded`);
    const [row] = (result as unknown as { rows: { recovery_ref: string | null }[] }).rows;
    return row?.recovery_ref ?? null;
  }

  return {
    record,

    /**
     * 'Go to checkout' on a cart page: the cart attributes its checkout link is to carry (the recovery
     * ref, when a row holds the cart: its order is then known as this cart's whichever reader sees it).
     */
    async checkoutOpened(cart: Omit<OwnCart, 'source'>): Promise<Record<string, string>> {
      const ref = await record({ ...cart, source: 'cart_page' });
      return ref === null ? {} : { [RECOVERY_ATTRIBUTE]: ref };
    },

    /** The AI base sent a shopper the summary link of a cart their WhatsApp order made: its lines read against the last sync. */
    async whatsappCartSent({
      inventory,
      cartId,
      lines,
      phone,
      locale,
      recoveryUrl,
      at,
    }: {
      inventory: PublicInventory;
      cartId: string;
      lines: CartLine[];
      phone: string;
      locale: Locale;
      recoveryUrl: string;
      at: Date;
    }): Promise<void> {
      const summary = await storefront.summary(inventory, cartId, lines);
      const buyable = summary.lines.filter((line) => line.available);
      if (buyable.length === 0) return; // nothing in it can be bought: nothing to remind
      await record({
        inventoryId: inventory.id,
        cartId,
        source: 'whatsapp_cart',
        phone,
        whatsappUpdatesPhone: null,
        locale,
        currency: summary.currency,
        totalMinor: summary.totalMinor,
        lines: buyable.map((line) => ({
          title: line.title ?? line.retailerId,
          variantTitle: line.variantTitle,
          quantity: line.quantity,
          variantId: null,
        })),
        recoveryUrl,
        at,
      });
    },
  };
}

export type OwnCarts = ReturnType<typeof ownCarts>;
