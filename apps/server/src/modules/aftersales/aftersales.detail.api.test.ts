// An after-sale's detail timeline and the reasons report over HTTP, and a 'no information' parcel
// linked through an after-sale: the timeline holds the document's decisions and its return
// inbound's receipts, before → after, oldest first; the report counts returned units of documents
// that take goods back against the units shipped in the window, by SKU and by reason; another
// domain sees none of it, bad windows and an account without the menu are refused.
import { describe, expect, it } from 'vitest';
import { afterSalesWorld, createAfterSale, decide, getAfterSale } from '../../../test/factories/aftersales.js';
import { signedInSeller, signedInStaff } from '../../../test/factories/warehouses.js';
import { createTestApp } from '../../../test/harness.js';

const t = await createTestApp();
const A = '/cloud/advance/afterSales';
const returnRefund = (order: { id: number; lineIds: number[] }, line: number, qty: number, extra: Record<string, unknown> = {}) => ({
  erpSoHId: order.id,
  type: 'RETURN_REFUND',
  returnDetailDtos: [{ erpSodId: order.lineIds[line], skuNum: qty }],
  ...extra,
});
const window = () => ({ startTime: new Date(Date.now() - 86_400_000).toISOString(), endTime: new Date(Date.now() + 86_400_000).toISOString() });

describe('after-sale timeline', () => {
  it('lists the document’s decisions and its return inbound’s receipt, before → after, oldest first', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, returnRefund(order, 0, 2));
    await decide(t, w.token, 'agreeReturn', [doc]);
    const agreed = await getAfterSale(t, w.token, doc.id);
    const rma = (await t.call('/myhome/rma/getRmaById', { id: agreed.rmaId }, { token: w.token })).body.data;
    await t.call('/myhome/rma/updateRmaInventory', { id: rma.id, version: rma.version, rmaDetails: [{ id: rma.rmaDetails[0].id, goodQty: 1, defectiveQty: 1 }] }, { token: w.token });
    await decide(t, w.token, 'sync', [agreed]);

    const timeline = (await t.call(`${A}/timeline`, { id: doc.id }, { token: w.token })).body.data;
    expect(timeline.map((e: any) => [e.kind, e.action])).toEqual([
      ['afterSale', 'create'],
      // The return inbound is made inside the decision, before the decision's own entry.
      ['rma', 'create'],
      ['afterSale', 'agreeReturn'],
      ['rma', 'receipt'],
      ['afterSale', 'sync'],
    ]);
    const agree = timeline[2];
    expect(agree.before).toMatchObject({ checkStatus: 'UNPROCESSED', receiptStatus: 'NONE' });
    expect(agree.after).toMatchObject({ checkStatus: 'PROCESSING', receiptStatus: 'WAITING' });
    expect(timeline[3].after).toMatchObject({ status: 'CI_RMA_STATUS_COMPLETED', receivedQtyTotal: 2 });
    expect(timeline[4].after).toMatchObject({ receiptStatus: 'ALL' });
    expect(timeline.every((e: any) => typeof e.createdAt === 'string')).toBe(true);
  });

  it('refuses another domain’s document and an unknown one', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, returnRefund(order, 0, 1));
    const other = await signedInSeller(t);
    expect((await t.call(`${A}/timeline`, { id: doc.id }, { token: other.token })).body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    expect((await t.call(`${A}/timeline`, { id: 0 }, { token: w.token })).body).toMatchObject({ success: false });
  });
});

describe('reasons report', () => {
  it('gives the return rate by SKU and by reason: returned units of returns and exchanges, not closed, over units shipped', async () => {
    const { w, order } = await afterSalesWorld(t);
    // Shipped in the window: 3 of the first SKU and 1 of the second.
    // Not counted: a refused (closed) return and a refund only (nothing comes back).
    const refused = await createAfterSale(t, w.token, returnRefund(order, 0, 1, { afterSalesReason: '不想要了' }));
    await decide(t, w.token, 'refuseReturn', [refused]);
    await createAfterSale(t, w.token, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '1', returnDetailDtos: [{ erpSodId: order.lineIds[0], skuNum: 1 }] });
    await createAfterSale(t, w.token, returnRefund(order, 0, 2, { afterSalesReason: '尺码不合适' }));
    await createAfterSale(t, w.token, returnRefund(order, 1, 1));

    const report = (await t.call(`${A}/returnRateReport`, window(), { token: w.token })).body.data;
    expect(report).toMatchObject({ shippedQty: 4, returnedQty: 3, rate: '75.00' });
    expect(report.bySku).toEqual([
      { skuId: w.skuIds[0], skuCode: w.skuCodes[0], skuName: expect.anything(), shippedQty: 3, returnedQty: 2, rate: '66.67' },
      { skuId: w.skuIds[1], skuCode: w.skuCodes[1], skuName: expect.anything(), shippedQty: 1, returnedQty: 1, rate: '100.00' },
    ]);
    expect(report.byReason).toEqual([
      { reason: '尺码不合适', returnedQty: 2, documents: 1, share: '66.67', rate: '50.00' },
      { reason: '', returnedQty: 1, documents: 1, share: '33.33', rate: '25.00' },
    ]);

    const before = { startTime: '2001-01-01 00:00:00', endTime: '2001-02-01 00:00:00' };
    expect((await t.call(`${A}/returnRateReport`, before, { token: w.token })).body.data).toEqual({ shippedQty: 0, returnedQty: 0, rate: null, bySku: [], byReason: [] });
  });

  it('refuses a window that ends before it starts or is longer than a year, and shows another domain nothing', async () => {
    const { w, order } = await afterSalesWorld(t);
    await createAfterSale(t, w.token, returnRefund(order, 0, 1));
    const backwards = await t.call(`${A}/returnRateReport`, { startTime: '2026-02-01 00:00:00', endTime: '2026-01-01 00:00:00' }, { token: w.token });
    expect(backwards.body).toMatchObject({ success: false });
    expect(backwards.body.message).toContain('endTime');
    const long = await t.call(`${A}/returnRateReport`, { startTime: '2024-01-01 00:00:00', endTime: '2026-01-01 00:00:00' }, { token: w.token });
    expect(long.body.message).toContain('endTime');
    const missing = await t.call(`${A}/returnRateReport`, {}, { token: w.token });
    expect(missing.body.message).toContain('startTime');
    const other = await signedInSeller(t);
    expect((await t.call(`${A}/returnRateReport`, window(), { token: other.token })).body.data).toEqual({ shippedQty: 0, returnedQty: 0, rate: null, bySku: [], byReason: [] });
    const stockOnly = await signedInStaff(t, w.domainId, ['MENU_INV']);
    expect((await t.call(`${A}/returnRateReport`, window(), { token: stockOnly })).status).toBe(403);
    expect((await t.call(`${A}/timeline`, { id: 1 }, { token: stockOnly })).status).toBe(403);
  });
});

describe('a no-information parcel linked through its after-sale', () => {
  it('refuses an after-sale whose return is not agreed yet, then links to its return inbound once it is', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, returnRefund(order, 0, 1));
    const parcel = (await t.call('/myhome/rma/scan', { text: 'NOINFO-AS-1' }, { token: w.token })).body.data.parcel;
    const early = await t.call('/myhome/rma/parcel/link', { id: parcel.id, version: 0, afterSaleId: doc.id }, { token: w.token });
    expect(early.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_PARCEL_AFTER_SALE_NO_RMA' });
    expect(early.body.message).toContain(doc.code);
    await decide(t, w.token, 'agreeReturn', [doc]);
    const agreed = await getAfterSale(t, w.token, doc.id);
    const linked = await t.call('/myhome/rma/parcel/link', { id: parcel.id, version: 0, afterSaleId: doc.id }, { token: w.token });
    expect(linked.body.data).toMatchObject({ state: 'LINKED', rmaId: agreed.rmaId });
    const other = await signedInSeller(t);
    const theirs = (await t.call('/myhome/rma/parcel/create', { expressNo: 'THEIRS-1' }, { token: other.token })).body.data;
    expect((await t.call('/myhome/rma/parcel/link', { id: theirs.id, version: 0, afterSaleId: doc.id }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
  });
});
