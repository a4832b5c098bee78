// Checkout recovery: the words and the pure rules shared by the Checkouts screen, the recovery-flow
// machine, the API that checks an inventory's flow and the scheduler that reminds shoppers over
// WhatsApp. Where an abandoned checkout comes from, the statuses the list shows (and why one was
// skipped or stopped), the flow's settings with their refusals by field, and the clock rules: when a
// checkout counts as abandoned, when each reminder is due, and when a due reminder may go given the
// shopper's quiet hours. Every clock is an argument: nothing here reads the time.
// zod/mini: the Checkouts screen's chunk loads this.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { zoneOffsetMinutes } from './dashboard';
import { COUPON_CODE_VARIABLE } from './message-template';

// ---------------------------------------------------------------------------------------------
// The vocabulary. Wire values: add to them, never rename one.

/**
 * Where an abandoned checkout comes from: `store` (the store's checkout webhooks and its
 * abandoned checkouts read with each sync), `cart_page` (Catalyst's cart summary whose checkout
 * was opened but brought no order), `whatsapp_cart` (a cart link sent on WhatsApp and never used).
 */
export const checkoutSources = ['store', 'cart_page', 'whatsapp_cart'] as const;
export type CheckoutSource = (typeof checkoutSources)[number];

/**
 * A checkout's place in the list: `waiting` (abandoned, no reminder sent yet), `reminded` (the
 * number of the last reminder sent is kept beside it), `recovered` (an attributed order came),
 * `lost` (the flow ended without an order), `opted_out` (the shopper unsubscribed), `skipped`
 * (never messaged; the reason is kept beside it).
 */
export const checkoutStatuses = ['waiting', 'reminded', 'recovered', 'lost', 'opted_out', 'skipped'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

/**
 * Why a checkout is never messaged: the shopper's consent does not cover the reminders, no phone,
 * a cart below the flow's minimum, a recovery of this shopper began within RECOVERY_COOLDOWN_DAYS,
 * the checkout was left before the flow was switched on, or the flow is off.
 */
export const skipReasons = ['no_consent', 'no_phone', 'below_minimum', 'recently_recovered', 'before_flow_on', 'flow_off'] as const;
export type SkipReason = (typeof skipReasons)[number];

/** Why the reminders of a checkout stop, checked again just before each send (stopReason gives the order). */
export const stopReasons = ['order_placed', 'shopper_replied', 'unsubscribed', 'flow_off', 'template_not_approved'] as const;
export type StopReason = (typeof stopReasons)[number];

/** A checkout's status as the list shows it; `step` is 1-based (the reminder sent last). */
export const checkoutRecoveryStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting') }),
  z.object({ status: z.literal('reminded'), step: z.int().check(z.gte(1)) }),
  z.object({ status: z.literal('recovered') }),
  z.object({ status: z.literal('lost') }),
  z.object({ status: z.literal('opted_out') }),
  z.object({ status: z.literal('skipped'), reason: z.enum(skipReasons) }),
]);
export type CheckoutRecoveryState = z.infer<typeof checkoutRecoveryStateSchema>;

/** What fills a reminder's variable. */
export const recoveryValueSources = [
  'first_name',
  'products',
  'total',
  'checkout_url',
  'store_name',
  'discount_code',
  'discount_value',
] as const;
export type RecoveryValueSource = (typeof recoveryValueSources)[number];

/** The values only a step with a discount has. */
export const discountValueSources: readonly RecoveryValueSource[] = ['discount_code', 'discount_value'];

/**
 * The source a variable is filled from when the merchant has not said (the ready-made cart
 * reminders' variables carry these names); null: the merchant must choose.
 */
export function defaultRecoveryValueSource(variable: string): RecoveryValueSource | null {
  const known: Record<string, RecoveryValueSource> = {
    first_name: 'first_name',
    name: 'first_name',
    products: 'products',
    total: 'total',
    cart_total: 'total',
    checkout_url: 'checkout_url',
    cart_url: 'checkout_url',
    store_name: 'store_name',
    discount_code: 'discount_code',
    [COUPON_CODE_VARIABLE]: 'discount_code',
    discount: 'discount_value',
    discount_value: 'discount_value',
  };
  return Object.hasOwn(known, variable) ? known[variable]! : null;
}

/** A discount code made for one shopper at send time: a percentage, or an amount off in the store's currency. */
export const discountKinds = ['percentage', 'amount'] as const;
export type DiscountKind = (typeof discountKinds)[number];

// ---------------------------------------------------------------------------------------------
// Limits and defaults.

export const RECOVERY_MAX_STEPS = 3;
export const RECOVERY_MIN_DELAY_MINUTES = 15;
export const RECOVERY_MAX_DELAY_MINUTES = 7 * 24 * 60;
/** The ready-made flow's delays: one hour, one day, three days. */
export const DEFAULT_STEP_DELAYS_MINUTES = [60, 24 * 60, 72 * 60] as const;
/** At most one recovery per shopper in this many days. */
export const RECOVERY_COOLDOWN_DAYS = 7;
/** An order within this many days of a reminder counts as recovered. */
export const RECOVERY_ATTRIBUTION_DAYS = 7;
export const DISCOUNT_MIN_EXPIRY_HOURS = 1;
export const DISCOUNT_MAX_EXPIRY_HOURS = 30 * 24;
export const DEFAULT_DISCOUNT_EXPIRY_HOURS = 48;
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '09:00' } as const;

const TEMPLATE_NAME_MAX = 512;
const VARIABLE_NAME_MAX = 64;
/** Bounds of what the schema takes; the refusals below say what holds. */
const STEPS_BOUND = 10;
const CLOCK_TEXT_BOUND = 16;

// ---------------------------------------------------------------------------------------------
// The flow's settings, per inventory.

export const recoveryDiscountSchema = z.object({
  kind: z.enum(discountKinds),
  /** `percentage`: percent off (10 is 10 %); `amount`: minor units of the store's currency. */
  value: z.number(),
  /** How long the code lasts after it is made (at send time). */
  expiresInHours: z.int(),
});
export type RecoveryDiscount = z.infer<typeof recoveryDiscountSchema>;

/**
 * One reminder. No language is chosen here: as with order notices, the template's name stands for
 * all its approved languages and the shopper's language (the contact's, the checkout's locale,
 * else the number's country's) picks one at send time.
 */
export const recoveryStepSchema = z.object({
  /** From the checkout's last activity (see stepDueAt). */
  delayMinutes: z.int(),
  /** The template's name on the sending number's WhatsApp Business Account; null: none picked yet. */
  templateName: z.nullable(z.string().check(z.minLength(1), z.maxLength(TEMPLATE_NAME_MAX))),
  /** Each of the template's variables and what fills it. */
  variables: z.record(z.string().check(z.minLength(1), z.maxLength(VARIABLE_NAME_MAX)), z.enum(recoveryValueSources)),
  discount: z._default(z.nullable(recoveryDiscountSchema), null),
});
export type RecoveryStep = z.infer<typeof recoveryStepSchema>;

/** Local wall-clock times, 'HH:MM' (24 h), in the shopper's zone; a window from `start` (included) to `end` (excluded). */
export const quietHoursSchema = z.object({
  start: z.string().check(z.maxLength(CLOCK_TEXT_BOUND)),
  end: z.string().check(z.maxLength(CLOCK_TEXT_BOUND)),
});
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const recoveryFlowSchema = z.object({
  enabled: z.boolean(),
  /** When the flow was last switched on (ISO); null while off. The server sets it (enabledAtAfterSave), never the browser. */
  enabledAt: z.nullable(z.iso.datetime({ offset: true })),
  /** The connected number the reminders go from; null: none chosen. */
  channelId: z.nullable(z.uuid()),
  steps: z.array(recoveryStepSchema).check(z.maxLength(STEPS_BOUND)),
  /** Carts below this total (minor units of the store's currency) are skipped; 0: every cart. */
  minimumCartMinor: z.int(),
  /** null: reminders go at any hour. */
  quietHours: z.nullable(quietHoursSchema),
});
export type RecoveryFlow = z.infer<typeof recoveryFlowSchema>;
export type RecoveryFlowInput = z.input<typeof recoveryFlowSchema>;

/**
 * An inventory's flow before the merchant saved one: off, the ready-made cart reminders at one
 * hour, one day and three days, quiet hours 21:00–09:00. The third ready-made reminder offers a
 * code, so its step carries a 10 % discount for two days; the merchant sees it before switching on.
 */
export function defaultRecoveryFlow(): RecoveryFlow {
  const shopper = { first_name: 'first_name', cart_url: 'checkout_url' } as const;
  const [first, second, third] = DEFAULT_STEP_DELAYS_MINUTES;
  return {
    enabled: false,
    enabledAt: null,
    channelId: null,
    steps: [
      { delayMinutes: first, templateName: 'cart_reminder_1', variables: { ...shopper }, discount: null },
      { delayMinutes: second, templateName: 'cart_reminder_2', variables: { ...shopper }, discount: null },
      {
        delayMinutes: third,
        templateName: 'cart_reminder_3',
        variables: { ...shopper, discount: 'discount_value', [COUPON_CODE_VARIABLE]: 'discount_code' },
        discount: { kind: 'percentage', value: 10, expiresInHours: DEFAULT_DISCOUNT_EXPIRY_HOURS },
      },
    ],
    minimumCartMinor: 0,
    quietHours: { ...DEFAULT_QUIET_HOURS },
  };
}

/**
 * When the flow counts as switched on after a save at `now`: kept while it stays on, `now` when it
 * is switched on (again), null when off. Checkouts left before that moment are never messaged.
 */
export function enabledAtAfterSave(
  previous: Pick<RecoveryFlow, 'enabled' | 'enabledAt'> | null,
  enabled: boolean,
  now: Date,
): string | null {
  if (!enabled) return null;
  if (previous?.enabled && previous.enabledAt !== null) return previous.enabledAt;
  return now.toISOString();
}

// ---------------------------------------------------------------------------------------------
// Refusals, by field: `steps`, `steps.<i>.delayMinutes`, `steps.<i>.templateName`,
// `steps.<i>.variables.<name>`, `steps.<i>.discount.value`, `steps.<i>.discount.expiresInHours`,
// `channelId`, `minimumCartMinor`, `quietHours.start`, `quietHours.end` (i from 0).

export const recoveryFlowRefusals = {
  stepCount: /*i18n*/ { id: 'recovery.step_count', message: 'A recovery flow has one to three reminders.' },
  delayOutOfRange: /*i18n*/ {
    id: 'recovery.delay_out_of_range',
    message: 'A reminder goes between 15 minutes and 7 days after the shopper left the checkout.',
  },
  delayNotIncreasing: /*i18n*/ { id: 'recovery.delay_not_increasing', message: 'Each reminder goes later than the one before it.' },
  channelMissing: /*i18n*/ { id: 'recovery.channel_missing', message: 'Choose the WhatsApp number the reminders go from.' },
  templateMissing: /*i18n*/ { id: 'recovery.template_missing', message: 'Choose the template this reminder sends.' },
  percentageOutOfRange: /*i18n*/ {
    id: 'recovery.percentage_out_of_range',
    message: 'A percentage discount is more than 0 and at most 100.',
  },
  amountNotPositive: /*i18n*/ { id: 'recovery.amount_not_positive', message: 'A discount amount is more than zero.' },
  expiryOutOfRange: /*i18n*/ { id: 'recovery.expiry_out_of_range', message: 'A discount code lasts from 1 hour to 30 days.' },
  sourceNeedsDiscount: /*i18n*/ {
    id: 'recovery.source_needs_discount',
    message: 'This reminder has no discount: add one, or choose another value for this variable.',
  },
  minimumNegative: /*i18n*/ { id: 'recovery.minimum_negative', message: 'The minimum cart value cannot be negative.' },
  minimumNotANumber: /*i18n*/ {
    id: 'recovery.minimum_not_a_number',
    message: 'Enter the minimum cart value as a number, such as 25.00 (0: every cart).',
  },
  quietHoursMalformed: /*i18n*/ { id: 'recovery.quiet_hours_malformed', message: 'Enter a time as HH:MM, from 00:00 to 23:59.' },
  quietHoursEmpty: /*i18n*/ { id: 'recovery.quiet_hours_empty', message: 'Quiet hours end at another time than they start.' },
  // The server's refusals, once it has looked the number and its templates up.
  channelUnknown: /*i18n*/ { id: 'recovery.channel_unknown', message: 'This WhatsApp number is not connected to your account.' },
  templateUnknown: /*i18n*/ {
    id: 'recovery.template_unknown',
    message: 'This number has no template of that name. Refresh its templates, or submit one first.',
  },
  templateNotApproved: /*i18n*/ {
    id: 'recovery.template_not_approved',
    message: 'Meta has not approved this template in any language yet: it can be chosen once it is approved.',
  },
  variableUnmapped: /*i18n*/ { id: 'recovery.variable_unmapped', message: 'Choose what fills this variable.' },
  variableUnknown: /*i18n*/ { id: 'recovery.variable_unknown', message: 'The template has no variable of this name.' },
} as const satisfies Record<string, MessageDescriptor>;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since local midnight of an 'HH:MM' time (00:00 to 23:59); null when it is not one. */
export function clockMinutes(text: string): number | null {
  const match = CLOCK.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * What the submitted flow breaks, one refusal per field (the first rule broken), by field path;
 * empty: it holds. The number and templates are only required while the flow is on; the delays,
 * discounts, minimum and quiet hours always hold, so a saved flow can be switched on as it is.
 * Whether the number and templates exist and are approved is the server's to check.
 */
export function recoveryFlowRefusalsOf(flow: RecoveryFlow): Record<string, MessageDescriptor> {
  const r = recoveryFlowRefusals;
  const fields: Record<string, MessageDescriptor> = {};
  if (flow.steps.length < 1 || flow.steps.length > RECOVERY_MAX_STEPS) fields.steps = r.stepCount;
  if (flow.enabled && flow.channelId === null) fields.channelId = r.channelMissing;

  flow.steps.forEach((step, index) => {
    const at = `steps.${index}`;
    const previous = flow.steps[index - 1];
    if (step.delayMinutes < RECOVERY_MIN_DELAY_MINUTES || step.delayMinutes > RECOVERY_MAX_DELAY_MINUTES)
      fields[`${at}.delayMinutes`] = r.delayOutOfRange;
    else if (previous && step.delayMinutes <= previous.delayMinutes) fields[`${at}.delayMinutes`] = r.delayNotIncreasing;

    if (flow.enabled && step.templateName === null) fields[`${at}.templateName`] = r.templateMissing;

    for (const [variable, source] of Object.entries(step.variables))
      if (step.discount === null && discountValueSources.includes(source)) fields[`${at}.variables.${variable}`] = r.sourceNeedsDiscount;

    const { discount } = step;
    if (discount) {
      if (discount.kind === 'percentage' && !(discount.value > 0 && discount.value <= 100))
        fields[`${at}.discount.value`] = r.percentageOutOfRange;
      // An amount is in minor units: a whole number.
      if (discount.kind === 'amount' && !(discount.value > 0 && Number.isInteger(discount.value)))
        fields[`${at}.discount.value`] = r.amountNotPositive;
      if (discount.expiresInHours < DISCOUNT_MIN_EXPIRY_HOURS || discount.expiresInHours > DISCOUNT_MAX_EXPIRY_HOURS)
        fields[`${at}.discount.expiresInHours`] = r.expiryOutOfRange;
    }
  });

  // Minor units: a whole number (a blank or unreadable field reaches here as NaN).
  if (!Number.isInteger(flow.minimumCartMinor)) fields.minimumCartMinor = r.minimumNotANumber;
  else if (flow.minimumCartMinor < 0) fields.minimumCartMinor = r.minimumNegative;

  if (flow.quietHours) {
    const start = clockMinutes(flow.quietHours.start);
    const end = clockMinutes(flow.quietHours.end);
    if (start === null) fields['quietHours.start'] = r.quietHoursMalformed;
    if (end === null) fields['quietHours.end'] = r.quietHoursMalformed;
    else if (start !== null && start === end) fields['quietHours.end'] = r.quietHoursEmpty;
  }
  return fields;
}

// ---------------------------------------------------------------------------------------------
// When: abandonment and the reminders' times.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Demo time: the scale (DEMO_TIME_SCALE; 1 but in a demo) a flow's delays and the first look at a
 * checkout are divided by, so a newcomer watches a whole flow in minutes (60: an hour in a minute).
 * A compressed day has no night, so quiet hours are not applied then; the 7-day windows (one recovery
 * per shopper, attribution) keep their length.
 */
export const MAX_DEMO_TIME_SCALE = 3_600;
/** A flow's `minutes` as milliseconds of the clock at `scale`. */
export const scaledMinutesMs = (minutes: number, scale = 1) => (minutes * MINUTE_MS) / scale;

/** What the rules need of a checkout: its last activity, whether it was completed, the phone it carries. */
export type CheckoutActivity = { updatedAt: Date; completedAt: Date | null; phone: string | null };

const hasPhone = (phone: string | null) => phone !== null && phone.trim() !== '';

/**
 * The moment a checkout counts as abandoned: its last activity plus the flow's first delay; null
 * when it never will (no phone to remind, or completed). A later update moves the moment on.
 */
export function abandonedAt(checkout: CheckoutActivity, firstDelayMinutes: number, scale = 1): Date | null {
  if (!hasPhone(checkout.phone) || checkout.completedAt !== null) return null;
  return new Date(checkout.updatedAt.getTime() + scaledMinutesMs(firstDelayMinutes, scale));
}

/** Whether the checkout counts as abandoned at `now`. */
export function isAbandoned(checkout: CheckoutActivity, firstDelayMinutes: number, now: Date, scale = 1): boolean {
  const at = abandonedAt(checkout, firstDelayMinutes, scale);
  return at !== null && now.getTime() >= at.getTime();
}

/**
 * When reminder `stepIndex` (from 0) is due: the checkout's last activity (`abandonedBase`, its
 * updatedAt) plus that step's own delay. Every delay counts from that same moment, not from the
 * reminder before: the schedule is fixed once the shopper leaves, a reminder held back (quiet
 * hours, an outage) does not push the later ones back, and since delays increase, the order holds.
 * The first step's due time is the abandonment moment itself (abandonedAt).
 */
export function stepDueAt(abandonedBase: Date, stepIndex: number, flow: Pick<RecoveryFlow, 'steps'>, scale = 1): Date {
  const step = flow.steps[stepIndex];
  if (!Number.isInteger(stepIndex) || !step) throw new RangeError(`The flow has no step ${stepIndex}`);
  return new Date(abandonedBase.getTime() + scaledMinutesMs(step.delayMinutes, scale));
}

/** Milliseconds since local midnight at `instant` in the zone. */
const localTimeOfDay = (instant: number, timeZone: string) => {
  const local = instant + zoneOffsetMinutes(new Date(instant), timeZone) * MINUTE_MS;
  return ((local % DAY_MS) + DAY_MS) % DAY_MS;
};

/** The first instant after `from` where the zone's offset differs from its offset at `from`, knowing it does by `to`. */
function offsetChangeBetween(from: number, to: number, timeZone: string): number {
  const offset = zoneOffsetMinutes(new Date(from), timeZone);
  let before = from;
  let after = to;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (zoneOffsetMinutes(new Date(middle), timeZone) === offset) before = middle;
    else after = middle;
  }
  return after;
}

/**
 * The first instant at or after `due` outside the quiet hours, read on the wall clock of the IANA
 * zone `timeZone` (the shopper's): `due` itself when it is outside them (or there are none), else
 * the moment the window ends. Windows may cross midnight (21:00–09:00) or not (13:00–14:00). Across
 * a DST change the wall clock decides: the end is found on the clock as it then reads, and where a
 * jump skips the end (or leaps out of the window) the jump is the moment. Throws RangeError for a
 * zone this runtime does not know. Quiet hours that start and end at the same time are no window
 * (the refusals forbid them).
 */
export function outOfQuietHours(due: Date, timeZone: string, quietHours: QuietHours | null): Date {
  if (quietHours === null) return due;
  const startMinutes = clockMinutes(quietHours.start);
  const endMinutes = clockMinutes(quietHours.end);
  if (startMinutes === null || endMinutes === null) throw new RangeError(`Not quiet hours: ${quietHours.start}–${quietHours.end}`);
  if (startMinutes === endMinutes) return due;
  const start = startMinutes * MINUTE_MS;
  const end = endMinutes * MINUTE_MS;
  const inside = (time: number) => (start < end ? time >= start && time < end : time >= start || time < end);

  let instant = due.getTime();
  // Each round either ends on the window's end or moves to an offset change: a day holds at most one.
  for (let round = 0; round < 8; round++) {
    const time = localTimeOfDay(instant, timeZone);
    if (!inside(time)) return new Date(instant);
    const untilEnd = (end - time + DAY_MS) % DAY_MS;
    const candidate = instant + untilEnd;
    if (zoneOffsetMinutes(new Date(candidate), timeZone) === zoneOffsetMinutes(new Date(instant), timeZone)) return new Date(candidate);
    instant = offsetChangeBetween(instant, candidate, timeZone);
  }
  return new Date(instant);
}

/** When reminder `stepIndex` may go: its due time, moved out of the shopper's quiet hours (none in demo time). */
export function reminderSendAt(
  abandonedBase: Date,
  stepIndex: number,
  flow: Pick<RecoveryFlow, 'steps' | 'quietHours'>,
  timeZone: string,
  scale = 1,
): Date {
  const due = stepDueAt(abandonedBase, stepIndex, flow, scale);
  return scale === 1 ? outOfQuietHours(due, timeZone, flow.quietHours) : due;
}

// ---------------------------------------------------------------------------------------------
// Whether: skipping a checkout, stopping its reminders.

/** What skipReason weighs about one abandoned checkout. */
export type SkipFacts = {
  flow: Pick<RecoveryFlow, 'enabled' | 'enabledAt' | 'minimumCartMinor'>;
  checkout: { updatedAt: Date; phone: string | null; totalMinor: number };
  /** Whether the shopper's consent covers the reminder template's category. */
  consented: boolean;
  /** When the shopper's latest recovery of another checkout began (its first reminder); null: none. */
  lastRecoveryStartedAt: Date | null;
  now: Date;
};

/**
 * Why an abandoned checkout is never messaged, or null when it may be. The flow's own state first
 * (off; left before it was switched on), then what no consent could change (no phone, a small
 * cart, a recent recovery), consent last: the 'skipped: no consent' count is then the checkouts
 * that asking for consent would have let the flow remind.
 */
export function skipReason({ flow, checkout, consented, lastRecoveryStartedAt, now }: SkipFacts): SkipReason | null {
  if (!flow.enabled || flow.enabledAt === null) return 'flow_off';
  // Shopify's times are whole seconds: a checkout left in the second the flow was switched on is not older.
  if (checkout.updatedAt.getTime() < Math.floor(Date.parse(flow.enabledAt) / 1000) * 1000) return 'before_flow_on';
  if (!hasPhone(checkout.phone)) return 'no_phone';
  if (checkout.totalMinor < flow.minimumCartMinor) return 'below_minimum';
  if (lastRecoveryStartedAt !== null && now.getTime() - lastRecoveryStartedAt.getTime() < RECOVERY_COOLDOWN_DAYS * DAY_MS)
    return 'recently_recovered';
  if (!consented) return 'no_consent';
  return null;
}

/** What stopReason weighs just before a reminder goes. */
export type StopFacts = {
  orderPlaced: boolean;
  shopperReplied: boolean;
  unsubscribed: boolean;
  flowOff: boolean;
  templateApproved: boolean;
};

/**
 * The reason the reminders stop, or null when the next may go. The order placed comes first (once
 * the shopper bought, no other reason matters), then the opt-out (a 'PARAR' is a reply too, but what
 * it says is the opt-out), the shopper's reply (the conversation takes over), the flow switched off,
 * and the template no longer approved.
 */
export function stopReason(facts: StopFacts): StopReason | null {
  if (facts.orderPlaced) return 'order_placed';
  if (facts.unsubscribed) return 'unsubscribed';
  if (facts.shopperReplied) return 'shopper_replied';
  if (facts.flowOff) return 'flow_off';
  if (!facts.templateApproved) return 'template_not_approved';
  return null;
}
