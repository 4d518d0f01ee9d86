import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { useExchangeSettings } from '@/features/exchange/api/use-exchange-settings';
import { formatRatePerPearl } from '@/features/exchange/exchange-format';
import '@/components/bank-ui.css';
import '@/features/exchange/exchange.css';

export function RatesCard() {
  const settings = useExchangeSettings();
  return (
    <Card title="Exchange Rates" icon={<Icon name="info" />} tone="accent">
      {settings.data ? (
        <dl className="stat-grid stat-grid--compact stat-grid--rates">
          <StatBox label="Sell Rate" value={formatRatePerPearl(settings.data.sell_rate)} sub="you receive" testId="sell-rate" />
          <StatBox label="Buy Rate" value={formatRatePerPearl(settings.data.buy_rate)} sub="you pay" testId="buy-rate" />
        </dl>
      ) : (
        <p className="muted">{settings.isError ? `The rates could not be loaded: ${errorDetail(settings.error)}` : 'Loading the rates...'}</p>
      )}
      {settings.data?.last_updated && <p className="muted">Last updated {formatDateTime(settings.data.last_updated)}</p>}
      <ul className="exchange-notes" aria-label="Good to know">
        <li className="note">
          <Icon name="info" size={18} />
          <span>An administrator reviews every exchange request before anything moves.</span>
        </li>
        <li className="note">
          <Icon name="info" size={18} />
          <span>Rates may change: a request keeps the rate it was submitted at.</span>
        </li>
        <li className="note">
          <Icon name="info" size={18} />
          <span>You will be contacted on Discord when your request is processed.</span>
        </li>
      </ul>
    </Card>
  );
}
