// One sync of an inventory, as the sync worker runs it: the store's variants and the catalog's
// items read a page at a time into the run's rows, the store's orders from Catalyst carts and its
// abandoned checkouts (checkout recovery's, for the webhooks missed), then the rows made the
// inventory's products in one transaction. A refusal fails the run and keeps the last good products
// (the next hour tries again); anything else is thrown for the queue to retry.
import { and, eq, sql } from 'drizzle-orm';
import type { SyncTrigger } from '@/domain/inventory-sync';
import type { Db } from '../db/database';
import { executeInOneTransaction } from '../db/in-one-transaction';
import { inventories, inventorySyncRows, inventorySyncRuns } from './inventory-tables';
import { enqueueRows, jobQueue } from '../jobs/job-queue';
import type { SecretBox } from '../secrets/secret-box';
import type { Mismatch, SyncReport } from '@/domain/inventory-sync';
import { checkoutsWatermark, recordAbandonedCheckouts } from '../checkouts/abandoned-checkout-reader';
import { correctionRequests, pushCorrections } from './catalog-corrections';
import { REPORT_LIMIT } from './catalog-match';
import { readCatalogItems, type MetaConfig } from './meta-catalog';
import { attributeStoreOrders } from './order-reader';
import { pageBuffer } from './page-buffer';
import { PeerFailure } from './peer-failure';
import { readStore, type StoreReadOptions } from './store-reader';
import { lastRunCounting } from './sync-report-reads';
import { syncRows } from './sync-rows';

type SyncRows = Awaited<ReturnType<typeof syncRows>>;

export const INVENTORY_SYNC_QUEUE = 'inventory-sync';

export type SyncDependencies = {
  db: Db;
  secrets: SecretBox;
  meta: MetaConfig;
  /** Tests shorten the waits a throttled store asks for. */
  sleep?: StoreReadOptions['sleep'];
  /** Past this many variants the store is read through a bulk operation (INVENTORY_BULK_THRESHOLD). */
  bulkThreshold?: number;
  bulkPollMs?: number;
  /** The clock the first read of abandoned checkouts counts back from (tests set theirs). */
  now?: () => Date;
};

/** Queues a sync unless one is queued or running; true when queued. */
export function enqueueSync(db: Db, inventoryId: string, trigger: SyncTrigger): Promise<boolean> {
  return jobQueue(db).enqueueOnce(db, INVENTORY_SYNC_QUEUE, { inventoryId, trigger });
}

/**
 * Queues the hour's sync of every configured inventory whose minute in the hour (spread by its id,
 * so not every store is read at :00) has come and that has not run since; returns how many.
 */
export async function enqueueDueSyncs(db: Db): Promise<number> {
  const due = sql`date_trunc('hour', now()) + make_interval(secs => abs(hashtext(${inventories.id}::text)) % 3600)`;
  const dueInventories = sql`
    select jsonb_build_object('inventoryId', ${inventories.id}, 'trigger', 'hourly') as payload
    from ${inventories}
    where ${inventories.status} = 'configured' and now() >= ${due}
      and not exists (select 1 from ${inventorySyncRuns} r where r.inventory_id = ${inventories.id} and r.started_at >= ${due})`;
  const result = await db.execute(enqueueRows(INVENTORY_SYNC_QUEUE, dueInventories, { skipDuplicates: true }));
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export async function syncInventory(
  { db, secrets, meta, sleep, bulkThreshold, bulkPollMs, now = () => new Date() }: SyncDependencies,
  inventoryId: string,
  trigger: SyncTrigger,
  signal: AbortSignal,
): Promise<'done' | 'stopped'> {
  const [inventory] = await db.select().from(inventories).where(eq(inventories.id, inventoryId));
  if (!inventory || inventory.status !== 'configured' || !inventory.shopifyTokenSealed) return 'done';
  // A run still running is one whose worker was killed (one sync of an inventory is queued or runs at
  // a time: enqueueSync): it did not happen, as a stopped one does not; its rows go with it.
  await db.delete(inventorySyncRuns).where(and(eq(inventorySyncRuns.inventoryId, inventoryId), eq(inventorySyncRuns.status, 'running')));
  const [run] = await db.insert(inventorySyncRuns).values({ inventoryId, trigger }).returning({ id: inventorySyncRuns.id });
  const runId = run!.id;
  // The first sync shows as pending synchronization until it finishes; a later one as syncing.
  if (inventory.syncStatus !== 'pending')
    await db.update(inventories).set({ syncStatus: 'syncing' }).where(eq(inventories.id, inventoryId));
  try {
    const token = secrets.open(inventory.shopifyTokenSealed, inventoryId);
    // Store and catalog pass through a page at a time into the run's rows, in the database.
    const rows = await syncRows(db, inventoryId, runId);
    const variants = pageBuffer(rows.addVariants);
    await readStore(inventory.shopifyUrl, token, {
      signal,
      onVariants: variants.add,
      ...(sleep ? { sleep } : {}),
      ...(bulkThreshold === undefined ? {} : { bulkThreshold }),
      ...(bulkPollMs === undefined ? {} : { bulkPollMs }),
    });
    await variants.flush();
    const items = pageBuffer(rows.addItems);
    await readCatalogItems(meta, inventory.catalogId, { onItems: items.add });
    await items.flush();
    // Orders are written as they are read, by order id: a run that fails after this reads them again.
    const orders = await attributeStoreOrders(db, inventory, token, { signal, ...(sleep ? { sleep } : {}) });
    // Checkouts go through the webhooks' intake as they are read: one read again next time is kept once.
    const checkoutsSince = checkoutsWatermark(await lastRunCounting(db, inventoryId, 'checkoutsRecorded'), now());
    const checkouts = await recordAbandonedCheckouts(db, inventory, token, checkoutsSince, { signal, ...(sleep ? { sleep } : {}) });
    signal.throwIfAborted();
    const { report, mismatches } = await rows.report();
    report.counts.ordersAttributed = orders.attributed;
    report.counts.checkoutsRecorded = checkouts.recorded;
    if (inventory.storeIsTruth && mismatches.length > 0)
      await correctCatalog({ meta, catalogId: inventory.catalogId, rows, report, mismatches, ...(sleep ? { sleep } : {}) });
    // One transaction handed over whole: under load, PGlite (and the shop pages reading it) is not
    // held while each statement waits its turn on the server's thread.
    await executeInOneTransaction(db, [
      ...rows.promotion(),
      db
        .update(inventorySyncRuns)
        .set({ status: 'succeeded', finishedAt: new Date(), report })
        .where(eq(inventorySyncRuns.id, runId))
        .getSQL(),
      db
        .update(inventories)
        .set({ syncStatus: 'synced', syncFailure: null, lastSyncedAt: new Date() })
        .where(eq(inventories.id, inventoryId))
        .getSQL(),
    ]);
    return 'done';
  } catch (error) {
    if (signal.aborted) {
      // The process is stopping: the run did not happen; the job goes back to the queue.
      await db.delete(inventorySyncRuns).where(eq(inventorySyncRuns.id, runId));
      await db.update(inventories).set({ syncStatus: inventory.syncStatus }).where(eq(inventories.id, inventoryId));
      return 'stopped';
    }
    const failure = error instanceof PeerFailure ? error.reason : ('internal' as const);
    // The run's rows go with it (deleting the run on a stop takes them too); the last good products stay.
    await db.delete(inventorySyncRows).where(eq(inventorySyncRows.runId, runId));
    await db.update(inventorySyncRuns).set({ status: 'failed', failure, finishedAt: new Date() }).where(eq(inventorySyncRuns.id, runId));
    await db
      .update(inventories)
      .set({ syncStatus: 'failed', syncFailure: error instanceof PeerFailure ? error.reason : null })
      .where(eq(inventories.id, inventoryId));
    if (error instanceof PeerFailure) return 'done';
    throw error;
  }
}

/**
 * Pushes the store's price and availability for every mismatch to the catalog and records the
 * outcome in the report: the rows of corrected items show the catalog as it now is, and the
 * report's mismatches keep only those still standing. A catalog that refuses the batch itself
 * leaves the mismatches standing and says why; the products are stored either way.
 */
async function correctCatalog({
  meta,
  catalogId,
  rows,
  report,
  mismatches,
  sleep,
}: {
  meta: MetaConfig;
  catalogId: string;
  rows: SyncRows;
  report: SyncReport;
  mismatches: Mismatch[];
  sleep?: (ms: number) => Promise<void>;
}) {
  const requests = correctionRequests(mismatches, await rows.rowsOf([...new Set(mismatches.map((mismatch) => mismatch.key))]));
  try {
    const outcome = await pushCorrections(meta, catalogId, requests, sleep ? { sleep } : {});
    const applied = new Set(outcome.applied);
    await rows.corrected([...new Set(mismatches.filter((mismatch) => applied.has(mismatch.retailerId)).map((mismatch) => mismatch.key))]);
    const standing = mismatches.filter((mismatch) => !applied.has(mismatch.retailerId));
    report.mismatches = standing.slice(0, REPORT_LIMIT);
    report.counts.mismatches = standing.length;
    report.corrections = {
      sent: outcome.sent,
      applied: outcome.applied.length,
      pending: outcome.pending.length,
      refused: outcome.refused.slice(0, REPORT_LIMIT),
      failure: null,
    };
  } catch (error) {
    if (!(error instanceof PeerFailure)) throw error;
    report.corrections = { sent: requests.length, applied: 0, pending: requests.length, refused: [], failure: error.reason };
  }
}
