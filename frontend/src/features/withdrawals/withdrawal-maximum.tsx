import { StatBox } from '@/components/stat-box';
import { errorDetail } from '@/lib/errors';
import { formatPercent, listDecimals } from '@/lib/percent';
import { plural } from '@/lib/plural';
import { formatMoney } from '@/lib/money';
import { useTotalSavings } from '@/features/savings';

export function WithdrawalMaximum({ playerId }: { playerId: number }) {
  const total = useTotalSavings(playerId);
  if (total.isPending) return <p className="muted">Loading your savings...</p>;
  if (total.isError) return <p className="alert alert--error">Your savings could not be loaded: {errorDetail(total.error)}</p>;
  const { total_available: available, savings_breakdown: rows } = total.data;
  const rateDecimals = listDecimals(rows.map((row) => row.interest_rate));
  return (
    <>
      <dl className="stat-grid stat-grid--compact">
        <StatBox
          label="Maximum Withdrawal Amount"
          value={formatMoney(available)}
          sub={`across ${plural(rows.length, 'active savings account')}`}
          tone="gold"
          testId="maximum-withdrawal"
        />
      </dl>
      {rows.length > 0 && (
        <ul className="breakdown-list" aria-label="Savings breakdown">
          {rows.map((row) => (
            <li key={row.savings_id} className="breakdown-row">
              <span className="breakdown-row__name">Savings #{row.savings_id}</span>
              <strong className="breakdown-row__amount">{formatMoney(row.amount)}</strong>
              <span className="muted breakdown-row__facts">
                {formatPercent(row.interest_rate, rateDecimals)} weekly · {plural(row.payments_count, 'payment')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
