import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { useCreditScore } from '@/features/credit/api/use-credit-score';
import { detailOr } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { formatPercentPoints, formatTierBenefit } from '@/lib/percent';
import '@/components/bank-ui.css';
import '@/components/credit.css';

export function CreditScoreCard({ playerId }: { playerId: number }) {
  const score = useCreditScore(playerId);
  return (
    <Card title="Credit Score" icon={<Icon name="star" />} className="credit-card">
      {score.isPending ? (
        <LoadingBlock message="Loading credit score..." />
      ) : score.isError ? (
        <ErrorBlock message={detailOr(score.error, 'Failed to fetch credit score')} onRetry={() => void score.refetch()} />
      ) : (
        <>
          <div className="credit-score">
            <span className={`credit-score__value score--${score.data.score_color}`} data-testid="credit-score-value">
              {score.data.credit_score}
            </span>
            <span className="credit-score__max">/ {score.data.max_score}</span>
            <span className={`tier-badge tier-badge--${score.data.tier.toLowerCase()}`}>{score.data.tier}</span>
          </div>
          <div
            className="progress"
            role="progressbar"
            aria-label="Credit score progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={score.data.progress_percent}
          >
            <div className={`progress__bar bar--${score.data.score_color}`} style={{ width: `${score.data.progress_percent}%` }} />
          </div>
          <p className="muted">{formatPercentPoints(score.data.progress_percent)} of the maximum score</p>
          {score.data.limited_access && (
            <p className="alert alert--error credit-card__limited">Limited loan access</p>
          )}
          <h4 className="credit-card__subtitle">Current benefits</h4>
          <ul className="benefit-list">
            {score.data.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <dl className="facts">
            <div className="facts__row">
              <dt>Maximum loan</dt>
              <dd>{formatMoney(score.data.eligibility.max_loan_amount)}</dd>
            </div>
            <div className="facts__row">
              <dt>Loan rate discount</dt>
              <dd>{formatTierBenefit(score.data.eligibility.rate_discount)}</dd>
            </div>
            <div className="facts__row">
              <dt>Savings bonus</dt>
              <dd>{formatTierBenefit(score.data.eligibility.savings_bonus)}</dd>
            </div>
          </dl>
        </>
      )}
    </Card>
  );
}
