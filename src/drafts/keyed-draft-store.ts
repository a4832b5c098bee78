// A wizard's unsaved drafts in localStorage, one per account and record ("new" for one not created
// yet), so a reload — the update's, a chunk's, a refresh — loses nothing typed. Each wizard names
// its key prefix and the zod schema of what it writes: what is read back is parsed with it, and an
// entry that does not match (corrupt, written by hand, or by a build that wrote another shape) reads
// as no draft. `storage` defaults to localStorage, read on each use: where the browser refuses
// storage even being looked at (a SecurityError), drafts are simply not kept and the wizard works on.
import { safeParse, type $ZodType } from 'zod/v4/core';

export type DraftStore<T> = {
  read(uid: string, recordId: string | null): T | null;
  write(uid: string, recordId: string | null, draft: T): void;
  clear(uid: string, recordId: string | null): void;
  /**
   * What a wizard's storeDraft asks for: the record's draft kept, or forgotten once nothing in it is
   * unsaved. A record that exists drops the draft kept while it was new: that one is saved as it now.
   */
  keep(uid: string, recordId: string | null, draft: T | null): void;
};

export function keyedDraftStore<T>(
  { prefix, what, schema }: { prefix: string; what: string; schema: $ZodType<T> },
  storage: () => Storage = () => localStorage,
): DraftStore<T> {
  const keyOf = (uid: string, recordId: string | null) => `${prefix}.${uid}.${recordId ?? 'new'}`;
  const store: DraftStore<T> = {
    read(uid, recordId) {
      try {
        const text = storage().getItem(keyOf(uid, recordId));
        if (!text) return null;
        const parsed = safeParse(schema, JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null; // unreadable: as if there were none
      }
    },
    write(uid, recordId, draft) {
      try {
        storage().setItem(keyOf(uid, recordId), JSON.stringify(draft));
      } catch (error) {
        // Storage full or disabled: the draft lives on in the page; only a reload would lose it.
        console.warn(`Could not keep the ${what} draft`, error);
      }
    },
    clear(uid, recordId) {
      try {
        storage().removeItem(keyOf(uid, recordId));
      } catch {
        // No storage: nothing was kept to clear.
      }
    },
    keep(uid, recordId, draft) {
      if (draft) store.write(uid, recordId, draft);
      else store.clear(uid, recordId);
      if (recordId) store.clear(uid, null);
    },
  };
  return store;
}
