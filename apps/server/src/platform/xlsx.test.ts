import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet, templateWorkbook, writeSheetToFile, type SheetColumn } from './xlsx.js';

const columns: SheetColumn[] = [
  { key: 'code', header: '商品编码', aliases: ['Goods code'], required: true },
  { key: 'name', header: '商品名称', aliases: ['Goods name'], required: true },
  { key: 'price', header: '价格', aliases: ['Price'] },
];

async function sheetOf(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('spreadsheets', () => {
  it('reads a filled template by its header names', async () => {
    const template = await templateWorkbook('商品', columns);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, '*商品编码', '*商品名称', '价格']);
    wb.worksheets[0]!.addRow(['A001', 'Mug', 9.9]);
    const { rows, missingColumns } = await readSheet(Buffer.from(await wb.xlsx.writeBuffer()), columns);
    expect(missingColumns).toEqual([]);
    expect(rows).toEqual([{ rowNumber: 2, values: { code: 'A001', name: 'Mug', price: '9.9' } }]);
  });

  it('accepts headers in another language and in any column order, and skips empty rows', async () => {
    const data = await sheetOf([['Price', 'Goods name', 'Goods code'], [1.5, 'Cup', '00123'], [], ['', '', ''], [2, 'Plate', 'P1']]);
    const { rows } = await readSheet(data, columns);
    expect(rows.map((r) => [r.rowNumber, r.values.code, r.values.price])).toEqual([
      [2, '00123', '1.5'],
      [5, 'P1', '2'],
    ]);
  });

  it('names the required columns the header row lacks', async () => {
    const { missingColumns } = await readSheet(await sheetOf([['商品编码', '备注'], ['A', 'x']]), columns);
    expect(missingColumns.map((c) => c.key)).toEqual(['name']);
  });

  it('streams an export to a file', async () => {
    const file = path.join(os.tmpdir(), `export-${Date.now()}.xlsx`);
    async function* batches() {
      yield [{ code: 'A', name: 'One', price: '1.0000' }];
      yield [{ code: 'B', name: 'Two', price: '2.0000' }];
    }
    expect(await writeSheetToFile(file, 'Goods', columns, batches())).toBe(2);
    const { rows } = await readSheet(fs.readFileSync(file), columns);
    expect(rows.map((r) => r.values.name)).toEqual(['One', 'Two']);
    fs.rmSync(file);
  });
});
