import { useState } from 'react';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { onChangeAnswer, ROLE_LABELS, type Role } from '@/lib/officers';
import { useLiftOfficerLockout, useResetOfficerPassword, useUpdateOfficer, type Officer } from '@/features/officers/api/use-officers';
import { ROLE_OPTIONS } from '@/features/officers/role-options';
import { ResetFactorsForm } from '@/features/officers/reset-factors-form';

type OfficerCardProps = {
  officer: Officer;
  /** Its place in the list (officers are numbered on their own, not by their sign-in account's id). */
  number: number;
  /** The signed-in treasurer's own card: marked "(you)", with no Deactivate and no password reset (Change password is theirs). */
  isMe: boolean;
  onDeactivate: (officer: Officer, onDone: (notice: Notice) => void) => void;
};

export function OfficerCard({ officer, number, isMe, onDeactivate }: OfficerCardProps) {
  // null: not chosen, so the select follows the saved role (another treasurer may change it)
  const [chosen, setChosen] = useState<Role | null>(null);
  // null: not typed in, so the field follows the saved display name (another treasurer may change it)
  const [typedName, setTypedName] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const update = useUpdateOfficer();
  const reset = useResetOfficerPassword();
  const unlock = useLiftOfficerLockout();
  const [newPassword, setNewPassword] = useState('');
  const role = chosen ?? officer.role;
  const displayName = typedName ?? officer.display_name;
  const renamed = displayName.trim() !== '' && displayName.trim() !== officer.display_name;
  const titleId = `officer-${officer.id}-title`;

  const change = (changes: { role?: Role; active?: boolean; display_name?: string }, done: string, failed: string) => {
    setNotice(null);
    update.mutate(
      { officerId: officer.id, ...changes },
      {
        // raising a role or reactivating waits for a second treasurer: the card shows the role still held
        onSuccess: onChangeAnswer(
          () => {
            setChosen(null);
            setTypedName(null);
            setNotice({ tone: 'success', text: done });
          },
          (waiting) => {
            setChosen(null);
            setNotice(waiting);
          },
        ),
        onError: (error) => {
          setChosen(null); // the select shows the role the officer still has; the typed name stays to correct
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
            <h3 className="item-card__title">
              <span id={titleId}>{officer.display_name}</span>
              {isMe && <span className="muted"> (you)</span>}
            </h3>
            <p className="item-card__meta">
              Signs in as <strong>{officer.username}</strong> · Officer {number}
            </p>
          </div>
        </div>
        <span className={`badge badge--${officer.active ? 'success' : 'error'}`}>{officer.active ? 'Active' : 'Deactivated'}</span>
      </header>
      <dl className="stat-grid stat-grid--three stat-grid--stacked">
        <StatBox label="Added" value={formatDateTime(officer.created_at)} />
        <StatBox
          label="Sign-in"
          value={
            officer.locked_until
              ? `Locked until ${formatDateTime(officer.locked_until)}${officer.locked_addresses > 1 ? ` at ${officer.locked_addresses} addresses` : ''}`
              : 'Not locked'
          }
        />
        <StatBox label="Last Sign-in" value={officer.last_login ? formatDateTime(officer.last_login) : 'Never'} />
        <StatBox label="Second Factor" value={officer.has_factor ? 'Set up' : 'None'} />
      </dl>
      <div className="officer-actions" role="group" aria-label={`Rename ${officer.display_name}`}>
        <TextField
          label="Display name"
          value={displayName}
          onChange={setTypedName}
          autoComplete="off"
          maxLength={64}
        />
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={update.isPending || !renamed}
          onClick={() =>
            change(
              { display_name: displayName.trim() },
              `${officer.username} is now shown to players as ${displayName.trim()}`,
              'Error changing display name',
            )
          }
        >
          Rename
        </button>
      </div>
      <div className="officer-actions" role="group" aria-label={`Actions for ${officer.display_name}`}>
        <SelectField label="Role" value={role} options={ROLE_OPTIONS} onChange={setChosen} />
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={update.isPending || role === officer.role}
          onClick={() => change({ role }, `${officer.display_name} is now a ${ROLE_LABELS[role]}`, 'Error changing role')}
        >
          Change Role
        </button>
        <span className="actions-row__end" />
        {isMe ? (
          <span className="muted">You cannot deactivate yourself: another treasurer can.</span>
        ) : officer.active ? (
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
            onClick={() => change({ active: true }, `${officer.display_name} has been reactivated`, 'Error reactivating officer')}
          >
            Reactivate
          </button>
        )}
      </div>
      {!isMe && (
        <div className="officer-actions" role="group" aria-label={`Sign-in for ${officer.display_name}`}>
          <TextField
            label="New password"
            type="password"
            value={newPassword}
            onChange={setNewPassword}
            autoComplete="new-password"
            maxLength={128}
          />
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={reset.isPending || newPassword === ''}
            onClick={() => {
              setNotice(null);
              reset.mutate(
                { officerId: officer.id, newPassword },
                {
                  onSuccess: onChangeAnswer(
                    (answer) => {
                      setNewPassword('');
                      setNotice({ tone: 'success', text: answer.detail });
                    },
                    (waiting) => {
                      setNewPassword('');
                      setNotice(waiting);
                    },
                  ),
                  onError: (error) => setNotice({ tone: 'error', text: `Error resetting the password: ${errorDetail(error)}` }),
                },
              );
            }}
          >
            Reset Password
          </button>
          <span className="actions-row__end" />
          {officer.locked_until && (
            <button
              type="button"
              className="btn btn--secondary btn--small"
              disabled={unlock.isPending}
              onClick={() => {
                setNotice(null);
                unlock.mutate(officer.id, {
                  onSuccess: (answer) => setNotice({ tone: 'success', text: answer.detail }),
                  onError: (error) => setNotice({ tone: 'error', text: `Error lifting the lockout: ${errorDetail(error)}` }),
                });
              }}
            >
              Lift Lockout
            </button>
          )}
        </div>
      )}
      {!isMe && officer.has_factor && <ResetFactorsForm officer={officer} onNotice={setNotice} />}
      <NoticeBanner notice={notice} />
    </article>
  );
}
