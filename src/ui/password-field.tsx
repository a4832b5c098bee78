import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { controlBase, FieldError, FieldHint, FieldLabel, FieldWrapper, RequiredMark } from './field-styles';
import { useFieldIds } from './use-field-ids';

export type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

const InputRow = styled.div`
  position: relative;
  display: flex;
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${controlBase}
  padding-inline-end: 52px;
`;

const Toggle = styled.button`
  position: absolute;
  inset-block: 2px;
  inset-inline-end: 2px;
  width: 44px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: 0;
  color: ${({ theme }) => theme.colors.primary};
  background: transparent;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;

  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.focusRing};
  }
  &:disabled {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

export function PasswordField({ label, hint, error, id, required, disabled, className, ...inputProps }: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const ids = useFieldIds({
    id,
    hasHint: Boolean(hint),
    hasError: Boolean(error),
    describedBy: inputProps['aria-describedby'],
  });
  return (
    <FieldWrapper className={className}>
      <FieldLabel htmlFor={ids.inputId}>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </FieldLabel>
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      <InputRow>
        <Input
          autoComplete="current-password"
          {...inputProps}
          type={visible ? 'text' : 'password'}
          id={ids.inputId}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          $invalid={Boolean(error)}
        />
        {/* The name changes with the state, so no aria-pressed (it would contradict the name). */}
        <Toggle
          type="button"
          onClick={() => setVisible((v) => !v)}
          disabled={disabled}
          aria-controls={ids.inputId}
          aria-label={visible ? t`Hide password` : t`Show password`}
        >
          <EyeIcon crossed={visible} />
        </Toggle>
      </InputRow>
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldWrapper>
  );
}
