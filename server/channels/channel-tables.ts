// Connected WhatsApp numbers and what their webhook delivered (messages, statuses).
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CONVERSATION_RETENTION_DAYS,
  channelAttentionReasons,
  channelStatuses,
  qualityRatings,
  type ChannelAttentionReason,
  type ChannelStatus,
  type QualityRating,
} from '@/domain/channel';
import { messageStatuses, type InboundContent, type MessageStatus } from '@/domain/whatsapp-webhook';
import { sqlList } from '../db/sql-list';
import { accounts } from '../accounts/account-tables';
import { aiBases } from '../ai-bases/ai-base-tables';
import { inventories } from '../inventories/inventory-tables';

/**
 * WhatsApp numbers connected to the Cloud API, one account's each; a number (its phone
 * number id) is connected once, whatever the account. The access token and the app secret are
 * sealed (server/secrets/secret-box.ts, the row's id as context); of the verify token only its
 * SHA-256 is kept, for the webhook's verification to find the channel by (the clear one is shown once).
 */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    phoneNumberId: text('phone_number_id').notNull(),
    wabaId: text('waba_id').notNull(),
    displayPhoneNumber: text('display_phone_number').notNull(),
    verifiedName: text('verified_name').notNull().default(''),
    qualityRating: text('quality_rating').$type<QualityRating>().notNull().default('unknown'),
    accessTokenSealed: text('access_token_sealed').notNull(),
    accessTokenHint: text('access_token_hint').notNull(),
    appSecretSealed: text('app_secret_sealed').notNull(),
    /** Hex SHA-256 of the verify token. */
    verifyTokenHash: text('verify_token_hash').notNull(),
    /** Null once the base is deleted: the channel cannot answer until another is chosen. */
    aiBaseId: uuid('ai_base_id').references(() => aiBases.id, {
      onDelete: 'set null',
    }),
    inventoryId: uuid('inventory_id').references(() => inventories.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<ChannelStatus>().notNull().default('active'),
    attentionReason: text('attention_reason').$type<ChannelAttentionReason>(),
    webhookVerifiedAt: timestamp('webhook_verified_at', { withTimezone: true }),
    /** Days its conversations (messages, replies, collected inputs) are kept (server/channels/conversation-retention.ts). */
    retentionDays: integer('retention_days').notNull().default(CONVERSATION_RETENTION_DAYS.default),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('channels_uid').on(table.uid, table.createdAt),
    uniqueIndex('channels_phone_number_id').on(table.phoneNumberId),
    uniqueIndex('channels_verify_token_hash').on(table.verifyTokenHash),
    check('channels_status_known', sql`${table.status} in (${sqlList(channelStatuses)})`),
    check('channels_attention_reason_known', sql`${table.attentionReason} in (${sqlList(channelAttentionReasons)})`),
    // A reason exactly when the channel needs attention.
    check('channels_attention_reason_given', sql`(${table.status} = 'needs_attention') = (${table.attentionReason} is not null)`),
    check('channels_quality_rating_known', sql`${table.qualityRating} in (${sqlList(qualityRatings)})`),
    check(
      'channels_retention_days_range',
      sql`${table.retentionDays} between ${sql.raw(String(CONVERSATION_RETENTION_DAYS.min))} and ${sql.raw(
        String(CONVERSATION_RETENTION_DAYS.max),
      )}`,
    ),
  ],
);

/**
 * Messages shoppers sent to a channel, as the webhook received them: Meta's message id (unique per
 * channel, so a redelivery is recognised and answered once), the sender (where the reply goes), the
 * time and what the answerer needs of the content (server/channels/channel-store.ts). Nothing else
 * of the shopper is kept (no profile name); the rows go with their channel.
 */
export const whatsappInboundMessages = pgTable(
  'whatsapp_inbound_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    sender: text('sender').notNull(),
    type: text('type').$type<InboundContent['type']>().notNull(),
    content: jsonb('content').$type<InboundContent>().notNull(),
    replyTo: text('reply_to'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('whatsapp_inbound_messages_channel_message').on(table.channelId, table.messageId),
    index('whatsapp_inbound_messages_received').on(table.channelId, table.receivedAt),
    // A shopper's last message to a number: whether their customer service window is open (./service-window.ts).
    index('whatsapp_inbound_messages_sender').on(table.channelId, table.sender, table.sentAt),
  ],
);

/**
 * The delivery statuses Meta reported for the messages a channel sent (sent, delivered, read,
 * failed with its error code), one row per message and status (a redelivery adds nothing): the
 * dashboard counts them.
 */
export const whatsappMessageStatuses = pgTable(
  'whatsapp_message_statuses',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    status: text('status').$type<MessageStatus>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Meta's first error code of a failed message. */
    errorCode: integer('error_code'),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.messageId, table.status] }),
    index('whatsapp_message_statuses_occurred').on(table.channelId, table.occurredAt),
    check('whatsapp_message_statuses_status_known', sql`${table.status} in (${sqlList(messageStatuses)})`),
  ],
);
