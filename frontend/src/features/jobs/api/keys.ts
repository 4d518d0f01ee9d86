import { liveRoot } from '@/lib/live-kinds';

export interface LedgerAccount {
  /** savings, loan or solo_dividends (a difference's `account`) */
  account: string;
  /** the savings account's or loan's id; null for the bank-wide solo dividends */
  accountId: number | null;
}

// The daily jobs (operations/jobs.py): a run that ends sends a `jobs` notice to the admins. An account's
// ledger is read to explain what the books check found, so it lives here too (money notices refresh it).
export const jobKeys = {
  all: liveRoot('jobs'),
  status: () => [...jobKeys.all, 'status'] as const,
  reconcile: () => [...jobKeys.all, 'reconcile'] as const,
  ledger: (account: LedgerAccount) => [...jobKeys.all, 'ledger', account] as const,
};
