// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCount, nounFor, plural } from '@/lib/plural';

describe('plural', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect(plural(1, 'savings account')).toBe('1 savings account');
    expect(plural(2, 'savings account')).toBe('2 savings accounts');
    expect(plural(0, 'loan')).toBe('0 loans');
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('separates thousands', () => {
    expect(plural(1500, 'player')).toBe('1,500 players');
    expect(formatCount(1_000_000)).toBe('1,000,000');
  });

  it('gives the noun alone for a count', () => {
    expect(nounFor(1, 'has', 'have')).toBe('has');
    expect(nounFor(4, 'has', 'have')).toBe('have');
    expect(nounFor(2, 'day')).toBe('days');
  });
});
