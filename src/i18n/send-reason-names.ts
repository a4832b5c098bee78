// Why a WhatsApp message Catalyst sent first waits or failed, in the page's language: every reason the
// template sender records (domain/template-send.ts: refused before Meta was asked, given up on our
// side, or Meta's outcome), one short phrase each for the merchant, shared by the screens that show
// sends (a checkout's reminders, a campaign's results). What `no_longer_wanted` means is each screen's
// own (the order came first; the campaign was cancelled). A reason this build does not know (older
// data) is named as another reason, never shown as its code.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sendReasons, type SendReason } from '@/domain/template-send';

const sendReasonNames: Omit<Record<SendReason, MessageDescriptor>, 'no_longer_wanted'> = {
  // Refused before Meta was asked: nothing went.
  not_subscribed: msg`not sent: the shopper never agreed to these messages`,
  unsubscribed: msg`not sent: the shopper unsubscribed`,
  category_not_sent: msg`not sent: Catalyst never sends this kind of template first`,
  template_not_approved: msg`not sent: the template is not approved in the shopper’s language`,
  template_needs_attention: msg`not sent: the template needs your attention`,
  variables_missing: msg`not sent: a variable of the template has no value`,
  recipient_invalid: msg`not sent: the phone number is not valid`,
  channel_unavailable: msg`not sent: the WhatsApp number was disconnected or unusable`,
  gave_up: msg`an error on Catalyst’s side`,
  // A limit, or Meta's side: the message waits and goes again.
  throughput_limited: msg`the number’s sending speed limit was reached`,
  pair_rate_limited: msg`too many messages to this shopper in a short time`,
  rate_limited: msg`Meta’s rate limit was reached`,
  spam_rate_limited: msg`Meta limited the number after messages were flagged as spam`,
  meta_unavailable: msg`Meta’s service was unavailable`,
  network_error: msg`Meta could not be reached`,
  per_user_marketing_limit: msg`Meta’s limit of marketing messages to this shopper was reached`,
  marketing_opted_out: msg`the shopper stopped marketing messages`,
  // This message could not go.
  undeliverable: msg`the message could not be delivered to this number`,
  outside_service_window: msg`more than 24 hours since the shopper last wrote`,
  unsupported_message_type: msg`WhatsApp does not support this kind of message`,
  media_download_failed: msg`the template’s media could not be downloaded`,
  media_upload_failed: msg`the template’s media could not be uploaded`,
  invalid_parameter: msg`Meta refused a value of the message`,
  missing_parameter: msg`a value the message needs was missing`,
  recipient_is_sender: msg`the shopper’s number is the sending number`,
  recipient_not_allowed: msg`the shopper’s number is not on your number’s allowed list`,
  marketing_experiment: msg`held back by Meta’s marketing message experiment`,
  country_restricted: msg`WhatsApp messages to this country are restricted`,
  refused_by_meta: msg`refused by Meta`,
  // The template needs the merchant's fix.
  template_parameter_count_mismatch: msg`the number of values does not match the template`,
  template_parameter_format_mismatch: msg`a value does not match the template’s format`,
  template_missing: msg`the template does not exist at Meta in this language`,
  template_paused: msg`the template is paused by Meta`,
  template_disabled: msg`the template is disabled by Meta`,
  template_text_too_long: msg`the template’s text is too long with its values`,
  template_policy_violation: msg`the template breaks WhatsApp’s policies`,
  // The WhatsApp number, its token or its account needs the merchant's fix.
  token_expired: msg`the WhatsApp number’s access token expired`,
  token_invalid: msg`the WhatsApp number’s access token is not valid`,
  permission_denied: msg`the access token lacks a permission`,
  account_locked: msg`the WhatsApp account is locked`,
  account_restricted: msg`the WhatsApp account is restricted by Meta`,
  number_not_registered: msg`the WhatsApp number is not registered`,
  number_not_found: msg`Meta cannot find the WhatsApp number`,
  payment_issue: msg`the WhatsApp account has a payment issue`,
  display_name_not_approved: msg`the number’s display name is not approved`,
};

const otherReason = msg({ message: 'another reason', context: 'why a WhatsApp message waits or failed, when it is none the app knows' });

const known: ReadonlySet<string> = new Set(sendReasons);

/**
 * The phrase for a reason the sender recorded, `noLongerWanted` the screen's own for what ended a send
 * while it waited; one this build does not know is another reason.
 */
export function sendReasonName(reason: string, noLongerWanted: MessageDescriptor): MessageDescriptor {
  if (reason === 'no_longer_wanted') return noLongerWanted;
  return known.has(reason) ? sendReasonNames[reason as Exclude<SendReason, 'no_longer_wanted'>] : otherReason;
}
