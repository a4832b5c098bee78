// The refinement chat's texts in the page's language: the validation texts of
// domain/refinement-chat (also what the API answers in `error.fields`) and each outcome's label.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { chatValidation, type ChatOutcome } from '@/domain/refinement-chat';

const validation: Record<keyof typeof chatValidation, MessageDescriptor> = {
  messageRequired: msg`Write a message to send.`,
  messageTooLong: msg`The message is too long (2,000 characters at most).`,
  unstorable: msg`The message has characters that cannot be sent.`,
  settingsInvalid: msg`Correct the settings above to try them.`,
};

export const chatValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  (Object.keys(validation) as (keyof typeof chatValidation)[]).map((key) => [chatValidation[key], validation[key]]),
);

/** The badge an answer gets; a plain answer gets none. */
export const outcomeLabels: Record<Exclude<ChatOutcome, 'answered'>, MessageDescriptor> = {
  refused: msg`Refused: blocked term`,
  no_knowledge: msg`Not in the knowledge base`,
};
