import { i18n } from '@lingui/core';
import { localeTags, type Locale } from '@/domain/locales';

// Each locale has two catalogs (lingui.config.ts): `public`, the landing page's messages, and
// `messages`, the rest of the app. The landing loads the first alone; every other page both.
const loaded = new Map<Locale, { public: boolean; app: boolean }>();

// In a build a message missing from the loaded catalogs shows as its id: say so where the e2e
// tests look (the console). In development the macro's source message shows instead.
if (import.meta.env.PROD) i18n.on('missing', ({ locale, id }) => console.error(`Catalyst: no message "${id}" loaded for ${locale}`));

/** `/`, `/en`, `/pt/`: the landing page (or the redirect to it), the one page that needs only the public catalog. */
export function isLandingPath(pathname: string): boolean {
  return /^\/([^/]+\/?)?$/.test(pathname);
}

/**
 * Loads the locale's catalogs (compiled from the .po files by the Lingui Vite plugin), the app's
 * too when `app`, and activates the locale. Loading the app's catalog later adds to the active one.
 */
export async function activateLocale(locale: Locale, { app = true }: { app?: boolean } = {}): Promise<void> {
  const state = loaded.get(locale) ?? { public: false, app: false };
  const [publicCatalog, appCatalog] = await Promise.all([
    state.public ? null : import(`../../locales/${locale}/public.po`),
    app && !state.app ? import(`../../locales/${locale}/messages.po`) : null,
  ]);
  if (publicCatalog || appCatalog) {
    // Lingui's load adds to the locale's messages (and re-renders what shows them).
    i18n.load(locale, { ...publicCatalog?.messages, ...appCatalog?.messages });
    loaded.set(locale, { public: true, app: state.app || Boolean(appCatalog) });
  }
  if (i18n.locale !== locale) i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = localeTags[locale];
}

export { i18n };
