// What a consent change did, said after it: a line per purpose it named. When the API ignored it —
// most of all an opt-in against the shopper's own opt-out — the notice is an alert that says why and
// by whom the purpose stays unsubscribed; else it says what changed, or that nothing had to.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsentEffect } from '@/domain/contact';
import { formatDateTime } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Notice } from '@/src/ui/notice';
import type { ConsentOutcome, ConsentOutcomeLine } from '../consent-outcome';
import { consentEffectNames, consentPurposeNames, consentSourceNames } from '../contact-messages';

const variants = { refused: 'negative', changed: 'positive', unchanged: 'info' } as const;

export function ConsentOutcomeNotice({ outcome, onDismiss }: { outcome: ConsentOutcome; onDismiss: () => void }) {
  const title =
    outcome.tone === 'refused' ? (
      <Trans>The change was not applied.</Trans>
    ) : outcome.tone === 'changed' ? (
      <Trans>The change is recorded.</Trans>
    ) : (
      <Trans>Nothing changed: the consent was already so.</Trans>
    );
  return (
    <Notice variant={variants[outcome.tone]} title={title} onDismiss={onDismiss}>
      <ul>
        {outcome.lines.map((line) => (
          <li key={line.purpose}>
            <OutcomeLine line={line} />
          </li>
        ))}
      </ul>
    </Notice>
  );
}

const isIgnored = (effect: ConsentEffect) => effect.startsWith('ignored_');

function OutcomeLine({ line }: { line: ConsentOutcomeLine }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const purpose = i18n._(consentPurposeNames[line.purpose]);
  const effect = i18n._(consentEffectNames[line.effect]);
  if (line.effect === 'ignored_shopper_opt_out') {
    const source = line.consent.source ? i18n._(consentSourceNames[line.consent.source]) : '';
    const when = line.consent.at ? formatDateTime(lang, new Date(line.consent.at)) : '';
    return (
      <Trans>
        {purpose}: the shopper unsubscribed themselves ({source}, {when}). Only the shopper can subscribe again, from their WhatsApp
        conversation; your opt-in is kept in the history as ignored.
      </Trans>
    );
  }
  if (isIgnored(line.effect))
    return (
      <Trans>
        {purpose}: {effect}. It is kept in the history.
      </Trans>
    );
  return (
    <Trans>
      {purpose}: {effect}
    </Trans>
  );
}
