import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachmentName } from '@/lib/api-client';
import { StatementDownload } from '@/features/loans/statement-download';
import { makeLoanLimits } from '@/testing/loan-fixtures';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

function statementCalls(calls: MockCall[]): MockCall[] {
  return calls.filter((call) => call.url.includes('statement.csv'));
}

describe('StatementDownload', () => {
  let clicked: string[];
  beforeEach(() => {
    clicked = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("downloads the player's own statement for the range and saves it", async () => {
    const { calls } = mockFetch({ 'GET /api/me/statement.csv': { body: 'date,type' } });
    renderWithProviders(<StatementDownload />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    expect((await screen.findByRole('status')).textContent).toBe('Statement downloaded.');
    expect(statementCalls(calls).map((call) => call.url)).toEqual(['/api/me/statement.csv?from=2026-11-01&to=2026-11-23']);
    expect(clicked).toEqual(['statement.csv blob:statement']);
  });

  it("an admin's copy asks for the named player", async () => {
    const { calls } = mockFetch({ 'GET /api/players/7/statement.csv': { body: 'date,type' } });
    renderWithProviders(<StatementDownload playerId={7} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    expect((await screen.findByRole('status')).textContent).toBe('Statement downloaded.');
    expect(statementCalls(calls).map((call) => call.url)).toEqual(['/api/players/7/statement.csv?from=2026-11-01&to=2026-11-02']);
  });

  it("leaves out an emptied date and shows the server's detail", async () => {
    const { calls } = mockFetch({
      'GET /api/loans/limits': { body: makeLoanLimits({ today: '2026-11-21' }) },
      'GET /api/me/statement.csv': { status: 400, body: { detail: "from is required (the statement's first day, YYYY-MM-DD)", code: 'invalid' } },
    });
    renderWithProviders(<StatementDownload />);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-01-01'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Error downloading statement: from is required (the statement's first day, YYYY-MM-DD)",
    );
    expect(statementCalls(calls).map((call) => call.url)).toEqual(['/api/me/statement.csv?to=2026-11-21']);
    expect(clicked).toEqual([]);
  });

  it("opens with this year up to the bank's today, so one click downloads it", async () => {
    const { calls } = mockFetch({
      'GET /api/loans/limits': { body: makeLoanLimits({ today: '2026-11-21' }) },
      'GET /api/me/statement.csv': { body: 'date,type' },
    });
    renderWithProviders(<StatementDownload />);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-01-01'));
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-11-21');
    fireEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    expect((await screen.findByRole('status')).textContent).toBe('Statement downloaded.');
    expect(statementCalls(calls).map((call) => call.url)).toEqual(['/api/me/statement.csv?from=2026-01-01&to=2026-11-21']);
  });
});

describe('attachmentName', () => {
  it("reads the server's file name, or falls back", () => {
    expect(attachmentName('attachment; filename="statement-borin-2026-11-01-to-2026-11-23.csv"', 'x.csv')).toBe(
      'statement-borin-2026-11-01-to-2026-11-23.csv',
    );
    expect(attachmentName(null, 'statement.csv')).toBe('statement.csv');
  });
});
