// Return inbound (RMA) over HTTP, on a fresh database: returns made from a shipped order or free,
// partial receipts with good units to a sellable location and defective units to a non-sellable
// one (left out of the stock sync), the reasons, the list and its filters, and every refusal
// changing nothing; another domain's returns and an account without the menu are refused.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerOf, onHand } from '../../../../test/factories/inbound.js';
import { buy, createRma, getRma, rmaWorld, shippedOrder } from '../../../../test/factories/rma.js';
import { signedInSeller, signedInStaff } from '../../../../test/factories/warehouses.js';
import { createTestApp } from '../../../../test/harness.js';
import { operationLogs, rmaHeaders, warehouseLocations } from '../../../db/schema/index.js';
import { availableBySku } from '../index.js';

const t = await createTestApp();
const receive = (token: string, body: Record<string, unknown>) => t.call('/myhome/rma/updateRmaInventory', body, { token });

async function orderReturn() {
  const w = await rmaWorld(t);
  await buy(t, w, w.skuIds[0]!, 5, '10');
  await buy(t, w, w.skuIds[1]!, 5, '20');
  const order = await shippedOrder(t, w, [
    { skuId: w.skuIds[0]!, qty: 3 },
    { skuId: w.skuIds[1]!, qty: 1 },
  ]);
  return { w, order };
}

describe('return inbound: create, read and search', () => {
  it('creates a return from a shipped order’s lines, with the order’s buyer and address, and finds it by every keyword', async () => {
    const { w, order } = await orderReturn();
    const reason = (await t.call('/myhome/rma/createRmaReason', { reason: '尺码不合适' }, { token: w.token })).body.data;
    const r = await createRma(t, w.token, {
      whId: w.warehouseId,
      erpSoHId: order.id,
      reasonId: reason.id,
      expressNo: 'SF1234567890',
      rmaDetails: [
        { erpSodId: order.lineIds[0], qty: 2 },
        { erpSodId: order.lineIds[1], qty: 1 },
      ],
    });
    expect(r).toMatchObject({
      source: 'ORDER',
      statusCode: 'CI_RMA_STATUS_CREATED',
      statusName: 'Awaiting warehouse entry',
      sendStatus: 'NONE',
      erpSoHId: order.id,
      erpSoHCode: order.code,
      reason: '尺码不合适',
      receiverProvince: '浙江省',
      receiverCounty: '西湖区',
      qtyTotal: 3,
      receivedQtyTotal: 0,
      version: 0,
    });
    expect(r.code).toMatch(/^RMA\d{12}$/);
    expect(r.rmaDetails.map((d: any) => [d.skuCode, d.qty, d.erpSodId])).toEqual([
      [w.skuCodes[0], 2, order.lineIds[0]],
      [w.skuCodes[1], 1, order.lineIds[1]],
    ]);
    const free = await createRma(t, w.token, { whId: w.warehouseId, rmaDetails: [{ skuId: w.skuIds[2], qty: 4 }] });
    expect(free).toMatchObject({ source: 'FREE', erpSoHId: null, extCodes: [], qtyTotal: 4 });

    const search = async (filters: Record<string, unknown>) => (await t.call('/myhome/rma/searchPageList', filters, { token: w.token })).body.data.voList.map((x: any) => x.code).sort();
    expect(await search({})).toEqual([r.code, free.code].sort());
    expect(await search({ orderKeyWord: 'SF1234567890' })).toEqual([r.code]);
    expect(await search({ orderKeyWord: '4567' })).toEqual([r.code]);
    expect(await search({ orderKeyWord: order.code, keywordsType: 'exact' })).toEqual([r.code]);
    expect(await search({ orderKeyWord: order.code.slice(2), keywordsType: 'exact' })).toEqual([]);
    expect(await search({ orderKeyWord: 'SF1234567890', keywordsType: 'exact', statusCode: 'CI_RMA_STATUS_CREATED' })).toEqual([r.code]);
    expect(await search({ orderKeyWord: `${r.extCodes[0]} ${free.code}`, keywordsType: 'exact' })).toEqual([r.code, free.code].sort());
    expect(await search({ orderKeyWordList: [r.extCodes[0], free.code] })).toEqual([r.code, free.code].sort());
    expect(await search({ statusCode: 'CI_RMA_STATUS_CREATED' })).toHaveLength(2);
    expect(await search({ status: 'COMPLETED' })).toEqual([]);
    const bad = await t.call('/myhome/rma/searchPageList', { statusCode: 'NOPE' }, { token: w.token });
    expect(bad.body).toMatchObject({ success: false });
    expect(bad.body.message).toContain('statusCode');

    const statuses = (await t.call('/myhome/rma/getRmaStatusList', {}, { token: w.token, headers: { 'accept-language': 'en' } })).body.data;
    expect(statuses.find((s: any) => s.statusCode === 'CI_RMA_STATUS_CREATED')).toEqual({ statusCode: 'CI_RMA_STATUS_CREATED', statusName: 'Awaiting warehouse entry', count: 2 });
    expect((await t.call(`/myhome/rma/getNoClosedRmaByErpSoHId?erpSoHId=${order.id}`, {}, { token: w.token })).body.data.map((x: any) => x.code)).toEqual([r.code]);
    expect((await t.call('/myhome/rma/getNoClosedRmaByExtCodes', { extCodes: r.extCodes }, { token: w.token })).body.data.map((x: any) => x.code)).toEqual([r.code]);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.area, 'rma')));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'create', 'create']);
    expect((await t.call('/myhome/homepage/getHomePageData', {}, { token: w.token })).body.data.rmaCount).toBe(2);
  });

  it('refuses a return of more than was shipped, of an order not shipped and of another order’s line', async () => {
    const { w, order } = await orderReturn();
    const over = await t.call('/myhome/rma/create', { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 4 }] }, { token: w.token });
    expect(over.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_OVER_SHIPPED' });
    expect(over.body.message).toContain('3');
    const other = await shippedOrder(t, w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const wrongLine = await t.call('/myhome/rma/create', { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: other.lineIds[0], qty: 1 }] }, { token: w.token });
    expect(wrongLine.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_ORDER_LINE_NOT_FOUND' });
    const { insertOrder } = await import('../../../../test/factories/orders.js');
    const open = await insertOrder(t, w.domainId, { storeId: w.storeId, lines: [{ skuId: w.skuIds[0]!, qty: 1 }] });
    const notShipped = await t.call('/myhome/rma/create', { whId: w.warehouseId, erpSoHId: open.id, rmaDetails: [{ erpSodId: 1, qty: 1 }] }, { token: w.token });
    expect(notShipped.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_ORDER_NOT_SHIPPED' });
    const noLine = await t.call('/myhome/rma/create', { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: w.token });
    expect(noLine.body).toMatchObject({ success: false });
    expect(noLine.body.message).toContain('erpSodId');
    const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from rma_headers where domain_id = ${w.domainId}`)).rows as any;
    expect(n).toBe(0);
  });
});

describe('return inbound: receipts', () => {
  it('receives in parts, good units to a sellable location and defective units to a non-sellable one the stock sync leaves out', async () => {
    const { w, order } = await orderReturn();
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 3 }] });
    const before = await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!);
    const availableBefore = (await t.database.db.transaction((tx) => availableBySku(tx, w.domainId, w.warehouseId, [w.skuIds[0]!]))).get(w.skuIds[0]!);

    const first = await receive(w.token, { id: r.id, version: r.version, rmaDetails: [{ id: r.rmaDetails[0].id, goodQty: 1, defectiveQty: 1 }] });
    expect(first.body.success).toBe(true);
    expect(first.body.data).toMatchObject({ statusCode: 'CI_RMA_STATUS_CREATED', receivedQtyTotal: 2, goodQtyTotal: 1, defectiveQtyTotal: 1, version: 1 });
    expect(first.body.data.rmaDetails[0]).toMatchObject({ receivedQty: 2, goodQty: 1, defectiveQty: 1 });
    const lines = first.body.data.receipts[0].lines;
    expect(lines.map((l: any) => [l.quality, l.qty])).toEqual([
      ['GOOD', 1],
      ['DEFECTIVE', 1],
    ]);
    expect(lines[0].locationId).toBe(w.locationIds[0]);
    expect(lines[1].locationCode).toBe('RMA-DEFECTIVE');
    const [defective] = await t.database.db.select().from(warehouseLocations).where(eq(warehouseLocations.id, lines[1].locationId));
    expect(defective).toMatchObject({ warehouseId: w.warehouseId, sellable: false });

    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(before + 2);
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!, defective!.id)).toBe(1);
    const availableAfter = (await t.database.db.transaction((tx) => availableBySku(tx, w.domainId, w.warehouseId, [w.skuIds[0]!]))).get(w.skuIds[0]!);
    expect(availableAfter).toBe(availableBefore! + 1);
    // The stock page's balances say which location is not sellable.
    const balances = (await t.call('/cloud/core/inventory/searchByPage', { whId: w.warehouseId, skuId: w.skuIds[0] }, { token: w.token })).body.data.voList;
    expect(balances.map((b: any) => [b.locationId, b.sellable])).toEqual(
      expect.arrayContaining([
        [w.locationIds[0], true],
        [defective!.id, false],
      ]),
    );
    const ledger = await ledgerOf(t, w.domainId, r.code);
    expect(ledger.map((l) => [l.movement, l.on_hand_delta])).toEqual([
      ['RETURN', 1],
      ['RETURN', 1],
    ]);

    // The rest, as good; then the return is complete and refuses another receipt.
    const second = await receive(w.token, { id: r.id, version: 1, rmaDetails: [{ id: r.rmaDetails[0].id, goodQty: 1 }] });
    expect(second.body.data).toMatchObject({ statusCode: 'CI_RMA_STATUS_COMPLETED', receivedQtyTotal: 3, goodQtyTotal: 2, version: 2 });
    expect(second.body.data.completedAt).not.toBeNull();
    const again = await receive(w.token, { id: r.id, version: 2, rmaDetails: [{ id: r.rmaDetails[0].id, goodQty: 1 }] });
    expect(again.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_WRONG_STATUS' });
    expect(again.body.message).toContain('completed');
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(before + 3);
  });

  it('refuses receiving more than the line expects, a stale version, a sellable location for defective units, and a receipt key confirmed before, changing nothing', async () => {
    const { w, order } = await orderReturn();
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 2 }] });
    const line = r.rmaDetails[0].id;
    const before = await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!);
    const over = await receive(w.token, { id: r.id, version: 0, rmaDetails: [{ id: line, goodQty: 2, defectiveQty: 1 }] });
    expect(over.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_OVER_RECEIPT' });
    expect(over.body.message).toContain('2');
    const sellable = await receive(w.token, { id: r.id, version: 0, defectiveLocationId: w.locationIds[1], rmaDetails: [{ id: line, defectiveQty: 1 }] });
    expect(sellable.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_DEFECTIVE_LOCATION_SELLABLE' });
    const ok = await receive(w.token, { id: r.id, version: 0, receiptKey: 'scan-1', rmaDetails: [{ id: line, goodQty: 1 }] });
    expect(ok.body.success).toBe(true);
    const stale = await receive(w.token, { id: r.id, version: 0, rmaDetails: [{ id: line, goodQty: 1 }] });
    expect(stale.body).toMatchObject({ success: false, errorCode: 'ERR_VERSION_CONFLICT' });
    const twice = await receive(w.token, { id: r.id, version: 1, receiptKey: 'scan-1', rmaDetails: [{ id: line, goodQty: 1 }] });
    expect(twice.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_RECEIPT_CONFIRMED' });
    const nothing = await receive(w.token, { id: r.id, version: 1, rmaDetails: [{ id: line, goodQty: 0, defectiveQty: 0 }] });
    expect(nothing.body.success).toBe(false);
    expect(nothing.body.message).toContain('goodQty');
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(before + 1);
    expect((await getRma(t, w.token, r.id)).receivedQtyTotal).toBe(1);
    // Edit and delete are refused once goods came in.
    const edit = await t.call('/myhome/rma/update', { id: r.id, version: 1, whId: w.warehouseId, rmaDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: w.token });
    expect(edit.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_HAS_RECEIPTS' });
    const del = await t.call('/myhome/rma/deleteRma', { id: r.id }, { token: w.token });
    expect(del.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_HAS_RECEIPTS' });
  });

  it('creates and receives in one step, edits, deletes, and receives a list with per-return refusals', async () => {
    const { w, order } = await orderReturn();
    const both = await t.call('/myhome/rma/createRmaAndUpdateInv', { whId: w.warehouseId, rmaDetails: [{ skuId: w.skuIds[2], qty: 2 }] }, { token: w.token });
    expect(both.body.data).toMatchObject({ statusCode: 'CI_RMA_STATUS_COMPLETED', receivedQtyTotal: 2, goodQtyTotal: 2 });
    const r = await createRma(t, w.token, { whId: w.warehouseId, rmaDetails: [{ skuId: w.skuIds[2], qty: 1 }] });
    const edited = await t.call('/myhome/rma/updateOld', { id: r.id, version: 0, whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[1], qty: 1 }] }, { token: w.token });
    expect(edited.body.data).toMatchObject({ source: 'ORDER', qtyTotal: 1, version: 1 });
    expect(edited.body.data.rmaDetails.map((d: any) => d.skuCode)).toEqual([w.skuCodes[1]]);
    const gone = await createRma(t, w.token, { whId: w.warehouseId, rmaDetails: [{ skuId: w.skuIds[2], qty: 1 }] });
    expect((await t.call('/myhome/rma/deleteRma', { id: gone.id }, { token: w.token })).body.data).toEqual({ deleted: 1 });
    const list = await t.call('/myhome/rma/updateRmaListInventory', { idList: [r.id, both.body.data.id] }, { token: w.token });
    expect(list.body.data.succeeded).toEqual([r.id]);
    expect(list.body.data.refusals).toEqual([{ id: both.body.data.id, code: 'ERR_RMA_WRONG_STATUS', message: expect.stringContaining(both.body.data.code) }]);
    expect((await getRma(t, w.token, r.id)).statusCode).toBe('CI_RMA_STATUS_COMPLETED');
  });

  it('keeps a list of return reasons: refuses a duplicate, deletes one and keeps the returns that named it', async () => {
    const w = await rmaWorld(t);
    const a = (await t.call('/myhome/rma/createRmaReason', { reason: '质量问题' }, { token: w.token })).body.data;
    const dup = await t.call('/myhome/rma/createRmaReason', { reason: '质量问题' }, { token: w.token });
    expect(dup.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_REASON_TAKEN' });
    const empty = await t.call('/myhome/rma/createRmaReason', { reason: '  ' }, { token: w.token });
    expect(empty.body.message).toContain('reason');
    const r = await createRma(t, w.token, { whId: w.warehouseId, reasonId: a.id, rmaDetails: [{ skuId: w.skuIds[0], qty: 1 }] });
    expect((await t.call('/myhome/rma/getRmaReasonList', {}, { token: w.token })).body.data.map((x: any) => x.reason)).toEqual(['质量问题']);
    expect((await t.call('/myhome/rma/deleteRmaReason', { id: a.id }, { token: w.token })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('/myhome/rma/getRmaReasonList', {}, { token: w.token })).body.data).toEqual([]);
    expect((await getRma(t, w.token, r.id)).reasonId).toBeNull();
  });
});

describe('return inbound: domains and permissions', () => {
  it('never shows or changes another domain’s returns, orders or reasons', async () => {
    const { w, order } = await orderReturn();
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 1 }] });
    const reason = (await t.call('/myhome/rma/createRmaReason', { reason: 'x' }, { token: w.token })).body.data;
    const other = await signedInSeller(t);
    expect((await t.call('/myhome/rma/getRmaById', { id: r.id }, { token: other.token })).body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    expect((await t.call('/myhome/rma/searchPageList', {}, { token: other.token })).body.data.total).toBe(0);
    expect((await receive(other.token, { id: r.id, version: 0, rmaDetails: [{ id: r.rmaDetails[0].id, goodQty: 1 }] })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call('/myhome/rma/deleteRma', { id: r.id }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call('/myhome/rma/deleteRmaReason', { id: reason.id }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`/myhome/rma/getNoClosedRmaByErpSoHId?erpSoHId=${order.id}`, {}, { token: other.token })).body.data).toEqual([]);
    const theirs = await t.call('/myhome/rma/create', { whId: w.warehouseId, rmaDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: other.token });
    expect(theirs.body.errorCode).toBe('ERR_RMA_WAREHOUSE_NOT_FOUND');
    const [mine] = await t.database.db.select().from(rmaHeaders).where(eq(rmaHeaders.id, r.id));
    expect(mine).toMatchObject({ receivedQtyTotal: 0, version: 0 });
  });

  it('needs the return-management menu for every call', async () => {
    const w = await rmaWorld(t);
    const stockOnly = await signedInStaff(t, w.domainId, ['MENU_INV']);
    for (const path of ['/myhome/rma/searchPageList', '/myhome/rma/create', '/myhome/rma/updateRmaInventory', '/myhome/rma/getRmaReasonList', '/myhome/rma/createRmaReason']) {
      const answer = await t.call(path, {}, { token: stockOnly });
      expect(answer.status, path).toBe(403);
      expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    const rmaStaff = await signedInStaff(t, w.domainId, ['MENU_RMA_MANAGE']);
    expect((await t.call('/myhome/rma/searchPageList', {}, { token: rmaStaff })).body.success).toBe(true);
    expect((await t.call('/myhome/rma/createRmaReason', { reason: 'staff' }, { token: rmaStaff })).body.success).toBe(true);
  });

  it('shows the receiver in full only to an account with the receiver permission, and an edit sending the mask back keeps it', async () => {
    const { w, order } = await orderReturn();
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 1 }] });
    const full = await getRma(t, w.token, r.id);
    expect(full.receiverPhone).toMatch(/^1\d{10}$/);
    const staff = await signedInStaff(t, w.domainId, ['MENU_RMA_MANAGE']);
    const seen = (await t.call('/myhome/rma/getRmaById', { id: r.id }, { token: staff })).body.data;
    expect(seen.receiverPhone).not.toBe(full.receiverPhone);
    expect(seen.receiverPhone).toContain('*');
    expect((await t.call('/myhome/rma/searchPageList', {}, { token: staff })).body.data.voList[0].receiverPhone).toBe(seen.receiverPhone);
    const edited = await t.call(
      '/myhome/rma/updateOld',
      { id: r.id, version: 0, whId: w.warehouseId, erpSoHId: order.id, receiverName: seen.receiverName, receiverPhone: seen.receiverPhone, remark: 'echo', rmaDetails: [{ erpSodId: order.lineIds[0], qty: 1 }] },
      { token: staff },
    );
    expect(edited.body.success).toBe(true);
    expect(await getRma(t, w.token, r.id)).toMatchObject({ receiverPhone: full.receiverPhone, receiverName: full.receiverName, remark: 'echo', version: 1 });
  });
});
