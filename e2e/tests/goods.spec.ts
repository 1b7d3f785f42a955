// The goods journey: a seller creates goods with a picture, makes a combination of two goods,
// imports 1,000 goods from a spreadsheet, and finds them in the list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const run = Date.now().toString(36).toUpperCase();
const codeA = `E2E-A-${run}`;
const codeB = `E2E-B-${run}`;
const comboCode = `E2E-SET-${run}`;
const bulk = `E2EBULK${run}-`;

/** A small valid PNG (a 24×24 square of one colour). */
function png(): Buffer {
  const size = 24;
  const raw = Buffer.alloc((size * 3 + 1) * size, 0);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set([40, 120, 200], y * (size * 3 + 1) + 1 + x * 3);
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

async function goodsSpreadsheet(rows: number): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Goods');
  sheet.addRow(['Goods code', 'Goods name', 'SKU code', 'Bar code', 'Price', 'Weight (kg)']);
  for (let i = 0; i < rows; i++) sheet.addRow([`${bulk}${String(i).padStart(4, '0')}`, `Bulk item ${String(i).padStart(4, '0')}`, '', `77${String(i).padStart(10, '0')}`, (i % 90) + 9.9, 0.25]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-goods-')), 'goods.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

const drawer = () => b.page.getByRole('dialog', { name: /^New (goods|combination goods)$/ });

async function searchByCode(code: string) {
  const field = b.page.getByLabel('Code', { exact: true });
  await field.fill(code);
  await b.page.getByRole('button', { name: 'Search' }).click();
}

describe('goods', () => {
  it('creates goods with a picture', async () => {
    await b.signIn(seller.username, seller.password);
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/goods');
    await b.page.getByRole('button', { name: 'New goods' }).first().click();
    await drawer().getByLabel('Goods code', { exact: true }).fill(codeA);
    await drawer().getByLabel('Goods name', { exact: true }).fill('E2E ceramic mug');
    await drawer().getByLabel('Price', { exact: true }).fill('19.9');
    await drawer().getByLabel('Weight (kg)', { exact: true }).fill('0.35');
    await drawer().getByRole('button', { name: 'Upload picture' }).click();
    const upload = b.page.getByRole('dialog', { name: 'Upload picture' });
    await upload.locator('input[type=file]').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: png() });
    await upload.getByRole('button', { name: 'OK', exact: true }).click();
    await upload.waitFor({ state: 'hidden' });
    await drawer().getByRole('img', { name: 'Picture' }).waitFor();
    await drawer().getByRole('button', { name: 'Save' }).click();
    await b.page.getByText(`Goods ${codeA} saved`).waitFor();

    await b.page.getByRole('button', { name: 'New goods' }).first().click();
    await drawer().getByLabel('Goods code', { exact: true }).fill(codeB);
    await drawer().getByLabel('Goods name', { exact: true }).fill('E2E saucer');
    await drawer().getByLabel('Price', { exact: true }).fill('5');
    await drawer().getByRole('button', { name: 'Save' }).click();
    await b.page.getByText(`Goods ${codeB} saved`).waitFor();

    await searchByCode(codeA);
    const row = b.page.getByRole('row', { name: new RegExp(codeA) });
    await row.getByText('E2E ceramic mug').waitFor();
    await row.getByText('¥19.9000').waitFor();
    const picture = row.getByRole('img', { name: 'E2E ceramic mug' });
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toMatch(/^\/erp\/pub\/file\/sku\//);
  });

  it('makes a combination from two goods', async () => {
    await b.page.getByRole('button', { name: 'New combination' }).click();
    await drawer().getByLabel('Goods code', { exact: true }).fill(comboCode);
    await drawer().getByLabel('Goods name', { exact: true }).fill('E2E mug and saucer set');
    await drawer().getByLabel('Price', { exact: true }).fill('22');
    await drawer().getByRole('button', { name: 'Add components' }).click();
    const picker = b.page.getByRole('dialog', { name: 'Choose the components' });
    await picker.getByPlaceholder('Search by code, name, specifications or bar code').fill(`E2E-`);
    await picker.getByPlaceholder('Search by code, name, specifications or bar code').press('Enter');
    await picker.getByRole('row', { name: new RegExp(codeA) }).getByRole('checkbox').check();
    await picker.getByRole('row', { name: new RegExp(codeB) }).getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Choose 2' }).click();
    await picker.waitFor({ state: 'hidden' });
    await drawer().getByRole('spinbutton', { name: 'Quantity' }).nth(1).fill('2');
    await drawer().getByRole('button', { name: 'Save' }).click();
    await b.page.getByText(`Goods ${comboCode} saved`).waitFor();

    await searchByCode(comboCode);
    const row = b.page.getByRole('row', { name: new RegExp(comboCode) });
    await row.getByText('Combination').waitFor();
    await row.getByRole('button', { name: 'Expand row' }).click();
    const components = b.page.locator('.ant-table-expanded-row');
    await components.getByText(codeA).waitFor();
    await components.getByRole('row', { name: new RegExp(`${codeB}.*\\b2\\b`) }).waitFor();
    await b.screenshot('goods-combination');
  });

  it('imports 1,000 goods from a spreadsheet and finds them in the list', async () => {
    const file = await goodsSpreadsheet(1000);
    await b.page.getByRole('button', { name: 'Reset' }).click();
    await b.page.getByRole('button', { name: /\bImport\b/ }).click();
    await b.page.getByRole('menuitem', { name: 'Import goods' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Import goods' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    await dialog.getByText('All 1000 rows are correct').waitFor({ timeout: 60_000 });
    await dialog.getByText('New goods: 1000').waitFor();
    await dialog.getByRole('button', { name: 'Import 1000 rows' }).click();
    await dialog.getByText('Import finished').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();

    await searchByCode(bulk);
    await b.page.getByText('1000 in total').waitFor();
    await searchByCode(`${bulk}0999,${bulk}0500`);
    await b.page.getByText('2 in total').waitFor();
    await b.page.getByRole('row', { name: new RegExp(`${bulk}0500`) }).getByText('Bulk item 0500').waitFor();
    await b.page.getByLabel('Code', { exact: true }).fill('');
    await b.page.getByLabel('Name', { exact: true }).fill('Bulk item 0777');
    await b.page.getByRole('button', { name: 'Search' }).click();
    await b.page.getByText('1 in total').waitFor();
    await b.page.getByRole('row', { name: new RegExp(`${bulk}0777`) }).waitFor();
    await b.screenshot('goods-imported');
  });
});
