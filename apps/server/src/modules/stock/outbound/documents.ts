// What outbound orders and transfers share: the checks of a document's warehouse, SKUs and
// locations (each refusal names its field), document codes, and where a document's stock sits.
import { bigintArray } from '../../../platform/sql.js';
import { sql } from 'drizzle-orm';
import { OutboundErrors, type WarehouseOption } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { GoodsRegistryService } from '../../goods/index.js';
import type { WarehousesRegistryService } from '../../warehouses/index.js';


/** The domain's warehouse, in use; otherwise a refusal naming the field. */
export async function usableWarehouse(registry: ServiceRegistry, tx: Tx, domainId: number, id: number, field: string): Promise<WarehouseOption> {
  const [found] = await registry.get<WarehousesRegistryService>('warehouses').findWarehouses(domainId, [id], tx);
  if (!found) throw new AppError(OutboundErrors.WAREHOUSE_NOT_FOUND, 404, { field, id });
  if (found.stopUsing === 1) throw new AppError(OutboundErrors.WAREHOUSE_STOPPED, 409, { field, name: found.name });
  return found;
}

export interface CheckedSku {
  id: number;
  code: string;
  name: string;
  barCode: string | null;
}

/**
 * The document's SKUs: each a live plain SKU of the domain, none twice. `field(i)` names a line's
 * SKU field (wdoDetails.0.skuId).
 */
export async function checkedSkus(registry: ServiceRegistry, tx: Tx, domainId: number, skuIds: number[], field: (index: number) => string): Promise<Map<number, CheckedSku>> {
  const seen = new Map<number, number>();
  skuIds.forEach((id, index) => {
    if (seen.has(id)) throw new AppError(OutboundErrors.DUPLICATE_SKU, 400, { field: field(index), skuId: id, row: seen.get(id)! + 1 });
    seen.set(id, index);
  });
  const found = await registry.get<GoodsRegistryService>('goods').findSkusByIds(domainId, [...seen.keys()], tx);
  const byId = new Map(found.map((s) => [s.id, s]));
  const result = new Map<number, CheckedSku>();
  skuIds.forEach((id, index) => {
    const sku = byId.get(id);
    if (!sku) throw new AppError(OutboundErrors.SKU_NOT_FOUND, 404, { field: field(index), skuId: id });
    if (sku.isCombination) throw new AppError(OutboundErrors.COMBINATION_SKU, 409, { field: field(index), skuCode: sku.code });
    result.set(id, { id, code: sku.code, name: sku.name, barCode: sku.barCode });
  });
  return result;
}

/** Location ids of a warehouse among the given ones (unknown or another warehouse's are left out). */
export async function locationsInWarehouse(tx: Tx, domainId: number, warehouseId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx.execute<{ id: number; code: string }>(sql`
    select id, code from warehouse_locations
    where domain_id = ${domainId} and warehouse_id = ${warehouseId} and id = any(${bigintArray(ids)})`);
  return new Map(rows.rows.map((r) => [Number(r.id), r.code]));
}

/** Whether the warehouse keeps its stock by location (it has locations). */
export async function keepsLocations(tx: Tx, domainId: number, warehouseId: number): Promise<boolean> {
  const rows = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from warehouse_locations where domain_id = ${domainId} and warehouse_id = ${warehouseId}`);
  return Number(rows.rows[0]?.n ?? 0) > 0;
}

/** Refuses a location that is not one of the warehouse's. */
export function requireLocationOf(locations: Map<number, string>, id: number | null | undefined, field: string): void {
  if (id !== null && id !== undefined && !locations.has(id)) throw new AppError(OutboundErrors.LOCATION_NOT_IN_WAREHOUSE, 409, { field, locationId: id });
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The day part of a made code: yyyyMMdd in the server's time zone. */
export function codeDay(now: Date): string {
  return `${now.getFullYear()}${pad(now.getMonth() + 1, 2)}${pad(now.getDate(), 2)}`;
}

/**
 * The next free code of the day, PREFIX + yyyyMMdd + 4 digits, for a table with (domain_id, code).
 * The insert that uses it may still collide with a concurrent one: callers insert with
 * on-conflict-do-nothing and ask again.
 */
export async function nextDayCode(tx: Tx, table: 'wdo_headers' | 'transfer_orders', domainId: number, prefix: string, now: Date): Promise<string> {
  const head = `${prefix}${codeDay(now)}`;
  // The start is cast: with a text parameter substring() would read it as a pattern.
  const start = sql`${head.length + 1}::int`;
  const rows = await tx.execute<{ n: number | null }>(sql`
    select max(substring(code from ${start})::int) as n from ${sql.identifier(table)}
    where domain_id = ${domainId} and code like ${head + '%'} and substring(code from ${start}) ~ '^[0-9]{4,9}$'`);
  return `${head}${pad(Number(rows.rows[0]?.n ?? 0) + 1, 4)}`;
}

export interface DocumentStock {
  locationId: number;
  skuId: number;
  qty: number;
}

/**
 * What a document still holds allocated, per location and SKU, read from the ledger rows it wrote
 * (ALLOCATE minus DELIVER and RELEASE). The ledger is the record; nothing else can disagree.
 */
export async function allocatedByDocument(tx: Tx, domainId: number, docType: string, docId: number): Promise<DocumentStock[]> {
  const rows = await tx.execute<{ location_id: number; sku_id: number; qty: number }>(sql`
    select location_id, sku_id, sum(allocated_delta)::int as qty from stock_ledger
    where domain_id = ${domainId} and doc_type = ${docType} and doc_id = ${docId}
    group by location_id, sku_id
    having sum(allocated_delta) <> 0
    order by sku_id, location_id`);
  return rows.rows.map((r) => ({ locationId: Number(r.location_id), skuId: Number(r.sku_id), qty: Number(r.qty) }));
}

/** What left the source per location and SKU for a document's movement type (TRANSFER_OUT). */
export async function movedByDocument(tx: Tx, domainId: number, docType: string, docId: number, movement: string): Promise<DocumentStock[]> {
  const rows = await tx.execute<{ location_id: number; sku_id: number; qty: number }>(sql`
    select location_id, sku_id, -sum(on_hand_delta)::int as qty from stock_ledger
    where domain_id = ${domainId} and doc_type = ${docType} and doc_id = ${docId} and movement = ${movement}
    group by location_id, sku_id
    order by sku_id, location_id`);
  return rows.rows.map((r) => ({ locationId: Number(r.location_id), skuId: Number(r.sku_id), qty: Number(r.qty) }));
}
