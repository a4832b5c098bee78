// The dashboard's rollups, kept by triggers in the migrations.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { bigint, date, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account-tables';

/**
 * What happened, summed per account, day and source: the inventory, AI base and WhatsApp number it
 * came through (null where the event has none), and for orders their currency ('' on rows without
 * money). The day is the account's, cut in its time zone (accounts.time_zone, UTC until set), so a
 * 90-day page load reads a few hundred rows; changing the zone recounts the account's rows from the
 * raw events (server/dashboard/time-zone-change.ts).
 *
 * Kept by triggers (migrations 0019–0020, `dashboard_rollup_*`) in the transaction that writes the
 * events, whatever code writes them: storefront_events and ai_requests add their batch's counts, a
 * template send its message on the update that records Meta took it (migration 0028); an
 * attributed order's insert adds it and its update (a refund, a cancellation, a late sync) takes
 * the old row's contribution off and adds the new one, on the day the order was placed. An
 * inventory's deletion zeroes its shop figures (its raw events go with it) and keeps the AI requests.
 */
export const dashboardRollups = pgTable(
  'dashboard_rollups',
  {
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** The day in the account's time zone. */
    day: date('day', { mode: 'string' }).notNull(),
    // No foreign keys: a deleted base's or number's requests still cost what they cost.
    inventoryId: uuid('inventory_id'),
    aiBaseId: uuid('ai_base_id'),
    channelId: uuid('channel_id'),
    currency: text('currency').notNull().default(''),
    accesses: integer('accesses').notNull().default(0),
    cartViews: integer('cart_views').notNull().default(0),
    checkouts: integer('checkouts').notNull().default(0),
    catalogsSent: integer('catalogs_sent').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    orderValueMinor: bigint('order_value_minor', { mode: 'number' }).notNull().default(0),
    requestsText: integer('requests_text').notNull().default(0),
    requestsVision: integer('requests_vision').notNull().default(0),
    requestsFile: integer('requests_file').notNull().default(0),
    requestsVoice: integer('requests_voice').notNull().default(0),
    extraRequests: integer('extra_requests').notNull().default(0),
    /** Template messages Catalyst sent first (server/messaging/), on the day Meta took them, by category. */
    messagesUtility: integer('messages_utility').notNull().default(0),
    messagesMarketing: integer('messages_marketing').notNull().default(0),
    /** Their price from the rate card of their day, USD millionths (domain/message-pricing.ts). */
    messageCostMicros: bigint('message_cost_micros', { mode: 'number' }).notNull().default(0),
    /** Of them, post-sale notices (order confirmations and shipping updates). */
    noticesSent: integer('notices_sent').notNull().default(0),
    /**
     * Checkout recovery, on the day a checkout's first reminder went: checkouts reminded, those of them
     * recovered and those whose order used their discount code (on the '' row), and the recovered
     * orders' value net of refunds (on the row of its currency).
     */
    checkoutsReminded: integer('checkouts_reminded').notNull().default(0),
    checkoutsRecovered: integer('checkouts_recovered').notNull().default(0),
    recoveryDiscountsUsed: integer('recovery_discounts_used').notNull().default(0),
    recoveredValueMinor: bigint('recovered_value_minor', { mode: 'number' }).notNull().default(0),
    /**
     * The website widget (widget_events, migration 0052): pages it was shown on, panels opened, chats
     * begun, product finder searches, clicks to WhatsApp and the WhatsApp conversations its codes began.
     */
    widgetViews: integer('widget_views').notNull().default(0),
    widgetOpens: integer('widget_opens').notNull().default(0),
    widgetChats: integer('widget_chats').notNull().default(0),
    widgetSearches: integer('widget_searches').notNull().default(0),
    widgetWhatsappClicks: integer('widget_whatsapp_clicks').notNull().default(0),
    widgetHandoffs: integer('widget_handoffs').notNull().default(0),
  },
  (table) => [
    // The triggers' upsert target, and the dashboard's read (an account's days in a range).
    unique('dashboard_rollups_key')
      .on(table.uid, table.day, table.inventoryId, table.aiBaseId, table.channelId, table.currency)
      .nullsNotDistinct(),
  ],
);
