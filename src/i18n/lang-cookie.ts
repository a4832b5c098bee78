import { langCookie, type Locale } from '@/domain/locales';

export function readLangCookie(): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${langCookie.name}=`));
  return match?.slice(langCookie.name.length + 1);
}

export function writeLangCookie(locale: Locale): void {
  document.cookie = `${langCookie.name}=${locale}; Max-Age=${langCookie.maxAgeSeconds}; Path=${langCookie.path}; SameSite=${langCookie.sameSite}`;
}
