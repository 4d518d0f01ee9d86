export const PLAYER_TABS = [
  { id: 'overview', label: 'Overview', description: 'Your loans, savings and credit at a glance.' },
  { id: 'credit-score', label: 'Credit Score', description: 'Your credit score, its history and the benefits of each tier.' },
  { id: 'loan-eligibility', label: 'Loan Eligibility', description: 'Whether you can borrow now, and how much.' },
  { id: 'request-loan', label: 'Request Loan', description: 'Ask the bank for a loan. An administrator reviews every request.' },
  { id: 'pending-loans', label: 'Pending Loans', description: 'Your loan requests and their status, newest first.' },
  { id: 'loans', label: 'My Loans', description: 'Your loans, their payments and what remains to pay.' },
  { id: 'savings', label: 'My Savings', description: 'Your savings accounts, weekly earnings and projections.' },
  { id: 'request-withdrawal', label: 'Request Withdrawal', description: 'Ask to withdraw from your savings at a time that suits you.' },
  { id: 'withdrawal-history', label: 'Withdrawal History', description: 'Your withdrawal requests and how they were decided.' },
  { id: 'exchange-pearls', label: 'Exchange Pearls', description: 'Sell pearls for bread, or buy pearls with your savings.' },
  { id: 'pearl-history', label: 'Pearl History', description: 'Your pearl exchange requests and how they were decided.' },
  { id: 'security', label: 'Security', description: 'Protect your account with a code from your phone besides your password (optional).' },
] as const;

export type PlayerTabId = (typeof PLAYER_TABS)[number]['id'];
