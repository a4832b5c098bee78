// Removing an inventory's order webhooks from its store once Catalyst no longer wants them: the
// inventory deleted, its API secret key removed, or its store or token changed. Left in place, the
// store would keep posting signed webhooks to a callback that now refuses them (and Shopify retries
// each for 48 hours). The change queues a job in its own transaction, so it runs once the change is
// committed; the job carries what the row no longer holds afterwards (the store's address, its token
// as sealed at rest, the callback URLs), never the plain token. The worker lists the subscriptions at
// those callback URLs with Admin GraphQL's `webhookSubscriptions` and deletes each with
// `webhookSubscriptionDelete`: no other subscription of the store is touched. Best-effort: a store that
// refuses the token or is gone is logged (ids and codes only) and given up; one that does not answer
// is tried again a few times.
import type { Db } from '../db/database';
import { orderEventSourceOf } from '../inventories/inventory-order-sources';
import { PeerFailure } from '../inventories/peer-failure';
import { pacedQueries, type PaceOptions } from '../inventories/shopify-admin';
import type { JobQueue } from '../jobs/job-queue';
import { queueWorker, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import type { SecretBox } from '../secrets/secret-box';

export const ORDER_WEBHOOK_REMOVAL_QUEUE = 'order-webhook-removal';
/** Tries of a removal whose store does not answer (the queue's back-off doubles between them). */
export const ORDER_WEBHOOK_REMOVAL_ATTEMPTS = 5;

/** Why the webhooks go. */
export type OrderWebhookRemovalReason = 'inventory_deleted' | 'secret_removed' | 'store_changed';

/** A job of ORDER_WEBHOOK_REMOVAL_QUEUE: the store as the inventory had it before the change. */
export type OrderWebhookRemoval = {
  inventoryId: string;
  reason: OrderWebhookRemovalReason;
  shopifyUrl: string;
  /** The Admin API token as sealed at rest (the inventory's id its context). */
  tokenSealed: string;
  /** The inventory's callback URLs the store may have subscriptions at. */
  callbackUrls: string[];
};

/** Queues the removal on `queue` inside `tx`, the transaction of the change that makes it due. */
export async function queueOrderWebhookRemoval(queue: JobQueue, tx: Db, removal: OrderWebhookRemoval): Promise<void> {
  await queue.enqueue(tx, ORDER_WEBHOOK_REMOVAL_QUEUE, removal, { maxAttempts: ORDER_WEBHOOK_REMOVAL_ATTEMPTS });
}

const LIST = `query CatalystOrderWebhookList($callbackUrl: URL!, $first: Int!, $after: String) {
  webhookSubscriptions(first: $first, after: $after, callbackUrl: $callbackUrl) {
    nodes { id endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

type ListAnswer = {
  webhookSubscriptions: {
    nodes: { id: string; endpoint: { __typename: string; callbackUrl?: string } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
};

const DELETE = `mutation CatalystOrderWebhookDelete($id: ID!) {
  webhookSubscriptionDelete(id: $id) {
    deletedWebhookSubscriptionId
    userErrors { field message }
  }
}`;

type DeleteAnswer = {
  webhookSubscriptionDelete: {
    deletedWebhookSubscriptionId: string | null;
    userErrors: { field: string[] | null; message: string }[];
  } | null;
};

/** Shopify's userError for an id it does not have (deleted meanwhile): it is gone, as wanted. */
export const NO_SUCH_SUBSCRIPTION = 'Webhook subscription does not exist';

/** Shopify refused to delete a subscription for another reason (retried). */
export class SubscriptionDeleteRefused extends Error {
  constructor(readonly subscriptionIds: string[]) {
    super(`webhookSubscriptionDelete refused for ${subscriptionIds.join(', ')}`);
    this.name = 'SubscriptionDeleteRefused';
  }
}

type Ask = ReturnType<typeof pacedQueries>;

/** The ids of the subscriptions at `callbackUrl`, every page read (the endpoint checked too: nothing else is ever deleted). */
async function subscriptionIdsAt(ask: Ask, callbackUrl: string, perPage: number): Promise<string[]> {
  const ids: string[] = [];
  for (let after: string | null = null; ;) {
    const { webhookSubscriptions: page }: ListAnswer = await ask<ListAnswer>(LIST, { callbackUrl, first: perPage, after });
    for (const node of page.nodes) if (node.endpoint.callbackUrl === callbackUrl) ids.push(node.id);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return ids;
    after = page.pageInfo.endCursor;
  }
}

async function subscriptionIds(ask: Ask, callbackUrls: readonly string[], perPage: number): Promise<string[]> {
  const ids: string[] = [];
  for (const url of callbackUrls) ids.push(...(await subscriptionIdsAt(ask, url, perPage)));
  return ids;
}

export type OrderWebhookRemovalOutcome =
  | { outcome: 'removed'; removed: number; kept: number }
  /** The inventory has this store and token again (with its secret): its subscriptions are wanted. */
  | { outcome: 'still_wanted' }
  /** The store refused the token, or no longer answers as a store: nothing can be removed with it. */
  | { outcome: 'given_up'; reason: PeerFailure['reason'] | 'token_unreadable' };

export type OrderWebhookRemovalDependencies = { db: Db; secrets: SecretBox };

/**
 * Deletes the store's subscriptions at the removal's callback URLs, but those the inventory still
 * wants: when it has the same store and an API secret key again, a subscription its current token
 * also sees (the same app's) stays. A store that does not answer, or refuses a deletion, throws (the
 * queue retries); one that refuses the token or is no store gives up.
 */
export async function removeOrderWebhooks(
  { db, secrets }: OrderWebhookRemovalDependencies,
  removal: OrderWebhookRemoval,
  { perPage = 50, ...pace }: PaceOptions & { perPage?: number } = {},
): Promise<OrderWebhookRemovalOutcome> {
  let token: string;
  try {
    token = secrets.open(removal.tokenSealed, removal.inventoryId);
  } catch {
    return { outcome: 'given_up', reason: 'token_unreadable' };
  }
  const finalFailure = (error: unknown) =>
    error instanceof PeerFailure &&
    (error.reason === 'store_token_invalid' || error.reason === 'store_url_wrong' || error.reason === 'store_scope_missing');
  const progress = { requests: 0, waitedMs: 0, cost: 0 };

  const current = await orderEventSourceOf(db, secrets, removal.inventoryId);
  const wanted = current !== null && current.apiSecretSet && current.shopifyUrl === removal.shopifyUrl;
  if (wanted && current.token === token) return { outcome: 'still_wanted' };
  let spared = new Set<string>();
  if (wanted) {
    try {
      spared = new Set(
        await subscriptionIds(pacedQueries(current.shopifyUrl, current.token, progress, pace), removal.callbackUrls, perPage),
      );
    } catch (error) {
      // The current token sees nothing (refused): none of the old token's subscriptions is its.
      if (!finalFailure(error)) throw error;
    }
  }

  const ask = pacedQueries(removal.shopifyUrl, token, progress, pace);
  let found: string[];
  try {
    found = await subscriptionIds(ask, removal.callbackUrls, perPage);
  } catch (error) {
    if (finalFailure(error)) return { outcome: 'given_up', reason: (error as PeerFailure).reason };
    throw error;
  }
  const doomed = found.filter((id) => !spared.has(id));
  const refused: string[] = [];
  let removed = 0;
  for (const id of doomed) {
    const answer = (await ask<DeleteAnswer>(DELETE, { id })).webhookSubscriptionDelete;
    const errors = (answer?.userErrors ?? []).filter((error) => error.message !== NO_SUCH_SUBSCRIPTION);
    if (errors.length > 0) refused.push(id);
    else if (answer?.deletedWebhookSubscriptionId) removed += 1;
  }
  if (refused.length > 0) throw new SubscriptionDeleteRefused(refused);
  return { outcome: 'removed', removed, kept: found.length - doomed.length };
}

const REASONS: readonly unknown[] = ['inventory_deleted', 'secret_removed', 'store_changed'] satisfies OrderWebhookRemovalReason[];

/** What a job's payload holds, checked: a malformed one is dropped rather than retried. */
function removalOf(payload: Record<string, unknown>): OrderWebhookRemoval | null {
  const { inventoryId, reason, shopifyUrl, tokenSealed, callbackUrls } = payload;
  if (typeof inventoryId !== 'string' || typeof shopifyUrl !== 'string' || typeof tokenSealed !== 'string') return null;
  if (!REASONS.includes(reason) || !Array.isArray(callbackUrls) || !callbackUrls.every((url) => typeof url === 'string')) return null;
  return { inventoryId, reason: reason as OrderWebhookRemovalReason, shopifyUrl, tokenSealed, callbackUrls };
}

export type OrderWebhookRemovalWorkerOptions = OrderWebhookRemovalDependencies & {
  log: WorkerLog;
  pollMs?: number;
  retryDelayMs?: number;
  /** Page size of the subscription lists (tests make it small to read several pages). */
  perPage?: number;
};

/** The removals' queue worker, for one server process. Its log lines name the inventory, the reason and codes: never the store or a token. */
export function orderWebhookRemovalWorker({
  db,
  secrets,
  log,
  pollMs,
  retryDelayMs,
  perPage,
}: OrderWebhookRemovalWorkerOptions): QueueWorker {
  return queueWorker({
    db,
    name: 'order webhook removal worker',
    queues: [ORDER_WEBHOOK_REMOVAL_QUEUE],
    log,
    concurrency: 1,
    ...(pollMs ? { pollMs } : {}),
    ...(retryDelayMs ? { retryDelayMs } : {}),
    async handle(job, signal) {
      const removal = removalOf(job.payload);
      if (!removal) {
        log.warn({ job: job.id }, 'order webhook removal: a malformed job was dropped');
        return 'done';
      }
      const { inventoryId, reason } = removal;
      let outcome: OrderWebhookRemovalOutcome;
      try {
        outcome = await removeOrderWebhooks({ db, secrets }, removal, { signal, ...(perPage ? { perPage } : {}) });
      } catch (error) {
        if (signal.aborted) return 'stopped';
        // Thrown for the retry; its log line is the queue's, this one says what it was about without the store's words.
        const code = error instanceof PeerFailure ? error.reason : error instanceof SubscriptionDeleteRefused ? 'delete_refused' : 'error';
        log.warn({ job: job.id, inventoryId, reason, code, attempt: job.attempts }, 'order webhook removal: the store did not take it');
        throw error;
      }
      if (outcome.outcome === 'given_up')
        log.warn({ job: job.id, inventoryId, reason, code: outcome.reason }, 'order webhook removal: given up');
      else log.info({ job: job.id, inventoryId, reason, ...outcome }, 'order webhook removal: done');
      return 'done';
    },
    async onGiveUp(job) {
      log.warn({ job: job.id, inventoryId: String(job.payload.inventoryId) }, 'order webhook removal: attempts run out');
    },
  });
}
