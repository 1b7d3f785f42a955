// Booking a receipt of an inbound notice, in the caller's transaction: check every line (its
// notice line, its location in the notice's warehouse, not more than is still expected), move the
// moving-average cost by the lines' unit prices, then the RECEIPT movements through the stock
// engine (document ASN with the notice's code), then the receipt rows, the received quantities
// and the notice's status — all or nothing, since the caller's transaction holds it all.
import { and, eq, sql } from 'drizzle-orm';
import { ASN_STATUS, ErrorCodes, InboundErrors, type AsnReceiptSource } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { asnDetails, asnHeaders, asnReceiptLines, asnReceipts } from '../../../db/schema/index.js';
import { AppError } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import type { StockService } from '../index.js';
import { detailsOfIds, hasLinesExpected, liveSkus, locationsOfWarehouse, type AsnHeader } from './inbound.queries.js';

export const AREA = 'inbound';
export const ASN_DOC_TYPE = 'ASN';

export interface ReceiptLine {
  asnDetailId: number;
  /** null or 0: no location (a warehouse without locations, or a warehouse system's report). */
  locationId?: number | null;
  qty: number;
}

export interface ReceiptRequest {
  lines: ReceiptLine[];
  source: AsnReceiptSource;
  externalResultId?: string | null;
  remark?: string | null;
  /** Where the lines came from in the payload, so a refusal names the field ('lines', 'asnDetails'). */
  fieldPrefix?: string;
  /** A warehouse system's report: locations are not ours to check. */
  skipLocations?: boolean;
}

/**
 * Registry list 'asn-receipt-listeners': areas whose documents an inbound notice comes from (the
 * purchase order of an ASN_PURCHASE notice) are told of every receipt, in the receipt's
 * transaction, after the notice is updated. A listener that throws refuses the whole receipt.
 */
export const ASN_RECEIPT_LISTENERS = 'asn-receipt-listeners';

export interface AsnReceiptEvent {
  tx: Tx;
  actor: OperationActor;
  /** The notice after the receipt. */
  header: AsnHeader;
  receiptId: number;
  lines: { asnDetailId: number; skuId: number; qty: number; unitCost: string | null }[];
  fieldPrefix: string;
  now: Date;
}

export type AsnReceiptListener = (event: AsnReceiptEvent) => Promise<void>;

export interface BookedReceipt {
  receiptId: number;
  qtyTotal: number;
  completed: boolean;
  header: AsnHeader;
}

export async function bookReceipt(tx: Tx, registry: ServiceRegistry, actor: OperationActor, header: AsnHeader, request: ReceiptRequest, now: Date): Promise<BookedReceipt> {
  const domainId = header.domainId;
  const prefix = request.fieldPrefix ?? 'lines';
  // A one-line request with an empty prefix (a scan) names its fields bare: 'qty', 'locationId'.
  const fieldOf = (index: number, name: string) => (prefix === '' ? name : `${prefix}.${index}.${name}`);
  // Read, not locked: every caller holds the notice's row lock, which every change of its lines
  // takes first. Locking every line wrote a row lock on each of them: a one-line scan of a
  // 2,000-line notice paid for 2,000 (bench/purchasing.bench.ts).
  // Only the lines received now: a scan of one line of a 2,000-line notice reads one line.
  const details = await detailsOfIds(tx, domainId, header.id, [...new Set(request.lines.map((l) => l.asnDetailId))]);
  const byId = new Map(details.map((d) => [d.id, d]));
  const locations = request.skipLocations ? [] : await locationsOfWarehouse(tx, domainId, header.warehouseId);
  const locationIds = new Set(locations.map((l) => l.id));
  const receiving = new Map<number, number>();

  for (const [index, line] of request.lines.entries()) {
    const detail = byId.get(line.asnDetailId);
    if (!detail) throw new AppError(InboundErrors.DETAIL_NOT_FOUND, 404, { field: fieldOf(index, 'asnDetailId'), asnDetailId: line.asnDetailId, code: header.code });
    if (!Number.isInteger(line.qty) || line.qty <= 0) throw new AppError(ErrorCodes.VALIDATION, 400, { field: fieldOf(index, 'qty'), detail: `${fieldOf(index, 'qty')}: a positive whole number of pieces` });
    if (!request.skipLocations) {
      const locationId = line.locationId ?? 0;
      if (locationId === 0 && locationIds.size) throw new AppError(InboundErrors.LOCATION_REQUIRED, 400, { field: fieldOf(index, 'locationId') });
      if (locationId !== 0 && !locationIds.has(locationId)) throw new AppError(InboundErrors.LOCATION_NOT_IN_WAREHOUSE, 409, { field: fieldOf(index, 'locationId'), locationId });
    }
    const total = (receiving.get(detail.id) ?? 0) + line.qty;
    if (detail.receivedQty + total > detail.qty) {
      const [sku] = await liveSkus(tx, domainId, { ids: [detail.skuId] });
      throw new AppError(InboundErrors.OVER_RECEIPT, 409, {
        field: fieldOf(index, 'qty'),
        skuCode: sku?.code ?? String(detail.skuId),
        noticed: detail.qty,
        received: detail.receivedQty,
        receiving: total,
        left: detail.qty - detail.receivedQty,
      });
    }
    receiving.set(detail.id, total);
  }

  // Looked up when called, so the stock engine is the one the stock area provides.
  const stock = registry.get<StockService>('stock');
  const lines = request.lines.map((l) => ({ ...l, locationId: request.skipLocations ? 0 : (l.locationId ?? 0), detail: byId.get(l.asnDetailId)! }));
  await stock.applyReceiptCosts(
    tx,
    domainId,
    lines.map((l) => ({ skuId: l.detail.skuId, qty: l.qty, unitCost: l.detail.price })),
  );
  await stock.applyMovements(
    tx,
    domainId,
    actor.userId,
    lines.map((l) => ({
      warehouseId: header.warehouseId,
      locationId: l.locationId,
      skuId: l.detail.skuId,
      onHandDelta: l.qty,
      movement: 'RECEIPT' as const,
      doc: { type: ASN_DOC_TYPE, id: header.id, code: header.code },
      remark: request.remark ?? null,
    })),
  );

  const qtyTotal = lines.reduce((sum, l) => sum + l.qty, 0);
  const [receipt] = await tx
    .insert(asnReceipts)
    .values({
      domainId,
      asnId: header.id,
      source: request.source,
      externalResultId: request.externalResultId ?? null,
      qtyTotal,
      remark: request.remark ?? null,
      receivedBy: actor.userId,
      receivedByName: actor.loginName,
      createdAt: now,
    })
    .returning({ id: asnReceipts.id });
  await tx.insert(asnReceiptLines).values(
    lines.map((l) => ({ domainId, receiptId: receipt!.id, asnDetailId: l.asnDetailId, skuId: l.detail.skuId, locationId: l.locationId, qty: l.qty, unitCost: l.detail.price })),
  );
  for (const [detailId, qty] of receiving) {
    await tx
      .update(asnDetails)
      .set({ receivedQty: sql`${asnDetails.receivedQty} + ${qty}`, version: sql`${asnDetails.version} + 1`, updatedAt: now })
      .where(and(eq(asnDetails.domainId, domainId), eq(asnDetails.id, detailId)));
  }
  // Complete when no line expects more, counted by the database after the updates above.
  const completed = !(await hasLinesExpected(tx, domainId, header.id));
  // A closed notice stays closed: what its warehouse still reports is booked, the notice is not reopened.
  const becomesCompleted = completed && header.status !== ASN_STATUS.CLOSED;
  const [after] = await tx
    .update(asnHeaders)
    .set({
      receivedQtyTotal: header.receivedQtyTotal + qtyTotal,
      ...(becomesCompleted ? { status: ASN_STATUS.COMPLETED, completedAt: now } : {}),
      version: header.version + 1,
      updatedAt: now,
    })
    .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, header.id)))
    .returning();
  await writeOperationLog(tx, actor, {
    area: AREA,
    entityType: 'asn',
    entityId: header.id,
    action: 'receipt',
    before: { code: header.code, status: header.status, receivedQtyTotal: header.receivedQtyTotal },
    after: {
      code: header.code,
      status: after!.status,
      receivedQtyTotal: after!.receivedQtyTotal,
      source: request.source,
      externalResultId: request.externalResultId ?? null,
      lines: lines.map((l) => ({ asnDetailId: l.asnDetailId, skuId: l.detail.skuId, locationId: l.locationId, qty: l.qty })),
    },
  });
  for (const listener of registry.list<AsnReceiptListener>(ASN_RECEIPT_LISTENERS)) {
    await listener({
      tx,
      actor,
      header: after!,
      receiptId: receipt!.id,
      lines: lines.map((l) => ({ asnDetailId: l.asnDetailId, skuId: l.detail.skuId, qty: l.qty, unitCost: l.detail.price })),
      fieldPrefix: prefix,
      now,
    });
  }
  return { receiptId: receipt!.id, qtyTotal, completed, header: after! };
}
