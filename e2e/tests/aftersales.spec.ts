// The after-sale journey, as a seller of its own meets it: a sandbox store's order pulled, reviewed,
// given a waybill number and shipped (set up through the API, with its own goods, warehouse and
// store); on /afterSale/createAfterSaleOrder the order is found by its code and a refund-only
// document is made for one piece by hand; on /afterSale the refund is agreed and then finished,
// and the document's states change in the list. An exchange made there with its replacement
// shipping now shows the replacement order in the list.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `AS-E2E-${run}`;
const storeName = `After-sales shop ${run}`;
const COURIER = 'STO';

const seller = await newSeller();
const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `AS${run}`, name: `After-sales WH ${run}`, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'AS-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E after-sales kettle', price: '59' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 20, price: '20', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E after-sales kettle (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, COURIER);
await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: COURIER, name: `STO sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

type OrderRow = { id: number; code: string };
const ordersOf = async (activeKey: string) => (await api.call<{ voList: OrderRow[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey, storeIdList: [store.id], currentPage: 1, pageSize: 50 })).voList;
await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 1 });
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
const ids = (await ordersOf('1')).map((o) => o.id);
const done = (what: string, r: { successIds: number[]; failures: unknown[] }) => {
  if (r.failures.length || r.successIds.length !== ids.length || !ids.length) throw new Error(`${what}: ${JSON.stringify(r)}`);
};
done('review', await api.call('/myhome/erpsoh/verify', { idList: ids }));
done('waybill number', await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: ids }));
done('ship', await api.call('/myhome/sendsoh/sendErpSoHList', { idList: ids }));
const shipped = (await ordersOf('4'))[0];
if (!shipped) throw new Error('the order did not ship');

describe('after-sales: a refund made by hand from a shipped order, agreed and finished', () => {
  it('creates the document from the order’s line and walks its refund to refunded', async () => {
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open('/afterSale/createAfterSaleOrder');
    await page.getByPlaceholder('Order code or platform order no.').fill(shipped.code);
    await page.getByRole('button', { name: 'Find order' }).click();
    await page.getByText(`Order ${shipped.code}`, { exact: false }).waitFor();
    await page.getByRole('radio', { name: 'Refund only' }).check();
    await page.getByRole('spinbutton', { name: `Quantity of ${code}` }).fill('1');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Lid cracked');
    await b.screenshot('aftersales-create');
    await page.getByRole('button', { name: 'Create after-sale' }).click();
    await page.waitForURL(/#\/afterSale(\?.*)?$/);

    const row = page.getByRole('row').filter({ hasText: shipped.code });
    await expect.poll(() => cell(row, 'Document state')).toBe('To process');
    expect(await cell(row, 'Refund state')).toBe('To review');
    expect(await cell(row, 'Type')).toBe('Refund only');
    expect(await cell(row, 'Refund')).toBe('29.9000');
    expect(await cell(row, 'Reason')).toBe('Lid cracked');
    await b.screenshot('aftersales-list');

    await row.getByRole('button', { name: 'Agree refund' }).click();
    await expect.poll(() => cell(row, 'Refund state')).toBe('Awaiting refund');
    expect(await cell(row, 'Document state')).toBe('Processing');
    await row.getByRole('button', { name: 'Refund finished' }).click();
    await expect.poll(() => cell(row, 'Refund state')).toBe('Refunded');
    expect(await cell(row, 'Document state')).toBe('Completed');
    expect(await row.getByRole('button', { name: 'Agree refund' }).count()).toBe(0);
    await b.screenshot('aftersales-refunded');
  });

  it('makes an exchange whose replacement ships now: the list shows the replacement order and no difference to settle', async () => {
    await b.open('/afterSale/createAfterSaleOrder');
    await page.getByPlaceholder('Order code or platform order no.').fill(shipped.code);
    await page.getByRole('button', { name: 'Find order' }).click();
    await page.getByText(`Order ${shipped.code}`, { exact: false }).waitFor();
    await page.getByRole('radio', { name: 'Exchange' }).check();
    await page.getByRole('spinbutton', { name: `Quantity of ${code}` }).fill('1');
    await chooseOption(page, page.getByRole('combobox', { name: 'Replacement order' }), 'Replacement now');
    await b.screenshot('aftersales-exchange-create');
    await page.getByRole('button', { name: 'Create after-sale' }).click();
    await page.waitForURL(/#\/afterSale(\?.*)?$/);

    const row = page.getByRole('row').filter({ hasText: shipped.code }).filter({ hasText: 'Exchange' });
    await expect.poll(() => cell(row, 'Replacement order')).toMatch(/No difference/);
    const replacement = (await cell(row, 'Replacement order')).split('\n')[0]!.trim();
    expect(replacement).toMatch(/\d{6,}/);
    expect(await cell(row, 'Document state')).toBe('Processing');
    expect(await row.getByRole('button', { name: 'Replacement now' }).count()).toBe(0);
    await b.screenshot('aftersales-exchange-list');
    // The replacement is an order of the store, found by its code.
    const orders = await api.call<{ voList: { code: string }[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '6', storeIdList: [store.id], currentPage: 1, pageSize: 50 });
    expect(orders.voList.map((o) => o.code)).toContain(replacement);
  });

  it('opens a document’s detail with its timeline, lists the finished refund in the archive, and shows the return reasons report', async () => {
    await b.open('/afterSale');
    const row = page.getByRole('row').filter({ hasText: shipped.code }).filter({ hasText: 'Exchange' });
    await row.locator('a').first().click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Timeline' });
    await drawer.waitFor();
    await drawer.getByText('Replacement order', { exact: true }).first().waitFor();
    await expect.poll(() => drawer.locator('li').filter({ hasText: 'Document state: To process → Processing' }).count()).toBeGreaterThan(0);
    await settled(page);
    await b.screenshot('aftersales-detail-timeline');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Archive' }).click();
    const archived = page.getByRole('row').filter({ hasText: shipped.code }).filter({ hasText: 'Refund only' });
    await expect.poll(() => cell(archived, 'Document state')).toBe('Completed');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Exchange' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Return reasons' }).click();
    const skuRow = page.getByRole('row').filter({ hasText: code });
    await expect.poll(() => cell(skuRow, 'Returned')).toBe('1');
    expect(await cell(skuRow, 'Return rate')).toMatch(/%$/);
    await settled(page);
    await b.screenshot('aftersales-return-reasons');
    await page.getByText('By reason').click();
    await page.getByRole('row').filter({ hasText: '(no reason given)' }).waitFor();
    await b.screenshot('aftersales-return-reasons-by-reason');
  });
});
