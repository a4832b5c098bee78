import { useId, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { ChoiceInput, ChoiceLabel, ChoiceRow } from './choice-styles';
import { FieldError, FieldHint, RequiredMark } from './field-styles';

export type RadioOption = { value: string; label: ReactNode; hint?: ReactNode; disabled?: boolean };

export type RadioGroupProps = {
  legend: ReactNode;
  options: readonly RadioOption[];
  /** Defaults to a generated unique name. */
  name?: string;
  /** Controlled value; use with onChange. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  className?: string;
};

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space(1)};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const OptionHint = styled(FieldHint)`
  grid-column: 2;
`;

export function RadioGroup({
  legend,
  options,
  name,
  value,
  defaultValue,
  onChange,
  hint,
  error,
  disabled = false,
  required,
  className,
}: RadioGroupProps) {
  const baseId = useId();
  const groupName = name ?? baseId;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  // role="radiogroup" (allowed on fieldset) so aria-invalid is a supported attribute here.
  return (
    <Fieldset
      role="radiogroup"
      className={className}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <Legend>
        {legend}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </Legend>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {options.map((option, index) => {
        const optionId = `${baseId}-option-${index}`;
        const optionHintId = `${optionId}-hint`;
        const optionDisabled = disabled || Boolean(option.disabled);
        return (
          <ChoiceRow key={option.value}>
            <ChoiceInput
              type="radio"
              id={optionId}
              name={groupName}
              value={option.value}
              required={required}
              disabled={option.disabled}
              aria-describedby={option.hint ? optionHintId : undefined}
              {...(value !== undefined ? { checked: value === option.value } : { defaultChecked: defaultValue === option.value })}
              onChange={(event) => onChange?.(option.value, event)}
            />
            <ChoiceLabel htmlFor={optionId} $disabled={optionDisabled}>
              {option.label}
            </ChoiceLabel>
            {option.hint && <OptionHint id={optionHintId}>{option.hint}</OptionHint>}
          </ChoiceRow>
        );
      })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Fieldset>
  );
}
