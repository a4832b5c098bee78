// The /templates screen's URL search params: `?channel=<id>&new=<ready-made key, or blank>` opens the
// editor on a new template of that number (a ready-made one prefilled), `?channel=<id>&name=<name>`
// on one of its templates (one Meta rejected or paused, to edit); anything else is the list. Read
// with zod: an invalid param is dropped, never an error. The route keeps only the known keys'
// strings without zod (its validateSearch is in every page's first JS).
import * as z from 'zod/mini';
import { TEMPLATE_LIMITS, TEMPLATE_NAME_PATTERN } from '@/domain/message-template';
import { readyMadeTemplateKeys, type ReadyMadeTemplateKey } from '@/domain/ready-made-templates';

/** The search as the route keeps it: the known keys, strings only. */
export type TemplatesSearch = { channel?: string; name?: string; new?: string };

/** `new=blank`: a new template from nothing. */
export const BLANK_TEMPLATE = 'blank';

export const templatesSearchSchema = z.object({
  channel: z.catch(z.optional(z.uuid()), undefined),
  name: z.catch(z.optional(z.string().check(z.maxLength(TEMPLATE_LIMITS.name), z.regex(TEMPLATE_NAME_PATTERN))), undefined),
  new: z.catch(z.optional(z.enum([...readyMadeTemplateKeys, BLANK_TEMPLATE])), undefined),
});

/** What the search opens. `readyMade`: the ready-made template a new one starts from (null: blank). */
export type TemplatesTarget =
  | { view: 'list' }
  | { view: 'editor'; channelId: string; name: null; readyMade: ReadyMadeTemplateKey | null }
  | { view: 'editor'; channelId: string; name: string; readyMade: null };

export function templatesTargetOf(search: unknown): TemplatesTarget {
  const parsed = templatesSearchSchema.parse(search ?? {});
  if (!parsed.channel) return { view: 'list' };
  if (parsed.name) return { view: 'editor', channelId: parsed.channel, name: parsed.name, readyMade: null };
  if (parsed.new) {
    const readyMade = parsed.new === BLANK_TEMPLATE ? null : parsed.new;
    return { view: 'editor', channelId: parsed.channel, name: null, readyMade };
  }
  return { view: 'list' };
}

/** The search of a new template of a number (`readyMade` null: blank). */
export const newTemplateSearch = (channelId: string, readyMade: ReadyMadeTemplateKey | null): TemplatesSearch => ({
  channel: channelId,
  new: readyMade ?? BLANK_TEMPLATE,
});

/** The search of one of a number's templates. */
export const templateSearch = (channelId: string, name: string): TemplatesSearch => ({ channel: channelId, name });
