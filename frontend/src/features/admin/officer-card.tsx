import { useState } from 'react';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { ROLE_LABELS, type Role } from '@/lib/officers';
import { useUpdateOfficer, type Officer } from '@/features/officers/api/use-officers';
import { ROLE_OPTIONS } from '@/features/admin/role-options';

export function OfficerCard({ officer, onDeactivate }: { officer: Officer; onDeactivate: (officer: Officer, onDone: (notice: Notice) => void) => void }) {
  // null: not chosen, so the select follows the saved role (another treasurer may change it)
  const [chosen, setChosen] = useState<Role | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const update = useUpdateOfficer();
  const role = chosen ?? officer.role;
  const titleId = `officer-${officer.id}-title`;

  const change = (changes: { role?: Role; active?: boolean }, done: string, failed: string) => {
    setNotice(null);
    update.mutate(
      { officerId: officer.id, ...changes },
      {
        onSuccess: () => {
          setChosen(null);
          setNotice({ tone: 'success', text: done });
        },
        onError: (error) => {
          setChosen(null); // the select shows the role the officer still has
          setNotice({ tone: 'error', text: `${failed}: ${errorDetail(error)}` });
        },
      },
    );
  };

  return (
    <article className="card item-card" aria-labelledby={titleId} data-testid={`officer-${officer.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="user" />
          </span>
          <div>
            <h3 className="item-card__title" id={titleId}>
              {officer.username}
            </h3>
            <p className="item-card__meta">Officer #{officer.id}</p>
          </div>
        </div>
        <span className={`badge badge--${officer.active ? 'success' : 'error'}`}>{officer.active ? 'Active' : 'Deactivated'}</span>
      </header>
      <dl className="stat-grid stat-grid--three stat-grid--stacked">
        <StatBox label="Role" value={ROLE_LABELS[officer.role]} />
        <StatBox label="Added" value={formatDateTime(officer.created_at)} />
        <StatBox label="Last Sign-in" value={officer.last_login ? formatDateTime(officer.last_login) : 'Never'} />
      </dl>
      <div className="officer-actions" role="group" aria-label={`Actions for ${officer.username}`}>
        <SelectField label="Role" value={role} options={ROLE_OPTIONS} onChange={setChosen} />
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={update.isPending || role === officer.role}
          onClick={() => change({ role }, `${officer.username} is now a ${ROLE_LABELS[role]}`, 'Error changing role')}
        >
          Change Role
        </button>
        <span className="actions-row__end" />
        {officer.active ? (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={update.isPending}
            onClick={() => {
              setNotice(null);
              onDeactivate(officer, setNotice);
            }}
          >
            Deactivate
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={update.isPending}
            onClick={() => change({ active: true }, `${officer.username} has been reactivated`, 'Error reactivating officer')}
          >
            Reactivate
          </button>
        )}
      </div>
      <NoticeBanner notice={notice} />
    </article>
  );
}
