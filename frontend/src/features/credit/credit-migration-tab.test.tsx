import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditMigrationTab } from '@/features/credit/credit-migration-tab';
import { OfficerAccess } from '@/features/officers';
import type { Role } from '@/lib/officers';
import type { MigrationRow } from '@/features/credit/api/types';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

const migrationDialog = () => screen.getByRole('dialog', { name: 'Execute the credit score migration?' });
const confirmText = () => migrationDialog().querySelector('.modal__text')?.textContent;
const confirmMigration = () => fireEvent.click(within(migrationDialog()).getByRole('button', { name: 'Execute Migration' }));

function row(id: number, name: string): MigrationRow {
  return {
    player_id: id,
    player_name: name,
    player_discord: `${name.toLowerCase()}.guild`,
    current_score: 0,
    calculated_score: 35,
    score_breakdown: { savings: 10, loans: 20, payments: 5 },
  };
}

function page(rows: MigrationRow[], number: number) {
  return {
    total_players: 3,
    calculated_scores: 3,
    average_score: 35,
    highest_score: 35,
    count: 3,
    page: number,
    page_size: 2,
    migration_data: rows,
  };
}

const ROUTES = {
  'GET /api/admin/credit-score/migration-preview': (call: { url: string }) =>
    call.url.includes('page=2') ? { body: page([row(3, 'Cyra')], 2) } : { body: page([row(1, 'Aria'), row(2, 'Borin')], 1) },
  'POST /api/admin/credit-score/execute-migration': { body: { migrated_count: 3, detail: 'Migrated 3 players' } },
};

afterEach(() => vi.restoreAllMocks());

describe('CreditMigrationTab', () => {
  it('previews a page at a time with the summary of every player', async () => {
    mockFetch(ROUTES);
    renderWithProviders(<CreditMigrationTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Migration' }));
    expect((await screen.findByText('Total players')).nextElementSibling?.textContent).toBe('3');
    expect(screen.getByLabelText('Select Borin')).toHaveProperty('checked', false);
    expect(screen.getByText('Showing 2 of 3 players').tagName).toBe('P');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByLabelText('Select Cyra')).getAttribute('type')).toBe('checkbox');
  });

  it('executes for the players ticked, or for every player after Select All', async () => {
    const { calls } = mockFetch(ROUTES);
    renderWithProviders(<CreditMigrationTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Migration' }));
    fireEvent.click(await screen.findByLabelText('Select Borin'));
    fireEvent.click(screen.getByRole('button', { name: 'Execute Migration (1 selected)' }));
    expect(confirmText()).toBe('Sets the credit score of 1 selected player to their calculated score.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false); // nothing sent before the confirmation
    confirmMigration();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ migration_data: [{ player_id: 2 }], execution_notes: '' });

    fireEvent.click(await screen.findByRole('button', { name: 'Select All' }));
    expect(screen.getByLabelText('Select Aria')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Execute Migration (3 selected)' }));
    expect(confirmText()).toBe('Sets the credit score of 3 selected players to their calculated score.');
    confirmMigration();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'POST')[1]?.body).toEqual({ select_all: true, execution_notes: '' });
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('CreditMigrationTab and Idempotency-Key', () => {
  it('retries a migration whose answer was lost with the same key, and the next migration with a new one', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      ...ROUTES,
      'POST /api/admin/credit-score/execute-migration': () => {
        attempts += 1;
        return attempts === 1 ? 'network-error' : { body: { migrated_count: 1, detail: 'Migrated 1 player' } };
      },
    });
    renderWithProviders(<CreditMigrationTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Migration' }));
    fireEvent.click(await screen.findByLabelText('Select Borin'));
    fireEvent.click(screen.getByRole('button', { name: 'Execute Migration (1 selected)' }));
    confirmMigration();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error executing migration: /);
    fireEvent.click(screen.getByRole('button', { name: 'Execute Migration (1 selected)' }));
    confirmMigration();
    expect((await screen.findByRole('status')).textContent).toBe('Migration executed successfully');
    fireEvent.click(await screen.findByLabelText('Select Borin'));
    fireEvent.click(screen.getByRole('button', { name: 'Execute Migration (1 selected)' }));
    confirmMigration();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    const [lost, retry, next] = calls.filter((call) => call.method === 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(lost).toMatch(UUID);
    expect(retry).toBe(lost);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(lost);
  });
});

const asRole = (role: Role) => ({ wrap: (node: ReactNode) => <OfficerAccess.Provider value={asOfficer(role)}>{node}</OfficerAccess.Provider> });

describe('CreditMigrationTab and roles', () => {
  it.each<[Role, boolean]>([
    ['teller', false],
    ['loan_officer', false],
    ['treasurer', true],
  ])("a %s previews the scores and sees Execute and the selection: %s (a treasurer's, bank/roles.py)", async (role, mayExecute) => {
    const { calls } = mockFetch(ROUTES);
    renderWithProviders(<CreditMigrationTab />, asRole(role));
    fireEvent.click(screen.getByRole('button', { name: 'Preview Migration' }));
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((tableRow) => Array.from(tableRow.children, (cell) => cell.textContent));
    const select = mayExecute ? [['Select'], ['']] : [[], []];
    expect(rows.slice(0, 2)).toEqual([
      [...select[0], 'Player', 'Current', 'Calculated', 'Breakdown'],
      [...select[1], 'Aria aria.guild', '0', '35', 'Savings 10 · Loans 20 · Payments 5'],
    ]);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(mayExecute ? 2 : 0);
    expect(screen.queryByRole('button', { name: 'Select All' }) !== null).toBe(mayExecute);
    expect(screen.queryByRole('button', { name: 'Clear Selection' }) !== null).toBe(mayExecute);
    expect(screen.queryByRole('button', { name: /^Execute Migration/ }) !== null).toBe(mayExecute);
    expect(screen.queryByRole('note')?.textContent ?? null).toBe(mayExecute ? null : 'Only a treasurer can execute the migration.');
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });
});
