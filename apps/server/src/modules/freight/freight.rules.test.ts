import { describe, expect, it } from 'vitest';
import { compareBillLine, fenOfYuan, gramsOfKg, kgOfGrams, parcelFee, repeatedAreas } from './freight.rules.js';

const price = { firstWeight: 1000, firstFee: 800, additionalWeight: 500, additionalFee: 200 };

describe('parcel fee', () => {
  it('charges the first weight for a parcel within it, even of no weight', () => {
    expect(parcelFee(0, price)).toBe(800);
    expect(parcelFee(1000, price)).toBe(800);
  });
  it('charges every started additional step', () => {
    expect(parcelFee(1001, price)).toBe(1000);
    expect(parcelFee(1500, price)).toBe(1000);
    expect(parcelFee(2600, price)).toBe(1600);
  });
});

describe('weights and amounts as exact decimals', () => {
  it('rounds kg up to the gram without floats', () => {
    expect(gramsOfKg('1.2')).toBe(1200);
    expect(gramsOfKg('0.0001')).toBe(1);
    expect(gramsOfKg('12')).toBe(12000);
    expect(kgOfGrams(1250)).toBe('1.250');
  });
  it('reads yuan into fen and refuses three decimals', () => {
    expect(fenOfYuan('12.5')).toBe(1250);
    expect(fenOfYuan('0.07')).toBe(7);
    expect(() => fenOfYuan('1.005')).toThrow();
  });
});

describe('areas named twice', () => {
  it('finds a province or a city repeated, not a city under its province', () => {
    expect(repeatedAreas([{ province: '浙江省', city: null }, { province: '浙江省', city: '杭州市' }, { province: '浙江省', city: null }])).toEqual([[0, 2]]);
  });
});

describe('a bill line against our parcel', () => {
  const tolerance = { weight: 100, fee: 50 };
  it('passes within the tolerances', () => {
    expect(compareBillLine(1050, 820, 1000, 800, tolerance)).toMatchObject({ status: 'SUCCESS', flags: [] });
  });
  it('flags over-weight and over-charge beyond them', () => {
    expect(compareBillLine(2000, 1400, 1000, 800, tolerance)).toMatchObject({ status: 'FAILURE', flags: ['OVER_WEIGHT', 'OVER_CHARGE'], overWeight: 1000, overCharge: 600 });
  });
  it('leaves a line without a template price unreconciled', () => {
    expect(compareBillLine(1000, 800, 1000, null, tolerance)).toMatchObject({ status: 'NONE', flags: ['NO_PRICE'] });
  });
});
