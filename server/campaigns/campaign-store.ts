// An account's campaigns (domain/campaign.ts): the wizard's drafts (created, saved at every step,
// deleted), their review and planning (./campaign-planner.ts), and a planned campaign's life — paused
// by the merchant or because Meta stopped its template, resumed (what is left spread again from now
// by the messaging limit and out of quiet hours), cancelled (what is left ends, refused as no longer
// wanted). A pause is seen by every worker in the send's turn (./campaign-queries.ts); the queued jobs
// are held too, so a paused campaign costs the queue nothing.
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  campaignSendDueAt,
  campaignOfSendKey,
  shownCampaignStatus,
  type Campaign,
  type CampaignDraft,
  type CampaignPauseReason,
  type CampaignReview,
} from '@/domain/campaign';
import { shopperTimeZone } from '@/domain/phone-time-zone';
import { accountTimeZone } from '../accounts/account-queries';
import type { Db } from '../db/database';
import { dropJobsSql, holdJobsSql, queuedJobIds, rescheduleJobsSql } from '../jobs/job-queue';
import { anySendOpenSql, endQueuedSendsSql, queuedSends, sendRowsAfter, type SendRow } from '../messaging/messaging-queries';
import { CAMPAIGN_PACE_MS } from '../messaging/messaging-limit';
import { TEMPLATE_SEND_QUEUE, type TemplateSender } from '../messaging/template-sender';
import { campaignPlanner, type CampaignPlannerDependencies } from './campaign-planner';
import { campaignSends, campaigns } from './campaign-tables';

const DEFAULT_ZONE = 'America/Sao_Paulo';
/** Sends read or changed per statement (an export's page, a resume's, a cancel's). */
const PAGE = 5_000;

export class CampaignRefusal extends Error {
  constructor(readonly reason: 'not_found' | 'not_draft' | 'not_active' | 'not_paused' | 'ended') {
    super(reason);
  }
}

type Row = typeof campaigns.$inferSelect;

/** The campaign's sends, as a select of `send_id` and `position` for the messaging area's queries. */
const sendsOf = (id: string) => sql`select ${campaignSends.sendId} as send_id, ${campaignSends.position} as position
  from ${campaignSends} where ${campaignSends.campaignId} = ${id}`;

export function campaignStore(db: Db, deps: CampaignPlannerDependencies & { sender: TemplateSender }) {
  const now = deps.now ?? (() => new Date());
  const planner = campaignPlanner(db, deps);
  const own = (uid: string, id: string) => and(eq(campaigns.uid, uid), eq(campaigns.id, id));
  const open = sql<boolean>`${anySendOpenSql(sql`select ${campaignSends.sendId} from ${campaignSends} where ${campaignSends.campaignId} = ${campaigns.id}`)}`;

  const viewOf = (row: Row & { open: boolean }): Campaign => ({
    id: row.id,
    name: row.name,
    audienceId: row.audienceId,
    channelId: row.channelId,
    inventoryId: row.inventoryId,
    templateName: row.templateName,
    variables: row.variables,
    schedule: row.schedule,
    quietHours: row.quietHours,
    step: row.step,
    status: shownCampaignStatus(row.status, row.startsAt, row.open ? 1 : 0, now()),
    pauseReason: row.pauseReason,
    startsAt: row.startsAt?.toISOString() ?? null,
    plannedAt: row.plannedAt?.toISOString() ?? null,
    planned: row.planned,
    ref: row.ref,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  async function row(uid: string, id: string): Promise<Row & { open: boolean }> {
    const [found] = await db.select({ campaign: campaigns, open }).from(campaigns).where(own(uid, id));
    if (!found) throw new CampaignRefusal('not_found');
    return { ...found.campaign, open: found.open };
  }

  /** Holds the campaign's queued jobs and marks it paused (for `reason`), when it is active. */
  async function pauseFor(where: ReturnType<typeof own>, reason: CampaignPauseReason): Promise<boolean> {
    return db.transaction(async (tx) => {
      const paused = await tx
        .update(campaigns)
        .set({ status: 'paused', pauseReason: reason, updatedAt: now() })
        .where(and(where, eq(campaigns.status, 'active')))
        .returning({ id: campaigns.id });
      if (paused.length === 0) return false;
      await tx.execute(holdJobsSql(TEMPLATE_SEND_QUEUE, 'campaignId', paused[0]!.id));
      return true;
    });
  }

  return {
    async list(uid: string): Promise<Campaign[]> {
      const rows = await db
        .select({ campaign: campaigns, open })
        .from(campaigns)
        .where(eq(campaigns.uid, uid))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
      return rows.map((found) => viewOf({ ...found.campaign, open: found.open }));
    },

    async get(uid: string, id: string): Promise<Campaign> {
      return viewOf(await row(uid, id));
    },

    async create(uid: string, { name }: { name: string }): Promise<Campaign> {
      const [made] = await db.insert(campaigns).values({ uid, name }).returning({ id: campaigns.id });
      return this.get(uid, made!.id);
    },

    /** Saves the wizard's draft (refused once it was planned: its plan is frozen). */
    async saveDraft(uid: string, id: string, draft: CampaignDraft): Promise<Campaign> {
      const saved = await db
        .update(campaigns)
        .set({
          name: draft.name,
          audienceId: draft.audienceId,
          channelId: draft.channelId,
          inventoryId: draft.inventoryId,
          templateName: draft.templateName,
          variables: draft.variables,
          schedule: draft.schedule,
          quietHours: draft.quietHours,
          step: draft.step,
          updatedAt: now(),
        })
        .where(and(own(uid, id), eq(campaigns.status, 'draft')))
        .returning({ id: campaigns.id });
      if (saved.length === 0) {
        await row(uid, id);
        throw new CampaignRefusal('not_draft');
      }
      return this.get(uid, id);
    },

    /** Deletes a draft (a planned campaign stays: its sends are counted). */
    async remove(uid: string, id: string): Promise<void> {
      const gone = await db
        .delete(campaigns)
        .where(and(own(uid, id), eq(campaigns.status, 'draft')))
        .returning({ id: campaigns.id });
      if (gone.length === 0) {
        await row(uid, id);
        throw new CampaignRefusal('not_draft');
      }
    },

    async review(uid: string, id: string): Promise<CampaignReview> {
      const found = await row(uid, id);
      if (found.status !== 'draft') throw new CampaignRefusal('not_draft');
      return planner.review(uid, found);
    },

    async plan(uid: string, id: string, options: { siteOrigin: string }): Promise<Campaign> {
      const found = await row(uid, id);
      if (found.status !== 'draft') throw new CampaignRefusal('not_draft');
      if ((await planner.plan(uid, found, options)) === null) throw new CampaignRefusal('not_draft');
      return this.get(uid, id);
    },

    async pause(uid: string, id: string): Promise<Campaign> {
      if (!(await pauseFor(own(uid, id), 'merchant'))) {
        await row(uid, id);
        throw new CampaignRefusal('not_active');
      }
      return this.get(uid, id);
    },

    /** Resumes a paused campaign: what is left spread again from now (or its start, if later). */
    async resume(uid: string, id: string): Promise<Campaign> {
      const found = await row(uid, id);
      if (found.status !== 'paused' || !found.channelId) throw new CampaignRefusal('not_paused');
      const limit = await deps.sender.messagingLimitFor(uid, found.channelId);
      const zone = (await accountTimeZone(db, uid)) ?? DEFAULT_ZONE;
      const at = now();
      const startsAt = found.startsAt && found.startsAt > at ? found.startsAt : at;
      const resumed = await db.transaction(async (tx) => {
        const [locked] = await tx.select({ status: campaigns.status }).from(campaigns).where(own(uid, id)).for('update');
        if (locked?.status !== 'paused') return false;
        const [left, jobIds] = [
          await queuedSends(tx, sendsOf(id)),
          await queuedJobIds(tx, TEMPLATE_SEND_QUEUE, 'campaignId', id, 'sendId'),
        ];
        const due: { id: number; dueAt: string }[] = [];
        left.forEach((send, index) => {
          const job = jobIds.get(send.id);
          if (job === undefined) return;
          const timeZone = shopperTimeZone(send.recipient, zone);
          due.push({
            id: job,
            dueAt: campaignSendDueAt({
              startsAt,
              index,
              limit,
              timeZone,
              quietHours: found.quietHours,
              paceMs: CAMPAIGN_PACE_MS,
            }).toISOString(),
          });
        });
        await tx.update(campaigns).set({ status: 'active', pauseReason: null, updatedAt: at }).where(own(uid, id));
        // A page at a time, each job found by its id: a statement stays short however big the campaign.
        for (let start = 0; start < due.length; start += PAGE) await tx.execute(rescheduleJobsSql(due.slice(start, start + PAGE)));
        return true;
      });
      if (!resumed) throw new CampaignRefusal('not_paused');
      deps.onQueued?.();
      return this.get(uid, id);
    },

    /**
     * Cancels a planned campaign: at once no send of it is admitted (the sender's turn reads the status),
     * then its queued sends end (no_longer_wanted) a page at a time, then their jobs go. Cut short (the
     * process dies), the jobs left end each send they find as no longer wanted.
     */
    async cancel(uid: string, id: string): Promise<Campaign> {
      const cancelled = await db.transaction(async (tx) => {
        const done = await tx
          .update(campaigns)
          .set({ status: 'cancelled', updatedAt: now() })
          .where(and(own(uid, id), inArray(campaigns.status, ['active', 'paused'])))
          .returning({ id: campaigns.id });
        return done.length > 0;
      });
      if (cancelled) {
        for (let after = -1; ;) {
          const page = sql`select ${campaignSends.sendId} as send_id, ${campaignSends.position} as position from ${campaignSends}
            where ${campaignSends.campaignId} = ${id} and ${campaignSends.position} > ${after}
            order by ${campaignSends.position} limit ${PAGE}`;
          const result = await db.execute<{ last: number | null }>(sql`with page as (${page}),
            ended as (${endQueuedSendsSql(sql`select send_id from page`, 'no_longer_wanted')})
            select max(position) as last from page`);
          const last = (result as unknown as { rows: { last: number | null }[] }).rows[0]?.last ?? null;
          if (last === null) break;
          after = Number(last);
        }
        await db.execute(dropJobsSql(TEMPLATE_SEND_QUEUE, 'campaignId', id));
      }
      if (!cancelled) {
        const found = await row(uid, id);
        throw new CampaignRefusal(found.status === 'draft' ? 'not_active' : 'ended');
      }
      return this.get(uid, id);
    },

    /**
     * The sender found a campaign send's template unusable (Meta paused or disabled it, or it is no
     * longer approved): the campaign pauses and tells the merchant; the send waits (true) unless the
     * campaign was cancelled or is gone.
     */
    async holdForTemplate(send: { uid: string; sendKey: string }): Promise<boolean> {
      const id = campaignOfSendKey(send.sendKey);
      if (!id) return false;
      await pauseFor(and(eq(campaigns.uid, send.uid), eq(campaigns.id, id))!, 'template_unusable');
      const [found] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
      return found !== undefined && found.status !== 'cancelled';
    },

    /** The campaign's sends in its plan's order, a page at a time (its export); refused for another account's. */
    async exportPages(uid: string, id: string): Promise<{ name: string; pages: AsyncIterable<SendRow[]> }> {
      const found = await row(uid, id);
      async function* pages() {
        let after = -1;
        for (;;) {
          const page = await sendRowsAfter(db, sendsOf(id), after, PAGE);
          yield page;
          if (page.length < PAGE) return;
          after = page[page.length - 1]!.position;
        }
      }
      return { name: found.name, pages: pages() };
    },

    /** The account's campaign planned last before this one (the results' comparison); null when none. */
    async previousOf(uid: string, id: string): Promise<{ id: string; name: string } | null> {
      const found = await row(uid, id);
      if (!found.plannedAt) return null;
      const [previous] = await db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(and(eq(campaigns.uid, uid), lt(campaigns.plannedAt, found.plannedAt)))
        .orderBy(desc(campaigns.plannedAt))
        .limit(1);
      return previous ?? null;
    },
  };
}

export type CampaignStore = ReturnType<typeof campaignStore>;
