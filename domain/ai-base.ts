// AI bases: the merchant's AI agents for WhatsApp. The vocabulary, the wizard's step payloads and
// the API's shapes, shared by the SPA (which validates before saving) and the server (which
// validates again and enforces the plan). Validation messages are message ids (aiBaseValidation):
// the server answers them in `error.fields`, the SPA translates them.
// zod/mini: the wizard's chunk loads this.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { withoutBidiControls } from './bidi-controls';
import { channelSummarySchema } from './channel';
import { MAX_INT, storableText } from './storable-values';

export const aiBaseFunctions = ['seller', 'support', 'qualifier', 'translator'] as const;
export type AiBaseFunction = (typeof aiBaseFunctions)[number];

export const aiBaseLanguages = ['pt_br', 'en_us', 'es'] as const;
export type AiBaseLanguage = (typeof aiBaseLanguages)[number];

export const voiceTones = ['default', 'friendly', 'informal'] as const;
export type VoiceTone = (typeof voiceTones)[number];

/** `training`: still in configuration (the wizard is not finished, or it was never activated). */
export const aiBaseStatuses = ['training', 'active', 'inactive'] as const;
export type AiBaseStatus = (typeof aiBaseStatuses)[number];

/** The wizard's steps, in order: 1 Instructions, 2 Knowledge base, 3 Refinement and test. */
export const wizardSteps = ['instructions', 'knowledge', 'refinement'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** Creativity runs from 0 (sticks to the knowledge base) to 10 (most creative). */
export const CREATIVITY_MIN = 0;
export const CREATIVITY_MAX = 10;
export const DEFAULT_CREATIVITY = 3;
export const MAX_BLOCKED_TERMS = 200;

/**
 * The validation messages, one descriptor each: the id is what a schema's issue and the API's
 * `error.fields` carry, stable and readable; the message is the English text. Plain objects that an
 * i18n comment marks for Lingui's extractor, not `msg` macros: the server (run by tsx, bundled by
 * esbuild) imports this file too, and neither compiles macros.
 */
export const aiBaseValidation = {
  nameRequired: /*i18n*/ { id: 'ai_base.name_required', message: 'The name of the AI base is required.' },
  /** Server-side only: the account's other bases are not in the form. */
  nameTaken: /*i18n*/ { id: 'ai_base.name_taken', message: 'You already have an AI base with this name.' },
  functionRequired: /*i18n*/ { id: 'ai_base.function_required', message: 'The function of the AI base is required.' },
  languageRequired: /*i18n*/ { id: 'ai_base.language_required', message: 'The language of the AI base is required.' },
  voiceToneRequired: /*i18n*/ { id: 'ai_base.voice_tone_required', message: 'The voice tone of the AI base is required.' },
  personalizedRequired: /*i18n*/ { id: 'ai_base.personalized_required', message: 'It is necessary to state if the base is personalized.' },
  tooLong: /*i18n*/ { id: 'ai_base.too_long', message: 'This field is too long' },
  tooManyBlockedTerms: /*i18n*/ { id: 'ai_base.too_many_blocked_terms', message: 'Too many blocked terms' },
  creativityRange: /*i18n*/ { id: 'ai_base.creativity_range', message: 'Creativity goes from 0 to 10' },
  unstorable: /*i18n*/ {
    id: 'ai_base.unstorable',
    message: 'This field has characters that cannot be saved (a control character or half an emoji).',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Each validation message by its id, so a view can translate an id (`undefined`: not one of ours). */
export const aiBaseValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(aiBaseValidation).map((descriptor) => [descriptor.id, descriptor]),
);

const tooLong = (max: number) => z.maxLength(max, { error: aiBaseValidation.tooLong.id });
const storable = () => storableText(aiBaseValidation.unstorable.id);
const text = (max: number) => storable().check(z.trim(), tooLong(max));

/** Step 1, Instructions: who the agent is and how it speaks. */
export const instructionsSchema = z.strictObject({
  // Without bidirectional controls (domain/bidi-controls.ts): the name stored reads as it is.
  name: storable().check(
    z.overwrite(withoutBidiControls),
    z.trim(),
    z.minLength(1, { error: aiBaseValidation.nameRequired.id, abort: true }),
    tooLong(80),
  ),
  function: z.enum(aiBaseFunctions, { error: aiBaseValidation.functionRequired.id }),
  language: z.enum(aiBaseLanguages, { error: aiBaseValidation.languageRequired.id }),
  voiceTone: z.enum(voiceTones, { error: aiBaseValidation.voiceToneRequired.id }),
  personalized: z.boolean({ error: aiBaseValidation.personalizedRequired.id }),
  /** The system instructions: what the agent must do and never do. */
  instructions: text(8000),
  /** What the agent should expect from people (order numbers, sizes, a CEP…). */
  expectedInputs: text(2000),
});
export type Instructions = z.infer<typeof instructionsSchema>;

/** Step 3, Refinement and test: the guard rails and the temperature. */
export const refinementSchema = z.strictObject({
  blockedTerms: z
    .array(storable().check(z.trim(), z.minLength(1), tooLong(100)))
    .check(z.maxLength(MAX_BLOCKED_TERMS, { error: aiBaseValidation.tooManyBlockedTerms.id })),
  creativity: z
    .int()
    .check(
      z.gte(CREATIVITY_MIN, { error: aiBaseValidation.creativityRange.id }),
      z.lte(CREATIVITY_MAX, { error: aiBaseValidation.creativityRange.id }),
    ),
  /** The answerer's model: `builtin-retrieval` (embedded) or one the LLM endpoint lists. */
  model: storable().check(z.trim(), z.minLength(1), tooLong(200)),
});
export type Refinement = z.infer<typeof refinementSchema>;

/** Every save names the version it edits: a stale one (another tab saved since) gets 409. */
/** Versions are PostgreSQL integers: past 2^31 - 1 none can exist (and the column could not hold it). */
export const expectedVersionSchema = z.int().check(z.positive(), z.lte(MAX_INT));

export const createAiBaseSchema = instructionsSchema;
export const saveInstructionsSchema = z.strictObject({ ...instructionsSchema.shape, expectedVersion: expectedVersionSchema });
export const saveRefinementSchema = z.strictObject({ ...refinementSchema.shape, expectedVersion: expectedVersionSchema });
export const versionOnlySchema = z.strictObject({ expectedVersion: expectedVersionSchema });

export const aiBaseIdParamsSchema = z.strictObject({ id: z.uuid() });

/** Whether an address's id can name an AI base at all (a UUID); any other is simply not found. */
export const isAiBaseId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const BUILTIN_MODEL = 'builtin-retrieval';

/** An AI base as the API returns it. */
export const aiBaseSchema = z.object({
  id: z.string(),
  ...instructionsSchema.shape,
  ...refinementSchema.shape,
  status: z.enum(aiBaseStatuses),
  /** The step the wizard resumes at: the first one not saved yet (or the last). */
  step: z.enum(wizardSteps),
  /** 0–100: the share of the wizard's steps saved. */
  progress: z.int().check(z.gte(0), z.lte(100)),
  /** WhatsApp today; more channels later. */
  channels: z.array(z.string()),
  /** The WhatsApp numbers this base answers on (the list's cards show them); only the list sends it. */
  connectedChannels: z.optional(z.array(channelSummarySchema)),
  version: z.int(),
  /** A previous saved version exists to revert to. */
  canRevert: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiBase = z.infer<typeof aiBaseSchema>;

export const aiBaseListSchema = z.object({ aiBases: z.array(aiBaseSchema) });

/** Step progress: instructions saved 33 %, knowledge 67 %, refinement 100 %. */
export function progressOf(savedSteps: number): number {
  return Math.round((Math.min(Math.max(savedSteps, 0), wizardSteps.length) / wizardSteps.length) * 100);
}

/**
 * Why an AI base request failed, as the flows see it (the SPA maps HTTP answers onto these):
 * `plan_limit` 403, `conflict` 409 version_conflict, `incomplete` 409 incomplete, `not_found` 404,
 * `invalid` 400 with field messages, `unknown` anything else (network, 5xx).
 */
export const aiBaseFailureKinds = ['plan_limit', 'conflict', 'incomplete', 'not_found', 'invalid', 'unknown'] as const;
export type AiBaseFailureKind = (typeof aiBaseFailureKinds)[number];
export type AiBaseFailure = { kind: AiBaseFailureKind; fields?: Record<string, string> };
