import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { useCreditBenefits } from '@/features/credit/api/use-credit-benefits';
import { signedPoints } from '@/features/credit/credit-format';
import { detailOr } from '@/lib/errors';
import '@/components/bank-ui.css';
import '@/components/credit.css';

/** The tiers and how to earn points, as the server's credit rules say. */
export function CreditBenefitsCard() {
  const benefits = useCreditBenefits();
  return (
    <Card title="Credit Score Benefits" icon={<Icon name="trophy" />} className="credit-card">
      {benefits.isPending ? (
        <LoadingBlock message="Loading credit benefits..." />
      ) : benefits.isError ? (
        <ErrorBlock message={detailOr(benefits.error, 'Failed to fetch credit benefits')} onRetry={() => void benefits.refetch()} />
      ) : (
        <>
          <div className="tier-list">
            {benefits.data.tiers.map((tier) => (
              <section
                key={tier.name}
                className={`tier-list__item tier-list__item--${tier.name.toLowerCase()}`}
                aria-label={`${tier.name} tier`}
              >
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
            {benefits.data.how_to_earn.map(({ what, points }) => (
              <div key={what} className="facts__row">
                <dt>{what}</dt>
                <dd className={points >= 0 ? 'points points--up' : 'points points--down'}>{signedPoints(points)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Card>
  );
}
