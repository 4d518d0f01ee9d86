import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/officers';
import { useCreateOfficer, useOfficers, useUpdateOfficer, type Officer } from '@/features/officers/api/use-officers';
import '@/components/bank-ui.css';
import '@/features/admin/admin-overview.css';

const OFFICER_FILL_REQUIRED = 'Please fill in the username, the password and the role';

const ROLE_OPTIONS: ReadonlyArray<SelectOption<Role>> = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** What each role may do, in the words of docs/rules.md "Officers" (the server checks every call). */
const ROLE_DUTIES: Record<Role, string> = {
  teller: 'Reads every screen, creates players, marks loan days and savings weeks, changes dates and days.',
  loan_officer: 'A teller, who also decides requests, adds products, edits loans and savings and sets bad payer.',
  treasurer: 'A loan officer, who also runs officers, rates, settings, credit, passwords, deletes and backups.',
};

function AddOfficerForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('teller');
  const [notice, setNotice] = useState<Notice>(null);
  const create = useCreateOfficer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setNotice({ tone: 'error', text: OFFICER_FILL_REQUIRED });
      return;
    }
    setNotice(null);
    create.mutate(
      { username: username.trim(), password, role },
      {
        onSuccess: (officer) => {
          setNotice({ tone: 'success', text: `${officer.username} was added as a ${ROLE_LABELS[officer.role]}` });
          setUsername('');
          setPassword('');
          setRole('teller');
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error adding officer: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <Card title="Add Officer" icon={<Icon name="plus" />}>
      <form className="form form--tight" onSubmit={submit} noValidate aria-label="Add officer">
        <TextField
          label="Username"
          hint="2 to 64 characters; no player or officer may already use it."
          value={username}
          onChange={setUsername}
          autoComplete="off"
          maxLength={64}
        />
        <TextField
          label="Password"
          hint="The officer signs in with it on the bank's sign-in screen."
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <SelectField label="Role" value={role} options={ROLE_OPTIONS} onChange={setRole} hint={ROLE_DUTIES[role]} />
        <NoticeBanner notice={notice} />
        <div>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            <Icon name="plus" size={18} /> {create.isPending ? 'Adding...' : 'Add Officer'}
          </button>
        </div>
      </form>
    </Card>
  );
}

function DeactivateModal({ officer, onClose, onDone }: { officer: Officer; onClose: () => void; onDone: (notice: Notice) => void }) {
  const update = useUpdateOfficer();
  return (
    <Modal title={`Deactivate ${officer.username}?`} icon={<Icon name="shield" />}>
      <p className="modal__text">
        {officer.username} is signed out everywhere at once and cannot sign in until an officer reactivates them.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { officerId: officer.id, active: false },
              {
                onSuccess: () => onDone({ tone: 'success', text: `${officer.username} has been deactivated` }),
                onError: (error) => onDone({ tone: 'error', text: `Error deactivating officer: ${errorDetail(error)}` }),
                onSettled: onClose,
              },
            )
          }
        >
          {update.isPending ? 'Deactivating...' : 'Deactivate'}
        </button>
      </div>
    </Modal>
  );
}

function OfficerCard({ officer, onDeactivate }: { officer: Officer; onDeactivate: (officer: Officer, onDone: (notice: Notice) => void) => void }) {
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
      <dl className="stat-grid stat-grid--three">
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

/** The Officers tab (treasurers): every officer with their role, and a form to add one. */
export function OfficersTab() {
  const officers = useOfficers();
  const [deactivating, setDeactivating] = useState<{ officer: Officer; onDone: (notice: Notice) => void } | null>(null);

  if (officers.isPending) return <LoadingBlock message="Loading officers..." />;
  if (officers.isError) {
    return <ErrorBlock message={`Error loading officers: ${errorDetail(officers.error)}`} onRetry={() => void officers.refetch()} />;
  }
  return (
    <div className="stack">
      <AddOfficerForm />
      <section className="stack" aria-label="Officers">
        {officers.data.length === 0 ? (
          <EmptyState icon="user" title="No officers" text="Officers you add show here." />
        ) : (
          officers.data.map((officer) => (
            <OfficerCard key={officer.id} officer={officer} onDeactivate={(chosen, onDone) => setDeactivating({ officer: chosen, onDone })} />
          ))
        )}
      </section>
      {deactivating && (
        <DeactivateModal officer={deactivating.officer} onClose={() => setDeactivating(null)} onDone={deactivating.onDone} />
      )}
    </div>
  );
}
