// Polling, for inventories whose store sends no webhooks (no API secret key, or no public address):
// every ORDER_POLL_MINUTES a scheduler claims each such inventory that is due (order_event_polls, so
// any number of processes poll it once) and queues a poll; the poll reads the store's orders updated
// since the last one (a little before, for orders Shopify's search shows late; at most a few hours
// back) through the paced Admin client and records their events as a webhook would, so an event the
// store's webhook already brought is not recorded again. Its abandoned checkouts updated since are read
// the same way (its `checkouts/*` webhooks never come either), so checkout recovery sees them within a
// poll rather than at the next hourly sync. A store that can take webhooks by now (its secret saved
// while Shopify did not answer) is subscribed first, and is no longer polled after.
import { eq, sql } from 'drizzle-orm';
import { recordAbandonedCheckouts } from '../checkouts/abandoned-checkout-reader';
import { RECOVERY_QUEUE } from '../checkouts/checkout-intake';
import { ORDER_POLL_MINUTES } from '@/domain/inventory';
import type { Db } from '../db/database';
import { orderEventSourceOf, polledInventoryIdsSql } from '../inventories/inventory-order-sources';
import { readOrdersSince } from '../inventories/order-reader';
import { PeerFailure } from '../inventories/peer-failure';
import type { PaceOptions } from '../inventories/shopify-admin';
import { enqueueRows } from '../jobs/job-queue';
import { queueWorker, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import { scheduledWorker } from '../jobs/scheduled-worker';
import type { SecretBox } from '../secrets/secret-box';
import { ORDER_EVENT_QUEUE, recordOrderEvents } from './order-event-intake';
import { orderEventPolls, shopifyWebhookDeliveries } from './order-event-tables';
import { ensureOrderWebhooks } from './order-webhook-subscriptions';
import { eventsFromPolledOrder, ORDER_EVENTS_PER_PAGE, ORDER_EVENTS_QUERY, type PolledOrder } from './shopify-order-events';

export const ORDER_EVENT_POLL_QUEUE = 'order-event-poll';
export const ORDER_POLL_INTERVAL_MS = ORDER_POLL_MINUTES * 60_000;
/** How far before the last poll's start the next one reads again (Shopify's search shows a change a little late). */
export const POLL_OVERLAP_MS = 2 * 60_000;
/** The farthest back a poll reads (after polling stopped a while: a notice hours late is no longer one). */
export const POLL_MAX_CATCH_UP_MS = 6 * 3_600_000;

export type PollDependencies = {
  db: Db;
  secrets: SecretBox;
  publicOrigin: string | null;
  log?: WorkerLog;
  /** How often each inventory is polled (ORDER_POLL_SECONDS; default ORDER_POLL_INTERVAL_MS). */
  intervalMs?: number;
  /** DEMO_TIME_SCALE, for the checkouts read (their first look). */
  timeScale?: number;
};

/** How long a webhook delivery's id is kept (Shopify retries one for up to 48 hours). */
export const WEBHOOK_DELIVERY_KEPT_MS = 7 * 86_400_000;

/**
 * Queues a poll of each polled inventory that is due at `now` (none yet, or its last claim
 * ORDER_POLL_INTERVAL_MS ago), claiming it until the next interval in the same statement; how many.
 * A new inventory's first poll reads from `now`: its store's older orders bring no notice.
 */
export async function schedulePolls(
  db: Db,
  { now, publicOrigin, intervalMs = ORDER_POLL_INTERVAL_MS }: { now: Date; publicOrigin: string | null; intervalMs?: number },
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const next = sql`${new Date(now.getTime() + intervalMs).toISOString()}::timestamptz`;
  const result = await db.execute(sql`with due as (
      select polled.id from (${polledInventoryIdsSql(publicOrigin)}) as polled
      left join ${orderEventPolls} on ${orderEventPolls.inventoryId} = polled.id
      where ${orderEventPolls.nextPollAt} is null or ${orderEventPolls.nextPollAt} <= ${at}
    ),
    claimed as (
      insert into ${orderEventPolls} (inventory_id, next_poll_at, polled_until) select id, ${next}, ${at} from due
      on conflict (inventory_id) do update set next_poll_at = excluded.next_poll_at where ${orderEventPolls.nextPollAt} <= ${at}
      returning inventory_id
    ),
    queued as (${enqueueRows(ORDER_EVENT_POLL_QUEUE, sql`select jsonb_build_object('inventoryId', inventory_id) as payload from claimed`)})
    select count(*)::int as queued from queued`);
  return (result as unknown as { rows: { queued: number }[] }).rows[0]!.queued;
}

/** Forgets the webhook deliveries older than WEBHOOK_DELIVERY_KEPT_MS (past Shopify's retries); how many. */
export async function forgetOldDeliveries(db: Db, now: Date): Promise<number> {
  const forgotten = await db
    .delete(shopifyWebhookDeliveries)
    .where(sql`${shopifyWebhookDeliveries.receivedAt} < ${new Date(now.getTime() - WEBHOOK_DELIVERY_KEPT_MS).toISOString()}::timestamptz`)
    .returning({ id: shopifyWebhookDeliveries.webhookId });
  return forgotten.length;
}

export type PollOutcome =
  /** `checkouts`: the abandoned checkouts added or changed. */
  | { outcome: 'polled'; since: Date; orders: number; recorded: number; checkouts: number }
  /** The inventory or its store is gone. */
  | { outcome: 'skipped' }
  | { outcome: 'unreachable'; reason: string };

/**
 * One poll of an inventory's store at `now`: its order webhooks subscribed first when they can be
 * now, then its orders updated since the last poll read, their events recorded (and queued), then its
 * abandoned checkouts updated since recorded (and queued for recovery), and the poll's start kept as the next one's. A store that refuses or does not answer is left for the next
 * poll (the same orders are read again then).
 */
export async function pollInventoryOrders(
  deps: PollDependencies,
  inventoryId: string,
  { now = new Date(), ...pace }: PaceOptions & { now?: Date } = {},
): Promise<PollOutcome> {
  const { db, secrets } = deps;
  const subscribing = await ensureOrderWebhooks(deps, inventoryId, pace);
  if (subscribing.outcome === 'subscribed') deps.log?.info({ inventoryId, created: subscribing.created }, 'order webhooks subscribed');
  if (subscribing.outcome === 'failed')
    deps.log?.warn({ inventoryId, reason: subscribing.reason }, 'order webhooks could not be subscribed');
  // Subscribed since it was queued, the poll still reads what came before the webhooks did (nothing is recorded twice).
  const source = await orderEventSourceOf(db, secrets, inventoryId);
  if (!source) return { outcome: 'skipped' };
  const [poll] = await db
    .select({ polledUntil: orderEventPolls.polledUntil })
    .from(orderEventPolls)
    .where(eq(orderEventPolls.inventoryId, inventoryId));
  const since = new Date(Math.max((poll?.polledUntil ?? now).getTime() - POLL_OVERLAP_MS, now.getTime() - POLL_MAX_CATCH_UP_MS));
  let recorded = 0;
  let orders: number;
  let checkouts: number;
  try {
    ({ orders } = await readOrdersSince<PolledOrder>(source.shopifyUrl, source.token, since, {
      ...pace,
      query: ORDER_EVENTS_QUERY,
      perPage: ORDER_EVENTS_PER_PAGE,
      onOrders: async (page) => {
        const events = page.flatMap((order) => eventsFromPolledOrder(order, since));
        recorded += (await recordOrderEvents(db, inventoryId, events, { source: 'poll' })).recorded;
      },
    }));
    ({ recorded: checkouts } = await recordAbandonedCheckouts(db, { id: inventoryId, shopifyUrl: source.shopifyUrl }, source.token, since, {
      ...pace,
      timeScale: deps.timeScale ?? 1,
    }));
  } catch (error) {
    if (error instanceof PeerFailure) return { outcome: 'unreachable', reason: error.reason };
    throw error;
  }
  await db
    .insert(orderEventPolls)
    .values({
      inventoryId,
      nextPollAt: new Date(now.getTime() + (deps.intervalMs ?? ORDER_POLL_INTERVAL_MS)),
      polledUntil: now,
      lastPolledAt: now,
    })
    .onConflictDoUpdate({ target: orderEventPolls.inventoryId, set: { polledUntil: now, lastPolledAt: now } });
  return { outcome: 'polled', since, orders, recorded, checkouts };
}

export type OrderEventPollWorkerOptions = PollDependencies & {
  log: WorkerLog;
  /** How often the scheduler looks for due polls (each inventory is polled every ORDER_POLL_INTERVAL_MS). */
  scheduleEveryMs?: number;
  pollMs?: number;
  concurrency?: number;
  now?: () => Date;
  /** Wakes this process's workers of a queue: events were recorded for the notice sender. */
  onQueued?: (queue: string) => void;
};

/** The poll's queue worker and its scheduler, for one server process. */
export function orderEventPollWorker({
  db,
  secrets,
  publicOrigin,
  log,
  intervalMs = ORDER_POLL_INTERVAL_MS,
  scheduleEveryMs = Math.min(60_000, intervalMs),
  pollMs,
  concurrency = 2,
  now = () => new Date(),
  onQueued = () => {},
  timeScale = 1,
}: OrderEventPollWorkerOptions): QueueWorker {
  const worker = queueWorker({
    db,
    name: 'order event poll worker',
    queues: [ORDER_EVENT_POLL_QUEUE],
    log,
    concurrency,
    ...(pollMs ? { pollMs } : {}),
    async handle(job, signal) {
      const inventoryId = String(job.payload.inventoryId);
      const polled = await pollInventoryOrders({ db, secrets, publicOrigin, log, intervalMs, timeScale }, inventoryId, {
        now: now(),
        signal,
      });
      if (polled.outcome === 'unreachable') log.warn({ inventoryId, reason: polled.reason }, 'order event poll: the store did not answer');
      if (polled.outcome === 'polled' && polled.recorded > 0) {
        log.info({ inventoryId, orders: polled.orders, recorded: polled.recorded }, 'order event poll: events recorded');
        onQueued(ORDER_EVENT_QUEUE);
      }
      if (polled.outcome === 'polled' && polled.checkouts > 0) {
        log.info({ inventoryId, checkouts: polled.checkouts }, 'order event poll: checkouts recorded');
        onQueued(RECOVERY_QUEUE);
      }
      return signal.aborted ? 'stopped' : 'done';
    },
  });
  return scheduledWorker(worker, {
    schedule: async () => {
      await forgetOldDeliveries(db, now());
      return (await schedulePolls(db, { now: now(), publicOrigin, intervalMs })) > 0;
    },
    everyMs: scheduleEveryMs,
    log,
    name: 'order event poll scheduler',
  });
}
