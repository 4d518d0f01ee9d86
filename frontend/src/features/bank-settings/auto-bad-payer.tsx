import { useState } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { onChangeAnswer } from '@/lib/officers';
import { plural } from '@/lib/plural';
import { useSetBankSettings, type BankSettings } from '@/features/bank-settings/api/use-bank-settings';

/**
 * Whether the bank marks a player a bad payer by itself once a loan of theirs is the set days in arrears
 * (the daily job; off by default). Turning it on is done at once; turning it off loosens a control, so it
 * waits for a second treasurer.
 */
export function AutoBadPayer({ settings }: { settings: BankSettings }) {
  const [notice, setNotice] = useState<Notice>(null);
  const save = useSetBankSettings();
  const on = settings.auto_bad_payer;
  const days = plural(settings.auto_bad_payer_days, 'day');
  const change = (next: boolean) => {
    setNotice(null);
    save.mutate(
      { auto_bad_payer: next },
      {
        onSuccess: onChangeAnswer(
          () =>
            setNotice({
              tone: 'success',
              text: next ? `The bank now marks a player a bad payer after ${days} in arrears.` : 'The bank no longer marks bad payers by itself.',
            }),
          (waiting) => setNotice(waiting),
        ),
        onError: (error) => setNotice({ tone: 'error', text: `Error changing the bad payer rule: ${errorDetail(error)}` }),
      },
    );
  };
  return (
    <Card title="Bad Payers by the Bank" icon={<Icon name="alert" />}>
      <p data-testid="auto-bad-payer-rule">
        {on
          ? `On: the daily job marks a player a bad payer once a loan of theirs is ${days} or more in arrears.`
          : 'Off: only an officer marks a player a bad payer.'}
      </p>
      <NoticeBanner notice={notice} />
      <button type="button" className="btn btn--primary" disabled={save.isPending} onClick={() => change(!on)}>
        {on ? 'Stop Marking Bad Payers Automatically' : `Mark Bad Payers After ${days} in Arrears`}
      </button>
    </Card>
  );
}
