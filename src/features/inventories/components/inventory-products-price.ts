// A sync report's price text ("12990 BRL": minor units and the code) in the page's language.
import type { Locale } from '@/domain/locales';
import { formatMinor } from '@/src/i18n/money';

/** A report's price text, `"12990 BRL"` (minor units and the code), in the page's language; other text as it is. */
export function formatMoneyText(lang: Locale, text: string): string {
  const match = /^(-?\d+) ([A-Z]{3})$/.exec(text.trim());
  return match ? formatMinor(lang, Number(match[1]), match[2]!) : text;
}
