import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldFrame } from './field-frame';
import { controlBase } from './field-styles';
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
  const ids = useFieldIds({ id, hint, error, describedBy: inputProps['aria-describedby'] });
  return (
    <FieldFrame ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      <Input type="text" {...inputProps} {...ids.controlProps} required={required} $invalid={Boolean(error)} />
    </FieldFrame>
  );
}
