import type { Approval } from '@/lib/officers';
/** The savings and withdrawal shapes the server answers (docs/api-contract.md, "Savings", "Withdrawals"). */

export type SavingsStatus = 'Active' | 'Withdrawn';
export type SavingsListingStatus = 'overdue' | 'due_today' | 'upcoming';
export type SavingsWeekStatus = 'Paid' | 'Not Paid';

export interface SavingsWeek {
  week: number;
  date: string;
  status: SavingsWeekStatus;
  interest: number;
  interest_compounded: number;
  auto_processed: boolean;
  reverted_from: string | null;
}

export interface SavingsRow {
  id: number;
  player_id: number;
  player_name: string;
  principal: number;
  invested_value: number;
  /** a weekly fraction: 0.07 is 7% a week */
  interest_rate: number;
  weekly_rate: number;
  weekly_payment: number;
  start_date: string;
  status: SavingsStatus;
  paid_off: boolean;
  next_week: number;
  next_payment_date: string | null;
  /** the latest recorded week (next_week - 1), the one an admin may still change; null before week 1 */
  latest_week: SavingsWeek | null;
  listing_status: SavingsListingStatus | null;
  status_text: string;
  admin_notes: string;
  created_at: string;
}

export interface Savings extends SavingsRow {
  payments_count: number;
  paid_weeks: number;
  not_paid_weeks: number;
  total_paid_out: number;
  total_compounded: number;
  payments_history: SavingsWeek[];
}

export interface ProjectionWeek {
  week: number;
  earnings: number;
  balance: number;
}

export interface Projection {
  weeks: number;
  final_amount: number;
  total_earnings: number;
}

export interface SavingsQuote {
  player_id: number;
  invested_value: number | null;
  interest_rate: number;
  tier: string;
  weekly_payment: number | null;
  client_type: 'new' | 'old';
  max_accounts: number;
  max_total: number;
  active_count: number;
  active_total: number;
  remaining: number;
  allowed: boolean;
  reason: string;
  current_balance: number;
  current_weekly_earnings: number;
  weekly_chart: ProjectionWeek[];
  projections: Projection[];
}

export interface SavingsBreakdownRow {
  savings_id: number;
  amount: number;
  interest_rate: number;
  payments_count: number;
  start_date: string;
}

export interface TotalSavings {
  total_available: number;
  savings_count: number;
  /** the withdrawal date window the server accepts: today .. 31 December next year */
  withdrawal_date_min: string;
  withdrawal_date_max: string;
  savings_breakdown: SavingsBreakdownRow[];
}

export type WithdrawalStatus = 'pending' | 'approved' | 'denied';

export interface Withdrawal {
  id: number;
  player_id: number;
  player_name: string;
  player_discord: string;
  amount: number;
  withdrawal_date: string;
  withdrawal_time: string;
  player_timezone: number;
  status: WithdrawalStatus;
  admin_notes: string;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  /** officers only: four eyes' approvals while a large request waits for a second officer */
  approvals?: Approval[];
}

export interface TimezoneSettings {
  admin_timezone: number;
  display_format: string;
  min_timezone: number;
  max_timezone: number;
}

/** `1` → `GMT+1`, `-5` → `GMT-5`, `0` → `GMT+0`. */
export function formatTimezone(offset: number): string {
  return `GMT${offset < 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const WITHDRAWAL_LABELS: Record<WithdrawalStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied' };
const WITHDRAWAL_TONES: Record<WithdrawalStatus, string> = { pending: 'warning', approved: 'success', denied: 'error' };

export function withdrawalStatusLabel(status: WithdrawalStatus): string {
  return WITHDRAWAL_LABELS[status] ?? status;
}

export function withdrawalStatusTone(status: WithdrawalStatus): string {
  return WITHDRAWAL_TONES[status] ?? 'neutral';
}

/** The savings badge is green when Active, red otherwise (Withdrawn). */
export function savingsBadgeTone(status: string): 'success' | 'error' {
  return status === 'Active' ? 'success' : 'error';
}
