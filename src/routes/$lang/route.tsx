import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { isLocale } from '../../../domain/locales';
import { activateLocale } from '../../i18n/i18n';

// Every screen lives below a language segment; anything but en, pt and es is the 404 page.
export const Route = createFileRoute('/$lang')({
  beforeLoad: async ({ params }) => {
    if (!isLocale(params.lang)) throw notFound();
    await activateLocale(params.lang);
    return { lang: params.lang };
  },
  component: Outlet,
});
