// The counted-quantity import (kind STOCK_CHECK): warehouse (code or name), location code
// (optional), SKU code, counted quantity. Each row goes to the open check of its warehouse whose
// scope covers it (open checks of a warehouse never overlap), or, with the option checkId, only
// to that check. A row without a location counts the SKU's one line in the check (or its stock
// kept without a location). Everything is resolved with a few set-based queries and the load
// writes all counts with one statement, so a file of 50,000 rows takes seconds.
import { ImportFailure, problem, rowProblem, type FieldProblem, type ProblemParams } from '../../../platform/import-problems.js';
import type { ImportProblemCode } from '@openseller/core';
import { parseCountedQtyText, type Language } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import type { Importer, ImportContext, RowProblem } from '../../../platform/imports.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import { actorOf } from '../../../platform/caller.js';
import { AREA, inScope } from './stock-check.service.js';
import { linesOfSkus, locationsByCodes, openChecksOf, skusByCodes, warehousesByCodeOrName, writeCounts, type CheckRecord, type CountWrite } from './stock-check.queries.js';

export const STOCK_CHECK_IMPORT = 'STOCK_CHECK';
export const STOCK_CHECK_IMPORT_MAX_ROWS = 100_000;

const say = (language: Language, zh: string, en: string) => (language === 'zh' || language === 'zh_TW' ? zh : en);

export interface StockCheckImportLine {
  warehouse: string;
  locationCode: string | null;
  skuCode: string;
  countedQty: number;
}

interface Resolution {
  problems: RowProblem[];
  writes: (CountWrite & { added: boolean })[];
  checks: Map<number, CheckRecord>;
}

const QTY_PROBLEMS = {
  EMPTY: 'REQUIRED',
  NOT_A_NUMBER: 'NOT_A_NUMBER',
  NEGATIVE: 'NEGATIVE',
  FRACTION: 'WHOLE_NUMBER',
  TOO_LARGE: 'TOO_LARGE',
} as const satisfies Record<string, ImportProblemCode>;

/**
 * Resolves every row to a check line. With `lock`, the open checks are held for share, so a
 * confirmation cannot slip in between the resolution and the write.
 */
async function resolveRows(tx: Tx, ctx: ImportContext, rows: { rowNumber: number; row: StockCheckImportLine }[], lock: boolean): Promise<Resolution> {
  const { domainId, language } = ctx;
  const problems: RowProblem[] = [];
  const warehouses = await warehousesByCodeOrName(tx, domainId, [...new Set(rows.map((r) => r.row.warehouse))]);
  const locationRows = await locationsByCodes(tx, domainId, [...new Set(rows.map((r) => r.row.locationCode).filter((c): c is string => !!c))]);
  const locationByKey = new Map(locationRows.map((l) => [`${l.warehouseId}:${l.code}`, l.id]));
  const locationWarehouses = new Map<string, number[]>();
  for (const l of locationRows) locationWarehouses.set(l.code, [...(locationWarehouses.get(l.code) ?? []), l.warehouseId]);
  const skus = await skusByCodes(tx, domainId, [...new Set(rows.map((r) => r.row.skuCode))]);

  let open = await openChecksOf(tx, domainId, [...new Set([...warehouses.values()].map((w) => w.id))], lock);
  const only = ctx.options.checkId === undefined ? null : Number(ctx.options.checkId);
  if (only !== null) {
    open = open.filter((c) => c.id === only);
    if (!open.length) throw new ImportFailure('CHECK_NOT_COUNTING');
  }
  const checksByWarehouse = new Map<number, CheckRecord[]>();
  for (const c of open) checksByWarehouse.set(c.warehouseId, [...(checksByWarehouse.get(c.warehouseId) ?? []), c]);
  const scopeSets = new Map(open.filter((c) => c.scopeSkuIds).map((c) => [c.id, new Set(c.scopeSkuIds)]));
  const existing = await linesOfSkus(
    tx,
    domainId,
    open.map((c) => c.id),
    [...new Set([...skus.values()].map((s) => s.id))],
  );
  const linesBySku = new Map<number, { checkId: number; locationId: number }[]>();
  for (const line of existing.values()) linesBySku.set(line.skuId, [...(linesBySku.get(line.skuId) ?? []), line]);

  const writes: Resolution['writes'] = [];
  const seen = new Map<string, number>();
  for (const { rowNumber, row } of rows) {
    const problem = (field: string, code: ImportProblemCode, params?: ProblemParams) => problems.push(rowProblem(language, rowNumber, field, code, params));
    const warehouse = warehouses.get(row.warehouse);
    if (!warehouse) {
      problem('warehouse', 'WAREHOUSE_NOT_FOUND', { value: row.warehouse });
      continue;
    }
    let locationId: number | null = null;
    if (row.locationCode) {
      const id = locationByKey.get(`${warehouse.id}:${row.locationCode}`);
      if (id === undefined) {
        if (locationWarehouses.has(row.locationCode))
          problem('locationCode', 'LOCATION_ELSEWHERE', { value: row.locationCode, warehouse: warehouse.name });
        else problem('locationCode', 'LOCATION_NOT_FOUND', { warehouse: warehouse.name, value: row.locationCode });
        continue;
      }
      locationId = id;
    }
    const sku = skus.get(row.skuCode);
    if (!sku) {
      problem('skuCode', 'SKU_NOT_FOUND', { value: row.skuCode });
      continue;
    }
    if (sku.isCombination) {
      problem('skuCode', 'SKU_IS_COMBINATION', { value: row.skuCode });
      continue;
    }
    const checks = checksByWarehouse.get(warehouse.id) ?? [];
    let target: CheckRecord | undefined;
    if (locationId === null) {
      // No location given: the SKU's one line in the warehouse's open checks, else stock kept
      // without a location.
      const lines = (linesBySku.get(sku.id) ?? []).filter((l) => checks.some((c) => c.id === l.checkId));
      if (lines.length > 1) {
        problem('locationCode', 'SKU_ON_SEVERAL_LOCATIONS', { value: row.skuCode });
        continue;
      }
      if (lines.length === 1) {
        locationId = lines[0]!.locationId;
        target = checks.find((c) => c.id === lines[0]!.checkId);
      } else locationId = 0;
    }
    target ??= checks.find((c) => inScope(c, locationId!, sku.id, scopeSets.get(c.id)));
    if (!target) {
      problem('skuCode', 'NO_OPEN_CHECK', { warehouse: warehouse.name, value: locationId ? `${row.skuCode} @ ${row.locationCode}` : row.skuCode });
      continue;
    }
    const key = `${target.id}:${locationId}:${sku.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problem('skuCode', 'DUPLICATE_ROW', { row: first });
      continue;
    }
    seen.set(key, rowNumber);
    const line = existing.get(key);
    writes.push({ checkId: target.id, warehouseId: warehouse.id, locationId: locationId!, skuId: sku.id, countedQty: row.countedQty, added: !line, lineId: line?.id });
  }
  return { problems, writes, checks: new Map(open.map((c) => [c.id, c])) };
}

// The parse job calls check() and then summarize() with the same context: resolve once.
const resolved = new WeakMap<ImportContext, Resolution>();

export const stockCheckImporter: Importer<StockCheckImportLine> = {
  kind: STOCK_CHECK_IMPORT,
  access: { menu: 'MENU_INV_ADJUST' },
  maxRows: STOCK_CHECK_IMPORT_MAX_ROWS,
  sheetName: (language) => say(language, '盘点导入', 'Stock check'),
  columns: (language) => [
    { key: 'warehouse', header: say(language, '仓库', 'Warehouse'), aliases: ['仓库', '仓库编码', '仓库名称', 'Warehouse', 'Warehouse code'], required: true, note: say(language, '仓库编码或名称', 'The warehouse code or name') },
    { key: 'locationCode', header: say(language, '库位编码', 'Location code'), aliases: ['库位编码', '库位', 'Location code', 'Location'], note: say(language, '不按库位管理时留空', 'Leave empty when stock is not kept by location') },
    { key: 'skuCode', header: say(language, 'SKU编码', 'SKU code'), aliases: ['SKU编码', '商品编码', 'SKU code', 'SKU'], required: true },
    { key: 'countedQty', header: say(language, '盘点数量', 'Counted quantity'), aliases: ['盘点数量', '实盘数量', 'Counted quantity', 'Counted'], required: true, note: say(language, '整数，不小于 0', 'A whole number, not below 0') },
  ],
  parseRow(values, language) {
    const problems: FieldProblem[] = [];
    const warehouse = (values.warehouse ?? '').trim();
    const skuCode = (values.skuCode ?? '').trim();
    const locationCode = (values.locationCode ?? '').replace(/\s+/g, '');
    if (!warehouse) problems.push(problem(language, 'warehouse', 'REQUIRED'));
    else if (warehouse.length > 64) problems.push(problem(language, 'warehouse', 'TOO_LONG', { max: 64 }));
    if (locationCode.length > 32) problems.push(problem(language, 'locationCode', 'TOO_LONG', { max: 32 }));
    if (!skuCode) problems.push(problem(language, 'skuCode', 'REQUIRED'));
    else if (skuCode.length > 64) problems.push(problem(language, 'skuCode', 'TOO_LONG', { max: 64 }));
    const qty = parseCountedQtyText(values.countedQty ?? '');
    if ('problem' in qty) {
      problems.push(problem(language, 'countedQty', QTY_PROBLEMS[qty.problem]));
    }
    if (problems.length || 'problem' in qty) return { problems };
    return { row: { warehouse, locationCode: locationCode || null, skuCode, countedQty: qty.qty } };
  },
  async check(rows, ctx) {
    const resolution = await resolveRows(ctx.tx, ctx, rows, false);
    resolved.set(ctx, resolution);
    return resolution.problems;
  },
  async summarize(rows, ctx) {
    const resolution = resolved.get(ctx) ?? (await resolveRows(ctx.tx, ctx, rows.map((row, i) => ({ rowNumber: i + 2, row })), false));
    resolved.delete(ctx);
    // Keys chosen so the stored (jsonb: shorter keys first) order reads well in the dialog.
    return {
      lines: resolution.writes.length,
      notOnSheet: resolution.writes.filter((w) => w.added).length,
      stockChecks: new Set(resolution.writes.map((w) => w.checkId)).size,
    };
  },
  async load(rows, ctx, progress) {
    // Checked at upload; a check confirmed or cancelled since then, or a SKU or location gone,
    // fails the whole file and nothing is written.
    const resolution = await resolveRows(
      ctx.tx,
      ctx,
      rows.map((row, i) => ({ rowNumber: i + 2, row })),
      true,
    );
    if (resolution.problems.length) throw new ImportFailure('DATA_CHANGED', {}, resolution.problems);
    await progress(Math.floor(rows.length / 2));
    await writeCounts(ctx.tx, ctx.domainId, ctx.session.userId, resolution.writes);
    const byCheck = new Map<number, { counted: number; added: number }>();
    for (const w of resolution.writes) {
      const entry = byCheck.get(w.checkId) ?? { counted: 0, added: 0 };
      entry.counted++;
      if (w.added) entry.added++;
      byCheck.set(w.checkId, entry);
    }
    for (const [checkId, counts] of byCheck) {
      await writeOperationLog(ctx.tx, actorOf(ctx.session), {
        area: AREA,
        entityType: 'stockCheck',
        entityId: checkId,
        action: 'import',
        after: { code: resolution.checks.get(checkId)?.code ?? null, counted: counts.counted, added: counts.added },
      });
    }
    return { lines: resolution.writes.length, notOnSheet: resolution.writes.filter((w) => w.added).length, stockChecks: byCheck.size };
  },
};
