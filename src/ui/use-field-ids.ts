import { useId, type ReactNode } from 'react';

type FieldIdsInput = {
  id?: string | undefined;
  hint?: ReactNode;
  error?: ReactNode;
  /** aria-describedby passed by the caller, kept alongside ours. */
  describedBy?: string | undefined;
};

export type FieldIds = ReturnType<typeof useFieldIds>;

/** Ids that tie a form control to its label, hint and error text. */
export function useFieldIds({ id, hint, error, describedBy }: FieldIdsInput) {
  const generated = useId();
  const inputId = id ?? `${generated}-input`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const ids = [describedBy, hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean);
  const joined = ids.length > 0 ? ids.join(' ') : undefined;
  return {
    inputId,
    hintId,
    errorId,
    describedBy: joined,
    /** Spread onto the control after the caller's props, so these win over any the caller passed. */
    controlProps: { id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': joined },
  };
}
