import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminMenu } from '@/features/admin/admin-menu';
import { AdminPanel } from '@/features/admin/admin-panel';
import { makePendingLoan } from '@/testing/loan-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { CAPABILITIES } from '@/testing/capabilities';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'pending-loans', label: 'Pending Loans', badge: 2 },
  { id: 'check-loans', label: 'Check Loans' },
  { id: 'pearl-requests', label: 'Pearl Exchange Requests', badge: 3 },
  { id: 'audit', label: 'Audit' },
] as const;
type Id = (typeof TABS)[number]['id'];

function renderMenu(active: Id = 'overview') {
  const onSelect = vi.fn<(id: Id) => void>();
  render(<AdminMenu tabs={TABS} active={active} onSelect={onSelect} />);
  return { onSelect, toggle: screen.getByRole('button', { name: /^Menu/ }) };
}

describe('AdminMenu', () => {
  it('names the open tab and what waits in all, closed until pressed', () => {
    const { toggle } = renderMenu('check-loans');
    expect(toggle.textContent).toBe('MenuCheck Loans5');
    expect(within(toggle).getByLabelText('5 pending').textContent).toBe('5');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('leaves out of its total a badge that counts again what other tabs count', () => {
    const tabs = [...TABS, { id: 'waiting', label: 'Waiting for Me', badge: 4, badgeRepeats: true }] as const;
    render(<AdminMenu tabs={tabs} active="overview" onSelect={() => {}} />);
    const toggle = screen.getByRole('button', { name: /^Menu/ });
    expect(within(toggle).getByLabelText('5 pending').textContent).toBe('5');
    fireEvent.click(toggle);
    const waiting = within(screen.getByRole('list', { name: 'Overview' })).getByRole('button', { name: /^Waiting for Me/ });
    expect(within(waiting).getByLabelText('4 pending').textContent).toBe('4');
  });

  it('opens on every tab grouped by section, with its count, the current one marked and focused', () => {
    const { toggle } = renderMenu('pending-loans');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // each section a list named by its heading, in the menu's order
    const sections = screen.getAllByRole('list');
    expect(sections.map((list) => list.getAttribute('aria-labelledby'))).toEqual(
      ['Overview', 'Loans', 'Pearl Exchange', 'Bank'].map((name) => screen.getByRole('list', { name }).getAttribute('aria-labelledby')),
    );
    expect(within(screen.getByRole('list', { name: 'Loans' })).getAllByRole('button').map((item) => item.textContent)).toEqual([
      'Pending Loans2',
      'Check Loans',
    ]);
    const pending = screen.getByRole('button', { name: /^Pending Loans/ });
    expect(pending.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Check Loans' }).getAttribute('aria-current')).toBeNull();
    expect(within(screen.getByRole('button', { name: /^Pearl Exchange Requests/ })).getByLabelText('3 pending').textContent).toBe('3');
    expect(document.activeElement).toBe(pending);
    expect(toggle.getAttribute('aria-controls')).toBe(sections[0].closest('.admin-menu__sheet')?.id);
  });

  it('chooses a tab, closes and gives the focus back to Menu', () => {
    const { toggle, onSelect } = renderMenu();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: /^Pearl Exchange Requests/ }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('pearl-requests');
    expect(screen.queryByRole('list')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('moves with the arrow keys, Home and End, and chooses with Enter', () => {
    const { toggle, onSelect } = renderMenu();
    fireEvent.click(toggle);
    const focused = () => document.activeElement?.textContent;
    expect(focused()).toBe('Overview');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Pending Loans2');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(focused()).toBe('Audit');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('Overview');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focused()).toBe('Audit');
    // a button's Enter is its click
    fireEvent.click(document.activeElement!);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('audit');
  });

  it('closes on Escape without choosing, the focus back on Menu', () => {
    const { toggle, onSelect } = renderMenu();
    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Check Loans' }), { key: 'Escape' });
    expect(screen.queryByRole('list')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('closes on a press outside it, and on a second press of Menu', () => {
    const { toggle } = renderMenu();
    fireEvent.click(toggle);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getAllByRole('list')).toHaveLength(4);
    fireEvent.click(toggle);
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('AdminPanel menu', () => {
  it("lists the tabs a loan officer may see with their counts, and opens the chosen one", async () => {
    mockFetch({
      'GET /api/me': { body: { username: 'lou', is_admin: true, role: 'loan_officer', has_solo_access: false, player: null, may: CAPABILITIES.loan_officer } },
      'GET /api/admin/pending-loans': { body: { pending_loans: [makePendingLoan({ id: 1 }), makePendingLoan({ id: 2 })], count: 2 } },
    });
    renderWithProviders(<AdminPanel username="lou" onLogout={vi.fn(() => Promise.resolve())} />, { route: '/admin-panel' });
    const nav = screen.getByRole('navigation', { name: 'Admin panel menu' });
    const toggle = within(nav).getByRole('button', { name: /^Menu/ });
    await waitFor(() => expect(within(toggle).getByLabelText('2 pending').textContent).toBe('2'));
    fireEvent.click(toggle);
    const items = within(nav).getAllByRole('button').slice(1);
    const names = items.map((item) => item.textContent);
    // one item per tab the sidebar shows the role
    expect(names).toHaveLength(screen.getAllByRole('tab').length);
    expect(names.length).toBeGreaterThanOrEqual(17);
    expect(names).toContain('Pending Loans2');
    expect(names).toContain('Audit');
    // a loan officer adds products and does not see the officers
    expect(names).toContain('Add Product');
    expect(names).not.toContain('Officers');
    expect(names).toContain('Four Eyes'); // every officer reads the proposals and the bank's controls
    expect(within(nav).getByRole('button', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(nav).getByRole('button', { name: /^Pending Loans/ }));
    expect(await screen.findAllByRole('button', { name: /^Approve / })).toHaveLength(2);
    expect(toggle.textContent).toBe('MenuPending Loans2');
    expect(screen.getByRole('tab', { name: /^Pending Loans/ }).getAttribute('aria-selected')).toBe('true');
  });
});
