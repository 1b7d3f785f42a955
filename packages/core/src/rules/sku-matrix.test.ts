import { describe, expect, it } from 'vitest';
import { buildSkuMatrix, distinctValues, repeatedCodes, skuCodeFromPattern } from './sku-matrix.js';

describe('buildSkuMatrix', () => {
  it('makes every colour with every size, colours outer, codes from the default pattern', () => {
    expect(buildSkuMatrix({ spuCode: 'TEE', colors: ['Red', 'Blue'], sizes: ['M', 'L'] })).toEqual([
      { color: 'Red', size: 'M', code: 'TEE-Red-M' },
      { color: 'Red', size: 'L', code: 'TEE-Red-L' },
      { color: 'Blue', size: 'M', code: 'TEE-Blue-M' },
      { color: 'Blue', size: 'L', code: 'TEE-Blue-L' },
    ]);
  });

  it('makes one SKU per colour when no size is given, closing up the separator the size leaves', () => {
    expect(buildSkuMatrix({ spuCode: 'MUG', colors: ['白色', '黑色'], sizes: [] }).map((c) => [c.code, c.color, c.size])).toEqual([
      ['MUG-白色', '白色', null],
      ['MUG-黑色', '黑色', null],
    ]);
  });

  it('makes one SKU per size when no colour is given, and nothing when neither is', () => {
    expect(buildSkuMatrix({ spuCode: 'CAP', colors: [' '], sizes: ['S', 'XL'] }).map((c) => c.code)).toEqual(['CAP-S', 'CAP-XL']);
    expect(buildSkuMatrix({ spuCode: 'CAP', colors: [], sizes: [] })).toEqual([]);
  });

  it('leaves out empty and repeated values, whatever their case', () => {
    expect(distinctValues([' Red ', 'red', '', 'Blue', 'RED'])).toEqual(['Red', 'Blue']);
  });

  it('follows the pattern the seller gives, with a numbered position and no whitespace', () => {
    const codes = buildSkuMatrix({ spuCode: 'T 1', colors: ['Light blue'], sizes: ['M', 'L'], pattern: '{spu}_{size}_{n}' }).map((c) => c.code);
    expect(codes).toEqual(['T1_M_01', 'T1_L_02']);
    expect(buildSkuMatrix({ spuCode: 'T1', colors: ['Light blue'], sizes: ['M'], pattern: '  ' })[0]!.code).toBe('T1-Lightblue-M');
  });
});

describe('skuCodeFromPattern', () => {
  it('pads the position to the width of the count, at least two digits', () => {
    expect(skuCodeFromPattern('{spu}{n}', { spu: 'A', color: null, size: null, n: 7, count: 120 })).toBe('A007');
    expect(skuCodeFromPattern('{spu}-{n}', { spu: 'A', color: null, size: null, n: 3, count: 9 })).toBe('A-03');
  });

  it('closes up separators left by missing values at the start, middle and end', () => {
    expect(skuCodeFromPattern('{color}-{spu}--{size}-', { spu: 'A', color: null, size: 'L', n: 1, count: 1 })).toBe('A-L');
  });
});

describe('repeatedCodes', () => {
  it('names each code that appears more than once, compared without case', () => {
    expect(repeatedCodes(['A-M', 'a-m', 'B', 'A-M', 'C'])).toEqual(['a-m']);
    expect(repeatedCodes(['A', 'B'])).toEqual([]);
  });

  it('finds the repeats a pattern without colour makes', () => {
    const codes = buildSkuMatrix({ spuCode: 'T', colors: ['Red', 'Blue'], sizes: ['M'], pattern: '{spu}-{size}' }).map((c) => c.code);
    expect(repeatedCodes(codes)).toEqual(['T-M']);
  });
});
