import { describe, expect, it } from 'vitest';
import { allocatePurchaseFreight, purchaseOrderAllows, purchaseOrderStatusAfter, purchaseReceiptLimit, purchaseReceiveStatus } from './purchasing.js';

describe('purchase order actions by state', () => {
  it('lets a draft be edited, submitted, invalidated and deleted, but not verified', () => {
    expect(['update', 'submit', 'invalid', 'delete'].every((a) => purchaseOrderAllows('DRAFT', a as never))).toBe(true);
    expect(purchaseOrderAllows('DRAFT', 'verify')).toBe(false);
  });
  it('lets a submitted order be verified, rejected or retracted only', () => {
    expect(purchaseOrderAllows('SUBMIT', 'verify')).toBe(true);
    expect(purchaseOrderAllows('SUBMIT', 'update')).toBe(false);
    expect(purchaseOrderStatusAfter('reject')).toBe('DRAFT');
    expect(purchaseOrderStatusAfter('retract')).toBe('DRAFT');
  });
  it('lets a verified order only be closed short, and a complete one nothing', () => {
    expect(purchaseOrderAllows('VERIFY', 'closeShort')).toBe(true);
    expect(purchaseOrderAllows('VERIFY', 'delete')).toBe(false);
    expect(purchaseOrderAllows('COMPLETE', 'closeShort')).toBe(false);
    expect(purchaseOrderAllows('INVALID', 'delete')).toBe(true);
  });
});

describe('purchase receipt limit and state', () => {
  it('allows exactly the ordered quantity without a tolerance, and rounds a tolerance down', () => {
    expect(purchaseReceiptLimit(100)).toBe(100);
    expect(purchaseReceiptLimit(100, '0.1')).toBe(110);
    expect(purchaseReceiptLimit(7, '0.1')).toBe(7);
    expect(purchaseReceiptLimit(15, '0.1')).toBe(16);
  });
  it('derives the receipt state from the line counters', () => {
    expect(purchaseReceiveStatus([{ orderedQty: 10, receivedQty: 0, closedShortQty: 0 }])).toBe('UNRECEIVE');
    expect(purchaseReceiveStatus([{ orderedQty: 10, receivedQty: 4, closedShortQty: 0 }])).toBe('PART_RECEIVE');
    expect(
      purchaseReceiveStatus([
        { orderedQty: 10, receivedQty: 11, closedShortQty: 0 },
        { orderedQty: 5, receivedQty: 5, closedShortQty: 0 },
      ]),
    ).toBe('COMPLETE_RECEIVE');
    expect(purchaseReceiveStatus([{ orderedQty: 10, receivedQty: 4, closedShortQty: 6 }])).toBe('CLOSED_SHORT');
  });
});

describe('freight allocated over the lines of a purchase order', () => {
  const sum = (parts: { freight: string }[]) => parts.reduce((s, p) => s + Math.round(Number(p.freight) * 10000), 0);

  it('spreads freight by line amount', () => {
    const r = allocatePurchaseFreight(
      [
        { qty: 10, price: '2' },
        { qty: 5, price: '12' },
      ],
      '8',
      'AMOUNT',
    );
    // Amounts 20 and 60: a quarter and three quarters.
    expect(r).toEqual({
      ok: true,
      lines: [
        { freight: '2.0000', freightPerUnit: '0.2000', landedUnitCost: '2.2000' },
        { freight: '6.0000', freightPerUnit: '1.2000', landedUnitCost: '13.2000' },
      ],
    });
  });

  it('spreads freight by pieces', () => {
    const r = allocatePurchaseFreight(
      [
        { qty: 1, price: '100' },
        { qty: 3, price: '1' },
      ],
      '4',
      'QUANTITY',
    );
    expect(r.ok && r.lines.map((l) => [l.freight, l.landedUnitCost])).toEqual([
      ['1.0000', '101.0000'],
      ['3.0000', '2.0000'],
    ]);
  });

  it('spreads freight by weight, and refuses a priced line without weight naming it', () => {
    const r = allocatePurchaseFreight(
      [
        { qty: 2, price: '5', weight: '0.5' },
        { qty: 1, price: '5', weight: '3' },
      ],
      '10',
      'WEIGHT',
    );
    expect(r.ok && r.lines.map((l) => l.freight)).toEqual(['2.5000', '7.5000']);
    expect(
      allocatePurchaseFreight(
        [
          { qty: 2, price: '5', weight: '0.5' },
          { qty: 1, price: '5', weight: null },
        ],
        '10',
        'WEIGHT',
      ),
    ).toEqual({ ok: false, reason: 'WEIGHT_MISSING', index: 1 });
  });

  it('gives the rounding remainder to the last line so the parts add up exactly', () => {
    const r = allocatePurchaseFreight(
      [
        { qty: 1, price: '1' },
        { qty: 1, price: '1' },
        { qty: 1, price: '1' },
      ],
      '10',
      'QUANTITY',
    );
    expect(r.ok && r.lines.map((l) => l.freight)).toEqual(['3.3333', '3.3333', '3.3334']);
    expect(r.ok && sum(r.lines)).toBe(100000);
    const odd = allocatePurchaseFreight(
      [
        { qty: 7, price: '0.0003' },
        { qty: 13, price: '9.9999' },
        { qty: 3, price: '0.0001' },
      ],
      '0.0007',
      'AMOUNT',
    );
    expect(odd.ok && sum(odd.lines)).toBe(7);
    // 3 pieces share 0.0010: 0.0003 per piece (rounded), the line's part stays exact.
    const perUnit = allocatePurchaseFreight([{ qty: 3, price: '1' }], '0.001', 'QUANTITY');
    expect(perUnit.ok && perUnit.lines[0]).toEqual({ freight: '0.0010', freightPerUnit: '0.0003', landedUnitCost: '1.0003' });
  });

  it('gives unpriced lines no freight, and refuses freight with nothing priced to carry it', () => {
    const r = allocatePurchaseFreight(
      [
        { qty: 5, price: null },
        { qty: 5, price: '1' },
      ],
      '3',
      'QUANTITY',
    );
    expect(r.ok && r.lines).toEqual([
      { freight: '0.0000', freightPerUnit: '0.0000', landedUnitCost: null },
      { freight: '3.0000', freightPerUnit: '0.6000', landedUnitCost: '1.6000' },
    ]);
    expect(allocatePurchaseFreight([{ qty: 5, price: null }], '3', 'QUANTITY')).toEqual({ ok: false, reason: 'NO_BASIS' });
    expect(allocatePurchaseFreight([{ qty: 5, price: '0' }], '3', 'AMOUNT')).toEqual({ ok: false, reason: 'NO_BASIS' });
  });

  it('leaves prices as they are without freight, weights or not', () => {
    const r = allocatePurchaseFreight([{ qty: 2, price: '1.5', weight: null }], null, 'WEIGHT');
    expect(r).toEqual({ ok: true, lines: [{ freight: '0.0000', freightPerUnit: '0.0000', landedUnitCost: '1.5000' }] });
    expect(allocatePurchaseFreight([{ qty: 2, price: null }], '0', 'AMOUNT')).toEqual({ ok: true, lines: [{ freight: '0.0000', freightPerUnit: '0.0000', landedUnitCost: null }] });
  });
});
