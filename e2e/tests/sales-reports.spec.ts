// The sales reports, as a seller of its own meets them: a sandbox store's orders pulled, reviewed,
// given waybill numbers and shipped (set up through the API, with its own goods bought at a known
// cost); the aggregates rebuilt; on /reports the home tab shows today's figures, the trend and the
// best sellers; sales by order drills into the day's orders with the same totals; sales by SKU
// shows the cost and gross profit; the analysis tab draws its four charts; an export of sales by
// SKU reaches the download centre; a picker without the report menu gets the 403 page.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule, until } from '../fixtures';

const b = await launchBrowser();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `RP-E2E-${run}`;
const storeName = `Reports shop ${run}`;
const COURIER = 'STO';

const seller = await newSeller();
const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `RP${run}`, name: `Reports WH ${run}`, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'RP-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E report teapot', price: '59' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 50, price: '20', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E report teapot (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, COURIER);
await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: COURIER, name: `STO sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

type OrderRow = { id: number; code: string };
const ordersOf = async (activeKey: string) => (await api.call<{ voList: OrderRow[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey, storeIdList: [store.id], currentPage: 1, pageSize: 50 })).voList;
await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 3 });
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
const ids = await until(async () => (await ordersOf('1')).map((o) => o.id), (x) => x.length === 3, 'three pulled orders');
await api.call('/myhome/erpsoh/verify', { idList: ids });
await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: ids });
await api.call('/myhome/sendsoh/sendErpSoHList', { idList: ids });
// The job brings the figures up within a minute; the main account's rebuild does it now.
await api.call('/cloud/core/reportSales/rebuild');
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
const expected = await api.call<{ voList: { netAmount: string; qty: number; cost?: string; orderCount: number }[]; totals: { netAmount: string; qty: number; orderCount: number } }>(
  '/cloud/core/spuSale/searchPageList',
  { startDate: today, endDate: today },
);

describe('sales reports: a seller’s day of sales, from the charts to the orders', () => {
  it('shows today’s figures, the trend and the best sellers on the home tab', async () => {
    expect(expected.totals.orderCount).toBe(3);
    expect(expected.voList[0]!.cost).toBeDefined();
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open('/reports?activeKey=1');
    await page.getByRole('img', { name: 'Sales trend' }).waitFor();
    await page.getByRole('img', { name: 'Best-selling SKUs (top 10)' }).waitFor();
    const todayCard = page.locator('.ant-card-small').filter({ hasText: `Today ${today}` });
    await expect.poll(() => todayCard.locator('.ant-statistic').filter({ hasText: 'Orders' }).locator('.ant-statistic-content').innerText()).toBe('3');
    await settled(page);
    await b.screenshot('reports-home');
  });

  it('drills from a day’s sales by order to the orders that make it, with the same totals', async () => {
    await page.getByRole('tab', { name: 'Sales by order' }).click();
    const row = page.getByRole('row').filter({ hasText: today }).filter({ hasText: storeName });
    await row.waitFor();
    expect(await cell(row, 'Orders')).toBe('3');
    const net = await cell(row, 'Net sales');
    await settled(page);
    await b.screenshot('reports-by-order');
    await row.click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Details:' });
    await drawer.waitFor();
    await expect.poll(() => drawer.locator('.ant-tag').filter({ hasText: /^Sale$/ }).count()).toBe(3);
    const totals = drawer.locator('.ant-table-summary');
    await expect.poll(() => totals.innerText()).toContain(net);
    await settled(page);
    await b.screenshot('reports-drill');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // Its rows (one per order line) are gone once it has slid out.
    await expect.poll(() => page.getByRole('row').filter({ hasText: code }).count()).toBe(0);
  });

  it('shows sales by SKU with cost and gross profit, and exports it to the download centre', async () => {
    await page.getByRole('tab', { name: 'Sales by SKU' }).click();
    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    expect(await cell(row, 'Units sold')).toBe(String(expected.voList[0]!.qty));
    expect(await cell(row, 'Cost of goods sold')).toBe(`¥${Number(expected.voList[0]!.cost).toFixed(4)}`);
    await settled(page);
    await b.screenshot('reports-by-sku');
    await page.getByRole('button', { name: 'Export' }).first().click();
    await page.getByText('The export has started', { exact: false }).waitFor();
    await until(
      async () => (await api.call<{ voList: { title: string; processStatus: string }[] }>('/cloud/core/exportFile/searchPageList', { currentPage: 1, pageSize: 10 })).voList,
      (files) => files.some((f) => f.title === 'Sales by SKU' && f.processStatus === 'SUCCESS'),
      'the sales-by-SKU export',
    );
  });

  it('narrows sales by SKU to the goods chosen in the picker', async () => {
    await page.getByRole('button', { name: 'Goods' }).click();
    const picker = page.getByRole('dialog').filter({ hasText: 'Report on these SKUs only' });
    await picker.getByLabel('Search by code, name, specifications or bar code').fill(code);
    await picker.getByLabel('Search by code, name, specifications or bar code').press('Enter');
    await picker.getByRole('row').filter({ hasText: code }).getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Choose 1' }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '1 SKUs' }).waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
    expect(await cell(page.getByRole('row').filter({ hasText: code }), 'Units sold')).toBe(String(expected.voList[0]!.qty));
    await page.getByRole('button', { name: 'Clear the goods filter' }).click();
    await page.getByRole('button', { name: 'Goods' }).waitFor();
  });

  it('draws the analysis by platform, store, hour and province', async () => {
    await page.getByRole('tab', { name: 'Sales analysis' }).click();
    for (const name of ['By platform', 'By store', 'By hour of day', 'By province']) await page.getByRole('img', { name }).waitFor();
    await page.getByRole('row').filter({ hasText: '100.00%' }).first().waitFor();
    await settled(page);
    await b.screenshot('reports-analysis');
  });

  it('counts the days in the time zone chosen on the business rules page', async () => {
    await b.open('/config/configuration');
    const zone = page.getByRole('combobox', { name: 'Shop day time zone' });
    await zone.waitFor();
    await chooseOption(page, zone, 'UTC');
    await page.locator('form').filter({ has: zone }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    await settled(page);
    await b.screenshot('reports-time-zone-setting');
    await b.open('/reports?activeKey=1');
    await page.getByText("Days are the shop's days (UTC)", { exact: false }).waitFor();
  });

  it('shows a picker without the report menu the 403 page', async () => {
    const picker = await seller.subAccount({ name: 'Picker', menus: ['MENU_ERPSO'] });
    await b.signIn(picker.username, picker.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open('/reports');
    await page.getByText('You have no permission for this page!').waitFor();
    await b.screenshot('reports-picker-403');
  });
});
