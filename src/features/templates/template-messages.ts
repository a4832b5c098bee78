// The templates vocabulary in the page's language: Meta's categories, statuses, quality ratings and
// rejection reasons, the languages a template is written in, the kinds of button, why a call failed,
// and the editor's field messages by id (domain/message-template.ts's templateValidationMessages).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  templateValidationMessages,
  type TemplateButton,
  type TemplateCategory,
  type TemplateLanguage,
  type TemplateQuality,
  type TemplateStatus,
} from '@/domain/message-template';
import type { TemplateEditorFailureKind } from '@/machines/template-editor';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';

export const templateCategoryNames: Record<TemplateCategory, MessageDescriptor> = {
  MARKETING: msg({ message: 'Marketing', context: 'category of a WhatsApp message template' }),
  UTILITY: msg({ message: 'Utility', context: 'category of a WhatsApp message template' }),
  AUTHENTICATION: msg({ message: 'Authentication', context: 'category of a WhatsApp message template' }),
};

export const templateStatusNames: Record<TemplateStatus, MessageDescriptor> = {
  PENDING: msg({ message: 'In review', context: 'status of a WhatsApp message template' }),
  APPROVED: msg({ message: 'Approved', context: 'status of a WhatsApp message template' }),
  REJECTED: msg({ message: 'Rejected', context: 'status of a WhatsApp message template' }),
  PAUSED: msg({ message: 'Paused', context: 'status of a WhatsApp message template' }),
  DISABLED: msg({ message: 'Disabled', context: 'status of a WhatsApp message template' }),
  IN_APPEAL: msg({ message: 'In appeal', context: 'status of a WhatsApp message template' }),
  PENDING_DELETION: msg({ message: 'Being deleted', context: 'status of a WhatsApp message template' }),
};

/** Meta's quality rating of a template, in the words of WhatsApp Manager. */
export const templateQualityNames: Record<TemplateQuality, MessageDescriptor> = {
  GREEN: msg({ message: 'High', context: "Meta's quality rating of a WhatsApp message template" }),
  YELLOW: msg({ message: 'Medium', context: "Meta's quality rating of a WhatsApp message template" }),
  RED: msg({ message: 'Low', context: "Meta's quality rating of a WhatsApp message template" }),
  UNKNOWN: msg({ message: 'Not rated yet', context: "Meta's quality rating of a WhatsApp message template" }),
};

/** Meta's reasons for a rejection (`rejected_reason`); another one is shown as Meta wrote it. */
export const rejectionReasonNames: Readonly<Record<string, MessageDescriptor>> = {
  ABUSIVE_CONTENT: msg`Meta found content that breaks its policies.`,
  INCORRECT_CATEGORY: msg`Meta thinks the category is wrong: a message with an offer, a discount or a promotion is marketing.`,
  INVALID_FORMAT: msg`Meta found the format invalid (text mostly in capitals, variables badly placed, or examples missing).`,
  PROMOTIONAL: msg`Meta found promotional content in a utility template.`,
  TAG_CONTENT_MISMATCH: msg`Meta thinks the text does not match the category chosen.`,
  SCAM: msg`Meta suspects the template of being a scam.`,
};

/** The languages we offer, by Meta's code. */
export const templateLanguageNames: Record<TemplateLanguage, MessageDescriptor> = {
  pt_BR: msg`Portuguese (Brazil)`,
  en_US: msg`English (US)`,
  es: msg`Spanish`,
};

export const buttonTypeNames: Record<TemplateButton['type'], MessageDescriptor> = {
  quick_reply: msg`Quick reply`,
  url: msg`Link`,
  phone_number: msg`Call`,
  copy_code: msg`Copy code`,
};

/** Why a call failed, where no field says it. */
export const templateFailureMessages: Record<TemplateEditorFailureKind, MessageDescriptor> = {
  invalid: msg`Some fields were refused. Check them and try again.`,
  refused: msg`Meta refused the template.`,
  not_found: msg`This number is no longer connected, or the template no longer exists at Meta.`,
  channel_needs_attention: msg`Meta refused this number's access token. Open the number on the Channels screen and paste a new token.`,
  unreachable: msg`WhatsApp did not answer. Try again in a moment.`,
  unknown: msg`Something went wrong on our side, or the connection dropped. Try again.`,
};

/** A field's message in the page's language, from its message id (ours, or the one a refusal of Meta's maps to). */
export const useTemplateFieldError = (errors: Record<string, string>) => useTranslatedFieldError(errors, templateValidationMessages);
