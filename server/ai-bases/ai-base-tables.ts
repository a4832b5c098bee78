// AI bases and the versions their saves wrote.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AiBaseFunction, AiBaseLanguage, AiBaseStatus, Instructions, Refinement, VoiceTone } from '@/domain/ai-base';
import { accounts } from '../accounts/account-tables';

/**
 * AI bases, one account's each. `version` counts saves; every saved state is also kept in
 * ai_base_versions, so a save can be reverted. `saved_steps` (0–3) is how far the wizard got.
 */
export const aiBases = pgTable(
  'ai_bases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    function: text('function').$type<AiBaseFunction>().notNull(),
    language: text('language').$type<AiBaseLanguage>().notNull(),
    voiceTone: text('voice_tone').$type<VoiceTone>().notNull(),
    personalized: boolean('personalized').notNull(),
    instructions: text('instructions').notNull().default(''),
    expectedInputs: text('expected_inputs').notNull().default(''),
    blockedTerms: jsonb('blocked_terms').$type<string[]>().notNull().default([]),
    creativity: integer('creativity').notNull(),
    model: text('model').notNull(),
    status: text('status').$type<AiBaseStatus>().notNull().default('training'),
    savedSteps: integer('saved_steps').notNull().default(1),
    /**
     * The month (its first day) of the training the base's uploads are part of, until step 2 is
     * saved: one training is the files uploaded together, not each file. Null: none open.
     */
    openTrainingMonth: date('open_training_month', { mode: 'string' }),
    channels: jsonb('channels').$type<string[]>().notNull().default(['whatsapp']),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ai_bases_uid').on(table.uid, table.createdAt),
    // One name per account, whatever the case: the list and the chat flows tell bases apart by it.
    uniqueIndex('ai_bases_uid_name').on(table.uid, sql`lower(${table.name})`),
    check('ai_bases_status_known', sql`${table.status} in ('training', 'active', 'inactive')`),
    check('ai_bases_saved_steps_range', sql`${table.savedSteps} between 0 and 3`),
  ],
);

/** What a save wrote: the editable fields of an AI base at that version. */
export type AiBaseSnapshot = Instructions & Refinement & { savedSteps: number };

export const aiBaseVersions = pgTable(
  'ai_base_versions',
  {
    baseId: uuid('base_id')
      .notNull()
      .references(() => aiBases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<AiBaseSnapshot>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.baseId, table.version] })],
);
