// Purchase returns: commands in transactions, each writing the operation log (area 'purchasing',
// entity 'purchaseReturn'). The state machine's one owner is packages/core rules/purchase-returns.ts.
// Verify counts the pieces on the purchase order lines (`returned_qty`, under the lines' row locks:
// never more than stocked in less returned) and makes the WDO_PURCHASE_RETURN outbound order through
// the stock area. That order's delivery comes back through 'wdo-listeners' (onWdo): the pieces leave
// at the return's cost rule, and 'purchase-return-delivered-listeners' (payables: the debit note)
// hear it in the same transaction. A cancelled outbound order closes the return and gives the
// pieces back to the lines.
import { and, eq } from 'drizzle-orm';
import {
  addDecimals,
  ErrorCodes,
  formatDecimal,
  MONEY_DECIMALS,
  multiplyDecimals,
  PURCHASE_RETURN_STATUSES,
  PurchaseReturnErrors,
  purchaseReturnable,
  purchaseReturnAllows,
  purchaseReturnStatusAfter,
  type Language,
  type OperationLogAction,
  type PageResult,
  type PurchaseReturnAction,
  type PurchaseReturnAsnLine,
  type PurchaseReturnAsnSearchParsed,
  type PurchaseReturnBatchAnswer,
  type PurchaseReturnBatchInput,
  type PurchaseReturnCreateInput,
  type PurchaseReturnExtraInfo,
  type PurchaseReturnLineRow,
  type PurchaseReturnRejectInput,
  type PurchaseReturnRow,
  type PurchaseReturnSearchParsed,
  type PurchaseReturnStatus,
  type PurchaseReturnUpdateInput,
  type PurchaseReturnVersionInput,
  type PurchaseReturnView,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { purchaseOrderLines, purchaseReturnLines, purchaseReturns } from '../../db/schema/index.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import { redactFields } from '../../platform/field-permissions.js';
import { serverMessage } from '../../platform/messages.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../platform/operation-log.js';
import { pageAnswer } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import { applyIssueCosts, OUTBOUND_SERVICE, type OutboundSourceService, type WdoEvent } from '../stock/index.js';
import { PURCHASE_RETURN_DELIVERED_LISTENERS, type PurchaseReturnDeliveredListener } from './purchase-returns.listeners.js';
import {
  asnLinesForReturn,
  findReturn,
  lockOrderLines,
  lockReturnOfWdo,
  nextPurchaseReturnCode,
  receiptCostsOf,
  returnCounts,
  returnLineRows,
  returnLinesOf,
  returnRowById,
  searchReturnableAsnLines,
  searchReturns,
  type PurchaseReturn,
  type PurchaseReturnLine,
} from './purchase-returns.queries.js';
import { findSupplierFacts, findWarehouseFacts, lockOrdersOfLines, recountSettleStatus } from './purchasing.queries.js';

const AREA = 'purchasing';
const ENTITY = 'purchaseReturn' as const;

/** Costs and what is reckoned from them: PURCHASE_PRICE only. */
export const RETURN_PRICE_FIELDS = { amountTotal: 'PURCHASE_PRICE' };
export const RETURN_LINE_PRICE_FIELDS = { receiptCost: 'PURCHASE_PRICE', averageCost: 'PURCHASE_PRICE', unitCost: 'PURCHASE_PRICE' };

export interface PurchaseReturnsServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  now?: () => Date;
}

interface ResolvedLine {
  asnId: number;
  asnDetailId: number;
  purchaseOrderId: number;
  purchaseOrderLineId: number;
  skuId: number;
  qty: number;
  returnReason: string;
}

const LINES_FIELD = 'purchaseReturnDetailDtoList';

export function createPurchaseReturnsService(deps: PurchaseReturnsServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const outbound = () => deps.registry.get<OutboundSourceService>(OUTBOUND_SERVICE);

  const wrongStatus = (r: PurchaseReturn, action: PurchaseReturnAction) => new AppError(PurchaseReturnErrors.WRONG_STATUS, 409, { code: r.code, status: r.status, action });

  async function returnOrFail(tx: Tx, domainId: number, id: number, lock = true): Promise<PurchaseReturn> {
    const found = await findReturn(tx, domainId, id, lock);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'purchaseReturn', field: 'id', id });
    return found;
  }

  function guard(r: PurchaseReturn, version: number, action: PurchaseReturnAction) {
    if (r.version !== version) throw versionConflict('purchaseReturn');
    if (!purchaseReturnAllows(r.status as PurchaseReturnStatus, action)) throw wrongStatus(r, action);
  }

  const overReturn = (index: number, skuId: number, returnable: number, qty: number) =>
    new AppError(PurchaseReturnErrors.OVER_RETURN, 409, { field: `${LINES_FIELD}.${index}.qty`, line: index + 1, skuId, returnable, qty });

  /**
   * Checks the supplier, the warehouse and every line: a received purchase inbound line of this
   * supplier in this warehouse, asking no more than its order line can still send back. (Verify
   * checks again under the lines' locks; this early answer names the line while drafting.)
   */
  async function resolve(tx: Tx, domainId: number, input: PurchaseReturnCreateInput): Promise<ResolvedLine[]> {
    const supplier = await findSupplierFacts(tx, domainId, input.supplierId);
    if (!supplier) throw new AppError(PurchaseReturnErrors.SUPPLIER_NOT_FOUND, 404, { field: 'supplierId', supplierId: input.supplierId });
    const warehouse = await findWarehouseFacts(tx, domainId, input.whId);
    if (!warehouse) throw new AppError(PurchaseReturnErrors.WAREHOUSE_NOT_FOUND, 404, { field: 'whId', whId: input.whId });
    const found = await asnLinesForReturn(
      tx,
      domainId,
      supplier.id,
      warehouse.id,
      input.purchaseReturnDetailDtoList.map((d) => d.purchaseAsnDetailId),
    );
    const byDetail = new Map(found.map((f) => [f.asnDetailId, f]));
    // Two lines of one order line (two notices' lines cannot share one) ask together.
    const asked = new Map<number, number>();
    return input.purchaseReturnDetailDtoList.map((d, index) => {
      const line = byDetail.get(d.purchaseAsnDetailId);
      if (!line || line.asnId !== d.purchaseAsnId)
        throw new AppError(PurchaseReturnErrors.ASN_LINE_NOT_FOUND, 404, { field: `${LINES_FIELD}.${index}.purchaseAsnDetailId`, line: index + 1, purchaseAsnDetailId: d.purchaseAsnDetailId });
      const total = (asked.get(line.orderLineId) ?? 0) + d.qty;
      asked.set(line.orderLineId, total);
      const returnable = purchaseReturnable(line);
      if (total > returnable) throw overReturn(index, line.skuId, returnable, d.qty);
      return { asnId: line.asnId, asnDetailId: line.asnDetailId, purchaseOrderId: line.orderId, purchaseOrderLineId: line.orderLineId, skuId: line.skuId, qty: d.qty, returnReason: d.returnReason };
    });
  }

  const headerFields = (input: PurchaseReturnCreateInput, lines: ResolvedLine[]) => ({
    supplierId: input.supplierId,
    warehouseId: input.whId,
    costRule: input.costRule,
    remark: input.remark ?? null,
    skuTotal: new Set(lines.map((l) => l.skuId)).size,
    qtyTotal: lines.reduce((s, l) => s + l.qty, 0),
  });

  async function insertLines(tx: Tx, domainId: number, returnId: number, lines: ResolvedLine[]) {
    return tx
      .insert(purchaseReturnLines)
      .values(lines.map((l, i) => ({ domainId, returnId, lineNo: i + 1, ...l, createdAt: now(), updatedAt: now() })))
      .returning();
  }

  async function view(session: Session, domainId: number, id: number, tx: Tx = db): Promise<PurchaseReturnView> {
    const row = await returnRowById(tx, domainId, id);
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'purchaseReturn', field: 'id', id });
    const lines = await returnLineRows(tx, domainId, id);
    return {
      purchaseReturn: redactFields([row], RETURN_PRICE_FIELDS, session, now())[0]!,
      lines: redactFields(lines, RETURN_LINE_PRICE_FIELDS, session, now()),
    };
  }

  async function moveInTx(tx: Tx, actor: OperationActor, before: PurchaseReturn, action: Exclude<PurchaseReturnAction, 'update' | 'delete'>, extra: Partial<typeof purchaseReturns.$inferInsert> = {}) {
    const status = purchaseReturnStatusAfter(action);
    const [after] = await tx
      .update(purchaseReturns)
      .set({ status, ...extra, version: before.version + 1, updatedAt: now() })
      .where(and(eq(purchaseReturns.domainId, before.domainId), eq(purchaseReturns.id, before.id), eq(purchaseReturns.version, before.version)))
      .returning();
    if (!after) throw versionConflict('purchaseReturn');
    await writeOperationLog(tx, actor, {
      area: AREA,
      entityType: ENTITY,
      entityId: before.id,
      action: action as OperationLogAction,
      before: { code: before.code, status: before.status },
      after: { code: after.code, status: after.status, ...extra },
    });
    return after;
  }

  async function simpleMove(session: Session, input: PurchaseReturnVersionInput, action: 'submit' | 'invalid' | 'retract', extra: Partial<typeof purchaseReturns.$inferInsert> = {}) {
    const domainId = domainOf(session);
    await db.transaction(async (tx) => {
      const before = await returnOrFail(tx, domainId, input.id);
      guard(before, input.version, action);
      await moveInTx(tx, actorOf(session), before, action, extra);
    });
    return view(session, domainId, input.id);
  }

  /** Changes the order lines' returned counters by `delta` per line (locked in id order). */
  async function countOnOrderLines(tx: Tx, domainId: number, deltas: Map<number, number>) {
    const orderIds = await lockOrdersOfLines(tx, domainId, [...deltas.keys()]);
    const locked = await lockOrderLines(tx, domainId, [...deltas.keys()]);
    for (const line of locked) {
      const delta = deltas.get(line.id) ?? 0;
      if (!delta) continue;
      await tx
        .update(purchaseOrderLines)
        .set({ returnedQty: Math.max(0, line.returnedQty + delta), version: line.version + 1, updatedAt: now() })
        .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.id, line.id)));
    }
    await recountSettleStatus(tx, domainId, orderIds);
    return locked;
  }

  /**
   * Verifies a submitted return in the caller's transaction: under the order lines' locks, each line
   * asks no more than stocked in less returned; the lines count it, and the outbound order is made.
   */
  async function verifyInTx(tx: Tx, session: Session, input: PurchaseReturnVersionInput): Promise<PurchaseReturn> {
    const domainId = domainOf(session);
    const before = await returnOrFail(tx, domainId, input.id);
    guard(before, input.version, 'verify');
    const lines = await returnLinesOf(tx, domainId, before.id);
    // Orders before lines (as receipts and payables take them); the settlement state is recounted.
    const orderIds = await lockOrdersOfLines(
      tx,
      domainId,
      lines.map((l) => l.purchaseOrderLineId),
    );
    const locked = await lockOrderLines(
      tx,
      domainId,
      lines.map((l) => l.purchaseOrderLineId),
    );
    const byId = new Map(locked.map((l) => [l.id, { ...l }]));
    lines.forEach((l, index) => {
      const orderLine = byId.get(l.purchaseOrderLineId)!;
      const returnable = purchaseReturnable(orderLine);
      if (l.qty > returnable) throw overReturn(index, l.skuId, returnable, l.qty);
      orderLine.returnedQty += l.qty;
    });
    for (const orderLine of byId.values()) {
      await tx
        .update(purchaseOrderLines)
        .set({ returnedQty: orderLine.returnedQty, version: orderLine.version + 1, updatedAt: now() })
        .where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.id, orderLine.id)));
    }
    await recountSettleStatus(tx, domainId, orderIds);
    // The outbound order carries one line per SKU (it refuses a SKU twice).
    const perSku = new Map<number, number>();
    for (const l of lines) perSku.set(l.skuId, (perSku.get(l.skuId) ?? 0) + l.qty);
    const supplier = await findSupplierFacts(tx, domainId, before.supplierId);
    const wdo = await outbound().createFromSource(tx, actorOf(session), domainId, {
      whId: before.warehouseId,
      wdoType: 'WDO_PURCHASE_RETURN',
      relatedCode: before.code,
      receiverName: supplier?.code,
      receiverPhone: undefined,
      receiverAddress: undefined,
      remark: before.remark ?? undefined,
      wdoDetails: [...perSku.entries()].map(([skuId, qty]) => ({ skuId, qty, remark: undefined })),
    });
    return moveInTx(tx, actorOf(session), before, 'verify', { wdoId: wdo.id, wdoCode: wdo.code, verifiedAt: now(), verifiedBy: session.userId, rejectReason: null });
  }

  async function rejectInTx(tx: Tx, session: Session, input: PurchaseReturnRejectInput) {
    const before = await returnOrFail(tx, domainOf(session), input.id);
    guard(before, input.version, 'reject');
    return moveInTx(tx, actorOf(session), before, 'reject', { rejectReason: input.reason ?? null });
  }

  /** Each return on its own transaction; a refusal is answered for that return and the rest go on. */
  async function batch(session: Session, input: PurchaseReturnBatchInput, language: Language, one: (tx: Tx, item: { id: number; version: number }) => Promise<PurchaseReturn>): Promise<PurchaseReturnBatchAnswer> {
    const answer: PurchaseReturnBatchAnswer = { succeeded: [], failed: [] };
    for (const item of input.items) {
      try {
        const after = await db.transaction((tx) => one(tx, item));
        answer.succeeded.push({ id: after.id, code: after.code });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const found = await findReturn(db, domainOf(session), item.id);
        answer.failed.push({ id: item.id, code: found?.code ?? null, errorCode: error.code, message: serverMessage(error.code, error.params, language) });
      }
    }
    return answer;
  }

  /** The outbound order of a verified return is being delivered: the pieces leave at the return's cost rule. */
  async function onDelivering(event: WdoEvent, r: PurchaseReturn) {
    const { tx } = event;
    const domainId = r.domainId;
    const lines = await returnLinesOf(tx, domainId, r.id, true);
    // Spread each SKU's pieces over the return's lines of that SKU, in line order.
    const leaving = new Map<number, number>();
    for (const e of event.lines) leaving.set(e.skuId, (leaving.get(e.skuId) ?? 0) + e.qty);
    const now_ = event.now;
    const taken = new Map<number, number>();
    for (const l of lines) {
      const left = leaving.get(l.skuId) ?? 0;
      const take = Math.min(left, l.qty - l.deliveredQty);
      if (take <= 0) continue;
      taken.set(l.id, take);
      leaving.set(l.skuId, left - take);
    }
    const receiptCosts = await receiptCostsOf(
      tx,
      domainId,
      lines.map((l) => l.purchaseOrderLineId),
    );
    const byReceipt = r.costRule === 'RECEIPT_COST';
    const moving = lines.filter((l) => taken.has(l.id));
    // Locks the SKUs' cost rows before the balances (as a receipt does) and moves the average when
    // pieces leave at their receipt cost; answers the averages before.
    const averages = await applyIssueCosts(
      tx,
      domainId,
      moving.map((l) => ({ skuId: l.skuId, qty: taken.get(l.id)!, unitCost: byReceipt ? (receiptCosts.get(l.purchaseOrderLineId) ?? null) : null })),
    );
    const costOf = (l: PurchaseReturnLine): string | null => {
      const receipt = byReceipt ? (receiptCosts.get(l.purchaseOrderLineId) ?? null) : null;
      return receipt ?? averages.get(l.skuId) ?? null;
    };
    const after: PurchaseReturnLine[] = [];
    for (const l of lines) {
      const take = taken.get(l.id) ?? 0;
      if (!take) {
        after.push(l);
        continue;
      }
      const cost = costOf(l);
      const [updated] = await tx
        .update(purchaseReturnLines)
        .set({ deliveredQty: l.deliveredQty + take, unitCost: cost === null ? l.unitCost : formatDecimal(cost, MONEY_DECIMALS), version: l.version + 1, updatedAt: now_ })
        .where(and(eq(purchaseReturnLines.domainId, domainId), eq(purchaseReturnLines.id, l.id)))
        .returning();
      after.push(updated!);
    }
    // Closing delivery: what did not leave goes back to the order lines.
    if (event.final) {
      const rest = new Map<number, number>();
      for (const l of after) if (l.qty > l.deliveredQty) rest.set(l.purchaseOrderLineId, (rest.get(l.purchaseOrderLineId) ?? 0) - (l.qty - l.deliveredQty));
      if (rest.size) await countOnOrderLines(tx, domainId, rest);
    }
    const delivered = after.reduce((s, l) => s + l.deliveredQty, 0);
    const amount = after.reduce((sum, l) => (l.unitCost === null ? sum : addDecimals(sum, multiplyDecimals(l.unitCost, l.deliveredQty))), addDecimals(0, 0));
    const [header] = await tx
      .update(purchaseReturns)
      .set({
        deliveredQtyTotal: delivered,
        amountTotal: formatDecimal(amount, MONEY_DECIMALS),
        ...(event.final ? { status: 'COMPLETE', completedAt: now_ } : {}),
        version: r.version + 1,
        updatedAt: now_,
      })
      .where(and(eq(purchaseReturns.domainId, domainId), eq(purchaseReturns.id, r.id)))
      .returning();
    await writeOperationLog(tx, event.actor, {
      area: AREA,
      entityType: ENTITY,
      entityId: r.id,
      action: event.final ? 'complete' : 'deliver',
      before: { code: r.code, status: r.status, deliveredQtyTotal: r.deliveredQtyTotal },
      after: { code: header!.code, status: header!.status, deliveredQtyTotal: delivered, wdoCode: event.header.code, costRule: r.costRule },
    });
    // What the supplier billed (the purchase price, without the order's freight): the debit note's price.
    const billedCosts = await receiptCostsOf(
      tx,
      domainId,
      moving.map((l) => l.purchaseOrderLineId),
      'price',
    );
    const heard = moving.map((l) => {
      const line = after.find((a) => a.id === l.id)!;
      return {
        purchaseReturnLineId: l.id,
        purchaseOrderLineId: l.purchaseOrderLineId,
        skuId: l.skuId,
        qty: taken.get(l.id)!,
        deliveredBefore: l.deliveredQty,
        unitCost: line.unitCost ?? formatDecimal(0, MONEY_DECIMALS),
        receiptCost: billedCosts.get(l.purchaseOrderLineId) ?? null,
      };
    });
    for (const listener of deps.registry.list<PurchaseReturnDeliveredListener>(PURCHASE_RETURN_DELIVERED_LISTENERS)) {
      await listener({ tx, actor: event.actor, domainId, purchaseReturnId: r.id, purchaseReturnCode: r.code, supplierId: r.supplierId, lines: heard });
    }
  }

  /** The outbound order of a verified return was cancelled: the return closes, the pieces count back. */
  async function onCancelled(event: WdoEvent, r: PurchaseReturn) {
    const { tx } = event;
    const lines = await returnLinesOf(tx, r.domainId, r.id, true);
    const rest = new Map<number, number>();
    for (const l of lines) if (l.qty > l.deliveredQty) rest.set(l.purchaseOrderLineId, (rest.get(l.purchaseOrderLineId) ?? 0) - (l.qty - l.deliveredQty));
    if (rest.size) await countOnOrderLines(tx, r.domainId, rest);
    const delivered = lines.some((l) => l.deliveredQty > 0);
    const [after] = await tx
      .update(purchaseReturns)
      .set({ status: delivered ? 'COMPLETE' : 'CLOSE', completedAt: event.now, version: r.version + 1, updatedAt: event.now })
      .where(and(eq(purchaseReturns.domainId, r.domainId), eq(purchaseReturns.id, r.id)))
      .returning();
    await writeOperationLog(tx, event.actor, {
      area: AREA,
      entityType: ENTITY,
      entityId: r.id,
      action: 'close',
      before: { code: r.code, status: r.status },
      after: { code: after!.code, status: after!.status, wdoCode: event.header.code },
    });
  }

  return {
    view,

    async search(session: Session, input: PurchaseReturnSearchParsed): Promise<PageResult<PurchaseReturnRow>> {
      const { rows, total } = await searchReturns(db, domainOf(session), input);
      return pageAnswer(redactFields(rows, RETURN_PRICE_FIELDS, session, now()), total, input);
    },

    async extraInfo(session: Session, input: PurchaseReturnSearchParsed): Promise<PurchaseReturnExtraInfo> {
      const counts = await returnCounts(db, domainOf(session), input);
      return { statusCounts: PURCHASE_RETURN_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })) };
    },

    async lines(session: Session, id: number): Promise<PurchaseReturnLineRow[]> {
      return (await view(session, domainOf(session), id)).lines;
    },

    async asnSearch(session: Session, input: PurchaseReturnAsnSearchParsed): Promise<PageResult<PurchaseReturnAsnLine>> {
      const { rows, total } = await searchReturnableAsnLines(db, domainOf(session), input);
      return pageAnswer(redactFields(rows, RETURN_LINE_PRICE_FIELDS, session, now()), total, input);
    },

    async create(session: Session, input: PurchaseReturnCreateInput, submit: boolean): Promise<PurchaseReturnView> {
      const domainId = domainOf(session);
      const created = await db.transaction(async (tx) => {
        const lines = await resolve(tx, domainId, input);
        const code = await nextPurchaseReturnCode(tx, domainId, now());
        const [r] = await tx
          .insert(purchaseReturns)
          .values({
            domainId,
            code,
            status: submit ? 'SUBMIT' : 'DRAFT',
            ...headerFields(input, lines),
            submittedAt: submit ? now() : null,
            createdBy: session.userId,
            createdByName: session.userName || session.loginName,
            createdAt: now(),
            updatedAt: now(),
          })
          .returning();
        const inserted = await insertLines(tx, domainId, r!.id, lines);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: r!.id, action: submit ? 'createAndSubmit' : 'create', after: { ...r, lines: inserted } });
        return r!;
      });
      return view(session, domainId, created.id);
    },

    /** Edits a draft: header and lines replaced, version checked. */
    async update(session: Session, input: PurchaseReturnUpdateInput): Promise<PurchaseReturnView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await returnOrFail(tx, domainId, input.id);
        guard(before, input.version, 'update');
        const oldLines = await returnLinesOf(tx, domainId, before.id);
        const lines = await resolve(tx, domainId, input);
        await tx.delete(purchaseReturnLines).where(and(eq(purchaseReturnLines.domainId, domainId), eq(purchaseReturnLines.returnId, before.id)));
        const [after] = await tx
          .update(purchaseReturns)
          .set({ ...headerFields(input, lines), version: before.version + 1, updatedAt: now() })
          .where(and(eq(purchaseReturns.domainId, domainId), eq(purchaseReturns.id, before.id), eq(purchaseReturns.version, input.version)))
          .returning();
        if (!after) throw versionConflict('purchaseReturn');
        const inserted = await insertLines(tx, domainId, before.id, lines);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: before.id, action: 'update', before: { ...before, lines: oldLines }, after: { ...after, lines: inserted } });
      });
      return view(session, domainId, input.id);
    },

    submit: (session: Session, input: PurchaseReturnVersionInput) => simpleMove(session, input, 'submit', { submittedAt: now(), rejectReason: null }),
    invalid: (session: Session, input: PurchaseReturnVersionInput) => simpleMove(session, input, 'invalid'),
    retract: (session: Session, input: PurchaseReturnVersionInput) => simpleMove(session, input, 'retract'),

    async reject(session: Session, input: PurchaseReturnRejectInput): Promise<PurchaseReturnView> {
      await db.transaction((tx) => rejectInTx(tx, session, input));
      return view(session, domainOf(session), input.id);
    },

    async verify(session: Session, input: PurchaseReturnVersionInput): Promise<PurchaseReturnView> {
      await db.transaction((tx) => verifyInTx(tx, session, input));
      return view(session, domainOf(session), input.id);
    },

    batchVerify: (session: Session, input: PurchaseReturnBatchInput, language: Language) => batch(session, input, language, (tx, item) => verifyInTx(tx, session, item)),
    batchReject: (session: Session, input: PurchaseReturnBatchInput, language: Language) => batch(session, input, language, (tx, item) => rejectInTx(tx, session, { ...item, reason: input.reason })),

    /** Deletes a draft with its lines. */
    async remove(session: Session, input: PurchaseReturnVersionInput): Promise<{ deleted: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const before = await returnOrFail(tx, domainId, input.id);
        guard(before, input.version, 'delete');
        const lines = await returnLinesOf(tx, domainId, before.id);
        await tx.delete(purchaseReturns).where(and(eq(purchaseReturns.domainId, domainId), eq(purchaseReturns.id, before.id)));
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: before.id, action: 'delete', before: { ...before, lines } });
        return { deleted: 1 };
      });
    },

    /** Listener of 'wdo-listeners': the delivery or cancel of a purchase return's outbound order. */
    async onWdo(event: WdoEvent): Promise<void> {
      if (event.header.wdoType !== 'WDO_PURCHASE_RETURN') return;
      const r = await lockReturnOfWdo(event.tx, event.header.domainId, event.header.id);
      if (!r || r.status !== 'VERIFY') return;
      if (event.kind === 'DELIVERING') await onDelivering(event, r);
      else await onCancelled(event, r);
    },
  };
}

export type PurchaseReturnsService = ReturnType<typeof createPurchaseReturnsService>;
