// Factories of the outbound and transfer tests: a signed-in seller with a warehouse, its
// locations and SKUs (stockWorld), stock put on hand through the engine, and combinations.
import { sql } from 'drizzle-orm';
import { applyMovements } from '../../src/modules/stock/stock.engine.js';
import type { TestApp } from '../harness.js';
import { uniqueName } from '../harness.js';
import { stockWorld } from './stock.js';
import { signedInSeller, type SignedInSeller } from './warehouses.js';

export interface OutboundWorld extends SignedInSeller {
  warehouseId: number;
  locationIds: number[];
  skuIds: number[];
  skuCodes: string[];
}

/** A seller signed in, with a self-run warehouse (locations, SKUs) and nothing on hand yet. */
export async function outboundWorld(t: TestApp, options: { skus?: number; locations?: number } = {}): Promise<OutboundWorld> {
  const seller = await signedInSeller(t);
  const world = await stockWorld(t, seller.domainId, options);
  const codes = await t.database.db.execute<{ id: number; code: string }>(sql`select id, code from skus where domain_id = ${seller.domainId} order by id`);
  const byId = new Map(codes.rows.map((r) => [Number(r.id), r.code]));
  return { ...seller, ...world, skuCodes: world.skuIds.map((id) => byId.get(id)!) };
}

/** Another warehouse of the same domain, with its own locations. */
export async function anotherWarehouse(t: TestApp, domainId: number, locations = 1, type = 'SELF_WAREHOUSE', externalCode: string | null = null) {
  const code = uniqueName('WH');
  const wh = await t.database.db.execute<{ id: number }>(sql`
    insert into warehouses (domain_id, code, name, type, contact, phone, province, city, street, external_code)
    values (${domainId}, ${code}, ${'Warehouse ' + code}, ${type}, 'Wang', '13800000000', '浙江省', '杭州市', '文三路 1 号', ${externalCode})
    returning id`);
  const warehouseId = Number(wh.rows[0]!.id);
  const locationIds: number[] = [];
  for (let i = 0; i < locations; i++) {
    const loc = await t.database.db.execute<{ id: number }>(sql`
      insert into warehouse_locations (domain_id, warehouse_id, code) values (${domainId}, ${warehouseId}, ${'B-' + i}) returning id`);
    locationIds.push(Number(loc.rows[0]!.id));
  }
  return { warehouseId, locationIds };
}

/** Puts pieces on hand (an OPENING movement), as the inventory area would. */
export async function putOnHand(t: TestApp, domainId: number, lines: { warehouseId: number; locationId?: number; skuId: number; qty: number }[]) {
  await t.database.db.transaction((tx) =>
    applyMovements(
      tx,
      domainId,
      null,
      lines.map((l) => ({ warehouseId: l.warehouseId, locationId: l.locationId ?? 0, skuId: l.skuId, onHandDelta: l.qty, movement: 'OPENING' as const, doc: { type: 'TEST_OPENING' } })),
    ),
  );
}

export async function balanceOf(t: TestApp, domainId: number, warehouseId: number, skuId: number, locationId?: number) {
  const rows = await t.database.db.execute<{ on_hand: number; allocated: number }>(sql`
    select coalesce(sum(on_hand), 0)::int as on_hand, coalesce(sum(allocated), 0)::int as allocated from stock_balances
    where domain_id = ${domainId} and warehouse_id = ${warehouseId} and sku_id = ${skuId}
      ${locationId === undefined ? sql`` : sql`and location_id = ${locationId}`}`);
  return { onHand: Number(rows.rows[0]!.on_hand), allocated: Number(rows.rows[0]!.allocated) };
}

/** A combination SKU of the domain made of one of the given SKUs. */
export async function combinationSku(t: TestApp, domainId: number, componentSkuId: number): Promise<number> {
  const code = uniqueName('COMBO');
  const spu = await t.database.db.execute<{ id: number }>(sql`insert into spus (domain_id, code, name, is_combination) values (${domainId}, ${code}, 'Bundle', true) returning id`);
  const sku = await t.database.db.execute<{ id: number }>(sql`
    insert into skus (domain_id, spu_id, code, name, is_combination) values (${domainId}, ${spu.rows[0]!.id}, ${code}, 'Bundle', true) returning id`);
  const id = Number(sku.rows[0]!.id);
  await t.database.db.execute(sql`insert into combination_components (domain_id, combo_sku_id, component_sku_id, qty) values (${domainId}, ${id}, ${componentSkuId}, 2)`);
  return id;
}
