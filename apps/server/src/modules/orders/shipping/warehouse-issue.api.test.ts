// Orders to third-party warehouses over HTTP (issue 21 must-have 1), against the sandbox warehouse
// system: a reviewed order of a WMS warehouse is issued (SYNCED) by hand or by the job; the
// warehouse's shipment confirmation ships it once (stock leaves on-hand, the tracking number goes
// to the store); a refusal is listed in tab 5 type=issued and the home counter, and re-sent on
// request; refusals and another domain. Also sendsoh/send and sendsoh/batchReSendToTaobao.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore, sandboxStoreSelling } from '../../../../test/factories/orders-ingest.js';
import { balanceOf, putOnHand } from '../../../../test/factories/outbound.js';
import { signedInSeller, storeRow } from '../../../../test/factories/warehouses.js';
import type { WarehouseIssue } from './index.js';

let t: TestApp;
beforeAll(async () => {
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  process.env.WMS_ISSUE_CRON = 'off';
  process.env.WMS_POLL_CRON = 'off';
  t = await createTestApp();
});

async function ok(token: string, path: string, body: Record<string, unknown>) {
  const answer = await t.call(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const header = async (id: number) => (await t.database.db.execute<Record<string, any>>(sql`select * from erp_orders where id = ${id}`)).rows[0]!;

/** A seller whose sandbox store's orders are reviewed for a warehouse run by the sandbox WMS (or by the seller). */
async function world(count: number, type: 'WMS_WAREHOUSE' | 'SELF_WAREHOUSE' = 'WMS_WAREHOUSE') {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 2);
  const warehouseId = await ingestWarehouse(t, seller.domainId);
  if (type === 'WMS_WAREHOUSE') await t.database.db.execute(sql`update warehouses set type = 'WMS_WAREHOUSE', external_code = 'SANDBOX-SO' where id = ${warehouseId}`);
  const { storeId } = await sandboxStoreSelling(t, seller.token, skus.map((s) => s.code));
  await generateSandboxOrders(t, seller.token, storeId, count);
  await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId });
  await putOnHand(t, seller.domainId, skus.map((s) => ({ warehouseId, skuId: s.id, qty: 1000 })));
  const ids = (await ordersOfStore(t, seller.domainId, storeId)).map((o) => Number(o.id));
  await t.database.db.execute(sql`update erp_orders set express_company_code = 'SF', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where domain_id = ${seller.domainId}`);
  const verified = await ok(seller.token, '/myhome/erpsoh/verify', { idList: ids });
  expect(verified.failures).toEqual([]);
  return { ...seller, skus, warehouseId, storeId, ids };
}

const issue = (token: string, idList: number[]) => t.call('/myhome/sendsoh/forceSendWmsErpSoByHand', { idList }, { token });
const documents = async (w: { token: string; warehouseId: number }) => (await ok(w.token, '/cloud/wms/sandbox/view', { warehouseId: w.warehouseId })).documents as any[];
const onHand = async (w: { domainId: number; warehouseId: number; skus: { id: number }[] }) => {
  let total = 0;
  for (const s of w.skus) total += (await balanceOf(t, w.domainId, w.warehouseId, s.id)).onHand;
  return total;
};

describe('orders to a warehouse run by a warehouse system', { timeout: 120_000 }, () => {
  it('issues a reviewed order by hand, and the warehouse ships it once: stock leaves, the number reaches the store', async () => {
    const w = await world(1);
    const [id] = w.ids as [number];
    const before = await onHand(w);
    const issued = await issue(w.token, [id]);
    expect(issued.body.data).toEqual({ successIds: [id], failures: [] });
    expect((await header(id)).status_code).toBe('CI_ERPSOH_STATUS_SYNCED');
    const docs = await documents(w);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ kind: 'SO', docCode: (await header(id)).code, status: 'SENTED' });
    const qty = docs[0].lines.reduce((n: number, l: any) => n + l.qty, 0);
    expect(qty).toBeGreaterThan(0);
    expect((await ok(w.token, '/myhome/homepage/getHomePageData', {})).countToSend4Wms).toBe(1);
    // Issued twice: one document, the order stays issued.
    expect((await issue(w.token, [id])).body.data.successIds).toEqual([id]);
    expect(await documents(w)).toHaveLength(1);

    await ok(w.token, '/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId: docs[0].id, expressCompanyCode: 'SF', expressNo: 'SFWMS0001' });
    expect(await ok(w.token, '/cloud/wms/fetchResults', { whId: w.warehouseId })).toMatchObject({ booked: 1, refused: 0 });
    const shipped = await header(id);
    expect(shipped).toMatchObject({ status_code: 'CI_ERPSOH_STATUS_SEND', express_no: 'SFWMS0001', express_company_code: 'SF' });
    expect(await onHand(w)).toBe(before - qty);
    const feedback = await t.waitFor(
      async () => (await t.database.db.execute<{ status: string }>(sql`select status from shipping_feedbacks where erp_order_id = ${id}`)).rows,
      (rows) => rows.length > 0 && rows.every((r) => r.status !== 'PENDING'),
    );
    expect(feedback.map((r) => r.status)).toEqual(['SUCCESS']);
    // The confirmation seen again books nothing more.
    expect((await ok(w.token, '/cloud/wms/fetchResults', { whId: w.warehouseId })).booked).toBe(0);
    expect(await onHand(w)).toBe(before - qty);
    const ships = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from stock_ledger where doc_type = 'ORDER' and doc_id = ${id} and movement = 'SHIP'`);
    expect(Number(ships.rows[0]!.n)).toBeGreaterThan(0);
    expect((await ok(w.token, '/myhome/homepage/getHomePageData', {})).countToSend4Wms).toBe(0);
  });

  it('lists a refused issue in tab 5 type=issued and the home counter, and re-sends it on request', async () => {
    const w = await world(1);
    const [id] = w.ids as [number];
    await ok(w.token, '/cloud/wms/sandbox/failNext', { warehouseId: w.warehouseId, failures: [{ kind: 'REJECTED', operation: 'issue' }] });
    const refused = await issue(w.token, [id]);
    expect(refused.body.data.successIds).toEqual([]);
    expect(refused.body.data.failures).toEqual([expect.objectContaining({ id, errorCode: 'ERR_ORDER_ISSUE_FAILED' })]);
    expect((await header(id)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
    const tab5 = await ok(w.token, '/myhome/erpsoh/searchErpSoHPageList', { activeKey: '5', exceptionType: 'issued' });
    expect(tab5.voList.map((o: any) => o.id)).toEqual([id]);
    const issue21 = t.app.services.registry.get<WarehouseIssue>('order-warehouse-issue');
    expect(await issue21.failedCount(w.domainId)).toBe(1);
    expect((await ok(w.token, '/myhome/homepage/getHomePageData', {})).countSyncException).toBe(1);
    // The job leaves a failed issue for the person to re-send.
    expect(await issue21.issuePending()).toBe(0);
    const again = await issue(w.token, [id]);
    expect(again.body.data.successIds).toEqual([id]);
    expect((await header(id)).status_code).toBe('CI_ERPSOH_STATUS_SYNCED');
    expect(await issue21.failedCount(w.domainId)).toBe(0);
    expect((await ok(w.token, '/myhome/erpsoh/searchErpSoHPageList', { activeKey: '5', exceptionType: 'issued' })).voList).toEqual([]);
  });

  it('issues reviewed orders of WMS warehouses by the job', async () => {
    const w = await world(2);
    const issue21 = t.app.services.registry.get<WarehouseIssue>('order-warehouse-issue');
    await issue21.issuePending();
    for (const id of w.ids) expect((await header(id)).status_code).toBe('CI_ERPSOH_STATUS_SYNCED');
    expect(await documents(w)).toHaveLength(2);
  });

  it('refuses an order of a warehouse the seller runs, one not reviewed, another domain and an empty list', async () => {
    const own = await world(1, 'SELF_WAREHOUSE');
    const self = await issue(own.token, own.ids);
    expect(self.body.data.failures).toEqual([expect.objectContaining({ errorCode: 'ERR_ORDER_NOT_THIRD_PARTY_WAREHOUSE' })]);
    const pending = await insertOrder(t, own.domainId, { storeId: own.storeId, lines: [{ skuId: null, qty: 1 }] });
    expect((await issue(own.token, [pending.id])).body.data.failures[0].errorCode).toBe('ERR_ORDER_STATUS');
    const w = await world(1);
    const foreign = await issue(own.token, w.ids);
    expect(foreign.body.data.failures).toEqual([expect.objectContaining({ errorCode: 'ERR_NOT_FOUND' })]);
    expect((await header(w.ids[0]!)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
    const empty = await issue(own.token, []);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('idList');
  });
});

describe('sending one order and sending tracking numbers again', { timeout: 120_000 }, () => {
  it('ships one order with its note and serial numbers, and refuses a serial number of another line', async () => {
    const w = await world(2, 'SELF_WAREHOUSE');
    const [a, b] = w.ids as [number, number];
    await t.database.db.execute(sql`update erp_orders set express_no = 'SF' || lpad(id::text, 10, '0') where domain_id = ${w.domainId}`);
    const lineOfB = Number((await t.database.db.execute<{ id: number }>(sql`select id from erp_order_lines where order_id = ${b} limit 1`)).rows[0]!.id);
    const bad = await t.call('/myhome/sendsoh/send', { id: a, serialNumberDtoList: [{ lineId: lineOfB, serialNumber: 'SN1' }] }, { token: w.token });
    expect(bad.status).toBe(400);
    expect(bad.body.params?.field).toBe('serialNumberDtoList.0.lineId');
    expect((await header(a)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
    const lineOfA = Number((await t.database.db.execute<{ id: number }>(sql`select id from erp_order_lines where order_id = ${a} limit 1`)).rows[0]!.id);
    const sent = await ok(w.token, '/myhome/sendsoh/send', { id: a, content: 'packed by Li', serialNumberDtoList: [{ lineId: lineOfA, serialNumber: 'SN-0001' }] });
    expect(sent.successIds).toEqual([a]);
    expect((await header(a)).status_code).toBe('CI_ERPSOH_STATUS_SEND');
    const logs = await t.database.db.execute<{ after: any }>(sql`select after from operation_logs where entity_id = ${String(a)} and action = 'send' order by id`);
    expect(JSON.stringify(logs.rows.map((r) => r.after))).toContain('SN-0001');
  });

  it('pushes shipped orders tracking numbers again, refusing orders not shipped and another domain', async () => {
    const w = await world(2, 'SELF_WAREHOUSE');
    const [a, b] = w.ids as [number, number];
    await t.database.db.execute(sql`update erp_orders set express_no = 'SF' || lpad(id::text, 10, '0') where domain_id = ${w.domainId}`);
    await ok(w.token, '/myhome/sendsoh/sendErpSoHList', { idList: [a] });
    const again = await ok(w.token, '/myhome/sendsoh/batchReSendToTaobao', { idList: [a, b] });
    expect(again.successIds).toEqual([a]);
    expect(again.failures).toEqual([expect.objectContaining({ id: b, errorCode: 'ERR_ORDER_NOT_SENT' })]);
    expect(again.recordKey).toBeTruthy();
    await t.waitFor(
      async () => (await t.database.db.execute<{ status: string }>(sql`select status from shipping_feedbacks where record_key = ${again.recordKey}`)).rows,
      (rows) => rows.length > 0 && rows.every((r) => r.status === 'SUCCESS'),
    );
    const other = await signedInSeller(t);
    await storeRow(t, other.domainId);
    const foreign = await ok(other.token, '/myhome/sendsoh/batchReSendToTaobao', { idList: [a] });
    expect(foreign).toMatchObject({ successIds: [], recordKey: null });
    expect(foreign.failures[0].errorCode).toBe('ERR_NOT_FOUND');
  });
});
