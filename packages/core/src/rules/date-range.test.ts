import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatRangeTime, snapRange } from './date-range.js';

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

describe('date and time formats', () => {
  const at = new Date(2026, 10, 27, 16, 47, 55);

  it("shows a moment as 'YYYY-MM-DD HH:mm', the spec's default, whatever form it arrives in", () => {
    expect(formatDateTime(at)).toBe('2026-11-27 16:47');
    expect(formatDateTime(at.toISOString())).toBe('2026-11-27 16:47');
    expect(formatDateTime(at.getTime())).toBe('2026-11-27 16:47');
    expect(formatDateTime('2026-11-27 16:47:55')).toBe('2026-11-27 16:47');
  });

  it('adds the seconds when asked, as the range picker shows them', () => {
    expect(formatDateTime(at, { seconds: true })).toBe('2026-11-27 16:47:55');
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5), { seconds: true })).toBe('2026-01-02 03:04:05');
  });

  it("shows a day as 'YYYY-MM-DD' and a month as 'YYYY-MM'", () => {
    expect(formatDate(at)).toBe('2026-11-27');
    expect(formatMonth(at.toISOString())).toBe('2026-11');
  });

  it('keeps a bare calendar date on its own day in every time zone', () => {
    expect(formatDate('2026-03-01')).toBe('2026-03-01');
    expect(formatDateTime('2026-03-01')).toBe('2026-03-01 00:00');
  });

  it('answers an empty text for a value that names no moment', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(formatDateTime(value)).toBe('');
      expect(formatDate(value)).toBe('');
    }
  });
});
