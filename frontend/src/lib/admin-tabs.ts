import type { Schemas } from '@/lib/api-types';

export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview', description: 'Players, loans, savings and dividends across the bank, and what needs review.' },
  { id: 'waiting', label: 'Waiting for Me', description: 'What you may decide now across loan requests, withdrawals, pearl exchanges and officers\' changes, and what waits for a second officer.' },
  { id: 'credit-overview', label: 'Credit Score Overview', description: "Every player's credit score and tier, with adjustments and penalties." },
  { id: 'credit-migration', label: 'Credit Score Migration', description: 'Preview scores calculated from banking history and apply them.' },
  { id: 'savings-management', label: 'Savings Management', description: 'Savings limits of new and old clients, and their client type.' },
  { id: 'new-player', label: 'New Player', description: 'Create a player with a name, a Discord username and an optional password.' },
  { id: 'search-player', label: 'Search Player', description: 'Find players by name or ID to view, manage or remove them.' },
  { id: 'add-product', label: 'Add Product', description: 'Open a savings account or a loan for a selected player.' },
  { id: 'pending-loans', label: 'Pending Loans', description: 'Loan requests waiting for approval or denial.' },
  { id: 'check-loans', label: 'Check Loans', description: 'Active loans and their daily payments.' },
  { id: 'arrears', label: 'Arrears', description: 'The loans in arrears today: what was due by yesterday and is not paid, and how many days behind.' },
  { id: 'check-savings', label: 'Check Savings', description: 'Active savings and their weekly payments: overdue, due today and upcoming.' },
  { id: 'bank-health', label: 'Bank Health', description: "The bank's daily figures over time: savings, loans, interest, money moved, players and arrears, with a CSV file of the rows." },
  { id: 'report', label: 'Report', description: 'Counters, the solo dividends and every savings account and loan.' },
  { id: 'bad-payers', label: 'Bad Payers', description: 'Players marked as bad payers and what they hold.' },
  { id: 'blocked-accounts', label: 'Blocked Accounts', description: 'Accounts blocked after repeated failed sign-ins.' },
  { id: 'withdrawal-requests', label: 'Withdrawal Requests', description: "Players' withdrawal requests to approve or deny." },
  { id: 'pearl-requests', label: 'Pearl Exchange Requests', description: "Players' pearl sell and buy requests to approve or deny." },
  { id: 'four-eyes', label: 'Four Eyes', description: "Officers' changes above the four-eyes threshold, waiting for a second officer to approve or deny." },
  { id: 'pearl-settings', label: 'Pearl Exchange Settings', description: 'The sell and buy rates of pearls, in bread per pearl.' },
  { id: 'officers', label: 'Officers', description: 'The bank\'s officers and their roles: add one, change the name players see or a role, deactivate or reactivate.' },
  { id: 'bank-settings', label: 'Bank Settings', description: 'The four-eyes threshold, the bounds of rates and start dates, and the arrears rules; a treasurer changes them.' },
  { id: 'audit', label: 'Audit', description: 'Every admin action that changed data: who, when, what, and the values before and after.' },
  { id: 'security', label: 'Security', description: 'Your own sign-in: a second factor (an authenticator app or a passkey), and recovery codes.' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

/**
 * The tabs an officer sees only when the server lets them do what the tab is for (GET /api/me's `may`):
 * Add Product to those who may add products, Officers to those who may manage officers. Every other
 * tab is read by every officer (the bank settings too: their bounds are published). Inside a tab an
 * officer sees only the buttons they may use (`useMay`).
 */
const TAB_ACTION: Partial<Record<AdminTabId, keyof Schemas['MayOut']>> = {
  'add-product': 'add_product',
  officers: 'officers',
};

/** The tabs of an officer who may do what `may` says (all of them while it is unknown). */
export function tabsFor(may: Schemas['MayOut'] | null) {
  return ADMIN_TABS.filter((tab) => {
    const action = TAB_ACTION[tab.id];
    return !may || !action || may[action];
  });
}
