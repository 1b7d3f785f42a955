// An order export from the order list, as a seller meets it (issue 21 must-have 10): on the review
// tab narrowed by an order code, the Export menu's "By order" starts a background export of what
// the list shows; the download centre lists the file, made, with one row.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled, until } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const api = seller.api;
const run = Date.now().toString(36).toUpperCase();

const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code: `EXP-${run}`, name: 'E2E exported mug', price: '12' });
const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: `Export shop ${run}`, storeType: 2 });
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `EX${run}`, name: `Export WH ${run}`, ...sender });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
const receiver = { receiverName: '孙八', receiverPhone: '13900003333', receiverProvince: '浙江省', receiverCity: '杭州市', receiverDistrict: '西湖区', receiverAddress: '文二路 8 号' };
const order = await api.call<{ id: number; code: string }>('/myhome/taobaoSoh/createTaobaoSoByHand', { storeId: store.id, ...receiver, lines: [{ skuId: goods.skus[0]!.id, qty: 2, price: '12' }] });
await api.call<{ id: number; code: string }>('/myhome/taobaoSoh/createTaobaoSoByHand', { storeId: store.id, ...receiver, lines: [{ skuId: goods.skus[0]!.id, qty: 1, price: '12' }] });

describe('an order export from the list', () => {
  it('exports the orders the list shows and reaches the download centre', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open(`/order?activeKey=1&codeKeywords=${order.code}`);
    await settled(page);
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.code }).waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);

    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'By order' }).click();
    await page.getByText('The export is being made: the download centre shows its progress').waitFor();
    const files = await until(
      async () => (await api.call<{ voList: { title: string; processStatus: string; rowCount: number | null }[] }>('/cloud/core/exportFile/searchPageList', { currentPage: 1, pageSize: 10 })).voList,
      (list) => list.some((f) => f.title === 'Orders export (by order)' && f.processStatus === 'SUCCESS'),
      'the order export',
    );
    expect(files.find((f) => f.title === 'Orders export (by order)')!.rowCount).toBe(1);

    await b.open('/downloadCenter');
    const row = page.getByRole('row').filter({ hasText: 'Orders export (by order)' });
    await row.waitFor();
    await row.getByText('Ready').waitFor();
    await settled(page);
    await b.screenshot('order-export-download-centre');
  });
});
