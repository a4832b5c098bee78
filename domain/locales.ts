// Free of zod: the app's entry picks the language with these before it renders, and the landing
// page's first JS carries no zod. The schema is in ./locale-schema.

export const locales = ['en', 'pt', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** BCP 47 tags used for Intl formatting and the document's lang attribute. */
export const localeTags: Record<Locale, string> = { en: 'en-US', pt: 'pt-BR', es: 'es' };

export const localeNames: Record<Locale, string> = { en: 'English', pt: 'Português', es: 'Español' };

export function isLocale(value: unknown): value is Locale {
  return (locales as readonly unknown[]).includes(value);
}

/** Picks the first supported language from a cookie value, then the browser's list, else `en`. */
export function pickLocale(cookieValue: string | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return defaultLocale;
}

/** The `lang` cookie: 365 days, path `/`, SameSite=Lax. */
export const langCookie = { name: 'lang', maxAgeSeconds: 365 * 24 * 60 * 60, path: '/', sameSite: 'Lax' } as const;
