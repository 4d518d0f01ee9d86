import { useState } from 'react';
import { useMay } from '@/features/officers';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { SelectField, type SelectOption } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { TextField } from '@/components/text-field';
import { ScrollBox } from '@/components/scroll-box';
import { ConfirmModal } from '@/components/confirm-modal';
import { useCreditPenalty, type PenaltyType } from '@/features/credit/api/use-credit-actions';
import { useCreditOverview, type CreditOverviewFilters } from '@/features/credit/api/use-credit-overview';
import type { OverviewRow } from '@/features/credit/api/types';
import { errorDetail } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AdjustModal, type Notice } from '@/features/credit/adjust-modal';
import '@/components/bank-ui.css';
import '@/components/credit.css';

function tierLabel(tier: string): string {
  return tier === 'gold' || tier === 'silver' ? tier.charAt(0).toUpperCase() + tier.slice(1) : 'Basic';
}

const TIER_FILTERS: ReadonlyArray<SelectOption<CreditOverviewFilters['tier']>> = [
  { value: '', label: 'All tiers' },
  { value: 'gold', label: 'Gold' },
  { value: 'silver', label: 'Silver' },
  { value: 'basic', label: 'Basic' },
];

export function CreditOverviewTab() {
  const [tier, setTier] = useState<CreditOverviewFilters['tier']>('');
  const [search, setSearch] = useState('');
  const filters = useDebouncedValue({ tier, search: search.trim() });
  const overview = useCreditOverview(filters);
  const loadMore = useLoadNextPage(overview);
  const penalty = useCreditPenalty();
  const mayAdjust = useMay('credit_adjust');
  const [adjusting, setAdjusting] = useState<OverviewRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [penalizing, setPenalizing] = useState<{ row: OverviewRow; penaltyType: PenaltyType } | null>(null);

  const applyPenalty = (row: OverviewRow, penaltyType: PenaltyType) => {
    penalty.mutate(
      { playerId: row.player_id, penaltyType },
      {
        onSuccess: () => setNotice({ tone: 'success', text: 'Penalty applied successfully' }),
        onError: (error) => setNotice({ tone: 'error', text: `Error applying penalty: ${errorDetail(error)}` }),
        onSettled: () => setPenalizing(null),
      },
    );
  };

  if (overview.isPending) return <LoadingBlock message="Loading credit scores..." />;
  if (overview.isError) {
    return <ErrorBlock message="Failed to fetch credit score overview" onRetry={() => void overview.refetch()} />;
  }

  const pages = overview.data.pages;
  const first = pages[0];
  const rows = pages.flatMap((page) => page.overview);
  const total = pages.at(-1)?.count ?? 0;
  const maxScore = first?.max_score ?? 0;
  return (
    <>
      {first && (
        <dl className="stat-grid stat-grid--counters" aria-label="Players by tier">
          <StatBox label="Gold" value={first.counters.gold} tone="gold" />
          <StatBox label="Silver" value={first.counters.silver} />
          <StatBox label="Basic" value={first.counters.basic} />
          <StatBox label="Bad Payers" value={first.counters.bad_payers} />
        </dl>
      )}
      <div className="toolbar toolbar--filters">
        <SelectField label="Tier" value={tier} options={TIER_FILTERS} onChange={setTier} />
        <TextField label="Search player" value={search} onChange={setSearch} placeholder="Name, Discord or ID" />
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void overview.refetch()}>
          Refresh
        </button>
      </div>
      {notice && (
        <p className={`alert alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <ScrollBox label="Credit scores">
        <table className="credit-table table--cards">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Discord</th>
              <th scope="col" className="num">Score</th>
              <th scope="col">Tier</th>
              <th scope="col">Standing</th>
              {mayAdjust && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.player_id} data-testid={`credit-row-${row.player_id}`}>
                <td>{row.player_name}</td>
                <td data-label="Discord">{row.player_discord}</td>
                <td className="num" data-label="Score">
                  <strong className={`score--${row.score_color}`}>{row.credit_score}</strong> / {maxScore}
                </td>
                <td data-label="Tier">
                  <span className={`tier-badge tier-badge--${row.tier}`}>{tierLabel(row.tier)}</span>
                </td>
                <td data-label="Standing">
                  {row.bad_payer ? (
                    <span className="badge badge--error">Bad payer</span>
                  ) : (
                    <span className="badge badge--success">Good standing</span>
                  )}
                </td>
                {mayAdjust && (
                <td data-label="Actions">
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn btn--secondary btn--small"
                      aria-label={`Adjust ${row.player_name}`}
                      onClick={() => setAdjusting(row)}
                    >
                      Adjust
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary btn--small"
                      aria-label={`-10 ${row.player_name}`}
                      onClick={() => setPenalizing({ row, penaltyType: 'missed_payment' })}
                    >
                      -10
                    </button>
                    <button
                      type="button"
                      className="btn btn--danger btn--small"
                      aria-label={`Reset ${row.player_name}`}
                      onClick={() => setPenalizing({ row, penaltyType: 'loan_default' })}
                    >
                      Reset
                    </button>
                  </div>
                </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <LoadMore
        shown={rows.length}
        total={total}
        noun="player"
        hasMore={overview.hasNextPage}
        loading={overview.isFetchingNextPage}
        onLoadMore={loadMore}
      />
      {adjusting && (
        <AdjustModal row={adjusting} maxScore={maxScore} onClose={() => setAdjusting(null)} onDone={setNotice} />
      )}
      {penalizing && (
        <ConfirmModal
          title={
            penalizing.penaltyType === 'loan_default'
              ? `Reset ${penalizing.row.player_name}'s credit score to 0 (loan default)?`
              : `Take 10 points from ${penalizing.row.player_name} for a missed payment?`
          }
          confirmLabel={penalizing.penaltyType === 'loan_default' ? 'Reset to 0' : 'Take 10 Points'}
          pendingLabel="Applying..."
          danger
          pending={penalty.isPending}
          onCancel={() => setPenalizing(null)}
          onConfirm={() => applyPenalty(penalizing.row, penalizing.penaltyType)}
        >
          The change is recorded in the player&apos;s credit history.
        </ConfirmModal>
      )}
    </>
  );
}
