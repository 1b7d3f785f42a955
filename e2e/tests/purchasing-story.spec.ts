// Issue 15's story as one journey, as a seller does it: a purchase order drafted from the
// replenishment suggestions, submitted and verified; part of it received through its inbound
// notice, and the stock page shows the pieces and their average cost; two damaged units returned to
// the supplier; the payable recorded from the receipt and the debit note the return made, both seen
// on the payables tab; a prepayment made; both paid in one payment, part from it and the rest by bank
// transfer; and the order shows received, returned and settled. Warehouse, supplier, goods, the
// supplier's price, the warning level (so the suggestion appears) and the warehouse's delivery of
// the return's outbound order are done through the API; the prepayment is made on the page.
import { describe, expect, it } from 'vitest';
import { cellOf as cell, chooseOption, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const code = `STORY-${run}`;
const warehouse = `Story WH ${run}`;
const supplierName = `Kettle works ${run}`;

const api = seller.api;
const wh = await api.call<{ id: number }>('/myhome/warehouse/create', {
  code: `SW${run}`,
  name: warehouse,
  type: 'SELF_WAREHOUSE',
  contact: 'Li Lei',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  county: '西湖区',
  street: '文三路 1 号',
});
const supplier = await api.call<{ id: number }>('/cloud/purchase/supplier/create', { code: `SS${run}`, name: supplierName });
const sku = (await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: 'E2E kettle', price: '59.9' })).skus[0]!.id;
await api.call('/cloud/purchase/supplyGoods/save', { supplierId: supplier.id, items: [{ skuId: sku, purchasePrice: '5' }] });
await api.call('/myhome/bizinventory/updateWarning', { whId: wh.id, skuId: sku, warningQty: 20 });

async function showStock() {
  await b.open('/stocks?activeKey=1');
  await page.getByRole('textbox', { name: 'Keywords' }).fill(code);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: warehouse }).filter({ hasText: code });
  await row.waitFor();
  return row;
}

describe('purchasing story: suggestion → order → part receipt → return → payable and debit note → paid → settled', () => {
  let orderCode = '';
  let asnCode = '';
  let returnCode = '';
  let payableCode = '';
  let debitNoteCode = '';
  let paymentCode = '';
  let prepaidCode = '';

  it('drafts a purchase order from the replenishment suggestions, submits and verifies it', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/purchase');
    await page.getByRole('button', { name: 'Replenishment suggestions' }).click();
    const suggestion = page.getByRole('row', { name: new RegExp(code) });
    await suggestion.waitFor();
    expect(await cell(suggestion, 'Suggested')).toBe('20');
    expect(await cell(suggestion, 'Supplier')).toContain(supplierName);
    await b.screenshot('story-suggestions');
    await suggestion.getByRole('checkbox', { name: `Choose ${code} in ${warehouse}` }).check();
    await page.getByRole('button', { name: 'Draft purchase orders (1)' }).click();
    await page.getByText('Lines: 1 SKUs, 20 pieces').waitFor();
    expect(await page.getByRole('spinbutton', { name: `Purchase price of ${code}` }).inputValue()).toContain('5');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    const submitted = page.getByText(/^Purchase order PO\d+ submitted$/);
    await submitted.waitFor();
    orderCode = (await submitted.innerText()).replace('Purchase order ', '').replace(' submitted', '');

    const row = page.getByRole('row', { name: new RegExp(orderCode) });
    await row.getByText('Submitted', { exact: true }).waitFor();
    expect(await cell(row, 'Received / ordered')).toBe('0 / 20');
    expect(await cell(row, 'Amount')).toContain('100');
    await row.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog').filter({ hasText: `Verify purchase order ${orderCode}?` }).getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByText(`Purchase order ${orderCode} verified`).waitFor();
    await row.getByText('Verified', { exact: true }).waitFor();
    const asn = row.getByRole('link', { name: /^ASN\d+$/ });
    await asn.waitFor();
    asnCode = await asn.innerText();
    await b.screenshot('story-verified');
  }, 120_000);

  it('receives 6 of the 20, and the stock page shows them at their average cost', async () => {
    await page.getByRole('row', { name: new RegExp(orderCode) }).getByRole('link', { name: asnCode }).click();
    const notice = page.getByRole('row', { name: new RegExp(asnCode) });
    await notice.getByRole('button', { name: 'Receive' }).click();
    const receipt = page.getByRole('dialog', { name: `Receive ${asnCode}` });
    const pieces = receipt.getByRole('spinbutton', { name: `Pieces of ${code}` });
    await expect.poll(() => pieces.first().inputValue()).toBe('20');
    await pieces.first().fill('6');
    await receipt.getByRole('button', { name: 'Receive', exact: true }).click();
    await page.getByText('Received 6 of 20 pieces').waitFor();

    const stock = await showStock();
    await expect.poll(() => cell(stock, 'On hand')).toBe('6');
    expect(await cell(stock, 'Average cost')).toContain('5.0000');
    expect(await cell(stock, 'Stock value')).toContain('30.0000');
    await b.screenshot('story-stock-received');

    await b.open(`/purchase?codeKeywords=${orderCode}`);
    const row = page.getByRole('row', { name: new RegExp(orderCode) });
    await row.getByText('Partly received', { exact: true }).waitFor();
    expect(await cell(row, 'Received / ordered')).toBe('6 / 20');
    expect(await cell(row, 'Settlement')).toBe('To settle');
  }, 120_000);

  it('returns two damaged units to the supplier, and they leave the stock', async () => {
    await b.open('/purchase?tab=returns');
    await page.getByRole('button', { name: 'New purchase return' }).click();
    // The form's supplier list loads with the page: choose once it has.
    await page.getByRole('heading', { name: 'New purchase return' }).waitFor();
    await settled(page);
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
    await line.getByRole('spinbutton', { name: `Return quantity of ${code}` }).fill('2');
    await line.getByRole('textbox', { name: `Return reason of ${code}` }).fill('damaged in transit');
    await page.getByText('Lines: 1, pieces: 2').waitFor();
    await page.getByRole('button', { name: 'Save and submit' }).click();
    const submitted = page.getByText(/^PR\d+ submitted for verification$/);
    await submitted.waitFor();
    returnCode = (await submitted.innerText()).replace(' submitted for verification', '');

    const drawer = page.getByRole('dialog', { name: `Purchase return ${returnCode}` });
    await drawer.getByRole('button', { name: 'Verify' }).click();
    const confirm = page.getByRole('dialog', { name: `Verify the purchase return ${returnCode}` });
    const costRow = confirm.getByRole('row', { name: new RegExp(code) });
    expect(await cell(costRow, 'Unit cost')).toContain('5');
    expect(await cell(costRow, 'Amount')).toContain('10');
    await settled(page);
    await b.screenshot('story-return-verify');
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`${returnCode} verified: its outbound order is waiting in the warehouse`).waitFor();

    // The warehouse verifies and delivers the purchase-return outbound order.
    const list = await api.call<{ voList: { wdoId: number }[] }>('/cloud/purchaseReturn/search', { codeKeywords: returnCode });
    const wdoId = list.voList[0]!.wdoId;
    await api.call('/myhome/wdoHeader/verify', { id: wdoId, version: 0 });
    await api.call('/myhome/wdoHeader/updateInventory', { id: wdoId, version: 1 });

    await b.open(`/purchase?tab=returns&codeKeywords=${returnCode}`);
    const row = page.getByRole('row', { name: new RegExp(returnCode) });
    await row.getByText('Complete', { exact: true }).waitFor();
    expect(await cell(row, 'Delivered')).toBe('2 / 2');

    const stock = await showStock();
    await expect.poll(() => cell(stock, 'On hand')).toBe('4');
    expect(await cell(stock, 'Average cost')).toContain('5.0000');
  }, 120_000);

  it('records the payable from the receipt and sees it with the debit note of the return', async () => {
    await b.open('/finance/payment-management');
    const bill = page.getByRole('row', { name: new RegExp(code) });
    await bill.getByText('To record', { exact: true }).waitFor();
    expect(await cell(bill, 'Received')).toBe('6');
    expect(await cell(bill, 'Amount')).toContain('30.0000');
    await bill.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Record selected (1)' }).click();
    const recorded = page.getByText(/^Recorded on YF\d+$/);
    await recorded.waitFor();
    payableCode = (await recorded.innerText()).replace('Recorded on ', '');

    await page.getByRole('tab', { name: 'Payables' }).click();
    const row = page.getByRole('row', { name: new RegExp(payableCode) });
    await row.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').filter({ hasText: `Submit the payable ${payableCode}?` }).getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByText('Submitted', { exact: true }).waitFor();
    await settled(page);
    await row.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog').filter({ hasText: `Verify the payable ${payableCode}?` }).getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByText('In effect', { exact: true }).waitFor();
    expect(await cell(row, 'Outstanding')).toContain('30.0000');

    const note = page.getByRole('row').filter({ hasText: supplierName }).filter({ hasText: 'Debit note' });
    await note.waitFor();
    debitNoteCode = (await note.innerText()).match(/YF\d+/)![0];
    expect(await cell(note, 'Amount')).toBe('-¥10.0000');
    expect(await cell(note, 'Outstanding')).toBe('-¥10.0000');
    await b.screenshot('story-payable-and-debit-note');
  }, 120_000);

  it('pays the supplier 12 in advance: a prepayment, verified', async () => {
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByRole('button', { name: 'New prepayment' }).click();
    await chooseOption(page, page.getByLabel('Supplier', { exact: true }), supplierName);
    await page.getByLabel('Amount paid', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    const saved = page.getByText(/^FK\d+ saved and submitted$/);
    await saved.waitFor();
    prepaidCode = (await saved.innerText()).replace(' saved and submitted', '');
    const row = page.getByRole('row', { name: new RegExp(prepaidCode) });
    expect(await cell(row, 'Payment type')).toBe('Prepayment');
    await row.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog').filter({ hasText: `Verify the payment ${prepaidCode}?` }).getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByText('In effect', { exact: true }).waitFor();
  }, 120_000);

  it('pays both in one payment: 12 from the prepayment, the other 8 by bank transfer', async () => {
    await page.getByRole('tab', { name: 'Payables' }).click();
    await page.getByRole('row', { name: new RegExp(payableCode) }).getByRole('checkbox').check();
    await page.getByRole('row', { name: new RegExp(debitNoteCode) }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Pay selected (2)' }).click();
    await page.getByText('Payables to pay').waitFor();
    await page.getByRole('row', { name: new RegExp(debitNoteCode) }).getByRole('checkbox').waitFor();
    expect(await page.getByRole('checkbox', { name: payableCode }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: debitNoteCode }).isChecked()).toBe(true);
    await page.getByLabel(`From prepayments ${prepaidCode}`).fill('12');
    await page.getByText('8.0000').waitFor();
    await b.screenshot('story-create-paid');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    // The prepayment's toast may still be showing: this payment's is the other one.
    const saved = page.getByText(/^FK\d+ saved and submitted$/).filter({ hasNotText: prepaidCode });
    await saved.waitFor();
    paymentCode = (await saved.innerText()).replace(' saved and submitted', '');

    const payment = page.getByRole('row', { name: new RegExp(paymentCode) });
    expect(await cell(payment, 'From prepayments')).toBe('¥12.0000');
    expect(await cell(payment, 'Paid in money')).toBe('¥8.0000');
    await payment.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog').filter({ hasText: `Verify the payment ${paymentCode}?` }).getByRole('button', { name: 'OK', exact: true }).click();
    await payment.getByText('In effect', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Payables' }).click();
    for (const paidCode of [payableCode, debitNoteCode]) {
      const paid = page.getByRole('row', { name: new RegExp(paidCode) });
      await paid.getByText('Paid', { exact: true }).waitFor();
      expect(await cell(paid, 'Outstanding')).toContain('0.0000');
    }
  }, 120_000);

  it('shows the order received, returned and settled', async () => {
    await b.open(`/purchase?codeKeywords=${orderCode}`);
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(orderCode) });
    await row.getByText('Partly received', { exact: true }).waitFor();
    expect(await cell(row, 'Received / ordered')).toBe('6 / 20');
    expect(await cell(row, 'Settlement')).toBe('Settled');
    await row.getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog', { name: `Purchase order ${orderCode}` });
    await drawer.waitFor();
    const lineRow = drawer.getByRole('row').filter({ hasText: code }).first();
    await lineRow.waitFor();
    expect(await cell(lineRow, 'Returned')).toBe('2');
    await drawer.getByRole('link', { name: returnCode }).waitFor();
    await drawer.getByRole('row', { name: new RegExp(payableCode) }).getByRole('link', { name: payableCode }).waitFor();
    const noteRow = drawer.getByRole('row', { name: new RegExp(debitNoteCode) }).first();
    await noteRow.getByText('Debit note').waitFor();
    expect(await cell(noteRow, 'Payment')).toBe('Paid');
    const paidOnNote = drawer.getByRole('row').filter({ hasText: paymentCode }).filter({ hasText: debitNoteCode });
    expect(await cell(paidOnNote, 'Allocated')).toBe('-¥10.0000');
    const paidOnPayable = drawer.getByRole('row').filter({ hasText: paymentCode }).filter({ hasText: payableCode });
    expect(await cell(paidOnPayable, 'Allocated')).toBe('¥30.0000');
    await b.screenshot('story-order-settled');
    await drawer.getByRole('heading', { name: 'Payments' }).scrollIntoViewIfNeeded();
    await b.screenshot('story-order-payables-and-payments');
    expect(b.takeCspViolations()).toEqual([]);
  }, 120_000);
});
