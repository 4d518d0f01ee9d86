import { useState, type FormEvent } from 'react';
import { isAwaitingSecondApproval, onChangeAnswer } from '@/lib/officers';
import { AmountField } from '@/components/amount-field';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { formatMoney, parseAmount } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { parseDays } from '@/lib/loans';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { AdminPlayer } from '@/features/players';
import { useCreateLoan, useLoanLimits, LoanQuoteNote } from '@/features/loans';
import { useCreateSavings, SavingsQuoteNote } from '@/features/savings';
import '@/components/bank-ui.css';

const SELECT_PLAYER = 'Please search and select a player first';
const ENTER_VALUE = 'Please enter a value';
const BAD_PAYER_PRODUCTS = 'Cannot create products for bad payers';
const ENTER_DAYS = 'Please enter loan duration in days';

type ProductType = 'saving' | 'loan';

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

  const amount = parseAmount(value);
  const totalDays = parseDays(days);

  // an error speaks of what was typed: once the admin changes it, the error is out of date
  const editing = (set: (text: string) => void) => (text: string) => {
    set(text);
    if (notice?.tone === 'error') setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fail = (text: string) => setNotice({ tone: 'error', text });
    if (!player) return fail(SELECT_PLAYER);
    if (!value.trim()) return fail(ENTER_VALUE);
    if (player.bad_payer) return fail(BAD_PAYER_PRODUCTS);
    if (type === 'saving') {
      setNotice(null);
      // the client limits are the server's: its refusal is shown as it says it
      createSavings.mutate(
        { player_id: player.id, invested_value: amount ?? value.trim(), user: adminName },
        {
          // above the four-eyes threshold: no account yet, a proposal on the Four Eyes tab
          onSuccess: onChangeAnswer((savings) => {
            setNotice({
              tone: 'success',
              text: `Savings #${savings.id} created for ${player.name}: ${formatMoney(savings.invested_value)} at ${formatPercent(savings.interest_rate)} a week.`,
            });
            setValue('');
          }, setNotice),
          onError: (error) => fail(`Error creating savings: ${errorDetail(error)}`),
        },
      );
      return;
    }
    if (!days.trim()) return fail(ENTER_DAYS);
    setNotice(null);
    create.mutate(
      { player_id: player.id, value: amount ?? value.trim(), total_days: totalDays ?? days.trim(), user: adminName },
      {
        onSuccess: (loan) => {
          setValue('');
          setDays('');
          if (isAwaitingSecondApproval(loan)) {
            // above the four-eyes threshold: no loan yet, a proposal in Pending Loans for a second officer
            setNotice({
              tone: 'pending',
              text: `${loanProposalText(loan.pending_loan.id, player.name, loan.pending_loan.value)} ${loan.detail}.`,
            });
            return;
          }
          setNotice({
            tone: 'success',
            text: `Loan #${loan.id} created for ${player.name}: ${formatMoney(loan.value)} at ${formatPercent(loan.interest_rate)} over ${plural(loan.total_days, 'day')}.`,
          });
        },
        onError: (error) => fail(`Error creating loan: ${errorDetail(error)}`),
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
