import { addDays } from '@/lib/dates';
import type { Loan } from '@/lib/loans';

/** Spec player-side §9: the loan chart shows at most the first 30 days. */
export const CHART_MAX_DAYS = 30;

export interface LoanChartData {
  labels: string[];
  amountPaid: number[];
  remaining: number[];
  /** Days 1..recordedDays are what the payment entries say; later days are the plan. */
  recordedDays: number;
}

type ChartLoan = Pick<
  Loan,
  'start_date' | 'total_days' | 'total_to_pay' | 'daily_payment' | 'days_passed' | 'paid_off' | 'payments_history'
>;

/**
 * Amount Paid and Remaining Amount at the end of each of the first 30 days (or fewer, for a
 * shorter loan). Up to today the figures come from the Paid entries; after today they assume
 * every day is paid, capped at the total. A paid-off loan has no plan left: its record runs on.
 */
export function buildLoanChartData(loan: ChartLoan, maxDays: number = CHART_MAX_DAYS): LoanChartData {
  const days = Math.max(0, Math.min(loan.total_days, maxDays));
  const recordedDays = loan.paid_off ? days : Math.max(0, Math.min(loan.days_passed, days));
  const paidEntries = loan.payments_history.filter((entry) => entry.status === 'Paid');
  const labels: string[] = [];
  const amountPaid: number[] = [];
  const remaining: number[] = [];
  let planned = 0;
  for (let day = 1; day <= days; day += 1) {
    labels.push(`Day ${day}`);
    let paid: number;
    if (day <= recordedDays) {
      const endOfDay = addDays(loan.start_date, day - 1);
      paid = paidEntries.filter((entry) => entry.date <= endOfDay).reduce((sum, entry) => sum + entry.value, 0);
      planned = paid;
    } else {
      planned = Math.min(loan.total_to_pay, planned + loan.daily_payment);
      paid = planned;
    }
    amountPaid.push(paid);
    remaining.push(Math.max(0, loan.total_to_pay - paid));
  }
  return { labels, amountPaid, remaining, recordedDays };
}
