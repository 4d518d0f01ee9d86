import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { formatCount } from '@/lib/plural';
import type { Schemas } from '@/lib/api-types';
import type { BankHealth } from '@/features/bank-health/api/use-bank-health';

/** A daily figure the server sends with its change (every one but the day). */
type FigureKey = keyof Schemas['FiguresChangeOut'];

type Unit = 'money' | 'count';

interface HealthSeries {
  key: FigureKey;
  label: string;
  /** the theme's colour (a CSS custom property) and the colour used before the theme is read */
  colour: `--${string}`;
  fallback: string;
}

export interface HealthChartSpec {
  id: string;
  title: string;
  kind: 'line' | 'bar';
  unit: Unit;
  series: readonly HealthSeries[];
}

const GREEN = { colour: '--success', fallback: '#3dd68c' } as const;
const GOLD = { colour: '--gold', fallback: '#f5c451' } as const;
const BLUE = { colour: '--accent', fallback: '#5b8cff' } as const;
const RED = { colour: '--error', fallback: '#ff6b6b' } as const;

/** The charts of Bank Health, in the order they are shown: what the bank holds, what moved, who, who is late. */
export const HEALTH_CHARTS: readonly HealthChartSpec[] = [
  {
    id: 'held',
    title: 'Savings and loans outstanding',
    kind: 'line',
    unit: 'money',
    series: [
      { key: 'savings_held', label: 'Savings held', ...GREEN },
      { key: 'loans_outstanding', label: 'Loans outstanding', ...GOLD },
      { key: 'loans_interest_outstanding', label: 'Interest still to come', ...BLUE },
    ],
  },
  {
    id: 'interest',
    title: 'Interest',
    kind: 'bar',
    unit: 'money',
    series: [
      { key: 'savers_interest', label: 'Interest paid to savers', ...BLUE },
      { key: 'loan_interest_collected', label: 'Loan interest collected', ...GREEN },
      { key: 'solo_dividends_added', label: 'Solo dividends', ...GOLD },
    ],
  },
  {
    id: 'loans-moved',
    title: 'Money lent and repaid',
    kind: 'bar',
    unit: 'money',
    series: [
      { key: 'lent', label: 'Lent', ...GOLD },
      { key: 'repaid', label: 'Repaid', ...GREEN },
    ],
  },
  {
    id: 'savings-moved',
    title: 'Deposits and withdrawals',
    kind: 'bar',
    unit: 'money',
    series: [
      { key: 'deposits', label: 'Deposits', ...GREEN },
      { key: 'withdrawals', label: 'Withdrawals', ...RED },
    ],
  },
  {
    id: 'pearls',
    title: 'Pearl exchanges',
    kind: 'bar',
    unit: 'money',
    series: [
      { key: 'pearl_bread_in', label: 'Bread in (pearls bought)', ...GREEN },
      { key: 'pearl_bread_out', label: 'Bread out (pearls sold)', ...GOLD },
    ],
  },
  {
    id: 'players',
    title: 'Players',
    kind: 'line',
    unit: 'count',
    series: [
      { key: 'players_all', label: 'All players', ...BLUE },
      { key: 'players_with_product', label: 'With a product', ...GREEN },
      { key: 'players_new', label: 'New', ...GOLD },
    ],
  },
  {
    id: 'arrears',
    title: 'Arrears',
    kind: 'line',
    unit: 'money',
    series: [
      { key: 'arrears_amount', label: 'In arrears', ...RED },
      { key: 'arrears_outstanding', label: 'Outstanding of loans in arrears', ...GOLD },
    ],
  },
];

export function formatFigure(unit: Unit, value: number): string {
  return unit === 'money' ? formatMoney(value) : formatCount(value);
}

/** A change with its sign: `+€1,500`, `-3`, `no change`. */
export function formatChange(unit: Unit, value: number): string {
  if (value === 0) return 'no change';
  return `${value > 0 ? '+' : ''}${formatFigure(unit, value)}`;
}

/** What a screen reader hears for a chart: each series' last day and its change over the range, as the server computed them. */
export function chartSummary(spec: HealthChartSpec, health: BankHealth): string {
  const { latest, change, rows } = health;
  if (!latest || !change || rows.length === 0) return `${spec.title}: no daily figures in this range.`;
  const first = rows[0];
  const parts = spec.series.map(
    (series) => `${series.label} ${formatFigure(spec.unit, latest[series.key])} (${formatChange(spec.unit, change[series.key])})`,
  );
  return `${spec.title} from ${formatDay(first.day)} to ${formatDay(latest.day)}, on the last day and its change over the range: ${parts.join('; ')}.`;
}
