import { Trans, useLingui } from '@lingui/react/macro';
import type { AiBase } from '@/domain/ai-base';
import { functionNames, languageNames, statusValueNames, voiceToneNames } from '../ai-base-messages';
import { FactsList } from '@/src/ui/facts-list';

/** What an AI base is, in a few lines: for the activation screen and the list's details. */
export function AiBaseSummary({ base }: { base: AiBase }) {
  const { i18n } = useLingui();
  return (
    <FactsList>
      <dt>
        <Trans>Function</Trans>
      </dt>
      <dd>{i18n._(functionNames[base.function].name)}</dd>
      <dt>
        <Trans>Language</Trans>
      </dt>
      <dd>{i18n._(languageNames[base.language])}</dd>
      <dt>
        <Trans>Voice tone</Trans>
      </dt>
      <dd>{i18n._(voiceToneNames[base.voiceTone].name)}</dd>
      <dt>
        <Trans>Creativity</Trans>
      </dt>
      <dd>{base.creativity} / 10</dd>
      <dt>
        <Trans>Blocked themes or terms</Trans>
      </dt>
      <dd>{base.blockedTerms.length > 0 ? base.blockedTerms.join(', ') : <Trans>None</Trans>}</dd>
      <dt>
        <Trans>Status</Trans>
      </dt>
      <dd>{i18n._(statusValueNames[base.status])}</dd>
    </FactsList>
  );
}
