// Drafting purchase orders from chosen suggestions: one order per supplier and warehouse (an order
// has one of each), each line the suggested quantity at the supplier's price. The create page
// opens prefilled with one of them (router state `purchasePrefill`).
import type { ReplenishmentRow } from '@openseller/core';

export interface PrefillLine {
  skuId: number;
  skuCode: string;
  skuName: string | null;
  specifications: string | null;
  qty: number;
  price: string | null;
}

export interface PurchasePrefill {
  /** null: no enabled supplier supplies these SKUs; the person chooses one. */
  supplierId: number | null;
  supplierName: string | null;
  whId: number;
  warehouseName: string;
  lines: PrefillLine[];
}

export const PREFILL_STATE_KEY = 'purchasePrefill';

/** The chosen rows as drafts, grouped by supplier and warehouse; rows with nothing to buy are left out. */
export function draftsFromSuggestions(rows: readonly ReplenishmentRow[]): PurchasePrefill[] {
  const groups = new Map<string, PurchasePrefill>();
  for (const r of rows) {
    if (r.suggestedQty <= 0) continue;
    const key = `${r.supplierId ?? 0}:${r.whId}`;
    let group = groups.get(key);
    if (!group) {
      group = { supplierId: r.supplierId, supplierName: r.supplierName, whId: r.whId, warehouseName: r.warehouseName, lines: [] };
      groups.set(key, group);
    }
    group.lines.push({ skuId: r.skuId, skuCode: r.skuCode, skuName: r.skuName, specifications: r.skuSpec, qty: r.suggestedQty, price: r.purchasePrice ?? null });
  }
  // Orders with a supplier first, then by supplier name and warehouse.
  return [...groups.values()].sort(
    (a, b) => Number(a.supplierId === null) - Number(b.supplierId === null) || (a.supplierName ?? '').localeCompare(b.supplierName ?? '') || a.warehouseName.localeCompare(b.warehouseName),
  );
}

/** Reads the prefill a page was opened with (router state), if it is one. */
export function prefillOf(state: unknown): PurchasePrefill | null {
  if (!state || typeof state !== 'object' || !(PREFILL_STATE_KEY in state)) return null;
  const prefill = (state as Record<string, unknown>)[PREFILL_STATE_KEY] as PurchasePrefill | undefined;
  return prefill && Array.isArray(prefill.lines) && typeof prefill.whId === 'number' ? prefill : null;
}

/**
 * The order's lines with imported ones: a SKU already on the order takes the imported quantity and
 * remark (and price, when the file gives one); new SKUs follow.
 */
export function mergeImportedLines<L extends { skuId: number; price?: string | number | null }>(current: readonly L[], imported: readonly L[]): L[] {
  const byId = new Map(imported.map((l) => [l.skuId, l]));
  const kept = current.map((l) => {
    const line = byId.get(l.skuId);
    return line ? { ...l, ...line, price: line.price ?? l.price } : l;
  });
  const present = new Set(current.map((l) => l.skuId));
  return [...kept, ...imported.filter((l) => !present.has(l.skuId))];
}
