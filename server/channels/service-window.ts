// Whether a shopper's customer service window with one of the account's numbers is open: the shopper
// wrote to that number in the 24 hours before a moment. The template sender asks it in a send's turn: a
// person with an open window does not count against the messaging limit, and a utility template
// delivered inside one is free on the cards that say so. It reads the messages the webhook recorded
// (whatsapp_inbound_messages, by the index on channel, sender and Meta's timestamp); retention may
// delete older messages, never ones this young.
import { and, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { phoneFromWhatsappId } from '@/domain/contact-phone';
import { whatsappInboundMessages as messages } from './channel-tables';

/** Meta's customer service window: 24 hours from the shopper's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The WhatsApp ids (`wa_id`, digits without '+') a shopper with this E.164 number may write from:
 * the digits themselves, and the forms phoneFromWhatsappId reads as the same number — a Brazilian
 * mobile registered before its ninth digit, a Mexican mobile with the old '1' after 52.
 */
export function whatsappIdsOf(phone: string): string[] {
  const digits = phone.startsWith('+') ? phone.slice(1) : phone;
  const ids = [digits];
  const brazilianMobile = /^55(\d{2})9([6-9]\d{7})$/.exec(digits);
  if (brazilianMobile) ids.push(`55${brazilianMobile[1]}${brazilianMobile[2]}`);
  const mexican = /^52(\d{10})$/.exec(digits);
  if (mexican) ids.push(`521${mexican[1]}`);
  // A form counts only when it is read back as this very number.
  return ids.filter((id, index) => index === 0 || phoneFromWhatsappId(id) === phone);
}

/**
 * Whether `phone` (E.164) wrote to the channel in the 24 hours up to `at`, as a scalar for the
 * caller's statement (the sender's claim reads it beside the consent).
 */
export const serviceWindowOpenSql = (channelId: string, phone: string, at: Date): SQL<boolean> =>
  shopperWroteSql(channelId, phone, new Date(at.getTime() - SERVICE_WINDOW_MS), at);

/** Whether `phone` (E.164) wrote to the channel after `since`, up to `until`, as a scalar for the caller's statement. */
export const shopperWroteSql = (channelId: string, phone: string, since: Date, until: Date): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${messages} where ${and(
    eq(messages.channelId, channelId),
    inArray(messages.sender, whatsappIdsOf(phone)),
    gt(messages.sentAt, since),
    lte(messages.sentAt, until),
  )})`;
