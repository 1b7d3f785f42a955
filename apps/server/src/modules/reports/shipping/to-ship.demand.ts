// The open orders' demand for to-ship SKU (tab 7; README "To-ship demand"): report_open_demand
// holds one row per open order and SKU it needs (a combination line as its components), so the tab
// reads one narrow table instead of joining 100,000 open orders to their lines. Triggers append a
// mark (report_open_demand_dirty, append-only: no order transaction ever waits on another's mark)
// whenever an order's demand may have changed; every read first folds in all marked orders of its
// domain (catchUp), so the answer is exactly what the live orders say; the job folds in between
// reads. rebuild() derives a domain's rows again from the orders with the same SQL. The rows are
// also kept rolled up per SKU (report_open_demand_sku, per warehouse and for all), changed in the
// same transaction, so the SKU list without an order filter reads one row per SKU.
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { bigintArray, textArray, jitOffInTransaction } from '../../../platform/sql.js';

/** An order still to ship: not yet sent, not cancelled or closed (merged and split sources are cancelled). */
export const OPEN_ORDER_STATUSES = ['CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED'] as const;

/** Marks taken per transaction (several marks may name one order). */
const BATCH = 20_000;
const lockKey = (domainId: number) => sql`hashtextextended(${'report_demand:' + domainId}, 0)`;

/**
 * The demand rows of the domain's open orders (of the given orders only, when given): per order
 * and counted SKU the quantity (lines not cancelled by the buyer; a combination line as qty × its
 * components' pieces; a combination without components as itself), and sku 0 with the number of
 * lines that have no system SKU.
 */
function demandOf(domainId: number, orderIds: readonly number[] | null): SQL {
  return sql`
    select o.domain_id, o.id as order_id, coalesce(c.component_sku_id, l.sku_id, 0) as sku_id,
      sum(case when l.sku_id is null then 1 else l.qty * coalesce(c.qty, 1) end)::int as qty,
      o.store_id, o.platform_code, o.warehouse_id, coalesce(o.pay_time, o.created_at) as sold_at
    from erp_orders o
    join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id and l.cancel_tag = 0
    left join combination_components c on l.is_combination and c.domain_id = o.domain_id and c.combo_sku_id = l.sku_id
    where o.domain_id = ${domainId} and o.status_code = any(${textArray([...OPEN_ORDER_STATUSES])})
      ${orderIds ? sql`and o.id = any(${bigintArray(orderIds)})` : sql``}
    group by o.domain_id, o.id, 3, o.store_id, o.platform_code, o.warehouse_id, 8`;
}

const COLUMNS = sql.raw('domain_id, order_id, sku_id, qty, store_id, platform_code, warehouse_id, sold_at');

/**
 * Adds demand rows (`rows`: a CTE of warehouse_id, sku_id, qty; sign -1 for rows taken away) to the
 * rollup per SKU (warehouse 0: all warehouses; an order without a warehouse only there). Answers
 * the rollup rows it touched with their orders after the change.
 */
function rollUp(domainId: number, rows: string, sign: 1 | -1): SQL {
  const from = sql.raw(rows);
  return sql`
    delta as (
      select 0::bigint as warehouse_id, sku_id, sum(qty)::int as qty, count(*)::int as n from ${from} group by sku_id
      union all
      select warehouse_id, sku_id, sum(qty)::int, count(*)::int from ${from} where warehouse_id is not null group by warehouse_id, sku_id)
    insert into report_open_demand_sku as r (domain_id, warehouse_id, sku_id, qty, orders)
    select ${domainId}, warehouse_id, sku_id, ${sign} * qty, ${sign} * n from delta
    on conflict (domain_id, warehouse_id, sku_id) do update set qty = r.qty + excluded.qty, orders = r.orders + excluded.orders
    returning r.sku_id, r.orders`;
}

export function createOpenDemand(database: Database) {
  const { db } = database;

  /** Folds in up to BATCH marks of the domain (in the caller's transaction, holding the lock); answers the marks taken. */
  async function foldBatch(tx: Tx, domainId: number): Promise<number> {
    const taken = await tx.execute<{ order_id: string; n: number }>(sql`
      with picked as (
        select id from report_open_demand_dirty where domain_id = ${domainId} order by id limit ${BATCH} for update skip locked),
      gone as (delete from report_open_demand_dirty d using picked p where d.domain_id = ${domainId} and d.id = p.id returning d.order_id)
      select order_id, count(*) over ()::int as n from (select distinct order_id from gone) g`);
    if (!taken.rows.length) return 0;
    const ids = taken.rows.map((r) => Number(r.order_id));
    // The orders' old rows out of the rollup, their new rows into it; a SKU left without orders
    // leaves the rollup.
    const gone = await tx.execute<{ sku_id: string; orders: number }>(sql`
      with gone as (delete from report_open_demand where domain_id = ${domainId} and order_id = any(${bigintArray(ids)}) returning warehouse_id, sku_id, qty),
      ${rollUp(domainId, 'gone', -1)}`);
    await tx.execute(sql`
      with added as (insert into report_open_demand (${COLUMNS}) ${demandOf(domainId, ids)} returning warehouse_id, sku_id, qty),
      ${rollUp(domainId, 'added', 1)}`);
    const emptied = [...new Set(gone.rows.filter((r) => Number(r.orders) === 0).map((r) => Number(r.sku_id)))];
    if (emptied.length) await tx.execute(sql`delete from report_open_demand_sku where domain_id = ${domainId} and sku_id = any(${bigintArray(emptied)}) and orders = 0`);
    return ids.length;
  }

  /** Folds in every marked order of the domain; answers how many orders. Waits for a fold under way. */
  async function refreshDomain(domainId: number): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(domainId)})`);
        await jitOffInTransaction(tx);
        return foldBatch(tx, domainId);
      });
      total += n;
      if (!n) return total;
    }
  }

  /**
   * Before a read: folds in the domain's marked orders (all of them, so the answer is exact), or
   * does nothing when none are marked (one index probe).
   */
  async function catchUp(domainId: number): Promise<void> {
    const pending = await db.execute<{ p: boolean }>(sql`select exists (select 1 from report_open_demand_dirty where domain_id = ${domainId}) as p`);
    if (pending.rows[0]?.p) await refreshDomain(domainId);
  }

  /** The job: every domain with marked orders. */
  async function refreshAll(): Promise<number> {
    const domains = await db.execute<{ domain_id: string }>(sql`select distinct domain_id from report_open_demand_dirty`);
    let total = 0;
    for (const d of domains.rows) total += await refreshDomain(Number(d.domain_id));
    return total;
  }

  /** Derives the domain's demand rows again from its open orders; answers the rows. */
  async function rebuild(domainId: number): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(domainId)})`);
      await jitOffInTransaction(tx);
      await tx.execute(sql`delete from report_open_demand_dirty where domain_id = ${domainId}`);
      await tx.execute(sql`delete from report_open_demand where domain_id = ${domainId}`);
      await tx.execute(sql`delete from report_open_demand_sku where domain_id = ${domainId}`);
      await tx.execute(sql`
        with added as (insert into report_open_demand (${COLUMNS}) ${demandOf(domainId, null)} returning warehouse_id, sku_id, qty),
        ${rollUp(domainId, 'added', 1)}`);
      const n = await tx.execute<{ n: number }>(sql`select count(*)::int as n from report_open_demand where domain_id = ${domainId}`);
      return Number(n.rows[0]?.n ?? 0);
    });
  }

  return { catchUp, refreshDomain, refreshAll, rebuild };
}

export type OpenDemand = ReturnType<typeof createOpenDemand>;
