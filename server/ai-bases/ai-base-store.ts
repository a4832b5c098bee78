// AI bases in the database. Every query is keyed by the caller's uid, so another account's id
// finds nothing (the routes answer 404). A save names the version it edits: a stale version
// means another tab saved first, and the save is refused instead of overwriting it.
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import {
  BUILTIN_MODEL,
  DEFAULT_CREATIVITY,
  progressOf,
  wizardSteps,
  type AiBase,
  type Instructions,
  type Refinement,
} from '@/domain/ai-base';
import { hasRoomForAiBase } from '@/domain/plans';
import type { Db } from '../db/database';
import { lockAccount } from '../accounts/account-queries';
import { aiBases, aiBaseVersions, type AiBaseSnapshot } from './ai-base-tables';
import { baseStartedAnswering, baseStoppedAnswering } from '../channels/channel-queries';

type Row = typeof aiBases.$inferSelect;

/** Why a change was refused; the routes turn each into its HTTP answer. */
export class AiBaseRefusal extends Error {
  constructor(
    readonly reason: 'not_found' | 'version_conflict' | 'plan_limit' | 'incomplete' | 'nothing_to_revert' | 'name_taken',
    readonly currentVersion?: number,
  ) {
    super(reason);
  }
}

const snapshotOf = (row: Row): AiBaseSnapshot => ({
  name: row.name,
  function: row.function,
  language: row.language,
  voiceTone: row.voiceTone,
  personalized: row.personalized,
  instructions: row.instructions,
  expectedInputs: row.expectedInputs,
  blockedTerms: row.blockedTerms,
  creativity: row.creativity,
  model: row.model,
  savedSteps: row.savedSteps,
});

/** A row as the API and the answerers see it (the WhatsApp worker reads its channel's base with its message). */
export function aiBaseView(row: Row): AiBase {
  const { uid: _uid, savedSteps, createdAt, updatedAt, ...fields } = row;
  return {
    ...fields,
    step: wizardSteps[Math.min(savedSteps, wizardSteps.length - 1)]!,
    progress: progressOf(savedSteps),
    canRevert: row.version > 1,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** The unique (uid, lower(name)) index refused the write. */
function isNameTaken(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (
    (cause as { code?: unknown }).code === '23505' &&
    String((cause as { constraint?: unknown }).constraint ?? (cause as Error).message).includes('ai_bases_uid_name')
  );
}

/** Runs a write, turning the name index's refusal into a `name_taken` refusal. */
async function namingChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isNameTaken(error)) throw new AiBaseRefusal('name_taken');
    throw error;
  }
}

export function aiBaseStore(db: Db) {
  const mine = (uid: string, id: string) => and(eq(aiBases.uid, uid), eq(aiBases.id, id));

  /** The row, locked for this transaction, or a 404 refusal. */
  async function lockedRow(tx: Db, uid: string, id: string): Promise<Row> {
    const [row] = await tx.select().from(aiBases).where(mine(uid, id)).for('update');
    if (!row) throw new AiBaseRefusal('not_found');
    return row;
  }

  /** Writes a new version of the base (content and wizard progress) if `expectedVersion` is current. */
  /** `columns`: bookkeeping written with the save but not part of the version's content. */
  async function saveVersion(
    uid: string,
    id: string,
    expectedVersion: number,
    change: (row: Row) => Partial<AiBaseSnapshot>,
    columns: Partial<Row> = {},
  ) {
    return db.transaction(async (tx) => {
      const row = await lockedRow(tx, uid, id);
      if (row.version !== expectedVersion) throw new AiBaseRefusal('version_conflict', row.version);
      const next = { ...snapshotOf(row), ...change(row) };
      const [saved] = await tx
        .update(aiBases)
        .set({ ...columns, ...next, version: row.version + 1, updatedAt: new Date() })
        .where(mine(uid, id))
        .returning();
      await tx.insert(aiBaseVersions).values({ baseId: id, version: saved!.version, snapshot: next });
      return aiBaseView(saved!);
    });
  }

  /** Locks the account row: plan checks and creations of one account happen one at a time. */
  async function lockAccountOf(tx: Db, uid: string) {
    const account = await lockAccount(tx, uid);
    if (!account) throw new Error(`No account ${uid}: call accounts.findOrCreate first`);
    return account;
  }

  return {
    async list(uid: string): Promise<AiBase[]> {
      const rows = await db.select().from(aiBases).where(eq(aiBases.uid, uid)).orderBy(asc(aiBases.createdAt), asc(aiBases.id));
      return rows.map(aiBaseView);
    },

    async get(uid: string, id: string): Promise<AiBase | null> {
      const [row] = await db.select().from(aiBases).where(mine(uid, id));
      return row ? aiBaseView(row) : null;
    },

    async countFor(uid: string): Promise<{ total: number; active: number }> {
      const [row] = await db
        .select({ total: count(), active: sql<number>`count(*) filter (where ${aiBases.status} = 'active')`.mapWith(Number) })
        .from(aiBases)
        .where(eq(aiBases.uid, uid));
      return { total: row?.total ?? 0, active: row?.active ?? 0 };
    },

    /** Creates a base from step 1; `limit` is the plan's number of AI bases. */
    async create(uid: string, instructions: Instructions, limit: number): Promise<AiBase> {
      return namingChecked(
        db.transaction(async (tx) => {
          await lockAccountOf(tx, uid);
          const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(aiBases).where(eq(aiBases.uid, uid));
          if (!hasRoomForAiBase(limit, total)) throw new AiBaseRefusal('plan_limit');
          const refinement: Refinement = { blockedTerms: [], creativity: DEFAULT_CREATIVITY, model: BUILTIN_MODEL };
          const [row] = await tx
            .insert(aiBases)
            .values({ uid, ...instructions, ...refinement, savedSteps: 1 })
            .returning();
          await tx.insert(aiBaseVersions).values({ baseId: row!.id, version: 1, snapshot: snapshotOf(row!) });
          return aiBaseView(row!);
        }),
      );
    },

    saveInstructions(uid: string, id: string, expectedVersion: number, instructions: Instructions) {
      return namingChecked(saveVersion(uid, id, expectedVersion, (row) => ({ ...instructions, savedSteps: Math.max(row.savedSteps, 1) })));
    },

    /**
     * Step 2 is the files themselves; saving it records that the merchant moved on, and closes the
     * training its uploads were part of (the next upload starts another).
     */
    saveKnowledge(uid: string, id: string, expectedVersion: number) {
      return saveVersion(uid, id, expectedVersion, (row) => ({ savedSteps: Math.max(row.savedSteps, 2) }), { openTrainingMonth: null });
    },

    saveRefinement(uid: string, id: string, expectedVersion: number, refinement: Refinement) {
      return saveVersion(uid, id, expectedVersion, () => ({ ...refinement, savedSteps: 3 }));
    },

    /** A new version with the content of the one before the current (the wizard's progress stays). */
    async revert(uid: string, id: string, expectedVersion: number): Promise<AiBase> {
      const [previous] = await db
        .select({ snapshot: aiBaseVersions.snapshot })
        .from(aiBaseVersions)
        .innerJoin(aiBases, eq(aiBases.id, aiBaseVersions.baseId))
        .where(and(mine(uid, id), lt(aiBaseVersions.version, expectedVersion)))
        .orderBy(desc(aiBaseVersions.version))
        .limit(1);
      if (!previous) {
        if (!(await this.get(uid, id))) throw new AiBaseRefusal('not_found');
        throw new AiBaseRefusal('nothing_to_revert');
      }
      const { savedSteps: _steps, ...content } = previous.snapshot;
      return namingChecked(saveVersion(uid, id, expectedVersion, () => content));
    },

    /** Switches a base on; `limit` is the plan's number of AI bases (active ones count). */
    async activate(uid: string, id: string, limit: number): Promise<AiBase> {
      return db.transaction(async (tx) => {
        await lockAccountOf(tx, uid);
        const row = await lockedRow(tx, uid, id);
        if (row.status === 'active') {
          await baseStartedAnswering(tx, uid, id);
          return aiBaseView(row);
        }
        if (row.savedSteps < wizardSteps.length) throw new AiBaseRefusal('incomplete');
        const [{ active } = { active: 0 }] = await tx
          .select({ active: count() })
          .from(aiBases)
          .where(and(eq(aiBases.uid, uid), eq(aiBases.status, 'active')));
        if (active >= limit) throw new AiBaseRefusal('plan_limit');
        const [saved] = await tx.update(aiBases).set({ status: 'active', updatedAt: new Date() }).where(mine(uid, id)).returning();
        await baseStartedAnswering(tx, uid, id);
        return aiBaseView(saved!);
      });
    },

    /** Switches a base off; its channels need attention at once. */
    async deactivate(uid: string, id: string): Promise<AiBase> {
      return db.transaction(async (tx) => {
        const [saved] = await tx
          .update(aiBases)
          .set({ status: sql`case when ${aiBases.status} = 'active' then 'inactive' else ${aiBases.status} end`, updatedAt: new Date() })
          .where(mine(uid, id))
          .returning();
        if (!saved) throw new AiBaseRefusal('not_found');
        await baseStoppedAnswering(tx, uid, id);
        return aiBaseView(saved);
      });
    },

    /** Deletes a base; its channels (their base now none) need attention at once. */
    async remove(uid: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await baseStoppedAnswering(tx, uid, id);
        const deleted = await tx.delete(aiBases).where(mine(uid, id)).returning({ id: aiBases.id });
        if (deleted.length === 0) throw new AiBaseRefusal('not_found');
      });
    },
  };
}

export type AiBaseStore = ReturnType<typeof aiBaseStore>;
