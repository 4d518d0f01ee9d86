import { useEffect, useState } from 'react';

/** How long typing must pause before a form asks the server again. */
const TYPING_PAUSE_MS = 300;

/**
 * `value` once it has stayed the same for `delayMs` (compared by content, so a new object with
 * the same fields does not restart the wait).
 */
export function useDebouncedValue<T>(value: T, delayMs: number = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  const fingerprint = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(fingerprint) as T), delayMs);
    return () => clearTimeout(timer);
  }, [fingerprint, delayMs]);
  return JSON.stringify(settled) === fingerprint ? value : settled;
}
