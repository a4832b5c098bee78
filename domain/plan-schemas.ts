// The zod schemas of the plan types in ./plans (which stays free of zod for the landing page).
import * as z from 'zod/mini';
import { mediaTypes, planIds, queryAllowanceBounds, type PlanLimits, type QueryAllowance } from './plans';

export const planIdSchema = z.enum(planIds);
export const mediaTypeSchema = z.enum(mediaTypes);

export const queryAllowanceSchema = z.object({
  bound: z.enum(queryAllowanceBounds),
  count: z.int().check(z.nonnegative()),
});

export const planLimitsSchema = z.object({
  aiBases: z.int().check(z.nonnegative()),
  trainingsPerMonth: z.int().check(z.nonnegative()),
  queriesPerMonth: queryAllowanceSchema,
  mediaTypes: z.array(mediaTypeSchema),
});

// The schemas and the types in ./plans describe the same values: typecheck fails if they drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type PlanSchemasMatchPlanTypes = Expect<
  Same<z.infer<typeof queryAllowanceSchema>, QueryAllowance> | Same<z.infer<typeof planLimitsSchema>, PlanLimits>
>;
