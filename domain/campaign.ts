// Campaigns: one approved marketing template sent to an audience's reachable contacts, now or at a
// time in the account's zone, planned into one send per contact (each with its own key, so it goes
// once) and spread by the account's messaging limit (a day's sends at most per moving 24 hours) and
// out of the shoppers' quiet hours. The vocabulary, the draft the wizard saves, the planner's pure
// arithmetic (tested with a fake clock), the review and the results, shared by the SPA (zod/mini)
// and the server (server/campaigns/). Every clock is an argument: nothing here reads the time.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { withoutBidiControls } from './bidi-controls';
import { outOfQuietHours, quietHoursSchema, type QuietHours } from './checkout-recovery';
import { returnWithheldReasons } from './checkout-list';
import { zoneOffsetMinutes } from './dashboard';
import { storableText } from './storable-values';
import { sendReasons } from './template-send';
import { audienceCountSchema } from './audience';

export const CAMPAIGN_NAME_MAX = 80;
export const CAMPAIGN_TEXT_MAX = 200;
/** An order placed within this many days of a contact's campaign message counts for the campaign. */
export const CAMPAIGN_ATTRIBUTION_DAYS = 7;
/** Campaign messages wait out these hours on the shopper's clock. */
export const CAMPAIGN_QUIET_HOURS: QuietHours = Object.freeze({ start: '21:00', end: '09:00' });
/** A campaign planned for a time may be at most this far ahead. */
export const CAMPAIGN_MAX_DAYS_AHEAD = 90;
/** The `purpose` of a campaign's template sends (the dashboard and the sender's hold rules name it). */
export const CAMPAIGN_PURPOSE = 'campaign';
const DAY_MS = 24 * 60 * 60_000;

/**
 * What the server keeps: a draft (the wizard's, saved at every step), active (planned: its sends are
 * queued or went), paused (by the merchant, or by Meta pausing its template), cancelled.
 */
export const campaignStoredStatuses = ['draft', 'active', 'paused', 'cancelled'] as const;
export type CampaignStoredStatus = (typeof campaignStoredStatuses)[number];
/** What the screens show: an active campaign is scheduled before its time, sending until every send ended, then finished. */
export const campaignStatuses = ['draft', 'scheduled', 'sending', 'paused', 'cancelled', 'finished'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
/** Who paused it: the merchant, or Meta (the template paused or disabled, or no longer approved). */
export const campaignPauseReasons = ['merchant', 'template_unusable'] as const;
export type CampaignPauseReason = (typeof campaignPauseReasons)[number];

/** What fills a template variable, per contact: their first name, the catalog page's link, or a text the merchant wrote. */
export const campaignValueSources = ['first_name', 'catalog_link', 'text'] as const;
export type CampaignValueSource = (typeof campaignValueSources)[number];

export const campaignValidation = {
  nameRequired: /*i18n*/ { id: 'campaign.name_required', message: 'Give this campaign a name.' },
  nameTooLong: /*i18n*/ { id: 'campaign.name_too_long', message: 'Use at most 80 characters.' },
  unstorable: /*i18n*/ { id: 'campaign.unstorable', message: 'Remove the control characters from this text.' },
  textTooLong: /*i18n*/ { id: 'campaign.text_too_long', message: 'Use at most 200 characters.' },
  audienceRequired: /*i18n*/ { id: 'campaign.audience_required', message: 'Choose who this campaign goes to.' },
  audienceEmpty: /*i18n*/ { id: 'campaign.audience_empty', message: 'No contact of this audience agreed to receive promotions.' },
  channelRequired: /*i18n*/ { id: 'campaign.channel_required', message: 'Choose the number this campaign goes from.' },
  templateRequired: /*i18n*/ {
    id: 'campaign.template_required',
    message: 'Choose an approved marketing template of this number.',
  },
  templateNotMarketing: /*i18n*/ {
    id: 'campaign.template_not_marketing',
    message: 'Campaigns send marketing templates only: choose one approved in that category.',
  },
  variableRequired: /*i18n*/ { id: 'campaign.variable_required', message: 'Say what fills this variable.' },
  textRequired: /*i18n*/ { id: 'campaign.text_required', message: 'Write the text that fills this variable.' },
  inventoryRequired: /*i18n*/ {
    id: 'campaign.inventory_required',
    message: 'Choose the inventory whose catalog page the link opens.',
  },
  timeInvalid: /*i18n*/ { id: 'campaign.time_invalid', message: 'Enter a date and time, such as 2026-12-24 10:00.' },
  timePast: /*i18n*/ { id: 'campaign.time_past', message: 'Choose a time from now on.' },
  timeTooFar: /*i18n*/ { id: 'campaign.time_too_far', message: 'Choose a time within the next 90 days.' },
} as const satisfies Record<string, MessageDescriptor>;

export const campaignValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(campaignValidation).map((message) => [message.id, message]),
);

const storable = () => storableText(campaignValidation.unstorable.id);

export const campaignValueSchema = z.object({
  source: z.enum(campaignValueSources),
  /** The text, for `text`. */
  text: z._default(storable().check(z.trim(), z.maxLength(CAMPAIGN_TEXT_MAX, { error: campaignValidation.textTooLong.id })), ''),
});
export type CampaignValue = z.output<typeof campaignValueSchema>;

/** When: as soon as it is planned, or at a wall-clock time in the account's zone ('2026-12-24T10:00'). */
export const campaignScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('now') }),
  z.object({ kind: z.literal('at'), localTime: z.string().check(z.maxLength(32)) }),
]);
export type CampaignSchedule = z.output<typeof campaignScheduleSchema>;

/** The wizard's draft (PUT /campaigns/:id): anything may still be missing; planning checks that it holds. */
export const campaignDraftSchema = z.strictObject({
  name: storable().check(
    z.overwrite(withoutBidiControls),
    z.trim(),
    z.maxLength(CAMPAIGN_NAME_MAX, { error: campaignValidation.nameTooLong.id }),
  ),
  audienceId: z._default(z.nullable(z.uuid()), null),
  channelId: z._default(z.nullable(z.uuid()), null),
  /** The inventory whose public catalog page `catalog_link` opens. */
  inventoryId: z._default(z.nullable(z.uuid()), null),
  templateName: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(512))), null),
  variables: z._default(z.record(z.string().check(z.minLength(1), z.maxLength(64)), campaignValueSchema), {}),
  schedule: z._default(campaignScheduleSchema, { kind: 'now' }),
  /** The hours on the shopper's clock its messages wait out (21:00–09:00 unless told); null: any hour. */
  quietHours: z._default(z.nullable(quietHoursSchema), { ...CAMPAIGN_QUIET_HOURS }),
  /** The wizard's step, so a reload resumes there. */
  step: z._default(z.int().check(z.minimum(0), z.maximum(4)), 0),
});
export type CampaignDraft = z.output<typeof campaignDraftSchema>;
export type CampaignDraftInput = z.input<typeof campaignDraftSchema>;

export const newCampaignSchema = z.strictObject({ name: campaignDraftSchema.shape.name });

export const campaignSchema = z.extend(campaignDraftSchema, {
  id: z.uuid(),
  status: z.enum(campaignStatuses),
  pauseReason: z.nullable(z.enum(campaignPauseReasons)),
  /** When its first sends are due (ISO); null for a draft. */
  startsAt: z.nullable(z.string()),
  plannedAt: z.nullable(z.string()),
  /** Sends planned (one per reachable contact when planned). */
  planned: z.int(),
  /** The `ref` its catalog links carry (set when planned). */
  ref: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ campaigns: z.array(campaignSchema) });
export type CampaignList = z.infer<typeof campaignListSchema>;

/** GET /campaigns/:id/review: what planning it now would do. */
export const campaignReviewSchema = z.object({
  /** What the audience's rules match now (its reachable contacts, those left out and why). */
  audience: audienceCountSchema,
  /** Of the audience's reachable contacts, those whose language the template is approved in: the ones it goes to. */
  reachable: z.int(),
  /** Reachable contacts left out because the template has no approved version in their language. */
  withoutTemplateLanguage: z.int(),
  /** The estimated cost of the `reachable` contacts' messages (USD micros), from the price table in force at `startsAt`. */
  estimatedCostMicros: z.int(),
  currency: z.literal('USD'),
  /** People per moving 24 hours the account may reach first; null: unlimited. */
  messagingLimit: z.nullable(z.int()),
  /** Days the sends spread over under that limit (1 when they fit in one). */
  days: z.int(),
  startsAt: z.string(),
  /** The draft's quiet hours; null: any hour. */
  quietHours: z.nullable(z.object({ start: z.string(), end: z.string() })),
});
export type CampaignReview = z.infer<typeof campaignReviewSchema>;

const figuresShape = {
  planned: z.int(),
  /** Waiting for their turn (the limit, quiet hours, a retry). */
  queued: z.int(),
  /** Meta took them (sent, delivered or read). */
  sent: z.int(),
  delivered: z.int(),
  read: z.int(),
  failed: z.int(),
  failedByReason: z.array(z.object({ reason: z.enum(sendReasons), count: z.int() })),
  /** Contacts who wrote back after their message. */
  replies: z.int(),
  /** Shoppers who opened the catalog page from the message's link (its `ref`; one per browser). */
  clicks: z.int(),
  /** Orders of the contacts within CAMPAIGN_ATTRIBUTION_DAYS of their message, and their value by currency. */
  orders: z.int(),
  revenue: z.array(z.object({ currency: z.string(), totalMinor: z.number() })),
  costMicros: z.int(),
  returnOnCost: z.nullable(z.number()),
  returnWithheld: z.nullable(z.enum(returnWithheldReasons)),
};
export const campaignFiguresSchema = z.object(figuresShape);
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

/** GET /campaigns/:id/results: the campaign's figures, and the account's previous campaign's beside them. */
export const campaignResultsSchema = z.object({
  figures: campaignFiguresSchema,
  previous: z.nullable(z.object({ id: z.uuid(), name: z.string(), figures: campaignFiguresSchema })),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

export const campaignIdParamsSchema = z.strictObject({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// The planner's arithmetic.

/** A campaign's link ref: `cp` and 20 lower-case letters and digits (domain/storefront.ts's LINK_REF takes it). */
export const CAMPAIGN_REF = /^cp[a-z0-9]{20}$/;

/** The send key of a campaign's message to a contact: asked twice, it is one send. */
export const campaignSendKey = (campaignId: string, contactId: string) => `${CAMPAIGN_PURPOSE}:${campaignId}:${contactId}`;
/** The campaign a send key names; null when it is no campaign's. */
export function campaignOfSendKey(sendKey: string): string | null {
  const match = /^campaign:([0-9a-f-]{36}):/.exec(sendKey);
  return match ? match[1]! : null;
}

/** How many days `contacts` sends take under `limit` people per 24 hours (null: unlimited): at least 1. */
export function spreadDays(contacts: number, limit: number | null): number {
  if (limit === null || limit <= 0 || contacts <= limit) return 1;
  return Math.ceil(contacts / limit);
}

/**
 * How long after its day's first the `index`-th send is due when a day's sends follow one another
 * `paceMs` apart (the number's pace): the queue then hands them to the workers about as fast as they
 * may go, rather than all at once, each of the rest turned back to wait its place.
 */
export function campaignPaceOffsetMs(index: number, limit: number | null, paceMs: number): number {
  const withinDay = limit === null || limit <= 0 ? index : index % limit;
  return Math.floor(withinDay * paceMs);
}

/**
 * When the `index`-th reachable contact's message is due: day ⌊index ÷ limit⌋ after the start (each
 * day takes at most the limit, so the moving 24 hours never hold more), moved out of the quiet hours
 * on the shopper's clock, then its place in the day at `paceMs` (campaignPaceOffsetMs; none unless told).
 */
export function campaignSendDueAt(input: {
  startsAt: Date;
  index: number;
  limit: number | null;
  timeZone: string;
  quietHours?: QuietHours | null;
  paceMs?: number;
}): Date {
  const day = input.limit === null || input.limit <= 0 ? 0 : Math.floor(input.index / input.limit);
  const due = new Date(input.startsAt.getTime() + day * DAY_MS);
  const outOfQuiet = outOfQuietHours(due, input.timeZone, input.quietHours === undefined ? CAMPAIGN_QUIET_HOURS : input.quietHours);
  return new Date(outOfQuiet.getTime() + campaignPaceOffsetMs(input.index, input.limit, input.paceMs ?? 0));
}

/** A wall-clock time ('2026-12-24T10:00') in `timeZone` as an instant; null when it is not one. */
export function instantOfLocalTime(localTime: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(localTime.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const date = new Date(asUtc);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // The offset at the guess, then at the instant it gives (they differ only across a DST change).
  const first = asUtc - zoneOffsetMinutes(date, timeZone) * 60_000;
  return new Date(asUtc - zoneOffsetMinutes(new Date(first), timeZone) * 60_000);
}

/** When a campaign planned at `now` starts, or why its schedule is refused. */
export function campaignStart(
  schedule: CampaignSchedule,
  timeZone: string,
  now: Date,
): { ok: true; startsAt: Date } | { ok: false; error: MessageDescriptor } {
  if (schedule.kind === 'now') return { ok: true, startsAt: now };
  const at = instantOfLocalTime(schedule.localTime, timeZone);
  if (!at) return { ok: false, error: campaignValidation.timeInvalid };
  if (at.getTime() < now.getTime() - 60_000) return { ok: false, error: campaignValidation.timePast };
  if (at.getTime() > now.getTime() + CAMPAIGN_MAX_DAYS_AHEAD * DAY_MS) return { ok: false, error: campaignValidation.timeTooFar };
  return { ok: true, startsAt: at.getTime() < now.getTime() ? now : at };
}

/**
 * What a campaign shows: a stored active one is scheduled before its start, then sending while any
 * of its sends waits or is being sent, then finished.
 */
export function shownCampaignStatus(stored: CampaignStoredStatus, startsAt: Date | null, open: number, now: Date): CampaignStatus {
  if (stored !== 'active') return stored;
  if (startsAt && startsAt.getTime() > now.getTime()) return 'scheduled';
  return open > 0 ? 'sending' : 'finished';
}

/**
 * The value of a variable for one contact (`firstName`: theirs, or a word that greets anyone, as the
 * server's notices write it); null when the draft does not say.
 */
export function campaignValueFor(value: CampaignValue, firstName: string, catalogLink: string | null): string | null {
  switch (value.source) {
    case 'first_name':
      return firstName;
    case 'catalog_link':
      return catalogLink;
    case 'text':
      return value.text === '' ? null : value.text;
  }
}
