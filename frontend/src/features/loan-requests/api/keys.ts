import { liveRoot } from '@/lib/live-kinds';

// Loan requests (the server's `pending_loans`), for the admin's lists. A player's own requests
// come with their bank data (loanKeys.bankData, which names this kind in its meta).
export const loanRequestKeys = {
  all: liveRoot('pending_loans'),
  open: () => [...loanRequestKeys.all, 'open'] as const,
};
