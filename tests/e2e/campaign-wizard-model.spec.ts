// The campaign-wizard machine's model-based test through the real UI: a few walks chained from the
// paths of tests/model/campaign-wizard-model.ts (derived from the production machine; fixtures/
// chained-walks.ts) on /en/campaigns/{id} in Chromium, signed in on the Auth emulator against the e2e
// server. Every call the wizard makes is answered by this spec through `page.route`, so each answer the
// model names is one the merchant's screen really gets: the campaign's read (GET, also the campaign
// page's, with its results), the draft's save (PUT), the review, the plan, pause, resume and cancel, the
// live count and an audience's save are held while the screen shows them in flight, then answered as
// the server answers (bodies of the API's own schemas, errors of its shape and codes), or their
// connection dropped; what the steps choose from (the saved audiences, the number with its templates,
// the inventories) is the model's world, served as the API serves it; the account's zone is the real
// server's (set to the model's). The real server keeps the campaign screens' truth in its own tests
// (tests/server, tests/component/campaigns-page.test.tsx): here the answers are the model's, so each
// machine event is produced by the real UI on a controlled answer. The page's clock stands still: the
// count's pause and the page's refresh are the model's own events, the clock moved by their delays.
// Each model event is a gesture of the merchant's, and the screen is checked against the production
// machine run on what the view sent and the world answered: each step must take the model step's
// transition and reach its state. Where the model's sample is one the screen cannot make, the gesture
// is the nearest that takes the same transition: a rule edit is one of the editor's fields (Portuguese
// ticked, days typed, 0 days for rules no count takes); a time that is none (30 February) is the time
// field emptied; a draft's save refused at a field of another step (the model's is the name) is
// refused at a field of the step saved. An edit to the value shown, a Back pressed while it is
// disabled (saving) or a template chosen with no number are never chained: the last test proves the
// walks run still reach every state and take every transition. A GET refused with a 409 (the review
// of a campaign planned meanwhile) is asked again by the API client after 300 ms, as it asks every
// GET refused with a status that may pass: the world answers the second ask as it did the first.
// One merchant, one page.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { getNextSnapshot, initialTransition, type EventObject, type SnapshotFrom } from 'xstate';
import { audienceValidationMessages, type Audience, type AudienceRules } from '@/domain/audience';
import {
  CAMPAIGN_QUIET_HOURS,
  campaignDraftSchema,
  campaignResultsSchema,
  campaignReviewSchema,
  campaignSchema,
  campaignValidation,
  campaignValidationMessages,
  instantOfLocalTime,
  type Campaign,
  type CampaignPauseReason,
  type CampaignStatus,
} from '@/domain/campaign';
import { channelListSchema, type Channel } from '@/domain/channel';
import { inventoryListSchema, type Inventory } from '@/domain/inventory';
import { templateListSchema, type TemplateAccount, type TemplateContent, type TemplateRecord } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import {
  campaignSteps,
  campaignWizardMachine,
  canCancel,
  canPause,
  canResume,
  chosenNumber,
  chosenTemplate,
  COUNT_DELAY_MS,
  REFRESH_DELAY_MS,
  SETTLED_REFRESH_DELAY_MS,
  stepOfField,
  type CampaignChange,
  type CampaignStep,
  type CampaignWizardFailure,
  type LoadedCampaign,
} from '@/machines/campaign-wizard';
import { campaignNumbersOf } from '@/src/features/campaigns/campaign-choices';
import { coverageOf, describeCoverage, eachEvent, testPath, type ModelPath, type ModelStep } from '../model/model-harness';
import {
  AUDIENCE_A,
  AUDIENCE_B,
  CAMPAIGN_ID,
  campaignWizardPathName,
  campaignWizardTestModel,
  INVENTORY_ID,
  NUMBER_A,
  numbers as modelNumbers,
  OFFERS,
  sampleAudience,
  sampleCampaign,
  sampleCount,
  sampleResults,
  sampleReview,
} from '../model/campaign-wizard-model';
import { chainedWalks, labelsOf, type Follower } from './fixtures/chained-walks';
import { signInDirectly } from './fixtures/emulator-users';
import { HeldRoutes } from './fixtures/held-routes';
import { newMerchant, type Merchant } from './fixtures/merchant-api';

type WizardSnapshot = SnapshotFrom<typeof campaignWizardMachine>;
type WizardContext = WizardSnapshot['context'];
type ModelEvent = EventObject & Record<string, unknown>;

const machine = campaignWizardMachine;
const model = campaignWizardTestModel();
const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const v = campaignValidation;

// ---- The model's world, as the API answers it. ----

const ZONE = 'America/Sao_Paulo';
const STAMP = '2026-06-01T12:00:00.000Z';
const LATER = '2026-06-01T12:05:00.000Z';

const channel: Channel = {
  id: NUMBER_A,
  displayPhoneNumber: '+55 11 4000-0001',
  phoneNumberId: '1090000000000001',
  wabaId: '2090000000000001',
  accessTokenHint: '…c0de',
  aiBaseId: null,
  inventoryId: null,
  status: 'active',
  attentionReason: null,
  verifiedName: 'Loja A',
  qualityRating: 'green',
  webhookVerifiedAt: STAMP,
  retentionDays: 90,
  createdAt: STAMP,
  updatedAt: STAMP,
};
const offers = readyMadeTemplate('campaign_offers').draft;
const orderConfirmation = readyMadeTemplate('order_confirmation').draft;
const templateRecord = (
  name: string,
  language: string,
  category: TemplateRecord['category'],
  status: TemplateRecord['status'],
  content: TemplateContent,
): TemplateRecord => ({
  metaId: `${name}-${language}`,
  name,
  language,
  category,
  status,
  quality: 'GREEN',
  rejectedReason: null,
  parameterFormat: 'NAMED',
  content,
  unsupported: [],
  channelId: NUMBER_A,
  pausedUntil: null,
  attention: null,
  updatedAt: STAMP,
});
/** The number's templates as Catalyst last read them: the offers approved in two languages (in review in a third), and an approved utility one. */
const templateAccounts: TemplateAccount[] = [
  {
    channelId: NUMBER_A,
    displayPhoneNumber: channel.displayPhoneNumber,
    wabaId: channel.wabaId,
    templates: [
      templateRecord(OFFERS, 'pt_BR', 'MARKETING', 'APPROVED', offers.languages.pt_BR!),
      templateRecord(OFFERS, 'es', 'MARKETING', 'APPROVED', offers.languages.es!),
      templateRecord(OFFERS, 'en_US', 'MARKETING', 'PENDING', offers.languages.en_US!),
      templateRecord(orderConfirmation.name, 'pt_BR', 'UTILITY', 'APPROVED', orderConfirmation.languages.pt_BR!),
    ],
    refreshedAt: STAMP,
  },
];
/** The numbers the message step offers, as the page makes them of the lists (the model's: A with the offers). */
const worldNumbers = campaignNumbersOf([channel], templateAccounts);
const worldInventories: LoadedCampaign['inventories'] = [{ id: INVENTORY_ID, name: 'Loja Demo' }];
const audienceA = sampleAudience(AUDIENCE_A, 'Bought in 60 days');
/** The inventories list (an inventory the real server made, under the model's id): set before the walks. */
let inventoriesBody: { inventories: Inventory[] };

// ---- The transitions a snapshot takes (the harness's labels). ----

const labels = labelsOf(machine);
const transitionsOf = (snapshot: WizardSnapshot, event: EventObject) =>
  machine.getTransitionData(snapshot, event as never).map((transition) => labels.get(transition) ?? '?');

/** The machine on events: the snapshot after them and the transitions taken. */
function follow(snapshot: WizardSnapshot, events: EventObject[]) {
  const taken: string[] = [];
  for (const event of events) {
    taken.push(...transitionsOf(snapshot, event));
    snapshot = getNextSnapshot(machine, snapshot, event as never);
  }
  return { after: snapshot, taken };
}

/** Whether it is the model step: its transitions (a gesture of several events repeats them) and its state. */
const takesStep = (step: ModelStep, taken: string[], after: WizardSnapshot) =>
  step.transitions.every((label) => taken.includes(label)) &&
  taken.every((label) => step.transitions.includes(label)) &&
  JSON.stringify(after.value) === JSON.stringify(step.state.value);

// ---- What the world answers. ----

/** The wizard's calls (its actors), each the request(s) the API client makes for it. */
type Call = 'load' | 'count' | 'saveAudience' | 'saveDraft' | 'review' | 'plan' | 'progress' | 'change';
const callOfActor: Record<string, Call> = {
  loadCampaign: 'load',
  countAudience: 'count',
  saveAudience: 'saveAudience',
  saveDraft: 'saveDraft',
  reviewCampaign: 'review',
  planCampaign: 'plan',
  loadProgress: 'progress',
  changeCampaign: 'change',
};
const actorOf = (event: EventObject) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] ?? null;

/** How a held call is answered: a body (200, or 201 for a new audience), a refusal as the API makes it, or the connection dropped. */
type Answer =
  | { kind: 'ok'; status: number; body: unknown; results?: unknown }
  | { kind: 'refused'; status: number; code: string; fields?: Record<string, string> }
  | { kind: 'dropped' };

/** Where a call is in flight (the machine's state invoking it). */
const inFlightIn: Record<Call, (snapshot: WizardSnapshot) => boolean> = {
  load: (s) => s.matches('loading'),
  count: (s) => s.matches({ audience: { editor: 'counting' } }),
  saveAudience: (s) => s.matches({ audience: 'savingAudience' }),
  saveDraft: (s) => s.matches({ audience: 'saving' }) || s.matches({ template: 'saving' }) || s.matches({ schedule: 'saving' }),
  review: (s) => s.matches({ review: 'loading' }),
  plan: (s) => s.matches({ review: 'planning' }),
  progress: (s) => s.matches({ planned: 'loading' }),
  change: (s) => s.matches({ planned: 'changing' }),
};

const stepOf = (snapshot: WizardSnapshot): CampaignStep | undefined => campaignSteps.find((step) => snapshot.matches(step));

/** A save refused at a field of the step saved (the model's refusal names the name whatever the step). */
const ownFieldRefusals: Record<CampaignStep, Record<string, string>> = {
  audience: { name: v.nameTooLong.id },
  template: { 'variables.offer': v.unstorable.id },
  schedule: { schedule: v.timeInvalid.id },
  review: {},
};

const changeConflicts: Record<CampaignChange, string> = {
  pause: 'campaign_not_active',
  resume: 'campaign_not_paused',
  cancel: 'campaign_ended',
};

/** What the server holds of a planned campaign's progress, on the model's status. */
function progressCampaign(context: WizardContext, status: CampaignStatus, pauseReason: CampaignPauseReason | null): Campaign {
  const known = context.campaign!;
  return campaignSchema.parse({
    ...known,
    status,
    pauseReason,
    startsAt: known.startsAt ?? sampleReview.startsAt,
    plannedAt: known.plannedAt ?? STAMP,
    planned: sampleResults.figures.planned,
    ref: known.ref ?? 'cp0123456789abcdefghij',
    updatedAt: LATER,
  });
}

/** What the machine follows: its snapshot, and the audiences the world keeps (an audience saved is listed on the next load). */
type Followed = { snapshot: WizardSnapshot; audiences: Audience[] };

/** The answer the world makes for the model's answer event here, and the event the machine hears of it (null: none). */
function answerFor(at: Followed, event: ModelEvent): { call: Call; answer: Answer; heard: EventObject; audiences: Audience[] } | null {
  const actor = actorOf(event);
  const call = actor && callOfActor[actor];
  if (!actor || !call) return null;
  const { context } = at.snapshot;
  const done = (answer: Answer & { kind: 'ok' }, output: unknown, audiences = at.audiences) => ({
    call,
    answer,
    heard: { type: `xstate.done.actor.${actor}`, output } as EventObject,
    audiences,
  });
  if (event.type.startsWith('xstate.done.')) {
    const output = event.output as Record<string, unknown>;
    switch (call) {
      case 'load': {
        const campaign = campaignSchema.parse((output as LoadedCampaign).campaign);
        const loaded: LoadedCampaign = {
          campaign,
          audiences: at.audiences,
          numbers: worldNumbers,
          inventories: worldInventories,
          timeZone: ZONE,
        };
        return done({ kind: 'ok', status: 200, body: campaign }, loaded);
      }
      case 'count':
        return done({ kind: 'ok', status: 200, body: sampleCount }, sampleCount);
      case 'saveAudience': {
        const editor = context.editor!;
        const saved: Audience = {
          id: editor.audienceId ?? newAudienceId(at.audiences),
          name: editor.name.trim(),
          rules: editor.rules,
          createdAt: STAMP,
          updatedAt: LATER,
        };
        const audiences = [saved, ...at.audiences.filter((audience) => audience.id !== saved.id)];
        return done({ kind: 'ok', status: editor.audienceId ? 200 : 201, body: saved }, saved, audiences);
      }
      case 'saveDraft': {
        const saved = campaignSchema.parse({ ...context.campaign!, ...campaignDraftSchema.parse(context.draft), updatedAt: LATER });
        return done({ kind: 'ok', status: 200, body: saved }, saved);
      }
      case 'review': {
        const review = campaignReviewSchema.parse({ ...sampleReview, quietHours: context.draft.quietHours });
        return done({ kind: 'ok', status: 200, body: review }, review);
      }
      case 'plan': {
        const planned = campaignSchema.parse({
          ...context.campaign!,
          status: context.draft.schedule.kind === 'at' ? 'scheduled' : 'sending',
          startsAt: sampleReview.startsAt,
          plannedAt: LATER,
          planned: sampleResults.figures.planned,
          ref: 'cp0123456789abcdefghij',
          updatedAt: LATER,
        });
        return done({ kind: 'ok', status: 200, body: planned }, planned);
      }
      case 'progress': {
        const read = (output as { campaign: Campaign }).campaign;
        const campaign = progressCampaign(context, read.status, read.pauseReason);
        const results = campaignResultsSchema.parse(sampleResults);
        return done({ kind: 'ok', status: 200, body: campaign, results }, { campaign, results });
      }
      case 'change': {
        const change = context.change!;
        const status: CampaignStatus = change === 'pause' ? 'paused' : change === 'resume' ? 'sending' : 'cancelled';
        const changed = campaignSchema.parse({
          ...context.campaign!,
          status,
          pauseReason: change === 'pause' ? 'merchant' : null,
          updatedAt: LATER,
        });
        return done({ kind: 'ok', status: 200, body: changed }, changed);
      }
    }
  }
  const failure = event.error as CampaignWizardFailure;
  const failed = (answer: Answer, heard: CampaignWizardFailure) => ({
    call,
    answer,
    heard: { type: `xstate.error.actor.${actor}`, error: heard } as EventObject,
    audiences: at.audiences,
  });
  if (failure.kind === 'unknown') return failed({ kind: 'dropped' }, { kind: 'unknown' });
  switch (failure.kind) {
    case 'not_found':
      return failed({ kind: 'refused', status: 404, code: 'not_found' }, { kind: 'not_found' });
    case 'not_draft':
      return failed({ kind: 'refused', status: 409, code: 'campaign_not_draft' }, { kind: 'not_draft' });
    case 'too_many':
      return failed({ kind: 'refused', status: 409, code: 'too_many_audiences' }, { kind: 'too_many' });
    case 'conflict':
      return call === 'change'
        ? failed({ kind: 'refused', status: 409, code: changeConflicts[context.change!] }, { kind: 'conflict' })
        : null;
    case 'refused': {
      let fields = failure.fields ?? {};
      if (call === 'saveDraft') {
        const step = stepOf(at.snapshot)!;
        if (!Object.keys(fields).every((field) => stepOfField(field) === step)) fields = ownFieldRefusals[step];
      }
      // The review and the plan refuse a draft that does not hold (422); a body the schema refuses is a 400.
      const answer: Answer =
        call === 'review' || call === 'plan'
          ? { kind: 'refused', status: 422, code: 'campaign_refused', fields }
          : { kind: 'refused', status: 400, code: 'validation_failed', fields };
      return failed(answer, { kind: 'refused', fields });
    }
  }
}

/** The id the world gives an audience made here: the model's B first. */
const newAudienceId = (audiences: Audience[]) =>
  audiences.length <= 1 ? AUDIENCE_B : `00000000-0000-4000-8000-0000000001${String(audiences.length).padStart(2, '0')}`;

// ---- The merchant's gestures. ----

/** A control of the wizard's screens. */
type Control =
  | 'campaignName'
  | 'audience'
  | 'audienceName'
  | 'portuguese'
  | 'orderedWithin'
  | 'number'
  | 'template'
  | `source:${string}`
  | `text:${string}`
  | 'inventory'
  | 'now'
  | 'at'
  | 'time'
  | 'quietHours';
type ButtonName =
  | 'New audience'
  | 'Change this audience'
  | 'Save the audience'
  | 'Cancel'
  | 'Count again'
  | 'Save and advance'
  | 'Back'
  | 'Try again'
  | 'Send'
  | 'Pause'
  | 'Resume'
  | 'Cancel the campaign'
  | 'Yes, cancel it'
  | 'Keep the campaign';

type Act =
  | { kind: 'fill'; control: Control; text: string }
  | { kind: 'select'; control: Control; value: string }
  | { kind: 'tick'; control: Control; checked: boolean }
  | { kind: 'press'; button: ButtonName }
  /** The page's clock moved on by a delay of the machine's. */
  | { kind: 'wait'; ms: number }
  | { kind: 'answer'; call: Call; answer: Answer };

/** What the merchant (or the world) does, what the machine hears of it in order, and what the world keeps after. */
type Gesture = { acts: Act[]; sends: EventObject[]; audiences?: Audience[] };

const gesture = (acts: Act[], sends: EventObject[]): Gesture => ({ acts, sends });
const press = (button: ButtonName, event: EventObject): Gesture => gesture([{ kind: 'press', button }], [event]);

/** The rule edits the editor's fields make, each one event: the closest to the model's first. */
function ruleEdits(rules: AudienceRules, holds: boolean): Gesture[] {
  const days = (value: number): Gesture[] =>
    rules.orderedWithinDays === value
      ? []
      : [gesture([{ kind: 'fill', control: 'orderedWithin', text: String(value) }], [edit({ orderedWithinDays: value })])];
  const portuguese = (checked: boolean): Gesture[] =>
    rules.languages.includes('pt') === checked
      ? []
      : [
          gesture(
            [{ kind: 'tick', control: 'portuguese', checked }],
            [edit({ languages: checked ? [...rules.languages, 'pt'] : rules.languages.filter((language) => language !== 'pt') })],
          ),
        ];
  return holds
    ? [...portuguese(true), ...days(60), ...portuguese(false), ...days(30)]
    : [...days(0), ...days(400), ...portuguese(true), ...portuguese(false)];
}
const edit = (rules: Partial<AudienceRules>): EventObject => ({ type: 'EDIT_RULES', rules }) as EventObject;

/** The gestures that may make the model's event here, the closest first (none: the screen cannot make it here). */
function gesturesFor(at: Followed, event: ModelEvent): Gesture[] {
  const { snapshot } = at;
  const { context } = snapshot;
  const { draft } = context;
  const answered = answerFor(at, event);
  if (answered)
    return [
      { acts: [{ kind: 'answer', call: answered.call, answer: answered.answer }], sends: [answered.heard], audiences: answered.audiences },
    ];
  if (event.type.startsWith('xstate.after.countDelay')) return [gesture([{ kind: 'wait', ms: COUNT_DELAY_MS }], [event])];
  if (event.type.startsWith('xstate.after.refreshDelay')) return [gesture([{ kind: 'wait', ms: REFRESH_DELAY_MS }], [event])];
  if (event.type.startsWith('xstate.after.settledRefreshDelay'))
    return [gesture([{ kind: 'wait', ms: SETTLED_REFRESH_DELAY_MS }], [event])];
  const saving = snapshot.hasTag('saving') || snapshot.hasTag('planning');
  const number = chosenNumber(context);
  const template = chosenTemplate(context);
  const status = context.campaign?.status;
  switch (event.type) {
    case 'RENAME': {
      const name = event.name as string;
      return draft.name === name ? [] : [gesture([{ kind: 'fill', control: 'campaignName', text: name }], [event])];
    }
    case 'CHOOSE_AUDIENCE': {
      const id = event.audienceId as string | null;
      const offered = id === null || context.audiences.some((audience) => audience.id === id);
      return !offered || draft.audienceId === id ? [] : [gesture([{ kind: 'select', control: 'audience', value: id ?? '' }], [event])];
    }
    case 'NEW_AUDIENCE':
      return [press('New audience', event)];
    case 'EDIT_AUDIENCE':
      return context.audiences.some((audience) => audience.id === draft.audienceId) ? [press('Change this audience', event)] : [];
    case 'NAME_AUDIENCE': {
      const name = event.name as string;
      return context.editor?.name === name ? [] : [gesture([{ kind: 'fill', control: 'audienceName', text: name }], [event])];
    }
    case 'EDIT_RULES': {
      // Rules a count can take (the model's first candidate), or not: the editor's fields make either.
      const holds = transitionsOf(snapshot, event).some((label) => label.endsWith('| EDIT_RULES | 0'));
      return ruleEdits(context.editor!.rules, holds);
    }
    case 'SAVE_AUDIENCE':
      return [press('Save the audience', event)];
    case 'CANCEL_AUDIENCE':
      return [press('Cancel', event)];
    case 'RETRY_COUNT':
      return [press('Count again', event)];
    case 'CHOOSE_NUMBER': {
      const id = event.channelId as string | null;
      const offered = id === null || context.numbers.some((each) => each.channelId === id);
      return context.numbers.length === 0 || !offered || (number?.channelId ?? null) === id
        ? []
        : [gesture([{ kind: 'select', control: 'number', value: id ?? '' }], [event])];
    }
    case 'CHOOSE_TEMPLATE': {
      const name = event.templateName as string | null;
      if (!number || number.templates.length === 0) return [];
      const offered = name === null || number.templates.some((each) => each.name === name);
      return !offered || (template?.name ?? null) === name
        ? []
        : [gesture([{ kind: 'select', control: 'template', value: name ?? '' }], [event])];
    }
    case 'CHOOSE_SOURCE': {
      const variable = event.variable as string;
      const source = event.source as string;
      if (!template?.variables.includes(variable) || draft.variables[variable]?.source === source) return [];
      return [gesture([{ kind: 'select', control: `source:${variable}`, value: source }], [event])];
    }
    case 'SET_TEXT': {
      const variable = event.variable as string;
      const value = draft.variables[variable];
      if (!template?.variables.includes(variable) || value?.source !== 'text' || value.text === event.text) return [];
      return [gesture([{ kind: 'fill', control: `text:${variable}`, text: event.text as string }], [event])];
    }
    case 'CHOOSE_INVENTORY': {
      const id = event.inventoryId as string | null;
      const needsCatalog = !!template && template.variables.some((variable) => draft.variables[variable]?.source === 'catalog_link');
      const offered = id === null || context.inventories.some((inventory) => inventory.id === id);
      return !needsCatalog || !offered || draft.inventoryId === id
        ? []
        : [gesture([{ kind: 'select', control: 'inventory', value: id ?? '' }], [event])];
    }
    case 'SCHEDULE': {
      const wanted = event.schedule as Campaign['schedule'];
      const shown = draft.schedule;
      if (wanted.kind === 'now') return shown.kind === 'now' ? [] : [gesture([{ kind: 'tick', control: 'now', checked: true }], [event])];
      // A time that is none cannot be typed into the time field: the field emptied is none too.
      const time = instantOfLocalTime(wanted.localTime, context.timeZone) ? wanted.localTime : '';
      const acts: Act[] = [];
      const sends: EventObject[] = [];
      let typed = shown.kind === 'at' ? shown.localTime : null;
      if (typed === null) {
        acts.push({ kind: 'tick', control: 'at', checked: true });
        sends.push({ type: 'SCHEDULE', schedule: { kind: 'at', localTime: '' } } as EventObject);
        typed = '';
      }
      if (typed !== time) {
        acts.push({ kind: 'fill', control: 'time', text: time });
        sends.push({ type: 'SCHEDULE', schedule: { kind: 'at', localTime: time } } as EventObject);
      }
      return acts.length === 0 ? [] : [gesture(acts, sends)];
    }
    case 'SET_QUIET_HOURS': {
      // The box offers the campaigns' quiet hours, or none.
      const wanted = event.quietHours as { start: string; end: string } | null;
      if (wanted && (wanted.start !== CAMPAIGN_QUIET_HOURS.start || wanted.end !== CAMPAIGN_QUIET_HOURS.end)) return [];
      return (draft.quietHours !== null) === (wanted !== null)
        ? []
        : [
            gesture(
              [{ kind: 'tick', control: 'quietHours', checked: wanted !== null }],
              [{ type: 'SET_QUIET_HOURS', quietHours: wanted && { ...CAMPAIGN_QUIET_HOURS } } as EventObject],
            ),
          ];
    }
    case 'SAVE':
      return [press('Save and advance', event)];
    case 'BACK':
      // Disabled while the step saves or the campaign is being planned.
      return saving ? [] : [press('Back', event)];
    case 'RETRY':
      return [press('Try again', event)];
    case 'SEND':
      return [press('Send', event)];
    case 'PAUSE':
      return canPause(status) ? [press('Pause', event)] : [];
    case 'RESUME':
      return canResume(status) ? [press('Resume', event)] : [];
    case 'CANCEL':
      return canCancel(status) ? [press('Cancel the campaign', event)] : [];
    case 'CONFIRM_CANCEL':
      return [press('Yes, cancel it', event)];
    case 'KEEP':
      return [press('Keep the campaign', event)];
  }
  return [];
}

/** The first gesture that takes the model step from here, with where the machine and the world stand after it. */
function gestureFor(at: Followed, step: ModelStep): { gesture: Gesture; after: Followed } | null {
  for (const candidate of gesturesFor(at, step.event as ModelEvent)) {
    const { after, taken } = follow(at.snapshot, candidate.sends);
    if (takesStep(step, taken, after))
      return { gesture: candidate, after: { snapshot: after, audiences: candidate.audiences ?? at.audiences } };
  }
  return null;
}

const startOfWalk = (): Followed => ({ snapshot: initialTransition(machine, { campaignId: CAMPAIGN_ID })[0], audiences: [audienceA] });
const follower: Follower<Followed> = {
  start: startOfWalk,
  step: (at, step) => gestureFor(at, step)?.after ?? null,
};

// A few walks chained from the model's paths that the screen and the world can follow, reaching every state and taking every transition.
const walks = chainedWalks(machine, model, model.paths, follower);

// ---- The screen. ----

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const messageOf = (id: string) => (campaignValidationMessages.get(id) ?? audienceValidationMessages.get(id))?.message ?? id;

const main = (p: Page) => p.getByRole('main');
const heading = (p: Page) => main(p).getByRole('heading', { level: 1 });
const editorForm = (p: Page) => main(p).getByRole('form', { name: /^(New audience|Change the audience)$/ });
const dialog = (p: Page) => p.getByRole('dialog', { name: 'Cancel this campaign?' });
const stepTitles: Record<CampaignStep, string> = { audience: 'Audience', template: 'Message', schedule: 'When', review: 'Review' };
const statusNames: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  cancelled: 'Cancelled',
  finished: 'Finished',
};
const pauseReasons: Record<CampaignPauseReason, string> = {
  merchant: 'You paused this campaign. Its messages wait until you resume it.',
  template_unusable:
    'Meta paused or disabled this campaign’s template, so Catalyst paused the campaign. Its messages wait: resume it once the template is approved again.',
};
const changeFailures: Record<CampaignChange, string> = {
  pause: 'The campaign could not be paused. Check your connection and try again.',
  resume: 'The campaign could not be resumed. Check your connection and try again.',
  cancel: 'The campaign could not be cancelled. Check your connection and try again.',
};
const valueSourceNames = {
  first_name: 'The contact’s first name',
  catalog_link: 'Link to the catalog page',
  text: 'A text you write',
};

function control(p: Page, which: Control, context: WizardContext): Locator {
  const m = main(p);
  if (which.startsWith('source:')) return m.getByRole('combobox', { name: `What fills {{${which.slice(7)}}}`, exact: true });
  if (which.startsWith('text:')) return m.getByRole('textbox', { name: `Text for {{${which.slice(5)}}}`, exact: true });
  switch (which) {
    case 'campaignName':
      return m.getByRole('textbox', { name: 'Campaign name', exact: true });
    case 'audience':
      return m.getByRole('combobox', { name: 'Audience', exact: true });
    case 'audienceName':
      return editorForm(p).getByRole('textbox', { name: 'Audience name', exact: true });
    case 'portuguese':
      return editorForm(p).getByRole('checkbox', { name: 'Portuguese', exact: true });
    case 'orderedWithin':
      return editorForm(p).getByRole('spinbutton', { name: 'Ordered within the last … days', exact: true });
    case 'number':
      return m.getByRole('combobox', { name: 'WhatsApp number', exact: true });
    case 'template':
      return m.getByRole('combobox', { name: 'Template', exact: true });
    case 'inventory':
      return m.getByRole('combobox', { name: 'Inventory of the catalog link', exact: true });
    case 'now':
      return m.getByRole('radio', { name: 'Now', exact: true });
    case 'at':
      return m.getByRole('radio', { name: 'At a date and time', exact: true });
    case 'time':
      return m.getByLabel(`Date and time (${context.timeZone})`, { exact: true });
    case 'quietHours':
      return m.getByRole('checkbox', { name: `Wait out the quiet hours (${CAMPAIGN_QUIET_HOURS.start}–${CAMPAIGN_QUIET_HOURS.end})` });
  }
  throw new Error(`No control ${which}`);
}

function button(p: Page, name: ButtonName, context: WizardContext): Locator {
  switch (name) {
    case 'Cancel':
    case 'Save the audience':
    case 'Count again':
      return editorForm(p).getByRole('button', { name, exact: true });
    case 'Yes, cancel it':
    case 'Keep the campaign':
      return dialog(p).getByRole('button', { name, exact: true });
    case 'Send':
      return main(p).getByRole('button', {
        name: context.draft.schedule.kind === 'at' ? 'Schedule the campaign' : 'Send the campaign',
        exact: true,
      });
    default:
      return main(p).getByRole('button', { name, exact: true });
  }
}

/** The control a refused field is said at on the screen shown (null: a field of another step). */
function controlOfField(p: Page, field: string, snapshot: WizardSnapshot): Locator | null {
  const { context } = snapshot;
  if (context.editor) {
    if (field === 'name') return control(p, 'audienceName', context);
    if (field === 'orderedWithinDays') return control(p, 'orderedWithin', context);
    throw new Error(`No field on the editor for ${field}`);
  }
  if (stepOfField(field) !== stepOf(snapshot)) return null;
  if (field === 'name') return control(p, 'campaignName', context);
  if (field === 'audienceId') return control(p, 'audience', context);
  if (field === 'channelId') return control(p, 'number', context);
  if (field === 'templateName') return control(p, 'template', context);
  if (field === 'inventoryId') return control(p, 'inventory', context);
  if (field === 'quietHours') return control(p, 'quietHours', context);
  if (field === 'schedule')
    return context.draft.schedule.kind === 'at' ? control(p, 'time', context) : main(p).getByRole('radiogroup', { name: 'Send' });
  const variable = /^variables\.(.+)$/.exec(field)?.[1];
  if (variable)
    return control(p, context.draft.variables[variable]?.source === 'text' ? `text:${variable}` : `source:${variable}`, context);
  throw new Error(`No field on the screen for ${field}`);
}

type Held = {
  campaignGets: HeldRoutes;
  campaignPuts: HeldRoutes;
  reviews: HeldRoutes;
  plans: HeldRoutes;
  results: HeldRoutes;
  changes: HeldRoutes;
  counts: HeldRoutes;
  newAudiences: HeldRoutes;
  audiencePuts: HeldRoutes;
};

type World = {
  page: Page;
  /** The production machine on what the view sent and the world answered (what the screen must show), and the world's audiences. */
  followed: Followed;
  held: Held;
  /** The requests of each call in flight, once the screen showed them. */
  inFlight: Partial<Record<Call, Route[]>>;
  /** Saves sent (the draft's, an audience's) before the last Save pressed. */
  sentBefore: { drafts: number; audiences: number } | null;
};

const pathOf = (route: Route) => new URL(route.request().url()).pathname;
const campaignPath = `/api/v1/campaigns/${CAMPAIGN_ID}`;

/** The request(s) of a call in flight, held until answered. */
async function inFlight(world: World, call: Call): Promise<Route[]> {
  const { held } = world;
  const queues: Record<Call, HeldRoutes[]> = {
    load: [held.campaignGets],
    count: [held.counts],
    saveAudience: [world.followed.snapshot.context.editor?.audienceId ? held.audiencePuts : held.newAudiences],
    saveDraft: [held.campaignPuts],
    review: [held.reviews],
    plan: [held.plans],
    progress: [held.campaignGets, held.results],
    change: [held.changes],
  };
  world.inFlight[call] ??= await Promise.all(queues[call].map((queue) => queue.next()));
  return world.inFlight[call];
}

/** What the screen shows of the state, with the draft the merchant sees, and what is in flight. */
async function expectScreen(world: World) {
  const { page: p } = world;
  const { snapshot } = world.followed;
  // Every failure here is one the wizard explains: never the generic toast beside it.
  await expect(p.getByText('An unknown error occurred.')).toHaveCount(0);
  if (snapshot.matches('loading')) {
    await expect(main(p).getByRole('status').filter({ hasText: 'Loading the campaign' })).toBeAttached();
    await expect(heading(p)).toHaveText('New campaign');
    const [load] = await inFlight(world, 'load');
    expect(pathOf(load!)).toBe(campaignPath);
    return;
  }
  if (snapshot.matches('loadFailed')) {
    await expect(main(p).getByRole('alert').filter({ hasText: 'The campaign could not be loaded.' })).toBeVisible();
    await expect(main(p).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(main(p).getByRole('list', { name: 'Campaign steps' })).toHaveCount(0);
    return;
  }
  if (snapshot.matches('notFound')) {
    await expect(main(p).getByText('This campaign does not exist (or no longer does).')).toBeVisible();
    await expect(main(p).getByRole('link', { name: 'Back to campaigns' })).toHaveAttribute('href', '/en/campaigns');
    return;
  }
  if (snapshot.matches('planned')) return expectCampaignPage(world);
  return expectWizard(world);
}

async function expectWizard(world: World) {
  const { page: p } = world;
  const { snapshot } = world.followed;
  const { context } = snapshot;
  const { draft } = context;
  const step = stepOf(snapshot)!;
  const saving = snapshot.hasTag('saving');
  const inEditor = context.editor !== null;
  await expect(heading(p)).toHaveText(context.campaign?.name || draft.name || 'New campaign');
  await expect(main(p).getByRole('list', { name: 'Campaign steps' }).locator('[aria-current=step]')).toHaveText(
    // After the step's number (decorative).
    new RegExp(`${stepTitles[step]}$`),
  );
  await expect(main(p).getByRole('heading', { level: 2, name: stepTitles[step], exact: true })).toBeVisible();

  if (step === 'audience') await (inEditor ? expectEditor(world) : expectAudienceStep(world));
  if (step === 'template') await expectTemplateStep(world);
  if (step === 'schedule') await expectScheduleStep(world);
  if (step === 'review') await expectReviewStep(world);

  // Each refusal at its field, in English; no field marked otherwise.
  const shown = Object.entries(context.fieldErrors).flatMap(([field, id]) => {
    const at = controlOfField(p, field, snapshot);
    return at ? [{ at, id }] : [];
  });
  for (const { at, id } of shown) {
    await expect(at).toHaveAttribute('aria-invalid', 'true');
    await expect(at).toHaveAccessibleDescription(new RegExp(escaped(messageOf(id))));
  }
  await expect(main(p).locator('[aria-invalid=true]')).toHaveCount(shown.length);
  const refusedHere = snapshot.hasTag('editing') && context.failure === 'refused' && Object.keys(context.fieldErrors).length > 0;
  await expect(main(p).getByText('This campaign cannot be sent as it is: see the messages below.')).toHaveCount(refusedHere ? 1 : 0);

  // A save that got no answer: said above the step, with a retry.
  const failedSave = snapshot.hasTag('failed') && !snapshot.matches('review') && !inEditor;
  await expect(main(p).getByRole('alert').filter({ hasText: 'Your changes could not be saved.' })).toHaveCount(failedSave ? 1 : 0);
  await expect(main(p).getByRole('button', { name: 'Try again' })).toHaveCount(
    failedSave || snapshot.matches({ review: 'failed' }) || snapshot.matches({ review: 'planFailed' }) ? 1 : 0,
  );

  // The step's buttons: none while an audience is edited; Back from the second step on; Save and advance, or Send.
  const back = main(p).getByRole('button', { name: 'Back', exact: true });
  const saveAndAdvance = main(p).getByRole('button', { name: 'Save and advance', exact: true });
  await expect(back).toHaveCount(!inEditor && step !== 'audience' ? 1 : 0);
  if (!inEditor && step !== 'audience') await expect(back).toBeEnabled({ enabled: !saving && !snapshot.hasTag('planning') });
  await expect(saveAndAdvance).toHaveCount(!inEditor && step !== 'review' ? 1 : 0);
  if (!inEditor && step !== 'review') {
    if (saving) {
      await expect(saveAndAdvance).toHaveAttribute('aria-busy', 'true');
      await expect(saveAndAdvance).toBeDisabled();
    } else {
      await expect(saveAndAdvance).not.toHaveAttribute('aria-busy');
      await expect(saveAndAdvance).toBeEnabled();
    }
  }

  // What is sent: the draft as it stands, with the next step's number (a reload resumes there).
  if (inFlightIn.saveDraft(snapshot)) {
    const [save] = await inFlight(world, 'saveDraft');
    expect(pathOf(save!)).toBe(campaignPath);
    expect(save!.request().postDataJSON()).toEqual(JSON.parse(JSON.stringify(draft)));
    expect(draft.step).toBe(campaignSteps.indexOf(step) + 1);
  }
  // Refused here: nothing was sent.
  if (world.sentBefore && snapshot.hasTag('editing')) expect(sent.drafts).toBe(world.sentBefore.drafts);
  if (world.sentBefore && snapshot.matches({ audience: 'editor' })) expect(sent.audiences).toBe(world.sentBefore.audiences);
}

async function expectAudienceStep({ page: p, followed: { snapshot } }: World) {
  const { context } = snapshot;
  const { draft, audiences } = context;
  const saving = snapshot.hasTag('saving');
  const name = control(p, 'campaignName', context);
  await expect(name).toHaveValue(draft.name);
  await expect(name).toBeEnabled({ enabled: !saving });
  // The saved audiences, and only they.
  const audience = control(p, 'audience', context);
  await expect(audience).toHaveValue(draft.audienceId ?? '');
  await expect(audience.locator('option')).toHaveText([
    audiences.length === 0 ? 'No saved audience yet' : 'Choose an audience',
    ...audiences.map((each) => each.name),
  ]);
  expect(await optionValues(audience)).toEqual(['', ...audiences.map((each) => each.id)]);
  await expect(main(p).getByRole('button', { name: 'New audience', exact: true })).toBeEnabled({ enabled: !saving });
  const chosen = audiences.some((each) => each.id === draft.audienceId);
  await expect(main(p).getByRole('button', { name: 'Change this audience', exact: true })).toHaveCount(chosen ? 1 : 0);
  await expect(editorForm(p)).toHaveCount(0);
}

async function expectEditor(world: World) {
  const { page: p } = world;
  const { snapshot } = world.followed;
  const { context } = snapshot;
  const editor = context.editor!;
  const saving = snapshot.matches({ audience: 'savingAudience' });
  const counting = snapshot.matches({ audience: { editor: 'counting' } }) || snapshot.matches({ audience: { editor: 'debouncing' } });
  await expect(editorForm(p)).toHaveAccessibleName(editor.audienceId ? 'Change the audience' : 'New audience');
  await expect(control(p, 'campaignName', context)).toHaveCount(0);
  await expect(control(p, 'audienceName', context)).toHaveValue(editor.name);
  await expect(control(p, 'audienceName', context)).toBeEnabled({ enabled: !saving });
  await expect(control(p, 'portuguese', context)).toBeChecked({ checked: editor.rules.languages.includes('pt') });
  await expect(control(p, 'orderedWithin', context)).toHaveValue(String(editor.rules.orderedWithinDays ?? ''));
  // The count of the rules: the last answered (busy while counted again), else a placeholder while counted.
  const count = main(p).getByRole('status', { name: 'Audience count' });
  await expect(count).toHaveCount(context.count ? 1 : 0);
  if (context.count) {
    await expect(count.getByText(`Reaches ${context.count.reachable} contacts`, { exact: true })).toBeVisible();
    await expect(count.getByText(`The rules match ${context.count.matched} contacts.`, { exact: true })).toBeVisible();
    await expect(count.getByRole('list', { name: 'Left out' }).getByRole('listitem')).toHaveText([
      '2 — never agreed to receive promotions',
      '1 — unsubscribed from promotions',
    ]);
    await expect(count.getByRole('list', { name: 'Reachable by country' }).getByRole('listitem')).toHaveText(['Brazil: 8', 'Portugal: 1']);
    await expect(count).toHaveAttribute('aria-busy', counting ? 'true' : 'false');
  }
  await expect(main(p).getByRole('status').filter({ hasText: 'Counting the contacts' })).toHaveCount(counting && !context.count ? 1 : 0);
  const countFailed = snapshot.matches({ audience: { editor: 'countFailed' } });
  await expect(main(p).getByRole('alert').filter({ hasText: 'The contacts could not be counted.' })).toHaveCount(countFailed ? 1 : 0);
  await expect(editorForm(p).getByRole('button', { name: 'Count again' })).toHaveCount(countFailed ? 1 : 0);
  await expect(main(p).getByText('You have reached the most audiences an account keeps: delete one first.')).toHaveCount(
    context.failure === 'too_many' ? 1 : 0,
  );
  await expect(main(p).getByText('The audience could not be saved. Check your connection and try again.')).toHaveCount(
    context.failure === 'unknown' ? 1 : 0,
  );
  const save = editorForm(p).getByRole('button', { name: 'Save the audience', exact: true });
  if (saving) {
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(editorForm(p).getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
  } else await expect(save).toBeEnabled();
  // What is counted: the rules as they stand; what is saved: the name and the rules, as a new audience or the one chosen.
  if (inFlightIn.count(snapshot)) {
    const [asked] = await inFlight(world, 'count');
    expect(pathOf(asked!)).toBe('/api/v1/audiences/count');
    expect(asked!.request().postDataJSON()).toEqual({ rules: editor.rules });
  }
  if (saving) {
    const [asked] = await inFlight(world, 'saveAudience');
    expect(asked!.request().method()).toBe(editor.audienceId ? 'PUT' : 'POST');
    expect(pathOf(asked!)).toBe(editor.audienceId ? `/api/v1/audiences/${editor.audienceId}` : '/api/v1/audiences');
    expect(asked!.request().postDataJSON()).toEqual({ name: editor.name, rules: editor.rules });
  }
}

async function expectTemplateStep({ page: p, followed: { snapshot } }: World) {
  const { context } = snapshot;
  const { draft, numbers, inventories } = context;
  const saving = snapshot.hasTag('saving');
  const number = chosenNumber(context);
  const template = chosenTemplate(context);
  // The connected numbers; the chosen one's approved marketing templates, and only they.
  const numberSelect = control(p, 'number', context);
  await expect(numberSelect).toHaveValue(draft.channelId ?? '');
  await expect(numberSelect).toBeEnabled({ enabled: !saving });
  await expect(numberSelect.locator('option')).toHaveText([
    'Choose a number',
    ...numbers.map((each) => `${each.displayPhoneNumber} (${each.verifiedName})`),
  ]);
  const templateSelect = control(p, 'template', context);
  await expect(templateSelect).toHaveCount(number && number.templates.length > 0 ? 1 : 0);
  if (number && number.templates.length > 0) {
    await expect(templateSelect).toHaveValue(template?.name ?? '');
    expect(await optionValues(templateSelect)).toEqual(['', OFFERS]);
  }
  // What fills each variable of the template, for each contact.
  const variables = template?.variables ?? [];
  await expect(main(p).getByRole('combobox', { name: /^What fills / })).toHaveCount(variables.length);
  for (const variable of variables) {
    const value = draft.variables[variable];
    const source = control(p, `source:${variable}`, context);
    await expect(source).toHaveValue(value?.source ?? '');
    await expect(source.locator('option')).toHaveText(['Choose what fills it', ...Object.values(valueSourceNames)]);
    const text = control(p, `text:${variable}`, context);
    await expect(text).toHaveCount(value?.source === 'text' ? 1 : 0);
    if (value?.source === 'text') await expect(text).toHaveValue(value.text);
  }
  const needsCatalog = variables.some((variable) => draft.variables[variable]?.source === 'catalog_link');
  const inventory = control(p, 'inventory', context);
  await expect(inventory).toHaveCount(needsCatalog ? 1 : 0);
  if (needsCatalog) {
    await expect(inventory).toHaveValue(draft.inventoryId ?? '');
    await expect(inventory.locator('option')).toHaveText(['Choose an inventory', ...inventories.map((each) => each.name)]);
  }
}

async function expectScheduleStep({ page: p, followed: { snapshot } }: World) {
  const { context } = snapshot;
  const { schedule, quietHours } = context.draft;
  const saving = snapshot.hasTag('saving');
  await expect(control(p, 'now', context)).toBeChecked({ checked: schedule.kind === 'now' });
  await expect(control(p, 'at', context)).toBeChecked({ checked: schedule.kind === 'at' });
  await expect(control(p, 'now', context)).toBeEnabled({ enabled: !saving });
  const time = control(p, 'time', context);
  await expect(time).toHaveCount(schedule.kind === 'at' ? 1 : 0);
  if (schedule.kind === 'at') await expect(time).toHaveValue(schedule.localTime);
  await expect(control(p, 'quietHours', context)).toBeChecked({ checked: quietHours !== null });
}

async function expectReviewStep(world: World) {
  const { page: p } = world;
  const { snapshot } = world.followed;
  const { context } = snapshot;
  const { review } = context;
  const send = button(p, 'Send', context);
  await expect(main(p).getByRole('status').filter({ hasText: 'Reviewing the campaign' })).toHaveCount(review ? 0 : 1);
  // What sending it now would do, as the server reviewed it.
  const fact = (term: string) => main(p).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  if (review) {
    await expect(fact('Contacts it goes to')).toHaveText(String(review.reachable));
    await expect(fact('Estimated cost')).toHaveText('$0.5625');
    await expect(fact('Messaging limit')).toHaveText(`tier 2,000: ${review.reachable} contacts in one day`);
    await expect(fact('Quiet hours')).toHaveText(
      review.quietHours ? `${review.quietHours.start}–${review.quietHours.end} on each shopper’s clock` : 'None: messages go at any hour',
    );
  } else await expect(main(p).locator('dt')).toHaveCount(0);
  const failed = snapshot.matches({ review: 'failed' });
  const planFailed = snapshot.matches({ review: 'planFailed' });
  await expect(main(p).getByRole('alert').filter({ hasText: 'The review could not be loaded.' })).toHaveCount(failed ? 1 : 0);
  await expect(main(p).getByRole('alert').filter({ hasText: 'The campaign could not be sent.' })).toHaveCount(planFailed ? 1 : 0);
  const planning = snapshot.hasTag('planning');
  if (planning) {
    await expect(send).toHaveAttribute('aria-busy', 'true');
    await expect(send).toBeDisabled();
  } else {
    await expect(send).not.toHaveAttribute('aria-busy');
    await expect(send).toBeEnabled({ enabled: snapshot.matches({ review: 'ready' }) });
  }
  // What is asked: this campaign's review, then its plan.
  if (inFlightIn.review(snapshot)) expect(pathOf((await inFlight(world, 'review'))[0]!)).toBe(`${campaignPath}/review`);
  if (planning) expect(pathOf((await inFlight(world, 'plan'))[0]!)).toBe(`${campaignPath}/plan`);
}

async function expectCampaignPage(world: World) {
  const { page: p } = world;
  const { snapshot } = world.followed;
  const { context } = snapshot;
  const campaign = context.campaign!;
  const changing = snapshot.matches({ planned: 'changing' });
  const confirming = snapshot.matches({ planned: 'confirmingCancel' });
  const loading = snapshot.matches({ planned: 'loading' });
  await expect(heading(p)).toHaveText(campaign.name || context.draft.name || 'Campaign');
  await expect(main(p).getByRole('list', { name: 'Campaign steps' })).toHaveCount(0);
  await expect(
    main(p)
      .locator('span')
      .filter({ hasText: /^Status:/ }),
  ).toHaveText(`Status: ${statusNames[campaign.status]}`);
  await expect(main(p).getByText(pauseReasons.merchant)).toHaveCount(
    campaign.status === 'paused' && campaign.pauseReason === 'merchant' ? 1 : 0,
  );
  await expect(main(p).getByText(pauseReasons.template_unusable)).toHaveCount(
    campaign.status === 'paused' && campaign.pauseReason === 'template_unusable' ? 1 : 0,
  );
  await expect(main(p).getByText('This campaign changed meanwhile: here it is as it is now.')).toHaveCount(
    context.failure === 'conflict' ? 1 : 0,
  );
  for (const change of ['pause', 'resume', 'cancel'] as const)
    await expect(main(p).getByText(changeFailures[change])).toHaveCount(context.failure === 'unknown' && context.change === change ? 1 : 0);
  // Cancel asks first: 'Cancel this campaign?' stays open while it is cancelled.
  const dialogOpen = confirming || (changing && context.change === 'cancel');
  await expect(dialog(p)).toBeVisible({ visible: dialogOpen });
  if (dialogOpen) {
    await expect(dialog(p).getByRole('button', { name: 'Keep the campaign' })).toBeEnabled({ enabled: !changing });
    const confirm = dialog(p).getByRole('button', { name: 'Yes, cancel it' });
    if (changing) await expect(confirm).toHaveAttribute('aria-busy', 'true');
    else await expect(confirm).not.toHaveAttribute('aria-busy');
  } else {
    // What its status allows, and nothing while a change is asked.
    const offered = [
      { name: 'Pause', shown: canPause(campaign.status) },
      { name: 'Resume', shown: canResume(campaign.status) },
      { name: 'Cancel the campaign', shown: canCancel(campaign.status) },
    ];
    for (const { name, shown } of offered) {
      const each = main(p).getByRole('button', { name, exact: true });
      await expect(each).toHaveCount(shown ? 1 : 0);
      if (shown) await expect(each).toBeEnabled({ enabled: !changing });
    }
    if (changing)
      await expect(main(p).getByRole('button', { name: context.change === 'pause' ? 'Pause' : 'Resume' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    const loadFailed = snapshot.matches({ planned: 'loadFailed' });
    await expect(main(p).getByRole('alert').filter({ hasText: 'The results could not be loaded.' })).toHaveCount(loadFailed ? 1 : 0);
    await expect(main(p).getByRole('button', { name: 'Try again' })).toHaveCount(loadFailed ? 1 : 0);
    // The results once read (kept while read again), else a placeholder while they are.
    const results = main(p).getByRole('table', { name: 'Results' });
    await expect(results).toHaveCount(context.results ? 1 : 0);
    if (context.results)
      await expect(results.getByRole('row', { name: /^Messages planned/ })).toHaveText(
        new RegExp(`^Messages planned${context.results.figures.planned}`),
      );
    await expect(main(p).getByRole('status').filter({ hasText: 'Loading the results' })).toHaveCount(!context.results && loading ? 1 : 0);
  }
  // What is asked: the campaign and its results; a change to this campaign.
  if (loading) {
    const [read, results] = await inFlight(world, 'progress');
    expect(pathOf(read!)).toBe(campaignPath);
    expect(pathOf(results!)).toBe(`${campaignPath}/results`);
  }
  if (changing) {
    const [asked] = await inFlight(world, 'change');
    expect(asked!.request().method()).toBe('POST');
    expect(pathOf(asked!)).toBe(`${campaignPath}/${context.change}`);
  }
}

const optionValues = (select: Locator) =>
  select.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

// ---- Following a walk. ----

const errorBody = (code: string, fields?: Record<string, string>) =>
  JSON.stringify({ error: { code, message: `Refused: ${code}.`, ...(fields ? { fields } : {}) } });
/** Statuses the API client asks a GET again for, once, 300 ms later (src/api/retry-policy.ts). */
const ASKED_AGAIN = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Answers the call held in flight as the world does. */
async function answer(world: World, call: Call, how: Answer) {
  const routes = await inFlight(world, call);
  delete world.inFlight[call];
  if (how.kind === 'dropped') {
    for (const route of routes) await route.abort('internetdisconnected');
    return;
  }
  if (how.kind === 'ok') {
    const [first, second] = routes;
    await first!.fulfill({ status: how.status, contentType: 'application/json', body: JSON.stringify(how.body) });
    if (second) await second.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(how.results) });
    return;
  }
  const [route, ...others] = routes;
  const refuse = (each: Route) =>
    each.fulfill({ status: how.status, contentType: 'application/json', body: errorBody(how.code, how.fields) });
  await refuse(route!);
  for (const other of others) await other.abort('aborted').catch(() => undefined);
  if (route!.request().method() === 'GET' && ASKED_AGAIN.has(how.status)) {
    // Asked again once the client's wait is over (the page's clock moved on): answered as before.
    const queue = call === 'review' ? world.held.reviews : world.held.campaignGets;
    await expect
      .poll(
        async () => {
          await world.page.clock.fastForward(300);
          return queue.heldCount;
        },
        { message: `${call}: asked again` },
      )
      .toBe(1);
    await refuse(await queue.next());
  }
}

async function act(world: World, what: Act) {
  const { page: p } = world;
  const { context } = world.followed.snapshot;
  switch (what.kind) {
    case 'fill':
      return control(p, what.control, context).fill(what.text);
    case 'select':
      await control(p, what.control, context).selectOption(what.value);
      return;
    case 'tick':
      return control(p, what.control, context).setChecked(what.checked);
    case 'press':
      if (what.button === 'Save and advance' || what.button === 'Save the audience') world.sentBefore = { ...sent };
      return button(p, what.button, context).click();
    case 'wait':
      return p.clock.fastForward(what.ms);
    case 'answer':
      return answer(world, what.call, what.answer);
  }
}

/** Performs the model step through the screen, the clock or the world; the machine must take its transition. */
async function perform(world: World, step: ModelStep) {
  const found = gestureFor(world.followed, step);
  expect(found, `${step.event.type}: a gesture here takes the model's transition`).not.toBeNull();
  world.sentBefore = null;
  for (const each of found!.gesture.acts) await act(world, each);
  const { after, taken } = follow(world.followed.snapshot, found!.gesture.sends);
  expect(takesStep(step, taken, after), `${step.event.type}: ${taken.join(', ')} is the model's ${step.transitions.join(', ')}`).toBe(true);
  world.followed = found!.after;
  // A call whose state was left unanswered was given up by the page (its signal aborted): forgotten.
  for (const call of Object.keys(world.inFlight) as Call[])
    if (!inFlightIn[call](after)) {
      for (const route of world.inFlight[call]!) await route.abort('aborted').catch(() => undefined);
      delete world.inFlight[call];
    }
}

// ---- The spec's world. ----

let page: Page;
let merchant: Merchant;
/** Saves the page sent (the draft's PUTs, an audience's POST or PUT). */
const sent = { drafts: 0, audiences: 0 };
/** The world's audiences for the walk under way (the list the page reads). */
let current: World | null = null;

const API = '**/api/v1/**';
const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

/** The campaigns list the page reads: the model's campaign (its link opens the walk's page). */
const listed = campaignSchema.parse({ ...sampleCampaign(), name: 'Weekly offers' });

/**
 * Opens the campaign's page from the campaigns list (entered from the side menu: no page load after the
 * first), with the wizard's calls held and its lists served, then stops the page's clock.
 */
async function open(): Promise<World> {
  // What the steps choose from: served at once, as the world holds it now.
  await page.route(API, async (route) => {
    const request = route.request();
    const at = new URL(request.url()).pathname;
    if (request.method() !== 'GET') return route.fallback();
    if (at === '/api/v1/campaigns') return route.fulfill(json({ campaigns: [listed] }));
    if (at === '/api/v1/audiences') return route.fulfill(json({ audiences: current?.followed.audiences ?? [audienceA] }));
    if (at === '/api/v1/channels') return route.fulfill(json({ channels: [channel] }));
    if (at === '/api/v1/templates') return route.fulfill(json({ accounts: templateAccounts }));
    if (at === '/api/v1/inventories') return route.fulfill(json(inventoriesBody));
    return route.fallback();
  });
  const on = (method: string, at: RegExp) => HeldRoutes.on(page, method, at, API);
  const campaign = escaped(campaignPath);
  const held: Held = {
    campaignGets: await on('GET', new RegExp(`^${campaign}$`)),
    campaignPuts: await on('PUT', new RegExp(`^${campaign}$`)),
    reviews: await on('GET', new RegExp(`^${campaign}/review$`)),
    plans: await on('POST', new RegExp(`^${campaign}/plan$`)),
    results: await on('GET', new RegExp(`^${campaign}/results$`)),
    changes: await on('POST', new RegExp(`^${campaign}/(pause|resume|cancel)$`)),
    counts: await on('POST', /^\/api\/v1\/audiences\/count$/),
    newAudiences: await on('POST', /^\/api\/v1\/audiences$/),
    audiencePuts: await on('PUT', /^\/api\/v1\/audiences\/[^/]+$/),
  };
  const world: World = { page, followed: startOfWalk(), held, inFlight: {}, sentBefore: null };
  current = world;
  // Away and back through the app: the wizard starts anew (a walk left on 'Cancel this campaign?' leaves the menu out of reach).
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  if ((await menu.count()) === 0 || (await dialog(page).isVisible())) await page.goto('/en/campaigns');
  else await menu.getByRole('link', { name: 'Campaigns', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/campaigns$/);
  await main(page).getByRole('link', { name: listed.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/en/campaigns/${CAMPAIGN_ID}$`));
  await expect(main(page).getByRole('status').filter({ hasText: 'Loading the campaign' })).toBeAttached();
  // Time stands still from here: the count's pause and the page's refresh run when the test moves the clock.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  return world;
}

/**
 * Where each walk's last pass is noted (a file by its index, removed when it starts again), for the last
 * test: Playwright replaces the worker of a failed walk, and the module's memory with it.
 */
const passedDir = () => path.join(test.info().project.outputDir, 'campaign-wizard-model-passed');

test.describe('campaign-wizard machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
    page = await context.newPage();
    await page.clock.install();
    page.on('request', (request) => {
      const at = new URL(request.url()).pathname;
      if (request.method() === 'PUT' && at === campaignPath) sent.drafts += 1;
      if (
        (request.method() === 'POST' && at === '/api/v1/audiences') ||
        (request.method() === 'PUT' && /^\/api\/v1\/audiences\/[^/]+$/.test(at))
      )
        sent.audiences += 1;
    });
    merchant = await newMerchant(context.request, 'campaign-model');
    const headers = { authorization: `Bearer ${merchant.idToken}` };
    // The account's zone, the model's (the time field is a wall-clock time there).
    const zone = await context.request.put('/api/v1/me/time-zone', { headers, data: { timeZone: ZONE } });
    expect(zone.status(), await zone.text()).toBe(200);
    // The world's inventory: one the server made, under the model's id.
    const made = await context.request.post('/api/v1/inventories', { headers, data: { name: 'Loja Demo' } });
    expect(made.status(), await made.text()).toBe(201);
    inventoriesBody = inventoryListSchema.parse({ inventories: [{ ...(await made.json()), id: INVENTORY_ID }] });
    // The world's lists are the API's shapes, and what the page makes of them is the model's world.
    channelListSchema.parse({ channels: [channel] });
    templateListSchema.parse({ accounts: templateAccounts });
    const shape = (choices: typeof worldNumbers) =>
      choices.map(({ channelId, templates }) => ({ channelId, templates: templates.map(({ name, variables }) => ({ name, variables })) }));
    expect(shape(worldNumbers)).toEqual(shape(modelNumbers));
    expect(inventoriesBody.inventories.map(({ id, name }) => ({ id, name }))).toEqual(worldInventories);
    await signInDirectly(page, merchant);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  walks.forEach((walk, index) => {
    test(`${campaignWizardPathName(eventsOf(walk))}`, async () => {
      // A chained walk is up to 30 steps, each checked on the whole screen: time grows with its length.
      test.setTimeout(30_000 + walk.steps.length * 5_000);
      rmSync(path.join(passedDir(), String(index)), { force: true });
      let world: World | undefined;
      try {
        world = await open();
        const here = world;
        await expectScreen(here);
        await testPath(machine, walk, {
          events: eachEvent(walk, (step) => perform(here, step)),
          states: { [machine.id]: () => expectScreen(here) },
        });
      } finally {
        // A call the walk ends in is forgotten with the page's routes.
        for (const routes of Object.values(world?.inFlight ?? {}))
          for (const route of routes) await route.abort('aborted').catch(() => undefined);
        for (const queue of Object.values(world?.held ?? {})) while (queue.heldCount > 0) await queue.discard();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.clock.resume();
        current = null;
      }
      mkdirSync(passedDir(), { recursive: true });
      writeFileSync(path.join(passedDir(), String(index)), test.info().title);
    });
  });

  test('the passed walks reach every state and take every transition', () => {
    const indices = existsSync(passedDir()) ? readdirSync(passedDir()).map(Number) : [];
    const passed = indices.sort((a, b) => a - b).map((index) => walks[index]!);
    const coverage = coverageOf(machine, { ...model, paths: passed });
    const steps = passed.reduce((sum, walk) => sum + walk.steps.length, 0);
    console.log(
      describeCoverage('campaign-wizard', 'UI', coverage, passed.length) +
        ` (${steps} steps; walks chained from the ${model.paths.length} paths of the model)`,
    );
    expect(passed.length, 'walks passed').toBe(walks.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
