// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMoney, parseAmount } from '@/lib/money';

describe('parseAmount', () => {
  it.each([
    ['100k', 100_000],
    ['500k', 500_000],
    ['1m', 1_000_000],
    ['5m', 5_000_000],
    ['10m', 10_000_000],
  ])('maps the shortcut %s to %i', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each([
    ['250k', 250_000],
    ['3m', 3_000_000],
    ['2.5m', 2_500_000],
    ['1.25k', 1_250],
    ['12K', 12_000],
    [' 7M ', 7_000_000],
  ])('reads any number with a k or m suffix: %s', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each([
    ['1500000', 1_500_000],
    ['42', 42],
    ['1,500,000', 1_500_000],
  ])('reads a plain integer: %s', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '1x', 'k', 'm', '-5', '0', '0k', '1.5', '1.2345k', '1e6', '10mm', '5 000 000 €', 'constructor', 'NaN'])(
    'rejects %j',
    (input) => {
      expect(parseAmount(input)).toBeNull();
    },
  );
});

describe('formatMoney', () => {
  it('shows euros with thousands separators and no decimals', () => {
    expect(formatMoney(1_500_000)).toBe('€1,500,000');
    expect(formatMoney(0)).toBe('€0');
    expect(formatMoney(999)).toBe('€999');
  });

  it('rounds to a whole euro', () => {
    expect(formatMoney(1234.5)).toBe('€1,235');
    expect(formatMoney(1234.4)).toBe('€1,234');
  });

  it('puts the minus sign before the euro sign', () => {
    expect(formatMoney(-2500)).toBe('-€2,500');
  });
});
