/** The savings and withdrawal shapes the server answers (docs/api-contract.md, "Savings", "Withdrawals"). */

import type { Schemas } from '@/lib/api-types';

export type SavingsListingStatus = Schemas['SavingsListing'];
export type SavingsWeekStatus = Schemas['SavingsWeekStatus'];

export type SavingsWeek = Schemas['SavingsWeekOut'];

export type SavingsRow = Schemas['SavingsRowOut'];

export type Savings = Schemas['SavingsOut'];

export type ProjectionWeek = Schemas['ProjectionWeekOut'];

export type SavingsQuote = Schemas['SavingsQuoteOut'];

export type TotalSavings = Schemas['TotalSavingsOut'];

export type WithdrawalStatus = Schemas['WithdrawalStatus'];

export type Withdrawal = Schemas['WithdrawalOut'];

/** A withdrawal request as officers read it: with four eyes' approvals while a large one waits. */
export type WithdrawalOfficer = Schemas['WithdrawalOfficerOut'];

export type TimezoneSettings = Schemas['TimezoneSettingsOut'];

/** `1` → `GMT+1`, `-5` → `GMT-5`, `0` → `GMT+0`. */
export function formatTimezone(offset: number): string {
  return `GMT${offset < 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const WITHDRAWAL_LABELS: Record<WithdrawalStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied', cancelled: 'Cancelled' };
const WITHDRAWAL_TONES: Record<WithdrawalStatus, string> = { pending: 'warning', approved: 'success', denied: 'error', cancelled: 'neutral' };

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
