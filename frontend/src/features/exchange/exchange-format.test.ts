// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  calculationLine,
  destinationLabel,
  directionTitle,
  formatPearls,
  formatRatePerPearl,
  requestSentMessage,
} from '@/features/exchange/exchange-format';

describe('exchange format', () => {
  it('words each direction', () => {
    expect([directionTitle('sell'), directionTitle('buy')]).toEqual(['Sell Pearls', 'Buy Pearls']);
    expect([destinationLabel('sell'), destinationLabel('buy')]).toEqual(['Destination', 'Source']);
  });

  it('counts pearls and rates as the screens show them', () => {
    expect([formatPearls(1), formatPearls(12_000)]).toEqual(['1 pearl', '12,000 pearls']);
    expect(formatRatePerPearl(2500)).toBe('€2,500 per pearl');
  });

  it('writes the calculation line from the three figures it is given', () => {
    expect(calculationLine({ pearls: 10, rate: 3500, bread: 35_000 })).toBe('10 pearls × €3,500 = €35,000');
  });

  it("says the spec's success text for sells and buys", () => {
    expect(requestSentMessage('sell')).toBe(
      'Pearl sell request submitted successfully! You will be contacted when it is processed.',
    );
    expect(requestSentMessage('buy')).toBe('Pearl buy request submitted successfully! You will be contacted when it is processed.');
  });
});
