import { describe, expect, it } from 'vitest';
import { autoVerifyHold, type AutoVerifyCandidate, type AutoVerifyConditions } from './auto-verify.js';

const now = new Date('2026-05-01T12:00:00Z');
const open: AutoVerifyConditions = { storeIdList: [], amountMin: null, amountMax: null, skuCodeList: [], remarkRule: 'ANY', minutesAfterPay: 0 };
const order: AutoVerifyCandidate = { storeId: 7, amountTotal: '99.50', skuCodes: ['A', 'B'], buyerMessage: null, sellerRemark: '  ', payTime: new Date('2026-05-01T11:00:00Z') };

describe('autoVerifyHold', () => {
  it('lets any order through a rule without conditions', () => {
    expect(autoVerifyHold(open, order, now)).toBeNull();
  });
  it('keeps an order of another store', () => {
    expect(autoVerifyHold({ ...open, storeIdList: [8] }, order, now)).toBe('AUTO_VERIFY_STORE');
  });
  it('compares amounts exactly, bounds included', () => {
    expect(autoVerifyHold({ ...open, amountMin: '99.50', amountMax: '99.5' }, order, now)).toBeNull();
    expect(autoVerifyHold({ ...open, amountMin: '99.51' }, order, now)).toBe('AUTO_VERIFY_AMOUNT_LOW');
    expect(autoVerifyHold({ ...open, amountMax: '99.49' }, order, now)).toBe('AUTO_VERIFY_AMOUNT_HIGH');
  });
  it('keeps an order with a line outside the SKU list, or an unmapped line', () => {
    expect(autoVerifyHold({ ...open, skuCodeList: ['A'] }, order, now)).toBe('AUTO_VERIFY_SKU');
    expect(autoVerifyHold({ ...open, skuCodeList: ['A', 'B'] }, { ...order, skuCodes: ['A', null] }, now)).toBe('AUTO_VERIFY_SKU');
  });
  it('reads a blank remark as none', () => {
    expect(autoVerifyHold({ ...open, remarkRule: 'NONE' }, order, now)).toBeNull();
    expect(autoVerifyHold({ ...open, remarkRule: 'HAS' }, order, now)).toBe('AUTO_VERIFY_NO_REMARK');
    expect(autoVerifyHold({ ...open, remarkRule: 'NONE' }, { ...order, buyerMessage: '快点发' }, now)).toBe('AUTO_VERIFY_HAS_REMARK');
  });
  it('waits the minutes since payment, and keeps an unpaid order', () => {
    expect(autoVerifyHold({ ...open, minutesAfterPay: 60 }, order, now)).toBeNull();
    expect(autoVerifyHold({ ...open, minutesAfterPay: 61 }, order, now)).toBe('AUTO_VERIFY_TOO_SOON');
    expect(autoVerifyHold({ ...open, minutesAfterPay: 1 }, { ...order, payTime: null }, now)).toBe('AUTO_VERIFY_NOT_PAID');
  });
});
