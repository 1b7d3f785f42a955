// The location import (kind LOCATIONS): warehouse code, location code, zone, remark. Every row
// is checked against the domain's warehouses first; the load adds the new locations and, when
// the person asks to overwrite, updates the zone and remark of existing ones.
import { and, eq } from 'drizzle-orm';
import { LocationImportRow } from '@openseller/core';
import { warehouseLocations } from '../../db/schema/index.js';
import type { Importer, ImportContext, RowProblem } from '../../platform/imports.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import { actorOf } from '../../platform/caller.js';
import { ImportFailure, rowProblem, rowProblems, say } from '../../platform/import-problems.js';
import { findWarehousesByCodes } from './warehouses.queries.js';
import { idsIn, textsIn } from '../../platform/sql.js';

const key = (warehouseCode: string, code: string) => `${warehouseCode}\u0000${code}`;

async function existingLocations(ctx: ImportContext, rows: LocationImportRow[]) {
  const warehouses = await findWarehousesByCodes(ctx.tx, ctx.domainId, [...new Set(rows.map((r) => r.warehouseCode))]);
  const byCode = new Map(warehouses.map((w) => [w.code, w]));
  const existing = warehouses.length
    ? await ctx.tx
        .select()
        .from(warehouseLocations)
        .where(
          and(
            eq(warehouseLocations.domainId, ctx.domainId),
            idsIn(
              warehouseLocations.warehouseId,
              warehouses.map((w) => w.id),
            ),
            textsIn(warehouseLocations.code, [...new Set(rows.map((r) => r.code))]),
          ),
        )
    : [];
  const byId = new Map(warehouses.map((w) => [w.id, w]));
  const existingByKey = new Map(existing.map((l) => [key(byId.get(l.warehouseId)!.code, l.code), l]));
  return { byCode, existingByKey };
}

export const locationImporter: Importer<LocationImportRow> = {
  kind: 'LOCATIONS',
  access: { menu: 'MENU_WH_LIST' },
  maxRows: 10_000,
  sheetName: (language) => say(language, '库位导入', 'Locations'),
  columns: (language) => [
    { key: 'warehouseCode', header: say(language, '仓库编码', 'Warehouse code'), aliases: ['仓库编码', 'Warehouse code'], required: true },
    { key: 'code', header: say(language, '库位编码', 'Location code'), aliases: ['库位编码', 'Location code', '库位'], required: true },
    { key: 'zone', header: say(language, '库区', 'Zone'), aliases: ['库区', 'Zone'] },
    { key: 'remark', header: say(language, '备注', 'Remark'), aliases: ['备注', 'Remark'] },
  ],
  parseRow(values, language) {
    const parsed = LocationImportRow.safeParse(values);
    return parsed.success ? { row: parsed.data } : { problems: rowProblems(parsed.error, language, values) };
  },
  async check(rows, ctx) {
    const problems: RowProblem[] = [];
    const { byCode } = await existingLocations(
      ctx,
      rows.map((r) => r.row),
    );
    const seen = new Map<string, number>();
    for (const { rowNumber, row } of rows) {
      const warehouse = byCode.get(row.warehouseCode);
      if (!warehouse) problems.push(rowProblem(ctx.language, rowNumber, 'warehouseCode', 'WAREHOUSE_NOT_FOUND', { value: row.warehouseCode }));
      else if (warehouse.stopUsing)
        problems.push(rowProblem(ctx.language, rowNumber, 'warehouseCode', 'WAREHOUSE_STOPPED', { name: warehouse.name }));
      const k = key(row.warehouseCode, row.code);
      const first = seen.get(k);
      if (first !== undefined) problems.push(rowProblem(ctx.language, rowNumber, 'code', 'DUPLICATE_ROW', { row: first }));
      else seen.set(k, rowNumber);
    }
    return problems;
  },
  async summarize(rows, ctx) {
    const { existingByKey } = await existingLocations(ctx, rows);
    const existing = rows.filter((r) => existingByKey.has(key(r.warehouseCode, r.code))).length;
    return { new: rows.length - existing, existing };
  },
  async load(rows, ctx, progress) {
    const { byCode, existingByKey } = await existingLocations(ctx, rows);
    const cover = ctx.options.isCover === true;
    let created = 0;
    let updated = 0;
    let skipped = 0;
    let done = 0;
    for (const row of rows) {
      const warehouse = byCode.get(row.warehouseCode);
      // Checked at upload; a warehouse stopped or removed since then fails the whole file.
      if (!warehouse) throw new ImportFailure('WAREHOUSE_NOT_FOUND', { value: row.warehouseCode });
      if (warehouse.stopUsing) throw new ImportFailure('WAREHOUSE_STOPPED', { name: warehouse.name });
      const existing = existingByKey.get(key(row.warehouseCode, row.code));
      if (existing && !cover) skipped++;
      else if (existing) {
        const [after] = await ctx.tx
          .update(warehouseLocations)
          .set({ zone: row.zone ?? null, remark: row.remark ?? null, version: existing.version + 1, updatedAt: new Date() })
          .where(and(eq(warehouseLocations.domainId, ctx.domainId), eq(warehouseLocations.id, existing.id)))
          .returning();
        await writeOperationLog(ctx.tx, actorOf(ctx.session), { area: 'warehouses', entityType: 'location', entityId: existing.id, action: 'import', before: existing, after });
        updated++;
      } else {
        const [inserted] = await ctx.tx
          .insert(warehouseLocations)
          .values({ domainId: ctx.domainId, warehouseId: warehouse.id, code: row.code, zone: row.zone ?? null, remark: row.remark ?? null, createdBy: ctx.session.userId })
          .returning();
        await writeOperationLog(ctx.tx, actorOf(ctx.session), { area: 'warehouses', entityType: 'location', entityId: inserted!.id, action: 'import', after: inserted });
        created++;
      }
      if (++done % 200 === 0) await progress(done);
    }
    return { created, updated, skipped };
  },
};
