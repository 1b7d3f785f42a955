// The shipping aggregates (README.md "Aggregates"): report_ship_parcels holds one fact per shipped
// order, report_ship_daily their sums per shop day, store, platform, warehouse and courier. A
// trigger on erp_orders marks an order dirty in the order's own transaction whenever something a
// parcel is made of changes; refresh() takes dirty orders in batches, takes their old facts out of
// the daily sums and puts their new facts in, all in one transaction under the domain's advisory
// lock. rebuild() recomputes a domain's facts and sums from erp_orders with the same SQL, so the two
// agree to the gram (test). Only report tables are written: no lock is taken on any order row.
import { DEFAULT_REPORT_TIME_ZONE, REPORT_TIME_ZONE_CONFIG } from '../reports.aggregates.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { bigintArray, jitOffInTransaction } from '../../../platform/sql.js';

/** The advisory lock of a domain's shipping aggregates: one writer at a time. */
const lockKey = (domainId: number) => sql`hashtextextended(${'report_ship:' + domainId}, 0)`;
export const SHIPPING_REFRESH_JOB = 'reports.shipping-refresh';
export const SHIPPING_REBUILD_JOB = 'reports.shipping-rebuild';
/** Orders folded in per transaction. */
const BATCH = 2000;

/**
 * The time zone of the shop's day, as SQL: the domain's REPORT_TIME_ZONE setting when PostgreSQL
 * knows the zone, else Asia/Shanghai — the same rule as the sales figures (../reports.aggregates.ts).
 * Every shipping figure takes its day from here.
 */
export function shopTimeZone(domainId: number): SQL {
  return sql`coalesce((select c.value from domain_configs c
    where c.domain_id = ${domainId} and c.item_code = ${REPORT_TIME_ZONE_CONFIG}
      and exists (select 1 from pg_timezone_names z where z.name = c.value)), ${DEFAULT_REPORT_TIME_ZONE})`;
}

/** The parcel of each shipped order of the domain (of the given orders only, when given). */
function factsOf(domainId: number, orderIds: readonly number[] | null): SQL {
  const tz = shopTimeZone(domainId);
  return sql`
    select o.domain_id, o.id as order_id, (o.delivery_time at time zone ${tz})::date as day, o.delivery_time as shipped_at,
      o.store_id, o.platform_code, coalesce(o.warehouse_id, 0) as warehouse_id, coalesce(o.express_company_code, '') as express_company_code,
      o.qty_total as qty, coalesce(w.weight, o.weight_total) as weight,
      coalesce(o.last_ship_time is not null and o.delivery_time > o.last_ship_time, false) as late
    from erp_orders o
    left join lateral (
      select r.weight from erp_order_check_records r
      where r.domain_id = o.domain_id and r.order_id = o.id and r.mode = 'WEIGH' and r.weight is not null
      order by r.id desc limit 1) w on true
    where o.domain_id = ${domainId} and o.status_code = 'CI_ERPSOH_STATUS_SEND' and o.delivery_time is not null
      ${orderIds ? sql`and o.id = any(${bigintArray(orderIds)})` : sql``}`;
}

const DAILY_COLUMNS = sql.raw('domain_id, day, store_id, platform_code, warehouse_id, express_company_code');
const ADD_ON_CONFLICT = sql.raw(`on conflict (domain_id, day, store_id, platform_code, warehouse_id, express_company_code) do update set
  parcels = report_ship_daily.parcels + excluded.parcels, qty = report_ship_daily.qty + excluded.qty,
  weight = report_ship_daily.weight + excluded.weight, late_parcels = report_ship_daily.late_parcels + excluded.late_parcels`);

/** Folds the given orders' current parcels into the aggregates (inside the caller's locked transaction). */
async function apply(tx: Tx, domainId: number, orderIds: readonly number[]): Promise<void> {
  const ids = bigintArray(orderIds);
  const removed = await tx.execute<{ day: string }>(sql`
    insert into report_ship_daily (${DAILY_COLUMNS}, parcels, qty, weight, late_parcels)
    select ${DAILY_COLUMNS}, -count(*), -sum(qty), -sum(weight), -count(*) filter (where late)
    from report_ship_parcels where domain_id = ${domainId} and order_id = any(${ids})
    group by ${DAILY_COLUMNS}
    ${ADD_ON_CONFLICT}
    returning day::text`);
  await tx.execute(sql`delete from report_ship_parcels where domain_id = ${domainId} and order_id = any(${ids})`);
  await tx.execute(sql`
    insert into report_ship_parcels (domain_id, order_id, day, shipped_at, store_id, platform_code, warehouse_id, express_company_code, qty, weight, late)
    ${factsOf(domainId, orderIds)}`);
  await tx.execute(sql`
    insert into report_ship_daily (${DAILY_COLUMNS}, parcels, qty, weight, late_parcels)
    select ${DAILY_COLUMNS}, count(*), sum(qty), sum(weight), count(*) filter (where late)
    from report_ship_parcels where domain_id = ${domainId} and order_id = any(${ids})
    group by ${DAILY_COLUMNS}
    ${ADD_ON_CONFLICT}`);
  const days = [...new Set(removed.rows.map((r) => r.day))];
  if (days.length) {
    await tx.execute(sql`delete from report_ship_daily where domain_id = ${domainId} and day = any(${sql.param(days)}::date[]) and parcels = 0`);
  }
}

export function createShippingAggregates(database: Database) {
  const { db } = database;

  /**
   * Folds in up to `limit` dirty orders of the domain. With `wait: false` it gives up at once
   * (answers null) when another transaction is folding this domain in.
   */
  async function refreshBatch(domainId: number, limit = BATCH, wait = true): Promise<number | null> {
    return db.transaction(async (tx) => {
      await jitOffInTransaction(tx);
      if (wait) await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(domainId)})`);
      else {
        const got = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${lockKey(domainId)}) as ok`);
        if (!got.rows[0]?.ok) return null;
      }
      const taken = await tx.execute<{ order_id: string }>(sql`
        delete from report_ship_dirty where domain_id = ${domainId} and order_id in (
          select order_id from report_ship_dirty where domain_id = ${domainId} order by order_id limit ${limit} for update skip locked)
        returning order_id`);
      const ids = taken.rows.map((r) => Number(r.order_id));
      if (ids.length) await apply(tx, domainId, ids);
      return ids.length;
    });
  }

  /** Folds in every dirty order of the domain; answers how many. */
  async function refreshDomain(domainId: number): Promise<number> {
    let total = 0;
    for (;;) {
      const n = (await refreshBatch(domainId)) ?? 0;
      total += n;
      if (n < BATCH) return total;
    }
  }

  /** The job: every domain with dirty orders. */
  async function refreshAll(): Promise<number> {
    const domains = await db.execute<{ domain_id: string }>(sql`select distinct domain_id from report_ship_dirty`);
    let total = 0;
    for (const d of domains.rows) total += await refreshDomain(Number(d.domain_id));
    return total;
  }

  /**
   * Before a report is read: folds in the domain's pending orders when they are few (≤ one batch)
   * and nobody else is at it, so the report is current to the second; a larger backlog is left to
   * the job (the report then lags by at most its minute).
   */
  async function catchUp(domainId: number): Promise<void> {
    const pending = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from report_ship_dirty where domain_id = ${domainId} limit ${BATCH + 1}) d`);
    const n = Number(pending.rows[0]?.n ?? 0);
    if (n > 0 && n <= BATCH) await refreshBatch(domainId, BATCH, false);
  }

  /** Recomputes the domain's facts and sums from erp_orders; answers the parcels and days written. */
  async function rebuild(domainId: number): Promise<{ parcels: number; days: number }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(domainId)})`);
      await jitOffInTransaction(tx);
      // Every order is read below: what was pending is folded in by this rebuild.
      await tx.execute(sql`delete from report_ship_dirty where domain_id = ${domainId}`);
      await tx.execute(sql`delete from report_ship_daily where domain_id = ${domainId}`);
      await tx.execute(sql`delete from report_ship_parcels where domain_id = ${domainId}`);
      await tx.execute(sql`
        insert into report_ship_parcels (domain_id, order_id, day, shipped_at, store_id, platform_code, warehouse_id, express_company_code, qty, weight, late)
        ${factsOf(domainId, null)}`);
      await tx.execute(sql`
        insert into report_ship_daily (${DAILY_COLUMNS}, parcels, qty, weight, late_parcels)
        select ${DAILY_COLUMNS}, count(*), sum(qty), sum(weight), count(*) filter (where late)
        from report_ship_parcels where domain_id = ${domainId}
        group by ${DAILY_COLUMNS}`);
      const counts = await tx.execute<{ parcels: number; days: number }>(sql`
        select count(*)::int as parcels, count(distinct day)::int as days from report_ship_parcels where domain_id = ${domainId}`);
      return { parcels: Number(counts.rows[0]?.parcels ?? 0), days: Number(counts.rows[0]?.days ?? 0) };
    });
  }

  return { refreshBatch, refreshDomain, refreshAll, catchUp, rebuild };
}

export type ShippingAggregates = ReturnType<typeof createShippingAggregates>;
