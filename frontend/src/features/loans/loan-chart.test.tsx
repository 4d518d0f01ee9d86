import { render } from '@testing-library/react';
import type { ChartData, ScriptableLineSegmentContext } from 'chart.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoanChart } from '@/features/loans/loan-chart';
import type { LoanChartPoints } from '@/lib/loans';

// jsdom has no canvas: the line chart is a stand-in that keeps what LoanChart gives Chart.js.
const drawn = vi.hoisted(() => ({ props: [] as { data: ChartData<'line'>; 'aria-label': string }[] }));
vi.mock('react-chartjs-2', () => ({
  Line: (props: { data: ChartData<'line'>; 'aria-label': string }) => {
    drawn.props.push(props);
    return <canvas aria-label={props['aria-label']} />;
  },
}));

function drawnChart(loanId: number, chart: LoanChartPoints) {
  drawn.props = [];
  render(<LoanChart loanId={loanId} chart={chart} />);
  const props = drawn.props.at(-1);
  if (!props) throw new Error('LoanChart drew no line chart');
  const [paid, remaining] = props.data.datasets;
  if (!paid || !remaining) throw new Error('LoanChart drew fewer than two lines');
  // which segments are dashed: the one ending at point p1 is the plan when p1 is not recorded
  const dash = (paid.segment as { borderDash: (context: ScriptableLineSegmentContext) => number[] | undefined }).borderDash;
  const dashed = props.data.labels?.slice(1).map((_, index) => dash({ p1DataIndex: index + 1 } as ScriptableLineSegmentContext) !== undefined);
  return { labels: props.data.labels, paid, remaining, dashed, summary: props['aria-label'] };
}

// What the server sends for a 5-day loan of 500 on its day 3, days 1 and 3 paid (lending.rules.loan_chart).
const RUNNING: LoanChartPoints = { recorded_days: 3, amount_paid: [100, 100, 200, 300, 400], remaining: [400, 400, 300, 200, 100] };

describe('LoanChart', () => {
  beforeEach(() => {
    drawn.props = [];
  });

  it("draws the server's days as they are: one label per day, Amount Paid and Remaining Amount", () => {
    const chart = drawnChart(4, RUNNING);
    expect(chart.labels).toEqual(['Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5']);
    expect(chart.paid.label).toBe('Amount Paid');
    expect(chart.paid.data).toEqual([100, 100, 200, 300, 400]);
    expect(chart.remaining.label).toBe('Remaining Amount');
    expect(chart.remaining.data).toEqual([400, 400, 300, 200, 100]);
  });

  it('dashes the days after the recorded ones, on both lines', () => {
    const chart = drawnChart(4, RUNNING);
    // segments day 1→2 and 2→3 are recorded; 3→4 and 4→5 lead into planned days
    expect(chart.dashed).toEqual([false, false, true, true]);
    expect(chart.remaining.segment).toEqual(chart.paid.segment);
    expect(drawnChart(4, { ...RUNNING, recorded_days: 5 }).dashed).toEqual([false, false, false, false]);
    expect(drawnChart(4, { ...RUNNING, recorded_days: 0 }).dashed).toEqual([true, true, true, true]);
  });

  it('says in words what was paid by today and what remains on the last day', () => {
    expect(drawnChart(4, RUNNING).summary).toBe(
      'Loan #4 chart over 5 days: €200 paid so far, €100 remaining on day 5 if every day is paid.',
    );
    // before the first day nothing is recorded: nothing paid so far
    expect(drawnChart(4, { ...RUNNING, recorded_days: 0 }).summary).toBe(
      'Loan #4 chart over 5 days: €0 paid so far, €100 remaining on day 5 if every day is paid.',
    );
    expect(drawnChart(9, { recorded_days: 0, amount_paid: [], remaining: [] }).summary).toBe('Loan #9 has no days to chart.');
    expect(drawnChart(5, { recorded_days: 1, amount_paid: [150], remaining: [0] }).summary).toBe(
      'Loan #5 chart over 1 day: €150 paid so far, €0 remaining on day 1 if every day is paid.',
    );
  });
});
