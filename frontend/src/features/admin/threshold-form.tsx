import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { useSetBankSettings, type BankSettings } from '@/features/bank-settings/api/use-bank-settings';

const SETTINGS_SAVED = 'Bank settings saved';

export function ThresholdForm({ settings }: { settings: BankSettings }) {
  // null: not edited, so the field follows the saved threshold (another treasurer may change it)
  const [text, setText] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const save = useSetBankSettings();
  const value = text ?? String(settings.four_eyes_above);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(
      { four_eyes_above: value.trim() },
      {
        onSuccess: () => {
          setText(null);
          setNotice({ tone: 'success', text: SETTINGS_SAVED });
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error saving bank settings: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <Card title="Four Eyes" icon={<Icon name="shield" />}>
      <form className="form form--tight" onSubmit={submit} noValidate aria-label="Bank settings">
        <TextField
          label="Four-eyes threshold (bread)"
          hint="Approving a loan, a withdrawal or a pearl exchange above this, or adding a loan above it, needs two different officers. Whole bread, 0 to 1,000,000,000."
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(next) => {
            setText(next);
            if (notice) setNotice(null);
          }}
        />
        <NoticeBanner notice={notice} />
        <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending || !value.trim()}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </button>
      </form>
    </Card>
  );
}
