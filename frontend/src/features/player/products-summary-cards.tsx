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

/** Overview: My Loans and My Savings (total and active count). */
export function ProductsSummaryCards({ me }: { me: Me }) {
  const bankData = useBankData({ enabled: me.player !== null });
  const noProfile = me.player === null;
  const loans = bankData.data?.loans ?? [];
  const active = loans.filter((loan) => loan.status === 'Active');
  const waitingRequests = (bankData.data?.pending_loans ?? []).filter((request) => request.status === 'pending').length;
  const waiting = !noProfile && bankData.isPending;
  const failed = !noProfile && bankData.isError;
  return (
    <div className="summary-row">
      <Card title="My Loans" icon={<Icon name="creditCard" />} className="summary-card">
        <Summary
          total={loans.length}
          active={active.length}
          waiting={waiting}
          failed={failed}
          facts={[
            { label: 'Remaining to pay', value: formatMoney(active.reduce((sum, loan) => sum + loan.remaining, 0)) },
            { label: 'Requests waiting', value: String(waitingRequests) },
          ]}
        />
      </Card>
      <Card title="My Savings" icon={<Icon name="coins" />} className="summary-card">
        <Summary
          total={0}
          active={0}
          waiting={waiting}
          failed={failed}
          facts={[
            { label: 'Total invested', value: formatMoney(0) },
            { label: 'Status', value: 'Not available yet' },
          ]}
        />
      </Card>
    </div>
  );
}
