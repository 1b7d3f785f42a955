// An order typed in by hand (/order/createorder), as a new seller meets it: the store, the
// receiver and a line of goods; 'What the rules choose' shows the warehouse bound to the store and
// the courier of the store rule before anything is created; then the order is created and waits
// for review with those choices. The warehouse, goods, store and express rule come from the API.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, settled, storeExpressRule } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `HAND-${run}`;
const warehouseName = `Hand WH ${run}`;
const storeName = `Hand shop ${run}`;
const COURIER = 'ZTO';

const api = seller.api;
const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `HW${run}`, name: warehouseName, ...sender });
await api.call('/myhome/spu/createSpuByHand', { code, name: 'E2E hand-made bowl', price: '18' });
const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: storeName, storeType: 2 });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
await storeExpressRule(api, store.id, COURIER);

describe('an order typed in by hand', () => {
  it('shows what the rules would choose before anything is created', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/order/createorder');
    await page.getByRole('button', { name: 'Create order' }).waitFor();
    await chooseOption(page, page.getByLabel('Store', { exact: true }), storeName);
    // The receiver pasted whole: name, phone, province / city / district and the detail are filled in.
    await page.getByLabel('Paste a full address').fill('赵六 13900001234 浙江省杭州市西湖区文二路8号');
    await page.getByLabel('Paste a full address').press('Enter');
    await page.getByRole('status').filter({ hasText: 'Address read: check the fields below.' }).waitFor();
    expect(await page.getByLabel('Receiver name').inputValue()).toBe('赵六');
    expect(await page.getByLabel('Receiver phone').inputValue()).toBe('13900001234');
    expect(await page.getByLabel('Detailed address').inputValue()).toBe('文二路8号');

    // Without goods the preview says what is missing.
    await page.getByRole('button', { name: 'What the rules choose' }).click();
    await page.getByRole('alert').filter({ hasText: 'Add at least one item' }).waitFor();

    await page.getByRole('button', { name: 'Add goods' }).click();
    const search = page.getByPlaceholder('Search by code, name, specifications or bar code');
    const picker = page.getByRole('dialog', { name: 'Choose goods' });
    await picker.waitFor();
    await settled(page);
    await search.fill(code);
    await search.press('Enter');
    await picker.getByRole('row', { name: new RegExp(code) }).getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Choose 1' }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');

    await page.getByRole('button', { name: 'What the rules choose' }).click();
    const preview = page.getByRole('dialog', { name: 'What the rules choose for this order' });
    await preview.waitFor();
    const row = async (label: string) => (await preview.locator('tr').filter({ has: page.locator('th', { hasText: label }) }).locator('td').innerText()).replace(/\s+/g, ' ').trim();
    expect(await row('Warehouse')).toBe(`${warehouseName} bound to the store`);
    expect(await row('Courier')).toBe(`${COURIER} chosen by a rule: By store`);
    expect(await row('Labels')).toBe('None');
    await b.screenshot('create-order-preview');
    await preview.getByRole('button', { name: 'OK', exact: true }).click();
    await preview.waitFor({ state: 'hidden' });
  });

  it('creates it through the same pipeline: pending review with that warehouse and courier', async () => {
    await page.getByRole('button', { name: 'Create order' }).click();
    const toast = page.locator('.ant-message-notice').filter({ hasText: /^Order \d{17} created$/ });
    await toast.waitFor();
    const orderCode = /\d{17}/.exec(await toast.innerText())![0];
    await b.open(`/order?activeKey=1&storeIds=${store.id}`);
    await page.reload();
    await settled(page);
    const orderRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderCode });
    await expect.poll(() => orderRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await cell(orderRow, 'Warehouse')).toBe(warehouseName);
    expect(await cell(orderRow, 'Courier')).toContain(COURIER);
    expect(await cell(orderRow, 'Goods')).toContain(`${code} × 2`);
  });
});
