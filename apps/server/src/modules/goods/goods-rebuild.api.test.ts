// The last goods calls of issue 21 over HTTP: rebuildSpu (the goods' derived values made again
// from their SKUs and sync rows) and proxy/doSyncSkuBySpuId (one goods' SKUs sent again to the
// warehouse systems it was sent to), with refusals naming the field and another seller's goods.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { warehouseRow } from '../../../test/factories/inbound.js';
import { goodsRow } from '../../../test/factories/mapping.js';
import { goodsSeller, goodsStaff } from '../../../test/factories/goods.js';
import { createTestApp } from '../../../test/harness.js';
import type { GoodsWmsService } from './goods-wms.service.js';

// The tests dispatch themselves, so the schedules stay off.
process.env.WMS_POLL_CRON = 'off';
process.env.GOODS_WMS_DISPATCH_CRON = 'off';
const t = await createTestApp({ jobs: { work: false } });
const { db } = t.database;
const wms = () => t.app.services.registry.get<GoodsWmsService>('goods-wms');

async function world() {
  const seller = await goodsSeller(t);
  const sandbox = await warehouseRow(t, seller.domainId, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-R1' });
  const goods = await goodsRow(t, seller.domainId, [`A${sandbox.code}`, `B${sandbox.code}`]);
  return { ...seller, sandbox, goods };
}

describe('rebuildSpu', () => {
  it("puts the goods' derived values right: mirrored single SKU, values taken from the goods, rolled-up sync status", async () => {
    const w = await world();
    // Goods with variants: the first SKU takes its weight from the goods, which changed behind its back.
    await db.execute(sql`update spus set weight = 1.250, status = 'instock' where id = ${w.goods.spu.id}`);
    await db.execute(sql`update skus set weight_from_goods = true, weight = 0.100 where id = ${w.goods.skus[0]!.id}`);
    // Goods without variants whose one SKU lost the goods' bar code.
    const single = await goodsRow(t, w.domainId, [`S${w.sandbox.code}`]);
    await db.execute(sql`update spus set bar_code = '6901', price = 12.5 where id = ${single.spu.id}`);
    // A sync row the goods' status no longer shows.
    await db.execute(sql`insert into goods_warehouse_syncs (domain_id, kind, warehouse_id, sku_id, tb_sku_row_id, status, message, requested_at) values (${w.domainId}, 'ITEM', ${w.sandbox.warehouseId}, ${w.goods.skus[1]!.id}, 0, 'FAILURE', 'refused', now())`);

    const rebuilt = await t.call('/myhome/spu/rebuildSpu', { idList: [w.goods.spu.id, single.spu.id] }, { token: w.token });
    expect(rebuilt.body, JSON.stringify(rebuilt.body)).toMatchObject({
      success: true,
      data: {
        voList: [
          { id: w.goods.spu.id, skuCount: 2, skusChanged: 2, syncStatus: 'FAILURE' },
          { id: single.spu.id, skuCount: 1, skusChanged: 1, syncStatus: 'NONE' },
        ],
      },
    });
    const skus = await db.execute<{ id: number; weight: string | null; status: string; bar_code: string | null; price: string | null; sync_status: string }>(
      sql`select id, weight, status, bar_code, price, sync_status from skus where domain_id = ${w.domainId} and spu_id in (${w.goods.spu.id}, ${single.spu.id}) order by id`,
    );
    expect(skus.rows.map((r) => [Number(r.weight ?? 0), r.status, r.sync_status])).toEqual([
      [1.25, 'instock', 'NONE'],
      [0, 'instock', 'FAILURE'],
      [0, 'onsale', 'NONE'],
    ]);
    expect(skus.rows[2]).toMatchObject({ bar_code: '6901' });
    expect(Number(skus.rows[2]!.price)).toBe(12.5);
    // Nothing left to put right: a second rebuild changes no SKU.
    const again = await t.call('/myhome/spu/rebuildSpu', { idList: [w.goods.spu.id, single.spu.id] }, { token: w.token });
    expect(again.body.data.voList.map((v: { skusChanged: number }) => v.skusChanged)).toEqual([0, 0]);
    const logs = await db.execute<{ n: number }>(sql`select count(*)::int as n from operation_logs where domain_id = ${w.domainId} and area = 'goods' and action = 'rebuild'`);
    expect(logs.rows[0]!.n).toBe(4);
  });

  it("refuses unknown goods naming the item, a caller without the goods menu, and another seller's goods", async () => {
    const w = await world();
    const empty = await t.call('/myhome/spu/rebuildSpu', { idList: [] }, { token: w.token });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('idList');
    const other = await goodsSeller(t);
    const foreign = await t.call('/myhome/spu/rebuildSpu', { idList: [w.goods.spu.id] }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.params).toMatchObject({ field: 'idList.0' });
    const staff = await goodsStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await t.call('/myhome/spu/rebuildSpu', { idList: [w.goods.spu.id] }, { token: staff })).status).toBe(403);
  });
});

describe('proxy/doSyncSkuBySpuId', () => {
  it('sends the goods again to the warehouse system it was sent to, not to the others', async () => {
    const w = await world();
    const second = await warehouseRow(t, w.domainId, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-R2' });
    await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id], whIds: [w.sandbox.warehouseId] }, { token: w.token });
    await wms().dispatchPending(w.domainId);
    // Still on their way (SENDING): nothing is sent twice.
    expect((await t.call('/myhome/proxy/doSyncSkuBySpuId', { spuId: w.goods.spu.id }, { token: w.token })).body.data).toMatchObject({ requested: 0, skipped: 2 });
    await t.call('/cloud/wms/fetchResults', { whId: w.sandbox.warehouseId }, { token: w.token });
    const synced = await t.call('/myhome/proxy/doSyncSkuBySpuId', { spuId: w.goods.spu.id }, { token: w.token });
    expect(synced.body, JSON.stringify(synced.body)).toMatchObject({ success: true, data: { requested: 2, warehouseIds: [w.sandbox.warehouseId] } });
    expect(synced.body.data.warehouseIds).not.toContain(second.warehouseId);
    const rows = await t.call('/myhome/spu/searchSpuSyncStatus', { spuId: w.goods.spu.id, syncStatus: 'REQUEST' }, { token: w.token });
    expect(rows.body.data.total).toBe(2);

    // Goods never sent go to every warehouse run by a system.
    const fresh = await goodsRow(t, w.domainId, [`N${w.sandbox.code}`]);
    const first = await t.call('/myhome/proxy/doSyncSkuBySpuId', { spuId: fresh.spu.id }, { token: w.token });
    expect([...first.body.data.warehouseIds].sort()).toEqual([w.sandbox.warehouseId, second.warehouseId].sort());
  });

  it("refuses a missing spuId, another seller's goods naming spuId, and goods of a seller with no warehouse system", async () => {
    const w = await world();
    const missing = await t.call('/myhome/proxy/doSyncSkuBySpuId', {}, { token: w.token });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('spuId');
    const other = await goodsSeller(t);
    const foreign = await t.call('/myhome/proxy/doSyncSkuBySpuId', { spuId: w.goods.spu.id }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.params).toMatchObject({ field: 'spuId' });
    const own = await goodsRow(t, other.domainId, [`O${w.sandbox.code}`]);
    const none = await t.call('/myhome/proxy/doSyncSkuBySpuId', { spuId: own.spu.id }, { token: other.token });
    expect(none.body.errorCode).toBe('ERR_GOODS_WMS_NO_WAREHOUSE_SYSTEM');
  });
});
