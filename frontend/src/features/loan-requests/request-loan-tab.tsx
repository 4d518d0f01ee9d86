import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AmountField } from '@/components/amount-field';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { parseDays } from '@/lib/loans';
import type { Me } from '@/features/players';
import { useRequestLoan } from '@/features/loan-requests/api/use-request-loan';
import { useLoanLimits, loanQuoteQueryOptions, useLoanQuote } from '@/features/loans';
import { LoanQuotePreview } from '@/features/loan-requests/loan-quote-preview';
import { LoanRateTable } from '@/features/loan-requests/loan-rate-table';
import '@/components/bank-ui.css';

const FILL_REQUIRED = 'Please fill in all required fields';
const REQUEST_SENT = 'Loan request submitted successfully! Please wait for admin approval.';
const NO_PROFILE = 'Player profile not found. Please contact admin to create your player profile first.';

const NOTHING_TYPED = { playerId: null, value: '', totalDays: '' };

export function RequestLoanTab({ me }: { me: Me }) {
  const player = me.player;
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const request = useRequestLoan();
  const limits = useLoanLimits();
  // a player asks for their own quote: no player id
  const { quote, updating } = useLoanQuote({ playerId: null, value: amount, totalDays: days }, { enabled: player !== null });
  const terms = useQuery({ ...loanQuoteQueryOptions(NOTHING_TYPED), enabled: player !== null });

  // an error speaks of what was typed: once the player changes it, the error is out of date
  const editing = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (notice?.tone === 'error') setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!amount.trim() || !days.trim()) {
      setNotice({ tone: 'error', text: FILL_REQUIRED });
      return;
    }
    if (!player) {
      setNotice({ tone: 'error', text: NO_PROFILE });
      return;
    }
    setNotice(null);
    request.mutate(
      {
        player_id: player.id,
        // the amount as typed (500k, 1m): the server reads it, or answers why it cannot
        value: amount,
        // days that cannot be read here go as typed: the server answers why they are wrong
        total_days: parseDays(days) ?? days.trim(),
        request_reason: reason.trim(),
        user: me.username,
      },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: REQUEST_SENT });
          setAmount('');
          setDays('');
          setReason('');
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error submitting loan request: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <div className="split">
      <Card title="Loan Request" icon={<Icon name="filePlus" />}>
        <form className="form form--tight" onSubmit={submit} noValidate>
          <AmountField
            label="Loan Amount"
            value={amount}
            onChange={editing(setAmount)}
            hint="Type a whole number or a shortcut such as 100k, 500k or 1m."
          />
          <TextField
            label="Loan Duration (Days)"
            type="number"
            inputMode="numeric"
            min={limits.data?.min_days}
            max={limits.data?.max_days}
            step={1}
            value={days}
            onChange={editing(setDays)}
            placeholder="e.g. 30"
          />
          <TextAreaField
            label="Reason (optional)"
            value={reason}
            onChange={editing(setReason)}
            maxLength={limits.data?.notes_max_length}
            placeholder="What is the loan for?"
          />
          <NoticeBanner notice={notice} />
          <button type="submit" className="btn btn--primary btn--block" disabled={request.isPending}>
            <Icon name="send" size={18} />
            {request.isPending ? 'Submitting...' : 'Submit Loan Request'}
          </button>
        </form>
      </Card>

      <Card title="Interest Rate" icon={<Icon name="info" />} tone="accent" className="rate-box">
        <LoanQuotePreview quote={quote} updating={updating} />
        {player && <LoanRateTable terms={terms} />}
      </Card>
    </div>
  );
}
