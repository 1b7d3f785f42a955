// Print templates, label data and the print log, over HTTP on a fresh database.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { createWarehouse, signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { erpOrders, operationLogs, printLogs } from '../../../db/schema/index.js';

const t = await createTestApp();
const tpl = '/myhome/template';

async function seller() {
  const s = await signedInSeller(t);
  const store = await storeRow(t, s.domainId);
  return { ...s, storeId: store.id };
}

const custom = {
  name: 'ZTO 100x60',
  kind: 'WAYBILL',
  width: 100,
  height: 60,
  expressCompanyCode: 'ZTO',
  isDefault: true,
  elements: [
    { field: 'receiverName', x: 2, y: 2, w: 40, h: 6, bold: true },
    { field: 'expressNo', x: 2, y: 20, w: 90, h: 15 },
    { field: 'expressNoQr', x: 70, y: 37, w: 20, h: 20 },
  ],
};

async function reviewedWithNumber(s: { domainId: number; storeId: number }, expressNo: string | null, warehouseId: number | null = null) {
  const o = await insertOrder(t, s.domainId, {
    storeId: s.storeId,
    statusCode: 'CI_ERPSOH_STATUS_VERIFIED',
    expressCompanyCode: 'ZTO',
    warehouseId,
    receiver: { name: '张三', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 1 号' },
    lines: [{ skuId: null, qty: 2 }],
  } as never);
  if (expressNo) await t.database.db.update(erpOrders).set({ expressNo }).where(eq(erpOrders.id, o.id));
  return o;
}

describe('print templates', () => {
  it('offers the five read-only system templates at the default sizes', async () => {
    const s = await seller();
    const list = await t.call(`${tpl}/getPrintTemplates`, { pageSize: 50 }, { token: s.token });
    expect(list.body.success).toBe(true);
    const sizes = list.body.data.voList.filter((r: any) => r.system).map((r: any) => [r.systemKey, r.width, r.height, r.fontSize, r.xOffset]);
    expect(sizes).toEqual([
      ['normal', 100, 40, 10, 5],
      ['oneCopy', 76, 30, 10, 5],
      ['PDD_SFKY_1', 60, 26, 10, 5],
      ['PDD_POSTB_6', 72, 5, 10, 5],
      ['PDD_POSTB_8', 72, 50, 10, 5],
    ]);
    const normal = list.body.data.voList[0];
    const edit = await t.call(`${tpl}/createPrintTemplate`, { ...normal, name: 'Mine' }, { token: s.token });
    expect(edit.body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_SYSTEM_TEMPLATE' });
    const del = await t.call(`${tpl}/deletePrintTemplate`, { idList: [normal.id] }, { token: s.token });
    expect(del.body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_SYSTEM_TEMPLATE' });
    // A system template can still be a courier's default.
    const def = await t.call(`${tpl}/setDefault`, { id: normal.id, expressCompanyCode: 'SF' }, { token: s.token });
    expect(def.body.data.defaultFor).toEqual(['SF']);
  });

  it('creates, reads, updates and deletes a custom template, with a default per courier', async () => {
    const s = await seller();
    const made = await t.call(`${tpl}/createPrintTemplate`, custom, { token: s.token });
    expect(made.body.data).toMatchObject({ name: 'ZTO 100x60', system: false, fontSize: 10, xOffset: 5, defaultFor: ['ZTO'] });
    expect(made.body.data.elements[1]).toMatchObject({ field: 'expressNo', fontSize: 10, bold: false });
    expect(made.body.data.elements[2]).toMatchObject({ field: 'expressNoQr', x: 70, y: 37, w: 20, h: 20 });
    const got = await t.call(`${tpl}/get`, { id: made.body.data.id }, { token: s.token });
    expect(got.body.data.id).toBe(made.body.data.id);

    const second = await t.call(`${tpl}/createPrintTemplate`, { ...custom, name: 'ZTO other' }, { token: s.token });
    expect(second.body.data.defaultFor).toEqual(['ZTO']);
    expect((await t.call(`${tpl}/get`, { id: made.body.data.id }, { token: s.token })).body.data.defaultFor).toEqual([]);

    const up = await t.call(`${tpl}/createPrintTemplate`, { ...custom, id: made.body.data.id, version: made.body.data.version, isDefault: false, height: 70, fontSize: 12 }, { token: s.token });
    expect(up.body.data).toMatchObject({ height: 70, fontSize: 12, version: made.body.data.version + 1 });
    const stale = await t.call(`${tpl}/createPrintTemplate`, { ...custom, id: made.body.data.id, version: made.body.data.version }, { token: s.token });
    expect(stale.body.success).toBe(false);

    const removed = await t.call(`${tpl}/deletePrintTemplate`, { idList: [made.body.data.id] }, { token: s.token });
    expect(removed.body.data).toEqual({ removed: 1 });
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.entityType, 'printTemplate'), eq(operationLogs.entityId, String(made.body.data.id))));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('answers getSysPrintTemplates as voList of the system templates only', async () => {
    const s = await seller();
    await t.call(`${tpl}/createPrintTemplate`, custom, { token: s.token });
    const sys = await t.call(`${tpl}/getSysPrintTemplates`, {}, { token: s.token });
    expect(sys.body.success).toBe(true);
    expect(sys.body.data.voList.map((r: any) => [r.systemKey, r.system])).toEqual([
      ['normal', true],
      ['oneCopy', true],
      ['PDD_SFKY_1', true],
      ['PDD_POSTB_6', true],
      ['PDD_POSTB_8', true],
    ]);
    // The system delivery slips show when slips are asked for.
    const packing = await t.call(`${tpl}/getSysPrintTemplates`, { kind: 'PACKING_LIST' }, { token: s.token });
    expect(packing.body.data.voList.map((r: any) => r.systemKey)).toEqual(['sendA5', 'send76']);
  });

  it('changes a template through createPrintTemplate only with its version, naming the field', async () => {
    const s = await seller();
    const made = (await t.call(`${tpl}/createPrintTemplate`, custom, { token: s.token })).body.data;
    const noVersion = await t.call(`${tpl}/createPrintTemplate`, { ...custom, id: made.id, name: 'Renamed' }, { token: s.token });
    expect(noVersion.body.success).toBe(false);
    expect(JSON.stringify(noVersion.body)).toContain('version');
    const list = await t.call(`${tpl}/getPrintTemplates`, { includeSystem: false }, { token: s.token });
    expect(list.body.data.voList.map((r: any) => r.name)).toEqual(['ZTO 100x60']);
  });

  it('refuses a taken name, an element outside the label and a bad field, naming the field', async () => {
    const s = await seller();
    await t.call(`${tpl}/createPrintTemplate`, custom, { token: s.token });
    const taken = await t.call(`${tpl}/createPrintTemplate`, custom, { token: s.token });
    expect(taken.body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_TEMPLATE_NAME_TAKEN', params: { field: 'name' } });
    const outside = await t.call(`${tpl}/createPrintTemplate`, { ...custom, name: 'Wide', elements: [{ field: 'receiverName', x: 80, y: 0, w: 30, h: 5 }] }, { token: s.token });
    expect(outside.body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_ELEMENT_OUTSIDE', params: { field: 'elements.0.w', element: 'receiverName' } });
    const badField = await t.call(`${tpl}/createPrintTemplate`, { ...custom, name: 'Bad', elements: [{ field: 'password', x: 0, y: 0, w: 5, h: 5 }] }, { token: s.token });
    expect(badField.body.success).toBe(false);
    expect(JSON.stringify(badField.body)).toContain('elements');
    const noSize = await t.call(`${tpl}/createPrintTemplate`, { ...custom, name: 'No size', width: 0 }, { token: s.token });
    expect(noSize.body.success).toBe(false);
    expect(JSON.stringify(noSize.body)).toContain('width');
  });
});

describe('printing', () => {
  it('answers unmasked label data with the sender of the warehouse, and refuses orders without a number', async () => {
    const s = await seller();
    const wh = await createWarehouse(t, s.token);
    const template = (await t.call(`${tpl}/createPrintTemplate`, custom, { token: s.token })).body.data;
    const good = await reviewedWithNumber(s, 'ZTO1234567890', wh.id);
    const bare = await reviewedWithNumber(s, null);
    const res = await t.call('/myhome/print/getPrintInfo', { idList: [good.id, bare.id], templateId: template.id, batchSeq: 3 }, { token: s.token });
    expect(res.body.success).toBe(true);
    expect(res.body.data.successIds).toEqual([good.id]);
    // getPrintInfo answers the labels as voList and isError when an order of the chunk was refused.
    expect(res.body.data.isError).toBe(true);
    expect(res.body.data.voList).toHaveLength(1);
    expect(res.body.data.failures).toEqual([expect.objectContaining({ id: bare.id, errorCode: 'ERR_PRINT_NO_EXPRESS_NO' })]);
    const label = res.body.data.voList[0];
    expect(label).toMatchObject({ orderId: good.id, expressNo: 'ZTO1234567890', source: 'PRINT_SOURCE_SO_PRINT', page: 1, pages: 1 });
    expect(label.values).toMatchObject({ receiverName: '张三', receiverPhone: '13800138000', expressNo: 'ZTO1234567890' });
    expect(label.values.receiverAddress).toContain('文三路 1 号');
    expect(label.values.senderName).not.toBe('');
    const [row] = await t.database.db.select().from(erpOrders).where(eq(erpOrders.id, good.id));
    expect(row!.expressPrintTime).not.toBeNull();
    const [untouched] = await t.database.db.select().from(erpOrders).where(eq(erpOrders.id, bare.id));
    expect(untouched!.expressPrintTime).toBeNull();
  });

  it('records every print and reprint in the print log, and a copied order prints as its original', async () => {
    const s = await seller();
    const template = (await t.call(`${tpl}/getPrintTemplates`, {}, { token: s.token })).body.data.voList[0];
    const o = await reviewedWithNumber(s, 'ZTO000111');
    const first = await t.call('/myhome/print/getPrintInfo', { idList: [o.id], templateId: template.id }, { token: s.token });
    expect(first.body.data.voList[0].source).toBe('PRINT_SOURCE_ONE_PRINT');
    expect(first.body.data.isError).toBe(false);
    const again = await t.call('/myhome/print/getPrintInfo', { idList: [`${o.id}copy1`], templateId: template.id }, { token: s.token });
    expect(again.body.data.successIds).toEqual([o.id]);
    expect(again.body.data.voList[0].source).toBe('PRINT_SOURCE_REPRINT');
    const log = await t.call('/myhome/printLog/searchPageList', { keyword: 'ZTO000111' }, { token: s.token });
    expect(log.body.data.total).toBe(2);
    expect(log.body.data.voList.map((r: any) => r.source)).toEqual(['PRINT_SOURCE_REPRINT', 'PRINT_SOURCE_ONE_PRINT']);
    const reprints = await t.call('/myhome/printLog/searchPageList', { source: 'PRINT_SOURCE_REPRINT' }, { token: s.token });
    expect(reprints.body.data.total).toBe(1);
    const orderLogs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.entityId, String(o.id)), eq(operationLogs.action, 'reprint')));
    expect(orderLogs).toHaveLength(1);
  });

  it('refuses an order without a courier and one not reviewed', async () => {
    const s = await seller();
    const template = (await t.call(`${tpl}/getPrintTemplates`, {}, { token: s.token })).body.data.voList[0];
    const noCourier = await insertOrder(t, s.domainId, { storeId: s.storeId, statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressCompanyCode: null, lines: [{ skuId: null, qty: 1 }] });
    const pending = await insertOrder(t, s.domainId, { storeId: s.storeId, expressCompanyCode: 'ZTO', lines: [{ skuId: null, qty: 1 }] });
    const res = await t.call('/myhome/print/getPrintInfo', { idList: [noCourier.id, pending.id], templateId: template.id }, { token: s.token });
    expect(res.body.data.successIds).toEqual([]);
    expect(res.body.data.failures.map((f: any) => f.errorCode).sort()).toEqual(['ERR_PRINT_NO_COURIER', 'ERR_PRINT_STATUS']);
    expect(await t.database.db.select().from(printLogs).where(eq(printLogs.domainId, s.domainId))).toHaveLength(0);
  });

  it('splits an order over pages when its distinct goods exceed the goods per page', async () => {
    const s = await seller();
    const template = (await t.call(`${tpl}/createPrintTemplate`, { ...custom, name: 'Two a page', goodsPerPage: 2 }, { token: s.token })).body.data;
    const o = await insertOrder(t, s.domainId, { storeId: s.storeId, statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressCompanyCode: 'ZTO', lines: [{ skuId: null, qty: 1, tbSkuId: 'A' }, { skuId: null, qty: 1, tbSkuId: 'B' }, { skuId: null, qty: 1, tbSkuId: 'C' }] });
    await t.database.db.update(erpOrders).set({ expressNo: 'ZTO999' }).where(eq(erpOrders.id, o.id));
    const res = await t.call('/myhome/print/getPrintInfo', { idList: [o.id], templateId: template.id }, { token: s.token });
    expect(res.body.data.voList.map((l: any) => [l.page, l.pages])).toEqual([[1, 2], [2, 2]]);
  });
});

describe('printing across domains and permissions', () => {
  it('another domain can neither read, change, use nor see the print log of templates', async () => {
    const a = await seller();
    const b = await seller();
    const mine = (await t.call(`${tpl}/createPrintTemplate`, custom, { token: a.token })).body.data;
    const o = await reviewedWithNumber(a, 'ZTO777');
    await t.call('/myhome/print/getPrintInfo', { idList: [o.id], templateId: mine.id }, { token: a.token });
    expect((await t.call(`${tpl}/get`, { id: mine.id }, { token: b.token })).body.success).toBe(false);
    expect((await t.call(`${tpl}/createPrintTemplate`, { ...custom, id: mine.id, version: mine.version, name: 'Stolen' }, { token: b.token })).body.success).toBe(false);
    expect((await t.call(`${tpl}/deletePrintTemplate`, { idList: [mine.id] }, { token: b.token })).body.success).toBe(false);
    expect((await t.call(`${tpl}/getPrintTemplates`, { includeSystem: false }, { token: b.token })).body.data.total).toBe(0);
    const bTemplate = (await t.call(`${tpl}/getPrintTemplates`, {}, { token: b.token })).body.data.voList[0];
    const foreign = await t.call('/myhome/print/getPrintInfo', { idList: [o.id], templateId: bTemplate.id }, { token: b.token });
    expect(foreign.body.data.successIds).toEqual([]);
    expect((await t.call('/myhome/print/getPrintInfo', { idList: [o.id], templateId: mine.id }, { token: b.token })).body.success).toBe(false);
    expect((await t.call('/myhome/printLog/searchPageList', {}, { token: b.token })).body.data.total).toBe(0);
  });

  it('refuses template changes to a sub-account without the template menu, and printing without the order menu', async () => {
    const s = await seller();
    const picker = await signedInStaff(t, s.domainId, ['MENU_ERPSO']);
    const denied = await t.call(`${tpl}/createPrintTemplate`, custom, { token: picker });
    expect(denied.body.success).toBe(false);
    expect(denied.status).toBe(403);
    expect((await t.call(`${tpl}/getPrintTemplates`, { includeSystem: false }, { token: s.token })).body.data.total).toBe(0);
    const other = await signedInStaff(t, s.domainId, ['MENU_SKU']);
    const template = (await t.call(`${tpl}/getPrintTemplates`, {}, { token: s.token })).body.data.voList[0];
    const o = await reviewedWithNumber(s, 'ZTO888');
    expect((await t.call('/myhome/print/getPrintInfo', { idList: [o.id], templateId: template.id }, { token: other })).status).toBe(403);
  });
});
