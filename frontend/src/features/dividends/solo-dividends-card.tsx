import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { formatMoney } from '@/lib/money';
import { useSoloDividends } from '@/features/dividends/api/use-solo-dividends';

export function SoloDividendsCard() {
  const dividends = useSoloDividends();
  return (
    <Card title="Solo Dividends" icon={<Icon name="gem" />} tone="gold" className="solo-card">
      {dividends.isSuccess ? (
        <p className="stat__value">{formatMoney(dividends.data.dividends)}</p>
      ) : (
        <p className="stat__value stat__value--muted" role={dividends.isError ? 'alert' : 'status'}>
          {dividends.isError ? 'Dividends could not be loaded' : 'Loading...'}
        </p>
      )}
      <dl className="facts">
        <div className="facts__row">
          <dt>Source</dt>
          <dd>35% Loan Interest from paid loans</dd>
        </div>
        <div className="facts__row">
          <dt>Access</dt>
          <dd>
            <span className="badge badge--success">Authorized / Solo Access Granted</span>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
