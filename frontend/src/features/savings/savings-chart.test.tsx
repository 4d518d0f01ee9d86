import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SavingsChart } from '@/features/savings/savings-chart';

// jsdom has no canvas: the bar chart is a stand-in that keeps the summary SavingsChart gives it.
vi.mock('react-chartjs-2', () => ({
  Bar: (props: { 'aria-label': string }) => <canvas aria-label={props['aria-label']} />,
}));

function summaryOf(earnings: number[]): string | null {
  const { container, unmount } = render(<SavingsChart weeks={earnings.map((amount, index) => ({ week: index + 1, earnings: amount, balance: 0 }))} />);
  const summary = container.querySelector('canvas')?.getAttribute('aria-label') ?? null;
  unmount();
  return summary;
}

describe('SavingsChart', () => {
  it('says in words how many weeks it charts, one week in the singular', () => {
    expect(summaryOf([700, 749])).toBe('Weekly earnings over 2 weeks: €700 in week 1, €749 in week 2.');
    expect(summaryOf([700])).toBe('Weekly earnings over 1 week: €700 in week 1, €700 in week 1.');
    expect(summaryOf([])).toBe('No weekly earnings to chart.');
  });
});
