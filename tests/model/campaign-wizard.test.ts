// The campaign wizard (machines/campaign-wizard.ts) at logic level: a covering set of the model's paths
// (tests/model/campaign-wizard-model.ts, derived from the production machine) runs on it with promise
// doubles for its calls and fake timers for its delays, checking in every state what the screen relies
// on — the tags, what each call is sent (a draft only once its step holds, with the next step's number,
// so a reload resumes there; the rules counted only when a count can take them), a refusal of the
// review or the plan said at the first step its fields are on — then what the model does not spell
// out: the count waits for a pause in the typing, the page is read again every few seconds while the
// campaign is live and every half minute once it is not, a template's variables are filled from their
// obvious source.
import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { audienceValidation } from '@/domain/audience';
import { campaignValidation, type Campaign, type CampaignDraft } from '@/domain/campaign';
import {
  audienceEditorErrors,
  audienceStepErrors,
  campaignWizardFailureOf,
  campaignWizardMachine,
  COUNT_DELAY_MS,
  firstRefusedStep,
  REFRESH_DELAY_MS,
  scheduleStepErrors,
  SETTLED_REFRESH_DELAY_MS,
  templateStepErrors,
  type CampaignWizardContext,
  type CampaignWizardEvent,
  type CampaignWizardFailure,
} from '@/machines/campaign-wizard';
import {
  abstractCampaignWizard,
  CAMPAIGN_ID,
  campaignsAt,
  campaignWizardPathName,
  campaignWizardTestModel,
  loadedAt,
  NUMBER_A,
  OFFERS,
  progressOf,
  refusals,
  sampleCount,
  sampleReview,
} from './campaign-wizard-model';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests } from './model-suite';
import { PromiseWorld } from './promise-world';

function startRealActor(campaignId: string | null = CAMPAIGN_ID) {
  const world = new PromiseWorld();
  const visits: string[] = [];
  const logic = campaignWizardMachine.provide({
    actors: {
      loadCampaign: world.actor('loadCampaign'),
      countAudience: world.actor('countAudience'),
      saveAudience: world.actor('saveAudience'),
      saveDraft: world.actor('saveDraft'),
      reviewCampaign: world.actor('reviewCampaign'),
      planCampaign: world.actor('planCampaign'),
      loadProgress: world.actor('loadProgress'),
      changeCampaign: world.actor('changeCampaign'),
    },
    actions: { showCampaignAddress: ({ context }) => void visits.push(`/campaigns/${context.campaignId}`) },
  });
  const actor = createActor(logic, { input: { campaignId } });
  actor.start();
  const seen = { last: null as EventObject | null, callsBefore: 0 };
  return { actor, world, visits, seen };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run): CampaignWizardContext => actor.getSnapshot().context;
const delays = campaignWizardMachine.implementations.delays as Record<string, number>;

async function perform(run: Run, event: EventObject) {
  run.seen.last = event;
  run.seen.callsBefore = run.world.calls.length;
  if (event.type.startsWith('xstate.after.')) {
    const ms = delays[event.type.split('.')[2]!];
    expect(ms, event.type).toBeTypeOf('number');
    await vi.advanceTimersByTimeAsync(ms!);
  } else if (run.world.settle(event)) {
    await vi.advanceTimersByTimeAsync(0);
  } else {
    run.actor.send(event as CampaignWizardEvent);
  }
}

const tags = ['loading', 'editing', 'counting', 'saving', 'reviewing', 'planning', 'refreshing', 'changing', 'failed'] as const;
const tagsOf = ({ actor }: Run) => tags.filter((tag) => actor.getSnapshot().hasTag(tag));
const leafOf = ({ actor }: Run): string => {
  const walk = (value: unknown): string =>
    typeof value === 'string' ? value : Object.entries(value as object).map(([key, inner]) => `${key}.${walk(inner)}`)[0]!;
  return walk(actor.getSnapshot().value);
};
const tagsByState: Record<string, string[]> = {
  loading: ['loading'],
  loadFailed: ['failed'],
  'audience.editing': ['editing'],
  'audience.editor.counting': ['counting'],
  'audience.editor.countFailed': ['failed'],
  'audience.savingAudience': ['saving'],
  'audience.saving': ['saving'],
  'audience.failed': ['failed'],
  'template.editing': ['editing'],
  'template.saving': ['saving'],
  'template.failed': ['failed'],
  'schedule.editing': ['editing'],
  'schedule.saving': ['saving'],
  'schedule.failed': ['failed'],
  'review.loading': ['reviewing'],
  'review.planning': ['planning'],
  'review.failed': ['failed'],
  'review.planFailed': ['failed'],
  'planned.loading': ['refreshing'],
  'planned.loadFailed': ['failed'],
  'planned.changing': ['changing'],
};
const MESSAGE_IDS = [...Object.values(campaignValidation), ...Object.values(audienceValidation)].map((message) => message.id as string);
const FIELD =
  /^(name|audienceId|channelId|templateName|inventoryId|schedule|variables\.[a-z_]+|languages|countries|orderedWithinDays|minTotalSpentMinor|talkedWithinDays)$/;
const pending = (run: Run, src: string) => run.world.pendingInput(src);
const lastError = (run: Run) => (run.seen.last as (EventObject & { error?: CampaignWizardFailure }) | null)?.error;
/** A draft is sent only once its step holds, with the next step's number. */
const sendsDraft = (run: Run, step: number, holds: (context: CampaignWizardContext) => Record<string, string>) => {
  const { draft } = context(run);
  expect(pending(run, 'saveDraft')).toEqual({ campaignId: CAMPAIGN_ID, draft });
  expect(draft.step).toBe(step);
  expect(holds(context(run))).toEqual({});
};
/** Refused here: the step's refusals at their fields, nothing sent. */
const refusedLocally = (run: Run, errors: (context: CampaignWizardContext) => Record<string, string>) => {
  if (run.seen.last?.type !== 'SAVE') return;
  expect(context(run).fieldErrors).toEqual(errors(context(run)));
  expect(run.world.calls.length).toBe(run.seen.callsBefore);
};
/** The review's or the plan's refusal, at the first step its fields are on. */
const refusedBackHere = (run: Run, step: string) => {
  const error = lastError(run);
  const type = run.seen.last?.type ?? '';
  if (!/reviewCampaign|planCampaign/.test(type) || !error?.fields) return;
  expect(firstRefusedStep(error.fields)).toBe(step);
  expect(context(run).fieldErrors).toEqual(error.fields);
};

const stateChecks: Record<string, (run: Run) => void> = {
  campaignWizard: (run) => {
    expect(tagsOf(run)).toEqual(tagsByState[leafOf(run)] ?? []);
    for (const [field, id] of Object.entries(context(run).fieldErrors)) {
      expect(field).toMatch(FIELD);
      expect(MESSAGE_IDS).toContain(id);
    }
  },
  'campaignWizard.loading': (run) => expect(pending(run, 'loadCampaign')).toEqual({ campaignId: CAMPAIGN_ID }),
  'campaignWizard.loadFailed': (run) => expect(['not_found', 'unknown']).toContain(context(run).failure),
  'campaignWizard.notFound': (run) => expect(context(run).failure).toBe('not_found'),
  // A draft opened at its first step is shown at its own address (a reload resumes it).
  'campaignWizard.audience': (run) => {
    for (const visit of run.visits) expect(visit).toBe(`/campaigns/${CAMPAIGN_ID}`);
    if (context(run).campaign?.step === 0) expect(run.visits.length).toBeGreaterThan(0);
  },
  'campaignWizard.audience.editing': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).editor).toBeNull();
    refusedLocally(run, audienceStepErrors);
    refusedBackHere(run, 'audience');
  },
  'campaignWizard.audience.editor': (run) => expect(context(run).editor).not.toBeNull(),
  // Counted only rules a count can take, and only once they stopped changing.
  'campaignWizard.audience.editor.debouncing': (run) => expect(run.world.isPending('countAudience')).toBe(false),
  'campaignWizard.audience.editor.counting': (run) => {
    expect(pending(run, 'countAudience')).toEqual({ rules: context(run).editor!.rules });
    expect(Object.keys(audienceEditorErrors(context(run).editor!)).filter((field) => field !== 'name')).toEqual([]);
  },
  'campaignWizard.audience.editor.ready': (run) => expect(run.world.isPending()).toBe(false),
  'campaignWizard.audience.editor.invalid': (run) => {
    expect(context(run).count).toBeNull();
    expect(Object.keys(context(run).fieldErrors).length).toBeGreaterThan(0);
  },
  'campaignWizard.audience.savingAudience': (run) => {
    const { editor } = context(run);
    expect(pending(run, 'saveAudience')).toEqual(editor);
    expect(audienceEditorErrors(editor!)).toEqual({});
  },
  'campaignWizard.audience.saving': (run) => sendsDraft(run, 1, audienceStepErrors),
  'campaignWizard.audience.failed': (run) => expect(context(run).failure).toBe('unknown'),
  'campaignWizard.template.editing': (run) => {
    expect(run.world.isPending()).toBe(false);
    refusedLocally(run, templateStepErrors);
    refusedBackHere(run, 'template');
  },
  'campaignWizard.template.saving': (run) => sendsDraft(run, 2, templateStepErrors),
  'campaignWizard.schedule.editing': (run) => {
    expect(run.world.isPending()).toBe(false);
    refusedLocally(run, scheduleStepErrors);
    refusedBackHere(run, 'schedule');
  },
  'campaignWizard.schedule.saving': (run) => sendsDraft(run, 3, scheduleStepErrors),
  // The review is read anew each time the step opens.
  'campaignWizard.review.loading': (run) => {
    expect(pending(run, 'reviewCampaign')).toEqual({ campaignId: CAMPAIGN_ID });
    expect(context(run).review).toBeNull();
  },
  'campaignWizard.review.ready': (run) => expect(context(run).review).toEqual(sampleReview),
  'campaignWizard.review.planning': (run) => expect(pending(run, 'planCampaign')).toEqual({ campaignId: CAMPAIGN_ID }),
  'campaignWizard.planned.loading': (run) => expect(pending(run, 'loadProgress')).toEqual({ campaignId: CAMPAIGN_ID }),
  'campaignWizard.planned.watching': (run) => {
    expect(context(run).results).not.toBeNull();
    expect(context(run).campaign?.status).not.toBe('draft');
  },
  'campaignWizard.planned.changing': (run) => {
    const { change } = context(run);
    expect(pending(run, 'changeCampaign')).toEqual({ campaignId: CAMPAIGN_ID, change });
  },
};

const model = campaignWizardTestModel();

describeModelBasedTests<Run>({
  name: 'campaign-wizard',
  machine: campaignWizardMachine,
  model,
  paths: coveringPaths(campaignWizardMachine, model),
  start: () => startRealActor(),
  perform,
  stateChecks,
  pathName: campaignWizardPathName,
  contextOf: abstractCampaignWizard as never,
  fakeTimers: true,
});

// ---- Beyond the model. ----

async function settle(run: Run, event: { type: string; output?: unknown; error?: unknown }) {
  expect(run.world.settle(event as never)).toBe(true);
  await vi.advanceTimersByTimeAsync(0);
}
async function loaded(campaign: Campaign, campaignId: string | null = CAMPAIGN_ID) {
  const run = startRealActor(campaignId);
  await settle(run, { type: 'xstate.done.actor.loadCampaign', output: loadedAt(campaign) });
  return run;
}
const send = (run: Run, ...events: CampaignWizardEvent[]) => events.forEach((event) => run.actor.send(event));
const callsOf = (run: Run, src: string) => run.world.calls.filter((call) => call.src === src);

describe('campaign-wizard machine, beyond the model', () => {
  it('resumes each draft at the step it was saved on, and a planned campaign on its page', async () => {
    vi.useFakeTimers();
    try {
      const where = async (campaign: Campaign) => Object.keys((await loaded(campaign)).actor.getSnapshot().value as object)[0];
      expect(await where(campaignsAt.new)).toBe('audience');
      expect(await where(campaignsAt.template)).toBe('template');
      expect(await where(campaignsAt.schedule)).toBe('schedule');
      expect(await where(campaignsAt.review)).toBe('review');
      expect(await where({ ...campaignsAt.review, step: 4 })).toBe('review');
      expect(await where(campaignsAt.sending)).toBe('planned');
      expect(await where(campaignsAt.cancelled)).toBe('planned');
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the rules once they stop changing, never rules a count cannot take', async () => {
    vi.useFakeTimers();
    try {
      const run = await loaded(campaignsAt.new, null);
      expect(run.visits).toEqual([`/campaigns/${CAMPAIGN_ID}`]);
      send(run, { type: 'NEW_AUDIENCE' });
      // Opened: every contact counted at once.
      expect(callsOf(run, 'countAudience')).toHaveLength(1);
      await settle(run, { type: 'xstate.done.actor.countAudience', output: sampleCount });
      send(run, { type: 'EDIT_RULES', rules: { languages: ['pt'] } });
      await vi.advanceTimersByTimeAsync(COUNT_DELAY_MS - 100);
      send(run, { type: 'EDIT_RULES', rules: { orderedWithinDays: 6 } });
      await vi.advanceTimersByTimeAsync(COUNT_DELAY_MS - 100);
      send(run, { type: 'EDIT_RULES', rules: { orderedWithinDays: 60 } });
      await vi.advanceTimersByTimeAsync(COUNT_DELAY_MS - 1);
      expect(callsOf(run, 'countAudience')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(callsOf(run, 'countAudience').map((call) => call.input)).toEqual([
        { rules: expect.objectContaining({ languages: [], orderedWithinDays: null }) },
        { rules: expect.objectContaining({ languages: ['pt'], orderedWithinDays: 60 }) },
      ]);
      await settle(run, { type: 'xstate.done.actor.countAudience', output: sampleCount });

      // A year and a day: refused at its field, not counted, the last count forgotten.
      send(run, { type: 'EDIT_RULES', rules: { orderedWithinDays: 366 } });
      await vi.advanceTimersByTimeAsync(10 * COUNT_DELAY_MS);
      expect(callsOf(run, 'countAudience')).toHaveLength(2);
      expect(context(run).fieldErrors).toEqual({ orderedWithinDays: audienceValidation.daysOutOfRange.id });
      expect(context(run).count).toBeNull();
      send(run, { type: 'EDIT_RULES', rules: { orderedWithinDays: 30 } });
      expect(context(run).fieldErrors).toEqual({});
      await vi.advanceTimersByTimeAsync(COUNT_DELAY_MS);
      expect(callsOf(run, 'countAudience')).toHaveLength(3);
      await settle(run, { type: 'xstate.done.actor.countAudience', output: sampleCount });

      // Saved without a name: refused here; named, saved and chosen.
      send(run, { type: 'SAVE_AUDIENCE' });
      expect(context(run).fieldErrors).toEqual({ name: audienceValidation.nameRequired.id });
      expect(callsOf(run, 'saveAudience')).toHaveLength(0);
      send(run, { type: 'NAME_AUDIENCE', name: 'Compradores' }, { type: 'SAVE_AUDIENCE' });
      expect(callsOf(run, 'saveAudience')[0]?.input).toEqual({
        audienceId: null,
        name: 'Compradores',
        rules: expect.objectContaining({ languages: ['pt'], orderedWithinDays: 30 }),
      });
      const audience = { ...loadedAt(campaignsAt.new).audiences[0]!, id: '00000000-0000-4000-8000-0000000000d9', name: 'Compradores' };
      await settle(run, { type: 'xstate.done.actor.saveAudience', output: audience });
      expect(context(run).draft.audienceId).toBe(audience.id);
      expect(context(run).audiences.map((each) => each.name)).toEqual(['Compradores', 'Bought in 60 days']);
      expect(run.actor.getSnapshot().matches({ audience: 'editing' })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills a chosen template’s variables from their obvious source, and asks for an inventory only for a catalog link', async () => {
    vi.useFakeTimers();
    try {
      const run = await loaded(campaignsAt.template);
      send(run, { type: 'SAVE' });
      expect(context(run).fieldErrors).toEqual({ channelId: campaignValidation.channelRequired.id });
      send(run, { type: 'CHOOSE_NUMBER', channelId: NUMBER_A }, { type: 'CHOOSE_TEMPLATE', templateName: OFFERS });
      expect(context(run).draft.variables).toEqual({
        first_name: { source: 'first_name', text: '' },
        offer: { source: 'text', text: '' },
        end_date: { source: 'text', text: '' },
        store_url: { source: 'catalog_link', text: '' },
      });
      send(run, { type: 'SAVE' });
      expect(context(run).fieldErrors).toEqual({
        'variables.offer': campaignValidation.textRequired.id,
        'variables.end_date': campaignValidation.textRequired.id,
        inventoryId: campaignValidation.inventoryRequired.id,
      });
      send(run, { type: 'SET_TEXT', variable: 'offer', text: '20% off' }, { type: 'CHOOSE_SOURCE', variable: 'store_url', source: 'text' });
      expect(context(run).fieldErrors).toEqual({ 'variables.end_date': campaignValidation.textRequired.id });
      send(
        run,
        { type: 'SET_TEXT', variable: 'end_date', text: 'Sunday' },
        { type: 'SET_TEXT', variable: 'store_url', text: 'https://loja.example' },
        { type: 'SAVE' },
      );
      const sent = callsOf(run, 'saveDraft')[0]?.input as { draft: CampaignDraft };
      expect(sent.draft).toMatchObject({ channelId: NUMBER_A, templateName: OFFERS, inventoryId: null, step: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the merchant back to the first step the plan’s refusal names, said at its field', async () => {
    vi.useFakeTimers();
    try {
      const run = await loaded(campaignsAt.review);
      await settle(run, { type: 'xstate.done.actor.reviewCampaign', output: sampleReview });
      send(run, { type: 'SEND' });
      const fields = { schedule: campaignValidation.timePast.id, 'variables.offer': campaignValidation.textRequired.id };
      await settle(run, { type: 'xstate.error.actor.planCampaign', error: { kind: 'refused', fields } });
      expect(run.actor.getSnapshot().matches({ template: 'editing' })).toBe(true);
      expect(context(run).fieldErrors).toEqual(fields);
      // Put right, saved: the schedule's refusal is the next step's to show until its own save.
      send(run, { type: 'SET_TEXT', variable: 'offer', text: '15% off' });
      expect(context(run).fieldErrors).toEqual({ schedule: campaignValidation.timePast.id });
      send(run, { type: 'SAVE' });
      await settle(run, { type: 'xstate.done.actor.saveDraft', output: campaignsAt.review });
      expect(run.actor.getSnapshot().matches({ schedule: 'editing' })).toBe(true);
      send(run, { type: 'SCHEDULE', schedule: { kind: 'at', localTime: '2026-12-24T10:00' } }, { type: 'SAVE' });
      await settle(run, { type: 'xstate.done.actor.saveDraft', output: campaignsAt.review });
      expect(callsOf(run, 'reviewCampaign')).toHaveLength(2);
      expect(context(run).review).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the page again every few seconds while the campaign is live, every half minute once it is not', async () => {
    vi.useFakeTimers();
    try {
      const run = await loaded(campaignsAt.sending);
      await settle(run, { type: 'xstate.done.actor.loadProgress', output: progressOf(campaignsAt.sending) });
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS - 1);
      expect(callsOf(run, 'loadProgress')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(callsOf(run, 'loadProgress')).toHaveLength(2);
      // Every message went (or failed) for now: finished, though Meta's statuses, replies and orders still come.
      await settle(run, { type: 'xstate.done.actor.loadProgress', output: progressOf(campaignsAt.finished) });
      // Finished: nothing to pause or cancel.
      send(run, { type: 'PAUSE' }, { type: 'CANCEL' });
      expect(run.actor.getSnapshot().matches({ planned: 'watching' })).toBe(true);
      expect(callsOf(run, 'changeCampaign')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(SETTLED_REFRESH_DELAY_MS - 1);
      expect(callsOf(run, 'loadProgress')).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(callsOf(run, 'loadProgress')).toHaveLength(3);
      // Meta's per-user limit (131049) sent a message back to wait for the next day: sending again, read every few seconds.
      await settle(run, { type: 'xstate.done.actor.loadProgress', output: progressOf(campaignsAt.sending) });
      expect(context(run).campaign?.status).toBe('sending');
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
      expect(callsOf(run, 'loadProgress')).toHaveLength(4);
      await settle(run, { type: 'xstate.done.actor.loadProgress', output: progressOf(campaignsAt.paused) });
      await vi.advanceTimersByTimeAsync(SETTLED_REFRESH_DELAY_MS - 1);
      expect(callsOf(run, 'loadProgress')).toHaveLength(4);
      await vi.advanceTimersByTimeAsync(1);
      expect(callsOf(run, 'loadProgress')).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels only once confirmed, and reads a campaign changed meanwhile as it is', async () => {
    vi.useFakeTimers();
    try {
      const run = await loaded(campaignsAt.sending);
      await settle(run, { type: 'xstate.done.actor.loadProgress', output: progressOf(campaignsAt.sending) });
      send(run, { type: 'CANCEL' });
      expect(run.actor.getSnapshot().matches({ planned: 'confirmingCancel' })).toBe(true);
      send(run, { type: 'KEEP' }, { type: 'CANCEL' }, { type: 'CONFIRM_CANCEL' });
      expect(callsOf(run, 'changeCampaign').map((call) => call.input)).toEqual([{ campaignId: CAMPAIGN_ID, change: 'cancel' }]);
      await settle(run, { type: 'xstate.error.actor.changeCampaign', error: { kind: 'conflict' } });
      expect(context(run).failure).toBe('conflict');
      // Read on load, again once kept, again once refused: as it is now.
      expect(callsOf(run, 'loadProgress')).toHaveLength(3);
      expect(run.actor.getSnapshot().matches({ planned: 'loading' })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads anything thrown that is not one of its failures as unknown', () => {
    expect(campaignWizardFailureOf(refusals.template)).toBe(refusals.template);
    expect(campaignWizardFailureOf(new Error('offline'))).toEqual({ kind: 'unknown' });
    expect(campaignWizardFailureOf({ kind: 'teapot' })).toEqual({ kind: 'unknown' });
    expect(firstRefusedStep({ inventoryId: 'x', name: 'y' })).toBe('audience');
    expect(firstRefusedStep({ 'quietHours.start': 'x' })).toBe('schedule');
    expect(firstRefusedStep({})).toBeNull();
  });
});
