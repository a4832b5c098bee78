import { createFileRoute, redirect } from '@tanstack/react-router';
import { pickLocale } from '@/domain/locales';
import { readLangCookie } from '../i18n/lang-cookie';

// `/` goes to the language of the `lang` cookie, else the browser's, else English.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const lang = pickLocale(readLangCookie(), navigator.languages ?? [navigator.language]);
    throw redirect({ to: '/$lang', params: { lang } });
  },
});
