import { useState, type FormEvent } from 'react';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { useConfirmAuthenticator } from '@/features/security/api/use-confirm-authenticator';
import { useStartAuthenticator, type AuthenticatorSetup } from '@/features/security/api/use-start-authenticator';

type AddAuthenticatorProps = {
  /** The app is confirmed: the recovery codes made with a first factor (null when none were made). */
  onAdded: (recoveryCodes: string[] | null, detail: string) => void;
};

/** Add an authenticator app: name it, scan the QR code (or type the key), and confirm with its first code. */
export function AddAuthenticator({ onAdded }: AddAuthenticatorProps) {
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const start = useStartAuthenticator();
  const confirm = useConfirmAuthenticator();

  const begin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    start.mutate(name.trim(), {
      onSuccess: (answer) => setSetup(answer),
      onError: (error) => setNotice({ tone: 'error', text: `Error adding the app: ${errorDetail(error)}` }),
    });
  };

  const finish = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!setup) return;
    setNotice(null);
    confirm.mutate(
      { id: setup.id, otp: code.trim() },
      {
        onSuccess: (answer) => {
          setSetup(null);
          setName('');
          setCode('');
          onAdded(answer.recovery_codes ?? null, answer.detail);
        },
        onError: (error) => setNotice({ tone: 'error', text: errorDetail(error) }),
      },
    );
  };

  if (!setup) {
    return (
      <form className="form security-add" onSubmit={begin} aria-label="Add an authenticator app">
        <TextField
          label="Name of this app or phone"
          hint="So you can tell your factors apart, for example 'My phone'."
          value={name}
          onChange={setName}
          maxLength={64}
          autoComplete="off"
        />
        <NoticeBanner notice={notice} />
        <button type="submit" className="btn btn--primary" disabled={start.isPending || name.trim() === ''}>
          Add Authenticator App
        </button>
      </form>
    );
  }

  return (
    <form className="form security-add" onSubmit={finish} aria-label="Confirm the authenticator app">
      <ol className="security-steps">
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or Aegis).</li>
        <li>
          Scan this QR code with it:
          <img className="security-qr" src={setup.qr_svg} alt="QR code to scan with your authenticator app" width={200} height={200} />
        </li>
        <li>
          If you cannot scan it, type this key into the app instead:{' '}
          <code className="security-secret" data-testid="authenticator-secret">
            {setup.secret}
          </code>
        </li>
        <li>Type the 6-digit code the app now shows for Guild Bank.</li>
      </ol>
      <TextField
        label="Code from the app"
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <NoticeBanner notice={notice} />
      <div className="actions-row">
        <button type="submit" className="btn btn--primary" disabled={confirm.isPending || code.trim().length !== 6}>
          Confirm
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setSetup(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
