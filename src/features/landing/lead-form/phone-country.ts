import type { Locale } from '../../../../domain/locales';

/**
 * The country a phone number without a `+` belongs to, by page language: Portuguese pages are
 * Brazilian, English pages American. Spanish is spoken in too many countries to guess one, so
 * Spanish pages ask for the `+` code.
 */
export const phoneDefaultCountry: Record<Locale, 'BR' | 'US' | undefined> = { pt: 'BR', en: 'US', es: undefined };
