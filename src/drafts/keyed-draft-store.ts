// A wizard's unsaved drafts in localStorage, one per account and record ("new" for one not created
// yet), so a reload — the update's, a chunk's, a refresh — loses nothing typed. Each wizard names
// its key prefix and checks what it reads back (`parse`: null for a shape this build does not
// write). `storage` defaults to localStorage, read on each use: where the browser refuses storage
// even being looked at (a SecurityError), drafts are simply not kept and the wizard works on.

export type DraftStore<T> = {
  read(uid: string, recordId: string | null): T | null;
  write(uid: string, recordId: string | null, draft: T): void;
  clear(uid: string, recordId: string | null): void;
};

export function keyedDraftStore<T>(
  { prefix, what, parse }: { prefix: string; what: string; parse: (value: unknown) => T | null },
  storage: () => Storage = () => localStorage,
): DraftStore<T> {
  const keyOf = (uid: string, recordId: string | null) => `${prefix}.${uid}.${recordId ?? 'new'}`;
  return {
    read(uid, recordId) {
      try {
        const text = storage().getItem(keyOf(uid, recordId));
        return text ? parse(JSON.parse(text)) : null;
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
  };
}
