// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isLiveKind, LIVE_KINDS, liveRoot } from '@/lib/live-kinds';
import { creditKeys } from '@/features/credit';
import { dividendKeys } from '@/features/dividends';
import { loanKeys, loanRequestKeys } from '@/features/loans';
import { playerKeys } from '@/features/players';
import { auditKeys } from '@/features/audit';
import { notificationKeys } from '@/features/notifications';
import { savingsKeys } from '@/features/savings';
import { withdrawalKeys } from '@/features/withdrawals';
import { proposalKeys } from '@/features/proposals';

describe('live kinds', () => {
  it('knows the sixteen kinds of the server, each once', () => {
    expect(new Set(LIVE_KINDS).size).toBe(LIVE_KINDS.length);
    expect(LIVE_KINDS).toHaveLength(16); // officers and bank_settings joined in issue 23, proposals in issue 29, backups in 33
    expect(isLiveKind('pending_loans')).toBe(true);
    expect(isLiveKind('loan')).toBe(false);
    expect(isLiveKind(7)).toBe(false);
  });

  it('roots every key factory at a kind, one factory per kind', () => {
    const roots = [
      loanKeys.all,
      loanRequestKeys.all,
      playerKeys.all,
      dividendKeys.all,
      creditKeys.all,
      auditKeys.all,
      notificationKeys.all,
      savingsKeys.all,
      withdrawalKeys.all,
      proposalKeys.all,
    ].map((key) => key[0]);
    expect(roots).toEqual([
      'loans',
      'pending_loans',
      'players',
      'solo_dividends',
      'credit',
      'audit',
      'notifications',
      'savings',
      'withdrawal_requests',
      'proposals',
    ]);
    expect(savingsKeys.total(7)).toEqual(['savings', 'total', 7]);
    expect(withdrawalKeys.history(7)).toEqual(['withdrawal_requests', 'history', 7]);
    expect(loanKeys.detail(4)).toEqual(['loans', 'detail', 4]);
    expect(loanKeys.quote({ playerId: 7, value: '1m', totalDays: '30' })).toEqual([
      'loans',
      'quote',
      { playerId: 7, value: '1m', totalDays: '30' },
    ]);
  });

  it('does not compile a key that starts with anything but a kind', () => {
    const client = new QueryClient();
    // @ts-expect-error 'loan' is not a kind a notice refreshes: such a query would never be refreshed
    client.setQueryData(['loan', 'list'], 1);
    // @ts-expect-error a key factory's root must be a kind
    const root = liveRoot('bank');
    expect(root).toEqual(['bank']);
    expect(client.getQueryData(['loans'])).toBeUndefined();
  });
});
