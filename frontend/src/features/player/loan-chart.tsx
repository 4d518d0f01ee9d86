import { useMemo } from 'react';
import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
  type ScriptableLineSegmentContext,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { formatMoney } from '@/lib/money';
import { buildLoanChartData } from '@/features/player/loan-chart-data';
import type { Loan } from '@/lib/loans';

// Only what a line chart needs, so the chart chunk stays small. This file loads lazily.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend, Filler);

function themeColour(name: string, fallback: string): string {
  if (typeof window === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** `#3dd68c` with alpha 0.15 → `rgba(61, 214, 140, 0.15)` (the themes write colours as hex). */
export function translucent(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return colour;
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Amount Paid versus Remaining Amount over the first 30 days of one loan. */
export function LoanChart({ loan }: { loan: Loan }) {
  const data = useMemo(() => buildLoanChartData(loan), [loan]);
  // read on every render (four style look-ups): the colours follow the theme in use now
  const colours = {
    paid: themeColour('--success', '#3dd68c'),
    remaining: themeColour('--gold', '#f5c451'),
    text: themeColour('--text-secondary', '#9aa8c2'),
    grid: themeColour('--border', '#25324f'),
  };
  const planned = (context: ScriptableLineSegmentContext) => (context.p1DataIndex >= data.recordedDays ? [6, 5] : undefined);

  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    // drawn at once: live updates redraw it, and a half-grown line would misread as data
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { labels: { color: colours.text, usePointStyle: true, boxHeight: 8 } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatMoney(Number(item.parsed.y))}` } },
    },
    scales: {
      x: { ticks: { color: colours.text, maxTicksLimit: 10 }, grid: { color: colours.grid } },
      y: {
        beginAtZero: true,
        ticks: { color: colours.text, callback: (value) => formatMoney(Number(value)) },
        grid: { color: colours.grid },
      },
    },
  };

  const last = data.labels.length - 1;
  const summary =
    last >= 0
      ? `Loan #${loan.id} chart over ${data.labels.length} days: ${formatMoney(data.amountPaid[data.recordedDays - 1] ?? 0)} paid so far, ` +
        `${formatMoney(data.remaining[last] ?? 0)} remaining on day ${last + 1} if every day is paid.`
      : `Loan #${loan.id} has no days to chart.`;

  return (
    <div className="loan-chart">
      <Line
        role="img"
        aria-label={summary}
        options={options}
        data={{
          labels: data.labels,
          datasets: [
            {
              label: 'Amount Paid',
              data: data.amountPaid,
              borderColor: colours.paid,
              backgroundColor: translucent(colours.paid, 0.15),
              fill: true,
              tension: 0.25,
              pointRadius: 0,
              pointHoverRadius: 4,
              borderWidth: 2,
              segment: { borderDash: planned },
            },
            {
              label: 'Remaining Amount',
              data: data.remaining,
              borderColor: colours.remaining,
              backgroundColor: translucent(colours.remaining, 0.08),
              fill: false,
              tension: 0.25,
              pointRadius: 0,
              pointHoverRadius: 4,
              borderWidth: 2,
              segment: { borderDash: planned },
            },
          ],
        }}
      >
        {summary}
      </Line>
    </div>
  );
}
