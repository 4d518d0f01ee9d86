import { formatMoney } from '@/lib/money';
import type { SavingsRow, SavingsWeekStatus } from '@/lib/savings';
import { type SavingsMark } from '@/features/savings/api/use-savings-actions';

/** An account the buttons act on: the fields they name it by and read its weeks from. */
export type MarkedSavings = Pick<SavingsRow, 'id' | 'status' | 'latest_week'>;

export const OTHER_STATUS: Record<SavingsWeekStatus, SavingsWeekStatus> = { Paid: 'Not Paid', 'Not Paid': 'Paid' };

/** What changing the latest week did, in the words of the server's answer (`reverted`, `balance_change`). */
export function weekChangedMessage(answer: Pick<SavingsMark, 'week' | 'status' | 'changed' | 'reverted' | 'balance_change'>): string {
  if (!answer.changed) return `Week ${answer.week} was already ${answer.status}: nothing changed.`;
  if (answer.reverted) {
    return `Week ${answer.week} changed to Paid: the ${formatMoney(-answer.balance_change)} of interest it had added was taken back out of the balance.`;
  }
  return `Week ${answer.week} changed to ${answer.status}: its interest of ${formatMoney(answer.balance_change)} was added to the balance.`;
}
