// What other areas read of the sender's tables, without knowing them: the messages an account asked
// for under some send keys, as the sender records each one's delivery (the Checkouts screen's
// timeline finds a checkout's reminders by their keys, `recovery:{checkoutId}:{step}`), and whether one
// of them reached Meta in time (an order is recovered only by a reminder that went); and for
// campaigns, many sends asked for in one statement, their tallies, and their queued ones ended.
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sentSendStatuses, type SendRefusalReason, type TemplateSendStatus } from '@/domain/template-send';
import type { Db } from '../db/database';
import { sqlList } from '../db/sql-list';
import { enqueueRows } from '../jobs/job-queue';
import { TEMPLATE_SEND_QUEUE } from './template-sender';
import { templateSends } from './template-send-tables';

/** A message as the sender records it: what was asked, when, and where its delivery stands. */
export type RecordedSend = {
  sendKey: string;
  templateName: string;
  language: string;
  status: TemplateSendStatus;
  /** Why it waits or failed (domain/template-send.ts, send-outcomes.ts); null otherwise. */
  reason: string | null;
  /** Meta's price of it, USD micros; null until sent. */
  costMicros: number | null;
  askedAt: Date;
  sentAt: Date | null;
};

/** The account's messages of these send keys (one at most per key), by key. */
export async function sendsByKeys(db: Db, uid: string, keys: readonly string[]): Promise<Map<string, RecordedSend>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      sendKey: templateSends.sendKey,
      templateName: templateSends.templateName,
      language: templateSends.language,
      status: templateSends.status,
      reason: templateSends.reason,
      costMicros: templateSends.costMicros,
      askedAt: templateSends.createdAt,
      sentAt: templateSends.sentAt,
    })
    .from(templateSends)
    .where(and(eq(templateSends.uid, uid), inArray(templateSends.sendKey, [...keys])));
  return new Map(rows.map((row) => [row.sendKey, row]));
}

/**
 * How much later than `by` a message's recorded `sent_at` may be and still count as gone by then. The
 * shopper can have it as soon as Meta took it, before its answer is written here; and a store's times
 * (an order's, a checkout's completion) are whole seconds. A shopper who buys from the link at once
 * must still count.
 */
const SENT_RECORDED_SLACK = sql.raw(`interval '5 seconds'`);

/**
 * True where the account `uid` has a message under one of `keys` (a text[] expression of the caller's
 * statement) that Meta took at or before `by` (within SENT_RECORDED_SLACK). One Meta took but then
 * reported failed never reached the shopper, and one still being asked has not gone yet: neither counts.
 */
export const sendWentBySql = (uid: SQLWrapper, keys: SQLWrapper, by: SQLWrapper): SQL =>
  sql`exists (select 1 from ${templateSends} where ${templateSends.uid} = ${uid} and ${templateSends.sendKey} = any(${keys})
    and ${templateSends.status} in (${sqlList(sentSendStatuses)}) and ${templateSends.sentAt} <= ${by} + ${SENT_RECORDED_SLACK})`;

/** One send asked for in bulk (a campaign's message to one contact); `ref` is the caller's, for its own CTEs. */
export type BulkSend = {
  key: string;
  recipient: string;
  country: string;
  language: string;
  variables: Record<string, string>;
  dueAt: string;
  ref: Record<string, unknown>;
};

/**
 * One statement asking for many sends of one template from one number: a row per send key (a key
 * asked for already adds nothing, so a retried plan sends once) and its job on the sender's queue, due
 * at its `dueAt`, its payload carrying `payload` besides the send's id (a campaign's id: what pauses
 * it). `alongside`: the caller's own data-modifying CTEs, written in the same statement (all kept or
 * none), which may read `bulk_input` (the rows: key, recipient, country, language, variables, due_at,
 * ref) and `bulk_made` (id, send_key of the sends made now). Answers `queued`, the sends made now.
 * `newKeys`: the caller knows no key was asked for before (a campaign planned under its lock): the
 * rows go in without the conflict check, which costs a big plan a tenth of its time; one that was
 * asked for fails the statement.
 */
export function enqueueBulkSendsSql(
  ask: { uid: string; channelId: string; purpose: string; templateName: string; payload: Record<string, string> },
  rows: readonly BulkSend[],
  alongside: readonly SQL[] = [],
  { newKeys = false }: { newKeys?: boolean } = {},
): SQL {
  const json = JSON.stringify(
    rows.map((row) => ({
      key: row.key,
      recipient: row.recipient,
      country: row.country,
      language: row.language,
      variables: row.variables,
      due_at: row.dueAt,
      ref: row.ref,
    })),
  );
  const along = sql.join(
    alongside.map((write, index) => sql`, ${sql.raw(`bulk_alongside_${index}`)} as (${write})`),
    sql``,
  );
  return sql`with bulk_input as (
      select * from jsonb_to_recordset(${json}::jsonb)
        as r(key text, recipient text, country text, language text, variables jsonb, due_at timestamptz, ref jsonb)),
    bulk_made as (
      insert into ${templateSends} (uid, channel_id, send_key, purpose, template_name, language, recipient, country, variables)
      select ${ask.uid}, ${ask.channelId}::uuid, key, ${ask.purpose}, ${ask.templateName}, language, recipient, country, variables from bulk_input
      ${newKeys ? sql`` : sql`on conflict do nothing `}returning id, send_key),
    bulk_jobs as (${enqueueRows(
      TEMPLATE_SEND_QUEUE,
      sql`select jsonb_build_object('sendId', bulk_made.id::text) || ${JSON.stringify(ask.payload)}::jsonb as payload, bulk_input.due_at
        from bulk_made join bulk_input on bulk_input.key = bulk_made.send_key order by bulk_input.due_at`,
      { maxAttempts: 10, dueAtColumn: true },
    )})${along}
    select count(*)::int as queued from bulk_made`;
}

/** The sends among `sendIds` (a select of one uuid column `send_id`) by status and reason, with what they cost. */
export async function sendTallies(
  db: Db,
  sendIds: SQL,
): Promise<{ status: TemplateSendStatus; reason: string | null; count: number; costMicros: number }[]> {
  return db
    .select({
      status: templateSends.status,
      reason: templateSends.reason,
      count: sql<number>`count(*)::int`,
      costMicros: sql<number>`coalesce(sum(${templateSends.costMicros}), 0)::bigint`.mapWith(Number),
    })
    .from(templateSends)
    .where(sql`${templateSends.id} in (${sendIds})`)
    .groupBy(templateSends.status, templateSends.reason);
}

/**
 * The sends among `sendIds` (a select of one uuid column `send_id`) that Meta took, as a subquery of
 * `recipient`, `channel_id`, `sent_at` for the caller's statement (a campaign's replies and orders).
 */
export const sentRecipientsSql = (sendIds: SQL): SQL =>
  sql`select ${templateSends.recipient} as recipient, ${templateSends.channelId} as channel_id, ${templateSends.sentAt} as sent_at
    from ${templateSends} where ${templateSends.id} in (${sendIds}) and ${templateSends.status} in (${sqlList(sentSendStatuses)})`;

/** The queued sends among `sendIds` (a select of `send_id`, `position`), in that order: what a resumed campaign spreads again. */
export async function queuedSends(db: Db, sendIds: SQL): Promise<{ id: string; recipient: string }[]> {
  const result = await db.execute<{ id: string; recipient: string }>(
    sql`select ${templateSends.id} as id, ${templateSends.recipient} as recipient
      from (${sendIds}) as asked join ${templateSends} on ${templateSends.id} = asked.send_id
      where ${templateSends.status} = 'queued' order by asked.position`,
  );
  return (result as unknown as { rows: { id: string; recipient: string }[] }).rows;
}

/** A statement ending the queued sends among `sendIds` (a select of `send_id`) as refused for `reason` (a campaign cancelled). */
export const endQueuedSendsSql = (sendIds: SQL, reason: SendRefusalReason): SQL =>
  sql`update ${templateSends} set status = 'failed', reason = ${reason}, updated_at = now()
    where ${templateSends.id} in (${sendIds}) and ${templateSends.status} = 'queued' returning ${templateSends.id}`;

/** True where any send among `sendIds` (a select of one uuid column `send_id`) still waits or is being sent. */
export const anySendOpenSql = (sendIds: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${templateSends} where ${templateSends.id} in (${sendIds}) and ${templateSends.status} in ('queued', 'sending'))`;

/** One send of a batch read in its caller's order (a campaign's export). */
export type SendRow = {
  position: number;
  recipient: string;
  language: string;
  status: TemplateSendStatus;
  reason: string | null;
  sentAt: Date | null;
  costMicros: number | null;
};

/**
 * Up to `limit` sends among `sendIds` (a select of `send_id` and `position`) after `afterPosition`, in
 * that order: a campaign's export reads its sends a page at a time.
 */
export async function sendRowsAfter(db: Db, sendIds: SQL, afterPosition: number, limit: number): Promise<SendRow[]> {
  const result = await db.execute(
    sql`select asked.position, ${templateSends.recipient} as recipient, ${templateSends.language} as language,
        ${templateSends.status} as status, ${templateSends.reason} as reason, ${templateSends.sentAt} as sent_at,
        ${templateSends.costMicros} as cost_micros
      from (${sendIds}) as asked join ${templateSends} on ${templateSends.id} = asked.send_id
      where asked.position > ${afterPosition} order by asked.position limit ${limit}`,
  );
  return (
    result as unknown as {
      rows: {
        position: number;
        recipient: string;
        language: string;
        status: TemplateSendStatus;
        reason: string | null;
        sent_at: string | Date | null;
        cost_micros: number | string | null;
      }[];
    }
  ).rows.map((row) => ({
    position: Number(row.position),
    recipient: row.recipient,
    language: row.language,
    status: row.status,
    reason: row.reason,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    costMicros: row.cost_micros === null ? null : Number(row.cost_micros),
  }));
}
