// The website widget's conversations (./widget-chat.ts): one row per conversation a page started, its
// messages (the shopper's and the AI base's, with the products an answer showed), and the answers
// given per account and day (the merchant's daily cap, counted in the account's time zone). Nothing
// of the shopper but what they wrote: the page's visitor id is kept only as a hash.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { widgetChatRoles, type WidgetChatRole, type WidgetProductCard } from '@/domain/widget-chat';
import { accounts } from '../accounts/account-tables';
import { sqlList } from '../db/sql-list';

export const widgetConversations = pgTable(
  'widget_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** A hash of the page's random visitor id: a conversation continues only for the page that started it. */
    visitorKey: text('visitor_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('widget_conversations_latest').on(table.uid, table.lastMessageAt)],
);

export const widgetMessages = pgTable(
  'widget_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => widgetConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<WidgetChatRole>().notNull(),
    text: text('text').notNull(),
    /** The cards an answer showed ([] for the shopper's messages). */
    cards: jsonb('cards').$type<WidgetProductCard[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('widget_messages_conversation').on(table.conversationId, table.id),
    check('widget_messages_role_known', sql`${table.role} in (${sqlList(widgetChatRoles)})`),
  ],
);

/** Answers the widget gave an account on a day of its time zone (the daily cap's count, taken before answering). */
export const widgetDailyAnswers = pgTable(
  'widget_daily_answers',
  {
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    answers: integer('answers').notNull(),
  },
  (table) => [primaryKey({ columns: [table.uid, table.day] })],
);
