// An order to a third-party warehouse (issue 21, must-have 1), as a new seller meets it: a
// manual order of a store bound to a warehouse run by the sandbox warehouse system is reviewed;
// the warehouse system refuses the first issue, so the order waits in tab 5 "Issue to warehouse
// failed"; the seller issues it again from there, the warehouse ships it (its console), and the
// order shows as sent with the warehouse's tracking number.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, settled, storeExpressRule, until } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `WMS-${run}`;
const storeName = `WMS shop ${run}`;
const api = seller.api;

const sender = { contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number; code: string }>('/myhome/warehouse/create', { ...sender, type: 'WMS_WAREHOUSE', externalCode: `SANDBOX-${run}`, code: `WW${run}`, name: `Sandbox WMS ${run}` });
const goods = await api.call<{ skus: { id: number; code: string }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E WMS jar', price: '15' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/core/inventory/saveOpening', { items: [{ warehouseCode: `WW${run}`, skuCode: goods.skus[0]!.code, qty: 20 }] });
const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: storeName, storeType: 2 });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, 'SF');
const order = await api.call<{ id: number; code: string }>('/myhome/taobaoSoh/createTaobaoSoByHand', {
  storeId: store.id,
  receiverName: '钱七',
  receiverPhone: '13900002222',
  receiverProvince: '浙江省',
  receiverCity: '杭州市',
  receiverDistrict: '西湖区',
  receiverAddress: '文一路 3 号',
  lines: [{ skuId, qty: 2, price: '15' }],
});
// The warehouse system refuses the next issue; then the order is reviewed.
await api.call('/cloud/wms/sandbox/failNext', { warehouseId: wh.id, failures: [{ kind: 'REJECTED', operation: 'issue' }] });
const reviewed = await api.call<{ successIds: number[]; failures: unknown[] }>('/myhome/erpsoh/verify', { idList: [order.id] });
if (reviewed.failures.length) throw new Error(`review: ${JSON.stringify(reviewed)}`);
const refused = await api.call<{ failures: { errorCode: string }[] }>('/myhome/sendsoh/forceSendWmsErpSoByHand', { idList: [order.id] });
if (refused.failures[0]?.errorCode !== 'ERR_ORDER_ISSUE_FAILED') throw new Error(`the first issue was not refused: ${JSON.stringify(refused)}`);

const rowOf = (orderCode: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderCode });

describe('an order shipped by a third-party warehouse', () => {
  it('lists the refused issue in tab 5, issues it again, and shows the order sent by the warehouse', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    // The print tab offers packages, the insured value and delivery slips beside the print button.
    await b.open('/order?activeKey=2');
    await page.getByRole('button', { name: 'Print delivery slips' }).waitFor();
    await page.getByLabel('Packages').waitFor();
    await b.screenshot('print-tab-options');
    await b.open(`/order?activeKey=5&type=issued`);
    await settled(page);
    await rowOf(order.code).waitFor();
    await page.getByText('The warehouse system refused these reviewed orders').waitFor();
    await page.getByText('Issue to warehouse failed (1)').waitFor();
    await b.screenshot('wms-issue-failed');
    await rowOf(order.code).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Issue to the warehouse again' }).click();
    await rowOf(order.code).waitFor({ state: 'detached' });

    const view = await until(
      () => api.call<{ documents: { id: number; docCode: string; kind: string; status: string }[] }>('/cloud/wms/sandbox/view', { warehouseId: wh.id }),
      (v) => v.documents.some((d) => d.docCode === order.code),
      'the sales order in the sandbox warehouse',
    );
    const document = view.documents.find((d) => d.docCode === order.code)!;
    expect(document).toMatchObject({ kind: 'SO', status: 'SENTED' });
    await api.call('/cloud/wms/sandbox/fulfil', { warehouseId: wh.id, documentId: document.id, expressCompanyCode: 'SF', expressNo: `SF${run}01` });
    await api.call('/cloud/wms/fetchResults', { whId: wh.id });

    await b.open(`/order?activeKey=6&codeKeywords=${order.code}`);
    await rowOf(order.code).waitFor();
    expect(await cell(rowOf(order.code), 'Status')).toContain('Sent');
    await page.getByText(`SF${run}01`).first().waitFor();
    await b.screenshot('wms-shipped-by-warehouse');
  });
});
