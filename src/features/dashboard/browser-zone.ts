// The browser's IANA time zone, sent with every dashboard read (an account without a zone takes it) and
// used to count days until an answer names the account's. UTC when the runtime names none it knows.
import { isTimeZone } from '@/domain/dashboard';

export function browserZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}
