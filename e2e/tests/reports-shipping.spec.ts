// The shipping reports journey (issue 16 part B), for a seller of its own: sandbox orders pulled,
// reviewed, four of them given waybill numbers and shipped with STO, two left open (set up through
// the API). On /reports tab 5 the day's parcels show with the bar chart and open their orders; tab 6
// shows STO's parcels, its share and the pie, and is exported; tab 7 lists the open orders' SKU
// against stock. A picker without the report menu gets the 403 page.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `RS-E2E-${run}`;
const storeName = `Report shop ${run}`;
const COURIER = 'STO';

const seller = await newSeller();
const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `RS${run}`, name: `Report WH ${run}`, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'RS-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E report teapot', price: '39' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 40, price: '12', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E report teapot (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, COURIER);
await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: COURIER, name: `STO sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

type OrderRow = { id: number; code: string };
const ordersOf = async (activeKey: string) => (await api.call<{ voList: OrderRow[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey, storeIdList: [store.id], currentPage: 1, pageSize: 50 })).voList;
await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 6 });
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
const all = (await ordersOf('1')).map((o) => o.id);
if (all.length !== 6) throw new Error(`expected 6 orders to review, got ${all.length}`);
const ship = all.slice(0, 4);
const check = (what: string, r: { successIds: number[]; failures: unknown[] }, ids: number[]) => {
  if (r.failures.length || r.successIds.length !== ids.length) throw new Error(`${what}: ${JSON.stringify(r)}`);
};
check('review', await api.call('/myhome/erpsoh/verify', { idList: all }), all);
check('waybill number', await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: ship }), ship);
check('ship', await api.call('/myhome/sendsoh/sendErpSoHList', { idList: ship }), ship);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const picker = await seller.subAccount({ name: 'Picker', menus: ['MENU_ERPSO', 'MENU_INV'] });

describe('shipping reports: by order, by express, to-ship SKU', () => {
  it('shows the parcels shipped today by day, and opens the orders behind the figure', async () => {
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open('/reports?activeKey=5');
    const row = page.getByRole('row').filter({ hasText: today });
    await expect.poll(() => cell(row, 'Parcels')).toBe('4');
    const api5 = await api.call<{ totals: { qty: number; weight: string } }>('/cloud/core/deliveryState/search', { startDate: today, endDate: today });
    expect(await cell(row, 'Pieces')).toBe(String(api5.totals.qty));
    await page.getByRole('img', { name: 'Parcels' }).waitFor();
    await settled(page);
    await b.screenshot('reports-shipping-by-order');
    await row.getByRole('button', { name: `Show the parcels of ${today}` }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(`Parcels: ${today}`).waitFor();
    await expect.poll(() => drawer.getByRole('row').filter({ hasText: /STO Express/ }).count()).toBe(4);
    await settled(page);
    await b.screenshot('reports-shipping-drill');
    await page.keyboard.press('Escape');
  });

  it("shows each courier's parcels and share with the stacked bars and the pie, and exports them", async () => {
    await b.open('/reports?activeKey=6');
    const row = page.getByRole('row').filter({ hasText: today }).filter({ hasText: 'STO' });
    await expect.poll(() => cell(row, 'Parcels')).toBe('4');
    expect(await cell(row, 'Share')).toBe('100.00%');
    await page.getByRole('img', { name: 'Courier share' }).waitFor();
    await page.getByRole('img', { name: 'Parcels per day by courier' }).waitFor();
    await settled(page);
    await b.screenshot('reports-shipping-by-express');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByText('The export is being made: find it in the download centre.').waitFor();
  });

  it('lists the open orders’ SKU against stock on hand, with the orders behind the quantity', async () => {
    await b.open('/reports?activeKey=7');
    const row = page.getByRole('row').filter({ hasText: code });
    const sums = await api.call<{ toShipQty: number; openOrders: number }>('/cloud/core/shipSku/sumAll', {});
    expect(sums.openOrders).toBe(2);
    await expect.poll(() => cell(row, 'To ship')).toBe(String(sums.toShipQty));
    expect(await cell(row, 'Shortfall')).toBe('0');
    await settled(page);
    await b.screenshot('reports-shipping-to-ship');
    await row.getByRole('button', { name: `Open orders needing ${code}` }).click();
    await page.getByText(`These add up to ${sums.toShipQty}.`).waitFor();
    await settled(page);
    await b.screenshot('reports-shipping-to-ship-orders');
  });

  it('gives a picker without the report menu the 403 page', async () => {
    await b.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await b.signIn(picker.username, picker.password);
    await page.getByText('Welcome back, Picker').waitFor();
    await b.open('/reports?activeKey=5');
    await page.getByText('You have no permission for this page!').waitFor();
  });
});
