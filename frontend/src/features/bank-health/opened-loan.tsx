import { useEffect, useRef } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { formatMoney } from '@/lib/money';
import { plural } from '@/lib/plural';
import { PlayerProducts } from '@/features/player-accounts';
import type { ArrearsRow } from '@/features/bank-health/api/use-arrears';

/** The loan opened from the list: the player's products, where this loan's days are marked and its actions are. */
export function OpenedLoan({ row, onClose }: { row: ArrearsRow; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [row.loan_id]);
  return (
    <Card className="opened-loan">
      <div className="toolbar">
        <h3 className="card__title" ref={heading} tabIndex={-1}>
          Loan #{row.loan_id} · {row.player_name}
        </h3>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={onClose}>
          <Icon name="x" size={16} /> Close
        </button>
      </div>
      <p className="muted">
        {plural(row.arrears_days, 'day')} behind: {formatMoney(row.due)} due by yesterday, {formatMoney(row.paid)} paid,{' '}
        {formatMoney(row.arrears)} in arrears.
      </p>
      <PlayerProducts playerId={row.player_id} />
    </Card>
  );
}
