// The notice import (kind ASN). Rows with the same notice key make one notice; a file without
// keys makes one notice of all its rows. The rows of a notice share its warehouse, type,
// supplier and purchase code; each row is a line (SKU code, quantity, price, planned location).
// Every row is checked against the domain first; the load creates all notices or none.
import { and, eq } from 'drizzle-orm';
import { ASN_MAX_LINES, AsnImportRow, type AsnCreateInput } from '@openseller/core';
import { warehouseLocations } from '../../../db/schema/index.js';
import type { Importer, ImportContext, RowProblem } from '../../../platform/imports.js';
import { findSuppliersByCodes, findWarehousesByCodes, liveSkus } from './inbound.queries.js';
import { canSeePurchasePrice, type InboundService } from './inbound.service.js';
import { ImportFailure, rowProblem, rowProblems, say, type ProblemParams } from '../../../platform/import-problems.js';
import type { ImportProblemCode } from '@openseller/core';
import { idsIn } from '../../../platform/sql.js';

export const ASN_IMPORT_KIND = 'ASN';

const keyOf = (row: AsnImportRow) => row.noticeKey ?? '';

async function lookups(ctx: ImportContext, rows: AsnImportRow[]) {
  const warehouses = await findWarehousesByCodes(ctx.tx, ctx.domainId, [...new Set(rows.map((r) => r.warehouseCode))]);
  const suppliers = await findSuppliersByCodes(ctx.tx, ctx.domainId, [...new Set(rows.map((r) => r.supplierCode).filter((c): c is string => !!c))]);
  const skus = await liveSkus(ctx.tx, ctx.domainId, { codes: [...new Set(rows.map((r) => r.skuCode))] });
  const locations = warehouses.length
    ? await ctx.tx
        .select({ id: warehouseLocations.id, warehouseId: warehouseLocations.warehouseId, code: warehouseLocations.code })
        .from(warehouseLocations)
        .where(
          and(
            eq(warehouseLocations.domainId, ctx.domainId),
            idsIn(
              warehouseLocations.warehouseId,
              warehouses.map((w) => w.id),
            ),
          ),
        )
    : [];
  return {
    warehouseByCode: new Map(warehouses.map((w) => [w.code, w])),
    supplierByCode: new Map(suppliers.map((s) => [s.code, s])),
    skuByCode: new Map(skus.map((s) => [s.code, s])),
    locationOf: (warehouseId: number, code: string) => locations.find((l) => l.warehouseId === warehouseId && l.code === code),
  };
}

function groupRows<T extends { row: AsnImportRow }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const r of rows) groups.set(keyOf(r.row), [...(groups.get(keyOf(r.row)) ?? []), r]);
  return groups;
}

export function createAsnImporter(service: InboundService): Importer<AsnImportRow> {
  return {
    kind: ASN_IMPORT_KIND,
    access: { menu: 'MENU_ASN_CREATE' },
    maxRows: 5_000,
    sheetName: (language) => say(language, '入库通知单导入', 'Inbound notices'),
    columns: (language) => [
      {
        key: 'noticeKey',
        header: say(language, '通知单分组', 'Notice key'),
        aliases: ['通知单分组', 'Notice key', '分组'],
        note: say(language, '相同分组的行生成一张通知单；全部留空则整个文件生成一张', 'Rows with the same key make one notice; leave it empty everywhere for one notice of the whole file'),
      },
      { key: 'warehouseCode', header: say(language, '仓库编码', 'Warehouse code'), aliases: ['仓库编码', 'Warehouse code'], required: true },
      {
        key: 'asnType',
        header: say(language, '入库类型', 'Inbound type'),
        aliases: ['入库类型', 'Inbound type'],
        note: say(language, 'PURCHASE（默认）、AFTERSALE、ALLOCATED 或 OTHER', 'PURCHASE (default), AFTERSALE, ALLOCATED or OTHER'),
      },
      { key: 'supplierCode', header: say(language, '供应商编码', 'Supplier code'), aliases: ['供应商编码', 'Supplier code'] },
      { key: 'purchaseCode', header: say(language, '采购单号', 'Purchase code'), aliases: ['采购单号', 'Purchase code'] },
      { key: 'skuCode', header: say(language, '商品编码', 'SKU code'), aliases: ['商品编码', 'SKU code', '规格编码'], required: true },
      { key: 'qty', header: say(language, '通知数量', 'Quantity'), aliases: ['通知数量', '数量', 'Quantity'], required: true },
      { key: 'price', header: say(language, '单价', 'Unit price'), aliases: ['单价', '采购价', 'Unit price'], note: say(language, '最多4位小数', 'At most 4 decimals') },
      { key: 'locationCode', header: say(language, '库位编码', 'Location code'), aliases: ['库位编码', '库位', 'Location code'] },
      { key: 'remark', header: say(language, '备注', 'Remark'), aliases: ['备注', 'Remark'] },
    ],
    parseRow(values, language) {
      const parsed = AsnImportRow.safeParse(values);
      return parsed.success ? { row: parsed.data } : { problems: rowProblems(parsed.error, language, values) };
    },
    async check(rows, ctx) {
      const { warehouseByCode, supplierByCode, skuByCode, locationOf } = await lookups(
        ctx,
        rows.map((r) => r.row),
      );
      const problems: RowProblem[] = [];
      const add = (row: number, field: string, code: ImportProblemCode, params?: ProblemParams) => problems.push(rowProblem(ctx.language, row, field, code, params));
      const priceVisible = canSeePurchasePrice(ctx.session);
      for (const [key, group] of groupRows(rows)) {
        const first = group[0]!;
        const label = key || say(ctx.language, '（无分组）', '(no key)');
        if (group.length > ASN_MAX_LINES) add(first.rowNumber, 'noticeKey', 'TOO_MANY_LINES', { label, max: ASN_MAX_LINES });
        const seenSkus = new Map<string, number>();
        for (const { rowNumber, row } of group) {
          for (const field of ['warehouseCode', 'asnType', 'supplierCode', 'purchaseCode'] as const) {
            if ((row[field] ?? '') !== (first.row[field] ?? ''))
              add(rowNumber, field, 'SAME_DOCUMENT_DIFFERS', { row: first.rowNumber });
          }
          const warehouse = warehouseByCode.get(row.warehouseCode);
          if (!warehouse) add(rowNumber, 'warehouseCode', 'WAREHOUSE_NOT_FOUND', { value: row.warehouseCode });
          else if (warehouse.stopUsing) add(rowNumber, 'warehouseCode', 'WAREHOUSE_STOPPED', { name: warehouse.name });
          if (row.supplierCode) {
            const supplier = supplierByCode.get(row.supplierCode);
            if (!supplier) add(rowNumber, 'supplierCode', 'SUPPLIER_NOT_FOUND', { value: row.supplierCode });
            else if (supplier.status !== 'ENABLED') add(rowNumber, 'supplierCode', 'SUPPLIER_DISABLED', { name: supplier.name });
          }
          const sku = skuByCode.get(row.skuCode);
          if (!sku) add(rowNumber, 'skuCode', 'SKU_NOT_FOUND', { value: row.skuCode });
          else if (sku.isCombination) add(rowNumber, 'skuCode', 'SKU_IS_COMBINATION', { value: row.skuCode });
          const earlier = seenSkus.get(row.skuCode);
          if (earlier !== undefined) add(rowNumber, 'skuCode', 'DUPLICATE_ROW', { row: earlier });
          else seenSkus.set(row.skuCode, rowNumber);
          if (row.locationCode && warehouse && !locationOf(warehouse.id, row.locationCode))
            add(rowNumber, 'locationCode', 'LOCATION_NOT_FOUND', { warehouse: warehouse.name, value: row.locationCode });
          if (row.price && !priceVisible) add(rowNumber, 'price', 'FIELD_NOT_PERMITTED');
        }
      }
      return problems;
    },
    async summarize(rows) {
      return { notices: groupRows(rows.map((row) => ({ row }))).size, lines: rows.length };
    },
    async load(rows, ctx, progress) {
      const { warehouseByCode, supplierByCode, skuByCode, locationOf } = await lookups(ctx, rows);
      const created: { id: number; domainId: number; syncStatus: string | null }[] = [];
      let done = 0;
      for (const [, group] of groupRows(rows.map((row) => ({ row })))) {
        const first = group[0]!.row;
        const warehouse = warehouseByCode.get(first.warehouseCode);
        // Checked at upload; anything gone since fails the whole file.
        if (!warehouse) throw new ImportFailure('WAREHOUSE_NOT_FOUND', { value: first.warehouseCode });
        const input: AsnCreateInput = {
          whId: warehouse.id,
          asnType: first.asnType,
          supplierId: first.supplierCode ? (supplierByCode.get(first.supplierCode)?.id ?? -1) : null,
          purchaseCode: first.purchaseCode,
          remark: first.remark,
          asnDetails: group.map(({ row }) => {
            const sku = skuByCode.get(row.skuCode);
            if (!sku) throw new ImportFailure('SKU_NOT_FOUND', { value: row.skuCode });
            return {
              skuId: sku.id,
              qty: row.qty,
              price: row.price ?? null,
              locationId: row.locationCode ? (locationOf(warehouse.id, row.locationCode)?.id ?? null) : null,
              lotAttNO: undefined,
              remark: undefined,
            };
          }),
        };
        const header = await service.createInTx(ctx.tx, ctx.session, input, { action: 'import' });
        created.push({ id: header.id, domainId: header.domainId, syncStatus: header.syncStatus });
        done += group.length;
        await progress(done);
      }
      // Issued once the load has committed: the scheduled retry picks up any the queue saw too early.
      setTimeout(() => void service.requestIssue(created).catch(() => {}), 1000);
      return { notices: created.length, lines: rows.length };
    },
  };
}
