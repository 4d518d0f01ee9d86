import { useState, type FormEvent } from 'react';
import { FactorCodeField } from '@/components/factor-code-field';
import { AuthLayout } from '@/features/auth/auth-layout';
import { useAuth } from '@/features/auth/auth-context';
import { loginWithCode, loginWithPasskey } from '@/features/auth/api/login-factor';
import { loginErrorMessage } from '@/features/auth/messages';

type SignInCodeStepProps = {
  /** The signed challenge the password step answered (5 minutes, used once). */
  challenge: string;
  /** the account has a passkey: "Use my passkey" is offered (first, when it has no authenticator app) */
  withPasskey: boolean;
  /** the account has an authenticator app */
  withCode: boolean;
  username: string;
  /** Back to the name and password (a challenge that expired, or another account). */
  onRestart: () => void;
};

/** After a right password, an account with a second factor gives a code from its app, or a recovery code. */
export function SignInCodeStep({ challenge, withPasskey, withCode, username, onRestart }: SignInCodeStepProps) {
  const { adoptSession } = useAuth();
  // no authenticator app: the field takes a recovery code (the passkey comes first)
  const [recovery, setRecovery] = useState(!withCode);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(recovery ? 'Please enter one of your recovery codes' : 'Please enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      adoptSession(await loginWithCode({ challenge, otp: code.trim() }), username);
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
    }
  };

  const passkey = async () => {
    setError(null);
    setBusy(true);
    try {
      adoptSession(await loginWithPasskey(challenge), username);
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Sign In" subtitle={withCode ? 'One more step: the code from your phone.' : 'One more step: your passkey.'}>
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Second factor">
      {withPasskey && (
        <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => void passkey()}>
          Use My Passkey
        </button>
      )}
      <p role="status" className="alert alert--pending">
        {!withCode
          ? 'Use your passkey: your browser asks for this device\'s screen lock or your security key. No passkey at hand? Enter one of the recovery codes you saved. Each code works once.'
          : recovery
          ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.'
          : 'Your password is right. Now open your authenticator app and enter the 6-digit code it shows for Guild Bank.'}
      </p>
      <FactorCodeField recovery={recovery} value={code} onChange={setCode} disabled={busy} />
      {error && (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      )}
      <button type="submit" className={`btn ${withPasskey ? 'btn--secondary' : 'btn--primary'} btn--block`} disabled={busy}>
        {busy ? 'Checking...' : 'Continue'}
      </button>
      {withCode && (
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          setError(null);
        }}
      >
        {recovery ? 'Use a code from my authenticator app' : 'Use a recovery code'}
      </button>
      )}
      <button type="button" className="btn btn--secondary btn--block" onClick={onRestart}>
        Start again with my name and password
      </button>
    </form>
    </AuthLayout>
  );
}
