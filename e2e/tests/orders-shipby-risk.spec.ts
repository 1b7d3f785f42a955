// Ship-by times and risk control from the marketplace (issue 21): buyers order in a sandbox store,
// one order already past its latest ship time and one held by the marketplace's risk control.
// Pulled in, the first shows 'Already timed out' in the list and its detail; the second is
// refused at review until the marketplace releases it, and is reviewed after the next pull.
// The warehouse, goods with stock, the mapped store and its express rule come from the API.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `SBY-${run}`;
const storeName = `Ship-by shop ${run}`;

const api = seller.api;
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', {
  code: `SW${run}`,
  name: `Ship-by WH ${run}`,
  type: 'SELF_WAREHOUSE',
  contact: 'Li Lei',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  street: '文三路 1 号',
});
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'S-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E ship-by mug', price: '29.9' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 30, price: '12', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E ship-by mug (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, 'JDKD');

const late = (await api.call<{ orderNos: string[] }>('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 1, shipByHours: -3 })).orderNos[0]!;
const held = (await api.call<{ orderNos: string[] }>('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 1 })).orderNos[0]!;
await api.call('/cloud/sandbox/console/riskControlOrder', { storeId: store.id, orderNo: held });
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
const codeOf = async (platformNo: string) =>
  (await api.call<{ voList: { code: string }[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '6', codeKeywords: platformNo, currentPage: 1, pageSize: 10 })).voList[0]!.code;
const lateCode = await codeOf(late);
const heldCode = await codeOf(held);

async function openToReview() {
  await b.open(`/order?activeKey=1&storeIds=${store.id}`);
  await page.reload();
  await settled(page);
}
const rowOf = (orderCode: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderCode });

describe('orders: ship-by times and risk control from the marketplace', () => {
  it('shows the order past its latest ship time as already timed out, in the list and its detail', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await openToReview();
    await rowOf(lateCode).waitFor();
    expect(await cell(rowOf(lateCode), 'Ship deadline')).toBe('Already timed out');
    // The other one has two days left: no warning yet (the default warns 24 hours before).
    expect(await cell(rowOf(heldCode), 'Ship deadline')).toBe('-');
    await expect.poll(() => rowOf(heldCode).innerText()).toContain('Risk controlled');
    await b.screenshot('orders-shipby-list');
    await rowOf(lateCode).getByText(lateCode).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `Order ${lateCode}` });
    await drawer.getByText('Already timed out').waitFor();
    await b.screenshot('orders-shipby-detail');
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await drawer.waitFor({ state: 'hidden' });
  }, 120_000);

  it('refuses to review the risk-controlled order, saying why', async () => {
    await rowOf(heldCode).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await page.getByText('Review: 1 order refused').waitFor();
    await page.getByText(`The order ${heldCode} is under risk control; release it before review`).waitFor();
    await b.screenshot('orders-shipby-risk-refused');
    await page.keyboard.press('Escape');
  }, 90_000);

  it('reviews it once the marketplace released it and the next pull brought the release', async () => {
    await api.call('/cloud/sandbox/console/releaseRiskControl', { storeId: store.id, orderNo: held });
    await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    await openToReview();
    await rowOf(heldCode).waitFor();
    await expect.poll(() => rowOf(heldCode).innerText()).not.toContain('Risk controlled');
    await rowOf(heldCode).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await page.getByText('Review: 1 order done').waitFor();
    await expect.poll(() => rowOf(heldCode).count(), { timeout: 15_000 }).toBe(0);
  }, 90_000);
});
