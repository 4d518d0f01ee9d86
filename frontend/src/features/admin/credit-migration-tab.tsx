import { useState } from 'react';
import { ErrorBlock } from '@/components/status-block';
import { useExecuteMigration, useMigrationPreview } from '@/features/credit/api/use-credit-migration';
import { errorDetail } from '@/lib/errors';
import '@/features/credit/credit.css';

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
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const rows = preview.data?.migration_data ?? [];

  const toggle = (playerId: number) => {
    const next = new Set(selected);
    if (next.has(playerId)) next.delete(playerId);
    else next.add(playerId);
    setSelected(next);
  };

  const runPreview = () => {
    setNotice(null);
    void preview.refetch();
  };

  const runExecute = () => {
    if (!window.confirm(`Set the credit score of ${selected.size} selected players to their calculated score?`)) return;
    execute.mutate(
      { playerIds: [...selected], notes: '' },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: 'Migration executed successfully' });
          setSelected(new Set());
          void preview.refetch();
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error executing migration: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={runPreview} disabled={preview.isFetching}>
          {preview.isFetching ? 'Calculating...' : 'Preview Migration'}
        </button>
        {preview.data && (
          <>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setSelected(new Set(rows.map((r) => r.player_id)))}>
              Select All
            </button>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setSelected(new Set())}>
              Clear Selection
            </button>
            <span className="toolbar__spacer" />
            <button
              type="button"
              className="btn btn--danger"
              disabled={selected.size === 0 || execute.isPending}
              onClick={runExecute}
            >
              {execute.isPending ? 'Executing...' : `Execute Migration (${selected.size} selected)`}
            </button>
          </>
        )}
      </div>
      {notice && (
        <p className={`alert alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {preview.isError && <ErrorBlock message={previewError(preview.error)} onRetry={runPreview} />}
      {!preview.data && !preview.isError && !preview.isFetching && (
        <p className="muted">Preview Migration calculates every player's score from their savings, loans and payments.</p>
      )}
      {preview.data && (
        <>
          <div className="summary-grid">
            {[
              ['Total players', preview.data.total_players],
              ['Calculated scores', preview.data.calculated_scores],
              ['Average score', preview.data.average_score],
              ['Highest score', preview.data.highest_score],
            ].map(([label, value]) => (
              <div key={label} className="summary-tile">
                <div className="summary-tile__label">{label}</div>
                <div className="summary-tile__value">{value}</div>
              </div>
            ))}
          </div>
          <div className="table-wrap">
            <table className="credit-table">
              <thead>
                <tr>
                  <th scope="col">Select</th>
                  <th scope="col">Player</th>
                  <th scope="col" className="num">Current</th>
                  <th scope="col" className="num">Calculated</th>
                  <th scope="col">Breakdown</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.player_id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select ${row.player_name}`}
                        checked={selected.has(row.player_id)}
                        onChange={() => toggle(row.player_id)}
                      />
                    </td>
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
          </div>
        </>
      )}
    </>
  );
}
