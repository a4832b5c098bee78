// Campaigns (domain/campaign.ts): the wizard's draft, then, once planned, the rules and values it was
// planned with (frozen: a later edit of the audience or of a contact changes no message already
// planned), and the one template send per reachable contact it asked the sender for.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AudienceRules } from '@/domain/audience';
import type { QuietHours } from '@/domain/checkout-recovery';
import {
  CAMPAIGN_QUIET_HOURS,
  campaignPauseReasons,
  campaignStoredStatuses,
  type CampaignPauseReason,
  type CampaignSchedule,
  type CampaignStoredStatus,
  type CampaignValue,
} from '@/domain/campaign';
import { sqlList } from '../db/sql-list';
import { accounts } from '../accounts/account-tables';
import { audiences } from '../audiences/audience-tables';
import { channels } from '../channels/channel-tables';
import { inventories } from '../inventories/inventory-tables';
import { templateSends } from '../messaging/template-send-tables';

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<CampaignStoredStatus>().notNull().default('draft'),
    pauseReason: text('pause_reason').$type<CampaignPauseReason>(),
    audienceId: uuid('audience_id').references(() => audiences.id, { onDelete: 'set null' }),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    inventoryId: uuid('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    templateName: text('template_name'),
    variables: jsonb('variables').$type<Record<string, CampaignValue>>().notNull().default({}),
    schedule: jsonb('schedule').$type<CampaignSchedule>().notNull().default({ kind: 'now' }),
    /** The shopper's hours its messages wait out; null: any hour. */
    quietHours: jsonb('quiet_hours')
      .$type<QuietHours | null>()
      .default({ ...CAMPAIGN_QUIET_HOURS }),
    step: integer('step').notNull().default(0),
    /** The audience's rules as they were when planned (null for a draft). */
    plannedRules: jsonb('planned_rules').$type<AudienceRules>(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    planned: integer('planned').notNull().default(0),
    /** The `ref` its catalog links carry (set when planned): the accesses it brought are its clicks. */
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaigns_uid_created').on(table.uid, table.createdAt),
    uniqueIndex('campaigns_ref').on(table.ref),
    check('campaigns_status_known', sql`${table.status} in (${sqlList(campaignStoredStatuses)})`),
    check('campaigns_pause_reason_known', sql`${table.pauseReason} in (${sqlList(campaignPauseReasons)})`),
  ],
);

/** A campaign's message to one contact: the sender's row (its key is the campaign's and the contact's). */
export const campaignSends = pgTable(
  'campaign_sends',
  {
    /**
     * Its campaign: no foreign key, whose check per row was a tenth of planning a big campaign. Only
     * the planner writes these rows, for the campaign it holds locked; a campaign is deleted only as a
     * draft (no sends), or with its account, whose sends go with it and these with them (send_id).
     */
    campaignId: uuid('campaign_id').notNull(),
    /** The contact it was planned for (kept after the contact is deleted: the send stays counted). */
    contactId: uuid('contact_id').notNull(),
    sendId: uuid('send_id')
      .notNull()
      .references(() => templateSends.id, { onDelete: 'cascade' }),
    /** Its place in the plan (the order its days take contacts in; resume spreads the rest again in it). */
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.contactId] }),
    uniqueIndex('campaign_sends_send').on(table.sendId),
    // A campaign's sends in its plan's order, a page at a time (its export, cancel, resume).
    index('campaign_sends_position').on(table.campaignId, table.position),
  ],
);
