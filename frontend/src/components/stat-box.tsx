import type { ReactNode } from 'react';

interface StatBoxProps {
  label: string;
  value: ReactNode;
  /** A second, smaller line under the value. */
  sub?: ReactNode;
  tone?: 'success' | 'gold';
  testId?: string;
}

/** One labelled figure of a card's stat grid; goes inside a <dl className="stat-grid">. */
export function StatBox({ label, value, sub, tone, testId }: StatBoxProps) {
  return (
    <div className="stat-box">
      <dt className="stat-box__label">{label}</dt>
      <dd className={tone ? `stat-box__value stat-box__value--${tone}` : 'stat-box__value'} data-testid={testId}>
        {value}
      </dd>
      {sub !== undefined && <dd className="stat-box__sub">{sub}</dd>}
    </div>
  );
}
