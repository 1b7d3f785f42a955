// The purchasing journey, as a seller does it: an empty purchase list, a new purchase order for a
// supplier and a warehouse with a SKU chosen in the picker (quantity and purchase price), saved and
// submitted, then verified — which makes the purchase inbound notice —, part of the goods received
// through that notice on the stock page, and the order's receipt state moving to partly received
// with the receipt in its detail. The supplier, warehouse and goods are set up through the API.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `PUR-${run}`;
const warehouse = `Purchase WH ${run}`;
const supplierName = `Tea farm ${run}`;

const api = seller.api;
await api.call('/myhome/warehouse/create', {
  code: `PW${run}`,
  name: warehouse,
  type: 'SELF_WAREHOUSE',
  contact: 'Li Lei',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  street: '文三路 1 号',
});
await api.call('/cloud/purchase/supplier/create', { code: `SUP${run}`, name: supplierName });
await api.call('/myhome/spu/createSpuByHand', { code, name: 'E2E purchased tea', price: '39.9' });

describe('purchasing: order, verify, receive part, see the receipt state', () => {
  let orderCode = '';
  let asnCode = '';

  it('creates and submits a purchase order from an empty list', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/purchase');
    await page.getByText('No purchase orders yet. Create one to buy goods from a supplier.').waitFor();
    await page.getByRole('button', { name: 'New purchase order' }).click();
    await page.getByText('Lines: 0 SKUs, 0 pieces').waitFor();
    await chooseOption(page, page.getByLabel('Supplier', { exact: true }), supplierName);
    await chooseOption(page, page.getByLabel('Warehouse', { exact: true }), warehouse);
    await page.getByRole('button', { name: 'Add SKUs' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose goods' });
    await picker.waitFor();
    await settled(page);
    await picker.getByPlaceholder('Search by code, name, specifications or bar code').fill(code);
    await picker.getByPlaceholder('Search by code, name, specifications or bar code').press('Enter');
    await picker.getByRole('row', { name: new RegExp(code) }).getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Choose 1' }).click();
    await picker.waitFor({ state: 'hidden' });
    const line = page.getByRole('row', { name: new RegExp(code) });
    await line.getByRole('spinbutton', { name: `Quantity of ${code}` }).fill('10');
    await line.getByRole('spinbutton', { name: `Purchase price of ${code}` }).fill('8.5');
    await page.getByText('Lines: 1 SKUs, 10 pieces').waitFor();
    // Freight 1.5 over 10 pieces: 0.15 a piece, a landed unit cost of 8.65 shown before saving.
    await page.getByRole('spinbutton', { name: 'Freight', exact: true }).fill('1.5');
    await expect.poll(() => cell(line, 'Landed unit cost')).toContain('8.65');
    expect(await cell(line, 'Freight share')).toContain('1.5');
    await b.screenshot('purchase-create');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    const submitted = page.getByText(/^Purchase order PO\d+ submitted$/);
    await submitted.waitFor();
    orderCode = (await submitted.innerText()).replace('Purchase order ', '').replace(' submitted', '');

    const row = page.getByRole('row', { name: new RegExp(orderCode) });
    await row.getByText('Submitted', { exact: true }).waitFor();
    expect(await cell(row, 'Receipt')).toBe('Not received');
    expect(await cell(row, 'Received / ordered')).toBe('0 / 10');
    expect(await cell(row, 'Amount')).toContain('85');
  });

  it('verifies it into a purchase inbound notice', async () => {
    const row = page.getByRole('row', { name: new RegExp(orderCode) });
    await row.getByRole('button', { name: 'Verify' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Verify purchase order ${orderCode}?` });
    await confirm.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByText(`Purchase order ${orderCode} verified`).waitFor();
    await row.getByText('Verified', { exact: true }).waitFor();
    const asn = row.getByRole('link', { name: /^ASN\d+$/ });
    await asn.waitFor();
    asnCode = await asn.innerText();
    // The state's actions come from the rule: a verified order only closes short.
    await row.getByRole('button', { name: 'Close short' }).waitFor();
    expect(await row.getByRole('button', { name: 'Verify' }).count()).toBe(0);
  });

  it('receives part of it through the inbound notice and shows the order partly received', async () => {
    await page.getByRole('row', { name: new RegExp(orderCode) }).getByRole('link', { name: asnCode }).click();
    const notice = page.getByRole('row', { name: new RegExp(asnCode) });
    await notice.getByText('To receive', { exact: true }).waitFor();
    expect(await cell(notice, 'Received / noticed')).toBe('0 / 10');
    await notice.getByRole('button', { name: 'Receive' }).click();
    const receipt = page.getByRole('dialog', { name: `Receive ${asnCode}` });
    const pieces = receipt.getByRole('spinbutton', { name: `Pieces of ${code}` });
    await expect.poll(() => pieces.first().inputValue()).toBe('10');
    await pieces.first().fill('4');
    await receipt.getByRole('button', { name: 'Receive', exact: true }).click();
    await page.getByText('Received 4 of 10 pieces').waitFor();

    await b.open(`/purchase?codeKeywords=${orderCode}`);
    const row = page.getByRole('row', { name: new RegExp(orderCode) });
    await row.getByText('Partly received', { exact: true }).waitFor();
    expect(await cell(row, 'Received / ordered')).toBe('4 / 10');
    await row.getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog', { name: `Purchase order ${orderCode}` });
    await drawer.waitFor();
    const receiptRow = drawer.getByRole('row').filter({ hasText: code }).last();
    await receiptRow.waitFor();
    expect(await cell(receiptRow, 'Quantity')).toBe('4');
    expect(await cell(receiptRow, 'Purchase price')).toContain('8.5');
    expect(await cell(receiptRow, 'Landed unit cost')).toContain('8.65');
    await b.screenshot('purchase-detail');
  });
});
