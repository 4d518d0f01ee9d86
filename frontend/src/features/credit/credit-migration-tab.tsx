import { useState } from 'react';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorBlock } from '@/components/error-block';
import { ScrollBox } from '@/components/scroll-box';
import { useExecuteMigration, useMigrationPreview } from '@/features/credit/api/use-credit-migration';
import { ReadOnlyNote } from '@/components/read-only-note';
import { useMay } from '@/features/officers';
import { errorDetail } from '@/lib/errors';
import { plural } from '@/lib/plural';
import '@/components/bank-ui.css';
import '@/components/credit.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

function previewError(error: unknown): string {
  if ((error as { code?: string } | null)?.code === 'timeout') {
    return 'Request timed out. The migration preview is taking longer than expected. Please try again.';
  }
  return 'Failed to fetch migration preview';
}

export function CreditMigrationTab() {
  const preview = useMigrationPreview();
  const execute = useExecuteMigration();
  // every officer previews the scores; a treasurer alone applies them (bank/roles.py)
  const mayExecute = useMay('migration_execute');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Select All chooses every player of the bank, on every page, loaded or not
  const [everyone, setEveryone] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const pages = preview.data?.pages ?? [];
  const summary = pages[0];
  const rows = pages.flatMap((page) => page.migration_data);
  const selectedCount = everyone ? (summary?.total_players ?? 0) : selected.size;
  const loadMore = useLoadNextPage(preview);

  const toggle = (playerId: number) => {
    const next = new Set(everyone ? rows.map((row) => row.player_id) : selected);
    if (next.has(playerId)) next.delete(playerId);
    else next.add(playerId);
    setEveryone(false);
    setSelected(next);
  };
  const clear = () => {
    setEveryone(false);
    setSelected(new Set());
  };

  const runPreview = () => {
    setNotice(null);
    void preview.refetch();
  };

  const runExecute = () => {
    execute.mutate(
      { selection: everyone ? { everyone: true } : { playerIds: [...selected] }, notes: '' },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: 'Migration executed successfully' });
          clear();
          void preview.refetch();
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error executing migration: ${errorDetail(error)}` }),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={runPreview} disabled={preview.isFetching}>
          {preview.isFetching ? 'Calculating...' : 'Preview Migration'}
        </button>
        {summary && mayExecute && (
          <>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setEveryone(true)}>
              Select All
            </button>
            <button type="button" className="btn btn--secondary btn--small" onClick={clear}>
              Clear Selection
            </button>
            <span className="toolbar__spacer" />
            <button
              type="button"
              className="btn btn--danger"
              disabled={selectedCount === 0 || execute.isPending}
              onClick={() => setConfirming(true)}
            >
              {execute.isPending ? 'Executing...' : `Execute Migration (${selectedCount} selected)`}
            </button>
          </>
        )}
      </div>
      {notice && (
        <p className={`alert alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {confirming && (
        <ConfirmModal
          title="Execute the credit score migration?"
          confirmLabel="Execute Migration"
          pendingLabel="Executing..."
          danger
          pending={execute.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={runExecute}
        >
          Sets the credit score of {plural(selectedCount, 'selected player')} to their calculated score.
        </ConfirmModal>
      )}
      {!mayExecute && <ReadOnlyNote className="tab-notice">Only a treasurer can execute the migration.</ReadOnlyNote>}
      {preview.isError && <ErrorBlock message={previewError(preview.error)} onRetry={runPreview} />}
      {!summary && !preview.isError && !preview.isFetching && (
        <p className="muted">Preview Migration calculates every player's score from their savings, loans and payments.</p>
      )}
      {summary && (
        <>
          <div className="summary-grid">
            {[
              ['Total players', summary.total_players],
              ['Calculated scores', summary.calculated_scores],
              ['Average score', summary.average_score],
              ['Highest score', summary.highest_score],
            ].map(([label, value]) => (
              <div key={label} className="summary-tile">
                <div className="summary-tile__label">{label}</div>
                <div className="summary-tile__value">{value}</div>
              </div>
            ))}
          </div>
          <ScrollBox label="Calculated scores">
            <table className="credit-table">
              <thead>
                <tr>
                  {mayExecute && <th scope="col">Select</th>}
                  <th scope="col">Player</th>
                  <th scope="col" className="num">Current</th>
                  <th scope="col" className="num">Calculated</th>
                  <th scope="col">Breakdown</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.player_id}>
                    {mayExecute && (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Select ${row.player_name}`}
                          checked={everyone || selected.has(row.player_id)}
                          onChange={() => toggle(row.player_id)}
                        />
                      </td>
                    )}
                    <td>
                      {row.player_name} <span className="muted">{row.player_discord}</span>
                    </td>
                    <td className="num">{row.current_score}</td>
                    <td className="num">
                      <strong>{row.calculated_score}</strong>
                    </td>
                    <td className="breakdown">
                      Savings {row.score_breakdown.savings} · Loans {row.score_breakdown.loans} · Payments{' '}
                      {row.score_breakdown.payments}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <LoadMore
            shown={rows.length}
            total={summary.count}
            noun="player"
            hasMore={preview.hasNextPage}
            loading={preview.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
    </>
  );
}
