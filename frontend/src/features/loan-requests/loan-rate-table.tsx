import type { UseQueryResult } from '@tanstack/react-query';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import type { LoanQuote } from '@/lib/loans';
import { formatPercent, listDecimals } from '@/lib/percent';

/** The rate table and the player's tier, as the server prices loans (the quote with nothing typed). */
export function LoanRateTable({ terms }: { terms: UseQueryResult<LoanQuote> }) {
  if (!terms.data) {
    return <p className="muted">{terms.isError ? `The rates could not be loaded: ${errorDetail(terms.error)}` : 'Loading the rates...'}</p>;
  }
  const { rate_table: rows, tier, tier_discount: discount, max_loan_amount: maxAmount } = terms.data;
  const rateDecimals = listDecimals(rows.map((row) => row.rate));
  return (
    <>
      <table className="rate-table">
        <caption>Base interest for the whole loan</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatPercent(row.rate, rateDecimals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid="tier-terms">
        {tier} tier: {discount > 0 ? `${formatPercent(discount)} off these rates` : 'standard rates'}, loans up to {formatMoney(maxAmount)}.
      </p>
    </>
  );
}
