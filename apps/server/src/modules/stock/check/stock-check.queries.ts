// Queries of stock checks. Every one takes the domain first and filters by it. Lines travel as
// one JSON parameter and are written with one statement, so a check of 50,000 lines is a few
// statements, not 50,000.
import { bigintArray, textArray } from '../../../platform/sql.js';
import { sql, type SQL } from 'drizzle-orm';
import type { StockCheckLineFilter, StockCheckLineRow, StockCheckRow, StockCheckStatus, StockCheckTotals } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { versionConflict } from '../../../platform/errors.js';
import { pageWindow } from '../../../platform/paging.js';
import { isoTime, isoTimeOf } from '../../../platform/time.js';

// Raw queries answer timestamps as text.
const num = (v: unknown): number => Number(v ?? 0);

export interface CheckRecord {
  id: number;
  code: string;
  warehouseId: number;
  locationId: number | null;
  scopeSkuIds: number[] | null;
  status: StockCheckStatus;
  version: number;
  remark: string | null;
}

interface CheckRecordRow extends Record<string, unknown> {
  id: number;
  code: string;
  warehouse_id: number;
  location_id: number | null;
  scope_sku_ids: (number | string)[] | null;
  status: StockCheckStatus;
  version: number;
  remark: string | null;
}

const toRecord = (r: CheckRecordRow): CheckRecord => ({
  id: Number(r.id),
  code: r.code,
  warehouseId: Number(r.warehouse_id),
  locationId: r.location_id === null ? null : Number(r.location_id),
  scopeSkuIds: r.scope_sku_ids ? r.scope_sku_ids.map(Number) : null,
  status: r.status,
  version: Number(r.version),
  remark: r.remark,
});

/** The check's own row; `lock` takes it for update (confirm, cancel) or for share (counting). */
export async function findCheck(tx: Tx, domainId: number, id: number, lock: 'update' | 'share' | null = null): Promise<CheckRecord | undefined> {
  const { rows } = await tx.execute<CheckRecordRow>(sql`
    select id, code, warehouse_id, location_id, scope_sku_ids, status, version, remark
    from stock_checks where domain_id = ${domainId} and id = ${id}
    ${lock === 'update' ? sql`for update` : lock === 'share' ? sql`for share` : sql``}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Open checks of these warehouses (the import routes each row to the one covering it). */
export async function openChecksOf(tx: Tx, domainId: number, warehouseIds: number[], lock = false): Promise<CheckRecord[]> {
  if (!warehouseIds.length) return [];
  const { rows } = await tx.execute<CheckRecordRow>(sql`
    select id, code, warehouse_id, location_id, scope_sku_ids, status, version, remark
    from stock_checks
    where domain_id = ${domainId} and status = 'COUNTING'
      and warehouse_id = any(${bigintArray(warehouseIds)})
    order by id
    ${lock ? sql`for share` : sql``}`);
  return rows.map(toRecord);
}

/** An open check of the warehouse whose scope meets the given one, if any. */
export async function overlappingOpenCheck(
  tx: Tx,
  domainId: number,
  scope: { warehouseId: number; locationId: number | null; skuIds: number[] | null },
): Promise<{ id: number; code: string } | undefined> {
  const skus = scope.skuIds ? bigintArray(scope.skuIds) : null;
  const { rows } = await tx.execute<{ id: number; code: string }>(sql`
    select id, code from stock_checks
    where domain_id = ${domainId} and warehouse_id = ${scope.warehouseId} and status = 'COUNTING'
      ${scope.locationId === null ? sql`` : sql`and (location_id is null or location_id = ${scope.locationId})`}
      ${skus === null ? sql`` : sql`and (scope_sku_ids is null or scope_sku_ids && ${skus})`}
    order by id limit 1`);
  return rows[0] ? { id: Number(rows[0].id), code: rows[0].code } : undefined;
}

/** Serializes the making of checks in one warehouse, so two overlapping checks cannot both pass. */
export async function lockWarehouseChecks(tx: Tx, domainId: number, warehouseId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stockcheck:${domainId}:${warehouseId}`}, 0))`);
}

/** The balances a new check would put on its sheet: stock on hand or allocated in the scope. */
function scopeBalances(domainId: number, scope: { warehouseId: number; locationId: number | null; skuIds: number[] | null }): SQL {
  return sql`
    b.domain_id = ${domainId} and b.warehouse_id = ${scope.warehouseId} and (b.on_hand <> 0 or b.allocated <> 0)
      ${scope.locationId === null ? sql`` : sql`and b.location_id = ${scope.locationId}`}
      ${scope.skuIds === null ? sql`` : sql`and b.sku_id = any(${bigintArray(scope.skuIds)})`}`;
}

export async function countScopeBalances(tx: Tx, domainId: number, scope: { warehouseId: number; locationId: number | null; skuIds: number[] | null }): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from stock_balances b where ${scopeBalances(domainId, scope)}`);
  return num(rows[0]?.n);
}

/**
 * Writes the counting sheet: a line per balance of the scope (by location code, then SKU code),
 * then, for a SKU list, a line for each listed SKU the scope holds no stock of.
 */
export async function insertSheetLines(
  tx: Tx,
  domainId: number,
  checkId: number,
  scope: { warehouseId: number; locationId: number | null; skuIds: number[] | null },
): Promise<number> {
  const inserted = await tx.execute(sql`
    insert into stock_check_lines (domain_id, check_id, location_id, sku_id)
    select ${domainId}, ${checkId}, b.location_id, b.sku_id
    from stock_balances b
    join skus s on s.id = b.sku_id and s.domain_id = b.domain_id
    left join warehouse_locations l on l.id = b.location_id and l.domain_id = b.domain_id
    where ${scopeBalances(domainId, scope)}
    order by l.code nulls first, s.code`);
  let count = inserted.rowCount ?? 0;
  if (scope.skuIds) {
    const extra = await tx.execute(sql`
      insert into stock_check_lines (domain_id, check_id, location_id, sku_id)
      select ${domainId}, ${checkId}, ${scope.locationId ?? 0}, s.id
      from skus s
      where s.domain_id = ${domainId}
        and s.id = any(${bigintArray(scope.skuIds)})
        and not exists (select 1 from stock_check_lines x where x.domain_id = ${domainId} and x.check_id = ${checkId} and x.sku_id = s.id)
      order by s.code
      on conflict do nothing`);
    count += extra.rowCount ?? 0;
  }
  return count;
}

interface SkuFact extends Record<string, unknown> {
  id: number;
  code: string;
  name: string | null;
  is_combination: boolean;
  del_flag: boolean;
}

export interface SkuFacts {
  id: number;
  code: string;
  name: string | null;
  isCombination: boolean;
}

/** The domain's SKUs of these ids (deleted ones included: stock of them may still be counted). */
export async function skusByIds(tx: Tx, domainId: number, ids: number[]): Promise<Map<number, SkuFacts>> {
  if (!ids.length) return new Map();
  const { rows } = await tx.execute<SkuFact>(sql`
    select id, code, name, is_combination, del_flag from skus
    where domain_id = ${domainId} and id = any(${bigintArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), code: r.code, name: r.name, isCombination: r.is_combination }]));
}

/** The domain's live SKUs of these codes. */
export async function skusByCodes(tx: Tx, domainId: number, codes: string[]): Promise<Map<string, SkuFacts>> {
  if (!codes.length) return new Map();
  const { rows } = await tx.execute<SkuFact>(sql`
    select id, code, name, is_combination, del_flag from skus
    where domain_id = ${domainId} and del_flag = false
      and code = any(${textArray(codes)})`);
  return new Map(rows.map((r) => [r.code, { id: Number(r.id), code: r.code, name: r.name, isCombination: r.is_combination }]));
}

export interface LocationFacts {
  id: number;
  warehouseId: number;
  code: string;
}

export async function locationsByIds(tx: Tx, domainId: number, ids: number[]): Promise<Map<number, LocationFacts>> {
  if (!ids.length) return new Map();
  const { rows } = await tx.execute<{ id: number; warehouse_id: number; code: string }>(sql`
    select id, warehouse_id, code from warehouse_locations
    where domain_id = ${domainId} and id = any(${bigintArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), warehouseId: Number(r.warehouse_id), code: r.code }]));
}

/** Locations of the domain with these codes, in any warehouse (to say which warehouse a code is of). */
export async function locationsByCodes(tx: Tx, domainId: number, codes: string[]): Promise<LocationFacts[]> {
  if (!codes.length) return [];
  const { rows } = await tx.execute<{ id: number; warehouse_id: number; code: string }>(sql`
    select id, warehouse_id, code from warehouse_locations
    where domain_id = ${domainId} and code = any(${textArray(codes)})`);
  return rows.map((r) => ({ id: Number(r.id), warehouseId: Number(r.warehouse_id), code: r.code }));
}

export interface WarehouseFacts {
  id: number;
  code: string;
  name: string;
  stopUsing: boolean;
}

export async function warehouseById(tx: Tx, domainId: number, id: number): Promise<WarehouseFacts | undefined> {
  const { rows } = await tx.execute<{ id: number; code: string; name: string; stop_using: boolean }>(sql`
    select id, code, name, stop_using from warehouses where domain_id = ${domainId} and id = ${id}`);
  const r = rows[0];
  return r ? { id: Number(r.id), code: r.code, name: r.name, stopUsing: r.stop_using } : undefined;
}

/** Warehouses named by code or by name (a code wins over another warehouse's equal name). */
export async function warehousesByCodeOrName(tx: Tx, domainId: number, names: string[]): Promise<Map<string, WarehouseFacts>> {
  if (!names.length) return new Map();
  const { rows } = await tx.execute<{ id: number; code: string; name: string; stop_using: boolean }>(sql`
    select id, code, name, stop_using from warehouses
    where domain_id = ${domainId}
      and (code = any(${textArray(names)}) or name = any(${textArray(names)}))`);
  const result = new Map<string, WarehouseFacts>();
  const facts = rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, stopUsing: r.stop_using }));
  for (const w of facts) if (!result.has(w.name)) result.set(w.name, w);
  for (const w of facts) result.set(w.code, w);
  return result;
}

export async function warehouseNames(tx: Tx, domainId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { rows } = await tx.execute<{ id: number; name: string }>(sql`
    select id, name from warehouses where domain_id = ${domainId} and id = any(${bigintArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Existing lines of some checks for some SKUs: key check:location:sku → { id, version, added }. */
export async function linesOfSkus(tx: Tx, domainId: number, checkIds: number[], skuIds: number[]) {
  const result = new Map<string, { id: number; checkId: number; locationId: number; skuId: number; version: number; added: boolean }>();
  if (!checkIds.length || !skuIds.length) return result;
  const { rows } = await tx.execute<{ id: number; check_id: number; location_id: number; sku_id: number; version: number; added: boolean }>(sql`
    select l.id, l.check_id, l.location_id, l.sku_id, l.version, l.added
    from stock_check_lines l
    where l.domain_id = ${domainId}
      and l.check_id = any(${bigintArray(checkIds)})
      and l.sku_id = any(${bigintArray(skuIds)})`);
  for (const r of rows) {
    const line = { id: Number(r.id), checkId: Number(r.check_id), locationId: Number(r.location_id), skuId: Number(r.sku_id), version: Number(r.version), added: r.added };
    result.set(`${line.checkId}:${line.locationId}:${line.skuId}`, line);
  }
  return result;
}

export interface CountWrite {
  checkId: number;
  warehouseId: number;
  locationId: number;
  skuId: number;
  countedQty: number;
  /** The line when it is already on the check (updated in place), else a new line is added. */
  lineId?: number | undefined;
}

/**
 * Records counts with two statements for all of them: lines on the check are updated by id, lines
 * not on it yet are added (a find). The book quantity is on-hand at this moment; counting a line
 * again replaces its count and book. Throws when a line named by id is gone (cleared meanwhile).
 */
export async function writeCounts(tx: Tx, domainId: number, userId: number, counts: CountWrite[]): Promise<number> {
  const known = counts.filter((c) => c.lineId !== undefined);
  const fresh = counts.filter((c) => c.lineId === undefined);
  if (known.length) {
    const payload = JSON.stringify(known.map((c) => ({ id: c.lineId, w: c.warehouseId, l: c.locationId, s: c.skuId, q: c.countedQty })));
    const updated = await tx.execute(sql`
      update stock_check_lines t
      set book_qty = coalesce(b.on_hand, 0), counted_qty = x.q, counted_by = ${userId}::bigint, counted_at = now(),
          version = t.version + 1, updated_at = now()
      from json_to_recordset(${payload}::json) as x(id bigint, w bigint, l bigint, s bigint, q int)
      left join stock_balances b on b.domain_id = ${domainId} and b.warehouse_id = x.w and b.location_id = x.l and b.sku_id = x.s
      where t.domain_id = ${domainId} and t.id = x.id and t.location_id = x.l and t.sku_id = x.s`);
    if ((updated.rowCount ?? 0) !== known.length) throw versionConflict('stockCheckLine');
  }
  if (fresh.length) {
    const payload = JSON.stringify(fresh.map((c) => ({ c: c.checkId, w: c.warehouseId, l: c.locationId, s: c.skuId, q: c.countedQty })));
    await tx.execute(sql`
      insert into stock_check_lines as t (domain_id, check_id, location_id, sku_id, book_qty, counted_qty, counted_by, counted_at, added)
      select ${domainId}, x.c, x.l, x.s, coalesce(b.on_hand, 0), x.q, ${userId}::bigint, now(), true
      from json_to_recordset(${payload}::json) as x(c bigint, w bigint, l bigint, s bigint, q int)
      left join stock_balances b on b.domain_id = ${domainId} and b.warehouse_id = x.w and b.location_id = x.l and b.sku_id = x.s
      on conflict (domain_id, check_id, sku_id, location_id) do update
        set book_qty = excluded.book_qty, counted_qty = excluded.counted_qty, counted_by = excluded.counted_by,
            counted_at = excluded.counted_at, version = t.version + 1, updated_at = now()`);
  }
  return counts.length;
}

/** Clears counts: a line of the sheet goes back to not counted, a line found while counting goes. */
export async function clearCounts(tx: Tx, domainId: number, checkId: number, keys: { locationId: number; skuId: number }[]): Promise<void> {
  if (!keys.length) return;
  const payload = JSON.stringify(keys.map((k) => ({ l: k.locationId, s: k.skuId })));
  await tx.execute(sql`
    delete from stock_check_lines t using json_to_recordset(${payload}::json) as x(l bigint, s bigint)
    where t.domain_id = ${domainId} and t.check_id = ${checkId} and t.location_id = x.l and t.sku_id = x.s and t.added`);
  await tx.execute(sql`
    update stock_check_lines t
    set book_qty = null, counted_qty = null, counted_by = null, counted_at = null, version = t.version + 1, updated_at = now()
    from json_to_recordset(${payload}::json) as x(l bigint, s bigint)
    where t.domain_id = ${domainId} and t.check_id = ${checkId} and t.location_id = x.l and t.sku_id = x.s and not t.added`);
}

interface LineSqlRow extends Record<string, unknown> {
  id: number;
  sku_id: number;
  sku_code: string;
  sku_name: string | null;
  specifications: string | null;
  location_id: number;
  location_code: string | null;
  book_qty: number | null;
  counted_qty: number | null;
  on_hand: number;
  allocated: number;
  confirm_book_qty: number | null;
  adjust_qty: number | null;
  added: boolean;
  counted_at: string | null;
  counted_by: string | null;
  version: number;
}

function toLineRow(r: LineSqlRow, status: StockCheckStatus): StockCheckLineRow {
  const confirmed = status === 'CONFIRMED';
  const counted = r.counted_qty === null ? null : Number(r.counted_qty);
  // A confirmed check keeps on-hand at confirmation only where it differed from the book (or the
  // count did); elsewhere it was the book quantity.
  const onHand = confirmed && counted !== null ? (r.confirm_book_qty !== null ? Number(r.confirm_book_qty) : num(r.book_qty)) : num(r.on_hand);
  const book = counted === null ? onHand : num(r.book_qty);
  return {
    id: Number(r.id),
    skuId: Number(r.sku_id),
    skuCode: r.sku_code,
    skuName: r.sku_name,
    specifications: r.specifications,
    locationId: Number(r.location_id),
    locationCode: r.location_code,
    bookQty: book,
    onHand,
    allocated: num(r.allocated),
    countedQty: counted,
    difference: counted === null ? null : counted - book,
    movedSinceCount: counted !== null && onHand !== book,
    adjustQty: r.adjust_qty !== null ? Number(r.adjust_qty) : confirmed && counted !== null ? 0 : null,
    added: r.added,
    countedAt: isoTime(r.counted_at),
    countedBy: r.counted_by,
    version: Number(r.version),
  };
}

function lineFilter(filter: StockCheckLineFilter): SQL {
  switch (filter) {
    case 'UNCOUNTED':
      return sql`and l.counted_qty is null`;
    case 'COUNTED':
      return sql`and l.counted_qty is not null`;
    case 'DIFFERENT':
      return sql`and l.counted_qty is not null and l.counted_qty <> l.book_qty`;
    default:
      return sql``;
  }
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** A page of a check's lines with the SKU, the location and the balance now. */
export async function pageLines(
  tx: Tx,
  domainId: number,
  check: { id: number; warehouseId: number; status: StockCheckStatus },
  input: { filter: StockCheckLineFilter; keyword?: string | undefined; locationId?: number | undefined; currentPage: number; pageSize: number },
): Promise<{ rows: StockCheckLineRow[]; total: number }> {
  const keyword = input.keyword
    ? sql`and exists (select 1 from skus k where k.domain_id = l.domain_id and k.id = l.sku_id and (k.code ilike ${likeText(input.keyword)} or k.name ilike ${likeText(input.keyword)} or k.bar_code = ${input.keyword}))`
    : sql``;
  const location = input.locationId === undefined ? sql`` : sql`and l.location_id = ${input.locationId}`;
  const where = sql`l.domain_id = ${domainId} and l.check_id = ${check.id} ${lineFilter(input.filter)} ${location} ${keyword}`;
  const counted = await tx.execute<{ n: number }>(sql`select count(*)::int as n from stock_check_lines l where ${where}`);
  const total = num(counted.rows[0]?.n);
  if (!total) return { rows: [], total };
  const rows = await lineRows(tx, check, sql`select l.* from stock_check_lines l where ${where} order by l.id limit ${input.pageSize} offset ${pageWindow(input).offset}`);
  return { rows, total };
}

/** Lines by their keys (after a count), in the order of the lines. */
export async function linesByKeys(tx: Tx, domainId: number, check: { id: number; warehouseId: number; status: StockCheckStatus }, keys: { locationId: number; skuId: number }[]) {
  if (!keys.length) return [];
  const payload = JSON.stringify(keys.map((k) => ({ l: k.locationId, s: k.skuId })));
  return lineRows(
    tx,
    check,
    sql`select l.* from stock_check_lines l
        where l.domain_id = ${domainId} and l.check_id = ${check.id}
          and (l.location_id, l.sku_id) in (select x.l, x.s from json_to_recordset(${payload}::json) as x(l bigint, s bigint))`,
  );
}

/** The lines a query chose (a page), with their SKU, location, balance now and counter. */
async function lineRows(tx: Tx, check: { id: number; warehouseId: number; status: StockCheckStatus }, chosen: SQL): Promise<StockCheckLineRow[]> {
  // The page is chosen first, so the joins touch its lines only, not the whole check.
  const { rows } = await tx.execute<LineSqlRow>(sql`
    with page as materialized (${chosen})
    select l.id, l.sku_id, s.code as sku_code, s.name as sku_name, s.specifications, l.location_id, loc.code as location_code,
           l.book_qty, l.counted_qty, coalesce(b.on_hand, 0) as on_hand, coalesce(b.allocated, 0) as allocated,
           l.confirm_book_qty, l.adjust_qty, l.added, l.counted_at, u.login_name as counted_by, l.version
    from page l
    join skus s on s.id = l.sku_id and s.domain_id = l.domain_id
    left join warehouse_locations loc on loc.id = l.location_id and loc.domain_id = l.domain_id
    left join stock_balances b on b.domain_id = l.domain_id and b.warehouse_id = ${check.warehouseId} and b.location_id = l.location_id and b.sku_id = l.sku_id
    left join users u on u.id = l.counted_by
    order by l.id`);
  return rows.map((r) => toLineRow(r, check.status));
}

/** Counts and the gains and losses of a check (for a confirmed check, on-hand is the one at confirmation). */
export async function checkTotals(tx: Tx, domainId: number, check: { id: number; warehouseId: number; status: StockCheckStatus }): Promise<StockCheckTotals> {
  const onHandNow =
    check.status === 'CONFIRMED'
      ? sql`l.confirm_book_qty`
      : sql`coalesce((select b.on_hand from stock_balances b where b.domain_id = l.domain_id and b.warehouse_id = ${check.warehouseId} and b.location_id = l.location_id and b.sku_id = l.sku_id), 0)`;
  const { rows } = await tx.execute<Record<string, number>>(sql`
    select count(*)::int as line_count,
           count(l.counted_qty)::int as counted_lines,
           (count(*) filter (where l.counted_qty > l.book_qty))::int as gain_lines,
           coalesce(sum(l.counted_qty - l.book_qty) filter (where l.counted_qty > l.book_qty), 0)::int as gain_qty,
           (count(*) filter (where l.counted_qty < l.book_qty))::int as loss_lines,
           coalesce(sum(l.book_qty - l.counted_qty) filter (where l.counted_qty < l.book_qty), 0)::int as loss_qty,
           (count(*) filter (where l.counted_qty is not null and ${onHandNow} <> l.book_qty))::int as moved_lines
    from stock_check_lines l
    where l.domain_id = ${domainId} and l.check_id = ${check.id}`);
  const r = rows[0] ?? {};
  return {
    lineCount: num(r.line_count),
    countedLines: num(r.counted_lines),
    uncountedLines: num(r.line_count) - num(r.counted_lines),
    gainLines: num(r.gain_lines),
    gainQty: num(r.gain_qty),
    lossLines: num(r.loss_lines),
    lossQty: num(r.loss_qty),
    movedLines: num(r.moved_lines),
  };
}

interface CheckSqlRow extends Record<string, unknown> {
  id: number;
  code: string;
  warehouse_id: number;
  warehouse_name: string;
  status: StockCheckStatus;
  location_id: number | null;
  location_code: string | null;
  scope_sku_count: number;
  remark: string | null;
  line_count: number;
  counted_lines: number;
  different_lines: number;
  gain_qty: number;
  loss_qty: number;
  created_by: string | null;
  created_at: string;
  confirmed_by: string | null;
  confirmed_at: string | null;
  cancelled_at: string | null;
  version: number;
}

const toCheckRow = (r: CheckSqlRow): StockCheckRow => ({
  id: Number(r.id),
  code: r.code,
  warehouseId: Number(r.warehouse_id),
  warehouseName: r.warehouse_name,
  status: r.status,
  locationId: r.location_id === null ? null : Number(r.location_id),
  locationCode: r.location_code,
  scopeSkuCount: num(r.scope_sku_count),
  remark: r.remark,
  lineCount: num(r.line_count),
  countedLines: num(r.counted_lines),
  differentLines: num(r.different_lines),
  gainQty: num(r.gain_qty),
  lossQty: num(r.loss_qty),
  createdBy: r.created_by,
  createdAt: isoTimeOf(r.created_at),
  confirmedBy: r.confirmed_by,
  confirmedAt: isoTime(r.confirmed_at),
  cancelledAt: isoTime(r.cancelled_at),
  version: Number(r.version),
});

const CHECK_SELECT = sql`
  select c.id, c.code, c.warehouse_id, w.name as warehouse_name, c.status, c.location_id, loc.code as location_code,
         coalesce(cardinality(c.scope_sku_ids), 0) as scope_sku_count, c.remark,
         a.line_count, a.counted_lines, a.different_lines, a.gain_qty, a.loss_qty,
         cu.login_name as created_by, c.created_at, fu.login_name as confirmed_by, c.confirmed_at, c.cancelled_at, c.version
  from stock_checks c
  join warehouses w on w.id = c.warehouse_id and w.domain_id = c.domain_id
  left join warehouse_locations loc on loc.id = c.location_id and loc.domain_id = c.domain_id
  left join users cu on cu.id = c.created_by
  left join users fu on fu.id = c.confirmed_by
  cross join lateral (
    select count(*)::int as line_count,
           count(l.counted_qty)::int as counted_lines,
           (count(*) filter (where l.counted_qty <> l.book_qty))::int as different_lines,
           coalesce(sum(l.counted_qty - l.book_qty) filter (where l.counted_qty > l.book_qty), 0)::int as gain_qty,
           coalesce(sum(l.book_qty - l.counted_qty) filter (where l.counted_qty < l.book_qty), 0)::int as loss_qty
    from stock_check_lines l where l.domain_id = c.domain_id and l.check_id = c.id
  ) a`;

export async function checkRowById(tx: Tx, domainId: number, id: number): Promise<StockCheckRow | undefined> {
  const { rows } = await tx.execute<CheckSqlRow>(sql`${CHECK_SELECT} where c.domain_id = ${domainId} and c.id = ${id}`);
  return rows[0] ? toCheckRow(rows[0]) : undefined;
}

export async function searchChecks(
  tx: Tx,
  domainId: number,
  input: { status?: StockCheckStatus | undefined; warehouseId?: number | undefined; code?: string | undefined; currentPage: number; pageSize: number },
): Promise<{ rows: StockCheckRow[]; total: number }> {
  const where = sql`c.domain_id = ${domainId}
    ${input.status ? sql`and c.status = ${input.status}` : sql``}
    ${input.warehouseId !== undefined && input.warehouseId !== -1 ? sql`and c.warehouse_id = ${input.warehouseId}` : sql``}
    ${input.code ? sql`and c.code ilike ${likeText(input.code)}` : sql``}`;
  const counted = await tx.execute<{ n: number }>(sql`select count(*)::int as n from stock_checks c where ${where}`);
  const total = num(counted.rows[0]?.n);
  if (!total) return { rows: [], total };
  // The page is chosen first, so the line counts are only taken for its checks.
  const { rows } = await tx.execute<CheckSqlRow>(sql`
    with page as (select c.id from stock_checks c where ${where} order by c.created_at desc, c.id desc limit ${input.pageSize} offset ${pageWindow(input).offset})
    ${CHECK_SELECT}
    where c.domain_id = ${domainId} and c.id in (select id from page)
    order by c.created_at desc, c.id desc`);
  return { rows: rows.map(toCheckRow), total };
}

/** The SKUs of a check's scope, first 200, by code. */
export async function scopeSkus(tx: Tx, domainId: number, skuIds: number[] | null): Promise<{ id: number; code: string; name: string | null }[]> {
  if (!skuIds?.length) return [];
  const { rows } = await tx.execute<{ id: number; code: string; name: string | null }>(sql`
    select id, code, name from skus
    where domain_id = ${domainId} and id = any(${bigintArray(skuIds)})
    order by code limit 200`);
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name }));
}

/** The code of a new check: PD + date + a number of the day, e.g. PD20261121-0003. */
export async function nextCheckCode(tx: Tx, domainId: number, day: Date): Promise<string> {
  const prefix = `PD${day.getFullYear()}${String(day.getMonth() + 1).padStart(2, '0')}${String(day.getDate()).padStart(2, '0')}-`;
  const { rows } = await tx.execute<{ last: string | null }>(sql`
    select max(code) as last from stock_checks where domain_id = ${domainId} and code like ${prefix + '%'}`);
  const last = rows[0]?.last;
  const n = last ? Number(last.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/** Uses of rows by open checks, for the reference lists of other areas. */
export async function openCheckUses(tx: Tx, domainId: number, kind: 'warehouse' | 'location' | 'sku', ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const list = bigintArray(ids);
  const query =
    kind === 'warehouse'
      ? sql`select count(*)::int as n from stock_checks c where c.domain_id = ${domainId} and c.status = 'COUNTING' and c.warehouse_id = any(${list})`
      : kind === 'location'
        ? sql`select count(distinct c.id)::int as n from stock_checks c
              where c.domain_id = ${domainId} and c.status = 'COUNTING'
                and (c.location_id = any(${list})
                     or exists (select 1 from stock_check_lines l where l.domain_id = ${domainId} and l.check_id = c.id and l.location_id = any(${list})))`
        : sql`select count(distinct c.id)::int as n from stock_checks c
              where c.domain_id = ${domainId} and c.status = 'COUNTING'
                and (c.scope_sku_ids && ${list}
                     or exists (select 1 from stock_check_lines l where l.domain_id = ${domainId} and l.check_id = c.id and l.sku_id = any(${list})))`;
  const { rows } = await tx.execute<{ n: number }>(query);
  return num(rows[0]?.n);
}
