// Spreadsheet imports of the inventory: the opening inventory (kind OPENING_INVENTORY) and
// warning levels (kind STOCK_WARNINGS). Both are checked row by row against the domain and load
// all rows in one transaction, or none.
import { OpeningInventoryRow, StockWarningImportRow, type Language } from '@openseller/core';
import type { Importer, ImportContext, RowProblem } from '../../../platform/imports.js';
import { skusOf, warehousesOf } from './inventory.queries.js';
import { applyWarnings, loadOpening, resolveOpening, say, type WarningChange } from './inventory.service.js';
import { ImportFailure, rowProblem, rowProblems } from '../../../platform/import-problems.js';

const columns = (language: Language, list: [key: string, zh: string, en: string, required: boolean, noteZh?: string, noteEn?: string][]) =>
  list.map(([key, zh, en, required, noteZh, noteEn]) => ({
    key,
    header: say(language, zh, en),
    aliases: [zh, en],
    required,
    ...(noteZh ? { note: say(language, noteZh, noteEn!) } : {}),
  }));

export const openingInventoryImporter: Importer<OpeningInventoryRow> = {
  kind: 'OPENING_INVENTORY',
  access: { menu: 'MENU_INV' },
  maxRows: 20_000,
  sheetName: (language) => say(language, '期初库存导入', 'Opening inventory'),
  columns: (language) =>
    columns(language, [
      ['warehouseCode', '仓库编码', 'Warehouse code', true],
      ['locationCode', '库位编码', 'Location code', false, '可不填：不按库位管理', 'Optional: leave empty when stock is not kept by location'],
      ['skuCode', '商品编码', 'SKU code', true, '规格编码；组合商品不能导入', 'The SKU code; combinations cannot be imported'],
      ['qty', '数量', 'Quantity', true, '正整数', 'A whole number of pieces, at least 1'],
      ['unitCost', '单位成本', 'Unit cost', false, '最多4位小数；不填则不改变平均成本', 'At most 4 decimals; empty leaves the average cost as it is'],
    ]),
  parseRow(values, language) {
    const parsed = OpeningInventoryRow.safeParse(values);
    return parsed.success ? { row: parsed.data } : { problems: rowProblems(parsed.error, language, values) };
  },
  async check(rows, ctx) {
    const { problems } = await resolveOpening(
      ctx.tx,
      ctx.session,
      rows.map((r) => r.row),
      ctx.language,
      (index) => rows[index]!.rowNumber,
    );
    return problems.map(({ index, ...p }) => ({ row: rows[index]!.rowNumber, ...p }));
  },
  async summarize(rows) {
    return { rows: rows.length, skus: new Set(rows.map((r) => r.skuCode)).size, qty: rows.reduce((sum, r) => sum + r.qty, 0) };
  },
  async load(rows, ctx, progress) {
    // Checked at upload; anything changed since (a SKU deleted, a location removed) fails the file.
    const { problems, resolved } = await resolveOpening(ctx.tx, ctx.session, rows, ctx.language);
    if (problems.length) throw new ImportFailure(problems[0]!.code, problems[0]!.params);
    const result = await loadOpening(ctx.tx, ctx.session, resolved, { now: new Date(), source: 'import' });
    await progress(rows.length);
    return { rows: result.rows, qty: result.qty };
  },
};

async function warningChanges(ctx: ImportContext, rows: { rowNumber: number; row: StockWarningImportRow }[]): Promise<{ problems: RowProblem[]; changes: WarningChange[] }> {
  const warehouses = new Map((await warehousesOf(ctx.tx, ctx.domainId, { codes: [...new Set(rows.map((r) => r.row.warehouseCode))] })).map((w) => [w.code, w]));
  const skus = new Map((await skusOf(ctx.tx, ctx.domainId, { codes: [...new Set(rows.map((r) => r.row.skuCode))] })).map((s) => [s.code, s]));
  const problems: RowProblem[] = [];
  const changes: WarningChange[] = [];
  const seen = new Map<string, number>();
  for (const { rowNumber, row } of rows) {
    const warehouse = warehouses.get(row.warehouseCode);
    const sku = skus.get(row.skuCode);
    if (!warehouse) problems.push(rowProblem(ctx.language, rowNumber, 'warehouseCode', 'WAREHOUSE_NOT_FOUND', { value: row.warehouseCode }));
    if (!sku) problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'SKU_NOT_FOUND', { value: row.skuCode }));
    else if (sku.isCombination)
      problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'SKU_IS_COMBINATION', { value: row.skuCode }));
    if (!warehouse || !sku || sku.isCombination) continue;
    const key = `${warehouse.id}:${sku.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'DUPLICATE_ROW', { row: first }));
      continue;
    }
    seen.set(key, rowNumber);
    changes.push({ warehouseId: warehouse.id, skuId: sku.id, warningQty: row.warningQty || null });
  }
  return { problems, changes };
}

export const stockWarningImporter: Importer<StockWarningImportRow> = {
  kind: 'STOCK_WARNINGS',
  access: { menu: 'MENU_INV' },
  maxRows: 20_000,
  sheetName: (language) => say(language, '库存预警导入', 'Stock warning levels'),
  columns: (language) =>
    columns(language, [
      ['warehouseCode', '仓库编码', 'Warehouse code', true],
      ['skuCode', '商品编码', 'SKU code', true],
      ['warningQty', '预警数量', 'Warning level', false, '可用库存低于该数量时预警；不填或 0 表示取消预警', 'Warn when available stock is below it; empty or 0 removes the level'],
    ]),
  parseRow(values, language) {
    const parsed = StockWarningImportRow.safeParse(values);
    return parsed.success ? { row: parsed.data } : { problems: rowProblems(parsed.error, language, values) };
  },
  async check(rows, ctx) {
    return (await warningChanges(ctx, rows)).problems;
  },
  async summarize(rows) {
    const cleared = rows.filter((r) => !r.warningQty).length;
    return { set: rows.length - cleared, cleared };
  },
  async load(rows, ctx, progress) {
    const { problems, changes } = await warningChanges(
      ctx,
      rows.map((row, n) => ({ rowNumber: n + 2, row })),
    );
    if (problems.length) throw new ImportFailure('DATA_CHANGED', {}, problems);
    const result = await applyWarnings(ctx.tx, ctx.session, changes, 'importWarning');
    await progress(rows.length);
    return result;
  },
};
