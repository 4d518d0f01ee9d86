import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { BankSettings } from '@/features/bank-settings/api/use-bank-settings';

export function CurrentSettings({ settings }: { settings: BankSettings }) {
  return (
    <Card title="In Force" icon={<Icon name="info" />} tone="accent">
      <dl className="stat-grid stat-grid--compact">
        <StatBox label="Two officers above" value={formatMoney(settings.four_eyes_above)} testId="current-four-eyes" />
        <StatBox
          label="Savings rate, a week"
          value={`${formatPercent(settings.savings_rate_min)} to ${formatPercent(settings.savings_rate_max)}`}
          testId="current-savings-rates"
        />
        <StatBox
          label="Loan rate, whole term"
          value={`${formatPercent(settings.loan_rate_min)} to ${formatPercent(settings.loan_rate_max)}`}
          testId="current-loan-rates"
        />
        <StatBox label="Start date moves back" value={plural(settings.start_date_back_days, 'day')} testId="current-start-back" />
        <StatBox
          label="Sole treasurer's loosening waits"
          value={plural(settings.sole_treasurer_delay_hours, 'hour')}
          testId="current-sole-delay"
        />
      </dl>
      <p className="muted" data-testid="settings-updated">
        {settings.updated_by
          ? `Last changed ${formatDateTime(settings.updated_at)} by ${settings.updated_by}`
          : 'Never changed: the default threshold applies.'}
      </p>
    </Card>
  );
}
