// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addDays, formatDateTime, formatDay, isIsoDay, startOfYear } from '@/lib/dates';

describe('dates', () => {
  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2025-03-30', 3)).toBe('2025-04-02');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', 0)).toBe('2025-01-01');
  });

  it('knows a real YYYY-MM-DD day', () => {
    expect(isIsoDay('2025-02-28')).toBe(true);
    expect(isIsoDay('2025-02-30')).toBe(false);
    expect(isIsoDay('28/02/2025')).toBe(false);
    expect(isIsoDay('')).toBe(false);
  });

  it('shows a day without time zone drift, on one line (non-breaking spaces)', () => {
    expect(formatDay('2025-03-01')).toBe('1\u00a0Mar\u00a02025');
    expect(formatDay('2026-11-21')).toBe('21\u00a0Nov\u00a02026');
    expect(formatDay('2026-11-21T14:05:00')).toBe('21\u00a0Nov\u00a02026');
  });

  it('shows a moment as its day and time, breakable only after the comma, and leaves text that is not a date alone', () => {
    expect(formatDateTime('2026-11-21T14:05:00')).toBe('21\u00a0Nov\u00a02026, 14:05');
    expect(formatDay('soon')).toBe('soon');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it("knows the first day of a day's year", () => {
    expect(startOfYear('2026-11-21')).toBe('2026-01-01');
  });
});
