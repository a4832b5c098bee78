// The AI base vocabulary in the page's language: the names and explanations of each choice. (The
// validation messages are domain/ai-base's aiBaseValidation descriptors, translated by id.)
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AiBaseFunction, AiBaseLanguage, AiBaseStatus, VoiceTone } from '@/domain/ai-base';

export const functionNames: Record<AiBaseFunction, { name: MessageDescriptor; hint: MessageDescriptor }> = {
  seller: { name: msg`Seller`, hint: msg`Only sends product catalogs` },
  support: { name: msg`Support`, hint: msg`Answers only from the knowledge base` },
  qualifier: { name: msg`Qualifier`, hint: msg`Asks questions to qualify leads` },
  translator: { name: msg`Translator`, hint: msg`Translates to the requested language` },
};

export const languageNames: Record<AiBaseLanguage, MessageDescriptor> = {
  pt_br: msg`Portuguese (Brazil)`,
  en_us: msg`English (US)`,
  es: msg`Spanish`,
};

export const voiceToneNames: Record<VoiceTone, { name: MessageDescriptor; hint: MessageDescriptor }> = {
  default: { name: msg`Default`, hint: msg`Respects grammar, objective answers` },
  friendly: { name: msg`Friendly`, hint: msg`Warmer if the user is` },
  informal: { name: msg`Informal`, hint: msg`Uses slang if present in the base` },
};

// A status is said in three places, each its own message (the English words collide, the
// translations do not): the list's section headings name a group of bases (pt "Ativas"), a
// card's badge and a summary's "Status" line name the state of one base (pt "Ativa").

/** The headings of the list's sections: the bases in each status, plural. */
export const statusSectionTitles: Record<AiBaseStatus, MessageDescriptor> = {
  training: msg({ message: 'In configuration', context: 'AI bases list section: the bases in configuration' }),
  active: msg({ message: 'Active', context: 'AI bases list section: the active bases' }),
  inactive: msg({ message: 'Deactivated', context: 'AI bases list section: the deactivated bases' }),
};

/** The badge on one base's card: that base's status, singular. */
export const statusBadgeNames: Record<AiBaseStatus, MessageDescriptor> = {
  training: msg({ message: 'In configuration', context: 'badge: the status of one AI base' }),
  active: msg({ message: 'Active', context: 'badge: the status of one AI base' }),
  inactive: msg({ message: 'Deactivated', context: 'badge: the status of one AI base' }),
};

/** The value of the "Status" line in one base's summary (activation screen, list details), singular. */
export const statusValueNames: Record<AiBaseStatus, MessageDescriptor> = {
  training: msg({ message: 'In configuration', context: 'summary: value of Status for one AI base' }),
  active: msg({ message: 'Active', context: 'summary: value of Status for one AI base' }),
  inactive: msg({ message: 'Deactivated', context: 'summary: value of Status for one AI base' }),
};
