// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, TAB_LEAST_ROLE, type AdminTabId } from '@/lib/admin-tabs';
import { serverLeast } from '@/testing/server-roles';

// the call each tab opens with (URL name, method): a role the server lets make it sees the tab
const OPENS_WITH: Record<AdminTabId, [string, string]> = {
  overview: ['dashboard-stats', 'GET'],
  waiting: ['waiting', 'GET'],
  'credit-overview': ['credit-overview', 'GET'],
  'credit-migration': ['credit-migration-preview', 'GET'],
  'savings-management': ['savings-clients', 'GET'],
  'new-player': ['player-create', 'POST'],
  'search-player': ['player-search', 'GET'],
  'add-product': ['loan-create', 'POST'],
  'pending-loans': ['pending-loans-admin', 'GET'],
  'check-loans': ['loans-check', 'GET'],
  'check-savings': ['savings-check', 'GET'],
  report: ['report', 'GET'],
  'bad-payers': ['players-bad-payers', 'GET'],
  'blocked-accounts': ['players-blocked', 'GET'],
  'withdrawal-requests': ['withdrawal-list', 'GET'],
  'pearl-requests': ['exchange-list', 'GET'],
  'four-eyes': ['proposals', 'GET'],
  'pearl-settings': ['exchange-settings', 'GET'],
  officers: ['officers', 'GET'],
  'bank-settings': ['bank-settings', 'GET'],
  audit: ['audit-list', 'GET'],
};

describe('admin tabs and roles', () => {
  it.each(ADMIN_TABS.map((tab) => [tab.label, tab.id] as const))(
    "offers %s to exactly the roles the server's table lets open it",
    (_label, id) => {
      const [route, method] = OPENS_WITH[id];
      expect(serverLeast(route, method), `${route} ${method}`).toBe(TAB_LEAST_ROLE[id] ?? 'teller');
    },
  );
});
