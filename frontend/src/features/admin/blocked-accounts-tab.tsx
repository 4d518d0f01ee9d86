import { useState } from 'react';
import { useMay } from '@/features/officers/officer-role';
import { ACTION_LEAST_ROLE } from '@/lib/officers';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import type { AdminPlayer } from '@/features/players/api/types';
import { useBlockedPlayers } from '@/features/players/api/use-blocked-players';
import { useUnblockPlayer } from '@/features/players/api/use-unblock-player';
import { PlayerPasswordForm } from '@/features/admin/player-password-form';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';
import '@/features/admin/player-admin.css';

function UnblockModal({ player, onClose, onDone }: { player: AdminPlayer; onClose: () => void; onDone: (notice: Notice) => void }) {
  const unblock = useUnblockPlayer();
  return (
    <Modal title={`Unblock ${player.name}?`} icon={<Icon name="shield" />}>
      <p className="modal__text">
        {player.name} can sign in again with their password, and the count of failed sign-ins starts from 0.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={unblock.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={unblock.isPending}
          onClick={() =>
            unblock.mutate(
              { playerId: player.id },
              {
                onSuccess: () => {
                  onDone({ tone: 'success', text: `${player.name} has been unblocked` });
                  onClose();
                },
                onError: (error) => {
                  onDone({ tone: 'error', text: `Error unblocking player: ${errorDetail(error)}` });
                  onClose();
                },
              },
            )
          }
        >
          {unblock.isPending ? 'Unblocking...' : 'Unblock'}
        </button>
      </div>
    </Modal>
  );
}

interface BlockedCardProps {
  player: AdminPlayer;
  onUnblock: (player: AdminPlayer) => void;
  /** a reset password unblocks: the card leaves the list, so its success is said above the list */
  onUnblocked: (notice: Notice) => void;
}

function BlockedCard({ player, onUnblock, onUnblocked }: BlockedCardProps) {
  const [password, setPassword] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // unblocking and a new password are a treasurer's (bank/core/roles.py): a teller reads the list
  const mayUnblock = useMay(ACTION_LEAST_ROLE.unblock);
  const mayPassword = useMay(ACTION_LEAST_ROLE.password);
  return (
    <article className="card item-card" aria-labelledby={`blocked-${player.id}-title`} data-testid={`blocked-${player.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="shield" />
          </span>
          <div>
            <h3 className="item-card__title" id={`blocked-${player.id}-title`}>
              {player.name} · Player #{player.id}
            </h3>
            <p className="item-card__meta">{player.discord}</p>
          </div>
        </div>
        <span className="badge badge--error">Blocked</span>
      </header>
      <dl className="stat-grid stat-grid--three">
        <StatBox label="Failed Attempts" value={player.failed_attempts} />
        <StatBox label="Blocked At" value={player.blocked_at ? formatDateTime(player.blocked_at) : '—'} />
        <StatBox label="Standing" value={player.bad_payer ? 'Bad payer' : 'Good standing'} />
      </dl>
      {(mayUnblock || mayPassword) && (
      <div className="actions-row" role="group" aria-label={`Actions for ${player.name}`}>
        {mayUnblock && (
          <button type="button" className="btn btn--primary btn--small" onClick={() => onUnblock(player)}>
            <Icon name="check" size={16} />
            Unblock
          </button>
        )}
        {mayPassword && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-expanded={password}
          onClick={() => {
            setNotice(null);
            setPassword((open) => !open);
          }}
        >
          <Icon name="shield" size={16} />
          Reset Password
        </button>
        )}
      </div>
      )}
      <NoticeBanner notice={notice} />
      {password && (
        <PlayerPasswordForm
          player={player}
          onNotice={(next) => (next?.tone === 'success' ? onUnblocked(next) : setNotice(next))}
          onClose={() => setPassword(false)}
        />
      )}
    </article>
  );
}

export function BlockedAccountsTab() {
  const blocked = useBlockedPlayers();
  const [unblocking, setUnblocking] = useState<AdminPlayer | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const loadMore = useLoadNextPage(blocked);

  if (blocked.isPending) return <LoadingBlock message="Loading blocked accounts..." />;
  if (blocked.isError) {
    return <ErrorBlock message={`Error loading blocked accounts: ${errorDetail(blocked.error)}`} onRetry={() => void blocked.refetch()} />;
  }
  const pages = blocked.data.pages;
  const rows = pages.flatMap((page) => page.blocked_players);
  const total = pages.at(-1)?.count ?? rows.length;
  return (
    <>
      <div className="toolbar">
        <span className="muted">A player is blocked after 5 failed sign-ins in a row. Unblock or reset the password to let them in.</span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void blocked.refetch()}>
          Refresh
        </button>
      </div>
      <NoticeBanner notice={notice} className="tab-notice" />
      {rows.length === 0 ? (
        <EmptyState icon="shield" title="No blocked accounts" text="Players blocked after failed sign-ins show here." />
      ) : (
        <div className="stack">
          {rows.map((player) => (
            <BlockedCard
              key={player.id}
              player={player}
              onUnblock={(chosen) => {
                setNotice(null);
                setUnblocking(chosen);
              }}
              onUnblocked={setNotice}
            />
          ))}
          <LoadMore
            shown={rows.length}
            total={total}
            noun="blocked account"
            hasMore={blocked.hasNextPage}
            loading={blocked.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </div>
      )}
      {unblocking && <UnblockModal player={unblocking} onClose={() => setUnblocking(null)} onDone={setNotice} />}
    </>
  );
}
