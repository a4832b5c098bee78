// A store's checkouts as its `checkouts/create` and `checkouts/update` webhooks last described them:
// what checkout recovery decides from (was it abandoned, whom to remind, the way back, what it held).
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  checkoutSources,
  checkoutStatuses,
  skipReasons,
  stopReasons,
  type CheckoutSource,
  type CheckoutStatus,
  type SkipReason,
  type StopReason,
} from '@/domain/checkout-recovery';
import { sqlList } from '../db/sql-list';
import { inventories } from '../inventories/inventory-tables';
import { recoveredByKinds, type RecoveredBy } from './recovery-ref';
import type { CheckoutItem } from './shopify-checkouts';

/**
 * One row per checkout of an inventory's store, by its token: the newest update Shopify sent wins
 * (deliveries may arrive out of order), and once `completed_at` is known it stays. Money in minor
 * units of the checkout's currency; the shopper's number in E.164 when Shopify's could be read.
 * Catalyst's own carts are rows too (`source` other than `store`, ./own-carts.ts): the token is
 * `cart:{cart id}`, the way back the cart summary page, the clock the cart's last checkout or link.
 */
export const storeCheckouts = pgTable(
  'store_checkouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    /** Where it came from (domain/checkout-recovery.ts's checkoutSources). */
    source: text('source').$type<CheckoutSource>().notNull().default('store'),
    /**
     * The Catalyst cart it holds: an own cart's id, or the `catalyst_cart` attribute a store checkout
     * opened from one of our links carries (an own cart yields to the store's checkout of it).
     */
    cartId: text('cart_id'),
    shopifyCheckoutId: text('shopify_checkout_id'),
    phone: text('phone'),
    whatsappUpdatesPhone: text('whatsapp_updates_phone'),
    acceptsSmsMarketing: boolean('accepts_sms_marketing').notNull().default(false),
    firstName: text('first_name'),
    /** As Shopify has it (`pt-BR`, `en`). */
    locale: text('locale'),
    currency: text('currency'),
    totalMinor: bigint('total_minor', { mode: 'number' }),
    items: jsonb('items').$type<CheckoutItem[]>().notNull(),
    recoveryUrl: text('recovery_url'),
    /**
     * When the shopper started it, and when Shopify last changed it before its order (the order's own
     * update does not move it): the abandonment clock runs from this.
     */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    shopifyUpdatedAt: timestamp('shopify_updated_at', { withTimezone: true }).notNull(),
    /** When the order was placed from it; null while it is open. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where its recovery stands (domain/checkout-recovery.ts's statuses), and why when skipped or stopped. */
    recoveryStatus: text('recovery_status').$type<CheckoutStatus>().notNull().default('waiting'),
    recoveryReason: text('recovery_reason').$type<SkipReason | StopReason>(),
    remindersSent: integer('reminders_sent').notNull().default(0),
    firstReminderAt: timestamp('first_reminder_at', { withTimezone: true }),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    /** The discount code drawn for reminder `discount_step` (made in the store once; a retry makes the same). */
    discountCode: text('discount_code'),
    discountStep: integer('discount_step'),
    /** The `ref` its reminders' links carry (server/checkouts/recovery-ref.ts), drawn before the first one goes. */
    recoveryRef: text('recovery_ref'),
    /**
     * The order that recovered it (Shopify's numeric id), what matched it, when it was placed, and its
     * value net of refunds in minor units of its currency (0 once cancelled), kept current as the order
     * is read again (server/checkouts/recovered-orders.ts). Null until that order is known.
     */
    recoveredOrderId: text('recovered_order_id'),
    recoveredBy: text('recovered_by').$type<RecoveredBy>(),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
    recoveredValueMinor: bigint('recovered_value_minor', { mode: 'number' }),
    recoveredCurrency: text('recovered_currency'),
    /** Whether that order used the checkout's discount code. */
    discountUsed: boolean('discount_used').notNull().default(false),
  },
  (table) => [
    uniqueIndex('store_checkouts_inventory_token').on(table.inventoryId, table.token),
    // Open checkouts with a number, by their last change: the ones recovery may remind.
    index('store_checkouts_open')
      .on(table.inventoryId, table.shopifyUpdatedAt)
      .where(sql`${table.completedAt} is null`),
    check('store_checkouts_source_known', sql`${table.source} in (${sqlList(checkoutSources)})`),
    // The checkouts of a cart: an own cart's row and the store's checkouts opened from it.
    index('store_checkouts_cart')
      .on(table.inventoryId, table.cartId)
      .where(sql`${table.cartId} is not null`),
    check('store_checkouts_items_array', sql`jsonb_typeof(${table.items}) = 'array'`),
    check('store_checkouts_recovery_status_known', sql`${table.recoveryStatus} in (${sqlList(checkoutStatuses)})`),
    check(
      'store_checkouts_recovery_reason_known',
      sql`${table.recoveryReason} in (${sqlList([...new Set([...skipReasons, ...stopReasons])])})`,
    ),
    // The shopper's latest recovery (the 7 days between two): by number, newest first reminder.
    index('store_checkouts_phone_reminded').on(table.phone, table.firstReminderAt),
    // An order's ref finds its checkout; an order recovers one checkout at most, and is found again by its id.
    uniqueIndex('store_checkouts_recovery_ref').on(table.recoveryRef),
    uniqueIndex('store_checkouts_recovered_order').on(table.inventoryId, table.recoveredOrderId),
    check('store_checkouts_recovered_by_known', sql`${table.recoveredBy} in (${sqlList(recoveredByKinds)})`),
  ],
);
