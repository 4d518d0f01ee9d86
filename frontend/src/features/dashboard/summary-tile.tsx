import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/components/admin-overview.css';

interface SummaryTileProps {
  label: string;
  value: string;
  sub: string;
  testId: string;
  gold?: boolean;
}

export function SummaryTile({ label, value, sub, testId, gold }: SummaryTileProps) {
  return (
    <div className={gold ? 'summary-tile summary-tile--gold' : 'summary-tile'} data-testid={testId}>
      <div className="summary-tile__label">{label}</div>
      <div className="summary-tile__value">{value}</div>
      <p className="muted">{sub}</p>
    </div>
  );
}
