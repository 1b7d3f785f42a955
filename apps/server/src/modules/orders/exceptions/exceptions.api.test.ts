// Tab 5 over HTTP on a fresh database: rematch of each pipeline stage, the automatic re-map when
// the mapping area confirms or replaces a mapping, the sync failures (sync again, close the
// alert), another domain, and a sub-account without the order menu.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { itemOf, onlineItems } from '../../../../test/factories/mapping.js';
import { insertOrder, type OrderSeed } from '../../../../test/factories/orders.js';
import { bindWarehouse, platformOrder } from '../../../../test/factories/orders-ingest.js';
import { anotherWarehouse, outboundWorld, type OutboundWorld } from '../../../../test/factories/outbound.js';
import { signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { uniqueName } from '../../../../test/harness.js';

const t = await createTestApp();
const { db } = t.database;

interface World extends OutboundWorld {
  storeId: number;
}

async function world(): Promise<World> {
  const w = await outboundWorld(t, { locations: 1, skus: 3 });
  const store = await storeRow(t, w.domainId);
  await db.execute(sql`update skus set weight = '0.500' where domain_id = ${w.domainId}`);
  return { ...w, storeId: store.id };
}

const call = (w: { token: string }, path: string, body: Record<string, unknown>) => t.call(path, body, { token: w.token });

async function ok(w: { token: string }, path: string, body: Record<string, unknown> = {}) {
  const answer = await call(w, path, body);
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const rematch = (w: { token: string }, idList: number[], stages: string[]) => ok(w, '/myhome/erpsoh/rematch', { idList, stages });

const order = (w: World, seed: Partial<OrderSeed> = {}) => insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, lines: [{ skuId: w.skuIds[0]!, qty: 1 }], ...seed });

async function header(id: number) {
  const rows = await db.execute<Record<string, any>>(sql`select * from erp_orders where id = ${id}`);
  return rows.rows[0]!;
}
async function lineSkus(id: number) {
  const rows = await db.execute<{ sku_id: number | null; sku_code: string | null }>(sql`select sku_id, sku_code from erp_order_lines where order_id = ${id} order by line_seq`);
  return rows.rows.map((r) => (r.sku_id == null ? null : Number(r.sku_id)));
}
async function logActions(id: number) {
  const rows = await db.execute<{ action: string }>(sql`select action from operation_logs where entity_type = 'erp_order' and entity_id = ${String(id)} order by id`);
  return rows.rows.map((r) => r.action);
}
async function tbSkuRowId(domainId: number, tbSkuId: string) {
  const rows = await db.execute<{ id: number; version: number }>(sql`select id, version from tb_skus where domain_id = ${domainId} and tb_sku_id = ${tbSkuId}`);
  return { id: Number(rows.rows[0]!.id), version: Number(rows.rows[0]!.version) };
}

describe('rematch', () => {
  it('maps lines whose online SKU is now mapped or whose outer SKU id is a system SKU code, and drops the label when none is left', async () => {
    const w = await world();
    const spu = uniqueName('T');
    await onlineItems(t, w.domainId, w.storeId, [itemOf(spu, [undefined])]);
    const o = await order(w, {
      labels: ['ORDER_TBSKU_EXCEPTION'],
      lines: [
        { skuId: null, qty: 2, tbSkuId: `${spu}-1` },
        { skuId: null, qty: 1, tbSkuId: 'NEVER-SEEN' },
      ],
    });
    await db.execute(sql`update erp_order_lines set outer_sku_id = ${w.skuCodes[1]!} where order_id = ${o.id} and tb_sku_id = 'NEVER-SEEN'`);

    // The online SKU is known but not confirmed: one line maps by outer code, the other stays.
    const first = await rematch(w, [o.id], ['sku']);
    expect(first.successIds).toEqual([]);
    expect(first.failures).toMatchObject([{ id: o.id, code: o.code, errorCode: 'ERR_ORDER_EXC_STILL_UNMAPPED', params: { count: 1 } }]);
    expect(await lineSkus(o.id)).toEqual([null, w.skuIds[1]]);
    expect((await header(o.id)).labels).toEqual(['ORDER_TBSKU_EXCEPTION']);

    await db.execute(sql`update tb_skus set sku_id = ${w.skuIds[0]!}, mapping_status = 'already' where domain_id = ${w.domainId} and tb_sku_id = ${`${spu}-1`}`);
    const second = await rematch(w, [o.id], ['sku']);
    expect(second).toEqual({ successIds: [o.id], failures: [] });
    expect(await lineSkus(o.id)).toEqual([w.skuIds[0], w.skuIds[1]]);
    const h = await header(o.id);
    expect(h.labels).toEqual([]);
    expect(h.weight_total).toBe('1.500');
    expect(h.sku_total).toBe(2);
    expect(await logActions(o.id)).toEqual(['rematch', 'rematch']);
  });

  it('matches the warehouse again: none while the domain has two, the bound one once the store is bound', async () => {
    const w = await world();
    const second = await anotherWarehouse(t, w.domainId);
    const o = await order(w, { warehouseId: null, labels: ['WAREHOUSE_MATCH_FAIL'] });
    const refused = await rematch(w, [o.id], ['warehouse']);
    expect(refused.failures).toMatchObject([{ id: o.id, errorCode: 'ERR_ORDER_EXC_NO_WAREHOUSE_MATCH' }]);
    expect((await header(o.id)).warehouse_id).toBeNull();

    await bindWarehouse(t, w.domainId, second.warehouseId, w.storeId);
    expect(await rematch(w, [o.id], ['warehouse'])).toEqual({ successIds: [o.id], failures: [] });
    const h = await header(o.id);
    expect(Number(h.warehouse_id)).toBe(second.warehouseId);
    expect(h.labels).toEqual([]);
    expect(await logActions(o.id)).toEqual(['rematch']);
  });

  it('chooses the courier again through the express rules and drops the match-fail label', async () => {
    const w = await world();
    await chooseCarriers(t, w.token, ['SF', 'ZTO']);
    const o = await order(w, { labels: ['EXPRESS_MATCH_FAIL'] });
    const refused = await rematch(w, [o.id], ['express']);
    expect(refused.failures).toMatchObject([{ id: o.id, errorCode: 'ERR_ORDER_EXC_NO_COURIER_MATCH' }]);

    await ok(w, '/cloud/core/expressRule/updateExpressRuleList', { type: 'BY_AREA', rules: [{ ruleCondition: { expressCompanyCode: 'ZTO', province: '浙江' } }] });
    expect(await rematch(w, [o.id], ['express'])).toEqual({ successIds: [o.id], failures: [] });
    const h = await header(o.id);
    expect(h.express_company_code).toBe('ZTO');
    expect(h.labels).toEqual([]);
  });

  it('leaves an order without the exception as it is and refuses an order that is not pending review', async () => {
    const w = await world();
    const fine = await order(w, { expressCompanyCode: 'SF' });
    const reviewed = await order(w, { statusCode: 'CI_ERPSOH_STATUS_VERIFIED', labels: ['EXPRESS_MATCH_FAIL'] });
    const version = (await header(fine.id)).version;
    const result = await rematch(w, [fine.id, reviewed.id], ['sku', 'warehouse', 'express']);
    expect(result.successIds).toEqual([fine.id]);
    expect(result.failures).toMatchObject([{ id: reviewed.id, errorCode: 'ERR_ORDER_STATUS' }]);
    expect((await header(fine.id)).version).toBe(version);
    expect(await logActions(fine.id)).toEqual([]);
    expect((await header(reviewed.id)).labels).toEqual(['EXPRESS_MATCH_FAIL']);
  });

  it('refuses an unknown stage, naming the field', async () => {
    const w = await world();
    const answer = await call(w, '/myhome/erpsoh/rematch', { idList: [1], stages: ['gift'] });
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
    expect(JSON.stringify(answer.body)).toContain('stages');
  });
});

describe('re-map when the mapping area confirms or replaces a mapping', () => {
  it('maps the unmapped lines of pending orders of the store when the online SKU is confirmed', async () => {
    const w = await world();
    const spu = uniqueName('C');
    await onlineItems(t, w.domainId, w.storeId, [itemOf(spu, [undefined])]);
    const pending = await order(w, { labels: ['ORDER_TBSKU_EXCEPTION'], lines: [{ skuId: null, qty: 1, tbSkuId: `${spu}-1` }] });
    const otherStore = await storeRow(t, w.domainId);
    const elsewhere = await order(w, { storeId: otherStore.id, labels: ['ORDER_TBSKU_EXCEPTION'], lines: [{ skuId: null, qty: 1, tbSkuId: `${spu}-1` }] });
    const row = await tbSkuRowId(w.domainId, `${spu}-1`);
    await ok(w, '/myhome/tbspu/comfireTbSku', { id: row.id, skuId: w.skuIds[2]!, version: row.version });
    expect(await lineSkus(pending.id)).toEqual([w.skuIds[2]]);
    expect((await header(pending.id)).labels).toEqual([]);
    expect(await logActions(pending.id)).toEqual(['remapSku']);
    expect(await lineSkus(elsewhere.id)).toEqual([null]);
  });

  it('moves the lines of pending orders to the new SKU when a mapping is replaced with isUpdateNormalOrderDetail', async () => {
    const w = await world();
    const spu = uniqueName('R');
    await onlineItems(t, w.domainId, w.storeId, [itemOf(spu, [undefined])]);
    await db.execute(sql`update tb_skus set sku_id = ${w.skuIds[0]!}, mapping_status = 'already' where domain_id = ${w.domainId} and tb_sku_id = ${`${spu}-1`}`);
    const pending = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 1, tbSkuId: `${spu}-1` }] });
    const reviewed = await order(w, { statusCode: 'CI_ERPSOH_STATUS_VERIFIED', lines: [{ skuId: w.skuIds[0]!, qty: 1, tbSkuId: `${spu}-1` }] });
    const row = await tbSkuRowId(w.domainId, `${spu}-1`);
    const answer = await ok(w, '/myhome/tbspu/replaceTbSku', { tbSkuId: `${spu}-1`, skuId: w.skuIds[1]!, isUpdateNormalOrderDetail: true, version: row.version });
    expect(answer.updatedOrderCount).toBe(1);
    expect(await lineSkus(pending.id)).toEqual([w.skuIds[1]]);
    expect(await logActions(pending.id)).toEqual(['replaceSkuMapping']);
    expect(await lineSkus(reviewed.id)).toEqual([w.skuIds[0]]);
  });
});

describe('sync failures', () => {
  async function failedRecord(w: World, payload: unknown, errorMsg: string) {
    const platformNo = (payload as { platformNo?: string }).platformNo ?? uniqueName('BAD');
    const rows = await db.execute<{ id: number }>(sql`
      insert into platform_orders (domain_id, store_id, platform_no, platform_status, payload, error_msg)
      values (${w.domainId}, ${w.storeId}, ${platformNo}, 'WAIT_SELLER_SEND_GOODS', ${JSON.stringify(payload)}::jsonb, ${errorMsg}) returning id`);
    return { id: Number(rows.rows[0]!.id), platformNo };
  }

  it('syncs a failed platform order again into an ERP order, keeps a malformed one failed, and closes its alert', async () => {
    const w = await world();
    const good = await failedRecord(w, platformOrder([{ tbSkuId: 'G-1', outerSkuId: w.skuCodes[0]! }]), 'the marketplace timed out');
    const bad = await failedRecord(w, { platformNo: uniqueName('BAD'), status: 'WAIT_SELLER_SEND_GOODS', lines: [] }, 'lines: too few');
    expect(await ok(w, '/myhome/erpsoh/getSyncFailCount')).toBe(2);
    const page = await ok(w, '/myhome/erpsoh/searchSyncFailPageList', { currentPage: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.voList.map((r: { platformNo: string }) => r.platformNo)).toEqual([bad.platformNo, good.platformNo]);
    const byCode = await ok(w, '/myhome/erpsoh/searchSyncFailPageList', { codeKeywords: good.platformNo });
    expect(byCode.voList).toMatchObject([{ id: good.id, errorMsg: 'the marketplace timed out', erpOrderId: null }]);

    const result = await ok(w, '/myhome/erpsoh/reSync4SyncFail', { idList: [good.id, bad.id] });
    expect(result.successIds).toEqual([good.id]);
    expect(result.failures).toMatchObject([{ id: bad.id, code: bad.platformNo, errorCode: 'ERR_ORDER_EXC_RESYNC_INVALID' }]);
    const made = await db.execute<{ erp_order_id: number; error_msg: string | null }>(sql`select erp_order_id, error_msg from platform_orders where id = ${good.id}`);
    expect(made.rows[0]!.error_msg).toBeNull();
    const erpOrderId = Number(made.rows[0]!.erp_order_id);
    expect(await lineSkus(erpOrderId)).toEqual([w.skuIds[0]]);
    expect(await logActions(erpOrderId)).toEqual(['create']);
    expect(await ok(w, '/myhome/erpsoh/getSyncFailCount')).toBe(1);

    expect(await ok(w, '/myhome/erpsoh/closeSyncFailAlert', { idList: [bad.id] })).toEqual({ closed: 1 });
    expect(await ok(w, '/myhome/erpsoh/getSyncFailCount')).toBe(0);
    expect((await ok(w, '/myhome/erpsoh/searchSyncFailPageList', {})).total).toBe(0);
    const closed = await ok(w, '/myhome/erpsoh/searchSyncFailPageList', { soSyncStatusList: ['CLOSED'] });
    expect(closed.voList).toMatchObject([{ id: bad.id, errorClosed: true }]);
  });
});

describe('access', () => {
  it('lets another domain neither rematch, sync again, close nor list the orders and records', async () => {
    const w = await world();
    const stranger = await world();
    const o = await order(w, { warehouseId: null, labels: ['WAREHOUSE_MATCH_FAIL'] });
    const rows = await db.execute<{ id: number }>(sql`
      insert into platform_orders (domain_id, store_id, platform_no, platform_status, payload, error_msg)
      values (${w.domainId}, ${w.storeId}, ${uniqueName('X')}, 'WAIT_SELLER_SEND_GOODS', ${JSON.stringify(platformOrder([{ tbSkuId: 'G-1' }]))}::jsonb, 'boom') returning id`);
    const recordId = Number(rows.rows[0]!.id);

    expect((await rematch(stranger, [o.id], ['warehouse'])).failures).toMatchObject([{ id: o.id, errorCode: 'ERR_NOT_FOUND' }]);
    expect((await ok(stranger, '/myhome/erpsoh/reSync4SyncFail', { idList: [recordId] })).failures).toMatchObject([{ id: recordId, errorCode: 'ERR_NOT_FOUND' }]);
    expect(await ok(stranger, '/myhome/erpsoh/closeSyncFailAlert', { idList: [recordId] })).toEqual({ closed: 0 });
    expect((await ok(stranger, '/myhome/erpsoh/searchSyncFailPageList', {})).total).toBe(0);
    expect(await ok(stranger, '/myhome/erpsoh/getSyncFailCount')).toBe(0);
    expect((await header(o.id)).warehouse_id).toBeNull();
    const record = await db.execute<{ error_msg: string; error_closed: boolean }>(sql`select error_msg, error_closed from platform_orders where id = ${recordId}`);
    expect(record.rows[0]).toEqual({ error_msg: 'boom', error_closed: false });
  });

  it('refuses a sub-account without the order menu', async () => {
    const w = await world();
    const o = await order(w, { warehouseId: null, labels: ['WAREHOUSE_MATCH_FAIL'] });
    const token = await signedInStaff(t, w.domainId, ['MENU_SKU']);
    for (const [path, body] of [
      ['/myhome/erpsoh/rematch', { idList: [o.id], stages: ['warehouse'] }],
      ['/myhome/erpsoh/searchSyncFailPageList', {}],
      ['/myhome/erpsoh/reSync4SyncFail', { idList: [1] }],
      ['/myhome/erpsoh/closeSyncFailAlert', { idList: [1] }],
    ] as const) {
      expect((await t.call(path, body, { token })).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    expect((await header(o.id)).warehouse_id).toBeNull();
    const allowed = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await t.call('/myhome/erpsoh/rematch', { idList: [o.id], stages: ['warehouse'] }, { token: allowed })).body.data.successIds).toEqual([o.id]);
  });
});
