import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatTimezone, type TimezoneSettings } from '@/lib/savings';
import { readPlayerTimezone, storePlayerTimezone } from '@/lib/storage';
import type { Me } from '@/features/players';
import { useTimezoneSettings, useTotalSavings } from '@/features/savings';
import { useRequestWithdrawal } from '@/features/withdrawals/api/use-request-withdrawal';
import { WithdrawalMaximum } from '@/features/withdrawals/withdrawal-maximum';
import '@/components/bank-ui.css';

// docs/rules.md, Savings screens: the texts, word for word
const FILL_REQUIRED = 'Please fill in all required fields';
const NO_PROFILE = 'Player profile not found. Please contact admin.';
const WITHDRAWAL_SENT = 'Withdrawal request submitted successfully! You will be contacted when it is processed.';

/** The GMT offsets the server accepts, as choices (GMT-12 .. GMT+12). */
function timezoneOptions(settings: TimezoneSettings | undefined, chosen: number): SelectOption<string>[] {
  const min = settings?.min_timezone ?? chosen;
  const max = settings?.max_timezone ?? chosen;
  const options: SelectOption<string>[] = [];
  for (let offset = Math.min(min, chosen); offset <= Math.max(max, chosen); offset += 1) {
    options.push({ value: String(offset), label: formatTimezone(offset) });
  }
  return options;
}

export function RequestWithdrawalTab({ me }: { me: Me }) {
  const player = me.player;
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [timezone, setTimezone] = useState(() => readPlayerTimezone());
  const [notice, setNotice] = useState<Notice>(null);
  const total = useTotalSavings(player?.id ?? null);
  const settings = useTimezoneSettings();
  const request = useRequestWithdrawal();
  const dates = total.data;
  // the server says the player holds nothing to withdraw: the form would only lead to a refusal
  const nothingToWithdraw = dates !== undefined && dates.total_available <= 0;

  const editing = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (notice?.tone === 'error') setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!amount.trim() || !date.trim() || !time.trim()) {
      setNotice({ tone: 'error', text: FILL_REQUIRED });
      return;
    }
    if (!player) {
      setNotice({ tone: 'error', text: NO_PROFILE });
      return;
    }
    setNotice(null);
    const typed = amount.trim();
    request.mutate(
      {
        player_id: player.id,
        // digits go as a number; anything else as typed, and the server says why it is wrong
        amount: /^\d+$/.test(typed) ? Number(typed) : typed,
        withdrawal_date: date,
        withdrawal_time: time,
        player_timezone: timezone,
        player_name: player.name,
        player_discord: player.discord,
      },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: WITHDRAWAL_SENT });
          setAmount('');
          setDate('');
          setTime('');
        },
        onError: (error) => setNotice({ tone: 'error', text: `Failed to submit withdrawal request: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <div className="split">
      <Card title="Withdrawal Request" icon={<Icon name="wallet" />}>
        <form className="form form--tight" onSubmit={submit} noValidate aria-describedby={nothingToWithdraw ? 'nothing-to-withdraw' : undefined}>
          {nothingToWithdraw && (
            <p className="alert alert--pending" id="nothing-to-withdraw">
              {dates.savings_count === 0
                ? 'You have no savings yet, so there is nothing to withdraw. The form opens once a savings account is yours.'
                : 'Your savings hold nothing to withdraw right now, so the form is closed.'}
            </p>
          )}
          <fieldset className="form__fieldset" disabled={nothingToWithdraw}>
            <TextField
              label="Amount to Withdraw"
              type="number"
              inputMode="numeric"
              min={1}
              max={dates?.total_available}
              step={1}
              value={amount}
              onChange={editing(setAmount)}
              hint="In bread, up to your maximum withdrawal amount."
            />
            <TextField
              label="Withdrawal Date"
              type="date"
              value={date}
              onChange={editing(setDate)}
              min={dates?.withdrawal_date_min}
              max={dates?.withdrawal_date_max}
              hint={dates && `From ${formatDay(dates.withdrawal_date_min)} to ${formatDay(dates.withdrawal_date_max)}`}
            />
            <TextField label="Withdrawal Time" type="time" value={time} onChange={editing(setTime)} />
            <SelectField
              label="Your Timezone"
              value={String(timezone)}
              options={timezoneOptions(settings.data, timezone)}
              onChange={(value) => {
                const offset = Number(value);
                setTimezone(offset);
                storePlayerTimezone(offset);
              }}
            />
          </fieldset>
          <NoticeBanner notice={notice} />
          <button type="submit" className="btn btn--primary btn--block" disabled={request.isPending || nothingToWithdraw}>
            <Icon name="send" size={18} />
            {request.isPending ? 'Submitting...' : 'Submit Withdrawal Request'}
          </button>
        </form>
      </Card>

      <div className="stack">
        <Card title="Available to Withdraw" icon={<Icon name="coins" />} tone="accent">
          {player ? <WithdrawalMaximum playerId={player.id} /> : <p className="muted">No player profile is linked to this account yet.</p>}
        </Card>
        <Card title="Good to know" icon={<Icon name="info" />}>
          <div className="stack">
            <p className="note">
              <Icon name="info" size={18} />
              <span>An administrator reviews every withdrawal request.</span>
            </p>
            <p className="note">
              <Icon name="clock" size={18} />
              <span>Please be available in the game at the date and time you choose.</span>
            </p>
            <p className="note">
              <Icon name="calendar" size={18} />
              <span>
                The admin is at {formatTimezone(settings.data?.admin_timezone ?? 1)} and uses your timezone ({formatTimezone(timezone)}) to
                meet you.
              </span>
            </p>
            <p className="note">
              <Icon name="send" size={18} />
              <span>You will be contacted on Discord when your request is processed.</span>
            </p>
          </div>
        </Card>
      </div>
    </div>
  );
}
