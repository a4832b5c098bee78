// The channel vocabulary in the page's language: a channel's status and Meta's quality rating, why a
// connect failed (Meta's refusals and the connect's own say what domain/channel.ts says at the field),
// why resuming was refused, the form's validation messages by id, and on the conversations page
// what became of each shopper's message (a reply's outcome in words) and what kind of message it was.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  channelCheckRefusals,
  channelValidation,
  channelValidationMessages,
  type ChannelStatus,
  type QualityRating,
} from '@/domain/channel';
import type { ConversationMessageType, ReplyView } from '@/domain/channel';
import type { ChannelConnectFailureKind } from '@/machines/channel-connect';
import type { ChannelSettingsFailureKind } from '@/machines/channel-settings';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import type { ChannelActionFailure } from './api/channel-action-failure';

export const channelStatusNames: Record<ChannelStatus, MessageDescriptor> = {
  active: msg({ message: 'Active', context: 'badge: the status of one WhatsApp channel' }),
  paused: msg({ message: 'Paused', context: 'badge: the status of one WhatsApp channel' }),
  needs_attention: msg({ message: 'Needs attention', context: 'badge: the status of one WhatsApp channel' }),
};

/** Meta's quality rating of a number, in the words of WhatsApp Manager. */
export const qualityRatingNames: Record<QualityRating, MessageDescriptor> = {
  green: msg({ message: 'High', context: "Meta's quality rating of a WhatsApp number" }),
  yellow: msg({ message: 'Medium', context: "Meta's quality rating of a WhatsApp number" }),
  red: msg({ message: 'Low', context: "Meta's quality rating of a WhatsApp number" }),
  unknown: msg({ message: 'Not rated yet', context: "Meta's quality rating of a WhatsApp number" }),
};

export const connectFailureMessages: Record<ChannelConnectFailureKind, MessageDescriptor> = {
  invalid: msg`Some details were refused. Check them and try again.`,
  token_invalid: channelCheckRefusals.tokenInvalid,
  number_not_found: channelCheckRefusals.numberNotFound,
  unreachable: msg`WhatsApp did not answer, so the number could not be checked. Try again in a moment.`,
  already_connected: channelValidation.alreadyConnected,
  ai_base_not_active: channelValidation.aiBaseNotActive,
  ai_base_not_found: channelValidation.aiBaseNotFound,
  inventory_not_found: channelValidation.inventoryNotFound,
  unknown: msg`Something went wrong on our side, or the connection dropped. Try again.`,
};

/**
 * Why a change on the number's page failed, for the failures no field says (a refused token, base or
 * inventory is said at its field).
 */
export const settingsFailureMessages: Partial<Record<ChannelSettingsFailureKind, MessageDescriptor>> = {
  invalid: connectFailureMessages.invalid,
  unreachable: msg`WhatsApp did not answer, so the token could not be checked. Try again in a moment.`,
  not_found: msg`This number is no longer connected: it was disconnected, perhaps in another tab.`,
  unknown: connectFailureMessages.unknown,
};

/** Why resuming was refused (a channel gone is taken off the list instead; anything else says the action failed). */
export const resumeRefusalMessages: Partial<Record<ChannelActionFailure, MessageDescriptor>> = {
  ai_base_not_active: msg`The AI base of this number is switched off. Activate it, then resume.`,
  ai_base_not_found: msg`The AI base of this number was deleted. Choose another AI base on the number's page.`,
  needs_access_token: msg`Meta refused this number's access token. Open the number and paste a new token first.`,
};

/** Why pausing was refused (anything else says the pause failed). */
export const pauseRefusalMessages: Partial<Record<ChannelActionFailure, MessageDescriptor>> = {
  needs_access_token: resumeRefusalMessages.needs_access_token!,
};

const connectFieldMessages: ReadonlyMap<string, MessageDescriptor> = new Map([
  ...channelValidationMessages,
  ...Object.values(channelCheckRefusals).map((descriptor) => [descriptor.id, descriptor] as const),
]);

/** A connect field's message in the page's language, from its message id. */
export const useChannelFieldError = (errors: Record<string, string>) => useTranslatedFieldError(errors, connectFieldMessages);

/** What became of a shopper's message, as the conversations page says it. */
export type ReplyOutcomeWord =
  | 'waiting'
  | 'sending'
  | 'answered'
  | 'not_found'
  | 'refused'
  | 'cart_sent'
  | 'order_no_inventory'
  | 'order_unreadable'
  | 'text_only'
  | 'media_not_allowed'
  | 'skipped_paused'
  | 'skipped_needs_attention'
  | 'skipped_no_ai_base'
  | 'skipped_unsupported'
  | 'outside_window'
  | 'failed';

const sentKinds: Record<NonNullable<ReplyView['kind']>, ReplyOutcomeWord> = {
  answer: 'answered',
  no_knowledge: 'not_found',
  refused: 'refused',
  order_cart: 'cart_sent',
  order_no_inventory: 'order_no_inventory',
  order_unreadable: 'order_unreadable',
  text_only: 'text_only',
  media_not_allowed: 'media_not_allowed',
};

/** A reply's stored outcome and kind (domain/whatsapp-reply.ts) as one word of the page (null: not handled yet). */
export function replyOutcomeWord(reply: ReplyView | null): ReplyOutcomeWord {
  if (!reply) return 'waiting';
  if (reply.outcome === 'sent') return reply.kind ? sentKinds[reply.kind] : 'answered';
  return reply.outcome;
}

export const replyOutcomeNames: Record<ReplyOutcomeWord, MessageDescriptor> = {
  waiting: msg({ message: 'Not answered yet', context: 'what became of a shopper’s WhatsApp message' }),
  sending: msg({ message: 'Sending', context: 'what became of a shopper’s WhatsApp message' }),
  answered: msg({ message: 'Answered', context: 'what became of a shopper’s WhatsApp message' }),
  not_found: msg({ message: 'Not in the knowledge base', context: 'what became of a shopper’s WhatsApp message' }),
  refused: msg({ message: 'Refused: a blocked term', context: 'what became of a shopper’s WhatsApp message' }),
  cart_sent: msg({ message: 'Cart link sent', context: 'what became of a shopper’s WhatsApp message' }),
  order_no_inventory: msg({
    message: 'Order received: no inventory to make a cart',
    context: 'what became of a shopper’s WhatsApp message',
  }),
  order_unreadable: msg({ message: 'Order from another catalog', context: 'what became of a shopper’s WhatsApp message' }),
  text_only: msg({ message: 'Asked to write instead', context: 'what became of a shopper’s WhatsApp message' }),
  media_not_allowed: msg({ message: 'Media not in the plan', context: 'what became of a shopper’s WhatsApp message' }),
  skipped_paused: msg({ message: 'Not answered: the channel was paused', context: 'what became of a shopper’s WhatsApp message' }),
  skipped_needs_attention: msg({
    message: 'Not answered: the channel needed attention',
    context: 'what became of a shopper’s WhatsApp message',
  }),
  skipped_no_ai_base: msg({ message: 'Not answered: no active AI base', context: 'what became of a shopper’s WhatsApp message' }),
  skipped_unsupported: msg({
    message: 'Not answered: a reaction or unsupported message',
    context: 'what became of a shopper’s WhatsApp message',
  }),
  outside_window: msg({ message: 'Not sent: past the 24-hour window', context: 'what became of a shopper’s WhatsApp message' }),
  failed: msg({ message: 'Failed to send', context: 'what became of a shopper’s WhatsApp message' }),
};

/** A shopper's message that has no text, by its type. */
export const messageTypeNames: Record<ConversationMessageType, MessageDescriptor> = {
  text: msg({ message: 'Text message', context: 'a shopper’s WhatsApp message without text' }),
  image: msg({ message: 'Image', context: 'a shopper’s WhatsApp message without text' }),
  audio: msg({ message: 'Audio message', context: 'a shopper’s WhatsApp message without text' }),
  document: msg({ message: 'Document', context: 'a shopper’s WhatsApp message without text' }),
  interactive: msg({ message: 'Button reply', context: 'a shopper’s WhatsApp message without text' }),
  order: msg({ message: 'Order', context: 'a shopper’s WhatsApp message without text' }),
  unsupported: msg({ message: 'Unsupported message', context: 'a shopper’s WhatsApp message without text' }),
};
