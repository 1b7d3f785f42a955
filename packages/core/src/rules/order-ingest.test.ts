import { describe, expect, it } from 'vitest';
import { chooseWarehouse, ingestLabels, ingestSigningText, orderTotals, platformChange, pullBackoffMs } from './order-ingest.js';

const receiver = { name: '张三', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 1 号' };

describe('orderTotals', () => {
  it('sums quantities, distinct goods, amounts of non-gift lines and weights', () => {
    const totals = orderTotals([
      { skuId: 1, qty: 2, price: '10.5', weight: '0.25' },
      { skuId: 1, qty: 1, price: '10.5', weight: '0.25' },
      { skuId: null, tbSkuId: 'x', qty: 1, price: '3' },
      { skuId: 2, qty: 1, price: '99', weight: '1', isGift: true },
    ]);
    expect(totals).toEqual({ qtyTotal: 5, skuTotal: 3, amountTotal: '34.5000', weightTotal: '1.750' });
  });

  it('keeps the amount the platform gives', () => {
    expect(orderTotals([{ skuId: 1, qty: 1, price: '10' }], '8.8').amountTotal).toBe('8.8000');
  });
});

describe('chooseWarehouse', () => {
  it('prefers the bound warehouse with the lowest id', () => {
    expect(chooseWarehouse([{ id: 9, name: 'B' }, { id: 3, name: 'A' }], [{ id: 1, name: 'X' }])).toEqual({ warehouseId: 3, warehouseName: 'A', reason: 'BOUND' });
  });
  it('takes the only usable warehouse when none is bound', () => {
    expect(chooseWarehouse([], [{ id: 1, name: 'X' }]).reason).toBe('ONLY_WAREHOUSE');
  });
  it('chooses none among several unbound warehouses', () => {
    expect(chooseWarehouse([], [{ id: 1, name: 'X' }, { id: 2, name: 'Y' }])).toEqual({ warehouseId: null, warehouseName: null, reason: 'NONE' });
  });
});

describe('ingestLabels', () => {
  it('labels an unmapped line, a missing warehouse and a missing courier', () => {
    expect(ingestLabels({ unmappedLine: true, warehouseId: null, expressCompanyCode: null, expressProhibited: false })).toEqual(['ORDER_TBSKU_EXCEPTION', 'WAREHOUSE_MATCH_FAIL', 'EXPRESS_MATCH_FAIL']);
  });
  it('labels a prohibited courier', () => {
    expect(ingestLabels({ unmappedLine: false, warehouseId: 1, expressCompanyCode: 'SF', expressProhibited: true })).toEqual(['EXPRESS_PROHIBITED']);
  });
});

describe('platformChange', () => {
  it('sees a close on the platform as a cancel', () => {
    expect(platformChange({ status: 'WAIT_SELLER_SEND_GOODS', receiver }, { status: 'TRADE_CLOSED', receiver })).toEqual({ reason: 'CANCELLED', receiver: null });
  });
  it('sees a new receiver as an address change', () => {
    const moved = { ...receiver, address: '文二路 2 号' };
    expect(platformChange({ status: 'WAIT_SELLER_SEND_GOODS', receiver }, { status: 'WAIT_SELLER_SEND_GOODS', receiver: moved })).toEqual({ reason: 'ADDRESS_CHANGED', receiver: moved });
  });
  it('ignores an unchanged order', () => {
    expect(platformChange({ status: 'WAIT_SELLER_SEND_GOODS', receiver }, { status: 'WAIT_SELLER_SEND_GOODS', receiver: { ...receiver } })).toBeNull();
  });
});

describe('signing and back-off', () => {
  it('signs timestamp, nonce and body on separate lines', () => {
    expect(ingestSigningText('1', 'n', '[]')).toBe('1\nn\n[]');
  });
  it('doubles the pause up to two hours', () => {
    expect([1, 2, 3, 10].map(pullBackoffMs)).toEqual([300_000, 600_000, 1_200_000, 7_200_000]);
  });
});
