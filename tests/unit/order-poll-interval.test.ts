// How often the inventory screens say a store's orders are read (src/features/inventories/
// order-poll-interval.ts), from the server's ORDER_POLL_SECONDS: seconds, one minute, minutes and
// hours, each with its plural, in the three languages. Rendered with the compiled catalogs, as the
// app loads them, so a missing or broken translation shows here.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { locales, type Locale } from '@/domain/locales';
import { orderPollInterval } from '@/src/features/inventories/order-poll-interval';

let i18n: I18n;
beforeAll(async () => {
  const catalogs = {} as Record<Locale, Messages>;
  for (const locale of locales) catalogs[locale] = (await import(`../../locales/${locale}/messages.po`)).messages as Messages;
  i18n = setupI18n({ locale: 'en', messages: catalogs });
});

function said(locale: Locale, seconds: number): string {
  i18n.activate(locale);
  return orderPollInterval(i18n, seconds);
}

describe('the polling interval as the screens say it', () => {
  it('in English: seconds below a minute or not whole minutes, then minutes, then hours', () => {
    expect(said('en', 1)).toBe('every second');
    expect(said('en', 4)).toBe('every 4 seconds');
    expect(said('en', 15)).toBe('every 15 seconds');
    expect(said('en', 90)).toBe('every 90 seconds');
    expect(said('en', 60)).toBe('every minute');
    expect(said('en', 300)).toBe('every 5 minutes');
    expect(said('en', 3600)).toBe('every hour');
    expect(said('en', 7200)).toBe('every 2 hours');
  });

  it('in Portuguese', () => {
    expect(said('pt', 1)).toBe('a cada segundo');
    expect(said('pt', 15)).toBe('a cada 15 segundos');
    expect(said('pt', 60)).toBe('a cada minuto');
    expect(said('pt', 300)).toBe('a cada 5 minutos');
    expect(said('pt', 3600)).toBe('a cada hora');
    expect(said('pt', 7200)).toBe('a cada 2 horas');
  });

  it('in Spanish', () => {
    expect(said('es', 1)).toBe('cada segundo');
    expect(said('es', 15)).toBe('cada 15 segundos');
    expect(said('es', 60)).toBe('cada minuto');
    expect(said('es', 300)).toBe('cada 5 minutos');
    expect(said('es', 3600)).toBe('cada hora');
    expect(said('es', 7200)).toBe('cada 2 horas');
  });

  it('counts past a thousand with the language’s grouping', () => {
    expect(said('en', 1001)).toBe('every 1,001 seconds');
    expect(said('pt', 1001)).toBe('a cada 1.001 segundos');
  });
});
