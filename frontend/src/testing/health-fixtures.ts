// Bank Health and Arrears answers (GET /api/admin/bank-health, /api/admin/arrears) as the server sends them.
import type { Schemas } from '@/lib/api-types';

type Figures = Schemas['DailyFiguresOut'];
type Change = Schemas['FiguresChangeOut'];

const ZERO: Change = {
  savings_held: 0,
  solo_dividends_held: 0,
  open_loans: 0,
  loans_outstanding: 0,
  loans_principal_outstanding: 0,
  loans_interest_outstanding: 0,
  savers_interest: 0,
  loan_interest_collected: 0,
  solo_dividends_added: 0,
  lent: 0,
  repaid: 0,
  written_off: 0,
  withdrawals: 0,
  deposits: 0,
  pearl_bread_in: 0,
  pearl_bread_out: 0,
  players_all: 0,
  players_with_product: 0,
  players_new: 0,
  arrears_loans: 0,
  arrears_amount: 0,
  arrears_outstanding: 0,
  arrears_1_3_count: 0,
  arrears_1_3_amount: 0,
  arrears_1_3_outstanding: 0,
  arrears_4_7_count: 0,
  arrears_4_7_amount: 0,
  arrears_4_7_outstanding: 0,
  arrears_8_30_count: 0,
  arrears_8_30_amount: 0,
  arrears_8_30_outstanding: 0,
  arrears_over_30_count: 0,
  arrears_over_30_amount: 0,
  arrears_over_30_outstanding: 0,
};

function figuresOf(day: string, overrides: Partial<Change> = {}): Figures {
  return { day, ...ZERO, ...overrides };
}

/** Two days of figures: the savings grew by 500,000 and the players by 2; the change is the server's. */
export function bankHealthOf(overrides: Partial<Schemas['BankHealthOut']> = {}): Schemas['BankHealthOut'] {
  const first = figuresOf('2026-10-30', { savings_held: 1_000_000, loans_outstanding: 800_000, players_all: 10, arrears_amount: 0 });
  const last = figuresOf('2026-11-28', {
    savings_held: 1_500_000,
    loans_outstanding: 700_000,
    players_all: 12,
    arrears_amount: 3_000,
    loan_interest_collected: 12_000,
  });
  return {
    from_day: '2026-10-30',
    to_day: '2026-11-28',
    rows: [first, last],
    latest: last,
    change: { ...ZERO, savings_held: 500_000, loans_outstanding: -100_000, players_all: 2, arrears_amount: 3_000, loan_interest_collected: 12_000 },
    portfolio_at_risk: 0.125,
    ...overrides,
  };
}

const TITLES = { '1_3': '1–3 days', '4_7': '4–7 days', '8_30': '8–30 days', over_30: 'Over 30 days' } as const;
const DAYS = { '1_3': [1, 3], '4_7': [4, 7], '8_30': [8, 30], over_30: [31, null] } as const;

/** The open loans' arrears: two loans behind, one in 1–3 days and one over 30 days. */
export function arrearsBookOf(overrides: Partial<Schemas['ArrearsBookOut']> = {}): Schemas['ArrearsBookOut'] {
  const counts = { '1_3': [1, 333, 2_000, 0.1], '4_7': [0, 0, 0, 0], '8_30': [0, 0, 0, 0], over_30: [1, 9_990, 6_000, 0.3] } as const;
  return {
    open_loans: 5,
    outstanding: 20_000,
    principal_outstanding: 16_000,
    interest_outstanding: 4_000,
    arrears_loans: 2,
    arrears_amount: 10_323,
    arrears_outstanding: 8_000,
    portfolio_at_risk: 0.4,
    buckets: (['1_3', '4_7', '8_30', 'over_30'] as const).map((bucket) => ({
      bucket,
      title: TITLES[bucket],
      least_days: DAYS[bucket][0],
      most_days: DAYS[bucket][1],
      count: counts[bucket][0],
      amount: counts[bucket][1],
      outstanding: counts[bucket][2],
      share: counts[bucket][3],
    })),
    ...overrides,
  };
}

export function arrearsRowOf(overrides: Partial<Schemas['ArrearsRowOut']> = {}): Schemas['ArrearsRowOut'] {
  return {
    loan_id: 7,
    player_id: 3,
    player_name: 'Borin',
    player_discord: 'borin#1',
    start_date: '2026-10-01',
    total_days: 30,
    value: 9_000,
    total_to_pay: 9_990,
    daily_payment: 333,
    paid: 0,
    due: 9_990,
    arrears: 9_990,
    arrears_days: 30,
    outstanding: 9_990,
    bucket: 'over_30',
    ...overrides,
  };
}

export function arrearsPageOf(rows: Schemas['ArrearsRowOut'][], { count = rows.length, page = 1, pageSize = 50 } = {}): Schemas['ArrearsOut'] {
  return { count, page, page_size: pageSize, today: '2026-11-29', rows, book: arrearsBookOf() };
}
