import type { Approval } from '@/lib/officers';
/**
 * Loan shapes as the API answers them (docs: backend `lending/serializers.py`) and how the
 * screens write them. Every figure comes from the server (DESIGN.md "One source of truth"): the
 * forms show its quote, the lists its loans; nothing here prices a loan or decides a rule.
 */

import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';

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
  /** The whole-term rate spread over the days, computed by the server: 0.0214 is 2.14% a day. */
  daily_rate: number;
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
  /** share of the total already paid, 0..100 with one decimal; 100 once paid off */
  paid_percent: number;
  /** what paying it off adds to the solo dividends (for a paid-off loan: what it added) */
  payoff_solo_gain: number;
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

/** One of a player's loans (bank data, a player's products): while Active, today's entry and listing
 * status as Check Loans gives them, so a player's details card can mark today's day. */
export interface PlayerLoan extends Loan {
  today_entry: PaymentEntry | null;
  /** null once the loan is closed */
  listing_status: ListingStatus | null;
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
  /** the whole-term rate spread over the days, computed by the server */
  daily_rate: number;
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
  /** officers only: four eyes' approvals while a large request waits for a second officer */
  approvals?: Approval[];
}

/** What a loan's rate is shown with: its whole-term rate, its days and the server's daily equivalent. */
export type LoanRate = Pick<LoanFigures, 'interest_rate' | 'total_days' | 'daily_rate'>;

/**
 * A loan's rate as the admin spec reads it, the whole term first and its daily equivalent beside it:
 * `30% over 14 days · 2.14% a day`. `decimals` writes the whole-term rate as its list does; the
 * daily rate always shows two.
 */
export function loanRateText({ interest_rate, total_days, daily_rate }: LoanRate, decimals?: number): string {
  return `${formatPercent(interest_rate, decimals)} over ${plural(total_days, 'day')} · ${formatPercent(daily_rate, DAILY_RATE_DECIMALS)} a day`;
}

/** The server gives a daily rate to a hundredth of a percent (lending/rules.py, daily_rate). */
export const DAILY_RATE_DECIMALS = 2;

/** The spec's short request id: the first 8 characters of the id as a string. */
export function shortId(id: number | string): string {
  return String(id).slice(0, 8);
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

/** One row of the rate table the Request Loan tab shows (the quote's `rate_table`). */
export interface RateRow {
  label: string;
  /** null: any other amount */
  amount: number | null;
  rate: number;
}

/**
 * GET /api/loans/quote: what a loan of this value and term costs this player, priced by the
 * same rules as the real request. Figures that need the value (or the days) are null without it.
 */
export interface LoanQuote {
  player_id: number;
  value: number | null;
  total_days: number | null;
  tier: string;
  base_rate: number | null;
  /** a fraction of the whole-term rate: 0.01 is one percentage point */
  tier_discount: number;
  interest_rate: number | null;
  total_to_pay: number | null;
  daily_payment: number | null;
  max_loan_amount: number;
  /** whether the player's request with this value would be accepted now */
  eligible: boolean;
  /** the detail the request would be refused with ('' when eligible) */
  reason: string;
  rate_table: RateRow[];
}

/** GET /api/loans/limits: what the loan forms accept. */
export interface LoanLimits {
  min_amount: number;
  max_amount: number;
  min_days: number;
  max_days: number;
  /** a whole-term fraction: 5 is 500% */
  max_rate: number;
  notes_max_length: number;
  start_date_min: string;
  start_date_max: string;
  today: string;
}
