// The outbound-order import (kind WDO): one row per line; rows with the same outbound code make
// one order, created in CREATED (verification stays a person's decision). Every row is checked
// against the domain first; the load creates all orders or none.
import { WDO_TYPES, WdoImportRow, type Language, type WdoType } from '@openseller/core';
import type { Importer, ImportContext, RowProblem } from '../../../platform/imports.js';
import type { GoodsRegistryService } from '../../goods/index.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { WarehousesRegistryService } from '../../warehouses/index.js';
import { actorOf } from '../../../platform/caller.js';
import { wdoCodesTaken } from './outbound.queries.js';
import type { OutboundService } from './outbound.service.js';
import { ImportFailure, problem, rowProblem, rowProblems, say } from '../../../platform/import-problems.js';

export const WDO_IMPORT = 'WDO';

/** The outbound types as a sheet may name them: the code or its name in Chinese or English. */
const TYPE_NAMES: Record<WdoType, string[]> = {
  WDO_SALE: ['销售出库', 'Sales outbound'],
  WDO_ALLOCATED: ['调拨出库', 'Transfer outbound'],
  WDO_OTHER: ['其他出库', 'Other outbound'],
  WDO_JIT: ['JIT出库', 'JIT outbound'],
  WDO_PURCHASE_RETURN: ['采购退货出库', 'Purchase return outbound'],
};

export function wdoTypeOf(text: string): WdoType | undefined {
  const value = text.trim();
  const upper = value.toUpperCase();
  if ((WDO_TYPES as readonly string[]).includes(upper)) return upper as WdoType;
  return WDO_TYPES.find((type) => TYPE_NAMES[type].some((name) => name.toLowerCase() === value.toLowerCase()));
}

const HEADER_FIELDS = ['warehouseCode', 'wdoType', 'relatedCode', 'receiverName', 'receiverPhone', 'receiverAddress', 'remark'] as const;

async function references(registry: ServiceRegistry, ctx: ImportContext, rows: WdoImportRow[]) {
  const warehouses = await registry.get<WarehousesRegistryService>('warehouses').listWarehouses(ctx.domainId, { includeStopped: true }, ctx.tx);
  const skus = await registry.get<GoodsRegistryService>('goods').findSkusByCodes(ctx.domainId, [...new Set(rows.map((r) => r.skuCode))], ctx.tx);
  return {
    warehouseByCode: new Map(warehouses.map((w) => [w.code, w])),
    skuByCode: new Map(skus.map((s) => [s.code, s])),
  };
}

function groups(rows: WdoImportRow[]): Map<string, WdoImportRow[]> {
  const byCode = new Map<string, WdoImportRow[]>();
  for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row]);
  return byCode;
}

export function wdoImporter(registry: ServiceRegistry, service: OutboundService): Importer<WdoImportRow> {
  return {
    kind: WDO_IMPORT,
    access: { menu: 'MENU_WDO_CREATE' },
    maxRows: 10_000,
    sheetName: (language) => say(language, '出库单导入', 'Outbound orders'),
    columns: (language: Language) => [
      { key: 'code', header: say(language, '出库单号', 'Outbound code'), aliases: ['出库单号', 'Outbound code'], required: true, note: say(language, '相同单号的行合为一张出库单', 'Rows with the same code make one order') },
      { key: 'warehouseCode', header: say(language, '仓库编码', 'Warehouse code'), aliases: ['仓库编码', 'Warehouse code'], required: true },
      {
        key: 'wdoType',
        header: say(language, '出库类型', 'Outbound type'),
        aliases: ['出库类型', 'Outbound type'],
        required: true,
        note: WDO_TYPES.map((type) => `${type} ${say(language, TYPE_NAMES[type][0]!, TYPE_NAMES[type][1]!)}`).join(', '),
      },
      { key: 'skuCode', header: say(language, '商品编码', 'SKU code'), aliases: ['商品编码', 'SKU code', '规格编码'], required: true },
      { key: 'qty', header: say(language, '数量', 'Quantity'), aliases: ['数量', 'Quantity', '出库数量'], required: true, note: say(language, '正整数', 'A whole number of at least 1') },
      { key: 'relatedCode', header: say(language, '关联单号', 'Related code'), aliases: ['关联单号', 'Related code'] },
      { key: 'receiverName', header: say(language, '收货人', 'Receiver'), aliases: ['收货人', 'Receiver'] },
      { key: 'receiverPhone', header: say(language, '收货电话', 'Receiver phone'), aliases: ['收货电话', 'Receiver phone'] },
      { key: 'receiverAddress', header: say(language, '收货地址', 'Receiver address'), aliases: ['收货地址', 'Receiver address'] },
      { key: 'remark', header: say(language, '备注', 'Remark'), aliases: ['备注', 'Remark'] },
    ],
    parseRow(values, language) {
      const parsed = WdoImportRow.safeParse(values);
      if (!parsed.success) return { problems: rowProblems(parsed.error, language, values) };
      if (!wdoTypeOf(parsed.data.wdoType)) {
        return { problems: [problem(language, 'wdoType', 'NOT_AN_OPTION', { value: parsed.data.wdoType })] };
      }
      return { row: parsed.data };
    },
    async check(rows, ctx) {
      const language = ctx.language;
      const { warehouseByCode, skuByCode } = await references(
        registry,
        ctx,
        rows.map((r) => r.row),
      );
      const taken = await wdoCodesTaken(ctx.tx, ctx.domainId, [...new Set(rows.map((r) => r.row.code))]);
      const problems: RowProblem[] = [];
      const firstOfCode = new Map<string, { rowNumber: number; row: WdoImportRow }>();
      const skuRowOfCode = new Map<string, number>();
      for (const { rowNumber, row } of rows) {
        if (taken.has(row.code)) problems.push(rowProblem(language, rowNumber, 'code', 'CODE_TAKEN', { value: row.code }));
        const warehouse = warehouseByCode.get(row.warehouseCode);
        if (!warehouse) problems.push(rowProblem(language, rowNumber, 'warehouseCode', 'WAREHOUSE_NOT_FOUND', { value: row.warehouseCode }));
        else if (warehouse.stopUsing === 1) problems.push(rowProblem(language, rowNumber, 'warehouseCode', 'WAREHOUSE_STOPPED', { name: warehouse.name }));
        const sku = skuByCode.get(row.skuCode);
        if (!sku) problems.push(rowProblem(language, rowNumber, 'skuCode', 'SKU_NOT_FOUND', { value: row.skuCode }));
        else if (sku.isCombination) problems.push(rowProblem(language, rowNumber, 'skuCode', 'SKU_IS_COMBINATION', { value: row.skuCode }));
        const first = firstOfCode.get(row.code);
        if (!first) firstOfCode.set(row.code, { rowNumber, row });
        else {
          for (const field of HEADER_FIELDS) {
            const a = field === 'wdoType' ? wdoTypeOf(first.row.wdoType) : first.row[field];
            const b = field === 'wdoType' ? wdoTypeOf(row.wdoType) : row[field];
            // Header values may be left empty on a code's later rows.
            if (b !== undefined && a !== b)
              problems.push(rowProblem(language, rowNumber, field, 'SAME_DOCUMENT_DIFFERS', { row: first.rowNumber }));
          }
        }
        const key = `${row.code}\u0000${row.skuCode}`;
        const seen = skuRowOfCode.get(key);
        if (seen !== undefined) problems.push(rowProblem(language, rowNumber, 'skuCode', 'DUPLICATE_ROW', { row: seen }));
        else skuRowOfCode.set(key, rowNumber);
      }
      return problems;
    },
    async summarize(rows) {
      return { orders: groups(rows).size, lines: rows.length, pieces: rows.reduce((sum, r) => sum + r.qty, 0) };
    },
    async load(rows, ctx, progress) {
      const { warehouseByCode, skuByCode } = await references(registry, ctx, rows);
      let done = 0;
      let orders = 0;
      for (const [code, lines] of groups(rows)) {
        const first = lines[0]!;
        const warehouse = warehouseByCode.get(first.warehouseCode);
        if (!warehouse) throw new ImportFailure('WAREHOUSE_NOT_FOUND', { value: first.warehouseCode });
        const wdoDetails = lines.map((l) => {
          const sku = skuByCode.get(l.skuCode);
          if (!sku) throw new ImportFailure('SKU_NOT_FOUND', { value: l.skuCode });
          return { skuId: sku.id, qty: l.qty, remark: undefined };
        });
        const pick = <K extends (typeof HEADER_FIELDS)[number]>(field: K) => lines.find((l) => l[field] !== undefined)?.[field];
        await service.createIn(ctx.tx, actorOf(ctx.session), ctx.domainId, {
          code,
          whId: warehouse.id,
          wdoType: wdoTypeOf(first.wdoType)!,
          relatedCode: pick('relatedCode'),
          receiverName: pick('receiverName'),
          receiverPhone: pick('receiverPhone'),
          receiverAddress: pick('receiverAddress'),
          remark: pick('remark'),
          wdoDetails,
        });
        orders++;
        done += lines.length;
        await progress(done);
      }
      return { created: orders, lines: rows.length };
    },
  };
}
