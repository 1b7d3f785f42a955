// The Excel import of purchase order lines (the create / edit page): SKU code, quantity, price,
// remark. It runs on the import engine's reading and checks (readImportSheet: the same header
// matching, caps and problem codes as every import) but answers the lines to the page at once
// instead of loading them in a background task: the lines belong to an order that is not saved
// yet, and the page saves them with the order (purchasing README "Excel import of lines").
import { PurchaseLineImportRow, PURCHASE_LINES_IMPORT_MAX_ROWS, MONEY_DECIMALS, formatDecimal, type Language, type PurchaseImportedLine } from '@openseller/core';
import { PurchasePriceText } from '@openseller/core';
import type { Importer, RowProblem } from '../../platform/imports.js';
import { problem, rowProblem, rowProblems, say } from '../../platform/import-problems.js';
import { fieldVisibility } from '../../platform/field-permissions.js';
import { liveSkusByCodes } from './purchasing.queries.js';

export type PurchaseLinesRow = PurchaseLineImportRow & { price?: string };

export const PURCHASE_LINES_IMPORT_KIND = 'PURCHASE_LINES';

export const purchaseLinesImporter: Importer<PurchaseLinesRow> = {
  kind: PURCHASE_LINES_IMPORT_KIND,
  access: { menu: 'MENU_PURCHASE' },
  maxRows: PURCHASE_LINES_IMPORT_MAX_ROWS,
  sheetName: (language: Language) => say(language, '采购明细导入', 'Purchase lines'),
  columns: (language: Language) => [
    { key: 'skuCode', header: say(language, '商品编码', 'SKU code'), aliases: ['商品编码', '规格编码', 'SKU code'], required: true },
    { key: 'qty', header: say(language, '采购数量', 'Quantity'), aliases: ['采购数量', '数量', 'Quantity', 'Qty'], required: true, note: say(language, '1 到 10000000 的整数', 'A whole number from 1 to 10000000') },
    { key: 'price', header: say(language, '采购价', 'Purchase price'), aliases: ['采购价', '单价', 'Purchase price', 'Price'], note: say(language, '可不填：取供应商的供货价；最多4位小数', 'May be empty: the supplier’s price is taken; at most 4 decimals') },
    { key: 'remark', header: say(language, '备注', 'Remark'), aliases: ['备注', 'Remark'] },
  ],
  parseRow(values, language) {
    const parsed = PurchaseLineImportRow.safeParse(values);
    if (!parsed.success) return { problems: rowProblems(parsed.error, language, values) };
    const row = parsed.data;
    if (row.price === undefined) return { row };
    const price = PurchasePriceText.safeParse(row.price);
    if (!price.success) return { problems: rowProblems({ issues: price.error.issues.map((i) => ({ ...i, path: ['price'] })) }, language, values) };
    return { row: { ...row, price: formatDecimal(price.data, MONEY_DECIMALS) } };
  },
  async check(rows, ctx) {
    const problems: RowProblem[] = [];
    const skus = new Map((await liveSkusByCodes(ctx.tx, ctx.domainId, [...new Set(rows.map((r) => r.row.skuCode))])).map((s) => [s.code, s]));
    const priceVisible = fieldVisibility(ctx.session)('PURCHASE_PRICE');
    const firstRowOf = new Map<string, number>();
    for (const { rowNumber, row } of rows) {
      const sku = skus.get(row.skuCode);
      if (!sku) problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'SKU_NOT_FOUND', { value: row.skuCode }));
      else if (sku.isCombination) problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'SKU_IS_COMBINATION', { value: row.skuCode }));
      // One line per SKU on an order: a second row of the same SKU is a problem, not a sum.
      const first = firstRowOf.get(row.skuCode);
      if (first !== undefined) problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'DUPLICATE_ROW', { row: first }));
      else firstRowOf.set(row.skuCode, rowNumber);
      if (row.price !== undefined && !priceVisible) problems.push({ row: rowNumber, ...problem(ctx.language, 'price', 'FIELD_NOT_PERMITTED') });
    }
    return problems;
  },
  load() {
    // Never registered with the import engine's tasks: the page saves the lines with the order.
    return Promise.reject(new Error('purchase lines are answered to the page, not loaded'));
  },
};

/** The checked rows as the page's lines (names from the SKUs). */
export function importedLines(rows: PurchaseLinesRow[], skus: Map<string, { id: number; code: string; name: string | null; specifications: string | null }>): PurchaseImportedLine[] {
  return rows.map((r) => {
    const sku = skus.get(r.skuCode)!;
    return { skuId: sku.id, skuCode: sku.code, skuName: sku.name, specifications: sku.specifications, qty: r.qty, price: r.price ?? null, remark: r.remark ?? null };
  });
}
