import { useEffect, useState, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BUILTIN_MODEL, CREATIVITY_MAX, CREATIVITY_MIN } from '@/domain/ai-base';
import type { AiModel } from '@/domain/refinement-chat';
import type { RefinementDraft } from '@/machines/ai-base-wizard';
import { Select } from '@/src/ui/select';
import { Slider } from '@/src/ui/slider';
import { TextArea } from '@/src/ui/text-area';
import { useFieldError } from '../use-field-error';
import { RefinementChatPanel } from './refinement-chat-panel';
import { StepSection } from '@/src/ui/step-section';

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  draft: RefinementDraft;
  errors: Record<string, string>;
  onEdit: (values: Partial<RefinementDraft>) => void;
  baseId: string;
  models: AiModel[];
  /** The model saved with the base: still offered when the endpoint no longer lists it. */
  savedModel: string | null;
  /** The wizard's REVERT, when there is something to revert. */
  onRevert: (() => void) | undefined;
};

/** One term per line, as typed; blank lines are not terms. */
const termsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The models offered, and the chosen and saved ones even if the endpoint no longer lists them (the chat says so). */
const modelOptions = (models: AiModel[], ...kept: (string | null)[]) => [
  ...new Set([...models.map((model) => model.id), ...kept.filter((id): id is string => Boolean(id))]),
];

/** Step 3: the guard rails and how creative the answers may be. */
export function RefinementStep({ headingRef, draft, errors, onEdit, baseId, models, savedModel, onRevert }: Props) {
  const { t } = useLingui();
  const error = useFieldError(errors);
  // The terms as typed (blank lines and all); replaced when the draft's terms change from outside (a revert).
  const [termsText, setTermsText] = useState(draft.blockedTerms.join('\n'));
  useEffect(() => {
    setTermsText((text) => (JSON.stringify(termsOf(text)) === JSON.stringify(draft.blockedTerms) ? text : draft.blockedTerms.join('\n')));
  }, [draft.blockedTerms]);
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>3. Refinement and test</Trans>}
      description={<Trans>Set how free the answers may be and what the agent must never talk about.</Trans>}
    >
      <Slider
        label={t`Creativity`}
        name="creativity"
        min={CREATIVITY_MIN}
        max={CREATIVITY_MAX}
        step={1}
        value={draft.creativity}
        minLabel={t`Less creative`}
        maxLabel={t`More creative`}
        error={error('creativity')}
        onChange={(value) => onEdit({ creativity: value })}
      />
      <TextArea
        label={t`Blocked themes or terms`}
        name="blockedTerms"
        rows={4}
        hint={t`One per line. Questions and answers with them get a polite refusal.`}
        value={termsText}
        error={error('blockedTerms')}
        onChange={(event) => {
          setTermsText(event.target.value);
          onEdit({ blockedTerms: termsOf(event.target.value) });
        }}
      />
      <Select
        label={t`Model`}
        name="model"
        value={draft.model}
        error={error('model')}
        hint={t`The built-in answerer replies with the best passages of your files; a language model writes its own answers from them.`}
        options={modelOptions(models, draft.model, savedModel).map((id) => ({
          value: id,
          label: id === BUILTIN_MODEL ? t`Built-in answerer (from your knowledge base)` : id,
        }))}
        onChange={(event) => onEdit({ model: event.target.value })}
      />
      <RefinementChatPanel baseId={baseId} settings={draft} onRevert={onRevert} />
    </StepSection>
  );
}
