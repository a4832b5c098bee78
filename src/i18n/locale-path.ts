import type { Locale } from '@/domain/locales';

/** The same page in another language: only the first path segment changes. */
export function swapLocaleInPath(pathname: string, locale: Locale): string {
  const rest = pathname.replace(/^\/[^/]*/, '');
  return `/${locale}${rest || '/'}`;
}
