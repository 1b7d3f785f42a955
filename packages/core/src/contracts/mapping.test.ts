import { describe, expect, it } from 'vitest';
import { CreateTbSkuByHandInput, OnlineItemInput, TbSkuSearchInput } from './mapping.js';

describe('the online item contract', () => {
  it('accepts an item without SKUs and trims its texts, dropping empty ones', () => {
    expect(OnlineItemInput.parse({ tbSpuId: ' 42 ', title: ' Mug ', outerId: '', picUrl: null })).toEqual({ tbSpuId: '42', title: 'Mug', skus: [] });
  });

  it('keeps a price as its decimal text, from a number or a text', () => {
    const item = OnlineItemInput.parse({ tbSpuId: '1', title: 'x', skus: [{ tbSkuId: 'a', price: 19.9 }, { tbSkuId: 'b', price: ' 0.0001 ' }, { tbSkuId: 'c', price: '' }] });
    expect(item.skus.map((s) => s.price)).toEqual(['19.9', '0.0001', undefined]);
  });

  it('refuses a price with more than 4 decimals, a negative one and one that is not a number', () => {
    for (const price of ['1.23456', '-1', 'abc', '1e5']) {
      const result = OnlineItemInput.safeParse({ tbSpuId: '1', title: 'x', skus: [{ tbSkuId: 'a', price }] });
      expect(result.success, price).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['skus', 0, 'price']);
    }
  });

  it('refuses an item without an id or a title, and a SKU without its platform id', () => {
    expect(OnlineItemInput.safeParse({ tbSpuId: ' ', title: 'x' }).success).toBe(false);
    expect(OnlineItemInput.safeParse({ tbSpuId: '1', title: '' }).success).toBe(false);
    expect(OnlineItemInput.safeParse({ tbSpuId: '1', title: 'x', skus: [{ tbSkuId: '' }] }).success).toBe(false);
  });
});

describe('the mapping calls', () => {
  it('caps the page size and drops an empty keyword', () => {
    expect(TbSkuSearchInput.parse({ keyword: '  ' })).toEqual({ currentPage: 1, pageSize: 10 });
    expect(TbSkuSearchInput.safeParse({ pageSize: 1001 }).success).toBe(false);
  });

  it('needs a store, the platform ids and the item title to add an online SKU by hand', () => {
    const result = CreateTbSkuByHandInput.safeParse({ tbSpuId: '1', tbSkuId: '1' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['itemTitle', 'storeId']);
  });
});
