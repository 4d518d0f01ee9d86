// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatPercent, formatPercentPoints, formatShareOfLimit, formatTierBenefit, listDecimals } from '@/lib/percent';

describe('formatPercent', () => {
  it('shows a fraction ×100 with a % sign, without float noise', () => {
    expect(formatPercent(0.3)).toBe('30%');
    expect(formatPercent(0.295)).toBe('29.5%');
    expect(formatPercent(0.07)).toBe('7%');
    expect(formatPercent(0.0214)).toBe('2.14%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('writes exactly the decimals it is given', () => {
    expect(formatPercent(0.3, 1)).toBe('30.0%');
    expect(formatPercent(0.025, 2)).toBe('2.50%');
    expect(formatPercent(0.295, 0)).toBe('30%');
  });

  it('separates thousands and never shows a minus zero', () => {
    expect(formatPercent(12.5)).toBe('1,250%');
    expect(formatPercent(-0.00001)).toBe('0%');
  });

  it('shows something readable for a value that is not a number', () => {
    expect(formatPercent(Number.NaN)).toBe('0%');
  });
});

describe('listDecimals', () => {
  it('is the decimals the most precise value of a list needs, at most two', () => {
    expect(listDecimals([0.3, 0.35, 0.5])).toBe(0);
    expect(listDecimals([0.3, 0.295])).toBe(1);
    expect(listDecimals([0.07, 0.075, 0.0214])).toBe(2);
    expect(listDecimals([0.123456])).toBe(2);
    expect(listDecimals([])).toBe(0);
  });

  it('makes one list read alike', () => {
    const rates = [0.3, 0.295, 0.07];
    const decimals = listDecimals(rates);
    expect(rates.map((rate) => formatPercent(rate, decimals))).toEqual(['30.0%', '29.5%', '7.0%']);
  });
});

describe('formatPercentPoints', () => {
  it('shows percentage points the server sends as numbers', () => {
    expect(formatPercentPoints(0.5)).toBe('0.5%');
    expect(formatPercentPoints(1, 1)).toBe('1.0%');
    expect(formatPercentPoints(66.7)).toBe('66.7%');
  });
});

describe('formatTierBenefit', () => {
  it("writes a tier's benefit as the server's benefit texts do, on every card", () => {
    expect([2, 1, 0.5, 0].map(formatTierBenefit)).toEqual(['2%', '1%', '0.5%', '0%']);
  });
});

describe('formatShareOfLimit', () => {
  it('writes every share of a limit with the one decimal the server rounds it to', () => {
    expect([0, 1, 33.3, 106.7, 105].map(formatShareOfLimit)).toEqual(['0.0%', '1.0%', '33.3%', '106.7%', '105.0%']);
  });
});
