// The channel vocabulary in the page's language: a channel's status and Meta's quality rating, why a
// connect failed (Meta's refusals and the connect's own say what domain/channel.ts says at the field),
// why resuming was refused, and the form's validation messages by id.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  channelCheckRefusals,
  channelValidation,
  channelValidationMessages,
  type ChannelStatus,
  type QualityRating,
} from '../../../domain/channel';
import type { ChannelConnectFailureKind } from '../../../machines/channel-connect';
import { useTranslatedFieldError } from '../../i18n/use-field-error';
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

/** Why resuming was refused (a channel gone is taken off the list instead; anything else says the action failed). */
export const resumeRefusalMessages: Partial<Record<ChannelActionFailure, MessageDescriptor>> = {
  ai_base_not_active: msg`The AI base of this number is switched off. Activate it, then resume.`,
  ai_base_not_found: msg`The AI base of this number was deleted. Connect the number again with an active AI base.`,
};

const connectFieldMessages: ReadonlyMap<string, MessageDescriptor> = new Map([
  ...channelValidationMessages,
  ...Object.values(channelCheckRefusals).map((descriptor) => [descriptor.id, descriptor] as const),
]);

/** A connect field's message in the page's language, from its message id. */
export const useChannelFieldError = (errors: Record<string, string>) => useTranslatedFieldError(errors, connectFieldMessages);
