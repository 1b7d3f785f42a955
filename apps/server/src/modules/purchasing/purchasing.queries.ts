// Queries of the purchasing area. Each takes the domain first: no query here reads or changes
// another domain's rows. Suppliers, warehouses and SKUs are read from their areas' tables, never written.
import { and, asc, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import {
  formatDecimal,
  MONEY_DECIMALS,
  multiplyDecimals,
  parseDateTimeText,
  purchaseLandedCost,
  purchaseLineOutstanding,
  purchaseOrderActions,
  purchaseReceiptLimit,
  purchaseSettleStatus,
  type FreightAllocation,
  type PurchaseLineRow,
  type PurchaseOrderStatus,
  type PurchaseReceiptRow,
  type PurchaseReceiveStatus,
  type PurchaseRow,
  type PurchaseSearchParsed,
  type PurchaseSettleStatus,
} from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { purchaseOrderCodeCounters, purchaseOrderLines, purchaseOrderReceipts, purchaseOrders, skus, suppliers, warehouses } from '../../db/schema/index.js';
import { pageWindow } from '../../platform/paging.js';
import { idsIn, likePattern, textsIn } from '../../platform/sql.js';
import { isoTime } from '../../platform/time.js';

export type PurchaseOrder = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLine = typeof purchaseOrderLines.$inferSelect;

/** PO + yyyymmdd + a daily 4-digit counter per domain. */
export async function nextPurchaseCode(tx: Tx, domainId: number, at: Date): Promise<string> {
  const day = `${at.getFullYear()}${String(at.getMonth() + 1).padStart(2, '0')}${String(at.getDate()).padStart(2, '0')}`;
  const [row] = await tx
    .insert(purchaseOrderCodeCounters)
    .values({ domainId, day, last: 1 })
    .onConflictDoUpdate({ target: [purchaseOrderCodeCounters.domainId, purchaseOrderCodeCounters.day], set: { last: sql`${purchaseOrderCodeCounters.last} + 1` } })
    .returning({ last: purchaseOrderCodeCounters.last });
  return `PO${day}${String(row!.last).padStart(4, '0')}`;
}

export async function lockOrder(tx: Tx, domainId: number, id: number): Promise<PurchaseOrder | undefined> {
  const [row] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.domainId, domainId), eq(purchaseOrders.id, id)))
    .for('update');
  return row;
}

export async function findOrder(tx: Tx, domainId: number, id: number): Promise<PurchaseOrder | undefined> {
  const [row] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.domainId, domainId), eq(purchaseOrders.id, id)));
  return row;
}

/** The order an inbound notice was made for, locked. */
export async function lockOrderOfAsn(tx: Tx, domainId: number, asnId: number): Promise<PurchaseOrder | undefined> {
  const [row] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.domainId, domainId), eq(purchaseOrders.asnId, asnId)))
    .for('update');
  return row;
}

export async function linesOf(tx: Tx, domainId: number, orderId: number, forUpdate = false): Promise<PurchaseOrderLine[]> {
  const query = tx
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.orderId, orderId)))
    .orderBy(asc(purchaseOrderLines.id));
  return forUpdate ? query.for('update') : query;
}

/** The order's lines of these SKUs (one per SKU: the order's key). */
export async function linesOfSkus(tx: Tx, domainId: number, orderId: number, skuIds: number[]): Promise<PurchaseOrderLine[]> {
  if (!skuIds.length) return [];
  return tx
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.orderId, orderId), idsIn(purchaseOrderLines.skuId, skuIds)))
    .orderBy(asc(purchaseOrderLines.id));
}

/** Every line's counters only (what the header's receipt and settlement states are derived from). */
export async function lineCountersOf(tx: Tx, domainId: number, orderId: number) {
  return tx
    .select({
      id: purchaseOrderLines.id,
      orderedQty: purchaseOrderLines.orderedQty,
      receivedQty: purchaseOrderLines.receivedQty,
      closedShortQty: purchaseOrderLines.closedShortQty,
      returnedQty: purchaseOrderLines.returnedQty,
      settledQty: purchaseOrderLines.settledQty,
    })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.orderId, orderId)));
}

export async function findSupplierFacts(tx: Tx, domainId: number, id: number) {
  const [row] = await tx
    .select({ id: suppliers.id, code: suppliers.code, status: suppliers.status, receiptTolerance: suppliers.receiptTolerance })
    .from(suppliers)
    .where(and(eq(suppliers.domainId, domainId), eq(suppliers.id, id)));
  return row;
}

export async function findWarehouseFacts(tx: Tx, domainId: number, id: number) {
  const [row] = await tx
    .select({ id: warehouses.id, name: warehouses.name, stopUsing: warehouses.stopUsing })
    .from(warehouses)
    .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, id)));
  return row;
}

export async function liveSkusByCodes(tx: Tx, domainId: number, codes: string[]) {
  if (!codes.length) return [];
  return tx
    .select({ id: skus.id, code: skus.code, isCombination: skus.isCombination, weight: skus.weight })
    .from(skus)
    .where(and(eq(skus.domainId, domainId), eq(skus.delFlag, false), textsIn(skus.code, codes)));
}

/** The SKUs' codes and weights (kg per piece; the goods' weight when the SKU has none of its own), what freight by WEIGHT reads. */
export async function skuWeights(tx: Tx, domainId: number, ids: number[]): Promise<Map<number, { code: string; weight: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: skus.id, code: skus.code, weight: skus.weight })
    .from(skus)
    .where(and(eq(skus.domainId, domainId), idsIn(skus.id, ids)));
  return new Map(rows.map((r) => [r.id, { code: r.code, weight: r.weight }]));
}

// ---- reading orders -------------------------------------------------------------------------

const rowSelect = {
  o: purchaseOrders,
  supplierCode: suppliers.code,
  supplierName: suppliers.name,
  warehouseName: warehouses.name,
};

function rowsQuery(tx: Tx) {
  return tx
    .select(rowSelect)
    .from(purchaseOrders)
    .innerJoin(suppliers, and(eq(suppliers.domainId, purchaseOrders.domainId), eq(suppliers.id, purchaseOrders.supplierId)))
    .innerJoin(warehouses, and(eq(warehouses.domainId, purchaseOrders.domainId), eq(warehouses.id, purchaseOrders.warehouseId)));
}

function toRow(r: { o: PurchaseOrder; supplierCode: string; supplierName: string; warehouseName: string }): PurchaseRow {
  const o = r.o;
  const status = o.status as PurchaseOrderStatus;
  return {
    id: o.id,
    code: o.code,
    status,
    receiveStatus: o.receiveStatus as PurchaseReceiveStatus,
    settleStatus: o.settleStatus as PurchaseSettleStatus,
    supplierId: o.supplierId,
    supplierCode: r.supplierCode,
    supplierName: r.supplierName,
    whId: o.warehouseId,
    warehouseName: r.warehouseName,
    skuTotal: o.skuTotal,
    qtyTotal: o.qtyTotal,
    receivedQtyTotal: o.receivedQtyTotal,
    closedShortQtyTotal: o.closedShortQtyTotal,
    amountTotal: o.amountTotal,
    freight: o.freight,
    freightAllocation: o.freightAllocation as FreightAllocation,
    asnId: o.asnId,
    asnCode: o.asnCode,
    expectedTime: isoTime(o.expectedAt),
    remark: o.remark,
    rejectReason: o.rejectReason,
    closeReason: o.closeReason,
    actions: [...purchaseOrderActions(status)],
    createdByName: o.createdByName,
    version: o.version,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

type OrderFilter = Omit<PurchaseSearchParsed, 'currentPage' | 'pageSize'> & { idList?: number[] | null };

function searchConditions(domainId: number, input: OrderFilter, withStatus = true): SQL[] {
  const conditions: SQL[] = [eq(purchaseOrders.domainId, domainId)];
  if (input.idList?.length) conditions.push(idsIn(purchaseOrders.id, input.idList));
  const keywords = input.codeKeywords ?? [];
  if (keywords.length === 1) conditions.push(ilike(purchaseOrders.code, likePattern(keywords[0]!)));
  else if (keywords.length > 1) conditions.push(textsIn(purchaseOrders.code, keywords));
  if (withStatus && input.status) conditions.push(eq(purchaseOrders.status, input.status));
  if (withStatus && input.receiveStatus) conditions.push(eq(purchaseOrders.receiveStatus, input.receiveStatus));
  if (withStatus && input.settleStatus) conditions.push(eq(purchaseOrders.settleStatus, input.settleStatus));
  if (input.supplierId) conditions.push(eq(purchaseOrders.supplierId, input.supplierId));
  if (input.whId !== undefined && input.whId !== null && input.whId !== -1) conditions.push(eq(purchaseOrders.warehouseId, input.whId));
  if (input.startTime) conditions.push(gte(purchaseOrders.createdAt, parseDateTimeText(input.startTime)));
  if (input.endTime) conditions.push(lte(purchaseOrders.createdAt, parseDateTimeText(input.endTime)));
  return conditions;
}

export async function searchOrders(tx: Tx, domainId: number, input: OrderFilter & { currentPage: number; pageSize: number }): Promise<{ rows: PurchaseRow[]; total: number }> {
  const where = and(...searchConditions(domainId, input));
  const [rows, [total]] = await Promise.all([
    rowsQuery(tx)
      .where(where)
      .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
      .limit(input.pageSize)
      .offset(pageWindow(input).offset),
    tx.select({ n: count() }).from(purchaseOrders).where(where),
  ]);
  return { rows: rows.map(toRow), total: Number(total?.n ?? 0) };
}

/** Counts per state and per receipt state under the list's other filters. */
export async function orderCounts(tx: Tx, domainId: number, input: OrderFilter) {
  const where = and(...searchConditions(domainId, input, false));
  const rows = await tx
    .select({ status: purchaseOrders.status, receiveStatus: purchaseOrders.receiveStatus, settleStatus: purchaseOrders.settleStatus, n: count() })
    .from(purchaseOrders)
    .where(where)
    .groupBy(purchaseOrders.status, purchaseOrders.receiveStatus, purchaseOrders.settleStatus);
  const byStatus = new Map<string, number>();
  const byReceive = new Map<string, number>();
  const bySettle = new Map<string, number>();
  for (const r of rows) {
    byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + Number(r.n));
    byReceive.set(r.receiveStatus, (byReceive.get(r.receiveStatus) ?? 0) + Number(r.n));
    bySettle.set(r.settleStatus, (bySettle.get(r.settleStatus) ?? 0) + Number(r.n));
  }
  return { byStatus, byReceive, bySettle };
}

export async function orderRowById(tx: Tx, domainId: number, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await rowsQuery(tx).where(and(eq(purchaseOrders.domainId, domainId), eq(purchaseOrders.id, id)));
  return row ? toRow(row) : undefined;
}

export async function lineRows(tx: Tx, domainId: number, orderId: number, tolerance: string): Promise<PurchaseLineRow[]> {
  const rows = await tx
    .select({ l: purchaseOrderLines, skuCode: skus.code, skuName: skus.name, skuSpec: skus.specifications, weight: skus.weight })
    .from(purchaseOrderLines)
    .innerJoin(skus, and(eq(skus.domainId, purchaseOrderLines.domainId), eq(skus.id, purchaseOrderLines.skuId)))
    .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.orderId, orderId)))
    .orderBy(asc(purchaseOrderLines.lineNo));
  return rows.map(({ l, skuCode, skuName, skuSpec, weight }) => ({
    id: l.id,
    lineNo: l.lineNo,
    skuId: l.skuId,
    skuCode,
    skuName: skuName ?? '',
    skuSpec,
    orderedQty: l.orderedQty,
    receivedQty: l.receivedQty,
    overReceivedQty: l.overReceivedQty,
    returnedQty: l.returnedQty,
    closedShortQty: l.closedShortQty,
    settledQty: l.settledQty,
    outstandingQty: purchaseLineOutstanding(l),
    receiptLimit: purchaseReceiptLimit(l.orderedQty, tolerance),
    price: l.price,
    amount: l.price === null ? null : formatDecimal(multiplyDecimals(l.price, l.orderedQty), MONEY_DECIMALS),
    freight: l.freight,
    ...purchaseLandedCost(l.price, l.freight, l.orderedQty),
    weight,
    remark: l.remark,
  }));
}

export async function receiptRows(tx: Tx, domainId: number, orderId: number): Promise<PurchaseReceiptRow[]> {
  const rows = await tx
    .select({ r: purchaseOrderReceipts, skuCode: skus.code })
    .from(purchaseOrderReceipts)
    .innerJoin(skus, and(eq(skus.domainId, purchaseOrderReceipts.domainId), eq(skus.id, purchaseOrderReceipts.skuId)))
    .where(and(eq(purchaseOrderReceipts.domainId, domainId), eq(purchaseOrderReceipts.orderId, orderId)))
    .orderBy(asc(purchaseOrderReceipts.id));
  return rows.map(({ r, skuCode }) => ({
    id: r.id,
    asnReceiptId: r.asnReceiptId,
    lineId: r.lineId,
    skuCode,
    qty: r.qty,
    unitCost: r.unitCost,
    price: r.price ?? r.unitCost,
    receivedByName: r.receivedByName,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Purchase orders naming these suppliers (a supplier named by an order is not deleted). */
export async function countOrdersOfSuppliers(tx: Tx, domainId: number, ids: number[]): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.domainId, domainId), idsIn(purchaseOrders.supplierId, ids)));
  return Number(row?.n ?? 0);
}

/** Open orders (not INVALID, not COMPLETE) naming these warehouses. */
export async function countOpenOrdersOfWarehouses(tx: Tx, domainId: number, ids: number[]): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.domainId, domainId), idsIn(purchaseOrders.warehouseId, ids), textsIn(purchaseOrders.status, ['DRAFT', 'SUBMIT', 'VERIFY'])));
  return Number(row?.n ?? 0);
}

/** Lines of any order naming these SKUs. */
export async function countLinesOfSkus(tx: Tx, domainId: number, ids: number[]): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.domainId, domainId), idsIn(purchaseOrderLines.skuId, ids)));
  return Number(row?.n ?? 0);
}

/**
 * Moves the lines' settled quantity (verified purchase payables) by `qty` each (negative: a payable
 * invalidated). The database keeps it not negative.
 */
export async function settleLines(tx: Tx, domainId: number, changes: readonly { lineId: number; qty: number }[]): Promise<void> {
  const byLine = new Map<number, number>();
  for (const c of changes) byLine.set(c.lineId, (byLine.get(c.lineId) ?? 0) + c.qty);
  // Orders before lines, as every other changer of the lines does.
  const orderIds = await lockOrdersOfLines(tx, domainId, [...byLine.keys()]);
  for (const [lineId, qty] of [...byLine].sort((a, b) => a[0] - b[0])) {
    if (!qty) continue;
    await tx
      .update(purchaseOrderLines)
      .set({ settledQty: sql`${purchaseOrderLines.settledQty} + ${qty}`, version: sql`${purchaseOrderLines.version} + 1` })
      .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.id, lineId)));
  }
  await recountSettleStatus(tx, domainId, orderIds);
}

/**
 * Locks (`for update`, id order) the orders of these lines and answers their ids. Whoever changes
 * lines' received, returned or settled counters takes the orders first, then the lines, so the
 * header's derived settlement state is recounted under the order's lock.
 */
export async function lockOrdersOfLines(tx: Tx, domainId: number, lineIds: readonly number[]): Promise<number[]> {
  if (!lineIds.length) return [];
  const owners = await tx
    .selectDistinct({ orderId: purchaseOrderLines.orderId })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.domainId, domainId), idsIn(purchaseOrderLines.id, [...lineIds])));
  if (!owners.length) return [];
  const locked = await tx
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.domainId, domainId), idsIn(purchaseOrders.id, owners.map((o) => o.orderId))))
    .orderBy(asc(purchaseOrders.id))
    .for('update');
  return locked.map((o) => o.id);
}

/** Recounts the orders' settlement state from their lines (core's `purchaseSettleStatus`); the caller holds the orders' locks. */
export async function recountSettleStatus(tx: Tx, domainId: number, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  const lines = await tx
    .select({ orderId: purchaseOrderLines.orderId, receivedQty: purchaseOrderLines.receivedQty, returnedQty: purchaseOrderLines.returnedQty, settledQty: purchaseOrderLines.settledQty })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.domainId, domainId), idsIn(purchaseOrderLines.orderId, [...orderIds])));
  const byOrder = new Map<number, typeof lines>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  for (const orderId of [...orderIds].sort((a, b) => a - b)) {
    const settleStatus = purchaseSettleStatus(byOrder.get(orderId) ?? []);
    await tx
      .update(purchaseOrders)
      .set({ settleStatus })
      .where(and(eq(purchaseOrders.domainId, domainId), eq(purchaseOrders.id, orderId), sql`${purchaseOrders.settleStatus} <> ${settleStatus}`));
  }
}
