// An import's problems reach the person as codes the page words in their language: a file with a
// negative price and a repeated SKU code, checked by a Japanese reader, lists each row's problem
// in Japanese, and nothing is imported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
const pack = (language: string, namespace: string) => JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, any>;
const ja = { goods: pack('ja', 'goods'), common: pack('ja', 'common'), problems: pack('ja', 'importproblems') as Record<string, string> };
const run = Date.now().toString(36).toUpperCase();

async function badGoodsFile(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Goods');
  sheet.addRow(['Goods code', 'Goods name', 'SKU code', 'Bar code', 'Price', 'Weight (kg)']);
  sheet.addRow([`E2E-PROB-${run}`, 'Good row', `E2E-PROB-${run}-A`, '', 9.9, 0.25]);
  sheet.addRow([`E2E-PROB-${run}`, 'Negative price', `E2E-PROB-${run}-B`, '', -1, 0.25]);
  sheet.addRow([`E2E-PROB-${run}`, 'Repeated SKU', `E2E-PROB-${run}-A`, '', 5, 0.25]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-problems-')), 'goods.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

const seller = await newSeller();
const b = await launchBrowser();
afterAll(() => b.context.close());

describe('import problems', () => {
  it('lists each bad row with its problem in the reader language, and imports nothing', async () => {
    await b.signIn(seller.username, seller.password);
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.page.evaluate(() => localStorage.setItem('openseller.language', 'ja'));
    await b.open('/goods');
    await b.page.reload();
    await b.page.getByRole('button', { name: ja.goods.list.import }).first().click();
    await b.page.getByRole('menuitem', { name: ja.goods.import.goodsTitle, exact: true }).click();
    const dialog = b.page.getByRole('dialog', { name: ja.goods.import.goodsTitle });
    await dialog.locator('input[type=file]').setInputFiles(await badGoodsFile());
    await dialog.getByRole('button', { name: ja.common.imports.start }).click();
    await dialog.getByText(ja.problems.NEGATIVE!).waitFor({ timeout: 60_000 });
    await dialog.getByText(ja.problems.DUPLICATE_ROW!.replace('{{row}}', '2')).waitFor();
    expect(await dialog.getByRole('row').count()).toBe(3);
    await b.screenshot('import-problems-ja');
    expect(b.takeCspViolations()).toEqual([]);
  });
});
