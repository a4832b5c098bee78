// The whatsapp-inbound worker's records (whatsapp_replies, ai_requests, storefront_events): a job's
// message with its channel and any reply already stored, the shopper's recent exchanges on the
// channel, and each step of a reply written so that a retry resumes it rather than repeats it. A
// reply is stored whole before its first message goes, with the AI request it counts, in one
// transaction (only the first writer's counts); each message's Meta id is written as soon as it
// is sent, with the catalog event it makes, so a message sent is never sent again.
import { createHash } from 'node:crypto';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AiBase, AiBaseLanguage } from '@/domain/ai-base';
import type { Locale } from '@/domain/locales';
import { planIds, plans, type MediaType, type PlanId } from '@/domain/plans';
import type { ChatTurn, CitedPassage } from '@/domain/refinement-chat';
import type { InboundContent } from '@/domain/whatsapp-webhook';
import type { WhatsappReplyFailure, WhatsappReplyKind, WhatsappReplyOutcome, WhatsappReplyPart } from '@/domain/whatsapp-reply';
import { monthStart } from '../accounts/account-store';
import type { Db } from '../db/database';
import { countQueriesFrom, planOfSql } from '../accounts/account-queries';
import { aiBaseJsonSql, aiBaseOfJson } from '../ai-bases/ai-base-queries';
import { aiRequests, whatsappReplies } from './whatsapp-reply-tables';
import { channels, whatsappInboundMessages } from './channel-tables';
import { recordCatalogSent } from '../storefront/catalog-sent';

export type InboundMessage = typeof whatsappInboundMessages.$inferSelect;
export type StoredReply = typeof whatsappReplies.$inferSelect;
export type AnsweringChannel = Pick<
  typeof channels.$inferSelect,
  'id' | 'uid' | 'phoneNumberId' | 'status' | 'attentionReason' | 'aiBaseId' | 'inventoryId'
>;

/** What a reply is before it is stored: its kind, its text, what it used, and the messages to send. */
export type ReplyPlan = {
  kind: WhatsappReplyKind;
  text: string;
  passages: CitedPassage[];
  model: string | null;
  parts: WhatsappReplyPart[];
  /** The AI request it counts, when the AI base answered it (not for a fixed line). */
  aiRequest: { mediaType: MediaType; aiBaseId: string } | null;
};

/** An outcome that ends a message's handling (anything but `sending`). */
export type FinalOutcome = Exclude<WhatsappReplyOutcome, 'sending' | 'sent'>;

/** How many earlier exchanges of the shopper go with a question to the answerer. */
export const HISTORY_EXCHANGES = 3;

/** The page language of a base's language (cart links, catalog events). */
export const localeOf: Record<AiBaseLanguage, Locale> = { pt_br: 'pt', en_us: 'en', es: 'es' };

/**
 * The shopper as the catalog events know them: a pseudonym of the WhatsApp id on this channel (a
 * visitor id's form), so the dashboard can count distinct shoppers without their number.
 */
export const shopperVisitorId = (channelId: string, sender: string) =>
  createHash('sha256').update(`${channelId}:${sender}`).digest('base64url').slice(0, 22);

/** The text a message asks, when the answerer can read one: a text's body, a button's or list row's title. */
export function questionOf(content: InboundContent): string | null {
  if (content.type === 'text') return content.body.trim() || null;
  if (content.type === 'interactive') return content.title.trim() || content.replyId.trim() || null;
  return null;
}

/**
 * What an earlier message said, for the history the LLM reads: its question, or for an image or
 * document the shopper's caption, marked as such (the model cannot see the file again).
 */
export function historyTextOf(content: InboundContent): string | null {
  const question = questionOf(content);
  if (question !== null) return question;
  const caption = 'caption' in content ? content.caption?.trim() : undefined;
  if (!caption) return null;
  if (content.type === 'image') return `[image] ${caption}`;
  return content.type === 'document' ? `[document${content.filename ? ` ${content.filename}` : ''}] ${caption}` : caption;
}

/** A row of historyRows: an earlier message of the shopper and what became of its reply. */
type HistoryRow = { content: InboundContent; outcome: WhatsappReplyOutcome; text: string | null };

/** The job's message as the worker loads it (see load()). */
export type LoadedMessage = {
  message: InboundMessage;
  channel: AnsweringChannel;
  accessTokenSealed: string;
  reply: StoredReply | null;
  base: AiBase | null;
  plan: PlanId;
  history: ChatTurn[];
};

/** The shopper's last `exchanges` replied messages on the channel before message `before`, newest first (`id`: the message's). */
const historyRows = (before: SQL, channelId: SQL, sender: SQL, exchanges: number) => sql`
  select r.inbound_message_id as id, m.content, r.outcome, r.text
  from ${whatsappReplies} r join ${whatsappInboundMessages} m on m.id = r.inbound_message_id
  where r.channel_id = ${channelId} and r.sender = ${sender} and r.inbound_message_id < ${before}
  order by r.inbound_message_id desc
  limit ${exchanges}`;

/** History rows, oldest first, as the answerer's turns: what the shopper asked and what was sent back. */
const turnsOf = (rows: readonly HistoryRow[]): ChatTurn[] =>
  rows.flatMap(({ content, outcome, text }): ChatTurn[] => {
    const question = historyTextOf(content);
    return [
      ...(question ? [{ role: 'customer' as const, content: question.slice(0, 8000) }] : []),
      ...(outcome === 'sent' && text ? [{ role: 'agent' as const, content: text.slice(0, 8000) }] : []),
    ];
  });

/** Each plan's monthly allowance of AI requests when it has one ('up to N'), as the branches of a `case` on the plan. */
export const allowances = sql.raw(
  planIds
    .map((id) => {
      const allowance = plans[id].limits.queriesPerMonth;
      return `when '${id}' then ${allowance.bound === 'up_to' ? allowance.count : 'null'}::int`;
    })
    .join(' '),
);

/** The placeholders of the plan statement (see inboundReplies' `planStatement`). */
const planParam = (name: 'uid' | 'month' | 'aiBaseId' | 'channelId' | 'messageId' | 'mediaType' | 'now') => sql.placeholder(name);

/**
 * The CTEs that count a stored reply's AI request (the `stored` CTE's row, none when another attempt
 * stored it): the month's usage counted up, and an ai_requests row, `extra` past the account's
 * allowance when its plan has one (no account: the default plan's).
 */
const aiRequestCounted = (db: Db) => [
  db.$with('month_usage', { queries: sql<number>`queries` }).as(countQueriesFrom(planParam('uid'), planParam('month'), sql`stored`)),
  db.$with('ai_request', {}).as(sql`
    insert into ${aiRequests} (uid, ai_base_id, channel_id, inbound_message_id, media_type, extra, occurred_at)
    select ${planParam('uid')}, ${planParam('aiBaseId')}::uuid, ${planParam('channelId')}::uuid, ${planParam('messageId')}::bigint, ${planParam('mediaType')}::text,
      coalesce(month_usage.queries > (case ${planOfSql(planParam('uid'))} ${allowances} end), false),
      ${planParam('now')}::timestamptz
    from month_usage`),
];

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function inboundReplies(db: Db) {
  // Built once (drizzle's SQL of some fifty columns is the worker's own time for every message).
  const loadMessage = db
    .select({
      message: whatsappInboundMessages,
      channel: {
        id: channels.id,
        uid: channels.uid,
        phoneNumberId: channels.phoneNumberId,
        status: channels.status,
        attentionReason: channels.attentionReason,
        aiBaseId: channels.aiBaseId,
        inventoryId: channels.inventoryId,
      },
      accessTokenSealed: channels.accessTokenSealed,
      reply: whatsappReplies,
      base: aiBaseJsonSql(channels.aiBaseId, channels.uid),
      plan: planOfSql(channels.uid),
      history: sql<HistoryRow[]>`(select coalesce(json_agg(h order by h.id), '[]'::json) from (${historyRows(
        sql`${whatsappInboundMessages.id}`,
        sql`${whatsappInboundMessages.channelId}`,
        sql`${whatsappInboundMessages.sender}`,
        HISTORY_EXCHANGES,
      )}) h)`,
    })
    .from(whatsappInboundMessages)
    .innerJoin(channels, eq(channels.id, whatsappInboundMessages.channelId))
    .leftJoin(whatsappReplies, eq(whatsappReplies.inboundMessageId, whatsappInboundMessages.id))
    .where(eq(whatsappInboundMessages.id, sql.placeholder('id')))
    .prepare('whatsapp_inbound_load');

  /** The channel's sealed access token as it is now (null: the channel is gone). */
  const accessTokenSealedOf = (channelId: SQL | string) =>
    sql<string | null>`(select ${channels.accessTokenSealed} from ${channels} where ${channels.id} = ${channelId})`;
  /** A reply stored unless one is (see plan()), with its AI request counted (`counted`), built once each. */
  const planStatement = (counted: boolean) => {
    const stored = db.$with('stored').as(
      db
        .insert(whatsappReplies)
        .values({
          inboundMessageId: sql.placeholder('messageId'),
          channelId: sql.placeholder('channelId'),
          sender: sql.placeholder('sender'),
          outcome: 'sending',
          kind: sql.placeholder('kind'),
          text: sql.placeholder('text'),
          passages: sql.placeholder('passages'),
          model: sql.placeholder('model'),
          parts: sql.placeholder('parts'),
        })
        .onConflictDoNothing()
        .returning({
          ...getTableColumns(whatsappReplies),
          accessTokenSealed: accessTokenSealedOf(sql`${sql.placeholder('channelId')}::uuid`).as('access_token_sealed'),
        }),
    );
    return db
      .with(stored, ...(counted ? aiRequestCounted(db) : []))
      .select()
      .from(stored)
      .prepare(counted ? 'whatsapp_reply_plan_counted' : 'whatsapp_reply_plan');
  };
  const planCounted = planStatement(true);
  const planOnly = planStatement(false);

  /** A part's Meta id recorded (`last`: the reply is sent), on `on` (the database, or a transaction's). */
  const partSentOn = (on: Db, last: boolean) => {
    const now = sql`${sql.placeholder('now')}::timestamptz`;
    return on
      .update(whatsappReplies)
      .set({
        parts: sql`jsonb_set(${whatsappReplies.parts}, ${sql.placeholder('path')}::text[], to_jsonb(${sql.placeholder('wamid')}::text))`,
        updatedAt: now,
        ...(last ? { outcome: 'sent' as const, sentAt: now } : {}),
      })
      .where(eq(whatsappReplies.inboundMessageId, sql.placeholder('id')))
      .prepare(last ? 'whatsapp_reply_last_part_sent' : 'whatsapp_reply_part_sent');
  };
  const partSent = partSentOn(db, false);
  const lastPartSent = partSentOn(db, true);

  return {
    /**
     * The job's message, its channel and the reply stored so far (null: the message or its channel
     * is gone), with what answering it needs: the channel's AI base (null: none, or gone), the
     * account's plan, the channel's sealed access token and the shopper's last exchanges before it
     * (as history() answers them). One statement: on PGlite each is the server's own thread's time.
     */
    async load(inboundMessageId: number): Promise<LoadedMessage | null> {
      const [row] = await loadMessage.execute({ id: inboundMessageId });
      if (!row) return null;
      const { history, base, ...loaded } = row;
      return { ...loaded, base: base && aiBaseOfJson(base), history: turnsOf(history) };
    },

    /** The shopper's last exchanges on the channel before `message`, oldest first: what they asked and what was sent back. */
    async history(message: Pick<InboundMessage, 'id' | 'channelId' | 'sender'>, exchanges = HISTORY_EXCHANGES): Promise<ChatTurn[]> {
      const rows = rowsOf<HistoryRow>(
        await db.execute(
          sql`select * from (${historyRows(sql`${message.id}::bigint`, sql`${message.channelId}::uuid`, sql`${message.sender}`, exchanges)}) h order by h.id`,
        ),
      );
      return turnsOf(rows);
    },

    /**
     * Stores the reply before anything is sent, and counts its AI request (in the month's usage and
     * as an ai_requests row, `extra` past the plan's allowance). Answers the stored reply: this one,
     * or the one another attempt stored first (then nothing more is counted); with the channel's
     * sealed access token as it is now, to send it with (null: the channel is gone). One statement,
     * atomic as the transaction it replaces (on PGlite each statement is the server's own time).
     */
    async plan(
      message: InboundMessage,
      uid: string,
      plan: ReplyPlan,
      now: Date,
    ): Promise<StoredReply & { accessTokenSealed: string | null }> {
      const [row] = await (plan.aiRequest ? planCounted : planOnly).execute({
        messageId: message.id,
        channelId: message.channelId,
        sender: message.sender,
        kind: plan.kind,
        text: plan.text,
        passages: plan.passages,
        model: plan.model,
        parts: plan.parts,
        uid,
        month: monthStart(now),
        aiBaseId: plan.aiRequest?.aiBaseId ?? null,
        mediaType: plan.aiRequest?.mediaType ?? null,
        now: now.toISOString(),
      });
      if (row) return row;
      const [existing] = await db
        .select({ ...getTableColumns(whatsappReplies), accessTokenSealed: accessTokenSealedOf(message.channelId) })
        .from(whatsappReplies)
        .where(eq(whatsappReplies.inboundMessageId, message.id));
      return existing!;
    },

    /**
     * Part `index` of the reply went with Meta's id `wamid` (the last: the reply is sent); a product
     * list or catalog records a catalog_sent event of the inventory (with the channel it went on), in the same transaction.
     */
    async partSent(
      reply: Pick<StoredReply, 'inboundMessageId' | 'channelId' | 'sender' | 'parts'>,
      index: number,
      wamid: string,
      catalogEvent: { inventoryId: string; language: AiBaseLanguage } | null,
      now: Date,
    ): Promise<void> {
      const last = reply.parts.slice(index + 1).every((part) => part.wamid !== null);
      const values = { id: reply.inboundMessageId, path: `{${index},wamid}`, wamid, now: now.toISOString() };
      // A text alone is one statement, without a transaction around it (on PGlite, two statements fewer).
      if (!catalogEvent) return void (await (last ? lastPartSent : partSent).execute(values));
      await db.transaction(async (tx) => {
        await partSentOn(tx, last).execute(values);
        await recordCatalogSent(tx, {
          inventoryId: catalogEvent.inventoryId,
          locale: localeOf[catalogEvent.language],
          visitorId: shopperVisitorId(reply.channelId, reply.sender),
          channelId: reply.channelId,
          occurredAt: now,
        });
      });
    },

    /**
     * Ends the message's handling with `outcome` (skipped, outside the window, failed; with Meta's
     * code when it said so): a reply
     * stored and still sending takes it; a message without one gets one. A sent reply is left as it is.
     */
    async finish(
      message: Pick<InboundMessage, 'id' | 'channelId' | 'sender'>,
      outcome: FinalOutcome,
      failure: { failure: WhatsappReplyFailure | null; errorCode: number | null } | null,
      now: Date,
    ): Promise<void> {
      const change = { outcome, failure: failure?.failure ?? null, errorCode: failure?.errorCode ?? null, updatedAt: now };
      await db
        .insert(whatsappReplies)
        .values({ inboundMessageId: message.id, channelId: message.channelId, sender: message.sender, ...change })
        .onConflictDoUpdate({ target: whatsappReplies.inboundMessageId, set: change, setWhere: eq(whatsappReplies.outcome, 'sending') });
    },
  };
}

export type InboundReplies = ReturnType<typeof inboundReplies>;
