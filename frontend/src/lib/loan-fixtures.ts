// Test data for unit tests (never imported by the app).
import type { Loan, PendingLoan } from '@/lib/loans';

/** Test data shaped like the API's answers (lending/serializers.py). */
export function makeLoan(overrides: Partial<Loan> = {}): Loan {
  return {
    id: 2,
    player_id: 7,
    player_name: 'Aria',
    value: 1_000_000,
    interest_rate: 0.3,
    total_days: 30,
    total_to_pay: 1_300_000,
    daily_payment: 43_333,
    start_date: '2025-03-01',
    status: 'Active',
    paid_off: false,
    paid_off_at: null,
    solo_gain: 0,
    current_day: 3,
    days_passed: 3,
    amount_paid: 86_666,
    remaining: 1_213_334,
    payments_made: 2,
    missed_payments: 1,
    payments_history: [
      { date: '2025-03-01', status: 'Paid', value: 43_333 },
      { date: '2025-03-02', status: 'Paid', value: 43_333 },
      { date: '2025-03-03', status: 'Not Paid', value: 0 },
    ],
    admin_notes: '',
    created_at: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

export function makePendingLoan(overrides: Partial<PendingLoan> = {}): PendingLoan {
  return {
    id: 5,
    player_id: 7,
    player_name: 'Aria',
    player_discord: 'aria.guild',
    value: 500_000,
    total_days: 14,
    interest_rate: 0.35,
    total_to_pay: 675_000,
    user: 'Aria',
    request_reason: 'New gear for the raid',
    request_date: '2025-03-05T09:30:00Z',
    created_date: '2025-03-05T09:30:00Z',
    status: 'pending',
    admin_notes: '',
    approved_by: null,
    approved_date: null,
    denied_by: null,
    denied_date: null,
    converted_loan_id: null,
    ...overrides,
  };
}
