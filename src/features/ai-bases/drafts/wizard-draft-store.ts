// The AI base wizard's unsaved drafts (src/drafts/keyed-draft-store.ts), one per account and base:
// both steps' fields as typed (a choice may still be empty), and the step they were typed on.
import * as z from 'zod/mini';
import { aiBaseFunctions, aiBaseLanguages, voiceTones } from '@/domain/ai-base';
import type { StoredDraft } from '@/machines/ai-base-wizard';
import { keyedDraftStore } from '@/src/drafts/keyed-draft-store';

/** A choice as typed: one of its values, or '' while none is chosen. */
const choice = <const T extends readonly string[]>(values: T) => z.union([z.enum(values), z.literal('')]);

export const storedDraftSchema = z.object({
  instructions: z.object({
    name: z.string(),
    function: choice(aiBaseFunctions),
    language: choice(aiBaseLanguages),
    voiceTone: choice(voiceTones),
    personalized: z.nullable(z.boolean()),
    instructions: z.string(),
    expectedInputs: z.string(),
  }),
  refinement: z.object({ blockedTerms: z.array(z.string()), creativity: z.number(), model: z.string() }),
  // Where the wizard reopens; absent from older drafts, and an unknown step reads as absent (the base's step).
  step: z.catch(z.optional(z.enum(['instructions', 'refinement'])), undefined),
}) satisfies z.ZodMiniType<StoredDraft>;

export const wizardDraftStore = (storage?: () => Storage) =>
  keyedDraftStore<StoredDraft>({ prefix: 'catalyst.ai-base-draft', what: 'AI base', schema: storedDraftSchema }, storage);
