import { describe, expect, it } from 'vitest';
import type { ReplenishmentRow } from '@openseller/core';
import { draftsFromSuggestions, mergeImportedLines, prefillOf, PREFILL_STATE_KEY } from './prefill';

const row = (over: Partial<ReplenishmentRow>): ReplenishmentRow => ({
  skuId: 1,
  skuCode: 'A',
  skuName: 'Mug',
  skuSpec: 'Blue',
  whId: 10,
  warehouseName: 'Hangzhou',
  soldQty: 30,
  dailySales: '1.00',
  onHand: 0,
  allocated: 0,
  inTransitQty: 0,
  onOrderQty: 0,
  warningQty: null,
  suggestedQty: 21,
  supplierId: 5,
  supplierCode: 'S5',
  supplierName: 'Yiwu',
  purchasePrice: '2.5000',
  ...over,
});

describe('drafting purchase orders from suggestions', () => {
  it('makes one order per supplier and warehouse, suppliers first, and leaves out rows with nothing to buy', () => {
    const drafts = draftsFromSuggestions([
      row({ skuId: 1, skuCode: 'A' }),
      row({ skuId: 2, skuCode: 'B', suggestedQty: 4, purchasePrice: undefined }),
      row({ skuId: 3, skuCode: 'C', supplierId: null, supplierName: null, supplierCode: null }),
      row({ skuId: 1, skuCode: 'A', whId: 11, warehouseName: 'Ningbo' }),
      row({ skuId: 4, skuCode: 'D', suggestedQty: 0 }),
      row({ skuId: 5, skuCode: 'E', supplierId: 6, supplierName: 'Anji' }),
    ]);
    expect(drafts.map((d) => [d.supplierId, d.whId, d.lines.map((l) => [l.skuCode, l.qty, l.price])])).toEqual([
      [6, 10, [['E', 21, '2.5000']]],
      [5, 10, [['A', 21, '2.5000'], ['B', 4, null]]],
      [5, 11, [['A', 21, '2.5000']]],
      [null, 10, [['C', 21, '2.5000']]],
    ]);
  });

  it('reads a prefill only from the router state that carries one', () => {
    const prefill = draftsFromSuggestions([row({})])[0]!;
    expect(prefillOf({ [PREFILL_STATE_KEY]: prefill })).toBe(prefill);
    expect(prefillOf(null)).toBeNull();
    expect(prefillOf({ other: 1 })).toBeNull();
    expect(prefillOf({ [PREFILL_STATE_KEY]: { lines: 'x' } })).toBeNull();
  });
});

describe('imported lines', () => {
  it('replace the lines of the same SKU in place, keeping a price the file leaves empty, and add the others after', () => {
    const merged = mergeImportedLines(
      [
        { skuId: 1, qty: 1, price: '1' },
        { skuId: 2, qty: 2, price: '2' },
        { skuId: 4, qty: 4, price: '4' },
      ],
      [
        { skuId: 2, qty: 20, price: null },
        { skuId: 4, qty: 40, price: '4.5' },
        { skuId: 3, qty: 30, price: null },
      ],
    );
    expect(merged).toEqual([
      { skuId: 1, qty: 1, price: '1' },
      { skuId: 2, qty: 20, price: '2' },
      { skuId: 4, qty: 40, price: '4.5' },
      { skuId: 3, qty: 30, price: null },
    ]);
  });
});
