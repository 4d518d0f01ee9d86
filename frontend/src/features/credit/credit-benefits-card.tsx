import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import '@/features/credit/credit.css';

const TIERS = [
  {
    name: 'Basic',
    range: '0 – 149 points',
    benefits: ['Standard rates', 'Loans of €1,000,000 or less need 50 or more points'],
  },
  { name: 'Silver', range: '150 – 299 points', benefits: ['1% lower loan rates', '0.5% extra savings bonus', 'Loans up to €5,000,000'] },
  {
    name: 'Gold',
    range: '300 points',
    benefits: ['2% lower loan rates', '0.5% extra savings bonus', 'Maximum loan amounts (€10,000,000)'],
  },
] as const;

const EARNING = [
  ['First savings account', '+10'],
  ['Each additional savings account', '+5'],
  ['Taking a loan', '+20'],
  ['Each loan payment made', '+5'],
  ['Completing a loan', '+15'],
  ['Each weekly savings payment', '+1'],
] as const;

export function CreditBenefitsCard() {
  return (
    <Card title="Credit Score Benefits" icon={<Icon name="trophy" />} className="credit-card">
      <div className="tier-list">
        {TIERS.map((tier) => (
          <section key={tier.name} className={`tier-list__item tier-list__item--${tier.name.toLowerCase()}`}>
            <h4>
              <span className={`tier-badge tier-badge--${tier.name.toLowerCase()}`}>{tier.name}</span>
              <span className="muted"> {tier.range}</span>
            </h4>
            <ul className="benefit-list">
              {tier.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <h4 className="credit-card__subtitle">How to earn points</h4>
      <dl className="facts">
        {EARNING.map(([what, points]) => (
          <div key={what} className="facts__row">
            <dt>{what}</dt>
            <dd className="points points--up">{points}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
