// The edition purchase story (issue #17 must-have 6): the root account puts a flagship edition on
// sale in the price table; a seller (PRO) follows the edition badge to the edition order page,
// chooses the flagship year, accepts the agreement, pays in the sandbox cashier (named a sandbox),
// and once the signed notification settles the order the result page says so and the badge shows
// the new edition. A failed payment leads to the failure page, from where the order is rebuilt.
import { describe, expect, it } from 'vitest';
import { chooseOption, DEMO, launchBrowser, newSeller, settled, signInApi } from '../fixtures';

const b = await launchBrowser();
const page = b.page;
const seller = await newSeller();
const run = Date.now().toString(36).toUpperCase();
const packageName = `Flagship year ${run}`;

describe('buying an edition upgrade in the sandbox payment', () => {
  it('lets the root account put an edition on sale in the price table', async () => {
    await b.signIn(DEMO.root.username, DEMO.root.password);
    await page.waitForURL(/#\/system\/domains/);
    await b.open('/system/billing');
    await page.getByRole('tab', { name: 'Price table' }).waitFor();
    await page.getByRole('button', { name: 'Add a package' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Package').fill(packageName);
    await chooseOption(page, dialog.getByRole('combobox', { name: /Edition/ }), 'Flagship');
    await dialog.getByLabel('Months').fill('12');
    await dialog.getByLabel('Price (yuan)').fill('2980.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: new RegExp(packageName) });
    await row.waitFor();
    expect(await row.innerText()).toContain('¥2980.50');
    await b.screenshot('billing-root-prices');
    // Sign out for the seller.
    await page.evaluate(() => localStorage.clear());
  });

  it('takes the seller from the edition badge to a paid flagship order, and the badge changes', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    const badge = page.locator('.os-edition');
    expect(await badge.innerText()).toBe('Professional');
    await badge.click();
    await page.waitForURL(/#\/domainOrder\/order/);
    await page.getByText('Sandbox payment provider: no real money moves').first().waitFor();
    const offer = page.locator('.ant-card', { hasText: packageName }).last();
    await offer.waitFor();
    expect(await offer.innerText()).toContain('Upgrade');
    await offer.click();
    const placeButton = page.getByRole('button', { name: /Place the order and pay ¥2980\.50/ });
    expect(await placeButton.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I have read and accept the/ }).check();
    await settled(page);
    await b.screenshot('billing-order-page');
    await placeButton.click();

    await page.waitForURL(/#\/domainOrder\/pay\?orderNo=DO\d+/);
    await page.getByText('Sandbox cashier').waitFor();
    await page.getByText('Waiting for the buyer').waitFor();
    await b.screenshot('billing-pay-page');
    await page.getByRole('button', { name: 'Pay (succeeds)' }).click();

    await page.waitForURL(/#\/payResult\?orderNo=DO\d+/, { timeout: 20_000 });
    await page.getByText('Payment received: your purchase is in effect').waitFor();
    expect(await page.locator('.os-result-level').innerText()).toBe('Flagship');
    await b.screenshot('billing-pay-result');
    await page.getByRole('button', { name: 'Back to home' }).first().click();
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await page.locator('.os-edition', { hasText: 'Flagship' }).waitFor();

    // The order is in the seller's payment records, paid.
    await b.open('/domainOrder/order');
    const paidRow = page.getByRole('row', { name: new RegExp(packageName) });
    await paidRow.getByText('Paid', { exact: true }).waitFor();
  });

  it('leads a failed payment to the failure page, from where the order is placed again', async () => {
    const api = await signInApi(seller.username, seller.password);
    const goods = await api.call<{ voList: { id: number; name: string }[] }>('/cloud/domain/domainOrder/orderGoods');
    const renewal = goods.voList.find((g) => g.name === packageName)!;
    const order = await api.call<{ orderNo: string }>('/cloud/domain/domainOrder/placeOrder', { priceId: renewal.id, payChannel: 'WECHAT', agreed: true });
    await b.open(`/domainOrder/pay?orderNo=${order.orderNo}&type=DOMAIN`);
    await page.getByText('WeChat Pay (sandbox)').waitFor();
    await page.getByRole('button', { name: 'Pay (fails)' }).click();
    await page.waitForURL(/#\/domainOrder\/failure\?orderNo=/, { timeout: 20_000 });
    await page.getByText('The payment failed').waitFor();
    await b.screenshot('billing-failure');
    await page.getByRole('button', { name: 'Order again' }).click();
    await page.waitForURL((url) => /#\/domainOrder\/pay\?orderNo=DO\d+/.test(url.href) && !url.href.includes(order.orderNo));
    await page.getByText('Sandbox cashier').waitFor();
  });

  it('takes a refund request from the seller, settled by the root account', async () => {
    await b.open('/domainOrder/order');
    const paidRow = page.getByRole('row').filter({ hasText: packageName }).filter({ has: page.getByText('Paid', { exact: true }) });
    await paidRow.getByRole('button', { name: 'Ask for a refund' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Bought the wrong edition');
    await dialog.getByLabel('Refund to account').fill('buyer@example.com');
    await b.screenshot('billing-refund-request');
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await paidRow.getByText('Refund requested').waitFor();

    await page.evaluate(() => localStorage.clear());
    await b.signIn(DEMO.root.username, DEMO.root.password);
    await page.waitForURL(/#\/system\/domains/);
    await b.open('/system/billing');
    await page.getByRole('tab', { name: 'Refund requests' }).click();
    const request = page.getByRole('row', { name: /Bought the wrong edition/ });
    expect(await request.innerText()).toContain('¥2980.50');
    await request.getByRole('button', { name: 'Handle' }).click();
    const settle = page.getByRole('dialog');
    await settle.getByLabel('Refund number').fill('RF-E2E-1');
    await settle.getByRole('button', { name: 'Save' }).click();
    await request.waitFor({ state: 'detached' });
    await chooseOption(page, page.getByRole('tabpanel').getByRole('combobox'), 'All statuses');
    const done = page.getByRole('row', { name: /Bought the wrong edition/ });
    await done.getByText('Refunded', { exact: true }).waitFor();
    expect(await done.innerText()).toContain('RF-E2E-1');
    await b.screenshot('billing-root-refunds');
  });
});
