// The stock area: the engine (balances and ledger), costs, and the services other areas call.
import { sql } from 'drizzle-orm';
import { combinationAvailable } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import type { AreaModule } from '../../platform/module.js';
import { applyReceiptCosts, setAverageCost } from './stock.costs.js';
import { allocateInWarehouse, applyMovements } from './stock.engine.js';
import { ORDER_DOC_TYPE } from './outbound/sales-outbound.js';

export {
  applyMovements,
  allocateInWarehouse,
  allocateStock,
  availableByWarehouseAndSku,
  availableInWarehouse,
  lockAvailableByLocation,
  StockShortageError,
  STOCK_SHORTAGE,
} from './stock.engine.js';
import { bigintArray } from '../../platform/sql.js';
export type { AllocatedPart, AllocationRequest, AllocationShortage, AvailablePlace, Movement, MovementType, StockDoc, BalanceAfter, Shortage } from './stock.engine.js';
export { applyReceiptCosts, setAverageCost, applyIssueCosts, averageCostsOf, type IssueCost } from './stock.costs.js';
/** Outbound orders, offered to other areas as the registry's service 'outbound', and their listeners. */
export { WDO_LISTENERS, OUTBOUND_SERVICE, type WdoEvent, type WdoListener, type OutboundSourceService } from './outbound/index.js';
/** Inbound notices, offered to other areas as the registry's service 'inbound' ({ service, sync }). */
export type { InboundService } from './inbound/index.js';
export { ASN_RECEIPT_LISTENERS, type AsnReceiptEvent, type AsnReceiptListener } from './inbound/inbound.receipts.js';
export type { AsnHeader } from './inbound/inbound.queries.js';
export const INBOUND_SERVICE = 'inbound';
/** The return inbound (RMA), offered to other areas as the registry's service 'rma'. */
export type { RmaService } from './rma/index.js';
export const RMA_SERVICE = 'rma';

/**
 * Available quantity per SKU in a warehouse (or all warehouses with -1), combination SKUs derived
 * from their components; stock at a non-sellable location (defective returns) is not available: min over components of ⌊component available / component qty⌋.
 */
export async function availableBySku(tx: Tx, domainId: number, warehouseId: number, skuIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (!skuIds.length) return result;
  const components = await tx.execute<{ combo_sku_id: number; component_sku_id: number; qty: number }>(sql`
    select combo_sku_id, component_sku_id, qty from combination_components
    where domain_id = ${domainId} and combo_sku_id = any(${bigintArray(skuIds)})`);
  const needed = new Set<number>(skuIds);
  for (const c of components.rows) needed.add(Number(c.component_sku_id));
  const rows = await tx.execute<{ sku_id: number; available: number }>(sql`
    select b.sku_id, sum(b.on_hand - b.allocated)::int as available from stock_balances b
    where b.domain_id = ${domainId} and b.sku_id = any(${bigintArray([...needed])})
      ${warehouseId === -1 ? sql`` : sql`and b.warehouse_id = ${warehouseId}`}
      and not exists (select 1 from warehouse_locations l where l.id = b.location_id and l.domain_id = b.domain_id and not l.sellable)
    group by b.sku_id`);
  const plain = new Map(rows.rows.map((r) => [Number(r.sku_id), Number(r.available)]));
  const byCombo = new Map<number, { skuId: number; qty: number }[]>();
  for (const c of components.rows) {
    const list = byCombo.get(Number(c.combo_sku_id)) ?? [];
    list.push({ skuId: Number(c.component_sku_id), qty: Number(c.qty) });
    byCombo.set(Number(c.combo_sku_id), list);
  }
  for (const skuId of skuIds) {
    const parts = byCombo.get(skuId);
    result.set(skuId, parts ? combinationAvailable(parts.map((p) => ({ qty: p.qty, available: plain.get(p.skuId) ?? 0 }))) : (plain.get(skuId) ?? 0));
  }
  return result;
}

/**
 * Units shipped to buyers in a window (end exclusive): the stock ledger's SHIP rows of orders, in
 * all warehouses; the total and, for the SKUs asked, per SKU. Read through the ledger's time index.
 */
export async function shippedUnits(tx: Tx, domainId: number, from: Date, to: Date, skuIds: number[]): Promise<{ total: number; bySku: Map<number, number> }> {
  const rows = await tx.execute<{ sku_id: string | null; shipped: number }>(sql`
    with shipped as (
      select sku_id, -on_hand_delta as qty from stock_ledger
      where domain_id = ${domainId} and created_at >= ${from} and created_at < ${to}
        and movement = 'SHIP' and doc_type = ${ORDER_DOC_TYPE} and on_hand_delta < 0)
    select null as sku_id, coalesce(sum(qty), 0)::int as shipped from shipped
    union all
    select sku_id, sum(qty)::int from shipped where sku_id = any(${bigintArray(skuIds)}) group by sku_id`);
  let total = 0;
  const bySku = new Map<number, number>();
  for (const r of rows.rows) {
    if (r.sku_id == null) total = Number(r.shipped);
    else bySku.set(Number(r.sku_id), Number(r.shipped));
  }
  return { total, bySku };
}

export const stockService = { applyMovements, allocateInWarehouse, applyReceiptCosts, setAverageCost, availableBySku };
export type StockService = typeof stockService;

export const registerStockModule: AreaModule = (ctx) => {
  ctx.registry.provide('stock', stockService);
};
