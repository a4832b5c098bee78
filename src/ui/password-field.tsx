import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { FieldFrame } from './field-frame';
import { controlBase } from './field-styles';
import { iconButtonBase } from './icon-button-styles';
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
  ${iconButtonBase}
  position: absolute;
  inset-block: 2px;
  inset-inline-end: 2px;
  width: 44px;
  padding: 0;
  color: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.md};

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
  const ids = useFieldIds({ id, hint, error, describedBy: inputProps['aria-describedby'] });
  return (
    <FieldFrame ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      <InputRow>
        <Input
          autoComplete="current-password"
          {...inputProps}
          type={visible ? 'text' : 'password'}
          {...ids.controlProps}
          required={required}
          disabled={disabled}
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
    </FieldFrame>
  );
}
