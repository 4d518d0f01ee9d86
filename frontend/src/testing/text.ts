/** A day as the screens write it (lib/dates.ts): `day('1 Mar 2025')` with non-breaking spaces, so it stays on one line. */
export function day(text: string): string {
  return text.replace(/ /g, '\u00a0');
}
