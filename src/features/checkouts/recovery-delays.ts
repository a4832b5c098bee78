// The delays a reminder may wait, as the recovery flow's screen offers them (15 minutes to 7 days,
// domain/checkout-recovery.ts's bounds), and each one in words in the merchant's language. A saved
// delay that is none of these is offered too, so the screen never changes it unasked.
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

export const delayChoicesMinutes = [15, 30, 60, 120, 240, 720, 1_440, 2_880, 4_320, 7_200, 10_080] as const;

/** The choices with `current` among them, in order. */
export const delayChoices = (current: number): number[] =>
  [...new Set([...delayChoicesMinutes, current])].filter(Number.isFinite).sort((a, b) => a - b);

/** `minutes` after the shopper left, in words: in days or hours when whole, else in minutes. */
export function delayInWords(i18n: I18n, minutes: number): string {
  if (minutes >= 2_880 && minutes % 1_440 === 0) {
    const days = minutes / 1_440;
    return i18n._(msg`${plural(days, { one: '# day later', other: '# days later' })}`);
  }
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return i18n._(msg`${plural(hours, { one: '# hour later', other: '# hours later' })}`);
  }
  return i18n._(msg`${plural(minutes, { one: '# minute later', other: '# minutes later' })}`);
}

/** How long a discount code lasts, in words: in days when whole days from two on, else in hours. */
export function lastingInWords(i18n: I18n, hours: number): string {
  if (hours >= 48 && hours % 24 === 0) {
    const days = hours / 24;
    return i18n._(msg`${plural(days, { one: '# day', other: '# days' })}`);
  }
  return i18n._(msg`${plural(hours, { one: '# hour', other: '# hours' })}`);
}
