import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BooksCheckNotice } from '@/features/jobs/books-check';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const difference = {
  account: 'savings',
  account_id: 12,
  label: 'Savings #12',
  player_id: 3,
  player_name: 'Aria',
  stored: 999_999_999,
  from_entries: 300_000,
  what: 'The balance is €999,999,999, its entries add up to €300,000.',
};

describe('BooksCheckNotice', () => {
  it('says the books balance, with how many accounts and when', async () => {
    mockFetch({
      'GET /api/admin/reconcile': { body: { checked_at: '2026-11-24T03:00:00Z', accounts_checked: 1234, differences: [] } },
    });
    renderWithProviders(<BooksCheckNotice />);
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toMatch(/^ The books balance: 1,234 accounts checked 24\u00a0Nov\u00a02026/);
  });

  it('turns red and names each account that differs', async () => {
    mockFetch({
      'GET /api/admin/reconcile': {
        body: { checked_at: '2026-11-24T03:00:00Z', accounts_checked: 40, differences: [difference] },
      },
    });
    renderWithProviders(<BooksCheckNotice />);
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('alert--error');
    expect(alert.textContent).toContain('The books do not balance: 1 of 40 accounts differs from its ledger');
    expect(alert.textContent).toContain('Savings #12 (Aria): The balance is €999,999,999, its entries add up to €300,000.');
  });

  it('says when the books were never checked', async () => {
    mockFetch({ 'GET /api/admin/reconcile': { body: { checked_at: null, accounts_checked: 0, differences: [] } } });
    renderWithProviders(<BooksCheckNotice />);
    expect((await screen.findByTestId('books-check')).textContent).toBe(
      'The books have not been checked yet: the daily check runs by itself.',
    );
  });
});
