import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { formatMoney } from '@/lib/money';
import type { Me } from '@/features/players/api/use-me';
import { useBankData } from '@/features/player/api/use-bank-data';
import '@/components/bank-ui.css';

interface SummaryProps {
  total: number;
  active: number;
  waiting: boolean;
  failed: boolean;
  facts: ReadonlyArray<{ label: string; value: string }>;
}

function Summary({ total, active, waiting, failed, facts }: SummaryProps) {
  if (waiting || failed) {
    return (
      <p className="stat__value stat__value--muted" role={failed ? 'alert' : 'status'}>
        {failed ? 'Could not be loaded' : 'Loading...'}
      </p>
    );
  }
  return (
    <>
      <div className="summary-card__count">
        <p className="stat__value">{total}</p>
        <span className="badge badge--success">{active} active</span>
      </div>
      <dl className="facts facts--row">
        {facts.map((fact) => (
          <div key={fact.label} className="facts__row">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** Overview: My Loans and My Savings (total and active count), from the server's summary of bank data. */
export function ProductsSummaryCards({ me }: { me: Me }) {
  const bankData = useBankData({ enabled: me.player !== null });
  const noProfile = me.player === null;
  const summary = bankData.data?.summary;
  const waitingRequests = (bankData.data?.pending_loans ?? []).filter((request) => request.status === 'pending').length;
  const waiting = !noProfile && bankData.isPending;
  const failed = !noProfile && bankData.isError;
  return (
    <div className="summary-row">
      <Card title="My Loans" icon={<Icon name="creditCard" />} className="summary-card">
        <Summary
          total={summary?.loans_count ?? 0}
          active={summary?.active_loans_count ?? 0}
          waiting={waiting}
          failed={failed}
          facts={[
            { label: 'Remaining to pay', value: formatMoney(summary?.loans_remaining ?? 0) },
            { label: 'Requests waiting', value: String(waitingRequests) },
          ]}
        />
      </Card>
      <Card title="My Savings" icon={<Icon name="coins" />} className="summary-card">
        <Summary
          total={summary?.savings_count ?? 0}
          active={summary?.active_savings_count ?? 0}
          waiting={waiting}
          failed={failed}
          facts={[
            { label: 'Total invested', value: formatMoney(summary?.savings_total_value ?? 0) },
            { label: 'Weekly earnings', value: formatMoney(summary?.savings_weekly_earnings ?? 0) },
          ]}
        />
      </Card>
    </div>
  );
}
