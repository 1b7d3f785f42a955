// Goods and online-SKU mappings sent to warehouse systems over HTTP, against the sandbox warehouse
// system: sendToWMS, searchSpuSyncStatus, tbspu/sendToWmsSkuMapping, tbspu/searchSyncStatus and
// warehouse/sync, with the statuses of spec 02 §3.1 (REQUEST → SENDING → SUCCESS, FAILURE with
// why; a REQUEST filter includes SENDING), refusals, and another domain's rows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { warehouseRow } from '../../../test/factories/inbound.js';
import { goodsRow, storeRow } from '../../../test/factories/mapping.js';
import { goodsSeller, goodsStaff } from '../../../test/factories/goods.js';
import { createTestApp } from '../../../test/harness.js';
import type { GoodsWmsService } from './goods-wms.service.js';

// The tests dispatch and fetch results themselves, so the schedules stay off.
process.env.WMS_POLL_CRON = 'off';
process.env.GOODS_WMS_DISPATCH_CRON = 'off';
const t = await createTestApp({ jobs: { work: false } });
const wms = () => t.app.services.registry.get<GoodsWmsService>('goods-wms');

async function world() {
  const seller = await goodsSeller(t);
  const sandbox = await warehouseRow(t, seller.domainId, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-G1' });
  const goods = await goodsRow(t, seller.domainId, [`A${sandbox.code}`, `B${sandbox.code}`]);
  return { ...seller, sandbox, goods };
}

const statusesOf = async (domainId: number, spuId: number) => {
  const spu = await t.database.db.execute<{ sync_status: string }>(sql`select sync_status from spus where domain_id = ${domainId} and id = ${spuId}`);
  const skus = await t.database.db.execute<{ sync_status: string }>(sql`select sync_status from skus where domain_id = ${domainId} and spu_id = ${spuId} order by id`);
  return { spu: spu.rows[0]!.sync_status, skus: skus.rows.map((r) => r.sync_status) };
};

describe('goods to warehouse systems', () => {
  it('sends goods to the sandbox WMS: REQUEST, then SENDING once accepted, then SUCCESS when its confirmation is fetched', async () => {
    const w = await world();
    const sent = await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id] }, { token: w.token });
    expect(sent.body).toMatchObject({ success: true, data: { requested: 2, skipped: 0, warehouseIds: [w.sandbox.warehouseId] } });
    expect(await statusesOf(w.domainId, w.goods.spu.id)).toEqual({ spu: 'REQUEST', skus: ['REQUEST', 'REQUEST'] });

    expect(await wms().dispatchPending(w.domainId)).toEqual({ sent: 2, failed: 0, retried: 0 });
    expect(await statusesOf(w.domainId, w.goods.spu.id)).toEqual({ spu: 'SENDING', skus: ['SENDING', 'SENDING'] });
    // A REQUEST filter includes SENDING, on the goods list and on the sync rows.
    const list = await t.call('/myhome/spu/searchSpuPageList', { skuSyncStatus: 'REQUEST' }, { token: w.token });
    expect(list.body.data.voList.map((r: { id: number }) => r.id)).toEqual([w.goods.spu.id]);
    const pending = await t.call('/myhome/spu/searchSpuSyncStatus', { spuId: w.goods.spu.id, syncStatus: 'REQUEST' }, { token: w.token });
    expect(pending.body.data.total).toBe(2);
    expect(pending.body.data.voList[0]).toMatchObject({ kind: 'ITEM', syncStatus: 'SENDING', warehouseId: w.sandbox.warehouseId, spuId: w.goods.spu.id, attempts: 1 });

    const fetched = await t.call('/cloud/wms/fetchResults', { whId: w.sandbox.warehouseId }, { token: w.token });
    expect(fetched.body.data).toMatchObject({ fetched: 2, booked: 2, refused: 0 });
    expect(await statusesOf(w.domainId, w.goods.spu.id)).toEqual({ spu: 'SUCCESS', skus: ['SUCCESS', 'SUCCESS'] });
    const done = await t.call('/myhome/spu/searchSpuSyncStatus', { spuId: w.goods.spu.id }, { token: w.token });
    expect(done.body.data.voList.every((r: { syncStatus: string; externalCode: string }) => r.syncStatus === 'SUCCESS' && r.externalCode.startsWith('SBX-ITEM-'))).toBe(true);

    // warehouse/sync sends only what the warehouse has not registered: nothing here.
    const again = await t.call('/myhome/warehouse/sync', { id: w.sandbox.warehouseId }, { token: w.token });
    expect(again.body.data).toMatchObject({ requested: 0, skipped: 2 });
    // An explicit send sends again (the goods may have changed).
    const resend = await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id], whIds: [w.sandbox.warehouseId] }, { token: w.token });
    expect(resend.body.data).toMatchObject({ requested: 2, skipped: 0 });
    await wms().dispatchPending(w.domainId);
    const view = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.sandbox.warehouseId }, { token: w.token });
    expect(view.body.data.documents.filter((d: { kind: string }) => d.kind === 'ITEM')).toHaveLength(4);
  });

  it('records the reason when the warehouse refuses a SKU, and a system this build cannot reach as FAILURE', async () => {
    const w = await world();
    const refusedCode = w.goods.skus[1]!.code;
    const before = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.sandbox.warehouseId }, { token: w.token });
    const set = await t.call('/cloud/wms/sandbox/settings', { warehouseId: w.sandbox.warehouseId, version: before.body.data.version, failureRate: 0, latencyMs: 0, cancelMode: 'IMMEDIATE', rejectSkuCodes: [refusedCode] }, { token: w.token });
    expect(set.body.success).toBe(true);
    const real = await warehouseRow(t, w.domainId, { type: 'BYTE_WAREHOUSE', externalCode: 'REAL-BYTE' });
    await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id] }, { token: w.token });
    expect(await wms().dispatchPending(w.domainId)).toEqual({ sent: 1, failed: 3, retried: 0 });
    const failed = await t.call('/myhome/spu/searchSpuSyncStatus', { spuId: w.goods.spu.id, syncStatus: 'FAILURE' }, { token: w.token });
    expect(failed.body.data.total).toBe(3);
    const refused = failed.body.data.voList.find((r: { warehouseId: number }) => r.warehouseId === w.sandbox.warehouseId);
    expect(refused).toMatchObject({ skuCode: refusedCode, message: expect.stringContaining(refusedCode) });
    expect(failed.body.data.voList.filter((r: { warehouseId: number; message: string }) => r.warehouseId === real.warehouseId && r.message.includes('BYTE'))).toHaveLength(2);
    expect((await statusesOf(w.domainId, w.goods.spu.id)).spu).toBe('FAILURE');
  });

  it('keeps a timed-out send in REQUEST and sends the same document again on the next run', async () => {
    const w = await world();
    await t.call('/cloud/wms/sandbox/failNext', { warehouseId: w.sandbox.warehouseId, failures: [{ kind: 'TIMEOUT_AFTER_ACCEPT', operation: 'issue' }] }, { token: w.token });
    await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id] }, { token: w.token });
    expect(await wms().dispatchPending(w.domainId)).toEqual({ sent: 1, failed: 0, retried: 1 });
    const waiting = await t.call('/myhome/spu/searchSpuSyncStatus', { spuId: w.goods.spu.id, syncStatus: 'REQUEST' }, { token: w.token });
    expect(waiting.body.data.voList.map((r: { syncStatus: string }) => r.syncStatus).sort()).toEqual(['REQUEST', 'SENDING']);
    expect(await wms().dispatchPending(w.domainId)).toEqual({ sent: 1, failed: 0, retried: 0 });
    await t.call('/cloud/wms/fetchResults', { whId: w.sandbox.warehouseId }, { token: w.token });
    expect(await statusesOf(w.domainId, w.goods.spu.id)).toEqual({ spu: 'SUCCESS', skus: ['SUCCESS', 'SUCCESS'] });
    // The lost answer's document was the same document: two in the warehouse, not three.
    const view = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.sandbox.warehouseId }, { token: w.token });
    expect(view.body.data.documents).toHaveLength(2);
  });

  it('refuses goods of another domain, a seller-run or stopped warehouse, combinations alone, and a domain without warehouse systems', async () => {
    const w = await world();
    const other = await world();
    const self = await warehouseRow(t, w.domainId, { type: 'SELF_WAREHOUSE' });
    const stopped = await warehouseRow(t, w.domainId, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-X', stopped: true });
    const foreign = await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id, other.goods.spu.id] }, { token: w.token });
    expect(foreign.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    expect(foreign.body.params).toMatchObject({ field: 'idList.1' });
    const selfRun = await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id], whIds: [w.sandbox.warehouseId, self.warehouseId] }, { token: w.token });
    expect(selfRun.body).toMatchObject({ success: false, errorCode: 'ERR_GOODS_WMS_SELF_WAREHOUSE', params: { field: 'whIds.1' } });
    const stop = await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id], whIds: [stopped.warehouseId] }, { token: w.token });
    expect(stop.body).toMatchObject({ success: false, errorCode: 'ERR_GOODS_WMS_WAREHOUSE_STOPPED' });
    const otherWarehouse = await t.call('/myhome/warehouse/sync', { id: other.sandbox.warehouseId }, { token: w.token });
    expect(otherWarehouse.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    const combo = await t.database.db.execute<{ id: number }>(sql`insert into spus (domain_id, code, name, is_combination) values (${w.domainId}, ${'SET' + w.sandbox.code}, 'Set', true) returning id`);
    await t.database.db.execute(sql`insert into skus (domain_id, spu_id, code, name, is_combination) values (${w.domainId}, ${combo.rows[0]!.id}, ${'SET' + w.sandbox.code}, 'Set', true)`);
    const comboOnly = await t.call('/myhome/spu/sendToWMS', { idList: [Number(combo.rows[0]!.id)] }, { token: w.token });
    expect(comboOnly.body).toMatchObject({ success: false, errorCode: 'ERR_GOODS_WMS_NOTHING_TO_SEND' });
    const bad = await t.call('/myhome/spu/sendToWMS', { idList: [] }, { token: w.token });
    expect(bad.body).toMatchObject({ success: false });
    expect(bad.body.params?.field).toBe('idList');

    const lonely = await goodsSeller(t);
    const lonelyGoods = await goodsRow(t, lonely.domainId, ['LONE-1']);
    await warehouseRow(t, lonely.domainId, { type: 'SELF_WAREHOUSE' });
    const none = await t.call('/myhome/spu/sendToWMS', { idList: [lonelyGoods.spu.id] }, { token: lonely.token });
    expect(none.body).toMatchObject({ success: false, errorCode: 'ERR_GOODS_WMS_NO_WAREHOUSE_SYSTEM' });

    // Nothing was requested by the refusals; the other domain sees none of this domain's rows.
    await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id], whIds: [w.sandbox.warehouseId] }, { token: w.token });
    const mine = await t.call('/myhome/spu/searchSpuSyncStatus', {}, { token: w.token });
    expect(mine.body.data.total).toBe(2);
    const theirs = await t.call('/myhome/spu/searchSpuSyncStatus', { spuId: w.goods.spu.id }, { token: other.token });
    expect(theirs.body.data).toMatchObject({ total: 0, voList: [] });
  });

  it('sends online SKU mappings, refusing one not mapped, and lists their sync rows by online SKU', async () => {
    const w = await world();
    const store = await storeRow(t, w.domainId);
    const spuRow = await t.database.db.execute<{ id: number }>(sql`
      insert into tb_spus (domain_id, store_id, platform_code, tb_spu_id, title) values (${w.domainId}, ${store.id}, 'CI_PLATFORM_TAOBAO', 'ITEM-1', 'Mug') returning id`);
    const online = await t.database.db.execute<{ id: number }>(sql`
      insert into tb_skus (domain_id, store_id, platform_code, tb_spu_row_id, tb_spu_id, tb_sku_id, title, sku_id, mapping_status)
      values (${w.domainId}, ${store.id}, 'CI_PLATFORM_TAOBAO', ${spuRow.rows[0]!.id}, 'ITEM-1', 'ITEM-1-1', 'Mug red', ${w.goods.skus[0]!.id}, 'already'),
             (${w.domainId}, ${store.id}, 'CI_PLATFORM_TAOBAO', ${spuRow.rows[0]!.id}, 'ITEM-1', 'ITEM-1-2', 'Mug blue', null, 'wait')
      returning id`);
    const [mapped, unmapped] = online.rows.map((r) => Number(r.id));
    const refused = await t.call('/myhome/tbspu/sendToWmsSkuMapping', { idList: [mapped, unmapped] }, { token: w.token });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_GOODS_WMS_NOT_MAPPED' });
    expect(refused.body).toMatchObject({ params: { field: 'idList.1' } });
    expect(refused.body.message).toContain('ITEM-1-2');

    const sent = await t.call('/myhome/tbspu/sendToWmsSkuMapping', { idList: [mapped] }, { token: w.token });
    expect(sent.body.data).toMatchObject({ requested: 1, warehouseIds: [w.sandbox.warehouseId] });
    await wms().dispatchPending(w.domainId);
    await t.call('/cloud/wms/fetchResults', { whId: w.sandbox.warehouseId }, { token: w.token });
    const rows = await t.call('/myhome/tbspu/searchSyncStatus', { id: mapped }, { token: w.token });
    expect(rows.body.data.voList).toEqual([
      expect.objectContaining({ kind: 'MAPPING', tbSkuRowId: mapped, tbSkuId: 'ITEM-1-1', platformCode: 'CI_PLATFORM_TAOBAO', skuId: w.goods.skus[0]!.id, syncStatus: 'SUCCESS' }),
    ]);
    // A mapping is not an item: the goods' own status is untouched.
    expect((await statusesOf(w.domainId, w.goods.spu.id)).spu).toBe('NONE');
    const view = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.sandbox.warehouseId }, { token: w.token });
    expect(view.body.data.documents[0]).toMatchObject({ kind: 'MAPPING', docType: 'SKU_MAPPING', status: 'FULFILLED' });

    const other = await world();
    const foreign = await t.call('/myhome/tbspu/sendToWmsSkuMapping', { idList: [mapped] }, { token: other.token });
    expect(foreign.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    const theirs = await t.call('/myhome/tbspu/searchSyncStatus', { id: mapped }, { token: other.token });
    expect(theirs.body.data.total).toBe(0);
  });

  it('needs the goods menu to send goods, the mapping menu for mappings and the warehouse menu for warehouse/sync', async () => {
    const w = await world();
    const mappingOnly = await goodsStaff(t, w.domainId, ['MENU_TBSKU_RELATION']);
    expect((await t.call('/myhome/spu/sendToWMS', { idList: [w.goods.spu.id] }, { token: mappingOnly })).body).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_NO_PERMISSION' });
    expect((await t.call('/myhome/warehouse/sync', { id: w.sandbox.warehouseId }, { token: mappingOnly })).body).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_NO_PERMISSION' });
    expect((await t.call('/myhome/tbspu/searchSyncStatus', {}, { token: mappingOnly })).body).toMatchObject({ success: true });
    const warehouseStaff = await goodsStaff(t, w.domainId, ['MENU_WH_LIST']);
    const synced = await t.call('/myhome/warehouse/sync', { id: w.sandbox.warehouseId }, { token: warehouseStaff });
    expect(synced.body.data).toMatchObject({ requested: 2, skipped: 0 });
  });
});

describe('live-broadcast codes', () => {
  it('gives SKUs the next free live codes in order, keeps codes already given, lists and filters them, and refuses another domain', async () => {
    const w = await world();
    const [a, b] = w.goods.skus.map((k) => k.id) as [number, number];
    const first = await t.call('/myhome/spu/createLiveCode', { idList: [b] }, { token: w.token });
    expect(first.body.data).toMatchObject({ created: 1, voList: [{ skuId: b, liveCode: 'L1001', spuCode: w.goods.spu.code }] });
    const second = await t.call('/myhome/spu/createLiveCode', { idList: [a, b] }, { token: w.token });
    expect(second.body.data.created).toBe(1);
    expect(second.body.data.voList.map((r: { skuId: number; liveCode: string }) => [r.skuId, r.liveCode])).toEqual([
      [b, 'L1001'],
      [a, 'L1002'],
    ]);
    const withCode = await t.call('/myhome/spu/searchLiveSpuList', { keyword: 'L1002' }, { token: w.token });
    expect(withCode.body.data).toMatchObject({ total: 1, voList: [{ skuId: a, liveCode: 'L1002' }] });
    const without = await t.call('/myhome/spu/searchLiveSpuList', { hasLiveCode: false }, { token: w.token });
    expect(without.body.data.total).toBe(0);

    const other = await world();
    const foreign = await t.call('/myhome/spu/createLiveCode', { idList: [other.goods.skus[0]!.id, a] }, { token: w.token });
    expect(foreign.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND', params: { field: 'idList.0' } });
    // Another domain numbers its own codes and sees none of these.
    const theirs = await t.call('/myhome/spu/createLiveCode', { idList: [other.goods.skus[0]!.id] }, { token: other.token });
    expect(theirs.body.data.voList[0].liveCode).toBe('L1001');
    expect((await t.call('/myhome/spu/searchLiveSpuList', { hasLiveCode: true }, { token: other.token })).body.data.total).toBe(1);
    expect((await t.call('/myhome/spu/createLiveCode', { idList: [] }, { token: w.token })).body.params?.field).toBe('idList');
  });
});
