import './bank-ui.css';

interface ProgressBarProps {
  label: string;
  /** 0..100 */
  percent: number;
  tone?: 'success' | 'accent' | 'gold';
}

export function ProgressBar({ label, percent, tone = 'success' }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <div
      className="meter"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={`${clamped}%`}
    >
      <div className={`meter__bar meter__bar--${tone}`} style={{ width: `${clamped}%` }} />
    </div>
  );
}
