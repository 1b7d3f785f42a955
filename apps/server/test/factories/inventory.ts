// Rows the inventory tests stand on: a stock world with its codes, combinations, and signed-in
// accounts. Stock itself is put in through the engine or the opening-inventory call.
import { sql } from 'drizzle-orm';
import type { TestApp } from '../harness.js';
import { stockWorld } from './stock.js';

export interface InventoryWorld {
  domainId: number;
  token: string;
  userId: number;
  warehouseId: number;
  warehouseCode: string;
  locationIds: number[];
  locationCodes: string[];
  skuIds: number[];
  skuCodes: string[];
}

/** A seller domain with its main account signed in, a warehouse with locations and SKUs. */
export async function inventoryWorld(t: TestApp, options: { skus?: number; locations?: number } = {}): Promise<InventoryWorld> {
  const seller = await t.factories.sellerDomain();
  const world = await moreStock(t, seller.domainId, options);
  return { ...world, domainId: seller.domainId, userId: seller.userId, token: await t.token(seller.loginName, seller.password) };
}

/** Another warehouse (with locations and SKUs) in a domain, with the codes. */
export async function moreStock(t: TestApp, domainId: number, options: { skus?: number; locations?: number } = {}) {
  const world = await stockWorld(t, domainId, options);
  const { db } = t.database;
  const wh = await db.execute<{ code: string }>(sql`select code from warehouses where id = ${world.warehouseId}`);
  const locations = world.locationIds.length
    ? await db.execute<{ id: number; code: string }>(sql`select id, code from warehouse_locations where warehouse_id = ${world.warehouseId} order by id`)
    : { rows: [] };
  const skus = world.skuIds.length
    ? await db.execute<{ id: number; code: string }>(sql`select id, code from skus where id in (${sql.join(
        world.skuIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`)
    : { rows: [] };
  return {
    warehouseId: world.warehouseId,
    warehouseCode: wh.rows[0]!.code,
    locationIds: world.locationIds,
    locationCodes: locations.rows.map((l) => l.code),
    skuIds: world.skuIds,
    skuCodes: skus.rows.map((s) => s.code),
  };
}

/** A combination SKU of components (skuId × qty); answers its id and code. */
export async function combination(t: TestApp, domainId: number, components: { skuId: number; qty: number }[]): Promise<{ id: number; code: string }> {
  const { db } = t.database;
  const code = `SET-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const spu = await db.execute<{ id: number }>(sql`insert into spus (domain_id, code, name, is_combination) values (${domainId}, ${code}, ${'Set ' + code}, true) returning id`);
  const sku = await db.execute<{ id: number }>(sql`
    insert into skus (domain_id, spu_id, code, name, is_combination) values (${domainId}, ${spu.rows[0]!.id}, ${code}, ${'Set ' + code}, true) returning id`);
  const id = Number(sku.rows[0]!.id);
  for (const c of components) {
    await db.execute(sql`insert into combination_components (domain_id, combo_sku_id, component_sku_id, qty) values (${domainId}, ${id}, ${c.skuId}, ${c.qty})`);
  }
  return { id, code };
}

/** A sub-account of the domain with these menus and fields, signed in. */
export async function staffToken(t: TestApp, domainId: number, menus: string[], fields: string[] = []): Promise<string> {
  const staff = await t.factories.subAccount(domainId, { menus, fields });
  return t.token(staff.loginName, staff.password);
}
