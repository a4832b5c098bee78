import { useId } from 'react';

type FieldIdsInput = {
  id?: string | undefined;
  hasHint: boolean;
  hasError: boolean;
  /** aria-describedby passed by the caller, kept alongside ours. */
  describedBy?: string | undefined;
};

/** Ids that tie a form control to its label, hint and error text. */
export function useFieldIds({ id, hasHint, hasError, describedBy }: FieldIdsInput) {
  const generated = useId();
  const inputId = id ?? `${generated}-input`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const ids = [describedBy, hasHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean);
  return { inputId, hintId, errorId, describedBy: ids.length > 0 ? ids.join(' ') : undefined };
}
