/**
 * Counted nouns as the screens write them: `1 savings account`, `2 savings accounts`,
 * `1,500 players`. Every count with a noun on screen goes through here.
 */

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count as the screens write it: `1,500`. */
export function formatCount(count: number): string {
  return counts.format(count);
}

/** The noun alone for a count: `nounFor(1, 'day')` → `day`, `nounFor(2, 'entry', 'entries')` → `entries`. */
export function nounFor(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** A count and its noun: `plural(1, 'savings account')` → `1 savings account`, `plural(1500, 'player')` → `1,500 players`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${nounFor(count, one, many)}`;
}
