// Purchase orders: commands in transactions, each writing the operation log. The state machine's
// one owner is packages/core rules/purchasing.ts (purchaseOrderAllows). Verify makes the purchase
// inbound notice through the inbound service (stock area); that notice's receipts come back
// through the 'asn-receipt-listeners' list (onAsnReceipt) and count on the lines under a row lock.
// The price and amounts are the purchase price (PURCHASE_PRICE): not sent to, nor set by, an
// account that may not see it.
import { and, eq, sql } from 'drizzle-orm';
import {
  addDecimals,
  allocatePurchaseFreight,
  compareDecimals,
  ErrorCodes,
  formatDecimal,
  MONEY_DECIMALS,
  multiplyDecimals,
  parseDateTimeText,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_RECEIVE_STATUSES,
  PURCHASE_SETTLE_STATUSES,
  PurchaseErrors,
  purchaseLandedCost,
  purchaseLineOutstanding,
  purchaseOrderAllows,
  purchaseOrderStatusAfter,
  purchaseReceiptLimit,
  purchaseReceiveStatus,
  purchaseSettleStatus,
  type FreightAllocation,
  type OperationLogAction,
  type PageResult,
  type PurchaseAction,
  type PurchaseLineCounters,
  type SettleLineCounters,
  type PurchaseCloseShortInput,
  type PurchaseCreateInput,
  type PurchaseExtraInfo,
  type PurchaseLineRow,
  type PurchaseOrderStatus,
  type PurchaseRejectInput,
  type PurchaseRow,
  type PurchaseSearchParsed,
  type PurchaseUpdateInput,
  type PurchaseVersionInput,
  type PurchaseOrderPayableRef,
  type PurchaseOrderPaymentRef,
  type PurchaseView,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { purchaseOrderLines, purchaseOrderReceipts, purchaseOrders } from '../../db/schema/index.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import { fieldVisibility, redactFields } from '../../platform/field-permissions.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import { pageAnswer } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import type { AsnReceiptEvent, InboundService } from '../stock/index.js';
import { INBOUND_SERVICE } from '../stock/index.js';
import {
  findOrder,
  findSupplierFacts,
  findWarehouseFacts,
  lineRows,
  lineCountersOf,
  linesOf,
  linesOfSkus,
  liveSkusByCodes,
  lockOrder,
  lockOrderOfAsn,
  nextPurchaseCode,
  orderCounts,
  orderRowById,
  receiptRows,
  searchOrders,
  skuWeights,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from './purchasing.queries.js';
import { returnsOfOrder } from './purchase-returns.queries.js';

export const AREA = 'purchasing';
const ENTITY = 'purchaseOrder' as const;

/** The purchase price and what is reckoned from it: PURCHASE_PRICE only. */
export const ORDER_PRICE_FIELDS = { amountTotal: 'PURCHASE_PRICE', freight: 'PURCHASE_PRICE' };
export const LINE_PRICE_FIELDS = { price: 'PURCHASE_PRICE', amount: 'PURCHASE_PRICE', freight: 'PURCHASE_PRICE', freightPerUnit: 'PURCHASE_PRICE', landedUnitCost: 'PURCHASE_PRICE' };
export const RECEIPT_PRICE_FIELDS = { unitCost: 'PURCHASE_PRICE', price: 'PURCHASE_PRICE' };

/** Registry service (provided by the finance area): an order's payables and the payments on them. */
export const PURCHASE_ORDER_FINANCE = 'purchase-order-finance';
export interface PurchaseOrderFinanceReader {
  forOrder(tx: Tx, domainId: number, orderId: number): Promise<{ payables: Required<PurchaseOrderPayableRef>[]; payments: Required<PurchaseOrderPaymentRef>[] }>;
}
/** The amounts on an order's payables and payments give its purchase price away. */
const PAYABLE_REF_PRICE_FIELDS = { amount: 'PURCHASE_PRICE', outstanding: 'PURCHASE_PRICE' };
const PAYMENT_REF_PRICE_FIELDS = { amount: 'PURCHASE_PRICE' };

export interface PurchasingServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  now?: () => Date;
}

interface ResolvedLine {
  skuId: number;
  orderedQty: number;
  price: string | null;
  /** The line's part of the order's freight. */
  freight: string;
  remark: string | null;
}

interface ResolvedOrder {
  supplierId: number;
  warehouseId: number;
  lines: ResolvedLine[];
  qtyTotal: number;
  amountTotal: string;
  freight: string;
  freightAllocation: FreightAllocation;
}

/** What an order keeps when an account that may not see purchase prices edits it. */
interface KeptPrices {
  prices: Map<number, string | null>;
  freight: string;
  freightAllocation: FreightAllocation;
}

/**
 * The lines' parts of the freight (rules/purchasing allocatePurchaseFreight); a refusal names the
 * line (`field`) and the SKU.
 */
function freightParts(lines: { orderedQty: number; price: string | null; skuCode: string; weight: string | null }[], freight: string, mode: FreightAllocation, fieldOf: (index: number) => string): string[] {
  const result = allocatePurchaseFreight(
    lines.map((l) => ({ qty: l.orderedQty, price: l.price, weight: l.weight })),
    freight,
    mode,
  );
  if (result.ok) return result.lines.map((l) => l.freight);
  if (result.reason === 'WEIGHT_MISSING') throw new AppError(PurchaseErrors.FREIGHT_WEIGHT_MISSING, 409, { field: fieldOf(result.index), skuCode: lines[result.index]!.skuCode });
  throw new AppError(PurchaseErrors.FREIGHT_NO_BASIS, 409, { field: 'freight', mode });
}

export function createPurchasingService(deps: PurchasingServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const inbound = () => deps.registry.get<{ service: InboundService }>(INBOUND_SERVICE).service;
  const canSeePrice = (session: Session) => fieldVisibility(session, now())('PURCHASE_PRICE');

  const wrongStatus = (o: PurchaseOrder, action: PurchaseAction) => new AppError(PurchaseErrors.WRONG_STATUS, 409, { code: o.code, status: o.status, action });

  async function orderOrFail(tx: Tx, domainId: number, id: number, lock = true): Promise<PurchaseOrder> {
    const found = lock ? await lockOrder(tx, domainId, id) : await findOrder(tx, domainId, id);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'purchaseOrder', field: 'id', id });
    return found;
  }

  function guard(o: PurchaseOrder, version: number, action: PurchaseAction) {
    if (o.version !== version) throw versionConflict('purchaseOrder');
    if (!purchaseOrderAllows(o.status as PurchaseOrderStatus, action)) throw wrongStatus(o, action);
  }

  /** Checks supplier, warehouse, SKUs and prices; answers the lines. */
  async function resolveOrder(tx: Tx, domainId: number, session: Session, input: PurchaseCreateInput, kept?: KeptPrices): Promise<ResolvedOrder> {
    const keptPrices = kept?.prices;
    const supplier = await findSupplierFacts(tx, domainId, input.supplierId);
    if (!supplier) throw new AppError(PurchaseErrors.SUPPLIER_NOT_FOUND, 404, { field: 'supplierId', supplierId: input.supplierId });
    if (supplier.status !== 'ENABLED') throw new AppError(PurchaseErrors.SUPPLIER_DISABLED, 409, { field: 'supplierId', code: supplier.code });
    const warehouse = await findWarehouseFacts(tx, domainId, input.whId);
    if (!warehouse) throw new AppError(PurchaseErrors.WAREHOUSE_NOT_FOUND, 404, { field: 'whId', whId: input.whId });
    if (warehouse.stopUsing) throw new AppError(PurchaseErrors.WAREHOUSE_STOPPED, 409, { field: 'whId', name: warehouse.name });
    const priceVisible = canSeePrice(session);
    const found = await liveSkusByCodes(
      tx,
      domainId,
      input.purchaseDetailDtoList.map((d) => d.skuCode),
    );
    const byCode = new Map(found.map((s) => [s.code, s]));
    const supplyPrices = await deps.registry
      .get<{ purchasePrices(domainId: number, supplierId: number, skuIds: number[], tx?: Tx): Promise<Map<number, string | null>> }>('suppliers')
      .purchasePrices(
        domainId,
        supplier.id,
        found.map((s) => s.id),
        tx,
      );
    if ((input.freight ?? null) !== null && !priceVisible) throw new AppError(PurchaseErrors.PRICE_HIDDEN, 403, { field: 'freight' });
    const freight = formatDecimal(input.freight ?? (priceVisible ? 0 : (kept?.freight ?? 0)), MONEY_DECIMALS);
    const freightAllocation: FreightAllocation = input.freightAllocation ?? kept?.freightAllocation ?? 'AMOUNT';
    const lines: (ResolvedLine & { skuCode: string; weight: string | null })[] = [];
    for (const [index, d] of input.purchaseDetailDtoList.entries()) {
      const sku = byCode.get(d.skuCode);
      if (!sku) throw new AppError(PurchaseErrors.SKU_NOT_FOUND, 404, { field: `purchaseDetailDtoList.${index}.skuCode`, skuCode: d.skuCode });
      if (sku.isCombination) throw new AppError(PurchaseErrors.COMBINATION_SKU, 409, { field: `purchaseDetailDtoList.${index}.skuCode`, skuCode: sku.code });
      const given = d.price ?? null;
      if (given !== null && !priceVisible) throw new AppError(PurchaseErrors.PRICE_HIDDEN, 403, { field: `purchaseDetailDtoList.${index}.price` });
      // No price given: the price the line had (an account that may not see it edits), else the supplier's.
      const kept = keptPrices?.has(sku.id) ? keptPrices.get(sku.id)! : undefined;
      const price: string | null = given ?? (kept !== undefined ? kept : (supplyPrices.get(sku.id) ?? null));
      lines.push({ skuId: sku.id, skuCode: sku.code, weight: sku.weight, orderedQty: d.qty, price: price === null ? null : formatDecimal(price, MONEY_DECIMALS), freight: '0', remark: d.remark ?? null });
    }
    const parts = freightParts(lines, freight, freightAllocation, (index) => `purchaseDetailDtoList.${index}.skuCode`);
    const qtyTotal = lines.reduce((sum, l) => sum + l.orderedQty, 0);
    const amountTotal = formatDecimal(
      lines.reduce((sum, l) => (l.price === null ? sum : addDecimals(sum, multiplyDecimals(l.price, l.orderedQty))), addDecimals(0, 0)),
      MONEY_DECIMALS,
    );
    return {
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      lines: lines.map((l, i) => ({ skuId: l.skuId, orderedQty: l.orderedQty, price: l.price, freight: parts[i]!, remark: l.remark })),
      qtyTotal,
      amountTotal,
      freight,
      freightAllocation,
    };
  }

  const headerFields = (input: PurchaseCreateInput, resolved: ResolvedOrder) => ({
    supplierId: resolved.supplierId,
    warehouseId: resolved.warehouseId,
    expectedAt: input.expectedTime ? parseDateTimeText(input.expectedTime) : null,
    remark: input.remark ?? null,
    skuTotal: resolved.lines.length,
    qtyTotal: resolved.qtyTotal,
    amountTotal: resolved.amountTotal,
    freight: resolved.freight,
    freightAllocation: resolved.freightAllocation,
  });

  async function insertLines(tx: Tx, domainId: number, orderId: number, lines: ResolvedLine[]) {
    return tx
      .insert(purchaseOrderLines)
      .values(lines.map((l, i) => ({ domainId, orderId, lineNo: i + 1, ...l, createdAt: now(), updatedAt: now() })))
      .returning();
  }

  async function view(session: Session, domainId: number, id: number, tx: Tx = db): Promise<PurchaseView> {
    const order = await orderRowById(tx, domainId, id);
    if (!order) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'purchaseOrder', field: 'id', id });
    const header = await findOrder(tx, domainId, id);
    const [lines, receipts] = await Promise.all([lineRows(tx, domainId, id, header!.receiptTolerance), receiptRows(tx, domainId, id)]);
    return {
      order: redactFields([order], ORDER_PRICE_FIELDS, session, now())[0]!,
      lines: redactFields(lines, LINE_PRICE_FIELDS, session, now()),
      receipts: redactFields(receipts, RECEIPT_PRICE_FIELDS, session, now()),
    };
  }

  /** The detail: the view plus the order's purchase returns, payables (debit notes too) and payments. */
  async function info(session: Session, domainId: number, id: number): Promise<PurchaseView> {
    const base = await view(session, domainId, id);
    const reader = deps.registry.find<PurchaseOrderFinanceReader>(PURCHASE_ORDER_FINANCE);
    const [returns, money] = await Promise.all([returnsOfOrder(db, domainId, id), reader ? reader.forOrder(db, domainId, id) : { payables: [], payments: [] }]);
    return {
      ...base,
      returns,
      payables: redactFields(money.payables, PAYABLE_REF_PRICE_FIELDS, session, now()),
      payments: redactFields(money.payments, PAYMENT_REF_PRICE_FIELDS, session, now()),
    };
  }

  async function createInTx(tx: Tx, session: Session, input: PurchaseCreateInput, submit: boolean): Promise<PurchaseOrder> {
    const domainId = domainOf(session);
    const resolved = await resolveOrder(tx, domainId, session, input);
    const code = await nextPurchaseCode(tx, domainId, now());
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        domainId,
        code,
        status: submit ? 'SUBMIT' : 'DRAFT',
        receiveStatus: 'UNRECEIVE',
        ...headerFields(input, resolved),
        submittedAt: submit ? now() : null,
        createdBy: session.userId,
        createdByName: session.userName || session.loginName,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    const lines = await insertLines(tx, domainId, order!.id, resolved.lines);
    await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: order!.id, action: submit ? 'createAndSubmit' : 'create', after: { ...order, lines } });
    return order!;
  }

  /** Moves the order to the state the action leads to; `extra` sets the action's own columns. */
  async function moveInTx(tx: Tx, session: Session, before: PurchaseOrder, action: Exclude<PurchaseAction, 'update' | 'delete'>, extra: Partial<typeof purchaseOrders.$inferInsert> = {}) {
    const status = purchaseOrderStatusAfter(action);
    const [after] = await tx
      .update(purchaseOrders)
      .set({ status, ...extra, version: before.version + 1, updatedAt: now() })
      .where(and(eq(purchaseOrders.domainId, before.domainId), eq(purchaseOrders.id, before.id), eq(purchaseOrders.version, before.version)))
      .returning();
    if (!after) throw versionConflict('purchaseOrder');
    await writeOperationLog(tx, actorOf(session), {
      area: AREA,
      entityType: ENTITY,
      entityId: before.id,
      action: action as OperationLogAction,
      before: { code: before.code, status: before.status },
      after: { code: after.code, status: after.status, ...extra },
    });
    return after;
  }

  async function simpleMove(session: Session, input: PurchaseVersionInput, action: 'submit' | 'invalid' | 'retract', extra: Partial<typeof purchaseOrders.$inferInsert> = {}): Promise<PurchaseView> {
    const domainId = domainOf(session);
    await db.transaction(async (tx) => {
      const before = await orderOrFail(tx, domainId, input.id);
      guard(before, input.version, action);
      await moveInTx(tx, session, before, action, extra);
    });
    return view(session, domainId, input.id);
  }

  /** Recounts the order's header from its lines: totals, receipt state, COMPLETE when all is in. */
  async function recount(tx: Tx, order: PurchaseOrder, lines: readonly (PurchaseLineCounters & SettleLineCounters)[]): Promise<PurchaseOrder> {
    const receiveStatus = purchaseReceiveStatus(lines);
    const done = receiveStatus === 'COMPLETE_RECEIVE' || receiveStatus === 'CLOSED_SHORT';
    const [after] = await tx
      .update(purchaseOrders)
      .set({
        receiveStatus,
        settleStatus: purchaseSettleStatus(lines),
        receivedQtyTotal: lines.reduce((s, l) => s + l.receivedQty, 0),
        closedShortQtyTotal: lines.reduce((s, l) => s + l.closedShortQty, 0),
        ...(done && order.status === 'VERIFY' ? { status: 'COMPLETE', completedAt: now() } : {}),
        version: order.version + 1,
        updatedAt: now(),
      })
      .where(and(eq(purchaseOrders.domainId, order.domainId), eq(purchaseOrders.id, order.id)))
      .returning();
    return after!;
  }

  return {
    view,
    info,

    async search(session: Session, input: PurchaseSearchParsed): Promise<PageResult<PurchaseRow>> {
      const { rows, total } = await searchOrders(db, domainOf(session), input);
      return pageAnswer(redactFields(rows, ORDER_PRICE_FIELDS, session, now()), total, input);
    },

    async extraInfo(session: Session, input: PurchaseSearchParsed): Promise<PurchaseExtraInfo> {
      const { byStatus, byReceive, bySettle } = await orderCounts(db, domainOf(session), input);
      return {
        statusCounts: PURCHASE_ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
        receiveStatusCounts: PURCHASE_RECEIVE_STATUSES.map((receiveStatus) => ({ receiveStatus, count: byReceive.get(receiveStatus) ?? 0 })),
        settleStatusCounts: PURCHASE_SETTLE_STATUSES.map((settleStatus) => ({ settleStatus, count: bySettle.get(settleStatus) ?? 0 })),
      };
    },

    async lines(session: Session, id: number): Promise<PurchaseLineRow[]> {
      return (await view(session, domainOf(session), id)).lines;
    },

    async create(session: Session, input: PurchaseCreateInput, submit: boolean): Promise<PurchaseView> {
      const order = await db.transaction((tx) => createInTx(tx, session, input, submit));
      return view(session, order.domainId, order.id);
    },

    /** Edits a draft: header and lines replaced, version checked. */
    async update(session: Session, input: PurchaseUpdateInput): Promise<PurchaseView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await orderOrFail(tx, domainId, input.id);
        guard(before, input.version, 'update');
        const oldLines = await linesOf(tx, domainId, before.id);
        const resolved = await resolveOrder(tx, domainId, session, input, {
          prices: new Map(oldLines.map((l) => [l.skuId, l.price])),
          freight: before.freight,
          freightAllocation: before.freightAllocation as FreightAllocation,
        });
        await tx.delete(purchaseOrderLines).where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.orderId, before.id)));
        const [after] = await tx
          .update(purchaseOrders)
          .set({ ...headerFields(input, resolved), version: before.version + 1, updatedAt: now() })
          .where(and(eq(purchaseOrders.domainId, domainId), eq(purchaseOrders.id, before.id), eq(purchaseOrders.version, input.version)))
          .returning();
        if (!after) throw versionConflict('purchaseOrder');
        const lines = await insertLines(tx, domainId, before.id, resolved.lines);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: before.id, action: 'update', before: { ...before, lines: oldLines }, after: { ...after, lines } });
      });
      return view(session, domainId, input.id);
    },

    submit: (session: Session, input: PurchaseVersionInput) => simpleMove(session, input, 'submit', { submittedAt: now(), rejectReason: null }),
    invalid: (session: Session, input: PurchaseVersionInput) => simpleMove(session, input, 'invalid'),
    retract: (session: Session, input: PurchaseVersionInput) => simpleMove(session, input, 'retract'),

    async reject(session: Session, input: PurchaseRejectInput): Promise<PurchaseView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await orderOrFail(tx, domainId, input.id);
        guard(before, input.version, 'reject');
        await moveInTx(tx, session, before, 'reject', { rejectReason: input.reason ?? null });
      });
      return view(session, domainId, input.id);
    },

    /** Deletes a draft or an invalidated order with its lines. */
    async remove(session: Session, input: PurchaseVersionInput): Promise<{ deleted: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const before = await orderOrFail(tx, domainId, input.id);
        guard(before, input.version, 'delete');
        const lines = await linesOf(tx, domainId, before.id);
        await tx.delete(purchaseOrders).where(and(eq(purchaseOrders.domainId, domainId), eq(purchaseOrders.id, before.id)));
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: before.id, action: 'delete', before: { ...before, lines } });
        return { deleted: 1 };
      });
    },

    /**
     * Verifies a submitted order: takes the supplier's tolerance and makes the purchase inbound
     * notice (ASN_PURCHASE, the order's code as purchase code) for the order's warehouse, in the
     * same transaction; each line noticed up to its receipt limit, at its purchase price.
     */
    async verify(session: Session, input: PurchaseVersionInput): Promise<PurchaseView> {
      const domainId = domainOf(session);
      const asn = await db.transaction(async (tx) => {
        const before = await orderOrFail(tx, domainId, input.id);
        guard(before, input.version, 'verify');
        const supplier = await findSupplierFacts(tx, domainId, before.supplierId);
        if (!supplier || supplier.status !== 'ENABLED') throw new AppError(PurchaseErrors.SUPPLIER_DISABLED, 409, { field: 'supplierId', code: supplier?.code ?? String(before.supplierId) });
        const tolerance = supplier.receiptTolerance;
        const saved = await linesOf(tx, domainId, before.id);
        // The freight is spread again with the SKUs' weights of now: what the notice books is what verify saw.
        const weights = await skuWeights(
          tx,
          domainId,
          saved.map((l) => l.skuId),
        );
        const parts = freightParts(
          saved.map((l) => ({ orderedQty: l.orderedQty, price: l.price, skuCode: weights.get(l.skuId)?.code ?? String(l.skuId), weight: weights.get(l.skuId)?.weight ?? null })),
          before.freight,
          before.freightAllocation as FreightAllocation,
          (index) => `purchaseDetailDtoList.${index}.skuCode`,
        );
        const lines: PurchaseOrderLine[] = [];
        for (const [i, l] of saved.entries()) {
          if (compareDecimals(l.freight, parts[i]!) === 0) {
            lines.push(l);
            continue;
          }
          const [after] = await tx
            .update(purchaseOrderLines)
            .set({ freight: parts[i]!, version: l.version + 1, updatedAt: now() })
            .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.id, l.id)))
            .returning();
          lines.push(after!);
        }
        const header = await inbound().createFromSource(tx, session, {
          whId: before.warehouseId,
          asnType: 'ASN_PURCHASE',
          supplierId: before.supplierId,
          purchaseCode: before.code,
          expectedTime: before.expectedAt ? before.expectedAt.toISOString() : undefined,
          remark: before.remark ?? undefined,
          // At the landed unit cost: the receipt books it into the moving average and the order's receipts.
          asnDetails: lines.map((l) => ({
            skuId: l.skuId,
            qty: purchaseReceiptLimit(l.orderedQty, tolerance),
            price: purchaseLandedCost(l.price, l.freight, l.orderedQty).landedUnitCost ?? undefined,
            lotAttNO: undefined,
            remark: l.remark ?? undefined,
          })),
        });
        await moveInTx(tx, session, before, 'verify', { asnId: header.id, asnCode: header.code, receiptTolerance: tolerance, verifiedAt: now(), verifiedBy: session.userId, rejectReason: null });
        return header;
      });
      await inbound().requestIssueOf(asn);
      return view(session, domainId, input.id);
    },

    /**
     * Closes a verified order short: what has not come will not; the open inbound notice is closed
     * (what came in stays). A notice held by a warehouse system is force cancelled there first.
     */
    async closeShort(session: Session, input: PurchaseCloseShortInput): Promise<PurchaseView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        // The notice is locked before the order, as a receipt does (notice, then order).
        const peek = await orderOrFail(tx, domainId, input.id, false);
        guard(peek, input.version, 'closeShort');
        if (peek.asnId !== null) {
          const closed = await inbound().closeFromSource(tx, session, peek.asnId, input.reason);
          if (!closed) throw new AppError(PurchaseErrors.NOTICE_IN_WAREHOUSE_SYSTEM, 409, { code: peek.code, asnCode: peek.asnCode ?? '' });
        }
        const before = await orderOrFail(tx, domainId, input.id);
        guard(before, input.version, 'closeShort');
        const lines = await linesOf(tx, domainId, before.id, true);
        const outstanding = lines.reduce((s, l) => s + purchaseLineOutstanding(l), 0);
        if (outstanding === 0) throw new AppError(PurchaseErrors.NOTHING_OUTSTANDING, 409, { code: before.code });
        const closedLines: PurchaseOrderLine[] = [];
        for (const line of lines) {
          const short = purchaseLineOutstanding(line);
          if (!short) {
            closedLines.push(line);
            continue;
          }
          const [after] = await tx
            .update(purchaseOrderLines)
            .set({ closedShortQty: line.closedShortQty + short, version: line.version + 1, updatedAt: now() })
            .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.id, line.id)))
            .returning();
          closedLines.push(after!);
        }
        const [withReason] = await tx
          .update(purchaseOrders)
          .set({ closeReason: input.reason })
          .where(and(eq(purchaseOrders.domainId, domainId), eq(purchaseOrders.id, before.id)))
          .returning();
        const after = await recount(tx, withReason!, closedLines);
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: ENTITY,
          entityId: before.id,
          action: 'closeShort',
          before: { code: before.code, status: before.status, receiveStatus: before.receiveStatus },
          after: { code: after.code, status: after.status, receiveStatus: after.receiveStatus, reason: input.reason, closedShortQty: outstanding },
        });
      });
      return view(session, domainId, input.id);
    },

    /**
     * A receipt of an inbound notice (listener of 'asn-receipt-listeners', in the receipt's
     * transaction): when the notice is an order's, its lines count what came in, under a row lock,
     * never beyond ordered × (1 + tolerance). A refusal refuses the whole receipt.
     */
    async onAsnReceipt(event: AsnReceiptEvent): Promise<void> {
      const { tx, header } = event;
      if (header.asnType !== 'ASN_PURCHASE') return;
      const order = await lockOrderOfAsn(tx, header.domainId, header.id);
      if (!order) return;
      // Read, not locked: the order's row lock (taken above, as by every change of its lines)
      // keeps them. Locking all of them cost a one-line scan of a 2,000-line order 2,000 row locks;
      // only the lines of the SKUs received are read whole, the rest as counters for the recount.
      const lines = await linesOfSkus(tx, order.domainId, order.id, [...new Set(event.lines.map((l) => l.skuId))]);
      const bySku = new Map(lines.map((l) => [l.skuId, { ...l }]));
      for (const [index, r] of event.lines.entries()) {
        const line = bySku.get(r.skuId);
        const limit = line ? purchaseReceiptLimit(line.orderedQty, order.receiptTolerance) : 0;
        const received = line?.receivedQty ?? 0;
        if (!line || received + r.qty > limit)
          throw new AppError(PurchaseErrors.OVER_RECEIPT, 409, {
            field: event.fieldPrefix ? `${event.fieldPrefix}.${index}.qty` : 'qty',
            code: order.code,
            skuId: r.skuId,
            ordered: line?.orderedQty ?? 0,
            limit,
            received,
            receiving: r.qty,
          });
        line.receivedQty += r.qty;
        line.overReceivedQty = Math.max(0, line.receivedQty - line.orderedQty);
        // What a warehouse still reports after a close short comes off the shortfall.
        line.closedShortQty = Math.min(line.closedShortQty, Math.max(0, line.orderedQty - line.receivedQty));
      }
      const touched = new Set(event.lines.map((l) => l.skuId));
      for (const line of bySku.values()) {
        if (!touched.has(line.skuId)) continue;
        await tx
          .update(purchaseOrderLines)
          .set({ receivedQty: line.receivedQty, overReceivedQty: line.overReceivedQty, closedShortQty: line.closedShortQty, version: sql`${purchaseOrderLines.version} + 1`, updatedAt: event.now })
          .where(and(eq(purchaseOrderLines.domainId, order.domainId), eq(purchaseOrderLines.id, line.id)));
      }
      await tx.insert(purchaseOrderReceipts).values(
        event.lines.map((r) => ({
          domainId: order.domainId,
          orderId: order.id,
          lineId: bySku.get(r.skuId)!.id,
          asnId: header.id,
          asnReceiptId: event.receiptId,
          skuId: r.skuId,
          qty: r.qty,
          unitCost: r.unitCost,
          price: bySku.get(r.skuId)!.price,
          receivedBy: event.actor.userId,
          receivedByName: event.actor.loginName,
          createdAt: event.now,
        })),
      );
      const changed = new Map([...bySku.values()].map((l) => [l.id, l]));
      const counters = (await lineCountersOf(tx, order.domainId, order.id)).map((c) => changed.get(c.id) ?? c);
      const after = await recount(tx, order, counters);
      await writeOperationLog(tx, event.actor, {
        area: AREA,
        entityType: ENTITY,
        entityId: order.id,
        action: 'receipt',
        before: { code: order.code, status: order.status, receiveStatus: order.receiveStatus, receivedQtyTotal: order.receivedQtyTotal },
        after: { code: after.code, status: after.status, receiveStatus: after.receiveStatus, receivedQtyTotal: after.receivedQtyTotal, asnCode: header.code, asnReceiptId: event.receiptId },
      });
    },
  };
}

export type PurchasingService = ReturnType<typeof createPurchasingService>;
