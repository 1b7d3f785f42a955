// Factories of the return-inbound tests: a seller with a self-run warehouse (two locations), SKUs
// bought at a cost, and a shipped order whose SHIP movements went through the stock engine (so
// the ledger carries the cost they went out at).
import { sql } from 'drizzle-orm';
import type { TestApp } from '../harness.js';
import { applyMovements } from '../../src/modules/stock/stock.engine.js';
import { inboundWorld, type InboundWorld } from './inbound.js';
import { insertOrder } from './orders.js';
import { storeRow } from './warehouses.js';

export interface RmaWorld extends InboundWorld {
  storeId: number;
}

export async function rmaWorld(t: TestApp, options: Parameters<typeof inboundWorld>[1] = {}): Promise<RmaWorld> {
  const w = await inboundWorld(t, options);
  const store = await storeRow(t, w.domainId);
  return { ...w, storeId: store.id };
}

/** Buys qty of a SKU at a unit price into the warehouse's first location (a purchase receipt). */
export async function buy(t: TestApp, w: RmaWorld, skuId: number, qty: number, price: string) {
  const answer = await t.call(
    '/cloud/purchase/purchaseAsn/createAndReceipt',
    { whId: w.warehouseId, asnType: 'ASN_PURCHASE', asnDetails: [{ skuId, qty, price, locationId: w.locationIds[0] }] },
    { token: w.token },
  );
  if (!answer.body.success) throw new Error(`purchase not received: ${JSON.stringify(answer.body)}`);
}

/** An order of the given lines, shipped: its SHIP movements leave the first location. */
export async function shippedOrder(t: TestApp, w: RmaWorld, lines: { skuId: number; qty: number }[]) {
  const order = await insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, statusCode: 'CI_ERPSOH_STATUS_SEND', lines: lines.map((l) => ({ ...l, price: '30' })) });
  await t.database.db.transaction((tx) =>
    applyMovements(
      tx,
      w.domainId,
      null,
      lines.map((l) => ({ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: l.skuId, onHandDelta: -l.qty, movement: 'SHIP' as const, doc: { type: 'ORDER', id: order.id, code: order.code } })),
    ),
  );
  const rows = await t.database.db.execute<{ id: number; sku_id: number }>(sql`select id, sku_id from erp_order_lines where order_id = ${order.id} order by line_seq`);
  return { ...order, lineIds: rows.rows.map((r) => Number(r.id)) };
}

export async function createRma(t: TestApp, token: string, input: Record<string, unknown>) {
  const answer = await t.call('/myhome/rma/create', input, { token });
  if (!answer.body.success) throw new Error(`return not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data as any;
}

export async function getRma(t: TestApp, token: string, id: number) {
  const answer = await t.call('/myhome/rma/getRmaById', { id }, { token });
  if (!answer.body.success) throw new Error(`return not read: ${JSON.stringify(answer.body)}`);
  return answer.body.data as any;
}
