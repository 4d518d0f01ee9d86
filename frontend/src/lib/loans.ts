/**
 * Loan shapes as the API answers them (docs: backend `lending/serializers.py`) and how the
 * screens write them. Every figure comes from the server (DESIGN.md "One source of truth"): the
 * forms show its quote, the lists its loans; nothing here prices a loan or decides a rule.
 */

import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { Schemas } from '@/lib/api-types';

export type PaymentStatus = Schemas['PaymentStatus'];

/** A loan's fields and figures; lists that would grow too large leave the day history out. */
export type LoanFigures = Omit<Loan, 'payments_history'>;

export type Loan = Schemas['LoanOut'];

export type ListingStatus = Schemas['ListingStatus'];

/** A Check Loans row: today's entry instead of the whole history (GET /api/loans/{id} has it). */
export type CheckedLoan = Schemas['LoanCheckOut'];

/** One of a player's loans (bank data, a player's products): while Active, today's entry and listing
 * status as Check Loans gives them, so a player's details card can mark today's day. */
export type PlayerLoan = Schemas['PlayerLoanOut'];

/** My Loans' chart of one loan as the server draws it (lending.rules.loan_chart): Amount Paid and
 * Remaining Amount at the end of each day from day 1, recorded up to `recorded_days`, planned after. */
export type LoanChartPoints = Schemas['LoanChartOut'];

export type PendingLoan = Schemas['PendingLoanOut'];

/** A loan request as officers read it: with four eyes' approvals while a large one waits. */
export type PendingLoanOfficer = Schemas['PendingLoanOfficerOut'];

/** What a loan's rate is shown with: its whole-term rate, its days and the server's daily equivalent. */
export type LoanRate = Pick<LoanFigures, 'interest_rate' | 'total_days' | 'daily_rate'>;

/**
 * A loan's rate in its two parts: the whole term (`30% over 14 days`) and its daily equivalent
 * (`2.14% a day`). `decimals` writes the whole-term rate as its list does; the daily rate always
 * shows two.
 */
export function loanRateParts({ interest_rate, total_days, daily_rate }: LoanRate, decimals?: number): { term: string; daily: string } {
  return {
    term: `${formatPercent(interest_rate, decimals)} over ${plural(total_days, 'day')}`,
    daily: `${formatPercent(daily_rate, DAILY_RATE_DECIMALS)} a day`,
  };
}

/** A loan's rate as the admin spec reads it, the whole term first and its daily equivalent beside it: `30% over 14 days · 2.14% a day`. */
export function loanRateText(rate: LoanRate, decimals?: number): string {
  const { term, daily } = loanRateParts(rate, decimals);
  return `${term}${LOAN_RATE_SEPARATOR}${daily}`;
}

export const LOAN_RATE_SEPARATOR = ' · ';

/** The server gives a daily rate to a hundredth of a percent (lending/rules.py, daily_rate). */
const DAILY_RATE_DECIMALS = 2;

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
export function loanBadgeTone(loan: { status: string; paid_off: boolean }): 'success' | 'error' {
  return loan.status === 'Active' || loan.paid_off ? 'success' : 'error';
}

/** Spec player-side §4: pending → Pending approval, approved → Accepted, denied → Denied; cancelled by the player → Cancelled. */
export function pendingStatusLabel(status: string): string {
  if (status === 'approved') return 'Accepted';
  if (status === 'denied') return 'Denied';
  if (status === 'cancelled') return 'Cancelled';
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

/**
 * GET /api/loans/quote: what a loan of this value and term costs this player, priced by the
 * same rules as the real request. Figures that need the value (or the days) are null without it.
 */
export type LoanQuote = Schemas['LoanQuoteOut'];

/** GET /api/loans/limits: what the loan forms accept. */
export type LoanLimits = Schemas['LoanLimitsOut'];
