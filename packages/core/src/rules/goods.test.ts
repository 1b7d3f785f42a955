import { describe, expect, it } from 'vitest';
import { combinationAvailable, combinationCostPrice, findCombinationLoop, flattenCombination, formatSkuAttributes, goodsVolume } from './goods.js';

describe('combinationAvailable', () => {
  it('is the fewest whole combinations any component can make', () => {
    expect(
      combinationAvailable([
        { qty: 2, available: 9 },
        { qty: 1, available: 7 },
        { qty: 3, available: 12 },
      ]),
    ).toBe(4);
  });

  it('rounds down a partial combination', () => {
    expect(combinationAvailable([{ qty: 3, available: 8 }])).toBe(2);
  });

  it('is 0 when any component is out of stock or below one set', () => {
    expect(
      combinationAvailable([
        { qty: 1, available: 100 },
        { qty: 2, available: 1 },
      ]),
    ).toBe(0);
    expect(combinationAvailable([{ qty: 1, available: 0 }])).toBe(0);
  });

  it('counts negative availability as nothing and no components as nothing', () => {
    expect(combinationAvailable([{ qty: 1, available: -5 }])).toBe(0);
    expect(combinationAvailable([])).toBe(0);
  });

  it('refuses a component quantity that is not a positive whole number', () => {
    expect(() => combinationAvailable([{ qty: 0, available: 3 }])).toThrow(RangeError);
    expect(() => combinationAvailable([{ qty: 1.5, available: 3 }])).toThrow(RangeError);
  });
});

describe('flattenCombination', () => {
  const components: Record<number, { skuId: number; qty: number }[]> = {
    100: [
      { skuId: 1, qty: 2 },
      { skuId: 200, qty: 3 },
    ],
    200: [
      { skuId: 1, qty: 1 },
      { skuId: 2, qty: 4 },
    ],
  };
  const of = (id: number) => components[id];

  it('multiplies quantities through nested combinations and adds repeated SKUs', () => {
    expect(Object.fromEntries(flattenCombination(100, of))).toEqual({ 1: 5, 2: 12 });
  });

  it('answers nothing for a plain SKU', () => {
    expect(flattenCombination(1, of).size).toBe(0);
  });

  it('throws on a loop', () => {
    expect(() => flattenCombination(1, (id) => (id === 1 ? [{ skuId: 2, qty: 1 }] : id === 2 ? [{ skuId: 1, qty: 1 }] : undefined))).toThrow(/loop/);
  });
});

describe('findCombinationLoop', () => {
  const graph: Record<number, number[]> = { 10: [1, 2], 20: [10, 3], 30: [20] };
  const of = (id: number) => graph[id];

  it('finds a combination that contains itself', () => {
    expect(findCombinationLoop(10, [1, 10], of)).toEqual([10, 10]);
  });

  it('finds a combination that would contain another combination containing it', () => {
    expect(findCombinationLoop(10, [30], of)).toEqual([10, 30, 20, 10]);
  });

  it('answers null when the components do not lead back', () => {
    expect(findCombinationLoop(30, [20, 4], of)).toBeNull();
    expect(findCombinationLoop(99, [30, 10], of)).toBeNull();
  });
});

describe('goodsVolume', () => {
  it('is L × W × H / 1,000,000 in cubic metres with 2 decimals', () => {
    expect(goodsVolume('50', '40', '30')).toBe('0.06');
    expect(goodsVolume('100', '100', '100')).toBe('1.00');
    expect(goodsVolume('12.5', '10', '8')).toBe('0.00');
  });

  it('is null when a size is missing', () => {
    expect(goodsVolume(null, '1', '1')).toBeNull();
    expect(goodsVolume('1', '', '1')).toBeNull();
  });
});

describe('combinationCostPrice', () => {
  it('sums apportioned cost × quantity exactly, to 4 decimals', () => {
    expect(
      combinationCostPrice([
        { qty: 3, apportionCostPrice: '0.1' },
        { qty: 1, apportionCostPrice: '0.2' },
      ]),
    ).toBe('0.5000');
    expect(combinationCostPrice([{ qty: 2, apportionCostPrice: '12.3456' }])).toBe('24.6912');
  });

  it('is null when no component carries a cost', () => {
    expect(combinationCostPrice([{ qty: 2, apportionCostPrice: null }])).toBeNull();
  });
});

describe('formatSkuAttributes', () => {
  const labels = { color: 'Colour', size: 'Size' };
  it('shows colour, size and specifications in that order, leaving out empty parts', () => {
    expect(formatSkuAttributes({ color: 'red', size: 'M', specifications: '500 ml' }, labels)).toBe('Colour: red · Size: M · 500 ml');
    expect(formatSkuAttributes({ color: ' ', size: 'XL', specifications: null }, labels)).toBe('Size: XL');
    expect(formatSkuAttributes({ specifications: 'glass' }, labels, ' / ')).toBe('glass');
    expect(formatSkuAttributes({}, labels)).toBe('');
  });
  it('does not repeat specifications that are only the colour or the size', () => {
    expect(formatSkuAttributes({ color: '红色', size: 'M', specifications: '红色' }, { color: '颜色', size: '尺码' })).toBe('颜色: 红色 · 尺码: M');
  });
});
