import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { useCreatePlayer } from '@/features/players/api/use-create-player';
import '@/components/bank-ui.css';
import '@/components/admin-overview.css';

// admin-side §5 and §8, word for word
const FILL_REQUIRED = 'Please fill in all required fields';
const PLAYER_CREATED = 'Player created successfully!';

/** Admin New Player: name and Discord username required, password optional. */
export function NewPlayerTab() {
  const [name, setName] = useState('');
  const [discord, setDiscord] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const create = useCreatePlayer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !discord.trim()) {
      setNotice({ tone: 'error', text: FILL_REQUIRED });
      return;
    }
    setNotice(null);
    create.mutate(
      { name: name.trim(), discord: discord.trim(), ...(password ? { password } : {}) },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: PLAYER_CREATED });
          setName('');
          setDiscord('');
          setPassword('');
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error creating player: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <Card title="New Player" icon={<Icon name="user" />}>
      <form className="new-player-form" onSubmit={submit} noValidate aria-label="New player">
        <TextField label="Player Name" value={name} onChange={setName} autoComplete="off" maxLength={64} />
        <TextField label="Discord Username" value={discord} onChange={setDiscord} autoComplete="off" maxLength={64} />
        <TextField
          label="Password (optional)"
          hint="Without one, the player sets it by registering with this name and Discord username."
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <div>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            <Icon name="plus" size={18} /> {create.isPending ? 'Creating...' : 'Create Player'}
          </button>
        </div>
        <NoticeBanner notice={notice} />
      </form>
    </Card>
  );
}
