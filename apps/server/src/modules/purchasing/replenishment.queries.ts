// Replenishment suggestions in one statement: sales of the last N days, stock, purchase orders on
// their way and warning levels, per warehouse and SKU, each read once per domain (and warehouse,
// when one is chosen) and joined by key. The formula lives here only (purchasing README
// "Replenishment"). Every table is filtered on the domain.
import { sql, type SQL } from 'drizzle-orm';
import type { ReplenishmentRow, ReplenishmentSearchParsed } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { pageOffset } from '../../platform/paging.js';
import { likePattern, textArray } from '../../platform/sql.js';

/** Orders whose lines count as sold: verified, issued to a warehouse system, or shipped. */
const SOLD_STATUSES = sql`('CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED', 'CI_ERPSOH_STATUS_SEND')`;

interface RawRow extends Record<string, unknown> {
  sku_id: string | number;
  sku_code: string;
  sku_name: string | null;
  sku_spec: string | null;
  warehouse_id: string | number;
  warehouse_name: string;
  sold_qty: string | number;
  daily_sales: string;
  on_hand: string | number;
  allocated: string | number;
  in_transit_qty: string | number;
  on_order_qty: string | number;
  warning_qty: string | number | null;
  suggested_qty: string | number;
  supplier_id: string | number | null;
  supplier_code: string | null;
  supplier_name: string | null;
  purchase_price: string | null;
  total: string | number;
}

export async function searchReplenishment(tx: Tx, domainId: number, input: ReplenishmentSearchParsed, since: Date): Promise<{ rows: ReplenishmentRow[]; total: number }> {
  const wh = input.whId !== undefined && input.whId !== null && input.whId !== -1 ? input.whId : null;
  const inWarehouse = (column: SQL) => (wh === null ? sql`` : sql` and ${column} = ${wh}`);
  const horizon = input.leadDays + input.coverDays;
  const keyword = input.keyword ? likePattern(input.keyword) : null;
  const supplierFilter = input.supplierId ? sql` and g.supplier_id = ${input.supplierId}` : sql``;

  const result = await tx.execute<RawRow>(sql`
    with facts as (
      -- Sold in the last N days: verified, issued or shipped orders; combinations as their components.
      select o.warehouse_id, coalesce(c.component_sku_id, l.sku_id) as sku_id, l.qty * coalesce(c.qty, 1) as sold,
        0 as on_hand, 0 as allocated, 0 as in_transit, 0 as on_order, null::int as warning
      from erp_orders o
      join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
      left join combination_components c on l.is_combination and c.domain_id = l.domain_id and c.combo_sku_id = l.sku_id
      where o.domain_id = ${domainId} and o.status_code in ${SOLD_STATUSES}
        and coalesce(o.verified_at, o.created_at) >= ${since.toISOString()}::timestamptz
        and o.warehouse_id is not null and l.sku_id is not null and l.cancel_tag = 0
        ${inWarehouse(sql`o.warehouse_id`)}
      union all
      select warehouse_id, sku_id, 0, on_hand, allocated, 0, 0, null
      from stock_balances
      where domain_id = ${domainId} ${inWarehouse(sql`warehouse_id`)}
      union all
      -- On verified orders and not yet in; on drafts and submitted orders, all of it.
      select p.warehouse_id, pl.sku_id, 0, 0, 0,
        case when p.status = 'VERIFY' then greatest(pl.ordered_qty - pl.received_qty - pl.closed_short_qty, 0) else 0 end,
        case when p.status = 'VERIFY' then 0 else pl.ordered_qty end,
        null
      from purchase_orders p
      join purchase_order_lines pl on pl.domain_id = p.domain_id and pl.order_id = p.id
      where p.domain_id = ${domainId} and p.status in ('DRAFT', 'SUBMIT', 'VERIFY') ${inWarehouse(sql`p.warehouse_id`)}
      union all
      select warehouse_id, sku_id, 0, 0, 0, 0, 0, warning_qty
      from stock_warnings
      where domain_id = ${domainId} ${inWarehouse(sql`warehouse_id`)}
    ),
    per_pair as materialized (
      select warehouse_id, sku_id, sum(sold)::bigint as sold_qty, sum(on_hand)::bigint as on_hand, sum(allocated)::bigint as allocated,
        sum(in_transit)::bigint as in_transit_qty, sum(on_order)::bigint as on_order_qty, max(warning) as warning_qty
      from facts
      group by warehouse_id, sku_id
    ),
    figures as (
      select k.*, s.code as sku_code, s.name as sku_name, s.specifications as sku_spec, w.name as warehouse_name,
        sup.supplier_id, sup.supplier_code, sup.supplier_name, sup.purchase_price
      from per_pair k
      -- The SKU and the warehouse are read by their keys (lateral, not flattened): the pairs are
      -- grouped once and drive the statement, whatever the planner guesses of their number.
      cross join lateral (
        select code, name, specifications from skus
        where domain_id = ${domainId} and id = k.sku_id and not del_flag and not is_combination
        limit 1
      ) s
      cross join lateral (
        select name from warehouses where domain_id = ${domainId} and id = k.warehouse_id and not stop_using
        limit 1
      ) w
      left join lateral (
        select g.supplier_id, sp.code as supplier_code, sp.name as supplier_name, g.purchase_price
        from supply_goods g
        join suppliers sp on sp.domain_id = g.domain_id and sp.id = g.supplier_id and sp.status = 'ENABLED'
        where g.domain_id = ${domainId} and g.sku_id = k.sku_id ${supplierFilter}
        order by g.id
        limit 1
      ) sup on true
      where true
        ${input.supplierId ? sql` and sup.supplier_id is not null` : sql``}
        ${keyword ? sql` and (s.code ilike ${keyword} or s.name ilike ${keyword})` : sql``}
    ),
    suggested as (
      select f.*,
        round(f.sold_qty::numeric / ${input.days}, 2)::text as daily_sales,
        greatest(0,
          ceil(f.sold_qty::numeric * ${horizon} / ${input.days})
          + coalesce(f.warning_qty, 0) - (f.on_hand - f.allocated) - f.in_transit_qty - f.on_order_qty
        )::bigint as suggested_qty
      from figures f
    )
    select *, count(*) over () as total
    from suggested
    where ${input.onlyPositive ? sql`suggested_qty > 0` : sql`true`}
    order by suggested_qty desc, sold_qty desc, sku_code, warehouse_id
    limit ${input.pageSize} offset ${pageOffset(input)}
  `);
  const rows = result.rows.map(
    (r): ReplenishmentRow => ({
      skuId: Number(r.sku_id),
      skuCode: r.sku_code,
      skuName: r.sku_name ?? '',
      skuSpec: r.sku_spec,
      whId: Number(r.warehouse_id),
      warehouseName: r.warehouse_name,
      soldQty: Number(r.sold_qty),
      dailySales: r.daily_sales,
      onHand: Number(r.on_hand),
      allocated: Number(r.allocated),
      inTransitQty: Number(r.in_transit_qty),
      onOrderQty: Number(r.on_order_qty),
      warningQty: r.warning_qty === null ? null : Number(r.warning_qty),
      suggestedQty: Number(r.suggested_qty),
      supplierId: r.supplier_id === null ? null : Number(r.supplier_id),
      supplierCode: r.supplier_code,
      supplierName: r.supplier_name,
      purchasePrice: r.purchase_price,
    }),
  );
  return { rows, total: Number(result.rows[0]?.total ?? 0) };
}

/** Live SKUs by code with their names, for the imported lines. */
export async function skusWithNamesByCodes(tx: Tx, domainId: number, codes: string[]) {
  if (!codes.length) return [];
  const result = await tx.execute<{ id: string | number; code: string; name: string | null; specifications: string | null }>(sql`
    select id, code, name, specifications from skus where domain_id = ${domainId} and not del_flag and code = any(${textArray(codes)})`);
  return result.rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, specifications: r.specifications }));
}
