import { describe, expect, it } from 'vitest';
import { parseCountedQtyText, StockCheckCountInput } from './stock-check.js';

describe('counted quantity as typed in a spreadsheet', () => {
  it('reads whole numbers, also with a trailing .0', () => {
    expect(parseCountedQtyText(' 12 ')).toEqual({ qty: 12 });
    expect(parseCountedQtyText('7.0')).toEqual({ qty: 7 });
    expect(parseCountedQtyText('0')).toEqual({ qty: 0 });
  });

  it('names why a cell is not a count', () => {
    expect(parseCountedQtyText('')).toEqual({ problem: 'EMPTY' });
    expect(parseCountedQtyText('-1')).toEqual({ problem: 'NEGATIVE' });
    expect(parseCountedQtyText('2.5')).toEqual({ problem: 'FRACTION' });
    expect(parseCountedQtyText('ten')).toEqual({ problem: 'NOT_A_NUMBER' });
    expect(parseCountedQtyText('1e3')).toEqual({ problem: 'NOT_A_NUMBER' });
    // A comma could be a decimal or a thousands separator: not guessed.
    expect(parseCountedQtyText('1,5')).toEqual({ problem: 'NOT_A_NUMBER' });
    expect(parseCountedQtyText('100000001')).toEqual({ problem: 'TOO_LARGE' });
  });
});

describe('hand count payload', () => {
  it('refuses a negative or fractional count and names the line', () => {
    const negative = StockCheckCountInput.safeParse({ id: 1, lines: [{ skuId: 2, countedQty: -1 }] });
    expect(negative.success).toBe(false);
    expect(negative.error!.issues[0]!.path).toEqual(['lines', 0, 'countedQty']);
    const fraction = StockCheckCountInput.safeParse({ id: 1, lines: [{ skuId: 2, countedQty: 0.5 }] });
    expect(fraction.error!.issues[0]!.path).toEqual(['lines', 0, 'countedQty']);
  });

  it('takes null to clear a count and location 0 when none is given', () => {
    expect(StockCheckCountInput.parse({ id: 1, lines: [{ skuId: 2, countedQty: null }] }).lines[0]).toEqual({ skuId: 2, locationId: 0, countedQty: null });
  });
});
