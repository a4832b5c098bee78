import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { isLocale } from '@/domain/locales';
import { activateLocale, isLandingPath } from '@/src/i18n/i18n';

// Every screen lives below a language segment; anything but en, pt and es is the 404 page.
export const Route = createFileRoute('/$lang')({
  beforeLoad: async ({ params, location }) => {
    if (!isLocale(params.lang)) throw notFound();
    await activateLocale(params.lang, { app: !isLandingPath(location.pathname) });
    return { lang: params.lang };
  },
  component: Outlet,
});
