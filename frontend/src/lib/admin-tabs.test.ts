// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, tabsFor } from '@/lib/admin-tabs';
import { CAPABILITIES } from '@/testing/capabilities';

const ids = (tabs: readonly { id: string }[]) => tabs.map((tab) => tab.id);
const ALL = ids(ADMIN_TABS);

describe('admin tabs and what the server says an officer may do', () => {
  it('shows a teller every tab but Add Product and Officers', () => {
    expect(ids(tabsFor(CAPABILITIES.teller))).toEqual(ALL.filter((id) => id !== 'add-product' && id !== 'officers'));
  });

  it('shows a loan officer Add Product, and a treasurer every tab', () => {
    expect(ids(tabsFor(CAPABILITIES.loan_officer))).toEqual(ALL.filter((id) => id !== 'officers'));
    expect(ids(tabsFor(CAPABILITIES.treasurer))).toEqual(ALL);
  });

  it('follows the map it is given, whatever the role', () => {
    expect(ids(tabsFor({ ...CAPABILITIES.teller, officers: true }))).toContain('officers');
    expect(ids(tabsFor({ ...CAPABILITIES.treasurer, add_product: false }))).not.toContain('add-product');
  });

  it('shows every tab while the map is not known yet', () => {
    expect(ids(tabsFor(null))).toEqual(ALL);
  });
});
