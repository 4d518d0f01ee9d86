import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { errorDetail } from '@/lib/errors';
import type { LoanQuote } from '@/lib/loans';

/** What to say instead of a price: the server's reason when it cannot read what was typed (400). */
export function quoteProblem(quote: Pick<UseQueryResult<LoanQuote>, 'isError' | 'error'>): string | null {
  if (!quote.isError) return null;
  if (quote.error instanceof ApiError && quote.error.status === 400) return errorDetail(quote.error);
  return `The preview could not be loaded: ${errorDetail(quote.error)}`;
}
