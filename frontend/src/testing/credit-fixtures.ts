// Test data for unit tests (never imported by the app).
import type { CreditBenefits } from '@/features/credit';

/** GET /api/credit/benefits, shaped like the server's answer (credit/selectors.py credit_benefits). */
export function makeCreditBenefits(overrides: Partial<CreditBenefits> = {}): CreditBenefits {
  return {
    max_score: 300,
    required_score: 50,
    tiers: [
      {
        name: 'Basic',
        min_score: 0,
        max_score: 149,
        range: '0 – 149 points',
        benefits: ['Standard rates', 'Loans of €1,000,000 or less need 50 or more points'],
      },
      {
        name: 'Silver',
        min_score: 150,
        max_score: 299,
        range: '150 – 299 points',
        benefits: ['1% lower loan rates', '0.5% extra savings bonus', 'Loans up to €5,000,000'],
      },
      {
        name: 'Gold',
        min_score: 300,
        max_score: 300,
        range: '300 points',
        benefits: ['2% lower loan rates', '0.5% extra savings bonus', 'Maximum loan amounts (€10,000,000)'],
      },
    ],
    how_to_earn: [
      { what: 'First savings account', points: 10 },
      { what: 'Each additional savings account', points: 5 },
      { what: 'Taking a loan', points: 20 },
      { what: 'Each loan payment made', points: 5 },
      { what: 'Completing a loan', points: 15 },
      { what: 'Each weekly savings payment', points: 1 },
    ],
    ...overrides,
  };
}
