import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CreditBenefitsCard } from '@/features/credit/credit-benefits-card';
import { makeCreditBenefits } from '@/testing/credit-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';

describe('CreditBenefitsCard', () => {
  it("lists the server's tiers, their benefits and how to earn points", async () => {
    const benefits = makeCreditBenefits();
    const silver = benefits.tiers[1];
    if (!silver) throw new Error('the fixture has a Silver tier');
    mockFetch({
      'GET /api/credit/benefits': {
        body: {
          ...benefits,
          tiers: [benefits.tiers[0], { ...silver, benefits: ['3% lower loan rates'] }, benefits.tiers[2]],
          how_to_earn: [...benefits.how_to_earn, { what: 'Missed payment', points: -10 }],
        },
      },
    });
    renderWithProviders(<CreditBenefitsCard />);
    const silverTier = await screen.findByRole('region', { name: 'Silver tier' });
    expect(within(silverTier).getByRole('heading', { level: 4 }).textContent).toBe('Silver 150 – 299 points');
    expect(within(silverTier).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['3% lower loan rates']);
    expect(within(screen.getByRole('region', { name: 'Gold tier' })).getByRole('heading').textContent).toBe('Gold 300 points');
    const card = silverTier.closest('article') as HTMLElement;
    expect(definitionOf(card, 'First savings account')).toBe('+10');
    expect(definitionOf(card, 'Completing a loan')).toBe('+15');
    expect(definitionOf(card, 'Missed payment')).toBe('-10');
    expect(within(card).getByText('-10').className).toBe('points points--down');
  });

  it('offers Retry when the benefits cannot be loaded', async () => {
    let attempts = 0;
    mockFetch({
      'GET /api/credit/benefits': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: { detail: '', code: 'server_error' } } : { body: makeCreditBenefits() };
      },
    });
    renderWithProviders(<CreditBenefitsCard />);
    expect((await screen.findByRole('alert')).querySelector('p')?.textContent).toBe('Failed to fetch credit benefits');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByRole('region')).map((tier) => tier.getAttribute('aria-label'))).toEqual([
      'Basic tier',
      'Silver tier',
      'Gold tier',
    ]);
  });
});
