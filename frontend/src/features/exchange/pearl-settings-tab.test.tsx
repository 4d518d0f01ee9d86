import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PearlSettingsTab } from '@/features/exchange/pearl-settings-tab';
import { OfficerAccess } from '@/features/officers';
import type { Role } from '@/lib/officers';
import { makeExchangeSettings } from '@/testing/exchange-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

const CHANGED = makeExchangeSettings({ sell_rate: 2600, buy_rate: 3600, last_updated: '2026-03-02T10:15:00Z', updated_by: 'admin' });

describe('Admin PearlSettingsTab', () => {
  it('shows the saved rates in the fields and says who changed them last', async () => {
    mockFetch({ 'GET /api/admin/pearl-exchange-settings': { body: { settings: CHANGED } } });
    renderWithProviders(<PearlSettingsTab />);
    expect((await screen.findByLabelText<HTMLInputElement>('Sell Rate (bread per pearl)')).value).toBe('2600');
    expect(screen.getByLabelText<HTMLInputElement>('Buy Rate (bread per pearl)').value).toBe('3600');
    expect(screen.getByTestId('current-sell-rate').textContent).toBe('€2,600 per pearl');
    expect(screen.getByTestId('rates-updated').textContent).toMatch(/^Last updated .+ by admin$/);
  });

  it('says the defaults apply while nobody has changed them', async () => {
    mockFetch({ 'GET /api/admin/pearl-exchange-settings': { body: { settings: makeExchangeSettings() } } });
    renderWithProviders(<PearlSettingsTab />);
    expect((await screen.findByTestId('rates-updated')).textContent).toBe('Never changed: the default rates apply.');
  });

  it('updates both rates through the query string and shows the saved ones', async () => {
    let saved = makeExchangeSettings();
    const { calls } = mockFetch({
      'GET /api/admin/pearl-exchange-settings': () => ({ body: { settings: saved } }),
      'PUT /api/admin/pearl-exchange-settings': () => {
        saved = CHANGED;
        return { body: { settings: saved } };
      },
    });
    renderWithProviders(<PearlSettingsTab />);
    fireEvent.change(await screen.findByLabelText('Sell Rate (bread per pearl)'), { target: { value: '2600' } });
    fireEvent.change(screen.getByLabelText('Buy Rate (bread per pearl)'), { target: { value: '3600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Exchange Rates' }));
    expect((await screen.findByRole('status')).textContent).toBe('Exchange rates updated successfully!');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/admin/pearl-exchange-settings?sell_rate=2600&buy_rate=3600');
    await waitFor(() => expect(screen.getByTestId('current-buy-rate').textContent).toBe('€3,600 per pearl'));
  });

  it("shows the server's refusal after 'Error updating exchange rates: '", async () => {
    mockFetch({
      'GET /api/admin/pearl-exchange-settings': { body: { settings: makeExchangeSettings() } },
      'PUT /api/admin/pearl-exchange-settings': {
        status: 400,
        body: { detail: 'The sell rate must be lower than the buy rate', code: 'invalid' },
      },
    });
    renderWithProviders(<PearlSettingsTab />);
    fireEvent.change(await screen.findByLabelText('Sell Rate (bread per pearl)'), { target: { value: '4000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Exchange Rates' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error updating exchange rates: The sell rate must be lower than the buy rate',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Sell Rate (bread per pearl)').value).toBe('4000');
  });
});

const asRole = (role: Role) => ({ wrap: (node: ReactNode) => <OfficerAccess.Provider value={asOfficer(role)}>{node}</OfficerAccess.Provider> });

describe('PearlSettingsTab and roles', () => {
  it.each<[Role, boolean]>([
    ['teller', false],
    ['loan_officer', false],
    ['treasurer', true],
  ])("a %s reads the rates and sees the rate form: %s (a treasurer's, bank/roles.py)", async (role, mayChange) => {
    mockFetch({ 'GET /api/admin/pearl-exchange-settings': { body: { settings: CHANGED } } });
    renderWithProviders(<PearlSettingsTab />, asRole(role));
    expect((await screen.findByTestId('current-sell-rate')).textContent).toBe('€2,600 per pearl');
    expect(screen.getByTestId('current-buy-rate').textContent).toBe('€3,600 per pearl');
    expect(screen.getByTestId('rates-updated').textContent).toMatch(/^Last updated .+ by admin$/);
    expect(screen.queryByLabelText('Sell Rate (bread per pearl)') !== null).toBe(mayChange);
    expect(screen.queryByLabelText('Buy Rate (bread per pearl)') !== null).toBe(mayChange);
    expect(screen.queryByRole('button', { name: 'Update Exchange Rates' }) !== null).toBe(mayChange);
    expect(screen.queryByRole('note')?.textContent ?? null).toBe(mayChange ? null : 'Only a treasurer can change these rates.');
  });
});
