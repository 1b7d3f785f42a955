// Factories of the inbound tests: a signed-in seller with a warehouse (self-run, or served by the
// sandbox warehouse system, or by a real system this build lacks), its locations and SKUs, and
// notices made through the API.
import { sql } from 'drizzle-orm';
import type { TestApp } from '../harness.js';
import { uniqueName } from '../harness.js';
import { signedInSeller, type SignedInSeller } from './warehouses.js';

export interface InboundWorld extends SignedInSeller {
  warehouseId: number;
  /** The warehouse's code. */
  code: string;
  warehouseName: string;
  locationIds: number[];
  skuIds: number[];
  skuCodes: string[];
}

export async function warehouseRow(t: TestApp, domainId: number, options: { type?: string; externalCode?: string | null; locations?: number; stopped?: boolean } = {}) {
  const code = uniqueName('WH');
  const name = 'Warehouse ' + code;
  const wh = await t.database.db.execute<{ id: number }>(sql`
    insert into warehouses (domain_id, code, name, type, contact, phone, province, city, street, external_code, stop_using)
    values (${domainId}, ${code}, ${name}, ${options.type ?? 'SELF_WAREHOUSE'}, 'Wang', '13800000000', '浙江省', '杭州市', '文三路 1 号',
            ${options.externalCode ?? null}, ${options.stopped ?? false})
    returning id`);
  const warehouseId = Number(wh.rows[0]!.id);
  const locationIds: number[] = [];
  for (let i = 0; i < (options.locations ?? 0); i++) {
    const loc = await t.database.db.execute<{ id: number }>(sql`
      insert into warehouse_locations (domain_id, warehouse_id, code) values (${domainId}, ${warehouseId}, ${'L-' + i}) returning id`);
    locationIds.push(Number(loc.rows[0]!.id));
  }
  return { warehouseId, warehouseName: name, code, locationIds };
}

export async function skuRows(t: TestApp, domainId: number, count: number, options: { combination?: boolean } = {}) {
  const ids: number[] = [];
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = uniqueName('SKU').toUpperCase();
    const spu = await t.database.db.execute<{ id: number }>(sql`insert into spus (domain_id, code, name) values (${domainId}, ${code}, ${'Goods ' + code}) returning id`);
    const sku = await t.database.db.execute<{ id: number }>(sql`
      insert into skus (domain_id, spu_id, code, name, bar_code, is_combination)
      values (${domainId}, ${spu.rows[0]!.id}, ${code}, ${'Goods ' + code}, ${'69' + code}, ${options.combination ?? false}) returning id`);
    ids.push(Number(sku.rows[0]!.id));
    codes.push(code);
  }
  return { ids, codes };
}

/** A seller with a warehouse of the given kind, SKUs, and (by default) two locations for a self-run one. */
export async function inboundWorld(t: TestApp, options: { type?: string; externalCode?: string | null; locations?: number; skus?: number } = {}): Promise<InboundWorld> {
  const seller = await signedInSeller(t);
  const type = options.type ?? 'SELF_WAREHOUSE';
  const warehouse = await warehouseRow(t, seller.domainId, { type, externalCode: options.externalCode ?? null, locations: options.locations ?? (type === 'SELF_WAREHOUSE' ? 2 : 0) });
  const skus = await skuRows(t, seller.domainId, options.skus ?? 3);
  return { ...seller, ...warehouse, skuIds: skus.ids, skuCodes: skus.codes };
}

export async function supplierRow(t: TestApp, domainId: number, status = 'ENABLED') {
  const code = uniqueName('SUP').toUpperCase();
  const row = await t.database.db.execute<{ id: number }>(sql`
    insert into suppliers (domain_id, code, name, status) values (${domainId}, ${code}, ${'Supplier ' + code}, ${status}) returning id`);
  return { id: Number(row.rows[0]!.id), code };
}

export async function createAsn(t: TestApp, token: string, input: Record<string, unknown>) {
  const answer = await t.call('/cloud/purchase/purchaseAsn/create', input, { token });
  if (!answer.body.success) throw new Error(`notice not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data as any;
}

export async function getAsn(t: TestApp, token: string, id: number) {
  const answer = await t.call('/cloud/purchase/asn/getById', { id }, { token });
  if (!answer.body.success) throw new Error(`notice not read: ${JSON.stringify(answer.body)}`);
  return answer.body.data as any;
}

export async function onHand(t: TestApp, domainId: number, warehouseId: number, skuId: number, locationId?: number): Promise<number> {
  const rows = await t.database.db.execute<{ on_hand: number }>(sql`
    select coalesce(sum(on_hand), 0)::int as on_hand from stock_balances
    where domain_id = ${domainId} and warehouse_id = ${warehouseId} and sku_id = ${skuId}
      ${locationId === undefined ? sql`` : sql`and location_id = ${locationId}`}`);
  return Number(rows.rows[0]!.on_hand);
}

export async function averageCost(t: TestApp, domainId: number, skuId: number): Promise<string | null> {
  const rows = await t.database.db.execute<{ average_cost: string }>(sql`select average_cost from sku_costs where domain_id = ${domainId} and sku_id = ${skuId}`);
  return rows.rows[0] ? String(rows.rows[0].average_cost) : null;
}

export async function ledgerOf(t: TestApp, domainId: number, docCode: string) {
  const rows = await t.database.db.execute<{ movement: string; doc_type: string; doc_code: string; sku_id: number; location_id: number; on_hand_delta: number; warehouse_id: number }>(sql`
    select movement, doc_type, doc_code, sku_id, location_id, on_hand_delta, warehouse_id from stock_ledger
    where domain_id = ${domainId} and doc_code = ${docCode} order by id`);
  return rows.rows.map((r) => ({ ...r, sku_id: Number(r.sku_id), location_id: Number(r.location_id), warehouse_id: Number(r.warehouse_id) }));
}
