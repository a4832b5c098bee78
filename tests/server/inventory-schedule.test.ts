// The hourly sync's schedule (server/inventories/inventory-sync.ts's enqueueDueSyncs): each
// configured inventory is due at its own minute of the hour (spread by its id, not all at :00),
// queued once when due and not run since, never twice at once; one in configuration never.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { accounts } from '@/server/accounts/account-tables';
import { inventories, inventorySyncRuns } from '@/server/inventories/inventory-tables';
import { jobs } from '@/server/jobs/job-tables';
import { enqueueDueSyncs, INVENTORY_SYNC_QUEUE } from '@/server/inventories/inventory-sync';
import { testDatabase } from './support/test-database';

describe('hourly sync schedule', () => {
  test('an inventory is queued at its own minute of the hour, once, and not again after it ran', async () => {
    const { db } = await testDatabase();
    const uid = `schedule-${randomUUID()}`;
    await db.insert(accounts).values({ uid, email: null, plan: 'basic' });
    const made = await db
      .insert(inventories)
      .values(
        Array.from({ length: 40 }, (_, n) => ({
          uid,
          name: `Loja ${n}`,
          publicId: randomUUID(),
          status: n < 30 ? ('configured' as const) : ('configuring' as const),
          savedSteps: n < 30 ? 2 : 1,
        })),
      )
      .returning({ id: inventories.id, status: inventories.status });
    const ids = made.map((row) => row.id);
    // Each inventory's due moment this hour, as the scheduler computes it.
    const dueOf = async (id: string) => {
      const [row] = (
        (await db.execute(
          sql`select (date_trunc('hour', now()) + make_interval(secs => abs(hashtext(${id}::uuid::text)) % 3600)) <= now() as due, abs(hashtext(${id}::uuid::text)) % 3600 as offset`,
        )) as unknown as { rows: { due: boolean; offset: number }[] }
      ).rows;
      return row!;
    };
    const offsets = await Promise.all(ids.map(dueOf));
    expect(new Set(offsets.map((entry) => entry.offset)).size).toBeGreaterThan(30); // spread over the hour, not at :00
    const queued = async () =>
      (await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.queue, INVENTORY_SYNC_QUEUE)))
        .map((job) => String(job.payload.inventoryId))
        .filter((id) => ids.includes(id));
    const expected = made.filter((row, index) => row.status === 'configured' && offsets[index]!.due).map((row) => row.id);

    await enqueueDueSyncs(db);
    expect((await queued()).sort()).toEqual([...expected].sort());
    await enqueueDueSyncs(db); // already queued: not twice
    expect(await queued()).toHaveLength(expected.length);

    // Once run this hour (after its due moment), an inventory is not queued again until the next hour.
    await db.delete(jobs).where(and(eq(jobs.queue, INVENTORY_SYNC_QUEUE), inArray(sql`${jobs.payload}->>'inventoryId'`, ids)));
    if (expected.length > 0)
      await db.insert(inventorySyncRuns).values(expected.map((inventoryId) => ({ inventoryId, trigger: 'hourly' as const })));
    await enqueueDueSyncs(db);
    expect(await queued()).toEqual([]);
    // The run's database is shared: the hour's jobs queued here for other files' inventories go too.
    await db.delete(jobs).where(and(eq(jobs.queue, INVENTORY_SYNC_QUEUE), eq(jobs.status, 'queued')));
  });
});
