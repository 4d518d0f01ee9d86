/**
 * Percentages as the screens write them. Rates travel as fractions (0.07 is 7%) and every
 * percentage on screen goes through here, so one list never mixes `30%` with `29.5%`: a list
 * asks `listDecimals` once and writes each of its values with that many decimals.
 */

const MAX_DECIMALS = 2;

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0; // + 0 turns -0 into 0
}

/** fraction × 100 without float noise: 0.295 × 100 is 29.499999999999996, shown as 29.5. */
function percentOf(fraction: number): number {
  return roundTo(fraction * 100, MAX_DECIMALS);
}

/** The decimals (0 to 2) a percentage needs: 0.3 → 0, 0.295 → 1, 0.0214 → 2. */
function decimalsOf(fraction: number): number {
  const percent = percentOf(fraction);
  for (let decimals = 0; decimals < MAX_DECIMALS; decimals += 1) {
    if (roundTo(percent, decimals) === percent) return decimals;
  }
  return MAX_DECIMALS;
}

/** The decimals every value of one list is written with: as many as its most precise value needs. */
export function listDecimals(fractions: ReadonlyArray<number>): number {
  return fractions.reduce((most, fraction) => (Number.isFinite(fraction) ? Math.max(most, decimalsOf(fraction)) : most), 0);
}

/**
 * A fraction ×100 with a % sign: `formatPercent(0.3)` → `30%`, `formatPercent(0.295)` → `29.5%`
 * (at most two decimals); with `decimals`, exactly that many: `formatPercent(0.3, 1)` → `30.0%`.
 */
export function formatPercent(fraction: number, decimals: number = decimalsOf(fraction)): string {
  if (!Number.isFinite(fraction)) return '0%';
  const places = Math.min(Math.max(0, Math.trunc(decimals)), MAX_DECIMALS);
  // Intl rounds half away from zero: 29.5 with no decimals is 30
  return `${percentOf(fraction).toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places })}%`;
}

/** Percentage points as the server sends some figures (a tier's 0.5 point savings bonus): `0.5%`. */
export function formatPercentPoints(points: number, decimals?: number): string {
  return formatPercent(points / 100, decimals);
}

/**
 * A tier's benefit (percentage points: a loan rate discount, a savings bonus) as the server's
 * benefit texts write it ("2% lower loan rates", "0.5% extra savings bonus"): `2%`, `0.5%`, never
 * `2.0%`, whichever card shows it.
 */
export function formatTierBenefit(points: number): string {
  return formatPercentPoints(points);
}

/** A share of a limit, which the server rounds to one decimal, always with that decimal: `0.0%`, `33.3%`, `105.0%`. */
export function formatShareOfLimit(points: number): string {
  return formatPercentPoints(points, 1);
}
