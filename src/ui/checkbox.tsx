import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { ChoiceInput, ChoiceLabel, ChoiceRow } from './choice-styles';
import { FieldError, FieldHint } from './field-styles';
import { useFieldIds } from './use-field-ids';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

const Wrapper = styled(ChoiceRow)`
  row-gap: ${({ theme }) => theme.space(1)};
`;

// Hint and error sit in the second column, under the label text.
const Below = styled.div`
  grid-column: 2;
`;

export function Checkbox({ label, hint, error, id, disabled, className, ...inputProps }: CheckboxProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: inputProps['aria-describedby'] });
  return (
    <Wrapper className={className}>
      <ChoiceInput {...inputProps} type="checkbox" {...ids.controlProps} disabled={disabled} />
      <ChoiceLabel htmlFor={ids.inputId} $disabled={Boolean(disabled)}>
        {label}
      </ChoiceLabel>
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
