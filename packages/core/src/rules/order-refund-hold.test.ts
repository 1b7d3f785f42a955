import { describe, expect, it } from 'vitest';
import { interceptTaskAllows, needsInterceptTask, refundHeld } from './order-refund-hold.js';

const order = { statusCode: 'CI_ERPSOH_STATUS_VERIFIED', haveRefund: false, intercepted: false, interceptReason: null as string | null };

describe('refund holds', () => {
  it('holds an unshipped order with a refund, or intercepted for one', () => {
    expect(refundHeld({ ...order, haveRefund: true })).toBe(true);
    expect(refundHeld({ ...order, intercepted: true, interceptReason: 'REFUND' })).toBe(true);
    expect(refundHeld({ ...order, statusCode: 'CI_ERPSOH_STATUS_NORMAL', haveRefund: true })).toBe(true);
  });

  it('does not hold an order intercepted for another reason, nor one already sent, closed or cancelled', () => {
    expect(refundHeld({ ...order, intercepted: true, interceptReason: 'CANCELLED' })).toBe(false);
    expect(refundHeld(order)).toBe(false);
    for (const statusCode of ['CI_ERPSOH_STATUS_SEND', 'CI_ERPSOH_STATUS_CLOSE', 'CI_ERPSOH_STATUS_CANCEL']) expect(refundHeld({ ...order, statusCode, haveRefund: true })).toBe(false);
  });

  it('asks for an intercept task only once the order is printed (a waybill number or a printed label) and not sent', () => {
    expect(needsInterceptTask({ statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressNo: null, expressPrintTime: null })).toBe(false);
    expect(needsInterceptTask({ statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressNo: 'SF1', expressPrintTime: null })).toBe(true);
    expect(needsInterceptTask({ statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressNo: null, expressPrintTime: '2026-11-28 10:00' })).toBe(true);
    expect(needsInterceptTask({ statusCode: 'CI_ERPSOH_STATUS_SEND', expressNo: 'SF1', expressPrintTime: '2026-11-28 10:00' })).toBe(false);
  });

  it('lets only an open task be confirmed or released', () => {
    expect(interceptTaskAllows('OPEN', 'confirm')).toBe(true);
    expect(interceptTaskAllows('OPEN', 'release')).toBe(true);
    expect(interceptTaskAllows('INTERCEPTED', 'release')).toBe(false);
    expect(interceptTaskAllows('RELEASED', 'confirm')).toBe(false);
  });
});
