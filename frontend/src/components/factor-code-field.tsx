import { TextField } from '@/components/text-field';

interface FactorCodeFieldProps {
  /** one of the saved recovery codes instead of the authenticator app's 6 digits */
  recovery: boolean;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The code of a second factor, as sign-in and step-up ask it: the authenticator app's 6 digits, or a
 * recovery code (a field of its own, so switching starts it empty of the other's hints). */
export function FactorCodeField({ recovery, value, onChange, disabled }: FactorCodeFieldProps) {
  if (recovery) {
    return <TextField key="recovery" label="Recovery code" autoComplete="off" value={value} onChange={onChange} disabled={disabled} />;
  }
  return (
    <TextField
      key="app"
      label="Code from your authenticator app"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
