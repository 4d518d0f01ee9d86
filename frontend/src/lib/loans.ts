/**
 * Loan shapes as the API answers them (docs: backend `lending/serializers.py`) and the pure
 * arithmetic the screens show before the server has the last word (DOMAIN.md "Loans").
 */

export type PaymentStatus = 'Paid' | 'Not Paid';

export interface PaymentEntry {
  date: string;
  status: PaymentStatus;
  value: number;
}

/** A loan's fields and figures; lists that would grow too large leave the day history out. */
export interface LoanFigures {
  id: number;
  player_id: number;
  player_name: string;
  value: number;
  /** A whole-term fraction: 0.3 is 30%. */
  interest_rate: number;
  total_days: number;
  total_to_pay: number;
  daily_payment: number;
  start_date: string;
  status: string;
  paid_off: boolean;
  paid_off_at: string | null;
  solo_gain: number;
  current_day: number;
  days_passed: number;
  amount_paid: number;
  remaining: number;
  payments_made: number;
  missed_payments: number;
  admin_notes: string;
  created_at: string;
}

export interface Loan extends LoanFigures {
  payments_history: PaymentEntry[];
}

export type ListingStatus = 'paid_today' | 'not_paid_today' | 'start_today' | 'period_over' | 'upcoming';

/** A Check Loans row: today's entry instead of the whole history (GET /api/loans/{id} has it). */
export interface CheckedLoan extends LoanFigures {
  today_entry: PaymentEntry | null;
  listing_status: ListingStatus;
  status_text: string;
}

/** A Report row: every loan, active or not, without figures. */
export interface LoanRow {
  id: number;
  player_id: number;
  player_name: string;
  value: number;
  interest_rate: number;
  total_to_pay: number;
  total_days: number;
  start_date: string;
  status: string;
  paid_off: boolean;
}

export type PendingLoanStatus = 'pending' | 'approved' | 'denied';

export interface PendingLoan {
  id: number;
  player_id: number;
  player_name: string;
  player_discord: string;
  value: number;
  total_days: number;
  interest_rate: number;
  total_to_pay: number;
  user: string | null;
  request_reason: string;
  request_date: string;
  created_date: string;
  status: PendingLoanStatus;
  admin_notes: string;
  approved_by: string | null;
  approved_date: string | null;
  denied_by: string | null;
  denied_date: string | null;
  converted_loan_id: number | null;
}

/** Rates shown ×100 with a % sign, at most two decimals: 0.3 → `30%`, 0.295 → `29.5%`. */
export function formatRate(fraction: number): string {
  const percent = Math.round(fraction * 10_000) / 100;
  return `${Number.isFinite(percent) ? percent : 0}%`;
}

/** The spec's short request id: the first 8 characters of the id as a string. */
export function shortId(id: number | string): string {
  return String(id).slice(0, 8);
}

const BASIS_POINTS = 10_000;

/** Base whole-term rate by amount, in basis points: 100,000 → 50%, 500,000 → 35%, else 30%. */
export function baseRateBasisPoints(amount: number): number {
  if (amount === 100_000) return 5_000;
  if (amount === 500_000) return 3_500;
  return 3_000;
}

/** Half up to a whole bread, for whole numbers a ÷ b with b > 0 (exact, no float drift). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export interface LoanPreview {
  /** The rate before the tier discount, as a fraction. */
  baseRate: number;
  /** The tier discount in percentage points (eligibility's rate_discount). */
  discountPoints: number;
  /** The rate this player gets, as a fraction. */
  rate: number;
  totalToPay: number;
  /** null until a whole number of days is known. */
  dailyPayment: number | null;
}

/**
 * What the server will compute for this request: rate = base − tier discount;
 * total = amount × (1 + rate) and daily = total ÷ days, each rounded half up once.
 */
export function loanPreview({
  amount,
  days,
  rateDiscount,
}: {
  amount: number;
  days: number | null;
  rateDiscount: number;
}): LoanPreview {
  const baseBp = baseRateBasisPoints(amount);
  const discountBp = Math.max(0, Math.round(rateDiscount * 100));
  const rateBp = Math.max(0, baseBp - discountBp);
  const totalToPay = divideRoundHalfUp(amount * (BASIS_POINTS + rateBp), BASIS_POINTS);
  return {
    baseRate: baseBp / BASIS_POINTS,
    discountPoints: discountBp / 100,
    rate: rateBp / BASIS_POINTS,
    totalToPay,
    dailyPayment: days && days > 0 ? divideRoundHalfUp(totalToPay, days) : null,
  };
}

/** Days typed by a person: a positive whole number, or null. */
export function parseDays(input: string): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days > 0 && Number.isSafeInteger(days) ? days : null;
}

/** Spec player-side §4: green when Active or paid off, otherwise red. */
export function loanBadgeTone(loan: Pick<Loan, 'status' | 'paid_off'>): 'success' | 'error' {
  return loan.status === 'Active' || loan.paid_off ? 'success' : 'error';
}

/** Spec player-side §4: pending → Pending approval, approved → Accepted, denied → Denied. */
export function pendingStatusLabel(status: string): string {
  if (status === 'approved') return 'Accepted';
  if (status === 'denied') return 'Denied';
  return 'Pending approval';
}

/** Share of the total already paid, 0..100 (a paid-off loan counts as fully paid). */
export function paidPercent(loan: Pick<Loan, 'amount_paid' | 'total_to_pay' | 'paid_off'>): number {
  if (loan.paid_off) return 100;
  if (loan.total_to_pay <= 0) return 0;
  return Math.min(100, Math.round((loan.amount_paid / loan.total_to_pay) * 1000) / 10);
}

/** What a pay-off adds to the solo dividends: 35% of the interest, rounded half up. */
export function soloGainOf(loan: Pick<Loan, 'value' | 'total_to_pay'>): number {
  return divideRoundHalfUp(35 * Math.max(0, loan.total_to_pay - loan.value), 100);
}

/** The server's error text, or a fallback (the client error's message). */

/** A percentage typed by a person (`30`, `29.5`) as a fraction with at most 4 decimals; null otherwise. */
export function percentToFraction(input: string): number | null {
  const text = input.trim().replace(/%$/, '').trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * 100) / 10_000;
}

/** A fraction shown as a plain percentage number for an input: 0.295 → `29.5`. */
export function fractionToPercentText(fraction: number): string {
  return String(Math.round(fraction * 10_000) / 100);
}
