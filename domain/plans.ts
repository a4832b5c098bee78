// Free of zod: the landing page renders this table, and its JS should not bring zod along. The
// schemas of these types (the API's /me answer, staff routes) are in ./plan-schemas.
import type { Locale } from './locales';

export const planIds = ['basic', 'start', 'lite', 'premium_plus', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const mediaTypes = ['text', 'vision', 'file', 'voice'] as const;
export type MediaType = (typeof mediaTypes)[number];

export const queryAllowanceBounds = ['up_to', 'more_than'] as const;

/**
 * Queries a month: `up_to` is a cap ("up to 1,000"); `more_than` is a floor agreed per contract
 * ("more than 20,000"), so it caps nothing by itself. `count` is a non-negative integer.
 */
export type QueryAllowance = { bound: (typeof queryAllowanceBounds)[number]; count: number };

/** Counts are non-negative integers. */
export type PlanLimits = {
  aiBases: number;
  trainingsPerMonth: number;
  queriesPerMonth: QueryAllowance;
  mediaTypes: MediaType[];
};

export const currencies = ['USD', 'BRL'] as const;
export type Currency = (typeof currencies)[number];

/** Money in minor units (cents, centavos): 349.00 is 34900, 0.88 is 88. No floats for money. */
export type PlanPrice = { monthlyCents: number; extraQueryCents: number };

export type Plan = {
  id: PlanId;
  /** The product name, the same in every language. */
  name: string;
  limits: PlanLimits;
  prices: Record<Currency, PlanPrice>;
};

const upTo = (count: number): QueryAllowance => ({ bound: 'up_to', count });

export const plans: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    limits: { aiBases: 1, trainingsPerMonth: 2, queriesPerMonth: upTo(1_000), mediaTypes: ['text'] },
    prices: { USD: { monthlyCents: 349_00, extraQueryCents: 88 }, BRL: { monthlyCents: 699_00, extraQueryCents: 175 } },
  },
  start: {
    id: 'start',
    name: 'Start',
    limits: { aiBases: 2, trainingsPerMonth: 4, queriesPerMonth: upTo(2_500), mediaTypes: ['text', 'vision'] },
    prices: { USD: { monthlyCents: 499_00, extraQueryCents: 63 }, BRL: { monthlyCents: 999_00, extraQueryCents: 125 } },
  },
  lite: {
    id: 'lite',
    name: 'Lite',
    limits: { aiBases: 3, trainingsPerMonth: 8, queriesPerMonth: upTo(5_000), mediaTypes: ['text', 'vision', 'file'] },
    prices: { USD: { monthlyCents: 849_00, extraQueryCents: 55 }, BRL: { monthlyCents: 1599_00, extraQueryCents: 106 } },
  },
  premium_plus: {
    id: 'premium_plus',
    name: 'Premium+',
    limits: { aiBases: 5, trainingsPerMonth: 16, queriesPerMonth: upTo(10_000), mediaTypes: ['text', 'vision', 'file', 'voice'] },
    prices: { USD: { monthlyCents: 1749_00, extraQueryCents: 45 }, BRL: { monthlyCents: 3499_00, extraQueryCents: 87 } },
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    limits: {
      aiBases: 10,
      trainingsPerMonth: 30,
      queriesPerMonth: { bound: 'more_than', count: 20_000 },
      mediaTypes: ['text', 'vision', 'file', 'voice'],
    },
    prices: { USD: { monthlyCents: 2999_00, extraQueryCents: 35 }, BRL: { monthlyCents: 5999_00, extraQueryCents: 75 } },
  },
};

/**
 * Whether the plan has room for another AI base: every base counts against its number, whatever its
 * status (in configuration, active or deactivated). The server refuses a new one past it; the
 * screens that offer one (the AI bases list, the dashboard) ask this too.
 */
export function hasRoomForAiBase(planAiBases: number, aiBases: number): boolean {
  return aiBases < planAiBases;
}

/** The plans in the order the landing page shows them, cheapest first. */
export const planList: readonly Plan[] = planIds.map((id) => plans[id]);

/** New accounts start here (the server creates the account on its first authenticated call). */
export const defaultPlanId: PlanId = 'basic';

/** English and Spanish pages price in US dollars, Portuguese in reais. */
export const localeCurrency: Record<Locale, Currency> = { en: 'USD', es: 'USD', pt: 'BRL' };

export function planPrice(planId: PlanId, locale: Locale): PlanPrice & { currency: Currency } {
  const currency = localeCurrency[locale];
  return { currency, ...plans[planId].prices[currency] };
}

export function isPlanId(value: unknown): value is PlanId {
  return (planIds as readonly unknown[]).includes(value);
}
