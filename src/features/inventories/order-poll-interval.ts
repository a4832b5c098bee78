// How often Catalyst reads a store's orders when they do not come by webhook, as the inventory
// screens say it: 'every 15 seconds', 'every minute', 'every 5 minutes', in the merchant's language.
// The interval is the server's own (ORDER_POLL_SECONDS, read from the runtime config), so a demo
// that polls in seconds does not claim minutes. Each unit is a whole phrase with its plural, so a
// translator words 'every minute' and 'every # minutes' as their language does.
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** `seconds` as 'every …' in the active language: in hours or minutes when whole, else in seconds. */
export function orderPollInterval(i18n: I18n, seconds: number): string {
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return i18n._(msg`${plural(hours, { one: 'every hour', other: 'every # hours' })}`);
  }
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return i18n._(msg`${plural(minutes, { one: 'every minute', other: 'every # minutes' })}`);
  }
  return i18n._(msg`${plural(seconds, { one: 'every second', other: 'every # seconds' })}`);
}
