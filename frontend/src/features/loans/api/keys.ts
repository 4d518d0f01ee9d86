import { liveRoot } from '@/lib/live-kinds';

export interface LoanQuoteParams {
  /** required for an admin, left out by a player (their own) */
  playerId: number | null;
  /** as typed: digits or a shortcut such as 500k; '' when nothing is typed yet */
  value: string;
  totalDays: string;
}

// Every loan query, whichever screen asks, lives under 'loans' (a `loans` notice refreshes them).
// Queries that also show other kinds name them in `meta.liveKinds` where they are defined.
export const loanKeys = {
  all: liveRoot('loans'),
  lists: () => [...loanKeys.all, 'list'] as const,
  /** the Active loans with today's listing status (Check Loans) */
  check: () => [...loanKeys.lists(), 'check'] as const,
  /** the Report: counters and every loan and savings account, a page at a time */
  report: (filters: { productType: string; status: string }) => [...loanKeys.lists(), 'report', filters] as const,
  details: () => [...loanKeys.all, 'detail'] as const,
  detail: (loanId: number) => [...loanKeys.details(), loanId] as const,
  playerProducts: (playerId: number) => [...loanKeys.all, 'player-products', playerId] as const,
  /** the signed-in player's own bank data (loans, loan requests, dividends, savings) */
  bankData: () => [...loanKeys.all, 'bank-data'] as const,
  quotes: () => [...loanKeys.all, 'quote'] as const,
  quote: (params: LoanQuoteParams) => [...loanKeys.quotes(), params] as const,
  limits: () => [...loanKeys.all, 'limits'] as const,
};

// Loan requests (the server's `pending_loans`), for the admin's lists. A player's own requests
// come with their bank data (loanKeys.bankData, which names this kind in its meta). They live here,
// beside the loans' keys, because each side's calls refresh the other's: an approval makes a loan,
// and an admin's new loan refreshes the requests (loans come first, loan requests build on them).
export const loanRequestKeys = {
  all: liveRoot('pending_loans'),
  open: () => [...loanRequestKeys.all, 'open'] as const,
};
