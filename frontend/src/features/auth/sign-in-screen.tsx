import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '@/components/text-field';
import { AuthLayout } from '@/features/auth/auth-layout';
import { useAuth } from '@/features/auth/auth-context';
import { loginErrorMessage, validateSignIn } from '@/features/auth/messages';
import type { FactorChallenge } from '@/features/auth/api/types';

// only accounts with a second factor see it: kept out of the first page's bundle
const SignInCodeStep = lazy(() =>
  import('@/features/auth/sign-in-code-step').then((module) => ({ default: module.SignInCodeStep })),
);

export function SignInScreen() {
  const { login, sessionEnded } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the account signs in with a second factor: the challenge its right password answered
  const [challenge, setChallenge] = useState<FactorChallenge | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateSignIn({ username, password });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      // On success the route guard moves on to the remembered page or the user's home.
      const answer = await login({ username: username.trim(), password });
      if ('challenge' in answer) {
        setChallenge(answer);
        setPassword('');
        setBusy(false);
      }
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SignInCodeStep
          challenge={challenge.challenge}
          withPasskey={challenge.passkey ?? false}
          withCode={challenge.code ?? true}
          username={username.trim()}
          onRestart={() => setChallenge(null)}
        />
      </Suspense>
    );
  }

  return (
    <AuthLayout title="Sign In" subtitle="Welcome back. Sign in to manage your loans and savings.">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {sessionEnded && (
          // why an open page came back here: the server ended its session
          <p role="status" className="alert alert--pending" data-testid="session-ended">
            {sessionEnded}
          </p>
        )}
        <TextField
          label="Name"
          placeholder="Player name or Discord username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
          disabled={busy}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          disabled={busy}
        />
        {error && (
          <p role="alert" className="alert alert--error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
      <p className="auth-card__switch">
        New to the bank? <Link to="/register">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
