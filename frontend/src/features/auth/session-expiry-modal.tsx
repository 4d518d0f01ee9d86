import { useState } from 'react';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { countdownAnnouncement } from '@/features/auth/session';
import { plural } from '@/lib/plural';

interface SessionExpiryModalProps {
  secondsLeft: number;
  onExtend: () => Promise<void>;
  onLogout: () => Promise<void>;
}

export function SessionExpiryModal({ secondsLeft, onExtend, onLogout }: SessionExpiryModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const extend = async () => {
    setBusy(true);
    setError(null);
    try {
      await onExtend();
    } catch {
      setError('Could not extend the session. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Session Expiring Soon" icon={<Icon name="clock" size={26} />} describedBy="session-expiry-text">
      <p id="session-expiry-text" className="modal__text">
        Your session will expire in{' '}
        <strong className="session-countdown">
          {plural(secondsLeft, 'second')}
        </strong>
        . Do you want to stay signed in?
      </p>
      {/* read out politely at whole minutes and at 30, 10 and 5 seconds, not every second */}
      <p role="status" className="visually-hidden">
        {countdownAnnouncement(secondsLeft)}
      </p>
      {error && (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void onLogout()} disabled={busy}>
          Logout Now
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void extend()} disabled={busy} autoFocus>
          Extend Session
        </button>
      </div>
    </Modal>
  );
}
