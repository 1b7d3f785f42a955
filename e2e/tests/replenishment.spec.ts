// Replenishment, as a seller does it: the supplier's receipt tolerance set as a percent on the
// supplier form; the replenishment suggestions (two SKUs below their warning level in a warehouse
// with no stock, one supplied by the supplier); the supplied SKU chosen and drafted into a
// purchase order that opens prefilled on the order page; a file of lines imported there (a bad file
// first, every bad row listed, then a good one); the order saved and the suggestion gone, now on
// order. Warehouse, supplier, goods, supply goods and warning levels are set up through the API.
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { cellOf as cell, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
afterAll(() => b.context.close());
const seller = await newSeller();
const page = b.page;
const run = Date.now().toString(36).toUpperCase();
const warehouse = `Replenish WH ${run}`;
const supplierName = `Cup works ${run}`;
const supplied = `CUP-${run}`;
const unsupplied = `LID-${run}`;
const extra = `SPOON-${run}`;

const api = seller.api;
const wh = await api.call('/myhome/warehouse/create', {
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
const supplier = await api.call('/cloud/purchase/supplier/create', { code: `CW${run}`, name: supplierName });
const skuIdOf = async (code: string, name: string) => (await api.call('/myhome/spu/createSpuByHand', { code, name, price: '19.9' })).skus[0].id as number;
const cup = await skuIdOf(supplied, 'E2E cup');
const lid = await skuIdOf(unsupplied, 'E2E lid');
await skuIdOf(extra, 'E2E spoon');
await api.call('/cloud/purchase/supplyGoods/save', { supplierId: supplier.id, items: [{ skuId: cup, purchasePrice: '3.2' }] });
await api.call('/myhome/bizinventory/updateWarning', { whId: wh.id, skuId: cup, warningQty: 20 });
await api.call('/myhome/bizinventory/updateWarning', { whId: wh.id, skuId: lid, warningQty: 5 });

async function linesFile(rows: (string | number | null)[][]): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lines');
  ws.addRow(['SKU code', 'Quantity', 'Purchase price', 'Remark']);
  for (const r of rows) ws.addRow(r);
  return { name: 'lines.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

describe('replenishment: tolerance, suggestions, a drafted order with imported lines', () => {
  it('sets the supplier’s receipt tolerance as a percent', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/config/supplierManagement');
    const row = page.getByRole('row', { name: new RegExp(supplierName) });
    expect(await cell(row, 'Receipt tolerance')).toBe('0%');
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit supplier ${supplierName}` });
    await settled(page);
    const tolerance = dialog.getByRole('spinbutton', { name: 'Receipt tolerance' });
    await tolerance.fill('5.555');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a percent from 0 to 100, with at most 2 decimals').waitFor();
    await tolerance.fill('5.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Supplier ${supplierName} saved`).waitFor();
    await expect.poll(() => cell(row, 'Receipt tolerance')).toBe('5.5%');
  });

  it('lists what to buy and drafts a purchase order from the chosen row', async () => {
    await b.open('/purchase');
    await page.getByRole('button', { name: 'Replenishment suggestions' }).click();
    await page.getByText('How the suggestion is reckoned').waitFor();
    const cupRow = page.getByRole('row', { name: new RegExp(supplied) });
    const lidRow = page.getByRole('row', { name: new RegExp(unsupplied) });
    await cupRow.waitFor();
    expect(await cell(cupRow, 'Warehouse')).toBe(warehouse);
    expect(await cell(cupRow, 'Warning level')).toBe('20');
    expect(await cell(cupRow, 'Suggested')).toBe('20');
    expect(await cell(cupRow, 'Supplier')).toContain(supplierName);
    expect(await cell(cupRow, 'Purchase price')).toContain('3.2');
    expect(await cell(lidRow, 'Suggested')).toBe('5');
    expect(await cell(lidRow, 'Supplier')).toBe('No supplier');
    await b.screenshot('replenishment-suggestions');

    await cupRow.getByRole('checkbox', { name: `Choose ${supplied} in ${warehouse}` }).check();
    await page.getByRole('button', { name: 'Draft purchase orders (1)' }).click();
    await page.getByText('Drafted from the replenishment suggestions: check the quantities and prices, then save').waitFor();
    await page.getByText('Lines: 1 SKUs, 20 pieces').waitFor();
    const line = page.getByRole('row', { name: new RegExp(supplied) });
    expect(await line.getByRole('spinbutton', { name: `Quantity of ${supplied}` }).inputValue()).toBe('20');
    expect(await line.getByRole('spinbutton', { name: `Purchase price of ${supplied}` }).inputValue()).toContain('3.2');
  });

  it('imports lines from a file: every bad row listed at once, then the good file’s lines added', async () => {
    await page.getByRole('button', { name: 'Import lines' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import purchase lines from Excel' });
    await dialog.locator('input[type=file]').setInputFiles(
      await linesFile([
        ['NO-SUCH-SKU', 1, null, null],
        [extra, 0, null, null],
        [extra, 2, '1.23456', null],
      ]),
    );
    await dialog.getByText('3 problems in 3 rows; nothing was added. Correct the file and choose it again.').waitFor();
    await dialog.getByText('No SKU has the code NO-SUCH-SKU').waitFor();
    await dialog.getByText('At most 4 decimals').waitFor();
    await b.screenshot('replenishment-import-problems');
    await dialog.locator('input[type=file]').setInputFiles(
      await linesFile([
        [extra, 12, '0.8', 'steel'],
        [supplied, 24, null, null],
      ]),
    );
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('2 lines imported').waitFor();
    // The cup's line takes the file's quantity; the spoon is added after it.
    await page.getByText('Lines: 2 SKUs, 36 pieces').waitFor();
    expect(await page.getByRole('spinbutton', { name: `Quantity of ${supplied}` }).inputValue()).toBe('24');
    // The file gives no price for it: the supplier's price stays.
    expect(await page.getByRole('spinbutton', { name: `Purchase price of ${supplied}` }).inputValue()).toContain('3.2');
    expect(await page.getByRole('spinbutton', { name: `Quantity of ${extra}` }).inputValue()).toBe('12');
    await b.screenshot('replenishment-drafted-order');
  });

  it('saves the draft, and the suggestion counts it as on order', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByText(/^Purchase order PO\d+ saved$/);
    await saved.waitFor();
    const orderCode = (await saved.innerText()).replace('Purchase order ', '').replace(' saved', '');
    await page.getByRole('row', { name: new RegExp(orderCode) }).getByText('Draft', { exact: true }).waitFor();

    await b.open('/purchase/replenishment?all=1');
    const cupRow = page.getByRole('row', { name: new RegExp(supplied) });
    await cupRow.waitFor();
    expect(await cell(cupRow, 'On open orders')).toBe('24');
    expect(await cell(cupRow, 'Suggested')).toBe('0');
    expect(b.takeCspViolations()).toEqual([]);
  });
});
