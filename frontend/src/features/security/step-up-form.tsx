import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal';
import { FactorCodeField } from '@/components/factor-code-field';
import { errorDetail } from '@/lib/errors';
import { useMyFactors } from '@/features/security/api/use-my-factors';
import { usePasskeyStepUp } from '@/features/security/api/use-passkey-step-up';
import { useStepUp } from '@/features/security/api/use-step-up';

type StepUpFormProps = {
  /** the server's words: what was refused, and what to give */
  detail: string;
  onDone: () => void;
  onCancel: () => void;
};

/** The step-up dialog's question: a code of the authenticator app, or a recovery code; or, for a person
 * without any factor, the server's words that they must add one first. */
export function StepUpForm({ detail, onDone, onCancel }: StepUpFormProps) {
  const factors = useMyFactors();
  const stepUp = useStepUp();
  const passkeyStepUp = usePasskeyStepUp();
  const [recoveryChosen, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const held = factors.data?.factors ?? [];
  const holdsFactor = held.length > 0;
  const holdsPasskey = held.some((factor) => factor.kind === 'passkey');
  const holdsApp = held.some((factor) => factor.kind === 'totp');
  // no authenticator app: the field takes a recovery code (the passkey comes first)
  const recovery = recoveryChosen || !holdsApp;
  const busy = stepUp.isPending || passkeyStepUp.isPending;

  const withPasskey = () => {
    setError(null);
    passkeyStepUp.mutate(undefined, { onSuccess: onDone, onError: (failure) => setError(errorDetail(failure)) });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(recovery ? 'Please enter one of your recovery codes' : 'Please enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    stepUp.mutate(
      { otp: code.trim() },
      {
        onSuccess: onDone,
        onError: (failure) => {
          setCode('');
          setError(errorDetail(failure));
        },
      },
    );
  };

  return (
    <Modal title="Confirm it is you" onEscape={busy ? undefined : onCancel} describedBy="step-up-detail">
      <p id="step-up-detail" className="modal__text">
        {detail}
      </p>
      {factors.isPending ? (
        <p className="modal__text">Loading your second factors...</p>
      ) : !holdsFactor ? (
        <div className="modal__actions">
          <button type="button" className="btn btn--primary" onClick={onCancel}>
            Close
          </button>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate aria-label="Give your second factor">
          {holdsPasskey && (
            <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={withPasskey}>
              {passkeyStepUp.isPending ? 'Waiting for your passkey...' : 'Use My Passkey'}
            </button>
          )}
          <FactorCodeField recovery={recovery} value={code} onChange={setCode} disabled={busy} />
          {error && (
            <p role="alert" className="alert alert--error">
              {error}
            </p>
          )}
          {holdsApp && (
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
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className={`btn ${holdsPasskey ? 'btn--secondary' : 'btn--primary'}`} disabled={busy}>
              {stepUp.isPending ? 'Checking...' : 'Confirm'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
