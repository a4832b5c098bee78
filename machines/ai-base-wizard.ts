import { assertEvent, assign, fromPromise, setup, stopChild, type ActorRefFrom } from 'xstate';
import { failed, failureOf, type Failed } from './failure';
import { fieldErrorsOf } from './field-errors';
import { isSendingFiles, knowledgeFilesMachine } from './knowledge-files';
import { loadFailures } from './wizard-load';
import {
  aiBaseFailureKinds,
  instructionsSchema,
  refinementSchema,
  type AiBase,
  type AiBaseFailure,
  type AiBaseFailureKind,
  type Instructions,
  type Refinement,
  type WizardStep,
  wizardSteps,
  BUILTIN_MODEL,
  DEFAULT_CREATIVITY,
} from '../domain/ai-base';
import type { AiModel } from '../domain/refinement-chat';

/**
 * `/ia-base` (new) and `/ia-base/{id}`: the three-step wizard — 1 Instructions, 2 Knowledge base,
 * 3 Refinement and test — with "Save and advance". A base in configuration resumes at its saved
 * step. What the merchant types is kept as a draft (storeDraft) until it is saved, so a reload
 * (the update's, a chunk's, a refresh) brings it back, with a notice. Where the page goes next (the
 * new base's address, the activation screen) is decided here and done by provided actions.
 * Tags for the view: `editing`, `saving`, `failed`.
 */

/**
 * The Instructions form as typed, derived from the schema's fields: a choice may still be empty
 * (`''` for the function, language and voice tone, `null` for whether it is personalized).
 */
export type InstructionsDraft = {
  [K in keyof Instructions]: Instructions[K] extends boolean
    ? boolean | null
    : string extends Instructions[K]
      ? Instructions[K]
      : Instructions[K] | '';
};
export type RefinementDraft = Refinement;

export type WizardDraft = { instructions: InstructionsDraft; refinement: RefinementDraft };
/**
 * What storeDraft keeps for a base (or for the new one), and loadBase hands back: the draft and the
 * step it was typed on, where the wizard reopens. (Drafts kept before the step was stored lack it.)
 */
export type StoredDraft = WizardDraft & { step?: 'instructions' | 'refinement' };

export type WizardInput = { baseId: string | null };
/** `models`: what step 3's model field offers (the built-in answerer at least). */
export type LoadedBase = { base: AiBase | null; draft: StoredDraft | null; models: AiModel[] };
export type SaveInstructionsInput = { baseId: string | null; expectedVersion: number | null; values: Instructions };
export type SaveKnowledgeInput = { baseId: string; expectedVersion: number };
export type SaveRefinementInput = { baseId: string; expectedVersion: number; values: Refinement };

export type WizardContext = {
  baseId: string | null;
  base: AiBase | null;
  draft: WizardDraft;
  /** Field → message id (domain/ai-base's aiBaseValidation, or a server's; the view translates it). */
  fieldErrors: Record<string, string>;
  failure: AiBaseFailureKind | null;
  /** An unsaved draft was brought back after a reload: the view says so until dismissed. */
  restored: boolean;
  models: AiModel[];
  /**
   * Step 2's files (the knowledge-files machine), spawned when the step opens and stopped when it
   * closes. The wizard reads it: while files are on their way, leaving the step would stop them.
   */
  knowledgeFiles: ActorRefFrom<typeof knowledgeFilesMachine> | null;
  /** The step the merchant is on (or was on, while a conflict is shown). */
  step: WizardStep;
};

export type WizardEvent =
  | { type: 'EDIT_INSTRUCTIONS'; values: Partial<InstructionsDraft> }
  | { type: 'EDIT_REFINEMENT'; values: Partial<RefinementDraft> }
  | { type: 'SAVE' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  /** Step 3: back to the last saved settings (what the chat tries follows). */
  | { type: 'REVERT' }
  | { type: 'DISMISS_RESTORED' };

export const emptyInstructions: InstructionsDraft = {
  name: '',
  function: '',
  language: '',
  voiceTone: '',
  personalized: null,
  instructions: '',
  expectedInputs: '',
};
export const defaultRefinement: RefinementDraft = { blockedTerms: [], creativity: DEFAULT_CREATIVITY, model: BUILTIN_MODEL };
export const builtinModels: AiModel[] = [{ id: BUILTIN_MODEL, provider: 'builtin' }];

function draftOf(base: AiBase | null): WizardDraft {
  if (!base) return { instructions: emptyInstructions, refinement: defaultRefinement };
  const { name, function: fn, language, voiceTone, personalized, instructions, expectedInputs, blockedTerms, creativity, model } = base;
  return {
    instructions: { name, function: fn, language, voiceTone, personalized, instructions, expectedInputs },
    refinement: { blockedTerms, creativity, model },
  };
}

const aiBaseFailureOf = (error: unknown) => failureOf<AiBaseFailure>(error, aiBaseFailureKinds);
const failureKind = (error: unknown) => aiBaseFailureOf(error).kind;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/**
 * What the stored draft should be: none once nothing in it differs from the base; else the draft,
 * with the step holding the unsaved changes (step 1's first: it is saved first).
 */
export function unsavedStepOf(context: Pick<WizardContext, 'base' | 'draft'>): NonNullable<StoredDraft['step']> | null {
  const saved = draftOf(context.base);
  if (!same(context.draft.instructions, saved.instructions)) return 'instructions';
  if (!same(context.draft.refinement, saved.refinement)) return 'refinement';
  return null;
}
const unsavedDraft = ({ context }: { context: WizardContext }): { draft: StoredDraft | null } => {
  const step = unsavedStepOf(context);
  return { draft: step && { ...context.draft, step } };
};
/** Where a load opens: the step the draft was typed on, else the base's own; never past the base's. */
export function resumeStepOf({ base, draft }: Pick<LoadedBase, 'base' | 'draft'>): WizardStep {
  if (!base) return 'instructions';
  const typed = draft?.step;
  return typed && wizardSteps.indexOf(typed) < wizardSteps.indexOf(base.step) ? typed : base.step;
}
const storeDraft = { type: 'storeDraft', params: unsavedDraft } as const;
const loaded = ({ event }: { event: { output: LoadedBase } }) => event.output;
const saved = ({ event }: { event: { output: AiBase } }) => event.output;
const rememberFailure = { type: 'rememberFailure', params: failed } as const;

export const aiBaseWizardMachine = setup({
  types: {
    input: {} as WizardInput,
    context: {} as WizardContext,
    events: {} as WizardEvent,
    tags: {} as 'editing' | 'saving' | 'failed',
  },
  actors: {
    // Provided by src/features/ai-bases: the API calls (rejecting with an AiBaseFailure) and the draft store.
    loadBase: fromPromise<LoadedBase, { baseId: string | null }>(async () => {
      throw new Error('loadBase is not provided');
    }),
    saveInstructions: fromPromise<AiBase, SaveInstructionsInput>(async () => {
      throw new Error('saveInstructions is not provided');
    }),
    saveKnowledge: fromPromise<AiBase, SaveKnowledgeInput>(async () => {
      throw new Error('saveKnowledge is not provided');
    }),
    saveRefinement: fromPromise<AiBase, SaveRefinementInput>(async () => {
      throw new Error('saveRefinement is not provided');
    }),
    // src/ provides it with its actors on the real API.
    knowledgeFiles: knowledgeFilesMachine,
  },
  guards: {
    // Parametrized by the actor's own event (typed where the transition is written): no casts.
    resumesAtKnowledge: (_, loaded: LoadedBase) => resumeStepOf(loaded) === 'knowledge',
    resumesAtRefinement: (_, loaded: LoadedBase) => resumeStepOf(loaded) === 'refinement',
    isNotFound: (_, { error }: Failed) => failureKind(error) === 'not_found',
    isInvalid: (_, { error }: Failed) => failureKind(error) === 'invalid',
    isConflict: (_, { error }: Failed) => failureKind(error) === 'conflict',
    isPlanLimit: (_, { error }: Failed) => failureKind(error) === 'plan_limit',
    isNewBase: ({ context }) => context.baseId === null,
    instructionsAreValid: ({ context }) => instructionsSchema.safeParse(context.draft.instructions).success,
    refinementIsValid: ({ context }) => refinementSchema.safeParse(context.draft.refinement).success,
    noUploadsRunning: ({ context }) => !(context.knowledgeFiles && isSendingFiles(context.knowledgeFiles.getSnapshot())),
    refinementChanged: ({ context }) => JSON.stringify(context.draft.refinement) !== JSON.stringify(draftOf(context.base).refinement),
  },
  actions: {
    rememberLoaded: assign((_, { base, draft, models }: LoadedBase) => {
      const typed = draft && { instructions: draft.instructions, refinement: draft.refinement };
      return {
        base,
        baseId: base?.id ?? null,
        draft: typed ?? draftOf(base),
        restored: draft !== null,
        fieldErrors: {},
        failure: null,
        models,
      };
    }),
    // After a save the saved part of the draft is the base's; the other part keeps what was typed.
    rememberSavedInstructions: assign(({ context }, base: AiBase) => {
      // Saved: the restored changes are no longer "restored", they are the base.
      return {
        base,
        baseId: base.id,
        draft: { ...context.draft, instructions: draftOf(base).instructions },
        fieldErrors: {},
        failure: null,
        restored: false,
      };
    }),
    rememberSavedKnowledge: assign((_, base: AiBase) => ({ base, fieldErrors: {}, failure: null })),
    rememberSavedRefinement: assign(({ context }, base: AiBase) => {
      return { base, draft: { ...context.draft, refinement: draftOf(base).refinement }, fieldErrors: {}, failure: null, restored: false };
    }),
    // (Its actions named in the type: inferred, they would reach back to this very map.)
    rememberFailure: assign((_, { error }: Failed) => {
      const failure = aiBaseFailureOf(error);
      return { failure: failure.kind, fieldErrors: failure.fields ?? {} };
    }),
    editInstructions: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'EDIT_INSTRUCTIONS');
        return { ...context.draft, instructions: { ...context.draft.instructions, ...event.values } };
      },
    }),
    editRefinement: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'EDIT_REFINEMENT');
        return { ...context.draft, refinement: { ...context.draft.refinement, ...event.values } };
      },
    }),
    revertRefinement: assign(({ context }) => ({
      draft: { ...context.draft, refinement: draftOf(context.base).refinement },
      fieldErrors: {},
    })),
    showInstructionsErrors: assign({
      fieldErrors: ({ context }) => fieldErrorsOf(instructionsSchema.safeParse(context.draft.instructions)),
    }),
    showRefinementErrors: assign({ fieldErrors: ({ context }) => fieldErrorsOf(refinementSchema.safeParse(context.draft.refinement)) }),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    dismissRestored: assign({ restored: false }),
    enterStep: assign((_, { step }: { step: WizardStep }) => ({ step })),
    openKnowledgeFiles: assign({
      knowledgeFiles: ({ context, spawn }) => spawn('knowledgeFiles', { id: 'knowledgeFiles', input: { baseId: context.baseId! } }),
    }),
    // Leaving step 2 ends its polling and any upload still being sent (never the server's processing).
    closeKnowledgeFiles: stopChild('knowledgeFiles'),
    forgetKnowledgeFiles: assign({ knowledgeFiles: null }),
    // Provided by src/: keep the draft where a reload finds it (`null`: nothing unsaved, forget it).
    storeDraft: (_, _stored: { draft: StoredDraft | null }) => {},
    // Provided by src/: the new base's own address from now on (a refresh resumes it), and the
    // activation screen once all three steps are saved.
    showBaseAddress: () => {},
    openActivation: () => {},
  },
}).createMachine({
  id: 'aiBaseWizard',
  initial: 'loading',
  context: ({ input }) => ({
    baseId: input.baseId,
    base: null,
    draft: draftOf(null),
    fieldErrors: {},
    failure: null,
    restored: false,
    models: builtinModels,
    knowledgeFiles: null,
    step: 'instructions',
  }),
  states: {
    loading: {
      invoke: {
        id: 'loadBase',
        src: 'loadBase',
        input: ({ context }) => ({ baseId: context.baseId }),
        onDone: [
          {
            guard: { type: 'resumesAtKnowledge', params: loaded },
            target: 'knowledge',
            actions: { type: 'rememberLoaded', params: loaded },
          },
          {
            guard: { type: 'resumesAtRefinement', params: loaded },
            target: 'refinement',
            actions: { type: 'rememberLoaded', params: loaded },
          },
          { target: 'instructions', actions: { type: 'rememberLoaded', params: loaded } },
        ],
        onError: [...loadFailures],
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    notFound: { type: 'final' },

    instructions: {
      initial: 'editing',
      entry: { type: 'enterStep', params: { step: 'instructions' } },
      on: { DISMISS_RESTORED: { actions: 'dismissRestored' } },
      states: {
        editing: {
          tags: 'editing',
          on: {
            EDIT_INSTRUCTIONS: { actions: ['editInstructions', storeDraft] },
            SAVE: [{ guard: 'instructionsAreValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showInstructionsErrors' }],
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveInstructions',
            src: 'saveInstructions',
            input: ({ context }) => ({
              baseId: context.baseId,
              expectedVersion: context.base?.version ?? null,
              values: instructionsSchema.parse(context.draft.instructions),
            }),
            onDone: [
              {
                guard: 'isNewBase',
                target: '#aiBaseWizard.knowledge',
                actions: [{ type: 'rememberSavedInstructions', params: saved }, storeDraft, 'showBaseAddress'],
              },
              { target: '#aiBaseWizard.knowledge', actions: [{ type: 'rememberSavedInstructions', params: saved }, storeDraft] },
            ],
            onError: [
              // The server's own rule (the name is taken by another of the account's bases).
              { guard: { type: 'isInvalid', params: failed }, target: 'editing', actions: rememberFailure },
              { guard: { type: 'isConflict', params: failed }, target: '#aiBaseWizard.conflict', actions: rememberFailure },
              // Creating past the plan's number of AI bases: 'Upgrade your plan to add more AI Bases.'
              { guard: { type: 'isPlanLimit', params: failed }, target: '#aiBaseWizard.planLimit', actions: rememberFailure },
              { target: 'failed', actions: rememberFailure },
            ],
          },
        },
        // The draft is untouched: retry, or keep editing.
        failed: {
          tags: 'failed',
          on: {
            RETRY: { target: 'saving', actions: 'clearFailure' },
            EDIT_INSTRUCTIONS: { target: 'editing', actions: ['clearFailure', 'editInstructions', storeDraft] },
          },
        },
      },
    },

    knowledge: {
      initial: 'editing',
      entry: [{ type: 'enterStep', params: { step: 'knowledge' } }, 'openKnowledgeFiles'],
      exit: ['closeKnowledgeFiles', 'forgetKnowledgeFiles'],
      // The messages belong to the step being left.
      on: {
        BACK: { guard: 'noUploadsRunning', target: '#aiBaseWizard.instructions', actions: 'clearFailure' },
        DISMISS_RESTORED: { actions: 'dismissRestored' },
      },
      states: {
        // The files upload on their own; this step's save records that the merchant moved on
        // (once they are all sent: leaving the step would stop them).
        editing: { tags: 'editing', on: { SAVE: { guard: 'noUploadsRunning', target: 'saving' } } },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveKnowledge',
            src: 'saveKnowledge',
            input: ({ context }) => ({ baseId: context.baseId!, expectedVersion: context.base!.version }),
            onDone: { target: '#aiBaseWizard.refinement', actions: { type: 'rememberSavedKnowledge', params: saved } },
            onError: [
              { guard: { type: 'isConflict', params: failed }, target: '#aiBaseWizard.conflict', actions: rememberFailure },
              { target: 'failed', actions: rememberFailure },
            ],
          },
        },
        // Files picked after the save failed: the retry waits for them too.
        failed: { tags: 'failed', on: { RETRY: { guard: 'noUploadsRunning', target: 'saving', actions: 'clearFailure' } } },
      },
    },

    refinement: {
      initial: 'editing',
      entry: { type: 'enterStep', params: { step: 'refinement' } },
      on: { BACK: { target: '#aiBaseWizard.knowledge', actions: 'clearFailure' }, DISMISS_RESTORED: { actions: 'dismissRestored' } },
      states: {
        editing: {
          tags: 'editing',
          on: {
            EDIT_REFINEMENT: { actions: ['editRefinement', storeDraft] },
            REVERT: { guard: 'refinementChanged', actions: ['revertRefinement', storeDraft] },
            SAVE: [{ guard: 'refinementIsValid', target: 'saving', actions: 'clearFailure' }, { actions: 'showRefinementErrors' }],
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveRefinement',
            src: 'saveRefinement',
            input: ({ context }) => ({
              baseId: context.baseId!,
              expectedVersion: context.base!.version,
              values: refinementSchema.parse(context.draft.refinement),
            }),
            onDone: { target: '#aiBaseWizard.saved', actions: [{ type: 'rememberSavedRefinement', params: saved }, storeDraft] },
            // The server's field messages (if any) show in `failed` too; this form has no server-only rule.
            onError: [
              { guard: { type: 'isConflict', params: failed }, target: '#aiBaseWizard.conflict', actions: rememberFailure },
              { target: 'failed', actions: rememberFailure },
            ],
          },
        },
        failed: {
          tags: 'failed',
          on: {
            RETRY: { target: 'saving', actions: 'clearFailure' },
            EDIT_REFINEMENT: { target: 'editing', actions: ['clearFailure', 'editRefinement', storeDraft] },
          },
        },
      },
    },

    // Another tab saved this base first. The draft stays stored: reloading shows the newer base
    // with the merchant's unsaved changes brought back on top (and the notice).
    conflict: { on: { RELOAD: 'loading' } },
    planLimit: { type: 'final' },
    // All three steps saved: the view goes on to the activation screen.
    saved: { type: 'final', entry: 'openActivation' },
  },
});
