// Factories of the stock-check tests: a signed-in seller with a warehouse, locations and SKUs
// (stockWorld), stock put there through the engine, and counted-quantity spreadsheets.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { applyMovements } from '../../src/modules/stock/stock.engine.js';
import type { TestApp } from '../harness.js';
import { stockWorld } from './stock.js';

export interface CheckWorld {
  domainId: number;
  userId: number;
  token: string;
  warehouseId: number;
  warehouseCode: string;
  locationIds: number[];
  locationCodes: string[];
  skuIds: number[];
  skuCodes: string[];
}

/** A signed-in seller with a warehouse of `locations` locations and `skus` SKUs, no stock yet. */
export async function checkWorld(t: TestApp, options: { skus?: number; locations?: number } = {}): Promise<CheckWorld> {
  const seller = await t.factories.sellerDomain();
  const token = await t.token(seller.loginName, seller.password);
  const world = await stockWorld(t, seller.domainId, options);
  return { domainId: seller.domainId, userId: seller.userId, token, ...(await describeWorld(t, seller.domainId, world)) };
}

/** Another warehouse (with its locations and SKUs) in the same domain. */
export async function anotherWarehouse(t: TestApp, domainId: number, options: { skus?: number; locations?: number } = {}) {
  return describeWorld(t, domainId, await stockWorld(t, domainId, options));
}

async function describeWorld(t: TestApp, domainId: number, world: { warehouseId: number; locationIds: number[]; skuIds: number[] }) {
  const wh = await t.database.db.execute<{ code: string }>(sql`select code from warehouses where id = ${world.warehouseId}`);
  const locs = await t.database.db.execute<{ id: number; code: string }>(sql`select id, code from warehouse_locations where domain_id = ${domainId} and warehouse_id = ${world.warehouseId} order by id`);
  const skus = await t.database.db.execute<{ id: number; code: string }>(sql`
    select id, code from skus where domain_id = ${domainId} and id in (select value::bigint from json_array_elements_text(${JSON.stringify(world.skuIds)}::json)) order by id`);
  return {
    warehouseId: world.warehouseId,
    warehouseCode: wh.rows[0]!.code,
    locationIds: world.locationIds,
    locationCodes: locs.rows.map((r) => r.code),
    skuIds: world.skuIds,
    skuCodes: skus.rows.map((r) => r.code),
  };
}

/** Puts stock on hand (and optionally allocates some) through the stock engine. */
export async function putStock(t: TestApp, domainId: number, lines: { warehouseId: number; locationId?: number; skuId: number; onHand: number; allocated?: number }[]) {
  await t.database.db.transaction((tx) =>
    applyMovements(
      tx,
      domainId,
      null,
      lines.flatMap((l) => [
        { warehouseId: l.warehouseId, locationId: l.locationId ?? 0, skuId: l.skuId, onHandDelta: l.onHand, movement: 'OPENING' as const, doc: { type: 'TEST' } },
        ...(l.allocated ? [{ warehouseId: l.warehouseId, locationId: l.locationId ?? 0, skuId: l.skuId, allocatedDelta: l.allocated, movement: 'ALLOCATE' as const, doc: { type: 'TEST' } }] : []),
      ]),
    ),
  );
}

export async function balanceOf(t: TestApp, domainId: number, warehouseId: number, skuId: number, locationId = 0) {
  const { rows } = await t.database.pool.query('select on_hand, allocated from stock_balances where domain_id = $1 and warehouse_id = $2 and sku_id = $3 and location_id = $4', [
    domainId,
    warehouseId,
    skuId,
    locationId,
  ]);
  return rows[0] ? { onHand: Number(rows[0].on_hand), allocated: Number(rows[0].allocated) } : null;
}

/** Whether every balance of the domain equals the sum of its ledger rows. */
export async function ledgerMatchesBalances(t: TestApp, domainId: number): Promise<boolean> {
  const { rows } = await t.database.pool.query(
    `select count(*)::int as broken from stock_balances b
     left join (select warehouse_id, location_id, sku_id, sum(on_hand_delta) as h, sum(allocated_delta) as a
                from stock_ledger where domain_id = $1 group by 1, 2, 3) l
       on l.warehouse_id = b.warehouse_id and l.location_id = b.location_id and l.sku_id = b.sku_id
     where b.domain_id = $1 and (coalesce(l.h, 0) <> b.on_hand or coalesce(l.a, 0) <> b.allocated)`,
    [domainId],
  );
  return rows[0].broken === 0;
}

/** A counted-quantity spreadsheet: the header row, then rows as given (cells as typed). */
export async function countSheet(rows: (string | number | null)[][], header = ['Warehouse', 'Location code', 'SKU code', 'Counted quantity']): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Stock check');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
