import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import type { BankSettings } from '@/features/bank-settings/api/use-bank-settings';

export function CurrentSettings({ settings }: { settings: BankSettings }) {
  return (
    <Card title="In Force" icon={<Icon name="info" />} tone="accent">
      <dl className="stat-grid stat-grid--compact">
        <StatBox label="Two officers above" value={formatMoney(settings.four_eyes_above)} testId="current-four-eyes" />
      </dl>
      <p className="muted" data-testid="settings-updated">
        {settings.updated_by
          ? `Last changed ${formatDateTime(settings.updated_at)} by ${settings.updated_by}`
          : 'Never changed: the default threshold applies.'}
      </p>
    </Card>
  );
}
