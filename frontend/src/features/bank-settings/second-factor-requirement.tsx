import { useState } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { onChangeAnswer } from '@/lib/officers';
import { useSetBankSettings, type BankSettings } from '@/features/bank-settings/api/use-bank-settings';

/**
 * Whether every officer must sign in with a second factor. Turning it on is done at once (an officer without
 * one can then only set one up); turning it off loosens a control, so it waits for a second treasurer.
 */
export function SecondFactorRequirement({ settings }: { settings: BankSettings }) {
  const [notice, setNotice] = useState<Notice>(null);
  const save = useSetBankSettings();
  const required = settings.require_second_factor;
  const change = (next: boolean) => {
    setNotice(null);
    save.mutate(
      { require_second_factor: next },
      {
        onSuccess: onChangeAnswer(
          () =>
            setNotice({
              tone: 'success',
              text: next
                ? 'Every officer now needs a second factor. Officers without one can only set one up until they do.'
                : 'Officers no longer need a second factor.',
            }),
          (waiting) => setNotice(waiting),
        ),
        onError: (error) => setNotice({ tone: 'error', text: `Error changing the second-factor rule: ${errorDetail(error)}` }),
      },
    );
  };
  return (
    <Card title="Second Factor for Officers" icon={<Icon name="shield" />}>
      <p data-testid="second-factor-rule">
        {required
          ? 'Required: every officer signs in with their password and a code from their phone.'
          : 'Not required: officers may add a second factor on their Security screen.'}
      </p>
      <NoticeBanner notice={notice} />
      <button type="button" className="btn btn--primary" disabled={save.isPending} onClick={() => change(!required)}>
        {required ? 'Stop Requiring a Second Factor' : 'Require a Second Factor for Every Officer'}
      </button>
    </Card>
  );
}
