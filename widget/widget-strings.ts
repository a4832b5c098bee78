// The widget's words in each language it speaks. Typed by language: a string missing in one of them
// does not build (the SPA's catalogs are Lingui's; the widget lives in other people's pages and
// carries only these).
import type { Locale } from '@/domain/locales';

export type WidgetStrings = {
  open: string;
  close: string;
  title: string;
  continueOnWhatsapp: string;
  /** The message the WhatsApp conversation starts with. */
  prefilled: string;
  closedNow: string;
  /** Someone answers on these days, between these hours. */
  hours: (days: string, start: string, end: string) => string;
  everyDay: string;
  days: readonly [string, string, string, string, string, string, string];
};

export const widgetStrings: Record<Locale, WidgetStrings> = {
  en: {
    open: 'Chat with us',
    close: 'Close the chat',
    title: 'Talk to us',
    continueOnWhatsapp: 'Continue on WhatsApp',
    prefilled: 'Hi! I came from your website.',
    closedNow: 'We are away right now: send your message and we will answer when we are back.',
    hours: (days, start, end) => `We answer ${days}, ${start}–${end}.`,
    everyDay: 'every day',
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  },
  pt: {
    open: 'Fale com a gente',
    close: 'Fechar o chat',
    title: 'Fale com a gente',
    continueOnWhatsapp: 'Continuar no WhatsApp',
    prefilled: 'Olá! Vim pelo site de vocês.',
    closedNow: 'Estamos fora agora: mande sua mensagem e respondemos quando voltarmos.',
    hours: (days, start, end) => `Atendemos ${days}, das ${start} às ${end}.`,
    everyDay: 'todos os dias',
    days: ['seg', 'ter', 'qua', 'qui', 'sex', 'sáb', 'dom'],
  },
  es: {
    open: 'Habla con nosotros',
    close: 'Cerrar el chat',
    title: 'Habla con nosotros',
    continueOnWhatsapp: 'Seguir en WhatsApp',
    prefilled: '¡Hola! Vengo de su sitio web.',
    closedNow: 'Ahora no estamos: envía tu mensaje y te respondemos cuando volvamos.',
    hours: (days, start, end) => `Atendemos ${days}, de ${start} a ${end}.`,
    everyDay: 'todos los días',
    days: ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'],
  },
};

/** The page's language (its `lang`, 'pt-BR' → pt), else English. */
export function pageLocale(lang: string | null | undefined): Locale {
  const base = (lang ?? '').toLowerCase().split('-')[0];
  return base === 'pt' || base === 'es' ? base : 'en';
}
