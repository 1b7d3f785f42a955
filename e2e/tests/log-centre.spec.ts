// The log centre (/logs), as a seller reads it: an order typed in by hand and locked, a
// goods and a warehouse created. The business-document log names each record by its code (the
// order number, the goods code) with its kind and action in words, never an internal id or a raw
// code word, and finds an order's entries by its number; the configuration log does the same for
// the warehouse, in English and in Chinese. The records come from the API; the reading is the UI.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const goodsCode = `LOG-${run}`;
const warehouseCode = `LW${run}`;

const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: warehouseCode, name: `Log WH ${run}`, ...sender });
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code: goodsCode, name: 'E2E log teapot', price: '35' });
const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: `Log shop ${run}`, storeType: 2 });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
const order = await api.call<{ id: number; code: string }>('/myhome/taobaoSoh/createTaobaoSoByHand', {
  storeId: store.id,
  receiverName: '钱七',
  receiverPhone: '13900005678',
  receiverProvince: '浙江省',
  receiverCity: '杭州市',
  receiverDistrict: '西湖区',
  receiverAddress: '文二路 9 号',
  lines: [{ skuId: goods.skus[0]!.id, qty: 1, price: '35' }],
});
await api.call('/myhome/erpsoh/lock', { idList: [order.id] });

/**
 * The given columns of every row shown, read at once in the page (the list re-renders as it loads:
 * a row counted and then gone must not be waited for), again until they match.
 */
const shown = (columns: string[]) => () =>
  page.evaluate((names) => {
    const body = document.querySelector('.ant-table-tbody');
    const headers = [...(body?.closest('table')?.querySelectorAll(':scope > thead th') ?? [])].map((th) => (th as HTMLElement).innerText.trim());
    const at = names.map((n) => headers.indexOf(n));
    if (at.some((i) => i < 0)) return null;
    return [...(body?.querySelectorAll<HTMLTableRowElement>('tr.ant-table-row') ?? [])].map((tr) => at.map((i) => (tr.cells[i]?.innerText ?? '').trim()));
  }, columns);

async function search(record: string) {
  await page.getByLabel('Record', { exact: true }).fill(record);
  await page.getByRole('button', { name: 'Search' }).click();
  await settled(page);
}

describe('the log centre', () => {
  it("names each document by its code and says in words what happened to it, and finds an order's entries by its number", async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/logs?activeKey=1');
    await search(order.code);
    await expect.poll(shown(['Record type', 'Record', 'Action']), { timeout: 15_000 }).toEqual([
      ['Order', order.code, 'Locked'],
      ['Order', order.code, 'Created'],
    ]);
    await search(goodsCode);
    await expect.poll(shown(['Area', 'Record type', 'Record', 'Action']), { timeout: 15_000 }).toEqual([['Goods', 'Goods', goodsCode, 'Created']]);
    await b.screenshot('log-centre-documents');
  });

  it('shows configuration changes the same way, in Chinese too', async () => {
    await b.open('/logs?activeKey=5');
    await search(warehouseCode);
    await expect.poll(shown(['Area', 'Record type', 'Record', 'Action']), { timeout: 15_000 }).toEqual([
      ['Warehouses', 'Warehouse', warehouseCode, 'Stores bound'],
      ['Warehouses', 'Warehouse', warehouseCode, 'Created'],
    ]);
    await page.evaluate(() => localStorage.setItem('openseller.language', 'zh'));
    await page.reload();
    await settled(page);
    await page.getByLabel('记录', { exact: true }).fill(warehouseCode);
    await page.getByRole('button', { name: /^查 ?询$/ }).click();
    await settled(page);
    await expect.poll(shown(['模块', '记录类型', '记录', '操作']), { timeout: 15_000 }).toEqual([
      ['仓库', '仓库', warehouseCode, '绑定店铺'],
      ['仓库', '仓库', warehouseCode, '创建'],
    ]);
    await b.screenshot('log-centre-configuration-zh');
    await page.evaluate(() => localStorage.setItem('openseller.language', 'en'));
  });
});
