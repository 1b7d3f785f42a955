// Printed and not-yet-printed orders in the print tab, as a new seller meets them: the home page's
// "To print" counter opens tab 2 narrowed to orders whose label is not printed; that filter shows
// above the list as a tag and is removed there, after which the printed order is listed too, its
// "Label printed" column telling the two apart; the filter bar chooses either kind again. Two
// reviewed orders with waybill numbers, one of them printed, are set up through the API.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `PRN-${run}`;
const storeName = `Print shop ${run}`;
/** The courier this journey prints with (its seller's default label template and waybill account). */
const COURIER = 'JTSD';

const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `PW${run}`, name: `Print WH ${run}`, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'P-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E printed jar', price: '15' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 20, price: '5', locationId: location.id }] });
const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: storeName, storeType: 2 });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, COURIER);
await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: COURIER, name: `J&T sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

const receiver = { receiverName: '钱七', receiverPhone: '13900002222', receiverProvince: '浙江省', receiverCity: '杭州市', receiverDistrict: '西湖区', receiverAddress: '文一路 3 号' };
const orderByHand = () => api.call<{ id: number; code: string }>('/myhome/taobaoSoh/createTaobaoSoByHand', { storeId: store.id, ...receiver, lines: [{ skuId, qty: 1, price: '15' }] });
const printed = await orderByHand();
const waiting = await orderByHand();
const done = (what: string, r: { successIds: unknown[]; failures: unknown[] }, n: number) => {
  if (r.failures.length || r.successIds.length !== n) throw new Error(`${what}: ${JSON.stringify(r)}`);
};
done('review', await api.call('/myhome/erpsoh/verify', { idList: [printed.id, waiting.id] }), 2);
done('waybill numbers', await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: [printed.id, waiting.id] }), 2);
const templates = await api.call<{ voList: { id: number; kind: string }[] }>('/myhome/template/getPrintTemplates', { currentPage: 1, pageSize: 50, kind: 'WAYBILL' });
done('print', await api.call('/myhome/print/getPrintInfo', { idList: [printed.id], templateId: templates.voList[0]!.id }), 1);

const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (orderCode: string) => rows().filter({ hasText: orderCode });
const filters = () => page.getByRole('group', { name: 'Filtered by' });
const printTab = () => page.getByRole('tab', { name: /^To print/ });
const tabCount = async () => Number(/\((\d+)\)/.exec(await printTab().innerText())?.[1] ?? NaN);

describe('the print tab tells printed orders from those still to print', () => {
  it('opens from the home page narrowed to orders not printed, and shows that filter above the list', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await page.getByRole('link').filter({ hasText: 'To print' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/order?activeKey=2&expressPrinted=false');
    await settled(page);
    await rowOf(waiting.code).waitFor();
    expect(await rowOf(printed.code).count()).toBe(0);
    expect(await cell(rowOf(waiting.code), 'Label printed')).toBe('Not printed');
    await filters().getByText('Label not printed').waitFor();
    await b.screenshot('order-list-not-printed-filter');
  });

  it('lists the printed order too once the filter is removed, the column telling them apart', async () => {
    const narrowed = await tabCount();
    await filters().getByRole('button', { name: 'Remove the filter Label not printed' }).click();
    await expect.poll(() => new URL(page.url()).hash).not.toContain('expressPrinted');
    await expect.poll(() => filters().count()).toBe(0);
    await rowOf(printed.code).waitFor();
    await rowOf(waiting.code).waitFor();
    expect(await cell(rowOf(printed.code), 'Label printed')).toMatch(/^Printed\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await cell(rowOf(waiting.code), 'Label printed')).toBe('Not printed');
    await expect.poll(tabCount).toBeGreaterThan(narrowed);
  });

  it('narrows to printed orders from the filter bar, shown as a tag again', async () => {
    // (chooseOption matches by substring, and "Not printed" contains "printed".)
    await page.getByLabel('Label printed', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Printed$/ }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await filters().getByText('Label printed').waitFor();
    await rowOf(printed.code).waitFor();
    await expect.poll(() => rowOf(waiting.code).count()).toBe(0);
    expect(new URL(page.url()).hash).toContain('expressPrinted=true');
  });
});
