// The sales aggregates (README "Definitions"): what each order contributes, derived from the
// source tables by one SQL statement, brought up to date by appending the difference to the facts
// and adding it to the two daily sums in the same statement. The incremental job and the rebuild
// run the same derivation, so they give the same numbers. Days and hours are computed in SQL with
// `at time zone` of the shop's zone, never in the server's local time.
import { DEFAULT_REPORT_TIME_ZONE, REPORT_TIME_ZONE_CONFIG } from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { bigintArray, jitOffInTransaction } from '../../platform/sql.js';

type Db = Database['db'] | Tx;

/** The domain configuration item holding the shop's time zone (an IANA name; a business rule setting). */
export { DEFAULT_REPORT_TIME_ZONE, REPORT_TIME_ZONE_CONFIG };

/** Orders recomputed per statement. */
const CHUNK = 2000;
/** Orders derived per statement by a rebuild (fewer, larger statements: a million orders in minutes). */
const REBUILD_CHUNK = 20_000;

/** The zone names PostgreSQL knows, read once per process (pg_timezone_names is slow to scan). */
let knownZones: Promise<Set<string>> | null = null;

/** The shop's time zone: the domain's setting when PostgreSQL knows it, else Asia/Shanghai. */
export async function shopTimeZone(db: Db, domainId: number): Promise<string> {
  const rows = await db.execute<{ value: string }>(sql`
    select value from domain_configs where domain_id = ${domainId} and item_code = ${REPORT_TIME_ZONE_CONFIG}`);
  const value = rows.rows[0]?.value?.trim();
  if (!value) return DEFAULT_REPORT_TIME_ZONE;
  knownZones ??= db
    .execute<{ name: string }>(sql`select name from pg_timezone_names`)
    .then((r) => new Set(r.rows.map((z) => z.name)))
    .catch((error: unknown) => {
      knownZones = null;
      throw error;
    });
  return (await knownZones).has(value) ? value : DEFAULT_REPORT_TIME_ZONE;
}

/** Serialises the aggregate writers of one domain (the job's workers and a rebuild). */
const lockDomain = (tx: Tx, domainId: number) => tx.execute(sql`select pg_advisory_xact_lock(${0x5e1e5}::int, ${domainId}::int)`);

/**
 * What the orders contribute now (the target facts), one row per source and dimension set.
 * - SALE `S:<line>`: every line (not cancelled by the buyer) of an order that is not cancelled or
 *   closed (merge sources and split leftovers are cancelled, so each sold line counts once), at
 *   the order's pay time (else its creation), with its amount in fen; one line per order carries
 *   the order count, one per order and SKU the SKU's order count.
 * - COST `C:<line>`: a shipped line's cost of goods sold, from the order's SHIP ledger rows (their
 *   unit cost; a combination: its components' rows × pieces per set), at the ship time.
 * - REFUND `R:<after-sale>:<line>`: a successful refund (refund only, return and refund; the
 *   document not closed) of a counted order, at the after-sale's apply time (else its creation);
 *   the refund fee split over its return lines by price × units (the fen remainder on the last
 *   line); returned units count for return and refund; the returned units' cost comes back.
 */
function targetFacts(domainId: number, orderIds: readonly number[], tz: string) {
  const ids = bigintArray(orderIds);
  return sql`
    o as (
      select o.id, o.store_id, o.platform_code, coalesce(o.receiver_province, '') as province,
             coalesce(o.pay_time, o.created_at) as sold_at, o.status_code
      from erp_orders o where o.domain_id = ${domainId} and o.id = any(${ids})),
    counted as (select * from o where status_code not in ('CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE')),
    lines as (
      select l.id, l.order_id, coalesce(l.sku_id, 0) as sku_id, l.qty, l.is_combination, round(l.amount * 100)::bigint as amount_fen,
             row_number() over (partition by l.order_id order by l.id) as nth_in_order,
             row_number() over (partition by l.order_id, coalesce(l.sku_id, 0) order by l.id) as nth_of_sku
      from erp_order_lines l join counted c on c.id = l.order_id
      where l.domain_id = ${domainId} and l.cancel_tag = 0),
    shipped as (
      select doc_id as order_id, sku_id,
             sum(-on_hand_delta * coalesce(unit_cost, 0)) / nullif(sum(-on_hand_delta), 0) as unit_cost, max(created_at) as shipped_at
      from stock_ledger
      where domain_id = ${domainId} and doc_type = 'ORDER' and movement = 'SHIP' and on_hand_delta < 0 and doc_id = any(${ids})
      group by doc_id, sku_id),
    line_cost as (
      select l.id, l.order_id, l.sku_id, l.qty, max(s.shipped_at) as shipped_at,
             sum(l.qty * coalesce(cc.qty, 1) * s.unit_cost) as cost, count(*) as parts,
             count(*) filter (where s.order_id is null) as missing
      from lines l
      left join combination_components cc on l.is_combination and cc.domain_id = ${domainId} and cc.combo_sku_id = l.sku_id
      left join shipped s on s.order_id = l.order_id and s.sku_id = case when l.is_combination then cc.component_sku_id else l.sku_id end
      group by l.id, l.order_id, l.sku_id, l.qty),
    refund_docs as (
      select a.id, a.erp_order_id as order_id, a.type, round(a.refund_fee * 100)::bigint as fee_fen, coalesce(a.apply_time, a.created_at) as at
      from after_sales a join counted c on c.id = a.erp_order_id
      where a.domain_id = ${domainId} and a.erp_order_id = any(${ids}) and a.refund_status = 'SUCCESS' and a.check_status <> 'CLOSED'
        and a.type in ('REFUND_ONLY', 'RETURN_REFUND')),
    refund_lines as (
      select d.id as doc_id, d.order_id, d.type, d.fee_fen, d.at, coalesce(rl.id, 0) as line_id, rl.erp_order_line_id,
             coalesce(rl.sku_id, 0) as sku_id, coalesce(rl.sku_num, 0) as units,
             coalesce(round(rl.sku_price * rl.sku_num * 100)::bigint, 0) as weight
      from refund_docs d
      left join after_sale_lines rl on rl.domain_id = ${domainId} and rl.after_sale_id = d.id and rl.kind = 'RETURN'),
    refund_split as (
      select r.*,
             (sum(case when w_total > 0 then weight else greatest(units, 1) end) over (partition by doc_id order by line_id))::bigint as cum,
             (sum(case when w_total > 0 then weight else greatest(units, 1) end) over (partition by doc_id))::bigint as whole
      from (select *, sum(weight) over (partition by doc_id) as w_total from refund_lines) r),
    target as (
      select 'S:' || l.id as source_key, 'SALE' as kind, c.id as order_id, l.id as order_line_id, null::bigint as after_sale_id,
             (c.sold_at at time zone ${tz})::date as day, extract(hour from c.sold_at at time zone ${tz})::int as hour,
             c.store_id, c.platform_code, c.province, l.sku_id,
             l.qty, l.amount_fen, 0 as refund_qty, 0::bigint as refund_fen, 0::bigint as cost_fen,
             (l.nth_in_order = 1)::int as order_count, (l.nth_of_sku = 1)::int as sku_order_count
      from lines l join counted c on c.id = l.order_id
      union all
      select 'C:' || lc.id, 'COST', c.id, lc.id, null,
             (lc.shipped_at at time zone ${tz})::date, extract(hour from lc.shipped_at at time zone ${tz})::int,
             c.store_id, c.platform_code, c.province, lc.sku_id,
             0, 0, 0, 0, round(lc.cost * 100)::bigint, 0, 0
      from line_cost lc join counted c on c.id = lc.order_id
      where lc.missing = 0 and lc.cost is not null
      union all
      select 'R:' || r.doc_id || ':' || r.line_id, 'REFUND', c.id, r.erp_order_line_id, r.doc_id,
             (r.at at time zone ${tz})::date, extract(hour from r.at at time zone ${tz})::int,
             c.store_id, c.platform_code, c.province, r.sku_id,
             0, 0, case when r.type = 'RETURN_REFUND' then r.units else 0 end,
             (r.fee_fen * r.cum / r.whole) - (r.fee_fen * (r.cum - case when r.w_total > 0 then r.weight else greatest(r.units, 1) end) / r.whole),
             case when r.type = 'RETURN_REFUND' and lc.cost is not null and lc.missing = 0 and lc.qty > 0
                  then -round(lc.cost * r.units / lc.qty * 100)::bigint else 0 end,
             0, 0
      from refund_split r join counted c on c.id = r.order_id
      left join line_cost lc on lc.id = r.erp_order_line_id)`;
}

const RUNNING_SUMS = ['qty', 'amount_fen', 'refund_qty', 'refund_fen', 'cost_fen', 'order_count'] as const;

/**
 * The running per-SKU sums (report_sales_running) brought along with the monthly sums, as CTEs of
 * the reconciling statement reading `appended`. Per SKU changed, every month from the earliest
 * changed one (or its last row, when that is earlier) to the latest of its changed months and its
 * last row is written: an existing row gets the changes of its month and the months before it
 * added; a new row after the old last starts from the old last row's sums, a new row before the
 * first from zero. The latest month written becomes the SKU's last row (is_last).
 */
function runningChange(domainId: number) {
  const cols = sql.raw(RUNNING_SUMS.join(', '));
  const deltaSums = sql.raw(RUNNING_SUMS.map((c) => `sum(${c === 'order_count' ? 'sku_order_count' : c}) as ${c}`).join(', '));
  const lastCols = sql.raw(RUNNING_SUMS.map((c) => `l.${c} as last_${c}`).join(', '));
  const stepped = sql.raw(
    RUNNING_SUMS.map((c) => `case when t.last_month is not null and t.month > t.last_month then t.last_${c} else 0 end + sum(coalesce(d.${c}, 0)) over w as ${c}`).join(', '),
  );
  const added = sql.raw(RUNNING_SUMS.map((c) => `${c} = r.${c} + excluded.${c}`).join(', '));
  return sql`
    run_delta as (
      select day - extract(day from day)::int + 1 as month, sku_id, ${deltaSums} from appended group by 1, 2),
    run_span as (
      select s.sku_id, least(s.lo, l.month) as lo, greatest(s.hi, l.month) as hi, l.month as last_month, ${lastCols}
      from (select sku_id, min(month) as lo, max(month) as hi from run_delta group by sku_id) s
      left join report_sales_running l on l.domain_id = ${domainId} and l.sku_id = s.sku_id and l.is_last),
    run_target as (
      select s.*, g.m::date as month from run_span s cross join lateral generate_series(s.lo, s.hi, interval '1 month') g(m)),
    run_new as (
      select t.sku_id, t.month, t.month = t.hi as is_last, ${stepped}
      from run_target t left join run_delta d on d.sku_id = t.sku_id and d.month = t.month
      window w as (partition by t.sku_id order by t.month)),
    by_running as (
      insert into report_sales_running as r (domain_id, month, sku_id, ${cols}, is_last)
      select ${domainId}, month, sku_id, ${cols}, is_last from run_new
      on conflict (domain_id, month, sku_id) do update set ${added}, is_last = excluded.is_last
      returning 1)`;
}

/**
 * A domain's running per-SKU sums derived from its monthly sums (a rebuild; the migration that
 * added the table ran the same derivation): dense from each SKU's first month to its last.
 */
async function deriveRunning(tx: Tx, domainId: number): Promise<void> {
  const over = sql.raw(RUNNING_SUMS.map((c) => `sum(coalesce(m.${c}, 0)) over w`).join(', '));
  await tx.execute(sql`delete from report_sales_running where domain_id = ${domainId}`);
  await tx.execute(sql`
    insert into report_sales_running (domain_id, month, sku_id, ${sql.raw(RUNNING_SUMS.join(', '))}, is_last)
    select ${domainId}, g.m::date, b.sku_id, ${over}, g.m::date = b.last
    from (select sku_id, min(month) as first, max(month) as last from report_sales_monthly where domain_id = ${domainId} group by sku_id) b
    cross join lateral generate_series(b.first, b.last, interval '1 month') g(m)
    left join report_sales_monthly m on m.domain_id = ${domainId} and m.sku_id = b.sku_id and m.month = g.m::date
    window w as (partition by b.sku_id order by g.m)`);
}

/**
 * Brings the facts of these orders to what the sources say now (appending the differences) and
 * adds the differences to the daily and monthly sums, in the caller's transaction. Answers the rows appended.
 */
async function reconcileOrders(tx: Tx, domainId: number, orderIds: readonly number[], tz: string, running = true): Promise<number> {
  if (!orderIds.length) return 0;
  const ids = bigintArray(orderIds);
  const dims = sql.raw('source_key, kind, order_id, order_line_id, after_sale_id, day, hour, store_id, platform_code, province, sku_id');
  const result = await tx.execute<{ n: number }>(sql`
    with ${targetFacts(domainId, orderIds, tz)},
    cur as (
      select ${dims}, sum(qty) as qty, sum(amount_fen) as amount_fen, sum(refund_qty) as refund_qty, sum(refund_fen) as refund_fen,
             sum(cost_fen) as cost_fen, sum(order_count) as order_count, sum(sku_order_count) as sku_order_count
      from report_sales_facts where domain_id = ${domainId} and order_id = any(${ids})
      group by ${dims}),
    diff as (
      select coalesce(t.source_key, c.source_key) as source_key, coalesce(t.kind, c.kind) as kind, coalesce(t.order_id, c.order_id) as order_id,
             coalesce(t.order_line_id, c.order_line_id) as order_line_id, coalesce(t.after_sale_id, c.after_sale_id) as after_sale_id,
             coalesce(t.day, c.day) as day, coalesce(t.hour, c.hour) as hour, coalesce(t.store_id, c.store_id) as store_id,
             coalesce(t.platform_code, c.platform_code) as platform_code, coalesce(t.province, c.province) as province, coalesce(t.sku_id, c.sku_id) as sku_id,
             coalesce(t.qty, 0) - coalesce(c.qty, 0) as qty, coalesce(t.amount_fen, 0) - coalesce(c.amount_fen, 0) as amount_fen,
             coalesce(t.refund_qty, 0) - coalesce(c.refund_qty, 0) as refund_qty, coalesce(t.refund_fen, 0) - coalesce(c.refund_fen, 0) as refund_fen,
             coalesce(t.cost_fen, 0) - coalesce(c.cost_fen, 0) as cost_fen, coalesce(t.order_count, 0) - coalesce(c.order_count, 0) as order_count,
             coalesce(t.sku_order_count, 0) - coalesce(c.sku_order_count, 0) as sku_order_count
      from target t
      full join cur c on c.source_key = t.source_key and c.day = t.day and c.hour = t.hour and c.store_id = t.store_id
        and c.platform_code = t.platform_code and c.province = t.province and c.sku_id = t.sku_id and c.kind = t.kind),
    changed as (
      select * from diff
      where qty <> 0 or amount_fen <> 0 or refund_qty <> 0 or refund_fen <> 0 or cost_fen <> 0 or order_count <> 0 or sku_order_count <> 0),
    appended as (
      insert into report_sales_facts (domain_id, ${dims}, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count, sku_order_count)
      select ${domainId}, ${dims}, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count, sku_order_count from changed
      returning day, hour, store_id, platform_code, province, sku_id, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count, sku_order_count),
    by_sku as (
      insert into report_sales_daily as d (domain_id, day, store_id, platform_code, sku_id, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count)
      select ${domainId}, day, store_id, platform_code, sku_id, sum(qty), sum(amount_fen), sum(refund_qty), sum(refund_fen), sum(cost_fen), sum(sku_order_count)
      from appended group by day, store_id, platform_code, sku_id
      on conflict (domain_id, day, store_id, platform_code, sku_id) do update set
        qty = d.qty + excluded.qty, amount_fen = d.amount_fen + excluded.amount_fen, refund_qty = d.refund_qty + excluded.refund_qty,
        refund_fen = d.refund_fen + excluded.refund_fen, cost_fen = d.cost_fen + excluded.cost_fen, order_count = d.order_count + excluded.order_count
      returning 1),
    by_order as (
      insert into report_orders_daily as d (domain_id, day, hour, store_id, platform_code, province, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen)
      select ${domainId}, day, hour, store_id, platform_code, province, sum(order_count), sum(qty), sum(amount_fen), sum(refund_qty), sum(refund_fen), sum(cost_fen)
      from appended group by day, hour, store_id, platform_code, province
      on conflict (domain_id, day, hour, store_id, platform_code, province) do update set
        order_count = d.order_count + excluded.order_count, qty = d.qty + excluded.qty, amount_fen = d.amount_fen + excluded.amount_fen,
        refund_qty = d.refund_qty + excluded.refund_qty, refund_fen = d.refund_fen + excluded.refund_fen, cost_fen = d.cost_fen + excluded.cost_fen
      returning 1),
    by_month as (
      insert into report_sales_monthly as m (domain_id, month, sku_id, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count)
      select ${domainId}, day - extract(day from day)::int + 1, sku_id, sum(qty), sum(amount_fen), sum(refund_qty), sum(refund_fen), sum(cost_fen), sum(sku_order_count)
      from appended group by 2, 3
      on conflict (domain_id, month, sku_id) do update set
        qty = m.qty + excluded.qty, amount_fen = m.amount_fen + excluded.amount_fen, refund_qty = m.refund_qty + excluded.refund_qty,
        refund_fen = m.refund_fen + excluded.refund_fen, cost_fen = m.cost_fen + excluded.cost_fen, order_count = m.order_count + excluded.order_count
      returning 1),
    by_order_month as (
      insert into report_orders_monthly as d (domain_id, month, hour, store_id, platform_code, province, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen)
      select ${domainId}, day - extract(day from day)::int + 1, hour, store_id, platform_code, province, sum(order_count), sum(qty), sum(amount_fen), sum(refund_qty), sum(refund_fen), sum(cost_fen)
      from appended group by 2, 3, 4, 5, 6
      on conflict (domain_id, month, hour, store_id, platform_code, province) do update set
        order_count = d.order_count + excluded.order_count, qty = d.qty + excluded.qty, amount_fen = d.amount_fen + excluded.amount_fen,
        refund_qty = d.refund_qty + excluded.refund_qty, refund_fen = d.refund_fen + excluded.refund_fen, cost_fen = d.cost_fen + excluded.cost_fen
      returning 1)${running ? sql`,${runningChange(domainId)}` : sql``}
    select (select count(*) from appended)::int as n,
      (select count(*) from by_sku) + (select count(*) from by_order) + (select count(*) from by_month) + (select count(*) from by_order_month)
      ${running ? sql`+ (select count(*) from by_running)` : sql``} as touched`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Takes the dirty marks of one domain (oldest first, up to `limit` orders) and recomputes those
 * orders, in one transaction: a mark is deleted only with the facts it caused. Answers how many
 * orders were recomputed.
 */
export async function refreshDomain(database: Database, domainId: number, limit = CHUNK): Promise<number> {
  return database.db.transaction(async (tx) => {
    await lockDomain(tx, domainId);
    await jitOffInTransaction(tx);
    const taken = await tx.execute<{ order_id: string }>(sql`
      with picked as (
        select id from report_dirty_orders where domain_id = ${domainId} order by id limit ${limit * 4} for update skip locked),
      gone as (delete from report_dirty_orders d using picked p where d.domain_id = ${domainId} and d.id = p.id returning d.order_id)
      select distinct order_id from gone`);
    const orderIds = taken.rows.map((r) => Number(r.order_id));
    if (!orderIds.length) return 0;
    const tz = await shopTimeZone(tx, domainId);
    for (let i = 0; i < orderIds.length; i += CHUNK) await reconcileOrders(tx, domainId, orderIds.slice(i, i + CHUNK), tz);
    return orderIds.length;
  });
}

/** Drains every domain's dirty marks (the job; tests call it to stand in for the next run). */
export async function refreshAll(database: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const domains = await database.db.execute<{ domain_id: string }>(sql`select distinct domain_id from report_dirty_orders limit 100`);
    if (!domains.rows.length) return total;
    let progressed = 0;
    const failures: unknown[] = [];
    for (const row of domains.rows) {
      // One domain's failure (its marks stay for the next run) does not hold the others back.
      try {
        progressed += await refreshDomain(database, Number(row.domain_id));
      } catch (error) {
        failures.push(error);
      }
    }
    total += progressed;
    if (failures.length && !progressed) throw failures[0];
    if (!progressed) return total;
  }
}

/**
 * Rebuilds a domain's aggregates from the source tables: deletes its facts and sums and derives
 * them again, order by order in id chunks, in one transaction (readers see the old figures until
 * it commits). Answers the orders and fact rows.
 */
export async function rebuildDomain(database: Database, domainId: number): Promise<{ orders: number; facts: number }> {
  return database.db.transaction(async (tx) => {
    await lockDomain(tx, domainId);
    await jitOffInTransaction(tx);
    const tz = await shopTimeZone(tx, domainId);
    await tx.execute(sql`delete from report_sales_facts where domain_id = ${domainId}`);
    await tx.execute(sql`delete from report_sales_daily where domain_id = ${domainId}`);
    await tx.execute(sql`delete from report_orders_daily where domain_id = ${domainId}`);
    await tx.execute(sql`delete from report_sales_monthly where domain_id = ${domainId}`);
    await tx.execute(sql`delete from report_orders_monthly where domain_id = ${domainId}`);
    await tx.execute(sql`delete from report_dirty_orders where domain_id = ${domainId}`);
    let orders = 0;
    let facts = 0;
    for (let after = 0; ; ) {
      const page = await tx.execute<{ id: string }>(sql`select id from erp_orders where domain_id = ${domainId} and id > ${after} order by id limit ${REBUILD_CHUNK}`);
      if (!page.rows.length) break;
      const ids = page.rows.map((r) => Number(r.id));
      facts += await reconcileOrders(tx, domainId, ids, tz, false);
      orders += ids.length;
      after = ids[ids.length - 1]!;
    }
    await deriveRunning(tx, domainId);
    return { orders, facts };
  });
}
