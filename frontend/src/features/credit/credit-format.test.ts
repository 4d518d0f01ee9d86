import { describe, expect, it } from 'vitest';
import { actionLabel, scoreColour, signedPoints } from '@/features/credit/credit-format';

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

  it.each([
    [300, 'green'],
    [250, 'green'],
    [249, 'yellow'],
    [150, 'yellow'],
    [149, 'orange'],
    [100, 'orange'],
    [99, 'red'],
    [0, 'red'],
  ] as const)('colours a score of %i %s', (score, colour) => {
    expect(scoreColour(score)).toBe(colour);
  });
});
