import { act, render } from '@testing-library/react';
import type { ChartData } from 'chart.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HealthChart } from '@/features/bank-health/health-chart';
import { HEALTH_CHARTS } from '@/features/bank-health/health-figures';
import { bankHealthOf } from '@/testing/health-fixtures';

// jsdom has no canvas: the charts are stand-ins that keep what HealthChart gives Chart.js.
type TickCallback = (value: unknown, index: number) => string;
type Drawn = {
  kind: string;
  data: ChartData<'line' | 'bar'>;
  options: { scales: { x: { ticks: { callback: TickCallback } } } };
  'aria-label': string;
  children: string;
};
const drawn = vi.hoisted(() => ({ props: [] as Drawn[] }));
vi.mock('react-chartjs-2', () => ({
  Line: (props: Omit<Drawn, 'kind'>) => {
    drawn.props.push({ kind: 'line', ...props });
    return <canvas role="img" aria-label={props['aria-label']} />;
  },
  Bar: (props: Omit<Drawn, 'kind'>) => {
    drawn.props.push({ kind: 'bar', ...props });
    return <canvas role="img" aria-label={props['aria-label']} />;
  },
}));

const spec = (id: string) => {
  const found = HEALTH_CHARTS.find((chart) => chart.id === id);
  if (!found) throw new Error(`no chart ${id}`);
  return found;
};

describe('HealthChart', () => {
  beforeEach(() => {
    drawn.props = [];
    document.documentElement.dataset.theme = 'dark';
  });
  afterEach(() => {
    delete document.documentElement.dataset.theme;
    document.documentElement.style.removeProperty('--success');
  });

  it("draws the server's rows as they are: a label a day and a line a figure", () => {
    const { rows } = bankHealthOf();
    render(<HealthChart spec={spec('held')} rows={rows} summary="Savings summary" />);
    const chart = drawn.props.at(-1);
    expect(chart?.kind).toBe('line');
    expect(chart?.data.labels).toEqual(['30\u00a0Oct\u00a02026', '28\u00a0Nov\u00a02026']);
    expect(chart?.data.datasets.map((set) => [set.label, set.data])).toEqual([
      ['Savings held', [1_000_000, 1_500_000]],
      ['Loans outstanding', [800_000, 700_000]],
      ['Interest still to come', [0, 0]],
    ]);
    expect(chart?.['aria-label']).toBe('Savings summary');
    expect(chart?.children).toBe('Savings summary');
  });

  it('writes the days under the chart without their year when the range keeps to one year', () => {
    const { rows } = bankHealthOf();
    render(<HealthChart spec={spec('held')} rows={rows} summary="Savings summary" />);
    const tick = drawn.props.at(-1)?.options.scales.x.ticks.callback;
    expect([tick?.(0, 0), tick?.(1, 1)]).toEqual(['30\u00a0Oct', '28\u00a0Nov']);
    drawn.props = [];
    render(<HealthChart spec={spec('held')} rows={[{ ...rows[0], day: '2025-12-31' }, rows[1]]} summary="Savings summary" />);
    expect(drawn.props.at(-1)?.options.scales.x.ticks.callback(0, 0)).toBe('31\u00a0Dec\u00a02025');
  });

  it('draws the movements of a day as bars', () => {
    render(<HealthChart spec={spec('interest')} rows={bankHealthOf().rows} summary="Interest summary" />);
    expect(drawn.props.at(-1)?.kind).toBe('bar');
  });

  it("draws again in the new theme's colours when the theme changes", async () => {
    document.documentElement.style.setProperty('--success', '#111111');
    render(<HealthChart spec={spec('held')} rows={bankHealthOf().rows} summary="Savings summary" />);
    expect(drawn.props.at(-1)?.data.datasets[0]?.borderColor).toBe('#111111');
    await act(async () => {
      document.documentElement.style.setProperty('--success', '#222222');
      document.documentElement.dataset.theme = 'light';
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(drawn.props.at(-1)?.data.datasets[0]?.borderColor).toBe('#222222');
  });
});
