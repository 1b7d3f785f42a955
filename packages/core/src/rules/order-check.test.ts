import { describe, expect, it } from 'vitest';
import { SendForWeighInput } from '../contracts/orders-checking.js';
import { applyScan, checkComplete, checkWeight, compareContent, matchScan, type CheckableLine } from './order-check.js';

const lines: CheckableLine[] = [
  { lineId: 1, skuId: 10, skuCode: 'A-1', barCode: '690001', qty: 2 },
  { lineId: 2, skuId: 11, skuCode: 'B-1', barCode: null, qty: 1 },
  { lineId: 3, skuId: 10, skuCode: 'A-1', barCode: '690001', qty: 1 },
];

describe('matching scans to order lines', () => {
  it('ticks a line by bar code, or by SKU code when the SKU has no bar code', () => {
    expect(matchScan(lines, {}, ' 690001 ')).toEqual({ ok: true, lineId: 1 });
    expect(matchScan(lines, {}, 'b-1')).toEqual({ ok: true, lineId: 2 });
  });

  it('moves to the next line of the same SKU when the first is complete', () => {
    expect(matchScan(lines, { 1: 2 }, '690001')).toEqual({ ok: true, lineId: 3 });
  });

  it('refuses an item the order lacks', () => {
    expect(matchScan(lines, {}, 'ZZZ')).toMatchObject({ ok: false, reason: 'NOT_IN_ORDER' });
  });

  it('refuses an extra piece once every line of the SKU is complete', () => {
    expect(matchScan(lines, { 2: 1 }, 'B-1')).toMatchObject({ ok: false, reason: 'EXTRA', skuCode: 'B-1' });
  });

  it('is complete only when every line has exactly its quantity', () => {
    let p = {};
    for (const id of [1, 1, 2]) p = applyScan(p, id);
    expect(checkComplete(lines, p)).toBe(false);
    expect(checkComplete(lines, applyScan(p, 3))).toBe(true);
  });
});

describe('comparing checked content with the order', () => {
  it('accepts exactly the order, by SKU or by line', () => {
    expect(compareContent(lines, [{ skuId: 10, qty: 3 }, { lineId: 2, qty: 1 }])).toEqual({ wrong: [], extra: [], missing: [] });
  });

  it('names wrong, extra and missing items', () => {
    const d = compareContent(lines, [{ skuId: 99, qty: 1 }, { skuId: 10, qty: 4 }]);
    expect(d.wrong).toEqual([{ skuId: 99, lineId: null }]);
    expect(d.extra).toEqual([{ skuCode: 'A-1', expected: 3, scanned: 4 }]);
    expect(d.missing).toEqual([{ skuCode: 'B-1', expected: 1, scanned: 0 }]);
  });
});

describe('the weighing margin', () => {
  it('passes within the margin and fails beyond it', () => {
    expect(checkWeight('2.000', '2.200', 10)).toEqual({ within: true, difference: '0.200', allowed: '0.200' });
    expect(checkWeight('2.000', '1.799', 10).within).toBe(false);
    expect(checkWeight('2.000', '2.201', 10).within).toBe(false);
  });

  it('passes when the goods have no weight to compare with', () => {
    expect(checkWeight('0', '5', 10).within).toBe(true);
  });

  it('refuses a weight with four decimals', () => {
    const parsed = SendForWeighInput.safeParse({ id: 1, weight: '1.2345' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Weight cannot exceed three decimals');
    expect(SendForWeighInput.safeParse({ id: 1, weight: '1.234' }).success).toBe(true);
  });
});
