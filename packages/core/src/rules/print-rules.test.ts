import { describe, expect, it } from 'vitest';
import { chunkIds, insuredValueCents, planPackages, stripNewFields, useMarketplaceApi } from './print-rules.js';
import { NO_MULTI_PACKAGE_EXPRESS_CODES } from '../catalogues/express.js';

describe('insured value in cents', () => {
  it('multiplies by 100 exactly: 99.99 → 9999, 12.5 → 1250, 0.07 → 7', () => {
    expect(insuredValueCents(99.99)).toBe(9999);
    expect(insuredValueCents(12.5)).toBe(1250);
    expect(insuredValueCents(0.07)).toBe(7);
    expect(insuredValueCents('99.99')).toBe(9999);
    expect(insuredValueCents('0.07')).toBe(7);
  });

  it('rounds a third decimal half up, where floats would go wrong (1.005 → 101, 0.005 → 1, 2.344 → 234)', () => {
    // 1.005 * 100 in floats is 100.49999…
    expect(insuredValueCents(1.005)).toBe(101);
    expect(insuredValueCents('0.005')).toBe(1);
    expect(insuredValueCents('2.344')).toBe(234);
    expect(insuredValueCents(0)).toBe(0);
  });

  it('refuses text that is not an amount and negative amounts', () => {
    expect(() => insuredValueCents('abc')).toThrow(RangeError);
    expect(() => insuredValueCents('-1')).toThrow(RangeError);
    expect(() => insuredValueCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('packages of an order', () => {
  it('numbers every package from firstDocumentNumber, starting at index firstDocumentNumber − 1', () => {
    const r = planPackages('SF', 4, 3);
    expect('plan' in r && r.plan.startIndex).toBe(2);
    expect('plan' in r && r.plan.packages.map((p) => p.label)).toEqual(['3/4', '4/4']);
  });

  it('prints one package 1/1 by default', () => {
    const r = planPackages('BESTLOGISTICS');
    expect('plan' in r && r.plan.packages).toEqual([{ index: 0, number: 1, total: 1, label: '1/1' }]);
  });

  it('refuses several packages on each of the nine carriers that do not take them, naming the carrier', () => {
    expect([...NO_MULTI_PACKAGE_EXPRESS_CODES].sort()).toEqual(['ANE', 'BESTLOGISTICS', 'DEPPON', 'SFKY', 'SURE', 'SXJD', 'YMDD', 'YUNDA_KY', 'ZTKY']);
    for (const code of NO_MULTI_PACKAGE_EXPRESS_CODES) expect(planPackages(code, 2)).toEqual({ refusal: { reason: 'CARRIER', expressCompanyCode: code } });
  });

  it('refuses a first package after the last', () => {
    expect(planPackages('ZTO', 2, 3)).toEqual({ refusal: { reason: 'FIRST_AFTER_LAST', firstDocumentNumber: 3, packageCount: 2 } });
  });
});

describe('reprint rules', () => {
  it('strips new-address and new-express-number fields and says which', () => {
    const { row, stripped } = stripNewFields({ id: 1, receiverName: 'a', newReceiverAddress: 'x', newExpressNo: 'SF1', newReceiverPhoneX: '1' });
    expect(row).toEqual({ id: 1, receiverName: 'a' });
    expect(stripped.sort()).toEqual(['newExpressNo', 'newReceiverAddress', 'newReceiverPhoneX']);
  });

  it('turns the marketplace flag off only for a reprint of one platform and one carrier', () => {
    const one = [{ platformCode: 'CI_PLATFORM_TAOBAO', expressCompanyCode: 'SF' }, { platformCode: 'CI_PLATFORM_TAOBAO', expressCompanyCode: 'SF' }];
    expect(useMarketplaceApi(true, one)).toBe(false);
    expect(useMarketplaceApi(false, one)).toBe(true);
    expect(useMarketplaceApi(true, [...one, { platformCode: 'CI_PLATFORM_TAOBAO', expressCompanyCode: 'ZTO' }])).toBe(true);
    expect(useMarketplaceApi(true, [...one, { platformCode: 'CI_PLATFORM_PDD', expressCompanyCode: 'SF' }])).toBe(true);
  });

  it('chunks a batch by 10', () => {
    expect(chunkIds([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).map((c) => c.length)).toEqual([10, 2]);
  });
});
