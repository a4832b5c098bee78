// The Solutions screen's answer (GET /api/v1/solutions): one entry per solution the landing page
// names — catalog filter, AI personal shopper, campaigns, website widget, cart recovery, post-sale
// notices — each set up or not, what it runs on (inventories, numbers, campaigns by name), the first
// step still missing, and its headline figure over the last SOLUTIONS_DAYS days of the account's zone
// (a count, or money by currency). Shared by the API and the screen; zod/mini, no Lingui macros.
import * as z from 'zod/mini';

/** The headline figures cover this many days, today included, in the account's time zone. */
export const SOLUTIONS_DAYS = 30;

/** The solutions in the order the screen shows them. */
export const solutionIds = ['catalog_filter', 'ai_shopper', 'campaigns', 'website_widget', 'cart_recovery', 'post_sale_notices'] as const;
export type SolutionId = (typeof solutionIds)[number];

export const solutionStates = ['set_up', 'not_set_up'] as const;
export type SolutionState = (typeof solutionStates)[number];

/**
 * What a solution waits for, the first missing of: a configured inventory whose catalog synced, an
 * active AI base, a connected WhatsApp number (answering with an active base, for the personal
 * shopper), a campaign planned, an inventory's recovery flow switched on, an inventory's post-sale
 * notices switched on, the website widget configured.
 */
export const solutionSteps = ['inventory', 'ai_base', 'channel', 'campaign', 'recovery_flow', 'notices', 'widget'] as const;
export type SolutionStep = (typeof solutionSteps)[number];

/**
 * What a headline figure counts: public catalog page views, AI answers on WhatsApp, campaign
 * messages Meta took, the value of orders recovered from abandoned checkouts (net of refunds, by
 * currency: no exchange rate is assumed), post-sale notices Meta took.
 */
export const solutionMeasures = [
  'catalog_accesses',
  'ai_answers',
  'campaign_messages',
  'widget_conversations',
  'recovered_sales',
  'notices_sent',
] as const;
export type SolutionMeasure = (typeof solutionMeasures)[number];

export const solutionAmountSchema = z.object({ currency: z.string(), minor: z.int() });
export type SolutionAmount = z.infer<typeof solutionAmountSchema>;

export const solutionFigureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('count'), measure: z.enum(solutionMeasures), count: z.int() }),
  /** Money in minor units, one amount per currency, largest first; none when nothing was counted and no store's currency is known. */
  z.object({ kind: z.literal('money'), measure: z.enum(solutionMeasures), amounts: z.array(solutionAmountSchema) }),
]);
export type SolutionFigure = z.infer<typeof solutionFigureSchema>;

/** Something a solution runs on: an inventory, a number answering with its AI base (`name`), a campaign; `number` is the WhatsApp number it goes through. */
export const solutionPlaceSchema = z.object({ id: z.string(), name: z.string(), number: z.nullable(z.string()) });
export type SolutionPlace = z.infer<typeof solutionPlaceSchema>;

export const solutionSchema = z.object({
  id: z.enum(solutionIds),
  state: z.enum(solutionStates),
  /** The first step missing; null once it is set up. */
  next: z.nullable(z.enum(solutionSteps)),
  /** Where it is on, oldest first (empty while not set up). */
  on: z.array(solutionPlaceSchema),
  /**
   * The inventory whose screen sets it (recovery and notices are set per inventory): the first it is on
   * for, else the first configured one; null for the others and without an inventory.
   */
  inventoryId: z.nullable(z.string()),
  /** The last days' headline figure (the widget's: its chats on the sites and the WhatsApp conversations it handed over). */
  figure: z.nullable(solutionFigureSchema),
});
export type Solution = z.infer<typeof solutionSchema>;

export const solutionsSchema = z.object({
  /** The days the figures cover (both counted) and the zone they were cut in: the account's, UTC until it has one. */
  range: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  solutions: z.array(solutionSchema),
});
export type Solutions = z.infer<typeof solutionsSchema>;
