// `/campaigns/new` and `/campaigns/{id}`: a campaign from its draft to its results. Loaded (or created,
// for a new one) with what the steps choose from — the saved audiences, the connected numbers with
// their approved MARKETING templates, the inventories (a catalog link opens one's catalog page) and
// the account's time zone — it resumes at the step the draft was saved on: 1 Audience (the campaign's
// name, a saved audience chosen, or one made or changed here with its rules counted live: a pause in
// the typing, then POST /audiences/count), 2 Message (the number, the template, what fills each
// variable per contact), 3 When (now, or a wall-clock time in the account's zone), 4 Review (what
// planning now would do: the reachable contacts, the estimated cost, the days the messaging limit
// spreads the sends over) and Send. Each step is checked here, then saved with the next step's
// number (PUT /campaigns/:id), so a reload resumes there. A refusal of the review or of the plan
// (422 by field) sends the merchant back to the first step one of its fields is on, said there.
// Planned, the machine is the campaign's page: its status and results, read again every few seconds
// while it is scheduled or sending and every half minute once it is not (Meta's statuses, replies and
// orders still come, and a message Meta's per-user limit sends back makes it sending again), and Pause,
// Resume, Cancel (asked to confirm first).
// Tags for the view: `loading`, `editing`, `counting`, `saving`, `reviewing`, `planning`,
// `refreshing`, `changing`, `failed`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  audienceInputSchema,
  audienceRulesSchema,
  everyContact,
  type Audience,
  type AudienceCount,
  type AudienceRules,
} from '../domain/audience';
import {
  campaignDraftSchema,
  campaignValidation,
  instantOfLocalTime,
  type Campaign,
  type CampaignDraft,
  type CampaignResults,
  type CampaignReview,
  type CampaignSchedule,
  type CampaignStatus,
  type CampaignValue,
  type CampaignValueSource,
} from '../domain/campaign';
import type { QuietHours } from '../domain/checkout-recovery';
import { failed, failureOf, type Failed } from './failure';
import { fieldErrorsOf } from './field-errors';
import { loadFailures } from './wizard-load';

/**
 * Why a call failed: refused at fields (a 422 `campaign_refused`, a 400 with fields), the campaign
 * (or audience) is gone, the campaign is planned already (`not_draft`), it changed meanwhile so a
 * pause, resume or cancel no longer applies (`conflict`), the account keeps the most audiences it may
 * (`too_many`), or anything else.
 */
export const campaignWizardFailureKinds = ['refused', 'not_found', 'not_draft', 'conflict', 'too_many', 'unknown'] as const;
export type CampaignWizardFailureKind = (typeof campaignWizardFailureKinds)[number];
export type CampaignWizardFailure = { kind: CampaignWizardFailureKind; fields?: Record<string, string> };
export const campaignWizardFailureOf = (error: unknown) => failureOf<CampaignWizardFailure>(error, campaignWizardFailureKinds);

/** An approved MARKETING template of a number: its name, the languages it is approved in, its variables. */
export type CampaignTemplateChoice = { name: string; languages: string[]; variables: string[] };
export type CampaignNumberChoice = {
  channelId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  templates: CampaignTemplateChoice[];
};
export type CampaignInventoryChoice = { id: string; name: string };

export type LoadedCampaign = {
  campaign: Campaign;
  audiences: Audience[];
  numbers: CampaignNumberChoice[];
  inventories: CampaignInventoryChoice[];
  /** The account's zone (the 'at' time is a wall-clock time there). */
  timeZone: string;
};
/** The campaign page's read: the campaign as it is now, and its results. */
export type CampaignProgress = { campaign: Campaign; results: CampaignResults };
export type CampaignChange = 'pause' | 'resume' | 'cancel';

/** The steps, by the number the draft stores (`step`). */
export const campaignSteps = ['audience', 'template', 'schedule', 'review'] as const;
export type CampaignStep = (typeof campaignSteps)[number];

/** An audience being made (`audienceId` null) or changed here. */
export type AudienceEditor = { audienceId: string | null; name: string; rules: AudienceRules };

export type CampaignWizardInput = { campaignId: string | null };

export type CampaignWizardContext = {
  campaignId: string | null;
  /** The campaign as the server last answered it; null until loaded. */
  campaign: Campaign | null;
  /** The draft on the screen. */
  draft: CampaignDraft;
  audiences: Audience[];
  numbers: CampaignNumberChoice[];
  inventories: CampaignInventoryChoice[];
  timeZone: string;
  editor: AudienceEditor | null;
  /** The live count of the editor's rules (the last answered). */
  count: AudienceCount | null;
  review: CampaignReview | null;
  results: CampaignResults | null;
  /** What the merchant asked of a planned campaign last. */
  change: CampaignChange | null;
  /** Field → message id (domain/campaign's or domain/audience's; the view translates it). */
  fieldErrors: Record<string, string>;
  failure: CampaignWizardFailureKind | null;
};

export type CampaignWizardEvent =
  // Step 1.
  | { type: 'RENAME'; name: string }
  | { type: 'CHOOSE_AUDIENCE'; audienceId: string | null }
  | { type: 'NEW_AUDIENCE' }
  /** Changes the chosen audience. */
  | { type: 'EDIT_AUDIENCE' }
  | { type: 'NAME_AUDIENCE'; name: string }
  | { type: 'EDIT_RULES'; rules: Partial<AudienceRules> }
  | { type: 'SAVE_AUDIENCE' }
  | { type: 'CANCEL_AUDIENCE' }
  | { type: 'RETRY_COUNT' }
  // Step 2.
  | { type: 'CHOOSE_NUMBER'; channelId: string | null }
  | { type: 'CHOOSE_TEMPLATE'; templateName: string | null }
  | { type: 'CHOOSE_SOURCE'; variable: string; source: CampaignValueSource }
  | { type: 'SET_TEXT'; variable: string; text: string }
  | { type: 'CHOOSE_INVENTORY'; inventoryId: string | null }
  // Step 3.
  | { type: 'SCHEDULE'; schedule: CampaignSchedule }
  /** The hours on each shopper's clock the messages wait out; null: any hour. */
  | { type: 'SET_QUIET_HOURS'; quietHours: QuietHours | null }
  // Every step.
  | { type: 'SAVE' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  // Step 4.
  | { type: 'SEND' }
  // The campaign's page.
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM_CANCEL' }
  | { type: 'KEEP' };

/** How long the editor waits after the last change of the rules before it counts them. */
export const COUNT_DELAY_MS = 400;
/** How often a scheduled or sending campaign's page reads its status and results again. */
export const REFRESH_DELAY_MS = 5_000;
/**
 * How often a paused, cancelled or finished campaign's page reads them again: Meta's statuses, replies and
 * orders keep coming for what it sent, and Meta's per-user limit (131049) sends a message back to wait for
 * the next day, so a campaign seen finished may be sending again.
 */
export const SETTLED_REFRESH_DELAY_MS = 30_000;

const v = campaignValidation;

/** The draft a campaign holds. */
export function draftOf(campaign: Campaign | null): CampaignDraft {
  if (!campaign) return campaignDraftSchema.parse({ name: '' });
  const { name, audienceId, channelId, inventoryId, templateName, variables, schedule, quietHours, step } = campaign;
  return { name, audienceId, channelId, inventoryId, templateName, variables, schedule, quietHours, step };
}

/** The step a loaded draft resumes at. */
export const resumeStepOf = (campaign: Campaign): CampaignStep => campaignSteps[Math.min(campaign.step, campaignSteps.length - 1)]!;

/** The step a field is on (the review's and the plan's refusals name these fields). */
export function stepOfField(field: string): CampaignStep {
  if (field === 'name' || field === 'audienceId') return 'audience';
  if (field === 'schedule' || field === 'quietHours' || field.startsWith('quietHours.')) return 'schedule';
  return 'template';
}
/** The first step any of the refused fields is on; null when there are none. */
export function firstRefusedStep(fields: Record<string, string> | undefined): CampaignStep | null {
  const steps = Object.keys(fields ?? {}).map(stepOfField);
  return campaignSteps.find((step) => steps.includes(step)) ?? null;
}

export const campaignLive = (status: CampaignStatus | undefined) => status === 'scheduled' || status === 'sending';
export const canPause = (status: CampaignStatus | undefined) => campaignLive(status);
export const canResume = (status: CampaignStatus | undefined) => status === 'paused';
export const canCancel = (status: CampaignStatus | undefined) => campaignLive(status) || status === 'paused';

/** The number chosen among those connected. */
export const chosenNumber = (context: Pick<CampaignWizardContext, 'draft' | 'numbers'>) =>
  context.numbers.find((number) => number.channelId === context.draft.channelId) ?? null;
/** The template chosen among those the chosen number offers. */
export const chosenTemplate = (context: Pick<CampaignWizardContext, 'draft' | 'numbers'>) =>
  chosenNumber(context)?.templates.find((template) => template.name === context.draft.templateName) ?? null;

/** What obviously fills a variable: the contact's first name, the catalog's link, else a text to write. */
export function defaultValueSource(variable: string): CampaignValueSource {
  if (/(^|_)(first_?name|name)$/.test(variable)) return 'first_name';
  if (/(url|link)/.test(variable)) return 'catalog_link';
  return 'text';
}

const nameRefusal = (name: string) => {
  const trimmed = name.trim();
  if (trimmed === '') return v.nameRequired.id;
  if (trimmed.length > 80) return v.nameTooLong.id;
  return null;
};

/** Step 1's refusals: the campaign's name, an audience chosen. */
export function audienceStepErrors(context: Pick<CampaignWizardContext, 'draft' | 'audiences'>): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = nameRefusal(context.draft.name);
  if (name) errors.name = name;
  if (!context.audiences.some((audience) => audience.id === context.draft.audienceId)) errors.audienceId = v.audienceRequired.id;
  return errors;
}

/** Step 2's refusals: a number, one of its approved marketing templates, each variable filled, an inventory for a catalog link. */
export function templateStepErrors(context: Pick<CampaignWizardContext, 'draft' | 'numbers' | 'inventories'>): Record<string, string> {
  const errors: Record<string, string> = {};
  const { draft } = context;
  if (!chosenNumber(context)) {
    errors.channelId = v.channelRequired.id;
    return errors;
  }
  const template = chosenTemplate(context);
  if (!template) {
    errors.templateName = v.templateRequired.id;
    return errors;
  }
  for (const variable of template.variables) {
    const value = draft.variables[variable];
    if (!value) errors[`variables.${variable}`] = v.variableRequired.id;
    else if (value.source === 'text' && value.text.trim() === '') errors[`variables.${variable}`] = v.textRequired.id;
    else if (value.source === 'text' && value.text.trim().length > 200) errors[`variables.${variable}`] = v.textTooLong.id;
  }
  const needsCatalog = template.variables.some((variable) => draft.variables[variable]?.source === 'catalog_link');
  if (needsCatalog && !context.inventories.some((inventory) => inventory.id === draft.inventoryId))
    errors.inventoryId = v.inventoryRequired.id;
  return errors;
}

/** Step 3's refusals: a time that is one (whether it is past or too far is the server's to say: it has the clock). */
export function scheduleStepErrors(context: Pick<CampaignWizardContext, 'draft' | 'timeZone'>): Record<string, string> {
  const { schedule } = context.draft;
  if (schedule.kind === 'at' && !instantOfLocalTime(schedule.localTime, context.timeZone)) return { schedule: v.timeInvalid.id };
  return {};
}

/** The editor's refusals: the audience's name and its rules (field → message id). */
export function audienceEditorErrors(editor: AudienceEditor): Record<string, string> {
  const parsed = audienceInputSchema.safeParse({ name: editor.name, rules: editor.rules });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'rules' ? String(issue.path[1] ?? 'rules') : String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
const rulesErrors = (rules: AudienceRules) => fieldErrorsOf(audienceRulesSchema.safeParse(rules));

/** The variables' map after a template is chosen: each keeps what filled it, else its obvious source. */
function mappedTo(variables: CampaignDraft['variables'], template: CampaignTemplateChoice | null): CampaignDraft['variables'] {
  if (!template) return variables;
  const mapped: CampaignDraft['variables'] = {};
  for (const name of template.variables) mapped[name] = variables[name] ?? { source: defaultValueSource(name), text: '' };
  return mapped;
}

const withoutFields = (fields: Record<string, string>, drop: (field: string) => boolean) =>
  Object.fromEntries(Object.entries(fields).filter(([field]) => !drop(field)));

const loaded = ({ event }: { event: { output: LoadedCampaign } }) => event.output;
const savedCampaign = ({ event }: { event: { output: Campaign } }) => event.output;
const rememberFailure = { type: 'rememberFailure', params: failed } as const;
/** A refusal's fields, said at the step they are on. */
const refusedBackTo = (step: CampaignStep) => ({
  guard: { type: 'refusedAt' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, step }) },
  target: `#campaignWizard.${step}.editing`,
  actions: rememberFailure,
});
const refusalRoutes = [refusedBackTo('audience'), refusedBackTo('template'), refusedBackTo('schedule')];
/** What the campaign's page asks of it (each only where its status allows it). */
const changes = {
  PAUSE: { guard: 'canPause' as const, target: 'changing', actions: { type: 'askChange' as const, params: { change: 'pause' as const } } },
  RESUME: {
    guard: 'canResume' as const,
    target: 'changing',
    actions: { type: 'askChange' as const, params: { change: 'resume' as const } },
  },
  CANCEL: { guard: 'canCancel' as const, target: 'confirmingCancel' },
};

export const campaignWizardMachine = setup({
  types: {
    input: {} as CampaignWizardInput,
    context: {} as CampaignWizardContext,
    events: {} as CampaignWizardEvent,
    tags: {} as 'loading' | 'editing' | 'counting' | 'saving' | 'reviewing' | 'planning' | 'refreshing' | 'changing' | 'failed',
  },
  actors: {
    // Provided by src/features/campaigns: the API calls, rejecting with a CampaignWizardFailure.
    /** GET /campaigns/:id (or POST /campaigns for a new one) with the audiences, numbers, inventories and the account's zone. */
    loadCampaign: fromPromise<LoadedCampaign, { campaignId: string | null }>(async () => {
      throw new Error('loadCampaign is not provided');
    }),
    /** POST /audiences/count. */
    countAudience: fromPromise<AudienceCount, { rules: AudienceRules }>(async () => {
      throw new Error('countAudience is not provided');
    }),
    /** POST /audiences (audienceId null) or PUT /audiences/:id. */
    saveAudience: fromPromise<Audience, { audienceId: string | null; name: string; rules: AudienceRules }>(async () => {
      throw new Error('saveAudience is not provided');
    }),
    /** PUT /campaigns/:id. */
    saveDraft: fromPromise<Campaign, { campaignId: string; draft: CampaignDraft }>(async () => {
      throw new Error('saveDraft is not provided');
    }),
    /** GET /campaigns/:id/review. */
    reviewCampaign: fromPromise<CampaignReview, { campaignId: string }>(async () => {
      throw new Error('reviewCampaign is not provided');
    }),
    /** POST /campaigns/:id/plan. */
    planCampaign: fromPromise<Campaign, { campaignId: string }>(async () => {
      throw new Error('planCampaign is not provided');
    }),
    /** GET /campaigns/:id and /campaigns/:id/results. */
    loadProgress: fromPromise<CampaignProgress, { campaignId: string }>(async () => {
      throw new Error('loadProgress is not provided');
    }),
    /** POST /campaigns/:id/pause|resume|cancel. */
    changeCampaign: fromPromise<Campaign, { campaignId: string; change: CampaignChange }>(async () => {
      throw new Error('changeCampaign is not provided');
    }),
  },
  delays: {
    countDelay: COUNT_DELAY_MS,
    refreshDelay: REFRESH_DELAY_MS,
    settledRefreshDelay: SETTLED_REFRESH_DELAY_MS,
  },
  guards: {
    isPlanned: (_, { campaign }: LoadedCampaign) => campaign.status !== 'draft',
    resumesAt: (_, { campaign, step }: { campaign: Campaign; step: CampaignStep }) => resumeStepOf(campaign) === step,
    isNotFound: (_, { error }: Failed) => campaignWizardFailureOf(error).kind === 'not_found',
    isNotDraft: (_, { error }: Failed) => campaignWizardFailureOf(error).kind === 'not_draft',
    isRefusedAtFields: (_, { error }: Failed) => Object.keys(campaignWizardFailureOf(error).fields ?? {}).length > 0,
    refusedAt: (_, { error, step }: Failed & { step: CampaignStep }) => firstRefusedStep(campaignWizardFailureOf(error).fields) === step,
    hasAudience: ({ context }) => context.audiences.some((audience) => audience.id === context.draft.audienceId),
    audienceStepHolds: ({ context }) => Object.keys(audienceStepErrors(context)).length === 0,
    templateStepHolds: ({ context }) => Object.keys(templateStepErrors(context)).length === 0,
    scheduleStepHolds: ({ context }) => Object.keys(scheduleStepErrors(context)).length === 0,
    editedRulesHold: ({ context, event }) => {
      assertEvent(event, 'EDIT_RULES');
      return Object.keys(rulesErrors({ ...context.editor!.rules, ...event.rules })).length === 0;
    },
    editorHolds: ({ context }) => context.editor !== null && Object.keys(audienceEditorErrors(context.editor)).length === 0,
    isLive: ({ context }) => campaignLive(context.campaign?.status),
    isNotLive: ({ context }) => !campaignLive(context.campaign?.status),
    canPause: ({ context }) => canPause(context.campaign?.status),
    canResume: ({ context }) => canResume(context.campaign?.status),
    canCancel: ({ context }) => canCancel(context.campaign?.status),
  },
  actions: {
    rememberLoaded: assign((_, { campaign, audiences, numbers, inventories, timeZone }: LoadedCampaign) => ({
      campaign,
      campaignId: campaign.id,
      draft: draftOf(campaign),
      audiences,
      numbers,
      inventories,
      timeZone,
      editor: null,
      count: null,
      review: null,
      results: null,
      fieldErrors: {},
      failure: null,
    })),
    rememberSaved: assign((_, campaign: Campaign) => ({ campaign, fieldErrors: {}, failure: null })),
    rememberFailure: assign((_, { error }: Failed) => {
      const failure = campaignWizardFailureOf(error);
      return { failure: failure.kind, fieldErrors: failure.fields ?? {} };
    }),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    setStep: assign(({ context }, { step }: { step: number }) => ({ draft: { ...context.draft, step } })),

    rename: assign(({ context, event }) => {
      assertEvent(event, 'RENAME');
      return { draft: { ...context.draft, name: event.name }, fieldErrors: withoutFields(context.fieldErrors, (f) => f === 'name') };
    }),
    chooseAudience: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_AUDIENCE');
      return {
        draft: { ...context.draft, audienceId: event.audienceId },
        fieldErrors: withoutFields(context.fieldErrors, (f) => f === 'audienceId'),
      };
    }),
    openNewAudience: assign({
      editor: { audienceId: null, name: '', rules: { ...everyContact } },
      count: null,
      fieldErrors: {},
      failure: null,
    }),
    openChosenAudience: assign(({ context }) => {
      const audience = context.audiences.find((each) => each.id === context.draft.audienceId)!;
      return {
        editor: { audienceId: audience.id, name: audience.name, rules: audience.rules },
        count: null,
        fieldErrors: {},
        failure: null,
      };
    }),
    nameAudience: assign(({ context, event }) => {
      assertEvent(event, 'NAME_AUDIENCE');
      return { editor: { ...context.editor!, name: event.name }, fieldErrors: withoutFields(context.fieldErrors, (f) => f === 'name') };
    }),
    editRules: assign(({ context, event }) => {
      assertEvent(event, 'EDIT_RULES');
      const rules = { ...context.editor!.rules, ...event.rules };
      const kept = withoutFields(context.fieldErrors, (field) => field in audienceRulesSchema.shape);
      return { editor: { ...context.editor!, rules }, fieldErrors: { ...kept, ...rulesErrors(rules) }, failure: null };
    }),
    showEditorErrors: assign(({ context }) => ({ fieldErrors: audienceEditorErrors(context.editor!), failure: null })),
    rememberCount: assign((_, count: AudienceCount) => ({ count })),
    forgetCount: assign({ count: null }),
    closeEditor: assign({ editor: null, count: null, fieldErrors: {}, failure: null }),
    rememberAudience: assign(({ context }, audience: Audience) => ({
      audiences: [audience, ...context.audiences.filter((each) => each.id !== audience.id)],
      draft: { ...context.draft, audienceId: audience.id },
      editor: null,
      count: null,
      fieldErrors: {},
      failure: null,
    })),
    showAudienceStepErrors: assign(({ context }) => ({ fieldErrors: audienceStepErrors(context), failure: null })),

    chooseNumber: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_NUMBER');
      const draft = { ...context.draft, channelId: event.channelId };
      // Another number: its templates are other records; the template is chosen again unless it offers it too.
      const template = chosenTemplate({ draft, numbers: context.numbers });
      const next = template ? { ...draft, variables: mappedTo(draft.variables, template) } : { ...draft, templateName: null };
      return { draft: next, fieldErrors: withoutFields(context.fieldErrors, (f) => f === 'channelId' || f === 'templateName') };
    }),
    chooseTemplate: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_TEMPLATE');
      const draft = { ...context.draft, templateName: event.templateName };
      const template = chosenTemplate({ draft, numbers: context.numbers });
      return {
        draft: { ...draft, variables: mappedTo(draft.variables, template) },
        fieldErrors: withoutFields(context.fieldErrors, (f) => f === 'templateName' || f.startsWith('variables.')),
      };
    }),
    chooseSource: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_SOURCE');
      const current: CampaignValue = context.draft.variables[event.variable] ?? { source: event.source, text: '' };
      const variables = { ...context.draft.variables, [event.variable]: { ...current, source: event.source } };
      return {
        draft: { ...context.draft, variables },
        fieldErrors: withoutFields(context.fieldErrors, (f) => f === `variables.${event.variable}` || f === 'inventoryId'),
      };
    }),
    setText: assign(({ context, event }) => {
      assertEvent(event, 'SET_TEXT');
      const current: CampaignValue = context.draft.variables[event.variable] ?? { source: 'text', text: '' };
      const variables = { ...context.draft.variables, [event.variable]: { ...current, text: event.text } };
      return {
        draft: { ...context.draft, variables },
        fieldErrors: withoutFields(context.fieldErrors, (f) => f === `variables.${event.variable}`),
      };
    }),
    chooseInventory: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_INVENTORY');
      return {
        draft: { ...context.draft, inventoryId: event.inventoryId },
        fieldErrors: withoutFields(context.fieldErrors, (f) => f === 'inventoryId'),
      };
    }),
    showTemplateStepErrors: assign(({ context }) => ({ fieldErrors: templateStepErrors(context), failure: null })),

    schedule: assign(({ context, event }) => {
      assertEvent(event, 'SCHEDULE');
      return { draft: { ...context.draft, schedule: event.schedule }, fieldErrors: {}, failure: null };
    }),
    setQuietHours: assign(({ context, event }) => {
      assertEvent(event, 'SET_QUIET_HOURS');
      return { draft: { ...context.draft, quietHours: event.quietHours }, fieldErrors: {}, failure: null };
    }),
    showScheduleStepErrors: assign(({ context }) => ({ fieldErrors: scheduleStepErrors(context), failure: null })),

    rememberReview: assign((_, review: CampaignReview) => ({ review, fieldErrors: {}, failure: null })),
    forgetReview: assign({ review: null }),
    rememberPlanned: assign((_, campaign: Campaign) => ({ campaign, review: null, fieldErrors: {}, failure: null })),
    rememberProgress: assign((_, { campaign, results }: CampaignProgress) => ({ campaign, results })),
    askChange: assign((_, { change }: { change: CampaignChange }) => ({ change, failure: null })),
    rememberChanged: assign((_, campaign: Campaign) => ({ campaign, failure: null })),

    // Provided by src/: the new campaign's own address from now on (a reload resumes it).
    showCampaignAddress: () => {},
  },
}).createMachine({
  id: 'campaignWizard',
  initial: 'loading',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    campaign: null,
    draft: draftOf(null),
    audiences: [],
    numbers: [],
    inventories: [],
    timeZone: 'UTC',
    editor: null,
    count: null,
    review: null,
    results: null,
    change: null,
    fieldErrors: {},
    failure: null,
  }),
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadCampaign',
        src: 'loadCampaign',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: [
          { guard: { type: 'isPlanned', params: loaded }, target: 'planned', actions: { type: 'rememberLoaded', params: loaded } },
          ...(['template', 'schedule', 'review'] as const).map((step) => ({
            guard: {
              type: 'resumesAt' as const,
              params: ({ event }: { event: { output: LoadedCampaign } }) => ({ ...event.output, step }),
            },
            target: step,
            actions: { type: 'rememberLoaded' as const, params: loaded },
          })),
          // A new campaign's address from now on (src/ leaves one already shown as it is).
          { target: 'audience', actions: [{ type: 'rememberLoaded', params: loaded }, 'showCampaignAddress'] },
        ],
        onError: [...loadFailures],
      },
    },
    loadFailed: { tags: 'failed', on: { RETRY: { target: 'loading', actions: 'clearFailure' } } },
    notFound: { type: 'final' },

    audience: {
      initial: 'editing',
      states: {
        editing: {
          tags: 'editing',
          on: {
            RENAME: { actions: 'rename' },
            CHOOSE_AUDIENCE: { actions: 'chooseAudience' },
            NEW_AUDIENCE: { target: 'editor', actions: 'openNewAudience' },
            EDIT_AUDIENCE: { guard: 'hasAudience', target: 'editor', actions: 'openChosenAudience' },
            SAVE: [
              { guard: 'audienceStepHolds', target: 'saving', actions: [{ type: 'setStep', params: { step: 1 } }, 'clearFailure'] },
              { actions: 'showAudienceStepErrors' },
            ],
          },
        },
        // An audience made or changed here: its rules counted a moment after the last change.
        editor: {
          initial: 'counting',
          on: {
            NAME_AUDIENCE: { actions: 'nameAudience' },
            EDIT_RULES: [
              { guard: 'editedRulesHold', target: '.debouncing', actions: 'editRules' },
              { target: '.invalid', actions: ['editRules', 'forgetCount'] },
            ],
            CANCEL_AUDIENCE: { target: 'editing', actions: 'closeEditor' },
            SAVE_AUDIENCE: [{ guard: 'editorHolds', target: 'savingAudience' }, { actions: 'showEditorErrors' }],
          },
          states: {
            debouncing: { after: { countDelay: 'counting' } },
            counting: {
              tags: 'counting',
              invoke: {
                id: 'countAudience',
                src: 'countAudience',
                input: ({ context }) => ({ rules: context.editor!.rules }),
                onDone: { target: 'ready', actions: { type: 'rememberCount', params: ({ event }) => event.output } },
                onError: { target: 'countFailed' },
              },
            },
            ready: {},
            // Rules no count can take (days out of range, an amount not above 0): said at their fields.
            invalid: {},
            countFailed: { tags: 'failed', on: { RETRY_COUNT: 'counting' } },
          },
        },
        savingAudience: {
          tags: 'saving',
          invoke: {
            id: 'saveAudience',
            src: 'saveAudience',
            input: ({ context }) => ({ ...context.editor! }),
            onDone: { target: 'editing', actions: { type: 'rememberAudience', params: ({ event }) => event.output } },
            // The editor again, as it was: the refusal at its fields, or the failure above them.
            onError: { target: 'editor.ready', actions: rememberFailure },
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => ({ campaignId: context.campaignId!, draft: context.draft }),
            onDone: { target: '#campaignWizard.template', actions: { type: 'rememberSaved', params: savedCampaign } },
            onError: [
              { guard: { type: 'isNotDraft', params: failed }, target: '#campaignWizard.loading', actions: rememberFailure },
              { guard: { type: 'isRefusedAtFields', params: failed }, target: 'editing', actions: rememberFailure },
              { target: 'failed', actions: rememberFailure },
            ],
          },
        },
        failed: {
          tags: 'failed',
          on: {
            RETRY: { target: 'saving', actions: 'clearFailure' },
            RENAME: { target: 'editing', actions: ['clearFailure', 'rename'] },
            CHOOSE_AUDIENCE: { target: 'editing', actions: ['clearFailure', 'chooseAudience'] },
          },
        },
      },
    },

    template: {
      initial: 'editing',
      on: { BACK: { target: '#campaignWizard.audience', actions: 'clearFailure' } },
      states: {
        editing: {
          tags: 'editing',
          on: {
            CHOOSE_NUMBER: { actions: 'chooseNumber' },
            CHOOSE_TEMPLATE: { actions: 'chooseTemplate' },
            CHOOSE_SOURCE: { actions: 'chooseSource' },
            SET_TEXT: { actions: 'setText' },
            CHOOSE_INVENTORY: { actions: 'chooseInventory' },
            SAVE: [
              { guard: 'templateStepHolds', target: 'saving', actions: [{ type: 'setStep', params: { step: 2 } }, 'clearFailure'] },
              { actions: 'showTemplateStepErrors' },
            ],
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => ({ campaignId: context.campaignId!, draft: context.draft }),
            onDone: { target: '#campaignWizard.schedule', actions: { type: 'rememberSaved', params: savedCampaign } },
            onError: [
              { guard: { type: 'isNotDraft', params: failed }, target: '#campaignWizard.loading', actions: rememberFailure },
              { guard: { type: 'isRefusedAtFields', params: failed }, target: 'editing', actions: rememberFailure },
              { target: 'failed', actions: rememberFailure },
            ],
          },
        },
        failed: { tags: 'failed', on: { RETRY: { target: 'saving', actions: 'clearFailure' } } },
      },
    },

    schedule: {
      initial: 'editing',
      on: { BACK: { target: '#campaignWizard.template', actions: 'clearFailure' } },
      states: {
        editing: {
          tags: 'editing',
          on: {
            SCHEDULE: { actions: 'schedule' },
            SET_QUIET_HOURS: { actions: 'setQuietHours' },
            SAVE: [
              { guard: 'scheduleStepHolds', target: 'saving', actions: [{ type: 'setStep', params: { step: 3 } }, 'clearFailure'] },
              { actions: 'showScheduleStepErrors' },
            ],
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => ({ campaignId: context.campaignId!, draft: context.draft }),
            onDone: { target: '#campaignWizard.review', actions: { type: 'rememberSaved', params: savedCampaign } },
            onError: [
              { guard: { type: 'isNotDraft', params: failed }, target: '#campaignWizard.loading', actions: rememberFailure },
              { guard: { type: 'isRefusedAtFields', params: failed }, target: 'editing', actions: rememberFailure },
              { target: 'failed', actions: rememberFailure },
            ],
          },
        },
        failed: { tags: 'failed', on: { RETRY: { target: 'saving', actions: 'clearFailure' } } },
      },
    },

    // What planning now would do, read anew each time the step opens; Send plans it.
    review: {
      initial: 'loading',
      entry: 'forgetReview',
      on: { BACK: { target: '#campaignWizard.schedule', actions: 'clearFailure' } },
      states: {
        loading: {
          tags: 'reviewing',
          invoke: {
            id: 'reviewCampaign',
            src: 'reviewCampaign',
            input: ({ context }) => ({ campaignId: context.campaignId! }),
            onDone: { target: 'ready', actions: { type: 'rememberReview', params: ({ event }) => event.output } },
            onError: [
              ...refusalRoutes,
              { guard: { type: 'isNotDraft', params: failed }, target: '#campaignWizard.loading', actions: rememberFailure },
              { target: 'failed', actions: rememberFailure },
            ],
          },
        },
        ready: { on: { SEND: 'planning' } },
        planning: {
          tags: 'planning',
          invoke: {
            id: 'planCampaign',
            src: 'planCampaign',
            input: ({ context }) => ({ campaignId: context.campaignId! }),
            onDone: { target: '#campaignWizard.planned', actions: { type: 'rememberPlanned', params: savedCampaign } },
            onError: [
              ...refusalRoutes,
              // Planned meanwhile (another tab): the campaign's page.
              { guard: { type: 'isNotDraft', params: failed }, target: '#campaignWizard.loading', actions: rememberFailure },
              { target: 'planFailed', actions: rememberFailure },
            ],
          },
        },
        failed: { tags: 'failed', on: { RETRY: { target: 'loading', actions: 'clearFailure' } } },
        planFailed: { tags: 'failed', on: { RETRY: { target: 'planning', actions: 'clearFailure' } } },
      },
    },

    // The campaign's page: its status and results, read again every few seconds while it is scheduled or
    // sending, every half minute once it is not (its results still come in).
    planned: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'refreshing',
          invoke: {
            id: 'loadProgress',
            src: 'loadProgress',
            input: ({ context }) => ({ campaignId: context.campaignId! }),
            onDone: { target: 'watching', actions: { type: 'rememberProgress', params: ({ event }) => event.output } },
            onError: { target: 'loadFailed' },
          },
          // Asked while the page is read again: the read gives way.
          on: changes,
        },
        watching: {
          after: {
            refreshDelay: { guard: 'isLive', target: 'loading' },
            settledRefreshDelay: { guard: 'isNotLive', target: 'loading' },
          },
          on: changes,
        },
        loadFailed: { tags: 'failed', on: { RETRY: 'loading' } },
        // 'Cancel this campaign?': what is left of it never goes.
        confirmingCancel: {
          on: {
            CONFIRM_CANCEL: { target: 'changing', actions: { type: 'askChange', params: { change: 'cancel' } } },
            // Kept: read again (a read under way when Cancel was pressed gave way).
            KEEP: 'loading',
          },
        },
        changing: {
          tags: 'changing',
          invoke: {
            id: 'changeCampaign',
            src: 'changeCampaign',
            input: ({ context }) => ({ campaignId: context.campaignId!, change: context.change! }),
            onDone: { target: 'loading', actions: { type: 'rememberChanged', params: savedCampaign } },
            // Refused because it changed meanwhile (finished, paused by Meta, cancelled elsewhere), or no
            // answer: read it as it is now, the failure said above it.
            onError: { target: 'loading', actions: rememberFailure },
          },
        },
      },
    },
  },
});
