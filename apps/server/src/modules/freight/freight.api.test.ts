// Freight templates, courier bill reconciliation and third-party warehouse express setup, over HTTP on a fresh database.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { createWarehouse, signedInSeller, signedInStaff, storeRow, type SignedInSeller } from '../../../test/factories/warehouses.js';

const t = await createTestApp();
const FT = '/cloud/core/freightTemplate';
const ER = '/cloud/core/expressReconciliation';

const zhejiang = { province: '浙江省', city: null, firstWeight: 1000, firstFee: 800, additionalWeight: 1000, additionalFee: 200 };
const hangzhou = { province: '浙江省', city: '杭州市', firstWeight: 1000, firstFee: 600, additionalWeight: 500, additionalFee: 100 };
const template = (over: Record<string, unknown> = {}) => ({ name: `ZTO ${Math.random().toString(36).slice(2, 8)}`, expressCompanyCode: 'ZTO', deliveryMethod: 1, areas: [zhejiang, hangzhou], ...over });

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('bill');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A shipped parcel: an order sent at `at` with the waybill number and the goods' weight (kg). */
async function shipParcel(seller: SignedInSeller, storeId: number, expressNo: string, kg: string, at: Date, city = '杭州市', weighed?: string) {
  const order = await insertOrder(t, seller.domainId, { storeId, expressCompanyCode: 'ZTO', statusCode: 'CI_ERPSOH_STATUS_SEND', receiver: { province: '浙江省', city }, lines: [] });
  await t.database.db.execute(sql`update erp_orders set express_no = ${expressNo}, delivery_time = ${at.toISOString()}::timestamptz, weight_total = ${kg}
    where domain_id = ${seller.domainId} and id = ${order.id}`);
  if (weighed)
    await t.database.db.execute(sql`insert into erp_order_check_records (domain_id, order_id, mode, weight) values (${seller.domainId}, ${order.id}, 'WEIGH', ${weighed})`);
  return order;
}

async function importBill(token: string, reconciliationId: number, rows: (string | number)[][]) {
  const get = (id: number) => t.call('/cloud/core/import/get', { id }, { token });
  const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'bill.xlsx', data: await xlsx(rows) }, { kind: 'EXPRESS_BILL', options: JSON.stringify({ reconciliationId }) }, { token });
  expect(started.body.success, started.body.message).toBe(true);
  const parsed = await t.waitFor(() => get(started.body.data.id), (a) => a.body.data.status !== 'PARSING');
  if (parsed.body.data.status !== 'PARSED') return parsed.body.data;
  await t.call('/cloud/core/import/confirm', { id: started.body.data.id, options: {} }, { token });
  return (await t.waitFor(() => get(started.body.data.id), (a) => ['DONE', 'FAILED'].includes(a.body.data.status))).body.data;
}

const billTemplate = { name: '中通账单', expressCompanyCode: 'ZTO', waybillNoColumn: '运单号', weightColumn: '结算重量(kg)', feeColumn: '运费(元)', timeColumn: '发件日期', weightUnit: 'KG', feeUnit: 'YUAN', weightTolerance: 100, feeTolerance: 50 };

describe('freight templates', () => {
  it('creates a template, checks overlapping areas of one carrier and refuses them', async () => {
    const seller = await signedInSeller(t);
    const created = await t.call(`${FT}/create`, template(), { token: seller.token });
    expect(created.body.success, created.body.message).toBe(true);
    expect(created.body.data).toMatchObject({ expressCompanyCode: 'ZTO', deliveryMethod: 1, enabled: true, versionNo: 1 });
    const check = await t.call(`${FT}/check`, template({ areas: [hangzhou] }), { token: seller.token });
    expect(check.body.data.ok).toBe(false);
    expect(check.body.data.problems[0]).toMatchObject({ field: 'areas[0]', code: 'ERR_FREIGHT_AREA_OVERLAP' });
    const refused = await t.call(`${FT}/create`, template({ areas: [hangzhou] }), { token: seller.token });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_FREIGHT_AREA_OVERLAP' });
    // Another carrier may price the same place.
    expect((await t.call(`${FT}/create`, template({ expressCompanyCode: 'STO', areas: [hangzhou] }), { token: seller.token })).body.success).toBe(true);
    const twice = await t.call(`${FT}/check`, template({ expressCompanyCode: 'YTO', areas: [zhejiang, zhejiang] }), { token: seller.token });
    expect(twice.body.data.problems).toEqual([expect.objectContaining({ field: 'areas[1]' })]);
    expect((await t.call(`${FT}/search`, { expressCompanyCode: 'ZTO' }, { token: seller.token })).body.data.total).toBe(1);
  });

  it('refuses bad input naming the field, never a 500', async () => {
    const seller = await signedInSeller(t);
    for (const [body, field] of [
      [template({ deliveryMethod: 3 }), 'deliveryMethod'],
      [template({ expressCompanyCode: 'NOPE' }), 'expressCompanyCode'],
      [template({ areas: [{ ...zhejiang, firstFee: 1.5 }] }), 'areas.0.firstFee'],
      [template({ areas: [{ ...zhejiang, additionalWeight: 0 }] }), 'areas.0.additionalWeight'],
      [template({ areas: [] }), 'areas'],
    ] as const) {
      const answer = await t.call(`${FT}/create`, body, { token: seller.token });
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.success).toBe(false);
      expect(JSON.stringify(answer.body.fields ?? answer.body.message)).toContain(field.split('.')[0]);
    }
  });

  it('prices each parcel by the version active when it shipped, from the weighed weight or the goods weight', async () => {
    const seller = await signedInSeller(t);
    const store = await storeRow(t, seller.domainId);
    const created = (await t.call(`${FT}/create`, template(), { token: seller.token })).body.data;
    await new Promise((r) => setTimeout(r, 20));
    const before = new Date();
    await shipParcel(seller, store.id, 'ZT-OLD-1', '2.300', before);
    await new Promise((r) => setTimeout(r, 20));
    const updated = await t.call(`${FT}/update`, { ...template({ name: created.name }), id: created.id, version: created.version, areas: [{ ...hangzhou, firstFee: 900 }] }, { token: seller.token });
    expect(updated.body.data.versionNo).toBe(2);
    await new Promise((r) => setTimeout(r, 20));
    await shipParcel(seller, store.id, 'ZT-NEW-1', '0.500', new Date(), '杭州市', '1.200');
    await shipParcel(seller, store.id, 'ZT-NEW-2', '0.500', new Date(), '宁波市');
    const costs = (await t.call(`${FT}/parcelCosts`, { expressCompanyCode: 'ZTO' }, { token: seller.token })).body.data.voList;
    const byNo = Object.fromEntries(costs.map((c: any) => [c.expressNo, c]));
    // Version 1, Hangzhou: 600 + 3 started 500 g steps above 1 kg × 100.
    expect(byNo['ZT-OLD-1']).toMatchObject({ fee: 900, templateVersionNo: 1, weighed: false, weight: '2.300' });
    // Version 2, Hangzhou, weighed 1.2 kg: 900 + 1 step × 100.
    expect(byNo['ZT-NEW-1']).toMatchObject({ fee: 1000, templateVersionNo: 2, weighed: true, weight: '1.200' });
    // Version 2 has no Zhejiang-wide row: Ningbo has no price.
    expect(byNo['ZT-NEW-2']).toMatchObject({ fee: null });
    const disabled = await t.call(`${FT}/enable`, { id: created.id, version: updated.body.data.version, enabled: false }, { token: seller.token });
    expect(disabled.body.data).toMatchObject({ enabled: false, versionNo: 3 });
    const again = (await t.call(`${FT}/parcelCosts`, { expressNo: 'ZT-OLD-1' }, { token: seller.token })).body.data.voList[0];
    expect(again.fee).toBe(900);
    expect((await t.call(`${FT}/delete`, { idList: [created.id] }, { token: seller.token })).body.data).toEqual({ deleted: 1 });
    expect((await t.call(`${FT}/parcelCosts`, { expressNo: 'ZT-OLD-1' }, { token: seller.token })).body.data.voList[0].fee).toBe(900);
  });
});

describe('express reconciliation', () => {
  it('matches a bill line with the last weighing of its parcel and the city price before its province, in one set-based statement', async () => {
    const seller = await signedInSeller(t);
    const store = await storeRow(t, seller.domainId);
    await t.call(`${FT}/create`, template({ areas: [zhejiang, hangzhou] }), { token: seller.token });
    const at = new Date();
    // Hangzhou: goods 1.0 kg, weighed 1.2 kg then 2.3 kg (the last counts): 6.00 + ceil(1300 / 500) × 1.00 = 9.00.
    const weighed = await shipParcel(seller, store.id, 'ZT300', '1.000', at, '杭州市', '1.200');
    await t.database.db.execute(sql`insert into erp_order_check_records (domain_id, order_id, mode, weight) values (${seller.domainId}, ${weighed.id}, 'WEIGH', '2.300')`);
    // Ningbo has no city row: the province's 8.00 + ceil(500 / 1000) × 2.00 = 10.00.
    await shipParcel(seller, store.id, 'ZT301', '1.500', at, '宁波市');
    const bill = (await t.call(`${ER}/create`, billTemplate, { token: seller.token })).body.data;
    const rows = [['运单号', '结算重量(kg)', '运费(元)', '发件日期'], ['ZT300', '2.3', '9', '2026-11-03'], ['ZT301', '1.5', '13', '2026-11-03']];
    expect((await importBill(seller.token, bill.id, rows)).result).toMatchObject({ imported: 2, matched: 2, failures: 1 });
    const lines = (await t.call(`${ER}/billLines`, { pageSize: 50 }, { token: seller.token })).body.data.voList;
    const byNo = Object.fromEntries(lines.map((l: any) => [l.expressNo, l]));
    expect(byNo.ZT300).toMatchObject({ status: 'SUCCESS', overWeight: 0, templateFee: 900, overCharge: 0, flags: [] });
    expect(byNo.ZT301).toMatchObject({ status: 'FAILURE', overWeight: 0, templateFee: 1000, overCharge: 300, flags: ['OVER_CHARGE'] });
  });

  it('imports a courier bill, flags over-weight and over-charge, lists unmatched lines, and a second import changes nothing', async () => {
    const seller = await signedInSeller(t);
    const store = await storeRow(t, seller.domainId);
    await t.call(`${FT}/create`, template({ areas: [hangzhou] }), { token: seller.token });
    const at = new Date();
    await shipParcel(seller, store.id, 'ZT100', '1.000', at);
    await shipParcel(seller, store.id, 'ZT101', '1.000', at);
    await shipParcel(seller, store.id, 'ZT102', '1.400', at);
    const bill = (await t.call(`${ER}/create`, billTemplate, { token: seller.token })).body.data;
    expect(bill).toMatchObject({ expressCompanyCode: 'ZTO', enabled: true });
    const header = ['运单号', '结算重量(kg)', '运费(元)', '发件日期'];
    const rows = [header, ['ZT100', '1.05', '6.2', '2026-11-03'], ['ZT101', '3', '12', '2026-11-03'], ['ZT102', '1.4', '9.5', '2026-11-04'], ['ZT999', '1', '6', '2026-11-04']];
    const done = await importBill(seller.token, bill.id, rows);
    expect(done.status).toBe('DONE');
    expect(done.result).toMatchObject({ imported: 4, matched: 3, unmatched: 1, failures: 2 });
    const lines = (await t.call(`${ER}/billLines`, { pageSize: 50 }, { token: seller.token })).body.data.voList;
    const byNo = Object.fromEntries(lines.map((l: any) => [l.expressNo, l]));
    expect(byNo.ZT100).toMatchObject({ status: 'SUCCESS', templateFee: 600, billedFee: 620, flags: [] });
    expect(byNo.ZT101).toMatchObject({ status: 'FAILURE', overWeight: 2000, templateFee: 600, overCharge: 600, flags: ['OVER_WEIGHT', 'OVER_CHARGE'] });
    expect(byNo.ZT102).toMatchObject({ status: 'FAILURE', overWeight: 0, templateFee: 700, overCharge: 250, flags: ['OVER_CHARGE'] });
    expect(byNo.ZT999).toMatchObject({ status: 'NONE', orderId: null, flags: ['UNMATCHED'] });
    const flagged = await t.call(`${ER}/billLines`, { flag: 'OVER_CHARGE' }, { token: seller.token });
    expect(flagged.body.data.total).toBe(2);
    const summary = (await t.call(`${ER}/billSummary`, { month: '2026-11' }, { token: seller.token })).body.data;
    expect(summary).toEqual([{ month: '2026-11', expressCompanyCode: 'ZTO', lines: 4, unmatched: 1, failures: 2, billedTotal: 620 + 1200 + 950 + 600, overChargeTotal: 850 }]);
    const twice = await importBill(seller.token, bill.id, rows);
    expect(twice.result).toMatchObject({ imported: 0, existing: 4 });
    expect((await t.call(`${ER}/billLines`, {}, { token: seller.token })).body.data.total).toBe(4);
  });

  it('reports every bad line at once and loads nothing', async () => {
    const seller = await signedInSeller(t);
    const bill = (await t.call(`${ER}/create`, billTemplate, { token: seller.token })).body.data;
    const task = await importBill(seller.token, bill.id, [
      ['运单号', '结算重量(kg)', '运费(元)', '发件日期'],
      ['ZT1', 'abc', '6', '2026-11-03'],
      ['ZT2', '1', '6.123', '2026-11-03'],
      ['ZT3', '1', '6', '2026-13-45'],
      ['ZT5', '1', '6', '2026-11-03'],
      ['ZT5', '1', '6', '2026-11-03'],
    ]);
    expect(task.status).toBe('INVALID');
    expect(task.errors.map((e: any) => [e.row, e.field])).toEqual([
      [2, 'weight'],
      [3, 'fee'],
      [4, 'billTime'],
      [6, 'expressNo'],
    ]);
    expect((await t.call(`${ER}/billLines`, {}, { token: seller.token })).body.data.total).toBe(0);
    const missing = await importBill(seller.token, bill.id, [['Waybill', 'kg'], ['ZT1', '1']]);
    expect(missing.status).toBe('FAILED');
  });

  it('keeps one bill template per carrier and refuses a disabled one for imports', async () => {
    const seller = await signedInSeller(t);
    const bill = (await t.call(`${ER}/create`, billTemplate, { token: seller.token })).body.data;
    expect((await t.call(`${ER}/create`, billTemplate, { token: seller.token })).body.errorCode).toBe('ERR_EXPRESS_RECONCILIATION_CARRIER_TAKEN');
    const check = await t.call(`${ER}/check`, { ...billTemplate, expressCompanyCode: 'STO', feeColumn: '运单号' }, { token: seller.token });
    expect(check.body.data.problems).toEqual([expect.objectContaining({ field: 'feeColumn' })]);
    const off = await t.call(`${ER}/enable`, { id: bill.id, version: bill.version, enabled: false }, { token: seller.token });
    expect(off.body.data.enabled).toBe(false);
    const task = await importBill(seller.token, bill.id, [['运单号', '结算重量(kg)', '运费(元)'], ['ZT1', '1', '6']]);
    expect(task.status).toBe('FAILED');
    expect(task.messageCode).toBe('ERR_EXPRESS_RECONCILIATION_DISABLED');
    const stale = await t.call(`${ER}/update`, { ...billTemplate, id: bill.id, version: bill.version }, { token: seller.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await t.call(`${ER}/delete`, { idList: [bill.id] }, { token: seller.token })).body.data).toEqual({ deleted: 1 });
  });
});

describe('third-party warehouse express setup', () => {
  it('sets the carriers of a WMS warehouse and refuses the seller’s own warehouse', async () => {
    const seller = await signedInSeller(t);
    const own = await createWarehouse(t, seller.token);
    const wms = await createWarehouse(t, seller.token, { type: 'WMS_WAREHOUSE', externalCode: 'W1', ownerCode: 'O1' });
    expect(wms.id, JSON.stringify(wms)).toBeTruthy();
    const saved = await t.call('/cloud/core/whExpress/save', { warehouseId: wms.id, entries: [{ expressCompanyCode: 'ZTO', isDefault: true }, { expressCompanyCode: 'SF' }] }, { token: seller.token });
    expect(saved.body.success, saved.body.message).toBe(true);
    expect(saved.body.data.entries.map((e: any) => [e.expressCompanyCode, e.isDefault])).toEqual([
      ['ZTO', true],
      ['SF', false],
    ]);
    const list = (await t.call('/cloud/core/whExpress/search', {}, { token: seller.token })).body.data;
    expect(list.map((w: any) => w.warehouseId)).toEqual([wms.id]);
    expect((await t.call('/cloud/core/whExpress/save', { warehouseId: own.id, entries: [] }, { token: seller.token })).body.errorCode).toBe('ERR_WH_EXPRESS_NOT_THIRD_PARTY');
    const twoDefaults = await t.call('/cloud/core/whExpress/save', { warehouseId: wms.id, entries: [{ expressCompanyCode: 'ZTO', isDefault: true }, { expressCompanyCode: 'SF', isDefault: true }] }, { token: seller.token });
    expect(twoDefaults.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
  });
});

describe('permissions and domains', () => {
  it('refuses a sub-account without the menu, and another domain cannot read or change the rows', async () => {
    const seller = await signedInSeller(t);
    const created = (await t.call(`${FT}/create`, template(), { token: seller.token })).body.data;
    const bill = (await t.call(`${ER}/create`, billTemplate, { token: seller.token })).body.data;
    const clerk = await signedInStaff(t, seller.domainId, ['MENU_ERPSO']);
    expect((await t.call(`${FT}/search`, {}, { token: clerk })).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await t.call(`${ER}/search`, {}, { token: clerk })).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await t.call('/cloud/core/whExpress/search', {}, { token: clerk })).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    const other = await signedInSeller(t);
    expect((await t.call(`${FT}/search`, {}, { token: other.token })).body.data.total).toBe(0);
    expect((await t.call(`${FT}/update`, { ...template(), id: created.id, version: created.version }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${FT}/delete`, { idList: [created.id] }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${ER}/enable`, { id: bill.id, version: bill.version, enabled: false }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    const task = await importBill(other.token, bill.id, [['运单号', '结算重量(kg)', '运费(元)'], ['ZT1', '1', '6']]);
    expect(task.status).toBe('FAILED');
    expect((await t.call(`${ER}/billLines`, {}, { token: other.token })).body.data.total).toBe(0);
    // The other domain's own template for the same carrier does not clash with the first.
    expect((await t.call(`${FT}/create`, template(), { token: other.token })).body.success).toBe(true);
  });
});
