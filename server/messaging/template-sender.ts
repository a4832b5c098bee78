// The one way Catalyst sends a WhatsApp template first (post-sale notices, checkout recovery,
// campaigns). A caller asks with `enqueue`: one row per send key (asked twice, sent once) and a job
// on the shared queue. The job's worker refuses, before Meta is asked, a contact without consent for
// the template's category, a template not APPROVED in the contact's language and variables that do
// not fill it; then waits its turn under the account's messaging limit and the number's throughput
// (both counted in PostgreSQL, so every process agrees; over them a send waits, it is never
// dropped); then asks Meta and records the outcome by Meta's code (send-outcomes.ts), the cost from
// the dated price table, and what an outcome changes elsewhere (an opt-out, a template or a channel
// needing attention). A shopper who wrote to the number in the last 24 hours (an open customer service
// window) takes no slot of the messaging limit, and a utility template to them is priced as Meta does
// inside the window. Nothing here logs a phone number.
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { localeTemplateLanguages, toGraphSendComponents, fillTemplate, type TemplateCategory } from '@/domain/message-template';
import { consentPurposeOf, consentRefusal } from '@/domain/contact';
import { readContactPhone } from '@/domain/contact-phone';
import { priceOf } from '@/domain/message-pricing';
import {
  SEND_GAVE_UP,
  sendCallbackData,
  sendIdOfCallback,
  sentSendStatuses,
  type ChannelReason,
  type SendRefusalReason,
  type SendStatusUpdate,
  type TemplateSendRequest,
  type TemplateSendStatus,
} from '@/domain/template-send';
import type { ChannelAttentionReason } from '@/domain/channel';
import type { Db } from '../db/database';
import type { Job } from '../jobs/job-queue';
import { enqueueRows } from '../jobs/job-queue';
import { RetryLater } from '../jobs/queue-worker';
import type { ChannelStore } from '../channels/channel-store';
import { serviceWindowOpenSql } from '../channels/service-window';
import type { CloudApiClient, CloudApiFailure } from '../channels/cloud-api-client';
import type { ContactStore } from '../contacts/contact-store';
import { contactStatusesSql, subscribedSql } from '../contacts/contact-queries';
import { markTemplateAttention, templatesOfNameSql } from '../templates/template-queries';
import { MESSAGING_LIMIT_WINDOW_MS, PACED_THROUGHPUT, messagingLimitOf, planMessagingLimit, planSendWindow } from './messaging-limit';
import { defaultSendRetryPolicy, outcomeOfSendError, type SendErrorInput, type SendRetryPolicy } from './send-outcomes';
import { messagingWindows, messagingLimits, templateSends } from './template-send-tables';

export const TEMPLATE_SEND_QUEUE = 'template-sends';
/** A send found `sending` by a new claim this long after its attempt began: its worker died mid-call. */
export const SENDING_GRACE_MS = 2 * 60_000;
/** A held send (a paused campaign's, taken by a worker as it was paused) looks again this much later. */
export const HELD_WAIT_MS = 15_000;
/** While its number needs the merchant's attention a send waits this long between looks, for a day at most. */
export const CHANNEL_WAIT_MS = 15 * 60_000;
export const CHANNEL_GIVE_UP_MS = 24 * 60 * 60_000;
/** How long a messaging limit read from Meta is trusted. */
export const MESSAGING_LIMIT_TTL_MS = 60 * 60_000;

type Row = typeof templateSends.$inferSelect;
export type TemplateSendView = Pick<
  Row,
  | 'id'
  | 'sendKey'
  | 'purpose'
  | 'templateName'
  | 'language'
  | 'category'
  | 'status'
  | 'reason'
  | 'code'
  | 'attempts'
  | 'metaMessageId'
  | 'costMicros'
  | 'pricingMarket'
  | 'rateCardFrom'
> & { sentAt: string | null };

const viewOf = (row: Row): TemplateSendView => ({
  id: row.id,
  sendKey: row.sendKey,
  purpose: row.purpose,
  templateName: row.templateName,
  language: row.language,
  category: row.category,
  status: row.status,
  reason: row.reason,
  code: row.code,
  attempts: row.attempts,
  metaMessageId: row.metaMessageId,
  costMicros: row.costMicros,
  pricingMarket: row.pricingMarket,
  rateCardFrom: row.rateCardFrom,
  sentAt: row.sentAt?.toISOString() ?? null,
});

export type TemplateSenderDependencies = {
  channels: ChannelStore;
  contacts: ContactStore;
  cloudApi: CloudApiClient;
  now?: () => Date;
  /** In [0, 1): the retries' jitter. */
  random?: () => number;
  policy?: SendRetryPolicy;
  /** Called when sends were queued (this process's worker looks at once). */
  onQueued?: () => void;
  /** How long a send found `sending` waits for Meta's status webhook before it is asked again (SENDING_GRACE_MS). */
  sendingGraceMs?: number;
  /** The queue its jobs go on (tests name one of their own, which no worker serves). */
  queue?: string;
  /**
   * Per purpose, a condition true when a send is no longer wanted (a cart reminder whose order came
   * in while it waited): looked at in the turn, right before Meta is asked; such a send ends refused.
   */
  endedSql?: Readonly<Record<string, (sendKey: string) => SQL>>;
  /**
   * Per purpose, a condition true while a send must wait (a paused campaign): looked at in the turn,
   * as `endedSql` is; such a send waits HELD_WAIT_MS and looks again.
   */
  heldSql?: Readonly<Record<string, (sendKey: string) => SQL>>;
  /**
   * Per purpose, what happens when a send finds its template unusable (not approved in the contact's
   * language, or marked as needing attention): true, the send waits as held (the caller paused what
   * asked for it: a campaign), else it ends refused.
   */
  holdOnTemplate?: Readonly<Record<string, (send: { uid: string; sendKey: string }) => Promise<boolean>>>;
};

/** A Cloud API failure as the outcome rules read it (the client keeps Meta's code where it matters). */
function errorInputOf(failure: CloudApiFailure): Pick<SendErrorInput, 'code' | 'subcode' | 'httpStatus' | 'retryAfterMs'> {
  switch (failure.kind) {
    case 'token-invalid':
      return { code: 190, httpStatus: 401 };
    case 'not-found':
      return { code: 100, subcode: 33, httpStatus: 400 };
    case 'throughput':
      return { code: 130429, httpStatus: 400, retryAfterMs: failure.retryAfterMs };
    case 'pair-rate-limit':
      return { code: 131056, httpStatus: 400, retryAfterMs: failure.retryAfterMs };
    case 'outside-window':
      return { code: 131047, httpStatus: 400 };
    case 'invalid': {
      const subcode = typeof failure.error.error_subcode === 'number' ? failure.error.error_subcode : undefined;
      return { code: failure.code, httpStatus: 400, ...(subcode === undefined ? {} : { subcode }) };
    }
    case 'server':
      return { httpStatus: failure.status };
    default:
      return {};
  }
}

/** The channel's attention reason for an outcome's. */
const channelAttentionOf = (reason: ChannelReason): ChannelAttentionReason =>
  reason === 'token_invalid' || reason === 'token_expired'
    ? 'token_invalid'
    : reason === 'permission_denied'
      ? 'permission_missing'
      : 'number_unavailable';

/** A send's turn: admitted (it may go to Meta now), why it may not go at all, or how long it waits. */
/** Admitted: with whether the shopper's service window was open then (the message's price follows it). */
/** The account's messaging limit as last read from Meta (null: unlimited) and when. */
type KnownLimit = { limit: number | null; readAt: Date };

type Turn = { wait: number } | { admitted: { inServiceWindow: boolean } } | 'unsubscribed' | 'ended' | 'held';
type Asking = {
  send: Row;
  purpose: 'utility' | 'marketing';
  limit: number;
  resolve: (turn: Turn) => void;
  reject: (error: unknown) => void;
};
type AdmissionGroup = { asking: Asking[]; deciding: boolean };
/** Admissions one transaction decides at most (the sender worker runs TEMPLATE_SEND_CONCURRENCY at once). */
const ADMISSION_BATCH = 64;

/** Waits by throwing: the queue takes the job back for `ms` without counting an attempt. */
const waitFor = (ms: number, why: string): never => {
  throw new RetryLater(Math.max(0, Math.ceil(ms)), why);
};

export function templateSender(db: Db, deps: TemplateSenderDependencies) {
  const { channels, contacts, cloudApi, now = () => new Date(), random = Math.random, policy = defaultSendRetryPolicy } = deps;
  const queue = deps.queue ?? TEMPLATE_SEND_QUEUE;
  /** Each account's admissions in this process: those asking while a batch is decided (see admit). */
  const admissions = new Map<string, AdmissionGroup>();

  /** A column of the send, qualified by its table (a one-table select leaves its columns bare: a subquery's own would take their names). */
  const ofSend = (column: AnyPgColumn) => sql`${templateSends}.${sql.identifier(column.name)}`;
  // Built and prepared once, as every send runs them: its first read (the send with its recipient as a contact, its
  // template's languages and the account's messaging limit as last read from Meta), its record once Meta took it, and
  // the status webhook's lookup of it.
  const sendRead = db
    .select({
      send: templateSends,
      contact: contactStatusesSql(ofSend(templateSends.uid), ofSend(templateSends.recipient)),
      templates: templatesOfNameSql(ofSend(templateSends.channelId), ofSend(templateSends.templateName)),
      limit: sql<{ limit: number | null; readAt: string } | null>`(select jsonb_build_object('limit', ${messagingLimits.limit},
        'readAt', ${messagingLimits.readAt}) from ${messagingLimits} where ${messagingLimits.uid} = ${ofSend(templateSends.uid)})`,
    })
    .from(templateSends)
    .where(eq(templateSends.id, sql.placeholder('id')))
    .prepare('template_send_read');
  const sentRecord = db
    .update(templateSends)
    .set({
      status: sql`${sql.placeholder('status')}`,
      reason: null,
      code: null,
      metaMessageId: sql`${sql.placeholder('metaMessageId')}`,
      sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
      attemptStartedAt: null,
      costMicros: sql`${sql.placeholder('costMicros')}::integer`,
      pricingMarket: sql`${sql.placeholder('pricingMarket')}`,
      rateCardFrom: sql`${sql.placeholder('rateCardFrom')}`,
      inServiceWindow: sql`${sql.placeholder('inServiceWindow')}::boolean`,
      updatedAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
    })
    .where(eq(templateSends.id, sql.placeholder('id')))
    .prepare('template_send_sent');
  const statusTarget = (by: 'id' | 'metaMessageId') =>
    db
      .select()
      .from(templateSends)
      .where(
        and(
          eq(templateSends.channelId, sql.placeholder('channelId')),
          by === 'id' ? eq(templateSends.id, sql.placeholder('key')) : eq(templateSends.metaMessageId, sql.placeholder('key')),
        ),
      )
      .prepare(`template_send_status_by_${by === 'id' ? 'id' : 'meta_id'}`);
  const statusTargets = { id: statusTarget('id'), metaMessageId: statusTarget('metaMessageId') };

  async function settle(id: string, change: Partial<Row>) {
    await db
      .update(templateSends)
      .set({ ...change, updatedAt: now() })
      .where(eq(templateSends.id, id));
  }
  const refuse = (id: string, reason: SendRefusalReason, as: Partial<Pick<Row, 'language' | 'category'>> = {}) =>
    settle(id, { ...as, status: 'failed', reason, code: null });

  /** The account's messaging limit: read from Meta through this number at most once an hour. */
  async function messagingLimit(uid: string, phoneNumberId: string, token: string, known: KnownLimit | null): Promise<number> {
    if (known && now().getTime() - known.readAt.getTime() < MESSAGING_LIMIT_TTL_MS) return known.limit ?? Number.POSITIVE_INFINITY;
    const read = await cloudApi.messagingLimitTier(phoneNumberId, token);
    // Not read: the last one known, else the starting tier (queueing beats overspending).
    if (!read.ok) return known ? (known.limit ?? Number.POSITIVE_INFINITY) : messagingLimitOf(null);
    const limit = messagingLimitOf(read.value);
    const stored = Number.isFinite(limit) ? limit : null;
    await db
      .insert(messagingLimits)
      .values({ uid, limit: stored, readAt: now() })
      .onConflictDoUpdate({ target: messagingLimits.uid, set: { limit: stored, readAt: now() } });
    return limit;
  }

  /**
   * The turn of a send, decided under the account's lock: consent looked at in the same transaction
   * (an opt-out recorded a moment before is seen), the send still wanted (`endedSql`), a slot under the
   * messaging limit (none needed when the shopper's service window with the number is open), a token
   * of the number's throughput. Admitted: the row is `sending` and counts as reached unless in the
   * window. Else why it waits.
   *
   * This process's admissions of one account are taken together: those that ask while one batch is
   * decided wait, then go as the next batch, one transaction for all of them. Waiting on the account's
   * lock inside a transaction each would hold one of the pool's few connections apiece, and one
   * transaction per send made the lock the sender's pace (~30 a second under load); the lock still
   * orders other processes.
   */
  function admit(send: Row, purpose: 'utility' | 'marketing', limit: number): Promise<Turn> {
    return new Promise<Turn>((resolve, reject) => {
      let group = admissions.get(send.uid);
      if (!group) admissions.set(send.uid, (group = { asking: [], deciding: false }));
      group.asking.push({ send, purpose, limit, resolve, reject });
      if (!group.deciding) void decideTurns(send.uid, group);
    });
  }

  async function decideTurns(uid: string, group: AdmissionGroup) {
    group.deciding = true;
    while (group.asking.length > 0) {
      const batch = group.asking.splice(0, ADMISSION_BATCH);
      try {
        const turns = await admitTogether(uid, batch);
        batch.forEach((asked, index) => asked.resolve(turns[index]!));
      } catch (error) {
        for (const asked of batch) asked.reject(error);
      }
    }
    group.deciding = false;
    if (admissions.get(uid) === group) admissions.delete(uid);
  }

  /** The turns of one account's sends, in their order, in one transaction under the account's lock. */
  async function admitTogether(uid: string, batch: readonly Asking[]): Promise<Turn[]> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`template-sends:${uid}`}))`);
      const at = now();
      const facts = await tx
        .execute<{ subscribed: boolean; inServiceWindow: boolean; ended: boolean; held: boolean }>(
          sql.join(
            batch.map(
              ({ send, purpose }, index) =>
                sql`select ${index}::int as position, ${subscribedSql(sql`${uid}`, sql`${send.recipient}`, purpose)} as subscribed,
                  ${serviceWindowOpenSql(send.channelId, send.recipient, at)} as "inServiceWindow",
                  ${deps.endedSql?.[send.purpose]?.(send.sendKey) ?? sql`false`} as ended,
                  ${deps.heldSql?.[send.purpose]?.(send.sendKey) ?? sql`false`} as held`,
            ),
            sql` union all `,
          ),
        )
        .then((result) =>
          (
            result as unknown as {
              rows: { position: number; subscribed: boolean; inServiceWindow: boolean; ended: boolean; held: boolean }[];
            }
          ).rows.sort((a, b) => a.position - b.position),
        );
      const turns: (Turn | null)[] = batch.map((_, index) => {
        const fact = facts[index];
        if (fact?.ended) return 'ended';
        if (fact?.held) return 'held';
        return fact?.subscribed ? null : 'unsubscribed';
      });
      const open = batch.flatMap((asked, index) => (turns[index] === null ? [{ ...asked, index }] : []));
      if (open.length === 0) return turns as Turn[];

      // Who was reached in the window matters only when a send would take a slot of a limit.
      const limit = Math.min(...open.map((asked) => asked.limit));
      const counted = Number.isFinite(limit) && open.some((asked) => !facts[asked.index]!.inServiceWindow);
      const reached = !counted
        ? []
        : await tx
            .select({
              recipient: templateSends.recipient,
              at: sql<Date>`max(coalesce(${templateSends.sentAt}, ${templateSends.attemptStartedAt}))`,
            })
            .from(templateSends)
            .where(
              and(
                eq(templateSends.uid, uid),
                inArray(templateSends.status, ['sending', 'sent', 'delivered', 'read']),
                // Meta does not count a person reached inside their service window.
                eq(templateSends.inServiceWindow, false),
                gt(
                  sql`coalesce(${templateSends.sentAt}, ${templateSends.attemptStartedAt})`,
                  new Date(at.getTime() - MESSAGING_LIMIT_WINDOW_MS),
                ),
              ),
            )
            .groupBy(templateSends.recipient);
      const plan = planMessagingLimit({
        limit,
        reached: reached.map((reach) => ({ recipient: reach.recipient, at: new Date(reach.at) })),
        queued: open.map((asked) => ({
          recipient: asked.send.recipient,
          key: asked.send.sendKey,
          inServiceWindow: facts[asked.index]!.inServiceWindow === true,
          index: asked.index,
        })),
        now: at,
      });
      const slotWait = (plan.nextSlotAt?.getTime() ?? at.getTime() + MESSAGING_LIMIT_WINDOW_MS) - at.getTime();
      for (const waiting of plan.waiting) turns[waiting.index] = { wait: slotWait };

      // Each number's throughput: the places its window has left go to its sends in their order; the rest wait theirs.
      const byChannel = new Map<string, number[]>();
      for (const { index } of plan.sendNow) {
        const channelId = batch[index]!.send.channelId;
        byChannel.set(channelId, [...(byChannel.get(channelId) ?? []), index]);
      }
      const windows =
        byChannel.size === 0
          ? []
          : await tx
              .select()
              .from(messagingWindows)
              .where(inArray(messagingWindows.channelId, [...byChannel.keys()]))
              .for('update');
      const admitted: number[] = [];
      for (const [channelId, indexes] of byChannel) {
        const stored = windows.find((row) => row.channelId === channelId)?.recent ?? null;
        const pace = planSendWindow({ ratePerSecond: PACED_THROUGHPUT, window: stored, now: at, wanted: indexes.length });
        indexes.forEach((index, position) => {
          if (position < pace.allowed) admitted.push(index);
          else turns[index] = { wait: pace.waits[position - pace.allowed]! };
        });
        if (pace.allowed > 0)
          await tx
            .insert(messagingWindows)
            .values({ channelId, recent: pace.window, at })
            .onConflictDoUpdate({ target: messagingWindows.channelId, set: { recent: pace.window, at } });
      }
      if (admitted.length > 0) {
        const inWindow = admitted.filter((index) => facts[index]!.inServiceWindow === true).map((index) => batch[index]!.send.id);
        // Each send's language and category as its checks found them (a CASE over the batch's ids).
        const each = (value: (send: Row) => string | null) =>
          sql`case ${templateSends.id} ${sql.join(
            admitted.map((index) => sql`when ${batch[index]!.send.id}::uuid then ${value(batch[index]!.send)}`),
            sql` `,
          )} end`;
        await tx
          .update(templateSends)
          .set({
            status: 'sending',
            language: each((send) => send.language),
            category: sql`(${each((send) => send.category)})::text`,
            attempts: sql`${templateSends.attempts} + 1`,
            firstAttemptAt: sql`coalesce(${templateSends.firstAttemptAt}, ${at})`,
            attemptStartedAt: at,
            inServiceWindow: inWindow.length === 0 ? false : inArray(templateSends.id, inWindow),
            updatedAt: at,
          })
          .where(
            inArray(
              templateSends.id,
              admitted.map((index) => batch[index]!.send.id),
            ),
          );
        for (const index of admitted) turns[index] = { admitted: { inServiceWindow: facts[index]!.inServiceWindow === true } };
      }
      return turns as Turn[];
    });
  }

  /** Meta refused the send (at once, or later in a status webhook): what its code says to do. */
  async function failedAtMeta(send: Row, error: Pick<SendErrorInput, 'code' | 'subcode' | 'httpStatus' | 'retryAfterMs'>): Promise<void> {
    const at = now();
    const outcome = outcomeOfSendError({
      ...error,
      attempt: Math.max(1, send.attempts),
      firstAttemptAt: send.firstAttemptAt ?? at,
      now: at,
      random,
      policy,
    });
    const code = outcome.code ?? null;
    switch (outcome.kind) {
      case 'retry':
        await settle(send.id, { status: 'queued', reason: outcome.reason, code, attemptStartedAt: null });
        return waitFor(outcome.delayMs, outcome.reason);
      case 'retry_next_day':
        await settle(send.id, { status: 'queued', reason: outcome.reason, code, attemptStartedAt: null });
        return waitFor(outcome.notBefore.getTime() - at.getTime(), outcome.reason);
      case 'unsubscribe':
        // The shopper stopped this business's marketing: recorded before the send's end, so no later send goes.
        await contacts.recordOptOut(send.uid, send.recipient, 'meta_error_131050', at.toISOString());
        await settle(send.id, { status: 'failed', reason: outcome.reason, code });
        return;
      case 'template_needs_attention':
        await markTemplateAttention(db, send.channelId, send.templateName, send.language, outcome.reason);
        await settle(send.id, { status: 'failed', reason: outcome.reason, code });
        return;
      case 'channel_needs_attention':
        await channels.markNeedsAttention(send.channelId, channelAttentionOf(outcome.reason));
        await settle(send.id, { status: 'queued', reason: outcome.reason, code, attemptStartedAt: null });
        return waitFor(CHANNEL_WAIT_MS, outcome.reason);
      default:
        await settle(send.id, { status: 'failed', reason: outcome.reason, code });
    }
  }

  /**
   * Meta took the send: its id, when, its price from the card of that day with the service window as
   * its turn found it (the moment before Meta was asked).
   */
  async function recordSent(send: Row, metaMessageId: string, status: 'sent' | 'delivered' | 'read' = 'sent') {
    const sentAt = now();
    const { inServiceWindow } = send;
    const price = priceOf({ category: send.category ?? 'UTILITY', country: send.country, at: sentAt, inServiceWindow });
    await sentRecord.execute({
      id: send.id,
      status,
      metaMessageId,
      sentAt: sentAt.toISOString(),
      costMicros: price.amountMicros,
      pricingMarket: price.market,
      rateCardFrom: price.cardEffectiveFrom,
      inServiceWindow,
    });
  }

  /**
   * A failure Meta reported after taking the send: its outcome, and a new job when it says to send again
   * later. Meta bills a message when it is delivered: one that failed costs nothing (a retry that goes
   * is priced when Meta takes it).
   */
  async function failedAfterMeta(send: Row, code: number | undefined) {
    if (send.costMicros !== null) await settle(send.id, { costMicros: null });
    try {
      await failedAtMeta(send, code === undefined ? {} : { code });
    } catch (error) {
      if (!(error instanceof RetryLater)) throw error;
      await db.execute(
        enqueueRows(queue, sql`select jsonb_build_object('sendId', ${send.id}::text) as payload`, {
          maxAttempts: 10,
          delayMs: error.delayMs,
        }),
      );
      deps.onQueued?.();
    }
  }

  /** One send's job: its checks, its turn, Meta, its outcome. Throws RetryLater to wait. */
  async function handle(job: Job): Promise<'done'> {
    const id = String(job.payload.sendId ?? '');
    // The send with its recipient as a contact, its template's languages (the channel's, checked below) and the
    // account's messaging limit as last read from Meta, in one read.
    const [read] = await sendRead.execute({ id });
    const send = read?.send;
    if (!send || (send.status !== 'queued' && send.status !== 'sending')) return 'done';
    const at = now();
    if (send.status === 'sending' && send.attemptStartedAt) {
      // An earlier worker died while Meta was asked: its status webhook may still say it went.
      const left = send.attemptStartedAt.getTime() + (deps.sendingGraceMs ?? SENDING_GRACE_MS) - at.getTime();
      if (left > 0) return waitFor(left, 'in_flight');
    }

    const found = await channels.withAccessToken(send.uid, send.channelId);
    if (!found) {
      await refuse(send.id, 'channel_unavailable');
      return 'done';
    }
    const { channel, token } = found;
    if (channel.status === 'needs_attention') {
      if (at.getTime() - (send.firstAttemptAt ?? send.createdAt).getTime() >= CHANNEL_GIVE_UP_MS) {
        await refuse(send.id, 'channel_unavailable');
        return 'done';
      }
      return waitFor(CHANNEL_WAIT_MS, 'channel_needs_attention');
    }

    const contact = read.contact;
    const language = contact ? localeTemplateLanguages[contact.language] : send.language;
    const template = read.templates.find((one) => one.language === language);
    if ((!template || template.status !== 'APPROVED' || template.attention) && (await deps.holdOnTemplate?.[send.purpose]?.(send)))
      return waitFor(HELD_WAIT_MS, 'template_unusable');
    if (!template || template.status !== 'APPROVED') {
      await settle(send.id, { status: 'failed', reason: 'template_not_approved', language, category: template?.category ?? send.category });
      return 'done';
    }
    if (template.attention) {
      await settle(send.id, { status: 'failed', reason: 'template_needs_attention', language, category: template.category });
      return 'done';
    }
    const category: TemplateCategory = template.category;
    // The language and category the send goes in are written with its outcome or its turn (no write of their own).
    const as = { language, category };
    const refusal = contact
      ? consentRefusal({ consent: { utility: { status: contact.utility }, marketing: { status: contact.marketing } } }, category)
      : consentPurposeOf(category)
        ? 'not_subscribed'
        : 'category_not_sent';
    if (refusal) {
      await refuse(send.id, refusal, as);
      return 'done';
    }
    if (!fillTemplate(template.content, send.variables).ok) {
      await refuse(send.id, 'variables_missing', as);
      return 'done';
    }

    const known = read.limit && { limit: read.limit.limit, readAt: new Date(read.limit.readAt) };
    const limit = await messagingLimit(send.uid, channel.phoneNumberId, token, known);
    const turn = await admit({ ...send, language, category }, consentPurposeOf(category)!, limit);
    if (turn === 'held') return waitFor(HELD_WAIT_MS, 'held');
    if (turn === 'ended') {
      await refuse(send.id, 'no_longer_wanted', as);
      return 'done';
    }
    if (turn === 'unsubscribed') {
      const latest = (await contacts.consentOf(send.uid, [send.recipient])).get(send.recipient);
      await refuse(send.id, (latest && consentRefusal(latest, category)) || 'unsubscribed', as);
      return 'done';
    }
    if ('wait' in turn) {
      if (language !== send.language || category !== send.category) await settle(send.id, as);
      return waitFor(turn.wait, 'waiting_turn');
    }

    const sent = await cloudApi.sendTemplate(channel.phoneNumberId, token, {
      to: send.recipient,
      template: toGraphSendComponents(template, send.variables),
      callbackData: sendCallbackData(send.id),
    });
    if (!sent.ok) {
      // Read again only on a refusal: its outcome needs the attempt count and first attempt the turn set.
      const [admitted] = await db.select().from(templateSends).where(eq(templateSends.id, send.id));
      await failedAtMeta(admitted!, errorInputOf(sent.failure));
      return 'done';
    }
    await recordSent({ ...send, ...as, inServiceWindow: turn.admitted.inServiceWindow }, sent.value.messageId);
    return 'done';
  }

  /** One send's row and its job in one statement (with the caller's `alongside` writes); how many jobs it queued. */
  async function askOnce(request: TemplateSendRequest, alongside: readonly SQL[] = []): Promise<number> {
    const reading = readContactPhone(request.recipient);
    const row = {
      uid: request.uid,
      channelId: request.channelId,
      sendKey: request.sendKey,
      purpose: request.purpose,
      templateName: request.templateName,
      language: request.language,
      recipient: reading.ok ? reading.phone : request.recipient,
      country: reading.ok ? reading.country : null,
      variables: request.variables,
      ...(reading.ok ? {} : { status: 'failed' as TemplateSendStatus, reason: 'recipient_invalid' }),
    };
    const inserted = db.insert(templateSends).values(row).onConflictDoNothing().returning({ id: templateSends.id });
    const along = sql.join(
      alongside.map((write, index) => sql`, ${sql.raw(`alongside_${index}`)} as (${write})`),
      sql``,
    );
    if (!reading.ok) {
      await db.execute(sql`with made as (${inserted.getSQL()})${along} select id from made`);
      return 0;
    }
    const result = await db.execute(
      sql`with made as (${inserted.getSQL()})${along} ${enqueueRows(queue, sql`select jsonb_build_object('sendId', made.id) as payload from made`, { maxAttempts: 10 })}`,
    );
    return (result as unknown as { rows: unknown[] }).rows.length;
  }

  return {
    handle,

    /** The job failed on our side every time: the send ends with the reason `gave_up`. */
    async gaveUp(sendId: string): Promise<void> {
      await db
        .update(templateSends)
        .set({ status: 'failed', reason: SEND_GAVE_UP, updatedAt: now() })
        .where(and(eq(templateSends.id, sendId), inArray(templateSends.status, ['queued', 'sending'])));
    },

    /**
     * Asks for sends: one row per (account, send key) and its job, in one statement each (a key
     * already asked for adds nothing). A recipient that is no valid number is recorded as refused.
     */
    async enqueue(requests: readonly TemplateSendRequest[]): Promise<{ queued: number; duplicates: number }> {
      let queued = 0;
      for (const request of requests) queued += await askOnce(request);
      if (queued > 0) deps.onQueued?.();
      return { queued, duplicates: requests.length - queued };
    },

    /**
     * Asks for one send as `enqueue` does, with `alongside`, writes of the caller's (updates), in the
     * same statement: all are kept or none (checkout recovery marks its reminder asked, and hands its
     * job back for the next step, with it). Whether the send was queued now (false: its key was asked
     * for already, or the number is invalid; the writes are made either way).
     */
    async enqueueAlongside(request: TemplateSendRequest, alongside: readonly SQL[]): Promise<boolean> {
      const queued = await askOnce(request, alongside);
      if (queued > 0) deps.onQueued?.();
      return queued > 0;
    },

    /**
     * Meta's word on sent messages (the status webhook), found by the callback data the send gave
     * (else by Meta's id): a send whose worker died while Meta was asked becomes sent; delivered and
     * read are kept in order; a failure's code is acted on as the send's answer would have been.
     */
    async statusesReceived(updates: readonly SendStatusUpdate[]): Promise<void> {
      for (const update of updates) {
        const sendId = sendIdOfCallback(update.callbackData);
        const [send] = await (sendId ? statusTargets.id : statusTargets.metaMessageId).execute({
          channelId: update.channelId,
          key: sendId ?? update.messageId,
        });
        if (!send) continue;
        if (send.status === 'sending') {
          // Meta took it, though its answer never reached us: it went.
          if (update.status !== 'failed') await recordSent(send, update.messageId, update.status);
          else await failedAfterMeta({ ...send, metaMessageId: update.messageId }, update.errorCodes[0]);
          continue;
        }
        if (send.metaMessageId !== update.messageId) continue;
        if (update.status === 'failed') {
          if (send.status !== 'failed') await failedAfterMeta(send, update.errorCodes[0]);
          continue;
        }
        const order: readonly TemplateSendStatus[] = sentSendStatuses;
        if (order.indexOf(update.status) > order.indexOf(send.status)) await settle(send.id, { status: update.status });
      }
    },

    /**
     * The account's messaging limit (people per moving 24 hours; null: unlimited) as the sender paces
     * by it, read through the number at most once an hour: what a campaign's plan spreads its sends by.
     */
    async messagingLimitFor(uid: string, channelId: string): Promise<number | null> {
      const found = await channels.withAccessToken(uid, channelId);
      const [known] = await db.select().from(messagingLimits).where(eq(messagingLimits.uid, uid));
      const stored = known ? { limit: known.limit, readAt: known.readAt } : null;
      if (!found) return stored ? stored.limit : messagingLimitOf(null);
      const limit = await messagingLimit(uid, found.channel.phoneNumberId, found.token, stored);
      return Number.isFinite(limit) ? limit : null;
    },

    /** The account's sends of a key, for its screens and tests. */
    async byKey(uid: string, sendKey: string): Promise<TemplateSendView | null> {
      const [row] = await db
        .select()
        .from(templateSends)
        .where(and(eq(templateSends.uid, uid), eq(templateSends.sendKey, sendKey)));
      return row ? viewOf(row) : null;
    },
  };
}

export type TemplateSender = ReturnType<typeof templateSender>;
