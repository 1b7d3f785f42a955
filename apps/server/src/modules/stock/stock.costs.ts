// Moving-average cost (spec 02 §4.1 average cost): each receipt moves the SKU's average by the
// quantity and unit cost it brings in. Run before the receipt's movements, in the same transaction:
// the SKU's cost row is locked, so receipts of one SKU take their turn.
import { sql } from 'drizzle-orm';
import { AVG_COST_CONFIG, averageCostAfterIssue, movingAverageCost, type AvgCostReceiptRule } from '@openseller/core';
import { bigintArray } from '../../platform/sql.js';
import type { Tx } from '../../db/client.js';

export interface ReceiptCost {
  skuId: number;
  qty: number;
  /** Unit cost of the receipt; null leaves the average as it is. */
  unitCost: string | null;
}

/** The domain's rule for receipts without a unit cost (updateAvgCostConfig). */
export async function avgCostReceiptRule(tx: Tx, domainId: number): Promise<AvgCostReceiptRule> {
  const row = await tx.execute<{ value: string }>(sql`select value from domain_configs where domain_id = ${domainId} and item_code = ${AVG_COST_CONFIG}`);
  return row.rows[0]?.value === 'SKU_COST_PRICE' ? 'SKU_COST_PRICE' : 'KEEP_AVERAGE';
}

/**
 * Receipts without a unit cost: with the SKU_COST_PRICE rule they come in at the SKU's cost
 * price (when it has one); otherwise they leave the average as it is.
 */
async function costedReceipts(tx: Tx, domainId: number, receipts: ReceiptCost[]): Promise<ReceiptCost[]> {
  const uncosted = [...new Set(receipts.filter((r) => r.unitCost === null && r.qty > 0).map((r) => r.skuId))];
  if (!uncosted.length || (await avgCostReceiptRule(tx, domainId)) !== 'SKU_COST_PRICE') return receipts;
  const prices = await tx.execute<{ id: number; cost_price: string | null }>(sql`
    select id, cost_price from skus where domain_id = ${domainId} and id = any(${bigintArray(uncosted)})`);
  const costOf = new Map(prices.rows.filter((r) => r.cost_price !== null).map((r) => [Number(r.id), String(r.cost_price)]));
  return receipts.map((r) => (r.unitCost === null ? { ...r, unitCost: costOf.get(r.skuId) ?? null } : r));
}

export async function applyReceiptCosts(tx: Tx, domainId: number, given: ReceiptCost[]): Promise<Map<number, string>> {
  const receipts = await costedReceipts(tx, domainId, given);
  const merged = new Map<number, { qty: number; value: ReceiptCost[] }>();
  for (const r of receipts) {
    if (r.unitCost === null || r.qty <= 0) continue;
    const entry = merged.get(r.skuId) ?? { qty: 0, value: [] };
    entry.qty += r.qty;
    entry.value.push(r);
    merged.set(r.skuId, entry);
  }
  const result = new Map<number, string>();
  const skuIds = [...merged.keys()].sort((a, b) => a - b);
  for (const skuId of skuIds) {
    await tx.execute(sql`insert into sku_costs (domain_id, sku_id, average_cost) values (${domainId}, ${skuId}, 0) on conflict (domain_id, sku_id) do nothing`);
    const locked = await tx.execute<{ average_cost: string; version: number }>(sql`
      select average_cost, version from sku_costs where domain_id = ${domainId} and sku_id = ${skuId} for update`);
    const onHand = await tx.execute<{ qty: number }>(sql`
      select coalesce(sum(on_hand), 0)::int as qty from stock_balances where domain_id = ${domainId} and sku_id = ${skuId}`);
    let qtyBefore = Number(onHand.rows[0]?.qty ?? 0);
    let average: string | null = qtyBefore > 0 ? String(locked.rows[0]!.average_cost) : null;
    for (const r of merged.get(skuId)!.value) {
      average = movingAverageCost({ qtyBefore, averageBefore: average, qtyIn: r.qty, unitCost: r.unitCost! });
      qtyBefore += r.qty;
    }
    await tx.execute(sql`update sku_costs set average_cost = ${average}, version = version + 1, updated_at = now() where domain_id = ${domainId} and sku_id = ${skuId}`);
    result.set(skuId, average!);
  }
  return result;
}

/** Sets a SKU's average cost outright (an average-cost adjustment being confirmed). */
export async function setAverageCost(tx: Tx, domainId: number, skuId: number, averageCost: string): Promise<string | null> {
  const before = await tx.execute<{ average_cost: string }>(sql`select average_cost from sku_costs where domain_id = ${domainId} and sku_id = ${skuId} for update`);
  await tx.execute(sql`
    insert into sku_costs (domain_id, sku_id, average_cost) values (${domainId}, ${skuId}, ${averageCost})
    on conflict (domain_id, sku_id) do update set average_cost = excluded.average_cost, version = sku_costs.version + 1, updated_at = now()`);
  return before.rows[0] ? String(before.rows[0].average_cost) : null;
}

/** The SKUs' moving-average costs (a SKU never costed is absent). */
export async function averageCostsOf(tx: Tx, domainId: number, skuIds: number[]): Promise<Map<number, string>> {
  if (!skuIds.length) return new Map();
  const rows = await tx.execute<{ sku_id: number; average_cost: string }>(sql`
    select sku_id, average_cost from sku_costs where domain_id = ${domainId} and sku_id = any(${bigintArray(skuIds)})`);
  return new Map(rows.rows.map((r) => [Number(r.sku_id), String(r.average_cost)]));
}

export interface IssueCost {
  skuId: number;
  qty: number;
  /** The unit cost the pieces leave at; null: at the average. */
  unitCost: string | null;
}

/**
 * Pieces leaving at a cost other than the average (a purchase return at its receipt cost): the
 * rest of the stock keeps the value left, (Q × A − q × c) / (Q − q). Run before the movements, in
 * the same transaction, as receipts do (the SKU's cost row is locked first). Answers the average
 * each SKU had before (what pieces leaving "at the average" leave at).
 */
export async function applyIssueCosts(tx: Tx, domainId: number, issues: IssueCost[]): Promise<Map<number, string | null>> {
  const before = new Map<number, string | null>();
  const skuIds = [...new Set(issues.map((i) => i.skuId))].sort((a, b) => a - b);
  for (const skuId of skuIds) {
    const locked = await tx.execute<{ average_cost: string }>(sql`
      select average_cost from sku_costs where domain_id = ${domainId} and sku_id = ${skuId} for update`);
    const average = locked.rows[0] ? String(locked.rows[0].average_cost) : null;
    before.set(skuId, average);
    const onHand = await tx.execute<{ qty: number }>(sql`
      select coalesce(sum(on_hand), 0)::int as qty from stock_balances where domain_id = ${domainId} and sku_id = ${skuId}`);
    let qtyBefore = Number(onHand.rows[0]?.qty ?? 0);
    let after = average;
    for (const i of issues.filter((x) => x.skuId === skuId)) {
      if (i.unitCost !== null) after = averageCostAfterIssue({ qtyBefore, averageBefore: after, qtyOut: i.qty, unitCost: i.unitCost });
      qtyBefore -= i.qty;
    }
    if (after !== average && after !== null) {
      await tx.execute(sql`update sku_costs set average_cost = ${after}, version = version + 1, updated_at = now() where domain_id = ${domainId} and sku_id = ${skuId}`);
    }
  }
  return before;
}
