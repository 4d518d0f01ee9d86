import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { ScrollBox } from '@/components/scroll-box';
import { formatMoney } from '@/lib/money';
import { formatPercent } from '@/lib/percent';
import { formatCount } from '@/lib/plural';
import type { ArrearsBook } from '@/features/bank-health/api/use-arrears';
import '@/components/credit.css';
import '@/features/bank-health/bank-health.css';

/**
 * The open loans' arrears by bucket (their days are Bank Settings, named by the server): how many loans, the amount in
 * arrears and their share of all the outstanding (portfolio at risk), as the server counted them.
 */
export function ArrearsBuckets({ book, onOpenList }: { book: ArrearsBook; onOpenList?: () => void }) {
  return (
    <Card title="Arrears" icon={<Icon name="alert" />}>
      <p className="muted arrears-buckets__lead">
        {book.arrears_loans === 0
          ? `No loan is in arrears: ${formatCount(book.open_loans)} open, ${formatMoney(book.outstanding)} outstanding.`
          : `${formatCount(book.arrears_loans)} of ${formatCount(book.open_loans)} open loans in arrears: ${formatMoney(book.arrears_amount)} overdue; portfolio at risk ${formatPercent(book.portfolio_at_risk, 2)}.`}
      </p>
      <ScrollBox label="Arrears by bucket">
        <table className="credit-table table--cards">
          <caption className="visually-hidden">Loans in arrears by days behind</caption>
          <thead>
            <tr>
              <th scope="col">Days in arrears</th>
              <th scope="col" className="num">Loans</th>
              <th scope="col" className="num">Amount</th>
              <th scope="col" className="num">Portfolio at risk</th>
            </tr>
          </thead>
          <tbody>
            {book.buckets.map((bucket) => (
              <tr key={bucket.bucket} data-testid={`arrears-bucket-${bucket.bucket}`}>
                <td>{bucket.title}</td>
                <td className="num" data-label="Loans">{formatCount(bucket.count)}</td>
                <td className="num" data-label="Amount">{formatMoney(bucket.amount)}</td>
                <td className="num" data-label="Portfolio at risk">{formatPercent(bucket.share, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {onOpenList && (
        <div className="toolbar arrears-buckets__actions">
          <button type="button" className="btn btn--secondary btn--small" onClick={onOpenList}>
            <Icon name="search" size={16} /> Open the Arrears list
          </button>
        </div>
      )}
    </Card>
  );
}
