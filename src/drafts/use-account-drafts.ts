// A wizard view's drafts (keyed-draft-store.ts) for the signed-in account: read when its machine
// loads a record, kept when its machine's storeDraft says so. Signed out (the session ended in
// another tab), nothing is read or kept.
import { useSelector } from '@xstate/react';
import { useAuthSessionActor } from '../auth/use-auth-session';
import type { DraftStore } from './keyed-draft-store';

export type AccountDrafts<T> = {
  read(recordId: string | null): T | null;
  keep(recordId: string | null, draft: T | null): void;
};

export function useAccountDrafts<T>(store: DraftStore<T>): AccountDrafts<T> {
  const session = useAuthSessionActor();
  const uid = useSelector(session, (snapshot) => snapshot.context.user?.uid ?? null);
  return {
    read: (recordId) => (uid ? store.read(uid, recordId) : null),
    keep: (recordId, draft) => {
      if (uid) store.keep(uid, recordId, draft);
    },
  };
}
