import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoanEligibility } from '@/features/credit/api/types';
import { LoanEligibilityCard } from '@/features/credit/loan-eligibility-card';
import { makeCreditBenefits } from '@/testing/credit-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
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
    const reason = screen.getByText(/^Bad payers/).closest('.alert') as HTMLElement;
    expect(Array.from(reason.children, (line) => line.textContent)).toEqual([
      'Bad payers are not eligible for loans. Contact an admin.',
      'Current deficit: 30 points',
    ]);
  });

  it('shows the 50-point requirement and the deficit to a player short of points', async () => {
    mockFetch({ 'GET /api/loans/eligibility/7': { body: LOW_SCORE } });
    renderWithProviders(<LoanEligibilityCard playerId={7} />);
    const reason = (await screen.findByText(/^You need at least/)).closest('.alert') as HTMLElement;
    expect(Array.from(reason.children, (line) => line.textContent)).toEqual([
      'You need at least 50 credit score points to apply for loans.',
      'Current deficit: 30 points',
    ]);
    expect(screen.queryByText(/Bad payers/)).toBeNull();
  });

  it('says a deficit of one point in the singular', async () => {
    mockFetch({ 'GET /api/loans/eligibility/7': { body: { ...LOW_SCORE, current_credit_score: 49, deficit: 1 } } });
    renderWithProviders(<LoanEligibilityCard playerId={7} />);
    const reason = (await screen.findByText(/^You need at least/)).closest('.alert') as HTMLElement;
    expect(reason.lastElementChild?.textContent).toBe('Current deficit: 1 point');
  });

  it("shows the current score out of the server's maximum", async () => {
    mockFetch({
      'GET /api/loans/eligibility/7': { body: LOW_SCORE },
      'GET /api/credit/benefits': { body: makeCreditBenefits({ max_score: 300 }) },
    });
    renderWithProviders(<LoanEligibilityCard playerId={7} />);
    const card = (await screen.findByTestId('eligibility-status')).closest('article') as HTMLElement;
    await waitFor(() => expect(definitionOf(card, 'Current score')).toBe('20 / 300'));
    // not eligible: no maximum shown
    expect(within(card).queryByText('Maximum loan amount')).toBeNull();
  });

  it('writes the tier discount as every card does: 2%, not 2.0%', async () => {
    const gold: LoanEligibility = { ...LOW_SCORE, is_eligible: true, max_loan_amount: 10_000_000, current_credit_score: 250, rate_discount: 2, tier: 'gold', reason: 'Eligible', deficit: 0 };
    mockFetch({ 'GET /api/loans/eligibility/7': { body: gold } });
    renderWithProviders(<LoanEligibilityCard playerId={7} />);
    const card = (await screen.findByTestId('eligibility-status')).closest('article') as HTMLElement;
    expect(definitionOf(card, 'Rate discount')).toBe('2%');
    expect(definitionOf(card, 'Maximum loan amount')).toBe('€10,000,000');
  });
});
