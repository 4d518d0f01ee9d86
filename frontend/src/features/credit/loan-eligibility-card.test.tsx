import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoanEligibility } from '@/features/credit/api/types';
import { LoanEligibilityCard } from '@/features/credit/loan-eligibility-card';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

// the server's answers (credit/selectors.py credit_eligibility)
const LOW_SCORE: LoanEligibility = {
  is_eligible: false,
  max_loan_amount: 0,
  required_credit_score: 50,
  current_credit_score: 20,
  rate_discount: 0,
  tier: 'basic',
  reason: 'You need at least 50 credit score points to apply for loans.',
  deficit: 30,
};
const BAD_PAYER: LoanEligibility = { ...LOW_SCORE, reason: 'Bad payers are not eligible for loans. Contact an admin.' };

describe('LoanEligibilityCard', () => {
  it("shows a bad payer the server's reason and the deficit, even under 50 points", async () => {
    mockFetch({ 'GET /api/loans/eligibility/7': { body: BAD_PAYER } });
    renderWithProviders(<LoanEligibilityCard playerId={7} />);
    expect((await screen.findByTestId('eligibility-status')).textContent).toBe('NOT ELIGIBLE');
    expect(screen.getByText('Bad payers are not eligible for loans. Contact an admin.')).toBeTruthy();
    expect(screen.getByText('Current deficit: 30 points')).toBeTruthy();
  });

  it('shows the 50-point requirement and the deficit to a player short of points', async () => {
    mockFetch({ 'GET /api/loans/eligibility/7': { body: LOW_SCORE } });
    renderWithProviders(<LoanEligibilityCard playerId={7} />);
    expect(await screen.findByText('You need at least 50 credit score points to apply for loans.')).toBeTruthy();
    expect(screen.getByText('Current deficit: 30 points')).toBeTruthy();
    expect(screen.queryByText(/Bad payers/)).toBeNull();
  });
});
