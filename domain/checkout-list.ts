// The Checkouts screen's data (GET /api/v1/checkouts): the figures first — checkouts abandoned in the
// period, reminded, recovered, the recovery rate with its definition, the value recovered, the
// reminders' cost and the return on it, the discount codes used, each beside the previous period's —
// and the list of abandoned checkouts with where their recovery stands, the shopper's number masked
// but the last four digits. Shared by the API and the screen. Figures are counted, never invented: the
// rate is recovered ÷ reminded, null when none was reminded; the return is value ÷ cost only where both
// are money of one currency. Also one checkout with its timeline (GET /api/v1/checkouts/:id) and the
// list's query as a CSV export (GET /api/v1/checkouts/export.csv).
import * as z from 'zod/mini';
import { checkoutSources, checkoutStatuses, skipReasons, stopReasons } from './checkout-recovery';
import { daysInRange } from './dashboard';
import { isStorableText } from './storable-values';
import { templateSendStatuses } from './template-send';

export const CHECKOUTS_PAGE_SIZE = 50;
/** The longest period the figures and the list cover. */
export const CHECKOUTS_MAX_DAYS = 366;
/** The longest search the list takes. */
export const CHECKOUT_SEARCH_MAX = 64;

// Days from 1970 to 9998: the period's days, the day after it and the previous period's stay storable instants.
const periodDay = z.iso
  .date()
  .check(
    z.refine((value) => value >= '1970-01-01' && value <= '9998-12-31', { error: 'A day from 1970-01-01 to 9998-12-31.', abort: true }),
  );

/** `from` up to `to`, at most CHECKOUTS_MAX_DAYS days. */
const periodInRange = z.refine<{ from: string; to: string }>(
  (query) => query.from <= query.to && daysInRange(query.from, query.to) <= CHECKOUTS_MAX_DAYS,
  { error: `The period runs from \`from\` to \`to\`, at most ${CHECKOUTS_MAX_DAYS} days.`, path: ['to'] },
);

/**
 * The export's query: an inventory (or all the account's), a period of days by when the checkout was
 * left, a status, a search. `q` finds the shoppers whose first name holds it (case and accents aside)
 * and, when it is written as a number (digits, spaces, `+ ( ) . -`), the numbers ending in its digits.
 */
const checkoutQueryShape = {
  inventory: z.optional(z.uuid()),
  /** Inclusive ISO dates (YYYY-MM-DD) in UTC. */
  from: periodDay,
  to: periodDay,
  status: z.optional(z.enum(checkoutStatuses)),
  q: z._default(
    z
      .string()
      .check(
        z.refine(isStorableText, { error: 'The search holds a character that cannot be searched for.', abort: true }),
        z.trim(),
        z.maxLength(CHECKOUT_SEARCH_MAX, { error: `The search is longer than ${CHECKOUT_SEARCH_MAX} characters.` }),
      ),
    '',
  ),
};

/** GET /checkouts/export.csv: the list's query, every page of it. */
export const checkoutExportQuerySchema = z.object(checkoutQueryShape).check(periodInRange);
export type CheckoutExportQuery = z.output<typeof checkoutExportQuerySchema>;

/** GET /checkouts: the export's query and a page. */
export const checkoutListQuerySchema = z
  .object({ ...checkoutQueryShape, page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1) })
  .check(periodInRange);
export type CheckoutListQuery = z.output<typeof checkoutListQuerySchema>;

/** The digits of a search written as a number (`98765-4321`, `+55 11 …`); null for any other text. */
export const searchedDigits = (q: string): string | null => (/\d/.test(q) && /^[\d\s+().-]+$/.test(q) ? q.replace(/\D/g, '') : null);

/** `+55 11 98765-4321` → `•••• 4321`: enough for the merchant to tell shoppers apart, not to write to them. */
export const maskedPhone = (phone: string | null): string | null => (phone ? `•••• ${phone.replace(/\D/g, '').slice(-4)}` : null);

export const checkoutListItemSchema = z.object({
  id: z.string(),
  inventoryId: z.string(),
  /** The shopper's number masked but its last four digits; null: none given. */
  phone: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  totalMinor: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  items: z.number(),
  startedAt: z.string(),
  /** The shopper's last change at the checkout: the abandonment clock runs from it. */
  lastActivityAt: z.string(),
  completedAt: z.nullable(z.string()),
  status: z.enum(checkoutStatuses),
  /** Why it was skipped or stopped; null otherwise. */
  reason: z.nullable(z.enum([...skipReasons, ...stopReasons])),
  remindersSent: z.number(),
  /** Where it came from: the store's checkout, or one of Catalyst's own carts (absent: not said, read as the store's). */
  source: z.optional(z.enum(checkoutSources)),
});
export type CheckoutListItem = z.infer<typeof checkoutListItemSchema>;

/** The currency Meta prices messages in, as the sender records their cost (micros: millionths of it). */
export const MESSAGE_COST_CURRENCY = 'USD';

/**
 * Why a period has no return on its messages' cost: nothing was spent (or no price was recorded), the
 * value recovered is in several currencies, or in another currency than the cost's (no exchange rate is
 * assumed).
 */
export const returnWithheldReasons = ['no_cost', 'several_currencies', 'other_currency'] as const;
export type ReturnWithheld = (typeof returnWithheldReasons)[number];

export type RecoveredValue = { currency: string; totalMinor: number }[];

/**
 * Recovered value ÷ messages' cost as a multiple (3 is three dollars back for each dollar the reminders
 * cost), or why there is none. Nothing recovered is a return of 0 whatever the cost's currency. Money
 * in minor units (cents: the cost's currency has two decimals) over USD micros.
 */
export function returnOnCost(
  recoveredValue: RecoveredValue,
  costMicros: number,
): { returnOnCost: number; returnWithheld: null } | { returnOnCost: null; returnWithheld: ReturnWithheld } {
  if (costMicros <= 0) return { returnOnCost: null, returnWithheld: 'no_cost' };
  const values = recoveredValue.filter((value) => value.totalMinor !== 0);
  if (values.length === 0) return { returnOnCost: 0, returnWithheld: null };
  if (values.length > 1) return { returnOnCost: null, returnWithheld: 'several_currencies' };
  if (values[0]!.currency !== MESSAGE_COST_CURRENCY) return { returnOnCost: null, returnWithheld: 'other_currency' };
  return { returnOnCost: (values[0]!.totalMinor * 10_000) / costMicros, returnWithheld: null };
}

const periodFiguresShape = {
  /** Checkouts left in the period that recovery looked at (any status but waiting). */
  abandoned: z.number(),
  /** Of those, the ones that got at least one reminder. */
  reminded: z.number(),
  /** Of those, the ones whose order followed a reminder within the attribution window. */
  recovered: z.number(),
  /** recovered ÷ reminded; null when none was reminded. */
  recoveryRate: z.nullable(z.number()),
  /** The recovered checkouts' order values net of refunds, by currency (minor units). */
  recoveredValue: z.array(z.object({ currency: z.string(), totalMinor: z.number() })),
  /** The price of those checkouts' reminders as the sender recorded each (Meta's rate card of its day), USD micros. */
  messagesCostMicros: z.number(),
  /** recoveredValue ÷ messagesCostMicros as a multiple (returnOnCost above); null when returnWithheld says why not. */
  returnOnCost: z.nullable(z.number()),
  returnWithheld: z.nullable(z.enum(returnWithheldReasons)),
  /** Of the recovered ones, those whose order used the discount code made for their reminder. */
  discountCodesUsed: z.number(),
};
export const checkoutPeriodFiguresSchema = z.object(periodFiguresShape);
export type CheckoutPeriodFigures = z.infer<typeof checkoutPeriodFiguresSchema>;

export const checkoutFiguresSchema = z.object({
  ...periodFiguresShape,
  /** The skipped ones by reason: what asking for consent, a lower minimum… would be worth. */
  skipped: z.record(z.enum(skipReasons), z.number()),
  /** The same figures of the period of as many days just before (inclusive UTC dates; domain/dashboard.ts previousPeriod). */
  previous: z.object({ from: z.string(), to: z.string(), ...periodFiguresShape }),
});
export type CheckoutFigures = z.infer<typeof checkoutFiguresSchema>;

export const checkoutListSchema = z.object({
  figures: checkoutFiguresSchema,
  items: z.array(checkoutListItemSchema),
  /** The list's length as filtered (status, search); the figures are the period's whatever the filters. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CheckoutList = z.infer<typeof checkoutListSchema>;

// ---------------------------------------------------------------------------------------------
// One checkout with its timeline (GET /checkouts/:id).

/** A checkout's id in a path: the list item's `id` (digits). */
export const checkoutIdParamsSchema = z.strictObject({ id: z.string().check(z.regex(/^[1-9][0-9]{0,14}$/)) });

/**
 * What happened to a checkout, in time order. `at` is null where the moment is not recorded (a skip,
 * a stop, sometimes a recovery): the event then sits where it happened, after what led to it.
 * - `started`, `last_activity`: the shopper's (the abandonment clock runs from the last activity);
 * - `abandoned`: once recovery looked at it, the moment its flow counts it abandoned (the last activity
 *   plus the flow's first delay);
 * - `reminder`: a message asked of the sender, with its delivery as the sender records it (`status`,
 *   `reason` when it failed, Meta's price in USD micros once sent, `sentAt` when Meta took it);
 * - `discount_code`: the store's single-use code made for reminder `step`;
 * - `skipped`, `stopped`: why it was never messaged, or why the reminders stopped;
 * - `completed`: the order was placed from it; `recovered`: placed after a reminder, within the
 *   attribution window; `lost`: the window after the last reminder ended without an order.
 */
export const checkoutTimelineEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('started'), at: z.string() }),
  z.object({ kind: z.literal('last_activity'), at: z.string() }),
  z.object({ kind: z.literal('abandoned'), at: z.string() }),
  z.object({
    kind: z.literal('reminder'),
    /** When Meta took it, else when it was asked for. */
    at: z.string(),
    step: z.number(),
    templateName: z.string(),
    language: z.string(),
    status: z.enum(templateSendStatuses),
    /** Why it waits or failed (the sender's stable reason, domain/template-send.ts); null otherwise. */
    reason: z.nullable(z.string()),
    /** Meta's price of it, USD micros; null until sent or when not recorded. */
    costMicros: z.nullable(z.number()),
    askedAt: z.string(),
    sentAt: z.nullable(z.string()),
  }),
  z.object({ kind: z.literal('discount_code'), at: z.string(), step: z.number(), code: z.string() }),
  z.object({ kind: z.literal('skipped'), at: z.nullable(z.string()), reason: z.enum(skipReasons) }),
  z.object({ kind: z.literal('stopped'), at: z.nullable(z.string()), reason: z.enum(stopReasons) }),
  z.object({ kind: z.literal('completed'), at: z.string() }),
  /** Null when the order that recovered it gave the checkout no completion time. */
  z.object({ kind: z.literal('recovered'), at: z.nullable(z.string()) }),
  z.object({ kind: z.literal('lost'), at: z.string() }),
]);
export type CheckoutTimelineEvent = z.infer<typeof checkoutTimelineEventSchema>;

/** One checkout: the list's item, its inventory's name, what it held, and its timeline. */
export const checkoutDetailSchema = z.extend(checkoutListItemSchema, {
  inventoryName: z.string(),
  lines: z.array(z.object({ title: z.string(), quantity: z.number() })),
  timeline: z.array(checkoutTimelineEventSchema),
});
export type CheckoutDetail = z.infer<typeof checkoutDetailSchema>;
