// The AI base wizard's unsaved drafts (src/drafts/keyed-draft-store.ts), one per account and base.
import type { StoredDraft } from '../../../../machines/ai-base-wizard';
import { keyedDraftStore } from '../../../drafts/keyed-draft-store';

/** A draft as stored, when it has both steps' fields; the step it was typed on kept when known. */
function draftFrom(value: unknown): StoredDraft | null {
  const draft = value as Partial<StoredDraft> | null;
  if (!draft || typeof draft !== 'object' || !draft.instructions || !draft.refinement) return null;
  // The step it was typed on, where the wizard reopens (absent from older drafts, or unknown: the base's step).
  const step = draft.step === 'instructions' || draft.step === 'refinement' ? draft.step : undefined;
  return { instructions: draft.instructions, refinement: draft.refinement, ...(step && { step }) };
}

export const wizardDraftStore = (storage?: () => Storage) =>
  keyedDraftStore({ prefix: 'catalyst.ai-base-draft', what: 'AI base', parse: draftFrom }, storage);
