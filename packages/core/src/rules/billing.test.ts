import { describe, expect, it } from 'vitest';
import { addMonths, billingOrderAllows, editionAction, purchaseEffect, yuanToFen } from './billing.js';
import { fenToYuan } from './reports.js';

const now = new Date('2026-11-28T08:00:00Z');
const domain = (level: string, expireTime: string | null, storeQuota = 0) => ({ level, expireTime: expireTime ? new Date(expireTime) : null, byStore: false, storeQuota });

describe('billing rules', () => {
  it('adds calendar months, landing on the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-28T08:00:00Z'), 12).toISOString()).toBe('2027-11-28T08:00:00.000Z');
  });

  it('sells the running level as a renewal and higher levels as upgrades, never a lower level before it ends', () => {
    const running = domain('PRO', '2027-01-01T00:00:00Z');
    expect(editionAction(running, 'PRO', now)).toBe('RENEW');
    expect(editionAction(running, 'INFINITE', now)).toBe('UPGRADE');
    expect(editionAction(running, 'STANDARD', now)).toBeNull();
    expect(editionAction(domain('PRO', '2026-01-01T00:00:00Z'), 'STANDARD', now)).toBe('UPGRADE');
  });

  it('adds a renewal to the running expiry, and starts another level or an expired one at the payment', () => {
    expect(purchaseEffect(domain('PRO', '2027-01-15T08:00:00Z'), { kind: 'EDITION', level: 'PRO', months: 1, storeCount: null }, now).expireTime!.toISOString()).toBe('2027-02-15T08:00:00.000Z');
    expect(purchaseEffect(domain('PRO', '2026-10-01T00:00:00Z'), { kind: 'EDITION', level: 'PRO', months: 1, storeCount: null }, now).expireTime!.toISOString()).toBe('2026-12-28T08:00:00.000Z');
    const upgraded = purchaseEffect(domain('PRO', '2027-01-15T08:00:00Z'), { kind: 'EDITION', level: 'INFINITE', months: 12, storeCount: null }, now);
    expect(upgraded).toMatchObject({ level: 'INFINITE', storeQuota: 0 });
    expect(upgraded.expireTime!.toISOString()).toBe('2027-11-28T08:00:00.000Z');
  });

  it('adds a store pack to the store slots and leaves the edition as it is', () => {
    const after = purchaseEffect(domain('STANDARD', '2027-01-15T08:00:00Z', 3), { kind: 'STORE_PACK', level: null, months: null, storeCount: 5 }, now);
    expect(after).toEqual({ level: 'STANDARD', expireTime: new Date('2027-01-15T08:00:00Z'), storeQuota: 8 });
  });

  it('lets only a waiting order be paid or closed, a closed or failed one be rebuilt, a paid one be refunded', () => {
    expect(billingOrderAllows('WAIT_PAY', 'pay')).toBe(true);
    expect(billingOrderAllows('PAID', 'close')).toBe(false);
    expect(billingOrderAllows('FAILED', 'rebuild')).toBe(true);
    expect(billingOrderAllows('WAIT_PAY', 'rebuild')).toBe(false);
    expect(billingOrderAllows('PAID', 'refund')).toBe(true);
    expect(billingOrderAllows('CLOSED', 'refund')).toBe(false);
  });

  it('converts fen and yuan text exactly, refusing a part of a fen', () => {
    expect(fenToYuan(298050)).toBe('2980.50');
    expect(fenToYuan(5)).toBe('0.05');
    expect(yuanToFen('2980.5')).toBe(298050);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('1.005')).toBeNull();
    expect(yuanToFen('19.9000')).toBe(1990);
    expect(yuanToFen('19.9010')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
  });
});
