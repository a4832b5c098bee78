// The Checkouts screen's reads: an account's abandoned checkouts of a period (by when the shopper left
// them), one inventory's or all its inventories', with the period's figures and the previous period's —
// each counted in one statement from the checkouts' recovery state and the prices the sender recorded
// for their reminders, never estimated — and a page of the list, newest first, filtered by status and a
// search (first name, or the number's last digits). Also one checkout with its timeline
// (./checkout-timeline.ts, its reminders read from the sender by their send keys), and every row of the
// list's query in batches for the CSV export (./checkout-csv.ts).
import { and, count, desc, eq, getTableColumns, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  maskedPhone,
  returnOnCost,
  searchedDigits,
  CHECKOUTS_PAGE_SIZE,
  type CheckoutDetail,
  type CheckoutExportQuery,
  type CheckoutList,
  type CheckoutListItem,
  type CheckoutListQuery,
  type CheckoutPeriodFigures,
} from '@/domain/checkout-list';
import { previousPeriod } from '@/domain/dashboard';
import { RECOVERY_MAX_STEPS, defaultRecoveryFlow, skipReasons, type SkipReason } from '@/domain/checkout-recovery';
import type { Db } from '../db/database';
import { accountInventoryIdsSql, inventoryOwner, isAccountsInventory } from '../inventories/inventory-queries';
import { sendsByKeys, type RecordedSend } from '../messaging/messaging-queries';
import { sendsCostSql } from '../messaging/send-cost-queries';
import { storeCheckouts } from './checkout-tables';
import { checkoutTimeline } from './checkout-timeline';
import { recoveryFlows } from './recovery-flow-tables';
import { RECOVERY_PURPOSE, reminderSendKey } from './reminder-sends';

const DAY_MS = 24 * 60 * 60_000;
/** Rows the export reads at a time. */
export const CHECKOUT_EXPORT_BATCH = 500;

/** No such inventory of the caller's. */
export class CheckoutListRefusal extends Error {
  constructor(readonly reason: 'not_found') {
    super(reason);
  }
}

type CheckoutRow = typeof storeCheckouts.$inferSelect;

/** A LIKE pattern's wildcards and escape character taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search: first names holding `q` (case and accents aside), or numbers ending in its digits when it is written as one. */
function searchCondition(q: string): SQL | undefined {
  if (q === '') return undefined;
  // Folded on both sides: 'joao' finds 'João', 'ANA' finds 'Ana'.
  const name = sql`fold_accents(${storeCheckouts.firstName}) like fold_accents(${`%${likeLiteral(q)}%`})`;
  const digits = searchedDigits(q);
  return digits ? or(name, sql`regexp_replace(${storeCheckouts.phone}, '[^0-9]', '', 'g') like ${`%${digits}`}`) : name;
}

/** The checkouts of the query's period (recovery looked at them) and inventory, or of every inventory of the account. */
function periodCondition(uid: string, query: Pick<CheckoutListQuery, 'inventory' | 'from' | 'to'>): SQL {
  const from = new Date(`${query.from}T00:00:00Z`);
  const until = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  return and(
    query.inventory
      ? eq(storeCheckouts.inventoryId, query.inventory)
      : sql`${storeCheckouts.inventoryId} in (${accountInventoryIdsSql(uid)})`,
    gte(storeCheckouts.shopifyUpdatedAt, from),
    lt(storeCheckouts.shopifyUpdatedAt, until),
    ne(storeCheckouts.recoveryStatus, 'waiting'),
  )!;
}

/**
 * The send keys of the period's checkouts' reminders (reminderSendKey's `recovery:{id}:{step}`), the
 * steps the timeline looks for: up to the longest flow's, or as many as went. A reminder asked for
 * just before a stop rule ended its checkout is found too: it cost what it cost.
 */
const reminderKeysSql = (inPeriod: SQL): SQL =>
  sql`select concat('recovery:', ${storeCheckouts.id}, ':', step.n) from ${storeCheckouts}
    cross join lateral generate_series(1, greatest(${storeCheckouts.remindersSent}, ${sql.raw(String(RECOVERY_MAX_STEPS))})) as step(n)
    where ${inPeriod}`;

/** The list's rows: the period's, of the status and the search when given. */
const listedCondition = (inPeriod: SQL, query: Pick<CheckoutListQuery, 'status' | 'q'>): SQL =>
  and(inPeriod, query.status ? eq(storeCheckouts.recoveryStatus, query.status) : undefined, searchCondition(query.q))!;

export const checkoutItemOf = (row: CheckoutRow): CheckoutListItem => ({
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
  source: row.source,
});

/** A row of the export: the list's item and its inventory's name. */
export type CheckoutExportRow = CheckoutListItem & { inventoryName: string };

/** `timeScale`: DEMO_TIME_SCALE, as the recovery worker has it (the timeline's abandonment moment follows it). */
export function checkoutListStore(db: Db, { timeScale = 1 }: { timeScale?: number } = {}) {
  async function checkInventory(uid: string, inventory: string | undefined) {
    if (inventory && !(await isAccountsInventory(db, uid, inventory))) throw new CheckoutListRefusal('not_found');
  }

  /** The inventory's flow's first delay: when one of its checkouts counts as abandoned (the default flow's until saved). */
  async function firstDelayMinutes(inventoryId: string): Promise<number> {
    const [row] = await db
      .select({ settings: recoveryFlows.settings })
      .from(recoveryFlows)
      .where(eq(recoveryFlows.inventoryId, inventoryId));
    return (row?.settings ?? defaultRecoveryFlow()).steps[0]?.delayMinutes ?? 0;
  }

  /**
   * A period's figures, counted in one statement from its checkouts' recovery state and the prices the
   * sender recorded for their reminders; the return on that cost is worked out from the two (returnOnCost).
   */
  async function periodFigures(uid: string, inPeriod: SQL): Promise<CheckoutPeriodFigures> {
    const [row] = await db
      .select({
        abandoned: count(),
        reminded: sql<number>`count(*) filter (where ${storeCheckouts.remindersSent} > 0)::int`,
        recovered: sql<number>`count(*) filter (where ${storeCheckouts.recoveryStatus} = 'recovered')::int`,
        discountCodesUsed: sql<number>`count(*) filter (where ${storeCheckouts.recoveryStatus} = 'recovered' and ${storeCheckouts.discountUsed})::int`,
        recoveredValue: sql<{ currency: string; totalMinor: number }[]>`coalesce((
          select jsonb_agg(jsonb_build_object('currency', v.currency, 'totalMinor', v.total))
          from (select ${storeCheckouts.recoveredCurrency} as currency, sum(${storeCheckouts.recoveredValueMinor})::bigint as total
                from ${storeCheckouts}
                where ${inPeriod} and ${storeCheckouts.recoveryStatus} = 'recovered' and ${storeCheckouts.recoveredCurrency} is not null
                group by ${storeCheckouts.recoveredCurrency} order by ${storeCheckouts.recoveredCurrency}) as v), '[]'::jsonb)`,
        costMicros: sql<string | number>`${sendsCostSql(uid, RECOVERY_PURPOSE, reminderKeysSql(inPeriod))}`,
      })
      .from(storeCheckouts)
      .where(inPeriod);
    const reminded = row?.reminded ?? 0;
    const recovered = row?.recovered ?? 0;
    const recoveredValue = (row?.recoveredValue ?? []).map((value) => ({ currency: value.currency, totalMinor: Number(value.totalMinor) }));
    const messagesCostMicros = Number(row?.costMicros ?? 0);
    return {
      abandoned: row?.abandoned ?? 0,
      reminded,
      recovered,
      recoveryRate: reminded > 0 ? recovered / reminded : null,
      recoveredValue,
      messagesCostMicros,
      ...returnOnCost(recoveredValue, messagesCostMicros),
      discountCodesUsed: row?.discountCodesUsed ?? 0,
    };
  }

  return {
    async list(uid: string, query: CheckoutListQuery): Promise<CheckoutList> {
      await checkInventory(uid, query.inventory);
      const inPeriod = periodCondition(uid, query);
      const listed = listedCondition(inPeriod, query);
      const before = previousPeriod(query);

      const [figures, previous] = await Promise.all([
        periodFigures(uid, inPeriod),
        periodFigures(uid, periodCondition(uid, { inventory: query.inventory, ...before })),
      ]);
      const skippedRows = await db
        .select({ reason: storeCheckouts.recoveryReason, count: count() })
        .from(storeCheckouts)
        .where(and(inPeriod, eq(storeCheckouts.recoveryStatus, 'skipped')))
        .groupBy(storeCheckouts.recoveryReason);
      const skipped = Object.fromEntries(skipReasons.map((reason) => [reason, 0])) as Record<SkipReason, number>;
      for (const row of skippedRows) if (row.reason && row.reason in skipped) skipped[row.reason as SkipReason] = row.count;

      // Without a status or a search the list is the figures' checkouts: their count is the total.
      const total =
        query.status || query.q !== ''
          ? (await db.select({ count: count() }).from(storeCheckouts).where(listed))[0]!.count
          : figures.abandoned;
      const rows = await db
        .select()
        .from(storeCheckouts)
        .where(listed)
        .orderBy(desc(storeCheckouts.shopifyUpdatedAt), desc(storeCheckouts.id))
        .limit(CHECKOUTS_PAGE_SIZE)
        .offset((query.page - 1) * CHECKOUTS_PAGE_SIZE);
      return {
        figures: { ...figures, skipped, previous: { ...before, ...previous } },
        items: rows.map(checkoutItemOf),
        total,
        page: query.page,
        pageSize: CHECKOUTS_PAGE_SIZE,
      };
    },

    /** One of the account's checkouts (waiting ones too) with its timeline; null when it is none of the account's. */
    async detail(uid: string, id: number): Promise<CheckoutDetail | null> {
      const [row] = await db
        .select()
        .from(storeCheckouts)
        .where(and(eq(storeCheckouts.id, id), sql`${storeCheckouts.inventoryId} in (${accountInventoryIdsSql(uid)})`));
      if (!row) return null;
      const steps = Array.from({ length: Math.max(RECOVERY_MAX_STEPS, row.remindersSent) }, (_, index) => index + 1);
      const [owner, delay, sends] = await Promise.all([
        inventoryOwner(db, row.inventoryId),
        firstDelayMinutes(row.inventoryId),
        sendsByKeys(
          db,
          uid,
          steps.map((step) => reminderSendKey(row.id, step)),
        ),
      ]);
      const byStep = new Map<number, RecordedSend>();
      for (const step of steps) {
        const send = sends.get(reminderSendKey(row.id, step));
        if (send) byStep.set(step, send);
      }
      return {
        ...checkoutItemOf(row),
        inventoryName: owner?.name ?? '',
        lines: row.items.map((item) => ({ title: item.title, quantity: item.quantity })),
        timeline: checkoutTimeline(row, delay, byStep, timeScale),
      };
    },

    /**
     * Every row of the list's query, newest first, CHECKOUT_EXPORT_BATCH at a time (a keyset on the
     * list's order, so rows left meanwhile neither repeat nor go missing). Refuses a foreign inventory
     * before the first batch is read.
     */
    async exportBatches(uid: string, query: CheckoutExportQuery): Promise<AsyncGenerator<CheckoutExportRow[]>> {
      await checkInventory(uid, query.inventory);
      const listed = listedCondition(periodCondition(uid, query), query);
      const names = new Map<string, string>();
      const nameOf = async (inventoryId: string) => {
        if (!names.has(inventoryId)) names.set(inventoryId, (await inventoryOwner(db, inventoryId))?.name ?? '');
        return names.get(inventoryId)!;
      };
      return (async function* () {
        let after: { at: string; id: number } | null = null;
        for (;;) {
          const rows: (CheckoutRow & { cursorAt: string })[] = await db
            .select({ ...getTableColumns(storeCheckouts), cursorAt: sql<string>`${storeCheckouts.shopifyUpdatedAt}::text` })
            .from(storeCheckouts)
            .where(
              and(
                listed,
                after
                  ? sql`(${storeCheckouts.shopifyUpdatedAt}, ${storeCheckouts.id}) < (${after.at}::timestamptz, ${after.id})`
                  : undefined,
              ),
            )
            .orderBy(desc(storeCheckouts.shopifyUpdatedAt), desc(storeCheckouts.id))
            .limit(CHECKOUT_EXPORT_BATCH);
          if (rows.length === 0) return;
          const batch: CheckoutExportRow[] = [];
          for (const row of rows) batch.push({ ...checkoutItemOf(row), inventoryName: await nameOf(row.inventoryId) });
          yield batch;
          if (rows.length < CHECKOUT_EXPORT_BATCH) return;
          const last = rows[rows.length - 1]!;
          after = { at: last.cursorAt, id: last.id };
        }
      })();
    },
  };
}

export type CheckoutListStore = ReturnType<typeof checkoutListStore>;
