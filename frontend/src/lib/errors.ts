/** The texts screens show for a failed call (the server's `detail` comes first). */

/** The server's detail, else the error's own message, else the fallback (admin alerts). */
export function errorDetail(error: unknown, fallback = 'Something went wrong'): string {
  const detail = (error as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string' && detail) return detail;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** The server's detail, else the screen's own fixed text (the credit panels' spec fallbacks). */
export function detailOr(error: unknown, fallback: string): string {
  const detail = (error as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' && detail ? detail : fallback;
}
