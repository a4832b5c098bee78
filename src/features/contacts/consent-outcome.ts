// What a consent change did, read from the contact's history: the API answers every change with 200
// and records each purpose's effect (domain/contact.ts's rules), so an opt-in against the shopper's
// own opt-out comes back as an entry `ignored_shopper_opt_out`, not as an error. The entries of a
// change are those the answer has that the contact had not before.
import {
  consentPurposes,
  type ConsentEffect,
  type ConsentHistoryEntry,
  type ConsentPurpose,
  type ContactDetail,
  type PurposeConsent,
} from '@/domain/contact';

export type ConsentOutcomeLine = {
  purpose: ConsentPurpose;
  effect: ConsentEffect;
  /** The consent the purpose has now (for an ignored change: the opt-out that stood). */
  consent: PurposeConsent;
};

/** `refused`: some purpose's change was ignored; `changed`: none was and one changed; `unchanged`: nothing did. */
export type ConsentOutcome = { tone: 'refused' | 'changed' | 'unchanged'; lines: ConsentOutcomeLine[] };

const ignored = (effect: ConsentEffect) => effect.startsWith('ignored_');

/** The outcome of the change that turned `before` into `after`; null when the answer recorded nothing new. */
export function consentOutcome(before: ContactDetail, after: ContactDetail): ConsentOutcome | null {
  const known = new Set(before.history.map((entry) => entry.id));
  const added: ConsentHistoryEntry[] = after.history.filter((entry) => !known.has(entry.id));
  if (added.length === 0) return null;
  const lines = added
    .map((entry) => ({ purpose: entry.purpose, effect: entry.effect, consent: after.consent[entry.purpose] }))
    .sort((a, b) => consentPurposes.indexOf(a.purpose) - consentPurposes.indexOf(b.purpose));
  const tone = lines.some((line) => ignored(line.effect))
    ? 'refused'
    : lines.some((line) => line.effect === 'subscribed' || line.effect === 'unsubscribed')
      ? 'changed'
      : 'unchanged';
  return { tone, lines };
}
