// The template-editor machine at logic level: a covering set of the model's paths (derived from the
// production machine, both starts) runs on it with promise doubles, checking in every state what a
// merchant relies on — every edit is stored as it is made, only a valid draft reaches the server,
// a template's name holds once Meta has it, Meta's review is asked about on the poll and not before
// — then the rules the model does not spell out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { TemplateDraft, TemplateRecord } from '@/domain/message-template';
import {
  draftErrorsOf,
  REVIEW_POLL_MS,
  templateEditorMachine,
  type TemplateEditorFailure,
  type TemplateEditorInput,
} from '@/machines/template-editor';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests } from './model-suite';
import { PromiseWorld } from './promise-world';
import {
  abstractEditor,
  CHANNEL_ID,
  inputOf,
  loadedDraft,
  newTemplateInput,
  record,
  REJECTED_NAME,
  rejectedTemplateInput,
  templateEditorPathName,
  templateEditorTestModel,
  VALID_BODY,
} from './template-editor-model';

const model = templateEditorTestModel();

function startRealActor(input: TemplateEditorInput) {
  const world = new PromiseWorld();
  /** The drafts the provided storeDraft kept, and whether forgetStoredDraft ran. */
  const stored = { drafts: [] as TemplateDraft[], forgotten: false };
  const logic = templateEditorMachine.provide({
    actors: {
      loadTemplate: world.actor<TemplateRecord[], { channelId: string; name: string }>('loadTemplate'),
      submitTemplate: world.actor<TemplateRecord[], { channelId: string; draft: TemplateDraft }>('submitTemplate'),
      readTemplate: world.actor<TemplateRecord[], { channelId: string; name: string }>('readTemplate'),
    },
    actions: {
      storeDraft: ({ context }) => void stored.drafts.push(context.draft),
      forgetStoredDraft: () => void (stored.forgotten = true),
    },
  });
  const actor = createActor(logic, { input });
  actor.start();
  return { actor, world, stored };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const tags = ['loading', 'editing', 'saving', 'reviewing', 'failed'] as const;
const tagsOf = ({ actor }: Run) => tags.filter((tag) => actor.getSnapshot().hasTag(tag));
const tagsByState: Record<string, string[]> = {
  loading: ['loading'],
  loadFailed: ['failed'],
  editing: ['editing'],
  submitting: ['saving'],
  failure: ['failed'],
  inReview: ['reviewing'],
};

async function perform(run: Run, event: { type: string }) {
  if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(REVIEW_POLL_MS);
  else if (run.world.settle(event)) await vi.advanceTimersByTimeAsync(0);
  else run.actor.send(event as never);
}

const stateChecks: Record<string, (run: Run) => void> = {
  templateEditor: (run) => {
    const value = run.actor.getSnapshot().value;
    const top = typeof value === 'string' ? value : Object.keys(value)[0]!;
    expect(tagsOf(run)).toEqual(tagsByState[top] ?? []);
    // Nothing typed is lost: the draft stored last is the one in the editor, until Meta has it.
    const { drafts, forgotten } = run.stored;
    if (drafts.length > 0 && !forgotten) expect(drafts.at(-1)).toEqual(context(run).draft);
    // A template always has a language, and the one shown is one of its own.
    expect(context(run).draft.languages[context(run).language]).toBeDefined();
  },
  'templateEditor.loading': (run) => {
    expect(run.world.pendingInput('loadTemplate')).toEqual({ channelId: CHANNEL_ID, name: REJECTED_NAME });
  },
  'templateEditor.loadFailed': (run) => {
    expect(context(run).failure?.kind).toBe('unknown');
    expect(run.world.isPending()).toBe(false);
  },
  'templateEditor.notFound': (run) => expect(run.world.isPending()).toBe(false),
  'templateEditor.editing': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).failure).toBeNull();
    // A loaded template keeps its name: Meta's templates cannot be renamed.
    if (context(run).name !== null) expect(context(run).draft.name).toBe(context(run).name);
  },
  // Only a valid draft reaches the server, as it is in the editor.
  'templateEditor.submitting': (run) => {
    expect(draftErrorsOf(context(run).draft)).toEqual({});
    expect(run.world.pendingInput('submitTemplate')).toEqual({ channelId: CHANNEL_ID, draft: context(run).draft });
  },
  'templateEditor.failure': (run) => {
    expect(context(run).failure?.kind).toBeDefined();
    expect(run.world.isPending()).toBe(false);
  },
  // Submitted: the stored draft is forgotten and the template is known by its name.
  'templateEditor.inReview': (run) => {
    expect(run.stored.forgotten).toBe(true);
    expect(context(run).name).toBe(context(run).draft.name.trim());
  },
  'templateEditor.inReview.waiting': (run) => expect(run.world.isPending()).toBe(false),
  'templateEditor.inReview.asking': (run) => {
    expect(run.world.pendingInput('readTemplate')).toEqual({ channelId: CHANNEL_ID, name: context(run).name });
  },
  'templateEditor.approved': (run) => {
    expect(context(run).records.every((each) => each.status === 'APPROVED')).toBe(true);
    expect(run.stored.forgotten).toBe(true);
  },
  'templateEditor.rejected': (run) => expect(context(run).records.some((each) => each.status === 'REJECTED')).toBe(true),
  'templateEditor.paused': (run) => expect(context(run).records.some((each) => each.pausedUntil !== null)).toBe(true),
};

describeModelBasedTests<Run>({
  name: 'template-editor',
  machine: templateEditorMachine,
  model,
  paths: coveringPaths(templateEditorMachine, model),
  start: (path) => startRealActor(inputOf(path)),
  perform,
  stateChecks,
  pathName: templateEditorPathName,
  fakeTimers: true,
  contextOf: abstractEditor as never,
});

describe('template editor, beyond the model', () => {
  // Each test starts on fake timers (started()); they end with it, whatever its outcome.
  afterEach(() => void vi.useRealTimers());
  const started = (input: TemplateEditorInput = { ...newTemplateInput, startFrom: null }) => {
    vi.useFakeTimers();
    return startRealActor(input);
  };
  const settle = async (run: Run, event: { type: string }) => {
    expect(run.world.settle(event)).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
  };
  const fill = (run: Run) => {
    run.actor.send({ type: 'SET_NAME', name: 'order_update' });
    run.actor.send({ type: 'SET_BODY', body: VALID_BODY });
    run.actor.send({ type: 'SET_EXAMPLE', variable: 'first_name', value: 'Ana' });
  };

  it('shows the errors of the fields typed in, and every one once a submit is tried', () => {
    const run = started();
    expect(run.world.calls).toEqual([]); // a new template loads nothing
    run.actor.send({ type: 'SET_NAME', name: 'Order Update' });
    expect(Object.keys(context(run).fieldErrors)).toEqual(['name']);
    run.actor.send({ type: 'SUBMIT' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(Object.keys(context(run).fieldErrors)).toEqual(expect.arrayContaining(['name', 'languages.pt_BR.body']));
  });

  it("shows Meta's refusal at the field it names, and in Meta's words; one naming none, above the form", async () => {
    const run = started();
    fill(run);
    run.actor.send({ type: 'SUBMIT' });
    const atName: TemplateEditorFailure = {
      kind: 'refused',
      field: 'name',
      messageId: 'template.refusal.name_taken',
      metaMessage: 'Nome em uso.',
    };
    await settle(run, { type: 'xstate.error.actor.submitTemplate', error: atName } as never);
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(context(run).fieldErrors).toEqual({ name: 'template.refusal.name_taken' });
    expect(context(run).refusal).toEqual({ field: 'name', metaMessage: 'Nome em uso.' });
    // Typing again clears Meta's words: the next submit tells its own.
    run.actor.send({ type: 'SET_NAME', name: 'order_update_2' });
    expect(context(run).refusal).toBeNull();
    run.actor.send({ type: 'SUBMIT' });
    await settle(run, {
      type: 'xstate.error.actor.submitTemplate',
      error: { kind: 'refused', field: null, metaMessage: 'Limite.' },
    } as never);
    expect(run.actor.getSnapshot().value).toBe('failure');
    run.actor.send({ type: 'EDIT' });
    expect(context(run).refusal).toEqual({ field: null, metaMessage: 'Limite.' });
    expect(context(run).draft.name).toBe('order_update_2');
  });

  it('loads a rejected template as its draft, keeps its name, and submits the edit under it', async () => {
    const run = started(rejectedTemplateInput);
    await settle(run, { type: 'xstate.done.actor.loadTemplate', output: [record('REJECTED')] } as never);
    expect(context(run).draft).toEqual(loadedDraft);
    run.actor.send({ type: 'SET_NAME', name: 'another_name' });
    expect(context(run).draft.name).toBe(REJECTED_NAME);
    run.actor.send({ type: 'SET_FOOTER', footer: 'Loja Ana' });
    run.actor.send({ type: 'SUBMIT' });
    expect(run.world.pendingInput('submitTemplate')).toEqual({
      channelId: CHANNEL_ID,
      draft: { ...loadedDraft, languages: { pt_BR: { ...loadedDraft.languages.pt_BR!, footer: 'Loja Ana' } } },
    });
  });

  it('asks about the review once per poll, not before, until Meta decides', async () => {
    const run = started();
    fill(run);
    run.actor.send({ type: 'SUBMIT' });
    await settle(run, { type: 'xstate.done.actor.submitTemplate', output: [record('PENDING')] } as never);
    await vi.advanceTimersByTimeAsync(REVIEW_POLL_MS - 1);
    expect(run.world.isPending('readTemplate')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.world.isPending('readTemplate')).toBe(true);
    await settle(run, { type: 'xstate.error.actor.readTemplate', error: { kind: 'unknown' } } as never);
    await vi.advanceTimersByTimeAsync(REVIEW_POLL_MS);
    await settle(run, { type: 'xstate.done.actor.readTemplate', output: [record('APPROVED')] } as never);
    expect(run.actor.getSnapshot().status).toBe('done');
  });

  it('keeps the last language, and shows another when the one shown is removed', () => {
    const run = started();
    run.actor.send({ type: 'REMOVE_LANGUAGE', language: 'pt_BR' });
    expect(Object.keys(context(run).draft.languages)).toEqual(['pt_BR']);
    run.actor.send({ type: 'ADD_LANGUAGE', language: 'es' });
    expect(context(run).language).toBe('es');
    run.actor.send({ type: 'SHOW_LANGUAGE', language: 'pt_BR' });
    run.actor.send({ type: 'REMOVE_LANGUAGE', language: 'pt_BR' });
    expect(context(run).language).toBe('es');
    expect(Object.keys(context(run).draft.languages)).toEqual(['es']);
  });
});
