import { formatMoney } from '@/lib/money';
import { formatCount, nounFor } from '@/lib/plural';
import type { ReportCounters } from '@/features/loans/api/use-report';

export function CountersTiles({ counters }: { counters: ReportCounters | undefined }) {
  const shown = (value: number | undefined) => (value === undefined ? '...' : formatCount(value));
  return (
    <>
      <div className="summary-tile">
        <div className="summary-tile__label">Active Savings</div>
        <div className="summary-tile__value" data-testid="active-savings-count">
          {shown(counters?.active_savings)}
        </div>
        <p className="muted">{counters ? `${formatMoney(counters.total_savings_value)} invested` : ' '}</p>
      </div>
      <div className="summary-tile">
        <div className="summary-tile__label">Active Loans</div>
        <div className="summary-tile__value" data-testid="active-loans-count">
          {shown(counters?.active_loans)}
        </div>
        <p className="muted">{counters ? `${formatMoney(counters.total_loan_value)} lent` : ' '}</p>
      </div>
      <div className="summary-tile">
        <div className="summary-tile__label">Bad Payers</div>
        <div className="summary-tile__value" data-testid="bad-payers-count">
          {shown(counters?.bad_payers)}
        </div>
        <p className="muted">{nounFor(counters?.bad_payers ?? 0, 'player')} who cannot get new products</p>
      </div>
    </>
  );
}
