import { useState, type FormEvent } from 'react';
import { isAwaitingSecondApproval, onChangeAnswer } from '@/lib/officers';
import { AmountField } from '@/components/amount-field';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { parseDays } from '@/lib/loans';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { AdminPlayer } from '@/features/players';
import { useCreateLoan, useLoanLimits, LoanQuoteNote } from '@/features/loans';
import { useCreateSavings, SavingsQuoteNote } from '@/features/savings';
import '@/components/bank-ui.css';

type ProductType = 'saving' | 'loan';

// The server checks the form in the spec's order (a player, a value, not a bad payer, the days):
// what it says of those is the form's own message; any other refusal failed the attempt.
const FORM_CHECKS: ReadonlySet<string> = new Set(['missing_fields', 'bad_payer']);

function refusalText(error: unknown, attempt: string): string {
  if (error instanceof ApiError && FORM_CHECKS.has(error.code)) return errorDetail(error);
  return `${attempt}: ${errorDetail(error)}`;
}

/** The product form, also opened from a player's details card (Search Player). */
/** What Add Product says when a large loan becomes a proposal (202) rather than a loan. */
function loanProposalText(requestId: number, playerName: string, value: number): string {
  return `No loan yet: ${formatMoney(value)} for ${playerName} is above the four-eyes threshold, so it waits in Pending Loans as request #${requestId}.`;
}

export function ProductForm({ player, adminName, title = '2. Product' }: { player: AdminPlayer | null; adminName: string; title?: string }) {
  const [type, setType] = useState<ProductType>('loan');
  const [value, setValue] = useState('');
  const [days, setDays] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  // a message belongs to the attempt that made it: another player picked, it goes
  const [noticeFor, setNoticeFor] = useState(player?.id ?? null);
  if ((player?.id ?? null) !== noticeFor) {
    setNoticeFor(player?.id ?? null);
    setNotice(null);
  }
  const create = useCreateLoan();
  const createSavings = useCreateSavings();
  const limits = useLoanLimits();


  // an error speaks of what was typed: once the admin changes it, the error is out of date
  const editing = (set: (text: string) => void) => (text: string) => {
    set(text);
    if (notice?.tone === 'error') setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const failed = (attempt: string) => (error: unknown) => setNotice({ tone: 'error', text: refusalText(error, attempt) });
    // no player picked, no days typed: left out, and the server names what is missing
    const playerId = player?.id;
    const playerName = player?.name ?? '';
    if (type === 'saving') {
      // the amount goes as typed: the server reads 500k or 1m, and its client limits
      createSavings.mutate(
        { player_id: playerId, invested_value: value, user: adminName },
        {
          // above the four-eyes threshold: no account yet, a proposal on the Four Eyes tab
          onSuccess: onChangeAnswer((savings) => {
            setNotice({
              tone: 'success',
              text: `Savings #${savings.id} created for ${playerName}: ${formatMoney(savings.invested_value)} at ${formatPercent(savings.interest_rate)} a week.`,
            });
            setValue('');
          }, setNotice),
          onError: failed('Error creating savings'),
        },
      );
      return;
    }
    create.mutate(
      { player_id: playerId, value, total_days: days.trim() ? (parseDays(days) ?? days.trim()) : undefined, user: adminName },
      {
        onSuccess: (loan) => {
          setValue('');
          setDays('');
          if (isAwaitingSecondApproval(loan)) {
            // above the four-eyes threshold: no loan yet, a proposal in Pending Loans for a second officer
            setNotice({
              tone: 'pending',
              text: `${loanProposalText(loan.pending_loan.id, playerName, loan.pending_loan.value)} ${loan.detail}.`,
            });
            return;
          }
          setNotice({
            tone: 'success',
            text: `Loan #${loan.id} created for ${playerName}: ${formatMoney(loan.value)} at ${formatPercent(loan.interest_rate)} over ${plural(loan.total_days, 'day')}.`,
          });
        },
        onError: failed('Error creating loan'),
      },
    );
  };

  return (
    <Card title={title} icon={<Icon name="plus" />}>
      <form className="form form--tight" onSubmit={submit} noValidate>
        <fieldset className="fieldset">
          <legend>Type</legend>
          <div className="segmented">
            {(['saving', 'loan'] as const).map((option) => (
              <label key={option} className="segmented__option">
                <input
                  type="radio"
                  name="product-type"
                  value={option}
                  checked={type === option}
                  onChange={() => {
                    setType(option);
                    setNotice(null);
                  }}
                />
                <Icon name={option === 'loan' ? 'creditCard' : 'coins'} size={16} />
                {option === 'loan' ? 'Loan' : 'Saving'}
              </label>
            ))}
          </div>
        </fieldset>
        {type === 'saving' ? (
          <>
            <AmountField label="Value" value={value} onChange={editing(setValue)} />
            {player && !player.bad_payer && <SavingsQuoteNote player={player} value={value} />}
            <NoticeBanner notice={notice} />
            <button type="submit" className="btn btn--primary btn--block" disabled={createSavings.isPending}>
              <Icon name="plus" size={18} />
              {createSavings.isPending ? 'Adding...' : 'Add Product'}
            </button>
          </>
        ) : (
          <>
            <AmountField label="Value" value={value} onChange={editing(setValue)} />
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
            {player && !player.bad_payer && <LoanQuoteNote player={player} value={value} days={days} />}
            <NoticeBanner notice={notice} />
            <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending}>
              <Icon name="plus" size={18} />
              {create.isPending ? 'Adding...' : 'Add Product'}
            </button>
          </>
        )}
      </form>
    </Card>
  );
}
