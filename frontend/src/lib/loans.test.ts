// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  fractionToPercentText,
  loanBadgeTone,
  loanRateParts,
  loanRateText,
  parseDays,
  pendingStatusLabel,
  percentToFraction,
  shortId,
} from '@/lib/loans';

describe('shortId', () => {
  it('is the first 8 characters of the id as a string', () => {
    expect(shortId(12)).toBe('12');
    expect(shortId(1234567890)).toBe('12345678');
    expect(shortId('5f2c9a1e-77aa-4c1b')).toBe('5f2c9a1e');
  });
});

describe('loanRateText', () => {
  it('names the whole-term rate with its days and the daily equivalent beside it', () => {
    expect(loanRateText({ interest_rate: 0.3, total_days: 14, daily_rate: 0.0214 })).toBe('30% over 14 days · 2.14% a day');
  });

  it('writes the whole-term rate with its list decimals and the daily rate with two', () => {
    expect(loanRateText({ interest_rate: 0.35, total_days: 14, daily_rate: 0.025 }, 1)).toBe('35.0% over 14 days · 2.50% a day');
  });

  it('says one day in the singular', () => {
    expect(loanRateText({ interest_rate: 0.5, total_days: 1, daily_rate: 0.5 })).toBe('50% over 1 day · 50.00% a day');
  });

  it('gives the whole term and the daily equivalent apart, for a box that shows them on two lines', () => {
    expect(loanRateParts({ interest_rate: 0.35, total_days: 14, daily_rate: 0.025 }, 1)).toEqual({ term: '35.0% over 14 days', daily: '2.50% a day' });
  });
});

describe('percent input', () => {
  it('reads a typed percentage as a fraction', () => {
    expect(percentToFraction('30')).toBe(0.3);
    expect(percentToFraction('29.5')).toBe(0.295);
    expect(percentToFraction(' 28 % ')).toBe(0.28);
    expect(percentToFraction('abc')).toBeNull();
    expect(percentToFraction('-5')).toBeNull();
    expect(percentToFraction('')).toBeNull();
  });

  it('writes a fraction back as the percentage to edit', () => {
    expect(fractionToPercentText(0.29)).toBe('29');
    expect(fractionToPercentText(0.355)).toBe('35.5');
  });
});

describe('parseDays', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseDays('30')).toBe(30);
    expect(parseDays(' 7 ')).toBe(7);
    expect(parseDays('0')).toBeNull();
    expect(parseDays('1.5')).toBeNull();
    expect(parseDays('-3')).toBeNull();
    expect(parseDays('ten')).toBeNull();
  });
});

describe('loan badges and labels', () => {
  it('is green when Active or paid off, red otherwise', () => {
    expect(loanBadgeTone({ status: 'Active', paid_off: false })).toBe('success');
    expect(loanBadgeTone({ status: 'Paid-Off', paid_off: true })).toBe('success');
    expect(loanBadgeTone({ status: 'Defaulted', paid_off: false })).toBe('error');
  });

  it('names the request states as the spec does', () => {
    expect(pendingStatusLabel('pending')).toBe('Pending approval');
    expect(pendingStatusLabel('approved')).toBe('Accepted');
    expect(pendingStatusLabel('denied')).toBe('Denied');
    expect(pendingStatusLabel('cancelled')).toBe('Cancelled');
  });
});
