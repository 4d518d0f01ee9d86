import { TextField } from '@/components/text-field';
import './bank-ui.css';

/** The spec's value shortcuts (player-side §5, admin-side §9). */
const AMOUNT_SHORTCUTS = ['100k', '500k', '1m', '5m', '10m'] as const;

interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  disabled?: boolean;
}

/** An amount input that also takes 100k / 1m style text, with one-click shortcuts. */
export function AmountField({ label, value, onChange, hint, disabled }: AmountFieldProps) {
  return (
    <div className="amount-field">
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        hint={hint}
        inputMode="text"
        autoComplete="off"
        placeholder="e.g. 250000, 500k or 1m"
        disabled={disabled}
      />
      <div className="chip-row" role="group" aria-label="Quick values">
        {AMOUNT_SHORTCUTS.map((shortcut) => (
          <button
            key={shortcut}
            type="button"
            className={value.trim().toLowerCase() === shortcut ? 'chip chip--active' : 'chip'}
            aria-pressed={value.trim().toLowerCase() === shortcut}
            disabled={disabled}
            onClick={() => onChange(shortcut)}
          >
            {shortcut}
          </button>
        ))}
      </div>
    </div>
  );
}
