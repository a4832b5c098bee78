// zod/mini: the SPA parses /me with these schemas too.
import * as z from 'zod/mini';
import { dashboardValidation, isTimeZone } from './dashboard';
import { planIdSchema, planLimitsSchema } from './plan-schemas';

const count = () => z.int().check(z.nonnegative());

/** What the account used in the current calendar month (UTC) and in total. */
export const accountUsageSchema = z.object({
  /** The calendar month the monthly counters cover, `YYYY-MM` in UTC. */
  month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  aiBases: count(),
  trainingsThisMonth: count(),
  queriesThisMonth: count(),
});

/** `GET /api/v1/me`: the signed-in account, its plan, the plan's limits and the usage against them. */
export const meResponseSchema = z.object({
  uid: z.string(),
  /** Null for Firebase users without an email (phone sign-in). */
  email: z.nullable(z.string()),
  plan: planIdSchema,
  limits: planLimitsSchema,
  usage: accountUsageSchema,
  /** The IANA zone the dashboard's days are cut in; null until set (the first dashboard load adopts the browser's). */
  timeZone: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `/me` takes no query parameters; unknown ones are refused, as everywhere. */
export const meQuerySchema = z.strictObject({});

/** `PUT /api/v1/me/time-zone`'s body and answer: an IANA zone ('America/Sao_Paulo'). */
export const accountTimeZoneSchema = z.object({
  timeZone: z.string().check(
    z.refine(isTimeZone, {
      error: dashboardValidation.timeZoneInvalid.id,
      abort: true,
    }),
  ),
});
