import type { ReactNode } from 'react';
import { FieldError, FieldHint, FieldLabel, FieldWrapper, RequiredMark } from './field-styles';
import type { FieldIds } from './use-field-ids';

type FieldFrameProps = {
  ids: FieldIds;
  label: ReactNode;
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string | undefined;
  /** The control itself; it takes `ids.controlProps` so the label, hint and error point at it. */
  children: ReactNode;
};

/** Label (with the required mark), hint, control and error, stacked, for single-control fields. */
export function FieldFrame({ ids, label, required, hint, error, className, children }: FieldFrameProps) {
  return (
    <FieldWrapper className={className}>
      <FieldLabel htmlFor={ids.inputId}>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </FieldLabel>
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      {children}
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldWrapper>
  );
}
