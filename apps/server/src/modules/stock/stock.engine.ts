// The stock engine: the only code that changes stock balances. A call takes movements (deltas of
// on-hand and allocated per warehouse, location and SKU, each naming its document), locks the
// balances it touches in one order, refuses the whole call when any balance would go below zero
// or allocate more than is on hand, and otherwise updates the balances and appends the ledger in
// the caller's transaction. Set-based, so 50,000 lines take a few statements.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { bigintArray } from '../../platform/sql.js';

export type MovementType =
  | 'OPENING'
  | 'RECEIPT'
  | 'SHIP'
  | 'ALLOCATE'
  | 'RELEASE'
  | 'ADJUST'
  | 'TRANSFER_OUT'
  | 'TRANSFER_IN'
  | 'DELIVER'
  | 'RETURN';

export interface StockDoc {
  type: string;
  id?: number | null;
  code?: string | null;
}

export interface Movement {
  warehouseId: number;
  /** 0 when not kept by location. */
  locationId?: number;
  skuId: number;
  onHandDelta?: number;
  allocatedDelta?: number;
  movement: MovementType;
  doc: StockDoc;
  remark?: string | null;
  /** The unit cost the movement carries; a SHIP movement without one carries the SKU's average cost now. */
  unitCost?: string | null;
  /**
   * The document line this movement books. The ledger holds one row per (document type, source
   * line): booking the same line again fails with a unique violation and nothing is written.
   */
  sourceLineId?: number | null;
}

export interface BalanceAfter {
  warehouseId: number;
  locationId: number;
  skuId: number;
  onHand: number;
  allocated: number;
}

export interface Shortage {
  warehouseId: number;
  locationId: number;
  skuId: number;
  onHand: number;
  allocated: number;
  available: number;
  onHandDelta: number;
  allocatedDelta: number;
}

export const STOCK_SHORTAGE = 'ERR_STOCK_SHORTAGE';

/** Refused movements: which balances would break, with their quantities. */
export class StockShortageError extends AppError {
  constructor(readonly shortages: Shortage[]) {
    const first = shortages[0]!;
    super(STOCK_SHORTAGE, 409, {
      skuId: first.skuId,
      warehouseId: first.warehouseId,
      locationId: first.locationId,
      available: first.available,
      onHand: first.onHand,
      needed: Math.max(-first.onHandDelta, first.allocatedDelta),
      count: shortages.length,
    });
  }
}

const keyOf = (w: number, l: number, s: number) => `${w}:${l}:${s}`;

interface BalanceRow extends Record<string, unknown> {
  id: number;
  warehouse_id: number;
  location_id: number;
  sku_id: number;
  on_hand: number;
  allocated: number;
}

/**
 * Applies movements in the caller's transaction; all of them or none. Answers the balances as
 * they end up. Throws StockShortageError (nothing written) when a balance would become negative
 * or allocated would exceed on-hand.
 */
export async function applyMovements(tx: Tx, domainId: number, actorUserId: number | null, movements: Movement[]): Promise<BalanceAfter[]> {
  const lines = movements
    .map((m) => ({ ...m, locationId: m.locationId ?? 0, onHandDelta: m.onHandDelta ?? 0, allocatedDelta: m.allocatedDelta ?? 0 }))
    .filter((m) => m.onHandDelta !== 0 || m.allocatedDelta !== 0);
  if (!lines.length) return [];
  for (const m of lines) {
    if (!Number.isInteger(m.onHandDelta) || !Number.isInteger(m.allocatedDelta)) throw new Error('stock quantities are whole numbers');
  }

  // Net change per balance, keys in one order so concurrent calls lock alike.
  const net = new Map<string, { warehouseId: number; locationId: number; skuId: number; onHand: number; allocated: number }>();
  for (const m of lines) {
    const key = keyOf(m.warehouseId, m.locationId, m.skuId);
    const entry = net.get(key) ?? { warehouseId: m.warehouseId, locationId: m.locationId, skuId: m.skuId, onHand: 0, allocated: 0 };
    entry.onHand += m.onHandDelta;
    entry.allocated += m.allocatedDelta;
    net.set(key, entry);
  }
  const keys = [...net.values()].sort((a, b) => a.warehouseId - b.warehouseId || a.skuId - b.skuId || a.locationId - b.locationId);
  // The keys travel as one JSON parameter (a set, not one parameter per value).
  const keySet = sql`json_to_recordset(${JSON.stringify(keys.map((k, n) => ({ w: k.warehouseId, l: k.locationId, s: k.skuId, dh: k.onHand, da: k.allocated, n })))}::json)
    as k(w bigint, l bigint, s bigint, dh int, da int, n int)`;

  // Balances that do not exist yet start at zero, for the domain's own warehouses and SKUs only
  // (a key naming another domain's finds no balance below: a shortage).
  await tx.execute(sql`
    insert into stock_balances (domain_id, warehouse_id, location_id, sku_id)
    select ${domainId}, k.w, k.l, k.s
    from ${keySet}
    where exists (select 1 from warehouses w where w.domain_id = ${domainId} and w.id = k.w)
      and exists (select 1 from skus s where s.domain_id = ${domainId} and s.id = k.s)
    order by k.n
    on conflict (domain_id, warehouse_id, sku_id, location_id) do nothing
  `);

  // Lock every touched balance, in key order.
  const locked = await tx.execute<BalanceRow>(sql`
    select b.id, b.warehouse_id, b.location_id, b.sku_id, b.on_hand, b.allocated
    from stock_balances b
    join ${keySet}
      on b.warehouse_id = k.w and b.location_id = k.l and b.sku_id = k.s
    where b.domain_id = ${domainId}
    order by b.warehouse_id, b.sku_id, b.location_id
    for update of b
  `);
  const current = new Map(locked.rows.map((r) => [keyOf(Number(r.warehouse_id), Number(r.location_id), Number(r.sku_id)), r]));

  const shortages: Shortage[] = [];
  for (const k of keys) {
    const row = current.get(keyOf(k.warehouseId, k.locationId, k.skuId));
    const onHand = Number(row?.on_hand ?? 0);
    const allocated = Number(row?.allocated ?? 0);
    const newOnHand = onHand + k.onHand;
    const newAllocated = allocated + k.allocated;
    if (!row || newOnHand < 0 || newAllocated < 0 || newAllocated > newOnHand) {
      shortages.push({ ...k, onHand, allocated, available: onHand - allocated, onHandDelta: k.onHand, allocatedDelta: k.allocated });
    }
  }
  if (shortages.length) throw new StockShortageError(shortages);

  await tx.execute(sql`
    update stock_balances b
    set on_hand = b.on_hand + k.dh, allocated = b.allocated + k.da, version = b.version + 1, updated_at = now()
    from ${keySet}
    where b.domain_id = ${domainId} and b.warehouse_id = k.w and b.location_id = k.l and b.sku_id = k.s
  `);

  // The ledger: one row per movement, with the balance after it (in the order given).
  const running = new Map([...current.entries()].map(([key, r]) => [key, { onHand: Number(r.on_hand), allocated: Number(r.allocated) }]));
  const ledger = lines.map((m, n) => {
    const balance = running.get(keyOf(m.warehouseId, m.locationId, m.skuId))!;
    balance.onHand += m.onHandDelta;
    balance.allocated += m.allocatedDelta;
    return {
      w: m.warehouseId,
      l: m.locationId,
      s: m.skuId,
      movement: m.movement,
      dh: m.onHandDelta,
      da: m.allocatedDelta,
      ah: balance.onHand,
      aa: balance.allocated,
      doc_type: m.doc.type,
      doc_id: m.doc.id ?? null,
      doc_code: m.doc.code ?? null,
      remark: m.remark ?? null,
      cost: m.unitCost ?? null,
      src: m.sourceLineId ?? null,
      n,
    };
  });
  await tx.execute(sql`
    insert into stock_ledger (domain_id, warehouse_id, location_id, sku_id, movement, on_hand_delta, allocated_delta,
                              on_hand_after, allocated_after, doc_type, doc_id, doc_code, remark, unit_cost, source_line_id, created_by)
    select ${domainId}, x.w, x.l, x.s, x.movement, x.dh, x.da, x.ah, x.aa, x.doc_type, x.doc_id, x.doc_code, x.remark,
           coalesce(x.cost, case when x.movement = 'SHIP' then c.average_cost end), x.src, ${actorUserId}::bigint
    from json_to_recordset(${JSON.stringify(ledger)}::json)
      as x(w bigint, l bigint, s bigint, movement text, dh int, da int, ah int, aa int, doc_type text, doc_id bigint, doc_code text, remark text, cost numeric, src bigint, n int)
    left join sku_costs c on c.domain_id = ${domainId} and c.sku_id = x.s
    order by x.n
  `);

  return keys.map((k) => {
    const b = running.get(keyOf(k.warehouseId, k.locationId, k.skuId))!;
    return { warehouseId: k.warehouseId, locationId: k.locationId, skuId: k.skuId, onHand: b.onHand, allocated: b.allocated };
  });
}

// ---- allocation: the one place that decides which locations stock is taken from ----------------

/** A location's balance of a SKU in a warehouse and what it has available (on hand − allocated). */
export interface AvailablePlace {
  locationId: number;
  available: number;
}

/** Most available first, then the lower location id: the order allocation takes locations in. */
const mostAvailableFirst = (a: AvailablePlace, b: AvailablePlace) => b.available - a.available || a.locationId - b.locationId;

const pairKey = (warehouseId: number, skuId: number) => `${warehouseId}:${skuId}`;

/**
 * Locks the balances of the given (warehouse, SKU) pairs in the engine's order (warehouse, SKU,
 * location, so concurrent callers lock alike) and answers their locations by pair, most available
 * first. The caller then moves them in the same transaction.
 */
export async function lockAvailablePlaces(
  tx: Tx,
  domainId: number,
  pairs: readonly { warehouseId: number; skuId: number }[],
  sellableOnly = false,
): Promise<Map<string, AvailablePlace[]>> {
  // A non-sellable location (defective returns) is left out when only sellable stock may be taken.
  const sellable = sellableOnly
    ? sql`and not exists (select 1 from warehouse_locations l where l.domain_id = ${domainId} and l.id = b.location_id and not l.sellable)`
    : sql``;
  const byPair = new Map<string, AvailablePlace[]>();
  if (!pairs.length) return byPair;
  const warehouses = new Set(pairs.map((p) => p.warehouseId));
  const rows =
    warehouses.size === 1
      ? await tx.execute<{ warehouse_id: number; sku_id: number; location_id: number; available: number }>(sql`
          select b.warehouse_id, b.sku_id, b.location_id, b.on_hand - b.allocated as available
          from stock_balances b
          where b.domain_id = ${domainId} and b.warehouse_id = ${pairs[0]!.warehouseId} and b.sku_id = any(${bigintArray(pairs.map((p) => p.skuId))}) ${sellable}
          order by b.sku_id, b.location_id
          for update of b`)
      : await tx.execute<{ warehouse_id: number; sku_id: number; location_id: number; available: number }>(sql`
          select b.warehouse_id, b.sku_id, b.location_id, b.on_hand - b.allocated as available
          from stock_balances b
          join unnest(${bigintArray(pairs.map((p) => p.warehouseId))}, ${bigintArray(pairs.map((p) => p.skuId))}) as k(w, s) on b.warehouse_id = k.w and b.sku_id = k.s
          where b.domain_id = ${domainId} ${sellable}
          order by b.warehouse_id, b.sku_id, b.location_id
          for update of b`);
  for (const r of rows.rows) {
    const key = pairKey(Number(r.warehouse_id), Number(r.sku_id));
    const list = byPair.get(key) ?? [];
    list.push({ locationId: Number(r.location_id), available: Number(r.available) });
    byPair.set(key, list);
  }
  for (const list of byPair.values()) list.sort(mostAvailableFirst);
  return byPair;
}

/** Available pieces of a SKU per location of a warehouse, most first, with the balances locked. */
export async function lockAvailableByLocation(tx: Tx, domainId: number, warehouseId: number, skuId: number): Promise<AvailablePlace[]> {
  return (await lockAvailablePlaces(tx, domainId, [{ warehouseId, skuId }])).get(pairKey(warehouseId, skuId)) ?? [];
}

/** One document's claim on stock in one warehouse: pieces per SKU, all or none. */
export interface AllocationRequest {
  warehouseId: number;
  skus: readonly { skuId: number; qty: number }[];
  doc: StockDoc;
  remark?: string | null;
}

/** Why a request took nothing: its first short SKU (in id order), what was left for it and what it needs. */
export interface AllocationShortage {
  skuId: number;
  available: number;
  needed: number;
}

/** What a request took: pieces of a SKU at a location. */
export interface AllocatedPart {
  skuId: number;
  locationId: number;
  qty: number;
}

/**
 * Allocates stock for many documents at once, each all or none, in the order given (a later one
 * gets what the earlier ones left). The balances of every (warehouse, SKU) asked for are locked by
 * one statement (only sellable locations unless `sellableOnly: false`), each SKU is taken from its
 * locations with the most available first, and the
 * engine applies all the ALLOCATE movements in one call. A request that cannot be wholly covered
 * takes nothing and is answered with its first short SKU. Answers, per request, its parts or its
 * shortage. A StockShortageError from the engine (not expected under the locks) goes to the caller.
 */
export async function allocateStock(
  tx: Tx,
  domainId: number,
  actorUserId: number | null,
  requests: readonly AllocationRequest[],
  options: { sellableOnly?: boolean } = {},
): Promise<{ parts: AllocatedPart[][]; shortages: (AllocationShortage | null)[] }> {
  const wanted = requests.map((r) => {
    const bySku = new Map<number, number>();
    for (const s of r.skus) if (s.qty > 0) bySku.set(s.skuId, (bySku.get(s.skuId) ?? 0) + s.qty);
    return [...bySku].sort((a, b) => a[0] - b[0]);
  });
  const parts: AllocatedPart[][] = requests.map(() => []);
  const shortages: (AllocationShortage | null)[] = requests.map(() => null);
  const pairs = new Map<string, { warehouseId: number; skuId: number }>();
  requests.forEach((r, i) => {
    for (const [skuId] of wanted[i]!) pairs.set(pairKey(r.warehouseId, skuId), { warehouseId: r.warehouseId, skuId });
  });
  if (!pairs.size) return { parts, shortages };
  const pool = await lockAvailablePlaces(tx, domainId, [...pairs.values()], options.sellableOnly ?? true);

  const movements: Movement[] = [];
  requests.forEach((r, i) => {
    const demand = wanted[i]!;
    const short = demand
      .map(([skuId, qty]) => ({ skuId, qty, total: (pool.get(pairKey(r.warehouseId, skuId)) ?? []).reduce((sum, p) => sum + Math.max(0, p.available), 0) }))
      .find((d) => d.total < d.qty);
    if (short) {
      shortages[i] = { skuId: short.skuId, available: Math.max(0, short.total), needed: short.qty };
      return;
    }
    for (const [skuId, qty] of demand) {
      const places = (pool.get(pairKey(r.warehouseId, skuId)) ?? []).sort(mostAvailableFirst);
      let left = qty;
      for (const p of places) {
        if (left <= 0) break;
        const take = Math.min(left, p.available);
        if (take > 0) {
          movements.push({ warehouseId: r.warehouseId, locationId: p.locationId, skuId, allocatedDelta: take, movement: 'ALLOCATE', doc: r.doc, remark: r.remark ?? null });
          parts[i]!.push({ skuId, locationId: p.locationId, qty: take });
          p.available -= take;
          left -= take;
        }
      }
    }
  });
  await applyMovements(tx, domainId, actorUserId, movements);
  return { parts, shortages };
}

/**
 * Allocates qty of a SKU in a warehouse across its locations (most available first), as
 * ALLOCATE movements of one document. Throws StockShortageError when the warehouse lacks it.
 */
export async function allocateInWarehouse(
  tx: Tx,
  domainId: number,
  actorUserId: number | null,
  input: { warehouseId: number; skuId: number; qty: number; doc: StockDoc; remark?: string; sellableOnly?: boolean },
): Promise<{ locationId: number; qty: number }[]> {
  const { parts, shortages } = await allocateStock(
    tx,
    domainId,
    actorUserId,
    [{ warehouseId: input.warehouseId, skus: [{ skuId: input.skuId, qty: input.qty }], doc: input.doc, remark: input.remark ?? null }],
    { sellableOnly: input.sellableOnly ?? true },
  );
  const short = shortages[0];
  if (short) {
    throw new StockShortageError([
      { warehouseId: input.warehouseId, locationId: 0, skuId: input.skuId, onHand: short.available, allocated: 0, available: short.available, onHandDelta: 0, allocatedDelta: input.qty },
    ]);
  }
  return parts[0]!.map((p) => ({ locationId: p.locationId, qty: p.qty }));
}

/** Available (on hand − allocated, every location) per SKU in a warehouse; no lock. */
export async function availableInWarehouse(tx: Tx, domainId: number, warehouseId: number, skuIds: readonly number[]): Promise<Map<number, number>> {
  if (!skuIds.length) return new Map();
  const rows = await tx.execute<{ sku_id: number; available: number }>(sql`
    select sku_id, sum(on_hand - allocated)::int as available from stock_balances
    where domain_id = ${domainId} and warehouse_id = ${warehouseId} and sku_id = any(${bigintArray(skuIds)})
    group by sku_id`);
  return new Map(rows.rows.map((r) => [Number(r.sku_id), Number(r.available)]));
}

/** Available (on hand − allocated, every location) per warehouse and SKU of the domain, keyed `warehouseId:skuId`; no lock. */
export async function availableByWarehouseAndSku(tx: Tx, domainId: number): Promise<Map<string, number>> {
  const rows = await tx.execute<{ warehouse_id: number; sku_id: number; available: number }>(sql`
    select warehouse_id, sku_id, sum(on_hand - allocated)::int as available from stock_balances
    where domain_id = ${domainId} group by warehouse_id, sku_id`);
  return new Map(rows.rows.map((r) => [pairKey(Number(r.warehouse_id), Number(r.sku_id)), Number(r.available)]));
}
