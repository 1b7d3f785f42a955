// The counted-quantity import (kind STOCK_CHECK): warehouse (code or name), location code
// (optional), SKU code, counted quantity. Each row goes to the open check of its warehouse whose
// scope covers it (open checks of a warehouse never overlap), or, with the option checkId, only
// to that check. A row without a location counts the SKU's one line in the check (or its stock
// kept without a location). Everything is resolved with a few set-based queries and the load
// writes all counts with one statement, so a file of 50,000 rows takes seconds.
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
  EMPTY: ['请填写盘点数量', 'Enter the counted quantity'],
  NOT_A_NUMBER: ['盘点数量必须是数字', 'The counted quantity must be a number'],
  NEGATIVE: ['盘点数量不能小于 0', 'The counted quantity cannot be negative'],
  FRACTION: ['盘点数量必须是整数（件）', 'The counted quantity must be a whole number of pieces'],
  TOO_LARGE: ['盘点数量过大', 'The counted quantity is too large'],
} as const;

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
  const warehouseName = new Map([...warehouses.values()].map((w) => [w.id, w.name]));
  const skus = await skusByCodes(tx, domainId, [...new Set(rows.map((r) => r.row.skuCode))]);

  let open = await openChecksOf(tx, domainId, [...new Set([...warehouses.values()].map((w) => w.id))], lock);
  const only = ctx.options.checkId === undefined ? null : Number(ctx.options.checkId);
  if (only !== null) {
    open = open.filter((c) => c.id === only);
    if (!open.length) throw new Error(say(language, '所选盘点单不存在或已不在盘点中', 'The chosen stock check does not exist or is no longer counting'));
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
    const problem = (field: string, zh: string, en: string) => problems.push({ row: rowNumber, field, message: say(language, zh, en) });
    const warehouse = warehouses.get(row.warehouse);
    if (!warehouse) {
      problem('warehouse', `仓库 ${row.warehouse} 不存在`, `No warehouse has the code or name ${row.warehouse}`);
      continue;
    }
    let locationId: number | null = null;
    if (row.locationCode) {
      const id = locationByKey.get(`${warehouse.id}:${row.locationCode}`);
      if (id === undefined) {
        const elsewhere = (locationWarehouses.get(row.locationCode) ?? []).map((w) => warehouseName.get(w)).find((n) => n);
        if (elsewhere || locationWarehouses.has(row.locationCode))
          problem('locationCode', `库位 ${row.locationCode} 属于其他仓库${elsewhere ? `（${elsewhere}）` : ''}，不属于 ${warehouse.name}`, `The location ${row.locationCode} belongs to another warehouse${elsewhere ? ` (${elsewhere})` : ''}, not to ${warehouse.name}`);
        else problem('locationCode', `仓库 ${warehouse.name} 没有库位 ${row.locationCode}`, `The warehouse ${warehouse.name} has no location ${row.locationCode}`);
        continue;
      }
      locationId = id;
    }
    const sku = skus.get(row.skuCode);
    if (!sku) {
      problem('skuCode', `SKU 编码 ${row.skuCode} 不存在`, `No SKU has the code ${row.skuCode}`);
      continue;
    }
    if (sku.isCombination) {
      problem('skuCode', `${row.skuCode} 是组合商品，没有自己的库存；请盘点它的子商品`, `${row.skuCode} is a combination and has no stock of its own; count its components`);
      continue;
    }
    const checks = checksByWarehouse.get(warehouse.id) ?? [];
    let target: CheckRecord | undefined;
    if (locationId === null) {
      // No location given: the SKU's one line in the warehouse's open checks, else stock kept
      // without a location.
      const lines = (linesBySku.get(sku.id) ?? []).filter((l) => checks.some((c) => c.id === l.checkId));
      if (lines.length > 1) {
        problem('locationCode', `${row.skuCode} 在盘点单中有多个库位，请填写库位编码`, `${row.skuCode} is on several locations of the check; enter the location code`);
        continue;
      }
      if (lines.length === 1) {
        locationId = lines[0]!.locationId;
        target = checks.find((c) => c.id === lines[0]!.checkId);
      } else locationId = 0;
    }
    target ??= checks.find((c) => inScope(c, locationId!, sku.id, scopeSets.get(c.id)));
    if (!target) {
      const at = locationId ? say(language, `（库位 ${row.locationCode}）`, ` at ${row.locationCode}`) : '';
      problem(
        'skuCode',
        `仓库 ${warehouse.name} 没有盘点中的盘点单包含 ${row.skuCode}${at}；请先创建盘点单`,
        `No stock check of ${warehouse.name} that is still counting covers ${row.skuCode}${at}; make a check first`,
      );
      continue;
    }
    const key = `${target.id}:${locationId}:${sku.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problem('skuCode', `与第 ${first} 行是同一商品和库位`, `The same SKU and location as row ${first}`);
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
    const problems: { field: string; message: string }[] = [];
    const warehouse = (values.warehouse ?? '').trim();
    const skuCode = (values.skuCode ?? '').trim();
    const locationCode = (values.locationCode ?? '').replace(/\s+/g, '');
    if (!warehouse) problems.push({ field: 'warehouse', message: say(language, '请填写仓库', 'Enter the warehouse') });
    else if (warehouse.length > 64) problems.push({ field: 'warehouse', message: say(language, '最多 64 个字符', 'At most 64 characters') });
    if (locationCode.length > 32) problems.push({ field: 'locationCode', message: say(language, '最多 32 个字符', 'At most 32 characters') });
    if (!skuCode) problems.push({ field: 'skuCode', message: say(language, '请填写 SKU 编码', 'Enter the SKU code') });
    else if (skuCode.length > 64) problems.push({ field: 'skuCode', message: say(language, '最多 64 个字符', 'At most 64 characters') });
    const qty = parseCountedQtyText(values.countedQty ?? '');
    if ('problem' in qty) {
      const [zh, en] = QTY_PROBLEMS[qty.problem];
      problems.push({ field: 'countedQty', message: say(language, zh, en) });
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
    if (resolution.problems.length) {
      const shown = resolution.problems.slice(0, 3).map((p) => `${say(ctx.language, `第 ${p.row} 行`, `row ${p.row}`)}: ${p.message}`);
      throw new Error(say(ctx.language, `文件检查后数据已变化：${shown.join('；')}`, `The data changed since the file was checked: ${shown.join('; ')}`));
    }
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
