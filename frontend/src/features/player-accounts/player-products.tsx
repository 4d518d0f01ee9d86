import { Icon } from '@/components/icon';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { loanRateText, pendingStatusLabel } from '@/lib/loans';
import { listDecimals } from '@/lib/percent';
import { usePlayerProducts, ProductLoan } from '@/features/loans';
import { ProductSavingsList } from '@/features/savings';
import '@/components/bank-ui.css';

const REQUEST_TONE: Record<string, string> = { pending: 'warning', approved: 'success', denied: 'error', cancelled: 'neutral' };

/**
 * View Products, a teller's desk for one player: each loan and savings account with its day or week
 * to mark Paid or Not Paid (and Mark Paid Off), as Check Loans and Check Savings do, the inline edit
 * forms, and the loan requests.
 */
export function PlayerProducts({ playerId }: { playerId: number }) {
  const products = usePlayerProducts(playerId);
  if (products.isPending) return <LoadingBlock message="Loading products..." />;
  if (products.isError) {
    return <ErrorBlock message={`Error loading products: ${errorDetail(products.error)}`} onRetry={() => void products.refetch()} />;
  }
  const { loans, pending_loans: requests, savings } = products.data;
  // one list, one format: every loan's and request's whole-term rate with the same decimals
  const rateDecimals = listDecimals([...loans, ...requests].map((item) => item.interest_rate));
  return (
    <div className="products">
      <h4 className="section-title">
        <Icon name="creditCard" size={16} /> Loans <span className="badge badge--neutral">{loans.length}</span>
      </h4>
      {loans.length === 0 ? (
        <p className="muted">No loans yet.</p>
      ) : (
        <ul className="product-list" aria-label="Loans">
          {loans.map((loan) => (
            <ProductLoan key={loan.id} loan={loan} rateDecimals={rateDecimals} />
          ))}
        </ul>
      )}
      <h4 className="section-title">
        <Icon name="inbox" size={16} /> Loan requests <span className="badge badge--neutral">{requests.length}</span>
      </h4>
      {requests.length === 0 ? (
        <p className="muted">No loan requests.</p>
      ) : (
        <ul className="product-list" aria-label="Loan requests">
          {requests.map((request) => (
            <li key={request.id} className="product-row">
              <div className="product-row__main">
                <div className="product-row__title">
                  <strong>Request #{request.id}</strong>
                  <span className={`badge badge--${REQUEST_TONE[request.status] ?? 'warning'}`}>{pendingStatusLabel(request.status)}</span>
                </div>
                <p className="product-row__facts">
                  {formatMoney(request.value)} at {loanRateText(request, rateDecimals)} · {formatMoney(request.total_to_pay)} to pay ·{' '}
                  {formatDateTime(request.request_date)}
                </p>
                {request.request_reason && <p className="muted">Reason: {request.request_reason}</p>}
                {request.admin_notes && <p className="muted">Admin notes: {request.admin_notes}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <h4 className="section-title">
        <Icon name="coins" size={16} /> Savings <span className="badge badge--neutral">{savings.length}</span>
      </h4>
      <ProductSavingsList savings={savings} />
    </div>
  );
}
