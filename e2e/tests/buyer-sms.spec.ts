// Buyer SMS, as a main account meets it (/sms): the three templates start not enabled; the seller
// enables the "shipped" one; an order bought in the sandbox store, pulled, reviewed, numbered and
// shipped (set up through the API) then texts its receiver: the send log lists it with the counts,
// and the root account's SMS outbox holds the text.
import { describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newSeller, sandboxStoreWithItem, settled, signInApi, storeExpressRule, until } from '../fixtures';

const b = await launchBrowser();
const { page } = b;
const seller = await newSeller({ name: 'SMS Seller' });
const api = seller.api;
const run = Date.now().toString(36).toUpperCase();
const code = `SMS-${run}`;
const storeName = `SMS shop ${run}`;

const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `SW${run}`, name: `SMS WH ${run}`, type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' });
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'S-01' });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E texted kettle', price: '49' });
const skuId = goods.skus[0]!.id;
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 20, price: '20', locationId: location.id }] });
const { store, online } = await sandboxStoreWithItem(api, { name: storeName, title: 'E2E texted kettle (online)', outerSkuIds: [code] });
await api.call('/myhome/tbspu/comfireTbSku', { id: online[0]!.id, skuId, version: online[0]!.version });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, 'STO');
await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: 'STO', name: `STO sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

describe('buyer SMS', () => {
  it('enables the shipped template', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText('Welcome back, SMS Seller').waitFor();
    await b.open('/sms');
    const shipped = page.locator('[data-event="SHIPPED"]');
    await shipped.getByText('Not enabled').waitFor();
    await shipped.getByRole('textbox', { name: 'Text of Shipped' }).fill('【{storeName}】{receiverName}，订单{orderCode}已发货，{expressCompany} {expressNo}');
    await shipped.getByRole('switch', { name: 'Send the text of Shipped' }).click();
    await shipped.getByRole('button', { name: 'Save' }).click();
    await shipped.getByText('Enabled', { exact: true }).waitFor();
    await b.screenshot('buyer-sms-templates');
  });

  it('texts the receiver of a shipped order through the outbox, and lists it in the send log', async () => {
    await api.call('/cloud/sandbox/console/generateOrders', { storeId: store.id, count: 1 });
    await api.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    const orders = (await api.call<{ voList: { id: number; code: string }[] }>('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '1', storeIdList: [store.id], currentPage: 1, pageSize: 10 })).voList;
    expect(orders).toHaveLength(1);
    const ids = orders.map((o) => o.id);
    await api.call('/myhome/erpsoh/verify', { idList: ids });
    await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: ids });
    const shipped = await api.call<{ successIds: number[] }>('/myhome/sendsoh/sendErpSoHList', { idList: ids });
    expect(shipped.successIds).toEqual(ids);

    await b.open('/sms?tab=log');
    await page.reload();
    await settled(page);
    const row = page.locator('.ant-table-tbody tr.ant-table-row');
    await row.filter({ hasText: orders[0]!.code }).waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().innerText()).toContain(`【${storeName}】`);
    await b.screenshot('buyer-sms-log');

    const root = await signInApi(DEMO.root.username, DEMO.root.password);
    const outbox = await until(
      () => root.call<{ voList: { purpose: string; content: string }[] }>('/cloud/admin/smsOutbox/search', { currentPage: 1, pageSize: 50 }),
      (o) => o.voList.some((m) => m.purpose === 'BUYER_SHIPPED' && m.content.includes(orders[0]!.code)),
      'the buyer text in the outbox',
    );
    expect(outbox.voList.find((m) => m.content.includes(orders[0]!.code))!.content).toMatch(new RegExp(`^【${storeName}】.+，订单${orders[0]!.code}已发货，申通快递 \\S+$`));
  });
});
