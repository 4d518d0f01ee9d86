import { LOAN_RATE_SEPARATOR, loanRateParts, type LoanRate } from '@/lib/loans';

/**
 * A loan's rate in a stat box: the whole-term rate, and its daily equivalent on a smaller line
 * below it, so neither breaks mid-figure in a narrow box. Its text still reads as one:
 * `30% over 14 days · 2.14% a day` (the separator is only hidden from view).
 */
export function LoanRateValue({ rate, decimals }: { rate: LoanRate; decimals?: number }) {
  const { term, daily } = loanRateParts(rate, decimals);
  return (
    <>
      <span className="loan-rate__term">{term}</span>
      <span className="loan-rate__daily">
        <span className="loan-rate__separator">{LOAN_RATE_SEPARATOR}</span>
        {daily}
      </span>
    </>
  );
}
