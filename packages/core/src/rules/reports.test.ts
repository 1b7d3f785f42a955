import { describe, expect, it } from 'vitest';
import { fenToYuan, marginPercent, reportPeriodDays } from './reports.js';

describe('sales report arithmetic', () => {
  it('writes fen as yuan with two decimals, negative ones too', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1234)).toBe('12.34');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(100000000001)).toBe('1000000000.01');
  });
  it('rounds the margin half up in integers and has none without net sales', () => {
    expect(marginPercent(1, 3)).toBe('33.33');
    expect(marginPercent(2, 3)).toBe('66.67');
    expect(marginPercent(-1, 3)).toBe('-33.33');
    expect(marginPercent(5, 0)).toBeNull();
  });
  it('counts the days of a period with both ends, across a leap day', () => {
    expect(reportPeriodDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(reportPeriodDays('2026-01-01', '2026-12-31')).toBe(365);
    expect(reportPeriodDays('2026-01-02', '2026-01-01')).toBe(0);
  });
});
