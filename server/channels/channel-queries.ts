// What other areas ask of the channels' tables inside their own transaction: an AI base stopping or
// starting to answer moves its channels at once (server/ai-bases calls these in the base's own
// transaction); who wrote to the account's numbers (an audience's rule). Other areas never import
// channel-tables.ts (scripts/lint-area-tables.js).
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CONVERSATION_RETENTION_DAYS } from '@/domain/channel';
import type { Db } from '../db/database';
import { channels, whatsappInboundMessages } from './channel-tables';

/**
 * The AI base switched off (or deleted): its active channels need attention (`ai_base_inactive`)
 * at once, not when a shopper next writes. The webhook's cache of a channel's status
 * (./webhook-intake.ts) catches up within its few seconds; a message queued meanwhile finds the
 * base off and is not answered.
 */
export async function baseStoppedAnswering(tx: Db, uid: string, aiBaseId: string): Promise<void> {
  await tx
    .update(channels)
    .set({ status: 'needs_attention', attentionReason: 'ai_base_inactive', updatedAt: new Date() })
    .where(and(eq(channels.uid, uid), eq(channels.aiBaseId, aiBaseId), eq(channels.status, 'active')));
}

/** The AI base switched on: the channels that waited for it answer again. */
export async function baseStartedAnswering(tx: Db, uid: string, aiBaseId: string): Promise<void> {
  await tx
    .update(channels)
    .set({ status: 'active', attentionReason: null, updatedAt: new Date() })
    .where(
      and(
        eq(channels.uid, uid),
        eq(channels.aiBaseId, aiBaseId),
        eq(channels.status, 'needs_attention'),
        eq(channels.attentionReason, 'ai_base_inactive'),
      ),
    );
}

/**
 * The numbers (E.164) that wrote to one of the account's numbers after `since`, as a subquery of one
 * column `phone` for the caller's statement (an audience's 'talked to the AI base' rule). A Brazilian
 * mobile's id without its ninth digit and a Mexican one with the old '1' read as the number a contact
 * is stored by, as phoneFromWhatsappId reads them.
 */
export const accountShoppersWroteSql = (uid: string, since: Date): SQL =>
  sql`select distinct case
      when ${whatsappInboundMessages.sender} ~ '^55[0-9]{2}[6-9][0-9]{7}$'
        then '+55' || substr(${whatsappInboundMessages.sender}, 3, 2) || '9' || substr(${whatsappInboundMessages.sender}, 5)
      when ${whatsappInboundMessages.sender} ~ '^521[0-9]{10}$' then '+52' || substr(${whatsappInboundMessages.sender}, 4)
      else '+' || ${whatsappInboundMessages.sender} end as phone
    from ${whatsappInboundMessages} join ${channels} on ${channels.id} = ${whatsappInboundMessages.channelId}
    where ${channels.uid} = ${uid} and ${whatsappInboundMessages.sentAt} > ${since}`;

/**
 * The WhatsApp ids a number (E.164, an expression of the caller's statement) may write from, as a SQL
 * list: its digits without '+', and a Brazilian mobile's also without its ninth digit (whatsappIdsOf).
 */
export const whatsappIdsSql = (phone: SQLWrapper): SQL =>
  sql`(ltrim(${phone}, '+'), case when ${phone} ~ '^[+]55[0-9]{2}9[6-9][0-9]{7}$' then '55' || substr(${phone}, 4, 2) || substr(${phone}, 7) end)`;

/**
 * True where `phone` (E.164, an expression of the caller's statement) wrote to the channel `channelId`
 * after `since` and within `days` days of it: a reply to a message sent then. Reads the index on
 * channel, sender and time, with the WhatsApp ids a Brazilian mobile may write from (whatsappIdsOf).
 */
export const wroteBackSql = (channelId: SQLWrapper, phone: SQLWrapper, since: SQLWrapper, days: number): SQL =>
  sql`exists (select 1 from ${whatsappInboundMessages} where ${whatsappInboundMessages.channelId} = ${channelId}
    and ${whatsappInboundMessages.sender} in ${whatsappIdsSql(phone)}
    and ${whatsappInboundMessages.sentAt} > ${since} and ${whatsappInboundMessages.sentAt} <= ${since} + ${days}::int * interval '1 day')`;

/**
 * How long a number keeps its conversations, as an interval: `channelId`'s retention, the default for
 * none (a widget without a number keeps what it gathered that long). The website widget's retention
 * (server/widgets/widget-retention.ts) follows its number's.
 */
export const retentionIntervalSql = (channelId: SQLWrapper): SQL =>
  sql`make_interval(days => coalesce((select ${channels.retentionDays} from ${channels} where ${channels.id} = ${channelId}), ${CONVERSATION_RETENTION_DAYS.default}))`;
