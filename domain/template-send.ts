// A template message Catalyst sends first, as the sender and its callers name it: its statuses, the
// reasons the sender refuses one before asking Meta, and what a caller asks for. The outcomes after
// Meta was asked are server/messaging/send-outcomes.ts's reasons. Reasons are stable names the SPA
// translates; they are never renamed.

export const templateSendStatuses = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type TemplateSendStatus = (typeof templateSendStatuses)[number];

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
