// The short `ref` code the website widget's 'Continue on WhatsApp' message carries: the code a page
// was handed (POST /api/v1/widget-sites/{public id}/handoffs), written at the end of the prefilled
// message, and found again in the shopper's first WhatsApp message, so the AI base picks up the
// site's conversation and the WhatsApp conversation is counted as the widget's. No zod here: the
// widget's own bundle imports it.

/** The code's letters: no 0/O, 1/I/L, which a shopper retyping it would confuse. */
export const WIDGET_REF_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const WIDGET_REF_LENGTH = 6;

const REF_IN_TEXT = new RegExp(`\\bref[:\\s]+([${WIDGET_REF_ALPHABET}]{${WIDGET_REF_LENGTH}})\\b`, 'i');

/** The message a shopper sends from the widget: the prefilled text, then its code. */
export const withRef = (text: string, ref: string | null) => (ref ? `${text} (ref ${ref})` : text);

/** The code a WhatsApp message carries ('… (ref K7Q2MX)', any case), upper-cased; null for none. */
export const refOf = (text: string): string | null => REF_IN_TEXT.exec(text)?.[1]?.toUpperCase() ?? null;

/** The message without its code: what the AI base is asked. */
export const withoutRef = (text: string) =>
  text
    .replace(REF_IN_TEXT, '')
    .replace(/\(\s*\)/g, '')
    .trim();
