// Spreadsheet imports of the inventory: the opening inventory (kind OPENING_INVENTORY) and
// warning levels (kind STOCK_WARNINGS). Both are checked row by row against the domain and load
// all rows in one transaction, or none.
import { OpeningInventoryRow, StockWarningImportRow, type Language } from '@openseller/core';
import type { Importer, ImportContext, RowProblem } from '../../../platform/imports.js';
import { skusOf, warehousesOf } from './inventory.queries.js';
import { applyWarnings, loadOpening, resolveOpening, say, type WarningChange } from './inventory.service.js';
import { rowProblems } from '../../../platform/import-problems.js';

// Chinese wording of the contract's messages, for problems read by a Chinese user.
const ZH: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^(.*) cannot be empty$/, () => '该字段不能为空'],
  [/^(.*) must be a number$/, () => '请输入数字'],
  [/^(.*) cannot be negative$/, () => '不能为负数'],
  [/^(.*) must be a whole number of pieces$/, () => '必须是整数件数'],
  [/^(.*) must be at least (\d+)$/, (m) => `不能小于 ${m[2]}`],
  [/^(.*) cannot exceed four decimals$/, () => '最多 4 位小数'],
  [/^(.*) cannot exceed (\d+)$/, (m) => `不能大于 ${m[2]}`],
  [/^(.*) is too large$/, () => '数值过大'],
  [/^(.*) has at most (\d+) characters$/, (m) => `最多 ${m[2]} 个字符`],
];

function problemsOf(error: Parameters<typeof rowProblems>[0], language: Language) {
  const chinese = language === 'zh' || language === 'zh_TW';
  return error.issues.map((i) => {
    const field = String(i.path[0] ?? '(row)');
    // The contract's own messages name the column; zod's generic ones are worded by rowProblems.
    if (i.code !== 'custom' && !/^(.*) (cannot be empty|has at most \d+ characters)$/.test(i.message)) return rowProblems({ issues: [i] }, language)[0]!;
    if (!chinese) return { field, message: i.message };
    for (const [pattern, word] of ZH) {
      const m = i.message.match(pattern);
      if (m) return { field, message: word(m) };
    }
    return rowProblems({ issues: [i] }, language)[0]!;
  });
}

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
    return parsed.success ? { row: parsed.data } : { problems: problemsOf(parsed.error, language) };
  },
  async check(rows, ctx) {
    const { problems } = await resolveOpening(
      ctx.tx,
      ctx.session,
      rows.map((r) => r.row),
      ctx.language,
    );
    return problems.map((p) => ({ row: rows[p.index]!.rowNumber, field: p.field, message: p.message }));
  },
  async summarize(rows) {
    return { rows: rows.length, skus: new Set(rows.map((r) => r.skuCode)).size, qty: rows.reduce((sum, r) => sum + r.qty, 0) };
  },
  async load(rows, ctx, progress) {
    // Checked at upload; anything changed since (a SKU deleted, a location removed) fails the file.
    const { problems, resolved } = await resolveOpening(ctx.tx, ctx.session, rows, ctx.language);
    if (problems.length) throw new Error(say(ctx.language, `第 ${problems[0]!.index + 1} 条数据已不可用：${problems[0]!.message}`, `Entry ${problems[0]!.index + 1} is no longer valid: ${problems[0]!.message}`));
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
    if (!warehouse) problems.push({ row: rowNumber, field: 'warehouseCode', message: say(ctx.language, `仓库编码 ${row.warehouseCode} 不存在`, `No warehouse has the code ${row.warehouseCode}`) });
    if (!sku) problems.push({ row: rowNumber, field: 'skuCode', message: say(ctx.language, `商品编码 ${row.skuCode} 不存在`, `No SKU has the code ${row.skuCode}`) });
    else if (sku.isCombination)
      problems.push({ row: rowNumber, field: 'skuCode', message: say(ctx.language, `${row.skuCode} 是组合商品，库存来自子商品，不能设置预警`, `${row.skuCode} is a combination: its stock comes from its components, so it takes no warning level`) });
    if (!warehouse || !sku || sku.isCombination) continue;
    const key = `${warehouse.id}:${sku.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ row: rowNumber, field: 'skuCode', message: say(ctx.language, `与第 ${first} 行重复`, `The same as row ${first}`) });
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
    return parsed.success ? { row: parsed.data } : { problems: problemsOf(parsed.error, language) };
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
    if (problems.length) throw new Error(`${problems[0]!.row}: ${problems[0]!.message}`);
    const result = await applyWarnings(ctx.tx, ctx.session, changes, 'importWarning');
    await progress(rows.length);
    return result;
  },
};
