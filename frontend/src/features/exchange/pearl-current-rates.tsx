import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import type { ExchangeSettings } from '@/features/exchange/api/types';
import { formatRatePerPearl } from '@/features/exchange/exchange-format';
import '@/features/exchange/exchange.css';

/** The saved sell and buy rates, and who changed them last. */
export function PearlCurrentRates({ settings }: { settings: ExchangeSettings }) {
  return (
    <Card title="Current Rates" icon={<Icon name="info" />} tone="accent">
      <dl className="stat-grid stat-grid--compact stat-grid--rates">
        <StatBox label="Sell Rate" value={formatRatePerPearl(settings.sell_rate)} testId="current-sell-rate" />
        <StatBox label="Buy Rate" value={formatRatePerPearl(settings.buy_rate)} testId="current-buy-rate" />
      </dl>
      <p className="muted" data-testid="rates-updated">
        {settings.last_updated
          ? `Last updated ${formatDateTime(settings.last_updated)} by ${settings.updated_by ?? 'an admin'}`
          : 'Never changed: the default rates apply.'}
      </p>
    </Card>
  );
}
