import { i18n } from '@lingui/core';
import { localeTags, type Locale } from '../../domain/locales';

/** Loads the locale's catalog (compiled from the .po file by the Lingui Vite plugin) and activates it. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = localeTags[locale];
}

export { i18n };
