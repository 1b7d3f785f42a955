// The sales reports' reads: every one from the daily sums (or, for a cell's drill-down and for
// hours and provinces narrowed to SKUs, from the facts), scoped to the caller's domain, the
// period in shop days. Sums come back as integers (fen, units, orders).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AnalysisDimension, ReportType, SalesReportFilter } from '@openseller/core';
import { bigintArray, jitOffInTransaction, textArray } from '../../platform/sql.js';

type Db = Database['db'];

export interface Sums {
  order_count: number;
  qty: number;
  amount_fen: number;
  refund_qty: number;
  refund_fen: number;
  cost_fen: number;
}

const SUMS = sql.raw(
  'coalesce(sum(order_count), 0)::bigint as order_count, coalesce(sum(qty), 0)::bigint as qty, coalesce(sum(amount_fen), 0)::bigint as amount_fen, coalesce(sum(refund_qty), 0)::bigint as refund_qty, coalesce(sum(refund_fen), 0)::bigint as refund_fen, coalesce(sum(cost_fen), 0)::bigint as cost_fen',
);

export const sumsOf = (r: Record<string, unknown>): Sums => ({
  order_count: Number(r.order_count ?? 0),
  qty: Number(r.qty ?? 0),
  amount_fen: Number(r.amount_fen ?? 0),
  refund_qty: Number(r.refund_qty ?? 0),
  refund_fen: Number(r.refund_fen ?? 0),
  cost_fen: Number(r.cost_fen ?? 0),
});

export const periodOf = (type: ReportType, column = sql.raw('day')): SQL => (type === 'month' ? sql`to_char(${column}, 'YYYY-MM')` : sql`to_char(${column}, 'YYYY-MM-DD')`);

type Narrow = Pick<SalesReportFilter, 'storeIds' | 'platformCodes' | 'skuIds'> & { startDate: string; endDate: string };

function conditions(domainId: number, f: Narrow, withSku: boolean): SQL {
  const parts: SQL[] = [sql`domain_id = ${domainId}`, sql`day >= ${f.startDate}::date`, sql`day <= ${f.endDate}::date`];
  if (f.storeIds?.length) parts.push(sql`store_id = any(${bigintArray(f.storeIds)})`);
  if (f.platformCodes?.length) parts.push(sql`platform_code = any(${textArray(f.platformCodes)})`);
  if (withSku && f.skuIds?.length) parts.push(sql`sku_id = any(${bigintArray(f.skuIds)})`);
  return sql.join(parts, sql` and `);
}

/** The store and platform conditions of a filter (for the monthly sums, which have no day). */
function narrowConditions(f: Narrow): SQL[] {
  const parts: SQL[] = [];
  if (f.storeIds?.length) parts.push(sql`store_id = any(${bigintArray(f.storeIds)})`);
  if (f.platformCodes?.length) parts.push(sql`platform_code = any(${textArray(f.platformCodes)})`);
  return parts;
}

const ORDER_COLUMNS = sql.raw('day, hour, province, store_id, platform_code, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen');
const LESS_ORDER_COLUMNS = sql.raw('day, hour, province, store_id, platform_code, -order_count, -qty, -amount_fen, -refund_qty, -refund_fen, -cost_fen');

/**
 * The per-order sums of a filter (day, hour, province, store, platform). A view split by day reads
 * the daily sums; any other (totals, month periods, the analysis tab) reads the period mostly from
 * the monthly sums (monthPlan; a monthly row's day is its month's first day, a day taken away
 * keeps its own day, so both fall in their month).
 */
function orderRows(domainId: number, f: Narrow, byDay: boolean): SQL {
  if (byDay) return sql`(select ${ORDER_COLUMNS} from report_orders_daily where ${conditions(domainId, f, false)})`;
  const plan = monthPlan(f.startDate, f.endDate);
  const parts: SQL[] = [];
  if (plan.months.length) {
    const where = [sql`domain_id = ${domainId}`, sql`month = any(${sql.param(plan.months)}::date[])`, ...narrowConditions(f)];
    parts.push(sql`select month as day, hour, province, store_id, platform_code, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen from report_orders_monthly where ${sql.join(where, sql` and `)}`);
  }
  for (const [startDate, endDate] of plan.plus) parts.push(sql`select ${ORDER_COLUMNS} from report_orders_daily where ${conditions(domainId, { ...f, startDate, endDate }, false)}`);
  for (const [startDate, endDate] of plan.minus) parts.push(sql`select ${LESS_ORDER_COLUMNS} from report_orders_daily where ${conditions(domainId, { ...f, startDate, endDate }, false)}`);
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/**
 * The rows a filter reads: per store/platform/day (`byDay` false: days may be months). Narrowed to
 * SKUs, the per-SKU daily sums (whose order count is the orders holding those SKUs); otherwise the
 * per-order sums.
 */
function dailySource(domainId: number, f: Narrow, byDay = true): SQL {
  return f.skuIds?.length
    ? sql`(select day, store_id, platform_code, sku_id, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen from report_sales_daily where ${conditions(domainId, f, true)})`
    : sql`(select day, store_id, platform_code, 0::bigint as sku_id, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen from ${orderRows(domainId, f, byDay)} o)`;
}

/** The same, with hour and province (the facts when narrowed to SKUs); never split by day. */
function hourlySource(domainId: number, f: Narrow): SQL {
  return f.skuIds?.length
    ? sql`(select day, hour, province, store_id, platform_code, sku_order_count as order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen from report_sales_facts where ${conditions(domainId, f, true)})`
    : orderRows(domainId, f, false);
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => iso(new Date(utcDay(day).getTime() + n * 86_400_000));
const daysBetween = (from: string, to: string) => Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000) + 1;

/**
 * How a period ('YYYY-MM-DD' shop days, both counted) is read from the per-SKU sums: the months
 * whose monthly rows are added, the day ranges whose daily rows are added, and the day ranges
 * whose daily rows are taken away. A whole month is its monthly row; a partial month is its days,
 * or — when fewer days of the month lie outside the period than inside (the month so far, as on
 * the 30-day view) — its monthly row less the days outside. Every way adds up the same facts.
 */
export function monthPlan(startDate: string, endDate: string): { months: string[]; plus: [string, string][]; minus: [string, string][] } {
  const plan = { months: [] as string[], plus: [] as [string, string][], minus: [] as [string, string][] };
  const end = utcDay(endDate);
  for (let m = new Date(Date.UTC(utcDay(startDate).getUTCFullYear(), utcDay(startDate).getUTCMonth(), 1)); m <= end; m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))) {
    const first = iso(m);
    const last = iso(new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 0)));
    const from = startDate > first ? startDate : first;
    const to = endDate < last ? endDate : last;
    const inside = daysBetween(from, to);
    const all = daysBetween(first, last);
    if (inside === all) plan.months.push(first);
    else if (all - inside < inside) {
      plan.months.push(first);
      if (from > first) plan.minus.push([first, addDays(from, -1)]);
      if (to < last) plan.minus.push([addDays(to, 1), last]);
    } else plan.plus.push([from, to]);
  }
  return plan;
}

const SKU_SUMS = ['qty', 'amount_fen', 'refund_qty', 'refund_fen', 'cost_fen', 'order_count'] as const;
const PER_SKU = sql.raw(`sku_id, ${SKU_SUMS.join(', ')}`);
const LESS_PER_SKU = sql.raw(`sku_id, ${SKU_SUMS.map((c) => `-${c} as ${c}`).join(', ')}`);
const GROUPED_SKU_SUMS = sql.raw(SKU_SUMS.map((c) => `sum(${c})::bigint as ${c}`).join(', '));
/** A SKU with nothing in the period (every figure zero) is not listed. */
const NOT_EMPTY = sql.raw('sum(qty) <> 0 or sum(amount_fen) <> 0 or sum(refund_qty) <> 0 or sum(refund_fen) <> 0 or sum(cost_fen) <> 0 or sum(order_count) <> 0');
/** The same for a row of per-SKU sums. */
const ROW_NOT_EMPTY = sql.raw(SKU_SUMS.map((c) => `${c} <> 0`).join(' or '));

/** Runs a read in a transaction of its own with JIT compilation off. */
export async function withoutJit(db: Db, query: SQL) {
  return db.transaction(async (tx) => {
    await jitOffInTransaction(tx);
    return tx.execute(query);
  });
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;

/**
 * A SKU's running sums as of the end of a month (report_sales_running): its row of that month, or
 * its last row when that is earlier (nothing sold since); no row when it first sold later.
 */
function runningAt(domainId: number, month: string, skus: SQL): SQL {
  return sql`
    select ${PER_SKU} from report_sales_running where domain_id = ${domainId} and month = ${month}::date ${skus}
    union all
    select ${PER_SKU} from report_sales_running where domain_id = ${domainId} and is_last and month < ${month}::date ${skus}`;
}

/**
 * The per-SKU sums of a filter: one row per SKU (a SKU with nothing may have a row of zeros). With a
 * store or platform filter, grouped from the daily sums (day × store × platform × SKU). Without,
 * the whole months of the period (monthPlan) are one monthly row per SKU for one month, or for
 * several the running sums at the last month less those at the month before the first (two rows
 * per SKU, whatever the number of months); the partial months' days from the daily sums are added
 * or taken away per SKU. Every way adds up the same facts, so they answer the same figures (tested).
 */
function skuSums(domainId: number, f: Narrow): SQL {
  if (f.storeIds?.length || f.platformCodes?.length) return sql`(select sku_id, ${GROUPED_SKU_SUMS} from report_sales_daily where ${conditions(domainId, f, true)} group by sku_id)`;
  const plan = monthPlan(f.startDate, f.endDate);
  const skus = f.skuIds?.length ? sql`and sku_id = any(${bigintArray(f.skuIds)})` : sql``;
  let whole: SQL | null = null;
  if (plan.months.length === 1) {
    whole = sql`(select ${PER_SKU} from report_sales_monthly where domain_id = ${domainId} and month = ${plan.months[0]!}::date ${skus})`;
  } else if (plan.months.length > 1) {
    const first = monthIndex(plan.months[0]!);
    const last = monthIndex(plan.months[plan.months.length - 1]!);
    if (last - first + 1 === plan.months.length) {
      const minus = sql.raw(SKU_SUMS.map((c) => `a.${c} - coalesce(b.${c}, 0) as ${c}`).join(', '));
      whole = sql`(
        select a.sku_id, ${minus}
        from (${runningAt(domainId, monthOf(last), skus)}) a
        left join (${runningAt(domainId, monthOf(first - 1), skus)}) b on b.sku_id = a.sku_id)`;
    } else {
      // Not one run of months (monthPlan never answers that): the monthly rows, grouped.
      whole = sql`(select sku_id, ${GROUPED_SKU_SUMS} from report_sales_monthly where domain_id = ${domainId} and month = any(${sql.param(plan.months)}::date[]) ${skus} group by sku_id)`;
    }
  }
  const days: SQL[] = [];
  for (const [startDate, endDate] of plan.plus) days.push(sql`select ${PER_SKU} from report_sales_daily where ${conditions(domainId, { ...f, startDate, endDate }, true)}`);
  for (const [startDate, endDate] of plan.minus) days.push(sql`select ${LESS_PER_SKU} from report_sales_daily where ${conditions(domainId, { ...f, startDate, endDate }, true)}`);
  const partial = days.length ? sql`(select sku_id, ${GROUPED_SKU_SUMS} from (${sql.join(days, sql` union all `)}) d group by sku_id)` : null;
  if (whole && partial) {
    const both = sql.raw(SKU_SUMS.map((c) => `coalesce(w.${c}, 0) + coalesce(p.${c}, 0) as ${c}`).join(', '));
    return sql`(select coalesce(w.sku_id, p.sku_id) as sku_id, ${both} from ${whole} w full join ${partial} p on p.sku_id = w.sku_id)`;
  }
  return whole ?? partial ?? sql`(select ${PER_SKU} from report_sales_monthly where false)`;
}

export async function totals(db: Db, domainId: number, f: Narrow): Promise<Sums> {
  const rows = await db.execute(sql`select ${SUMS} from ${dailySource(domainId, f, false)} s`);
  return sumsOf(rows.rows[0] ?? {});
}

/** Sums per period, every period of the filter present (zeros where nothing sold). */
export async function trend(db: Db, domainId: number, f: Narrow & { reportType: ReportType }): Promise<(Sums & { period: string })[]> {
  const step = f.reportType === 'month' ? sql`interval '1 month'` : sql`interval '1 day'`;
  const first = f.reportType === 'month' ? sql`date_trunc('month', ${f.startDate}::date)` : sql`${f.startDate}::date`;
  const rows = await db.execute(sql`
    with sums as (select ${periodOf(f.reportType)} as period, ${SUMS} from ${dailySource(domainId, f, f.reportType !== 'month')} s group by 1),
    periods as (select ${periodOf(f.reportType, sql.raw('g::date'))} as period from generate_series(${first}, ${f.endDate}::date, ${step}) g)
    select p.period, s.order_count, s.qty, s.amount_fen, s.refund_qty, s.refund_fen, s.cost_fen
    from periods p left join sums s on s.period = p.period order by p.period`);
  return rows.rows.map((r) => ({ period: String(r.period), ...sumsOf(r) }));
}

/** Tab 2: sums per period and store, newest period first; paged; with the row count. */
export async function byPeriodAndStore(
  db: Db,
  domainId: number,
  f: Narrow & { reportType: ReportType },
  page: { limit: number; offset: number } | null,
): Promise<{ rows: (Sums & { period: string; store_id: number; store_name: string; platform_code: string })[]; total: number }> {
  const rows = await db.execute(sql`
    with g as (select ${periodOf(f.reportType)} as period, store_id, platform_code, ${SUMS} from ${dailySource(domainId, f, f.reportType !== 'month')} s group by 1, 2, 3 having ${NOT_EMPTY})
    select g.*, coalesce(st.name, '') as store_name, count(*) over () as total_rows
    from g left join stores st on st.domain_id = ${domainId} and st.id = g.store_id
    order by g.period desc, st.name, g.store_id, g.platform_code
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  let total = rows.rows.length ? Number(rows.rows[0]!.total_rows) : 0;
  if (!rows.rows.length && page && page.offset > 0) {
    const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from ${dailySource(domainId, f, f.reportType !== 'month')} s group by ${periodOf(f.reportType)}, store_id, platform_code having ${NOT_EMPTY}) x`);
    total = Number(count.rows[0]?.n ?? 0);
  }
  return {
    rows: rows.rows.map((r) => ({ period: String(r.period), store_id: Number(r.store_id), store_name: String(r.store_name), platform_code: String(r.platform_code), ...sumsOf(r) })),
    total,
  };
}

export interface SkuSums extends Sums {
  sku_id: number;
  sku_code: string;
  sku_name: string;
  spu_code: string;
  is_combination: boolean;
}

/**
 * Tab 3 and the rank: sums per SKU as sold, most sold first (by units or by amount). With `totals`,
 * also the number of SKUs listed and their totals (from the same read of the per-SKU sums).
 */
export async function bySku(
  db: Db,
  domainId: number,
  f: Narrow,
  order: 'qty' | 'amount',
  page: { limit: number; offset: number } | null,
  withTotals = true,
): Promise<{ rows: SkuSums[]; total: number; totals: Sums }> {
  const orderBy = order === 'amount' ? sql.raw('g.amount_fen - g.refund_fen desc, g.qty desc, g.sku_id') : sql.raw('g.qty desc, g.amount_fen desc, g.sku_id');
  // The page is chosen over the sums alone (a top-N sort); only its rows are joined to the goods.
  // The count and totals are one more pass over the same sums, joined to the page (a row of them
  // even when the page is empty).
  const all = sql.raw(SKU_SUMS.map((c) => `coalesce(sum(${c}), 0)::bigint as all_${c}`).join(', '));
  // Without JIT: the planner's cost of 50,000 SKUs' sums passes its threshold, and compiling the
  // statement took longer than running it (1–5 s on the loaded bench machine; bench/RESULTS.md).
  const rows = await withoutJit(db, sql`
    with g as materialized (select * from ${skuSums(domainId, f)} s where ${ROW_NOT_EMPTY}),
    p as (select * from g order by ${orderBy} ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}),
    t as (${withTotals ? sql`select count(*)::bigint as total_rows, ${all} from g` : sql`select null::bigint as total_rows`})
    select g.*, t.*, coalesce(k.code, '') as sku_code, coalesce(k.name, '') as sku_name, coalesce(s.code, '') as spu_code,
           exists (select 1 from combination_components c where c.domain_id = ${domainId} and c.combo_sku_id = g.sku_id) as is_combination
    from t
    left join p g on true
    left join skus k on k.domain_id = ${domainId} and k.id = g.sku_id
    left join spus s on s.domain_id = ${domainId} and s.id = k.spu_id
    order by ${orderBy}`);
  const first = rows.rows[0] ?? {};
  const totals = sumsOf(Object.fromEntries(SKU_SUMS.map((c) => [c, first[`all_${c}`]])));
  return {
    rows: rows.rows
      .filter((r) => r.sku_id != null)
      .map((r) => ({
        ...sumsOf(r),
        sku_id: Number(r.sku_id),
        sku_code: String(r.sku_code),
        sku_name: String(r.sku_name),
        spu_code: String(r.spu_code),
        is_combination: Boolean(r.is_combination),
      })),
    total: Number(first.total_rows ?? 0),
    totals,
  };
}

/** Tab 4: sums per platform, store, hour of day or province. */
export async function analysis(db: Db, domainId: number, f: Narrow, dimension: AnalysisDimension): Promise<(Sums & { key: string; name: string })[]> {
  if (dimension === 'hotTime') {
    const rows = await db.execute(sql`
      with g as (select hour, ${SUMS} from ${hourlySource(domainId, f)} s group by hour)
      select h as key, g.order_count, g.qty, g.amount_fen, g.refund_qty, g.refund_fen, g.cost_fen
      from generate_series(0, 23) h left join g on g.hour = h order by h`);
    return rows.rows.map((r) => ({ key: String(r.key), name: `${String(r.key).padStart(2, '0')}:00`, ...sumsOf(r) }));
  }
  if (dimension === 'hotArea') {
    const rows = await db.execute(sql`
      select province as key, ${SUMS} from ${hourlySource(domainId, f)} s group by province having ${NOT_EMPTY}
      order by sum(amount_fen) - sum(refund_fen) desc, province`);
    return rows.rows.map((r) => ({ key: String(r.key), name: String(r.key), ...sumsOf(r) }));
  }
  if (dimension === 'store') {
    const rows = await db.execute(sql`
      with g as (select store_id, ${SUMS} from ${dailySource(domainId, f, false)} s group by store_id having ${NOT_EMPTY})
      select g.store_id as key, coalesce(st.name, '') as name, g.order_count, g.qty, g.amount_fen, g.refund_qty, g.refund_fen, g.cost_fen
      from g left join stores st on st.domain_id = ${domainId} and st.id = g.store_id
      order by g.amount_fen - g.refund_fen desc, g.store_id`);
    return rows.rows.map((r) => ({ key: String(r.key), name: String(r.name), ...sumsOf(r) }));
  }
  const rows = await db.execute(sql`
    select platform_code as key, ${SUMS} from ${dailySource(domainId, f, false)} s group by platform_code having ${NOT_EMPTY}
    order by sum(amount_fen) - sum(refund_fen) desc, platform_code`);
  return rows.rows.map((r) => ({ key: String(r.key), name: String(r.key), ...sumsOf(r) }));
}

export interface Cell {
  period?: string | undefined;
  storeId?: number | undefined;
  platformCode?: string | undefined;
  skuId?: number | undefined;
  hour?: number | undefined;
  province?: string | undefined;
}

function cellConditions(domainId: number, f: Narrow, cell: Cell): SQL {
  const parts: SQL[] = [conditions(domainId, f, true)];
  if (cell.period) parts.push(cell.period.length === 7 ? sql`to_char(day, 'YYYY-MM') = ${cell.period}` : sql`day = ${cell.period}::date`);
  if (cell.storeId !== undefined) parts.push(sql`store_id = ${cell.storeId}`);
  if (cell.platformCode !== undefined) parts.push(sql`platform_code = ${cell.platformCode}`);
  if (cell.skuId !== undefined) parts.push(sql`sku_id = ${cell.skuId}`);
  if (cell.hour !== undefined) parts.push(sql`hour = ${cell.hour}`);
  if (cell.province !== undefined) parts.push(sql`province = ${cell.province}`);
  return sql.join(parts, sql` and `);
}

export interface DrillSums extends Sums {
  kind: 'SALE' | 'COST' | 'REFUND';
  day: string;
  order_id: number;
  order_code: string;
  order_line_id: number | null;
  after_sale_id: number | null;
  after_sale_code: string | null;
  sku_id: number;
  sku_code: string;
  store_id: number;
}

/** The sources of a cell: one row per source and day (the facts' differences added up). */
export async function drill(db: Db, domainId: number, f: Narrow, cell: Cell, page: { limit: number; offset: number } | null): Promise<{ rows: DrillSums[]; total: number; sums: Sums }> {
  const where = cellConditions(domainId, f, cell);
  // A cell of SKUs counts the orders holding each SKU (as the per-SKU sums do).
  const orders = f.skuIds?.length || cell.skuId !== undefined ? sql.raw('sku_order_count') : sql.raw('order_count');
  const grouped = sql`
    select kind, source_key, day, order_id, order_line_id, after_sale_id, sku_id, store_id,
           sum(${orders})::bigint as order_count, sum(qty)::bigint as qty, sum(amount_fen)::bigint as amount_fen,
           sum(refund_qty)::bigint as refund_qty, sum(refund_fen)::bigint as refund_fen, sum(cost_fen)::bigint as cost_fen
    from report_sales_facts where ${where}
    group by kind, source_key, day, order_id, order_line_id, after_sale_id, sku_id, store_id
    having sum(${orders}) <> 0 or sum(qty) <> 0 or sum(amount_fen) <> 0 or sum(refund_qty) <> 0 or sum(refund_fen) <> 0 or sum(cost_fen) <> 0`;
  const rows = await db.execute(sql`
    with g as (${grouped})
    select g.*, to_char(g.day, 'YYYY-MM-DD') as day_text, coalesce(o.code, '') as order_code, a.code as after_sale_code, coalesce(k.code, '') as sku_code,
           count(*) over () as total_rows
    from g
    left join erp_orders o on o.domain_id = ${domainId} and o.id = g.order_id
    left join after_sales a on a.domain_id = ${domainId} and a.id = g.after_sale_id
    left join skus k on k.domain_id = ${domainId} and k.id = g.sku_id
    order by g.day, g.order_id, g.kind desc, g.source_key
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  const sumRows = await db.execute(sql`select ${SUMS} from (${grouped}) g`);
  const countRows = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${grouped}) g`);
  return {
    rows: rows.rows.map((r) => ({
      ...sumsOf(r),
      kind: String(r.kind) as DrillSums['kind'],
      day: String(r.day_text),
      order_id: Number(r.order_id),
      order_code: String(r.order_code),
      order_line_id: r.order_line_id == null ? null : Number(r.order_line_id),
      after_sale_id: r.after_sale_id == null ? null : Number(r.after_sale_id),
      after_sale_code: r.after_sale_code == null ? null : String(r.after_sale_code),
      sku_id: Number(r.sku_id),
      sku_code: String(r.sku_code),
      store_id: Number(r.store_id),
    })),
    total: Number(countRows.rows[0]?.n ?? 0),
    sums: sumsOf(sumRows.rows[0] ?? {}),
  };
}

/** Ids of the filter's stores and SKUs that are not the domain's (for a refusal naming them). */
export async function unknownReferences(db: Db, domainId: number, storeIds: number[], skuIds: number[]): Promise<{ stores: number[]; skus: number[] }> {
  const known = await db.execute<{ kind: string; id: string }>(sql`
    select 'store' as kind, id from stores where domain_id = ${domainId} and id = any(${bigintArray(storeIds)})
    union all
    select 'sku', id from skus where domain_id = ${domainId} and id = any(${bigintArray(skuIds)})`);
  const stores = new Set(known.rows.filter((r) => r.kind === 'store').map((r) => Number(r.id)));
  const skus = new Set(known.rows.filter((r) => r.kind === 'sku').map((r) => Number(r.id)));
  return { stores: storeIds.filter((id) => !stores.has(id)), skus: skuIds.filter((id) => !skus.has(id)) };
}

/** On-hand and available of SKUs over all warehouses (sellable places); a combination: the sets its components make. */
export async function inventoryOf(db: Db, domainId: number, skuIds: number[]): Promise<{ skuId: number; onHand: number; available: number }[]> {
  const rows = await db.execute<{ sku_id: string; on_hand: number; available: number }>(sql`
    with asked as (select unnest(${bigintArray(skuIds)}) as sku_id),
    plain as (
      select b.sku_id, sum(b.on_hand)::bigint as on_hand, sum(b.on_hand - b.allocated)::bigint as available
      from stock_balances b
      where b.domain_id = ${domainId}
        and b.sku_id in (select sku_id from asked union select component_sku_id from combination_components where domain_id = ${domainId} and combo_sku_id in (select sku_id from asked))
        and not exists (select 1 from warehouse_locations l where l.domain_id = b.domain_id and l.id = b.location_id and not l.sellable)
      group by b.sku_id),
    combos as (
      select c.combo_sku_id as sku_id, min(coalesce(p.on_hand, 0) / c.qty)::bigint as on_hand, min(coalesce(p.available, 0) / c.qty)::bigint as available
      from combination_components c left join plain p on p.sku_id = c.component_sku_id
      where c.domain_id = ${domainId} and c.combo_sku_id in (select sku_id from asked)
      group by c.combo_sku_id)
    select a.sku_id, coalesce(c.on_hand, p.on_hand, 0)::int as on_hand, greatest(coalesce(c.available, p.available, 0), 0)::int as available
    from asked a left join combos c on c.sku_id = a.sku_id left join plain p on p.sku_id = a.sku_id and c.sku_id is null
    where exists (select 1 from skus k where k.domain_id = ${domainId} and k.id = a.sku_id)`);
  return rows.rows.map((r) => ({ skuId: Number(r.sku_id), onHand: Number(r.on_hand), available: Number(r.available) }));
}
