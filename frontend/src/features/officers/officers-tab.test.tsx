import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfficersTab } from '@/features/officers/officers-tab';
import type { Officer } from '@/features/officers/api/use-officers';
import { awaitingAnswer } from '@/testing/proposal-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

function officer(overrides: Partial<Officer> = {}): Officer {
  return {
    id: 1,
    username: 'admin',
    display_name: 'Ada the Treasurer',
    role: 'treasurer',
    active: true,
    created_at: '2026-01-02T09:00:00Z',
    last_login: null,
    locked_until: null,
    locked_addresses: 0,
    has_factor: false,
    ...overrides,
  };
}

const ADMIN = officer();
const LOU = officer({ id: 7, username: 'lou', display_name: 'Lena the Lender', role: 'loan_officer', last_login: '2026-06-01T10:00:00Z' });
const TESS = officer({ id: 9, username: 'tess', display_name: 'Keeper of the Till', role: 'teller' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LAST_TREASURER =
  'The last active treasurer can be neither demoted nor deactivated: make another officer a treasurer first';

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('Admin OfficersTab', () => {
  it('lists every officer by the name players see, with the sign-in name, role, status, when added and the last sign-in', async () => {
    mockFetch({ 'GET /api/admin/officers': { body: { results: [ADMIN, { ...LOU, active: false }] } } });
    renderWithProviders(<OfficersTab me="admin" />);
    const lou = await screen.findByRole('article', { name: 'Lena the Lender' });
    // numbered on their own (the second officer), not by the sign-in account's id (#7)
    expect(within(lou).getByText(/^Signs in as/).textContent).toBe('Signs in as lou · Officer 2');
    within(lou).getByText('Deactivated');
    within(lou).getByRole('button', { name: 'Reactivate' });
    within(lou).getByRole('button', { name: 'Reset Password' });
    // the role once: in its select, not again in a box
    expect(within(lou).queryByText('Loan Officer', { selector: 'dd' })).toBeNull();
    expect(within(lou).getByLabelText<HTMLSelectElement>('Role').value).toBe('loan_officer');
    // the signed-in treasurer's own card: "(you)", no Deactivate, no password reset (Change password is theirs)
    const admin = card('Ada the Treasurer');
    expect(within(admin).getByRole('heading').textContent).toBe('Ada the Treasurer (you)');
    within(admin).getByText('Active');
    within(admin).getByText('Never');
    within(admin).getByText('Not locked');
    expect(within(admin).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(within(admin).queryByRole('button', { name: 'Reset Password' })).toBeNull();
    within(admin).getByText('You cannot deactivate yourself: another treasurer can.');
  });

  it("resets an officer's password as a proposal a second treasurer approves", async () => {
    const { calls } = mockFetch({
      'GET /api/admin/officers': { body: { results: [ADMIN, LOU] } },
      'PUT /api/admin/officers/7/password': awaitingAnswer('Ada the Treasurer'),
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const lou = await screen.findByRole('article', { name: 'Lena the Lender' });
    fireEvent.change(within(lou).getByLabelText('New password'), { target: { value: 'fresh-start-1' } });
    fireEvent.click(within(lou).getByRole('button', { name: 'Reset Password' }));
    await within(lou).findByText('Waits for a second officer: Approved by Ada the Treasurer; a second officer must approve');
    const sent = calls.find((call) => call.method === 'PUT');
    expect(sent?.body).toEqual({ new_password: 'fresh-start-1' });
    expect(within(lou).getByLabelText<HTMLInputElement>('New password').value).toBe('');
  });

  it("shows a locked officer's lockout and lifts it", async () => {
    let results = [ADMIN, { ...LOU, locked_until: '2026-06-01T10:15:00Z', locked_addresses: 2 }];
    mockFetch({
      'GET /api/admin/officers': () => ({ body: { results } }),
      'DELETE /api/admin/officers/7/lockout': () => {
        results = [ADMIN, LOU];
        return { body: { addresses: 2, detail: 'lou can sign in again: 2 lockouts lifted' } };
      },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const lou = await screen.findByRole('article', { name: 'Lena the Lender' });
    within(lou).getByText(/^Locked until .* at 2 addresses$/);
    fireEvent.click(within(lou).getByRole('button', { name: 'Lift Lockout' }));
    await within(lou).findByText('lou can sign in again: 2 lockouts lifted');
    await within(lou).findByText('Not locked');
    expect(within(lou).queryByRole('button', { name: 'Lift Lockout' })).toBeNull();
  });

  it('adds an officer with a username, the display name players see, a password and a role', async () => {
    let results = [ADMIN];
    const { calls } = mockFetch({
      'GET /api/admin/officers': () => ({ body: { results } }),
      'POST /api/admin/officers': () => {
        results = [ADMIN, TESS];
        return { status: 201, body: TESS };
      },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const form = await screen.findByRole('form', { name: 'Add officer' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: ' tess ' } });
    fireEvent.change(within(form).getByLabelText('Display name'), { target: { value: ' Keeper of the Till ' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'counting-1' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'teller' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Officer' }));
    expect((await screen.findByRole('status')).textContent).toBe('Keeper of the Till was added as a Teller, signing in as tess');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'tess',
      display_name: 'Keeper of the Till',
      password: 'counting-1',
      role: 'teller',
    });
    await screen.findByRole('article', { name: 'Keeper of the Till' });
    expect(within(form).getByLabelText<HTMLInputElement>('Username').value).toBe('');
    expect(within(form).getByLabelText<HTMLInputElement>('Display name').value).toBe('');
  });

  it('adds an officer once: a retry after a lost answer sends the same Idempotency-Key, the next officer a new one', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      'GET /api/admin/officers': { body: { results: [ADMIN] } },
      'POST /api/admin/officers': () => {
        attempts += 1;
        return attempts === 1 ? 'network-error' : { status: 201, body: TESS };
      },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const form = await screen.findByRole('form', { name: 'Add officer' });
    const fillOfficer = () => {
      fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'tess' } });
      fireEvent.change(within(form).getByLabelText('Display name'), { target: { value: 'Keeper of the Till' } });
      fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'counting-1' } });
    };
    fillOfficer();
    fireEvent.click(within(form).getByRole('button', { name: 'Add Officer' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^Error adding officer: /);
    fireEvent.click(within(form).getByRole('button', { name: 'Add Officer' }));
    await within(form).findByRole('status');
    fillOfficer();
    fireEvent.click(within(form).getByRole('button', { name: 'Add Officer' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    const [lost, retry, next] = calls.filter((call) => call.method === 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(lost).toMatch(UUID);
    expect(retry).toBe(lost);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(lost);
  });

  it("shows the server's refusal of a new officer", async () => {
    mockFetch({
      'GET /api/admin/officers': { body: { results: [ADMIN] } },
      'POST /api/admin/officers': { status: 400, body: { detail: "The name 'Aria' is already taken", code: 'name_taken' } },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const form = await screen.findByRole('form', { name: 'Add officer' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'Aria' } });
    fireEvent.change(within(form).getByLabelText('Display name'), { target: { value: 'Aria of the Bank' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'counting-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Officer' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Error adding officer: The name 'Aria' is already taken");
    expect(within(form).getByLabelText<HTMLInputElement>('Username').value).toBe('Aria');
  });

  it('asks for every field before calling the server', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/officers': { body: { results: [ADMIN] } } });
    renderWithProviders(<OfficersTab me="mia" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Officer' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in the username, the display name, the password and the role');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("changes an officer's role with PATCH", async () => {
    let lou = LOU;
    const { calls } = mockFetch({
      'GET /api/admin/officers': () => ({ body: { results: [ADMIN, lou] } }),
      'PATCH /api/admin/officers/7': () => {
        lou = { ...LOU, role: 'treasurer' };
        return { body: lou };
      },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const row = await screen.findByRole('article', { name: 'Lena the Lender' });
    const change = within(row).getByRole<HTMLButtonElement>('button', { name: 'Change Role' });
    expect(change.disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('Role'), { target: { value: 'treasurer' } });
    fireEvent.click(change);
    expect((await within(row).findByRole('status')).textContent).toBe('Lena the Lender is now a Treasurer');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'treasurer' });
    await waitFor(() => expect(within(row).getByLabelText<HTMLSelectElement>('Role').value).toBe('treasurer'));
  });

  it('says a role raise waits for a second treasurer, and the card keeps the role still held', async () => {
    mockFetch({
      'GET /api/admin/officers': { body: { results: [ADMIN, LOU] } },
      'PATCH /api/admin/officers/7': awaitingAnswer('Ada the Treasurer'),
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const row = await screen.findByRole('article', { name: 'Lena the Lender' });
    fireEvent.change(within(row).getByLabelText('Role'), { target: { value: 'treasurer' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Change Role' }));
    expect((await within(row).findByRole('status')).textContent).toBe(
      'Waits for a second officer: Approved by Ada the Treasurer; a second officer must approve',
    );
    expect(within(row).getByLabelText<HTMLSelectElement>('Role').value).toBe('loan_officer');
  });

  it('says plainly why the last treasurer cannot be demoted', async () => {
    mockFetch({
      'GET /api/admin/officers': { body: { results: [ADMIN] } },
      'PATCH /api/admin/officers/1': { status: 409, body: { detail: LAST_TREASURER, code: 'last_treasurer' } },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const row = await screen.findByRole('article', { name: 'Ada the Treasurer' });
    fireEvent.change(within(row).getByLabelText('Role'), { target: { value: 'teller' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Change Role' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(`Error changing role: ${LAST_TREASURER}`);
    expect(within(row).getByLabelText<HTMLSelectElement>('Role').value).toBe('treasurer');
  });

  it('deactivates after a confirmation, and says a refusal on the card', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/officers': { body: { results: [ADMIN] } },
      'PATCH /api/admin/officers/1': { status: 409, body: { detail: LAST_TREASURER, code: 'last_treasurer' } },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    fireEvent.click(within(await screen.findByRole('article', { name: 'Ada the Treasurer' })).getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Ada the Treasurer?' });
    within(dialog).getByText(/signs in as admin/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(card('Ada the Treasurer')).findByRole('alert')).textContent).toBe(`Error deactivating officer: ${LAST_TREASURER}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ active: false });
  });

  it('reactivates a deactivated officer', async () => {
    let lou = { ...LOU, active: false };
    const { calls } = mockFetch({
      'GET /api/admin/officers': () => ({ body: { results: [ADMIN, lou] } }),
      'PATCH /api/admin/officers/7': () => {
        lou = { ...LOU, active: true };
        return { body: lou };
      },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    fireEvent.click(within(await screen.findByRole('article', { name: 'Lena the Lender' })).getByRole('button', { name: 'Reactivate' }));
    expect((await within(card('Lena the Lender')).findByRole('status')).textContent).toBe('Lena the Lender has been reactivated');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ active: true });
    await within(card('Lena the Lender')).findByRole('button', { name: 'Deactivate' });
  });

  it('renames an officer: the display name players see changes, the sign-in name stays', async () => {
    let lou = LOU;
    const { calls } = mockFetch({
      'GET /api/admin/officers': () => ({ body: { results: [ADMIN, lou] } }),
      'PATCH /api/admin/officers/7': () => {
        lou = { ...LOU, display_name: 'Keeper of the Vault' };
        return { body: lou };
      },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const row = await screen.findByRole('article', { name: 'Lena the Lender' });
    const rename = within(row).getByRole<HTMLButtonElement>('button', { name: 'Rename' });
    expect(rename.disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('Display name'), { target: { value: '   ' } });
    expect(rename.disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('Display name'), { target: { value: ' Keeper of the Vault ' } });
    fireEvent.click(rename);
    expect((await within(row).findByRole('status')).textContent).toBe('lou is now shown to players as Keeper of the Vault');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ display_name: 'Keeper of the Vault' });
    await screen.findByRole('article', { name: 'Keeper of the Vault' });
  });

  it("keeps a refused display name in the field, with the server's reason", async () => {
    const refusal = "The display name 'lou' is an officer's sign-in name, which players must never see: choose another";
    mockFetch({
      'GET /api/admin/officers': { body: { results: [ADMIN, LOU] } },
      'PATCH /api/admin/officers/7': { status: 400, body: { detail: refusal, code: 'name_taken' } },
    });
    renderWithProviders(<OfficersTab me="mia" />);
    const row = await screen.findByRole('article', { name: 'Lena the Lender' });
    fireEvent.change(within(row).getByLabelText('Display name'), { target: { value: 'lou' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(`Error changing display name: ${refusal}`);
    expect(within(row).getByLabelText<HTMLInputElement>('Display name').value).toBe('lou');
  });
});
