// What other areas ask of the AI bases' tables inside their own transaction or statement: how many
// bases an account has, a base's language and open training, and a base whole as one column of
// the WhatsApp worker's load. Other areas never import ai-base-tables.ts (scripts/lint-area-tables.js).
import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AiBase, AiBaseLanguage } from '@/domain/ai-base';
import type { Db } from '../db/database';
import { aiBases } from './ai-base-tables';
import { aiBaseView } from './ai-base-store';

/** How many AI bases the account (`uid`, a column or value of the caller's statement) has. */
export const aiBaseCountSql = (uid: SQLWrapper): SQL<number> =>
  sql<number>`(select count(*) from ${aiBases} where ${aiBases.uid} = ${uid})`.mapWith(Number);

/** The caller's base: its status, language and the month of its open training (null: none open); null when it is not theirs. */
export async function aiBaseFacts(
  db: Db,
  uid: string,
  id: string,
): Promise<{ status: AiBase['status']; language: AiBaseLanguage; openTrainingMonth: string | null } | null> {
  const [base] = await db
    .select({ status: aiBases.status, language: aiBases.language, openTrainingMonth: aiBases.openTrainingMonth })
    .from(aiBases)
    .where(and(eq(aiBases.uid, uid), eq(aiBases.id, id)));
  return base ?? null;
}

/** A base's status, whoever's it is (null: gone). */
export async function aiBaseStatus(db: Db, id: string): Promise<AiBase['status'] | null> {
  const [base] = await db.select({ status: aiBases.status }).from(aiBases).where(eq(aiBases.id, id));
  return base?.status ?? null;
}

/** The same open training month as a scalar for the caller's statement: `{ open }` (null: none open), or null when the base is not theirs. */
export const openTrainingSql = (uid: string, id: string): SQL<{ open: string | null } | null> =>
  sql<{
    open: string | null;
  } | null>`(select json_build_object('open', ${aiBases.openTrainingMonth}) from ${aiBases} where ${aiBases.uid} = ${uid} and ${aiBases.id} = ${id})`;

/** Marks the base's training of `month` open: the uploads that follow join it. */
export async function openTraining(tx: Db, id: string, month: string): Promise<void> {
  await tx.update(aiBases).set({ openTrainingMonth: month }).where(eq(aiBases.id, id));
}

/** The language of the base a row of the caller's table belongs to (`baseId`, its column), as a scalar. */
export const baseLanguageSql = (baseId: SQLWrapper): SQL<AiBaseLanguage> =>
  sql<AiBaseLanguage>`(select ${aiBases.language} from ${aiBases} where ${aiBases.id} = ${baseId})`;

const fields = sql.join(
  Object.entries(getTableColumns(aiBases)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
);

/** The account's base `id` whole, as one json column of the caller's statement (null: none, or not theirs); read it with aiBaseOfJson. */
export const aiBaseJsonSql = (id: SQLWrapper, uid: SQLWrapper): SQL<AiBaseJson | null> =>
  sql<AiBaseJson | null>`(select json_build_object(${fields}) from ${aiBases} where ${aiBases.id} = ${id} and ${aiBases.uid} = ${uid})`;

type Row = typeof aiBases.$inferSelect;
export type AiBaseJson = Omit<Row, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** A base read by aiBaseJsonSql, as the API and the answerers see it. */
export const aiBaseOfJson = (json: AiBaseJson): AiBase =>
  aiBaseView({ ...json, createdAt: new Date(json.createdAt), updatedAt: new Date(json.updatedAt) });
