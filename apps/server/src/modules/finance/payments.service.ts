// Payments and prepayments. A payment allocates amounts to verified payables of one supplier and
// pays them by a pay type, less other deductions and deductions from the supplier's prepayments.
// Nothing moves until verify: then, under row locks (the payment, its payables in id order, its
// prepayments in id order), every allocation is checked against what is still outstanding and
// every deduction against what is left of its prepayment, and both are taken off; the database
// keeps 0 ≤ outstanding ≤ amount and 0 ≤ remaining ≤ amount. Invalid on a verified payment
// cancels it: the same locks, everything given back, in one transaction. A verified prepayment
// credits the supplier's ledger.
import { and, eq } from 'drizzle-orm';
import {
  allocationFits,
  compareDecimals,
  ErrorCodes,
  FinanceErrors,
  formatDecimal,
  MONEY_DECIMALS,
  paidAllows,
  paidStatusAfter,
  parseDateTimeText,
  paymentStatusOf,
  subtractDecimals,
  sumDecimals,
  addDecimals,
  type FinanceRejectInput,
  type FinanceVersionInput,
  type OperationLogAction,
  type PaidAction,
  type PaidStatus,
  type PaymentByBillInput,
  type PaymentCreateInput,
  type PaymentView,
  type PrepaidBalance,
  type PrepaidCreateInput,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { financePayables, financePaymentAllocations, financePayments, financePrepaidDeductions, financePrepaidLedger } from '../../db/schema/index.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { isoTimeOf } from '../../platform/time.js';
import {
  allocationsOfPayment,
  deductionCount,
  deductionsOfPayment,
  findPayment,
  findSupplier,
  lockPayables,
  nextFinanceCode,
  openPrepayments,
  payablesByIds,
  paymentRowById,
  paymentsByIds,
  type Payable,
  type Payment,
} from './finance.queries.js';
import { AREA } from './payables.service.js';

const ENTITY = 'payment' as const;
export const PAYMENT_PREFIX = 'FK';
const money = (v: Parameters<typeof formatDecimal>[0]) => formatDecimal(v, MONEY_DECIMALS);

interface Allocation {
  payableId: number;
  amount: string;
}
interface Deduction {
  prepaidPaymentId: number;
  prepaidDeductAmount: string;
}

export function createPaymentsService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  const wrongStatus = (p: Payment, action: PaidAction) => new AppError(FinanceErrors.PAYMENT_WRONG_STATUS, 409, { code: p.code, status: p.status, action });

  async function paymentOrFail(tx: Tx, domainId: number, id: number, lock = true): Promise<Payment> {
    const found = await findPayment(tx, domainId, id, lock);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'payment', field: 'id', id });
    return found;
  }

  function guard(p: Payment, version: number, action: PaidAction) {
    if (p.version !== version) throw versionConflict('payment');
    if (!paidAllows(p.status as PaidStatus, action)) throw wrongStatus(p, action);
  }

  async function view(domainId: number, id: number, tx: Tx = db): Promise<PaymentView> {
    const payment = await paymentRowById(tx, domainId, id);
    if (!payment) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'payment', field: 'id', id });
    const [allocations, deductions] = await Promise.all([allocationsOfPayment(tx, domainId, id), deductionsOfPayment(tx, domainId, id)]);
    return { payment, allocations, prepaidDeductDetails: deductions };
  }

  /** Checks the allocations against the payables (as read, or locked) of the supplier. */
  function checkAllocations(supplierId: number, allocations: Allocation[], payables: Payable[], field = 'allocations') {
    const byId = new Map(payables.map((p) => [p.id, p]));
    allocations.forEach((a, index) => {
      const p = byId.get(a.payableId);
      if (!p || p.supplierId !== supplierId || p.status !== 'VERIFIED') throw new AppError(FinanceErrors.PAYABLE_NOT_PAYABLE, 409, { field: `${field}.${index}.payableId`, code: p?.code ?? String(a.payableId), status: p?.status ?? '' });
      if (!allocationFits(p.outstanding, a.amount)) throw new AppError(FinanceErrors.OVER_ALLOCATION, 409, { field: `${field}.${index}.amount`, code: p.code, outstanding: p.outstanding, amount: money(a.amount) });
    });
  }

  /** Checks the deductions against the supplier's verified prepayments (as read, or locked). */
  function checkDeductions(supplierId: number, deductions: Deduction[], prepaids: Payment[]) {
    const byId = new Map(prepaids.map((p) => [p.id, p]));
    deductions.forEach((d, index) => {
      const p = byId.get(d.prepaidPaymentId);
      if (!p || p.supplierId !== supplierId || p.paymentType !== 'PREPAID' || p.status !== 'VERIFIED')
        throw new AppError(FinanceErrors.PREPAID_NOT_FOUND, 404, { field: `prepaidDeductDetails.${index}.prepaidPaymentId`, id: d.prepaidPaymentId });
      if (compareDecimals(d.prepaidDeductAmount, p.prepaidRemaining ?? '0') > 0)
        throw new AppError(FinanceErrors.PREPAID_BALANCE, 409, { field: `prepaidDeductDetails.${index}.prepaidDeductAmount`, code: p.code, remaining: p.prepaidRemaining ?? '0', amount: money(d.prepaidDeductAmount) });
    });
  }

  async function insertPayment(
    tx: Tx,
    session: Session,
    input: { paymentType: 'PAYABLE' | 'PREPAID'; supplierId: number; common: PaymentCreateInput | PrepaidCreateInput | PaymentByBillInput; amountPaid: string; otherDeduct: string; allocations: Allocation[]; deductions: Deduction[] },
    action: OperationLogAction,
  ) {
    const domainId = domainOf(session);
    const prepaidDeduct = money(sumDecimals(input.deductions.map((d) => d.prepaidDeductAmount)));
    const actualPaid = subtractDecimals(subtractDecimals(input.amountPaid, input.otherDeduct), prepaidDeduct);
    if (compareDecimals(actualPaid, 0) < 0) throw new AppError(FinanceErrors.NEGATIVE_PAYMENT, 409, { field: 'otherDeduct', amountPaid: input.amountPaid, deducted: money(addDecimals(input.otherDeduct, prepaidDeduct)) });
    const c = input.common;
    const code = await nextFinanceCode(tx, domainId, PAYMENT_PREFIX, now());
    const [payment] = await tx
      .insert(financePayments)
      .values({
        domainId,
        code,
        paymentType: input.paymentType,
        status: 'DRAFT',
        supplierId: input.supplierId,
        paymentMode: c.paymentMode,
        paymentAccount: c.paymentAccount ?? null,
        collectBank: c.collectBank ?? null,
        collectAccount: c.collectAccount ?? null,
        paidTime: c.paidTime ? parseDateTimeText(c.paidTime) : null,
        amountPaid: money(input.amountPaid),
        otherDeduct: money(input.otherDeduct),
        prepaidDeduct,
        actualPaid: money(actualPaid),
        remark: c.remark ?? null,
        createdBy: session.userId,
        createdByName: session.userName || session.loginName,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    if (input.allocations.length)
      await tx.insert(financePaymentAllocations).values(input.allocations.map((a) => ({ domainId, paymentId: payment!.id, payableId: a.payableId, amount: money(a.amount) })));
    if (input.deductions.length)
      await tx.insert(financePrepaidDeductions).values(input.deductions.map((d) => ({ domainId, paymentId: payment!.id, prepaidPaymentId: d.prepaidPaymentId, amount: money(d.prepaidDeductAmount) })));
    await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: payment!.id, action, after: { ...payment, allocations: input.allocations, deductions: input.deductions } });
    return payment!;
  }

  async function supplierOrFail(tx: Tx, domainId: number, id: number, field: string) {
    const supplier = await findSupplier(tx, domainId, id);
    if (!supplier) throw new AppError(FinanceErrors.SUPPLIER_NOT_FOUND, 404, { field, id });
    return supplier;
  }

  async function moveInTx(tx: Tx, session: Session, before: Payment, action: Exclude<PaidAction, 'delete'>, extra: Partial<typeof financePayments.$inferInsert> = {}) {
    const [after] = await tx
      .update(financePayments)
      .set({ status: paidStatusAfter(action), ...extra, version: before.version + 1, updatedAt: now() })
      .where(and(eq(financePayments.domainId, before.domainId), eq(financePayments.id, before.id), eq(financePayments.version, before.version)))
      .returning();
    if (!after) throw versionConflict('payment');
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

  /** Moves each payable's outstanding by −sign × its allocation; payment state follows. Payables locked. */
  async function applyAllocations(tx: Tx, payables: Payable[], allocations: Allocation[], sign: 1 | -1) {
    const byId = new Map(payables.map((p) => [p.id, p]));
    for (const a of allocations) {
      const p = byId.get(a.payableId)!;
      const outstanding = money(sign === 1 ? subtractDecimals(p.outstanding, a.amount) : addDecimals(p.outstanding, a.amount));
      await tx
        .update(financePayables)
        .set({ outstanding, paymentStatus: paymentStatusOf(p.amount, outstanding), version: p.version + 1, updatedAt: now() })
        .where(and(eq(financePayables.domainId, p.domainId), eq(financePayables.id, p.id)));
    }
  }

  /** Moves each prepayment's remaining by −sign × its deduction and writes the ledger. Prepayments locked. */
  async function applyDeductions(tx: Tx, payment: Payment, prepaids: Payment[], deductions: Deduction[], sign: 1 | -1) {
    const byId = new Map(prepaids.map((p) => [p.id, p]));
    for (const d of deductions) {
      const p = byId.get(d.prepaidPaymentId)!;
      const remaining = money(sign === 1 ? subtractDecimals(p.prepaidRemaining ?? '0', d.prepaidDeductAmount) : addDecimals(p.prepaidRemaining ?? '0', d.prepaidDeductAmount));
      await tx.update(financePayments).set({ prepaidRemaining: remaining, updatedAt: now() }).where(and(eq(financePayments.domainId, p.domainId), eq(financePayments.id, p.id)));
      await tx.insert(financePrepaidLedger).values({ domainId: p.domainId, supplierId: p.supplierId, prepaidPaymentId: p.id, paymentId: payment.id, amount: money(sign === 1 ? `-${money(d.prepaidDeductAmount)}` : d.prepaidDeductAmount), createdAt: now() });
    }
  }

  async function allocationsAndDeductions(tx: Tx, payment: Payment) {
    const [allocations, deductions] = await Promise.all([allocationsOfPayment(tx, payment.domainId, payment.id), deductionsOfPayment(tx, payment.domainId, payment.id)]);
    return { allocations, deductions };
  }

  return {
    view,

    /** A payment of chosen amounts on verified payables of one supplier (DRAFT). */
    async create(session: Session, input: PaymentCreateInput): Promise<PaymentView> {
      const domainId = domainOf(session);
      const payment = await db.transaction(async (tx) => {
        const supplier = await supplierOrFail(tx, domainId, input.paymentObjectId, 'paymentObjectId');
        checkAllocations(supplier.id, input.allocations, await payablesByIds(tx, domainId, input.allocations.map((a) => a.payableId)));
        checkDeductions(supplier.id, input.prepaidDeductDetails, await paymentsByIds(tx, domainId, input.prepaidDeductDetails.map((d) => d.prepaidPaymentId), false));
        return insertPayment(
          tx,
          session,
          {
            paymentType: 'PAYABLE',
            supplierId: supplier.id,
            common: input,
            amountPaid: money(sumDecimals(input.allocations.map((a) => a.amount))),
            otherDeduct: input.otherDeduct,
            allocations: input.allocations,
            deductions: input.prepaidDeductDetails,
          },
          'create',
        );
      });
      return view(domainId, payment.id);
    },

    /** A payment of everything outstanding on the chosen payables (one supplier, DRAFT). */
    async createByBill(session: Session, input: PaymentByBillInput): Promise<PaymentView> {
      const domainId = domainOf(session);
      const payment = await db.transaction(async (tx) => {
        const payables = await payablesByIds(tx, domainId, input.payableHeaderIds);
        const first = payables.find((p) => p.id === input.payableHeaderIds[0]);
        if (!first) throw new AppError(FinanceErrors.PAYABLE_NOT_PAYABLE, 409, { field: 'payableHeaderIds.0', code: String(input.payableHeaderIds[0]), status: '' });
        const byId = new Map(payables.map((p) => [p.id, p]));
        const allocations = input.payableHeaderIds.map((id) => ({ payableId: id, amount: byId.get(id)?.outstanding ?? '0' }));
        allocations.forEach((a, index) => {
          const p = byId.get(a.payableId);
          if (!p || p.supplierId !== first.supplierId || p.status !== 'VERIFIED' || compareDecimals(p.outstanding, 0) === 0)
            throw new AppError(FinanceErrors.PAYABLE_NOT_PAYABLE, 409, { field: `payableHeaderIds.${index}`, code: p?.code ?? String(a.payableId), status: p?.status ?? '' });
        });
        checkDeductions(first.supplierId, input.prepaidDeductDetails, await paymentsByIds(tx, domainId, input.prepaidDeductDetails.map((d) => d.prepaidPaymentId), false));
        return insertPayment(
          tx,
          session,
          {
            paymentType: 'PAYABLE',
            supplierId: first.supplierId,
            common: input,
            amountPaid: money(sumDecimals(allocations.map((a) => a.amount))),
            otherDeduct: input.otherDeduct,
            allocations,
            deductions: input.prepaidDeductDetails,
          },
          'createByBill',
        );
      });
      return view(domainId, payment.id);
    },

    /** A prepayment to a supplier (DRAFT); verified, it credits the supplier's prepayment ledger. */
    async createPrepaid(session: Session, input: PrepaidCreateInput): Promise<PaymentView> {
      const domainId = domainOf(session);
      const payment = await db.transaction(async (tx) => {
        const supplier = await supplierOrFail(tx, domainId, input.paymentObjectId, 'paymentObjectId');
        return insertPayment(tx, session, { paymentType: 'PREPAID', supplierId: supplier.id, common: input, amountPaid: money(input.amountPaid), otherDeduct: '0', allocations: [], deductions: [] }, 'createPrepaid');
      });
      return view(domainId, payment.id);
    },

    async move(session: Session, input: FinanceVersionInput | FinanceRejectInput, action: 'submit' | 'retract' | 'reject'): Promise<PaymentView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await paymentOrFail(tx, domainId, input.id);
        guard(before, input.version, action);
        const extra = action === 'submit' ? { submittedAt: now(), rejectReason: null } : action === 'reject' ? { rejectReason: (input as FinanceRejectInput).reason ?? null } : {};
        await moveInTx(tx, session, before, action, extra);
      });
      return view(domainId, input.id);
    },

    /**
     * Verifies a submitted payment: under row locks, each allocation comes off its payable's
     * outstanding (never beyond it) and each deduction off its prepayment (never beyond what is
     * left); a prepayment credits the supplier's ledger.
     */
    async verify(session: Session, input: FinanceVersionInput): Promise<PaymentView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await paymentOrFail(tx, domainId, input.id);
        guard(before, input.version, 'verify');
        // Money left when the payment was verified unless the payer wrote when it did.
        const paidTime = before.paidTime ? {} : { paidTime: now() };
        if (before.paymentType === 'PREPAID') {
          await tx.insert(financePrepaidLedger).values({ domainId, supplierId: before.supplierId, prepaidPaymentId: before.id, paymentId: before.id, amount: before.amountPaid, createdAt: now() });
          await moveInTx(tx, session, before, 'verify', { prepaidRemaining: before.amountPaid, verifiedAt: now(), verifiedBy: session.userId, rejectReason: null, ...paidTime });
          return;
        }
        const { allocations, deductions } = await allocationsAndDeductions(tx, before);
        const payables = await lockPayables(tx, domainId, allocations.map((a) => a.payableId));
        checkAllocations(before.supplierId, allocations, payables);
        const prepaids = await paymentsByIds(tx, domainId, deductions.map((d) => d.prepaidPaymentId), true);
        checkDeductions(before.supplierId, deductions, prepaids);
        await applyAllocations(tx, payables, allocations, 1);
        await applyDeductions(tx, before, prepaids, deductions, 1);
        await moveInTx(tx, session, before, 'verify', { verifiedAt: now(), verifiedBy: session.userId, rejectReason: null, ...paidTime });
      });
      return view(domainId, input.id);
    },

    /**
     * Invalidates a draft, or cancels a verified payment: what it allocated is outstanding again and
     * what it deducted is back on its prepayments, in the same transaction. A verified prepayment
     * is cancelled only while nothing was deducted from it and no payment still means to.
     */
    async invalid(session: Session, input: FinanceVersionInput): Promise<PaymentView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await paymentOrFail(tx, domainId, input.id);
        guard(before, input.version, 'invalid');
        if (before.status === 'VERIFIED' && before.paymentType === 'PREPAID') {
          if (compareDecimals(before.prepaidRemaining ?? '0', before.amountPaid) !== 0 || (await deductionCount(tx, domainId, before.id, true)) > 0)
            throw new AppError(FinanceErrors.PREPAID_USED, 409, { code: before.code });
          await tx.insert(financePrepaidLedger).values({ domainId, supplierId: before.supplierId, prepaidPaymentId: before.id, paymentId: before.id, amount: money(`-${before.amountPaid}`), createdAt: now() });
          await moveInTx(tx, session, before, 'invalid', { prepaidRemaining: '0' });
          return;
        }
        if (before.status === 'VERIFIED') {
          const { allocations, deductions } = await allocationsAndDeductions(tx, before);
          const payables = await lockPayables(tx, domainId, allocations.map((a) => a.payableId));
          const prepaids = await paymentsByIds(tx, domainId, deductions.map((d) => d.prepaidPaymentId), true);
          await applyAllocations(tx, payables, allocations, -1);
          await applyDeductions(tx, before, prepaids, deductions, -1);
        }
        if (before.paymentType === 'PREPAID' && (await deductionCount(tx, domainId, before.id, true)) > 0) throw new AppError(FinanceErrors.PREPAID_USED, 409, { code: before.code });
        await moveInTx(tx, session, before, 'invalid');
      });
      return view(domainId, input.id);
    },

    /** Deletes a draft or an invalidated payment (a prepayment no deduction ever named). */
    async remove(session: Session, input: FinanceVersionInput): Promise<{ deleted: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const before = await paymentOrFail(tx, domainId, input.id);
        guard(before, input.version, 'delete');
        if (before.paymentType === 'PREPAID' && (await deductionCount(tx, domainId, before.id, false)) > 0) throw new AppError(FinanceErrors.PREPAID_USED, 409, { code: before.code });
        const { allocations, deductions } = await allocationsAndDeductions(tx, before);
        await tx.delete(financePayments).where(and(eq(financePayments.domainId, domainId), eq(financePayments.id, before.id)));
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: before.id, action: 'delete', before: { ...before, allocations, deductions } });
        return { deleted: 1 };
      });
    },

    /** The supplier's verified prepayments with something left, and their sum. */
    async prepaidBalance(session: Session, supplierId: number): Promise<PrepaidBalance> {
      const domainId = domainOf(session);
      await supplierOrFail(db, domainId, supplierId, 'supplierId');
      const rows = await openPrepayments(db, domainId, supplierId);
      return {
        supplierId,
        balance: money(sumDecimals(rows.map((r) => r.remaining ?? '0'))),
        prepayments: rows.map((r) => ({ id: r.id, code: r.code, amountPaid: r.amountPaid, remaining: r.remaining ?? '0', createdAt: isoTimeOf(r.createdAt) })),
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
