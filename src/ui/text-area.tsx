import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldFrame } from './field-frame';
import { controlBase } from './field-styles';
import { useFieldIds } from './use-field-ids';

export type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** When set, the control is marked aria-invalid and this text is linked via aria-describedby. */
  error?: ReactNode;
};

const Area = styled.textarea<{ $invalid: boolean }>`
  ${controlBase}
  min-height: 7rem;
  resize: vertical;
  line-height: 1.5;
`;

/** A multi-line text field: the same frame, label, hint and error as TextField. */
export function TextArea({ label, hint, error, id, required, className, rows = 5, ...areaProps }: TextAreaProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: areaProps['aria-describedby'] });
  return (
    <FieldFrame ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      <Area rows={rows} {...areaProps} {...ids.controlProps} required={required} $invalid={Boolean(error)} />
    </FieldFrame>
  );
}
