// Money as spreadsheets write it ('20,96', '1.299,90', 'R$ 7,9', '$1,234.50', '13') into minor
// units of a currency, and back into text for a shopper's language ('R$ 299,23', '$1,234.50').
// Integers throughout: a price is never a float. Where a file writes no currency, the file's
// locale says it (see currencyOfTable in ./table-reader).
import type { AiBaseLanguage } from '@/domain/ai-base';

/** A price read from a cell: `minor` in the currency's minor unit (cents), `currency` when the cell says it. */
export type Money = { minor: number; currency: string | null };

/** Which character separates a file's decimals, when its cells show it. */
export type DecimalMark = ',' | '.';

/** Symbols a cell may carry, longest first, and their ISO 4217 codes. */
const symbols: readonly [string, string][] = [
  ['R$', 'BRL'],
  ['US$', 'USD'],
  ['U$', 'USD'],
  ['MX$', 'MXN'],
  ['AR$', 'ARS'],
  ['CA$', 'CAD'],
  ['A$', 'AUD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['$', 'USD'],
];

const CODE = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/;
/** Excel's scientific notation for a long number ('1.22328E+11'). */
export const SCIENTIFIC = /^-?\d+(?:[.,]\d+)?E[+-]?\d+$/i;

const knownCurrency = (code: string): boolean => {
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
};

/** The digits of each currency asked so far (a formatter is costly to make; answers price products one by one). */
const digitsByCurrency = new Map<string, number>();

/** Digits of a currency's minor unit (2 for BRL, 0 for JPY); 2 when unknown. */
export function minorDigits(currency: string | null): number {
  if (!currency) return 2;
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    if (digitsByCurrency.size < 1_000) digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** The currency a cell names ('R$ 10', '10 EUR', 'USD'), or null. */
export function currencyIn(text: string): string | null {
  const code = CODE.exec(text)?.[1];
  if (code && knownCurrency(code)) return code;
  for (const [symbol, iso] of symbols) if (text.includes(symbol)) return iso;
  return null;
}

/**
 * A cell as money, or null when it is not one (text, a date, a negative, scientific notation).
 * `mark`: the file's decimal mark, which settles '1.234' and '1,234' (thousands or decimals).
 */
export function parseMoney(text: string, mark: DecimalMark | null = null): Money | null {
  const raw = text.trim();
  if (!raw || raw.length > 40 || SCIENTIFIC.test(raw)) return null;
  const currency = currencyIn(raw);
  let number = raw;
  for (const [symbol] of symbols) number = number.split(symbol).join('');
  number = number.replace(/\b[A-Z]{3}\b/g, '').replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d[\d.,]*$/.test(number) || /[.,]{2}|[.,]$/.test(number)) return null;

  const lastComma = number.lastIndexOf(',');
  const lastDot = number.lastIndexOf('.');
  let decimal: DecimalMark | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimal = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0 || lastDot >= 0) {
    const char: DecimalMark = lastComma >= 0 ? ',' : '.';
    const once = number.indexOf(char) === number.lastIndexOf(char);
    const after = number.length - number.lastIndexOf(char) - 1;
    // '20,96' and '7,9' are decimals; '1.299' is a thousand unless the file writes decimals with '.'.
    decimal = once && (after !== 3 || mark === char) ? char : null;
  }
  const thousands = decimal === ',' ? '.' : decimal === '.' ? ',' : /[.,]/.exec(number)?.[0];
  const [whole = '', fraction = ''] = (thousands ? number.split(thousands).join('') : number).split(decimal ?? '\u0000');
  if (thousands && decimal === null && !/^\d{1,3}(?:[.,]\d{3})+$/.test(number)) return null;
  if (!/^\d+$/.test(whole) || (fraction && !/^\d+$/.test(fraction))) return null;

  const digits = minorDigits(currency);
  const padded = fraction.padEnd(digits + 1, '0');
  let minor = Number(whole) * 10 ** digits + Number(padded.slice(0, digits) || '0');
  if (Number(padded[digits]) >= 5) minor += 1; // half up, on the digit after the minor unit
  return Number.isSafeInteger(minor) ? { minor, currency } : null;
}

const locales: Record<AiBaseLanguage, string> = { pt_br: 'pt-BR', en_us: 'en-US', es: 'es' };

/** The formatter of each language and currency used so far (see digitsByCurrency). */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Minor units as a shopper of `language` reads them: 'R$ 299,23', '$1,234.50'; without a symbol when the currency is unknown. */
export function formatMoney(minor: number, currency: string | null, language: AiBaseLanguage): string {
  const digits = minorDigits(currency);
  const key = `${language} ${currency ?? ''}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions = currency
      ? { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }
      : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    format = new Intl.NumberFormat(locales[language], options);
    if (moneyFormats.size < 1_000) moneyFormats.set(key, format);
  }
  return format.format(minor / 10 ** digits);
}
