// Printing waybills of orders printed before asks first (issue 20, must-have 5), as a new seller
// meets it: two reviewed orders with waybill numbers, one of them printed, are set up through the
// API; choosing both in the print tab and pressing Print names how many were printed and offers to
// print them again, only the others, or nothing.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `RPR-${run}`;
const storeName = `Reprint shop ${run}`;
/** The courier this journey prints with (its seller's default label template and waybill account). */
const COURIER = 'JTSD';

const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `RW${run}`, name: `Reprint WH ${run}`, ...sender });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'P-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E reprinted jar', price: '15' });
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

const rowOf = (orderCode: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderCode });

describe('reprinting asks first', () => {
  it('names how many of the chosen orders were printed before, and cancelling prints nothing', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open(`/order?activeKey=2&storeIds=${store.id}`);
    await settled(page);
    for (const o of [printed, waiting]) await rowOf(o.code).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Print waybills' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print again?' });
    await dialog.getByText('1 of 2 orders were already printed. Print them again?').waitFor();
    await dialog.getByRole('button', { name: 'Only the not yet printed' }).waitFor();
    await dialog.getByRole('button', { name: 'Print all again' }).waitFor();
    await b.screenshot('reprint-confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cell(rowOf(waiting.code), 'Label printed')).toBe('Not printed');
  });
});
