import { useSyncExternalStore } from 'react';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { formatDay } from '@/lib/dates';
import { themeColour, translucent } from '@/lib/chart-colours';
import type { DailyFigures } from '@/features/bank-health/api/use-bank-health';
import { formatFigure, type HealthChartSpec } from '@/features/bank-health/health-figures';

// Only what a line and a bar chart need. This file loads lazily, with Bank Health, never with the first page.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Tooltip, Legend);

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The theme in use (`data-theme`): the chart draws again in the new colours when it changes. */
function useThemeName(): string {
  return useSyncExternalStore(subscribeToTheme, () => document.documentElement.dataset.theme ?? '');
}

/** One chart of Bank Health: the daily figures of its series over the range, with its summary for screen readers. */
export function HealthChart({ spec, rows, summary }: { spec: HealthChartSpec; rows: readonly DailyFigures[]; summary: string }) {
  const theme = useThemeName();
  const text = themeColour('--text-secondary', '#9aa8c2');
  const grid = themeColour('--border', '#25324f');
  const labels = rows.map((row) => formatDay(row.day));
  const oneYear = rows.length > 0 && rows[0].day.slice(0, 4) === rows[rows.length - 1].day.slice(0, 4);
  const tickLabels = oneYear ? labels.map((label) => label.replace(/\s\d{4}$/, '')) : labels;
  const options: ChartOptions<'line' | 'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    // drawn at once: a live update redraws it, and a half-grown line would misread as data
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { labels: { color: text, boxHeight: 8, usePointStyle: spec.kind === 'line' } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatFigure(spec.unit, Number(item.parsed.y))}` } },
    },
    scales: {
      x: {
        // a phone's 300 px hold three or four days: without the year when the range keeps to one year
        ticks: { color: text, maxTicksLimit: 6, maxRotation: 0, autoSkipPadding: 12, callback: (_value, index) => tickLabels[index] },
        grid: { color: grid },
      },
      y: {
        beginAtZero: true,
        // whole bread and whole players: no €0.5 step to round into two €1 ticks
        ticks: { color: text, maxTicksLimit: 6, precision: 0, callback: (value) => formatFigure(spec.unit, Number(value)) },
        grid: { color: grid },
      },
    },
  };
  const datasets = spec.series.map((series) => {
    const colour = themeColour(series.colour, series.fallback);
    return {
      label: series.label,
      data: rows.map((row) => row[series.key]),
      borderColor: colour,
      backgroundColor: spec.kind === 'bar' ? translucent(colour, 0.6) : translucent(colour, 0.15),
      borderWidth: spec.kind === 'bar' ? 1 : 2,
      // a month's days keep their dots; a year's are a line
      pointRadius: spec.kind === 'line' && rows.length <= 31 ? 2 : 0,
      pointHoverRadius: 4,
      tension: 0.2,
    };
  });
  return (
    <div className="loan-chart health-chart" data-theme-drawn={theme}>
      {spec.kind === 'line' ? (
        <Line key={theme} role="img" aria-label={summary} options={options as ChartOptions<'line'>} data={{ labels, datasets }}>
          {summary}
        </Line>
      ) : (
        <Bar key={theme} role="img" aria-label={summary} options={options as ChartOptions<'bar'>} data={{ labels, datasets }}>
          {summary}
        </Bar>
      )}
    </div>
  );
}
