import type { AdminTabId } from '@/lib/admin-tabs';

/** The phone menu's sections, in the order it lists them; each lists its tabs in the sidebar's order. */
const ADMIN_SECTIONS = ['Overview', 'Players', 'Loans', 'Savings', 'Credit', 'Pearl Exchange', 'Bank'] as const;

type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** A tab not named here (a newly added one) is listed under the last section, Bank. */
const TAB_SECTION: Partial<Record<AdminTabId, AdminSection>> = {
  overview: 'Overview',
  waiting: 'Overview',
  report: 'Overview',
  'bank-health': 'Overview',
  'new-player': 'Players',
  'search-player': 'Players',
  'add-product': 'Players',
  'bad-payers': 'Players',
  'blocked-accounts': 'Players',
  'pending-loans': 'Loans',
  'check-loans': 'Loans',
  arrears: 'Loans',
  'check-savings': 'Savings',
  'savings-management': 'Savings',
  'withdrawal-requests': 'Savings',
  'credit-overview': 'Credit',
  'credit-migration': 'Credit',
  'pearl-requests': 'Pearl Exchange',
  'pearl-settings': 'Pearl Exchange',
};

function tabSection(id: string): AdminSection {
  return TAB_SECTION[id as AdminTabId] ?? 'Bank';
}

/** The tabs grouped by section, sections in menu order, empty ones left out. */
export function groupBySection<T extends { id: string }>(tabs: ReadonlyArray<T>): Array<{ section: AdminSection; tabs: T[] }> {
  return ADMIN_SECTIONS.map((section) => ({ section, tabs: tabs.filter((tab) => tabSection(tab.id) === section) })).filter(
    (group) => group.tabs.length > 0,
  );
}
