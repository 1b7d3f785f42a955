// Live broadcast orders, as a seller uses them: an anchor added on the Anchors tab; a session of
// the seller's store on air now (entered through the API, as an import would) shows the order
// paid during it with its amount; the session is edited in its dialog (a bad range refused in the
// form), disabled (its count stays, its status says so) and deleted.
import { afterAll, describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
afterAll(() => b.context.close());
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const storeName = `Live shop ${run}`;
const api = seller.api;

const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code: `LIVE-${run}`, name: 'E2E live lipstick', price: '89' });
const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: storeName, storeType: 2 });
const receiver = { receiverName: '钱七', receiverPhone: '13900002222', receiverProvince: '浙江省', receiverCity: '杭州市', receiverDistrict: '西湖区', receiverAddress: '文一路 3 号' };
const fmt = (d: Date) => d.toISOString();
const now = Date.now();
const session = await api.call<{ id: number }>('/cloud/core/live/create', { liveName: `Evening show ${run}`, storeId: store.id, startTime: fmt(new Date(now - 3600_000)), endTime: fmt(new Date(now + 3600_000)) });
await api.call('/myhome/taobaoSoh/createTaobaoSoByHand', { storeId: store.id, ...receiver, lines: [{ skuId: goods.skus[0]!.id, qty: 2, price: '89' }] });

describe('live broadcast orders', () => {
  it('adds an anchor on the Anchors tab', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/order/liveBroadcastManagement');
    await page.getByRole('tab', { name: 'Anchors' }).click();
    await page.getByText('No anchors yet: add the people who present your live sessions.').waitFor();
    await page.getByRole('button', { name: 'New anchor' }).click();
    const dialog = page.getByRole('dialog', { name: 'New anchor' });
    await dialog.getByLabel('Anchor').fill('Xiaomei');
    await dialog.getByLabel('Phone').fill('13800001111');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Anchor Xiaomei saved').waitFor();
    await page.getByRole('row', { name: /Xiaomei/ }).waitFor();
  });

  it('shows the session with the order paid while it was on air, and names its anchor', async () => {
    await page.getByRole('tab', { name: 'Live sessions' }).click();
    const row = page.getByRole('row', { name: new RegExp(`Evening show ${run}`) });
    await row.waitFor();
    expect(await cell(row, 'Orders')).toBe('1');
    expect(await cell(row, 'Order amount')).toBe('¥178.0000');
    expect(await cell(row, 'Store')).toBe(storeName);
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit live session Evening show ${run}` });
    await settled(page);
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Anchor' }), 'Xiaomei');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Live session Evening show ${run} saved`).waitFor();
    await expect.poll(() => cell(row, 'Anchor')).toBe('Xiaomei');
    await b.screenshot('live-sessions');
  });

  it('disables the session, then deletes it', async () => {
    const row = page.getByRole('row', { name: new RegExp(`Evening show ${run}`) });
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => cell(row, 'Status')).toBe('Disabled');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByText('No live sessions yet. Add one to see which orders each broadcast brought in.').waitFor();
    const left = await api.call<{ total: number }>('/cloud/core/live/list', {});
    expect(left.total).toBe(0);
    expect(session.id).toBeGreaterThan(0);
  });
});
