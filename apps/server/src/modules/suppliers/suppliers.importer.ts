// The supplier import (kind SUPPLIERS) and the supply-goods import (kind SUPPLY_GOODS). Rows
// are checked against the domain first; existing suppliers or supply goods are updated only
// when the person asks to overwrite, and skipped otherwise.
import { and, eq } from 'drizzle-orm';
import { SupplierImportRow, SupplyGoodsImportRow } from '@openseller/core';
import { suppliers, supplyGoods } from '../../db/schema/index.js';
import type { Importer, ImportContext, RowProblem } from '../../platform/imports.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import { findSuppliersByCodes, skusOfDomain } from './suppliers.queries.js';
import { canSeePurchasePrice } from './suppliers.service.js';
import { ImportFailure, rowProblem, rowProblems, say } from '../../platform/import-problems.js';
import { actorOf } from '../../platform/caller.js';
import { idsIn } from '../../platform/sql.js';

function duplicates<R>(rows: { rowNumber: number; row: R }[], keyOf: (row: R) => string, field: string, language: ImportContext['language']): RowProblem[] {
  const seen = new Map<string, number>();
  const problems: RowProblem[] = [];
  for (const { rowNumber, row } of rows) {
    const first = seen.get(keyOf(row));
    if (first !== undefined) problems.push(rowProblem(language, rowNumber, field, 'DUPLICATE_ROW', { row: first }));
    else seen.set(keyOf(row), rowNumber);
  }
  return problems;
}

export const supplierImporter: Importer<SupplierImportRow> = {
  kind: 'SUPPLIERS',
  access: { menu: 'MENU_SUPPLIER' },
  maxRows: 5_000,
  sheetName: (language) => say(language, '供应商导入', 'Suppliers'),
  columns: (language) => [
    { key: 'code', header: say(language, '供应商编码', 'Supplier code'), aliases: ['供应商编码', 'Supplier code'], required: true },
    { key: 'name', header: say(language, '供应商名称', 'Supplier name'), aliases: ['供应商名称', 'Supplier name'], required: true },
    { key: 'contact', header: say(language, '联系人', 'Contact'), aliases: ['联系人', 'Contact'] },
    { key: 'phone', header: say(language, '联系电话', 'Phone'), aliases: ['联系电话', 'Phone'], note: say(language, '手机号或固话，如 0571-12345678', 'A mobile or a landline such as 0571-12345678') },
    { key: 'address', header: say(language, '地址', 'Address'), aliases: ['地址', 'Address'] },
    { key: 'remark', header: say(language, '备注', 'Remark'), aliases: ['备注', 'Remark'] },
  ],
  parseRow(values, language) {
    const parsed = SupplierImportRow.safeParse(values);
    return parsed.success ? { row: parsed.data } : { problems: rowProblems(parsed.error, language, values) };
  },
  async check(rows, ctx) {
    return duplicates(rows, (r) => r.code, 'code', ctx.language);
  },
  async summarize(rows, ctx) {
    const existing = await findSuppliersByCodes(
      ctx.tx,
      ctx.domainId,
      rows.map((r) => r.code),
    );
    return { new: rows.length - existing.length, existing: existing.length };
  },
  async load(rows, ctx, progress) {
    const existing = new Map(
      (
        await findSuppliersByCodes(
          ctx.tx,
          ctx.domainId,
          rows.map((r) => r.code),
        )
      ).map((s) => [s.code, s]),
    );
    const cover = ctx.options.isCover === true;
    const result = { created: 0, updated: 0, skipped: 0 };
    let done = 0;
    for (const row of rows) {
      const values = { name: row.name, contact: row.contact ?? null, phone: row.phone ?? null, address: row.address ?? null, remark: row.remark ?? null };
      const current = existing.get(row.code);
      if (current && !cover) result.skipped++;
      else if (current) {
        const [after] = await ctx.tx
          .update(suppliers)
          .set({ ...values, version: current.version + 1, updatedAt: new Date() })
          .where(and(eq(suppliers.domainId, ctx.domainId), eq(suppliers.id, current.id)))
          .returning();
        await writeOperationLog(ctx.tx, actorOf(ctx.session), { area: 'suppliers', entityType: 'supplier', entityId: current.id, action: 'import', before: current, after });
        result.updated++;
      } else {
        const [created] = await ctx.tx
          .insert(suppliers)
          .values({ domainId: ctx.domainId, code: row.code, ...values, createdBy: ctx.session.userId })
          .returning();
        await writeOperationLog(ctx.tx, actorOf(ctx.session), { area: 'suppliers', entityType: 'supplier', entityId: created!.id, action: 'import', after: created });
        result.created++;
      }
      if (++done % 200 === 0) await progress(done);
    }
    return result;
  },
};

async function supplyGoodsContext(ctx: ImportContext, rows: SupplyGoodsImportRow[]) {
  const supplierList = await findSuppliersByCodes(ctx.tx, ctx.domainId, [...new Set(rows.map((r) => r.supplierCode))]);
  const skuList = await skusOfDomain(ctx.tx, ctx.domainId, { codes: [...new Set(rows.map((r) => r.skuCode))] });
  const existing = supplierList.length
    ? await ctx.tx
        .select()
        .from(supplyGoods)
        .where(
          and(
            eq(supplyGoods.domainId, ctx.domainId),
            idsIn(
              supplyGoods.supplierId,
              supplierList.map((s) => s.id),
            ),
          ),
        )
    : [];
  return {
    supplierByCode: new Map(supplierList.map((s) => [s.code, s])),
    skuByCode: new Map(skuList.map((s) => [s.code, s])),
    existingByKey: new Map(existing.map((g) => [`${g.supplierId}:${g.skuId}`, g])),
  };
}

export const supplyGoodsImporter: Importer<SupplyGoodsImportRow> = {
  kind: 'SUPPLY_GOODS',
  access: { menu: 'MENU_SUPPLIER' },
  maxRows: 10_000,
  sheetName: (language) => say(language, '供货商品导入', 'Supply goods'),
  columns: (language) => [
    { key: 'supplierCode', header: say(language, '供应商编码', 'Supplier code'), aliases: ['供应商编码', 'Supplier code'], required: true },
    { key: 'skuCode', header: say(language, '商品编码', 'SKU code'), aliases: ['商品编码', 'SKU code', '规格编码'], required: true },
    { key: 'purchasePrice', header: say(language, '采购价', 'Purchase price'), aliases: ['采购价', 'Purchase price'], note: say(language, '最多4位小数', 'At most 4 decimals') },
  ],
  parseRow(values, language) {
    const parsed = SupplyGoodsImportRow.safeParse(values);
    return parsed.success ? { row: parsed.data } : { problems: rowProblems(parsed.error, language, values) };
  },
  async check(rows, ctx) {
    const { supplierByCode, skuByCode } = await supplyGoodsContext(
      ctx,
      rows.map((r) => r.row),
    );
    const priceVisible = canSeePurchasePrice(ctx.session);
    const problems: RowProblem[] = [];
    for (const { rowNumber, row } of rows) {
      const supplier = supplierByCode.get(row.supplierCode);
      if (!supplier) problems.push(rowProblem(ctx.language, rowNumber, 'supplierCode', 'SUPPLIER_NOT_FOUND', { value: row.supplierCode }));
      else if (supplier.status !== 'ENABLED') problems.push(rowProblem(ctx.language, rowNumber, 'supplierCode', 'SUPPLIER_DISABLED', { name: supplier.name }));
      const sku = skuByCode.get(row.skuCode);
      if (!sku) problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'SKU_NOT_FOUND', { value: row.skuCode }));
      else if (sku.isCombination) problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'SKU_IS_COMBINATION', { value: row.skuCode }));
      if (row.purchasePrice !== undefined && !priceVisible)
        problems.push(rowProblem(ctx.language, rowNumber, 'purchasePrice', 'FIELD_NOT_PERMITTED'));
    }
    problems.push(...duplicates(rows, (r) => `${r.supplierCode}\u0000${r.skuCode}`, 'skuCode', ctx.language));
    return problems;
  },
  async summarize(rows, ctx) {
    const { supplierByCode, skuByCode, existingByKey } = await supplyGoodsContext(ctx, rows);
    const existing = rows.filter((r) => existingByKey.has(`${supplierByCode.get(r.supplierCode)?.id}:${skuByCode.get(r.skuCode)?.id}`)).length;
    return { new: rows.length - existing, existing };
  },
  async load(rows, ctx, progress) {
    const { supplierByCode, skuByCode, existingByKey } = await supplyGoodsContext(ctx, rows);
    const cover = ctx.options.isCover === true;
    const result = { created: 0, updated: 0, skipped: 0 };
    let done = 0;
    for (const row of rows) {
      const supplier = supplierByCode.get(row.supplierCode);
      const sku = skuByCode.get(row.skuCode);
      // Checked at upload; a supplier or SKU gone since then fails the whole file.
      if (!supplier) throw new ImportFailure('SUPPLIER_NOT_FOUND', { value: row.supplierCode });
      if (supplier.status !== 'ENABLED') throw new ImportFailure('SUPPLIER_DISABLED', { name: supplier.name });
      if (!sku) throw new ImportFailure('SKU_NOT_FOUND', { value: row.skuCode });
      if (sku.isCombination) throw new ImportFailure('SKU_IS_COMBINATION', { value: row.skuCode });
      const current = existingByKey.get(`${supplier.id}:${sku.id}`);
      if (current && (!cover || row.purchasePrice === undefined)) result.skipped++;
      else if (current) {
        const [after] = await ctx.tx
          .update(supplyGoods)
          .set({ purchasePrice: row.purchasePrice ?? null, version: current.version + 1, updatedAt: new Date() })
          .where(and(eq(supplyGoods.domainId, ctx.domainId), eq(supplyGoods.id, current.id)))
          .returning();
        await writeOperationLog(ctx.tx, actorOf(ctx.session), {
          area: 'suppliers',
          entityType: 'supplyGoods',
          entityId: current.id,
          action: 'import',
          before: { purchasePrice: current.purchasePrice },
          after: { purchasePrice: after!.purchasePrice },
        });
        result.updated++;
      } else {
        const [created] = await ctx.tx
          .insert(supplyGoods)
          .values({ domainId: ctx.domainId, supplierId: supplier.id, skuId: sku.id, purchasePrice: row.purchasePrice ?? null, createdBy: ctx.session.userId })
          .returning();
        await writeOperationLog(ctx.tx, actorOf(ctx.session), { area: 'suppliers', entityType: 'supplyGoods', entityId: created!.id, action: 'import', after: created });
        result.created++;
      }
      if (++done % 200 === 0) await progress(done);
    }
    return result;
  },
};
