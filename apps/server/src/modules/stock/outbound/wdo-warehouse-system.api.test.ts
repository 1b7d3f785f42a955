// Outbound orders of warehouses run by a warehouse system, against the sandbox warehouse system
// of this build: verification issues the order, the system's shipment report books the delivery
// (whole or in parts), a cancel asks the system first, and a failed issue can be synced again.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { anotherWarehouse, balanceOf, outboundWorld, putOnHand } from '../../../../test/factories/outbound.js';
import { operationLogs } from '../../../db/schema/index.js';

const t = await createTestApp();

async function sandboxWorld(externalCode = 'SANDBOX-OUT') {
  const w = await outboundWorld(t, { locations: 0 });
  const wms = await anotherWarehouse(t, w.domainId, 0, 'WMS_WAREHOUSE', externalCode);
  await putOnHand(t, w.domainId, [
    { warehouseId: wms.warehouseId, skuId: w.skuIds[0]!, qty: 10 },
    { warehouseId: wms.warehouseId, skuId: w.skuIds[1]!, qty: 10 },
  ]);
  return { ...w, wmsId: wms.warehouseId };
}

type World = Awaited<ReturnType<typeof sandboxWorld>>;

const call = (w: World, path: string, body: Record<string, unknown>) => t.call(path, body, { token: w.token });

async function verifiedOrder(w: World, lines: { skuId: number; qty: number }[]) {
  const created = await call(w, '/myhome/wdoHeader/create', { whId: w.wmsId, wdoType: 'WDO_SALE', receiverName: 'Shop Li', wdoDetails: lines });
  const verified = await call(w, '/myhome/wdoHeader/verify', { id: created.body.data.id, version: 0 });
  if (!verified.body.success) throw new Error(JSON.stringify(verified.body));
  return verified.body.data;
}

async function sandboxDocument(w: World, code: string) {
  const view = await call(w, '/cloud/wms/sandbox/view', { warehouseId: w.wmsId });
  return view.body.data.documents.find((d: any) => d.docCode === code);
}

const fetchResults = (w: World) => call(w, '/cloud/wms/fetchResults', { whId: w.wmsId });
const get = async (w: World, id: number) => (await call(w, '/myhome/wdoHeader/get', { id })).body.data;

describe('outbound orders of a warehouse run by a warehouse system', () => {
  it('issues the order on verification and books the delivery the warehouse reports', async () => {
    const w = await sandboxWorld();
    const wdo = await verifiedOrder(w, [
      { skuId: w.skuIds[0]!, qty: 4 },
      { skuId: w.skuIds[1]!, qty: 2 },
    ]);
    expect(wdo).toMatchObject({ status: 'CI_WDO_STATUS_SYNCED', syncStatus: 'SUCCESS', syncMessage: null });
    expect(wdo.externalCode).toBeTruthy();
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 4 });
    const document = await sandboxDocument(w, wdo.code);
    expect(document).toMatchObject({ kind: 'WDO', docType: 'WDO_SALE', status: 'SENTED' });
    expect(document.lines.map((l: any) => [l.skuId, l.qty])).toEqual([
      [w.skuIds[0], 4],
      [w.skuIds[1], 2],
    ]);

    const byHand = await call(w, '/myhome/wdoHeader/updateInventory', { id: wdo.id, version: wdo.version });
    expect(byHand.body).toMatchObject({ errorCode: 'ERR_WDO_AWAITS_WAREHOUSE', params: { code: wdo.code } });

    const shipped = await call(w, '/cloud/wms/sandbox/fulfil', { warehouseId: w.wmsId, documentId: document.id, expressCompanyCode: 'SF', expressNo: 'SF123' });
    expect(shipped.body.data.status).toBe('FULFILLED');
    expect((await fetchResults(w)).body.data).toMatchObject({ booked: 1, refused: 0 });
    expect(await get(w, wdo.id)).toMatchObject({ status: 'CI_WDO_STATUS_DELIVERED', deliveredQtyTotal: 6, expressCompanyCode: 'SF', expressNo: 'SF123' });
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 6, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[1]!)).toEqual({ onHand: 8, allocated: 0 });
    // A result seen again is not booked twice.
    expect((await fetchResults(w)).body.data.booked).toBe(0);
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 6, allocated: 0 });
    const logs = await t.database.db
      .select({ action: operationLogs.action, after: operationLogs.after })
      .from(operationLogs)
      .where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.entityType, 'wdo'), eq(operationLogs.entityId, String(wdo.id))))
      .orderBy(operationLogs.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'verify', 'sync', 'deliver']);
    expect(logs[3]!.after).toMatchObject({ source: 'WAREHOUSE_SYSTEM' });
  });

  it('books a shipment in parts: the order stays issued until the rest leaves', async () => {
    const w = await sandboxWorld();
    const wdo = await verifiedOrder(w, [{ skuId: w.skuIds[0]!, qty: 5 }]);
    const document = await sandboxDocument(w, wdo.code);
    await call(w, '/cloud/wms/sandbox/fulfil', { warehouseId: w.wmsId, documentId: document.id, lines: [{ lineId: document.lines[0].lineId, qty: 2 }] });
    await fetchResults(w);
    const partly = await get(w, wdo.id);
    expect(partly).toMatchObject({ status: 'CI_WDO_STATUS_SYNCED', deliveredQtyTotal: 2 });
    expect(partly.wdoDetails[0].deliveredQty).toBe(2);
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 8, allocated: 3 });
    await call(w, '/cloud/wms/sandbox/fulfil', { warehouseId: w.wmsId, documentId: document.id });
    await fetchResults(w);
    expect(await get(w, wdo.id)).toMatchObject({ status: 'CI_WDO_STATUS_DELIVERED', deliveredQtyTotal: 5 });
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 5, allocated: 0 });
  });

  it('keeps the order verified with the reason when the system refuses it, and issues it again on sync', async () => {
    const w = await sandboxWorld();
    await call(w, '/cloud/wms/sandbox/failNext', { warehouseId: w.wmsId, failures: [{ kind: 'REJECTED', operation: 'issue' }] });
    const wdo = await verifiedOrder(w, [{ skuId: w.skuIds[0]!, qty: 3 }]);
    expect(wdo).toMatchObject({ status: 'CI_WDO_STATUS_VERIFIED', syncStatus: 'FAILURE' });
    expect(wdo.syncMessage).toBeTruthy();
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 3 });
    const synced = await call(w, '/myhome/wdoHeader/sync', { id: wdo.id, version: wdo.version });
    expect(synced.body.data).toMatchObject({ status: 'CI_WDO_STATUS_SYNCED', syncStatus: 'SUCCESS', syncMessage: null });
    const self = await outboundWorld(t);
    const plain = await t.call('/myhome/wdoHeader/create', { whId: self.warehouseId, wdoType: 'WDO_OTHER', wdoDetails: [{ skuId: self.skuIds[0], qty: 1 }] }, { token: self.token });
    await putOnHand(t, self.domainId, [{ warehouseId: self.warehouseId, skuId: self.skuIds[0]!, qty: 1 }]);
    await t.call('/myhome/wdoHeader/verify', { id: plain.body.data.id, version: 0 }, { token: self.token });
    const notIssued = await t.call('/myhome/wdoHeader/sync', { id: plain.body.data.id, version: 1 }, { token: self.token });
    expect(notIssued.body.errorCode).toBe('ERR_WDO_NOT_ISSUED');
  });

  it('cancels an issued order at once when the system agrees, or once it confirms', async () => {
    const w = await sandboxWorld();
    const first = await verifiedOrder(w, [{ skuId: w.skuIds[0]!, qty: 2 }]);
    const cancelled = await call(w, '/myhome/wdoHeader/cancel', { id: first.id, version: first.version, reason: 'not needed' });
    expect(cancelled.body.data).toMatchObject({ status: 'CI_WDO_STATUS_CANCELLED', cancelReason: 'not needed' });
    expect((await sandboxDocument(w, first.code)).status).toBe('CANCEL');
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 0 });

    const view = await call(w, '/cloud/wms/sandbox/view', { warehouseId: w.wmsId });
    await call(w, '/cloud/wms/sandbox/settings', { warehouseId: w.wmsId, version: view.body.data.version, failureRate: 0, latencyMs: 0, cancelMode: 'CONFIRM', rejectSkuCodes: [] });
    const second = await verifiedOrder(w, [{ skuId: w.skuIds[0]!, qty: 3 }]);
    const requested = await call(w, '/myhome/wdoHeader/cancel', { id: second.id, version: second.version });
    expect(requested.body.data).toMatchObject({ status: 'CI_WDO_STATUS_SYNCED' });
    expect(requested.body.data.cancelRequestedAt).toBeTruthy();
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 3 });
    const document = await sandboxDocument(w, second.code);
    await call(w, '/cloud/wms/sandbox/confirmCancel', { warehouseId: w.wmsId, documentId: document.id });
    await fetchResults(w);
    expect(await get(w, second.id)).toMatchObject({ status: 'CI_WDO_STATUS_CANCELLED' });
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 0 });
  });

  it('refuses a cancel the system rejects and changes nothing; force cancel still releases the stock', async () => {
    const w = await sandboxWorld();
    const wdo = await verifiedOrder(w, [{ skuId: w.skuIds[0]!, qty: 2 }]);
    await call(w, '/cloud/wms/sandbox/failNext', { warehouseId: w.wmsId, failures: [{ kind: 'REJECTED', operation: 'cancel' }] });
    const refused = await call(w, '/myhome/wdoHeader/cancel', { id: wdo.id, version: wdo.version });
    expect(refused.body.errorCode).toBe('ERR_WMS_REJECTED');
    expect(await get(w, wdo.id)).toMatchObject({ status: 'CI_WDO_STATUS_SYNCED', version: wdo.version });
    const forced = await call(w, '/myhome/wdoHeader/forceCancel', { id: wdo.id, version: wdo.version, reason: 'warehouse lost it' });
    expect(forced.body.data).toMatchObject({ status: 'CI_WDO_STATUS_CANCELLED', cancelReason: 'warehouse lost it' });
    expect(await balanceOf(t, w.domainId, w.wmsId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 0 });
    expect((await sandboxDocument(w, wdo.code)).status).toBe('CANCEL');
  });

  it('lets a person book the delivery when the warehouse system is not part of this build', async () => {
    const w = await sandboxWorld('REAL-WMS-1');
    const wdo = await verifiedOrder(w, [{ skuId: w.skuIds[0]!, qty: 2 }]);
    expect(wdo).toMatchObject({ status: 'CI_WDO_STATUS_VERIFIED', syncStatus: 'FAILURE' });
    expect(wdo.syncMessage).toContain('not part of this build');
    const delivered = await call(w, '/myhome/wdoHeader/updateInventory', { id: wdo.id, version: wdo.version });
    expect(delivered.body.data.status).toBe('CI_WDO_STATUS_DELIVERED');
    const rows = await t.database.db.execute<{ n: number }>(sql`select sum(on_hand)::int as n from stock_balances where domain_id = ${w.domainId} and warehouse_id = ${w.wmsId} and sku_id = ${w.skuIds[0]}`);
    expect(Number(rows.rows[0]!.n)).toBe(8);
  });
});
