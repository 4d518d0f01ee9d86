// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/money';

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
