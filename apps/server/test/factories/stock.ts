// Rows the stock tests stand on, written straight to the database: a warehouse with locations and
// SKUs. (The warehouses and goods areas have their own factories for their API tests.)
import { sql } from 'drizzle-orm';
import type { TestApp } from '../harness.js';
import { uniqueName } from '../harness.js';

export async function stockWorld(t: TestApp, domainId: number, options: { skus?: number; locations?: number } = {}) {
  const { db } = t.database;
  const code = uniqueName('WH');
  const wh = await db.execute<{ id: number }>(sql`
    insert into warehouses (domain_id, code, name, type, contact, phone, province, city, street)
    values (${domainId}, ${code}, ${'Warehouse ' + code}, 'SELF_WAREHOUSE', 'Wang', '13800000000', '浙江省', '杭州市', '文三路 1 号')
    returning id`);
  const warehouseId = Number(wh.rows[0]!.id);
  const locationIds: number[] = [];
  for (let i = 0; i < (options.locations ?? 2); i++) {
    const loc = await db.execute<{ id: number }>(sql`
      insert into warehouse_locations (domain_id, warehouse_id, code) values (${domainId}, ${warehouseId}, ${'A-' + i}) returning id`);
    locationIds.push(Number(loc.rows[0]!.id));
  }
  const skuIds: number[] = [];
  for (let i = 0; i < (options.skus ?? 3); i++) {
    const skuCode = uniqueName('SKU');
    const spu = await db.execute<{ id: number }>(sql`insert into spus (domain_id, code, name) values (${domainId}, ${skuCode}, ${'Goods ' + i}) returning id`);
    const sku = await db.execute<{ id: number }>(sql`
      insert into skus (domain_id, spu_id, code, name) values (${domainId}, ${spu.rows[0]!.id}, ${skuCode}, ${'Goods ' + i}) returning id`);
    skuIds.push(Number(sku.rows[0]!.id));
  }
  return { warehouseId, locationIds, skuIds };
}
