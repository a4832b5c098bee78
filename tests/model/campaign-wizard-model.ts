// The campaign-wizard test model, derived mechanically from the production machine (model-harness.ts)
// with sample payloads where its guards and actions read data: what a load finds (a new draft, drafts
// saved at each step, a campaign planned and sending, one Meta paused), each edit a merchant makes (a
// good value and one the step refuses), the audience editor's names and rules (rules a count can
// take and rules it cannot), and each call's answers and failures (a refusal at the fields of each
// step, the campaign planned meanwhile, a change that no longer applies, anything else). Delays (the
// count's pause, the page's refresh) are the machine's own events. The context is abstracted to what
// the guards read and the view shows: each step's refusals, the editor's, what was counted, reviewed
// and read, the status, the fields refused and the failure's kind.
// Shared by the logic-level (Vitest) and the UI-level (Playwright) tests.
import type { EventObject } from 'xstate';
import { everyContact, type Audience, type AudienceCount } from '@/domain/audience';
import { campaignValidation, type Campaign, type CampaignResults, type CampaignReview } from '@/domain/campaign';
import {
  audienceEditorErrors,
  audienceStepErrors,
  campaignWizardMachine,
  scheduleStepErrors,
  templateStepErrors,
  type CampaignProgress,
  type CampaignWizardContext,
  type CampaignWizardFailure,
  type LoadedCampaign,
} from '@/machines/campaign-wizard';
import { createTestModelFor, type EventSamples } from './model-harness';

export const CAMPAIGN_ID = '00000000-0000-4000-8000-0000000000c1';
export const AUDIENCE_A = '00000000-0000-4000-8000-0000000000c2';
export const AUDIENCE_B = '00000000-0000-4000-8000-0000000000c3';
export const NUMBER_A = '00000000-0000-4000-8000-0000000000c4';
export const INVENTORY_ID = '00000000-0000-4000-8000-0000000000c5';
export const OFFERS = 'campaign_offers';
export const OFFER_VARIABLES = ['first_name', 'offer', 'end_date', 'store_url'];

const at = '2026-12-01T12:00:00.000Z';

export function sampleAudience(id: string, name: string, change: Partial<Audience> = {}): Audience {
  return { id, name, rules: { ...everyContact, languages: ['pt'], orderedWithinDays: 60 }, createdAt: at, updatedAt: at, ...change };
}

/** The variables of the ready-made offers, filled as the demo does. */
export const filledVariables: Campaign['variables'] = {
  first_name: { source: 'first_name', text: '' },
  offer: { source: 'text', text: '20% off' },
  end_date: { source: 'text', text: 'Sunday' },
  store_url: { source: 'catalog_link', text: '' },
};

export function sampleCampaign(change: Partial<Campaign> = {}): Campaign {
  return {
    id: CAMPAIGN_ID,
    name: '',
    audienceId: null,
    channelId: null,
    inventoryId: null,
    templateName: null,
    variables: {},
    schedule: { kind: 'now' },
    quietHours: { start: '21:00', end: '09:00' },
    step: 0,
    ref: null,
    status: 'draft',
    pauseReason: null,
    startsAt: null,
    plannedAt: null,
    planned: 0,
    createdAt: at,
    updatedAt: at,
    ...change,
  };
}

const named = { name: 'Weekly offers', audienceId: AUDIENCE_A };
const messaged = { ...named, channelId: NUMBER_A, inventoryId: INVENTORY_ID, templateName: OFFERS, variables: filledVariables };
export const campaignsAt = {
  new: sampleCampaign(),
  template: sampleCampaign({ ...named, step: 1 }),
  schedule: sampleCampaign({ ...messaged, step: 2 }),
  review: sampleCampaign({ ...messaged, step: 3 }),
  sending: sampleCampaign({ ...messaged, step: 3, status: 'sending', startsAt: at, plannedAt: at, planned: 240 }),
  pausedByMeta: sampleCampaign({
    ...messaged,
    step: 3,
    status: 'paused',
    pauseReason: 'template_unusable',
    startsAt: at,
    plannedAt: at,
    planned: 240,
  }),
  paused: sampleCampaign({ ...messaged, step: 3, status: 'paused', pauseReason: 'merchant', startsAt: at, plannedAt: at, planned: 240 }),
  finished: sampleCampaign({ ...messaged, step: 3, status: 'finished', startsAt: at, plannedAt: at, planned: 240 }),
  cancelled: sampleCampaign({ ...messaged, step: 3, status: 'cancelled', startsAt: at, plannedAt: at, planned: 240 }),
} satisfies Record<string, Campaign>;

export const numbers: LoadedCampaign['numbers'] = [
  {
    channelId: NUMBER_A,
    displayPhoneNumber: '+55 11 4000-0001',
    verifiedName: 'Loja A',
    templates: [{ name: OFFERS, languages: ['pt_BR', 'es'], variables: OFFER_VARIABLES }],
  },
];

export const loadedAt = (campaign: Campaign): LoadedCampaign => ({
  campaign,
  audiences: [sampleAudience(AUDIENCE_A, 'Bought in 60 days')],
  numbers,
  inventories: [{ id: INVENTORY_ID, name: 'Loja Demo' }],
  timeZone: 'America/Sao_Paulo',
});

export const sampleCount: AudienceCount = {
  matched: 12,
  reachable: 9,
  leftOut: { not_subscribed: 2, unsubscribed: 1 },
  byCountry: [
    { country: 'BR', contacts: 8 },
    { country: 'PT', contacts: 1 },
  ],
};

export const sampleReview: CampaignReview = {
  audience: sampleCount,
  reachable: 9,
  withoutTemplateLanguage: 0,
  estimatedCostMicros: 562_500,
  currency: 'USD',
  messagingLimit: 2_000,
  days: 1,
  startsAt: at,
  quietHours: { start: '21:00', end: '09:00' },
};

const noFigures = {
  planned: 240,
  queued: 240,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  failedByReason: [],
  replies: 0,
  clicks: 0,
  orders: 0,
  revenue: [],
  costMicros: 0,
  returnOnCost: null,
  returnWithheld: 'no_cost' as const,
};
export const sampleResults: CampaignResults = { figures: noFigures, previous: null };
export const progressOf = (campaign: Campaign): CampaignProgress => ({ campaign, results: sampleResults });

const v = campaignValidation;
const refused = (fields: Record<string, string>): CampaignWizardFailure => ({ kind: 'refused', fields });
/** The server's refusals, one at each step's fields. */
export const refusals = {
  audience: refused({ audienceId: v.audienceEmpty.id }),
  template: refused({ 'variables.offer': v.textRequired.id }),
  schedule: refused({ schedule: v.timePast.id }),
};

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, failure: CampaignWizardFailure) => ({ type: `xstate.error.actor.${id}`, error: failure });

export const campaignWizardSamples: EventSamples = {
  'xstate.done.actor.loadCampaign': (['new', 'template', 'schedule', 'review', 'sending'] as const).map((step) =>
    done('loadCampaign', loadedAt(campaignsAt[step])),
  ),
  'xstate.error.actor.loadCampaign': [error('loadCampaign', { kind: 'not_found' }), error('loadCampaign', { kind: 'unknown' })],
  RENAME: [
    { type: 'RENAME', name: 'Weekly offers' },
    { type: 'RENAME', name: ' ' },
  ],
  CHOOSE_AUDIENCE: [
    { type: 'CHOOSE_AUDIENCE', audienceId: AUDIENCE_A },
    { type: 'CHOOSE_AUDIENCE', audienceId: null },
  ],
  NAME_AUDIENCE: [
    { type: 'NAME_AUDIENCE', name: 'Portuguese buyers' },
    { type: 'NAME_AUDIENCE', name: '' },
  ],
  EDIT_RULES: [
    { type: 'EDIT_RULES', rules: { languages: ['pt'], orderedWithinDays: 60 } },
    { type: 'EDIT_RULES', rules: { orderedWithinDays: 0 } },
  ],
  'xstate.done.actor.countAudience': [done('countAudience', sampleCount)],
  'xstate.error.actor.countAudience': [error('countAudience', { kind: 'unknown' })],
  'xstate.done.actor.saveAudience': [done('saveAudience', sampleAudience(AUDIENCE_B, 'Portuguese buyers'))],
  'xstate.error.actor.saveAudience': [
    error('saveAudience', refused({ name: 'audience.name_required' })),
    error('saveAudience', { kind: 'too_many' }),
  ],
  CHOOSE_NUMBER: [
    { type: 'CHOOSE_NUMBER', channelId: NUMBER_A },
    { type: 'CHOOSE_NUMBER', channelId: null },
  ],
  CHOOSE_TEMPLATE: [
    { type: 'CHOOSE_TEMPLATE', templateName: OFFERS },
    { type: 'CHOOSE_TEMPLATE', templateName: null },
  ],
  CHOOSE_SOURCE: [
    { type: 'CHOOSE_SOURCE', variable: 'store_url', source: 'text' },
    { type: 'CHOOSE_SOURCE', variable: 'store_url', source: 'catalog_link' },
  ],
  SET_TEXT: [
    { type: 'SET_TEXT', variable: 'offer', text: '20% off' },
    { type: 'SET_TEXT', variable: 'offer', text: '' },
  ],
  CHOOSE_INVENTORY: [
    { type: 'CHOOSE_INVENTORY', inventoryId: INVENTORY_ID },
    { type: 'CHOOSE_INVENTORY', inventoryId: null },
  ],
  SCHEDULE: [
    { type: 'SCHEDULE', schedule: { kind: 'now' } },
    { type: 'SCHEDULE', schedule: { kind: 'at', localTime: '2026-12-24T10:00' } },
    { type: 'SCHEDULE', schedule: { kind: 'at', localTime: '2026-02-30T10:00' } },
  ],
  SET_QUIET_HOURS: [
    { type: 'SET_QUIET_HOURS', quietHours: null },
    { type: 'SET_QUIET_HOURS', quietHours: { start: '21:00', end: '09:00' } },
  ],
  'xstate.done.actor.saveDraft': [done('saveDraft', campaignsAt.review)],
  'xstate.error.actor.saveDraft': [
    error('saveDraft', refused({ name: v.nameTooLong.id })),
    error('saveDraft', { kind: 'not_draft' }),
    error('saveDraft', { kind: 'unknown' }),
  ],
  'xstate.done.actor.reviewCampaign': [done('reviewCampaign', sampleReview)],
  'xstate.error.actor.reviewCampaign': [
    error('reviewCampaign', refusals.audience),
    error('reviewCampaign', refusals.template),
    error('reviewCampaign', refusals.schedule),
    error('reviewCampaign', { kind: 'not_draft' }),
    error('reviewCampaign', { kind: 'unknown' }),
  ],
  'xstate.done.actor.planCampaign': [done('planCampaign', campaignsAt.sending)],
  'xstate.error.actor.planCampaign': [
    error('planCampaign', refusals.audience),
    error('planCampaign', refusals.template),
    error('planCampaign', refusals.schedule),
    error('planCampaign', { kind: 'not_draft' }),
    error('planCampaign', { kind: 'unknown' }),
  ],
  'xstate.done.actor.loadProgress': [
    done('loadProgress', progressOf(campaignsAt.sending)),
    done('loadProgress', progressOf(campaignsAt.paused)),
    done('loadProgress', progressOf(campaignsAt.finished)),
  ],
  'xstate.error.actor.loadProgress': [error('loadProgress', { kind: 'unknown' })],
  'xstate.done.actor.changeCampaign': [done('changeCampaign', campaignsAt.paused)],
  'xstate.error.actor.changeCampaign': [error('changeCampaign', { kind: 'conflict' }), error('changeCampaign', { kind: 'unknown' })],
};

/**
 * What tells states apart: what the step shown reads (its refusals; the editor's, and whether its
 * rules were counted; whether the review was read; the campaign's status and what was asked of it),
 * the fields refused and the failure. The other steps' draft is left out (it is checked when their
 * step opens again): with it, every step's choices would multiply the others', and the paths with them.
 */
export function abstractCampaignWizard(context: CampaignWizardContext, value: unknown) {
  const step = typeof value === 'object' && value !== null ? Object.keys(value)[0] : value;
  const shown = { loaded: context.campaign !== null, fields: Object.keys(context.fieldErrors).sort(), failure: context.failure };
  switch (step) {
    case 'audience':
      return {
        ...shown,
        audience: Object.keys(audienceStepErrors(context)).sort(),
        editor: context.editor && {
          existing: context.editor.audienceId !== null,
          refused: Object.keys(audienceEditorErrors(context.editor)).sort(),
        },
        counted: context.count !== null,
      };
    case 'template':
      return { ...shown, template: Object.keys(templateStepErrors(context)).sort() };
    case 'schedule':
      return { ...shown, schedule: Object.keys(scheduleStepErrors(context)).sort() };
    case 'review':
      return { ...shown, reviewed: context.review !== null };
    case 'planned':
      return { ...shown, status: context.campaign?.status ?? null, change: context.change, results: context.results !== null };
    default:
      return shown;
  }
}

export function campaignWizardTestModel() {
  return createTestModelFor(campaignWizardMachine, {
    input: { campaignId: CAMPAIGN_ID },
    samples: campaignWizardSamples,
    abstractContext: abstractCampaignWizard as (context: never, value: unknown) => unknown,
  });
}

export function campaignWizardPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) {
        const failure = e.error as CampaignWizardFailure;
        return `${type}(${failure.kind}${failure.fields ? ` at ${Object.keys(failure.fields).join(',')}` : ''})`;
      }
      if ('output' in e) {
        const output = e.output as { campaign?: Campaign; status?: string; step?: number };
        if (output.campaign) return `${type}(${output.campaign.status}, step ${output.campaign.step})`;
        return type;
      }
      const payload = Object.entries(e)
        .filter(([key]) => key !== 'type')
        .map(([, value]) => JSON.stringify(value));
      return payload.length > 0 ? `${type}(${payload.join(', ').slice(0, 50)})` : type;
    })
    .join(' → ');
}
