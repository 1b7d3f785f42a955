// Purchase orders over HTTP, on a fresh database: create, update, submit, retract, reject, verify
// (the purchase inbound notice), receipts through that notice counting on the lines (moving
// average at the purchase price, never beyond the tolerance, also under 20 parallel receipts),
// close short, invalid and delete; the purchase price hidden from accounts without the field;
// every refusal changing nothing; another domain neither reads nor changes an order.
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { averageCost, getAsn, onHand } from '../../../test/factories/inbound.js';
import { callOk, orderInput, purchasingWorld, verifiedOrder } from '../../../test/factories/purchasing.js';
import { signedInStaff } from '../../../test/factories/warehouses.js';
import { createTestApp } from '../../../test/harness.js';
import { asnHeaders, operationLogs, purchaseOrderLines, purchaseOrders } from '../../db/schema/index.js';
import type { PurchasingService } from './purchasing.service.js';

const t = await createTestApp();

const call = (token: string, path: string, body: Record<string, unknown>) => t.call(`/cloud/purchase/purchase/${path}`, body, { token });
const receipt = (token: string, body: Record<string, unknown>) => t.call('/cloud/purchase/purchaseAsn/receipt', body, { token });

async function receive(token: string, asnId: number, lines: { skuIndex: number; qty: number }[], skuIds: number[]) {
  const asn = await getAsn(t, token, asnId);
  const body = {
    id: asn.id,
    version: asn.version,
    lines: lines.map((l) => ({ asnDetailId: asn.asnDetails.find((d: any) => d.skuId === skuIds[l.skuIndex]).id, qty: l.qty })),
  };
  return receipt(token, body);
}

describe('purchase orders: create, update and the list', () => {
  it('creates a draft with its totals and code, takes the supplier’s price when none is given, lists and counts it', async () => {
    const w = await purchasingWorld(t);
    await t.database.db.execute(sql`insert into supply_goods (domain_id, supplier_id, sku_id, purchase_price) values (${w.domainId}, ${w.supplierId}, ${w.skuIds[1]}, '2.5')`);
    const v = await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 10, price: '12.3456' }, { skuCode: w.skuCodes[1]!, qty: 4 }], { remark: 'first' }));
    expect(v.order).toMatchObject({ status: 'DRAFT', receiveStatus: 'UNRECEIVE', skuTotal: 2, qtyTotal: 14, amountTotal: '133.4560', supplierCode: w.supplierCode, asnId: null, version: 0 });
    expect(v.order.code).toMatch(/^PO\d{12}$/);
    expect(v.order.actions).toEqual(['update', 'submit', 'invalid', 'delete']);
    expect(v.lines.map((l: any) => [l.skuCode, l.orderedQty, l.price, l.amount, l.outstandingQty])).toEqual([
      [w.skuCodes[0], 10, '12.3456', '123.4560', 10],
      [w.skuCodes[1], 4, '2.5000', '10.0000', 4],
    ]);

    const other = await callOk(t, w.token, 'createAndSubmit', orderInput(w, [{ skuCode: w.skuCodes[2]!, qty: 1, price: 1 }]));
    expect(other.order.status).toBe('SUBMIT');
    const codes = async (filters: Record<string, unknown>) => (await callOk(t, w.token, 'search', filters)).voList.map((r: any) => r.code).sort();
    expect(await codes({})).toEqual([v.order.code, other.order.code].sort());
    expect(await codes({ status: 'DRAFT' })).toEqual([v.order.code]);
    expect(await codes({ receiveStatus: 'UNRECEIVE', supplierId: w.supplierId, whId: -1 })).toHaveLength(2);
    expect(await codes({ codeKeywords: other.order.code.slice(-5) })).toEqual([other.order.code]);
    const extra = await callOk(t, w.token, 'getExtraInfo', {});
    expect(extra.statusCounts).toContainEqual({ status: 'DRAFT', count: 1 });
    expect(extra.statusCounts).toContainEqual({ status: 'SUBMIT', count: 1 });
    expect(await callOk(t, w.token, 'searchDetail', { id: v.order.id })).toHaveLength(2);

    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.area, 'purchasing')));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'createAndSubmit']);
    // The document log (the log centre's first tab) lists them under the purchasing area.
    const docLog = await t.call('/myhome/docLog/search', { area: 'purchasing' }, { token: w.token });
    expect(docLog.body.data.voList.map((l: any) => l.action).sort()).toEqual(['create', 'createAndSubmit']);
  });

  it('updates a draft with its version and refuses a stale version, a price with more than 4 decimals and a repeated SKU', async () => {
    const w = await purchasingWorld(t);
    const v = await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 10, price: '1' }]));
    const updated = await callOk(t, w.token, 'update', { id: v.order.id, version: 0, ...orderInput(w, [{ skuCode: w.skuCodes[1]!, qty: 3, price: '2' }]) });
    expect(updated.order).toMatchObject({ version: 1, qtyTotal: 3, amountTotal: '6.0000' });
    const stale = await call(w.token, 'update', { id: v.order.id, version: 0, ...orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 1 }]) });
    expect(stale.body).toMatchObject({ success: false, errorCode: 'ERR_VERSION_CONFLICT' });
    const decimals = await call(w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 1, price: '1.23456' }]));
    expect(decimals.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'purchaseDetailDtoList.0.price' } });
    const twice = await call(w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 1 }, { skuCode: w.skuCodes[0]!, qty: 2 }]));
    expect(twice.body).toMatchObject({ errorCode: 'ERR_VALIDATION' });
    const unknown = await call(w.token, 'create', orderInput(w, [{ skuCode: 'NO-SUCH-SKU', qty: 1 }]));
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_PURCHASE_SKU_NOT_FOUND', params: { field: 'purchaseDetailDtoList.0.skuCode' } });
    const after = await callOk(t, w.token, 'searchInfo', { id: v.order.id });
    expect(after.order.version).toBe(1);
    expect(after.lines.map((l: any) => l.skuCode)).toEqual([w.skuCodes[1]]);
    const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from purchase_orders where domain_id = ${w.domainId}`)).rows as any;
    expect(n).toBe(1);
  });
});

describe('purchase orders: the states', () => {
  it('submits, retracts, rejects with a reason, invalidates and deletes, and refuses an action the state does not allow', async () => {
    const w = await purchasingWorld(t);
    let v = await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 1, price: 1 }]));
    const id = v.order.id;
    expect((await call(w.token, 'verify', { id, version: v.order.version })).body).toMatchObject({ errorCode: 'ERR_PURCHASE_WRONG_STATUS', params: { status: 'DRAFT', action: 'verify' } });
    v = await callOk(t, w.token, 'submit', { id, version: v.order.version });
    expect(v.order).toMatchObject({ status: 'SUBMIT', actions: ['retract', 'verify', 'reject'] });
    expect((await call(w.token, 'update', { id, version: v.order.version, ...orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 2 }]) })).body).toMatchObject({ errorCode: 'ERR_PURCHASE_WRONG_STATUS' });
    expect((await call(w.token, 'delete', { id, version: v.order.version })).body).toMatchObject({ errorCode: 'ERR_PURCHASE_WRONG_STATUS' });
    v = await callOk(t, w.token, 'retract', { id, version: v.order.version });
    expect(v.order.status).toBe('DRAFT');
    v = await callOk(t, w.token, 'submit', { id, version: v.order.version });
    v = await callOk(t, w.token, 'reject', { id, version: v.order.version, reason: 'wrong price' });
    expect(v.order).toMatchObject({ status: 'DRAFT', rejectReason: 'wrong price' });
    v = await callOk(t, w.token, 'invalid', { id, version: v.order.version });
    expect(v.order).toMatchObject({ status: 'INVALID', actions: ['delete'] });
    expect((await call(w.token, 'submit', { id, version: v.order.version })).body).toMatchObject({ errorCode: 'ERR_PURCHASE_WRONG_STATUS' });
    expect((await call(w.token, 'delete', { id, version: v.order.version - 1 })).body).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT' });
    expect(await callOk(t, w.token, 'delete', { id, version: v.order.version })).toEqual({ deleted: 1 });
    expect((await call(w.token, 'searchInfo', { id })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
  });

  it('verifies into a purchase inbound notice; receipts through it count on the lines, at the purchase price, until the order is complete', async () => {
    const w = await purchasingWorld(t);
    const v = await verifiedOrder(t, w, [
      { skuCode: w.skuCodes[0]!, qty: 10, price: '8' },
      { skuCode: w.skuCodes[1]!, qty: 5, price: '3.3333' },
    ]);
    expect(v.order).toMatchObject({ status: 'VERIFY', receiveStatus: 'UNRECEIVE', actions: ['closeShort'] });
    const asn = await getAsn(t, w.token, v.order.asnId);
    expect(asn).toMatchObject({ code: v.order.asnCode, asnType: 'ASN_PURCHASE', purchaseCode: v.order.code, supplierId: w.supplierId, whId: w.warehouseId, qtyTotal: 15 });
    expect(asn.asnDetails.map((d: any) => [d.skuCode, d.qty, d.price])).toEqual([
      [w.skuCodes[0], 10, '8.0000'],
      [w.skuCodes[1], 5, '3.3333'],
    ]);

    expect((await receive(w.token, v.order.asnId, [{ skuIndex: 0, qty: 4 }], w.skuIds)).body.success).toBe(true);
    let after = await callOk(t, w.token, 'searchInfo', { id: v.order.id });
    expect(after.order).toMatchObject({ status: 'VERIFY', receiveStatus: 'PART_RECEIVE', receivedQtyTotal: 4 });
    expect(after.lines[0]).toMatchObject({ receivedQty: 4, outstandingQty: 6 });
    expect(after.receipts.map((r: any) => [r.skuCode, r.qty, r.unitCost])).toEqual([[w.skuCodes[0], 4, '8.0000']]);
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(4);
    expect(Number(await averageCost(t, w.domainId, w.skuIds[0]!))).toBe(8);

    expect(
      (
        await receive(
          w.token,
          v.order.asnId,
          [
            { skuIndex: 0, qty: 6 },
            { skuIndex: 1, qty: 5 },
          ],
          w.skuIds,
        )
      ).body.success,
    ).toBe(true);
    after = await callOk(t, w.token, 'searchInfo', { id: v.order.id });
    expect(after.order).toMatchObject({ status: 'COMPLETE', receiveStatus: 'COMPLETE_RECEIVE', receivedQtyTotal: 15, actions: [] });
    expect((await call(w.token, 'closeShort', { id: v.order.id, version: after.order.version, reason: 'late' })).body).toMatchObject({ errorCode: 'ERR_PURCHASE_WRONG_STATUS' });
  });

  it('refuses a receipt beyond the ordered quantity, and allows the supplier’s tolerance but not more', async () => {
    const w = await purchasingWorld(t, { tolerance: '0.1' });
    const v = await verifiedOrder(t, w, [{ skuCode: w.skuCodes[0]!, qty: 20, price: '1' }]);
    const asn = await getAsn(t, w.token, v.order.asnId);
    expect(asn.asnDetails[0].qty).toBe(22);
    const over = await receive(w.token, v.order.asnId, [{ skuIndex: 0, qty: 23 }], w.skuIds);
    expect(over.body).toMatchObject({ success: false });
    expect(['ERR_INBOUND_OVER_RECEIPT', 'ERR_PURCHASE_OVER_RECEIPT']).toContain(over.body.errorCode);
    expect((await receive(w.token, v.order.asnId, [{ skuIndex: 0, qty: 22 }], w.skuIds)).body.success).toBe(true);
    const after = await callOk(t, w.token, 'searchInfo', { id: v.order.id });
    expect(after.order).toMatchObject({ status: 'COMPLETE', receiveStatus: 'COMPLETE_RECEIVE', receivedQtyTotal: 22 });
    expect(after.lines[0]).toMatchObject({ orderedQty: 20, receivedQty: 22, overReceivedQty: 2, receiptLimit: 22, outstandingQty: 0 });
  });

  it('refuses, through its own check under the line lock, a receipt the notice allows but the order does not', async () => {
    const w = await purchasingWorld(t);
    const v = await verifiedOrder(t, w, [{ skuCode: w.skuCodes[0]!, qty: 5, price: '1' }]);
    // The notice now expects more than was ordered (as an edit of it could make it).
    await t.database.db.execute(sql`update asn_details set qty = 9 where domain_id = ${w.domainId} and asn_id = ${v.order.asnId}`);
    await t.database.db.execute(sql`update asn_headers set qty_total = 9 where domain_id = ${w.domainId} and id = ${v.order.asnId}`);
    const over = await receive(w.token, v.order.asnId, [{ skuIndex: 0, qty: 6 }], w.skuIds);
    expect(over.body).toMatchObject({ success: false, errorCode: 'ERR_PURCHASE_OVER_RECEIPT', params: { field: 'lines.0.qty', limit: 5 } });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(0);
    expect((await getAsn(t, w.token, v.order.asnId)).receivedQtyTotal).toBe(0);
    const [line] = await t.database.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, v.order.id));
    expect(line!.receivedQty).toBe(0);
  });

  it('accepts exactly 10 of 20 parallel receipts of 10 on a 100-piece line', async () => {
    const w = await purchasingWorld(t);
    const v = await verifiedOrder(t, w, [{ skuCode: w.skuCodes[0]!, qty: 100, price: '2' }]);
    // Each worker receives 10, reading the notice's version again when another got in first.
    const worker = async (): Promise<'accepted' | 'refused'> => {
      for (;;) {
        const answer = await receive(w.token, v.order.asnId, [{ skuIndex: 0, qty: 10 }], w.skuIds);
        if (answer.body.success) return 'accepted';
        if (answer.body.errorCode === 'ERR_VERSION_CONFLICT') continue;
        if (answer.body.errorCode === 'ERR_INBOUND_OVER_RECEIPT' || answer.body.errorCode === 'ERR_PURCHASE_OVER_RECEIPT' || answer.body.errorCode === 'ERR_INBOUND_WRONG_STATUS') return 'refused';
        throw new Error(JSON.stringify(answer.body));
      }
    };
    const results = await Promise.all(Array.from({ length: 20 }, worker));
    expect(results.filter((r) => r === 'accepted')).toHaveLength(10);
    const after = await callOk(t, w.token, 'searchInfo', { id: v.order.id });
    expect(after.lines[0]).toMatchObject({ receivedQty: 100, outstandingQty: 0 });
    expect(after.receipts).toHaveLength(10);
    expect(after.order).toMatchObject({ status: 'COMPLETE', receivedQtyTotal: 100 });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(100);
  }, 120_000);

  it('holds the line under its own lock: 20 parallel receipt events of 10 on a 100-piece line count exactly 10', async () => {
    const w = await purchasingWorld(t);
    const v = await verifiedOrder(t, w, [{ skuCode: w.skuCodes[0]!, qty: 100, price: '2' }]);
    const [header] = await t.database.db.select().from(asnHeaders).where(and(eq(asnHeaders.domainId, w.domainId), eq(asnHeaders.id, v.order.asnId)));
    const purchasing = t.app.services.registry.get<PurchasingService>('purchasing');
    // Straight to the purchasing listener, each in a transaction of its own, without the notice's lock.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        t.database.db.transaction((tx) =>
          purchasing.onAsnReceipt({
            tx,
            actor: { userId: w.userId, loginName: w.loginName, domainId: w.domainId },
            header: header!,
            receiptId: 1_000_000 + i,
            lines: [{ asnDetailId: 0, skuId: w.skuIds[0]!, qty: 10, unitCost: '2.0000' }],
            fieldPrefix: 'lines',
            now: new Date(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code);
    expect(new Set(refusals)).toEqual(new Set(['ERR_PURCHASE_OVER_RECEIPT']));
    const [line] = await t.database.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, v.order.id));
    expect(line!.receivedQty).toBe(100);
    const [order] = await t.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, v.order.id));
    expect(order).toMatchObject({ receivedQtyTotal: 100, status: 'COMPLETE', receiveStatus: 'COMPLETE_RECEIVE' });
  }, 120_000);

  it('closes a partly received order short with a reason, closing its inbound notice', async () => {
    const w = await purchasingWorld(t);
    const v = await verifiedOrder(t, w, [{ skuCode: w.skuCodes[0]!, qty: 10, price: '1' }]);
    await receive(w.token, v.order.asnId, [{ skuIndex: 0, qty: 3 }], w.skuIds);
    const now = await callOk(t, w.token, 'searchInfo', { id: v.order.id });
    expect((await call(w.token, 'closeShort', { id: v.order.id, version: now.order.version })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'reason' } });
    expect((await call(w.token, 'closeShort', { id: v.order.id, version: now.order.version - 1, reason: 'x' })).body).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT' });
    const closed = await callOk(t, w.token, 'closeShort', { id: v.order.id, version: now.order.version, reason: 'supplier out of stock' });
    expect(closed.order).toMatchObject({ status: 'COMPLETE', receiveStatus: 'CLOSED_SHORT', receivedQtyTotal: 3, closedShortQtyTotal: 7, closeReason: 'supplier out of stock' });
    expect(closed.lines[0]).toMatchObject({ receivedQty: 3, closedShortQty: 7, outstandingQty: 0 });
    expect((await getAsn(t, w.token, v.order.asnId)).statusId).toBe('CI_ASN_STATUS_CLOSED');
  });
});

describe('purchase orders: who may see and do what', () => {
  it('hides the purchase price from an account without the field in the list, the view and the lines, and refuses its prices', async () => {
    const w = await purchasingWorld(t);
    const v = await verifiedOrder(t, w, [{ skuCode: w.skuCodes[0]!, qty: 2, price: '5' }]);
    await receive(w.token, v.order.asnId, [{ skuIndex: 0, qty: 1 }], w.skuIds);
    const staff = await signedInStaff(t, w.domainId, ['MENU_PURCHASE']);
    const list = await callOk(t, staff, 'search', {});
    expect(list.voList[0]).not.toHaveProperty('amountTotal');
    const info = await callOk(t, staff, 'searchInfo', { id: v.order.id });
    expect(info.order).not.toHaveProperty('amountTotal');
    expect(info.lines[0]).not.toHaveProperty('price');
    expect(info.lines[0]).not.toHaveProperty('amount');
    expect(info.receipts[0]).not.toHaveProperty('unitCost');
    expect((await callOk(t, staff, 'searchDetail', { id: v.order.id }))[0]).not.toHaveProperty('price');
    const priced = await call(staff, 'create', orderInput(w, [{ skuCode: w.skuCodes[1]!, qty: 1, price: '1' }]));
    expect(priced.body).toMatchObject({ errorCode: 'ERR_PURCHASE_PRICE_HIDDEN', params: { field: 'purchaseDetailDtoList.0.price' } });
    // It may still order without a price; it then keeps the prices on its edits.
    const draft = await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[1]!, qty: 1, price: '7' }]));
    await callOk(t, staff, 'update', { id: draft.order.id, version: draft.order.version, ...orderInput(w, [{ skuCode: w.skuCodes[1]!, qty: 3 }]) });
    const seen = await callOk(t, w.token, 'searchInfo', { id: draft.order.id });
    expect(seen.lines[0]).toMatchObject({ orderedQty: 3, price: '7.0000' });
    const withField = await signedInStaff(t, w.domainId, ['MENU_PURCHASE'], ['PURCHASE_PRICE']);
    expect((await callOk(t, withField, 'searchInfo', { id: v.order.id })).lines[0].price).toBe('5.0000');
  });

  it('exports the filtered orders to the download centre, with the amount only for an account that may see purchase prices', async () => {
    const w = await purchasingWorld(t);
    const a = await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 3, price: '2.5' }]));
    await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[1]!, qty: 1, price: '1' }]));
    const staff = await signedInStaff(t, w.domainId, ['MENU_PURCHASE', 'MENU_DATA_DOWNLOAD']);
    const sheetOf = async (token: string) => {
      const requested = await call(token, 'export', { codeKeywords: a.order.code });
      expect(requested.body.data).toMatchObject({ processStatus: 'REQUEST', title: 'Purchase orders export' });
      await t.waitFor(
        () => t.call('/cloud/core/exportFile/needPollingList', {}, { token }),
        (x) => x.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.body.data.id && f.processStatus === 'SUCCESS'),
      );
      const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ number: requested.body.data.id }),
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      return wb.worksheets[0]!;
    };
    const full = await sheetOf(w.token);
    const headers = (full.getRow(1).values as string[]).slice(1);
    expect(headers).toContain('Amount');
    expect(full.rowCount).toBe(2);
    expect(full.getRow(2).getCell(1).value).toBe(a.order.code);
    expect(String(full.getRow(2).getCell(headers.indexOf('Amount') + 1).value)).toBe('7.5000');
    const hidden = await sheetOf(staff);
    expect((hidden.getRow(1).values as string[]).slice(1)).not.toContain('Amount');
    expect((hidden.getRow(2).values as unknown[]).map(String)).not.toContain('7.5000');
  });

  it('refuses an account without the purchase menu', async () => {
    const w = await purchasingWorld(t);
    const staff = await signedInStaff(t, w.domainId, ['MENU_INV']);
    expect((await call(staff, 'search', {})).body).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_NO_PERMISSION' });
    expect((await call(staff, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 1 }]))).body).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_NO_PERMISSION' });
  });

  it('lets another domain neither read nor change an order, nor order with this domain’s supplier', async () => {
    const w = await purchasingWorld(t);
    const stranger = await purchasingWorld(t);
    const v = await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 1, price: 1 }]));
    expect((await callOk(t, stranger.token, 'search', {})).voList).toEqual([]);
    for (const path of ['searchInfo', 'searchDetail']) expect((await call(stranger.token, path, { id: v.order.id })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    for (const path of ['submit', 'invalid', 'delete']) expect((await call(stranger.token, path, { id: v.order.id, version: 0 })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    const theirs = await call(stranger.token, 'create', { ...orderInput(stranger, [{ skuCode: stranger.skuCodes[0]!, qty: 1 }]), supplierId: w.supplierId });
    expect(theirs.body).toMatchObject({ errorCode: 'ERR_PURCHASE_SUPPLIER_NOT_FOUND' });
    const [row] = await t.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, v.order.id));
    expect(row).toMatchObject({ status: 'DRAFT', version: 0, domainId: w.domainId });
  });
});
