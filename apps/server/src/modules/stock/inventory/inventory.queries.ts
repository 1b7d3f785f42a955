// Reads of the inventory part: the business inventory by warehouse and SKU (combinations derived
// from their components), balances by location with their production-date lots, the ledger, and
// the warning counters. Every query takes the domain first and filters by it.
import { sql, type SQL } from 'drizzle-orm';
import {
  inventoryKeywordItems,
  type BizInventoryRow,
  type InventoryBalanceRow,
  type InventoryKeywordType,
  type InventoryLogRow,
  type InventoryProductDateLot,
  type InventoryStockFilter,
} from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { bigintArray, likePattern, textArray } from '../../../platform/sql.js';

/** Raw queries may answer timestamps as text or as dates. */
export const isoText = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const num = (v: unknown): number => Number(v ?? 0);
const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

export interface SkuKeywordFilter {
  keywordType: InventoryKeywordType;
  keywords?: string | undefined;
}

/**
 * The SKUs a keyword filter names, as a condition on the skus alias `s` joined to spus `p`: one
 * keyword matches by contains, several codes or bar codes match exactly, name words any by contains.
 */
export function skuKeywordCondition(filter: SkuKeywordFilter): SQL | null {
  const items = inventoryKeywordItems(filter);
  if (!items.length) return null;
  if (filter.keywordType === 'name') {
    return sql`(${sql.join(
      items.map((w) => sql`coalesce(nullif(s.name, ''), p.name) ilike ${likePattern(w)}`),
      sql` or `,
    )})`;
  }
  const column = filter.keywordType === 'barCode' ? sql`s.bar_code` : sql`s.code`;
  if (items.length === 1) return sql`${column} ilike ${likePattern(items[0]!)}`;
  return sql`${column} = any(${textArray(items)})`;
}

// ---- the business inventory -------------------------------------------------------------------

export interface BizInventoryFilter extends SkuKeywordFilter {
  /** -1 for every warehouse. */
  whId: number;
  locationId?: number | undefined;
  stockFilter?: InventoryStockFilter | undefined;
}

interface BizRowRecord extends Record<string, unknown> {
  warehouse_id: number;
  sku_id: number;
  on_hand: number | null;
  allocated: number | null;
  available: number;
  warning_qty: number | null;
  warning_version: number | null;
  location_count: number;
  is_combination: boolean;
  sku_code: string;
  sku_name: string;
  specifications: string | null;
  color: string | null;
  size: string | null;
  bar_code: string | null;
  pic_url: string | null;
  wh_code: string;
  wh_name: string;
  wh_type: string;
  average_cost: string | null;
  stock_value: string | null;
}

/**
 * The rows of the business inventory before paging: a SKU in a warehouse with its locations
 * added up, plus (when the filter names SKUs) the combinations it names, their available derived
 * from their components in that warehouse. A warning level without stock is a row too (0 on hand).
 */
function bizRowsSql(domainId: number, filter: BizInventoryFilter): SQL {
  const skuCondition = skuKeywordCondition(filter);
  const inWarehouse = (alias: string) => (filter.whId === -1 ? sql`` : sql`and ${sql.raw(alias)}.warehouse_id = ${filter.whId}`);
  const atLocation = (alias: string) => (filter.locationId === undefined ? sql`` : sql`and ${sql.raw(alias)}.location_id = ${filter.locationId}`);
  const namedSkus = skuCondition
    ? sql`and b.sku_id in (select s.id from skus s join spus p on p.id = s.spu_id and p.domain_id = s.domain_id where s.domain_id = ${domainId} and ${skuCondition})`
    : sql``;
  const namedWarnings = skuCondition
    ? sql`and w.sku_id in (select s.id from skus s join spus p on p.id = s.spu_id and p.domain_id = s.domain_id where s.domain_id = ${domainId} and ${skuCondition})`
    : sql``;
  // With a location chosen, only stock kept there is listed (a warning level alone is not).
  const join = filter.locationId === undefined ? sql`full join` : sql`left join`;
  const plain = sql`
    select coalesce(bal.warehouse_id, wr.warehouse_id) as warehouse_id, coalesce(bal.sku_id, wr.sku_id) as sku_id,
           coalesce(bal.on_hand, 0) as on_hand, coalesce(bal.allocated, 0) as allocated,
           coalesce(bal.on_hand, 0) - coalesce(bal.allocated, 0) as available,
           wr.warning_qty, wr.version as warning_version, coalesce(bal.location_count, 0) as location_count
    from (
      select b.warehouse_id, b.sku_id, sum(b.on_hand)::int as on_hand, sum(b.allocated)::int as allocated, count(*)::int as location_count
      from stock_balances b
      where b.domain_id = ${domainId} ${inWarehouse('b')} ${atLocation('b')} ${namedSkus}
      group by b.warehouse_id, b.sku_id
    ) bal
    ${join} (
      select w.warehouse_id, w.sku_id, w.warning_qty, w.version from stock_warnings w
      where w.domain_id = ${domainId} ${inWarehouse('w')} ${namedWarnings}
    ) wr on wr.warehouse_id = bal.warehouse_id and wr.sku_id = bal.sku_id`;
  const combos = skuCondition
    ? sql`
    union all
    select cw.warehouse_id, cw.combo_sku_id as sku_id, null::int as on_hand, null::int as allocated,
           min(floor(coalesce(ca.available, 0)::numeric / c.qty))::int as available,
           null::int as warning_qty, null::int as warning_version, 0 as location_count
    from (
      select distinct c.combo_sku_id, wh.id as warehouse_id
      from combination_components c
      join warehouses wh on wh.domain_id = ${domainId}
      where c.domain_id = ${domainId}
        and c.combo_sku_id in (select s.id from skus s join spus p on p.id = s.spu_id and p.domain_id = s.domain_id
                               where s.domain_id = ${domainId} and s.is_combination and not s.del_flag and ${skuCondition})
        ${
          filter.whId === -1
            ? sql`and exists (select 1 from combination_components c2 join stock_balances b on b.domain_id = ${domainId} and b.sku_id = c2.component_sku_id and b.warehouse_id = wh.id ${atLocation('b')}
                              where c2.domain_id = ${domainId} and c2.combo_sku_id = c.combo_sku_id)`
            : sql`and wh.id = ${filter.whId}`
        }
    ) cw
    join combination_components c on c.domain_id = ${domainId} and c.combo_sku_id = cw.combo_sku_id
    left join (
      select b.warehouse_id, b.sku_id, sum(b.on_hand - b.allocated) as available from stock_balances b
      where b.domain_id = ${domainId} ${inWarehouse('b')} ${atLocation('b')}
        and b.sku_id in (select component_sku_id from combination_components where domain_id = ${domainId})
      group by b.warehouse_id, b.sku_id
    ) ca on ca.warehouse_id = cw.warehouse_id and ca.sku_id = c.component_sku_id
    group by cw.warehouse_id, cw.combo_sku_id`
    : sql``;
  const stock =
    filter.stockFilter === 'IN_STOCK'
      ? sql`and r.available > 0`
      : filter.stockFilter === 'ZERO'
        ? sql`and r.available <= 0`
        : filter.stockFilter === 'BELOW_WARNING'
          ? sql`and r.warning_qty > 0 and r.available < r.warning_qty`
          : sql``;
  return sql`
    from (${plain} ${combos}) r
    join skus s on s.id = r.sku_id and s.domain_id = ${domainId}
    join spus p on p.id = s.spu_id and p.domain_id = s.domain_id
    join warehouses wh on wh.id = r.warehouse_id and wh.domain_id = ${domainId}
    left join sku_costs sc on sc.domain_id = ${domainId} and sc.sku_id = r.sku_id
    where not s.del_flag ${stock}`;
}

export async function countBizInventory(tx: Tx, domainId: number, filter: BizInventoryFilter): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n ${bizRowsSql(domainId, filter)}`);
  return num(result.rows[0]?.n);
}

/** A page of the business inventory, ordered by SKU code then warehouse. Costs are not redacted here. */
export async function bizInventoryPage(tx: Tx, domainId: number, filter: BizInventoryFilter, page: { limit: number; offset: number }): Promise<BizInventoryRow[]> {
  const result = await tx.execute<BizRowRecord>(sql`
    select r.warehouse_id, r.sku_id, r.on_hand, r.allocated, r.available, r.warning_qty, r.warning_version, r.location_count,
           s.is_combination, s.code as sku_code, coalesce(nullif(s.name, ''), p.name) as sku_name, s.specifications, s.color, s.size, s.bar_code,
           coalesce(s.pic_url, p.pic_url) as pic_url, wh.code as wh_code, wh.name as wh_name, wh.type as wh_type,
           sc.average_cost::text as average_cost,
           case when r.on_hand is null or sc.average_cost is null then null else (r.on_hand * sc.average_cost)::numeric(18,4)::text end as stock_value
    ${bizRowsSql(domainId, filter)}
    order by s.code, r.warehouse_id
    limit ${page.limit} offset ${page.offset}`);
  const rows = result.rows;
  const plainKeys = rows.filter((r) => !r.is_combination);
  const dated = await productDateQtyOf(
    tx,
    domainId,
    plainKeys.map((r) => ({ warehouseId: num(r.warehouse_id), skuId: num(r.sku_id) })),
    filter.locationId,
  );
  const combos = rows.filter((r) => r.is_combination);
  const components = await componentStockOf(
    tx,
    domainId,
    combos.map((r) => ({ warehouseId: num(r.warehouse_id), skuId: num(r.sku_id) })),
    filter.locationId,
  );
  return rows.map((r) => {
    const whId = num(r.warehouse_id);
    const skuId = num(r.sku_id);
    const key = `${whId}:${skuId}`;
    const warningQty = r.warning_qty === null ? null : num(r.warning_qty);
    const available = num(r.available);
    return {
      key,
      whId,
      whCode: r.wh_code,
      whName: r.wh_name,
      whType: r.wh_type,
      skuId,
      skuCode: r.sku_code,
      skuName: r.sku_name,
      specifications: orNull(r.specifications),
      color: orNull(r.color),
      size: orNull(r.size),
      barCode: orNull(r.bar_code),
      picUrl: orNull(r.pic_url),
      isCombination: !!r.is_combination,
      onHand: r.on_hand === null ? null : num(r.on_hand),
      allocated: r.allocated === null ? null : num(r.allocated),
      available,
      warningQty,
      warningVersion: r.warning_version === null ? null : num(r.warning_version),
      belowWarning: warningQty !== null && warningQty > 0 && available < warningQty,
      averageCost: r.is_combination ? null : orNull(r.average_cost),
      stockValue: orNull(r.stock_value),
      locationCount: num(r.location_count),
      productDateQty: dated.get(key) ?? 0,
      components: components.get(key) ?? [],
    };
  });
}

async function productDateQtyOf(tx: Tx, domainId: number, keys: { warehouseId: number; skuId: number }[], locationId?: number): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const result = await tx.execute<{ warehouse_id: number; sku_id: number; qty: number }>(sql`
    select b.warehouse_id, b.sku_id, sum(d.qty)::int as qty
    from json_to_recordset(${JSON.stringify(keys.map((k) => ({ w: k.warehouseId, s: k.skuId })))}::json) as k(w bigint, s bigint)
    join stock_balances b on b.domain_id = ${domainId} and b.warehouse_id = k.w and b.sku_id = k.s
    join stock_lots d on d.domain_id = ${domainId} and d.balance_id = b.id
    ${locationId === undefined ? sql`` : sql`where b.location_id = ${locationId}`}
    group by b.warehouse_id, b.sku_id`);
  return new Map(result.rows.map((r) => [`${num(r.warehouse_id)}:${num(r.sku_id)}`, num(r.qty)]));
}

/** The components of combinations in warehouses, with what each component has available there. */
async function componentStockOf(
  tx: Tx,
  domainId: number,
  keys: { warehouseId: number; skuId: number }[],
  locationId?: number,
): Promise<Map<string, { skuId: number; skuCode: string; qty: number; available: number }[]>> {
  const map = new Map<string, { skuId: number; skuCode: string; qty: number; available: number }[]>();
  if (!keys.length) return map;
  const result = await tx.execute<{ warehouse_id: number; combo_sku_id: number; component_sku_id: number; code: string; qty: number; available: number }>(sql`
    select k.w as warehouse_id, c.combo_sku_id, c.component_sku_id, s.code, c.qty,
           coalesce((select sum(b.on_hand - b.allocated) from stock_balances b
                     where b.domain_id = ${domainId} and b.warehouse_id = k.w and b.sku_id = c.component_sku_id
                     ${locationId === undefined ? sql`` : sql`and b.location_id = ${locationId}`}), 0)::int as available
    from json_to_recordset(${JSON.stringify(keys.map((k) => ({ w: k.warehouseId, s: k.skuId })))}::json) as k(w bigint, s bigint)
    join combination_components c on c.domain_id = ${domainId} and c.combo_sku_id = k.s
    join skus s on s.id = c.component_sku_id and s.domain_id = ${domainId}
    order by k.w, c.combo_sku_id, c.id`);
  for (const r of result.rows) {
    const key = `${num(r.warehouse_id)}:${num(r.combo_sku_id)}`;
    const list = map.get(key) ?? [];
    list.push({ skuId: num(r.component_sku_id), skuCode: r.code, qty: num(r.qty), available: num(r.available) });
    map.set(key, list);
  }
  return map;
}

// ---- balances by location ------------------------------------------------------------------

export interface BalanceFilter extends SkuKeywordFilter {
  whId: number;
  locationId?: number | undefined;
  skuId?: number | undefined;
  hideEmpty: boolean;
}

function balanceWhere(domainId: number, filter: BalanceFilter): SQL {
  const conditions: SQL[] = [sql`b.domain_id = ${domainId}`, sql`not s.del_flag`];
  if (filter.whId !== -1) conditions.push(sql`b.warehouse_id = ${filter.whId}`);
  if (filter.locationId !== undefined) conditions.push(sql`b.location_id = ${filter.locationId}`);
  if (filter.skuId !== undefined) conditions.push(sql`b.sku_id = ${filter.skuId}`);
  if (filter.hideEmpty) conditions.push(sql`b.on_hand > 0`);
  const keyword = skuKeywordCondition(filter);
  if (keyword) conditions.push(keyword);
  return sql.join(conditions, sql` and `);
}

const BALANCE_FROM = sql`
  from stock_balances b
  join skus s on s.id = b.sku_id and s.domain_id = b.domain_id
  join spus p on p.id = s.spu_id and p.domain_id = s.domain_id
  join warehouses wh on wh.id = b.warehouse_id and wh.domain_id = b.domain_id
  left join warehouse_locations l on l.id = b.location_id and l.domain_id = b.domain_id`;

export async function countBalances(tx: Tx, domainId: number, filter: BalanceFilter): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n ${BALANCE_FROM} where ${balanceWhere(domainId, filter)}`);
  return num(result.rows[0]?.n);
}

interface BalanceRecord extends Record<string, unknown> {
  id: number;
  warehouse_id: number;
  wh_name: string;
  location_id: number;
  location_code: string | null;
  sellable: boolean;
  sku_id: number;
  sku_code: string;
  sku_name: string;
  specifications: string | null;
  bar_code: string | null;
  on_hand: number;
  allocated: number;
  updated_at: unknown;
}

export async function balancesPage(tx: Tx, domainId: number, filter: BalanceFilter, page: { limit: number; offset: number }): Promise<InventoryBalanceRow[]> {
  const result = await tx.execute<BalanceRecord>(sql`
    select b.id, b.warehouse_id, wh.name as wh_name, b.location_id, l.code as location_code, coalesce(l.sellable, true) as sellable, b.sku_id, s.code as sku_code,
           coalesce(nullif(s.name, ''), p.name) as sku_name, s.specifications, s.bar_code, b.on_hand, b.allocated, b.updated_at
    ${BALANCE_FROM}
    where ${balanceWhere(domainId, filter)}
    order by s.code, b.warehouse_id, l.code nulls first, b.id
    limit ${page.limit} offset ${page.offset}`);
  const lots = await lotsOfBalances(
    tx,
    domainId,
    result.rows.map((r) => num(r.id)),
  );
  return result.rows.map((r) => {
    const productDate = lots.get(num(r.id)) ?? [];
    return {
      id: num(r.id),
      whId: num(r.warehouse_id),
      whName: r.wh_name,
      locationId: num(r.location_id),
      locationCode: orNull(r.location_code),
      sellable: r.sellable !== false,
      skuId: num(r.sku_id),
      skuCode: r.sku_code,
      skuName: r.sku_name,
      specifications: orNull(r.specifications),
      barCode: orNull(r.bar_code),
      onHand: num(r.on_hand),
      allocated: num(r.allocated),
      available: num(r.on_hand) - num(r.allocated),
      productDate,
      productDateQty: productDate.reduce((sum, lot) => sum + lot.qty, 0),
      updatedAt: isoText(r.updated_at),
    };
  });
}

/** Production-date lots of balances, oldest date first. */
export async function lotsOfBalances(tx: Tx, domainId: number, balanceIds: number[]): Promise<Map<number, InventoryProductDateLot[]>> {
  const map = new Map<number, InventoryProductDateLot[]>();
  if (!balanceIds.length) return map;
  const result = await tx.execute<{ id: number; balance_id: number; product_date: string; qty: number; version: number }>(sql`
    select id, balance_id, product_date::text as product_date, qty, version from stock_lots
    where domain_id = ${domainId} and balance_id = any(${bigintArray(balanceIds)})
    order by product_date, id`);
  for (const r of result.rows) {
    const list = map.get(num(r.balance_id)) ?? [];
    list.push({ id: num(r.id), productDate: r.product_date, qty: num(r.qty), version: num(r.version) });
    map.set(num(r.balance_id), list);
  }
  return map;
}

export interface BalanceRef {
  id: number;
  warehouseId: number;
  locationId: number;
  skuId: number;
  onHand: number;
  allocated: number;
}

/** One balance of the domain, optionally locked for the rest of the transaction. */
export async function balanceById(tx: Tx, domainId: number, id: number, lock = false): Promise<BalanceRef | null> {
  const result = await tx.execute<{ id: number; warehouse_id: number; location_id: number; sku_id: number; on_hand: number; allocated: number }>(sql`
    select id, warehouse_id, location_id, sku_id, on_hand, allocated from stock_balances
    where domain_id = ${domainId} and id = ${id} ${lock ? sql`for update` : sql``}`);
  const r = result.rows[0];
  return r ? { id: num(r.id), warehouseId: num(r.warehouse_id), locationId: num(r.location_id), skuId: num(r.sku_id), onHand: num(r.on_hand), allocated: num(r.allocated) } : null;
}

// ---- the ledger --------------------------------------------------------------------------------

interface LedgerRecord extends Record<string, unknown> {
  id: number;
  created_at: unknown;
  warehouse_id: number;
  wh_name: string | null;
  location_id: number;
  location_code: string | null;
  sku_id: number;
  sku_code: string | null;
  sku_name: string | null;
  specifications: string | null;
  movement: string;
  on_hand_delta: number;
  allocated_delta: number;
  on_hand_after: number;
  allocated_after: number;
  doc_type: string;
  doc_id: number | null;
  doc_code: string | null;
  remark: string | null;
  operator: string | null;
}

const LEDGER_SELECT = sql`
  select g.id, g.created_at, g.warehouse_id, wh.name as wh_name, g.location_id, l.code as location_code, g.sku_id, s.code as sku_code,
         coalesce(nullif(s.name, ''), p.name) as sku_name, s.specifications, g.movement, g.on_hand_delta, g.allocated_delta,
         g.on_hand_after, g.allocated_after, g.doc_type, g.doc_id, g.doc_code, g.remark, u.login_name as operator
  from stock_ledger g
  left join warehouses wh on wh.id = g.warehouse_id and wh.domain_id = g.domain_id
  left join warehouse_locations l on l.id = g.location_id and l.domain_id = g.domain_id
  left join skus s on s.id = g.sku_id and s.domain_id = g.domain_id
  left join spus p on p.id = s.spu_id and p.domain_id = s.domain_id
  left join users u on u.id = g.created_by`;

function toLogRow(r: LedgerRecord): InventoryLogRow {
  return {
    id: num(r.id),
    createdAt: isoText(r.created_at),
    whId: num(r.warehouse_id),
    whName: r.wh_name ?? String(r.warehouse_id),
    locationId: num(r.location_id),
    locationCode: orNull(r.location_code),
    skuId: num(r.sku_id),
    skuCode: r.sku_code ?? String(r.sku_id),
    skuName: r.sku_name ?? '',
    specifications: orNull(r.specifications),
    movement: r.movement,
    onHandDelta: num(r.on_hand_delta),
    allocatedDelta: num(r.allocated_delta),
    onHandAfter: num(r.on_hand_after),
    allocatedAfter: num(r.allocated_after),
    availableAfter: num(r.on_hand_after) - num(r.allocated_after),
    docType: r.doc_type,
    docId: r.doc_id === null ? null : num(r.doc_id),
    docCode: orNull(r.doc_code),
    remark: orNull(r.remark),
    operator: orNull(r.operator),
  };
}

export interface LedgerFilter extends SkuKeywordFilter {
  whId: number;
  skuId?: number | undefined;
  locationId?: number | undefined;
  movement?: string | undefined;
  docType?: string | undefined;
  docCode?: string | undefined;
  timeFrom?: Date | undefined;
  timeTo?: Date | undefined;
}

function ledgerWhere(domainId: number, filter: LedgerFilter): SQL {
  const conditions: SQL[] = [sql`g.domain_id = ${domainId}`];
  if (filter.whId !== -1) conditions.push(sql`g.warehouse_id = ${filter.whId}`);
  if (filter.skuId !== undefined) conditions.push(sql`g.sku_id = ${filter.skuId}`);
  if (filter.locationId !== undefined) conditions.push(sql`g.location_id = ${filter.locationId}`);
  if (filter.movement) conditions.push(sql`g.movement = ${filter.movement}`);
  if (filter.docType) conditions.push(sql`g.doc_type = ${filter.docType}`);
  if (filter.docCode) conditions.push(sql`g.doc_code ilike ${likePattern(filter.docCode)}`);
  if (filter.timeFrom) conditions.push(sql`g.created_at >= ${filter.timeFrom.toISOString()}`);
  if (filter.timeTo) conditions.push(sql`g.created_at <= ${filter.timeTo.toISOString()}`);
  const keyword = skuKeywordCondition(filter);
  if (keyword) conditions.push(sql`g.sku_id in (select s.id from skus s join spus p on p.id = s.spu_id and p.domain_id = s.domain_id where s.domain_id = ${domainId} and ${keyword})`);
  return sql.join(conditions, sql` and `);
}

export async function countLedger(tx: Tx, domainId: number, filter: LedgerFilter): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from stock_ledger g where ${ledgerWhere(domainId, filter)}`);
  return num(result.rows[0]?.n);
}

/**
 * Ledger rows, newest first. One balance's rows go by id: ids are taken under the balance's lock,
 * so they follow the order its movements were applied in (a transaction's time is its start).
 */
export async function ledgerPage(tx: Tx, domainId: number, filter: LedgerFilter, page: { limit: number; offset: number }, order: 'time' | 'id' = 'time'): Promise<InventoryLogRow[]> {
  const result = await tx.execute<LedgerRecord>(sql`
    ${LEDGER_SELECT}
    where ${ledgerWhere(domainId, filter)}
    order by ${order === 'id' ? sql`g.id desc` : sql`g.created_at desc, g.id desc`}
    limit ${page.limit} offset ${page.offset}`);
  return result.rows.map(toLogRow);
}

/** What the ledger adds up to for a SKU in a warehouse (one location or all), and the balance now. */
export async function ledgerTotals(tx: Tx, domainId: number, key: { whId: number; skuId: number; locationId?: number | undefined }) {
  const location = key.locationId === undefined ? sql`` : sql`and location_id = ${key.locationId}`;
  const [ledger, balance] = await Promise.all([
    tx.execute<{ on_hand: number; allocated: number }>(sql`
      select coalesce(sum(on_hand_delta), 0)::int as on_hand, coalesce(sum(allocated_delta), 0)::int as allocated from stock_ledger
      where domain_id = ${domainId} and warehouse_id = ${key.whId} and sku_id = ${key.skuId} ${location}`),
    tx.execute<{ on_hand: number; allocated: number }>(sql`
      select coalesce(sum(on_hand), 0)::int as on_hand, coalesce(sum(allocated), 0)::int as allocated from stock_balances
      where domain_id = ${domainId} and warehouse_id = ${key.whId} and sku_id = ${key.skuId} ${location}`),
  ]);
  return {
    onHand: num(balance.rows[0]?.on_hand),
    allocated: num(balance.rows[0]?.allocated),
    ledgerOnHand: num(ledger.rows[0]?.on_hand),
    ledgerAllocated: num(ledger.rows[0]?.allocated),
  };
}

// ---- warnings ----------------------------------------------------------------------------------

/** Warehouses with how many SKUs are below their warning level (available < warning). */
export async function belowWarningByWarehouse(tx: Tx, domainId: number): Promise<{ whId: number; whName: string; count: number }[]> {
  const result = await tx.execute<{ warehouse_id: number; name: string; n: number }>(sql`
    select w.warehouse_id, wh.name, count(*)::int as n
    from stock_warnings w
    join warehouses wh on wh.id = w.warehouse_id and wh.domain_id = w.domain_id
    join skus s on s.id = w.sku_id and s.domain_id = w.domain_id and not s.del_flag
    left join lateral (
      select sum(b.on_hand - b.allocated) as available from stock_balances b
      where b.domain_id = w.domain_id and b.warehouse_id = w.warehouse_id and b.sku_id = w.sku_id
    ) a on true
    where w.domain_id = ${domainId} and w.warning_qty > 0 and coalesce(a.available, 0) < w.warning_qty
    group by w.warehouse_id, wh.name
    order by w.warehouse_id`);
  return result.rows.map((r) => ({ whId: num(r.warehouse_id), whName: r.name, count: num(r.n) }));
}

// ---- lookups -----------------------------------------------------------------------------------

export interface WarehouseRef {
  id: number;
  code: string;
  name: string;
  stopUsing: boolean;
}

export async function warehousesOf(tx: Tx, domainId: number, by: { ids?: number[]; codes?: string[] }): Promise<WarehouseRef[]> {
  const list = by.ids ?? by.codes ?? [];
  if (!list.length) return [];
  const column = by.ids ? sql`id` : sql`code`;
  const values = by.ids ? bigintArray(by.ids) : textArray(by.codes ?? []);
  const result = await tx.execute<{ id: number; code: string; name: string; stop_using: boolean }>(sql`
    select id, code, name, stop_using from warehouses where domain_id = ${domainId} and ${column} = any(${values})`);
  return result.rows.map((r) => ({ id: num(r.id), code: r.code, name: r.name, stopUsing: !!r.stop_using }));
}

export interface SkuRef {
  id: number;
  code: string;
  name: string;
  isCombination: boolean;
}

/** Live SKUs of the domain by id or by code. */
export async function skusOf(tx: Tx, domainId: number, by: { ids?: number[]; codes?: string[] }): Promise<SkuRef[]> {
  const list = by.ids ?? by.codes ?? [];
  if (!list.length) return [];
  const column = by.ids ? sql`s.id` : sql`s.code`;
  const values = by.ids ? bigintArray(by.ids) : textArray(by.codes ?? []);
  const result = await tx.execute<{ id: number; code: string; name: string; is_combination: boolean }>(sql`
    select s.id, s.code, coalesce(nullif(s.name, ''), p.name) as name, s.is_combination
    from skus s join spus p on p.id = s.spu_id and p.domain_id = s.domain_id
    where s.domain_id = ${domainId} and not s.del_flag and ${column} = any(${values})`);
  return result.rows.map((r) => ({ id: num(r.id), code: r.code, name: r.name, isCombination: !!r.is_combination }));
}

/** Locations of warehouses by code: `${warehouseId}:${code}` → id. */
export async function locationIdsByCode(tx: Tx, domainId: number, pairs: { warehouseId: number; code: string }[]): Promise<Map<string, number>> {
  if (!pairs.length) return new Map();
  const result = await tx.execute<{ id: number; warehouse_id: number; code: string }>(sql`
    select l.id, l.warehouse_id, l.code
    from json_to_recordset(${JSON.stringify(pairs.map((p) => ({ w: p.warehouseId, c: p.code })))}::json) as k(w bigint, c text)
    join warehouse_locations l on l.domain_id = ${domainId} and l.warehouse_id = k.w and l.code = k.c`);
  return new Map(result.rows.map((r) => [`${num(r.warehouse_id)}:${r.code}`, num(r.id)]));
}

export async function locationOf(tx: Tx, domainId: number, id: number): Promise<{ id: number; warehouseId: number; code: string } | null> {
  const result = await tx.execute<{ id: number; warehouse_id: number; code: string }>(sql`
    select id, warehouse_id, code from warehouse_locations where domain_id = ${domainId} and id = ${id}`);
  const r = result.rows[0];
  return r ? { id: num(r.id), warehouseId: num(r.warehouse_id), code: r.code } : null;
}

/** Balances with something on hand, for the reference checkers of warehouses, locations and SKUs. */
export async function stockedBalanceCount(tx: Tx, domainId: number, by: 'warehouse_id' | 'location_id' | 'sku_id', ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from stock_balances where domain_id = ${domainId} and on_hand > 0 and ${sql.raw(by)} = any(${bigintArray(ids)})`);
  return num(result.rows[0]?.n);
}
