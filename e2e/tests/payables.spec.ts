// The payables journey, as a seller does it: goods received on a verified purchase order (set up
// through the API, with a prepayment to the supplier) appear as a bill to record; recorded, the
// payable is submitted and verified; then it is paid in one payment: part from the prepayment,
// the rest by bank transfer; verified, the payable shows paid and the prepayment is used up.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `PAY-${run}`;
const supplierName = `Paper mill ${run}`;

const api = seller.api;
const warehouse = await api.call<{ id: number }>('/myhome/warehouse/create', {
  code: `FW${run}`,
  name: `Finance WH ${run}`,
  type: 'SELF_WAREHOUSE',
  contact: 'Li Lei',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  street: '文三路 1 号',
});
const supplier = await api.call<{ id: number }>('/cloud/purchase/supplier/create', { code: `FS${run}`, name: supplierName });
await api.call('/myhome/spu/createSpuByHand', { code, name: 'E2E paper', price: '19.9' });
const created = await api.call<{ order: { id: number; version: number; code: string } }>('/cloud/purchase/purchase/createAndSubmit', {
  supplierId: supplier.id,
  whId: warehouse.id,
  purchaseDetailDtoList: [{ skuCode: code, qty: 10, price: '8.5' }],
});
const verified = await api.call<{ order: { asnId: number } }>('/cloud/purchase/purchase/verify', { id: created.order.id, version: created.order.version });
const asn = await api.call<{ id: number; version: number; asnDetails: { id: number }[] }>('/cloud/purchase/asn/getById', { id: verified.order.asnId });
await api.call('/cloud/purchase/purchaseAsn/receipt', { id: asn.id, version: asn.version, lines: [{ asnDetailId: asn.asnDetails[0]!.id, qty: 4 }] });
const prepaid = await api.call<{ payment: { id: number; version: number; code: string } }>('/cloud/advance/finance/payment/createPrepaid', { paymentObjectId: supplier.id, paymentMode: 'BANK', amountPaid: '20' });
const submittedPrepaid = await api.call<{ payment: { id: number; version: number } }>('/cloud/advance/finance/payment/submit', { id: prepaid.payment.id, version: prepaid.payment.version });
await api.call('/cloud/advance/finance/payment/verify', { id: submittedPrepaid.payment.id, version: submittedPrepaid.payment.version });

describe('payables: record a bill, verify the payable, pay it with a prepayment and a bank transfer', () => {
  let payableCode = '';
  let paymentCode = '';

  it('records the received goods as a payable and verifies it', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/finance/payment-management');
    const bill = page.getByRole('row', { name: new RegExp(code) });
    await bill.getByText('To record', { exact: true }).waitFor();
    expect(await cell(bill, 'Received')).toBe('4');
    expect(await cell(bill, 'Amount')).toContain('34.0000');
    await b.screenshot('finance-bills');
    await bill.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Record selected (1)' }).click();
    const recorded = page.getByText(/^Recorded on YF\d+$/);
    await recorded.waitFor();
    payableCode = (await recorded.innerText()).replace('Recorded on ', '');

    await page.getByRole('tab', { name: 'Payables' }).click();
    const row = page.getByRole('row', { name: new RegExp(payableCode) });
    await row.getByText('Draft', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').filter({ hasText: `Submit the payable ${payableCode}?` }).getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByText('Submitted', { exact: true }).waitFor();
    await settled(page);
    await row.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog').filter({ hasText: `Verify the payable ${payableCode}?` }).getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByText('In effect', { exact: true }).waitFor();
    expect(await cell(row, 'Payment state')).toBe('Not paid');
    expect(await cell(row, 'Outstanding')).toContain('34.0000');
    await b.screenshot('finance-payables');
  });

  it('pays 20 from the prepayment and the rest by bank transfer in one payment', async () => {
    const row = page.getByRole('row', { name: new RegExp(payableCode) });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Pay selected (1)' }).click();
    await page.getByText('Payables to pay').waitFor();
    const toPay = page.getByRole('row', { name: new RegExp(payableCode) });
    await toPay.getByRole('checkbox').waitFor();
    expect(await toPay.getByRole('checkbox').isChecked()).toBe(true);
    await page.getByLabel(`From prepayments ${prepaid.payment.code}`).fill('20');
    await page.getByText('14.0000').waitFor();
    await b.screenshot('finance-create-paid');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    const saved = page.getByText(/^FK\d+ saved and submitted$/);
    await saved.waitFor();
    paymentCode = (await saved.innerText()).replace(' saved and submitted', '');

    const payment = page.getByRole('row', { name: new RegExp(paymentCode) });
    expect(await cell(payment, 'From prepayments')).toContain('20.0000');
    expect(await cell(payment, 'Paid in money')).toContain('14.0000');
    await payment.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog').filter({ hasText: `Verify the payment ${paymentCode}?` }).getByRole('button', { name: 'OK', exact: true }).click();
    await payment.getByText('In effect', { exact: true }).waitFor();
    await b.screenshot('finance-payments');

    await page.getByRole('tab', { name: 'Payables' }).click();
    const paid = page.getByRole('row', { name: new RegExp(payableCode) });
    await paid.getByText('Paid', { exact: true }).waitFor();
    expect(await cell(paid, 'Outstanding')).toContain('0.0000');
    const balance = await api.call<{ balance: string }>('/cloud/advance/finance/payment/prepaidBalance', { supplierId: supplier.id });
    expect(balance.balance).toBe('0.0000');
  });

  it('shows the order settled in the purchase list, and its payable and payment in the purchase detail', async () => {
    await b.open('/purchase?settleStatus=SETTLED');
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(created.order.code) });
    expect(await cell(row, 'Settlement')).toBe('Settled');
    await b.screenshot('purchase-list-settlement');
    await row.getByText(created.order.code, { exact: true }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `Purchase order ${created.order.code}` });
    const payableRow = drawer.getByRole('row', { name: new RegExp(payableCode) }).first();
    await payableRow.getByRole('link', { name: payableCode }).waitFor();
    expect(await cell(payableRow, 'Amount')).toContain('34.0000');
    const paymentRow = drawer.getByRole('row', { name: new RegExp(paymentCode) });
    expect(await cell(paymentRow, 'Allocated')).toContain('34.0000');
    expect(await paymentRow.getByRole('link', { name: paymentCode }).getAttribute('href')).toBe(`#/finance/payment-management?activeKey=financePaid&code=${paymentCode}`);
    await drawer.getByRole('heading', { name: 'Payments' }).scrollIntoViewIfNeeded();
    await b.screenshot('purchase-settlement');
    await page.keyboard.press('Escape');
  });

  it('edits a draft other payable and submits it', async () => {
    const draft = await api.call<{ payable: { code: string } }>('/cloud/advance/finance/payable/createOtherPayable', {
      payableObjectId: supplier.id,
      details: [{ payableItemName: 'Freight', payableQty: 1, payablePrice: '12.5' }],
    });
    // Made through the API: the page's cached list is reloaded to show it.
    await b.open('/finance/payment-management?activeKey=financePayable');
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(draft.payable.code) });
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByText(`Edit payable ${draft.payable.code}`).waitFor();
    const qty = page.getByPlaceholder('Quantity');
    await expect.poll(() => qty.inputValue()).toBe('1');
    await qty.fill('2');
    await page.getByText('¥25.0000').waitFor();
    await page.getByRole('button', { name: 'Save and submit' }).click();
    await page.getByText(`${draft.payable.code} saved and submitted`).waitFor();
    const edited = page.getByRole('row', { name: new RegExp(draft.payable.code) });
    await edited.getByText('Submitted', { exact: true }).waitFor();
    expect(await cell(edited, 'Amount')).toContain('25.0000');
  });
});
