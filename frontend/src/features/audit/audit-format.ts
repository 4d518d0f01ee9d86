import { formatDateTime, formatDay } from '@/lib/dates';
import { formatPercent } from '@/lib/percent';
import { formatMoney } from '@/lib/money';
import type { AuditEntry, AuditFieldKind } from '@/features/audit/api/use-audit';

/**
 * A recorded value as the bank shows it elsewhere when the server names its kind (bread, a rate, a
 * day, a moment); otherwise text as is, anything else as JSON, and nothing as "—".
 */
export function formatAuditValue(value: unknown, kind?: AuditFieldKind): string {
  if (value === undefined || value === null || value === '') return '—';
  if (kind === 'money' && typeof value === 'number') return formatMoney(value);
  if (kind === 'rate' && (typeof value === 'string' || typeof value === 'number') && Number.isFinite(Number(value))) {
    return formatPercent(Number(value));
  }
  if (kind === 'date' && typeof value === 'string') return formatDay(value);
  if (kind === 'datetime' && typeof value === 'string') return formatDateTime(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Every field the entry names, before first, then the fields only the after-values hold. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  return [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
}
