import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldFrame } from './field-frame';
import { controlBase } from './field-styles';
import { useFieldIds } from './use-field-ids';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Text of an empty first option, e.g. "Choose an inventory". */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
};

const Wrap = styled.div`
  position: relative;
`;

const NativeSelect = styled.select<{ $invalid: boolean }>`
  ${controlBase}
  appearance: none;
  padding-inline-end: ${({ theme }) => theme.space(10)};
  cursor: pointer;
`;

const Chevron = styled.svg`
  position: absolute;
  inset-inline-end: ${({ theme }) => theme.space(3)};
  top: 50%;
  transform: translateY(-50%);
  pointer-events: none;
  color: ${({ theme }) => theme.colors.text};
`;

export function Select({ label, options, placeholder, hint, error, id, required, className, ...selectProps }: SelectProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: selectProps['aria-describedby'] });
  return (
    <FieldFrame ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      <Wrap>
        <NativeSelect {...selectProps} {...ids.controlProps} required={required} $invalid={Boolean(error)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <Chevron width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </Chevron>
      </Wrap>
    </FieldFrame>
  );
}
