import type { RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { aiBaseFunctions, aiBaseLanguages, voiceTones, type AiBaseFunction, type AiBaseLanguage, type VoiceTone } from '@/domain/ai-base';
import type { InstructionsDraft } from '@/machines/ai-base-wizard';
import { RadioGroup } from '@/src/ui/radio-group';
import { Select } from '@/src/ui/select';
import { TextArea } from '@/src/ui/text-area';
import { TextField } from '@/src/ui/text-field';
import { functionNames, languageNames, voiceToneNames } from '../ai-base-messages';
import { useFieldError } from '../use-field-error';
import { StepSection } from '@/src/ui/step-section';

type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  draft: InstructionsDraft;
  errors: Record<string, string>;
  onEdit: (values: Partial<InstructionsDraft>) => void;
};

/** Step 1: who the agent is and how it speaks. */
export function InstructionsStep({ headingRef, draft, errors, onEdit }: Props) {
  const { t, i18n } = useLingui();
  const error = useFieldError(errors);
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>1. Instructions</Trans>}
      description={<Trans>Give your AI agent a name, a job and a way of speaking to your customers.</Trans>}
    >
      <TextField
        label={t`Name of the AI base`}
        name="name"
        required
        value={draft.name}
        error={error('name')}
        onChange={(event) => onEdit({ name: event.target.value })}
      />
      <RadioGroup
        legend={t`Function`}
        name="function"
        required
        value={draft.function}
        error={error('function')}
        options={aiBaseFunctions.map((value) => ({
          value,
          label: i18n._(functionNames[value].name),
          hint: i18n._(functionNames[value].hint),
        }))}
        onChange={(value) => onEdit({ function: value as AiBaseFunction })}
      />
      <Select
        label={t`Language`}
        name="language"
        required
        placeholder={t`Choose a language`}
        value={draft.language}
        error={error('language')}
        options={aiBaseLanguages.map((value) => ({ value, label: i18n._(languageNames[value]) }))}
        onChange={(event) => onEdit({ language: event.target.value as AiBaseLanguage | '' })}
      />
      <RadioGroup
        legend={t`Voice tone`}
        name="voiceTone"
        required
        value={draft.voiceTone}
        error={error('voiceTone')}
        options={voiceTones.map((value) => ({
          value,
          label: i18n._(voiceToneNames[value].name),
          hint: i18n._(voiceToneNames[value].hint),
        }))}
        onChange={(value) => onEdit({ voiceTone: value as VoiceTone })}
      />
      <RadioGroup
        legend={t`Personalized base?`}
        name="personalized"
        required
        value={draft.personalized === null ? '' : String(draft.personalized)}
        error={error('personalized')}
        hint={t`A personalized base speaks with your brand's own words and rules.`}
        options={[
          { value: 'true', label: t`Yes` },
          { value: 'false', label: t`No` },
        ]}
        onChange={(value) => onEdit({ personalized: value === 'true' })}
      />
      <TextArea
        label={t`Instructions`}
        name="instructions"
        hint={t`What the agent must do and never do, in your own words.`}
        value={draft.instructions}
        error={error('instructions')}
        onChange={(event) => onEdit({ instructions: event.target.value })}
      />
      <TextArea
        label={t`Expected inputs`}
        name="expectedInputs"
        rows={3}
        hint={t`What customers usually send: order numbers, sizes, a postcode…`}
        value={draft.expectedInputs}
        error={error('expectedInputs')}
        onChange={(event) => onEdit({ expectedInputs: event.target.value })}
      />
    </StepSection>
  );
}
