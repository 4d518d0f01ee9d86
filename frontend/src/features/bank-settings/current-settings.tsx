import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { BankSettings } from '@/features/bank-settings/api/use-bank-settings';

const span = (first: number, last: number) => (first === last ? String(first) : `${first}–${last}`);

/** The arrears buckets' days as the settings set them: 1–3, 4–7, 8–30, over 30 days. */
function bucketsText(settings: BankSettings): string {
  const { arrears_bucket_1_to: first, arrears_bucket_2_to: second, arrears_bucket_3_to: third } = settings;
  return `${span(1, first)}, ${span(first + 1, second)}, ${span(second + 1, third)}, over ${third} days`;
}

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
          label="Arrears buckets"
          value={bucketsText(settings)}
          testId="current-arrears-buckets"
        />
        <StatBox
          label="Bad payers by the bank"
          value={settings.auto_bad_payer ? `After ${plural(settings.auto_bad_payer_days, 'day')} in arrears` : 'Off'}
          testId="current-auto-bad-payer"
        />
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
