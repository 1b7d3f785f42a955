// After-sale documents over HTTP, on a fresh database: made by hand from a shipped order's lines
// (never more back than shipped, even in parallel), searched by state, store, type, time and
// order keyword, decided on in batches with per-document refusals (state, type, stale version,
// platform), an agreed return making the return-inbound document, deleted while unprocessed,
// edited in batches, imported and exported; another domain and an account without the menu are
// refused.
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { afterSalesWorld, createAfterSale, decide, getAfterSale } from '../../../test/factories/aftersales.js';
import { signedInStaff, storeRow } from '../../../test/factories/warehouses.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { createTestApp } from '../../../test/harness.js';
import { afterSales, operationLogs, stores } from '../../db/schema/index.js';

const t = await createTestApp();
const A = '/cloud/advance/afterSales';

const refundOnly = (order: { id: number; lineIds: number[] }, extra: Record<string, unknown> = {}) => ({
  erpSoHId: order.id,
  type: 'REFUND_ONLY',
  returnDetailDtos: [{ erpSodId: order.lineIds[0], skuNum: 1 }],
  ...extra,
});
const returnRefund = (order: { id: number; lineIds: number[] }, qty = 2, extra: Record<string, unknown> = {}) => ({
  erpSoHId: order.id,
  type: 'RETURN_REFUND',
  returnDetailDtos: [{ erpSodId: order.lineIds[0], skuNum: qty }],
  ...extra,
});

describe('after-sales: create, read and search', () => {
  it('creates a return and refund from a shipped order’s lines, with the order’s buyer, store and the goods’ price as refund', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, returnRefund(order, 2, { afterSalesReason: '尺码不合适', buyerExpressNo: 'SF100200300' }));
    expect(doc).toMatchObject({
      source: 'MANUAL',
      type: 'RETURN_REFUND',
      typeName: 'Return and refund',
      erpSoHId: order.id,
      erpSoHCode: order.code,
      storeId: w.storeId,
      platformCode: 'CI_PLATFORM_TAOBAO',
      buyerName: '张三丰',
      buyerProvince: '浙江省',
      refundPhase: 'AFTER_SALE',
      refundFee: '60.0000',
      checkStatus: 'UNPROCESSED',
      checkStatusName: 'To process',
      refundStatus: 'VERIFY',
      receiptStatus: 'NONE',
      writeBackStatus: null,
      returnWhId: w.warehouseId,
      returnQtyTotal: 2,
      version: 0,
    });
    expect(doc.code).toMatch(/^AS\d{12}$/);
    expect(doc.returnDetailDtos.map((l: any) => [l.kind, l.skuCode, l.skuNum, l.skuPrice, l.orderId])).toEqual([['RETURN', w.skuCodes[0], 2, '30.0000', order.lineIds[0]]]);
    const zh = await t.call(`${A}/get`, { id: doc.id }, { token: w.token, headers: { 'accept-language': 'zh' } });
    expect(zh.body.data).toMatchObject({ typeName: '退货退款', checkStatusName: '待处理', refundStatusName: '待审核', receiptStatusName: '无需收货' });
    const log = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.area, 'aftersales'), eq(operationLogs.entityId, String(doc.id))));
    expect(log.map((l) => l.action)).toEqual(['create']);
  });

  it('finds documents by state, type, store, apply time and a fuzzy order keyword', async () => {
    const { w, order } = await afterSalesWorld(t);
    const a = await createAfterSale(t, w.token, refundOnly(order, { applyTime: '2026-03-01 10:00:00' }));
    const b = await createAfterSale(t, w.token, returnRefund(order, 1, { applyTime: '2026-03-05 10:00:00', buyerExpressNo: 'YT998877' }));
    await decide(t, w.token, 'agreeRefund', [a]);
    const search = async (filters: Record<string, unknown>) => (await t.call(`${A}/search`, filters, { token: w.token })).body.data.voList.map((x: any) => x.id).sort();
    expect(await search({})).toEqual([a.id, b.id].sort());
    expect(await search({ refundStatusList: ['WAIT'] })).toEqual([a.id]);
    expect(await search({ checkStatusList: ['UNPROCESSED'] })).toEqual([b.id]);
    expect(await search({ typeList: ['RETURN_REFUND'] })).toEqual([b.id]);
    expect(await search({ receiptStatusList: ['NONE'] })).toEqual([a.id, b.id].sort());
    expect(await search({ storeIdList: [w.storeId] })).toHaveLength(2);
    const otherStore = await storeRow(t, w.domainId);
    expect(await search({ storeIdList: [otherStore.id] })).toEqual([]);
    expect(await search({ startTime: '2026-03-02 00:00:00', endTime: '2026-03-06 00:00:00' })).toEqual([b.id]);
    expect(await search({ orderKeyWord: order.code.slice(3, 12) })).toEqual([a.id, b.id].sort());
    expect(await search({ orderKeyWord: '9988' })).toEqual([b.id]);
    expect(await search({ orderKeyWord: b.code })).toEqual([b.id]);
    // The keyword's page and total come from one pass: each page of one, and past the end, keep the total.
    const page = async (currentPage: number) => (await t.call(`${A}/search`, { orderKeyWord: order.code, currentPage, pageSize: 1 }, { token: w.token })).body.data;
    expect([await page(1), await page(2), await page(3)].map((d) => [d.total, d.voList.map((x: any) => x.id)])).toEqual([[2, [b.id]], [2, [a.id]], [2, []]]);
    const bad = await t.call(`${A}/search`, { refundStatusList: ['NOPE'] }, { token: w.token });
    expect(bad.status).toBe(400);
  });

  it('refuses more back than shipped, across documents, and says how many are left', async () => {
    const { w, order } = await afterSalesWorld(t);
    await createAfterSale(t, w.token, returnRefund(order, 2));
    const over = await t.call(`${A}/create`, returnRefund(order, 2), { token: w.token });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ success: false, errorCode: 'ERR_AFTERSALES_OVER_SHIPPED' });
    expect(over.body.message).toContain('at most 1 left');
    // A refund only takes no goods back: it is not bounded by the returns.
    expect((await t.call(`${A}/create`, refundOnly(order), { token: w.token })).body.success).toBe(true);
    // The exchange of the last one fits.
    const exchange = await createAfterSale(t, w.token, { erpSoHId: order.id, type: 'EXCHANGE', returnDetailDtos: [{ erpSodId: order.lineIds[0], skuNum: 1 }], exchangeDetailDtos: [{ skuId: w.skuIds[2], skuNum: 1 }] });
    expect(exchange).toMatchObject({ refundStatus: null, refundFee: '0.0000' });
    expect(exchange.exchangeDetailDtos.map((l: any) => [l.kind, l.skuCode])).toEqual([['EXCHANGE', w.skuCodes[2]]]);
  });

  it('holds the return ≤ shipped bound when two documents are made at the same time', async () => {
    const { w, order } = await afterSalesWorld(t);
    const answers = await Promise.all([t.call(`${A}/create`, returnRefund(order, 2), { token: w.token }), t.call(`${A}/create`, returnRefund(order, 2), { token: w.token })]);
    expect(answers.map((a) => a.body.success).sort()).toEqual([false, true]);
    expect(answers.find((a) => !a.body.success)!.body.errorCode).toBe('ERR_AFTERSALES_OVER_SHIPPED');
    const all = (await t.call(`${A}/search`, {}, { token: w.token })).body.data.voList;
    expect(all.reduce((s: number, d: any) => s + d.returnQtyTotal, 0)).toBe(2);
  });

  it('refuses an unshipped order’s return, a line of another order, a refund above what was paid and a missing line, changing nothing', async () => {
    const { w, order } = await afterSalesWorld(t);
    const open = await insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, lines: [{ skuId: w.skuIds[0]!, qty: 1, price: '30' }] });
    const notShipped = await t.call(`${A}/create`, { erpSoHId: open.id, type: 'RETURN_REFUND', returnDetailDtos: [{ erpSodId: order.lineIds[0], skuNum: 1 }] }, { token: w.token });
    expect(notShipped.body).toMatchObject({ errorCode: 'ERR_AFTERSALES_ORDER_NOT_SHIPPED' });
    const foreignLine = await t.call(`${A}/create`, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '1', returnDetailDtos: [{ erpSodId: order.lineIds[0]! + 100000, skuNum: 1 }] }, { token: w.token });
    expect(foreignLine.body).toMatchObject({ errorCode: 'ERR_AFTERSALES_ORDER_LINE_NOT_FOUND' });
    // The order was paid 3 × 30 + 1 × 30 = 120.
    const tooMuch = await t.call(`${A}/create`, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '120.01' }, { token: w.token });
    expect(tooMuch.body).toMatchObject({ errorCode: 'ERR_AFTERSALES_REFUND_TOO_HIGH' });
    expect((await t.call(`${A}/create`, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '100' }, { token: w.token })).body.success).toBe(true);
    expect((await t.call(`${A}/create`, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '20.01' }, { token: w.token })).body.errorCode).toBe('ERR_AFTERSALES_REFUND_TOO_HIGH');
    const noLines = await t.call(`${A}/create`, { erpSoHId: order.id, type: 'RETURN_REFUND' }, { token: w.token });
    expect(noLines.status).toBe(400);
    const badFee = await t.call(`${A}/create`, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '1.23456' }, { token: w.token });
    expect(badFee.status).toBe(400);
    expect((await t.call(`${A}/search`, {}, { token: w.token })).body.data.total).toBe(1);
  });
});

describe('after-sales: decisions', () => {
  it('walks a refund only from review to waiting to refunded, logging every state before and after, then archives it', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, refundOnly(order));
    expect(await decide(t, w.token, 'agreeRefund', [doc])).toEqual({ succeeded: [doc.id], refusals: [] });
    const waiting = await getAfterSale(t, w.token, doc.id);
    expect(waiting).toMatchObject({ refundStatus: 'WAIT', checkStatus: 'PROCESSING', version: 1 });
    expect(await decide(t, w.token, 'refundFinish', [waiting])).toEqual({ succeeded: [doc.id], refusals: [] });
    expect(await getAfterSale(t, w.token, doc.id)).toMatchObject({ refundStatus: 'SUCCESS', checkStatus: 'COMPLETED', version: 2 });
    const log = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.area, 'aftersales'), eq(operationLogs.entityId, String(doc.id))));
    const agree = log.find((l) => l.action === 'agreeRefund')!;
    expect(agree.before).toMatchObject({ refundStatus: 'VERIFY', checkStatus: 'UNPROCESSED', version: 0 });
    expect(agree.after).toMatchObject({ refundStatus: 'WAIT', checkStatus: 'PROCESSING', version: 1 });
    expect(log.map((l) => l.action).sort()).toEqual(['agreeRefund', 'create', 'refundFinish']);
    const archive = (await t.call(`${A}/searchArchive`, {}, { token: w.token })).body.data.voList.map((x: any) => x.id);
    expect(archive).toEqual([doc.id]);
  });

  it('refuses each document on its own in a batch: a stale version, a wrong state and a wrong type, doing the rest', async () => {
    const { w, order } = await afterSalesWorld(t);
    const a = await createAfterSale(t, w.token, refundOnly(order));
    const b = await createAfterSale(t, w.token, refundOnly(order));
    const c = await createAfterSale(t, w.token, returnRefund(order, 1));
    await decide(t, w.token, 'agreeRefund', [b]);
    const result = await decide(t, w.token, 'agreeRefund', [a, b, c, { id: 999999999, version: 0 }]);
    expect(result.succeeded).toEqual([a.id]);
    expect(result.refusals.map((r) => [r.id, r.code])).toEqual([
      [b.id, 'ERR_VERSION_CONFLICT'],
      [c.id, 'ERR_AFTERSALES_WRONG_STATE'],
      [999999999, 'ERR_NOT_FOUND'],
    ]);
    const fresh = await getAfterSale(t, w.token, b.id);
    expect((await decide(t, w.token, 'agreeRefund', [fresh])).refusals[0]!.code).toBe('ERR_AFTERSALES_WRONG_STATE');
    expect((await decide(t, w.token, 'agreeReturn', [await getAfterSale(t, w.token, a.id)])).refusals[0]!.code).toBe('ERR_AFTERSALES_WRONG_TYPE');
    expect(await getAfterSale(t, w.token, c.id)).toMatchObject({ version: 0, refundStatus: 'VERIFY' });
  });

  it('agrees a return into a return-inbound document, uploads its logistics, reads its receipt back and then agrees the refund', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, returnRefund(order, 2));
    expect(await decide(t, w.token, 'uploadLogistics', [doc], { buyerExpressCompanyCode: 'SF', buyerExpressNo: 'SF555' })).toMatchObject({ succeeded: [doc.id] });
    let now = await getAfterSale(t, w.token, doc.id);
    expect(now).toMatchObject({ buyerExpressNo: 'SF555', buyerExpressCompanyCode: 'SF', checkStatus: 'UNPROCESSED', version: 1 });
    expect(await decide(t, w.token, 'agreeReturn', [now])).toMatchObject({ succeeded: [doc.id] });
    now = await getAfterSale(t, w.token, doc.id);
    expect(now).toMatchObject({ receiptStatus: 'WAITING', checkStatus: 'PROCESSING', refundStatus: 'VERIFY' });
    expect(now.rmaId).toEqual(expect.any(Number));
    const rma = (await t.call('/myhome/rma/getRmaById', { id: now.rmaId }, { token: w.token })).body.data;
    expect(rma).toMatchObject({ erpSoHId: order.id, whId: w.warehouseId, expressNo: 'SF555', qtyTotal: 2, statusCode: 'CI_RMA_STATUS_CREATED', remark: doc.code });
    // Part of the goods come in: sync reads the receipt.
    await t.call('/myhome/rma/updateRmaInventory', { id: rma.id, version: rma.version, rmaDetails: [{ id: rma.rmaDetails[0].id, goodQty: 1 }] }, { token: w.token });
    await decide(t, w.token, 'sync', [now]);
    now = await getAfterSale(t, w.token, doc.id);
    expect(now.receiptStatus).toBe('PARTIAL');
    await t.call('/myhome/rma/updateRmaListInventory', { idList: [rma.id] }, { token: w.token });
    await decide(t, w.token, 'sync', [now]);
    now = await getAfterSale(t, w.token, doc.id);
    expect(now.receiptStatus).toBe('ALL');
    expect(await decide(t, w.token, 'agreeRefund', [now])).toMatchObject({ succeeded: [doc.id] });
    expect(await getAfterSale(t, w.token, doc.id)).toMatchObject({ refundStatus: 'WAIT', receiptStatus: 'ALL' });
  });

  it('asks for the return warehouse when the document names none, and refuses another domain’s warehouse', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, returnRefund(order, 1));
    await t.database.db.update(afterSales).set({ returnWhId: null }).where(eq(afterSales.id, doc.id));
    expect((await decide(t, w.token, 'agreeReturn', [doc])).refusals.map((r) => r.code)).toEqual(['ERR_AFTERSALES_RETURN_WAREHOUSE_REQUIRED']);
    const other = await afterSalesWorld(t);
    expect((await decide(t, w.token, 'agreeReturn', [doc], { returnWhId: other.w.warehouseId })).refusals.map((r) => r.code)).toEqual(['ERR_AFTERSALES_WAREHOUSE_NOT_FOUND']);
    expect(await decide(t, w.token, 'agreeReturn', [doc], { returnWhId: w.warehouseId })).toMatchObject({ succeeded: [doc.id] });
    expect(await getAfterSale(t, w.token, doc.id)).toMatchObject({ returnWhId: w.warehouseId, receiptStatus: 'WAITING' });
  });

  it('closes a document whose return is refused, and refuses agreeing it afterwards', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, returnRefund(order, 1));
    expect(await decide(t, w.token, 'refuseReturn', [doc])).toMatchObject({ succeeded: [doc.id] });
    const now = await getAfterSale(t, w.token, doc.id);
    expect(now).toMatchObject({ checkStatus: 'CLOSED', receiptStatus: 'STOPPED', refundStatus: 'REJECT' });
    expect((await decide(t, w.token, 'agreeReturn', [now])).refusals[0]!.code).toBe('ERR_AFTERSALES_WRONG_STATE');
    // A closed document no longer takes its goods from the bound.
    expect((await t.call(`${A}/create`, returnRefund(order, 3), { token: w.token })).body.success).toBe(true);
  });

  it('refuses sending a return order for a store on Youzan, JD, JD self-operated or Douyin', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, returnRefund(order, 1));
    for (const platform of ['CI_PLATFORM_YOUZAN', 'CI_PLATFORM_JD', 'JDZY', 'DY']) {
      await t.database.db.update(stores).set({ platformCode: platform }).where(eq(stores.id, w.storeId));
      const result = await decide(t, w.token, 'agreeReturn', [doc]);
      expect(result.refusals.map((r) => r.code)).toEqual(['ERR_AFTERSALES_RETURN_ORDERS_UNSUPPORTED']);
    }
    expect(await getAfterSale(t, w.token, doc.id)).toMatchObject({ receiptStatus: 'NONE', rmaId: null, version: 0 });
  });

  it('queues the write-back of a platform document’s decision (failing while the store is not authorised), and keeps one document per platform refund of a store', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, refundOnly(order));
    // What a platform pull would leave: the platform's refund id and state.
    await t.database.db.update(afterSales).set({ platformRefundId: 'RF-1', platformStatus: 'WAIT_SELLER_AGREE', source: 'PLATFORM' }).where(eq(afterSales.id, doc.id));
    await decide(t, w.token, 'agreeRefund', [doc]);
    const queued = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.area, 'aftersales'), eq(operationLogs.entityId, String(doc.id)), eq(operationLogs.action, 'agreeRefund')));
    expect(queued[0]!.after).toMatchObject({ writeBackStatus: 'TO_SEND' });
    // The write-back job sends it: the Taobao store was never authorised, so it fails and says why.
    const sent = await t.waitFor(
      () => getAfterSale(t, w.token, doc.id),
      (d) => d.writeBackStatus !== 'TO_SEND',
    );
    expect(sent).toMatchObject({ writeBackStatus: 'FAILED', writeBackStatusName: 'Failed', platformStatus: 'WAIT_SELLER_AGREE' });
    expect(sent.writeBackError).toMatch(/NOT_AUTHORIZED/);
    const [row] = await t.database.db.select().from(afterSales).where(eq(afterSales.id, doc.id));
    const { id: _id, code: _code, ...copy } = row!;
    await expect(t.database.db.insert(afterSales).values({ ...copy, code: 'AS-COPY' })).rejects.toThrow();
    await t.database.db.insert(afterSales).values({ ...copy, code: 'AS-COPY', platformRefundId: 'RF-2' });
    expect((await t.call(`${A}/search`, { writeBackStatusList: ['FAILED'] }, { token: w.token })).body.data.total).toBe(2);
  });

  it('lists a failed refund among the abnormal documents and lets it be agreed again', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, refundOnly(order));
    await decide(t, w.token, 'agreeRefund', [doc]);
    await decide(t, w.token, 'refundFinish', [await getAfterSale(t, w.token, doc.id)], { result: 'FAILURE' });
    const failed = await getAfterSale(t, w.token, doc.id);
    expect(failed).toMatchObject({ refundStatus: 'FAILURE', checkStatus: 'PROCESSING' });
    expect((await t.call(`${A}/searchAbnormal`, {}, { token: w.token })).body.data.voList.map((x: any) => x.id)).toEqual([doc.id]);
    expect(await decide(t, w.token, 'agreeRefund', [failed])).toMatchObject({ succeeded: [doc.id] });
    expect((await t.call(`${A}/searchAbnormal`, {}, { token: w.token })).body.data.total).toBe(0);
  });
});

describe('after-sales: delete and batch update', () => {
  it('deletes only documents still to process', async () => {
    const { w, order } = await afterSalesWorld(t);
    const a = await createAfterSale(t, w.token, refundOnly(order));
    const b = await createAfterSale(t, w.token, refundOnly(order));
    await decide(t, w.token, 'agreeRefund', [b]);
    const result = (await t.call(`${A}/delete`, { list: [a, await getAfterSale(t, w.token, b.id)].map((d) => ({ id: d.id, version: d.version })) }, { token: w.token })).body.data;
    expect(result.succeeded).toEqual([a.id]);
    expect(result.refusals.map((r: any) => r.code)).toEqual(['ERR_AFTERSALES_NOT_UNPROCESSED']);
    expect((await t.call(`${A}/get`, { id: a.id }, { token: w.token })).status).toBe(404);
  });

  it('edits several documents at their versions, refusing a stale one, a closed one and a refund above what was paid', async () => {
    const { w, order } = await afterSalesWorld(t);
    const a = await createAfterSale(t, w.token, refundOnly(order));
    const b = await createAfterSale(t, w.token, refundOnly(order));
    const c = await createAfterSale(t, w.token, returnRefund(order, 1));
    await decide(t, w.token, 'refuseReturn', [c]);
    const result = (
      await t.call(
        `${A}/batchUpdate`,
        {
          list: [
            { id: a.id, version: 0, remark: '客户来电', afterSalesReason: '质量问题', refundFee: '12.5' },
            { id: b.id, version: 3, remark: 'stale' },
            { id: c.id, version: 1, remark: 'closed' },
            { id: b.id + 0, version: 0, refundFee: '500' },
          ],
        },
        { token: w.token },
      )
    ).body.data;
    expect(result.succeeded).toEqual([a.id]);
    expect(result.refusals.map((r: any) => r.code)).toEqual(['ERR_VERSION_CONFLICT', 'ERR_AFTERSALES_WRONG_STATE']);
    expect(await getAfterSale(t, w.token, a.id)).toMatchObject({ remark: '客户来电', afterSalesReason: '质量问题', refundFee: '12.5000', version: 1 });
    const tooHigh = (await t.call(`${A}/batchUpdate`, { list: [{ id: b.id, version: 0, refundFee: '500' }] }, { token: w.token })).body.data;
    expect(tooHigh.refusals.map((r: any) => r.code)).toEqual(['ERR_AFTERSALES_REFUND_TOO_HIGH']);
  });
});

describe('after-sales: import and export', () => {
  async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('After-sales');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const task = (id: number, token: string) => t.call('/cloud/core/import/get', { id }, { token });

  it('imports documents from the template’s columns through the same checks, and lists bad rows loading nothing', async () => {
    const { w, order } = await afterSalesWorld(t);
    const bad = await t.upload(`${A}/import`, { field: 'uploadExcel', name: 'as.xlsx', data: await xlsx([['Order code', 'Type', 'SKU code', 'Quantity'], ['NOPE', '退货退款', w.skuCodes[0]!, 1], [order.code, '换货', '', '']]) }, {}, { token: w.token });
    expect(bad.body.success).toBe(true);
    const invalid = await t.waitFor(() => task(bad.body.data.id, w.token), (a) => a.body.data.status !== 'PARSING');
    expect(invalid.body.data).toMatchObject({ status: 'INVALID', errorCount: 2 });
    const good = await t.upload(
      `${A}/import`,
      { field: 'uploadExcel', name: 'as.xlsx', data: await xlsx([['订单编号', '售后类型', '商品编码', '数量', '退款金额', '售后原因'], [order.code, '退货退款', w.skuCodes[0]!, 2, '', '七天无理由'], [order.code, 'REFUND_ONLY', '', '', '5', '']]) },
      {},
      { token: w.token },
    );
    const parsed = await t.waitFor(() => task(good.body.data.id, w.token), (a) => a.body.data.status !== 'PARSING');
    expect(parsed.body.data.errors).toEqual([]);
    expect(parsed.body.data.status).toBe('PARSED');
    await t.call('/cloud/core/import/confirm', { id: good.body.data.id }, { token: w.token });
    const done = await t.waitFor(() => task(good.body.data.id, w.token), (a) => ['DONE', 'FAILED'].includes(a.body.data.status));
    expect(done.body.data.status).toBe('DONE');
    const docs = (await t.call(`${A}/search`, {}, { token: w.token })).body.data.voList;
    expect(docs.map((d: any) => [d.source, d.type, d.refundFee, d.afterSalesReason]).sort()).toEqual([
      ['IMPORT', 'REFUND_ONLY', '5.0000', null],
      ['IMPORT', 'RETURN_REFUND', '60.0000', '七天无理由'],
    ]);
    // The list's keyword finds imported documents by their order's code (kept on the document).
    const byOrder = (await t.call(`${A}/search`, { orderKeyWord: order.code.slice(2) }, { token: w.token })).body.data.voList;
    expect(byOrder.map((d: any) => d.erpSoHCode)).toEqual([order.code, order.code]);
    expect((await t.call(`${A}/search`, { orderKeyWord: `${order.code}X` }, { token: w.token })).body.data.voList).toEqual([]);
  });

  it('exports the filtered documents to the download centre', async () => {
    const { w, order } = await afterSalesWorld(t);
    const a = await createAfterSale(t, w.token, refundOnly(order));
    await createAfterSale(t, w.token, returnRefund(order, 1));
    const requested = await t.call(`${A}/export`, { typeList: ['REFUND_ONLY'] }, { token: w.token });
    expect(requested.body.data).toMatchObject({ processStatus: 'REQUEST', title: 'After-sales export' });
    await t.waitFor(
      () => t.call('/cloud/core/exportFile/needPollingList', {}, { token: w.token }),
      (x) => x.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.body.data.id && f.processStatus === 'SUCCESS'),
    );
    const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: requested.body.data.id }),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1, 3)).toEqual(['Document', 'Type']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(a.code);
  });
});

describe('after-sales: tenancy and permission', () => {
  it('keeps another domain from reading, deciding, editing or deleting the documents, and refuses an account without the menu', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, refundOnly(order));
    const other = await afterSalesWorld(t);
    expect((await t.call(`${A}/get`, { id: doc.id }, { token: other.w.token })).status).toBe(404);
    expect((await t.call(`${A}/search`, {}, { token: other.w.token })).body.data.total).toBe(0);
    expect((await decide(t, other.w.token, 'agreeRefund', [doc])).refusals.map((r) => r.code)).toEqual(['ERR_NOT_FOUND']);
    expect((await t.call(`${A}/delete`, { list: [{ id: doc.id, version: 0 }] }, { token: other.w.token })).body.data.refusals).toHaveLength(1);
    expect((await t.call(`${A}/batchUpdate`, { list: [{ id: doc.id, version: 0, remark: 'x' }] }, { token: other.w.token })).body.data.refusals).toHaveLength(1);
    // Nor make a document of this domain's order.
    expect((await t.call(`${A}/create`, refundOnly(order), { token: other.w.token })).body.errorCode).toBe('ERR_AFTERSALES_ORDER_NOT_FOUND');
    expect(await getAfterSale(t, w.token, doc.id)).toMatchObject({ version: 0, remark: null, refundStatus: 'VERIFY' });
    const clerk = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await t.call(`${A}/search`, {}, { token: clerk })).status).toBe(403);
    expect((await t.call(`${A}/agreeRefund`, { list: [{ id: doc.id, version: 0 }] }, { token: clerk })).status).toBe(403);
    const staff = await signedInStaff(t, w.domainId, ['MENU_AFTER_SALES']);
    expect((await t.call(`${A}/search`, {}, { token: staff })).body.data.total).toBe(1);
  });

  it('shows the buyer in full only to an account with the receiver permission, and a masked echo changes nothing', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, refundOnly(order));
    expect(doc).toMatchObject({ buyerName: '张三丰', buyerPhone: '13812345678' });
    const staff = await signedInStaff(t, w.domainId, ['MENU_AFTER_SALES']);
    const seen = (await t.call(`${A}/get`, { id: doc.id }, { token: staff })).body.data;
    expect(seen.buyerPhone).not.toContain('12345678');
    expect(seen.buyerPhone).toMatch(/\*/);
    expect(seen.buyerName).not.toBe('张三丰');
    const listed = (await t.call(`${A}/search`, {}, { token: staff })).body.data.voList[0];
    expect(listed.buyerPhone).toBe(seen.buyerPhone);
    // The edit form sends back what it showed, with a new remark: the buyer stays as stored.
    const edit = await t.call(`${A}/batchUpdate`, { list: [{ id: doc.id, version: 0, buyerName: seen.buyerName, buyerPhone: seen.buyerPhone, buyerAddress: seen.buyerAddress, remark: 'called back' }] }, { token: staff });
    expect(edit.body.data.refusals).toEqual([]);
    expect(await getAfterSale(t, w.token, doc.id)).toMatchObject({ buyerName: '张三丰', buyerPhone: '13812345678', remark: 'called back', version: 1 });
    const revealer = await signedInStaff(t, w.domainId, ['MENU_AFTER_SALES'], ['RECEIVER_DECRYPT']);
    expect((await t.call(`${A}/get`, { id: doc.id }, { token: revealer })).body.data.buyerPhone).toBe('13812345678');
  });
});
