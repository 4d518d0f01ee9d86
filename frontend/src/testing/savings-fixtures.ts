import type { Savings, SavingsQuote, SavingsRow, TotalSavings, Withdrawal } from '@/lib/savings';

/** A savings row as the server answers it (Check Savings). */
export function makeSavingsRow(overrides: Partial<SavingsRow> = {}): SavingsRow {
  return {
    id: 3,
    player_id: 7,
    player_name: 'Aria',
    principal: 500_000,
    invested_value: 535_000,
    interest_rate: 0.07,
    weekly_rate: 0.07,
    weekly_payment: 37_450,
    start_date: '2025-03-01',
    status: 'Active',
    paid_off: false,
    next_week: 2,
    next_payment_date: '2025-03-15',
    latest_week: { week: 1, date: '2025-03-08', status: 'Not Paid', interest: 35_000, interest_compounded: 35_000, auto_processed: false, reverted_from: null },
    listing_status: 'overdue',
    status_text: 'Week 2 overdue since 15 Mar 2025',
    admin_notes: '',
    created_at: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

/** A savings account with its weeks (bank data, products, detail). */
export function makeSavings(overrides: Partial<Savings> = {}): Savings {
  return {
    ...makeSavingsRow(),
    payments_count: 1,
    paid_weeks: 0,
    not_paid_weeks: 1,
    total_paid_out: 0,
    total_compounded: 35_000,
    payments_history: [
      { week: 1, date: '2025-03-08', status: 'Not Paid', interest: 35_000, interest_compounded: 35_000, auto_processed: false, reverted_from: null },
    ],
    ...overrides,
  };
}

export function makeSavingsQuote(overrides: Partial<SavingsQuote> = {}): SavingsQuote {
  return {
    player_id: 7,
    invested_value: null,
    interest_rate: 0.075,
    tier: 'Silver',
    weekly_payment: null,
    client_type: 'new',
    max_accounts: 3,
    max_total: 1_500_000,
    active_count: 1,
    active_total: 535_000,
    remaining: 965_000,
    allowed: true,
    reason: '',
    current_balance: 535_000,
    current_weekly_earnings: 37_450,
    weekly_chart: Array.from({ length: 12 }, (_, index) => ({ week: index + 1, earnings: 37_450 + index * 1_000, balance: 572_450 + index * 40_000 })),
    projections: [
      { weeks: 12, final_amount: 1_204_812, total_earnings: 669_812 },
      { weeks: 24, final_amount: 2_713_257, total_earnings: 2_178_257 },
      { weeks: 52, final_amount: 18_244_121, total_earnings: 17_709_121 },
    ],
    ...overrides,
  };
}

export function makeTotalSavings(overrides: Partial<TotalSavings> = {}): TotalSavings {
  return {
    total_available: 735_000,
    savings_count: 2,
    withdrawal_date_min: '2025-03-20',
    withdrawal_date_max: '2026-12-31',
    savings_breakdown: [
      { savings_id: 3, amount: 535_000, interest_rate: 0.07, payments_count: 1, start_date: '2025-03-01' },
      { savings_id: 4, amount: 200_000, interest_rate: 0.075, payments_count: 0, start_date: '2025-03-10' },
    ],
    ...overrides,
  };
}

export function makeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 11,
    player_id: 7,
    player_name: 'Aria',
    player_discord: 'aria.guild',
    amount: 150_000,
    withdrawal_date: '2025-03-22',
    withdrawal_time: '18:30',
    player_timezone: 1,
    status: 'pending',
    admin_notes: '',
    decided_by: null,
    decided_at: null,
    created_at: '2025-03-20T09:15:00Z',
    request_date: '2025-03-20T09:15:00Z',
    date: '2025-03-22',
    time: '18:30',
    timezone: 1,
    ...overrides,
  };
}
