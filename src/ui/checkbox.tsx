import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError, FieldHint } from './field-styles';
import { useFieldIds } from './use-field-ids';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

const Wrapper = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${({ theme }) => theme.space(3)};
  row-gap: ${({ theme }) => theme.space(1)};
  align-items: start;
`;

const Box = styled.input`
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

// Hint and error sit in the second column, under the label text.
const Below = styled.div`
  grid-column: 2;
`;

export function Checkbox({ label, hint, error, id, disabled, className, ...inputProps }: CheckboxProps) {
  const ids = useFieldIds({
    id,
    hasHint: Boolean(hint),
    hasError: Boolean(error),
    describedBy: inputProps['aria-describedby'],
  });
  return (
    <Wrapper className={className}>
      <Box
        {...inputProps}
        type="checkbox"
        id={ids.inputId}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      <Label htmlFor={ids.inputId} $disabled={Boolean(disabled)}>
        {label}
      </Label>
      {hint && (
        <Below>
          <FieldHint id={ids.hintId}>{hint}</FieldHint>
        </Below>
      )}
      {error && (
        <Below>
          <FieldError id={ids.errorId}>{error}</FieldError>
        </Below>
      )}
    </Wrapper>
  );
}
