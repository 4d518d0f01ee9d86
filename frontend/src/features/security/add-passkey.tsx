import { useState, type FormEvent } from 'react';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { passkeysSupported } from '@/lib/webauthn';
import { useAddPasskey } from '@/features/security/api/use-add-passkey';

type AddPasskeyProps = {
  /** The passkey is added: the recovery codes made with a first factor (null when none were made). */
  onAdded: (recoveryCodes: string[] | null, detail: string) => void;
};

/** Add a passkey: name it, and let the browser make it (this device's screen lock, or a security key). */
export function AddPasskey({ onAdded }: AddPasskeyProps) {
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const add = useAddPasskey();

  if (!passkeysSupported()) {
    return <p className="muted">This browser cannot make passkeys: add an authenticator app instead.</p>;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    add.mutate(
      { name: name.trim() },
      {
        onSuccess: (answer) => {
          setName('');
          onAdded(answer.recovery_codes ?? null, answer.detail);
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error adding the passkey: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <form className="form security-add" onSubmit={submit} aria-label="Add a passkey">
      <TextField
        label="Name of this passkey"
        hint="For example 'My laptop' or 'Blue security key'. Your browser then asks you to confirm with this device's screen lock or your security key."
        value={name}
        onChange={setName}
        maxLength={64}
        autoComplete="off"
      />
      <NoticeBanner notice={notice} />
      <button type="submit" className="btn btn--primary" disabled={add.isPending || name.trim() === ''}>
        {add.isPending ? 'Waiting for your passkey...' : 'Add Passkey'}
      </button>
    </form>
  );
}
