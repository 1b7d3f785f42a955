import { describe, expect, it } from 'vitest';
import { allocationFits, paidAllows, payableActions, payableAllows, payableLineMatches, paymentStatusOf, purchaseSettleStatus } from './finance.js';

describe('payable and payment rules', () => {
  it('lets a verified payable be invalidated only while nothing is paid on it', () => {
    expect(payableAllows('VERIFIED', 'invalid', { amount: '10.0000', outstanding: '10.0000' })).toBe(true);
    expect(payableAllows('VERIFIED', 'invalid', { amount: '10.0000', outstanding: '9.9999' })).toBe(false);
    expect(payableActions('VERIFIED', { amount: '10', outstanding: '0' })).toEqual([]);
    expect(payableActions('DRAFT')).toEqual(['update', 'submit', 'invalid', 'delete']);
    expect(payableAllows('SUBMIT', 'update')).toBe(false);
  });

  it('cancels a verified payment with invalid and deletes only drafts and invalidated ones', () => {
    expect(paidAllows('VERIFIED', 'invalid')).toBe(true);
    expect(paidAllows('VERIFIED', 'delete')).toBe(false);
    expect(paidAllows('SUBMIT', 'verify')).toBe(true);
    expect(paidAllows('DRAFT', 'verify')).toBe(false);
    expect(paidAllows('VERIFIED', 'invalid', { amountPaid: '20', remaining: '20.0000' })).toBe(true);
    expect(paidAllows('VERIFIED', 'invalid', { amountPaid: '20', remaining: '0.0000' })).toBe(false);
  });

  it('derives the payment state from amount and outstanding, exactly', () => {
    expect(paymentStatusOf('48.6665', '48.6665')).toBe('NOT_PAID');
    expect(paymentStatusOf('48.6665', '0.0001')).toBe('PARTIAL_PAYMENT');
    expect(paymentStatusOf('48.6665', '0')).toBe('PAID');
    expect(paymentStatusOf('-16', '-16')).toBe('NOT_PAID');
  });

  it('fits an allocation of the payable’s sign up to what is outstanding, never zero or beyond', () => {
    expect(allocationFits('10', '10')).toBe(true);
    expect(allocationFits('10', '10.0001')).toBe(false);
    expect(allocationFits('10', '-1')).toBe(false);
    expect(allocationFits('10', '0')).toBe(false);
    expect(allocationFits('-16', '-16')).toBe(true);
    expect(allocationFits('-16', '-16.0001')).toBe(false);
    expect(allocationFits('-16', '1')).toBe(false);
    expect(allocationFits('0', '0.0001')).toBe(false);
  });

  it('matches a payable line only when quantity × price agrees with the receipt and the order', () => {
    const line = { payableQty: 4, payablePrice: '8.5000', receiveQty: 4, receivePrice: '8.5000', orderPrice: '8.5' };
    expect(payableLineMatches(line)).toBe(true);
    expect(payableLineMatches({ ...line, payablePrice: '8.5001' })).toBe(false);
    expect(payableLineMatches({ ...line, payableQty: 3 })).toBe(false);
    expect(payableLineMatches({ ...line, receivePrice: null })).toBe(true);
    expect(payableLineMatches({ ...line, orderPrice: '9' })).toBe(false);
  });

  it('places a purchase order on the settlement axis from its lines', () => {
    expect(purchaseSettleStatus([{ receivedQty: 0, returnedQty: 0, settledQty: 0 }])).toBe('NOT_PAYABLE');
    expect(purchaseSettleStatus([{ receivedQty: 4, returnedQty: 0, settledQty: 0 }])).toBe('TO_SETTLE');
    expect(purchaseSettleStatus([{ receivedQty: 4, returnedQty: 0, settledQty: 2 }])).toBe('PART_SETTLED');
    expect(purchaseSettleStatus([{ receivedQty: 4, returnedQty: 2, settledQty: 2 }])).toBe('SETTLED');
  });
});
