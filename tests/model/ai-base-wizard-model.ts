// The ai-base-wizard test model, shared by the logic-level (Vitest) and UI-level (Playwright) tests.
import type { EventObject } from 'xstate';
import { aiBaseValidation, type AiBase, type WizardStep } from '@/domain/ai-base';
import { aiBaseWizardMachine, builtinModels, type InstructionsDraft, type LoadedBase } from '@/machines/ai-base-wizard';
import { createTestModelFor, type EventSamples } from './model-harness';

export const WIZARD_BASE_ID = '00000000-0000-4000-8000-000000000002';

export const validInstructions: InstructionsDraft = {
  name: 'Ana, vendedora',
  function: 'seller',
  language: 'pt_br',
  voiceTone: 'friendly',
  personalized: true,
  instructions: 'Responda só sobre a loja.',
  expectedInputs: '',
};

/** The base as the server answers at each step (its version counts the saves). */
export function baseAt(step: WizardStep, savedSteps: 1 | 2 | 3, version: number): AiBase {
  return {
    id: WIZARD_BASE_ID,
    name: 'Ana, vendedora',
    function: 'seller',
    language: 'pt_br',
    voiceTone: 'friendly',
    personalized: true,
    instructions: 'Responda só sobre a loja.',
    expectedInputs: '',
    blockedTerms: [],
    creativity: 3,
    model: 'builtin-retrieval',
    status: 'training',
    step,
    progress: [0, 33, 67, 100][savedSteps]!,
    channels: ['whatsapp'],
    version,
    canRevert: version > 1,
    createdAt: '2026-11-21T00:00:00.000Z',
    updatedAt: '2026-11-21T00:00:00.000Z',
  };
}

const loaded = (value: LoadedBase) => ({ type: 'xstate.done.actor.loadBase', output: value });
const done = (id: string, output: AiBase) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, kind: string, fields?: Record<string, string>) => ({
  type: `xstate.error.actor.${id}`,
  error: fields ? { kind, fields } : { kind },
});

export const aiBaseWizardSamples: EventSamples = {
  'xstate.done.actor.loadBase': [
    loaded({ base: null, draft: null, models: builtinModels }),
    loaded({ base: baseAt('knowledge', 1, 1), draft: null, models: builtinModels }),
    loaded({ base: baseAt('refinement', 2, 2), draft: null, models: builtinModels }),
    // A reload of a new base's half-typed first step.
    loaded({
      base: null,
      draft: {
        instructions: { ...validInstructions, name: 'Typed before the reload' },
        refinement: { blockedTerms: [], creativity: 3, model: 'builtin-retrieval' },
        step: 'instructions',
      },
      models: builtinModels,
    }),
    // A reload of a saved base's third step, its creativity moved and not saved.
    loaded({
      base: baseAt('refinement', 2, 2),
      draft: {
        instructions: validInstructions,
        refinement: { blockedTerms: [], creativity: 8, model: 'builtin-retrieval' },
        step: 'refinement',
      },
      models: builtinModels,
    }),
    // A reload of a base saved to step 3 while its first step was being changed: it reopens there.
    loaded({
      base: baseAt('refinement', 2, 2),
      draft: {
        instructions: { ...validInstructions, instructions: 'Changed on step 1.' },
        refinement: { blockedTerms: [], creativity: 3, model: 'builtin-retrieval' },
        step: 'instructions',
      },
      models: builtinModels,
    }),
  ],
  'xstate.error.actor.loadBase': [failed('loadBase', 'not_found'), failed('loadBase', 'unknown')],
  EDIT_INSTRUCTIONS: [
    { type: 'EDIT_INSTRUCTIONS', values: validInstructions },
    { type: 'EDIT_INSTRUCTIONS', values: { name: '' } },
  ],
  EDIT_REFINEMENT: [
    { type: 'EDIT_REFINEMENT', values: { creativity: 7, blockedTerms: ['concorrente'] } },
    // A term longer than 100 characters: aiBaseValidation.tooLong.
    { type: 'EDIT_REFINEMENT', values: { blockedTerms: ['x'.repeat(101)] } },
  ],
  'xstate.done.actor.saveInstructions': [done('saveInstructions', baseAt('knowledge', 1, 1))],
  'xstate.error.actor.saveInstructions': [
    failed('saveInstructions', 'invalid', { name: aiBaseValidation.nameTaken.id }),
    failed('saveInstructions', 'conflict'),
    failed('saveInstructions', 'plan_limit'),
    failed('saveInstructions', 'unknown'),
  ],
  'xstate.done.actor.saveKnowledge': [done('saveKnowledge', baseAt('refinement', 2, 2))],
  'xstate.error.actor.saveKnowledge': [failed('saveKnowledge', 'conflict'), failed('saveKnowledge', 'unknown')],
  'xstate.done.actor.saveRefinement': [
    done('saveRefinement', { ...baseAt('refinement', 3, 3), creativity: 7, blockedTerms: ['concorrente'] }),
  ],
  'xstate.error.actor.saveRefinement': [failed('saveRefinement', 'conflict'), failed('saveRefinement', 'unknown')],
};

export function aiBaseWizardTestModel() {
  return createTestModelFor(aiBaseWizardMachine, { input: { baseId: null }, samples: aiBaseWizardSamples });
}

export function wizardPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) return `${type}(${(e.error as { kind: string }).kind})`;
      if ('output' in e) {
        const output = e.output as AiBase | LoadedBase;
        if ('draft' in output)
          return `${type}(${output.base ? `at ${output.base.step}` : 'new'}${output.draft ? `, draft on ${output.draft.step}` : ''})`;
        return type;
      }
      if ('values' in e) return `${type}(${JSON.stringify(e.values).slice(0, 40)})`;
      return type;
    })
    .join(' → ');
}
