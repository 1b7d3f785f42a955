// Payables: purchase payables recording bills (purchase receipt lines) and other payables, with
// the states of rules/finance.ts (payableAllows). A bill is recorded on one live payable only
// (unique source_key, cleared on invalid). Verify checks the three-way match (quantity × price
// against the receipt and the order; mismatched lines named) and raises the purchase order lines'
// settled quantity through purchasing's index; invalid of a verified payable lowers it again.
// Debit notes (negative purchase payables) come from purchase returns (createDebitNoteInTx).
import { and, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  FinanceErrors,
  formatDecimal,
  MONEY_DECIMALS,
  multiplyDecimals,
  payableAllows,
  payableLineMatches,
  payableStatusAfter,
  paymentStatusOf,
  sumDecimals,
  type FinanceRejectInput,
  type FinanceVersionInput,
  type OperationLogAction,
  type OtherPayableCreateInput,
  type OtherPayableUpdateInput,
  type PayableAction,
  type PayableLineRow,
  type PayableRow,
  type PayableStatus,
  type PayableView,
  type PurchasePayableCreateInput,
  type PurchasePayableUpdateInput,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { financePayableLines, financePayables } from '../../db/schema/index.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import { fieldVisibility, redactFields } from '../../platform/field-permissions.js';
import { writeOperationLog, type OperationActor } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { uniqueViolation } from '../../platform/sql.js';
import { settlePurchaseLinesInTx } from '../purchasing/index.js';
import {
  allocationCount,
  allocationsOfPayable,
  billsByIds,
  findPayable,
  findSupplier,
  liveSources,
  nextFinanceCode,
  orderLinesByIds,
  payableLinesOf,
  payableRowById,
  skusByCodes,
  skusByIds,
  type Payable,
  type PayableLine,
} from './finance.queries.js';

export const AREA = 'finance';
const ENTITY = 'payable' as const;
export const PAYABLE_PREFIX = 'YF';
/** The unit prices and the line amounts that give them away: PURCHASE_PRICE only. */
export const PAYABLE_LINE_PRICE_FIELDS = { payablePrice: 'PURCHASE_PRICE', amountPayable: 'PURCHASE_PRICE', receivePrice: 'PURCHASE_PRICE', orderPrice: 'PURCHASE_PRICE' };

const money = (v: Parameters<typeof formatDecimal>[0]) => formatDecimal(v, MONEY_DECIMALS);

type NewLine = Omit<typeof financePayableLines.$inferInsert, 'domainId' | 'payableId' | 'lineNo'>;

export interface DebitNoteInput {
  domainId: number;
  supplierId: number;
  purchaseReturnId: number;
  /**
   * deliveredBefore: pieces of the return line delivered before this delivery (a warehouse system
   * may send a return in several shipments); each delivery of a line is noted once.
   */
  lines: { purchaseReturnLineId: number; purchaseOrderLineId: number; skuId: number; qty: number; unitCost: string; deliveredBefore?: number }[];
  /** Who returned the goods (the operation log's actor); absent: the system. */
  actor?: OperationActor;
}

export function createPayablesService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  const wrongStatus = (p: Payable, action: PayableAction) => new AppError(FinanceErrors.PAYABLE_WRONG_STATUS, 409, { code: p.code, status: p.status, action });

  async function payableOrFail(tx: Tx, domainId: number, id: number, lock = true): Promise<Payable> {
    const found = await findPayable(tx, domainId, id, lock);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'payable', field: 'id', id });
    return found;
  }

  function guard(p: Payable, version: number, action: PayableAction) {
    if (p.version !== version) throw versionConflict('payable');
    if (!payableAllows(p.status as PayableStatus, action, { amount: p.amount, outstanding: p.outstanding })) throw wrongStatus(p, action);
  }

  function toLineRow(l: PayableLine, skuCode: string | null, purchaseCode: string | null): PayableLineRow {
    const matches = l.billDetailId === null ? true : payableLineMatches({ payableQty: l.payableQty, payablePrice: l.payablePrice, receiveQty: l.receiveQty ?? 0, receivePrice: l.receivePrice, orderPrice: l.orderPrice });
    return {
      id: l.id,
      lineNo: l.lineNo,
      payableItemName: l.payableItemName,
      skuCode,
      billDetailId: l.billDetailId,
      purchaseOrderLineId: l.purchaseOrderLineId,
      purchaseReturnLineId: l.purchaseReturnLineId,
      purchaseCode,
      payableQty: l.payableQty,
      receiveQty: l.receiveQty,
      payablePrice: l.payablePrice,
      amountPayable: l.amountPayable,
      receivePrice: l.receivePrice,
      orderPrice: l.orderPrice,
      matches,
      remark: l.remark,
    };
  }

  async function view(session: Session, domainId: number, id: number, tx: Tx = db): Promise<PayableView> {
    const payable = await payableRowById(tx, domainId, id);
    if (!payable) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'payable', field: 'id', id });
    const lines = await payableLinesOf(tx, domainId, id);
    const [skuRows, orderLines, allocations] = await Promise.all([
      skusByIds(tx, domainId, [...new Set(lines.map((l) => l.skuId).filter((v): v is number => v !== null))]),
      orderLinesByIds(tx, domainId, [...new Set(lines.map((l) => l.purchaseOrderLineId).filter((v): v is number => v !== null))]),
      allocationsOfPayable(tx, domainId, id),
    ]);
    const skuCode = new Map(skuRows.map((s) => [s.id, s.code]));
    const orderCode = new Map(orderLines.map((o) => [o.id, o.orderCode]));
    return {
      payable,
      lines: redactFields(
        lines.map((l) => toLineRow(l, l.skuId === null ? null : (skuCode.get(l.skuId) ?? null), l.purchaseOrderLineId === null ? null : (orderCode.get(l.purchaseOrderLineId) ?? null))),
        PAYABLE_LINE_PRICE_FIELDS,
        session,
        now(),
      ),
      allocations: allocations.map((a) => ({ ...a, paymentStatus: a.paymentStatus as PayableView['allocations'][number]['paymentStatus'] })),
    };
  }

  /** The lines of a purchase payable from its bills: one supplier, each bill not yet recorded elsewhere. */
  async function resolvePurchaseLines(tx: Tx, domainId: number, session: Session, details: PurchasePayableCreateInput['details'], exceptPayableId?: number) {
    const priceVisible = fieldVisibility(session, now())('PURCHASE_PRICE');
    const bills = new Map((await billsByIds(tx, domainId, details.map((d) => d.billDetailId))).map((b) => [b.id, b]));
    const taken = new Map((await liveSources(tx, domainId, details.map((d) => `receipt:${d.billDetailId}`))).map((s) => [s.sourceKey, s.payableCode]));
    const own = exceptPayableId === undefined ? undefined : (await findPayable(tx, domainId, exceptPayableId, false))?.code;
    let supplierId: number | null = null;
    const lines: NewLine[] = [];
    const orderCodes = new Set<string>();
    for (const [index, d] of details.entries()) {
      const field = `details.${index}.billDetailId`;
      const bill = bills.get(d.billDetailId);
      if (!bill) throw new AppError(FinanceErrors.BILL_NOT_FOUND, 404, { field, billDetailId: d.billDetailId });
      const holder = taken.get(`receipt:${bill.id}`);
      if (holder !== undefined && holder !== own) throw new AppError(FinanceErrors.BILL_RECORDED, 409, { field, billDetailId: bill.id, payableCode: holder });
      if (supplierId !== null && bill.supplierId !== supplierId) throw new AppError(FinanceErrors.BILLS_OF_SUPPLIERS, 409, { field, purchaseCode: bill.orderCode });
      supplierId = bill.supplierId;
      if ((d.payablePrice ?? null) !== null && !priceVisible) throw new AppError(FinanceErrors.PRICE_HIDDEN, 403, { field: `details.${index}.payablePrice` });
      const qty = d.payableQty ?? bill.qty;
      const price = money(d.payablePrice ?? bill.unitCost ?? bill.orderPrice ?? '0');
      orderCodes.add(bill.orderCode);
      lines.push({
        payableItemName: bill.skuName ?? bill.skuCode,
        skuId: bill.skuId,
        billDetailId: bill.id,
        purchaseOrderId: bill.orderId,
        purchaseOrderLineId: bill.lineId,
        payableQty: qty,
        payablePrice: price,
        amountPayable: money(multiplyDecimals(price, qty)),
        receiveQty: bill.qty,
        receivePrice: bill.unitCost,
        orderPrice: bill.orderPrice,
        remark: d.remark ?? null,
        sourceKey: `receipt:${bill.id}`,
      });
    }
    return { supplierId: supplierId!, lines, purchaseCode: [...orderCodes].join(',') };
  }

  async function resolveOtherLines(tx: Tx, domainId: number, session: Session, input: OtherPayableCreateInput) {
    const supplier = await findSupplier(tx, domainId, input.payableObjectId);
    if (!supplier) throw new AppError(FinanceErrors.SUPPLIER_NOT_FOUND, 404, { field: 'payableObjectId', id: input.payableObjectId });
    if (!fieldVisibility(session, now())('PURCHASE_PRICE')) throw new AppError(FinanceErrors.PRICE_HIDDEN, 403, { field: 'details.0.payablePrice' });
    const codes = input.details.map((d) => d.skuCode).filter((c): c is string => !!c);
    const byCode = new Map((await skusByCodes(tx, domainId, codes)).map((s) => [s.code, s]));
    const lines: NewLine[] = input.details.map((d, index) => {
      const sku = d.skuCode ? byCode.get(d.skuCode) : undefined;
      if (d.skuCode && !sku) throw new AppError(FinanceErrors.SKU_NOT_FOUND, 404, { field: `details.${index}.skuCode`, skuCode: d.skuCode });
      const price = money(d.payablePrice);
      return { payableItemName: d.payableItemName, skuId: sku?.id ?? null, payableQty: d.payableQty, payablePrice: price, amountPayable: money(multiplyDecimals(price, d.payableQty)), remark: d.remark ?? null };
    });
    return { supplierId: supplier.id, lines, purchaseCode: null };
  }

  async function insertLines(tx: Tx, domainId: number, payableId: number, lines: NewLine[]) {
    try {
      return await tx
        .insert(financePayableLines)
        .values(lines.map((l, i) => ({ ...l, domainId, payableId, lineNo: i + 1, createdAt: now() })))
        .returning();
    } catch (error) {
      // Another payable recorded the same bill meanwhile.
      if (uniqueViolation(error) === 'finance_payable_lines_source_key') throw new AppError(FinanceErrors.BILL_RECORDED, 409, { field: 'details', payableCode: '' });
      throw error;
    }
  }

  const amountOf = (lines: NewLine[]) => money(sumDecimals(lines.map((l) => l.amountPayable)));

  async function insertPayable(
    tx: Tx,
    actor: OperationActor,
    fields: { domainId: number; payableType: 'PURCHASE' | 'OTHER'; status: PayableStatus; supplierId: number; purchaseCode: string | null; purchaseReturnId?: number | null; remark: string | null; createdBy: number | null; createdByName: string | null },
    lines: NewLine[],
    action: OperationLogAction,
  ): Promise<Payable> {
    const amount = amountOf(lines);
    const code = await nextFinanceCode(tx, fields.domainId, PAYABLE_PREFIX, now());
    const [payable] = await tx
      .insert(financePayables)
      .values({
        ...fields,
        code,
        amount,
        outstanding: amount,
        paymentStatus: paymentStatusOf(amount, amount),
        submittedAt: fields.status === 'SUBMIT' ? now() : null,
        verifiedAt: fields.status === 'VERIFIED' ? now() : null,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    const inserted = await insertLines(tx, fields.domainId, payable!.id, lines);
    await writeOperationLog(tx, actor, { area: AREA, entityType: ENTITY, entityId: payable!.id, action, after: { ...payable, lines: inserted } });
    return payable!;
  }

  async function createInTx(tx: Tx, session: Session, kind: 'PURCHASE' | 'OTHER', input: PurchasePayableCreateInput | OtherPayableCreateInput, submit: boolean) {
    const domainId = domainOf(session);
    const resolved = kind === 'PURCHASE' ? await resolvePurchaseLines(tx, domainId, session, (input as PurchasePayableCreateInput).details) : await resolveOtherLines(tx, domainId, session, input as OtherPayableCreateInput);
    return insertPayable(
      tx,
      actorOf(session),
      {
        domainId,
        payableType: kind,
        status: submit ? 'SUBMIT' : 'DRAFT',
        supplierId: resolved.supplierId,
        purchaseCode: resolved.purchaseCode,
        remark: input.remark ?? null,
        createdBy: session.userId,
        createdByName: session.userName || session.loginName,
      },
      resolved.lines,
      submit ? 'createAndSubmit' : 'create',
    );
  }

  async function moveInTx(tx: Tx, session: Session, before: Payable, action: Exclude<PayableAction, 'update' | 'delete'>, extra: Partial<typeof financePayables.$inferInsert> = {}) {
    const [after] = await tx
      .update(financePayables)
      .set({ status: payableStatusAfter(action), ...extra, version: before.version + 1, updatedAt: now() })
      .where(and(eq(financePayables.domainId, before.domainId), eq(financePayables.id, before.id), eq(financePayables.version, before.version)))
      .returning();
    if (!after) throw versionConflict('payable');
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

  /** Purchase order lines settled by the payable's purchase lines (not debit notes). */
  const settlement = (lines: PayableLine[], sign: 1 | -1) =>
    lines.filter((l) => l.purchaseOrderLineId !== null && l.billDetailId !== null).map((l) => ({ lineId: l.purchaseOrderLineId!, qty: sign * l.payableQty }));

  return {
    view,

    async create(session: Session, kind: 'PURCHASE' | 'OTHER', input: PurchasePayableCreateInput | OtherPayableCreateInput, submit: boolean): Promise<PayableView> {
      const payable = await db.transaction((tx) => createInTx(tx, session, kind, input, submit));
      return view(session, payable.domainId, payable.id);
    },

    /** Records bills: one purchase payable (DRAFT) per supplier, at the receipts' prices. */
    async record(session: Session, billDetailIds: number[]): Promise<{ payables: PayableRow[] }> {
      const domainId = domainOf(session);
      const ids = await db.transaction(async (tx) => {
        const bills = await billsByIds(tx, domainId, billDetailIds);
        const found = new Set(bills.map((b) => b.id));
        const missing = billDetailIds.findIndex((id) => !found.has(id));
        if (missing >= 0) throw new AppError(FinanceErrors.BILL_NOT_FOUND, 404, { field: `billDetailIds.${missing}`, billDetailId: billDetailIds[missing]! });
        const bySupplier = new Map<number, number[]>();
        for (const id of billDetailIds) {
          const bill = bills.find((b) => b.id === id)!;
          bySupplier.set(bill.supplierId, [...(bySupplier.get(bill.supplierId) ?? []), id]);
        }
        const made: number[] = [];
        for (const group of bySupplier.values()) {
          const resolved = await resolvePurchaseLines(
            tx,
            domainId,
            session,
            group.map((billDetailId) => ({ billDetailId, remark: undefined })),
          );
          const payable = await insertPayable(
            tx,
            actorOf(session),
            { domainId, payableType: 'PURCHASE', status: 'DRAFT', supplierId: resolved.supplierId, purchaseCode: resolved.purchaseCode, remark: null, createdBy: session.userId, createdByName: session.userName || session.loginName },
            resolved.lines,
            'record',
          );
          made.push(payable.id);
        }
        return made;
      });
      const rows = await Promise.all(ids.map((id) => payableRowById(db, domainId, id)));
      return { payables: rows.filter((r): r is PayableRow => !!r) };
    },

    /** Edits a draft: lines replaced, version checked; `submit` submits it in the same transaction. */
    async update(session: Session, kind: 'PURCHASE' | 'OTHER', input: PurchasePayableUpdateInput | OtherPayableUpdateInput, submit: boolean): Promise<PayableView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await payableOrFail(tx, domainId, input.id);
        guard(before, input.version, 'update');
        if (before.payableType !== kind || before.purchaseReturnId !== null) throw new AppError(FinanceErrors.WRONG_PAYABLE_TYPE, 409, { code: before.code, payableType: before.payableType });
        const oldLines = await payableLinesOf(tx, domainId, before.id);
        // The payable's own bills are free for it while it is edited.
        await tx.delete(financePayableLines).where(and(eq(financePayableLines.domainId, domainId), eq(financePayableLines.payableId, before.id)));
        const resolved =
          kind === 'PURCHASE' ? await resolvePurchaseLines(tx, domainId, session, (input as PurchasePayableUpdateInput).details, before.id) : await resolveOtherLines(tx, domainId, session, input as OtherPayableUpdateInput);
        const amount = amountOf(resolved.lines);
        const [after] = await tx
          .update(financePayables)
          .set({
            supplierId: resolved.supplierId,
            purchaseCode: resolved.purchaseCode,
            remark: input.remark ?? null,
            amount,
            outstanding: amount,
            paymentStatus: paymentStatusOf(amount, amount),
            ...(submit ? { status: 'SUBMIT', submittedAt: now(), rejectReason: null } : {}),
            version: before.version + 1,
            updatedAt: now(),
          })
          .where(and(eq(financePayables.domainId, domainId), eq(financePayables.id, before.id), eq(financePayables.version, input.version)))
          .returning();
        if (!after) throw versionConflict('payable');
        const lines = await insertLines(tx, domainId, before.id, resolved.lines);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: before.id, action: 'update', before: { ...before, lines: oldLines }, after: { ...after, lines } });
      });
      return view(session, domainId, input.id);
    },

    async move(session: Session, input: FinanceVersionInput | FinanceRejectInput, action: 'submit' | 'retract' | 'reject'): Promise<PayableView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await payableOrFail(tx, domainId, input.id);
        guard(before, input.version, action);
        const extra = action === 'submit' ? { submittedAt: now(), rejectReason: null } : action === 'reject' ? { rejectReason: (input as FinanceRejectInput).reason ?? null } : {};
        await moveInTx(tx, session, before, action, extra);
      });
      return view(session, domainId, input.id);
    },

    /**
     * Verifies a submitted payable. A purchase payable only when every line's quantity × price
     * matches its receipt and its order line (the mismatched lines are named); its order lines'
     * settled quantity rises in the same transaction.
     */
    async verify(session: Session, input: FinanceVersionInput): Promise<PayableView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await payableOrFail(tx, domainId, input.id);
        guard(before, input.version, 'verify');
        const lines = await payableLinesOf(tx, domainId, before.id);
        if (before.payableType === 'PURCHASE' && before.purchaseReturnId === null) {
          // Compared with the receipt and the order as they are now.
          const bills = new Map((await billsByIds(tx, domainId, lines.map((l) => l.billDetailId).filter((v): v is number => v !== null))).map((b) => [b.id, b]));
          const mismatched = lines.filter((l) => {
            const bill = l.billDetailId === null ? undefined : bills.get(l.billDetailId);
            return !bill || !payableLineMatches({ payableQty: l.payableQty, payablePrice: l.payablePrice, receiveQty: bill.qty, receivePrice: bill.unitCost, orderPrice: bill.orderPrice });
          });
          if (mismatched.length)
            throw new AppError(FinanceErrors.THREE_WAY_MISMATCH, 409, {
              field: `details.${mismatched[0]!.lineNo - 1}.payableQty`,
              code: before.code,
              lines: mismatched.map((l) => l.lineNo).join(', '),
            });
          await settlePurchaseLinesInTx(tx, domainId, settlement(lines, 1));
        }
        await moveInTx(tx, session, before, 'verify', { verifiedAt: now(), verifiedBy: session.userId, rejectReason: null });
      });
      return view(session, domainId, input.id);
    },

    /**
     * Invalidates a draft, or a verified payable nothing is paid on and no payment names: its bills
     * can be recorded again and its order lines' settled quantity falls back.
     */
    async invalid(session: Session, input: FinanceVersionInput): Promise<PayableView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await payableOrFail(tx, domainId, input.id);
        guard(before, input.version, 'invalid');
        if (before.status === 'VERIFIED') {
          if (before.purchaseReturnId !== null) throw wrongStatus(before, 'invalid');
          if ((await allocationCount(tx, domainId, before.id, true)) > 0) throw new AppError(FinanceErrors.PAYABLE_IN_PAYMENT, 409, { code: before.code });
          const lines = await payableLinesOf(tx, domainId, before.id);
          if (before.payableType === 'PURCHASE') await settlePurchaseLinesInTx(tx, domainId, settlement(lines, -1));
        }
        await tx.update(financePayableLines).set({ sourceKey: null }).where(and(eq(financePayableLines.domainId, domainId), eq(financePayableLines.payableId, before.id)));
        await moveInTx(tx, session, before, 'invalid');
      });
      return view(session, domainId, input.id);
    },

    /** Deletes a draft or an invalidated payable no payment ever named. */
    async remove(session: Session, input: FinanceVersionInput): Promise<{ deleted: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const before = await payableOrFail(tx, domainId, input.id);
        guard(before, input.version, 'delete');
        if ((await allocationCount(tx, domainId, before.id, false)) > 0) throw new AppError(FinanceErrors.PAYABLE_IN_PAYMENT, 409, { code: before.code });
        const lines = await payableLinesOf(tx, domainId, before.id);
        await tx.delete(financePayables).where(and(eq(financePayables.domainId, domainId), eq(financePayables.id, before.id)));
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: before.id, action: 'delete', before: { ...before, lines } });
        return { deleted: 1 };
      });
    },

    /**
     * A debit note for a purchase return, in the return's transaction: a verified negative purchase
     * payable, one line per return line (qty × unit cost taken off), each return line once.
     */
    async createDebitNoteInTx(tx: Tx, input: DebitNoteInput): Promise<{ id: number; code: string; amount: string }> {
      const { domainId } = input;
      if (!input.lines.length) throw new AppError(ErrorCodes.VALIDATION, 400, { field: 'lines' });
      const [skuRows, orderLines] = await Promise.all([skusByIds(tx, domainId, [...new Set(input.lines.map((l) => l.skuId))]), orderLinesByIds(tx, domainId, [...new Set(input.lines.map((l) => l.purchaseOrderLineId))])]);
      const skuName = new Map(skuRows.map((s) => [s.id, s.name ?? s.code]));
      const orderLine = new Map(orderLines.map((o) => [o.id, o]));
      const lines: NewLine[] = input.lines.map((l) => {
        const price = money(l.unitCost);
        return {
          payableItemName: skuName.get(l.skuId) ?? String(l.skuId),
          skuId: l.skuId,
          purchaseOrderId: orderLine.get(l.purchaseOrderLineId)?.orderId ?? null,
          purchaseOrderLineId: l.purchaseOrderLineId,
          purchaseReturnId: input.purchaseReturnId,
          purchaseReturnLineId: l.purchaseReturnLineId,
          payableQty: -l.qty,
          payablePrice: price,
          amountPayable: money(multiplyDecimals(price, -l.qty)),
          orderPrice: orderLine.get(l.purchaseOrderLineId)?.price ?? null,
          sourceKey: l.deliveredBefore ? `return-line:${l.purchaseReturnLineId}@${l.deliveredBefore}` : `return-line:${l.purchaseReturnLineId}`,
        };
      });
      const codes = [...new Set(input.lines.map((l) => orderLine.get(l.purchaseOrderLineId)?.orderCode).filter((c): c is string => !!c))];
      const actor = input.actor ?? { userId: null, loginName: null, domainId };
      const payable = await insertPayable(
        tx,
        actor,
        { domainId, payableType: 'PURCHASE', status: 'VERIFIED', supplierId: input.supplierId, purchaseCode: codes.join(',') || null, purchaseReturnId: input.purchaseReturnId, remark: null, createdBy: actor.userId, createdByName: actor.loginName },
        lines,
        'createDebitNote',
      );
      return { id: payable.id, code: payable.code, amount: payable.amount };
    },
  };
}

export type PayablesService = ReturnType<typeof createPayablesService>;
