import { describe, expect, it } from 'vitest';
import { orderAllows, orderStatusesAllowing } from './order-actions.js';

describe('order actions by status', () => {
  it('allows review only while pending, cancel review only when reviewed, reopening only when closed', () => {
    expect(orderStatusesAllowing('verify')).toEqual(['CI_ERPSOH_STATUS_NORMAL']);
    expect(orderStatusesAllowing('cancelVerify')).toEqual(['CI_ERPSOH_STATUS_VERIFIED']);
    expect(orderStatusesAllowing('cancelClose')).toEqual(['CI_ERPSOH_STATUS_CLOSE']);
  });

  it('lets pending and reviewed orders be locked, closed and change courier, but only pending ones change warehouse or lines', () => {
    for (const action of ['lock', 'unlock', 'close', 'updateExpress', 'updateReceiver', 'recycleExpressNo', 'releaseRisk'] as const) {
      expect(orderStatusesAllowing(action)).toEqual(['CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED']);
    }
    for (const action of ['updateWarehouse', 'merge', 'split', 'addSku', 'convert'] as const) expect(orderStatusesAllowing(action)).toEqual(['CI_ERPSOH_STATUS_NORMAL']);
  });

  it('flags an order in any status and allows nothing for an unknown status', () => {
    expect(orderStatusesAllowing('updateSellerFlag')).toHaveLength(6);
    expect(orderAllows('CI_ERPSOH_STATUS_SEND', 'close')).toBe(false);
    expect(orderAllows('NO_SUCH_STATUS', 'updateSellerFlag')).toBe(false);
  });
});
