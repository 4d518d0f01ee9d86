import type { ReactNode } from 'react';

interface StatBoxProps {
  label: string;
  value: ReactNode;
  /** A second, smaller line under the value. */
  sub?: ReactNode;
  tone?: 'success' | 'gold';
  testId?: string;
  /** Takes a row of its own on a phone (a figure too long for half the width). */
  wide?: boolean;
}

/** One labelled figure of a card's stat grid; goes inside a <dl className="stat-grid">. */
export function StatBox({ label, value, sub, tone, testId, wide = false }: StatBoxProps) {
  return (
    <div className={wide ? 'stat-box stat-box--wide' : 'stat-box'}>
      <dt className="stat-box__label">{label}</dt>
      <dd className={tone ? `stat-box__value stat-box__value--${tone}` : 'stat-box__value'} data-testid={testId}>
        {value}
      </dd>
      {sub !== undefined && <dd className="stat-box__sub">{sub}</dd>}
    </div>
  );
}
