// Spreadsheets with ExcelJS: import templates, reading rows by their header names, and streamed
// exports. Sheets made in Excel, WPS or LibreOffice read the same way.
import ExcelJS from 'exceljs';

export interface SheetColumn {
  key: string;
  /** The header written in templates and exports. */
  header: string;
  /** Other header texts accepted when reading (the header in other languages). */
  aliases?: string[];
  required?: boolean;
  width?: number;
  /** A note on the header cell: the format, an example. */
  note?: string;
}

export interface SheetRow {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  values: Record<string, string>;
}

const normalizeHeader = (text: string) =>
  text
    .replace(/[*＊]/g, '')
    .replace(/[（(].*?[)）]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

export async function templateWorkbook(sheetName: string, columns: SheetColumn[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'OpenSeller';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.required ? `*${c.header}` : c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF3FA' } };
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    if (c.required) cell.font = { bold: true, color: { argb: 'FFD4380D' } };
    if (c.note) cell.note = c.note;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // Text format for every column, so codes like 00123 keep their zeros.
  columns.forEach((_, i) => {
    sheet.getColumn(i + 1).numFmt = '@';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ReadResult {
  rows: SheetRow[];
  /** Required columns whose header is not in the first row. */
  missingColumns: SheetColumn[];
}

/** Reads the first sheet: the first row names the columns, every later non-empty row is data. */
export async function readSheet(data: Buffer, columns: SheetColumn[]): Promise<ReadResult> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [], missingColumns: columns.filter((c) => c.required) };
  const byHeader = new Map<string, SheetColumn>();
  for (const c of columns) for (const h of [c.header, c.key, ...(c.aliases ?? [])]) byHeader.set(normalizeHeader(h), c);
  const positions = new Map<number, SheetColumn>();
  sheet.getRow(1).eachCell({ includeEmpty: false }, (cell, col) => {
    const column = byHeader.get(normalizeHeader(cellText(cell.value)));
    if (column) positions.set(col, column);
  });
  const found = new Set([...positions.values()].map((c) => c.key));
  const missingColumns = columns.filter((c) => c.required && !found.has(c.key));
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    for (const [col, column] of positions) {
      const text = cellText(row.getCell(col).value).trim();
      values[column.key] = text;
      if (text) any = true;
    }
    if (any) rows.push({ rowNumber, values });
  });
  return { rows, missingColumns };
}

/** Writes rows to an .xlsx file as they come, so an export of many rows stays small in memory. */
export async function writeSheetToFile(
  filePath: string,
  sheetName: string,
  columns: SheetColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      sheet.addRow(row).commit();
      count++;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
