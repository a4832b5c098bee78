// The Checkouts screen's reads: an account's abandoned checkouts of a period (by when the shopper left
// them), one inventory's or all its inventories', with the period's figures — counted in one statement
// from the checkouts' recovery state, never estimated — and a page of the list, newest first.
import { and, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import { maskedPhone, CHECKOUTS_PAGE_SIZE, type CheckoutList, type CheckoutListQuery } from '@/domain/checkout-list';
import { skipReasons, type SkipReason } from '@/domain/checkout-recovery';
import type { Db } from '../db/database';
import { accountInventoryIdsSql, isAccountsInventory } from '../inventories/inventory-queries';
import { storeCheckouts } from './checkout-tables';

const DAY_MS = 24 * 60 * 60_000;

/** No such inventory of the caller's. */
export class CheckoutListRefusal extends Error {
  constructor(readonly reason: 'not_found') {
    super(reason);
  }
}

export function checkoutListStore(db: Db) {
  return {
    async list(uid: string, query: CheckoutListQuery): Promise<CheckoutList> {
      if (query.inventory && !(await isAccountsInventory(db, uid, query.inventory))) throw new CheckoutListRefusal('not_found');
      const from = new Date(`${query.from}T00:00:00Z`);
      const until = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
      const inPeriod: SQL = and(
        query.inventory
          ? eq(storeCheckouts.inventoryId, query.inventory)
          : sql`${storeCheckouts.inventoryId} in (${accountInventoryIdsSql(uid)})`,
        gte(storeCheckouts.shopifyUpdatedAt, from),
        lt(storeCheckouts.shopifyUpdatedAt, until),
        ne(storeCheckouts.recoveryStatus, 'waiting'),
      )!;
      const listed = query.status ? and(inPeriod, eq(storeCheckouts.recoveryStatus, query.status))! : inPeriod;

      const [figures] = await db
        .select({
          abandoned: count(),
          reminded: sql<number>`count(*) filter (where ${storeCheckouts.remindersSent} > 0)::int`,
          recovered: sql<number>`count(*) filter (where ${storeCheckouts.recoveryStatus} = 'recovered')::int`,
          recoveredValue: sql<{ currency: string; totalMinor: number }[]>`coalesce((
            select jsonb_agg(jsonb_build_object('currency', v.currency, 'totalMinor', v.total))
            from (select ${storeCheckouts.currency} as currency, sum(${storeCheckouts.totalMinor})::bigint as total from ${storeCheckouts}
                  where ${inPeriod} and ${storeCheckouts.recoveryStatus} = 'recovered' and ${storeCheckouts.currency} is not null
                  group by ${storeCheckouts.currency} order by ${storeCheckouts.currency}) as v), '[]'::jsonb)`,
        })
        .from(storeCheckouts)
        .where(inPeriod);
      const skippedRows = await db
        .select({ reason: storeCheckouts.recoveryReason, count: count() })
        .from(storeCheckouts)
        .where(and(inPeriod, eq(storeCheckouts.recoveryStatus, 'skipped')))
        .groupBy(storeCheckouts.recoveryReason);
      const skipped = Object.fromEntries(skipReasons.map((reason) => [reason, 0])) as Record<SkipReason, number>;
      for (const row of skippedRows) if (row.reason && row.reason in skipped) skipped[row.reason as SkipReason] = row.count;

      // Without a status the list is the figures' checkouts: their count is the total.
      const total = query.status
        ? (await db.select({ count: count() }).from(storeCheckouts).where(listed))[0]!.count
        : (figures?.abandoned ?? 0);
      const rows = await db
        .select()
        .from(storeCheckouts)
        .where(listed)
        .orderBy(desc(storeCheckouts.shopifyUpdatedAt), desc(storeCheckouts.id))
        .limit(CHECKOUTS_PAGE_SIZE)
        .offset((query.page - 1) * CHECKOUTS_PAGE_SIZE);
      const reminded = figures?.reminded ?? 0;
      const recovered = figures?.recovered ?? 0;
      return {
        figures: {
          abandoned: figures?.abandoned ?? 0,
          reminded,
          recovered,
          recoveryRate: reminded > 0 ? recovered / reminded : null,
          recoveredValue: (figures?.recoveredValue ?? []).map((value) => ({
            currency: value.currency,
            totalMinor: Number(value.totalMinor),
          })),
          skipped,
        },
        items: rows.map((row) => ({
          id: String(row.id),
          inventoryId: row.inventoryId,
          phone: maskedPhone(row.phone),
          firstName: row.firstName,
          totalMinor: row.totalMinor,
          currency: row.currency,
          items: row.items.reduce((sum, item) => sum + item.quantity, 0),
          startedAt: row.startedAt.toISOString(),
          lastActivityAt: row.shopifyUpdatedAt.toISOString(),
          completedAt: row.completedAt?.toISOString() ?? null,
          status: row.recoveryStatus,
          reason: row.recoveryReason,
          remindersSent: row.remindersSent,
        })),
        total,
        page: query.page,
        pageSize: CHECKOUTS_PAGE_SIZE,
      };
    },
  };
}

export type CheckoutListStore = ReturnType<typeof checkoutListStore>;
