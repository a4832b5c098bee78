import { useState, type ChangeEvent, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { FieldError, FieldHint, FieldLabel, FieldWrapper } from './field-styles';
import { useFieldIds } from './use-field-ids';

export type SliderProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step' | 'children'
> & {
  label: ReactNode;
  min?: number;
  max?: number;
  step?: number;
  /** Controlled value; use with onChange. */
  value?: number;
  defaultValue?: number;
  onChange?: (value: number, event: ChangeEvent<HTMLInputElement>) => void;
  /** Words for the ends of the scale, e.g. "Less creative" / "More creative". */
  minLabel?: ReactNode;
  maxLabel?: ReactNode;
  /** Visible and announced text for a value; defaults to the locale-formatted number. */
  formatValue?: (value: number) => string;
  hint?: ReactNode;
  error?: ReactNode;
};

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
`;

const Value = styled.output`
  font-variant-numeric: tabular-nums;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const Range = styled.input`
  width: 100%;
  min-height: 44px;
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.secondary};
  background: transparent;
  cursor: pointer;

  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.focusRing};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

const Ends = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export function Slider({
  label,
  min = 0,
  max = 100,
  step = 1,
  value,
  defaultValue,
  onChange,
  minLabel,
  maxLabel,
  formatValue,
  hint,
  error,
  id,
  className,
  ...inputProps
}: SliderProps) {
  const { i18n } = useLingui();
  // Own state only when uncontrolled, so the visible value follows the thumb.
  const [innerValue, setInnerValue] = useState(defaultValue ?? min);
  const current = value ?? innerValue;
  const text = formatValue ? formatValue(current) : i18n.number(current);

  const hasEnds = Boolean(minLabel || maxLabel);
  const ids = useFieldIds({ id, hint, error, describedBy: inputProps['aria-describedby'] });
  const endsId = `${ids.inputId}-ends`;
  const describedBy = [ids.describedBy, hasEnds ? endsId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <FieldWrapper className={className}>
      <Header>
        <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
        {/* aria-hidden: the slider itself announces the value via aria-valuetext. */}
        <Value htmlFor={ids.inputId} aria-hidden="true">
          {text}
        </Value>
      </Header>
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      <Range
        {...inputProps}
        type="range"
        id={ids.inputId}
        min={min}
        max={max}
        step={step}
        value={current}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (value === undefined) setInnerValue(next);
          onChange?.(next, event);
        }}
        aria-valuetext={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hasEnds && (
        <Ends id={endsId}>
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </Ends>
      )}
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldWrapper>
  );
}
