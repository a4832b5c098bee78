// The ai-base-activation test model, shared by the logic-level (Vitest) and UI-level (Playwright) tests.
import type { EventObject } from 'xstate';
import type { AiBase } from '@/domain/ai-base';
import { aiBaseActivationMachine } from '@/machines/ai-base-activation';
import { createTestModelFor, type EventSamples } from './model-harness';

export const SAMPLE_BASE_ID = '00000000-0000-4000-8000-000000000001';

export function sampleBase(status: AiBase['status']): AiBase {
  return {
    id: SAMPLE_BASE_ID,
    name: 'Ana',
    function: 'seller',
    language: 'pt_br',
    voiceTone: 'friendly',
    personalized: false,
    instructions: '',
    expectedInputs: '',
    blockedTerms: [],
    creativity: 3,
    model: 'builtin-retrieval',
    status,
    step: 'refinement',
    progress: 100,
    channels: ['whatsapp'],
    version: 4,
    canRevert: true,
    createdAt: '2026-11-21T00:00:00.000Z',
    updatedAt: '2026-11-21T00:00:00.000Z',
  };
}

const done = (id: string, output: AiBase) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, kind: string) => ({ type: `xstate.error.actor.${id}`, error: { kind } });

export const aiBaseActivationSamples: EventSamples = {
  'xstate.done.actor.loadBase': [done('loadBase', sampleBase('training')), done('loadBase', sampleBase('active'))],
  'xstate.error.actor.loadBase': [error('loadBase', 'not_found'), error('loadBase', 'unknown')],
  'xstate.done.actor.activateBase': [done('activateBase', sampleBase('active'))],
  'xstate.error.actor.activateBase': [
    error('activateBase', 'plan_limit'),
    error('activateBase', 'incomplete'),
    error('activateBase', 'unknown'),
  ],
};

export function aiBaseActivationTestModel() {
  return createTestModelFor(aiBaseActivationMachine, { input: { baseId: SAMPLE_BASE_ID }, samples: aiBaseActivationSamples });
}

export function activationPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) return `${type}(${(e.error as { kind: string }).kind})`;
      if ('output' in e) return `${type}(${(e.output as AiBase).status})`;
      return type;
    })
    .join(' → ');
}
