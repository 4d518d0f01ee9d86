import type { ReactNode } from 'react';

/**
 * A box whose content may scroll inside it (a wide table on a phone): a named region that takes
 * keyboard focus, so the arrow keys scroll it for someone without a mouse.
 */
export function ScrollBox({ label, className = 'table-wrap', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
