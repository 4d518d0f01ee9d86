// Every key starts with the live-notice kind it depends on (docs/api-contract.md).
export const playerKeys = {
  all: ['players'] as const,
  me: () => [...playerKeys.all, 'me'] as const,
};

export const soloDividendKeys = {
  all: ['solo_dividends'] as const,
};

// The bank data answer holds loans, loan requests and dividends: it lives under `loans` and names
// the other two kinds in its query meta (lib/live.ts), so their notices refresh it as well.
export const loanKeys = {
  all: ['loans'] as const,
  bankData: () => [...loanKeys.all, 'bank-data'] as const,
};
