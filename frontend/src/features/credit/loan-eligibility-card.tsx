import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { useCreditBenefits } from '@/features/credit/api/use-credit-benefits';
import { useLoanEligibility } from '@/features/credit/api/use-loan-eligibility';
import { detailOr } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import { formatTierBenefit } from '@/lib/percent';
import { plural } from '@/lib/plural';

export function LoanEligibilityCard({ playerId }: { playerId: number }) {
  const eligibility = useLoanEligibility(playerId);
  const maxScore = useCreditBenefits().data?.max_score;
  return (
    <Card title="Loan Eligibility" icon={<Icon name="checkCircle" />} className="credit-card">
      {eligibility.isPending ? (
        <LoadingBlock message="Checking loan eligibility..." />
      ) : eligibility.isError ? (
        <ErrorBlock
          message={detailOr(eligibility.error, 'Failed to fetch loan eligibility')}
          onRetry={() => void eligibility.refetch()}
        />
      ) : (
        <>
          <p
            className={eligibility.data.is_eligible ? 'eligibility eligibility--yes' : 'eligibility eligibility--no'}
            data-testid="eligibility-status"
          >
            {eligibility.data.is_eligible ? 'ELIGIBLE' : 'NOT ELIGIBLE'}
          </p>
          <dl className="facts">
            <div className="facts__row">
              <dt>Current score</dt>
              <dd>
                {eligibility.data.current_credit_score}
                {maxScore !== undefined && ` / ${maxScore}`}
              </dd>
            </div>
            {/* a maximum means nothing to a player who may not borrow */}
            {eligibility.data.is_eligible && (
              <div className="facts__row">
                <dt>Maximum loan amount</dt>
                <dd>{formatMoney(eligibility.data.max_loan_amount)}</dd>
              </div>
            )}
            <div className="facts__row">
              <dt>Rate discount</dt>
              <dd>{formatTierBenefit(eligibility.data.rate_discount)}</dd>
            </div>
          </dl>
          {eligibility.data.is_eligible ? (
            <p className="muted">{eligibility.data.reason}</p>
          ) : eligibility.data.deficit > 0 ? (
            <div className="alert alert--error">
              {/* the server's reason (a bad payer's comes before the score requirement), else the requirement */}
              <p>
                {eligibility.data.reason ||
                  `You need at least ${plural(eligibility.data.required_credit_score, 'credit score point')} to apply for loans.`}
              </p>
              <p>Current deficit: {plural(eligibility.data.deficit, 'point')}</p>
            </div>
          ) : (
            <p className="alert alert--error">{eligibility.data.reason}</p>
          )}
        </>
      )}
    </Card>
  );
}
