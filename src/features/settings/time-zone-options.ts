// The time zones a merchant picks from on the Settings page: every IANA zone this browser knows
// (Intl.supportedValuesOf), plus the account's and the browser's own when the list lacks them (an
// alias such as 'Asia/Calcutta', or an older browser without the list), each labelled with its
// current offset from UTC in the page's language: 'America/Sao Paulo (GMT-03:00)'.
import { localeTags, type Locale } from '@/domain/locales';
import type { SelectOption } from '@/src/ui/select';

/** The zone this browser runs in ('UTC' when it says none). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function knownZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/** '(GMT-03:00)' as the page's language writes it, or '' for a zone this browser does not know. */
export function zoneOffset(zone: string, lang: Locale, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat(localeTags[lang], { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

export function timeZoneLabel(zone: string, lang: Locale, at: Date): string {
  const offset = zoneOffset(zone, lang, at);
  const name = zone.replaceAll('_', ' ');
  return offset ? `${name} (${offset})` : name;
}

/** The zones to choose from, sorted by name, with `also` (the account's, the browser's) always among them. */
export function timeZoneOptions(lang: Locale, also: readonly (string | null)[], at = new Date()): SelectOption[] {
  const zones = [...new Set([...knownZones(), ...also.filter((zone): zone is string => Boolean(zone))])].sort();
  return zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone, lang, at) }));
}
