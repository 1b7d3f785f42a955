// Receivers behind the reveal permission and the automatic review, as a new seller meets them
// (issue 21 must-haves 3 and 4): the order detail shows the receiver masked; the main account's eye
// shows it in full and the log centre's order history names the reveal; a clerk without the
// permission sees the eye disabled. On the business rules page the seller turns automatic review
// on for orders up to 100 and runs it: the order is looked at and the answer says what happened.
// The warehouse, goods, store and the order come from the API; the rest is the UI.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const api = seller.api;
const PHONE = '13955556666';

const wh = await api.call<{ id: number }>('/myhome/warehouse/create', {
  code: `RV${run}`,
  name: `Reveal WH ${run}`,
  type: 'SELF_WAREHOUSE',
  contact: 'Li Lei',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  street: '文三路 1 号',
});
const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code: `RV-${run}`, name: 'E2E reveal cup', price: '20' });
const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: `Reveal shop ${run}`, storeType: 2 });
await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
const order = await api.call<{ id: number; code: string }>('/myhome/taobaoSoh/createTaobaoSoByHand', {
  storeId: store.id,
  receiverName: '司马相如',
  receiverPhone: PHONE,
  receiverProvince: '浙江省',
  receiverCity: '杭州市',
  receiverDistrict: '西湖区',
  receiverAddress: '文二路 88 号',
  lines: [{ skuId: goods.skus[0]!.id, qty: 1, price: '20' }],
});

const receiver = () => page.getByTestId('receiver');
/** The detail drawer (the list row has its own eye). */
const drawer = () => page.locator('.ant-drawer');

describe('receivers behind the reveal permission, and automatic review', () => {
  it('shows the receiver masked, and in full to the main account through the eye', async () => {
    await b.signIn(seller.username, seller.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open(`/order?activeKey=6&open=${order.id}`);
    await settled(page);
    await receiver().getByText('139****6666').waitFor();
    expect(await receiver().innerText()).not.toContain(PHONE);
    await drawer().getByRole('button', { name: 'Show the receiver in full (logged)' }).click();
    await receiver().getByText(PHONE, { exact: false }).waitFor();
    expect(await receiver().innerText()).toContain('文二路 88 号');
    await b.screenshot('receiver-revealed');
    await drawer().getByRole('button', { name: 'Hide the receiver' }).click();
    await receiver().getByText('139****6666').waitFor();
    // The order's history names the reveal.
    await drawer().getByText('Receiver revealed').first().waitFor();
  });

  it('turns automatic review on and runs it from the business rules page', async () => {
    await b.open('/config/configuration');
    await settled(page);
    const card = page.locator('.ant-card').filter({ hasText: 'Automatic review' });
    await card.getByRole('switch').first().click();
    await card.getByLabel('Amount up to').fill('100');
    await card.getByRole('button', { name: 'Save rule' }).click();
    await page.getByText('Automatic review rule saved').waitFor();
    await card.getByRole('button', { name: 'Run now' }).click();
    await card.getByText(/Looked at \d+ pending orders/).waitFor();
    await b.screenshot('auto-verify-run');
    const rule = await api.call<{ enabled: boolean; amountMax: string }>('/myhome/erpsoh/getAutoVerifyRule', {});
    expect(rule).toMatchObject({ enabled: true, amountMax: '100' });
  });

  it('shows a clerk without the permission the eye disabled and no full phone', async () => {
    const clerk = await seller.subAccount({ name: 'Reveal clerk', menus: ['MENU_ERPSO'] });
    await b.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await b.signIn(clerk.username, clerk.password);
    await page.waitForURL(/#\/(home)?$/);
    await b.open(`/order?activeKey=6&open=${order.id}`);
    await settled(page);
    await receiver().getByText('139****6666').waitFor();
    await expect.poll(() => drawer().getByRole('button', { name: 'Show the receiver in full (logged)' }).isDisabled()).toBe(true);
    // The list row's eye is disabled too.
    await expect.poll(() => page.locator('.ant-table-tbody').getByRole('button', { name: 'Show the receiver in full (logged)' }).first().isDisabled()).toBe(true);
    await b.screenshot('receiver-masked-clerk');
  });
});
