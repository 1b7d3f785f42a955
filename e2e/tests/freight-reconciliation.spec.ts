// The freight journey (issue 19 must-haves 3–4), for a seller of its own: a freight template for
// STO made on /config/freightTemplate covering the provinces of two sandbox orders; the two orders
// shipped with STO (through the API); a bill template for STO and the courier's bill imported on
// /config/expressReconciliation, where both parcels are billed above the template price and a third
// line matches no parcel; the month's over-charge shows per courier and the bill lines page flags
// the two parcels.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { chooseOption, launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `FR-E2E-${run}`;
const storeName = `Freight shop ${run}`;
const COURIER = 'STO';

const seller = await newSeller();
const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `FR${run}`, name: `Freight WH ${run}`, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'FR-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E freight teapot', price: '39' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 40, price: '12', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E freight teapot (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, COURIER);
await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: COURIER, name: `STO sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

type OrderRow = { id: number; code: string; receiverProvince: string | null };
await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 2 });
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
const orders = (await api.call<{ voList: OrderRow[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '1', storeIdList: [store.id], currentPage: 1, pageSize: 50 })).voList;
if (orders.length !== 2) throw new Error(`expected 2 orders to review, got ${orders.length}`);
const provinces = [...new Set(orders.map((o) => o.receiverProvince ?? ''))];
const ids = orders.map((o) => o.id);

async function courierBill(lines: (string | number)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('账单');
  sheet.addRow(['运单号', '结算重量', '运费']);
  for (const line of lines) sheet.addRow(line);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-bill-')), 'sto-bill.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('freight templates and courier bill reconciliation', () => {
  it('makes a freight template for the carrier, checked for overlapping areas', async () => {
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open('/config/freightTemplate');
    await page.getByText('No freight templates yet').waitFor();
    await page.getByRole('button', { name: 'New freight template' }).click();
    await page.getByLabel('Name').fill(`STO road ${run}`);
    await chooseOption(page, page.getByLabel('Express company'), 'STO');
    for (let i = 1; i < provinces.length; i++) await page.getByRole('button', { name: 'Add area' }).click();
    const provinceInputs = page.getByLabel('Province', { exact: true });
    for (const [i, province] of provinces.entries()) {
      // The region cascader, searched by the province's name; the province alone is the whole province.
      await provinceInputs.nth(i).fill(province);
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item').filter({ hasText: new RegExp(`^${province}$`) }).click();
      await page.getByLabel('First weight fee').nth(i).fill('5');
      await page.getByLabel('Additional fee').nth(i).fill('2');
    }
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('No overlapping areas').waitFor();
    await settled(page);
    await b.screenshot('freight-template-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row').filter({ hasText: `STO road ${run}` }).waitFor();
    await settled(page);
    await b.screenshot('freight-template-list');
  });

  it('imports the courier bill and flags the two over-charged parcels', async () => {
    const check = (what: string, r: { successIds: number[]; failures: unknown[] }) => {
      if (r.failures.length || r.successIds.length !== ids.length) throw new Error(`${what}: ${JSON.stringify(r)}`);
    };
    check('review', await api.call('/myhome/erpsoh/verify', { idList: ids }));
    check('waybill number', await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: ids }));
    check('ship', await api.call('/myhome/sendsoh/sendErpSoHList', { idList: ids }));
    const parcels = (await api.call<{ voList: { expressNo: string; fee: number | null }[] }>('/cloud/core/freightTemplate/parcelCosts', { expressCompanyCode: COURIER })).voList;
    expect(parcels).toHaveLength(2);
    for (const p of parcels) expect(p.fee).not.toBeNull();

    await b.open('/config/expressReconciliation');
    await page.getByText('No bill templates yet').waitFor();
    await page.getByRole('button', { name: 'New bill template' }).first().click();
    const modal = page.getByRole('dialog', { name: 'New bill template' });
    await settled(page);
    await modal.getByLabel('Name').fill('STO monthly bill');
    await chooseOption(page, modal.getByLabel('Express company'), 'STO');
    await modal.getByLabel('Waybill number column').fill('运单号');
    await modal.getByLabel('Billed weight column').fill('结算重量');
    await modal.getByLabel('Fee column').fill('运费');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row').filter({ hasText: 'STO monthly bill' }).waitFor();

    await page.getByRole('button', { name: 'Import courier bill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import courier bill' });
    await settled(page);
    const billed = parcels.map((p) => [p.expressNo, '0.5', ((p.fee! + 400) / 100).toFixed(2)]);
    await dialog.locator('input[type=file]').setInputFiles(await courierBill([...billed, [`NOPE${run}`, '1', '6']]));
    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    await dialog.getByText('3 new lines').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
    await dialog.getByText(/3 lines imported .* 2 matched, 1 with no parcel, 2 with a discrepancy/).waitFor({ timeout: 60_000 });
    await settled(page);
    await b.screenshot('express-bill-imported');
    await page.keyboard.press('Escape');
    const row = page.getByRole('row').filter({ hasText: 'STO' }).filter({ hasText: /¥\s?8\.00/ });
    await row.waitFor();
    await settled(page);
    await b.screenshot('express-reconciliation-summary');

    await row.getByRole('button', { name: '2' }).click();
    await page.getByText('Courier bill lines').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Over-charged' }).count()).toBe(2);
    await settled(page);
    await b.screenshot('express-bill-lines-flagged');
  });
});
