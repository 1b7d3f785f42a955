import { describe, expect, it } from 'vitest';
import { purchaseOrderAllows, purchaseOrderStatusAfter, purchaseReceiptLimit, purchaseReceiveStatus } from './purchasing.js';

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
