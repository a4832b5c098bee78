// Accounts: one row per Firebase uid, with its plan, created on the first authenticated call
// (or by the admin CLI). Every query here is keyed by the uid the caller proved. Creating an account
// and changing its plan also record the plan in its history (plan_changes), in the same transaction.
import { and, asc, eq, sql } from 'drizzle-orm';
import { defaultPlanId, type PlanId } from '@/domain/plans';
import type { Db } from '../db/database';
import { accountMonthlyUsage, accounts, planChanges } from './account-tables';
import { aiBaseCountSql } from '../ai-bases/ai-base-queries';

export type Account = {
  uid: string;
  email: string | null;
  plan: PlanId;
  createdAt: Date;
};
/** `month` is the calendar month (UTC, `YYYY-MM`) the counters cover. */
export type AccountWithUsage = Account & {
  timeZone: string | null;
  month: string;
  aiBases: number;
  trainingsThisMonth: number;
  queriesThisMonth: number;
};

/** The first day of the current month in UTC, as `YYYY-MM-01` (the usage table's key). */
export function monthStart(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

export function accountStore(db: Db) {
  // One indexed query (primary key + left join) per /me: the hot path of every signed-in page.
  const selectWithUsage = db
    .select({
      uid: accounts.uid,
      email: accounts.email,
      plan: accounts.plan,
      timeZone: accounts.timeZone,
      createdAt: accounts.createdAt,
      trainingsThisMonth: sql<number>`coalesce(${accountMonthlyUsage.trainings}, 0)`.mapWith(Number),
      queriesThisMonth: sql<number>`coalesce(${accountMonthlyUsage.queries}, 0)`.mapWith(Number),
      aiBases: aiBaseCountSql(accounts.uid),
    })
    .from(accounts)
    .leftJoin(accountMonthlyUsage, and(eq(accountMonthlyUsage.uid, accounts.uid), eq(accountMonthlyUsage.month, sql.placeholder('month'))))
    .where(eq(accounts.uid, sql.placeholder('uid')))
    .prepare('account_with_usage');

  return {
    /** The caller's account with this month's usage; creates it on the `basic` plan on first sight. */
    async findOrCreate(uid: string, email: string | null, now = new Date()): Promise<AccountWithUsage> {
      const month = monthStart(now);
      let [row] = await selectWithUsage.execute({ uid, month });
      if (!row) {
        // One statement: the account and the first row of its plan history, or neither (another call made it).
        await db.execute(sql`
          with created as (
            insert into ${accounts} (uid, email, plan) values (${uid}, ${email}, ${defaultPlanId}) on conflict do nothing returning uid, plan
          )
          insert into ${planChanges} (uid, plan, effective_from) select uid, plan, ${now.toISOString()}::timestamptz from created`);
        [row] = await selectWithUsage.execute({ uid, month });
        if (!row) throw new Error(`Account ${uid} vanished right after its creation`);
      } else if (email !== null && row.email !== email) {
        // The user changed their email in Firebase: keep the admin list truthful.
        await db.update(accounts).set({ email, updatedAt: new Date() }).where(eq(accounts.uid, uid));
        row = { ...row, email };
      }
      return { ...row, month: month.slice(0, 7) };
    },

    /**
     * Counts one AI request (a chat message answered) in this month's usage. One upsert: concurrent
     * messages each add theirs. The account must exist (its bases do).
     */
    async countQuery(uid: string, now = new Date()): Promise<void> {
      await db
        .insert(accountMonthlyUsage)
        .values({ uid, month: monthStart(now), queries: 1 })
        .onConflictDoUpdate({
          target: [accountMonthlyUsage.uid, accountMonthlyUsage.month],
          set: { queries: sql`${accountMonthlyUsage.queries} + 1` },
        });
    },

    /**
     * Creates the account, or changes its plan if it exists (the admin CLI's two commands and the staff
     * route). A new account or a different plan is recorded in the plan history as in force from `now`;
     * setting the plan it already has records nothing.
     */
    async upsertPlan(uid: string, email: string | null, plan: PlanId, now = new Date()): Promise<Account> {
      return db.transaction(async (tx) => {
        // Locked: two changes of one account run one after the other, each seeing the plan it replaces.
        const [before] = await tx.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.uid, uid)).for('update');
        const [row] = await tx
          .insert(accounts)
          .values({ uid, email, plan })
          .onConflictDoUpdate({
            target: accounts.uid,
            set: {
              plan,
              email: sql`coalesce(excluded.email, ${accounts.email})`,
              updatedAt: now,
            },
          })
          .returning({
            uid: accounts.uid,
            email: accounts.email,
            plan: accounts.plan,
            createdAt: accounts.createdAt,
          });
        if (before?.plan !== plan) await tx.insert(planChanges).values({ uid, plan, effectiveFrom: now });
        return row!;
      });
    },

    async find(uid: string): Promise<Account | null> {
      const [row] = await db
        .select({
          uid: accounts.uid,
          email: accounts.email,
          plan: accounts.plan,
          createdAt: accounts.createdAt,
        })
        .from(accounts)
        .where(eq(accounts.uid, uid));
      return row ?? null;
    },

    async list(): Promise<Account[]> {
      return db
        .select({
          uid: accounts.uid,
          email: accounts.email,
          plan: accounts.plan,
          createdAt: accounts.createdAt,
        })
        .from(accounts)
        .orderBy(asc(accounts.createdAt), asc(accounts.uid));
    },
  };
}

export type AccountStore = ReturnType<typeof accountStore>;
