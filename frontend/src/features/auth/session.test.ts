// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countdownAnnouncement, isSessionOver, sessionDeadline, sessionPhase } from '@/features/auth/session';

const SPEC = { sessionMs: 300_000, warningMs: 240_000, countdownSeconds: 60 };
const SHORT = { sessionMs: 14_000, warningMs: 6_000, countdownSeconds: 8 };
const LOGIN = 1_700_000_000_000;

describe('sessionPhase', () => {
  it('is active until the warning time', () => {
    expect(sessionPhase(LOGIN, LOGIN, SPEC)).toEqual({ phase: 'active', msUntilWarning: 240_000 });
    expect(sessionPhase(LOGIN, LOGIN + 239_999, SPEC)).toEqual({ phase: 'active', msUntilWarning: 1 });
  });

  it('counts down 60 seconds from the warning', () => {
    expect(sessionPhase(LOGIN, LOGIN + 240_000, SPEC)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(sessionPhase(LOGIN, LOGIN + 240_001, SPEC)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(sessionPhase(LOGIN, LOGIN + 270_000, SPEC)).toEqual({ phase: 'warning', secondsLeft: 30 });
    expect(sessionPhase(LOGIN, LOGIN + 299_500, SPEC)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('expires when the countdown reaches zero', () => {
    expect(sessionPhase(LOGIN, LOGIN + 300_000, SPEC)).toEqual({ phase: 'expired' });
    expect(sessionPhase(LOGIN, LOGIN + 1_000_000, SPEC)).toEqual({ phase: 'expired' });
  });

  it('follows the page config', () => {
    expect(sessionPhase(LOGIN, LOGIN + 5_999, SHORT).phase).toBe('active');
    expect(sessionPhase(LOGIN, LOGIN + 6_000, SHORT)).toEqual({ phase: 'warning', secondsLeft: 8 });
    expect(sessionPhase(LOGIN, LOGIN + 14_000, SHORT)).toEqual({ phase: 'expired' });
  });

  it('never counts down past the end of the session', () => {
    const odd = { sessionMs: 10_000, warningMs: 8_000, countdownSeconds: 60 };
    expect(sessionDeadline(LOGIN, odd)).toBe(LOGIN + 10_000);
    expect(sessionPhase(LOGIN, LOGIN + 8_000, odd)).toEqual({ phase: 'warning', secondsLeft: 2 });
  });
});

describe('isSessionOver', () => {
  it('keeps a session younger than its lifetime', () => {
    expect(isSessionOver(LOGIN, LOGIN + 299_999, SPEC)).toBe(false);
  });

  it('ends a session at or past its lifetime', () => {
    expect(isSessionOver(LOGIN, LOGIN + 300_000, SPEC)).toBe(true);
  });

  it('ends a session without a login time', () => {
    expect(isSessionOver(null, LOGIN, SPEC)).toBe(true);
  });

  it('ends a session whose login time lies in the future', () => {
    expect(isSessionOver(LOGIN + 3_600_000, LOGIN, SPEC)).toBe(true);
  });
});

describe('countdownAnnouncement', () => {
  it('changes only at whole minutes and at 30, 10 and 5 seconds', () => {
    const heard = new Set<string>();
    for (let seconds = 60; seconds >= 1; seconds -= 1) heard.add(countdownAnnouncement(seconds));
    expect([...heard]).toEqual([
      'Your session will expire within 1 minute.',
      'Your session will expire within 30 seconds.',
      'Your session will expire within 10 seconds.',
      'Your session will expire within 5 seconds.',
    ]);
  });

  it('is always true: it names an upper bound of the seconds left', () => {
    expect(countdownAnnouncement(59)).toBe('Your session will expire within 1 minute.');
    expect(countdownAnnouncement(29)).toBe('Your session will expire within 30 seconds.');
    expect(countdownAnnouncement(8)).toBe('Your session will expire within 10 seconds.');
    expect(countdownAnnouncement(1)).toBe('Your session will expire within 5 seconds.');
    expect(countdownAnnouncement(150)).toBe('Your session will expire within 3 minutes.');
    expect(countdownAnnouncement(120)).toBe('Your session will expire within 2 minutes.');
  });
});
