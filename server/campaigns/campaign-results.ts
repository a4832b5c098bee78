// A campaign's results, counted from what was recorded, never estimated: its sends by status and by
// failure reason with what they cost (the sender's rows, which Meta's status webhooks keep current),
// the contacts who wrote back to the number within CAMPAIGN_ATTRIBUTION_DAYS of their message, the
// orders they placed in the account's stores in that window and their value by currency, and the
// return on cost where value and cost are money of one currency (domain/checkout-list.ts's rule).
import { sql } from 'drizzle-orm';
import { CAMPAIGN_ATTRIBUTION_DAYS, type CampaignFigures, type CampaignResults } from '@/domain/campaign';
import { returnOnCost } from '@/domain/checkout-list';
import { sendReasons, type SendReason } from '@/domain/template-send';
import { wroteBackSql } from '../channels/channel-queries';
import type { Db } from '../db/database';
import { sendTallies, sentRecipientsSql } from '../messaging/messaging-queries';
import { accountOrdersSql } from '../order-events/order-event-queries';
import { visitorsFromRefSql } from '../storefront/storefront-queries';
import { campaignSends } from './campaign-tables';
import type { CampaignStore } from './campaign-store';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const isSendReason = (reason: string | null): reason is SendReason => (sendReasons as readonly (string | null)[]).includes(reason);

export function campaignResults(db: Db, store: Pick<CampaignStore, 'get' | 'previousOf'>) {
  async function figuresOf(uid: string, id: string, planned: number, ref: string | null): Promise<CampaignFigures> {
    const sendIds = sql`select ${campaignSends.sendId} from ${campaignSends} where ${campaignSends.campaignId} = ${id}`;
    const sent = sentRecipientsSql(sendIds);
    const [tallies, replies, orders, clicks] = await Promise.all([
      sendTallies(db, sendIds),
      db.execute(sql`select count(*)::int as replies from (${sent}) as sent
        where ${wroteBackSql(sql`sent.channel_id`, sql`sent.recipient`, sql`sent.sent_at`, CAMPAIGN_ATTRIBUTION_DAYS)}`),
      // Each order once, however many of the campaign's messages came before it (one per contact).
      db.execute(sql`select currency, count(*)::int as orders, coalesce(sum(total_minor), 0)::bigint as total_minor from (
          select distinct on (orders.order_id) orders.order_id, orders.currency, orders.total_minor
          from (${accountOrdersSql(uid)}) as orders join (${sent}) as sent on sent.recipient = orders.phone
            and orders.placed_at >= date_trunc('second', sent.sent_at)
            and orders.placed_at < sent.sent_at + ${CAMPAIGN_ATTRIBUTION_DAYS}::int * interval '1 day'
        ) as attributed group by currency order by currency`),
      ref ? db.execute(sql`select ${visitorsFromRefSql(ref)} as clicks`) : null,
    ]);
    const count = (...statuses: string[]) =>
      tallies.filter((tally) => statuses.includes(tally.status)).reduce((total, tally) => total + tally.count, 0);
    const failedByReason = new Map<SendReason, number>();
    for (const tally of tallies)
      if (tally.status === 'failed' && isSendReason(tally.reason))
        failedByReason.set(tally.reason, (failedByReason.get(tally.reason) ?? 0) + tally.count);
    const costMicros = tallies.reduce((total, tally) => total + tally.costMicros, 0);
    const revenue = rowsOf<{ currency: string | null; orders: number; total_minor: string | number }>(orders)
      .filter((row) => row.currency !== null)
      .map((row) => ({ currency: row.currency!, totalMinor: Number(row.total_minor) }));
    const orderCount = rowsOf<{ orders: number }>(orders).reduce((total, row) => total + row.orders, 0);
    return {
      planned,
      queued: count('queued', 'sending'),
      sent: count('sent', 'delivered', 'read'),
      delivered: count('delivered', 'read'),
      read: count('read'),
      failed: count('failed'),
      failedByReason: [...failedByReason].map(([reason, n]) => ({ reason, count: n })).sort((a, b) => b.count - a.count),
      replies: rowsOf<{ replies: number }>(replies)[0]?.replies ?? 0,
      clicks: clicks ? (rowsOf<{ clicks: number }>(clicks)[0]?.clicks ?? 0) : 0,
      orders: orderCount,
      revenue,
      costMicros,
      ...returnOnCost(revenue, costMicros),
    };
  }

  return {
    /** The campaign's figures and the account's previous campaign's beside them. */
    async of(uid: string, id: string): Promise<CampaignResults> {
      const campaign = await store.get(uid, id);
      const previous = await store.previousOf(uid, id);
      const previousCampaign = previous ? await store.get(uid, previous.id) : null;
      return {
        figures: await figuresOf(uid, id, campaign.planned, campaign.ref),
        previous: previousCampaign
          ? {
              id: previousCampaign.id,
              name: previousCampaign.name,
              figures: await figuresOf(uid, previousCampaign.id, previousCampaign.planned, previousCampaign.ref),
            }
          : null,
      };
    },
  };
}

export type CampaignResultsReader = ReturnType<typeof campaignResults>;
