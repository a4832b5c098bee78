// The AI base wizard's unsaved drafts in localStorage, one per account and base ("new" for a base
// not created yet), so a reload — the update's, a chunk's, a refresh — loses nothing typed.
import type { StoredDraft } from '../../../../machines/ai-base-wizard';

const keyOf = (uid: string, baseId: string | null) => `catalyst.ai-base-draft.${uid}.${baseId ?? 'new'}`;

/**
 * `storage` defaults to localStorage, read on each use: where the browser refuses storage even
 * being looked at (a SecurityError), drafts simply are not kept and the wizard works on.
 */
export function wizardDraftStore(storage: () => Storage = () => localStorage) {
  return {
    read(uid: string, baseId: string | null): StoredDraft | null {
      try {
        const text = storage().getItem(keyOf(uid, baseId));
        if (!text) return null;
        const draft = JSON.parse(text) as Partial<StoredDraft>;
        if (!draft || typeof draft !== 'object' || !draft.instructions || !draft.refinement) return null;
        // The step it was typed on, where the wizard reopens (absent from older drafts, or unknown: the base's step).
        const step = draft.step === 'instructions' || draft.step === 'refinement' ? draft.step : undefined;
        return { instructions: draft.instructions, refinement: draft.refinement, ...(step && { step }) };
      } catch {
        return null; // unreadable: as if there were none
      }
    },
    write(uid: string, baseId: string | null, draft: StoredDraft): void {
      try {
        storage().setItem(keyOf(uid, baseId), JSON.stringify(draft));
      } catch (error) {
        // Storage full or disabled: the draft lives on in the page; only a reload would lose it.
        console.warn('Could not keep the AI base draft', error);
      }
    },
    clear(uid: string, baseId: string | null): void {
      try {
        storage().removeItem(keyOf(uid, baseId));
      } catch {
        // No storage: nothing was kept to clear.
      }
    },
  };
}
