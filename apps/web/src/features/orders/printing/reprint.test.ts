import { describe, expect, it } from 'vitest';
import { splitByPrinted, wasPrinted } from './reprint';

const row = (id: number, expressPrintTime: string | null, sendPrintTime: string | null = null) => ({ id, expressPrintTime, sendPrintTime });

describe('reprint', () => {
  it('counts the orders whose waybill was printed before', () => {
    const rows = [row(1, '2026-01-01 10:00:00'), row(2, null), row(3, '2026-01-02 10:00:00')];
    const { printed, notPrinted } = splitByPrinted(rows, 'WAYBILL');
    expect(printed.map((r) => r.id)).toEqual([1, 3]);
    expect(notPrinted.map((r) => r.id)).toEqual([2]);
  });

  it('reads the delivery note print time for delivery notes', () => {
    expect(wasPrinted(row(1, '2026-01-01 10:00:00', null), 'DELIVERY')).toBe(false);
    expect(wasPrinted(row(1, null, '2026-01-01 10:00:00'), 'DELIVERY')).toBe(true);
  });

  it('asks nothing when no order was printed', () => {
    expect(splitByPrinted([row(1, null), row(2, null)], 'WAYBILL').printed).toHaveLength(0);
  });
});
