import { getRouteApi } from '@tanstack/react-router';
import { defaultLocale, isLocale, type Locale } from '@/domain/locales';

const langRoute = getRouteApi('/$lang');

/**
 * The page's language: the `$lang` segment every screen lives below. The one way views read it
 * (their own route's other params come from `getRouteApi('<route id>').useParams()`). The `/$lang`
 * route already answers anything but en, pt and es with the 404 page; this only narrows the type.
 */
export function useLang(): Locale {
  return langRoute.useParams({ select: (params) => (isLocale(params.lang) ? params.lang : defaultLocale) });
}
