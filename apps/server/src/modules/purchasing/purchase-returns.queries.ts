// Queries of purchase returns. Each takes the domain first: no query here reads or changes another
// domain's rows. Inbound notices and outbound orders are read from the stock area's tables, never written.
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  parseDateTimeText,
  purchaseReturnActions,
  purchaseReturnable,
  weightedUnitCost,
  type PurchaseOrderReturnRef,
  type PurchaseReturnAsnLine,
  type PurchaseReturnAsnSearchParsed,
  type PurchaseReturnCostRule,
  type PurchaseReturnLineRow,
  type PurchaseReturnRow,
  type PurchaseReturnSearchParsed,
  type PurchaseReturnStatus,
} from '@openseller/core';
import type { Tx } from '../../db/client.js';
import {
  asnDetails,
  asnHeaders,
  purchaseOrderLines,
  purchaseOrderReceipts,
  purchaseOrders,
  purchaseReturnCodeCounters,
  purchaseReturnLines,
  purchaseReturns,
  skus,
  suppliers,
  warehouses,
  wdoHeaders,
} from '../../db/schema/index.js';
import { pageWindow } from '../../platform/paging.js';
import { idsIn, likePattern, textsIn } from '../../platform/sql.js';
import { averageCostsOf } from '../stock/index.js';

export type PurchaseReturn = typeof purchaseReturns.$inferSelect;
export type PurchaseReturnLine = typeof purchaseReturnLines.$inferSelect;

/** PR + yyyymmdd + a daily 4-digit counter per domain. */
export async function nextPurchaseReturnCode(tx: Tx, domainId: number, at: Date): Promise<string> {
  const day = `${at.getFullYear()}${String(at.getMonth() + 1).padStart(2, '0')}${String(at.getDate()).padStart(2, '0')}`;
  const [row] = await tx
    .insert(purchaseReturnCodeCounters)
    .values({ domainId, day, last: 1 })
    .onConflictDoUpdate({ target: [purchaseReturnCodeCounters.domainId, purchaseReturnCodeCounters.day], set: { last: sql`${purchaseReturnCodeCounters.last} + 1` } })
    .returning({ last: purchaseReturnCodeCounters.last });
  return `PR${day}${String(row!.last).padStart(4, '0')}`;
}

export async function findReturn(tx: Tx, domainId: number, id: number, lock = false): Promise<PurchaseReturn | undefined> {
  const query = tx
    .select()
    .from(purchaseReturns)
    .where(and(eq(purchaseReturns.domainId, domainId), eq(purchaseReturns.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The return an outbound order was made for, locked. */
export async function lockReturnOfWdo(tx: Tx, domainId: number, wdoId: number): Promise<PurchaseReturn | undefined> {
  const [row] = await tx
    .select()
    .from(purchaseReturns)
    .where(and(eq(purchaseReturns.domainId, domainId), eq(purchaseReturns.wdoId, wdoId)))
    .for('update');
  return row;
}

export async function returnLinesOf(tx: Tx, domainId: number, returnId: number, lock = false): Promise<PurchaseReturnLine[]> {
  const query = tx
    .select()
    .from(purchaseReturnLines)
    .where(and(eq(purchaseReturnLines.domainId, domainId), eq(purchaseReturnLines.returnId, returnId)))
    .orderBy(asc(purchaseReturnLines.lineNo));
  return lock ? query.for('update') : query;
}

/** Purchase order lines by id, locked in id order (every locker takes them in the same order). */
export async function lockOrderLines(tx: Tx, domainId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.domainId, domainId), idsIn(purchaseOrderLines.id, ids)))
    .orderBy(asc(purchaseOrderLines.id))
    .for('update');
}

/**
 * The received purchase inbound lines named by a return's lines: each with its notice, the order
 * and the order line it counts on. Only lines of notices of this supplier in this warehouse.
 */
export async function asnLinesForReturn(tx: Tx, domainId: number, supplierId: number, warehouseId: number, asnDetailIds: number[]) {
  if (!asnDetailIds.length) return [];
  return tx
    .select({
      asnId: asnHeaders.id,
      asnDetailId: asnDetails.id,
      skuId: asnDetails.skuId,
      orderId: purchaseOrders.id,
      orderLineId: purchaseOrderLines.id,
      receivedQty: purchaseOrderLines.receivedQty,
      returnedQty: purchaseOrderLines.returnedQty,
    })
    .from(asnDetails)
    .innerJoin(asnHeaders, and(eq(asnHeaders.domainId, asnDetails.domainId), eq(asnHeaders.id, asnDetails.asnId)))
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.domainId, asnHeaders.domainId), eq(purchaseOrders.asnId, asnHeaders.id)))
    .innerJoin(purchaseOrderLines, and(eq(purchaseOrderLines.domainId, purchaseOrders.domainId), eq(purchaseOrderLines.orderId, purchaseOrders.id), eq(purchaseOrderLines.skuId, asnDetails.skuId)))
    .where(
      and(
        eq(asnDetails.domainId, domainId),
        idsIn(asnDetails.id, asnDetailIds),
        eq(asnHeaders.asnType, 'ASN_PURCHASE'),
        eq(purchaseOrders.supplierId, supplierId),
        eq(asnHeaders.warehouseId, warehouseId),
      ),
    );
}

/**
 * Receipt cost per purchase order line: the quantity-weighted unit cost of its receipts — the
 * landed cost booked into stock (`cost`, default), or the purchase price the supplier billed
 * (`price`: what a debit note gives back; the freight is not the supplier's).
 */
export async function receiptCostsOf(tx: Tx, domainId: number, orderLineIds: number[], which: 'cost' | 'price' = 'cost'): Promise<Map<number, string | null>> {
  if (!orderLineIds.length) return new Map();
  const rows = await tx
    .select({
      lineId: purchaseOrderReceipts.lineId,
      qty: purchaseOrderReceipts.qty,
      unitCost: which === 'cost' ? purchaseOrderReceipts.unitCost : sql<string | null>`coalesce(${purchaseOrderReceipts.price}, ${purchaseOrderReceipts.unitCost})`,
    })
    .from(purchaseOrderReceipts)
    .where(and(eq(purchaseOrderReceipts.domainId, domainId), idsIn(purchaseOrderReceipts.lineId, orderLineIds)));
  const byLine = new Map<number, { qty: number; unitCost: string | null }[]>();
  for (const r of rows) byLine.set(r.lineId, [...(byLine.get(r.lineId) ?? []), r]);
  return new Map(orderLineIds.map((id) => [id, weightedUnitCost(byLine.get(id) ?? [])]));
}

// ---- reading returns ------------------------------------------------------------------------

function rowsQuery(tx: Tx) {
  return tx
    .select({ r: purchaseReturns, supplierCode: suppliers.code, supplierName: suppliers.name, warehouseName: warehouses.name, wdoStatus: wdoHeaders.status })
    .from(purchaseReturns)
    .innerJoin(suppliers, and(eq(suppliers.domainId, purchaseReturns.domainId), eq(suppliers.id, purchaseReturns.supplierId)))
    .innerJoin(warehouses, and(eq(warehouses.domainId, purchaseReturns.domainId), eq(warehouses.id, purchaseReturns.warehouseId)))
    .leftJoin(wdoHeaders, and(eq(wdoHeaders.domainId, purchaseReturns.domainId), eq(wdoHeaders.id, purchaseReturns.wdoId)));
}

type RowParts = { r: PurchaseReturn; supplierCode: string; supplierName: string; warehouseName: string; wdoStatus: string | null };

function toRow(p: RowParts, purchaseCodes: string[]): PurchaseReturnRow {
  const r = p.r;
  const status = r.status as PurchaseReturnStatus;
  return {
    id: r.id,
    code: r.code,
    status,
    supplierId: r.supplierId,
    supplierCode: p.supplierCode,
    supplierName: p.supplierName,
    whId: r.warehouseId,
    warehouseName: p.warehouseName,
    costRule: r.costRule as PurchaseReturnCostRule,
    skuTotal: r.skuTotal,
    qtyTotal: r.qtyTotal,
    deliveredQtyTotal: r.deliveredQtyTotal,
    amountTotal: r.amountTotal,
    wdoId: r.wdoId,
    wdoCode: r.wdoCode,
    wdoStatus: p.wdoStatus,
    purchaseCodes,
    remark: r.remark,
    rejectReason: r.rejectReason,
    actions: [...purchaseReturnActions(status)],
    createdByName: r.createdByName,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function purchaseCodesOf(tx: Tx, domainId: number, returnIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (!returnIds.length) return result;
  const rows = await tx
    .selectDistinct({ returnId: purchaseReturnLines.returnId, code: purchaseOrders.code })
    .from(purchaseReturnLines)
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.domainId, purchaseReturnLines.domainId), eq(purchaseOrders.id, purchaseReturnLines.purchaseOrderId)))
    .where(and(eq(purchaseReturnLines.domainId, domainId), idsIn(purchaseReturnLines.returnId, returnIds)))
    .orderBy(asc(purchaseOrders.code));
  for (const r of rows) result.set(r.returnId, [...(result.get(r.returnId) ?? []), r.code]);
  return result;
}

function searchConditions(domainId: number, input: Omit<PurchaseReturnSearchParsed, 'currentPage' | 'pageSize'>, withStatus = true): SQL[] {
  const conditions: SQL[] = [eq(purchaseReturns.domainId, domainId)];
  const keywords = input.codeKeywords ?? [];
  if (keywords.length === 1) conditions.push(ilike(purchaseReturns.code, likePattern(keywords[0]!)));
  else if (keywords.length > 1) conditions.push(textsIn(purchaseReturns.code, keywords));
  if (withStatus && input.status) conditions.push(eq(purchaseReturns.status, input.status));
  if (input.supplierId) conditions.push(eq(purchaseReturns.supplierId, input.supplierId));
  if (input.whId !== undefined && input.whId !== null && input.whId !== -1) conditions.push(eq(purchaseReturns.warehouseId, input.whId));
  if (input.purchaseOrderId)
    conditions.push(
      sql`exists (select 1 from ${purchaseReturnLines} l where l.domain_id = ${purchaseReturns.domainId} and l.return_id = ${purchaseReturns.id} and l.purchase_order_id = ${input.purchaseOrderId})`,
    );
  if (input.startTime) conditions.push(gte(purchaseReturns.createdAt, parseDateTimeText(input.startTime)));
  if (input.endTime) conditions.push(lte(purchaseReturns.createdAt, parseDateTimeText(input.endTime)));
  return conditions;
}

export async function searchReturns(tx: Tx, domainId: number, input: PurchaseReturnSearchParsed): Promise<{ rows: PurchaseReturnRow[]; total: number }> {
  const where = and(...searchConditions(domainId, input));
  const [rows, [total]] = await Promise.all([
    rowsQuery(tx)
      .where(where)
      .orderBy(desc(purchaseReturns.createdAt), desc(purchaseReturns.id))
      .limit(input.pageSize)
      .offset(pageWindow(input).offset),
    tx.select({ n: count() }).from(purchaseReturns).where(where),
  ]);
  const codes = await purchaseCodesOf(
    tx,
    domainId,
    rows.map((r) => r.r.id),
  );
  return { rows: rows.map((r) => toRow(r, codes.get(r.r.id) ?? [])), total: Number(total?.n ?? 0) };
}

export async function returnCounts(tx: Tx, domainId: number, input: PurchaseReturnSearchParsed): Promise<Map<string, number>> {
  const rows = await tx
    .select({ status: purchaseReturns.status, n: count() })
    .from(purchaseReturns)
    .where(and(...searchConditions(domainId, input, false)))
    .groupBy(purchaseReturns.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function returnRowById(tx: Tx, domainId: number, id: number): Promise<PurchaseReturnRow | undefined> {
  const [row] = await rowsQuery(tx).where(and(eq(purchaseReturns.domainId, domainId), eq(purchaseReturns.id, id)));
  if (!row) return undefined;
  const codes = await purchaseCodesOf(tx, domainId, [id]);
  return toRow(row, codes.get(id) ?? []);
}

export async function returnLineRows(tx: Tx, domainId: number, returnId: number): Promise<PurchaseReturnLineRow[]> {
  const rows = await tx
    .select({
      l: purchaseReturnLines,
      asnCode: asnHeaders.code,
      purchaseCode: purchaseOrders.code,
      receivedQty: purchaseOrderLines.receivedQty,
      returnedQty: purchaseOrderLines.returnedQty,
      skuCode: skus.code,
      skuName: skus.name,
      skuSpec: skus.specifications,
    })
    .from(purchaseReturnLines)
    .innerJoin(asnHeaders, and(eq(asnHeaders.domainId, purchaseReturnLines.domainId), eq(asnHeaders.id, purchaseReturnLines.asnId)))
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.domainId, purchaseReturnLines.domainId), eq(purchaseOrders.id, purchaseReturnLines.purchaseOrderId)))
    .innerJoin(purchaseOrderLines, and(eq(purchaseOrderLines.domainId, purchaseReturnLines.domainId), eq(purchaseOrderLines.id, purchaseReturnLines.purchaseOrderLineId)))
    .innerJoin(skus, and(eq(skus.domainId, purchaseReturnLines.domainId), eq(skus.id, purchaseReturnLines.skuId)))
    .where(and(eq(purchaseReturnLines.domainId, domainId), eq(purchaseReturnLines.returnId, returnId)))
    .orderBy(asc(purchaseReturnLines.lineNo));
  const receiptCosts = await receiptCostsOf(
    tx,
    domainId,
    rows.map((r) => r.l.purchaseOrderLineId),
  );
  const averages = await averageCostsOf(
    tx,
    domainId,
    rows.map((r) => r.l.skuId),
  );
  return rows.map((r) => ({
    id: r.l.id,
    lineNo: r.l.lineNo,
    purchaseAsnId: r.l.asnId,
    purchaseAsnDetailId: r.l.asnDetailId,
    asnCode: r.asnCode,
    purchaseOrderId: r.l.purchaseOrderId,
    purchaseOrderLineId: r.l.purchaseOrderLineId,
    purchaseCode: r.purchaseCode,
    skuId: r.l.skuId,
    skuCode: r.skuCode,
    skuName: r.skuName ?? '',
    skuSpec: r.skuSpec,
    qty: r.l.qty,
    deliveredQty: r.l.deliveredQty,
    returnReason: r.l.returnReason,
    returnableQty: purchaseReturnable(r),
    receiptCost: receiptCosts.get(r.l.purchaseOrderLineId) ?? null,
    averageCost: averages.get(r.l.skuId) ?? null,
    unitCost: r.l.unitCost,
  }));
}

/** Received purchase inbound lines of a supplier that can still go back (stocked in − returned > 0). */
export async function searchReturnableAsnLines(tx: Tx, domainId: number, input: PurchaseReturnAsnSearchParsed): Promise<{ rows: PurchaseReturnAsnLine[]; total: number }> {
  const conditions: SQL[] = [
    eq(asnDetails.domainId, domainId),
    eq(asnHeaders.asnType, 'ASN_PURCHASE'),
    eq(purchaseOrders.supplierId, input.supplierId),
    sql`${purchaseOrderLines.receivedQty} > ${purchaseOrderLines.returnedQty}`,
  ];
  if (input.whId !== undefined && input.whId !== null && input.whId !== -1) conditions.push(eq(asnHeaders.warehouseId, input.whId));
  if (input.keyword) {
    const pattern = likePattern(input.keyword);
    conditions.push(or(ilike(asnHeaders.code, pattern), ilike(purchaseOrders.code, pattern), ilike(skus.code, pattern), ilike(skus.name, pattern))!);
  }
  const base = () =>
    tx
      .select({
        asnId: asnHeaders.id,
        asnDetailId: asnDetails.id,
        asnCode: asnHeaders.code,
        orderId: purchaseOrders.id,
        orderLineId: purchaseOrderLines.id,
        purchaseCode: purchaseOrders.code,
        whId: asnHeaders.warehouseId,
        warehouseName: warehouses.name,
        skuId: skus.id,
        skuCode: skus.code,
        skuName: skus.name,
        skuSpec: skus.specifications,
        receivedQty: purchaseOrderLines.receivedQty,
        returnedQty: purchaseOrderLines.returnedQty,
      })
      .from(asnDetails)
      .innerJoin(asnHeaders, and(eq(asnHeaders.domainId, asnDetails.domainId), eq(asnHeaders.id, asnDetails.asnId)))
      .innerJoin(purchaseOrders, and(eq(purchaseOrders.domainId, asnHeaders.domainId), eq(purchaseOrders.asnId, asnHeaders.id)))
      .innerJoin(purchaseOrderLines, and(eq(purchaseOrderLines.domainId, purchaseOrders.domainId), eq(purchaseOrderLines.orderId, purchaseOrders.id), eq(purchaseOrderLines.skuId, asnDetails.skuId)))
      .innerJoin(skus, and(eq(skus.domainId, asnDetails.domainId), eq(skus.id, asnDetails.skuId)))
      .innerJoin(warehouses, and(eq(warehouses.domainId, asnHeaders.domainId), eq(warehouses.id, asnHeaders.warehouseId)));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(asnHeaders.id), asc(asnDetails.lineNo))
      .limit(input.pageSize)
      .offset(pageWindow(input).offset),
    tx.execute<{ n: number }>(sql`select count(*)::int as n from (${base().where(where)}) t`),
  ]);
  const receiptCosts = await receiptCostsOf(
    tx,
    domainId,
    rows.map((r) => r.orderLineId),
  );
  const averages = await averageCostsOf(
    tx,
    domainId,
    rows.map((r) => r.skuId),
  );
  return {
    rows: rows.map((r) => ({
      purchaseAsnId: r.asnId,
      purchaseAsnDetailId: r.asnDetailId,
      asnCode: r.asnCode,
      purchaseOrderId: r.orderId,
      purchaseOrderLineId: r.orderLineId,
      purchaseCode: r.purchaseCode,
      whId: r.whId,
      warehouseName: r.warehouseName,
      skuId: r.skuId,
      skuCode: r.skuCode,
      skuName: r.skuName ?? '',
      skuSpec: r.skuSpec,
      receivedQty: r.receivedQty,
      returnedQty: r.returnedQty,
      returnableQty: purchaseReturnable(r),
      receiptCost: receiptCosts.get(r.orderLineId) ?? null,
      averageCost: averages.get(r.skuId) ?? null,
    })),
    total: Number(total.rows[0]?.n ?? 0),
  };
}

/** Purchase returns naming these suppliers (a supplier named by a return is not deleted). */
export async function countReturnsOfSuppliers(tx: Tx, domainId: number, ids: number[]): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(purchaseReturns)
    .where(and(eq(purchaseReturns.domainId, domainId), idsIn(purchaseReturns.supplierId, ids)));
  return Number(row?.n ?? 0);
}

/** The purchase returns with lines on one order, with their pieces of this order, newest first (purchase detail). */
export async function returnsOfOrder(tx: Tx, domainId: number, orderId: number): Promise<PurchaseOrderReturnRef[]> {
  const rows = await tx
    .select({
      id: purchaseReturns.id,
      code: purchaseReturns.code,
      status: purchaseReturns.status,
      wdoCode: purchaseReturns.wdoCode,
      createdAt: purchaseReturns.createdAt,
      qty: sql<number>`sum(${purchaseReturnLines.qty})::int`,
      deliveredQty: sql<number>`sum(${purchaseReturnLines.deliveredQty})::int`,
    })
    .from(purchaseReturnLines)
    .innerJoin(purchaseReturns, and(eq(purchaseReturns.domainId, purchaseReturnLines.domainId), eq(purchaseReturns.id, purchaseReturnLines.returnId)))
    .where(and(eq(purchaseReturnLines.domainId, domainId), eq(purchaseReturnLines.purchaseOrderId, orderId)))
    .groupBy(purchaseReturns.domainId, purchaseReturns.id)
    .orderBy(desc(purchaseReturns.createdAt), desc(purchaseReturns.id));
  return rows.map((r) => ({ id: r.id, code: r.code, status: r.status, qty: Number(r.qty), deliveredQty: Number(r.deliveredQty), wdoCode: r.wdoCode, createdAt: r.createdAt.toISOString() }));
}
