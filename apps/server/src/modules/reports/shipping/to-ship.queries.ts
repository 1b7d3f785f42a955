// To-ship SKU (tab 7; shipSku searchPageList / sumAll, unshippedSpuReport search and its three
// in-transit quantity calls): the open orders' demand per SKU (combination lines as their
// components; report_open_demand, brought up to the second before every read, to-ship.demand.ts)
// against on-hand stock and the three in-transit quantities read live, so a buyer sees what to buy
// (the shortfall). Definitions in README.md.
import { sql, type SQL } from 'drizzle-orm';
import type { InTransitAnswer, SkuDrillInput, ToShipFilter, ToShipOrdersAnswer, ToShipSearchInput, ToShipSkuRow, ToShipSpuRow, ToShipSums } from '@openseller/core';
import type { Database } from '../../../db/client.js';
import { bigintArray, jitOffInTransaction, likePattern, textArray } from '../../../platform/sql.js';
import { isoTime } from '../../../platform/time.js';
import { shopTimeZone } from './shipping.aggregates.js';
import { createOpenDemand } from './to-ship.demand.js';

export { OPEN_ORDER_STATUSES } from './to-ship.demand.js';

type OrderFilter = Pick<ToShipFilter, 'startDate' | 'endDate' | 'storeIds' | 'platformCodes' | 'warehouseIds'>;

/**
 * The demand rows of the filter's open orders (`demand_rows`, from report_open_demand, folded in
 * before the read), and their counted ones (`counted`: one row per order and system SKU).
 */
function demandCtes(domainId: number, f: OrderFilter, skuId?: number): SQL {
  const tz = shopTimeZone(domainId);
  const conditions = [
    sql`d.domain_id = ${domainId}`,
    f.storeIds?.length ? sql`d.store_id = any(${bigintArray(f.storeIds)})` : undefined,
    f.platformCodes?.length ? sql`d.platform_code = any(${textArray(f.platformCodes)})` : undefined,
    f.warehouseIds?.length ? sql`d.warehouse_id = any(${bigintArray(f.warehouseIds)})` : undefined,
    f.startDate ? sql`d.sold_at >= (${f.startDate}::date::timestamp at time zone ${tz})` : undefined,
    f.endDate ? sql`d.sold_at < ((${f.endDate}::date + 1)::timestamp at time zone ${tz})` : undefined,
    skuId !== undefined ? sql`d.sku_id = ${skuId}` : undefined,
  ].filter((c): c is SQL => !!c);
  return sql`
    demand_rows as (select d.order_id, d.sku_id, d.qty from report_open_demand d where ${sql.join(conditions, sql` and `)}),
    counted as (select order_id, sku_id, qty from demand_rows where sku_id <> 0)`;
}

/** Every SKU with open demand and its figures (CTE `sku_rows`), filtered by SKU, keyword and shortfall. */
function skuRowsCtes(domainId: number, f: ToShipFilter): SQL {
  const wh = f.warehouseIds?.length ? bigintArray(f.warehouseIds) : null;
  const skuConditions = [
    f.skuIds?.length ? sql`d.sku_id = any(${bigintArray(f.skuIds)})` : undefined,
    f.keyword ? sql`(k.code ilike ${likePattern(f.keyword)} or k.name ilike ${likePattern(f.keyword)})` : undefined,
  ].filter((c): c is SQL => !!c);
  // Without an order filter (stores, platforms, period) the demand per SKU is the rollup's rows:
  // one per SKU for all warehouses or one warehouse, added up for several.
  const byOrder = !!(f.storeIds?.length || f.platformCodes?.length || f.startDate || f.endDate);
  const demand = byOrder
    ? sql`select sku_id, sum(qty)::int as to_ship, count(*)::int as orders from counted group by sku_id`
    : f.warehouseIds && f.warehouseIds.length > 1
      ? sql`select sku_id, sum(qty)::int as to_ship, sum(orders)::int as orders from report_open_demand_sku where domain_id = ${domainId} and warehouse_id = any(${wh}) and sku_id <> 0 group by sku_id`
      : sql`select sku_id, qty as to_ship, orders from report_open_demand_sku where domain_id = ${domainId} and warehouse_id = ${f.warehouseIds?.[0] ?? 0} and sku_id <> 0`;
  return sql`
    with ${demandCtes(domainId, f)},
    demand as (${demand}),
    wanted as (
      select d.* from demand d ${f.keyword ? sql`join skus k on k.domain_id = ${domainId} and k.id = d.sku_id` : sql``}
      ${skuConditions.length ? sql`where ${sql.join(skuConditions, sql` and `)}` : sql``}),
    stock as (
      select b.sku_id, sum(b.on_hand)::int as on_hand, sum(b.allocated)::int as allocated from stock_balances b
      where b.domain_id = ${domainId} ${wh ? sql`and b.warehouse_id = any(${wh})` : sql``}
        ${
          // Without a SKU or keyword filter most SKUs are wanted: the domain's stock summed in one
          // pass and hash-joined (0.13 s for 250,000 balances) beats a probe per SKU (0.3–0.4 s).
          skuConditions.length ? sql`and b.sku_id in (select sku_id from wanted)` : sql``
        }
      group by b.sku_id),
    po as (
      select pl.sku_id, sum(greatest(pl.ordered_qty - pl.received_qty - pl.closed_short_qty, 0))::int as q
      from purchase_order_lines pl join purchase_orders p on p.domain_id = pl.domain_id and p.id = pl.order_id
      where pl.domain_id = ${domainId} and p.status = 'VERIFY' and pl.sku_id in (select sku_id from wanted) ${wh ? sql`and p.warehouse_id = any(${wh})` : sql``}
      group by pl.sku_id),
    asn as (
      select ad.sku_id, sum(ad.qty - ad.received_qty)::int as q
      from asn_details ad join asn_headers h on h.domain_id = ad.domain_id and h.id = ad.asn_id
      where ad.domain_id = ${domainId} and h.status in ('CI_ASN_STATUS_CREATED', 'CI_ASN_STATUS_SYNCED') and h.asn_type <> 'ASN_PURCHASE'
        and ad.sku_id in (select sku_id from wanted) ${wh ? sql`and h.warehouse_id = any(${wh})` : sql``}
      group by ad.sku_id),
    tr as (
      select td.sku_id, sum(td.qty)::int as q
      from transfer_details td join transfer_orders t on t.domain_id = td.domain_id and t.id = td.transfer_id
      where td.domain_id = ${domainId} and t.transfer_status = 'SHIPPED' and td.sku_id in (select sku_id from wanted) ${wh ? sql`and t.in_warehouse_id = any(${wh})` : sql``}
      group by td.sku_id),
    sku_all as (
      select w.sku_id, k.code as sku_code, k.name as sku_name, k.specifications, k.spu_id, sp.code as spu_code, sp.name as spu_name,
        w.orders, w.to_ship, coalesce(st.on_hand, 0) as on_hand, coalesce(st.allocated, 0) as allocated,
        coalesce(po.q, 0) as po_q, coalesce(asn.q, 0) as asn_q, coalesce(tr.q, 0) as tr_q,
        greatest(w.to_ship - coalesce(st.on_hand, 0) - coalesce(po.q, 0) - coalesce(asn.q, 0) - coalesce(tr.q, 0), 0) as shortfall,
        coalesce(sc.average_cost, k.cost_price) as cost
      from wanted w
      join skus k on k.domain_id = ${domainId} and k.id = w.sku_id
      left join spus sp on sp.domain_id = ${domainId} and sp.id = k.spu_id
      left join stock st on st.sku_id = w.sku_id
      left join po on po.sku_id = w.sku_id
      left join asn on asn.sku_id = w.sku_id
      left join tr on tr.sku_id = w.sku_id
      left join sku_costs sc on sc.domain_id = ${domainId} and sc.sku_id = w.sku_id),
    sku_rows as (select * from sku_all ${f.onlyShortfall ? sql`where shortfall > 0` : sql``})`;
}

type SkuRowDb = {
  sku_id: string;
  sku_code: string;
  sku_name: string | null;
  specifications: string | null;
  spu_id: string;
  spu_code: string | null;
  spu_name: string | null;
  orders: number;
  to_ship: number;
  on_hand: number;
  allocated: number;
  po_q: number;
  asn_q: number;
  tr_q: number;
  shortfall: number;
  cost: string | null;
  shortfall_amount: string | null;
  total: number;
};

const figures = (r: Pick<SkuRowDb, 'orders' | 'to_ship' | 'on_hand' | 'allocated' | 'po_q' | 'asn_q' | 'tr_q' | 'shortfall'>) => ({
  openOrders: Number(r.orders),
  toShipQty: Number(r.to_ship),
  onHand: Number(r.on_hand),
  allocated: Number(r.allocated),
  available: Number(r.on_hand) - Number(r.allocated),
  purchaseInTransit: Number(r.po_q),
  asnInTransit: Number(r.asn_q),
  transferInTransit: Number(r.tr_q),
  shortfall: Number(r.shortfall),
});

export function createToShipQueries(database: Database) {
  const { db } = database;
  const demand = createOpenDemand(database);
  /**
   * A read of the whole demand: its (SKU, order) grouping of every open line needs more than the
   * default 4 MB of work memory, or it spills to disk (3× slower at 100,000 open orders).
   */
  const readDemand = async <T extends Record<string, unknown>>(domainId: number, query: ReturnType<typeof sql>) => {
    await demand.catchUp(domainId);
    return db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local work_mem = '64MB'`));
      // JIT compilation of the 50,000-row plan took longer than running it (7.0 s against 1.4 s
      // in EXPLAIN ANALYZE at load ~15; bench/RESULTS.md).
      await jitOffInTransaction(tx);
      return tx.execute<T>(query);
    });
  };

  /** shipSku/searchPageList: the SKUs, largest shortfall first. Cost fields are redacted by the route. */
  async function skus(domainId: number, input: ToShipSearchInput): Promise<{ rows: ToShipSkuRow[]; total: number }> {
    const offset = (input.currentPage - 1) * input.pageSize;
    const r = await readDemand<SkuRowDb>(domainId, sql`
      ${skuRowsCtes(domainId, input)}
      , n as (select count(*)::int as total from sku_rows),
      p as (select * from sku_rows order by shortfall desc, to_ship desc, sku_code, sku_id limit ${input.pageSize} offset ${offset})
      select p.*, (p.shortfall * p.cost)::numeric(18,4)::text as shortfall_amount, p.cost::text as cost, n.total
      from n left join p on true order by p.shortfall desc, p.to_ship desc, p.sku_code, p.sku_id`);
    const total = Number(r.rows[0]?.total ?? 0);
    r.rows = r.rows.filter((x) => x.sku_id != null);
    return {
      total,
      rows: r.rows.map((x) => ({
        skuId: Number(x.sku_id),
        skuCode: x.sku_code,
        skuName: x.sku_name,
        specifications: x.specifications,
        spuId: Number(x.spu_id),
        spuCode: x.spu_code,
        ...figures(x),
        costPrice: x.cost,
        shortfallAmount: x.cost === null ? null : x.shortfall_amount,
      })),
    };
  }

  /** shipSku/sumAll: the totals of every SKU the filter lists (not only a page). */
  async function sums(domainId: number, input: ToShipFilter): Promise<ToShipSums> {
    // One statement: the CTEs are computed once for the sums, the distinct orders and the unmatched lines.
    const r = await readDemand<{
      sku_count: number; short_count: number; to_ship: number; on_hand: number; po_q: number; asn_q: number; tr_q: number; shortfall: number; amount: string | null; orders: number; unmatched: number;
    }>(domainId, sql`
      ${skuRowsCtes(domainId, input)}
      select count(*)::int as sku_count, count(*) filter (where shortfall > 0)::int as short_count, coalesce(sum(to_ship), 0)::int as to_ship,
        coalesce(sum(on_hand), 0)::int as on_hand, coalesce(sum(po_q), 0)::int as po_q, coalesce(sum(asn_q), 0)::int as asn_q, coalesce(sum(tr_q), 0)::int as tr_q,
        coalesce(sum(shortfall), 0)::int as shortfall, coalesce(sum(shortfall * cost), 0)::numeric(18,4)::text as amount,
        (select count(*)::int from (select distinct order_id from counted where sku_id in (select sku_id from sku_rows)) x) as orders,
        (select coalesce(sum(qty), 0)::int from demand_rows where sku_id = 0) as unmatched
      from sku_rows`);
    const s = r.rows[0]!;
    return {
      skuCount: Number(s.sku_count),
      shortSkuCount: Number(s.short_count),
      toShipQty: Number(s.to_ship),
      onHand: Number(s.on_hand),
      purchaseInTransit: Number(s.po_q),
      asnInTransit: Number(s.asn_q),
      transferInTransit: Number(s.tr_q),
      shortfall: Number(s.shortfall),
      openOrders: Number(s.orders ?? 0),
      unmatchedLines: Number(s.unmatched ?? 0),
      shortfallAmount: s.amount,
    };
  }

  /** unshippedSpuReport/search: the same figures per goods (SPU); the shortfall is the sum of its SKUs' shortfalls. */
  async function spus(domainId: number, input: ToShipSearchInput): Promise<{ rows: ToShipSpuRow[]; total: number }> {
    const offset = (input.currentPage - 1) * input.pageSize;
    const r = await readDemand<SkuRowDb & { sku_count: number }>(domainId, sql`
      ${skuRowsCtes(domainId, input)},
      by_spu as (
        select spu_id, max(spu_code) as spu_code, max(spu_name) as spu_name, count(*)::int as sku_count, sum(orders)::int as orders, sum(to_ship)::int as to_ship,
          sum(on_hand)::int as on_hand, sum(allocated)::int as allocated, sum(po_q)::int as po_q, sum(asn_q)::int as asn_q, sum(tr_q)::int as tr_q, sum(shortfall)::int as shortfall
        from sku_rows group by spu_id)
      select *, count(*) over ()::int as total from by_spu order by shortfall desc, to_ship desc, spu_code, spu_id
      limit ${input.pageSize} offset ${offset}`);
    return {
      total: Number(r.rows[0]?.total ?? 0),
      rows: r.rows.map((x) => ({ spuId: Number(x.spu_id), spuCode: x.spu_code, spuName: x.spu_name, skuCount: Number(x.sku_count), ...figures(x) })),
    };
  }

  /** shipSku/searchOrders: the open orders behind one SKU's to-ship quantity (they sum to it). */
  async function orders(domainId: number, input: SkuDrillInput): Promise<ToShipOrdersAnswer> {
    const offset = (input.currentPage - 1) * input.pageSize;
    await demand.catchUp(domainId);
    const r = await db.execute<{ order_id: string; code: string; status_code: string; store_name: string | null; warehouse_name: string | null; pay_time: Date | null; qty: number; total: number; all_qty: number }>(sql`
      with ${demandCtes(domainId, input, input.skuId)},
      per_order as (select order_id, sum(qty)::int as qty from counted group by order_id)
      select p.order_id, o.code, o.status_code, s.name as store_name, w.name as warehouse_name, o.pay_time, p.qty,
        count(*) over ()::int as total, sum(p.qty) over ()::int as all_qty
      from per_order p
      join erp_orders o on o.domain_id = ${domainId} and o.id = p.order_id
      left join stores s on s.domain_id = ${domainId} and s.id = o.store_id
      left join warehouses w on w.domain_id = ${domainId} and w.id = o.warehouse_id
      order by o.pay_time nulls last, p.order_id
      limit ${input.pageSize} offset ${offset}`);
    let total = Number(r.rows[0]?.total ?? 0);
    let qty = Number(r.rows[0]?.all_qty ?? 0);
    if (!r.rows.length && offset > 0) {
      const c = await db.execute<{ n: number; q: number }>(sql`with ${demandCtes(domainId, input, input.skuId)} select count(distinct order_id)::int as n, coalesce(sum(qty), 0)::int as q from counted`);
      total = Number(c.rows[0]?.n ?? 0);
      qty = Number(c.rows[0]?.q ?? 0);
    }
    return {
      voList: r.rows.map((x) => ({ orderId: Number(x.order_id), code: x.code, statusCode: x.status_code, storeName: x.store_name, warehouseName: x.warehouse_name, payTime: isoTime(x.pay_time), qty: Number(x.qty) })),
      total,
      currentPage: input.currentPage,
      pageSize: input.pageSize,
      toShipQty: qty,
    };
  }

  /** The documents behind one of a SKU's three in-transit quantities (they sum to it). */
  async function inTransit(domainId: number, kind: 'PURCHASE' | 'ASN' | 'TRANSFER', input: SkuDrillInput): Promise<InTransitAnswer> {
    const wh = input.warehouseIds?.length ? bigintArray(input.warehouseIds) : null;
    const docs =
      kind === 'PURCHASE'
        ? sql`
          select p.id as doc_id, p.code as doc_code, 'PURCHASE' as doc_type, p.warehouse_id, su.name as source, p.expected_at,
            pl.ordered_qty as qty, pl.received_qty + pl.closed_short_qty as received, greatest(pl.ordered_qty - pl.received_qty - pl.closed_short_qty, 0) as in_transit
          from purchase_order_lines pl join purchase_orders p on p.domain_id = pl.domain_id and p.id = pl.order_id
          left join suppliers su on su.domain_id = p.domain_id and su.id = p.supplier_id
          where pl.domain_id = ${domainId} and p.status = 'VERIFY' and pl.sku_id = ${input.skuId} ${wh ? sql`and p.warehouse_id = any(${wh})` : sql``}`
        : kind === 'ASN'
          ? sql`
          select h.id as doc_id, h.code as doc_code, h.asn_type as doc_type, h.warehouse_id, su.name as source, h.expected_at,
            ad.qty, ad.received_qty as received, ad.qty - ad.received_qty as in_transit
          from asn_details ad join asn_headers h on h.domain_id = ad.domain_id and h.id = ad.asn_id
          left join suppliers su on su.domain_id = h.domain_id and su.id = h.supplier_id
          where ad.domain_id = ${domainId} and h.status in ('CI_ASN_STATUS_CREATED', 'CI_ASN_STATUS_SYNCED') and h.asn_type <> 'ASN_PURCHASE'
            and ad.sku_id = ${input.skuId} ${wh ? sql`and h.warehouse_id = any(${wh})` : sql``}`
          : sql`
          select t.id as doc_id, t.code as doc_code, 'TRANSFER' as doc_type, t.in_warehouse_id as warehouse_id, ow.name as source, t.shipped_at as expected_at,
            td.qty, 0 as received, td.qty as in_transit
          from transfer_details td join transfer_orders t on t.domain_id = td.domain_id and t.id = td.transfer_id
          left join warehouses ow on ow.domain_id = t.domain_id and ow.id = t.out_warehouse_id
          where td.domain_id = ${domainId} and t.transfer_status = 'SHIPPED' and td.sku_id = ${input.skuId} ${wh ? sql`and t.in_warehouse_id = any(${wh})` : sql``}`;
    const offset = (input.currentPage - 1) * input.pageSize;
    const r = await db.execute<{ doc_id: string; doc_code: string; doc_type: string; warehouse_id: string; warehouse_name: string | null; source: string | null; expected_at: Date | null; qty: number; received: number; in_transit: number; total: number; all_q: number }>(sql`
      with docs as (${docs})
      select d.*, w.name as warehouse_name, count(*) over ()::int as total, sum(d.in_transit) over ()::int as all_q
      from docs d left join warehouses w on w.domain_id = ${domainId} and w.id = d.warehouse_id
      where d.in_transit > 0
      order by d.doc_id limit ${input.pageSize} offset ${offset}`);
    return {
      voList: r.rows.map((x) => ({
        docId: Number(x.doc_id),
        docCode: x.doc_code,
        docType: x.doc_type,
        warehouseId: Number(x.warehouse_id),
        warehouseName: x.warehouse_name,
        source: x.source,
        expectedAt: isoTime(x.expected_at),
        qty: Number(x.qty),
        receivedQty: Number(x.received),
        inTransitQty: Number(x.in_transit),
      })),
      total: Number(r.rows[0]?.total ?? 0),
      currentPage: input.currentPage,
      pageSize: input.pageSize,
      inTransitQty: Number(r.rows[0]?.all_q ?? 0),
    };
  }

  return { skus, sums, spus, orders, inTransit, demand };
}

export type ToShipQueries = ReturnType<typeof createToShipQueries>;
