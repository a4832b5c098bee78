// A template message Catalyst sends first, as the sender and its callers name it: its statuses, the
// reasons the sender refuses one before asking Meta, the reasons of Meta's outcomes (which code gives
// which is server/messaging/send-outcomes.ts's), and what a caller asks for. Reasons are stable names
// the SPA translates; they are never renamed.

export const templateSendStatuses = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type TemplateSendStatus = (typeof templateSendStatuses)[number];

/** The statuses of a message Meta took and has not reported failed. */
export const sentSendStatuses = ['sent', 'delivered', 'read'] as const satisfies readonly TemplateSendStatus[];

/** Refused before Meta is asked: nothing was sent, nothing is charged. */
export const sendRefusalReasons = [
  /** The contact never agreed to this category's messages (or is no contact). */
  'not_subscribed',
  /** The contact opted out of them. */
  'unsubscribed',
  /** A category Catalyst never sends first (authentication). */
  'category_not_sent',
  /** No such template APPROVED in the language the contact gets (missing, in review, rejected, paused, disabled). */
  'template_not_approved',
  /** The template was marked as needing the merchant's attention by an earlier send. */
  'template_needs_attention',
  /** A variable of the template has no value. */
  'variables_missing',
  /** The recipient is not a valid number. */
  'recipient_invalid',
  /** The number was disconnected, or stayed unusable (needs attention) for too long. */
  'channel_unavailable',
  /** What it was for ended while it waited for its turn (the order of a reminded cart was placed). */
  'no_longer_wanted',
] as const;
export type SendRefusalReason = (typeof sendRefusalReasons)[number];

/** A send whose job failed on Catalyst's side on every attempt (a bug or an outage of ours), ended so it is seen. */
export const SEND_GAVE_UP = 'gave_up';

// The outcomes after Meta was asked (server/messaging/send-outcomes.ts maps Meta's codes to them).

/** A limit, or Meta's side or the network failing: the send waits and goes again (fails once retries run out). */
export const retryReasons = [
  'throughput_limited',
  'pair_rate_limited',
  'rate_limited',
  'spam_rate_limited',
  'meta_unavailable',
  'network_error',
] as const;
export type RetryReason = (typeof retryReasons)[number];

/** This send cannot go as it is; others are not affected. */
export const endedReasons = [
  'undeliverable',
  'outside_service_window',
  'unsupported_message_type',
  'media_download_failed',
  'media_upload_failed',
  'invalid_parameter',
  'missing_parameter',
  'recipient_is_sender',
  'recipient_not_allowed',
  'marketing_experiment',
  'country_restricted',
  'refused_by_meta',
] as const;
export type EndedReason = (typeof endedReasons)[number];

/** The template is unusable until the merchant fixes it. */
export const templateReasons = [
  'template_parameter_count_mismatch',
  'template_parameter_format_mismatch',
  'template_missing',
  'template_paused',
  'template_disabled',
  'template_text_too_long',
  'template_policy_violation',
] as const;
export type TemplateReason = (typeof templateReasons)[number];

/** The number, its token or its account is unusable: the send waits for the merchant's fix. */
export const channelReasons = [
  'token_expired',
  'token_invalid',
  'permission_denied',
  'account_locked',
  'account_restricted',
  'number_not_registered',
  'number_not_found',
  'payment_issue',
  'display_name_not_approved',
] as const;
export type ChannelReason = (typeof channelReasons)[number];

/**
 * Every reason an outcome can carry; besides those above, Meta's per-user marketing limit (the send
 * waits for a later day) and the contact's opt-out from marketing (131050).
 */
export const sendOutcomeReasons = [
  ...retryReasons,
  'per_user_marketing_limit',
  'marketing_opted_out',
  ...endedReasons,
  ...templateReasons,
  ...channelReasons,
] as const;
export type SendOutcomeReason = (typeof sendOutcomeReasons)[number];

/**
 * Every reason a send's row can carry: refused before Meta, given up on our side, or Meta's outcome
 * (a queued send's is why it waits, a failed one's why it failed). The SPA names each of them.
 */
export const sendReasons = [...sendRefusalReasons, SEND_GAVE_UP, ...sendOutcomeReasons] as const;
export type SendReason = (typeof sendReasons)[number];

/** What a caller asks the sender for (one shopper, one template). */
export type TemplateSendRequest = {
  uid: string;
  channelId: string;
  /** What it is for, unique per account: the same key asked twice sends once. */
  sendKey: string;
  purpose: string;
  templateName: string;
  /** The template's language, when the caller knows the shopper's (else the contact's, else this). */
  language: string;
  /** The phone number, E.164. */
  recipient: string;
  variables: Record<string, string>;
};

/** What Meta says of a sent message in a status webhook, with the callback data the send gave it. */
export type SendStatusUpdate = {
  channelId: string;
  /** Meta's wamid of the message. */
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  errorCodes: readonly number[];
  /** `send:<template send id>` for the sender's messages. */
  callbackData: string | null;
};

/** The callback data a template send gives Meta, and the send it names back. */
export const sendCallbackData = (sendId: string) => `send:${sendId}`;
export const sendIdOfCallback = (data: string | null): string | null =>
  data && /^send:[0-9a-f-]{36}$/.test(data) ? data.slice('send:'.length) : null;
