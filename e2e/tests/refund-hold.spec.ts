// A refund holds an unshipped order, as a seller of its own meets it (issue 14 must-have 4): two
// reviewed orders of a sandbox store wait in the print tab; in the store's sandbox console the
// buyer of one asks for a refund; after the next pull the order shows the refund hold, and taking
// its waybill number is refused with the reason, while the other order gets its number. The
// other buyer then asks for a refund after the label was taken: tab 5 lists its intercept task,
// which the seller releases, and the order can go. The warehouse, the goods with stock, the
// express rule, the carrier account and the authorized store with its item mapped are set up
// through the API; the rest is the UI.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `RH-${run}`;
const storeName = `RH shop ${run}`;
const api = seller.api;

const wh = await api.call<{ id: number }>('/myhome/warehouse/create', {
  code: `RH${run}`,
  name: `RH WH ${run}`,
  type: 'SELF_WAREHOUSE',
  contact: 'Li Lei',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  street: '文三路 1 号',
});
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'R-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E refund mug', price: '29.9' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 50, price: '12', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E refund mug (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, 'JDKD');
await api.call('/myhome/etrackaccount/create', { printCode: 'jd', expressCompanyCode: 'JDKD', name: `JD sandbox ${run}`, sandbox: true, isDefault: true, customerCode: 'C-E2E', monthlyAccount: 'M-E2E' });
const { orderNos } = await api.call<{ orderNos: string[] }>('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 2 });
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
const pending = await api.call<{ voList: { id: number; code: string; platformNos: string[] }[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '1', storeIdList: [store.id], currentPage: 1, pageSize: 10 });
const reviewed = await api.call<{ successIds: number[] }>('/myhome/erpsoh/verify', { idList: pending.voList.map((o) => o.id) });
if (reviewed.successIds.length !== 2) throw new Error(`the two orders were not reviewed: ${JSON.stringify(reviewed)}`);
const refunded = pending.voList.find((o) => o.platformNos.includes(orderNos[0]!))!;
const other = pending.voList.find((o) => o.platformNos.includes(orderNos[1]!))!;

async function openTab(activeKey: string, extra = '') {
  await b.open(`/order?activeKey=${activeKey}&storeIds=${store.id}${extra}`);
  await page.reload();
  await settled(page);
}
const rowOf = (orderCode: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderCode });

describe('refund holds: a buyer’s refund stops printing, an intercept after printing', () => {
  it('the buyer asks for a refund of an unshipped order in the sandbox console', async () => {
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open('/config/storemanagement');
    const storeRow = page.getByRole('row').filter({ hasText: storeName });
    await storeRow.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Sandbox console' }).click();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('row').filter({ hasText: orderNos[0]! }).first().getByRole('button', { name: 'Buyer asks for a refund' }).click();
    await page.getByRole('row').filter({ hasText: `RF${orderNos[0]}-1` }).getByText('WAIT_SELLER_AGREE').waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('after the pull the order is held and its waybill number is refused with the reason', async () => {
    await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    await openTab('2');
    const held = rowOf(refunded.code);
    await held.getByText('Refund hold', { exact: true }).first().waitFor();
    await expect.poll(() => rowOf(other.code).getByText('Refund hold', { exact: true }).count()).toBe(0);
    await held.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Get waybill numbers' }).click();
    await page.getByText(`Order ${refunded.code} has a refund request: it cannot be printed or shipped`).waitFor();
    await b.screenshot('refund-hold-refused');
    const row = await api.call<{ expressNo: string | null; haveRefund: boolean }>('/myhome/erpsoh/getErpSoH', { id: refunded.id });
    expect(row).toMatchObject({ expressNo: null, haveRefund: true });
    // The order's detail says why it is held.
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await settled(page);
    await held.getByText(refunded.code, { exact: true }).click();
    await page.getByRole('dialog').getByText('This order has a refund request', { exact: false }).waitFor();
    await settled(page);
    await b.screenshot('refund-hold-detail');
    await page.keyboard.press('Escape');
  });

  it('a refund after the waybill was taken opens an intercept task in tab 5, which the seller releases', async () => {
    const taken = await api.call<{ successIds: number[] }>('/myhome/print/eTrackGetNoAndPrint', { idList: [other.id] });
    expect(taken.successIds).toEqual([other.id]);
    await api.call('/cloud/sandbox/console/createRefund', { storeId: store.id, orderNo: orderNos[1], reason: 'changed my mind' });
    await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    await openTab('5', '&type=intercepted');
    const task = page.getByRole('row').filter({ hasText: `RF${orderNos[1]}-1` });
    await task.getByText('To intercept').waitFor();
    await b.screenshot('refund-hold-intercept-task');
    await task.getByRole('button', { name: 'Release' }).click();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByText('1 intercept tasks handled').waitFor();
    const row = await api.call<{ haveRefund: boolean; intercepted: boolean }>('/myhome/erpsoh/getErpSoH', { id: other.id });
    expect(row).toMatchObject({ haveRefund: false, intercepted: false });
  });
});
