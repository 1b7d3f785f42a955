import { describe, expect, it } from 'vitest';
import { planManualSplit, planOutOfStockSplit, preAllocateStockOut } from './order-split.js';

const line = (lineId: number, qty: number, skuId = lineId * 10, perUnit = 1) => ({ lineId, qty, components: [{ skuId, perUnit }] });

describe('planManualSplit', () => {
  it('moves the asked quantities, adding up a line named twice', () => {
    expect(planManualSplit([{ lineId: 1, qty: 5 }, { lineId: 2, qty: 1 }], [{ lineId: 1, qty: 2 }, { lineId: 1, qty: 1 }])).toEqual({ ok: true, moves: [{ lineId: 1, qty: 3 }] });
  });
  it('refuses more than the line quantity', () => {
    expect(planManualSplit([{ lineId: 1, qty: 2 }], [{ lineId: 1, qty: 3 }])).toEqual({ ok: false, error: 'SPLIT_TOO_MUCH', params: { lineId: 1, qty: 3, max: 2 } });
  });
  it('refuses a split that leaves the parent empty', () => {
    expect(planManualSplit([{ lineId: 1, qty: 2 }], [{ lineId: 1, qty: 2 }])).toMatchObject({ ok: false, error: 'SPLIT_NOTHING_LEFT' });
  });
  it('refuses a line of another order', () => {
    expect(planManualSplit([{ lineId: 1, qty: 2 }], [{ lineId: 9, qty: 1 }])).toMatchObject({ ok: false, error: 'LINE_NOT_FOUND', params: { lineId: 9 } });
  });
});

describe('planOutOfStockSplit', () => {
  it("'part' moves only the shortfall: 5 wanted, 2 available gives 2 kept and 3 moved", () => {
    const plan = planOutOfStockSplit([line(1, 5), line(2, 1)], new Map([[10, 2], [20, 4]]), 'part');
    expect(plan).toEqual({ moves: [{ lineId: 1, qty: 3 }], nothingShort: false, nothingLeft: false });
  });
  it("'all' moves the short line wholly", () => {
    const plan = planOutOfStockSplit([line(1, 5), line(2, 1)], new Map([[10, 2], [20, 4]]), 'all');
    expect(plan.moves).toEqual([{ lineId: 1, qty: 5 }]);
  });
  it('lets earlier lines of the same SKU take the stock first', () => {
    const plan = planOutOfStockSplit([line(1, 2, 10), line(2, 2, 10)], new Map([[10, 3]]), 'part');
    expect(plan.moves).toEqual([{ lineId: 2, qty: 1 }]);
  });
  it('counts a combination by its components', () => {
    const combo = { lineId: 1, qty: 3, components: [{ skuId: 10, perUnit: 2 }, { skuId: 20, perUnit: 1 }] };
    expect(planOutOfStockSplit([combo, line(2, 1, 30)], new Map([[10, 5], [20, 9], [30, 1]]), 'part').moves).toEqual([{ lineId: 1, qty: 1 }]);
  });
  it('says when nothing is short and when nothing would be left', () => {
    expect(planOutOfStockSplit([line(1, 1)], new Map([[10, 1]]), 'all').nothingShort).toBe(true);
    expect(planOutOfStockSplit([line(1, 2)], new Map(), 'part').nothingLeft).toBe(true);
  });
  it('keeps lines that take no stock', () => {
    expect(planOutOfStockSplit([{ lineId: 1, qty: 2, components: [] }, line(2, 1)], new Map(), 'all').moves).toEqual([{ lineId: 2, qty: 1 }]);
  });
});

describe('preAllocateStockOut', () => {
  it('serves orders by the order given and marks the ones left short', () => {
    const answer = preAllocateStockOut(
      [
        { id: 1, warehouseId: 7, lines: [line(11, 2, 100)] },
        { id: 2, warehouseId: 7, lines: [line(21, 2, 100), line(22, 1, 200)] },
        { id: 3, warehouseId: 7, lines: [line(31, 1, 100)] },
      ],
      new Map([['7:100', 3], ['7:200', 5]]),
    );
    expect([...answer.stockOutIds]).toEqual([2]);
    expect([...answer.stockOutLineIds]).toEqual([21]);
  });
  it('keeps warehouses apart and leaves orders without a warehouse out', () => {
    const answer = preAllocateStockOut(
      [
        { id: 1, warehouseId: 7, lines: [line(11, 1, 100)] },
        { id: 2, warehouseId: 8, lines: [line(21, 1, 100)] },
        { id: 3, warehouseId: null, lines: [line(31, 1, 100)] },
      ],
      new Map([['7:100', 1]]),
    );
    expect([...answer.stockOutIds]).toEqual([2]);
  });
});
