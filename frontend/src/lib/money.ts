const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Bread is shown in euros with thousands separators and no decimals: `€1,500,000`. */
export function formatMoney(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  return `${amount < 0 && whole !== 0 ? '-' : ''}€${thousands.format(whole)}`;
}

// The spec's named shortcuts (player-side §5); other k/m amounts follow the same multipliers.
const SHORTCUTS: Record<string, number> = {
  '100k': 100_000,
  '500k': 500_000,
  '1m': 1_000_000,
  '5m': 5_000_000,
  '10m': 10_000_000,
};

const SUFFIX_ZEROS: Record<string, number> = { '': 0, k: 3, m: 6 };

const AMOUNT_PATTERN = /^(\d+(?:\.\d+)?)([km]?)$/;

/**
 * Reads an amount typed by a person: `100k`, `1m`, `2.5m`, `750k`, `1,500,000` or `1500000`.
 * Returns the whole, positive amount, or null for anything else (junk, zero, negatives,
 * fractions of a bread).
 */
export function parseAmount(input: string): number | null {
  const text = input.trim().toLowerCase().replace(/[,_\s]/g, '');
  if (Object.hasOwn(SHORTCUTS, text)) return SHORTCUTS[text] ?? null;
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const [, digits = '', suffix = ''] = match;
  // k adds three zeros and m six; shifting digits instead of multiplying avoids float error.
  const zeros = SUFFIX_ZEROS[suffix] ?? 0;
  const [whole = '', fraction = ''] = digits.split('.');
  if (fraction.length > zeros) return null; // would leave a fraction of a bread
  const amount = Number(whole + fraction.padEnd(zeros, '0'));
  if (!Number.isSafeInteger(amount) || amount <= 0) return null;
  return amount;
}
