import { useId, type Ref } from 'react';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** what is wrong with it (the server's field error), read out with the field */
  error?: string;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled password input whose error, when it has one, is tied to it (aria-invalid, aria-describedby). */
export function PasswordField({ label, value, onChange, autoComplete, error, autoFocus, ref }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="password"
        className="field__input"
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
