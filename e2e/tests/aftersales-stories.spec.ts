// The three after-sales stories of issue 14 ("Done when"), one seller of its own, each through the
// pages a seller uses (the store's sandbox console plays the buyers):
// 1. a buyer asks for a refund of an unshipped order: after the pull the order is held, and taking
//    its waybill number is refused with the reason;
// 2. another returns a shipped parcel of two units: the seller agrees the return, the buyer sends
//    the parcel, the seller scans its tracking number on the return-inbound page and books one unit
//    good and one defective; the stock page shows the good unit back at the sellable location and
//    the defective one at the non-sellable location; the seller finishes the refund, the write-back
//    is sent and the platform's state reads SUCCESS;
// 3. a third exchanges a size: the seller ships the replacement now; the replacement order is
//    reviewed, given its waybill number and shipped.
// The warehouse, goods with stock, the authorized store with its item mapped, the courier, and the
// shipping of the two parcels before the stories are set up through the API; the pulls are the
// store's order pull (the scheduled job's work), called through the API.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule, until } from '../fixtures';

const b = await launchBrowser();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `ASJ-${run}`;
const storeName = `Stories shop ${run}`;
const whName = `Stories WH ${run}`;
const COURIER = 'STO';

const seller = await newSeller();
const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `SJ${run}`, name: whName, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'SJ-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E stories T-shirt', price: '49' });
const skuId = goods.skus[0]!.id;
const PURCHASED = 40;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: PURCHASED, price: '20', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E stories T-shirt (online)', outerSkuIds: [code], quantity: 200 });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, COURIER);
await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: COURIER, name: `STO sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

// Buyers order: one order to refund, one of exactly two units to return (one comes back good, one
// defective), one to exchange. The sandbox's buyers choose 1–3 units; orders are placed until one
// has two.
type ShopOrder = { orderNo: string; lines: { qty: number }[] };
const placed: ShopOrder[] = [];
for (let i = 0; i < 30 && (placed.length < 3 || !placed.some((o) => o.lines[0]!.qty === 2)); i++) {
  await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 1 });
  placed.splice(0, placed.length, ...(await api.call<{ voList: ShopOrder[] }>('/cloud/sandbox/console/orders', { storeId: store.id, currentPage: 1, pageSize: 50 })).voList);
}
const returned = placed.find((o) => o.lines[0]!.qty === 2);
if (!returned) throw new Error(`no buyer ordered two units: ${JSON.stringify(placed)}`);
const [refunded, exchanged] = placed.filter((o) => o !== returned);
const units = (o: ShopOrder) => o.lines.reduce((sum, l) => sum + l.qty, 0);

type OrderRow = { id: number; code: string; platformNos: string[] };
const ordersOf = async (activeKey: string) =>
  (await api.call<{ voList: OrderRow[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey, storeIdList: [store.id], currentPage: 1, pageSize: 50 })).voList;
await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
const pulled = await ordersOf('1');
const orderOf = (o: ShopOrder) => {
  const found = pulled.find((p) => p.platformNos.includes(o.orderNo));
  if (!found) throw new Error(`the order ${o.orderNo} was not pulled: ${JSON.stringify(pulled)}`);
  return found;
};
const [toRefund, toReturn, toExchange] = [orderOf(refunded!), orderOf(returned), orderOf(exchanged!)];
const all = [toRefund.id, toReturn.id, toExchange.id];
const done = (what: string, r: { successIds: number[]; failures: unknown[] }, ids: number[]) => {
  if (r.failures.length || r.successIds.length !== ids.length) throw new Error(`${what}: ${JSON.stringify(r)}`);
};
done('review', await api.call('/myhome/erpsoh/verify', { idList: all }), all);
const shipping = [toReturn.id, toExchange.id];
done('waybill number', await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: shipping }), shipping);
done('ship', await api.call('/myhome/sendsoh/sendErpSoHList', { idList: shipping }), shipping);
// The marketplace has the two parcels as shipped (the shipping feedback).
await until(
  () => api.call<{ voList: { orderNo: string; status: string }[] }>('/cloud/sandbox/console/orders', { storeId: store.id, currentPage: 1, pageSize: 50 }),
  (r) => [returned.orderNo, exchanged!.orderNo].every((no) => r.voList.find((o) => o.orderNo === no)?.status === 'WAIT_BUYER_CONFIRM_GOODS'),
  'the shipping feedback of the two parcels',
);

const pull = () => api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });

/** The store's sandbox console, opened from the store list as the seller opens it, on its orders. */
async function openConsole() {
  await b.open('/config/storemanagement');
  await page.getByRole('row').filter({ hasText: storeName }).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Sandbox console' }).click();
  await page.getByRole('tab', { name: 'Orders' }).click();
}
const closeConsole = () => page.getByRole('button', { name: 'Close', exact: true }).click();
const buyerAsks = async (orderNo: string, action: string) => {
  await openConsole();
  await page.getByRole('row').filter({ hasText: orderNo }).first().getByRole('button', { name: action }).click();
  await page.getByRole('row').filter({ hasText: `RF${orderNo}-1` }).getByText('WAIT_SELLER_AGREE').waitFor();
};

const afterSaleRow = (type: string) => page.getByRole('row').filter({ hasText: storeName }).filter({ hasText: type });
/** Reads the after-sale list again until `column` of the document shows `value` (a background job's outcome). */
async function reloadUntil(type: string, column: string, value: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return cell(afterSaleRow(type), column);
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(value);
}

describe('after-sales: the three stories of issue 14', () => {
  it('story 1: a refund of an unshipped order holds it, and its waybill is refused', async () => {
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await buyerAsks(refunded!.orderNo, 'Buyer asks for a refund');
    await closeConsole();
    await pull();

    await b.open(`/order?activeKey=2&storeIds=${store.id}`);
    await settled(page);
    const held = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: toRefund.code });
    await held.getByText('Refund hold', { exact: true }).first().waitFor();
    await held.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Get waybill numbers' }).click();
    await page.getByText(`Order ${toRefund.code} has a refund request: it cannot be printed or shipped`).waitFor();
    await b.screenshot('stories-1-refund-held');
    expect(await api.call('/myhome/erpsoh/getErpSoH', { id: toRefund.id })).toMatchObject({ expressNo: null, haveRefund: true });
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await settled(page);
  });

  let tracking = '';
  it('story 2: the return is agreed, the buyer sends the parcel and it is scanned in: one good, one defective', async () => {
    await buyerAsks(returned.orderNo, 'Buyer asks for a return');
    await closeConsole();
    await pull();

    await b.open('/afterSale');
    const row = afterSaleRow('Return and refund');
    await expect.poll(() => cell(row, 'Platform state'), { timeout: 15_000 }).toBe('WAIT_SELLER_AGREE');
    await row.getByRole('button', { name: 'Agree return' }).click();
    const where = page.getByRole('dialog', { name: 'Where do the goods come back to?' });
    if (await where.isVisible().catch(() => false)) {
      await where.getByRole('combobox').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: whName }).click();
      await where.getByRole('button', { name: 'Agree return' }).click();
    }
    await expect.poll(() => cell(row, 'Receipt state')).toBe('Awaiting receipt');
    await reloadUntil('Return and refund', 'Write-back', 'Sent');

    // The buyer posts the parcel back; the next pull brings its tracking number.
    await openConsole();
    const request = page.getByRole('row').filter({ hasText: `RF${returned.orderNo}-1` });
    await request.getByText('WAIT_BUYER_RETURN_GOODS').waitFor();
    await request.getByRole('button', { name: 'Buyer sends the goods back' }).click();
    await request.getByText('WAIT_SELLER_CONFIRM_GOODS').waitFor();
    await closeConsole();
    const refunds = await api.call<{ voList: { refundId: string; buyerExpressNo: string | null }[] }>('/cloud/sandbox/console/refunds', { storeId: store.id, currentPage: 1, pageSize: 10 });
    tracking = refunds.voList.find((r) => r.refundId === `RF${returned.orderNo}-1`)!.buyerExpressNo!;
    expect(tracking).toBeTruthy();
    await pull();

    // At the return desk the parcel's tracking number is scanned: its return opens to be received.
    await b.open('/order/aftersalesmanagement?status=CI_RMA_STATUS_CREATED');
    await page.getByPlaceholder('Scan the return tracking number, order code or return code').fill(tracking);
    await page.getByRole('button', { name: 'Find' }).click();
    const dialog = page.getByRole('dialog', { name: /^Receive return / });
    await dialog.waitFor();
    const rmaCode = (await dialog.getByText(/^Receive return /).first().innerText()).replace('Receive return ', '').trim();
    await settled(page);
    const inputs = dialog.getByRole('row').filter({ hasText: code }).getByRole('spinbutton');
    await inputs.nth(0).fill('1');
    await inputs.nth(1).fill('1');
    await b.screenshot('stories-2-receive');
    await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await b.open('/order/aftersalesmanagement');
    const rma = page.getByRole('row').filter({ hasText: rmaCode });
    await expect.poll(() => cell(rma, 'Status')).toBe('Completed');
    expect(await cell(rma, 'Received')).toBe('2/2 (good 1, defective 1)');
  }, 180_000);

  it('story 2: the stock page shows the good unit back for sale and the defective one at the non-sellable location', async () => {
    await b.open('/stocks?activeKey=1');
    await page.getByRole('textbox', { name: 'Keywords' }).fill(code);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: whName }).filter({ hasText: code });
    await expect.poll(() => cell(row, 'On hand')).toBe(String(PURCHASED - units(returned) - units(exchanged!) + 2));
    await row.locator('.ant-table-row-expand-icon').click();
    const balances = page.locator('.ant-table-expanded-row');
    const good = balances.getByRole('row').filter({ hasText: 'SJ-01' });
    const defective = balances.getByRole('row').filter({ hasText: 'RMA-DEFECTIVE' });
    expect(await cell(good, 'On hand')).toBe(String(PURCHASED - units(returned) - units(exchanged!) + 1));
    expect(await cell(good, 'Location')).toBe('SJ-01');
    expect(await cell(defective, 'On hand')).toBe('1');
    expect(await cell(defective, 'Location')).toMatch(/^RMA-DEFECTIVE\s*Not sellable$/);
    await settled(page);
    await b.screenshot('stories-2-stock');
  });

  it('story 2: the refund is finished and the platform sees it: write-back sent, platform state SUCCESS', async () => {
    await b.open('/afterSale');
    const row = afterSaleRow('Return and refund');
    await row.getByRole('button', { name: 'Sync' }).click();
    await expect.poll(() => cell(row, 'Receipt state')).toBe('Received');
    await row.getByRole('button', { name: 'Agree refund' }).click();
    await expect.poll(() => cell(row, 'Refund state')).toBe('Awaiting refund');
    await row.getByRole('button', { name: 'Refund finished' }).click();
    await expect.poll(() => cell(row, 'Refund state')).toBe('Refunded');
    expect(await cell(row, 'Document state')).toBe('Completed');
    await reloadUntil('Return and refund', 'Write-back', 'Sent');
    await pull();
    await reloadUntil('Return and refund', 'Platform state', 'SUCCESS');
    expect(await cell(afterSaleRow('Return and refund'), 'Return tracking no.')).toBe(tracking);
    await b.screenshot('stories-2-refunded');
    // The document's detail shows the whole story: its states and the timeline.
    await afterSaleRow('Return and refund').locator('a').first().click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Timeline' });
    await drawer.getByText('SUCCESS', { exact: true }).first().waitFor();
    await settled(page);
    await b.screenshot('stories-2-refunded-detail');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('story 3: an exchange ships its replacement: the order is made, reviewed, given its waybill and shipped', async () => {
    await buyerAsks(exchanged!.orderNo, 'Buyer asks for an exchange');
    await closeConsole();
    await pull();

    await b.open('/afterSale');
    const row = afterSaleRow('Exchange');
    await expect.poll(() => cell(row, 'Platform state'), { timeout: 15_000 }).toBe('WAIT_SELLER_AGREE');
    await row.getByRole('button', { name: 'Replacement now' }).click();
    await expect.poll(() => cell(row, 'Replacement order')).toMatch(/\d{6,}/);
    const replacement = /\d{6,}/.exec(await cell(row, 'Replacement order'))![0];

    const orderRow = () => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: replacement });
    await b.open(`/order?activeKey=1&storeIds=${store.id}`);
    await settled(page);
    await orderRow().locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await page.getByText('Review: 1 order done').waitFor();

    await b.open(`/order?activeKey=2&storeIds=${store.id}`);
    await settled(page);
    await orderRow().locator('.ant-checkbox-input').check();
    const take = page.getByRole('button', { name: 'Get waybill numbers' });
    await expect.poll(() => take.isEnabled()).toBe(true);
    await take.click();
    await page.getByText('Waybill number ready for 1 order').waitFor();
    await expect.poll(async () => /STO \w+/.test(await orderRow().innerText()), { timeout: 15_000 }).toBe(true);
    // The result dialog, when the waybill step shows one (a click on a close button that is not
    // there would wait for it half a minute).
    const closeResult = page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last();
    if (await closeResult.isVisible()) await closeResult.click();
    await orderRow().locator('.ant-checkbox-input').check();
    const ship = page.getByRole('button', { name: 'Ship', exact: true });
    await expect.poll(() => ship.isEnabled()).toBe(true);
    await ship.click();
    await page.getByText('Ship: 1 order done').waitFor();

    await b.open(`/order?activeKey=4&storeIds=${store.id}`);
    await settled(page);
    await orderRow().waitFor();
    await b.screenshot('stories-3-replacement-shipped');
    const shipped = (await ordersOf('4')).find((o) => o.code === replacement);
    expect(shipped).toBeTruthy();
  }, 120_000);
});
