// Queries of the warehouses area. Each takes the domain first: no query here can read or change
// another domain's rows.
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { LocationRow, StopUsingFlag, StoreWarehouseAssignment, WarehouseOption, WarehouseRow, WarehouseType } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { qualified } from '../../db/columns.js';
import { stores, warehouseLocations, warehouses, warehouseStoreBindings } from '../../db/schema/index.js';
import { isoTimeOf as iso } from '../../platform/time.js';
import { idsIn, likePattern, textsIn } from '../../platform/sql.js';
import { pageOffset } from '../../platform/paging.js';

type WarehouseRecord = typeof warehouses.$inferSelect;
type LocationRecord = typeof warehouseLocations.$inferSelect;

const flag = (stopped: boolean): StopUsingFlag => (stopped ? 1 : 0);

export function toWarehouseRow(w: WarehouseRecord, counts: { storeCount: number; locationCount: number }): WarehouseRow {
  return {
    id: w.id,
    code: w.code,
    name: w.name,
    type: w.type as WarehouseType,
    stopUsing: flag(w.stopUsing),
    contact: w.contact,
    phone: w.phone,
    province: w.province,
    city: w.city,
    county: w.county,
    street: w.street,
    externalCode: w.externalCode,
    ownerCode: w.ownerCode,
    qimenCustomerId: w.qimenCustomerId,
    remark: w.remark,
    storeCount: counts.storeCount,
    locationCount: counts.locationCount,
    version: w.version,
    createdAt: iso(w.createdAt),
    updatedAt: iso(w.updatedAt),
  };
}

export const toWarehouseOption = (w: WarehouseRecord): WarehouseOption => ({
  id: w.id,
  code: w.code,
  name: w.name,
  type: w.type as WarehouseType,
  stopUsing: flag(w.stopUsing),
});

const storeCountSql = sql<number>`(select count(*)::int from warehouse_store_bindings b where b.warehouse_id = ${qualified(warehouses.id)} and b.domain_id = ${qualified(warehouses.domainId)})`;
const locationCountSql = sql<number>`(select count(*)::int from warehouse_locations l where l.warehouse_id = ${qualified(warehouses.id)} and l.domain_id = ${qualified(warehouses.domainId)})`;

export async function findWarehouse(tx: Tx, domainId: number, id: number, forUpdate = false): Promise<WarehouseRecord | undefined> {
  const query = tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, id)))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function warehouseRowById(tx: Tx, domainId: number, id: number): Promise<WarehouseRow | undefined> {
  const [row] = await tx
    .select({ w: warehouses, storeCount: storeCountSql, locationCount: locationCountSql })
    .from(warehouses)
    .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, id)));
  return row ? toWarehouseRow(row.w, row) : undefined;
}

export async function findWarehousesByIds(tx: Tx, domainId: number, ids: number[]): Promise<WarehouseRecord[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.domainId, domainId), idsIn(warehouses.id, ids)))
    .orderBy(asc(warehouses.id));
}

export async function findWarehousesByCodes(tx: Tx, domainId: number, codes: string[]): Promise<WarehouseRecord[]> {
  if (!codes.length) return [];
  return tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.domainId, domainId), textsIn(warehouses.code, codes)));
}

/** Another warehouse of the domain holding this code or name (for a clear refusal). */
export async function warehouseHolding(tx: Tx, domainId: number, field: 'code' | 'name', value: string, exceptId?: number) {
  const column = field === 'code' ? warehouses.code : warehouses.name;
  const conditions = [eq(warehouses.domainId, domainId), eq(column, value)];
  if (exceptId) conditions.push(ne(warehouses.id, exceptId));
  const [row] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(...conditions))
    .limit(1);
  return row;
}

export async function searchWarehouses(
  tx: Tx,
  domainId: number,
  filter: { keyword?: string | undefined; type?: WarehouseType | undefined; stopUsing: StopUsingFlag | null; currentPage: number; pageSize: number },
): Promise<{ rows: WarehouseRow[]; total: number }> {
  const conditions: SQL[] = [eq(warehouses.domainId, domainId)];
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(sql`(${warehouses.code} ilike ${p} or ${warehouses.name} ilike ${p} or ${warehouses.contact} ilike ${p})`);
  }
  if (filter.type) conditions.push(eq(warehouses.type, filter.type));
  if (filter.stopUsing !== null) conditions.push(eq(warehouses.stopUsing, filter.stopUsing === 1));
  const where = and(...conditions);
  const [total] = await tx.select({ n: count() }).from(warehouses).where(where);
  const rows = await tx
    .select({ w: warehouses, storeCount: storeCountSql, locationCount: locationCountSql })
    .from(warehouses)
    .where(where)
    .orderBy(desc(warehouses.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { total: total?.n ?? 0, rows: rows.map((r) => toWarehouseRow(r.w, r)) };
}

export async function listWarehouseOptions(tx: Tx, domainId: number, includeStopped: boolean): Promise<WarehouseOption[]> {
  const conditions = [eq(warehouses.domainId, domainId)];
  if (!includeStopped) conditions.push(eq(warehouses.stopUsing, false));
  const rows = await tx
    .select()
    .from(warehouses)
    .where(and(...conditions))
    .orderBy(asc(warehouses.stopUsing), asc(warehouses.id));
  return rows.map(toWarehouseOption);
}

// ---- store bindings ----------------------------------------------------------------------

export async function storesOfDomain(tx: Tx, domainId: number, storeIds: number[]) {
  if (!storeIds.length) return [];
  return tx
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.domainId, domainId), idsIn(stores.id, storeIds)));
}

export async function boundStoreCount(tx: Tx, domainId: number, warehouseIds: number[]): Promise<number> {
  if (!warehouseIds.length) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(warehouseStoreBindings)
    .where(and(eq(warehouseStoreBindings.domainId, domainId), idsIn(warehouseStoreBindings.warehouseId, warehouseIds)));
  return row?.n ?? 0;
}

export async function bindingCountOfStores(tx: Tx, domainId: number, storeIds: number[]): Promise<number> {
  if (!storeIds.length) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(warehouseStoreBindings)
    .where(and(eq(warehouseStoreBindings.domainId, domainId), idsIn(warehouseStoreBindings.storeId, storeIds)));
  return row?.n ?? 0;
}

export async function assignments(tx: Tx, domainId: number, filter: { keyword?: string | undefined; warehouseId?: number | undefined }): Promise<StoreWarehouseAssignment[]> {
  const conditions: SQL[] = [eq(stores.domainId, domainId)];
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(sql`(${stores.name} ilike ${p} or ${stores.shortName} ilike ${p})`);
  }
  if (filter.warehouseId !== undefined) {
    conditions.push(
      sql`exists (select 1 from warehouse_store_bindings b where b.domain_id = ${domainId} and b.store_id = ${qualified(stores.id)} and b.warehouse_id = ${filter.warehouseId})`,
    );
  }
  const storeRows = await tx
    .select({ id: stores.id, name: stores.name, platformCode: stores.platformCode, usable: stores.usable })
    .from(stores)
    .where(and(...conditions))
    .orderBy(asc(stores.id));
  if (!storeRows.length) return [];
  const bindings = await tx
    .select({ storeId: warehouseStoreBindings.storeId, onlineWarehouseCode: warehouseStoreBindings.onlineWarehouseCode, w: warehouses })
    .from(warehouseStoreBindings)
    .innerJoin(warehouses, and(eq(warehouses.id, warehouseStoreBindings.warehouseId), eq(warehouses.domainId, warehouseStoreBindings.domainId)))
    .where(
      and(
        eq(warehouseStoreBindings.domainId, domainId),
        idsIn(
          warehouseStoreBindings.storeId,
          storeRows.map((s) => s.id),
        ),
      ),
    )
    .orderBy(asc(warehouses.id));
  return storeRows.map((s) => ({
    storeId: s.id,
    storeName: s.name,
    platformCode: s.platformCode,
    usable: s.usable,
    warehouses: bindings
      .filter((b) => b.storeId === s.id)
      .map((b) => ({
        warehouseId: b.w.id,
        warehouseCode: b.w.code,
        warehouseName: b.w.name,
        warehouseType: b.w.type as WarehouseType,
        stopUsing: flag(b.w.stopUsing),
        onlineWarehouseCode: b.onlineWarehouseCode,
      })),
  }));
}

// ---- locations ---------------------------------------------------------------------------

export function toLocationRow(l: LocationRecord, w: { code: string; name: string }): LocationRow {
  return {
    id: l.id,
    warehouseId: l.warehouseId,
    warehouseCode: w.code,
    warehouseName: w.name,
    code: l.code,
    zone: l.zone,
    remark: l.remark,
    version: l.version,
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
  };
}

export async function findLocation(tx: Tx, domainId: number, id: number): Promise<LocationRecord | undefined> {
  const [row] = await tx
    .select()
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.id, id)));
  return row;
}

export async function findLocationsByIds(tx: Tx, domainId: number, ids: number[]): Promise<LocationRecord[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.domainId, domainId), idsIn(warehouseLocations.id, ids)));
}

export async function locationHolding(tx: Tx, domainId: number, warehouseId: number, code: string, exceptId?: number) {
  const conditions = [eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.code, code)];
  if (exceptId) conditions.push(ne(warehouseLocations.id, exceptId));
  const [row] = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .where(and(...conditions))
    .limit(1);
  return row;
}

export async function locationRowById(tx: Tx, domainId: number, id: number): Promise<LocationRow | undefined> {
  const [row] = await tx
    .select({ l: warehouseLocations, code: warehouses.code, name: warehouses.name })
    .from(warehouseLocations)
    .innerJoin(warehouses, and(eq(warehouses.id, warehouseLocations.warehouseId), eq(warehouses.domainId, warehouseLocations.domainId)))
    .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.id, id)));
  return row ? toLocationRow(row.l, row) : undefined;
}

export async function searchLocations(
  tx: Tx,
  domainId: number,
  filter: { warehouseId?: number | undefined; keyword?: string | undefined; currentPage: number; pageSize: number },
): Promise<{ rows: LocationRow[]; total: number }> {
  const conditions: SQL[] = [eq(warehouseLocations.domainId, domainId)];
  if (filter.warehouseId !== undefined) conditions.push(eq(warehouseLocations.warehouseId, filter.warehouseId));
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(sql`(${warehouseLocations.code} ilike ${p} or ${warehouseLocations.zone} ilike ${p})`);
  }
  const where = and(...conditions);
  const [total] = await tx.select({ n: count() }).from(warehouseLocations).where(where);
  const rows = await tx
    .select({ l: warehouseLocations, code: warehouses.code, name: warehouses.name })
    .from(warehouseLocations)
    .innerJoin(warehouses, and(eq(warehouses.id, warehouseLocations.warehouseId), eq(warehouses.domainId, warehouseLocations.domainId)))
    .where(where)
    .orderBy(asc(warehouseLocations.warehouseId), asc(warehouseLocations.code))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { total: total?.n ?? 0, rows: rows.map((r) => toLocationRow(r.l, r)) };
}

/** Locations of some warehouses, for the stock area (all of them when no ids are given). */
export async function locationsOfWarehouses(tx: Tx, domainId: number, warehouseIds: number[] | undefined, codes?: string[]): Promise<LocationRow[]> {
  const conditions: SQL[] = [eq(warehouseLocations.domainId, domainId)];
  if (warehouseIds) {
    if (!warehouseIds.length) return [];
    conditions.push(idsIn(warehouseLocations.warehouseId, warehouseIds));
  }
  if (codes) {
    if (!codes.length) return [];
    conditions.push(textsIn(warehouseLocations.code, codes));
  }
  const rows = await tx
    .select({ l: warehouseLocations, code: warehouses.code, name: warehouses.name })
    .from(warehouseLocations)
    .innerJoin(warehouses, and(eq(warehouses.id, warehouseLocations.warehouseId), eq(warehouses.domainId, warehouseLocations.domainId)))
    .where(and(...conditions))
    .orderBy(asc(warehouseLocations.warehouseId), asc(warehouseLocations.code));
  return rows.map((r) => toLocationRow(r.l, r));
}
