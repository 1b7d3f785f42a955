// The purchase-return journey, as a seller does it: a purchase order received in part (set up
// through the API: order, verify, receipt of 6), then on /purchase the returns tab is empty; a new
// return for the supplier and warehouse picks the received line, sends back two damaged units
// (the cost they leave at is shown), is saved and submitted, verified from its detail after seeing
// the cost; the warehouse delivers the outbound order, the return completes, and the purchase
// order's detail shows the two returned with the return.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `PRT-${run}`;
const warehouse = `Return WH ${run}`;
const supplierName = `Porcelain works ${run}`;

const api = seller.api;
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', {
  code: `RW${run}`,
  name: warehouse,
  type: 'SELF_WAREHOUSE',
  contact: 'Li Lei',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  street: '文三路 1 号',
});
const supplier = await api.call<{ id: number }>('/cloud/purchase/supplier/create', { code: `RS${run}`, name: supplierName });
await api.call('/myhome/spu/createSpuByHand', { code, name: 'E2E teacups', price: '19.9' });
const created = await api.call<any>('/cloud/purchase/purchase/createAndSubmit', { supplierId: supplier.id, whId: wh.id, purchaseDetailDtoList: [{ skuCode: code, qty: 10, price: '6.5' }] });
const verified = await api.call<any>('/cloud/purchase/purchase/verify', { id: created.order.id, version: created.order.version });
const orderCode: string = verified.order.code;
const asn = await api.call<any>('/cloud/purchase/asn/getById', { id: verified.order.asnId });
await api.call('/cloud/purchase/purchaseAsn/receipt', { id: asn.id, version: asn.version, lines: [{ asnDetailId: asn.asnDetails[0].id, qty: 6 }] });

describe('purchase returns: return two damaged units of a received purchase order', () => {
  let returnCode = '';

  it('drafts and submits a return of two units from the received lines', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/purchase?tab=returns');
    await page.getByText(/No purchase returns yet/).waitFor();
    await page.getByRole('button', { name: 'New purchase return' }).click();
    await page.getByText('Choose the supplier and the warehouse first').waitFor();
    await chooseOption(page, page.getByLabel('Supplier', { exact: true }), supplierName);
    await chooseOption(page, page.getByLabel('Warehouse', { exact: true }), warehouse);
    await page.getByRole('button', { name: 'Add received lines' }).click();
    const picker = page.getByRole('dialog', { name: 'Received lines of the supplier' });
    await picker.waitFor();
    await settled(page);
    const found = picker.getByRole('row', { name: new RegExp(code) });
    expect(await cell(found, 'Returnable')).toBe('6');
    await found.getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Add 1' }).click();
    await picker.waitFor({ state: 'hidden' });
    const line = page.getByRole('row', { name: new RegExp(code) });
    await line.getByText('at most 6').waitFor();
    await line.getByRole('spinbutton', { name: `Return quantity of ${code}` }).fill('2');
    await line.getByRole('textbox', { name: `Return reason of ${code}` }).fill('damaged in transit');
    await page.getByText('Lines: 1, pieces: 2').waitFor();
    // The cost the pieces leave at, before saving: the receipt cost of the order.
    await page.getByText('Total at cost').waitFor();
    await b.screenshot('purchase-return-create');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    const submitted = page.getByText(/^PR\d+ submitted for verification$/);
    await submitted.waitFor();
    returnCode = (await submitted.innerText()).replace(' submitted for verification', '');
  });

  it('verifies it from its detail after seeing the cost, and completes when the warehouse delivers', async () => {
    const drawer = page.getByRole('dialog', { name: `Purchase return ${returnCode}` });
    await drawer.waitFor();
    await drawer.getByText('Submitted', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Verify' }).click();
    const confirm = page.getByRole('dialog', { name: `Verify the purchase return ${returnCode}` });
    await confirm.waitFor();
    const costRow = confirm.getByRole('row', { name: new RegExp(code) });
    expect(await cell(costRow, 'Unit cost')).toContain('6.5');
    expect(await cell(costRow, 'Amount')).toContain('13');
    await b.screenshot('purchase-return-verify');
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`${returnCode} verified: its outbound order is waiting in the warehouse`).waitFor();
    await drawer.getByText(/Waiting for the warehouse to deliver the outbound order WDO\d+/).waitFor();

    // The warehouse verifies and delivers the purchase-return outbound order.
    const list = await api.call<any>('/cloud/purchaseReturn/search', { codeKeywords: returnCode });
    const wdoId: number = list.voList[0].wdoId;
    await api.call('/myhome/wdoHeader/verify', { id: wdoId, version: 0 });
    await api.call('/myhome/wdoHeader/updateInventory', { id: wdoId, version: 1 });

    await b.open(`/purchase?tab=returns&codeKeywords=${returnCode}`);
    const row = page.getByRole('row', { name: new RegExp(returnCode) });
    await row.getByText('Complete', { exact: true }).waitFor();
    expect(await cell(row, 'Delivered')).toBe('2 / 2');
    expect(await cell(row, 'Total at cost')).toContain('13');
    await b.screenshot('purchase-return-list');
  });

  it('shows the return on the purchase order with two returned', async () => {
    await b.open(`/purchase?codeKeywords=${orderCode}`);
    const row = page.getByRole('row', { name: new RegExp(orderCode) });
    await row.getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog', { name: `Purchase order ${orderCode}` });
    await drawer.waitFor();
    const lineRow = drawer.getByRole('row').filter({ hasText: code }).first();
    expect(await cell(lineRow, 'Returned')).toBe('2');
    await drawer.getByRole('link', { name: returnCode }).waitFor();
    await b.screenshot('purchase-order-with-return');
  });
});
