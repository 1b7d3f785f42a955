// The import dialog tells a person what happened to a task: a checked file can be cancelled and
// nothing is imported; a load a server restart interrupted says so, says when it runs again, and
// says when it gave up. The interruption itself is proven by the API tests (a worker process
// killed in the middle of a load); here the dialog is shown the task as the server reports it
// after a restart, by editing the answers of its polling on their way to the page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Route } from 'playwright-core';
import { describe, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const run = Date.now().toString(36).toUpperCase();

async function goodsSpreadsheet(prefix: string, rows: number): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Goods');
  sheet.addRow(['Goods code', 'Goods name', 'SKU code', 'Bar code', 'Price', 'Weight (kg)']);
  for (let i = 0; i < rows; i++) sheet.addRow([`${prefix}${i}`, `Task item ${i}`, '', '', 9.9, 0.25]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-import-')), 'goods.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

async function checkFile(prefix: string, rows: number) {
  // The toolbar's menu (a goods list with nothing in it offers the import a second time).
  await b.page.getByRole('button', { name: /\bImport\b/ }).first().click();
  await b.page.getByRole('menuitem', { name: 'Import goods' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Import goods' });
  await dialog.locator('input[type=file]').setInputFiles(await goodsSpreadsheet(prefix, rows));
  await dialog.getByRole('button', { name: 'Upload and check' }).click();
  await dialog.getByText(`All ${rows} rows are correct`).waitFor({ timeout: 60_000 });
  return dialog;
}

describe('the import dialog', () => {
  it('cancels a checked file, and nothing is imported', async () => {
    await b.signIn(seller.username, seller.password);
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/goods');
    const prefix = `E2E-CANCEL-${run}-`;
    const dialog = await checkFile(prefix, 2);
    await dialog.getByRole('button', { name: 'Cancel import' }).click();
    await b.page.getByText('Import cancelled').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await b.page.getByLabel('Code', { exact: true }).fill(prefix);
    await b.page.getByRole('button', { name: 'Search' }).click();
    await b.page.getByText('No goods match these filters').waitFor();
    await b.page.getByRole('button', { name: 'Reset' }).click();
  });

  it('says a restart interrupted the load and that it runs again, offers to cancel only while nobody loads it, and says when it gave up', async () => {
    let edit: Record<string, unknown> = {};
    const polled = async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, ...edit } } });
    };
    await b.page.route('**/cloud/core/import/get', polled);
    try {
      const dialog = await checkFile(`E2E-RESTART-${run}-`, 3);
      edit = { status: 'LOADING', processedRows: 0, percentage: 0, interruptions: 1, notice: 'INTERRUPTED', cancellable: true, result: null };
      await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
      await dialog.getByText('The server restarted while this import was running. Nothing was imported; it will start again by itself shortly.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel import' }).waitFor();
      await b.screenshot('import-interrupted');

      edit = { ...edit, notice: 'RESUMED', cancellable: false, processedRows: 1, percentage: 33 };
      await dialog.getByText('Started again after a server restart. Nothing from the interrupted run was kept.').waitFor();
      await dialog.getByText('Importing: 1 of 3 rows').waitFor();
      await dialog.getByRole('button', { name: 'Cancel import' }).waitFor({ state: 'detached' });

      edit = { status: 'FAILED', processedRows: 0, interruptions: 3, notice: 'GAVE_UP', cancellable: true, message: 'Interrupted by 3 server restarts' };
      await dialog.getByText('Server restarts interrupted this import too many times, so it has stopped. Nothing was imported; upload the file again.').waitFor();
      await dialog.getByRole('button', { name: 'Choose another file' }).waitFor();
      await b.screenshot('import-gave-up');
    } finally {
      await b.page.unroute('**/cloud/core/import/get', polled);
    }
  });
});
