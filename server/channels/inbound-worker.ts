// The whatsapp-inbound worker: each job answers one shopper's message (the webhook queues them),
// unless the channel is paused, needs attention, has no active base, or Meta's 24-hour window has
// passed. The reply is stored, then sent message by message, so a retry sends only what did not go.
// Meta's refusals and the retries: docs/how-it-works.md, 'WhatsApp replies'.
import { setTimeout as sleep } from 'node:timers/promises';
import { AnswererFailure } from '../answering/answerer';
import type { ModelCatalog } from '../answering/model-catalog';
import { ChatRefusal } from '../answering/base-answer';
import type { Db } from '../db/database';
import { queueWorker, RetryLater, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import type { Job } from '../jobs/job-queue';
import type { KnowledgeStore } from '../knowledge/knowledge-store';
import type { SecretBox } from '../secrets/secret-box';
import type { OwnCarts } from '../checkouts/own-carts';
import type { StorefrontStore } from '../storefront/storefront-store';
import type { AiBase } from '@/domain/ai-base';
import type { ChatTurn } from '@/domain/refinement-chat';
import type { InboundContent } from '@/domain/whatsapp-webhook';
import type { WhatsappReplyFailure, WhatsappReplyPart } from '@/domain/whatsapp-reply';
import { WHATSAPP_INBOUND_QUEUE, type ChannelStore } from './channel-store';
import { cloudApiClient, type CloudApiConfig, type CloudApiFailure } from './cloud-api-client';
import type { ConsentContacts } from './consent-replies';
import { replyPlan } from './inbound-answer';
import { MediaUnavailable, type MediaDownload } from './inbound-media';
import {
  HISTORY_EXCHANGES,
  inboundReplies,
  type AnsweringChannel,
  type FinalOutcome,
  type InboundMessage,
  type LoadedMessage,
  type ReplyPlan,
  type StoredReply,
} from './inbound-replies';
import type { OutgoingMessage } from './outgoing-message';

/** How long after a shopper's message a business may answer it freely (Meta's customer service window). */
export const SERVICE_WINDOW_MS = 24 * 3_600_000;
/** How long an AI provider's rate limit is waited out when it says nothing. */
const DEFAULT_AI_WAIT_MS = 10_000;
/**
 * The waits before a send is tried again in the job itself, after a failure that passes quickly: a
 * 5xx, no answer, or a throughput limit of a second or less (Meta counts throughput per second).
 * Then the queue's longer back-off takes over. A passing 5xx then costs its shopper a fraction of a
 * second, not the queue's seconds.
 */
export const QUICK_RETRY_WAITS_MS = [200, 800] as const;

export type InboundWorkerOptions = {
  db: Db;
  log: WorkerLog;
  secrets: SecretBox;
  /** The app's channel store (../services.ts): marking a channel here empties the webhook's cache of it at once. */
  channels: ChannelStore;
  /** The shoppers' language and consent, for the consent lines and the consent button (../services.ts). */
  contacts: ConsentContacts;
  cloudApi: CloudApiConfig;
  /** The answering models: the built-in answerer and the OpenAI-compatible endpoint's (../services.ts). */
  models: ModelCatalog;
  /** The bases' passages the answers search (../services.ts). */
  knowledge: KnowledgeStore;
  /** The catalogs the answers show, with the app's catalog cache (../services.ts). */
  storefront: StorefrontStore;
  /** The origin of the cart summary links the replies carry (SITE_URL). */
  siteUrl: string;
  /** Checkout recovery's own carts: a cart link sent becomes one (../services.ts; none: not recorded). */
  ownCarts?: OwnCarts;
  /**
   * The website widget's handoffs (../widgets/widget-handoffs.ts): a message carrying a widget's code
   * picks up the site's conversation, which the base reads before the WhatsApp one. None: not read.
   */
  siteHandoffs?: {
    continued(
      message: { uid: string; channelId: string; sender: string; content: InboundContent; at: Date },
      history: ChatTurn[],
      turns: number,
    ): Promise<{ history: ChatTurn[]; content: InboundContent }>;
  };
  /** Messages answered at once by this process. */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** The queue's first retry delay (doubling each time). */
  retryDelayMs?: number;
  /** The clock of the 24-hour window and of what is recorded. */
  now?: () => Date;
};

/** A reply that could not go, for the queue to retry (or, after the last attempt, to record as failed). */
export class ReplyFailure extends Error {
  constructor(
    readonly failure: WhatsappReplyFailure,
    readonly errorCode: number | null,
  ) {
    super(`whatsapp reply: ${failure}${errorCode === null ? '' : ` ${errorCode}`}`);
    this.name = 'ReplyFailure';
  }
}

/** The Cloud API message of a stored part, to the shopper; the first part quotes their message. */
function outgoing(part: WhatsappReplyPart, to: string, replyTo: string | undefined): OutgoingMessage {
  const quote = replyTo ? { replyTo } : {};
  switch (part.type) {
    case 'text':
      return { type: 'text', to, body: part.body, previewUrl: part.previewUrl, ...quote };
    case 'product_list':
      return {
        type: 'product_list',
        to,
        catalogId: part.catalogId,
        headerText: part.headerText,
        bodyText: part.bodyText,
        sections: part.sections,
        ...quote,
      };
    case 'catalog_message':
      return {
        type: 'catalog_message',
        to,
        bodyText: part.bodyText,
        ...(part.thumbnailRetailerId ? { thumbnailRetailerId: part.thumbnailRetailerId } : {}),
        ...quote,
      };
    case 'reply_buttons':
      return { type: 'reply_buttons', to, bodyText: part.bodyText, buttons: part.buttons, ...quote };
  }
}

/** What becomes of a send Meta refused: the channel's attention, the message's end, or a retry. */
type ReplyFailureRecord = { failure: WhatsappReplyFailure | null; errorCode: number | null };
type Refusal = ReplyFailureRecord & { attention?: 'token_invalid' | 'number_unavailable' | 'permission_missing' };

/** A failure worth trying again within the job (see QUICK_RETRY_WAITS_MS). */
const passesQuickly = (failure: CloudApiFailure) =>
  failure.kind === 'server' || failure.kind === 'unreachable' || (failure.kind === 'throughput' && failure.retryAfterMs <= 1_000);

function refusalOf(failure: CloudApiFailure): Refusal | 'outside_window' | RetryLater | ReplyFailure {
  switch (failure.kind) {
    case 'token-invalid':
      return { attention: 'token_invalid', failure: 'token_invalid', errorCode: null };
    case 'not-found':
      return { attention: 'number_unavailable', failure: 'number_unavailable', errorCode: null };
    case 'outside-window':
      return 'outside_window';
    case 'throughput':
    case 'pair-rate-limit':
      return new RetryLater(failure.retryAfterMs, failure.kind);
    case 'server':
      return new ReplyFailure('server', failure.status);
    case 'unreachable':
      return new ReplyFailure('unreachable', null);
    case 'invalid':
      // 10 and 200–299: the token lacks a permission (whatsapp_business_messaging).
      return failure.code === 10 || (failure.code >= 200 && failure.code < 300)
        ? { attention: 'permission_missing', failure: 'permission_missing', errorCode: failure.code }
        : { failure: 'invalid', errorCode: failure.code };
    case 'too-large':
      return { failure: 'invalid', errorCode: null };
  }
}

export function whatsappInboundWorker({
  db,
  log,
  secrets,
  channels,
  contacts,
  cloudApi,
  models,
  knowledge,
  storefront,
  siteUrl,
  ownCarts,
  siteHandoffs,
  concurrency = 8,
  pollMs = 2_000,
  leaseMs = 60_000,
  retryDelayMs = 2_500,
  now = () => new Date(),
}: InboundWorkerOptions): QueueWorker {
  const replies = inboundReplies(db);
  const client = cloudApiClient(cloudApi);
  const answerDeps = { db, knowledge, models, storefront, siteUrl, contacts, ...(ownCarts ? { ownCarts } : {}) };

  const outsideWindow = (message: InboundMessage) => now().getTime() - message.sentAt.getTime() > SERVICE_WINDOW_MS;

  /** Why the channel answers nothing now, or the AI base it answers with (`loaded.base`, the channel's as loaded with the message). */
  async function notAnswering({
    channel,
    base: loadedBase,
  }: LoadedMessage): Promise<{ skip: 'skipped_paused' | 'skipped_needs_attention' | 'skipped_no_ai_base' } | { base: AiBase }> {
    if (channel.status === 'paused') return { skip: 'skipped_paused' };
    if (channel.status === 'needs_attention') return { skip: 'skipped_needs_attention' };
    const base = channel.aiBaseId ? loadedBase : null;
    if (base?.status === 'active') return { base };
    await channels.markNeedsAttention(channel.id, 'ai_base_inactive');
    return { skip: 'skipped_no_ai_base' };
  }

  /** The shopper's media from the Cloud API, with the channel's token (read only when the media is). */
  const mediaDownload =
    (channel: AnsweringChannel): MediaDownload =>
    async (mediaId, maxBytes) => {
      const accessToken = await channels.accessToken(channel.id);
      return accessToken === null ? { ok: false, failure: { kind: 'token-invalid' } } : client.media(mediaId, accessToken, maxBytes);
    };

  /**
   * The reply decided and stored (or the one an earlier attempt stored), with the channel's sealed
   * token as it was stored; null when the message gets none.
   */
  async function decided(
    { message, channel, plan: accountPlan, history }: LoadedMessage,
    base: AiBase,
  ): Promise<(StoredReply & { accessTokenSealed: string | null }) | null | 'unknown_model'> {
    let plan: ReplyPlan | null;
    try {
      const asked = siteHandoffs
        ? await siteHandoffs.continued(
            { uid: channel.uid, channelId: message.channelId, sender: message.sender, content: message.content, at: message.sentAt },
            history,
            HISTORY_EXCHANGES * 2,
          )
        : { history, content: message.content };
      plan = await replyPlan(answerDeps, {
        uid: channel.uid,
        plan: accountPlan,
        base,
        inventoryId: channel.inventoryId,
        content: asked.content,
        history: asked.history,
        media: mediaDownload(channel),
        conversation: { channelId: message.channelId, sender: message.sender, messageId: message.id },
        now: now(),
      });
    } catch (error) {
      // The base's model is not offered here (any more): retrying will not bring it back.
      if (error instanceof ChatRefusal) return 'unknown_model';
      if (error instanceof MediaUnavailable) throw new ReplyFailure(error.failure, error.errorCode);
      if (error instanceof AnswererFailure && error.kind === 'rate_limited')
        throw new RetryLater((error.retryAfterSeconds ?? 0) * 1000 || DEFAULT_AI_WAIT_MS, 'ai_rate_limited');
      if (error instanceof AnswererFailure) throw new ReplyFailure('ai_unavailable', null);
      throw error;
    }
    return plan ? replies.plan(message, channel.uid, plan, now()) : null;
  }

  /** One message sent, tried again after QUICK_RETRY_WAITS_MS on a failure that passes quickly; 'stopped' when the signal aborts a wait. */
  async function sendQuickly(phoneNumberId: string, accessToken: string, message: OutgoingMessage, signal: AbortSignal) {
    for (let retry = 0; ; retry++) {
      const result = await client.sendMessage(phoneNumberId, accessToken, message);
      const wait = QUICK_RETRY_WAITS_MS[retry];
      if (result.ok || wait === undefined || !passesQuickly(result.failure)) return result;
      try {
        await sleep(wait, undefined, { signal });
      } catch {
        return 'stopped' as const;
      }
    }
  }

  /**
   * Sends the reply's parts that have not gone yet, each recorded as it goes, with the channel's
   * token (`accessTokenSealed`, read with the reply; null: the channel was disconnected meanwhile).
   */
  async function send(
    message: InboundMessage,
    channel: AnsweringChannel,
    base: AiBase,
    reply: StoredReply,
    accessTokenSealed: string | null,
    signal: AbortSignal,
  ) {
    if (accessTokenSealed === null) return 'done' as const;
    const accessToken = secrets.open(accessTokenSealed, channel.id);
    const parts = reply.parts.map((part) => ({ ...part }));
    for (const [index, part] of parts.entries()) {
      if (part.wamid !== null) continue;
      if (signal.aborted) return 'stopped' as const;
      if (outsideWindow(message)) return finish(message, 'outside_window');
      const result = await sendQuickly(
        channel.phoneNumberId,
        accessToken,
        outgoing(part, message.sender, index === 0 ? message.messageId : undefined),
        signal,
      );
      if (result === 'stopped') return 'stopped' as const;
      if (result.ok) {
        const showsCatalog = part.type === 'product_list' || part.type === 'catalog_message';
        const catalogEvent = showsCatalog && channel.inventoryId ? { inventoryId: channel.inventoryId, language: base.language } : null;
        part.wamid = result.value.messageId;
        await replies.partSent({ ...reply, parts }, index, result.value.messageId, catalogEvent, now());
        continue;
      }
      const refusal = refusalOf(result.failure);
      if (refusal === 'outside_window') return finish(message, 'outside_window', { failure: null, errorCode: 131047 });
      if (refusal instanceof Error) throw refusal;
      if (refusal.attention) await channels.markNeedsAttention(channel.id, refusal.attention);
      return finish(message, 'failed', refusal);
    }
    log.info({ inboundMessageId: message.id, channelId: channel.id, kind: reply.kind, parts: parts.length }, 'whatsapp reply sent');
    return 'done' as const;
  }

  async function finish(message: InboundMessage, outcome: FinalOutcome, failure: ReplyFailureRecord | null = null) {
    await replies.finish(message, outcome, failure, now());
    log.info(
      { inboundMessageId: message.id, channelId: message.channelId, outcome, failure: failure?.failure, errorCode: failure?.errorCode },
      'whatsapp message not answered',
    );
    return 'done' as const;
  }

  async function answer(job: Job, signal: AbortSignal): Promise<'done' | 'stopped'> {
    const inboundMessageId = Number(job.payload.inboundMessageId);
    if (!Number.isSafeInteger(inboundMessageId)) {
      log.warn({ job: job.id }, 'whatsapp inbound job without a message id: dropped');
      return 'done';
    }
    const found = await replies.load(inboundMessageId);
    if (!found) return 'done'; // the channel was disconnected with its messages
    const { message, channel } = found;
    let reply = found.reply;
    let accessTokenSealed: string | null = found.accessTokenSealed;
    if (reply && reply.outcome !== 'sending') return 'done'; // answered (or ended) already: never twice
    // Claimed again after its worker died on every attempt (a crash, not a failure it could name).
    if (job.attempts > job.maxAttempts) return finish(message, 'failed', { failure: 'internal', errorCode: null });
    const answering = await notAnswering(found);
    if ('skip' in answering) return finish(message, answering.skip);
    if (outsideWindow(message)) return finish(message, 'outside_window');
    if (signal.aborted) return 'stopped';
    if (!reply) {
      const stored = await decided(found, answering.base);
      if (stored === 'unknown_model') return finish(message, 'failed', { failure: 'unknown_model', errorCode: null });
      if (!stored) return finish(message, 'skipped_unsupported');
      reply = stored;
      accessTokenSealed = stored.accessTokenSealed;
    }
    if (reply.outcome !== 'sending') return 'done';
    return send(message, channel, answering.base, reply, accessTokenSealed, signal);
  }

  return queueWorker({
    db,
    name: 'whatsapp inbound worker',
    queues: [WHATSAPP_INBOUND_QUEUE],
    log,
    concurrency,
    pollMs,
    leaseMs,
    retryDelayMs,
    async handle(job, signal) {
      try {
        return await answer(job, signal);
      } catch (error) {
        if (error instanceof ReplyFailure || error instanceof RetryLater) throw error;
        // A database or programming error: its message may quote a query's values (a shopper's text); only its name and code are kept.
        const code = (error as { code?: unknown } | null)?.code;
        log.error(
          { inboundMessageId: job.payload.inboundMessageId, error: (error as Error | null)?.name, code },
          'whatsapp reply: internal error',
        );
        throw new ReplyFailure('internal', null);
      }
    },
    async onGiveUp(job, error) {
      const failure = error instanceof ReplyFailure ? error : new ReplyFailure('internal', null);
      const found = Number.isSafeInteger(Number(job.payload.inboundMessageId))
        ? await replies.load(Number(job.payload.inboundMessageId))
        : null;
      if (found) await finish(found.message, 'failed', { failure: failure.failure, errorCode: failure.errorCode });
    },
  });
}
