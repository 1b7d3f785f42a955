// The stock side of an outbound order, through the stock engine only: verification allocates
// every line (all or none), delivery lowers on-hand and allocated of what the order holds, and
// cancelling releases it. What the order holds is read back from its own ledger rows.
import { OutboundErrors, WDO_TYPES_TAKING_NON_SELLABLE, type WdoType } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../platform/errors.js';
import { allocateInWarehouse, applyMovements, StockShortageError, type Movement } from '../stock.engine.js';
import { allocatedByDocument, type CheckedSku } from './documents.js';
import type { WdoDetailRecord, WdoRecord } from './outbound.queries.js';

export const WDO_DOC_TYPE = 'WDO';

const docOf = (h: WdoRecord) => ({ type: WDO_DOC_TYPE, id: h.id, code: h.code });

/**
 * Allocates every line in the order's warehouse, spread over its locations. Lines go in SKU order,
 * so two verifications lock balances alike; a short line refuses the whole order, naming the SKU
 * and what is available.
 */
export async function allocateWdo(tx: Tx, actorUserId: number | null, h: WdoRecord, details: WdoDetailRecord[], skuCodes: Map<number, string>): Promise<void> {
  const ordered = details.map((d, index) => ({ d, index })).sort((a, b) => a.d.skuId - b.d.skuId);
  for (const { d, index } of ordered) {
    try {
      await allocateInWarehouse(tx, h.domainId, actorUserId, {
        warehouseId: h.warehouseId,
        skuId: d.skuId,
        qty: d.qty,
        doc: docOf(h),
        sellableOnly: !WDO_TYPES_TAKING_NON_SELLABLE.includes(h.wdoType as WdoType),
      });
    } catch (error) {
      if (!(error instanceof StockShortageError)) throw error;
      throw new AppError(OutboundErrors.WDO_SHORTAGE, 409, {
        field: `wdoDetails.${index}.qty`,
        code: h.code,
        skuId: d.skuId,
        skuCode: skuCodes.get(d.skuId) ?? String(d.skuId),
        available: Math.max(0, Number(error.params.available)),
        needed: d.qty,
      });
    }
  }
}

/** Releases whatever the order still holds allocated. */
export async function releaseWdo(tx: Tx, actorUserId: number | null, h: WdoRecord, remark: string | null = null): Promise<number> {
  const held = await allocatedByDocument(tx, h.domainId, WDO_DOC_TYPE, h.id);
  const movements: Movement[] = held.map((p) => ({ warehouseId: h.warehouseId, locationId: p.locationId, skuId: p.skuId, allocatedDelta: -p.qty, movement: 'RELEASE', doc: docOf(h), remark }));
  await applyMovements(tx, h.domainId, actorUserId, movements);
  return held.reduce((sum, p) => sum + p.qty, 0);
}

/**
 * Books pieces leaving the warehouse: DELIVER movements lower on-hand and allocated at the
 * locations the order holds (most first). With `final`, what the order still holds after that is
 * released (a short shipment closes the order). Answers the pieces delivered per detail.
 */
export async function deliverWdo(tx: Tx, actorUserId: number | null, h: WdoRecord, details: WdoDetailRecord[], shipped: Map<number, number>, final: boolean, remark: string | null = null): Promise<void> {
  const held = await allocatedByDocument(tx, h.domainId, WDO_DOC_TYPE, h.id);
  const movements: Movement[] = [];
  for (const d of details) {
    let left = shipped.get(d.id) ?? 0;
    const parts = held.filter((p) => p.skuId === d.skuId).sort((a, b) => b.qty - a.qty || a.locationId - b.locationId);
    for (const p of parts) {
      const take = Math.min(left, p.qty);
      if (take <= 0) continue;
      movements.push({ warehouseId: h.warehouseId, locationId: p.locationId, skuId: d.skuId, onHandDelta: -take, allocatedDelta: -take, movement: 'DELIVER', doc: docOf(h), remark });
      p.qty -= take;
      left -= take;
    }
    // The order holds exactly what its lines still ask for; more would deliver unallocated stock.
    if (left > 0) throw new AppError(OutboundErrors.WDO_DELIVER_TOO_MUCH, 409, { code: h.code, skuId: d.skuId, qty: d.qty - d.deliveredQty });
    if (final) {
      for (const p of parts) {
        if (p.qty > 0) movements.push({ warehouseId: h.warehouseId, locationId: p.locationId, skuId: d.skuId, allocatedDelta: -p.qty, movement: 'RELEASE', doc: docOf(h), remark });
      }
    }
  }
  await applyMovements(tx, h.domainId, actorUserId, movements);
}

export function skuCodesOf(skus: Map<number, CheckedSku>): Map<number, string> {
  return new Map([...skus.values()].map((s) => [s.id, s.code]));
}
