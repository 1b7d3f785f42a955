import { describe, expect, it } from 'vitest';
import { EXPRESS_COMPANIES, expressCompanyName, isExpressCompanyCode, NO_MULTI_PACKAGE_EXPRESS_CODES, supportsMultiPackage } from './express.js';

describe('express company catalogue', () => {
  it('has each code once, with a Chinese and an English name', () => {
    const codes = EXPRESS_COMPANIES.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of EXPRESS_COMPANIES) {
      expect(e.nameZh.length, e.code).toBeGreaterThan(0);
      expect(e.nameEn.length, e.code).toBeGreaterThan(0);
    }
  });

  it('names the carriers of spec 02 §3.9 and §5', () => {
    for (const code of ['SF', 'SFKY', 'ANE', 'BESTLOGISTICS', 'ZTKY', 'YUNDA_KY', 'JDKD', 'STO', 'JTSD', 'SXJD', 'ZYKD', 'DEPPON', 'EMS', 'POSTB', 'DBKD', 'SURE', 'YMDD'])
      expect(isExpressCompanyCode(code), code).toBe(true);
    expect(isExpressCompanyCode('NOPE')).toBe(false);
  });

  it('marks exactly the carriers of spec 01 §5 as taking one package per order', () => {
    expect([...NO_MULTI_PACKAGE_EXPRESS_CODES].sort()).toEqual(['ANE', 'BESTLOGISTICS', 'DEPPON', 'SFKY', 'SURE', 'SXJD', 'YMDD', 'YUNDA_KY', 'ZTKY']);
    expect(supportsMultiPackage('SF')).toBe(true);
    expect(supportsMultiPackage('SFKY')).toBe(false);
    expect(supportsMultiPackage('UNKNOWN')).toBe(false);
  });

  it('words a carrier in Chinese for zh and zh_TW, in English otherwise', () => {
    expect(expressCompanyName('ZTO', 'zh')).toBe('中通快递');
    expect(expressCompanyName('ZTO', 'zh_TW')).toBe('中通快递');
    expect(expressCompanyName('ZTO', 'de')).toBe('ZTO Express');
    expect(expressCompanyName('XYZ', 'en')).toBe('XYZ');
  });
});
