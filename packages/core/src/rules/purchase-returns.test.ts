import { describe, expect, it } from 'vitest';
import { averageCostAfterIssue, purchaseReturnActions, purchaseReturnAllows, purchaseReturnable, purchaseReturnStatusAfter, weightedUnitCost } from './purchase-returns.js';

describe('purchase return rules', () => {
  it('lets a draft be edited, submitted, invalidated and deleted, and a submitted return be verified, rejected or retracted', () => {
    expect(purchaseReturnActions('DRAFT')).toEqual(['update', 'submit', 'invalid', 'delete']);
    expect(purchaseReturnAllows('SUBMIT', 'verify')).toBe(true);
    expect(purchaseReturnAllows('DRAFT', 'verify')).toBe(false);
    expect(purchaseReturnAllows('VERIFY', 'reject')).toBe(false);
    expect(purchaseReturnActions('COMPLETE')).toEqual([]);
    expect(purchaseReturnStatusAfter('invalid')).toBe('CLOSE');
    expect(purchaseReturnStatusAfter('reject')).toBe('DRAFT');
  });

  it('returns no more than stocked in less already returned', () => {
    expect(purchaseReturnable({ receivedQty: 6, returnedQty: 2 })).toBe(4);
    expect(purchaseReturnable({ receivedQty: 1, returnedQty: 3 })).toBe(0);
  });

  it('keeps the value left when pieces leave at their receipt cost', () => {
    expect(averageCostAfterIssue({ qtyBefore: 6, averageBefore: '10', qtyOut: 2, unitCost: '8' })).toBe('11.0000');
    expect(averageCostAfterIssue({ qtyBefore: 3, averageBefore: '1', qtyOut: 2, unitCost: '9' })).toBe('0.0000');
    expect(averageCostAfterIssue({ qtyBefore: 2, averageBefore: '5', qtyOut: 2, unitCost: '8' })).toBe('5');
    expect(averageCostAfterIssue({ qtyBefore: 4, averageBefore: null, qtyOut: 1, unitCost: '8' })).toBeNull();
  });

  it('weighs receipt costs by quantity, ignoring unpriced receipts', () => {
    expect(
      weightedUnitCost([
        { qty: 1, unitCost: '1' },
        { qty: 2, unitCost: '2.5' },
        { qty: 5, unitCost: null },
      ]),
    ).toBe('2.0000');
    expect(weightedUnitCost([{ qty: 3, unitCost: null }])).toBeNull();
  });
});
