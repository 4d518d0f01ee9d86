// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionLabel, signedPoints } from '@/features/credit/credit-format';

describe('credit formatting', () => {
  it('turns an action type into words', () => {
    expect(actionLabel('savings_opened')).toBe('Savings Opened');
    expect(actionLabel('manual_adjustment')).toBe('Manual Adjustment');
  });

  it('signs points', () => {
    expect(signedPoints(5)).toBe('+5');
    expect(signedPoints(-10)).toBe('-10');
    expect(signedPoints(0)).toBe('0');
  });
});
