// Issue 21's printing over HTTP: several packages per order, the insured value in cents, the
// goods number of PRINT_CONFIG, batch plans and the reprint rules, delivery slips, send templates,
// template links, the stores with their waybill accounts, the print-log export; each with its
// refusals and another domain's view.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { erpOrders, exportFiles, operationLogs, printTemplateLinks } from '../../../db/schema/index.js';

const t = await createTestApp();
const tpl = '/myhome/template';
const P = '/myhome/print';

async function seller() {
  const s = await signedInSeller(t);
  const store = await storeRow(t, s.domainId);
  return { ...s, storeId: store.id };
}

async function reviewed(s: { domainId: number; storeId: number }, courier: string, expressNo: string | null, lines: Array<{ tbSkuId: string; qty?: number; price?: string }> = [{ tbSkuId: 'A' }]) {
  const o = await insertOrder(t, s.domainId, {
    storeId: s.storeId,
    statusCode: 'CI_ERPSOH_STATUS_VERIFIED',
    expressCompanyCode: courier,
    receiver: { name: '张三', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 1 号' },
    lines: lines.map((l) => ({ skuId: null, qty: l.qty ?? 1, tbSkuId: l.tbSkuId, ...(l.price ? { price: l.price } : {}) })),
  } as never);
  if (expressNo) await t.database.db.update(erpOrders).set({ expressNo }).where(eq(erpOrders.id, o.id));
  return o;
}

const normalTemplate = async (token: string) => (await t.call(`${tpl}/getSysPrintTemplates`, {}, { token })).body.data.voList[0];

describe('several packages and the insured value', () => {
  it('prints numbered labels from firstDocumentNumber, with the start index firstDocumentNumber − 1', async () => {
    const s = await seller();
    const template = await normalTemplate(s.token);
    const o = await reviewed(s, 'SF', 'SF100200300');
    const res = await t.call(`${P}/getPrintInfo`, { idList: [o.id], templateId: template.id, packageCount: 4, firstDocumentNumber: 2 }, { token: s.token });
    expect(res.body.success).toBe(true);
    expect(res.body.data.startIndex).toBe(1);
    expect(res.body.data.voList.map((l: any) => [l.packageNo, l.packageCount, l.values.packageNo])).toEqual([
      [2, 4, '2/4'],
      [3, 4, '3/4'],
      [4, 4, '4/4'],
    ]);
  });

  it('refuses several packages on a carrier that does not take them, naming the carrier, and prints nothing for it', async () => {
    const s = await seller();
    const template = await normalTemplate(s.token);
    const freight = await reviewed(s, 'SFKY', 'SFKY1');
    const parcel = await reviewed(s, 'ZTO', 'ZTO1');
    const res = await t.call(`${P}/getPrintInfo`, { idList: [freight.id, parcel.id], templateId: template.id, packageCount: 2 }, { token: s.token, headers: { 'accept-language': 'zh' } });
    expect(res.body.data.isError).toBe(true);
    expect(res.body.data.successIds).toEqual([parcel.id]);
    expect(res.body.data.failures).toEqual([expect.objectContaining({ id: freight.id, errorCode: 'ERR_PRINT_MULTI_PACKAGE', params: expect.objectContaining({ expressCompanyCode: 'SFKY' }) })]);
    expect(res.body.data.failures[0].message).toContain('顺丰快运');
    const [row] = await t.database.db.select().from(erpOrders).where(eq(erpOrders.id, freight.id));
    expect(row!.expressPrintTime).toBeNull();
    // One package on the same carrier prints.
    const one = await t.call(`${P}/getPrintInfo`, { idList: [freight.id], templateId: template.id }, { token: s.token });
    expect(one.body.data.successIds).toEqual([freight.id]);
  });

  it('sends the insured value in cents, rounded half up', async () => {
    const s = await seller();
    const template = await normalTemplate(s.token);
    const o = await reviewed(s, 'ZTO', 'ZTO55');
    for (const [amount, cents] of [[99.99, 9999], ['12.5', 1250], [0.07, 7], ['1.005', 101]] as const) {
      const res = await t.call(`${P}/getPrintInfo`, { idList: [o.id], templateId: template.id, insuredAmount: amount }, { token: s.token });
      expect(res.body.data.voList[0].insuredValueCents).toBe(cents);
    }
    const none = await t.call(`${P}/getPrintInfo`, { idList: [o.id], templateId: template.id }, { token: s.token });
    expect(none.body.data.voList[0].insuredValueCents).toBeNull();
  });

  it('refuses a bad insured amount, a first package after the last and a package count of 0, naming the field and printing nothing', async () => {
    const s = await seller();
    const template = await normalTemplate(s.token);
    const o = await reviewed(s, 'ZTO', 'ZTO66');
    for (const [body, field] of [
      [{ insuredAmount: 'abc' }, 'insuredAmount'],
      [{ insuredAmount: -1 }, 'insuredAmount'],
      [{ packageCount: 2, firstDocumentNumber: 3 }, 'firstDocumentNumber'],
      [{ packageCount: 0 }, 'packageCount'],
    ] as const) {
      const res = await t.call(`${P}/getPrintInfo`, { idList: [o.id], templateId: template.id, ...body }, { token: s.token });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    const [row] = await t.database.db.select().from(erpOrders).where(eq(erpOrders.id, o.id));
    expect(row!.expressPrintTime).toBeNull();
  });
});

describe('PRINT_CONFIG and the goods number of a print page', () => {
  it('reads and saves the goods number through sysconfig, and splits the print pages by it', async () => {
    const s = await seller();
    const before = await t.call('/cloud/core/sysconfig/getConfigByCode', { code: 'PRINT_CONFIG' }, { token: s.token });
    expect(before.body.data).toEqual([expect.objectContaining({ itemCode: 'PRINT_GOODS_NUMBER', value: '0' })]);
    const saved = await t.call('/cloud/core/sysconfig/updatePrintConfig', { items: [{ itemCode: 'PRINT_GOODS_NUMBER', value: 2 }] }, { token: s.token });
    expect(saved.body.success).toBe(true);
    const after = await t.call('/cloud/core/sysconfig/getConfigByCode', { code: 'PRINT_CONFIG' }, { token: s.token });
    expect(after.body.data[0].value).toBe('2');
    const template = await normalTemplate(s.token);
    const o = await reviewed(s, 'ZTO', 'ZTO77', [{ tbSkuId: 'A' }, { tbSkuId: 'B' }, { tbSkuId: 'C' }, { tbSkuId: 'A', qty: 2 }]);
    const res = await t.call(`${P}/getPrintInfo`, { idList: [o.id], templateId: template.id }, { token: s.token });
    expect(res.body.data.voList.map((l: any) => [l.page, l.pages, l.lines.length])).toEqual([
      [1, 2, 2],
      [2, 2, 2],
    ]);
  });

  it('refuses a goods number out of bounds, naming the value, and keeps the old one', async () => {
    const s = await seller();
    const bad = await t.call('/cloud/core/sysconfig/updatePrintConfig', { items: [{ itemCode: 'PRINT_GOODS_NUMBER', value: 101 }] }, { token: s.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('items.0.value');
    const now = await t.call('/cloud/core/sysconfig/getConfigByCode', { code: 'PRINT_GOODS_NUMBER' }, { token: s.token });
    expect(now.body.data[0].value).toBe('0');
  });
});

describe('batch plans and the reprint rules', () => {
  it('plans chunks of 10, reverts copies, strips new-address fields and reports missing ids', async () => {
    const s = await seller();
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) ids.push((await reviewed(s, 'ZTO', `ZTO-B${i}`)).id);
    const other = await seller();
    const foreign = await reviewed(other, 'ZTO', 'ZTO-F');
    const voList = [{ id: `${ids[0]}copy1`, newReceiverAddress: 'elsewhere', newExpressNo: 'X1' }, ...ids.slice(1).map((id) => ({ id })), { id: foreign.id }];
    const res = await t.call(`${P}/getInfoForBatchSendPrint`, { voList, batchSeq: 2 }, { token: s.token });
    expect(res.body.success).toBe(true);
    expect(res.body.data.total).toBe(11);
    expect(res.body.data.chunks.map((c: any) => [c.indexSeq, c.batchSeq, c.idList.length])).toEqual([
      [0, 2, 10],
      [1, 2, 1],
    ]);
    expect(res.body.data.chunks[0].idList[0]).toBe(ids[0]);
    expect(res.body.data.missing).toEqual([foreign.id]);
    expect(res.body.data.strippedFields).toEqual(['newExpressNo', 'newReceiverAddress']);
    expect(res.body.data.reprint).toBe(false);
    expect(res.body.data.useMarketplaceApi).toBe(true);
  });

  it('turns the marketplace flag off for a reprint of one platform and one carrier, not for two carriers', async () => {
    const s = await seller();
    const template = await normalTemplate(s.token);
    const a = await reviewed(s, 'ZTO', 'ZTO-R1');
    const b = await reviewed(s, 'ZTO', 'ZTO-R2');
    const c = await reviewed(s, 'SF', 'SF-R3');
    await t.call(`${P}/getPrintInfo`, { idList: [a.id, b.id, c.id], templateId: template.id }, { token: s.token });
    const one = await t.call(`${P}/getInfoForBatchSendPrint`, { idList: [a.id, b.id] }, { token: s.token });
    expect(one.body.data).toMatchObject({ reprint: true, useMarketplaceApi: false });
    const two = await t.call(`${P}/getInfoForBatchSendPrint`, { idList: [a.id, c.id] }, { token: s.token });
    expect(two.body.data).toMatchObject({ reprint: true, useMarketplaceApi: true });
    const reprinted = await t.call(`${P}/getPrintInfo`, { idList: [a.id, b.id], templateId: template.id }, { token: s.token });
    expect(reprinted.body.data.useMarketplaceApi).toBe(false);
  });

  it('refuses a plan with no orders, naming idList', async () => {
    const s = await seller();
    const res = await t.call(`${P}/getInfoForBatchSendPrint`, { voList: [] }, { token: s.token });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('idList');
  });
});

describe('delivery slips and their templates', () => {
  it('prints delivery slips with prices on the system A5 slip, sets the send print time and logs it', async () => {
    const s = await seller();
    const o = await reviewed(s, 'ZTO', null, [{ tbSkuId: 'A', qty: 2, price: '12.50' }]);
    const pending = await insertOrder(t, s.domainId, { storeId: s.storeId, lines: [{ skuId: null, qty: 1 }] });
    const res = await t.call(`${P}/printSendSoH`, { idList: [o.id, pending.id] }, { token: s.token });
    expect(res.body.success).toBe(true);
    expect(res.body.data.template).toMatchObject({ systemKey: 'sendA5', kind: 'PACKING_LIST', width: 210, height: 148 });
    expect(res.body.data.successIds).toEqual([o.id]);
    expect(res.body.data.failures).toEqual([expect.objectContaining({ id: pending.id, errorCode: 'ERR_PRINT_SEND_STATUS' })]);
    expect(res.body.data.voList[0].lines[0]).toMatchObject({ qty: 2, price: expect.stringMatching(/^12\.5/) });
    // The slip goes in the parcel: the receiver's phone is masked.
    expect(res.body.data.voList[0].values.receiverPhone).not.toBe('13800138000');
    const [row] = await t.database.db.select().from(erpOrders).where(eq(erpOrders.id, o.id));
    expect(row!.sendPrintTime).not.toBeNull();
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.entityId, String(o.id)), eq(operationLogs.action, 'printSend')));
    expect(logs).toHaveLength(1);
  });

  it('makes, lists, changes and deletes send templates, refusing waybill templates and system slips', async () => {
    const s = await seller();
    const sys = await t.call(`${tpl}/getSysSendTemplates`, {}, { token: s.token });
    expect(sys.body.data.voList.map((r: any) => r.systemKey)).toEqual(['sendA5', 'send76']);
    const made = await t.call(`${tpl}/createSendBatchAsnTemplate`, { name: 'My slip', width: 210, height: 100, elements: [{ field: 'orderCode', x: 2, y: 2, w: 50, h: 6 }] }, { token: s.token });
    expect(made.body.data).toMatchObject({ kind: 'PACKING_LIST', system: false, name: 'My slip' });
    const mine = await t.call(`${tpl}/getUserSendTemplates`, {}, { token: s.token });
    expect(mine.body.data.voList.map((r: any) => r.name)).toEqual(['My slip']);
    const page = await t.call(`${tpl}/getSendTemplates`, { pageSize: 10 }, { token: s.token });
    expect(page.body.data.voList.map((r: any) => r.kind)).toEqual(['PACKING_LIST', 'PACKING_LIST', 'PACKING_LIST']);
    const changed = await t.call(`${tpl}/createSendBatchAsnTemplate`, { id: made.body.data.id, version: made.body.data.version, name: 'My slip 2', width: 210, height: 100 }, { token: s.token });
    expect(changed.body.data.name).toBe('My slip 2');
    // A slip template is used for slips; a waybill one is refused there and here.
    const o = await reviewed(s, 'ZTO', null);
    const printed = await t.call(`${P}/printSendSoH`, { idList: [o.id], templateId: made.body.data.id }, { token: s.token });
    expect(printed.body.data.template.id).toBe(made.body.data.id);
    const waybill = await normalTemplate(s.token);
    expect((await t.call(`${P}/printSendSoH`, { idList: [o.id], templateId: waybill.id }, { token: s.token })).body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_TEMPLATE_KIND' });
    expect((await t.call(`${tpl}/deleteSendTemplate`, { idList: [waybill.id] }, { token: s.token })).body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_TEMPLATE_KIND' });
    expect((await t.call(`${tpl}/deleteSendTemplate`, { idList: [sys.body.data.voList[0].id] }, { token: s.token })).body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_SYSTEM_TEMPLATE' });
    const removed = await t.call(`${tpl}/deleteSendTemplate`, { idList: [made.body.data.id] }, { token: s.token });
    expect(removed.body.data).toEqual({ removed: 1 });
    // The waybill calls still show only the five waybill system templates.
    expect((await t.call(`${tpl}/getSysPrintTemplates`, {}, { token: s.token })).body.data.voList).toHaveLength(5);
  });

  it('sets the preview template per account and kind', async () => {
    const s = await seller();
    const slip = (await t.call(`${tpl}/getSysSendTemplates`, {}, { token: s.token })).body.data.voList[1];
    const res = await t.call(`${tpl}/setPreviewPrintTemplate`, { id: slip.id }, { token: s.token });
    expect(res.body.data).toEqual({ id: slip.id, kind: 'PACKING_LIST', name: slip.name });
    expect((await t.call(`${tpl}/setPreviewPrintTemplate`, { id: 0 }, { token: s.token })).status).toBe(400);
  });
});

describe('template links, XML and the AKC calls', () => {
  it('gives a signed link to the courier default, serves its XML through the link only, and fills the XML with values', async () => {
    const s = await seller();
    const link = await t.call(`${tpl}/getTemplateUrlByCodeType`, { code: 'ZTO', type: 'cn' }, { token: s.token });
    expect(link.body.data.templateUrl).toMatch(/^\/erp\/CaiNiaoTemplate\/cn\/\d+\?token=/);
    const xml = await t.app.inject({ method: 'GET', url: link.body.data.templateUrl });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('xml');
    expect(xml.body).toContain('<layout');
    expect(xml.body).toContain('field="expressNo"');
    const forged = await t.app.inject({ method: 'GET', url: link.body.data.templateUrl.replace(/token=[^&]+/, `token=${s.domainId}-forged0000000`) });
    expect(forged.statusCode).toBe(403);
    const otherKind = await t.app.inject({ method: 'GET', url: link.body.data.templateUrl.replace('/cn/', '/pdd/') });
    expect(otherKind.statusCode).toBe(403);
    const filled = await t.app.inject({
      method: 'GET',
      url: `/erp/CaiNiaoTemplate/customTemplateXml?templateId=${link.body.data.templateId}&json=${encodeURIComponent(JSON.stringify({ receiverName: '李<四>' }))}`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(filled.statusCode).toBe(200);
    expect(filled.body).toContain('李&lt;四&gt;');
    const badJson = await t.call(`/erp/CaiNiaoTemplate/customTemplateXml?templateId=${link.body.data.templateId}&json=nope`, undefined, { token: s.token, method: 'GET' });
    expect(badJson.status).toBe(400);
    expect(JSON.stringify(badJson.body)).toContain('json');
  });

  it('refuses an unknown print type naming type, and another domain the template', async () => {
    const s = await seller();
    const bad = await t.call(`${tpl}/getTemplateUrlByCodeType`, { code: 'ZTO', type: 'xx' }, { token: s.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('type');
    const link = (await t.call(`${tpl}/getTemplateUrlByCodeType`, { code: 'ZTO' }, { token: s.token })).body.data;
    const b = await seller();
    const foreign = await t.call(`/erp/CaiNiaoTemplate/customTemplateXml?templateId=${link.templateId}`, undefined, { token: b.token, method: 'GET' });
    expect(foreign.status).toBe(404);
    const links = await t.database.db.select().from(printTemplateLinks).where(eq(printTemplateLinks.domainId, b.domainId));
    expect(links).toHaveLength(0);
  });

  it('lists Vipshop templates with their links', async () => {
    const s = await seller();
    const res = await t.call(`${tpl}/getVipPrintTemplates`, {}, { token: s.token });
    expect(res.body.data.voList).toHaveLength(5);
    expect(res.body.data.voList[0].templateUrl).toMatch(/^\/erp\/CaiNiaoTemplate\/vip\//);
  });

  it('says plainly that the AKC print service is not part of this build', async () => {
    const s = await seller();
    const o = await reviewed(s, 'ZTO', 'ZTO-AKC');
    const params = await t.call(`${P}/getAkcPrintParams`, { idList: [o.id] }, { token: s.token });
    expect(params.body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_PLATFORM_NOT_IN_BUILD' });
    const sync = await t.call(`${tpl}/syncAkcTrackPrintTemplate`, {}, { token: s.token });
    expect(sync.body).toMatchObject({ success: false, errorCode: 'ERR_PRINT_PLATFORM_NOT_IN_BUILD' });
  });
});

describe('stores with accounts, attachments and the print-log export', () => {
  it('lists each store with the waybill accounts of its platform, only of the caller domain', async () => {
    const s = await seller();
    const res = await t.call('/myhome/etrackaccount/findAllStoreWithAccount', {}, { token: s.token });
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((r: any) => r.storeId)).toContain(s.storeId);
    const b = await seller();
    const theirs = await t.call('/myhome/etrackaccount/findAllStoreWithAccount', {}, { token: b.token });
    expect(theirs.body.data.map((r: any) => r.storeId)).not.toContain(s.storeId);
  });

  it('exports the print log to the download centre, and refuses an account without the log or order menu', async () => {
    const s = await seller();
    const template = await normalTemplate(s.token);
    const o = await reviewed(s, 'ZTO', 'ZTO-EXP');
    await t.call(`${P}/getPrintInfo`, { idList: [o.id], templateId: template.id }, { token: s.token });
    const res = await t.call('/cloud/core/printLog/export', { keyword: 'ZTO-EXP' }, { token: s.token });
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ type: 'PRINT_LOG' });
    let row;
    for (let i = 0; i < 50; i++) {
      [row] = await t.database.db.select().from(exportFiles).where(eq(exportFiles.id, res.body.data.id));
      if (row!.processStatus === 'SUCCESS' || row!.processStatus === 'FAILURE') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row!.processStatus).toBe('SUCCESS');
    expect(row!.rowCount).toBe(1);
    const other = await signedInStaff(t, s.domainId, ['MENU_SKU', 'MENU_DATA_DOWNLOAD']);
    expect((await t.call('/cloud/core/printLog/export', {}, { token: other })).status).toBe(403);
  });

  it('serves a file of the domain by id to its session token only', async () => {
    const s = await seller();
    const file = await t.app.services.files.save({ domainId: s.domainId, useType: 'EXPORT', originalName: 'label.pdf', extension: 'pdf', data: Buffer.from('%PDF-1.4 test') });
    const ok = await t.app.inject({ method: 'GET', url: `/erp/pub/attachment/${file.id}?access_token=${encodeURIComponent(s.token)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('%PDF');
    const b = await seller();
    const foreign = await t.app.inject({ method: 'GET', url: `/erp/pub/attachment/${file.id}?access_token=${encodeURIComponent(b.token)}` });
    expect(foreign.statusCode).toBe(404);
    const noToken = await t.app.inject({ method: 'GET', url: `/erp/pub/attachment/${file.id}` });
    expect(noToken.statusCode).toBe(400);
  });
});
