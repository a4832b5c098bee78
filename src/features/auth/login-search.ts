import * as z from 'zod/mini';

/** `/login?redirect=<path>`: where to go after signing in. Anything but a string is dropped, not an error. */
export const loginSearchSchema = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
});

export type LoginSearch = z.infer<typeof loginSearchSchema>;
