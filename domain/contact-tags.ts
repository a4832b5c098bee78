// Tags on contacts: short labels a merchant sorts shoppers by ('vip', 'atacado', 'black friday'),
// kept normalised so that one label is one tag whatever way it was typed: NFC, without bidirectional
// controls, runs of spaces made one, trimmed and lower-cased (so 'VIP ' and 'vip' are the same tag).
// A contact keeps at most CONTACT_TAGS_MAX of CONTACT_TAG_MAX characters each; commas and semicolons
// separate tags (a CSV cell, the screen's field), so no tag holds one. Shared by the contacts and the
// audiences (a rule matches contacts with any of some tags) on the SPA and the server; zod/mini.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { withoutBidiControls } from './bidi-controls';
import { storableText } from './storable-values';

/** Tags one contact keeps at most. */
export const CONTACT_TAGS_MAX = 20;
/** Characters one tag has at most. */
export const CONTACT_TAG_MAX = 40;

export const contactTagValidation = {
  empty: /*i18n*/ { id: 'contact.tag_empty', message: 'A tag cannot be empty.' },
  tooLong: /*i18n*/ { id: 'contact.tag_too_long', message: 'A tag has at most 40 characters.' },
  invalid: /*i18n*/ { id: 'contact.tag_invalid', message: 'A tag cannot hold commas, semicolons or control characters.' },
  tooMany: /*i18n*/ { id: 'contact.tags_too_many', message: 'A contact has at most 20 tags.' },
} as const satisfies Record<string, MessageDescriptor>;

export const contactTagMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(contactTagValidation).map((message) => [message.id, message]),
);

/** A tag as it is kept: NFC, no bidirectional controls, spaces collapsed and trimmed, lower case. */
export const normaliseContactTag = (text: string): string =>
  withoutBidiControls(text.normalize('NFC')).replace(/\s+/gu, ' ').trim().toLowerCase();

// Control characters left after the spaces were collapsed (a tab or a line break is a space).
const forbidden = /[,;\p{Cc}]/u;

/** One tag, normalised (normaliseContactTag) and checked. */
export const contactTagSchema = storableText(contactTagValidation.invalid.id).check(
  z.overwrite(normaliseContactTag),
  z.minLength(1, { error: contactTagValidation.empty.id }),
  z.maxLength(CONTACT_TAG_MAX, { error: contactTagValidation.tooLong.id }),
  z.refine((tag) => !forbidden.test(tag), { error: contactTagValidation.invalid.id }),
);

/** Tags once each, in the order first given. */
export const uniqueTags = (tags: string[]): string[] => [...new Set(tags)];

/** A contact's tags: each normalised and checked, a repeat dropped, at most CONTACT_TAGS_MAX. */
export const contactTagsSchema = z.pipe(
  z.pipe(
    z.array(contactTagSchema).check(z.maxLength(CONTACT_TAGS_MAX * 5, { error: contactTagValidation.tooMany.id })),
    z.transform(uniqueTags),
  ),
  z.array(z.string()).check(z.maxLength(CONTACT_TAGS_MAX, { error: contactTagValidation.tooMany.id })),
);

/**
 * The tags written in one text (a CSV cell, the screen's field): split at commas and semicolons,
 * each normalised, blanks and repeats dropped. Not checked: parse them with contactTagsSchema.
 */
export const splitContactTags = (text: string): string[] =>
  uniqueTags(
    text
      .split(/[,;]/)
      .map(normaliseContactTag)
      .filter((tag) => tag !== ''),
  );

/** The tags of both lists, `first`'s first, once each. */
export const mergedTags = (first: readonly string[], second: readonly string[]): string[] => uniqueTags([...first, ...second]);

/** GET /contacts/tags: the account's tags, each with how many contacts have it, most used first. */
export const contactTagCountListSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), contacts: z.int() })),
});
export type ContactTagCountList = z.infer<typeof contactTagCountListSchema>;
