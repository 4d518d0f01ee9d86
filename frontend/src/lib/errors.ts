/** The texts screens show for a failed call (the server's `detail` comes first). */

import { ApiError } from '@/lib/api-client';

/**
 * The text, with the request id after it when the failure was unexpected (a 5xx): a person can quote
 * it, and it finds the call in the server's logs (README.md, "Logs"). An answer that explains itself
 * (a 4xx: a validation, a refusal) is shown as it is.
 */
export function withReference(text: string, error: unknown): string {
  const reference = error instanceof ApiError ? error.reference : null;
  return reference ? `${text} (Reference: ${reference})` : text;
}

/** The server's detail, else the error's own message, else the fallback (admin alerts). */
export function errorDetail(error: unknown, fallback = 'Something went wrong'): string {
  const detail = (error as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string' && detail) return withReference(detail, error);
  const message = (error as { message?: unknown } | null)?.message;
  return withReference(typeof message === 'string' && message ? message : fallback, error);
}

/** The server's detail, else the screen's own fixed text (the credit panels' spec fallbacks). */
export function detailOr(error: unknown, fallback: string): string {
  const detail = (error as { detail?: unknown } | null)?.detail;
  return withReference(typeof detail === 'string' && detail ? detail : fallback, error);
}
