import { describe, expect, it } from 'vitest';
import type { ExpressRuleCondition } from '../contracts/express-rules.js';
import { chooseCourier, effectivePriority, sortIndexAt, type CourierOrderFacts, type ExpressRule } from './express-rules.js';

let nextId = 1;
const rule = (type: ExpressRule['type'], code: string, condition: Partial<ExpressRuleCondition>, extra: Partial<ExpressRule> = {}): ExpressRule => ({
  id: nextId++,
  type,
  usable: true,
  sortIndex: 0,
  ruleCondition: { expressCompanyCode: code, ...condition },
  ...extra,
});

const order = (facts: Partial<CourierOrderFacts> = {}): CourierOrderFacts => ({
  storeId: 1,
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  weightKg: '1.500',
  lines: [{ skuCode: 'A-1', qty: 1 }],
  buyerMessage: null,
  sellerRemark: null,
  ...facts,
});

describe('chooseCourier by rule type', () => {
  it('BY_AREA matches the receiver province, written with or without its suffix', () => {
    const r = rule('BY_AREA', 'ZTO', { province: '浙江' });
    expect(chooseCourier([r], null, order())).toMatchObject({ expressCompanyCode: 'ZTO', ruleType: 'BY_AREA', ruleId: r.id, prohibited: false });
    expect(chooseCourier([r], null, order({ province: '江苏省' })).expressCompanyCode).toBeNull();
  });

  it('BY_AREA leaves out the cities and districts of its areaExceptions', () => {
    const r = rule('BY_AREA', 'ZTO', { province: '浙江省', areaExceptions: ['宁波市', '余杭区'] });
    expect(chooseCourier([r], null, order({ city: '宁波市', district: '鄞州区' })).expressCompanyCode).toBeNull();
    expect(chooseCourier([r], null, order({ district: '余杭区' })).expressCompanyCode).toBeNull();
    expect(chooseCourier([r], null, order()).expressCompanyCode).toBe('ZTO');
  });

  it('BY_WEIGHT matches min ≤ weight < max, with open bounds', () => {
    const light = rule('BY_WEIGHT', 'YTO', { weightMax: '1' });
    const middle = rule('BY_WEIGHT', 'STO', { weightMin: '1', weightMax: '5' });
    const heavy = rule('BY_WEIGHT', 'SFKY', { weightMin: '5' });
    const rules = [light, middle, heavy];
    expect(chooseCourier(rules, null, order({ weightKg: '0.999' })).expressCompanyCode).toBe('YTO');
    expect(chooseCourier(rules, null, order({ weightKg: '1.000' })).expressCompanyCode).toBe('STO');
    expect(chooseCourier(rules, null, order({ weightKg: '5' })).expressCompanyCode).toBe('SFKY');
    expect(chooseCourier(rules, null, order({ weightKg: null })).expressCompanyCode).toBeNull();
  });

  it('BY_STORE matches the order store', () => {
    const r = rule('BY_STORE', 'JDKD', { storeId: 7 });
    expect(chooseCourier([r], null, order({ storeId: 7 })).expressCompanyCode).toBe('JDKD');
    expect(chooseCourier([r], null, order({ storeId: 8 })).expressCompanyCode).toBeNull();
  });

  it('BY_CUSTOM finds a keyword in the buyer message or the seller remark, as configured', () => {
    const any = rule('BY_CUSTOM', 'SF', { keyword: '顺丰' });
    expect(chooseCourier([any], null, order({ buyerMessage: '请发顺丰谢谢' }))).toMatchObject({ expressCompanyCode: 'SF', reason: expect.stringContaining('buyer message') });
    expect(chooseCourier([any], null, order({ sellerRemark: '顺丰到付' })).reason).toContain('seller remark');
    const remarkOnly = rule('BY_CUSTOM', 'EMS', { keyword: 'ems', keywordIn: 'SELLER_REMARK' });
    expect(chooseCourier([remarkOnly], null, order({ buyerMessage: 'EMS please' })).expressCompanyCode).toBeNull();
    expect(chooseCourier([remarkOnly], null, order({ sellerRemark: 'send EMS' })).expressCompanyCode).toBe('EMS');
  });

  it('BY_SKU matches a line SKU code and tries rules by sortIndex descending', () => {
    const low = rule('BY_SKU', 'YUNDA', { skuCode: 'A-1' }, { sortIndex: 1 });
    const high = rule('BY_SKU', 'SF', { skuCode: 'A-1' }, { sortIndex: 2 });
    expect(chooseCourier([low, high], null, order())).toMatchObject({ expressCompanyCode: 'SF', ruleId: high.id });
    expect(chooseCourier([low, high], null, order({ lines: [{ skuCode: 'B-2', qty: 1 }] })).expressCompanyCode).toBeNull();
  });
});

describe('chooseCourier order of rules', () => {
  it('tries types in the default priority: SKU before custom, store, weight, area', () => {
    const rules = [rule('BY_AREA', 'ZTO', { province: '浙江省' }), rule('BY_WEIGHT', 'YTO', { weightMin: '0' }), rule('BY_STORE', 'STO', { storeId: 1 }), rule('BY_SKU', 'SF', { skuCode: 'A-1' })];
    expect(chooseCourier(rules, null, order()).ruleType).toBe('BY_SKU');
    expect(chooseCourier(rules, null, order({ lines: [] })).ruleType).toBe('BY_STORE');
  });

  it("follows the domain's priority order when it names every type once", () => {
    const rules = [rule('BY_AREA', 'ZTO', { province: '浙江省' }), rule('BY_SKU', 'SF', { skuCode: 'A-1' })];
    expect(chooseCourier(rules, ['BY_AREA', 'BY_SKU', 'BY_CUSTOM', 'BY_STORE', 'BY_WEIGHT'], order()).ruleType).toBe('BY_AREA');
    expect(effectivePriority(['BY_AREA', 'BY_AREA'])).toEqual(['BY_SKU', 'BY_CUSTOM', 'BY_STORE', 'BY_WEIGHT', 'BY_AREA']);
  });

  it('skips rules that are not usable', () => {
    const off = rule('BY_SKU', 'SF', { skuCode: 'A-1' }, { usable: false });
    const area = rule('BY_AREA', 'ZTO', { province: '浙江省' });
    expect(chooseCourier([off, area], null, order()).expressCompanyCode).toBe('ZTO');
  });

  it('answers no carrier when nothing matches', () => {
    expect(chooseCourier([], null, order())).toEqual({ expressCompanyCode: null, ruleType: null, ruleId: null, reason: 'no usable rule matched the order', prohibited: false });
  });

  it('numbers a saved list length − position', () => {
    expect([0, 1, 2].map((i) => sortIndexAt(3, i))).toEqual([3, 2, 1]);
  });
});

describe('chooseCourier and stop-shipping areas', () => {
  const sku = rule('BY_SKU', 'SF', { skuCode: 'A-1' });
  const area = rule('BY_AREA', 'ZTO', { province: '浙江省' });

  it('moves on to the next matching rule when the carrier stops shipping to the district', () => {
    const stops = [{ expressCompanyCode: 'SF', usable: true, areas: [{ province: '浙江省', city: '杭州市', district: '西湖区' }] }];
    const d = chooseCourier([sku, area], null, order(), stops);
    expect(d).toMatchObject({ expressCompanyCode: 'ZTO', ruleType: 'BY_AREA', prohibited: false });
    expect(d.reason).toContain('SF (stops shipping to 浙江省 杭州市 西湖区)');
    expect(chooseCourier([sku, area], null, order({ district: '滨江区' }), stops).expressCompanyCode).toBe('SF');
  });

  it('answers the first choice as prohibited when every matching carrier is stopped', () => {
    const stops = [
      { expressCompanyCode: 'SF', usable: true, areas: [{ province: '浙江' }] },
      { expressCompanyCode: 'ZTO', usable: true, areas: [{ province: '浙江省', city: '杭州' }] },
    ];
    expect(chooseCourier([sku, area], null, order(), stops)).toMatchObject({ expressCompanyCode: 'SF', ruleId: sku.id, prohibited: true });
  });

  it('ignores templates that are not usable', () => {
    const stops = [{ expressCompanyCode: 'SF', usable: false, areas: [{ province: '浙江省' }] }];
    expect(chooseCourier([sku], null, order(), stops)).toMatchObject({ expressCompanyCode: 'SF', prohibited: false });
  });
});
