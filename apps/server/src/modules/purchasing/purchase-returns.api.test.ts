// Purchase returns over HTTP, on a fresh database: asnSearch finds received purchase lines with
// what they can still send back; create, update, submit, retract, reject, invalid, delete; verify
// counts the pieces on the order lines under their locks (never more than stocked in less
// returned, also under parallel verifies) and makes the WDO_PURCHASE_RETURN outbound order; its
// delivery takes stock out at the cost rule (receipt cost moves the average; the average leaves
// it) and tells the purchase-return-delivered listeners; a cancelled outbound order closes the
// return and gives the pieces back; batchVerify / batchReject answer per return; costs hidden
// without PURCHASE_PRICE; another domain neither reads nor changes a return.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { averageCost, getAsn, onHand } from '../../../test/factories/inbound.js';
import { purchasingWorld, verifiedOrder, type PurchasingWorld } from '../../../test/factories/purchasing.js';
import { signedInStaff } from '../../../test/factories/warehouses.js';
import { createTestApp } from '../../../test/harness.js';
import { purchaseOrderLines, purchaseReturns } from '../../db/schema/index.js';
import { PURCHASE_RETURN_DELIVERED_LISTENERS, type PurchaseReturnDeliveredEvent } from './index.js';

const t = await createTestApp();

const heard: Omit<PurchaseReturnDeliveredEvent, 'tx' | 'actor'>[] = [];
t.app.services.registry.add(PURCHASE_RETURN_DELIVERED_LISTENERS, async (event: PurchaseReturnDeliveredEvent) => {
  const { tx: _tx, actor: _actor, ...rest } = event;
  heard.push(rest);
});

const call = (token: string, path: string, body: Record<string, unknown>) => t.call(`/cloud/purchaseReturn/${path}`, body, { token });
async function ok(token: string, path: string, body: Record<string, unknown>) {
  const answer = await call(token, path, body);
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data as any;
}
const wdo = (token: string, path: string, body: Record<string, unknown>) => t.call(`/myhome/wdoHeader/${path}`, body, { token });

/** A purchase order of 10 × SKU0 at 8 and 5 × SKU1 at 3, received 6 and 5; then SKU0 received again at… the same price. */
async function receivedWorld(): Promise<{ w: PurchasingWorld; order: any; asn: any }> {
  const w = await purchasingWorld(t);
  const v = await verifiedOrder(t, w, [
    { skuCode: w.skuCodes[0]!, qty: 10, price: '8' },
    { skuCode: w.skuCodes[1]!, qty: 5, price: '3' },
  ]);
  const asn = await getAsn(t, w.token, v.order.asnId);
  const detail = (i: number) => asn.asnDetails.find((d: any) => d.skuId === w.skuIds[i]);
  const received = await t.call(
    '/cloud/purchase/purchaseAsn/receipt',
    {
      id: asn.id,
      version: asn.version,
      lines: [
        { asnDetailId: detail(0).id, qty: 6 },
        { asnDetailId: detail(1).id, qty: 5 },
      ],
    },
    { token: w.token },
  );
  expect(received.body.success).toBe(true);
  return { w, order: v.order, asn };
}

const lineOf = (asn: any, w: PurchasingWorld, i: number, qty: number, reason = 'damaged') => {
  const d = asn.asnDetails.find((x: any) => x.skuId === w.skuIds[i]);
  return { purchaseAsnId: asn.id, purchaseAsnDetailId: d.id, qty, returnReason: reason };
};
const returnInput = (w: PurchasingWorld, lines: unknown[], extra: Record<string, unknown> = {}) => ({ supplierId: w.supplierId, whId: w.warehouseId, purchaseReturnDetailDtoList: lines, ...extra });

async function orderLine(id: number, skuId: number) {
  const rows = await t.database.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id));
  return rows.find((r) => r.skuId === skuId)!;
}

describe('purchase returns: asnSearch, drafting and the states', () => {
  it('finds the received purchase lines of a supplier with what they can still send back, with their receipt cost', async () => {
    const { w, order, asn } = await receivedWorld();
    const page = await ok(w.token, 'asnSearch', { supplierId: w.supplierId, whId: -1 });
    expect(page.total).toBe(2);
    expect(page.voList.map((l: any) => [l.skuCode, l.purchaseCode, l.asnCode, l.receivedQty, l.returnableQty, l.receiptCost])).toEqual(
      expect.arrayContaining([
        [w.skuCodes[0], order.code, asn.code, 6, 6, '8.0000'],
        [w.skuCodes[1], order.code, asn.code, 5, 5, '3.0000'],
      ]),
    );
    const bySku = await ok(w.token, 'asnSearch', { supplierId: w.supplierId, keyword: w.skuCodes[1] });
    expect(bySku.voList.map((l: any) => l.skuCode)).toEqual([w.skuCodes[1]]);
    const other = await purchasingWorld(t);
    expect((await call(w.token, 'asnSearch', { supplierId: other.supplierId })).body.data.voList).toEqual([]);
  });

  it('creates a draft, updates it with its version, and refuses a stale version, an unknown line and more than stocked in', async () => {
    const { w, order, asn } = await receivedWorld();
    const v = await ok(w.token, 'create', returnInput(w, [lineOf(asn, w, 0, 2)], { remark: 'broken boxes' }));
    expect(v.purchaseReturn).toMatchObject({ status: 'DRAFT', qtyTotal: 2, skuTotal: 1, costRule: 'RECEIPT_COST', purchaseCodes: [order.code], wdoId: null, version: 0 });
    expect(v.purchaseReturn.code).toMatch(/^PR\d{12}$/);
    expect(v.purchaseReturn.actions).toEqual(['update', 'submit', 'invalid', 'delete']);
    expect(v.lines[0]).toMatchObject({ skuCode: w.skuCodes[0], qty: 2, returnReason: 'damaged', returnableQty: 6, receiptCost: '8.0000', averageCost: '8.0000' });

    const updated = await ok(w.token, 'update', { id: v.purchaseReturn.id, version: 0, ...returnInput(w, [lineOf(asn, w, 0, 3), lineOf(asn, w, 1, 1, 'wrong colour')], { costRule: 'AVERAGE_COST' }) });
    expect(updated.purchaseReturn).toMatchObject({ version: 1, qtyTotal: 4, skuTotal: 2, costRule: 'AVERAGE_COST' });
    expect((await call(w.token, 'update', { id: v.purchaseReturn.id, version: 0, ...returnInput(w, [lineOf(asn, w, 0, 1)]) })).body).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT' });

    const over = await call(w.token, 'create', returnInput(w, [lineOf(asn, w, 1, 6)]));
    expect(over.body).toMatchObject({ success: false, errorCode: 'ERR_PURCHASE_RETURN_OVER_RETURN', params: { field: 'purchaseReturnDetailDtoList.0.qty', returnable: 5, qty: 6 } });
    const unknown = await call(w.token, 'create', returnInput(w, [{ ...lineOf(asn, w, 0, 1), purchaseAsnDetailId: 999999999 }]));
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_PURCHASE_RETURN_ASN_LINE_NOT_FOUND', params: { field: 'purchaseReturnDetailDtoList.0.purchaseAsnDetailId' } });
    const noReason = await call(w.token, 'create', returnInput(w, [{ ...lineOf(asn, w, 0, 1), returnReason: '' }]));
    expect(noReason.body).toMatchObject({ errorCode: 'ERR_VALIDATION' });
    const twice = await call(w.token, 'create', returnInput(w, [lineOf(asn, w, 0, 1), lineOf(asn, w, 0, 1)]));
    expect(twice.body).toMatchObject({ errorCode: 'ERR_VALIDATION' });
    const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from purchase_returns where domain_id = ${w.domainId}`)).rows as any;
    expect(n).toBe(1);
  });

  it('submits, retracts, rejects with a reason, invalidates and deletes, refusing what the state does not allow', async () => {
    const { w, asn } = await receivedWorld();
    let v = await ok(w.token, 'create', returnInput(w, [lineOf(asn, w, 0, 1)]));
    const id = v.purchaseReturn.id;
    expect((await call(w.token, 'verify', { id, version: 0 })).body).toMatchObject({ errorCode: 'ERR_PURCHASE_RETURN_WRONG_STATUS', params: { status: 'DRAFT', action: 'verify' } });
    v = await ok(w.token, 'submit', { id, version: 0 });
    expect(v.purchaseReturn).toMatchObject({ status: 'SUBMIT', actions: ['retract', 'verify', 'reject'] });
    expect((await call(w.token, 'delete', { id, version: v.purchaseReturn.version })).body).toMatchObject({ errorCode: 'ERR_PURCHASE_RETURN_WRONG_STATUS' });
    v = await ok(w.token, 'retract', { id, version: v.purchaseReturn.version });
    expect(v.purchaseReturn.status).toBe('DRAFT');
    v = await ok(w.token, 'submit', { id, version: v.purchaseReturn.version });
    v = await ok(w.token, 'reject', { id, version: v.purchaseReturn.version, reason: 'count again' });
    expect(v.purchaseReturn).toMatchObject({ status: 'DRAFT', rejectReason: 'count again' });
    v = await ok(w.token, 'invalid', { id, version: v.purchaseReturn.version });
    expect(v.purchaseReturn).toMatchObject({ status: 'CLOSE', actions: [] });
    expect((await call(w.token, 'submit', { id, version: v.purchaseReturn.version })).body).toMatchObject({ errorCode: 'ERR_PURCHASE_RETURN_WRONG_STATUS' });

    const draft = await ok(w.token, 'create', returnInput(w, [lineOf(asn, w, 0, 1)]));
    expect((await call(w.token, 'delete', { id: draft.purchaseReturn.id, version: 5 })).body).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT' });
    expect(await ok(w.token, 'delete', { id: draft.purchaseReturn.id, version: 0 })).toEqual({ deleted: 1 });
    expect((await call(w.token, 'searchInfo', { id: draft.purchaseReturn.id })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    const list = await ok(w.token, 'search', { status: 'CLOSE' });
    expect(list.voList.map((r: any) => r.id)).toEqual([id]);
    const extra = await ok(w.token, 'getExtraInfo', {});
    expect(extra.statusCounts).toContainEqual({ status: 'CLOSE', count: 1 });
  });
});

describe('purchase returns: verify, delivery and the cost', () => {
  it('verifies into a WDO_PURCHASE_RETURN outbound order; delivering it takes stock out at the receipt cost, moves the average and tells the listeners', async () => {
    const { w, order, asn } = await receivedWorld();
    // A second receipt at another cost: the average is no longer the receipt cost of the order line.
    await t.database.db.execute(sql`update sku_costs set average_cost = '10' where domain_id = ${w.domainId} and sku_id = ${w.skuIds[0]}`);
    const created = await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 0, 2, 'damaged')]));
    const v = await ok(w.token, 'verify', { id: created.purchaseReturn.id, version: created.purchaseReturn.version });
    expect(v.purchaseReturn).toMatchObject({ status: 'VERIFY', wdoStatus: 'CI_WDO_STATUS_CREATED', actions: [] });
    expect((await orderLine(order.id, w.skuIds[0]!)).returnedQty).toBe(2);
    const outbound = (await wdo(w.token, 'get', { id: v.purchaseReturn.wdoId })).body.data;
    expect(outbound).toMatchObject({ code: v.purchaseReturn.wdoCode, wdoType: 'WDO_PURCHASE_RETURN', relatedCode: v.purchaseReturn.code, qtyTotal: 2 });
    // The order shows its returns.
    expect((await ok(w.token, 'search', { purchaseOrderId: order.id })).voList.map((r: any) => r.code)).toEqual([v.purchaseReturn.code]);

    expect((await wdo(w.token, 'verify', { id: outbound.id, version: 0 })).body.success).toBe(true);
    heard.length = 0;
    expect((await wdo(w.token, 'updateInventory', { id: outbound.id, version: 1 })).body.success).toBe(true);
    const done = await ok(w.token, 'searchInfo', { id: v.purchaseReturn.id });
    expect(done.purchaseReturn).toMatchObject({ status: 'COMPLETE', deliveredQtyTotal: 2, amountTotal: '16.0000', wdoStatus: 'CI_WDO_STATUS_DELIVERED' });
    expect(done.lines[0]).toMatchObject({ deliveredQty: 2, unitCost: '8.0000' });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(4);
    // 6 at 10 = 60; 2 leave at 8 → 44 over 4 = 11.
    expect(await averageCost(t, w.domainId, w.skuIds[0]!)).toBe('11.0000');
    expect(heard).toEqual([
      {
        domainId: w.domainId,
        purchaseReturnId: v.purchaseReturn.id,
        purchaseReturnCode: v.purchaseReturn.code,
        supplierId: w.supplierId,
        lines: [{ purchaseReturnLineId: done.lines[0].id, purchaseOrderLineId: done.lines[0].purchaseOrderLineId, skuId: w.skuIds[0], qty: 2, deliveredBefore: 0, unitCost: '8.0000', receiptCost: '8.0000' }],
      },
    ]);
    // The supplier owes the two pieces back: a verified debit note of −2 × 8, made in the delivery.
    const payables = (await t.call('/cloud/advance/finance/payable/search', { supplierId: w.supplierId }, { token: w.token })).body.data.voList;
    expect(payables).toEqual([expect.objectContaining({ debitNote: true, purchaseReturnId: v.purchaseReturn.id, status: 'VERIFIED', amount: '-16.0000', outstanding: '-16.0000' })]);
    expect((await orderLine(order.id, w.skuIds[0]!)).returnedQty).toBe(2);
    expect((await ok(w.token, 'asnSearch', { supplierId: w.supplierId })).voList.find((l: any) => l.skuCode === w.skuCodes[0]).returnableQty).toBe(4);
  });

  it('at the average cost leaves the average as it is; a short delivery gives the rest back to the order line', async () => {
    const { w, order, asn } = await receivedWorld();
    const created = await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 1, 3)], { costRule: 'AVERAGE_COST' }));
    const v = await ok(w.token, 'verify', { id: created.purchaseReturn.id, version: created.purchaseReturn.version });
    const outboundId = v.purchaseReturn.wdoId;
    await wdo(w.token, 'verify', { id: outboundId, version: 0 });
    const detail = (await wdo(w.token, 'get', { id: outboundId })).body.data.wdoDetails[0];
    expect((await wdo(w.token, 'updateInventory', { id: outboundId, version: 1, lines: [{ detailId: detail.id, qty: 2 }] })).body.success).toBe(true);
    const done = await ok(w.token, 'searchInfo', { id: v.purchaseReturn.id });
    expect(done.purchaseReturn).toMatchObject({ status: 'COMPLETE', deliveredQtyTotal: 2, amountTotal: '6.0000' });
    expect(await averageCost(t, w.domainId, w.skuIds[1]!)).toBe('3.0000');
    expect((await orderLine(order.id, w.skuIds[1]!)).returnedQty).toBe(2);
  });

  it('closes the return when its outbound order is cancelled, and the pieces can be returned again', async () => {
    const { w, order, asn } = await receivedWorld();
    const created = await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 0, 6)]));
    const v = await ok(w.token, 'verify', { id: created.purchaseReturn.id, version: created.purchaseReturn.version });
    expect((await orderLine(order.id, w.skuIds[0]!)).returnedQty).toBe(6);
    const again = await call(w.token, 'create', returnInput(w, [lineOf(asn, w, 0, 1)]));
    expect(again.body).toMatchObject({ errorCode: 'ERR_PURCHASE_RETURN_OVER_RETURN', params: { returnable: 0 } });
    expect((await wdo(w.token, 'cancel', { id: v.purchaseReturn.wdoId, version: 0 })).body.success).toBe(true);
    const closed = await ok(w.token, 'searchInfo', { id: v.purchaseReturn.id });
    expect(closed.purchaseReturn).toMatchObject({ status: 'CLOSE', wdoStatus: 'CI_WDO_STATUS_CANCELLED' });
    expect((await orderLine(order.id, w.skuIds[0]!)).returnedQty).toBe(0);
    expect((await call(w.token, 'create', returnInput(w, [lineOf(asn, w, 0, 6)]))).body.success).toBe(true);
  });

  it('refuses at verify what other verified returns already took, naming the line, and changes nothing', async () => {
    const { w, order, asn } = await receivedWorld();
    const a = await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 0, 4)]));
    const b = await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 1, 1), lineOf(asn, w, 0, 4)]));
    await ok(w.token, 'verify', { id: a.purchaseReturn.id, version: a.purchaseReturn.version });
    const refused = await call(w.token, 'verify', { id: b.purchaseReturn.id, version: b.purchaseReturn.version });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_PURCHASE_RETURN_OVER_RETURN', params: { field: 'purchaseReturnDetailDtoList.1.qty', returnable: 2, qty: 4 } });
    expect((await orderLine(order.id, w.skuIds[1]!)).returnedQty).toBe(0);
    const [row] = await t.database.db.select().from(purchaseReturns).where(eq(purchaseReturns.id, b.purchaseReturn.id));
    expect(row).toMatchObject({ status: 'SUBMIT', wdoId: null });
  });

  it('verifies at most what was stocked in when ten returns of one piece race for six', async () => {
    const { w, order, asn } = await receivedWorld();
    const drafts = [];
    for (let i = 0; i < 10; i++) drafts.push(await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 0, 1)])));
    const answers = await Promise.all(drafts.map((d) => call(w.token, 'verify', { id: d.purchaseReturn.id, version: d.purchaseReturn.version })));
    expect(answers.filter((a) => a.body.success)).toHaveLength(6);
    expect(answers.filter((a) => !a.body.success).map((a) => a.body.errorCode)).toEqual(Array(4).fill('ERR_PURCHASE_RETURN_OVER_RETURN'));
    expect((await orderLine(order.id, w.skuIds[0]!)).returnedQty).toBe(6);
  });

  it('batch verifies and rejects, answering each refusal for its return', async () => {
    const { w, asn } = await receivedWorld();
    const a = await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 0, 1)]));
    const b = await ok(w.token, 'create', returnInput(w, [lineOf(asn, w, 0, 1)]));
    const c = await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 1, 1)]));
    const verified = await ok(w.token, 'batchVerify', {
      items: [
        { id: a.purchaseReturn.id, version: a.purchaseReturn.version },
        { id: b.purchaseReturn.id, version: b.purchaseReturn.version },
      ],
    });
    expect(verified.succeeded).toEqual([{ id: a.purchaseReturn.id, code: a.purchaseReturn.code }]);
    expect(verified.failed).toEqual([{ id: b.purchaseReturn.id, code: b.purchaseReturn.code, errorCode: 'ERR_PURCHASE_RETURN_WRONG_STATUS', message: expect.any(String) }]);
    const rejected = await ok(w.token, 'batchReject', {
      items: [
        { id: c.purchaseReturn.id, version: c.purchaseReturn.version },
        { id: c.purchaseReturn.id, version: c.purchaseReturn.version + 3 },
      ],
      reason: 'recount',
    });
    expect(rejected.succeeded).toEqual([{ id: c.purchaseReturn.id, code: c.purchaseReturn.code }]);
    expect(rejected.failed[0]).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT' });
    expect((await ok(w.token, 'searchInfo', { id: c.purchaseReturn.id })).purchaseReturn).toMatchObject({ status: 'DRAFT', rejectReason: 'recount' });
  });
});

describe('purchase returns: who may see and change them', () => {
  it('hides costs and amounts from an account without PURCHASE_PRICE', async () => {
    const { w, asn } = await receivedWorld();
    const v = await ok(w.token, 'create', returnInput(w, [lineOf(asn, w, 0, 1)]));
    const staff = await signedInStaff(t, w.domainId, ['MENU_PURCHASE']);
    const info = await ok(staff, 'searchInfo', { id: v.purchaseReturn.id });
    expect(info.purchaseReturn).not.toHaveProperty('amountTotal');
    for (const key of ['receiptCost', 'averageCost', 'unitCost']) expect(info.lines[0]).not.toHaveProperty(key);
    const found = await ok(staff, 'asnSearch', { supplierId: w.supplierId });
    expect(found.voList[0]).not.toHaveProperty('receiptCost');
    const withField = await signedInStaff(t, w.domainId, ['MENU_PURCHASE'], ['PURCHASE_PRICE']);
    expect((await ok(withField, 'searchInfo', { id: v.purchaseReturn.id })).lines[0].receiptCost).toBe('8.0000');
    const noMenu = await signedInStaff(t, w.domainId, ['MENU_INV']);
    expect((await call(noMenu, 'search', {})).body).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_NO_PERMISSION' });
  });

  it('lets another domain neither read nor change a return, nor return this domain’s inbound lines', async () => {
    const { w, asn } = await receivedWorld();
    const stranger = await purchasingWorld(t);
    const v = await ok(w.token, 'createAndSubmit', returnInput(w, [lineOf(asn, w, 0, 1)]));
    expect((await ok(stranger.token, 'search', {})).voList).toEqual([]);
    for (const path of ['searchInfo', 'searchDetail']) expect((await call(stranger.token, path, { id: v.purchaseReturn.id })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    for (const path of ['verify', 'reject', 'retract']) expect((await call(stranger.token, path, { id: v.purchaseReturn.id, version: v.purchaseReturn.version })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    const batch = await ok(stranger.token, 'batchVerify', { items: [{ id: v.purchaseReturn.id, version: v.purchaseReturn.version }] });
    expect(batch.failed).toMatchObject([{ errorCode: 'ERR_NOT_FOUND', code: null }]);
    const theirs = await call(stranger.token, 'create', { ...returnInput(stranger, [lineOf(asn, w, 0, 1)]), supplierId: stranger.supplierId });
    expect(theirs.body).toMatchObject({ errorCode: 'ERR_PURCHASE_RETURN_ASN_LINE_NOT_FOUND' });
    expect((await ok(stranger.token, 'asnSearch', { supplierId: w.supplierId })).voList).toEqual([]);
    const [row] = await t.database.db.select().from(purchaseReturns).where(eq(purchaseReturns.id, v.purchaseReturn.id));
    expect(row).toMatchObject({ status: 'SUBMIT', domainId: w.domainId });
  });
});
