import { useEffect, useRef, useState } from 'react';
import { sessionPhase, type SessionTiming } from '@/features/auth/session';
import { SessionExpiryModal } from '@/features/auth/session-expiry-modal';

const TICK_MS = 1_000;

interface SessionWatcherProps {
  loginTime: number;
  timing: SessionTiming;
  onExtend: () => Promise<void>;
  onLogout: () => Promise<void>;
  /** The countdown reached zero (default: onLogout). */
  onExpire?: () => Promise<void>;
}

/** Runs the session clock; shows the expiry modal at the warning time and logs out at zero. */
export function SessionWatcher({ loginTime, timing, onExtend, onLogout, onExpire = onLogout }: SessionWatcherProps) {
  const [now, setNow] = useState(() => Date.now());
  const expiredRef = useRef(false);
  const phase = sessionPhase(loginTime, now, timing);

  const msUntilWarning = phase.phase === 'active' ? phase.msUntilWarning : null;
  useEffect(() => {
    if (msUntilWarning === null) return undefined;
    // Sleep until the warning time (timers cap at about 24.8 days).
    const timer = setTimeout(() => setNow(Date.now()), Math.min(msUntilWarning, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [msUntilWarning]);

  const counting = phase.phase === 'warning';
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [counting]);

  useEffect(() => {
    if (phase.phase === 'expired' && !expiredRef.current) {
      expiredRef.current = true;
      void onExpire();
    }
  }, [phase.phase, onExpire]);

  if (phase.phase !== 'warning') return null;
  return <SessionExpiryModal secondsLeft={phase.secondsLeft} onExtend={onExtend} onLogout={onLogout} />;
}
