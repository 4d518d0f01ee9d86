import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from '@/components/field-frame';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled input with an optional hint read out with it. */
export function TextField({ label, hint, value, onChange, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint}>
      {({ id, describedBy }) => (
        <input
          {...inputProps}
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
