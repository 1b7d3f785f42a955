// Inbound notices of self-run warehouses over HTTP, on a fresh database: create, edit, receive
// per location in parts, create-and-receive, cancel, force cancel, delete, search, the home
// counter, and every refusal changing nothing.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { averageCost, createAsn, getAsn, inboundWorld, ledgerOf, onHand, skuRows, supplierRow, warehouseRow } from '../../../../test/factories/inbound.js';
import { signedInSeller, signedInStaff } from '../../../../test/factories/warehouses.js';
import { createTestApp } from '../../../../test/harness.js';
import { asnDetails, asnHeaders, asnReceipts, operationLogs } from '../../../db/schema/index.js';
import type { StockService } from '../index.js';

const t = await createTestApp();
const registry = t.app.services.registry;

const receipt = (token: string, body: Record<string, unknown>) => t.call('/cloud/purchase/purchaseAsn/receipt', body, { token });

describe('inbound notices: create and search', () => {
  it('creates a notice with its totals and an optional supplier, logs it, and finds it by every filter', async () => {
    const w = await inboundWorld(t);
    const supplier = await supplierRow(t, w.domainId);
    const a = await createAsn(t, w.token, {
      whId: w.warehouseId,
      asnType: 'ASN_PURCHASE',
      supplierId: supplier.id,
      purchaseCode: 'PO-7781',
      expectedTime: '2026-03-01 10:00:00',
      asnDetails: [
        { skuId: w.skuIds[0], qty: 10, price: '12.5', locationId: w.locationIds[0] },
        { skuId: w.skuIds[1], qty: 3, price: 0.3333 },
      ],
    });
    expect(a).toMatchObject({
      statusId: 'CI_ASN_STATUS_CREATED',
      asnType: 'ASN_PURCHASE',
      whId: w.warehouseId,
      supplierCode: supplier.code,
      skuTotal: 2,
      qtyTotal: 13,
      receivedQtyTotal: 0,
      amountTotal: '125.9999',
      syncStatus: null,
      version: 0,
    });
    expect(a.code).toMatch(/^ASN\d{8}\d{4}$/);
    expect(a.asnDetails.map((d: any) => [d.skuCode, d.qty, d.price, d.amount, d.locationCode, d.skuBarCode])).toEqual([
      [w.skuCodes[0], 10, '12.5000', '125.0000', 'L-0', '69' + w.skuCodes[0]],
      [w.skuCodes[1], 3, '0.3333', '0.9999', null, '69' + w.skuCodes[1]],
    ]);
    const other = await createAsn(t, w.token, { whId: w.warehouseId, asnType: 'ASN_OTHER', asnDetails: [{ skuId: w.skuIds[2], qty: 1 }] });
    expect((await t.call('/cloud/purchase/asn/supplierOptions', {}, { token: w.token })).body.data).toEqual([{ id: supplier.id, code: supplier.code, name: `Supplier ${supplier.code}` }]);
    expect(other.supplierId).toBeNull();
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.area, 'inbound')));
    expect(logs.map((l) => l.action)).toEqual(['create', 'create']);

    const search = async (filters: Record<string, unknown>) =>
      (await t.call('/cloud/purchase/asn/searchPageList', filters, { token: w.token })).body.data.voList.map((r: any) => r.code).sort();
    expect(await search({})).toEqual([a.code, other.code].sort());
    expect(await search({ codeKeywords: a.code.slice(-6) })).toEqual([a.code]);
    expect(await search({ codeKeywords: `${a.code}，${other.code}` })).toEqual([a.code, other.code].sort());
    expect(await search({ codeKeywords: 'po-7781' })).toEqual([a.code]);
    expect(await search({ status: 'CI_ASN_STATUS_CREATED' })).toHaveLength(2);
    expect(await search({ status: 'COMPLETED' })).toEqual([]);
    expect(await search({ asnType: 'ASN_OTHER' })).toEqual([other.code]);
    expect(await search({ whId: -1 })).toHaveLength(2);
    expect(await search({ supplierId: supplier.id })).toEqual([a.code]);
    expect(await search({ timeType: 'EXPECTED', startTime: '2026-03-01 00:00:00', endTime: '2026-03-01 23:59:59' })).toEqual([a.code]);
    expect(await search({ startTime: '2000-01-01 00:00:00', endTime: '2000-01-02 00:00:00' })).toEqual([]);
    const page = await t.call('/cloud/purchase/asn/searchPageList', { pageSize: 1, currentPage: 2 }, { token: w.token });
    expect(page.body.data).toMatchObject({ total: 2, currentPage: 2, pageSize: 1 });
    expect(page.body.data.voList).toHaveLength(1);
    expect((await t.call('/cloud/purchase/asn/searchPageList', { pageSize: 2000 }, { token: w.token })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'pageSize' } });
    expect((await t.call('/cloud/purchase/asn/searchPageList', { status: 'WAITING' }, { token: w.token })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'status' } });

    const statuses = await t.call('/myhome/asnHeader/getStatusList', {}, { token: w.token });
    expect(statuses.body.data).toContainEqual({ statusId: 'CI_ASN_STATUS_CREATED', statusName: 'To receive', count: 2 });
    const home = await t.call('/myhome/homepage/getHomePageData', {}, { token: w.token });
    expect(home.body.data.asnHeaderCount).toBe(2);
  });

  it('names each notice’s status (statusName) in the caller’s language, in the list, the view and the status list', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 2 }] });
    expect(a).toMatchObject({ statusId: 'CI_ASN_STATUS_CREATED', statusName: 'To receive' });
    const zh = { token: w.token, headers: { 'accept-language': 'zh-CN' } };
    const list = await t.call('/cloud/purchase/asn/searchPageList', {}, zh);
    expect(list.body.data.voList.map((r: any) => [r.code, r.statusId, r.statusName])).toEqual([[a.code, 'CI_ASN_STATUS_CREATED', '待收货']]);
    const cancelled = await t.call('/myhome/asnHeader/cancel', { id: a.id, version: a.version }, zh);
    expect(cancelled.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_CLOSED', statusName: '已取消' });
    const view = await t.call('/cloud/purchase/asn/getById', { id: a.id }, { token: w.token, headers: { 'accept-language': 'zh-TW' } });
    expect(view.body.data.statusName).toBe('已取消');
    const statuses = await t.call('/myhome/asnHeader/getStatusList', {}, zh);
    expect(statuses.body.data.map((s: any) => [s.statusId, s.statusName, s.count])).toEqual([
      ['CI_ASN_STATUS_CREATED', '待收货', 0],
      ['CI_ASN_STATUS_SYNCED', '已下发', 0],
      ['CI_ASN_STATUS_COMPLETED', '已完成', 0],
      ['CI_ASN_STATUS_CLOSED', '已取消', 1],
    ]);
    const traditional = await t.call('/myhome/asnHeader/getStatusList', {}, { token: w.token, headers: { 'accept-language': 'zh-TW' } });
    expect(traditional.body.data[0]).toMatchObject({ statusId: 'CI_ASN_STATUS_CREATED', statusName: '待收貨' });
  });

  it('refuses a combination SKU, another domain’s SKU, a stopped warehouse, a disabled supplier, a repeated SKU, a zero quantity and a foreign location, adding nothing', async () => {
    const w = await inboundWorld(t);
    const stranger = await signedInSeller(t);
    const theirs = await skuRows(t, stranger.domainId, 1);
    const combo = await skuRows(t, w.domainId, 1, { combination: true });
    const stopped = await warehouseRow(t, w.domainId, { stopped: true });
    const otherWarehouse = await warehouseRow(t, w.domainId, { locations: 1 });
    const disabled = await supplierRow(t, w.domainId, 'DISABLED');
    const create = (body: Record<string, unknown>) => t.call('/cloud/purchase/purchaseAsn/create', { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 1 }], ...body }, { token: w.token });
    expect((await create({ asnDetails: [{ skuId: combo.ids[0], qty: 1 }] })).body).toMatchObject({ errorCode: 'ERR_INBOUND_COMBINATION_SKU', params: { field: 'asnDetails.0.skuId' } });
    expect((await create({ asnDetails: [{ skuId: w.skuIds[0], qty: 1 }, { skuId: theirs.ids[0], qty: 1 }] })).body).toMatchObject({ errorCode: 'ERR_INBOUND_SKU_NOT_FOUND', params: { field: 'asnDetails.1.skuId' } });
    const stoppedAnswer = await create({ whId: stopped.warehouseId });
    expect(stoppedAnswer.body).toMatchObject({ errorCode: 'ERR_INBOUND_WAREHOUSE_STOPPED', params: { field: 'whId' } });
    expect(stoppedAnswer.body.message).toContain('stopped');
    expect((await create({ supplierId: disabled.id })).body).toMatchObject({ errorCode: 'ERR_INBOUND_SUPPLIER_DISABLED', params: { field: 'supplierId' } });
    expect((await create({ asnDetails: [{ skuId: w.skuIds[0], qty: 1 }, { skuId: w.skuIds[0], qty: 2 }] })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'asnDetails.1.skuId' } });
    expect((await create({ asnDetails: [{ skuId: w.skuIds[0], qty: 0 }] })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'asnDetails.0.qty' } });
    expect((await create({ asnDetails: [{ skuId: w.skuIds[0], qty: 1.5 }] })).body.params?.field).toBe('asnDetails.0.qty');
    expect((await create({ asnDetails: [{ skuId: w.skuIds[0], qty: 1, price: '1.23456' }] })).body.params?.field).toBe('asnDetails.0.price');
    expect((await create({ asnDetails: [{ skuId: w.skuIds[0], qty: 1, locationId: otherWarehouse.locationIds[0] }] })).body).toMatchObject({
      errorCode: 'ERR_INBOUND_LOCATION_NOT_IN_WAREHOUSE',
      params: { field: 'asnDetails.0.locationId' },
    });
    expect((await create({ asnType: 'ASN_GIFT' })).body.params?.field).toBe('asnType');
    expect(await t.database.db.select().from(asnHeaders).where(eq(asnHeaders.domainId, w.domainId))).toEqual([]);
  });

  it('makes an after-sale notice, as the /stocks/createStockAftersale page does', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnType: 'ASN_AFTERSALE', asnDetails: [{ skuId: w.skuIds[0], qty: 2 }] });
    expect(a.asnType).toBe('ASN_AFTERSALE');
  });
});

describe('receiving', () => {
  it('receives in parts per location until complete; the notice shows received against noticed and the average cost moves', async () => {
    const w = await inboundWorld(t);
    const [mug, cup] = w.skuIds as [number, number];
    const [a1, a2] = w.locationIds as [number, number];
    // 10 mugs already on hand at an average of 5.
    const first = await t.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: w.warehouseId, asnDetails: [{ skuId: mug, qty: 10, price: '5', locationId: a1 }] }, { token: w.token });
    expect(first.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_COMPLETED', receivedQtyTotal: 10 });
    expect(await averageCost(t, w.domainId, mug)).toBe('5.0000');

    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: mug, qty: 10, price: '7', locationId: a1 }, { skuId: cup, qty: 4, price: '2' }] });
    const [mugLine, cupLine] = a.asnDetails;
    const part = await receipt(w.token, { id: a.id, version: a.version, lines: [{ asnDetailId: mugLine.id, locationId: a1, qty: 4 }, { asnDetailId: mugLine.id, locationId: a2, qty: 2 }] });
    expect(part.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_CREATED', qtyTotal: 14, receivedQtyTotal: 6, version: 1 });
    expect(part.body.data.asnDetails.map((d: any) => [d.qty, d.receivedQty])).toEqual([
      [10, 6],
      [4, 0],
    ]);
    expect(await onHand(t, w.domainId, w.warehouseId, mug, a1)).toBe(14);
    expect(await onHand(t, w.domainId, w.warehouseId, mug, a2)).toBe(2);
    // (10 × 5 + 6 × 7) / 16 = 5.75
    expect(await averageCost(t, w.domainId, mug)).toBe('5.7500');

    const rest = await receipt(w.token, {
      id: a.id,
      version: 1,
      remark: 'second truck',
      lines: [
        { asnDetailId: mugLine.id, locationId: a2, qty: 4 },
        { asnDetailId: cupLine.id, locationId: a2, qty: 4 },
      ],
    });
    expect(rest.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_COMPLETED', receivedQtyTotal: 14, version: 2 });
    expect(rest.body.data.completedAt).not.toBeNull();
    expect(rest.body.data.receipts.map((r: any) => [r.source, r.qtyTotal, r.lines.map((l: any) => `${l.skuCode}@${l.locationCode}:${l.qty}`)])).toEqual([
      ['MANUAL', 6, [`${w.skuCodes[0]}@L-0:4`, `${w.skuCodes[0]}@L-1:2`]],
      ['MANUAL', 8, [`${w.skuCodes[0]}@L-1:4`, `${w.skuCodes[1]}@L-1:4`]],
    ]);
    const ledger = await ledgerOf(t, w.domainId, a.code);
    expect(ledger.map((l) => [l.movement, l.doc_type, l.sku_id, l.location_id, l.on_hand_delta])).toEqual([
      ['RECEIPT', 'ASN', mug, a1, 4],
      ['RECEIPT', 'ASN', mug, a2, 2],
      ['RECEIPT', 'ASN', mug, a2, 4],
      ['RECEIPT', 'ASN', cup, a2, 4],
    ]);
    expect(await averageCost(t, w.domainId, cup)).toBe('2.0000');
    expect((await t.call('/cloud/purchase/asn/searchPageList', { status: 'CI_ASN_STATUS_COMPLETED' }, { token: w.token })).body.data.total).toBe(2);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.entityId, String(a.id)))).orderBy(operationLogs.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'receipt', 'receipt']);
  });

  it('refuses more than noticed, a location of another warehouse, a stopped warehouse, a non-positive quantity and a stale version, changing nothing', async () => {
    const w = await inboundWorld(t);
    const elsewhere = await warehouseRow(t, w.domainId, { locations: 1 });
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 5, price: '3' }] });
    const line = a.asnDetails[0].id;
    await receipt(w.token, { id: a.id, version: 0, lines: [{ asnDetailId: line, locationId: w.locationIds[0], qty: 3 }] });

    const over = await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: line, locationId: w.locationIds[0], qty: 2 }, { asnDetailId: line, locationId: w.locationIds[1], qty: 1 }] });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ errorCode: 'ERR_INBOUND_OVER_RECEIPT', params: { field: 'lines.1.qty', noticed: 5, received: 3, receiving: 3, left: 2, skuCode: w.skuCodes[0] } });
    expect(over.body.message).toContain('more than noticed');
    const foreign = await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: line, locationId: elsewhere.locationIds[0], qty: 1 }] });
    expect(foreign.body).toMatchObject({ errorCode: 'ERR_INBOUND_LOCATION_NOT_IN_WAREHOUSE', params: { field: 'lines.0.locationId' } });
    const none = await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: line, qty: 1 }] });
    expect(none.body).toMatchObject({ errorCode: 'ERR_INBOUND_LOCATION_REQUIRED', params: { field: 'lines.0.locationId' } });
    expect((await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: line, locationId: w.locationIds[0], qty: 0 }] })).body).toMatchObject({
      errorCode: 'ERR_VALIDATION',
      params: { field: 'lines.0.qty' },
    });
    expect((await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: line, locationId: w.locationIds[0], qty: -2 }] })).body.params?.field).toBe('lines.0.qty');
    expect((await receipt(w.token, { id: a.id, version: 0, lines: [{ asnDetailId: line, locationId: w.locationIds[0], qty: 1 }] })).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const otherNotice = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[1], qty: 1 }] });
    expect((await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: otherNotice.asnDetails[0].id, locationId: w.locationIds[0], qty: 1 }] })).body).toMatchObject({
      errorCode: 'ERR_INBOUND_DETAIL_NOT_FOUND',
      params: { field: 'lines.0.asnDetailId' },
    });
    await t.database.db.execute(sql`update warehouses set stop_using = true where id = ${w.warehouseId}`);
    expect((await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: line, locationId: w.locationIds[0], qty: 1 }] })).body.errorCode).toBe('ERR_INBOUND_WAREHOUSE_STOPPED');
    await t.database.db.execute(sql`update warehouses set stop_using = false where id = ${w.warehouseId}`);

    const after = await getAsn(t, w.token, a.id);
    expect(after).toMatchObject({ version: 1, receivedQtyTotal: 3, statusId: 'CI_ASN_STATUS_CREATED' });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(3);
    expect(await ledgerOf(t, w.domainId, a.code)).toHaveLength(1);
  });

  it('writes the whole receipt or none of it: when the engine refuses a line, costs, receipts and quantities stay as they were', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, {
      whId: w.warehouseId,
      asnDetails: [
        { skuId: w.skuIds[0], qty: 5, price: '9' },
        { skuId: w.skuIds[1], qty: 5, price: '4' },
      ],
    });
    const stock = registry.get<StockService>('stock');
    // The engine refuses the second line (a movement that would take the balance below zero).
    registry.provide('stock', {
      ...stock,
      applyMovements: (tx: any, domainId: number, actor: number | null, movements: any[]) =>
        stock.applyMovements(
          tx,
          domainId,
          actor,
          movements.map((m, i) => (i === 1 ? { ...m, onHandDelta: -1000 } : m)),
        ),
    });
    try {
      const refused = await receipt(w.token, {
        id: a.id,
        version: 0,
        lines: [
          { asnDetailId: a.asnDetails[0].id, locationId: w.locationIds[0], qty: 5 },
          { asnDetailId: a.asnDetails[1].id, locationId: w.locationIds[0], qty: 5 },
        ],
      });
      expect(refused.body.errorCode).toBe('ERR_STOCK_SHORTAGE');
    } finally {
      registry.provide('stock', stock);
    }
    expect(await averageCost(t, w.domainId, w.skuIds[0]!)).toBeNull();
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(0);
    expect(await ledgerOf(t, w.domainId, a.code)).toEqual([]);
    expect(await t.database.db.select().from(asnReceipts).where(eq(asnReceipts.asnId, a.id))).toEqual([]);
    expect((await t.database.db.select().from(asnDetails).where(eq(asnDetails.asnId, a.id))).map((d) => d.receivedQty)).toEqual([0, 0]);
    expect(await getAsn(t, w.token, a.id)).toMatchObject({ version: 0, receivedQtyTotal: 0 });
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.action, 'receipt')));
    expect(logs).toEqual([]);
    // The same receipt goes through once the engine takes it.
    const ok = await receipt(w.token, { id: a.id, version: 0, lines: [{ asnDetailId: a.asnDetails[0].id, locationId: w.locationIds[0], qty: 5 }] });
    expect(ok.body.data.receivedQtyTotal).toBe(5);
  });

  it('receives by scanning a barcode or SKU code, one scan per call, answering only the line and the totals', async () => {
    const w = await inboundWorld(t);
    const [mug, cup] = w.skuIds as [number, number];
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: mug, qty: 3, price: '7', locationId: w.locationIds[0] }, { skuId: cup, qty: 1, price: '2' }] });
    const scanReceipt = (body: Record<string, unknown>) => t.call('/cloud/purchase/purchaseAsn/scanReceipt', body, { token: w.token });

    // The mug by its barcode, into its planned location; no version needed.
    const first = await scanReceipt({ id: a.id, code: '69' + w.skuCodes[0] });
    expect(first.body.data).toMatchObject({ id: a.id, code: a.code, version: 1, statusId: 'CI_ASN_STATUS_CREATED', qtyTotal: 4, receivedQtyTotal: 1 });
    expect(first.body.data.line).toMatchObject({ skuCode: w.skuCodes[0], qty: 3, receivedQty: 1, received: 1, locationId: w.locationIds[0] });
    expect(first.body.data).not.toHaveProperty('asnDetails');
    // By SKU code, two pieces, with the version the station holds.
    expect((await scanReceipt({ id: a.id, version: 1, code: w.skuCodes[0], qty: 2 })).body.data).toMatchObject({ version: 2, receivedQtyTotal: 3, line: { receivedQty: 3 } });
    // The cup has no planned location in a warehouse with locations: the scan names one.
    expect((await scanReceipt({ id: a.id, code: w.skuCodes[1] })).body).toMatchObject({ errorCode: 'ERR_INBOUND_LOCATION_REQUIRED', params: { field: 'locationId' } });
    const last = await scanReceipt({ id: a.id, code: w.skuCodes[1], locationId: w.locationIds[1] });
    expect(last.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_COMPLETED', receivedQtyTotal: 4, line: { locationId: w.locationIds[1] } });

    expect(await onHand(t, w.domainId, w.warehouseId, mug, w.locationIds[0])).toBe(3);
    expect(await onHand(t, w.domainId, w.warehouseId, cup, w.locationIds[1])).toBe(1);
    const view = await getAsn(t, w.token, a.id);
    expect(view.receipts.map((r: any) => r.qtyTotal)).toEqual([1, 2, 1]);
    expect(await ledgerOf(t, w.domainId, a.code)).toHaveLength(3);
  });

  it('refuses a scan of a code not on the notice, more than is left, a stale version and another domain’s notice, changing nothing', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 2, locationId: w.locationIds[0] }] });
    const scanReceipt = (body: Record<string, unknown>, token = w.token) => t.call('/cloud/purchase/purchaseAsn/scanReceipt', body, { token });
    const unknown = await scanReceipt({ id: a.id, code: 'NO-SUCH-CODE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_INBOUND_SCAN_NOT_ON_NOTICE', params: { field: 'code', scanned: 'NO-SUCH-CODE' } });
    expect(unknown.body.message).toContain('NO-SUCH-CODE');
    // A SKU of the domain that is not on this notice.
    expect((await scanReceipt({ id: a.id, code: w.skuCodes[1] })).body.errorCode).toBe('ERR_INBOUND_SCAN_NOT_ON_NOTICE');
    expect((await scanReceipt({ id: a.id, code: w.skuCodes[0], qty: 3 })).body).toMatchObject({ errorCode: 'ERR_INBOUND_OVER_RECEIPT', params: { field: 'qty', left: 2 } });
    expect((await scanReceipt({ id: a.id, code: '  ' })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'code' } });
    expect((await scanReceipt({ id: a.id, code: w.skuCodes[0], qty: 0 })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'qty' } });
    expect((await scanReceipt({ id: a.id, version: 5, code: w.skuCodes[0] })).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const other = await inboundWorld(t);
    const foreign = await scanReceipt({ id: a.id, code: w.skuCodes[0] }, other.token);
    expect(foreign.status).toBe(404);
    expect(await getAsn(t, w.token, a.id)).toMatchObject({ version: 0, receivedQtyTotal: 0 });
    expect(await ledgerOf(t, w.domainId, a.code)).toHaveLength(0);
    // A full line refuses the next scan of its SKU.
    await scanReceipt({ id: a.id, code: w.skuCodes[0], qty: 2 });
    expect((await scanReceipt({ id: a.id, code: w.skuCodes[0] })).body).toMatchObject({ errorCode: 'ERR_INBOUND_WRONG_STATUS' });
  });

  it('books exactly what is left when many scanners scan the same line at once', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 5, locationId: w.locationIds[0] }, { skuId: w.skuIds[1], qty: 1, locationId: w.locationIds[0] }] });
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.call('/cloud/purchase/purchaseAsn/scanReceipt', { id: a.id, code: w.skuCodes[0] }, { token: w.token })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status !== 200).every((r) => r.body.errorCode === 'ERR_INBOUND_OVER_RECEIPT')).toBe(true);
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!, w.locationIds[0])).toBe(5);
    expect(await getAsn(t, w.token, a.id)).toMatchObject({ receivedQtyTotal: 5, statusId: 'CI_ASN_STATUS_CREATED' });
  });

  it('receives into a warehouse without locations with no location named', async () => {
    const w = await inboundWorld(t, { locations: 0 });
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 2 }] });
    const done = await receipt(w.token, { id: a.id, version: 0, lines: [{ asnDetailId: a.asnDetails[0].id, qty: 2 }] });
    expect(done.body.data.statusId).toBe('CI_ASN_STATUS_COMPLETED');
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!, 0)).toBe(2);
  });

  it('creates and receives in one go at the planned locations, and refuses it without a location', async () => {
    const w = await inboundWorld(t);
    const noLocation = await t.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 2 }] }, { token: w.token });
    expect(noLocation.body).toMatchObject({ errorCode: 'ERR_INBOUND_LOCATION_REQUIRED', params: { field: 'asnDetails.0.locationId' } });
    expect(await t.database.db.select().from(asnHeaders).where(eq(asnHeaders.domainId, w.domainId))).toEqual([]);
    const done = await t.call(
      '/cloud/purchase/purchaseAsn/createAndReceipt',
      { whId: w.warehouseId, asnType: 'ASN_OTHER', asnDetails: [{ skuId: w.skuIds[0], qty: 2, locationId: w.locationIds[1] }] },
      { token: w.token },
    );
    expect(done.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_COMPLETED', receivedQtyTotal: 2 });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!, w.locationIds[1])).toBe(2);
  });
});

describe('edit, cancel, force cancel, delete', () => {
  it('edits a CREATED notice with its version and refuses a stale version, a received notice and a COMPLETED one', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 2 }] });
    const edited = await t.call(
      '/cloud/purchase/purchaseAsn/edit',
      { id: a.id, version: 0, whId: w.warehouseId, asnType: 'ASN_ALLOCATED', remark: 'moved', asnDetails: [{ skuId: w.skuIds[1], qty: 7, price: '1.1' }] },
      { token: w.token },
    );
    expect(edited.body.data).toMatchObject({ version: 1, asnType: 'ASN_ALLOCATED', qtyTotal: 7, skuTotal: 1, amountTotal: '7.7000', remark: 'moved' });
    expect(edited.body.data.asnDetails.map((d: any) => d.skuCode)).toEqual([w.skuCodes[1]]);
    const stale = await t.call('/cloud/purchase/purchaseAsn/edit', { id: a.id, version: 0, whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: w.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');

    await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: edited.body.data.asnDetails[0].id, locationId: w.locationIds[0], qty: 1 }] });
    const partly = await t.call('/cloud/purchase/purchaseAsn/edit', { id: a.id, version: 2, whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: w.token });
    expect(partly.body).toMatchObject({ errorCode: 'ERR_INBOUND_HAS_RECEIPTS', params: { received: 1 } });
    await receipt(w.token, { id: a.id, version: 2, lines: [{ asnDetailId: edited.body.data.asnDetails[0].id, locationId: w.locationIds[0], qty: 6 }] });
    const completed = await t.call('/cloud/purchase/purchaseAsn/edit', { id: a.id, version: 3, whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: w.token });
    expect(completed.status).toBe(409);
    expect(completed.body).toMatchObject({ errorCode: 'ERR_INBOUND_WRONG_STATUS', params: { status: 'CI_ASN_STATUS_COMPLETED', action: 'edit' } });
    expect(completed.body.message).toContain('completed');
    expect(await getAsn(t, w.token, a.id)).toMatchObject({ version: 3, asnType: 'ASN_ALLOCATED', qtyTotal: 7 });
  });

  it('cancels a notice with nothing received, and refuses one with receipts (force cancel closes it, keeping what came in)', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 4 }] });
    const cancelled = await t.call('/myhome/asnHeader/cancel', { id: a.id, version: 0 }, { token: w.token });
    expect(cancelled.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_CLOSED', version: 1 });
    expect((await t.call('/myhome/asnHeader/cancel', { id: a.id, version: 1 }, { token: w.token })).body.errorCode).toBe('ERR_INBOUND_WRONG_STATUS');
    expect((await receipt(w.token, { id: a.id, version: 1, lines: [{ asnDetailId: a.asnDetails[0].id, locationId: w.locationIds[0], qty: 1 }] })).body.errorCode).toBe('ERR_INBOUND_WRONG_STATUS');

    const b = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 4 }] });
    await receipt(w.token, { id: b.id, version: 0, lines: [{ asnDetailId: b.asnDetails[0].id, locationId: w.locationIds[0], qty: 1 }] });
    expect((await t.call('/myhome/asnHeader/cancel', { id: b.id, version: 1 }, { token: w.token })).body).toMatchObject({ errorCode: 'ERR_INBOUND_HAS_RECEIPTS', params: { received: 1 } });
    expect((await t.call('/myhome/asnHeader/forceCancel', { id: b.id, version: 1, reason: '  ' }, { token: w.token })).body.params?.field).toBe('reason');
    const forced = await t.call('/myhome/asnHeader/forceCancel', { id: b.id, version: 1, reason: 'supplier short-shipped' }, { token: w.token });
    expect(forced.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_CLOSED', cancelReason: 'supplier short-shipped', receivedQtyTotal: 1 });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(1);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.entityId, String(b.id)), eq(operationLogs.area, 'inbound'))).orderBy(operationLogs.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'receipt', 'forceCancel']);
  });

  it('deletes CREATED notices with nothing received, all or none', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 4 }] });
    const b = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 4 }] });
    await receipt(w.token, { id: b.id, version: 0, lines: [{ asnDetailId: b.asnDetails[0].id, locationId: w.locationIds[0], qty: 1 }] });
    const refused = await t.call('/myhome/asnHeader/delete', { idList: [a.id, b.id] }, { token: w.token });
    expect(refused.body).toMatchObject({ errorCode: 'ERR_INBOUND_HAS_RECEIPTS', params: { code: b.code } });
    expect(await t.database.db.select().from(asnHeaders).where(eq(asnHeaders.domainId, w.domainId))).toHaveLength(2);
    expect((await t.call('/myhome/asnHeader/delete', { idList: [a.id] }, { token: w.token })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('/cloud/purchase/asn/getById', { id: a.id }, { token: w.token })).status).toBe(404);
    expect(await t.database.db.select().from(asnDetails).where(eq(asnDetails.asnId, a.id))).toEqual([]);
    const sync = await t.call('/myhome/asnHeader/sync', { idList: [b.id] }, { token: w.token });
    expect(sync.body.errorCode).toBe('ERR_INBOUND_NOT_A_WAREHOUSE_SYSTEM');
  });
});

describe('domains and permissions', () => {
  it('lets another domain neither read nor change a notice, nor make one for its warehouse', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 4 }] });
    const other = await inboundWorld(t);
    const as = { token: other.token };
    expect((await t.call('/cloud/purchase/asn/getById', { id: a.id }, as)).status).toBe(404);
    expect((await t.call('/cloud/purchase/asn/searchPageList', {}, as)).body.data.total).toBe(0);
    expect((await t.call('/cloud/purchase/purchaseAsn/receipt', { id: a.id, version: 0, lines: [{ asnDetailId: a.asnDetails[0].id, locationId: w.locationIds[0], qty: 1 }] }, as)).status).toBe(404);
    expect((await t.call('/cloud/purchase/purchaseAsn/edit', { id: a.id, version: 0, whId: other.warehouseId, asnDetails: [{ skuId: other.skuIds[0], qty: 1 }] }, as)).status).toBe(404);
    expect((await t.call('/myhome/asnHeader/cancel', { id: a.id, version: 0 }, as)).status).toBe(404);
    expect((await t.call('/myhome/asnHeader/forceCancel', { id: a.id, version: 0, reason: 'x' }, as)).status).toBe(404);
    expect((await t.call('/myhome/asnHeader/delete', { idList: [a.id] }, as)).status).toBe(404);
    expect((await t.call('/cloud/purchase/purchaseAsn/create', { whId: w.warehouseId, asnDetails: [{ skuId: other.skuIds[0], qty: 1 }] }, as)).body).toMatchObject({
      errorCode: 'ERR_INBOUND_WAREHOUSE_NOT_FOUND',
      params: { field: 'whId' },
    });
    // Receiving its own notice into the first domain's location is refused too.
    const mine = await createAsn(t, other.token, { whId: other.warehouseId, asnDetails: [{ skuId: other.skuIds[0], qty: 1 }] });
    expect((await receipt(other.token, { id: mine.id, version: 0, lines: [{ asnDetailId: mine.asnDetails[0].id, locationId: w.locationIds[0], qty: 1 }] })).body.errorCode).toBe(
      'ERR_INBOUND_LOCATION_NOT_IN_WAREHOUSE',
    );
    expect(await getAsn(t, w.token, a.id)).toMatchObject({ version: 0, statusId: 'CI_ASN_STATUS_CREATED' });
  });

  it('refuses a sub-account without the stock menu (403) and one without the create-inbound menu', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 4 }] });
    const orders = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    for (const [path, body] of [
      ['/cloud/purchase/asn/searchPageList', {}],
      ['/cloud/purchase/purchaseAsn/receipt', { id: a.id, version: 0, lines: [{ asnDetailId: a.asnDetails[0].id, locationId: w.locationIds[0], qty: 1 }] }],
      ['/myhome/asnHeader/cancel', { id: a.id, version: 0 }],
      ['/cloud/purchase/purchaseAsn/create', { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 1 }] }],
    ] as const) {
      const answer = await t.call(path, body, { token: orders });
      expect(answer.status).toBe(403);
      expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    const stockOnly = await signedInStaff(t, w.domainId, ['MENU_INV']);
    expect((await t.call('/cloud/purchase/purchaseAsn/create', { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: stockOnly })).status).toBe(403);
    expect((await t.call('/cloud/purchase/asn/searchPageList', {}, { token: stockOnly })).body.data.total).toBe(1);
    expect(await getAsn(t, w.token, a.id)).toMatchObject({ version: 0, receivedQtyTotal: 0 });
  });

  it('hides prices from an account that may not see purchase prices and keeps them on its edits', async () => {
    const w = await inboundWorld(t);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 4, price: '2.5' }] });
    const staff = await signedInStaff(t, w.domainId, ['MENU_INV', 'MENU_ASN_CREATE']);
    const seen = (await t.call('/cloud/purchase/asn/getById', { id: a.id }, { token: staff })).body.data;
    expect(seen).not.toHaveProperty('amountTotal');
    expect(seen.asnDetails[0]).not.toHaveProperty('price');
    const setting = await t.call('/cloud/purchase/purchaseAsn/create', { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 1, price: '1' }] }, { token: staff });
    expect(setting.body).toMatchObject({ errorCode: 'ERR_INBOUND_PRICE_HIDDEN', params: { field: 'asnDetails.0.price' } });
    await t.call('/cloud/purchase/purchaseAsn/edit', { id: a.id, version: 0, whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 6 }] }, { token: staff });
    expect(await getAsn(t, w.token, a.id)).toMatchObject({ qtyTotal: 6, amountTotal: '15.0000' });
  });
});
