// The Checkouts screen's data (GET /api/v1/checkouts): the figures first — checkouts abandoned in the
// period, reminded, recovered, the recovery rate with its definition, the value recovered — and the
// list of abandoned checkouts with where their recovery stands, the shopper's number masked but the
// last four digits. Shared by the API and the screen. Figures are counted, never invented: the rate is
// recovered ÷ reminded, null when none was reminded.
import * as z from 'zod/mini';
import { checkoutStatuses, skipReasons, stopReasons } from './checkout-recovery';

export const CHECKOUTS_PAGE_SIZE = 50;
/** The longest period the figures and the list cover. */
export const CHECKOUTS_MAX_DAYS = 366;

/** GET /checkouts: an inventory (or all the account's), a period of days by when the checkout was left, a status, a page. */
export const checkoutListQuerySchema = z.object({
  inventory: z.optional(z.uuid()),
  /** Inclusive ISO dates (YYYY-MM-DD) in UTC. */
  from: z.iso.date(),
  to: z.iso.date(),
  status: z.optional(z.enum(checkoutStatuses)),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export type CheckoutListQuery = z.output<typeof checkoutListQuerySchema>;

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
});
export type CheckoutListItem = z.infer<typeof checkoutListItemSchema>;

export const checkoutFiguresSchema = z.object({
  /** Checkouts left in the period that recovery looked at (any status but waiting). */
  abandoned: z.number(),
  /** Of those, the ones that got at least one reminder. */
  reminded: z.number(),
  /** Of those, the ones whose order followed a reminder within the attribution window. */
  recovered: z.number(),
  /** recovered ÷ reminded; null when none was reminded. */
  recoveryRate: z.nullable(z.number()),
  /** The recovered checkouts' totals, by currency (minor units). */
  recoveredValue: z.array(z.object({ currency: z.string(), totalMinor: z.number() })),
  /** The skipped ones by reason: what asking for consent, a lower minimum… would be worth. */
  skipped: z.record(z.enum(skipReasons), z.number()),
});
export type CheckoutFigures = z.infer<typeof checkoutFiguresSchema>;

export const checkoutListSchema = z.object({
  figures: checkoutFiguresSchema,
  items: z.array(checkoutListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CheckoutList = z.infer<typeof checkoutListSchema>;
