import { describe, expect, it } from 'vitest';
import { formatRangeTime, snapRange } from './date-range.js';

describe('date ranges', () => {
  it('snaps a day range to the start and end of the days', () => {
    const [a, b] = snapRange([new Date(2026, 10, 3, 15, 20), new Date(2026, 10, 5, 8, 0)]);
    expect(formatRangeTime(a)).toBe('2026-11-03 00:00:00');
    expect(formatRangeTime(b)).toBe('2026-11-05 23:59:59');
  });
  it('snaps a month range to the first and last day of the months', () => {
    const [a, b] = snapRange([new Date(2026, 1, 10), new Date(2026, 1, 11)], 'month');
    expect(formatRangeTime(a)).toBe('2026-02-01 00:00:00');
    expect(formatRangeTime(b)).toBe('2026-02-28 23:59:59');
  });
  it('orders a range picked backwards', () => {
    const [a, b] = snapRange([new Date(2026, 0, 9), new Date(2026, 0, 2)]);
    expect(a.getDate()).toBe(2);
    expect(b.getDate()).toBe(9);
  });
});
