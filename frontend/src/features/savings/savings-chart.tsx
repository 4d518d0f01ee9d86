import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatMoney } from '@/lib/money';
import type { ProjectionWeek } from '@/lib/savings';
import { plural } from '@/lib/plural';
import { themeColour, translucent } from '@/lib/chart-colours';

// Only what a bar chart needs. This file loads lazily, like the loan chart.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/** The server's 12 weeks of compounded earnings of the player's active savings. */
export function SavingsChart({ weeks }: { weeks: ProjectionWeek[] }) {
  const colours = {
    bar: themeColour('--success', '#3dd68c'),
    text: themeColour('--text-secondary', '#9aa8c2'),
    grid: themeColour('--border', '#25324f'),
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { labels: { color: colours.text, boxHeight: 8 } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatMoney(Number(item.parsed.y))}` } },
    },
    scales: {
      x: { ticks: { color: colours.text }, grid: { color: colours.grid } },
      y: { beginAtZero: true, ticks: { color: colours.text, callback: (value) => formatMoney(Number(value)) }, grid: { color: colours.grid } },
    },
  };
  const last = weeks.at(-1);
  const summary = last
    ? `Weekly earnings over ${plural(weeks.length, 'week')}: ${formatMoney(weeks[0]?.earnings ?? 0)} in week 1, ${formatMoney(last.earnings)} in week ${last.week}.`
    : 'No weekly earnings to chart.';
  return (
    <div className="loan-chart">
      <Bar
        role="img"
        aria-label={summary}
        options={options}
        data={{
          labels: weeks.map((week) => `Week ${week.week}`),
          datasets: [
            {
              label: 'Weekly Earnings',
              data: weeks.map((week) => week.earnings),
              backgroundColor: translucent(colours.bar, 0.55),
              borderColor: colours.bar,
              borderWidth: 1,
            },
          ],
        }}
      >
        {summary}
      </Bar>
    </div>
  );
}
