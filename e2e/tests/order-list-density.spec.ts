// The order list at a back office's density (issue 20 must-have 2), as a seller with a busy day
// meets it at 1440×900: switched to compact, one line per order, at least twelve orders on the
// screen with order no., store, status, receiver, goods, amount, warehouse, courier, labels and
// times, nothing off to the right; the goods of a two-line order on hover; the filters folded to
// one line with the rest behind "More filters"; the choice kept for the account on the server.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const api = seller.api;

const wh = await api.call<{ id: number }>('/myhome/warehouse/create', {
  code: `DW${run}`,
  name: `Dense WH ${run}`,
  type: 'SELF_WAREHOUSE',
  contact: 'Li Lei',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  street: '文三路 1 号',
});
const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'D-01' });
const tee = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code: `DTEE-${run}`, name: 'E2E dense tee', price: '39' });
const mug = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code: `DMUG-${run}`, name: 'E2E dense mug', price: '25' });
const [teeSku, mugSku] = [tee.skus[0]!.id, mug.skus[0]!.id];
await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', {
  whId: wh.id,
  asnDetails: [
    { skuId: teeSku, qty: 100, price: '10', locationId: location.id },
    { skuId: mugSku, qty: 100, price: '8', locationId: location.id },
  ],
});
const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: `Dense shop ${run}`, storeType: 2 });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });

const ORDERS = 16;
const receiver = (i: number) => ({ receiverName: `张三${i}`, receiverPhone: `1390000${String(1000 + i)}`, receiverProvince: '浙江省', receiverCity: '杭州市', receiverDistrict: '西湖区', receiverAddress: `文一路 ${i} 号` });
const codes: string[] = [];
for (let i = 0; i < ORDERS; i++) {
  // The first order has two lines: its goods cell shows the first and "+1", the rest on hover.
  const lines = i === 0 ? [{ skuId: teeSku, qty: 2, price: '39' }, { skuId: mugSku, qty: 1, price: '25' }] : [{ skuId: i % 2 ? teeSku : mugSku, qty: 1, price: i % 2 ? '39' : '25' }];
  const order = await api.call<{ code: string }>('/myhome/taobaoSoh/createTaobaoSoByHand', { storeId: store.id, ...receiver(i), lines });
  codes.push(order.code);
}

const KEY_COLUMNS = ['Order no.', 'Store', 'Status', 'Receiver', 'Goods', 'Amount', 'Warehouse', 'Courier', 'Labels', 'Pay time'];
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const density = () => page.locator('.ant-segmented').filter({ hasText: 'Comfortable' });

/** What a person sees of the list: rows wholly on screen, their heights, the headers' edges and any sideways scroll. */
const measure = () =>
  page.evaluate(() => {
    const height = window.innerHeight;
    const width = document.documentElement.clientWidth;
    const rowBoxes = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) => r.getBoundingClientRect());
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => ({ text: (th as HTMLElement).innerText.trim(), right: th.getBoundingClientRect().right }));
    const content = document.querySelector('.ant-table-content, .ant-table-body') as HTMLElement | null;
    return {
      onScreen: rowBoxes.filter((r) => r.top >= 0 && r.bottom <= height).length,
      tallest: Math.max(...rowBoxes.map((r) => r.height)),
      headers,
      width,
      pageScrollsSideways: document.documentElement.scrollWidth > width,
      tableScrollsSideways: content ? content.scrollWidth > content.clientWidth + 1 : true,
    };
  });

describe('the compact order list', () => {
  it('shows twelve orders and more on one screen, one line each, with every key column and no sideways scroll', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/order?activeKey=1&pageSize=50');
    await page.getByRole('tab', { name: /^To review/ }).waitFor();
    await rows().filter({ hasText: codes[ORDERS - 1]! }).waitFor();
    await density().getByText('Compact', { exact: true }).click();
    await page.locator('.os-table-compact').waitFor();
    await settled(page);
    // Scrolled to the top, as the list opens.
    await page.evaluate(() => window.scrollTo(0, 0));

    const m = await measure();
    expect(m.onScreen).toBeGreaterThanOrEqual(12);
    expect(m.tallest).toBeLessThanOrEqual(40);
    expect(m.pageScrollsSideways).toBe(false);
    expect(m.tableScrollsSideways).toBe(false);
    for (const column of KEY_COLUMNS) {
      const header = m.headers.find((h) => h.text === column);
      expect(header, `column ${column} in ${JSON.stringify(m.headers.map((h) => h.text))}`).toBeDefined();
      expect(header!.right).toBeLessThanOrEqual(m.width);
    }
    // What a person sees at 1440×900 (the viewport, not the whole page), the pointer out of the way.
    await page.mouse.move(1430, 890);
    await settled(page);
    await page.screenshot({ path: new URL('../artifacts/order-list-compact-1440x900.png', import.meta.url).pathname });
  });

  it('shows the goods of a two-line order as its first line and "+1", every line on hover', async () => {
    const cell = rows().filter({ hasText: codes[0]! }).getByTestId('compact-lines');
    expect(await cell.innerText()).toMatch(new RegExp(`^DTEE-${run}\\s*× 2\\s*\\+1$`));
    await cell.hover();
    const popover = page.locator('.ant-popover:visible');
    await popover.getByText('All lines (2)').waitFor();
    await popover.getByText(`DMUG-${run}`).waitFor();
    await page.mouse.move(0, 0);
  });

  it('folds the filters to one line and opens the others on request', async () => {
    expect(await page.getByLabel('Label printed', { exact: true }).isVisible()).toBe(false);
    await page.getByLabel('Order / platform no.').waitFor();
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByLabel('Label printed', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Fewer filters' }).click();
    await expect.poll(() => page.getByLabel('Label printed', { exact: true }).isVisible()).toBe(false);
  });

  it('keeps the choice for the account: compact again after signing in anew, and back to comfortable on request', async () => {
    const saved = await api.call<{ code: string; value: string }[]>('/cloud/domain/userConfig/get', { configType: 'USERCONFIG_TYPE_LIST_DENSITY' });
    expect(saved).toContainEqual({ code: 'orders.list', value: 'compact' });
    // Nothing kept in this browser: after a reload the list is compact from the server's answer.
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('openseller.density.')).forEach((k) => localStorage.removeItem(k)));
    await page.reload();
    await rows().filter({ hasText: codes[ORDERS - 1]! }).waitFor();
    await page.locator('.os-table-compact').waitFor();
    await density().getByText('Comfortable', { exact: true }).click();
    await expect.poll(() => page.locator('.os-table-compact').count()).toBe(0);
    await expect.poll(async () => (await measure()).tallest).toBeGreaterThan(40);
    await expect
      .poll(async () => (await api.call<{ code: string; value: string }[]>('/cloud/domain/userConfig/get', { configType: 'USERCONFIG_TYPE_LIST_DENSITY' })).find((c) => c.code === 'orders.list')?.value)
      .toBe('comfortable');
  });
});

describe('the goods, stock, inbound, outbound and mapping lists', () => {
  const LISTS: [string, string][] = [
    ['/goods', 'goods'],
    ['/stocks?activeKey=1', 'stock'],
    ['/stocks?activeKey=2', 'inbound'],
    ['/stocks?activeKey=3', 'outbound'],
    ['/goods/mapping', 'mapping'],
  ];
  for (const [route, name] of LISTS)
    it(`shows the ${name} list's default columns without scrolling sideways at 1440 px`, async () => {
      await b.open(route);
      await page.locator('.ant-table-thead').first().waitFor();
      await page.locator('.ant-table-thead th').nth(3).waitFor();
      await settled(page);
      const m = await measure();
      expect(m.pageScrollsSideways).toBe(false);
      expect(m.tableScrollsSideways, `${name}: ${JSON.stringify(m.headers.map((h) => h.text))}`).toBe(false);
      await page.screenshot({ path: new URL(`../artifacts/list-${name}-1440.png`, import.meta.url).pathname });
    });
});
