import type { RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BUILTIN_MODEL, CREATIVITY_MAX, CREATIVITY_MIN } from '../../../../domain/ai-base';
import type { RefinementDraft } from '../../../../machines/ai-base-wizard';
import { Select } from '../../../ui/select';
import { Slider } from '../../../ui/slider';
import { TextArea } from '../../../ui/text-area';
import { useFieldError } from './use-field-error';
import { StepSection } from './step-section';

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  draft: RefinementDraft;
  errors: Record<string, string>;
  onEdit: (values: Partial<RefinementDraft>) => void;
};

/** One term per line, as typed; blank lines are not terms. */
const termsOf = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** Step 3: the guard rails and how creative the answers may be. */
export function RefinementStep({ headingRef, draft, errors, onEdit }: Props) {
  const { t } = useLingui();
  const error = useFieldError(errors);
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
        defaultValue={draft.blockedTerms.join('\n')}
        error={error('blockedTerms')}
        onChange={(event) => onEdit({ blockedTerms: termsOf(event.target.value) })}
      />
      <Select
        label={t`Model`}
        name="model"
        value={draft.model}
        error={error('model')}
        options={[{ value: BUILTIN_MODEL, label: t`Built-in answerer (from your knowledge base)` }]}
        onChange={(event) => onEdit({ model: event.target.value })}
      />
    </StepSection>
  );
}
