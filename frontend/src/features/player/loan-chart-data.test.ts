import { describe, expect, it } from 'vitest';
import { buildLoanChartData } from '@/features/player/loan-chart-data';
import type { PaymentEntry } from '@/lib/loans';

function loan(overrides: Partial<Parameters<typeof buildLoanChartData>[0]> = {}) {
  return {
    start_date: '2025-01-01',
    total_days: 10,
    total_to_pay: 1_000,
    daily_payment: 100,
    days_passed: 4,
    paid_off: false,
    payments_history: [] as PaymentEntry[],
    ...overrides,
  };
}

describe('buildLoanChartData', () => {
  it('shows at most the first 30 days', () => {
    const data = buildLoanChartData(loan({ total_days: 45, total_to_pay: 4_500, days_passed: 1 }));
    expect(data.labels).toHaveLength(30);
    expect(data.labels[0]).toBe('Day 1');
    expect(data.labels[29]).toBe('Day 30');
    expect(buildLoanChartData(loan({ total_days: 7 })).labels).toHaveLength(7);
  });

  it('adds up the Paid entries day by day until today, then follows the plan', () => {
    const data = buildLoanChartData(
      loan({
        payments_history: [
          { date: '2025-01-01', status: 'Paid', value: 100 },
          { date: '2025-01-02', status: 'Not Paid', value: 0 },
          { date: '2025-01-03', status: 'Paid', value: 100 },
        ],
      }),
    );
    expect(data.recordedDays).toBe(4);
    expect(data.amountPaid).toEqual([100, 100, 200, 200, 300, 400, 500, 600, 700, 800]);
    expect(data.remaining).toEqual([900, 900, 800, 800, 700, 600, 500, 400, 300, 200]);
  });

  it('never plans past the total', () => {
    const data = buildLoanChartData(loan({ total_to_pay: 250, daily_payment: 100, days_passed: 0, total_days: 5 }));
    expect(data.amountPaid).toEqual([100, 200, 250, 250, 250]);
    expect(data.remaining).toEqual([150, 50, 0, 0, 0]);
  });

  it('has no plan for a paid-off loan: the record runs to the end', () => {
    const data = buildLoanChartData(
      loan({
        paid_off: true,
        days_passed: 10,
        total_days: 3,
        total_to_pay: 300,
        payments_history: [{ date: '2025-01-01', status: 'Paid', value: 100 }],
      }),
    );
    expect(data.recordedDays).toBe(3);
    expect(data.amountPaid).toEqual([100, 100, 100]);
  });
});
