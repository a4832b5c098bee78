import { useId, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
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

const Option = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: start;
`;

const Radio = styled.input`
  width: 22px;
  height: 22px;
  margin: 1px 0 0;
  accent-color: ${({ theme }) => theme.colors.secondary};
  cursor: pointer;

  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.focusRing};
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

const Label = styled.label<{ $disabled: boolean }>`
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.muted : theme.colors.text)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
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
          <Option key={option.value}>
            <Radio
              type="radio"
              id={optionId}
              name={groupName}
              value={option.value}
              required={required}
              disabled={option.disabled}
              aria-describedby={option.hint ? optionHintId : undefined}
              {...(value !== undefined
                ? { checked: value === option.value }
                : { defaultChecked: defaultValue === option.value })}
              onChange={(event) => onChange?.(option.value, event)}
            />
            <Label htmlFor={optionId} $disabled={optionDisabled}>
              {option.label}
            </Label>
            {option.hint && <OptionHint id={optionHintId}>{option.hint}</OptionHint>}
          </Option>
        );
      })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Fieldset>
  );
}
