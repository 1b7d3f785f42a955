// Queries of the finance area. Each takes the domain first: no query here reads or changes another
// domain's rows. Suppliers, SKUs and the purchase receipts (bills) are read from their areas'
// tables, never written (purchase order lines' settled quantity moves through purchasing's index).
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { formatDecimal, MONEY_DECIMALS, multiplyDecimals, subtractDecimals, paidActions, payableActions, type BillRow, type BillSearchParsed, type PaidStatus, type PayableRow, type PayableSearchParsed, type PayableStatus, type PaymentRow, type PaymentSearchParsed } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import {
  financeCodeCounters,
  financePayableLines,
  financePayables,
  financePaymentAllocations,
  financePayments,
  financePrepaidDeductions,
  purchaseOrderLines,
  purchaseOrderReceipts,
  purchaseOrders,
  skus,
  suppliers,
} from '../../db/schema/index.js';
import { pageWindow } from '../../platform/paging.js';
import { idsIn, likePattern } from '../../platform/sql.js';
import { isoTimeOf } from '../../platform/time.js';

export type Payable = typeof financePayables.$inferSelect;
export type PayableLine = typeof financePayableLines.$inferSelect;
export type Payment = typeof financePayments.$inferSelect;

/** prefix + yyyymmdd + a daily 4-digit counter per domain and prefix. */
export async function nextFinanceCode(tx: Tx, domainId: number, prefix: string, at: Date): Promise<string> {
  const day = `${at.getFullYear()}${String(at.getMonth() + 1).padStart(2, '0')}${String(at.getDate()).padStart(2, '0')}`;
  const [row] = await tx
    .insert(financeCodeCounters)
    .values({ domainId, prefix, day, last: 1 })
    .onConflictDoUpdate({ target: [financeCodeCounters.domainId, financeCodeCounters.prefix, financeCodeCounters.day], set: { last: sql`${financeCodeCounters.last} + 1` } })
    .returning({ last: financeCodeCounters.last });
  return `${prefix}${day}${String(row!.last).padStart(4, '0')}`;
}

export async function findSupplier(tx: Tx, domainId: number, id: number) {
  const [row] = await tx.select({ id: suppliers.id, code: suppliers.code, name: suppliers.name }).from(suppliers).where(and(eq(suppliers.domainId, domainId), eq(suppliers.id, id)));
  return row;
}

export async function findPayable(tx: Tx, domainId: number, id: number, lock: boolean): Promise<Payable | undefined> {
  const q = tx.select().from(financePayables).where(and(eq(financePayables.domainId, domainId), eq(financePayables.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Payables by id, locked in id order (every writer locks them in this order). */
export async function lockPayables(tx: Tx, domainId: number, ids: number[]): Promise<Payable[]> {
  if (!ids.length) return [];
  return tx.select().from(financePayables).where(and(eq(financePayables.domainId, domainId), idsIn(financePayables.id, ids))).orderBy(asc(financePayables.id)).for('update');
}

export async function payablesByIds(tx: Tx, domainId: number, ids: number[]): Promise<Payable[]> {
  if (!ids.length) return [];
  return tx.select().from(financePayables).where(and(eq(financePayables.domainId, domainId), idsIn(financePayables.id, ids)));
}

export async function findPayment(tx: Tx, domainId: number, id: number, lock: boolean): Promise<Payment | undefined> {
  const q = tx.select().from(financePayments).where(and(eq(financePayments.domainId, domainId), eq(financePayments.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Payments by id, locked in id order when asked. */
export async function paymentsByIds(tx: Tx, domainId: number, ids: number[], lock: boolean): Promise<Payment[]> {
  if (!ids.length) return [];
  const q = tx.select().from(financePayments).where(and(eq(financePayments.domainId, domainId), idsIn(financePayments.id, ids))).orderBy(asc(financePayments.id));
  return lock ? q.for('update') : q;
}

export async function payableLinesOf(tx: Tx, domainId: number, payableId: number): Promise<PayableLine[]> {
  return tx.select().from(financePayableLines).where(and(eq(financePayableLines.domainId, domainId), eq(financePayableLines.payableId, payableId))).orderBy(asc(financePayableLines.lineNo));
}

/**
 * A receipt's bill price: the purchase price of the pieces (the supplier's bill), not the landed
 * cost booked into stock (that carries the order's freight); rows from before freight have only
 * unit_cost, which was the purchase price then.
 */
const billedPrice = sql<string | null>`coalesce(${purchaseOrderReceipts.price}, ${purchaseOrderReceipts.unitCost})`;

/** The purchase receipt lines (bills) by id, with their order line's price and the order's supplier. */
export async function billsByIds(tx: Tx, domainId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select({
      id: purchaseOrderReceipts.id,
      qty: purchaseOrderReceipts.qty,
      unitCost: billedPrice,
      skuId: purchaseOrderReceipts.skuId,
      skuCode: skus.code,
      skuName: skus.name,
      lineId: purchaseOrderLines.id,
      orderPrice: purchaseOrderLines.price,
      orderId: purchaseOrders.id,
      orderCode: purchaseOrders.code,
      supplierId: purchaseOrders.supplierId,
    })
    .from(purchaseOrderReceipts)
    .innerJoin(purchaseOrderLines, and(eq(purchaseOrderLines.domainId, purchaseOrderReceipts.domainId), eq(purchaseOrderLines.id, purchaseOrderReceipts.lineId)))
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.domainId, purchaseOrderReceipts.domainId), eq(purchaseOrders.id, purchaseOrderReceipts.orderId)))
    .innerJoin(skus, and(eq(skus.domainId, purchaseOrderReceipts.domainId), eq(skus.id, purchaseOrderReceipts.skuId)))
    .where(and(eq(purchaseOrderReceipts.domainId, domainId), idsIn(purchaseOrderReceipts.id, ids)));
}

/** Live payable lines holding these source keys (a source is recorded once). */
export async function liveSources(tx: Tx, domainId: number, keys: string[]) {
  if (!keys.length) return [];
  return tx
    .select({ sourceKey: financePayableLines.sourceKey, payableCode: financePayables.code })
    .from(financePayableLines)
    .innerJoin(financePayables, and(eq(financePayables.domainId, financePayableLines.domainId), eq(financePayables.id, financePayableLines.payableId)))
    .where(and(eq(financePayableLines.domainId, domainId), sql`${financePayableLines.sourceKey} = any(${sql.param(keys)}::text[])`));
}

export async function skusByCodes(tx: Tx, domainId: number, codes: string[]) {
  if (!codes.length) return [];
  return tx.select({ id: skus.id, code: skus.code, name: skus.name }).from(skus).where(and(eq(skus.domainId, domainId), sql`${skus.code} = any(${sql.param(codes)}::text[])`));
}

export async function skusByIds(tx: Tx, domainId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx.select({ id: skus.id, code: skus.code, name: skus.name }).from(skus).where(and(eq(skus.domainId, domainId), idsIn(skus.id, ids)));
}

export async function orderLinesByIds(tx: Tx, domainId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: purchaseOrderLines.id, orderId: purchaseOrders.id, orderCode: purchaseOrders.code, price: purchaseOrderLines.price })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.domainId, purchaseOrderLines.domainId), eq(purchaseOrders.id, purchaseOrderLines.orderId)))
    .where(and(eq(purchaseOrderLines.domainId, domainId), idsIn(purchaseOrderLines.id, ids)));
}

/** How many allocations of payments not invalidated name the payable (any when `live` is false). */
export async function allocationCount(tx: Tx, domainId: number, payableId: number, live: boolean): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(financePaymentAllocations)
    .innerJoin(financePayments, and(eq(financePayments.domainId, financePaymentAllocations.domainId), eq(financePayments.id, financePaymentAllocations.paymentId)))
    .where(and(eq(financePaymentAllocations.domainId, domainId), eq(financePaymentAllocations.payableId, payableId), live ? sql`${financePayments.status} <> 'INVALID'` : sql`true`));
  return row?.n ?? 0;
}

/** How many deductions of payments not invalidated (any when `live` is false) draw on the prepayment. */
export async function deductionCount(tx: Tx, domainId: number, prepaidPaymentId: number, live: boolean): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(financePrepaidDeductions)
    .innerJoin(financePayments, and(eq(financePayments.domainId, financePrepaidDeductions.domainId), eq(financePayments.id, financePrepaidDeductions.paymentId)))
    .where(and(eq(financePrepaidDeductions.domainId, domainId), eq(financePrepaidDeductions.prepaidPaymentId, prepaidPaymentId), live ? sql`${financePayments.status} <> 'INVALID'` : sql`true`));
  return row?.n ?? 0;
}

export async function allocationsOfPayment(tx: Tx, domainId: number, paymentId: number) {
  return tx
    .select({ payableId: financePaymentAllocations.payableId, payableCode: financePayables.code, amount: financePaymentAllocations.amount })
    .from(financePaymentAllocations)
    .innerJoin(financePayables, and(eq(financePayables.domainId, financePaymentAllocations.domainId), eq(financePayables.id, financePaymentAllocations.payableId)))
    .where(and(eq(financePaymentAllocations.domainId, domainId), eq(financePaymentAllocations.paymentId, paymentId)))
    .orderBy(asc(financePaymentAllocations.payableId));
}

export async function deductionsOfPayment(tx: Tx, domainId: number, paymentId: number) {
  return tx
    .select({ prepaidPaymentId: financePrepaidDeductions.prepaidPaymentId, prepaidCode: financePayments.code, prepaidDeductAmount: financePrepaidDeductions.amount })
    .from(financePrepaidDeductions)
    .innerJoin(financePayments, and(eq(financePayments.domainId, financePrepaidDeductions.domainId), eq(financePayments.id, financePrepaidDeductions.prepaidPaymentId)))
    .where(and(eq(financePrepaidDeductions.domainId, domainId), eq(financePrepaidDeductions.paymentId, paymentId)))
    .orderBy(asc(financePrepaidDeductions.prepaidPaymentId));
}

export async function allocationsOfPayable(tx: Tx, domainId: number, payableId: number) {
  return tx
    .select({ paymentId: financePayments.id, paymentCode: financePayments.code, paymentStatus: financePayments.status, amount: financePaymentAllocations.amount })
    .from(financePaymentAllocations)
    .innerJoin(financePayments, and(eq(financePayments.domainId, financePaymentAllocations.domainId), eq(financePayments.id, financePaymentAllocations.paymentId)))
    .where(and(eq(financePaymentAllocations.domainId, domainId), eq(financePaymentAllocations.payableId, payableId)))
    .orderBy(asc(financePayments.id));
}

// ---- rows of the lists ----

const payableSelect = {
  p: financePayables,
  supplierCode: suppliers.code,
  supplierName: suppliers.name,
};

export function toPayableRow(r: { p: Payable; supplierCode: string; supplierName: string }): PayableRow {
  const p = r.p;
  const money = { amount: p.amount, outstanding: p.outstanding };
  return {
    id: p.id,
    code: p.code,
    payableType: p.payableType as PayableRow['payableType'],
    status: p.status as PayableStatus,
    paymentStatus: p.paymentStatus as PayableRow['paymentStatus'],
    payableObjectType: 'SUPPLIER',
    supplierId: p.supplierId,
    supplierCode: r.supplierCode,
    supplierName: r.supplierName,
    purchaseCode: p.purchaseCode,
    purchaseReturnId: p.purchaseReturnId,
    debitNote: p.purchaseReturnId !== null,
    amount: p.amount,
    paidAmount: subtract(p.amount, p.outstanding),
    outstanding: p.outstanding,
    remark: p.remark,
    rejectReason: p.rejectReason,
    actions: payableActions(p.status as PayableStatus, money),
    createdByName: p.createdByName,
    version: p.version,
    createdAt: isoTimeOf(p.createdAt),
  };
}

const subtract = (a: string, b: string) => formatDecimal(subtractDecimals(a, b), MONEY_DECIMALS);

export async function payableRowById(tx: Tx, domainId: number, id: number): Promise<PayableRow | undefined> {
  const [row] = await tx
    .select(payableSelect)
    .from(financePayables)
    .innerJoin(suppliers, and(eq(suppliers.domainId, financePayables.domainId), eq(suppliers.id, financePayables.supplierId)))
    .where(and(eq(financePayables.domainId, domainId), eq(financePayables.id, id)));
  return row ? toPayableRow(row) : undefined;
}

export async function searchPayables(tx: Tx, domainId: number, input: PayableSearchParsed) {
  const where: SQL[] = [eq(financePayables.domainId, domainId)];
  if (input.code) where.push(sql`${financePayables.code} ilike ${likePattern(input.code)}`);
  if (input.payableType) where.push(eq(financePayables.payableType, input.payableType));
  if (input.status) where.push(eq(financePayables.status, input.status));
  if (input.paymentStatus) where.push(eq(financePayables.paymentStatus, input.paymentStatus));
  if (input.supplierId) where.push(eq(financePayables.supplierId, input.supplierId));
  const { limit, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    tx
      .select(payableSelect)
      .from(financePayables)
      .innerJoin(suppliers, and(eq(suppliers.domainId, financePayables.domainId), eq(suppliers.id, financePayables.supplierId)))
      .where(and(...where))
      .orderBy(desc(financePayables.createdAt), desc(financePayables.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: sql<number>`count(*)::int` }).from(financePayables).where(and(...where)),
  ]);
  return { rows: rows.map(toPayableRow), total: total?.n ?? 0 };
}

const paymentSelect = { p: financePayments, supplierCode: suppliers.code, supplierName: suppliers.name };

export function toPaymentRow(r: { p: Payment; supplierCode: string; supplierName: string }): PaymentRow {
  const p = r.p;
  return {
    id: p.id,
    code: p.code,
    paymentType: p.paymentType as PaymentRow['paymentType'],
    status: p.status as PaidStatus,
    paymentObjectType: 'SUPPLIER',
    supplierId: p.supplierId,
    supplierCode: r.supplierCode,
    supplierName: r.supplierName,
    paymentMode: p.paymentMode as PaymentRow['paymentMode'],
    paymentAccount: p.paymentAccount,
    collectBank: p.collectBank,
    collectAccount: p.collectAccount,
    paidTime: p.paidTime ? isoTimeOf(p.paidTime) : null,
    amountPaid: p.amountPaid,
    otherDeduct: p.otherDeduct,
    prepaidDeduct: p.prepaidDeduct,
    actualPaid: p.actualPaid,
    prepaidRemaining: p.prepaidRemaining,
    remark: p.remark,
    rejectReason: p.rejectReason,
    actions: paidActions(p.status as PaidStatus, p.paymentType === 'PREPAID' ? { amountPaid: p.amountPaid, remaining: p.prepaidRemaining } : undefined),
    createdByName: p.createdByName,
    version: p.version,
    createdAt: isoTimeOf(p.createdAt),
  };
}

export async function paymentRowById(tx: Tx, domainId: number, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select(paymentSelect)
    .from(financePayments)
    .innerJoin(suppliers, and(eq(suppliers.domainId, financePayments.domainId), eq(suppliers.id, financePayments.supplierId)))
    .where(and(eq(financePayments.domainId, domainId), eq(financePayments.id, id)));
  return row ? toPaymentRow(row) : undefined;
}

export async function searchPayments(tx: Tx, domainId: number, input: PaymentSearchParsed) {
  const where: SQL[] = [eq(financePayments.domainId, domainId)];
  if (input.code) where.push(sql`${financePayments.code} ilike ${likePattern(input.code)}`);
  if (input.paymentType) where.push(eq(financePayments.paymentType, input.paymentType));
  if (input.status) where.push(eq(financePayments.status, input.status));
  if (input.supplierId) where.push(eq(financePayments.supplierId, input.supplierId));
  const { limit, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    tx
      .select(paymentSelect)
      .from(financePayments)
      .innerJoin(suppliers, and(eq(suppliers.domainId, financePayments.domainId), eq(suppliers.id, financePayments.supplierId)))
      .where(and(...where))
      .orderBy(desc(financePayments.createdAt), desc(financePayments.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: sql<number>`count(*)::int` }).from(financePayments).where(and(...where)),
  ]);
  return { rows: rows.map(toPaymentRow), total: total?.n ?? 0 };
}

/** A supplier's verified prepayments with something left. */
export async function openPrepayments(tx: Tx, domainId: number, supplierId: number) {
  return tx
    .select({ id: financePayments.id, code: financePayments.code, amountPaid: financePayments.amountPaid, remaining: financePayments.prepaidRemaining, createdAt: financePayments.createdAt })
    .from(financePayments)
    .where(
      and(
        eq(financePayments.domainId, domainId),
        eq(financePayments.supplierId, supplierId),
        eq(financePayments.paymentType, 'PREPAID'),
        eq(financePayments.status, 'VERIFIED'),
        sql`${financePayments.prepaidRemaining} > 0`,
      ),
    )
    .orderBy(asc(financePayments.id));
}

/** The bills: purchase receipt lines, with the live payable that recorded each (if any). */
export async function searchBills(tx: Tx, domainId: number, input: BillSearchParsed): Promise<{ rows: BillRow[]; total: number }> {
  const recorded = sql`(select l.payable_id from finance_payable_lines l where l.domain_id = ${purchaseOrderReceipts.domainId} and l.source_key = 'receipt:' || ${purchaseOrderReceipts.id})`;
  const where: SQL[] = [eq(purchaseOrderReceipts.domainId, domainId)];
  if (input.supplierId) where.push(eq(purchaseOrders.supplierId, input.supplierId));
  if (input.purchaseCode) where.push(sql`${purchaseOrders.code} ilike ${likePattern(input.purchaseCode)}`);
  if (input.billStatus === 'TO_BE_RECORD') where.push(sql`${recorded} is null`);
  if (input.billStatus === 'RECORDED') where.push(sql`${recorded} is not null`);
  const { limit, offset } = pageWindow(input);
  const base = () =>
    tx
      .select({
        id: purchaseOrderReceipts.id,
        qty: purchaseOrderReceipts.qty,
        unitCost: billedPrice,
        createdAt: purchaseOrderReceipts.createdAt,
        orderId: purchaseOrders.id,
        orderCode: purchaseOrders.code,
        supplierId: purchaseOrders.supplierId,
        supplierName: suppliers.name,
        skuCode: skus.code,
        skuName: skus.name,
        payableId: sql<number | null>`${recorded}`.mapWith(Number),
      })
      .from(purchaseOrderReceipts)
      .innerJoin(purchaseOrders, and(eq(purchaseOrders.domainId, purchaseOrderReceipts.domainId), eq(purchaseOrders.id, purchaseOrderReceipts.orderId)))
      .innerJoin(suppliers, and(eq(suppliers.domainId, purchaseOrders.domainId), eq(suppliers.id, purchaseOrders.supplierId)))
      .innerJoin(skus, and(eq(skus.domainId, purchaseOrderReceipts.domainId), eq(skus.id, purchaseOrderReceipts.skuId)))
      .where(and(...where));
  const [rows, [total]] = await Promise.all([
    base().orderBy(desc(purchaseOrderReceipts.id)).limit(limit).offset(offset),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(purchaseOrderReceipts)
      .innerJoin(purchaseOrders, and(eq(purchaseOrders.domainId, purchaseOrderReceipts.domainId), eq(purchaseOrders.id, purchaseOrderReceipts.orderId)))
      .where(and(...where)),
  ]);
  const payableIds = [...new Set(rows.map((r) => r.payableId).filter((v): v is number => v !== null && !Number.isNaN(v)))];
  const codes = new Map((await payablesByIds(tx, domainId, payableIds)).map((p) => [p.id, p.code]));
  return {
    rows: rows.map((r) => {
      const payableId = r.payableId !== null && !Number.isNaN(r.payableId) ? r.payableId : null;
      return {
        billDetailId: r.id,
        billStatus: payableId === null ? 'TO_BE_RECORD' : 'RECORDED',
        purchaseOrderId: r.orderId,
        purchaseCode: r.orderCode,
        supplierId: r.supplierId,
        supplierName: r.supplierName,
        skuCode: r.skuCode,
        skuName: r.skuName ?? r.skuCode,
        qty: r.qty,
        unitCost: r.unitCost,
        amount: r.unitCost === null ? null : multiplyMoney(r.unitCost, r.qty),
        payableId,
        payableCode: payableId === null ? null : (codes.get(payableId) ?? null),
        receivedAt: isoTimeOf(r.createdAt),
      };
    }),
    total: total?.n ?? 0,
  };
}

const multiplyMoney = (price: string, qty: number) => formatDecimal(multiplyDecimals(price, qty), MONEY_DECIMALS);

/** Payables and payments naming these suppliers (they are not deleted while named). */
export async function supplierDocumentCounts(tx: Tx, domainId: number, supplierIds: number[]) {
  const [payables] = await tx.select({ n: sql<number>`count(*)::int` }).from(financePayables).where(and(eq(financePayables.domainId, domainId), idsIn(financePayables.supplierId, supplierIds)));
  const [payments] = await tx.select({ n: sql<number>`count(*)::int` }).from(financePayments).where(and(eq(financePayments.domainId, domainId), idsIn(financePayments.supplierId, supplierIds)));
  return [
    { reason: 'payables', count: payables?.n ?? 0 },
    { reason: 'payments', count: payments?.n ?? 0 },
  ];
}

/**
 * The payables with lines on one purchase order (purchase payables by their order, debit notes by
 * their order lines) with this order's pieces on each, and the payments allocating to them. Read
 * by the purchase detail through the registry service `purchase-order-finance`.
 */
export async function orderPayablesAndPayments(tx: Tx, domainId: number, orderId: number) {
  const payables = await tx
    .select({
      id: financePayables.id,
      code: financePayables.code,
      payableType: financePayables.payableType,
      status: financePayables.status,
      paymentStatus: financePayables.paymentStatus,
      purchaseReturnId: financePayables.purchaseReturnId,
      amount: financePayables.amount,
      outstanding: financePayables.outstanding,
      createdAt: financePayables.createdAt,
      qty: sql<number>`sum(${financePayableLines.payableQty})::int`,
    })
    .from(financePayableLines)
    .innerJoin(purchaseOrderLines, and(eq(purchaseOrderLines.domainId, financePayableLines.domainId), eq(purchaseOrderLines.id, financePayableLines.purchaseOrderLineId)))
    .innerJoin(financePayables, and(eq(financePayables.domainId, financePayableLines.domainId), eq(financePayables.id, financePayableLines.payableId)))
    .where(and(eq(financePayableLines.domainId, domainId), eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.orderId, orderId)))
    .groupBy(financePayables.domainId, financePayables.id)
    .orderBy(desc(financePayables.createdAt), desc(financePayables.id));
  const payments = payables.length
    ? await tx
        .select({
          id: financePayments.id,
          code: financePayments.code,
          status: financePayments.status,
          paymentMode: financePayments.paymentMode,
          paidTime: financePayments.paidTime,
          payableId: financePaymentAllocations.payableId,
          amount: financePaymentAllocations.amount,
        })
        .from(financePaymentAllocations)
        .innerJoin(financePayments, and(eq(financePayments.domainId, financePaymentAllocations.domainId), eq(financePayments.id, financePaymentAllocations.paymentId)))
        .where(and(eq(financePaymentAllocations.domainId, domainId), idsIn(financePaymentAllocations.payableId, payables.map((p) => p.id))))
        .orderBy(desc(financePayments.id), asc(financePaymentAllocations.payableId))
    : [];
  const codeOf = new Map(payables.map((p) => [p.id, p.code]));
  return {
    payables: payables.map((p) => ({
      id: p.id,
      code: p.code,
      payableType: p.payableType,
      status: p.status,
      paymentStatus: p.paymentStatus,
      debitNote: p.purchaseReturnId !== null,
      qty: Number(p.qty),
      amount: p.amount,
      outstanding: p.outstanding,
      createdAt: p.createdAt.toISOString(),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      code: p.code,
      status: p.status,
      paymentMode: p.paymentMode,
      payableId: p.payableId,
      payableCode: codeOf.get(p.payableId) ?? '',
      amount: p.amount,
      paidTime: p.paidTime ? p.paidTime.toISOString() : null,
    })),
  };
}
