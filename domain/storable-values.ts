// Values a request may carry into the database, bounded by what PostgreSQL holds. Its text refuses
// NUL and its json refuses UTF-16 halves without their pair, so every string field of every route
// starts from `storableText`: both are refused with the field's own error (each domain words and
// translates it), and the text is normalised to NFC (the same word is the same bytes). Integers
// stop at MAX_INT (an `integer` column); dates stay within the years 1 to 9999.
// zod/mini: the SPA's form chunks load this.
import * as z from 'zod/mini';
import { withoutBidiControls } from './bidi-controls';

// Without the `u` flag the pattern sees UTF-16 code units: NUL, a high half not followed by a low
// one, or a low half not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store the text as it is (no NUL, no unpaired surrogate). */
export const isStorableText = (value: string) => !unstorable.test(value);

/** The text without what PostgreSQL cannot store, for values taken as they come (an upload's file name). */
export const withoutUnstorable = (value: string) => value.replace(new RegExp(unstorable.source, 'g'), '');

/**
 * A string that can be stored: refused with `error` when it cannot (nothing else is checked then),
 * normalised to NFC. Add the field's own checks after it: `storableText(e).check(z.trim(), …)`.
 */
export const storableText = (error: string) => z.string().check(z.refine(isStorableText, { error, abort: true }), z.normalize('NFC'));

/**
 * A name as a merchant is shown it (an answer's field, or a peer's: Meta's verified name), without
 * bidirectional controls (domain/bidi-controls.ts): parsed or encoded, the string comes out clean.
 */
export const shownName = () => z.string().check(z.overwrite(withoutBidiControls));

/** The largest value of a PostgreSQL `integer` column (versions, counts). */
export const MAX_INT = 2_147_483_647;

/** Whether a date (an ISO string or a Date) falls within the years 1 to 9999, which every date column holds. */
export function isStorableDate(value: string | Date): boolean {
  const year = new Date(value).getUTCFullYear();
  return Number.isFinite(year) && year >= 1 && year <= 9999;
}
