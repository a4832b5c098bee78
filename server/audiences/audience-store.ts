// An account's saved audiences (domain/audience.ts): list, read, create, rename or change the rules,
// delete (a draft campaign that named it then names none; a planned one kept its rules), and the live
// count of any rules — saved or being edited — over the account's contacts. Rules naming an import the
// account does not have (another account's, an unknown id) are refused as not found.
import { and, desc, eq, sql } from 'drizzle-orm';
import { AUDIENCES_MAX, everyContact, type Audience, type AudienceCount, type AudienceInput, type AudienceRules } from '@/domain/audience';
import { countAudience } from '../contacts/contact-audience-queries';
import { contactImportOf } from '../contacts/contact-import-queries';
import type { Db } from '../db/database';
import { audiences } from './audience-tables';

export class AudienceRefusal extends Error {
  constructor(readonly reason: 'not_found' | 'too_many' | 'import_not_found') {
    super(reason);
  }
}

type Row = typeof audiences.$inferSelect;

/** Rules as saved, with the rules added since (tags) at their defaults: an audience saved before them matches as it did. */
const savedRules = (rules: Partial<AudienceRules>): AudienceRules => ({ ...everyContact, ...rules });

const viewOf = (row: Row): Audience => ({
  id: row.id,
  name: row.name,
  rules: savedRules(row.rules),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function audienceStore(db: Db, { now = () => new Date() }: { now?: () => Date } = {}) {
  const own = (uid: string, id: string) => and(eq(audiences.uid, uid), eq(audiences.id, id));

  /** Refuses rules whose import is not one of the account's finished imports. */
  async function checkImport(uid: string, rules: AudienceRules): Promise<void> {
    if (rules.importId !== null && !(await contactImportOf(db, uid, rules.importId))) throw new AudienceRefusal('import_not_found');
  }

  return {
    async list(uid: string): Promise<Audience[]> {
      const rows = await db.select().from(audiences).where(eq(audiences.uid, uid)).orderBy(desc(audiences.createdAt), desc(audiences.id));
      return rows.map(viewOf);
    },

    async get(uid: string, id: string): Promise<Audience> {
      const [row] = await db.select().from(audiences).where(own(uid, id));
      if (!row) throw new AudienceRefusal('not_found');
      return viewOf(row);
    },

    /** The rules of the account's audience; null when it has none of that id. */
    async rulesOf(uid: string, id: string): Promise<AudienceRules | null> {
      const [row] = await db.select({ rules: audiences.rules }).from(audiences).where(own(uid, id));
      return row ? savedRules(row.rules) : null;
    },

    /** Refused past AUDIENCES_MAX (counted in the insert's own statement, so two at once cannot pass it). */
    async create(uid: string, input: AudienceInput): Promise<Audience> {
      await checkImport(uid, input.rules);
      const at = now();
      const result = await db.execute<Record<string, unknown>>(sql`insert into ${audiences} (uid, name, rules, created_at, updated_at)
        select ${uid}, ${input.name}, ${JSON.stringify(input.rules)}::jsonb, ${at}, ${at}
        where (select count(*) from ${audiences} where ${audiences.uid} = ${uid}) < ${AUDIENCES_MAX}
        returning id`);
      const [made] = (result as unknown as { rows: { id: string }[] }).rows;
      if (!made) throw new AudienceRefusal('too_many');
      return this.get(uid, made.id);
    },

    async update(uid: string, id: string, input: AudienceInput): Promise<Audience> {
      await checkImport(uid, input.rules);
      const [row] = await db
        .update(audiences)
        .set({ name: input.name, rules: input.rules, updatedAt: now() })
        .where(own(uid, id))
        .returning();
      if (!row) throw new AudienceRefusal('not_found');
      return viewOf(row);
    },

    async remove(uid: string, id: string): Promise<void> {
      const gone = await db.delete(audiences).where(own(uid, id)).returning({ id: audiences.id });
      if (gone.length === 0) throw new AudienceRefusal('not_found');
    },

    async count(uid: string, rules: AudienceRules): Promise<AudienceCount> {
      await checkImport(uid, rules);
      return countAudience(db, uid, rules, now());
    },
  };
}

export type AudienceStore = ReturnType<typeof audienceStore>;
