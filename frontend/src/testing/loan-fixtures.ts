// Test data for unit tests (never imported by the app).
import type { Loan, LoanLimits, LoanQuote, PendingLoan, PlayerLoan } from '@/lib/loans';

/** Test data shaped like the API's answers (lending/serializers.py). */
/** `status` may also be one the server does not send today, to show how the screens treat it. */
export function makeLoan(overrides: Partial<Omit<Loan, 'status'>> & { status?: string } = {}): Loan {
  return {
    id: 2,
    player_id: 7,
    player_name: 'Aria',
    value: 1_000_000,
    interest_rate: 0.3,
    daily_rate: 0.01,
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
    paid_percent: 6.7,
    payoff_solo_gain: 105_000,
    payments_history: [
      { date: '2025-03-01', status: 'Paid', value: 43_333 },
      { date: '2025-03-02', status: 'Paid', value: 43_333 },
      { date: '2025-03-03', status: 'Not Paid', value: 0 },
    ],
    admin_notes: '',
    created_at: '2025-03-01T10:00:00Z',
    ...overrides,
  } as Loan;
}

/** The chart the server (lending.rules.loan_chart) gives makePlayerLoan's loan: days 1 and 2 paid,
 * day 3 (today) not yet, then the plan of 43,333 a day. */
const PLAYER_LOAN_CHART: PlayerLoan['chart'] = {
  recorded_days: 3,
  amount_paid: [
    43_333, 86_666, 86_666, 129_999, 173_332, 216_665, 259_998, 303_331, 346_664, 389_997, 433_330, 476_663, 519_996, 563_329, 606_662,
    649_995, 693_328, 736_661, 779_994, 823_327, 866_660, 909_993, 953_326, 996_659, 1_039_992, 1_083_325, 1_126_658, 1_169_991,
    1_213_324, 1_256_657,
  ],
  remaining: [
    1_256_667, 1_213_334, 1_213_334, 1_170_001, 1_126_668, 1_083_335, 1_040_002, 996_669, 953_336, 910_003, 866_670, 823_337, 780_004,
    736_671, 693_338, 650_005, 606_672, 563_339, 520_006, 476_673, 433_340, 390_007, 346_674, 303_341, 260_008, 216_675, 173_342,
    130_009, 86_676, 43_343,
  ],
};

/** One of a player's loans as bank data and products answer it: day 3 of 30, not marked today. */
export function makePlayerLoan(overrides: Partial<PlayerLoan> = {}): PlayerLoan {
  return {
    ...makeLoan(),
    payments_history: makeLoan().payments_history.slice(0, 2),
    today_entry: null,
    listing_status: 'upcoming',
    status_text: 'Day 3 of 30: €43,333 due today',
    // days 1 and 2 paid, day 3 (today) not yet: nothing behind, today's day due
    due_today: 43_333,
    arrears: 0,
    arrears_days: 0,
    chart: PLAYER_LOAN_CHART,
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
    daily_rate: 0.025,
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

/** GET /api/loans/quote for a Silver player asking 500k over 10 days. */
export function makeLoanQuote(overrides: Partial<LoanQuote> = {}): LoanQuote {
  return {
    player_id: 7,
    value: 500_000,
    total_days: 10,
    tier: 'Silver',
    base_rate: 0.35,
    tier_discount: 0.01,
    interest_rate: 0.34,
    total_to_pay: 670_000,
    daily_payment: 67_000,
    max_loan_amount: 5_000_000,
    eligible: true,
    reason: '',
    rate_table: [
      { label: 'Exactly €100,000', amount: 100_000, rate: 0.5 },
      { label: 'Exactly €500,000', amount: 500_000, rate: 0.35 },
      { label: 'Any other amount', amount: null, rate: 0.3 },
    ],
    ...overrides,
  };
}

/** The quote before anything is typed: the player's tier and the rate table only. */
export function makeBlankLoanQuote(overrides: Partial<LoanQuote> = {}): LoanQuote {
  return makeLoanQuote({
    value: null,
    total_days: null,
    base_rate: null,
    interest_rate: null,
    total_to_pay: null,
    daily_payment: null,
    ...overrides,
  });
}

/** GET /api/loans/limits. */
export function makeLoanLimits(overrides: Partial<LoanLimits> = {}): LoanLimits {
  return {
    min_amount: 1,
    max_amount: 1_000_000_000,
    min_days: 1,
    max_days: 3650,
    max_rate: 5,
    notes_max_length: 500,
    start_date_min: '2025-01-01',
    start_date_max: '2026-12-31',
    today: '2025-03-03',
    ...overrides,
  };
}
