// A number typed as text (a discount, a minimum cart value): what is typed stays as typed while it is
// being written ('1.', '0,5'), and each change reports the number it reads — in minor units when
// `minor` (10.5 → 1050), NaN when it reads none, which the flow's refusals then name at the field.
import { useState } from 'react';
import { TextField, type TextFieldProps } from '@/src/ui/text-field';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: number;
  minor?: boolean;
  onValue: (value: number) => void;
};

const shown = (value: number, minor: boolean) => (Number.isFinite(value) ? String(minor ? value / 100 : value) : '');

/** The number in `text` (a comma as the decimal mark too); NaN when it is not one. */
export function readDecimal(text: string, minor: boolean): number {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(normalised)) return Number.NaN;
  const value = Number(normalised);
  return minor ? Math.round(value * 100) : value;
}

export function DecimalField({ value, minor = false, onValue, ...rest }: Props) {
  const [text, setText] = useState(() => shown(value, minor));
  // A value changed from outside (a save's answer) shows as it is.
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(readDecimal(text, minor), value)) setText(shown(value, minor));
  }
  return (
    <TextField
      {...rest}
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onValue(readDecimal(event.target.value, minor));
      }}
    />
  );
}
