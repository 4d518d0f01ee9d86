import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TextField } from '@/components/text-field';
import { AuthLayout } from '@/features/auth/auth-layout';
import { register } from '@/features/auth/api/register';
import { registerErrorMessage, registeredMessage, validateRegistration } from '@/features/auth/messages';

/** After a successful registration the screen switches to sign-in after this long (docs/rules.md, Screens). */
const SWITCH_TO_SIGN_IN_MS = 3_000;

export function RegisterScreen() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [discord, setDiscord] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const switchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(switchTimer.current), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateRegistration({ name, discord, password });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const player = await register({ name: name.trim(), discord: discord.trim(), password });
      setSuccess(registeredMessage(player.name));
      switchTimer.current = setTimeout(() => navigate('/login'), SWITCH_TO_SIGN_IN_MS);
    } catch (failure) {
      setError(registerErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Create Account" subtitle="Register your player to request loans and open savings.">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Player Nickname"
          hint="Case sensitive. This is your display name in the bank."
          autoComplete="nickname"
          value={name}
          onChange={setName}
          disabled={busy}
        />
        <TextField
          label="Discord Username"
          hint="Used to contact you about your loans and savings."
          autoComplete="off"
          value={discord}
          onChange={setDiscord}
          disabled={busy}
        />
        <TextField
          label="Password"
          type="password"
          hint="At least 8 characters."
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          disabled={busy}
        />
        {error && (
          <p role="alert" className="alert alert--error">
            {error}
          </p>
        )}
        {success && (
          <p role="status" className="alert alert--success">
            {success}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          Create Player Account
        </button>
      </form>
      <p className="auth-card__switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
