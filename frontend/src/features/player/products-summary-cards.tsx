import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { formatMoney } from '@/lib/money';
import type { Me } from '@/features/players';
import { useBankData } from '@/features/loans';
import { ProductSummary } from '@/features/player/product-summary';
import '@/components/bank-ui.css';

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
        <ProductSummary
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
        <ProductSummary
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
