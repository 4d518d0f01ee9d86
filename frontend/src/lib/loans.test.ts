import { describe, expect, it } from 'vitest';
import {
  divideRoundHalfUp,
  formatRate,
  fractionToPercentText,
  loanBadgeTone,
  loanPreview,
  paidPercent,
  parseDays,
  pendingStatusLabel,
  percentToFraction,
  shortId,
  soloGainOf,
} from '@/lib/loans';

describe('loanPreview', () => {
  it.each([
    [100_000, 0.5, 150_000],
    [500_000, 0.35, 675_000],
    [1_000_000, 0.3, 1_300_000],
    [250_000, 0.3, 325_000],
    [100_001, 0.3, 130_001],
  ])('uses the base rate for %i: %f', (amount, rate, total) => {
    const preview = loanPreview({ amount, days: null, rateDiscount: 0 });
    expect(preview.baseRate).toBe(rate);
    expect(preview.rate).toBe(rate);
    expect(preview.totalToPay).toBe(total);
    expect(preview.dailyPayment).toBeNull();
  });

  it('takes the Silver (1) and Gold (2) discounts off in percentage points', () => {
    expect(loanPreview({ amount: 100_000, days: 10, rateDiscount: 1 })).toEqual({
      baseRate: 0.5,
      discountPoints: 1,
      rate: 0.49,
      totalToPay: 149_000,
      dailyPayment: 14_900,
    });
    const gold = loanPreview({ amount: 500_000, days: 14, rateDiscount: 2 });
    expect(gold.rate).toBe(0.33);
    expect(gold.totalToPay).toBe(665_000);
    expect(loanPreview({ amount: 1_000_000, days: 30, rateDiscount: 2 }).rate).toBe(0.28);
  });

  it('rounds the total and the daily payment half up, once each', () => {
    // 1,001 × 1.29 = 1,291.29 → 1,291; 1,005 × 1.3 = 1,306.5 → 1,307 (half up, not to even)
    expect(loanPreview({ amount: 1_001, days: null, rateDiscount: 1 }).totalToPay).toBe(1_291);
    expect(loanPreview({ amount: 1_005, days: null, rateDiscount: 0 }).totalToPay).toBe(1_307);
    // 1,300,000 / 30 = 43,333.33 → 43,333; 675,000 / 20 = 33,750; 150,000 / 7 = 21,428.57 → 21,429
    expect(loanPreview({ amount: 1_000_000, days: 30, rateDiscount: 0 }).dailyPayment).toBe(43_333);
    expect(loanPreview({ amount: 500_000, days: 20, rateDiscount: 0 }).dailyPayment).toBe(33_750);
    expect(loanPreview({ amount: 100_000, days: 7, rateDiscount: 0 }).dailyPayment).toBe(21_429);
    // 13 / 2 = 6.5 → 7
    expect(loanPreview({ amount: 10, days: 2, rateDiscount: 0 }).dailyPayment).toBe(7);
  });

  it('stays exact for the largest amounts', () => {
    expect(loanPreview({ amount: 1_000_000_000, days: 3, rateDiscount: 1 }).totalToPay).toBe(1_290_000_000);
    expect(loanPreview({ amount: 1_000_000_000, days: 3, rateDiscount: 1 }).dailyPayment).toBe(430_000_000);
  });
});

describe('divideRoundHalfUp', () => {
  it('rounds halves up and the rest to the nearest', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(7, 2)).toBe(4);
    expect(divideRoundHalfUp(10, 3)).toBe(3);
    expect(divideRoundHalfUp(11, 3)).toBe(4);
    expect(divideRoundHalfUp(0, 9)).toBe(0);
  });
});

describe('shortId', () => {
  it('is the first 8 characters of the id as a string', () => {
    expect(shortId(12)).toBe('12');
    expect(shortId(1234567890)).toBe('12345678');
    expect(shortId('5f2c9a1e-77aa-4c1b')).toBe('5f2c9a1e');
  });
});

describe('formatRate', () => {
  it('shows a fraction ×100 with a % sign, without float noise', () => {
    expect(formatRate(0.3)).toBe('30%');
    expect(formatRate(0.29)).toBe('29%');
    expect(formatRate(0.295)).toBe('29.5%');
    expect(formatRate(0.07)).toBe('7%');
    expect(formatRate(0)).toBe('0%');
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

describe('loan badges and figures', () => {
  it('is green when Active or paid off, red otherwise', () => {
    expect(loanBadgeTone({ status: 'Active', paid_off: false })).toBe('success');
    expect(loanBadgeTone({ status: 'Paid-Off', paid_off: true })).toBe('success');
    expect(loanBadgeTone({ status: 'Defaulted', paid_off: false })).toBe('error');
  });

  it('names the request states as the spec does', () => {
    expect(pendingStatusLabel('pending')).toBe('Pending approval');
    expect(pendingStatusLabel('approved')).toBe('Accepted');
    expect(pendingStatusLabel('denied')).toBe('Denied');
  });

  it('counts a paid-off loan as fully paid', () => {
    expect(paidPercent({ amount_paid: 216_665, total_to_pay: 1_300_000, paid_off: false })).toBe(16.7);
    expect(paidPercent({ amount_paid: 0, total_to_pay: 150_000, paid_off: true })).toBe(100);
    expect(paidPercent({ amount_paid: 0, total_to_pay: 0, paid_off: false })).toBe(0);
  });

  it('takes 35% of the interest as solo gain, rounded half up', () => {
    expect(soloGainOf({ value: 100_000, total_to_pay: 150_000 })).toBe(17_500);
    expect(soloGainOf({ value: 1_000_000, total_to_pay: 1_300_000 })).toBe(105_000);
    expect(soloGainOf({ value: 10, total_to_pay: 11 })).toBe(0); // 0.35 → 0
    expect(soloGainOf({ value: 10, total_to_pay: 12 })).toBe(1); // 0.7 → 1
  });
});
