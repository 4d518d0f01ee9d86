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
import { plural } from '@/lib/plural';
import type { LoanChartPoints } from '@/lib/loans';
import { themeColour, translucent } from '@/lib/chart-colours';

// Only what a line chart needs, so the chart chunk stays small. This file loads lazily.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend, Filler);

/** Amount Paid versus Remaining Amount over a loan's first days, as the server computed them: the
 * days after `recorded_days` are its plan and are drawn dashed. */
export function LoanChart({ loanId, chart }: { loanId: number; chart: LoanChartPoints }) {
  // read on every render (four style look-ups): the colours follow the theme in use now
  const colours = {
    paid: themeColour('--success', '#3dd68c'),
    remaining: themeColour('--gold', '#f5c451'),
    text: themeColour('--text-secondary', '#9aa8c2'),
    grid: themeColour('--border', '#25324f'),
  };
  const planned = (context: ScriptableLineSegmentContext) => (context.p1DataIndex >= chart.recorded_days ? [6, 5] : undefined);

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

  const days = chart.amount_paid.length;
  const summary =
    days > 0
      ? `Loan #${loanId} chart over ${plural(days, 'day')}: ${formatMoney(chart.amount_paid[chart.recorded_days - 1] ?? 0)} paid so far, ` +
        `${formatMoney(chart.remaining[days - 1] ?? 0)} remaining on day ${days} if every day is paid.`
      : `Loan #${loanId} has no days to chart.`;

  return (
    <div className="loan-chart">
      <Line
        role="img"
        aria-label={summary}
        options={options}
        data={{
          labels: chart.amount_paid.map((_, index) => `Day ${index + 1}`),
          datasets: [
            {
              label: 'Amount Paid',
              data: chart.amount_paid,
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
              data: chart.remaining,
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
