import { useState } from 'react';
import { useMay } from '@/features/officers';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { plural } from '@/lib/plural';
import { type AdminPlayer, useUpdatePlayer, PlayerFactorsResetForm, PlayerPasswordForm, StandingBadge } from '@/features/players';
import { useCreditBenefits } from '@/features/credit';
import { ProductForm } from '@/features/player-accounts/product-form';
import { PlayerProducts } from '@/features/player-accounts/player-products';
import { PlayerAuditList } from '@/features/audit';
import { StatementDownload } from '@/features/loans';
import '@/components/bank-ui.css';
import '@/components/player-admin.css';

type Panel = 'product' | 'password' | 'factors' | 'products' | 'audit' | 'statement' | null;

interface PlayerDetailsCardProps {
  player: AdminPlayer;
  adminName: string;
  onClose: () => void;
  /** open View Products at once (Bad Payers' View Products) */
  initialPanel?: Panel;
}

/** Search Player's details card: the player's record, the bad payer and solo access toggles, Add Product,
 * Change Password, View Products, the player's statement and the audit entries about them. */
export function PlayerDetailsCard({ player, adminName, onClose, initialPanel = null }: PlayerDetailsCardProps) {
  const [panel, setPanel] = useState<Panel>(initialPanel);
  const [notice, setNotice] = useState<Notice>(null);
  const update = useUpdatePlayer();
  const mayBadPayer = useMay('bad_payer');
  const maySolo = useMay('solo_access');
  const mayAddProduct = useMay('add_product');
  const mayPassword = useMay('password');
  const mayResetFactors = useMay('reset_player_factors');
  // the scale comes from the server, like every rule
  const scale = useCreditBenefits();
  const toggle = (next: Panel) => {
    setNotice(null);
    setPanel((current) => (current === next ? null : next));
  };
  const change = (changes: { bad_payer?: boolean; has_solo_access?: boolean }, done: string) => {
    setNotice(null);
    update.mutate(
      { playerId: player.id, ...changes },
      {
        onSuccess: () => setNotice({ tone: 'success', text: done }),
        onError: (error) => setNotice({ tone: 'error', text: `Error updating player: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <Card title={`${player.name} · Player #${player.id}`} icon={<Icon name="user" />} className="selected-player">
      <dl className="player-facts" aria-label={`Details of ${player.name}`}>
        <StatBox label="ID" value={player.id} />
        <StatBox label="Discord" value={player.discord} />
        <StatBox label="Added By" value={player.added_by ?? 'Self-registered'} />
        <StatBox label="Standing" value={<StandingBadge player={player} />} />
        <StatBox label="Credit Score" value={scale.data ? `${player.credit_score} / ${scale.data.max_score}` : player.credit_score} />
        <StatBox label="Client Type" value={player.client_type === 'old' ? 'Old client' : 'New client'} />
        <StatBox
          label="Solo Access"
          value={
            player.has_solo_access ? <span className="badge badge--success">Granted</span> : <span className="badge badge--neutral">No</span>
          }
        />
        <StatBox label="Password" value={player.has_password ? 'Set' : 'Not set'} />
        <StatBox label="Discord Link" value={player.discord_linked ? 'Linked' : 'Not linked'} />
        <StatBox
          label="Account"
          value={player.blocked_at ? <span className="badge badge--error">Blocked</span> : <span className="badge badge--success">Open</span>}
          sub={player.blocked_at ? `since ${formatDateTime(player.blocked_at)}` : plural(player.failed_attempts, 'failed sign-in')}
        />
      </dl>
      <div className="actions-row player-actions" role="group" aria-label={`Actions for ${player.name}`}>
        {mayBadPayer && (
        <button
          type="button"
          className={player.bad_payer ? 'btn btn--secondary btn--small' : 'btn btn--danger btn--small'}
          disabled={update.isPending}
          onClick={() =>
            player.bad_payer
              ? change({ bad_payer: false }, `${player.name} is no longer marked as a bad payer`)
              : change({ bad_payer: true }, `${player.name} is now marked as a bad payer`)
          }
        >
          <Icon name="alert" size={16} />
          {player.bad_payer ? 'Remove Bad Payer' : 'Mark as Bad Payer'}
        </button>
        )}
        {maySolo && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={update.isPending}
          onClick={() =>
            player.has_solo_access
              ? change({ has_solo_access: false }, `${player.name} no longer has solo access`)
              : change({ has_solo_access: true }, `${player.name} now has solo access`)
          }
        >
          <Icon name="gem" size={16} />
          {player.has_solo_access ? 'Remove Solo Access' : 'Grant Solo Access'}
        </button>
        )}
        {mayAddProduct && (
          <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'product'} onClick={() => toggle('product')}>
            <Icon name="plus" size={16} />
            Add Product
          </button>
        )}
        {mayPassword && (
          <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'password'} onClick={() => toggle('password')}>
            <Icon name="shield" size={16} />
            Change Password
          </button>
        )}
        {mayResetFactors && (
          <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'factors'} onClick={() => toggle('factors')}>
            <Icon name="shield" size={16} />
            Reset Second Factor
          </button>
        )}
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'products'} onClick={() => toggle('products')}>
          <Icon name="creditCard" size={16} />
          View Products
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'statement'} onClick={() => toggle('statement')}>
          <Icon name="filePlus" size={16} />
          Statement
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'audit'} onClick={() => toggle('audit')}>
          <Icon name="clock" size={16} />
          Audit Trail
        </button>
        <button type="button" className="btn btn--secondary btn--small actions-row__end" onClick={onClose}>
          <Icon name="x" size={16} />
          Close
        </button>
      </div>
      <NoticeBanner notice={notice} />
      {panel === 'product' && <ProductForm player={player} adminName={adminName} title={`Add a product for ${player.name}`} />}
      {panel === 'password' && <PlayerPasswordForm player={player} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'factors' && <PlayerFactorsResetForm player={player} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'products' && <PlayerProducts playerId={player.id} />}
      {panel === 'statement' && <StatementDownload playerId={player.id} />}
      {panel === 'audit' && <PlayerAuditList playerId={player.id} />}
    </Card>
  );
}
