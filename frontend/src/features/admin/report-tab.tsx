import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { InlineFormActions } from '@/components/inline-form-actions';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { TextField } from '@/components/text-field';
import { formatMoney } from '@/lib/money';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatRate, loanBadgeTone } from '@/lib/loans';
import { useAllLoans } from '@/features/loans/api/use-all-loans';
import { useCheckLoans } from '@/features/loans/api/use-check-loans';
import { useSetSoloDividends } from '@/features/dividends/api/use-set-solo-dividends';
import { useSoloDividends } from '@/features/dividends/api/use-solo-dividends';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';

export const DIVIDENDS_UPDATED = 'Solo dividends updated successfully';
export const DIVIDENDS_NOT_A_NUMBER = 'Dividends must be a number';

/** A whole number of bread, 0 or more, as typed (`1,500` too); null otherwise. */
export function parseDividends(input: string): number | null {
  const text = input.trim().replace(/[,_\s]/g, '');
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

function DividendsTile() {
  const dividends = useSoloDividends();
  const save = useSetSoloDividends();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [confirmReset, setConfirmReset] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const update = (amount: number, doing: string) =>
    save.mutate(
      { dividends: amount },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: DIVIDENDS_UPDATED });
          setEditing(false);
          setConfirmReset(false);
        },
        onError: (error) => {
          setNotice({ tone: 'error', text: `Error ${doing} solo dividends: ${errorDetail(error)}` });
          setConfirmReset(false);
        },
      },
    );

  return (
    <div className="summary-tile summary-tile--gold" data-testid="dividends-tile">
      <div className="summary-tile__label">Solo Dividends</div>
      <div className="summary-tile__value" data-testid="dividends-value">
        {dividends.isSuccess ? formatMoney(dividends.data.dividends) : dividends.isError ? '—' : '...'}
      </div>
      <p className="muted">35% Loan Interest from paid loans</p>
      {editing ? (
        <form
          className="inline-form dividends-form"
          onSubmit={(event) => {
            event.preventDefault();
            const amount = parseDividends(value);
            if (amount === null) {
              setNotice({ tone: 'error', text: DIVIDENDS_NOT_A_NUMBER });
              return;
            }
            update(amount, 'updating');
          }}
        >
          <TextField label="New dividends amount" inputMode="numeric" value={value} onChange={setValue} autoFocus />
          <InlineFormActions saveLabel="Save" saving={save.isPending} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <div className="tile-actions">
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              setNotice(null);
              setValue(dividends.data ? String(dividends.data.dividends) : '');
              setEditing(true);
            }}
          >
            <Icon name="edit" size={16} />
            Edit
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              setNotice(null);
              setConfirmReset(true);
            }}
          >
            Reset
          </button>
        </div>
      )}
      <NoticeBanner notice={notice} className="tile-notice" />
      {confirmReset && (
        <Modal title="Reset the solo dividends?" icon={<Icon name="gem" />}>
          <p className="modal__text">The dividends go back to €0. This cannot be undone.</p>
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setConfirmReset(false)} disabled={save.isPending}>
              Cancel
            </button>
            <button type="button" className="btn btn--danger" onClick={() => update(0, 'resetting')} disabled={save.isPending}>
              {save.isPending ? 'Resetting...' : 'Reset to €0'}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

export function ReportTab() {
  const loans = useCheckLoans();
  const rows = loans.data?.loans ?? [];
  const lent = rows.reduce((sum, loan) => sum + loan.value, 0);
  const outstanding = rows.reduce((sum, loan) => sum + loan.remaining, 0);
  const allLoans = useAllLoans();
  const allRows = allLoans.data?.loans ?? [];
  return (
    <>
      <div className="summary-grid report-grid">
        <div className="summary-tile">
          <div className="summary-tile__label">Active Loans</div>
          <div className="summary-tile__value" data-testid="active-loans-count">
            {loans.isSuccess ? rows.length : '...'}
          </div>
          <p className="muted">{loans.isSuccess ? `${formatMoney(lent)} lent` : ' '}</p>
        </div>
        <div className="summary-tile">
          <div className="summary-tile__label">Outstanding</div>
          <div className="summary-tile__value">{loans.isSuccess ? formatMoney(outstanding) : '...'}</div>
          <p className="muted">still to be paid on active loans</p>
        </div>
        <div className="summary-tile">
          <div className="summary-tile__label">Active Savings</div>
          <div className="summary-tile__value">0</div>
          <p className="muted">savings are not available yet</p>
        </div>
        <DividendsTile />
      </div>

      <h3 className="section-title">
        <Icon name="chart" size={16} /> All loans
      </h3>
      {allLoans.isPending ? (
        <LoadingBlock message="Loading loans..." />
      ) : allLoans.isError ? (
        <ErrorBlock message={`Error loading loans: ${errorDetail(allLoans.error)}`} onRetry={() => void allLoans.refetch()} />
      ) : allRows.length === 0 ? (
        <EmptyState title="No loans yet" />
      ) : (
        <div className="table-wrap">
          <table className="credit-table">
            <caption className="visually-hidden">All loans</caption>
            <thead>
              <tr>
                <th scope="col">Loan</th>
                <th scope="col">Player</th>
                <th scope="col">Type</th>
                <th scope="col" className="num">Value</th>
                <th scope="col" className="num">Rate</th>
                <th scope="col" className="num">Total to Pay</th>
                <th scope="col">Start Date</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {allRows.map((loan) => (
                <tr key={loan.id} data-testid={`report-loan-${loan.id}`}>
                  <td>#{loan.id}</td>
                  <td>{loan.player_name}</td>
                  <td>Loan</td>
                  <td className="num">{formatMoney(loan.value)}</td>
                  <td className="num">{formatRate(loan.interest_rate)}</td>
                  <td className="num">{formatMoney(loan.total_to_pay)}</td>
                  <td>{formatDay(loan.start_date)}</td>
                  <td>
                    <span className={`badge badge--${loanBadgeTone(loan)}`}>{loan.status}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
