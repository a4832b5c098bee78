// What an AI base did with each shopper's message on WhatsApp, the AI requests it made, and a
// conversation's pending inputs (the whatsapp-inbound worker writes them).
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { mediaTypes, type MediaType } from '@/domain/plans';
import type { CitedPassage } from '@/domain/refinement-chat';
import {
  whatsappReplyFailures,
  whatsappReplyKinds,
  whatsappReplyOutcomes,
  type WhatsappReplyFailure,
  type WhatsappReplyKind,
  type WhatsappReplyOutcome,
  type WhatsappReplyPart,
} from '@/domain/whatsapp-reply';
import { sqlList } from '../db/sql-list';
import { accounts } from '../accounts/account-tables';
import { aiBases } from '../ai-bases/ai-base-tables';
import { channels, whatsappInboundMessages } from './channel-tables';

/**
 * What the AI base did with each shopper's message (server/channels/inbound-worker.ts), one row per
 * inbound message: the outcome, the reply's text and the knowledge passages it used (for the
 * merchant's conversation page; the shopper never sees them), the messages it was sent as with the
 * id Meta gave each (a retry sends only those without one, so a message is never answered twice),
 * and why it failed. `sender` repeats the message's, so a conversation's exchanges are read by index.
 */
export const whatsappReplies = pgTable(
  'whatsapp_replies',
  {
    inboundMessageId: bigint('inbound_message_id', { mode: 'number' })
      .primaryKey()
      .references(() => whatsappInboundMessages.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    outcome: text('outcome').$type<WhatsappReplyOutcome>().notNull(),
    kind: text('kind').$type<WhatsappReplyKind>(),
    /** The reply's text as the shopper reads it; null when nothing was to be sent. */
    text: text('text'),
    passages: jsonb('passages').$type<CitedPassage[]>().notNull().default([]),
    /** The model that answered (`builtin-retrieval` or the endpoint's); null for a fixed line. */
    model: text('model'),
    parts: jsonb('parts').$type<WhatsappReplyPart[]>().notNull().default([]),
    failure: text('failure').$type<WhatsappReplyFailure>(),
    /** Meta's error code, or the HTTP status of a server failure, when the failure has one. */
    errorCode: integer('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its last message went. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('whatsapp_replies_conversation').on(table.channelId, table.sender, table.inboundMessageId),
    check('whatsapp_replies_outcome_known', sql`${table.outcome} in (${sqlList(whatsappReplyOutcomes)})`),
    check('whatsapp_replies_kind_known', sql`${table.kind} in (${sqlList(whatsappReplyKinds)})`),
    check('whatsapp_replies_failure_known', sql`${table.failure} in (${sqlList(whatsappReplyFailures)})`),
  ],
);

/**
 * AI requests, append-only: each message an AI base answered on a channel, with its media type and
 * whether it was past the plan's monthly allowance (`extra`: answered all the same, billed apart).
 * The month's total is also counted in account_monthly_usage.queries; the dashboard counts these
 * rows by day and media type. One per inbound message at most (a retry counts nothing more).
 */
export const aiRequests = pgTable(
  'ai_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    aiBaseId: uuid('ai_base_id').references(() => aiBases.id, {
      onDelete: 'set null',
    }),
    channelId: uuid('channel_id').references(() => channels.id, {
      onDelete: 'set null',
    }),
    inboundMessageId: bigint('inbound_message_id', {
      mode: 'number',
    }).references(() => whatsappInboundMessages.id, {
      onDelete: 'set null',
    }),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    extra: boolean('extra').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ai_requests_uid').on(table.uid, table.occurredAt),
    uniqueIndex('ai_requests_inbound_message').on(table.inboundMessageId),
    check('ai_requests_media_type_known', sql`${table.mediaType} in (${sqlList(mediaTypes)})`),
  ],
);

/**
 * What a qualifier AI base collected from a shopper (server/channels/qualifier.ts), one row per
 * channel, shopper and expected input: the value once given (null while the question is pending),
 * the inbound message whose reply asked it and the one that answered it (plain ids, not references:
 * a retry of that message recognises its own writes; the messages go sooner under retention), and
 * when. The conversation page shows the values; they go with the channel, or after its retention.
 */
export const whatsappConversationInputs = pgTable(
  'whatsapp_conversation_inputs',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    /** The input's name as the base's expected inputs write it. */
    name: text('name').notNull(),
    value: text('value'),
    askedBy: bigint('asked_by', { mode: 'number' }),
    answeredBy: bigint('answered_by', { mode: 'number' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.sender, table.name] }),
    index('whatsapp_conversation_inputs_updated').on(table.channelId, table.updatedAt),
  ],
);
