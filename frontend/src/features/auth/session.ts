import { plural } from '@/lib/plural';

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

/** Seconds left at which the countdown is read out to screen readers, besides each whole minute. */
const ANNOUNCED_SECONDS = [30, 10, 5];

/**
 * The countdown as a screen reader hears it: a polite live region whose text changes only at
 * whole minutes and at 30, 10 and 5 seconds, never each second. Between two of those moments it
 * answers the last one passed ("within 30 seconds" stays true until 10), so the region's text
 * stays the same and nothing is read out.
 */
export function countdownAnnouncement(secondsLeft: number): string {
  const seconds = Math.max(0, secondsLeft);
  const moments = [...ANNOUNCED_SECONDS, Math.ceil(seconds / 60) * 60].filter((moment) => moment >= seconds);
  const moment = Math.min(...moments);
  if (moment >= 60 && moment % 60 === 0) {
    const minutes = moment / 60;
    return `Your session will expire within ${plural(minutes, 'minute')}.`;
  }
  return `Your session will expire within ${plural(moment, 'second')}.`;
}
