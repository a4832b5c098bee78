// What other areas ask of the accounts' tables inside their own transaction or statement: the
// account row locked (one account's plan checks run one at a time), its plan, and the month's
// metered use read and counted. Other areas never import account-tables.ts (scripts/lint-area-tables.js).
import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { defaultPlanId, type PlanId } from '@/domain/plans';
import type { Db } from '../db/database';
import { accountMonthlyUsage, accounts } from './account-tables';

/** A value of the caller's statement: a column, an expression or a prepared statement's placeholder. */
type Operand = SQLWrapper | Placeholder;

/** Locks the account's row until the transaction ends; its plan, or null when there is no such account. */
export async function lockAccount(tx: Db, uid: string): Promise<{ plan: PlanId } | null> {
  const [account] = await tx.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.uid, uid)).for('update');
  return account ?? null;
}

/** The trainings the account started in `month` (its first day, `YYYY-MM-01`). */
export async function trainingsInMonth(db: Db, uid: string, month: string): Promise<number> {
  const [usage] = await db
    .select({ trainings: accountMonthlyUsage.trainings })
    .from(accountMonthlyUsage)
    .where(and(eq(accountMonthlyUsage.uid, uid), eq(accountMonthlyUsage.month, month)));
  return usage?.trainings ?? 0;
}

/** The same, as a scalar for the caller's own statement. */
export const trainingsInMonthSql = (uid: string, month: string): SQL<number> =>
  sql<number>`coalesce((select ${accountMonthlyUsage.trainings} from ${accountMonthlyUsage} where ${accountMonthlyUsage.uid} = ${uid} and ${accountMonthlyUsage.month} = ${month}), 0)`.mapWith(
    Number,
  );

/** Counts one training started in `month`. */
export async function countTraining(tx: Db, uid: string, month: string): Promise<void> {
  await tx
    .insert(accountMonthlyUsage)
    .values({ uid, month, trainings: 1 })
    .onConflictDoUpdate({
      target: [accountMonthlyUsage.uid, accountMonthlyUsage.month],
      set: { trainings: sql`${accountMonthlyUsage.trainings} + 1` },
    });
}

/**
 * A statement counting one AI query of `month` for each row of `from` (a CTE's name), answering the
 * month's count as `queries`: the body of a data-modifying CTE.
 */
export const countQueriesFrom = (uid: Operand, month: Operand, from: SQL): SQL => sql`
    insert into ${accountMonthlyUsage} (uid, month, queries)
    select ${uid}, ${month}::date, 1 from ${from}
    on conflict (uid, month) do update set queries = ${accountMonthlyUsage.queries} + 1
    returning queries`;

/** The account's plan as a scalar (the default plan's when there is no such account). */
export const planOfSql = (uid: Operand): SQL<PlanId> =>
  sql<PlanId>`coalesce((select ${accounts.plan} from ${accounts} where ${accounts.uid} = ${uid}), ${defaultPlanId})`;

/** The account's time zone (IANA) as a scalar of the caller's statement; null when it never chose one or is gone. */
export const accountTimeZoneSql = (uid: Operand): SQL<string | null> =>
  sql<string | null>`(select ${accounts.timeZone} from ${accounts} where ${accounts.uid} = ${uid})`;

/** The account's time zone (IANA), null when it never chose one or is gone. */
export async function accountTimeZone(db: Db, uid: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.uid, uid));
  return row?.timeZone ?? null;
}
