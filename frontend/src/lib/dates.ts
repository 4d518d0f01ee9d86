/** Dates as the API sends them: `YYYY-MM-DD` days and ISO date-times. */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDay(iso: string): Date | null {
  const match = ISO_DAY.exec(iso);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2025-03-30` plus 3 days is `2025-04-02` (calendar days, no time zone drift). */
export function addDays(iso: string, days: number): string {
  const date = parseIsoDay(iso);
  if (!date) return iso;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the day's year: `2026-11-21` → `2026-01-01`. */
export function startOfYear(iso: string): string {
  return `${iso.slice(0, 4)}-01-01`;
}

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(text: string): boolean {
  const date = parseIsoDay(text);
  return date !== null && date.toISOString().slice(0, 10) === text;
}

const DAY_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** A written day stays on one line: `21 Nov 2026` never breaks into `21 Nov` and `2026`. */
function unbroken(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/** `2025-03-30` → `30 Mar 2025` (its spaces non-breaking); a date-time shows its local day. */
export function formatDay(value: string): string {
  const day = parseIsoDay(value);
  if (day) return unbroken(day.toLocaleDateString('en-GB', { ...DAY_FORMAT, timeZone: 'UTC' }));
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? value : unbroken(moment.toLocaleDateString('en-GB', DAY_FORMAT));
}

/** An ISO date-time as `30 Mar 2025, 14:05` in the browser's time zone; a line may break after the comma only. */
export function formatDateTime(value: string): string {
  const moment = new Date(value);
  return Number.isNaN(moment.getTime())
    ? value
    : `${unbroken(moment.toLocaleDateString('en-GB', DAY_FORMAT))}, ${moment.toLocaleTimeString('en-GB', { timeStyle: 'short' })}`;
}
