// zod/mini: shared with the SPA's boot bundle, where every kilobyte counts.
import * as z from 'zod/mini';

/** The API's error body: `{ error: { code, message, fields? } }`; `fields` maps a field name to its message. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
