import { describe, expect, it } from 'vitest';
import { orderMergeDifference, type OrderMergeFacts } from './order-merge.js';

const order = (over: Partial<OrderMergeFacts> = {}): OrderMergeFacts => ({
  storeId: 1,
  buyerNick: 'buyer',
  receiverName: '张三',
  receiverPhone: '13800000000',
  receiverAddress: '上海市',
  ...over,
});

describe('whether two orders may be merged', () => {
  it('merges orders of the same store, buyer and receiver', () => {
    expect(orderMergeDifference(order(), order())).toBeNull();
  });

  it('treats a missing receiver field and an empty one as the same value', () => {
    expect(orderMergeDifference(order({ receiverPhone: null }), order({ receiverPhone: '' }))).toBeNull();
    expect(orderMergeDifference(order({ buyerNick: '', receiverAddress: null }), order({ buyerNick: null, receiverAddress: '' }))).toBeNull();
  });

  it('names the first difference: store, then buyer, then receiver', () => {
    expect(orderMergeDifference(order(), order({ storeId: 2, buyerNick: 'other' }))).toBe('store');
    expect(orderMergeDifference(order(), order({ buyerNick: 'other', receiverName: '李四' }))).toBe('buyer');
    expect(orderMergeDifference(order(), order({ receiverPhone: null }))).toBe('receiver');
    expect(orderMergeDifference(order(), order({ receiverAddress: '北京市' }))).toBe('receiver');
  });
});
