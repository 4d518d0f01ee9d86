/**
 * Session clock (spec player-side §4): the session lives `sessionMs` from login or extension;
 * at `warningMs` a modal counts down `countdownSeconds`; zero (or the end of the session,
 * whichever comes first) logs out.
 */
export interface SessionTiming {
  sessionMs: number;
  warningMs: number;
  countdownSeconds: number;
}

export type SessionPhase =
  | { phase: 'active'; msUntilWarning: number }
  | { phase: 'warning'; secondsLeft: number }
  | { phase: 'expired' };

export function sessionDeadline(loginTime: number, timing: SessionTiming): number {
  return loginTime + Math.min(timing.sessionMs, timing.warningMs + timing.countdownSeconds * 1000);
}

export function sessionPhase(loginTime: number, now: number, timing: SessionTiming): SessionPhase {
  const deadline = sessionDeadline(loginTime, timing);
  if (now >= deadline) return { phase: 'expired' };
  const warningAt = loginTime + timing.warningMs;
  if (now >= warningAt) return { phase: 'warning', secondsLeft: Math.ceil((deadline - now) / 1000) };
  return { phase: 'active', msUntilWarning: warningAt - now };
}

/** On startup a session older than its lifetime (or with no login time) is over. */
export function isSessionOver(loginTime: number | null, now: number, timing: SessionTiming): boolean {
  return loginTime === null || now - loginTime >= timing.sessionMs || loginTime > now + 60_000;
}
