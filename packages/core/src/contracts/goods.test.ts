import { describe, expect, it } from 'vitest';
import { CheckCodeInput, SpuCreateInput, SpuSearchInput, syncStatusesOfFilter } from './goods.js';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('goods contracts', () => {
  it('keeps prices, weights and sizes as exact text, and empty as null', () => {
    const spu = SpuCreateInput.parse({ code: ' A 1 ', name: ' Mug ', price: 12.5, costPrice: '0.1234', weight: '1.250', length: '', width: null });
    expect(spu).toMatchObject({ code: 'A1', name: 'Mug', price: '12.5', costPrice: '0.1234', weight: '1.250', length: null, width: null, hasSku: false, skus: [], labels: [] });
  });

  it('refuses negative, over-precise, non-numeric and exponent numbers, naming the field', () => {
    const result = SpuCreateInput.safeParse({ code: 'A', name: 'n', price: '-1', costPrice: '1.00001', weight: '0.0001', height: '1e3', length: 'abc' });
    expect(fieldsOf(result)).toEqual([
      ['price', 'Price cannot be negative'],
      ['costPrice', 'Price cannot exceed four decimals'],
      ['length', 'Size must be a number'],
      ['height', 'Size must be a number'],
      ['weight', 'Weight cannot exceed three decimals'],
    ]);
  });

  it('wants SKUs for goods with variants and components for a combination, each once', () => {
    expect(fieldsOf(SpuCreateInput.safeParse({ code: 'A', name: 'n', hasSku: true }))).toEqual([['skus', 'Goods with variants need at least one SKU']]);
    expect(fieldsOf(SpuCreateInput.safeParse({ code: 'A', name: 'n', isCombination: true }))).toEqual([['components', 'A combination needs at least one component']]);
    expect(fieldsOf(SpuCreateInput.safeParse({ code: 'A', name: 'n', hasSku: true, skus: [{ code: 'X' }, { code: 'X' }] }))).toEqual([['skus.1.code', 'SKU code X appears twice']]);
    expect(fieldsOf(SpuCreateInput.safeParse({ code: 'A', name: 'n', components: [{ id: 1, qty: 1 }] }))).toEqual([['components', 'Only a combination has components']]);
    expect(fieldsOf(SpuCreateInput.safeParse({ code: 'A', name: 'n', isCombination: true, components: [{ qty: 1 }] }))).toEqual([['components.0.id', 'Choose the SKU of the component']]);
  });

  it('refuses codes with list separators', () => {
    expect(fieldsOf(CheckCodeInput.safeParse({ code: 'A,B' }))).toEqual([['code', 'Code cannot contain commas or semicolons']]);
  });

  it('splits keyword lists and caps them: 50 codes, 15 names', () => {
    expect(SpuSearchInput.parse({ codeKeywords: 'a, b；c;;', nameKeywords: 'x' })).toMatchObject({ codeKeywords: ['a', 'b', 'c'], nameKeywords: ['x'], barCodeKeywords: [] });
    const names = Array.from({ length: 16 }, (_, i) => `n${i}`).join(',');
    expect(fieldsOf(SpuSearchInput.safeParse({ nameKeywords: names }))).toEqual([['nameKeywords', 'At most 15 keywords at once']]);
  });

  it('lets a REQUEST sync filter include SENDING', () => {
    expect(syncStatusesOfFilter('REQUEST')).toEqual(['REQUEST', 'SENDING']);
    expect(syncStatusesOfFilter('FAILURE')).toEqual(['FAILURE']);
  });
});
