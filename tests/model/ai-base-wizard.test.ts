import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { AiBase } from '@/domain/ai-base';
import type { KnowledgeFile } from '@/domain/knowledge';
import {
  aiBaseWizardMachine,
  type LoadedBase,
  type SaveInstructionsInput,
  type SaveKnowledgeInput,
  type SaveRefinementInput,
  type WizardContext,
  type StoredDraft,
} from '@/machines/ai-base-wizard';
import { knowledgeFilesMachine, uploadIdOf, type KnowledgeUploadReport, type UploadFileInput } from '@/machines/knowledge-files';
import { sampleFile } from './knowledge-files-model';
import { aiBaseWizardTestModel, baseAt, validInstructions, wizardPathName } from './ai-base-wizard-model';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { flush, PromiseWorld } from './promise-world';

const model = aiBaseWizardTestModel();
const paths = coveringPaths(aiBaseWizardMachine, model);

function startRealActor(baseId: string | null = null) {
  const world = new PromiseWorld();
  const storage = { draft: null as StoredDraft | null, writes: 0 };
  /** Where the provided navigation actions took the page. */
  const visits: string[] = [];
  /** Step 2's uploads on their way, by upload id: each ends when the test reports it. */
  const uploads = new Map<string, (report: KnowledgeUploadReport) => void>();
  const logic = aiBaseWizardMachine.provide({
    actors: {
      loadBase: world.actor<LoadedBase, { baseId: string | null }>('loadBase'),
      saveInstructions: world.actor<AiBase, SaveInstructionsInput>('saveInstructions'),
      saveKnowledge: world.actor<AiBase, SaveKnowledgeInput>('saveKnowledge'),
      saveRefinement: world.actor<AiBase, SaveRefinementInput>('saveRefinement'),
      // The real knowledge-files machine as step 2's child, on a server with no files yet.
      knowledgeFiles: knowledgeFilesMachine.provide({
        actors: {
          listFiles: fromPromise(async (): Promise<KnowledgeFile[]> => []),
          deleteFile: fromPromise(async () => {}),
          uploadFile: fromCallback<EventObject, UploadFileInput>(({ input, sendBack }) => {
            uploads.set(input.uploadId, sendBack);
            return () => uploads.delete(input.uploadId);
          }),
        },
      }),
    },
    actions: {
      storeDraft: (_, { draft }) => {
        storage.draft = draft && structuredClone(draft);
        if (draft) storage.writes++;
      },
      showBaseAddress: ({ context }) => visits.push(`/ia-base/${context.baseId}`),
      openActivation: ({ context }) => visits.push(`/ia-base/${context.baseId}/activate`),
    },
  });
  const actor = createActor(logic, { input: { baseId } });
  actor.start();
  return { actor, world, storage, visits, uploads };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;

/** The effects a merchant relies on in each state. */
const stateChecks: Record<string, (run: Run) => void> = {
  // Nothing typed is lost: whatever is stored is exactly what the wizard holds.
  aiBaseWizard: (run) => {
    const stored = run.storage.draft;
    if (stored !== null) {
      const { step, ...typed } = stored;
      expect(typed).toEqual(context(run).draft);
      // The step holding the unsaved changes, where a reload reopens: step 1's when it has any.
      const base = context(run).base;
      const instructionsChanged =
        !base || (Object.keys(typed.instructions) as Array<keyof typeof typed.instructions>).some((k) => typed.instructions[k] !== base[k]);
      expect(step).toBe(instructionsChanged ? 'instructions' : 'refinement');
    }
    // The stepper's step is the one shown (or, in a conflict, the one the merchant was on).
    for (const step of ['instructions', 'knowledge', 'refinement'] as const) {
      if (run.actor.getSnapshot().matches(step)) expect(context(run).step).toBe(step);
    }
    if (!run.actor.getSnapshot().matches('knowledge')) {
      expect(context(run).knowledgeFiles).toBeNull();
      expect(run.actor.getSnapshot().children.knowledgeFiles).toBeUndefined();
    }
  },
  'aiBaseWizard.loading': (run) => expect(run.world.pendingInput('loadBase')).toEqual({ baseId: context(run).baseId }),
  'aiBaseWizard.instructions.saving': (run) => {
    const { baseId, base, draft } = context(run);
    expect(run.world.pendingInput('saveInstructions')).toEqual({
      baseId,
      expectedVersion: base?.version ?? null,
      values: draft.instructions,
    });
  },
  'aiBaseWizard.knowledge.saving': (run) => {
    const { baseId, base } = context(run);
    expect(run.world.pendingInput('saveKnowledge')).toEqual({ baseId, expectedVersion: base!.version });
  },
  'aiBaseWizard.refinement.saving': (run) => {
    const { baseId, base, draft } = context(run);
    expect(run.world.pendingInput('saveRefinement')).toEqual({ baseId, expectedVersion: base!.version, values: draft.refinement });
  },
  'aiBaseWizard.saved': (run) => {
    expect(run.storage.draft).toBeNull(); // all saved: no draft left to restore
    expect(run.visits.at(-1)).toBe(`/ia-base/${context(run).baseId}/activate`);
    expect(context(run).base?.progress).toBe(100);
  },
  // Step 2 has its files actor, for this base; no other step has one.
  'aiBaseWizard.knowledge': (run) => {
    expect(context(run).knowledgeFiles?.getSnapshot().context.baseId).toBe(context(run).baseId);
    expect(run.actor.getSnapshot().children.knowledgeFiles).toBe(context(run).knowledgeFiles);
  },
  'aiBaseWizard.conflict': (run) => expect(context(run).failure).toBe('conflict'),
  'aiBaseWizard.planLimit': (run) => expect(context(run).failure).toBe('plan_limit'),
};

describeModelBasedTests({
  name: 'ai-base-wizard',
  machine: aiBaseWizardMachine,
  model,
  paths,
  start: () => startRealActor(),
  perform: settleOrSend,
  stateChecks,
  pathName: wizardPathName,
  // Step 2's child by its id: the model's snapshots hold actors of their own.
  contextOf: (context: WizardContext) => ({ ...context, knowledgeFiles: context.knowledgeFiles?.id ?? null }),
});

describe('ai-base-wizard machine, beyond the model', () => {
  it('waits on step 2 while its files actor is sending files: no save, no retry, no way back, until they all end', async () => {
    const run = startRealActor(baseAt('knowledge', 1, 1).id);
    run.world.settle({ type: 'xstate.done.actor.loadBase', output: { base: baseAt('knowledge', 1, 1), draft: null, models: [] } } as never);
    await flush();
    const files = context(run).knowledgeFiles!;
    const csv = { name: 'faq.csv', size: 120, lastModified: 1 };
    files.send({ type: 'ADD_FILE', file: csv });
    const uploadId = uploadIdOf(csv);
    expect(run.uploads.has(uploadId)).toBe(true);
    run.actor.send({ type: 'SAVE' });
    run.actor.send({ type: 'BACK' });
    expect(run.actor.getSnapshot().value).toEqual({ knowledge: 'editing' });
    expect(run.world.isPending('saveKnowledge')).toBe(false);
    run.uploads.get(uploadId)!({ type: 'UPLOAD_DONE', uploadId, file: sampleFile('uploaded') });
    run.actor.send({ type: 'SAVE' });
    expect(run.actor.getSnapshot().value).toEqual({ knowledge: 'saving' });

    // The save fails; a file picked meanwhile holds the retry back the same way.
    run.world.settle({ type: 'xstate.error.actor.saveKnowledge', error: { kind: 'unknown' } } as never);
    await flush();
    expect(run.actor.getSnapshot().value).toEqual({ knowledge: 'failed' });
    const pdf = { name: 'policies.pdf', size: 900, lastModified: 2 };
    files.send({ type: 'ADD_FILE', file: pdf });
    run.actor.send({ type: 'RETRY' });
    expect(run.actor.getSnapshot().value).toEqual({ knowledge: 'failed' });
    run.uploads.get(uploadIdOf(pdf))!({ type: 'UPLOAD_FAILED', uploadId: uploadIdOf(pdf) });
    run.actor.send({ type: 'RETRY' });
    expect(run.actor.getSnapshot().value).toEqual({ knowledge: 'saving' });
  });

  it("stops step 2's files actor when the step is left, and opens a fresh one when it is back", async () => {
    const run = startRealActor(baseAt('refinement', 2, 2).id);
    run.world.settle({
      type: 'xstate.done.actor.loadBase',
      output: { base: baseAt('refinement', 2, 2), draft: null, models: [] },
    } as never);
    await flush();
    run.actor.send({ type: 'BACK' });
    const files = context(run).knowledgeFiles!;
    expect(files.getSnapshot().status).toBe('active');
    run.actor.send({ type: 'BACK' }); // to step 1: nothing on its way, so the step can be left
    expect(run.actor.getSnapshot().matches('instructions')).toBe(true);
    expect(files.getSnapshot().status).toBe('stopped');
    expect(context(run).knowledgeFiles).toBeNull();
    run.actor.send({ type: 'SAVE' });
    run.world.settle({ type: 'xstate.done.actor.saveInstructions', output: baseAt('refinement', 2, 3) } as never);
    await flush();
    // A fresh actor for the step opened again.
    expect(context(run).knowledgeFiles).not.toBe(files);
    expect(context(run).knowledgeFiles!.getSnapshot().status).toBe('active');
  });

  it('stores every edit as a draft, restores it after a reload with the notice, and forgets it once saved', async () => {
    const first = startRealActor();
    first.world.settle({ type: 'xstate.done.actor.loadBase', output: { base: null, draft: null } } as never);
    await flush();
    first.actor.send({ type: 'EDIT_INSTRUCTIONS', values: { name: 'Half' } });
    first.actor.send({ type: 'EDIT_INSTRUCTIONS', values: { language: 'es' } });
    expect(first.storage.writes).toBe(2);
    const stored = first.storage.draft!;
    expect(stored.instructions).toMatchObject({ name: 'Half', language: 'es' });
    first.actor.stop();

    // The reload: the draft comes back through loadBase.
    const second = startRealActor();
    second.world.settle({ type: 'xstate.done.actor.loadBase', output: { base: null, draft: stored } } as never);
    await flush();
    expect(stored.step).toBe('instructions');
    expect(context(second)).toMatchObject({ restored: true, draft: { instructions: stored.instructions, refinement: stored.refinement } });
    second.actor.send({ type: 'DISMISS_RESTORED' });
    expect(context(second).restored).toBe(false);

    second.actor.send({ type: 'EDIT_INSTRUCTIONS', values: validInstructions });
    second.actor.send({ type: 'SAVE' });
    second.world.settle({ type: 'xstate.done.actor.saveInstructions', output: baseAt('knowledge', 1, 1) } as never);
    await flush();
    expect(second.actor.getSnapshot().matches('knowledge')).toBe(true);
    expect(second.storage.draft).toBeNull();
  });

  it('gives a new base its own address once, when its first step is saved; a base that has one keeps it', async () => {
    const created = startRealActor();
    created.world.settle({ type: 'xstate.done.actor.loadBase', output: { base: null, draft: null, models: [] } } as never);
    await flush();
    created.actor.send({ type: 'EDIT_INSTRUCTIONS', values: validInstructions });
    created.actor.send({ type: 'SAVE' });
    expect(created.visits).toEqual([]);
    created.world.settle({ type: 'xstate.done.actor.saveInstructions', output: baseAt('knowledge', 1, 1) } as never);
    await flush();
    expect(created.visits).toEqual([`/ia-base/${baseAt('knowledge', 1, 1).id}`]);

    const resumed = startRealActor(baseAt('knowledge', 1, 1).id);
    resumed.world.settle({
      type: 'xstate.done.actor.loadBase',
      output: { base: baseAt('knowledge', 1, 1), draft: null, models: [] },
    } as never);
    await flush();
    resumed.actor.send({ type: 'BACK' });
    resumed.actor.send({ type: 'SAVE' });
    resumed.world.settle({ type: 'xstate.done.actor.saveInstructions', output: baseAt('knowledge', 1, 2) } as never);
    await flush();
    expect(resumed.actor.getSnapshot().matches('knowledge')).toBe(true);
    expect(resumed.visits).toEqual([]);
  });

  it('reopens where the draft was typed, and keeps the stepper on that step through a conflict and its reload', async () => {
    const saved = baseAt('refinement', 2, 2);
    const first = startRealActor(saved.id);
    first.world.settle({ type: 'xstate.done.actor.loadBase', output: { base: saved, draft: null, models: [] } } as never);
    await flush();
    first.actor.send({ type: 'BACK' });
    first.actor.send({ type: 'BACK' });
    first.actor.send({ type: 'EDIT_INSTRUCTIONS', values: { instructions: 'Typed on step 1.' } });
    expect(first.storage.draft?.step).toBe('instructions');
    first.actor.send({ type: 'SAVE' });
    first.world.settle({ type: 'xstate.error.actor.saveInstructions', error: { kind: 'conflict' } } as never);
    await flush();
    expect(first.actor.getSnapshot().value).toBe('conflict');
    expect(context(first).step).toBe('instructions'); // not step 3, where the base was saved to

    // Reload (the conflict's, or the browser's): the base another tab saved, the draft on top, on step 1.
    const stored = first.storage.draft!;
    first.actor.send({ type: 'RELOAD' });
    first.world.settle({
      type: 'xstate.done.actor.loadBase',
      output: { base: baseAt('refinement', 2, 3), draft: stored, models: [] },
    } as never);
    await flush();
    expect(first.actor.getSnapshot().matches({ instructions: 'editing' })).toBe(true);
    expect(context(first)).toMatchObject({ step: 'instructions', restored: true });
    expect(context(first).draft.instructions.instructions).toBe('Typed on step 1.');

    // A draft typed on step 3 reopens step 3; one from before drafts had a step, the base's step.
    for (const [draft, step] of [
      [{ ...stored, step: 'refinement' as const }, 'refinement'],
      [{ instructions: stored.instructions, refinement: stored.refinement }, 'refinement'],
    ] as const) {
      const run = startRealActor(saved.id);
      run.world.settle({ type: 'xstate.done.actor.loadBase', output: { base: saved, draft, models: [] } } as never);
      await flush();
      expect(context(run).step).toBe(step);
    }
  });

  it("refuses to save invalid instructions, naming the fields with the seed messages' ids", () => {
    const run = startRealActor();
    run.world.settle({ type: 'xstate.done.actor.loadBase', output: { base: null, draft: null } } as never);
    return flush().then(() => {
      run.actor.send({ type: 'SAVE' });
      expect(run.world.isPending('saveInstructions')).toBe(false);
      expect(context(run).fieldErrors).toEqual({
        name: 'ai_base.name_required',
        function: 'ai_base.function_required',
        language: 'ai_base.language_required',
        voiceTone: 'ai_base.voice_tone_required',
        personalized: 'ai_base.personalized_required',
      });
    });
  });

  it('resumes a base in configuration at its saved step, editing what was saved', async () => {
    const run = startRealActor('some-id');
    expect(run.world.pendingInput('loadBase')).toEqual({ baseId: 'some-id' });
    run.world.settle({ type: 'xstate.done.actor.loadBase', output: { base: baseAt('refinement', 2, 2), draft: null } } as never);
    await flush();
    expect(run.actor.getSnapshot().matches({ refinement: 'editing' })).toBe(true);
    expect(context(run).draft.instructions.name).toBe('Ana, vendedora');
    run.actor.send({ type: 'BACK' });
    run.actor.send({ type: 'BACK' });
    expect(run.actor.getSnapshot().matches({ instructions: 'editing' })).toBe(true);
  });
});
