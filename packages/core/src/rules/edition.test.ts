import { describe, expect, it } from 'vitest';
import { maxMergedOrders } from '../catalogues/levels.js';
import {
  canSeeField,
  domainExtraMenus,
  effectiveLevel,
  expiryWording,
  hasActiveTrial,
  isDomainExpired,
  usesLiteDistributionMenus,
} from './edition.js';

const now = new Date('2026-11-21T12:00:00');
const tomorrow = new Date('2026-11-22T12:00:00');
const yesterday = new Date('2026-11-20T12:00:00');

describe('edition rules', () => {
  it('counts a trial only while it has not expired', () => {
    expect(hasActiveTrial({ level: 'LITE', trialLevel: 'PRO', trialExpireTime: tomorrow }, now)).toBe(true);
    expect(hasActiveTrial({ level: 'LITE', trialLevel: 'PRO', trialExpireTime: yesterday }, now)).toBe(false);
    expect(hasActiveTrial({ level: 'LITE', trialLevel: 'GOLD', trialExpireTime: tomorrow }, now)).toBe(false);
  });

  it('shows a trial level only when it ranks above the formal level', () => {
    expect(effectiveLevel({ level: 'LITE', trialLevel: 'PRO', trialExpireTime: tomorrow }, now)).toBe('PRO');
    expect(effectiveLevel({ level: 'INFINITE', trialLevel: 'PRO', trialExpireTime: tomorrow }, now)).toBe('INFINITE');
    expect(effectiveLevel({ level: 'STANDARD', trialLevel: 'PRO', trialExpireTime: yesterday }, now)).toBe('STANDARD');
  });

  it('expires a domain past its expiry unless billed by store', () => {
    expect(isDomainExpired({ level: 'PRO', expireTime: yesterday }, now)).toBe(true);
    expect(isDomainExpired({ level: 'PRO', expireTime: yesterday, byStore: true }, now)).toBe(false);
    expect(isDomainExpired({ level: 'PRO', expireTime: null }, now)).toBe(false);
  });

  it('words an expiry as today, days left or expired', () => {
    expect(expiryWording(new Date('2026-11-21T23:00:00'), now)).toEqual({ kind: 'today' });
    expect(expiryWording(new Date('2026-11-24T08:00:00'), now)).toEqual({ kind: 'daysLeft', days: 3 });
    expect(expiryWording(yesterday, now)).toEqual({ kind: 'expired' });
  });

  it('adds DISTRIBUTION at paid levels or during an active trial', () => {
    expect(domainExtraMenus({ level: 'STANDARD' }, [], now)).toContain('DISTRIBUTION');
    expect(domainExtraMenus({ level: 'LITE' }, [], now)).not.toContain('DISTRIBUTION');
    expect(domainExtraMenus({ level: 'LITE', trialLevel: 'PRO', trialExpireTime: tomorrow }, [], now)).toContain('DISTRIBUTION');
  });

  it('uses the lite distribution menus for LITE without a trial when DISTRIBUTION is granted', () => {
    expect(usesLiteDistributionMenus({ level: 'LITE' }, ['DISTRIBUTION'], now)).toBe(true);
    expect(usesLiteDistributionMenus({ level: 'LITE' }, [], now)).toBe(false);
    expect(usesLiteDistributionMenus({ level: 'PRO' }, ['DISTRIBUTION'], now)).toBe(false);
  });

  it('shows cost price with the field and purchase price only at paid levels', () => {
    expect(canSeeField('COST_PRICE', ['COST_PRICE'], { level: 'LITE' }, now)).toBe(true);
    expect(canSeeField('COST_PRICE', [], { level: 'PRO' }, now)).toBe(false);
    expect(canSeeField('PURCHASE_PRICE', ['PURCHASE_PRICE'], { level: 'LITE' }, now)).toBe(false);
    expect(canSeeField('PURCHASE_PRICE', ['PURCHASE_PRICE'], { level: 'STANDARD' }, now)).toBe(true);
    expect(canSeeField('PURCHASE_PRICE', ['PURCHASE_PRICE'], { level: 'LITE', trialLevel: 'PRO', trialExpireTime: tomorrow }, now)).toBe(true);
  });

  it('limits merged orders by tier', () => {
    expect(maxMergedOrders('LITE')).toBe(6);
    expect(maxMergedOrders('STANDARD')).toBe(15);
    expect(maxMergedOrders('PRO')).toBe(30);
    expect(maxMergedOrders('UNBOUNDED_PLUS')).toBe(30);
  });
});
