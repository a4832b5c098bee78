// The template sender's tables: every message Catalyst sends first (a notice, a recovery reminder, a
// campaign's message) as one row from the moment it is asked for until its outcome, and each
// number's throughput bucket, so every worker process paces a number alike (state two processes must
// agree on lives here, never in one process's memory).
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { templateCategories, type TemplateCategory } from '@/domain/message-template';
import { sqlList } from '../db/sql-list';
import { accounts } from '../accounts/account-tables';
import { channels } from '../channels/channel-tables';
import { templateSendStatuses, type TemplateSendStatus } from '@/domain/template-send';

/**
 * One template message to one shopper. `send_key` names what it is for (an order's confirmation to a
 * number, a campaign's message to a contact): asked for twice, it is one row, so it goes once across
 * retries, restarts and workers. Status: queued (waiting for its turn or a retry), sending (Meta is
 * being asked: `attempt_started_at`), sent / delivered / read (Meta's word), failed (an outcome with
 * its reason, before Meta was asked or after).
 */
export const templateSends = pgTable(
  'template_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    sendKey: text('send_key').notNull(),
    /** What asked for it: a notice kind, 'recovery', 'campaign' (the dashboard counts by it). */
    purpose: text('purpose').notNull(),
    templateName: text('template_name').notNull(),
    /** The template's language the shopper gets (from their language, else the asker's choice). */
    language: text('language').notNull(),
    /** The template's category when it was sent (null until the template is known). */
    category: text('category').$type<TemplateCategory>(),
    /** E.164. */
    recipient: text('recipient').notNull(),
    /** ISO 3166 alpha-2 of the recipient's number: the price's market. */
    country: text('country'),
    /** The template's variables by name. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    status: text('status').$type<TemplateSendStatus>().notNull().default('queued'),
    /** Why it waits or ended (server/messaging/send-outcomes.ts, domain/template-send.ts): stable, translated by the SPA. */
    reason: text('reason'),
    /** Meta's error code, when Meta gave one. */
    code: integer('code'),
    /** Attempts that asked Meta. */
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    metaMessageId: text('meta_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Meta's price of it (USD micros) with the rate card in force on its day, and the card's market and date. */
    costMicros: integer('cost_micros'),
    pricingMarket: text('pricing_market'),
    rateCardFrom: text('rate_card_from'),
    /**
     * Whether the shopper's customer service window with the number was open when it went: such a
     * message does not count against the messaging limit, and a utility one is free where the card says so.
     */
    inServiceWindow: boolean('in_service_window').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('template_sends_key').on(table.uid, table.sendKey),
    // The messaging limit counts the people an account reached in the last 24 hours. Both indexes hold only
    // sends Meta took: a campaign plans its sends by the hundred thousand, and a queued one has neither.
    index('template_sends_reached')
      .on(table.uid, table.sentAt)
      .where(sql`${table.sentAt} is not null`),
    index('template_sends_meta_message')
      .on(table.channelId, table.metaMessageId)
      .where(sql`${table.metaMessageId} is not null`),
    check('template_sends_status_known', sql`${table.status} in (${sqlList(templateSendStatuses)})`),
    check('template_sends_category_known', sql`${table.category} in (${sqlList(templateCategories)})`),
  ],
);

/**
 * A number's send window (messaging-limit.ts planSendWindow): the times of its latest admissions,
 * counted under a row lock, and when it was last counted.
 */
export const messagingWindows = pgTable('messaging_buckets', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  /** Milliseconds since the epoch, oldest first; the pace's rate of them at most. */
  recent: bigint('recent', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'::bigint[]`),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** The messaging limit of an account's business portfolio as last read from Meta (its numbers' highest). */
export const messagingLimits = pgTable('messaging_limits', {
  uid: text('uid')
    .primaryKey()
    .references(() => accounts.uid, { onDelete: 'cascade' }),
  /** People per moving 24 hours; null: unlimited. */
  limit: integer('limit'),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});
