// Scanning return parcels in and the 'no information' parcels over HTTP: a scan finds the one
// return awaiting entry, an order with no return yet, or records a parcel that matches nothing
// (once per tracking number, even when scanned twice at once); a parcel is linked to a return
// awaiting entry, directly, and is then received through it; refusals change nothing; another
// domain sees none of it and an account without the menu is refused.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { afterSalesWorld, createAfterSale, decide, getAfterSale } from '../../../../test/factories/aftersales.js';
import { buy, createRma, rmaWorld, shippedOrder } from '../../../../test/factories/rma.js';
import { signedInSeller, signedInStaff } from '../../../../test/factories/warehouses.js';
import { createTestApp } from '../../../../test/harness.js';
import { operationLogs, rmaParcels } from '../../../db/schema/index.js';

const t = await createTestApp();
const scan = (token: string, body: Record<string, unknown>) => t.call('/myhome/rma/scan', body, { token });
const link = (token: string, body: Record<string, unknown>) => t.call('/myhome/rma/parcel/link', body, { token });
const parcels = async (token: string, filters: Record<string, unknown> = {}) => (await t.call('/myhome/rma/parcel/searchPageList', filters, { token })).body.data;

async function world() {
  const w = await rmaWorld(t);
  await buy(t, w, w.skuIds[0]!, 5, '10');
  const order = await shippedOrder(t, w, [{ skuId: w.skuIds[0]!, qty: 2 }]);
  return { w, order };
}

describe('scanning return parcels', () => {
  it('finds the one return awaiting entry by its tracking number, an order without a return by its code, and records a parcel that matches nothing', async () => {
    const { w, order } = await world();
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, expressNo: 'SF-SCAN-1', rmaDetails: [{ erpSodId: order.lineIds[0], qty: 1 }] });
    expect((await scan(w.token, { text: 'SF-SCAN-1' })).body.data).toMatchObject({ kind: 'RMA', total: 1, rma: { id: r.id, code: r.code } });

    const other = await shippedOrder(t, w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    expect((await scan(w.token, { text: other.code })).body.data).toMatchObject({ kind: 'ORDER', erpSoHId: other.id, erpSoHCode: other.code, parcel: null });

    const unknown = (await scan(w.token, { text: 'YT-NOBODY-9', whId: w.warehouseId, expressCompanyCode: 'YTO' })).body.data;
    expect(unknown).toMatchObject({ kind: 'PARCEL', parcelCreated: true, parcel: { expressNo: 'YT-NOBODY-9', expressCompanyCode: 'YTO', whId: w.warehouseId, state: 'OPEN', rmaId: null } });
    const again = (await scan(w.token, { text: 'YT-NOBODY-9' })).body.data;
    expect(again).toMatchObject({ kind: 'PARCEL', parcelCreated: false, parcel: { id: unknown.parcel.id } });
    expect((await parcels(w.token, { stateList: ['OPEN'] })).voList.map((p: any) => p.expressNo)).toEqual(['YT-NOBODY-9']);
    expect((await parcels(w.token, { keyword: 'nobody' })).total).toBe(1);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.entityType, 'rmaParcel')));
    expect(logs.map((l) => l.action)).toEqual(['create']);
  });

  it('finds an after-sale’s return awaiting entry by the tracking number the buyer sent after the return was agreed, not making a second one', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, { erpSoHId: order.id, type: 'RETURN_REFUND', returnDetailDtos: [{ erpSodId: order.lineIds[0], skuNum: 2 }] });
    expect(await decide(t, w.token, 'agreeReturn', [doc], { returnWhId: w.warehouseId })).toMatchObject({ succeeded: [doc.id] });
    const agreed = await getAfterSale(t, w.token, doc.id);
    expect(await decide(t, w.token, 'uploadLogistics', [agreed], { buyerExpressNo: 'SF-LATE-1' })).toMatchObject({ succeeded: [doc.id] });
    const rma = (await t.call('/myhome/rma/getRmaById', { id: agreed.rmaId }, { token: w.token })).body.data;
    expect(rma).toMatchObject({ expressNo: null, statusCode: 'CI_RMA_STATUS_CREATED' });
    expect((await scan(w.token, { text: 'SF-LATE-1' })).body.data).toMatchObject({ kind: 'RMA', total: 1, rma: { id: agreed.rmaId, code: rma.code } });
    // Once it is received, the same tracking number names the after-sale's order again (nothing awaits entry).
    await t.call('/myhome/rma/updateRmaInventory', { id: rma.id, version: rma.version, rmaDetails: [{ id: rma.rmaDetails[0].id, goodQty: 2, defectiveQty: 0 }] }, { token: w.token });
    expect((await scan(w.token, { text: 'SF-LATE-1' })).body.data).toMatchObject({ kind: 'ORDER', rma: null, afterSaleCode: doc.code, erpSoHId: order.id });
    // Another domain's scan of it matches nothing of this seller's.
    const other = await signedInSeller(t);
    expect((await scan(other.token, { text: 'SF-LATE-1' })).body.data).toMatchObject({ kind: 'PARCEL', rma: null });
  });

  it('records one parcel when the same unknown tracking number is scanned ten times at once', async () => {
    const { w } = await world();
    const answers = await Promise.all(Array.from({ length: 10 }, () => scan(w.token, { text: 'ZT-RACE-1' })));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.parcel.id)).size).toBe(1);
    expect(answers.filter((a) => a.body.data.parcelCreated)).toHaveLength(1);
    const rows = await t.database.db.select().from(rmaParcels).where(eq(rmaParcels.domainId, w.domainId));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty scan and an unknown warehouse, recording nothing', async () => {
    const { w } = await world();
    const empty = await scan(w.token, { text: '  ' });
    expect(empty.body).toMatchObject({ success: false });
    expect(empty.body.message).toContain('text');
    const theirs = await rmaWorld(t);
    const wrong = await scan(w.token, { text: 'JD-1', whId: theirs.warehouseId });
    expect(wrong.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_WAREHOUSE_NOT_FOUND' });
    expect((await parcels(w.token)).total).toBe(0);
  });
});

describe('linking a no-information parcel', () => {
  it('links a parcel to a return awaiting entry, which takes its tracking number and is received as usual', async () => {
    const { w, order } = await world();
    const parcel = (await t.call('/myhome/rma/parcel/create', { expressNo: 'EMS-LOST-1', whId: w.warehouseId, remark: '蓝色袋子' }, { token: w.token })).body.data;
    expect(parcel).toMatchObject({ state: 'OPEN', remark: '蓝色袋子', version: 0 });
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 2 }] });
    const linked = await link(w.token, { id: parcel.id, version: 0, rmaId: r.id });
    expect(linked.body.data).toMatchObject({ state: 'LINKED', rmaId: r.id, rmaCode: r.code, version: 1 });
    expect(linked.body.data.linkedAt).toBeTruthy();

    // The return now carries the tracking number: a scan finds it, and it is received as usual.
    const found = (await scan(w.token, { text: 'EMS-LOST-1' })).body.data;
    expect(found).toMatchObject({ kind: 'RMA', rma: { id: r.id, expressNo: 'EMS-LOST-1', version: 1 } });
    const received = await t.call('/myhome/rma/updateRmaInventory', { id: r.id, version: 1, rmaDetails: [{ id: r.rmaDetails[0].id, goodQty: 1, defectiveQty: 1 }] }, { token: w.token });
    expect(received.body.data).toMatchObject({ statusCode: 'CI_RMA_STATUS_COMPLETED', goodQtyTotal: 1, defectiveQtyTotal: 1 });
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.action, 'link')));
    expect(logs.map((l) => [l.entityType, l.before, l.after])).toEqual(
      expect.arrayContaining([
        ['rma', { expressNo: null }, { expressNo: 'EMS-LOST-1', parcelId: parcel.id }],
        ['rmaParcel', { state: 'OPEN', rmaId: null }, { state: 'LINKED', rmaId: r.id, rmaCode: r.code }],
      ]),
    );
  });

  it('refuses linking twice, a stale version, a completed return, another warehouse’s return and an after-sale without a return, changing nothing', async () => {
    const { w, order } = await world();
    const parcel = (await t.call('/myhome/rma/parcel/create', { expressNo: 'SF-REF-1', whId: w.warehouseId }, { token: w.token })).body.data;
    const done = await t.call('/myhome/rma/createRmaAndUpdateInv', { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 1 }] }, { token: w.token });
    expect((await link(w.token, { id: parcel.id, version: 0, rmaId: done.body.data.id })).body).toMatchObject({ success: false, errorCode: 'ERR_RMA_PARCEL_TARGET_STATUS' });
    const wh2 = (await t.call('/myhome/warehouse/create', { code: 'W2', name: 'Second', type: 'SELF_WAREHOUSE', contact: 'a', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: 'x' }, { token: w.token })).body.data;
    const elsewhere = await createRma(t, w.token, { whId: wh2.id, rmaDetails: [{ skuId: w.skuIds[0], qty: 1 }] });
    expect((await link(w.token, { id: parcel.id, version: 0, rmaId: elsewhere.id })).body).toMatchObject({ success: false, errorCode: 'ERR_RMA_PARCEL_OTHER_WAREHOUSE' });
    const both = await link(w.token, { id: parcel.id, version: 0, rmaId: elsewhere.id, afterSaleId: 1 });
    expect(both.body.message).toContain('rmaId');
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, expressNo: 'OWN-NO', rmaDetails: [{ erpSodId: order.lineIds[0], qty: 1 }] });
    expect((await link(w.token, { id: parcel.id, version: 3, rmaId: r.id })).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await link(w.token, { id: parcel.id, version: 0, afterSaleId: 999999 })).body.errorCode).toBe('ERR_NOT_FOUND');
    const [p0] = await t.database.db.select().from(rmaParcels).where(eq(rmaParcels.id, parcel.id));
    expect(p0).toMatchObject({ state: 'OPEN', version: 0, rmaId: null });

    expect((await link(w.token, { id: parcel.id, version: 0, rmaId: r.id })).body.success).toBe(true);
    // A return with its own tracking number keeps it.
    expect((await t.call('/myhome/rma/getRmaById', { id: r.id }, { token: w.token })).body.data.expressNo).toBe('OWN-NO');
    expect((await link(w.token, { id: parcel.id, version: 1, rmaId: r.id })).body).toMatchObject({ success: false, errorCode: 'ERR_RMA_PARCEL_LINKED' });
  });

  it('reopens a linked parcel when its return is deleted', async () => {
    const { w } = await world();
    const parcel = (await t.call('/myhome/rma/parcel/create', { expressNo: 'SF-DEL-1' }, { token: w.token })).body.data;
    const r = await createRma(t, w.token, { whId: w.warehouseId, rmaDetails: [{ skuId: w.skuIds[0], qty: 1 }] });
    expect((await link(w.token, { id: parcel.id, version: 0, rmaId: r.id })).body.success).toBe(true);
    expect((await t.call('/myhome/rma/deleteRma', { id: r.id }, { token: w.token })).body.data).toEqual({ deleted: 1 });
    expect((await parcels(w.token)).voList).toMatchObject([{ id: parcel.id, state: 'OPEN', rmaId: null }]);
  });
});

describe('no-information parcels: domains and permissions', () => {
  it('never shows, links or matches another domain’s parcels, returns or orders', async () => {
    const { w, order } = await world();
    const parcel = (await t.call('/myhome/rma/parcel/create', { expressNo: 'SF-MINE-1' }, { token: w.token })).body.data;
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, expressNo: 'SF-MINE-2', rmaDetails: [{ erpSodId: order.lineIds[0], qty: 1 }] });
    const other = await signedInSeller(t);
    expect((await parcels(other.token)).total).toBe(0);
    expect((await link(other.token, { id: parcel.id, version: 0, rmaId: r.id })).body.errorCode).toBe('ERR_NOT_FOUND');
    const theirs = (await t.call('/myhome/rma/parcel/create', { expressNo: 'SF-THEIRS' }, { token: other.token })).body.data;
    expect((await link(other.token, { id: theirs.id, version: 0, rmaId: r.id })).body.errorCode).toBe('ERR_NOT_FOUND');
    // Their scan of my tracking number and order code matches nothing of mine: a parcel of theirs.
    expect((await scan(other.token, { text: 'SF-MINE-2' })).body.data).toMatchObject({ kind: 'PARCEL', rma: null });
    expect((await scan(other.token, { text: order.code })).body.data).toMatchObject({ kind: 'PARCEL', erpSoHId: null });
    const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from rma_parcels where domain_id = ${w.domainId}`)).rows as any;
    expect(n).toBe(1);
  });

  it('needs the return-management menu', async () => {
    const w = await rmaWorld(t);
    const stockOnly = await signedInStaff(t, w.domainId, ['MENU_INV']);
    for (const path of ['/myhome/rma/scan', '/myhome/rma/parcel/searchPageList', '/myhome/rma/parcel/create', '/myhome/rma/parcel/link']) {
      const answer = await t.call(path, {}, { token: stockOnly });
      expect(answer.status, path).toBe(403);
    }
  });
});
