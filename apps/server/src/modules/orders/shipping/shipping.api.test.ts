// Sending orders and the shipping feedback over HTTP on a fresh database: the stock leaves
// exactly as allocated (SHIP ledger rows), refusals deduct nothing, the sandbox store receives
// the tracking numbers, a forced failure is listed and retried, another domain, a sub-account.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore, sandboxStoreSelling } from '../../../../test/factories/orders-ingest.js';
import { balanceOf, outboundWorld, putOnHand } from '../../../../test/factories/outbound.js';
import { signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';

let t: TestApp;
beforeAll(async () => {
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});

async function ok(token: string, path: string, body: Record<string, unknown>) {
  const answer = await t.call(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

async function header(id: number) {
  const rows = await t.database.db.execute<Record<string, any>>(sql`select * from erp_orders where id = ${id}`);
  return rows.rows[0]!;
}

async function ledgerOf(orderId: number) {
  const rows = await t.database.db.execute<{ movement: string; sku_id: number; on_hand_delta: number; allocated_delta: number }>(sql`
    select movement, sku_id, on_hand_delta, allocated_delta from stock_ledger where doc_type = 'ORDER' and doc_id = ${orderId} order by id`);
  return rows.rows.map((r) => ({ movement: r.movement, skuId: Number(r.sku_id), onHand: Number(r.on_hand_delta), allocated: Number(r.allocated_delta) }));
}

async function setExpress(ids: number[], code = 'SF') {
  for (const id of ids) await t.database.db.execute(sql`update erp_orders set express_company_code = ${code}, express_no = ${'SF' + String(id).padStart(10, '0')} where id = ${id}`);
}

/** A seller with an authorized sandbox store, its orders pulled, reviewed and given waybill numbers. */
async function sandboxShipWorld(count: number) {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 2);
  const warehouseId = await ingestWarehouse(t, seller.domainId);
  const { storeId } = await sandboxStoreSelling(t, seller.token, skus.map((s) => s.code));
  const orderNos = await generateSandboxOrders(t, seller.token, storeId, count);
  await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId });
  await putOnHand(t, seller.domainId, skus.map((s) => ({ warehouseId, skuId: s.id, qty: 1000 })));
  const orders = await ordersOfStore(t, seller.domainId, storeId);
  const ids = orders.map((o) => Number(o.id));
  await t.database.db.execute(sql`update erp_orders set express_company_code = 'SF', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where domain_id = ${seller.domainId}`);
  const verified = await ok(seller.token, '/myhome/erpsoh/verify', { idList: ids });
  expect(verified.failures).toEqual([]);
  await setExpress(ids);
  return { ...seller, skus, warehouseId, storeId, orderNos, ids };
}

/** queryFeedbackProgress takes no payload and answers every open record: the one of this key, if any. */
const progressItems = async (token: string) => (await ok(token, '/myhome/erpsoh/queryFeedbackProgress', {})).vo.feedbackProgressItems as Array<{ recordKey: string; feedbackComplete: boolean }>;
const progressOf = async (token: string, recordKey: string) => (await progressItems(token)).find((p) => p.recordKey === recordKey);
const completed = (token: string, recordKey: string) => t.waitFor(() => progressOf(token, recordKey), (p) => p?.feedbackComplete === true);

describe('sending orders', () => {
  it('takes exactly the allocation out of on-hand and allocated with SHIP ledger rows, and marks the orders sent', async () => {
    const w = await outboundWorld(t, { locations: 2 });
    const store = await storeRow(t, w.domainId);
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 3 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0]!, qty: 4 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 10 },
    ]);
    const o = await insertOrder(t, w.domainId, { storeId: store.id, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: w.skuIds[0]!, qty: 5 }, { skuId: w.skuIds[1]!, qty: 2 }] });
    const other = await insertOrder(t, w.domainId, { storeId: store.id, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: w.skuIds[0]!, qty: 1 }] });
    expect((await ok(w.token, '/myhome/erpsoh/verify', { idList: [o.id, other.id] })).failures).toEqual([]);
    await setExpress([o.id, other.id]);
    const before = await header(o.id);

    const result = await ok(w.token, '/myhome/sendsoh/sendErpSoHList', { idList: [o.id], versions: [{ id: o.id, version: before.version }] });
    expect(result).toEqual({ successIds: [o.id], failures: [], recordKey: null });
    // The other order keeps its allocation; this one's left with its pieces.
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 2, allocated: 1 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 8, allocated: 0 });
    const ship = (await ledgerOf(o.id)).filter((l) => l.movement === 'SHIP');
    expect(ship.reduce((s, l) => s + l.onHand, 0)).toBe(-7);
    expect(ship.every((l) => l.onHand === l.allocated)).toBe(true);
    expect(ship.filter((l) => l.skuId === w.skuIds[0]).reduce((s, l) => s - l.onHand, 0)).toBe(5);
    const h = await header(o.id);
    expect(h.status_code).toBe('CI_ERPSOH_STATUS_SEND');
    expect(h.delivery_time).not.toBeNull();
    const logs = await t.database.db.execute<{ action: string }>(sql`select action from operation_logs where entity_type = 'erp_order' and entity_id = ${String(o.id)} order by id`);
    expect(logs.rows.map((r) => r.action)).toEqual(['verify', 'send']);

    // Sent twice: refused by status, nothing more leaves.
    const again = await ok(w.token, '/myhome/sendsoh/sendErpSoHList', { idList: [o.id] });
    expect(again.failures[0]).toMatchObject({ id: o.id, errorCode: 'ERR_ORDER_STATUS' });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 2, allocated: 1 });
  });

  it('refuses refunded, intercepted, waybill-less, pending and stale orders and deducts nothing for them', async () => {
    const w = await outboundWorld(t, { locations: 1 });
    const store = await storeRow(t, w.domainId);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 20 }]);
    const make = () => insertOrder(t, w.domainId, { storeId: store.id, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    const refunded = await make();
    const intercepted = await make();
    const noWaybill = await make();
    const stale = await make();
    const good = await make();
    const pending = await make();
    await ok(w.token, '/myhome/erpsoh/verify', { idList: [refunded.id, intercepted.id, noWaybill.id, stale.id, good.id] });
    await setExpress([refunded.id, intercepted.id, stale.id, good.id, pending.id]);
    await t.database.db.execute(sql`update erp_orders set have_refund = true where id = ${refunded.id}`);
    await t.database.db.execute(sql`update erp_orders set intercepted = true, intercept_reason = 'CANCELLED' where id = ${intercepted.id}`);
    const staleVersion = (await header(stale.id)).version - 1;
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 20, allocated: 10 });

    const ids = [refunded.id, intercepted.id, noWaybill.id, stale.id, good.id, pending.id];
    const result = await ok(w.token, '/myhome/sendsoh/sendErpSoHList', { idList: ids, versions: [{ id: stale.id, version: staleVersion }] });
    expect(result.successIds).toEqual([good.id]);
    const codes = Object.fromEntries(result.failures.map((f: { id: number; errorCode: string }) => [f.id, f.errorCode]));
    expect(codes).toEqual({
      [refunded.id]: 'ERR_ORDER_REFUND_HOLD', // a refund holds the order: its own refusal (orders/intercepts)
      [intercepted.id]: 'ERR_ORDER_INTERCEPTED',
      [noWaybill.id]: 'ERR_ORDER_NO_EXPRESS_NO',
      [stale.id]: 'ERR_VERSION_CONFLICT',
      [pending.id]: 'ERR_ORDER_STATUS',
    });
    expect(result.failures.find((f: { id: number }) => f.id === noWaybill.id).message).toMatch(/waybill|运单号/);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 18, allocated: 8 });
    for (const id of [refunded.id, intercepted.id, noWaybill.id, stale.id]) {
      expect((await ledgerOf(id)).some((l) => l.movement === 'SHIP')).toBe(false);
      expect((await header(id)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
    }
  });

  it('refuses more than 20 orders in one call, naming the field', async () => {
    const w = await outboundWorld(t);
    const answer = await t.call('/myhome/sendsoh/sendErpSoHList', { idList: Array.from({ length: 21 }, (_, i) => i + 1) }, { token: w.token });
    expect(answer.body.success).toBe(false);
    expect(JSON.stringify(answer.body)).toMatch(/idList/);
  });

  it('force-sends orders issued to a warehouse (SYNCED) only', async () => {
    const w = await outboundWorld(t);
    const store = await storeRow(t, w.domainId);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 5 }]);
    const o = await insertOrder(t, w.domainId, { storeId: store.id, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    await ok(w.token, '/myhome/erpsoh/verify', { idList: [o.id] });
    await setExpress([o.id]);
    expect((await ok(w.token, '/myhome/sendsoh/syncSendErpSoHListForce', { idList: [o.id] })).failures[0].errorCode).toBe('ERR_ORDER_STATUS');
    await t.database.db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_SYNCED' where id = ${o.id}`);
    expect((await ok(w.token, '/myhome/sendsoh/syncSendErpSoHListForce', { idList: [o.id] })).successIds).toEqual([o.id]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 3, allocated: 0 });
  });
});

describe('shipping feedback', () => {
  it('answers queryFeedbackProgress without a payload as vo.feedbackProgressItems, empty when no record is open', async () => {
    const w = await outboundWorld(t);
    const answer = await t.call('/myhome/erpsoh/queryFeedbackProgress', {}, { token: w.token });
    expect(answer.body).toMatchObject({ success: true, data: { vo: { feedbackProgressItems: [] } } });
  });

  it('pushes the tracking numbers to the sandbox store in the background and completes the progress record', async () => {
    const w = await sandboxShipWorld(3);
    const result = await ok(w.token, '/myhome/sendsoh/sendErpSoHList', { idList: w.ids });
    expect(result.successIds.sort()).toEqual([...w.ids].sort());
    expect(result.recordKey).toEqual(expect.any(String));
    const progress = await completed(w.token, result.recordKey);
    expect(progress).toEqual({ recordKey: result.recordKey, progressType: 'SHIPPING_FEEDBACK', totalCount: 3, successfulCount: 3, failureCount: 0, feedbackComplete: true });

    const received = await t.database.db.execute<{ order_no: string; express_no: string | null; express_company_code: string | null; status: string }>(sql`
      select o.order_no, o.express_no, o.express_company_code, o.status from sandbox_orders o where o.order_no = any(${`{${w.orderNos.join(',')}}`}::text[])`);
    const orders = await ordersOfStore(t, w.domainId, w.storeId);
    for (const order of orders) {
      const sandbox = received.rows.find((r) => r.order_no === order.platform_nos[0])!;
      expect(sandbox).toMatchObject({ express_no: order.express_no, express_company_code: 'SF', status: 'WAIT_BUYER_CONFIRM_GOODS' });
    }
    // Closing the notice removes the record.
    await ok(w.token, '/myhome/erpsoh/removeQuickFeedbackRecord', { recordKey: result.recordKey });
    expect(await progressOf(w.token, result.recordKey)).toBeUndefined();
  });

  it('lists a failed feedback with its error, retries it successfully, and closes failures', async () => {
    const w = await sandboxShipWorld(2);
    const forced = await t.call('/cloud/sandbox/console/forceFailures', { storeId: w.storeId, failures: [{ kind: 'ERROR', operation: 'pushShippingFeedback' }] }, { token: w.token });
    expect(forced.body.success).toBe(true);
    const result = await ok(w.token, '/myhome/sendsoh/sendErpSoHList', { idList: w.ids });
    expect(await completed(w.token, result.recordKey)).toMatchObject({ totalCount: 2, successfulCount: 0, failureCount: 2 });

    expect(await ok(w.token, '/myhome/taobaoSoHFeedback/getFeedbackCount', {})).toEqual({ count: 2 });
    const home = async () => (await t.call('/myhome/homepage/getHomePageData', {}, { token: w.token })).body.data.countFeedbackFailed;
    expect(await home()).toBe(2);
    const page = await ok(w.token, '/myhome/taobaoSoHFeedback/searchFeedbackPageList', { currentPage: 1, pageSize: 10, storeIdList: [w.storeId] });
    expect(page.total).toBe(2);
    expect(page.voList[0]).toMatchObject({ storeId: w.storeId, expressCompanyCode: 'SF', attempts: 1 });
    expect(page.voList[0].errorMsg).toMatch(/PLATFORM|ERR/);
    const one = page.voList[0];
    const byKeyword = await ok(w.token, '/myhome/taobaoSoHFeedback/searchFeedbackPageList', { currentPage: 1, pageSize: 10, keywords: one.platformNo });
    expect(byKeyword.voList.map((r: { id: number }) => r.id)).toEqual([one.id]);
    const future = await ok(w.token, '/myhome/taobaoSoHFeedback/getFeedbackCount', { shippingTimeFrom: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.count).toBe(0);

    const retry = await ok(w.token, '/myhome/taobaoSoHFeedback/batchFeedBack4Taobao', { idList: [one.id] });
    expect(retry.count).toBe(1);
    expect(await completed(w.token, retry.recordKey)).toMatchObject({ totalCount: 1, successfulCount: 1, failureCount: 0 });
    // Both records stay open until closed, oldest first.
    expect((await progressItems(w.token)).map((p) => p.recordKey)).toEqual([result.recordKey, retry.recordKey]);
    const sandbox = await t.database.db.execute<{ express_no: string | null }>(sql`select express_no from sandbox_orders where order_no = ${one.platformNo}`);
    expect(sandbox.rows[0]!.express_no).toBe(one.expressNo);
    expect(await ok(w.token, '/myhome/taobaoSoHFeedback/getFeedbackCount', {})).toEqual({ count: 1 });

    const rest = (await ok(w.token, '/myhome/taobaoSoHFeedback/searchFeedbackPageList', { currentPage: 1, pageSize: 10 })).voList;
    expect(await ok(w.token, '/myhome/taobaoSoHFeedback/batchCloseFeedbackError', { idList: rest.map((r: { id: number }) => r.id) })).toEqual({ count: 1 });
    expect(await ok(w.token, '/myhome/taobaoSoHFeedback/getFeedbackCount', {})).toEqual({ count: 0 });
    expect(await home()).toBe(0);
  });
});

describe('access', () => {
  it('neither sends nor reads feedback of another domain', async () => {
    const w = await sandboxShipWorld(1);
    const forced = await t.call('/cloud/sandbox/console/forceFailures', { storeId: w.storeId, failures: [{ kind: 'ERROR', operation: 'pushShippingFeedback' }] }, { token: w.token });
    expect(forced.body.success).toBe(true);
    const stranger = await outboundWorld(t);
    const foreign = await ok(stranger.token, '/myhome/sendsoh/sendErpSoHList', { idList: w.ids });
    expect(foreign.successIds).toEqual([]);
    expect(foreign.failures[0]).toMatchObject({ id: w.ids[0], errorCode: 'ERR_NOT_FOUND' });
    expect((await header(w.ids[0]!)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');

    const result = await ok(w.token, '/myhome/sendsoh/sendErpSoHList', { idList: w.ids });
    await completed(w.token, result.recordKey);
    expect(await progressOf(stranger.token, result.recordKey)).toBeUndefined();
    expect(await ok(stranger.token, '/myhome/taobaoSoHFeedback/getFeedbackCount', {})).toEqual({ count: 0 });
    const failed = (await ok(w.token, '/myhome/taobaoSoHFeedback/searchFeedbackPageList', { currentPage: 1, pageSize: 10 })).voList;
    expect(await ok(stranger.token, '/myhome/taobaoSoHFeedback/batchCloseFeedbackError', { idList: [failed[0].id] })).toEqual({ count: 0 });
    expect((await ok(stranger.token, '/myhome/taobaoSoHFeedback/batchFeedBack4Taobao', { idList: [failed[0].id] })).count).toBe(0);
    expect(await ok(w.token, '/myhome/taobaoSoHFeedback/getFeedbackCount', {})).toEqual({ count: 1 });
  });

  it('refuses a sub-account without the order menu and changes nothing', async () => {
    const w = await outboundWorld(t);
    const store = await storeRow(t, w.domainId);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 5 }]);
    const o = await insertOrder(t, w.domainId, { storeId: store.id, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    await ok(w.token, '/myhome/erpsoh/verify', { idList: [o.id] });
    await setExpress([o.id]);
    const staff = await signedInStaff(t, w.domainId, ['MENU_STOCK']);
    const answer = await t.call('/myhome/sendsoh/sendErpSoHList', { idList: [o.id] }, { token: staff });
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await t.call('/myhome/taobaoSoHFeedback/getFeedbackCount', {}, { token: staff })).body.success).toBe(false);
    expect((await header(o.id)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 5, allocated: 2 });
  });
});
