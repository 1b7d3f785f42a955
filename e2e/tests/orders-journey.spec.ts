// The orders journey, as a new seller meets it: buyers order in a sandbox marketplace store, the
// seller pulls the orders in, finds them pending review with the warehouse and courier chosen by
// the rules, reviews them and finds them in the print tab; two orders of one buyer are merged and
// an order with too little stock is split into what can ship and what cannot. The warehouse, the
// goods with stock, the express rule and the authorized store with its item mapped are set up
// through the API; the rest is the UI.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, sandboxStoreWithItem, settled, storeExpressRule, until } from '../fixtures';

// The core journey runs with the animations most people see (the others run with reduced motion).
const b = await launchBrowser({ motion: true });
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `ORD-${run}`;
const scarceCode = `ORS-${run}`;
const warehouseName = `Orders WH ${run}`;
const storeName = `Orders shop ${run}`;

const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `OW${run}`, name: warehouseName, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'O-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E order mug', price: '29.9' });
const scarce = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code: scarceCode, name: 'E2E scarce vase', price: '99' });
const skuId = goods.skus[0]!.id;
const scarceSkuId = scarce.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', {
  whId: wh.id,
  asnDetails: [
    { skuId, qty: 60, price: '12', locationId: location.id },
    { skuId: scarceSkuId, qty: 2, price: '40', locationId: location.id },
  ],
});
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E order mug (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, 'JDKD');

/** The order list of a tab, narrowed to this journey's store. */
async function openTab(activeKey: string) {
  await b.open(`/order?activeKey=${activeKey}&storeIds=${store.id}`);
  // The same address again does not load the page anew: reload it, as a person presses F5.
  await page.reload();
  await settled(page);
}
const orderRows = () => page.locator('.ant-table-tbody tr.ant-table-row');
/** Waits (up to 15 s) until the list shows n rows. */
/** The order numbers the list shows. */
const shownCodes = async () => (await orderRows().allInnerTexts()).map((text) => /\b\d{17}\b/.exec(text)?.[0] ?? '').filter(Boolean);
const expectRows = (n: number) => expect.poll(() => orderRows().count(), { timeout: 15_000 }).toBe(n);

describe('orders: arrive from a store, review, merge, split, map an unmapped SKU', () => {
  let pulledCodes: string[] = [];

  it('pulls the orders buyers placed in the sandbox store', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 4 });
    await b.open('/logs?activeKey=6');
    await chooseOption(page, page.getByLabel('Store', { exact: true }), storeName);
    await page.getByRole('button', { name: 'Pull now' }).first().click();
    await page.getByText('Pulled 4 orders: 4 new, 0 updated').waitFor();
    await page.getByRole('row').filter({ hasText: storeName }).getByText('Succeeded').first().waitFor();
  });

  it('shows them pending review with the bound warehouse and the courier of the store rule', async () => {
    await openTab('1');
    await expectRows(4);
    for (let i = 0; i < 4; i++) {
      const row = orderRows().nth(i);
      expect(await cell(row, 'Store')).toBe(storeName);
      expect(await cell(row, 'Warehouse')).toBe(warehouseName);
      expect(await cell(row, 'Courier')).toContain('JDKD');
      expect(await cell(row, 'Status')).toBe('To review');
    }
    pulledCodes = await shownCodes();
    expect(pulledCodes).toHaveLength(4);
    await b.screenshot('orders-to-review');
  });

  it('reviews the page of orders and finds them in the print tab, their stock allocated', async () => {
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await page.getByText('Review: 4 orders done').waitFor();
    await expectRows(0);
    await openTab('2');
    await expectRows(4);
    const shown = await shownCodes();
    expect(shown.sort()).toEqual([...pulledCodes].sort());
    const inventory = await api.call<{ voList: { allocated: number; onHand: number }[] }>('/cloud/core/inventory/searchByPage', { whId: wh.id, keywords: code, currentPage: 1, pageSize: 10 });
    expect(inventory.voList[0]!.onHand).toBe(60);
    expect(inventory.voList[0]!.allocated).toBeGreaterThanOrEqual(4);
  });

  it('gets waybill numbers, prints the labels, checks one parcel by scanner, weighs one and ships the rest; the store receives the tracking numbers', async () => {
    await api.call('/myhome/etrackaccount/create', { printCode: 'jd', expressCompanyCode: 'JDKD', name: `JD sandbox ${run}`, sandbox: true, isDefault: true, customerCode: 'C-E2E', monthlyAccount: 'M-E2E' });
    await openTab('2');
    await expectRows(4);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    const take = page.getByRole('button', { name: 'Get waybill numbers' });
    await expect.poll(() => take.isEnabled()).toBe(true);
    await take.click();
    await page.getByText('Waybill numbers ready for 4 orders').waitFor();
    await expect.poll(async () => (await orderRows().allInnerTexts()).filter((text) => /JDKD SB\w+/.test(text)).length, { timeout: 15_000 }).toBe(4);
    const numbers = (await orderRows().allInnerTexts()).map((text) => /JDKD (SB\w+)/.exec(text)?.[1]).sort();
    expect(new Set(numbers).size).toBe(4);

    // Print all four labels (the browser's print dialog; a headless browser prints nothing).
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    const print = page.getByRole('button', { name: 'Print waybills' });
    await expect.poll(() => print.isEnabled()).toBe(true);
    await print.click();
    await page.getByText('4 orders sent to the printer').waitFor();

    // The parcels as the list shows them: order number, waybill number, pieces of the mug.
    const parcels = (await orderRows().allInnerTexts()).map((text) => ({
      code: /\b\d{17}\b/.exec(text)![0],
      expressNo: /JDKD (SB\w+)/.exec(text)![1]!,
      pieces: Number(new RegExp(`${code} × (\\d+)`).exec(text)![1]),
    }));

    // One parcel is checked with the scanner: the waybill, then each piece; a wrong item is refused.
    const [checked, weighed] = parcels;
    await openTab('3');
    const waybillInput = page.getByRole('textbox', { name: 'Scan the waybill number' });
    await waybillInput.fill(checked!.expressNo);
    await waybillInput.press('Enter');
    await page.getByText(`Order ${checked!.code}: scan its items`).waitFor();
    const itemInput = page.getByRole('textbox', { name: 'Scan an item (bar code or SKU code)' });
    await itemInput.fill(scarceCode);
    await itemInput.press('Enter');
    await page.getByText(`${scarceCode} is not in this order`).waitFor();
    for (let i = 0; i < checked!.pieces; i++) {
      await itemInput.fill(code);
      await itemInput.press('Enter');
    }
    await page.getByText(`Order ${checked!.code} checked and shipped`).waitFor();

    // Another is weighed and sent.
    await openTab('8');
    const weighWaybill = page.getByRole('textbox', { name: 'Scan the waybill number' });
    await weighWaybill.fill(weighed!.expressNo);
    await weighWaybill.press('Enter');
    const weight = page.getByRole('textbox', { name: 'Weight' });
    await weight.fill('1.25');
    await weight.press('Enter');
    await page.getByText(`Order ${weighed!.code} shipped at 1.250 kg`).waitFor();

    // The other two ship in a batch from the print tab.
    await openTab('2');
    await expectRows(2);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    const ship = page.getByRole('button', { name: 'Ship', exact: true });
    await expect.poll(() => ship.isEnabled()).toBe(true);
    await ship.click();
    await page.getByText('Ship: 2 orders done').waitFor();
    await page.getByText('Feedback complete: all 2 orders succeeded').waitFor({ timeout: 30_000 });
    await expectRows(0);
    await openTab('4');
    await expectRows(4);
    const stock = await api.call<{ voList: { allocated: number; onHand: number }[] }>('/cloud/core/inventory/searchByPage', { whId: wh.id, keywords: code, currentPage: 1, pageSize: 10 });
    expect(stock.voList[0]!.allocated).toBe(0);
    expect(stock.voList[0]!.onHand).toBeLessThan(60);
    // The sandbox marketplace received each tracking number.
    const shop = await api.call<{ voList: { expressNo: string | null }[] }>('/cloud/sandbox/console/orders', { storeId: store.id });
    const received = shop.voList.map((o) => o.expressNo).filter(Boolean).sort();
    expect(received).toEqual(numbers);
  });

  it('merges two orders of the same buyer', async () => {
    const same = { storeId: store.id, buyerNick: `twice-${run}`, receiverName: '王小明', receiverPhone: '13912345678', receiverProvince: '浙江省', receiverCity: '杭州市', receiverDistrict: '西湖区', receiverAddress: '文三路 100 号' };
    await api.call('/myhome/taobaoSoh/createTaobaoSoByHand', { ...same, lines: [{ skuId, qty: 1, price: '29.9' }] });
    await api.call('/myhome/taobaoSoh/createTaobaoSoByHand', { ...same, lines: [{ skuId, qty: 2, price: '29.9' }] });
    await openTab('1');
    await expectRows(2);
    // Both carry the 'to merge' tag.
    await expect.poll(() => orderRows().filter({ hasText: 'To merge' }).count(), { timeout: 15_000 }).toBe(2);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByText(/^2 orders merged into \d{17}$/).waitFor();
    await expectRows(1);
    expect(await cell(orderRows().first(), 'Amount')).toContain('3 pieces');
  });

  it('splits an order with too little stock into what can ship and what cannot', async () => {
    // Close the merged order so the tab holds only the order to split.
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.locator('.ant-modal-confirm-btns').waitFor();
    await settled(page);
    await page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Close' }).click();
    await page.locator('.ant-modal-confirm-btns').waitFor({ state: 'hidden' });
    await expectRows(0);

    await api.call('/myhome/taobaoSoh/createTaobaoSoByHand', {
      storeId: store.id,
      buyerNick: `vase-${run}`,
      receiverName: '李雷',
      receiverPhone: '13700001111',
      receiverProvince: '浙江省',
      receiverCity: '杭州市',
      receiverDistrict: '滨江区',
      receiverAddress: '江南大道 1 号',
      lines: [{ skuId: scarceSkuId, qty: 5, price: '99' }],
    });
    await openTab('1');
    await expectRows(1);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Split out-of-stock' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await settled(page);
    await dialog.getByText('Split part').click();
    await dialog.getByRole('button', { name: 'Split', exact: true }).click();
    await expectRows(2);
    const vases = (await orderRows().allInnerTexts()).map((text) => new RegExp(`${scarceCode} × (\\d+)`).exec(text)?.[1]).sort();
    expect(vases).toEqual(['2', '3']);
    await expect.poll(() => orderRows().filter({ hasText: 'Short' }).count()).toBe(1);
    await b.screenshot('orders-split');
    await until(
      () => api.call<{ total: number }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '1', storeIdList: [store.id], currentPage: 1, pageSize: 10 }),
      (r) => r.total === 2,
      'two pending orders after the split',
    );
  });

  it('maps an online SKU no goods matched from the exceptions tab', async () => {
    // The shop now sells only an item whose outer code names no goods of the seller.
    const loose = `LOOSE-${run}`;
    const items = await api.call<{ voList: { itemId: string }[] }>('/cloud/sandbox/console/items', { storeId: store.id });
    for (const item of items.voList) await api.call('/cloud/sandbox/console/deleteItem', { storeId: store.id, itemId: item.itemId });
    await api.call('/cloud/sandbox/console/saveItem', { storeId: store.id, title: `Loose mug ${run}`, outerId: loose, skus: [{ properties: 'Colour:Green', outerSkuId: loose, price: '29.9', quantity: 20 }] });
    await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 1 });
    await b.open('/order?activeKey=1');
    await page.getByRole('button', { name: 'Pull orders' }).click();
    await page.getByRole('menuitem', { name: storeName }).click();
    // The orders shipped earlier come back as updated (the store marked them sent).
    await page.getByText(/^Pulled \d+ orders: 1 new, \d+ updated$/).waitFor();

    await b.open(`/order?activeKey=5&type=unmapped&storeIds=${store.id}`);
    await page.reload();
    await expectRows(1);
    expect(await cell(orderRows().first(), 'Labels')).toContain('Unmapped goods');
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Map online goods' }).click();
    const dialog = page.getByRole('dialog', { name: 'Map online goods' });
    await dialog.waitFor();
    await settled(page);
    const choose = dialog.getByRole('row', { name: new RegExp(`Loose mug ${run}`) }).getByRole('button', { name: 'Choose' });
    await choose.waitFor();
    await settled(page);
    await choose.click();
    const picker = page.getByRole('dialog', { name: `System SKU for Loose mug ${run}` });
    await picker.waitFor();
    await settled(page);
    await picker.getByPlaceholder('Search by code, name, specifications or bar code').fill(code);
    await picker.getByPlaceholder('Search by code, name, specifications or bar code').press('Enter');
    await picker.getByRole('row', { name: new RegExp(code) }).getByRole('radio').check();
    await picker.getByRole('button', { name: 'Choose 1' }).click();
    await dialog.getByRole('row', { name: new RegExp(`Loose mug ${run}`) }).getByText(code).waitFor();
    await dialog.getByRole('button', { name: 'Map and match again' }).click();
    await expectRows(0);

    // The order is pending review now, its line the seller's goods.
    await openTab('1');
    await expect.poll(() => orderRows().filter({ hasText: `${code} ×` }).filter({ hasNotText: 'To merge' }).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  });
});
