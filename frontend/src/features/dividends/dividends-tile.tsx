import { useState } from 'react';
import { useMay } from '@/features/officers';
import { onChangeAnswer } from '@/lib/officers';
import { InlineFormActions } from '@/components/inline-form-actions';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { useSetSoloDividends } from '@/features/dividends/api/use-set-solo-dividends';
import { useSoloDividends } from '@/features/dividends/api/use-solo-dividends';

const DIVIDENDS_UPDATED = 'Solo dividends updated successfully';
const DIVIDENDS_NOT_A_NUMBER = 'Dividends must be a number';

/** A whole number of bread, 0 or more, as typed (`1,500` too); null otherwise. */
export function parseDividends(input: string): number | null {
  const text = input.trim().replace(/[,_\s]/g, '');
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export function DividendsTile() {
  const dividends = useSoloDividends();
  const save = useSetSoloDividends();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [confirmReset, setConfirmReset] = useState(false);
  const mayChange = useMay('solo_dividends');
  const [notice, setNotice] = useState<Notice>(null);

  const update = (amount: number, doing: string) =>
    save.mutate(
      { dividends: amount },
      {
        onSuccess: onChangeAnswer(
          () => {
            setNotice({ tone: 'success', text: DIVIDENDS_UPDATED });
            setEditing(false);
            setConfirmReset(false);
          },
          // waiting for a second officer: the figure typed stays in the open form
          (waiting) => {
            setNotice(waiting);
            setConfirmReset(false);
          },
        ),
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
        mayChange && (
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
        )
      )}
      <NoticeBanner notice={notice} className="tile-notice" />
      {confirmReset && (
        <Modal
          title="Reset the solo dividends?"
          icon={<Icon name="gem" />}
          onEscape={save.isPending ? undefined : () => setConfirmReset(false)}
        >
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
