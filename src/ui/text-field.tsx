import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { controlBase, FieldError, FieldHint, FieldLabel, FieldWrapper, RequiredMark } from './field-styles';
import { useFieldIds } from './use-field-ids';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** When set, the input is marked aria-invalid and this text is linked via aria-describedby. */
  error?: ReactNode;
};

const Input = styled.input<{ $invalid: boolean }>`
  ${controlBase}
`;

export function TextField({ label, hint, error, id, required, className, ...inputProps }: TextFieldProps) {
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
      <Input
        type="text"
        {...inputProps}
        id={ids.inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        $invalid={Boolean(error)}
      />
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldWrapper>
  );
}
