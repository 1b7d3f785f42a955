// Goods seen from elsewhere (spec 02 §7.3): online SKUs mapped to goods, whether the domain has
// mapped any, and the SKUs a location holds.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { createGoods, goodsSeller, goodsStaff } from '../../../test/factories/goods.js';
import { skuRows, warehouseRow } from '../../../test/factories/inbound.js';
import { createStore } from '../../../test/factories/stores.js';

const t = await createTestApp();

async function onlineSku(token: string, storeId: number, tbSkuId: string, skuId?: number) {
  const answer = await t.call('/myhome/tbspu/createTbSkuByHand', { storeId, tbSpuId: `I-${tbSkuId}`, itemTitle: 'Online teapot', tbSkuId, ...(skuId ? { skuId } : {}) }, { token });
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

describe('getTbSkus and getTbSkusCount', () => {
  it('lists and counts the online SKUs mapped to a goods’ SKUs', async () => {
    const s = await goodsSeller(t);
    const goods = await createGoods(t, s.token);
    const other = await createGoods(t, s.token);
    const store = await createStore(t, s.token, { platformCode: 'CI_PLATFORM_JD' });
    const skuId = goods.skus[0]!.id;
    await onlineSku(s.token, store.id, 'A1', skuId);
    await onlineSku(s.token, store.id, 'A2', skuId);
    await onlineSku(s.token, store.id, 'B1', other.skus[0]!.id);
    await onlineSku(s.token, store.id, 'C1');
    const list = await t.call('/myhome/spu/getTbSkus', { spuId: goods.id }, { token: s.token });
    expect(list.body.data.map((r: any) => [r.tbSkuId, r.skuId, r.storeName])).toEqual([
      ['A1', skuId, store.name],
      ['A2', skuId, store.name],
    ]);
    const count = await t.call('/myhome/spu/getTbSkusCount', { skuIdList: [skuId, other.skus[0]!.id] }, { token: s.token });
    expect(count.body.data).toEqual({ total: 3, bySku: [{ skuId, count: 2 }, { skuId: other.skus[0]!.id, count: 1 }] });
  });

  it('refuses a call naming neither goods nor SKUs, and another seller’s goods', async () => {
    const a = await goodsSeller(t);
    const goods = await createGoods(t, a.token);
    const empty = await t.call('/myhome/spu/getTbSkus', {}, { token: a.token });
    expect(empty.status).toBe(400);
    expect(empty.body.fields!.map((f) => f.field)).toEqual(['spuId']);
    const b = await goodsSeller(t);
    expect((await t.call('/myhome/spu/getTbSkus', { spuId: goods.id }, { token: b.token })).status).toBe(404);
    const count = await t.call('/myhome/spu/getTbSkusCount', { skuIdList: [goods.skus[0]!.id] }, { token: b.token });
    expect(count.body.data).toEqual({ total: 0, bySku: [] });
  });
});

describe('existRelationByUserId', () => {
  it('says whether the domain has mapped any online SKU to its goods', async () => {
    const s = await goodsSeller(t);
    const store = await createStore(t, s.token, { platformCode: 'CI_PLATFORM_JD' });
    const ask = () => t.call('/myhome/spu/existRelationByUserId', undefined, { method: 'GET', token: s.token });
    expect((await ask()).body.data).toBe(false);
    await onlineSku(s.token, store.id, 'U1');
    expect((await ask()).body.data).toBe(false);
    const goods = await createGoods(t, s.token);
    await onlineSku(s.token, store.id, 'M1', goods.skus[0]!.id);
    expect((await ask()).body.data).toBe(true);
    const other = await goodsSeller(t);
    expect((await t.call('/myhome/spu/existRelationByUserId', undefined, { method: 'GET', token: other.token })).body.data).toBe(false);
  });
});

describe('sku/getSku4Location', () => {
  it('lists the SKUs a warehouse holds, by location, with their stock', async () => {
    const s = await goodsSeller(t);
    const wh = await warehouseRow(t, s.domainId, { locations: 2 });
    const sku = await skuRows(t, s.domainId, 3);
    const [l0, l1] = wh.locationIds;
    await t.database.db.execute(sql`
      insert into stock_balances (domain_id, warehouse_id, location_id, sku_id, on_hand, allocated) values
        (${s.domainId}, ${wh.warehouseId}, ${l0}, ${sku.ids[0]}, 5, 1),
        (${s.domainId}, ${wh.warehouseId}, ${l1}, ${sku.ids[1]}, 2, 0),
        (${s.domainId}, ${wh.warehouseId}, ${l1}, ${sku.ids[2]}, 0, 0)`);
    const all = await t.call('/myhome/sku/getSku4Location', { warehouseId: wh.warehouseId }, { token: s.token });
    expect(all.body.data.map((r: any) => [r.locationCode, r.skuCode, r.onHand, r.allocated])).toEqual([
      ['L-0', sku.codes[0], 5, 1],
      ['L-1', sku.codes[1], 2, 0],
    ]);
    const one = await t.call('/myhome/sku/getSku4Location', { warehouseId: wh.warehouseId, locationId: l1 }, { token: s.token });
    expect(one.body.data.map((r: any) => r.skuId)).toEqual([sku.ids[1]]);
    const found = await t.call('/myhome/sku/getSku4Location', { warehouseId: wh.warehouseId, keyword: sku.codes[0]!.toLowerCase() }, { token: s.token });
    expect(found.body.data.map((r: any) => r.skuId)).toEqual([sku.ids[0]]);
  });

  it('refuses another seller’s warehouse, a missing warehouse id and an account without the menus', async () => {
    const a = await goodsSeller(t);
    const wh = await warehouseRow(t, a.domainId, { locations: 1 });
    const b = await goodsSeller(t);
    expect((await t.call('/myhome/sku/getSku4Location', { warehouseId: wh.warehouseId }, { token: b.token })).status).toBe(404);
    const missing = await t.call('/myhome/sku/getSku4Location', {}, { token: a.token });
    expect(missing.status).toBe(400);
    expect(missing.body.fields!.map((f) => f.field)).toEqual(['warehouseId']);
    const staff = await goodsStaff(t, a.domainId, ['MENU_PURCHASE']);
    expect((await t.call('/myhome/sku/getSku4Location', { warehouseId: wh.warehouseId }, { token: staff })).status).toBe(403);
  });
});
