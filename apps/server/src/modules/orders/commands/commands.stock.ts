// The stock side of the order commands: what an order's lines take (combinations by their
// components, gifts too, cancelled and unmapped lines not), allocation on verify, release of
// exactly what an order holds. Allocation, availability and every stock change belong to the stock
// area (modules/stock/index.ts); orders never read or lock stock balances themselves.
import { bigintArray } from '../../../platform/sql.js';
import { OrderErrors, type PlannedLine } from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../platform/errors.js';
import { allocateStock, applyMovements, StockShortageError, type Movement } from '../../stock/index.js';
import { ORDER_DOC_TYPE } from '../orders.model.js';

export interface DemandRecord extends Record<string, unknown> {
  order_id: number;
  line_id: number;
  qty: number;
  stock_sku_id: number | null;
  per_unit: number | null;
}

/**
 * Every line of the orders (in line order) with the stock it takes per unit. Lines that take no
 * stock (cancelled, unmapped) have no components.
 */
export async function plannedLinesOf(tx: Tx, domainId: number, orderIds: readonly number[]): Promise<Map<number, PlannedLine[]>> {
  const result = new Map<number, PlannedLine[]>();
  if (!orderIds.length) return result;
  const rows = await tx.execute<DemandRecord>(sql`
    select l.order_id, l.id as line_id, l.qty,
      case when l.cancel_tag = 1 or l.sku_id is null then null when k.is_combination then c.component_sku_id else l.sku_id end as stock_sku_id,
      case when k.is_combination then c.qty else 1 end as per_unit
    from erp_order_lines l
    left join skus k on k.id = l.sku_id and k.domain_id = l.domain_id
    left join combination_components c on k.is_combination and c.combo_sku_id = l.sku_id and c.domain_id = l.domain_id
    where l.domain_id = ${domainId} and l.order_id = any(${bigintArray(orderIds)})
    order by l.order_id, l.line_seq, l.id`);
  const byLine = new Map<number, PlannedLine>();
  for (const r of rows.rows) {
    const lineId = Number(r.line_id);
    let line = byLine.get(lineId);
    if (!line) {
      line = { lineId, qty: Number(r.qty), components: [] };
      byLine.set(lineId, line);
      const list = result.get(Number(r.order_id)) ?? [];
      list.push(line);
      result.set(Number(r.order_id), list);
    }
    if (r.stock_sku_id != null) line.components.push({ skuId: Number(r.stock_sku_id), perUnit: Number(r.per_unit ?? 1) });
  }
  return result;
}

/** Pieces per SKU the lines take. */
export function demandBySku(lines: readonly PlannedLine[]): Map<number, number> {
  const demand = new Map<number, number>();
  for (const l of lines) for (const c of l.components) demand.set(c.skuId, (demand.get(c.skuId) ?? 0) + c.perUnit * l.qty);
  return demand;
}

async function skuCodeOf(tx: Tx, domainId: number, skuId: number): Promise<string> {
  const rows = await tx.execute<{ code: string }>(sql`select code from skus where domain_id = ${domainId} and id = ${skuId}`);
  return rows.rows[0]?.code ?? String(skuId);
}

/**
 * Allocates what the order's lines take in its warehouse through the stock area's allocation
 * (`allocateStock`: balances locked in one order, most available first). A shortage refuses with
 * the first short SKU (in id order), what is available and what is needed; the caller's
 * transaction then writes nothing.
 */
export async function allocateOrder(tx: Tx, domainId: number, userId: number | null, order: { id: number; code: string; warehouseId: number }, lines: readonly PlannedLine[]): Promise<void> {
  const demand = [...demandBySku(lines)].map(([skuId, qty]) => ({ skuId, qty }));
  let short;
  try {
    short = (await allocateStock(tx, domainId, userId, [{ warehouseId: order.warehouseId, skus: demand, doc: { type: ORDER_DOC_TYPE, id: order.id, code: order.code } }])).shortages[0];
  } catch (error) {
    // Not expected under the stock area's locks; answered like a shortage it found if it happens.
    if (error instanceof StockShortageError) {
      const first = error.shortages[0];
      const needed = demand.find((d) => d.skuId === first?.skuId)?.qty ?? 0;
      throw new AppError(OrderErrors.SHORTAGE, 409, { skuCode: await skuCodeOf(tx, domainId, first?.skuId ?? 0), available: Math.max(0, first?.available ?? 0), needed });
    }
    throw error;
  }
  if (short) throw new AppError(OrderErrors.SHORTAGE, 409, { skuCode: await skuCodeOf(tx, domainId, short.skuId), available: short.available, needed: short.needed });
}

/** An order a batch verify allocates: its warehouse and the stock its lines take. */
export interface OrderToAllocate {
  id: number;
  code: string;
  warehouseId: number;
  lines: readonly PlannedLine[];
}

/**
 * Allocates the stock of many orders at once (batch verify) through the stock area's allocation
 * (`allocateStock`), each order all or none, in the order given (the caller passes them by
 * creation time). An order that cannot be wholly covered takes nothing and is answered with its
 * first short SKU (in id order), what was left and what it needs. Answers the refusals by order
 * id; a StockShortageError from the engine (not expected under the locks) is thrown to the caller.
 */
export async function allocateOrders(tx: Tx, domainId: number, userId: number | null, orders: readonly OrderToAllocate[]): Promise<Map<number, AppError>> {
  const refusals = new Map<number, AppError>();
  const { shortages } = await allocateStock(
    tx,
    domainId,
    userId,
    orders.map((o) => ({ warehouseId: o.warehouseId, skus: [...demandBySku(o.lines)].map(([skuId, qty]) => ({ skuId, qty })), doc: { type: ORDER_DOC_TYPE, id: o.id, code: o.code } })),
  );
  const shorts = orders.flatMap((o, i) => (shortages[i] ? [{ orderId: o.id, ...shortages[i] }] : []));
  if (shorts.length) {
    const codes = await tx.execute<{ id: number; code: string }>(sql`select id, code from skus where domain_id = ${domainId} and id = any(${bigintArray([...new Set(shorts.map((s) => s.skuId))])})`);
    const codeOf = new Map(codes.rows.map((r) => [Number(r.id), r.code]));
    for (const s of shorts) refusals.set(s.orderId, new AppError(OrderErrors.SHORTAGE, 409, { skuCode: codeOf.get(s.skuId) ?? String(s.skuId), available: s.available, needed: s.needed }));
  }
  return refusals;
}

/** What each order holds per balance: its ALLOCATE minus RELEASE ledger rows (the record of an order's allocation). */
export async function orderHoldings(
  tx: Tx,
  domainId: number,
  orders: readonly { id: number; code: string }[],
): Promise<{ orderId: number; code: string | null; warehouseId: number; locationId: number; skuId: number; held: number }[]> {
  if (!orders.length) return [];
  const codes = new Map(orders.map((o) => [o.id, o.code]));
  const held = await tx.execute<{ doc_id: number; warehouse_id: number; location_id: number; sku_id: number; held: number }>(sql`
    select doc_id, warehouse_id, location_id, sku_id, sum(allocated_delta)::int as held from stock_ledger
    where domain_id = ${domainId} and doc_type = ${ORDER_DOC_TYPE} and doc_id = any(${bigintArray([...codes.keys()])}) and movement in ('ALLOCATE', 'RELEASE')
    group by doc_id, warehouse_id, location_id, sku_id
    having sum(allocated_delta) > 0
    order by doc_id, warehouse_id, sku_id, location_id`);
  return held.rows.map((r) => ({
    orderId: Number(r.doc_id),
    code: codes.get(Number(r.doc_id)) ?? null,
    warehouseId: Number(r.warehouse_id),
    locationId: Number(r.location_id),
    skuId: Number(r.sku_id),
    held: Number(r.held),
  }));
}

/** What each order holds per balance, as the RELEASE movements that give it back. */
export async function releaseMovementsOf(tx: Tx, domainId: number, orders: readonly { id: number; code: string }[]): Promise<Movement[]> {
  return (await orderHoldings(tx, domainId, orders)).map((h) => ({
    warehouseId: h.warehouseId,
    locationId: h.locationId,
    skuId: h.skuId,
    allocatedDelta: -h.held,
    movement: 'RELEASE' as const,
    doc: { type: ORDER_DOC_TYPE, id: h.orderId, code: h.code },
  }));
}

/** Releases exactly what the order holds: its ALLOCATE minus RELEASE rows per balance. */
export async function releaseOrder(tx: Tx, domainId: number, userId: number | null, order: { id: number; code: string }): Promise<number> {
  const movements = await releaseMovementsOf(tx, domainId, [order]);
  await applyMovements(tx, domainId, userId, movements);
  return movements.reduce((s, m) => s - (m.allocatedDelta ?? 0), 0);
}
