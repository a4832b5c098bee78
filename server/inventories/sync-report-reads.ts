// What the inventory pages read of the sync's results: the inventory's last runs and a page of the
// products the last good run made; and where a sync's read of the store's checkouts starts again.
// Reads only; the sync that writes them is ./inventory-sync.ts.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { SyncReport } from '@/domain/inventory-sync';
import type { Db } from '../db/database';
import { inventoryProducts, inventorySyncRuns } from './inventory-tables';

/** The inventory's runs, newest first. */
export function lastRuns(db: Db, inventoryId: string, limit = 20) {
  return db
    .select()
    .from(inventorySyncRuns)
    .where(eq(inventorySyncRuns.inventoryId, inventoryId))
    .orderBy(desc(inventorySyncRuns.startedAt), desc(inventorySyncRuns.id))
    .limit(limit);
}

/** A page of the inventory's products, in the order the sync found them; `q` searches title, variant, SKU and retailer id. */
export async function productsPage(db: Db, inventoryId: string, { page, pageSize, q }: { page: number; pageSize: number; q: string }) {
  const needle = q.trim().toLowerCase();
  const where = and(
    eq(inventoryProducts.inventoryId, inventoryId),
    needle ? sql`${inventoryProducts.searchText} like ${`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ product: inventoryProducts.product })
      .from(inventoryProducts)
      .where(where)
      .orderBy(asc(inventoryProducts.position))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(inventoryProducts)
      .where(where),
  ]);
  return { products: rows.map((row) => row.product), total: counted?.total ?? 0 };
}

/** When the inventory's last succeeded run whose report has `count` started (a run that read what it counts); null: none. */
export async function lastRunCounting(db: Db, inventoryId: string, count: keyof SyncReport['counts']): Promise<Date | null> {
  const [last] = await db
    .select({ startedAt: inventorySyncRuns.startedAt })
    .from(inventorySyncRuns)
    .where(
      and(
        eq(inventorySyncRuns.inventoryId, inventoryId),
        eq(inventorySyncRuns.status, 'succeeded'),
        sql`${inventorySyncRuns.report} -> 'counts' -> ${count}::text is not null`,
      ),
    )
    .orderBy(desc(inventorySyncRuns.startedAt))
    .limit(1);
  return last?.startedAt ?? null;
}
