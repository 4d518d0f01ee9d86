// Every key starts with the live-notice kind it depends on (docs/api-contract.md); a query that
// also depends on other kinds names them in `meta.liveKinds` (lib/live.ts).
export const adminLoanKeys = {
  all: ['loans'] as const,
  check: () => [...adminLoanKeys.all, 'check'] as const,
  list: () => [...adminLoanKeys.all, 'list'] as const,
  detail: (loanId: number) => [...adminLoanKeys.all, 'detail', loanId] as const,
  playerProducts: (playerId: number) => [...adminLoanKeys.all, 'player-products', playerId] as const,
};

export const adminLoanRequestKeys = {
  all: ['pending_loans'] as const,
  open: () => [...adminLoanRequestKeys.all, 'open'] as const,
};

export const adminPlayerKeys = {
  all: ['players'] as const,
  search: (term: string) => [...adminPlayerKeys.all, 'search', term] as const,
};

export const adminDividendKeys = {
  all: ['solo_dividends'] as const,
};
