// The platform reconciliation journey, as a seller does it: the Alipay account detail of a store
// is imported on the platform bill page (a bad file first: refused as a whole, its bad line named;
// then the file whose orders OpenSeller does not have, refused by default and loaded when asked),
// the reconciliation list shows the bills' orders with the unexplained residual and its count, and
// one order is marked reconciled by hand with a reason, which takes it out of the residual.
import { describe, expect, it } from 'vitest';
import { chooseOption, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const store = await seller.api.call<{ id: number; name: string }>('/cloud/domain/store/createStore', { name: `Bills ${run}`, storeType: 1, platformCode: 'SANDBOX' });

const header = '账务流水号,业务流水号,商户订单号,商品名称,发生时间,对方账号,收入金额（+元）,支出金额（-元）,账户余额（元）,交易渠道,业务类型,备注';
const account = (lines: string[]) => Buffer.from(['#支付宝账务明细查询', header, ...lines].join('\n'));
const good = account([
  `${run}-1,B1,ORD${run}A,商品,2026-10-15 10:00:05,buyer,100.00,,100.00,支付宝,在线支付,`,
  `${run}-2,B2,ORD${run}A,商品,2026-10-15 10:00:06,tmall,,-5.00,95.00,支付宝,天猫佣金,`,
  `${run}-3,B3,ORD${run}B,商品,2026-10-16 10:00:05,buyer,48.00,,143.00,支付宝,在线支付,`,
]);
const bad = account([`${run}-9,B9,ORD${run}C,商品,2026-10-15 10:00:05,buyer,1O0.00,,100.00,支付宝,在线支付,`]);

async function importFile(name: string, buffer: Buffer, loadMissingOrders = false) {
  await page.getByRole('button', { name: 'Import bill file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a platform bill file' });
  await dialog.waitFor();
  await settled(page);
  await chooseOption(page, dialog.locator('.ant-select').first(), store.name);
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer });
  if (loadMissingOrders) await dialog.getByRole('checkbox', { name: /Also load lines for orders not in OpenSeller/ }).check();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  return dialog;
}

describe('platform reconciliation: import a bill, see the residual, reconcile an order by hand', () => {
  it('refuses a bad bill file as a whole, then imports the good one', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/finance/reconciliation/platform-bill');
    await page.getByText('No bill lines yet').first().waitFor();
    let dialog = await importFile('bad.csv', bad);
    await dialog.getByText('Nothing was imported: 1 problem').waitFor();
    await dialog.getByText(/Line 3: 收入金额: "1O0.00" is not an amount/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The orders are not in OpenSeller: by default every such line is a problem of the file.
    dialog = await importFile('good.csv', good);
    await dialog.getByText('Nothing was imported: 3 problems').waitFor();
    await dialog.getByText(new RegExp(`Line 3: 商户订单号: the order "ORD${run}A" is not in OpenSeller`)).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    dialog = await importFile('good.csv', good, true);
    await dialog.getByText('Alipay account detail: 3 new lines, 0 already imported').waitFor();
    await b.screenshot('reconciliation-import');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('row', { name: new RegExp(`ORD${run}A.*Commission`) }).waitFor();
  });

  it('lists the orders with the unexplained residual, and a manual success with a reason takes one out', async () => {
    await b.open('/finance/reconciliation');
    const residual = page.getByTestId('unexplained');
    await residual.getByText('¥148.0000').waitFor();
    const rowB = page.getByRole('row', { name: new RegExp(`ORD${run}B`) });
    await rowB.getByText('Order missing').waitFor();
    await b.screenshot('reconciliation-list');
    await rowB.getByRole('button', { name: 'Mark reconciled' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await settled(page);
    await dialog.getByRole('button', { name: 'Mark reconciled' }).click();
    await dialog.getByText('Say why this order is reconciled').waitFor();
    await dialog.getByLabel('Reason').fill('Test order of the shop owner');
    await dialog.getByRole('button', { name: 'Mark reconciled' }).click();
    await rowB.getByText('Reconciled by hand').waitFor();
    await residual.getByText('¥100.0000').waitFor();
    expect(await rowB.getByText('Test order of the shop owner').count()).toBe(1);
    await b.screenshot('reconciliation-manual');
  });
});
