import { useState } from 'react';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { NoticeBanner, type Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { DiscordLinkCard } from '@/features/discord';
import { AddAuthenticator } from '@/features/security/add-authenticator';
import { AddPasskey } from '@/features/security/add-passkey';
import { FactorRow } from '@/features/security/factor-row';
import { RecoveryCodesShown } from '@/features/security/recovery-codes-shown';
import { useMyFactors } from '@/features/security/api/use-my-factors';
import '@/features/security/security.css';
import { useNewRecoveryCodes } from '@/features/security/api/use-new-recovery-codes';
import { useRemoveFactor } from '@/features/security/api/use-remove-factor';

/**
 * The Security screen (officers in the admin panel, players in their dashboard): a second factor besides the
 * password. An authenticator app is added by scanning a QR code and confirming one code; recovery codes stand
 * in for it when the phone is lost.
 */
export function SecurityScreen() {
  const factors = useMyFactors();
  const remove = useRemoveFactor();
  const regenerate = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  if (factors.isPending) return <LoadingBlock message="Loading your security settings..." />;
  if (factors.isError) return <ErrorBlock message="Your security settings could not be loaded." onRetry={() => void factors.refetch()} />;

  const added = (recoveryCodes: string[] | null, detail: string) => {
    setNotice({ tone: 'success', text: detail });
    if (recoveryCodes) setCodes(recoveryCodes);
  };
  const mine = factors.data;
  const lastRequired = mine.required && mine.factors.length <= 1;

  return (
    <div className="security">
      {mine.enrolment_required && (
        <p className="alert alert--pending" role="status" data-testid="enrolment-required">
          The bank requires officers to sign in with a second factor. Set up an authenticator app below; the rest of the
          admin panel opens as soon as it is confirmed.
        </p>
      )}
      <NoticeBanner notice={notice} />
      {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />}

      <section className="card" aria-labelledby="factors-title">
        <h3 className="card__title" id="factors-title">
          Second factor
        </h3>
        <p>
          {mine.factors.length > 0
            ? 'Signing in asks for your password and then one of these (a code from an app, or a passkey).'
            : mine.required
              ? 'The bank requires a second factor: signing in will ask for a code from your phone after your password.'
              : 'Add an authenticator app so that your password alone is not enough to sign in (optional).'}
        </p>
        {mine.factors.length > 0 && (
          <ul className="security-factors" aria-label="Your second factors">
            {mine.factors.map((factor) => (
              <FactorRow
                key={`${factor.kind}-${factor.id}`}
                factor={factor}
                busy={remove.isPending}
                onRemove={
                  lastRequired
                    ? null
                    : () => {
                        setNotice(null);
                        remove.mutate(factor, {
                          onSuccess: () => setNotice({ tone: 'success', text: `${factor.name} was removed.` }),
                          onError: (error) => setNotice({ tone: 'error', text: `Error removing ${factor.name}: ${errorDetail(error)}` }),
                        });
                      }
                }
              />
            ))}
          </ul>
        )}
        <AddAuthenticator onAdded={added} />
      </section>

      <section className="card" aria-labelledby="passkeys-title">
        <h3 className="card__title" id="passkeys-title">
          Passkeys
        </h3>
        <p>A passkey signs you in with this device's screen lock (fingerprint, face or PIN) or a security key, instead of a code.</p>
        <AddPasskey onAdded={added} />
      </section>

      {mine.factors.length > 0 && (
        <section className="card" aria-labelledby="recovery-title">
          <h3 className="card__title" id="recovery-title">
            Recovery codes
          </h3>
          <p data-testid="recovery-codes-left">
            {mine.recovery_codes_left === 1
              ? 'You have 1 unused recovery code.'
              : `You have ${mine.recovery_codes_left} unused recovery codes.`}{' '}
            Making new ones replaces them all.
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={regenerate.isPending}
            onClick={() => {
              setNotice(null);
              regenerate.mutate(undefined, {
                onSuccess: (answer) => {
                  setCodes(answer.recovery_codes);
                  setNotice({ tone: 'success', text: answer.detail });
                },
                onError: (error) => setNotice({ tone: 'error', text: `Error making new codes: ${errorDetail(error)}` }),
              });
            }}
          >
            Make New Recovery Codes
          </button>
        </section>
      )}

      {/* a session limited to enrolment reaches only the second-factor calls */}
      {!mine.enrolment_required && <DiscordLinkCard />}
    </div>
  );
}
