import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '@/components/field-frame';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled multi-line input with an optional hint read out with it. */
export function TextAreaField({ label, hint, value, onChange, rows = 3, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          {...props}
          id={id}
          rows={rows}
          className="field__input field__input--area"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
