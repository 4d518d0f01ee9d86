import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { onChangeAnswer, ROLE_LABELS, type Role } from '@/lib/officers';
import { useCreateOfficer } from '@/features/officers/api/use-officers';
import { ROLE_OPTIONS } from '@/features/officers/role-options';

const OFFICER_FILL_REQUIRED = 'Please fill in the username, the display name, the password and the role';

/** What each role may do, in the words of docs/rules.md "Officers" (the server checks every call). */
const ROLE_DUTIES: Record<Role, string> = {
  teller: 'Reads every screen, creates players, marks loan days and savings weeks, changes dates and days.',
  loan_officer: 'A teller, who also decides requests, adds products, edits loans and savings and sets bad payer.',
  treasurer: 'A loan officer, who also runs officers, rates, settings, credit, passwords, deletes and backups.',
};

export function AddOfficerForm() {
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('teller');
  const [notice, setNotice] = useState<Notice>(null);
  const create = useCreateOfficer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !displayName.trim() || !password) {
      setNotice({ tone: 'error', text: OFFICER_FILL_REQUIRED });
      return;
    }
    setNotice(null);
    create.mutate(
      { username: username.trim(), display_name: displayName.trim(), password, role },
      {
        onSuccess: onChangeAnswer((officer) => {
          setNotice({
            tone: 'success',
            text: `${officer.display_name} was added as a ${ROLE_LABELS[officer.role]}, signing in as ${officer.username}`,
          });
          setUsername('');
          setDisplayName('');
          setPassword('');
          setRole('teller');
        }, setNotice),
        onError: (error) => setNotice({ tone: 'error', text: `Error adding officer: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <Card title="Add Officer" icon={<Icon name="plus" />}>
      <form className="form form--tight" onSubmit={submit} noValidate aria-label="Add officer">
        <TextField
          label="Username"
          hint="The officer signs in with it; players never see it. 2 to 64 characters; no player or officer may already use it."
          value={username}
          onChange={setUsername}
          autoComplete="off"
          maxLength={64}
        />
        <TextField
          label="Display name"
          hint="What players see on their requests, credit history and Discord messages. It may not be or hold the username, nor be a player's or another officer's name."
          value={displayName}
          onChange={setDisplayName}
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
