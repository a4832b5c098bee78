// The sw-update test model, shared by the logic-level (Vitest) and UI-level (Playwright) tests.
import { swUpdateMachine, CHUNK_RELOAD_WINDOW_MS, type SwUpdateInput } from '@/machines/sw-update';
import { createTestModelFor, type EventSamples } from './model-harness';

export const RUNNING_BUILD = 'build-a';
export const ALREADY_RELOADED_FOR = 'build-b';
export const NEW_BUILD = 'build-c';
export const LAST_CHUNK_RELOAD_AT = 1_000_000;

export const swUpdateInput: SwUpdateInput = {
  buildId: RUNNING_BUILD,
  reloadedForBuild: ALREADY_RELOADED_FOR,
  lastChunkReloadAt: LAST_CHUNK_RELOAD_AT,
};

// Only events whose guards read data need samples; every other event is explored as `{ type }`.
export const swUpdateSamples: EventSamples = {
  'xstate.done.actor.fetchBuildId': [RUNNING_BUILD, ALREADY_RELOADED_FOR, NEW_BUILD].map((buildId) => ({
    type: 'xstate.done.actor.fetchBuildId',
    output: { buildId },
  })),
  CHUNK_LOAD_FAILED: [
    { type: 'CHUNK_LOAD_FAILED', at: LAST_CHUNK_RELOAD_AT + CHUNK_RELOAD_WINDOW_MS / 2 },
    { type: 'CHUNK_LOAD_FAILED', at: LAST_CHUNK_RELOAD_AT + CHUNK_RELOAD_WINDOW_MS * 3 },
  ],
};

export function swUpdateTestModel() {
  return createTestModelFor(swUpdateMachine, { input: swUpdateInput, samples: swUpdateSamples });
}
