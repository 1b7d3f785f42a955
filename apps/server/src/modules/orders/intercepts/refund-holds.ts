// Refund holds (issue 14 must-have 4), in the caller's transaction: an active refund holds the
// order (haveRefund, intercepted with reason REFUND) until it ends; a refund on an order already
// printed opens one intercept task per (order, refund). The orders' rows are locked
// (`select … for update`) before they change, the same lock the waybill, print and send commands
// take to re-read the hold, so a refund and a print or a send of the same order never cross.
import { needsInterceptTask } from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { erpOrders, orderInterceptTasks } from '../../../db/schema/index.js';
import type { OperationActor } from '../../../platform/operation-log.js';
import { bigintArray, textArray } from '../../../platform/sql.js';
import { writeOrderLog } from '../orders.model.js';

const SENT_OR_GONE = ['CI_ERPSOH_STATUS_SEND', 'CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE'];

/** Which orders a refund concerns: one order by id, or the orders of a store carrying a platform number (merged and split ones too). */
export type RefundTarget = { orderId: number } | { storeId: number; platformNo: string };

export interface RefundRef {
  /** The platform's refund id, or `AS<id>` for an after-sale document made here. */
  refundKey: string;
  afterSaleId?: number | null;
  reason?: string | null;
}

/** The orders whose refunds are still active apart from one refund (the after-sales area answers from its documents). */
export type ActiveRefundsElsewhere = (tx: Tx, domainId: number, orderIds: number[], exceptRefundKey: string) => Promise<Set<number>>;

interface LockedOrder {
  id: number;
  store_id: number;
  status_code: string;
  have_refund: boolean;
  intercepted: boolean;
  intercept_reason: string | null;
  express_no: string | null;
  express_company_code: string | null;
  express_print_time: Date | null;
  platform_nos: string[];
}

async function lockTargets(tx: Tx, domainId: number, target: RefundTarget): Promise<LockedOrder[]> {
  const where =
    'orderId' in target
      ? sql`id = ${target.orderId}`
      : sql`store_id = ${target.storeId} and platform_nos @> ${textArray([target.platformNo])}`;
  const rows = await tx.execute<Record<string, unknown>>(sql`
    select id, store_id, status_code, have_refund, intercepted, intercept_reason, express_no, express_company_code, express_print_time, platform_nos
    from erp_orders
    where domain_id = ${domainId} and ${where} and status_code <> all(${textArray(SENT_OR_GONE)})
    order by id
    for update`);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    store_id: Number(r.store_id),
    status_code: String(r.status_code),
    have_refund: Boolean(r.have_refund),
    intercepted: Boolean(r.intercepted),
    intercept_reason: (r.intercept_reason as string | null) ?? null,
    express_no: (r.express_no as string | null) ?? null,
    express_company_code: (r.express_company_code as string | null) ?? null,
    express_print_time: (r.express_print_time as Date | null) ?? null,
    platform_nos: (r.platform_nos as string[] | null) ?? [],
  }));
}

/**
 * Holds the unshipped orders of a refund: haveRefund, intercepted (reason REFUND, unless the order
 * is already intercepted for another reason, which stands); an order already printed gets its
 * intercept task (once per refund: the unique key, `on conflict do nothing`). An order whose task
 * for this refund was released by the seller stays released: the same refund pulled again does
 * not hold it a second time. Answers the orders changed.
 */
export async function holdOrdersForRefund(tx: Tx, domainId: number, actor: OperationActor, target: RefundTarget, refund: RefundRef, at: Date): Promise<number[]> {
  const orders = await lockTargets(tx, domainId, target);
  if (!orders.length) return [];
  const released = await tx
    .select({ orderId: orderInterceptTasks.orderId })
    .from(orderInterceptTasks)
    .where(
      and(
        eq(orderInterceptTasks.domainId, domainId),
        sql`${orderInterceptTasks.orderId} = any(${bigintArray(orders.map((o) => o.id))})`,
        eq(orderInterceptTasks.refundKey, refund.refundKey),
        eq(orderInterceptTasks.status, 'RELEASED'),
      ),
    );
  const releasedIds = new Set(released.map((r) => Number(r.orderId)));
  const changed: number[] = [];
  for (const o of orders) {
    if (releasedIds.has(o.id)) continue;
    const before = { haveRefund: o.have_refund, intercepted: o.intercepted, interceptReason: o.intercept_reason };
    const after = { haveRefund: true, intercepted: true, interceptReason: o.intercepted && o.intercept_reason ? o.intercept_reason : 'REFUND' };
    if (before.haveRefund !== after.haveRefund || before.intercepted !== after.intercepted || before.interceptReason !== after.interceptReason) {
      await tx
        .update(erpOrders)
        .set({ ...after, version: sql`${erpOrders.version} + 1`, updatedAt: at })
        .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, o.id)));
      await writeOrderLog(tx, actor, o.id, 'intercept', before, { ...after, refundKey: refund.refundKey });
      changed.push(o.id);
    }
    if (needsInterceptTask({ statusCode: o.status_code, expressNo: o.express_no, expressPrintTime: o.express_print_time })) {
      const opened = await tx
        .insert(orderInterceptTasks)
        .values({
          domainId,
          orderId: o.id,
          storeId: o.store_id,
          platformNo: 'platformNo' in target ? target.platformNo : (o.platform_nos[0] ?? null),
          refundKey: refund.refundKey,
          afterSaleId: refund.afterSaleId ?? null,
          status: 'OPEN',
          reason: refund.reason?.slice(0, 200) ?? null,
          expressCompanyCode: o.express_company_code,
          expressNo: o.express_no,
          createdBy: actor.userId,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: orderInterceptTasks.id });
      if (opened[0]) await writeOrderLog(tx, actor, o.id, 'openInterceptTask', null, { taskId: opened[0].id, refundKey: refund.refundKey, expressNo: o.express_no });
    }
  }
  return changed;
}

/** Lifts the refund hold of locked orders: haveRefund off, and intercepted off when the refund was its reason. */
export async function liftHold(tx: Tx, domainId: number, actor: OperationActor, o: { id: number; have_refund: boolean; intercepted: boolean; intercept_reason: string | null }, refundKey: string, at: Date): Promise<boolean> {
  const refundIntercept = o.intercepted && o.intercept_reason === 'REFUND';
  if (!o.have_refund && !refundIntercept) return false;
  const after = { haveRefund: false, intercepted: refundIntercept ? false : o.intercepted, interceptReason: refundIntercept ? null : o.intercept_reason };
  await tx
    .update(erpOrders)
    .set({ ...after, version: sql`${erpOrders.version} + 1`, updatedAt: at })
    .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, o.id)));
  await writeOrderLog(tx, actor, o.id, 'releaseIntercept', { haveRefund: o.have_refund, intercepted: o.intercepted, interceptReason: o.intercept_reason }, { ...after, refundKey });
  return true;
}

/**
 * A refund ended (withdrawn, refused, its document closed or deleted): its open intercept tasks
 * are RELEASED, and each order whose refunds are all over now is no longer held (see README:
 * "release"). A refund that succeeded never releases: the money went back, the order must not ship.
 */
export async function releaseRefundHolds(tx: Tx, domainId: number, actor: OperationActor, target: RefundTarget, refundKey: string, at: Date, activeElsewhere?: ActiveRefundsElsewhere): Promise<number[]> {
  const orders = await lockTargets(tx, domainId, target);
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const tasks = await tx
    .update(orderInterceptTasks)
    .set({ status: 'RELEASED', resolvedAt: at, resolvedBy: actor.userId, resolvedByName: actor.loginName, version: sql`${orderInterceptTasks.version} + 1`, updatedAt: at })
    .where(and(eq(orderInterceptTasks.domainId, domainId), sql`${orderInterceptTasks.orderId} = any(${bigintArray(ids)})`, eq(orderInterceptTasks.refundKey, refundKey), eq(orderInterceptTasks.status, 'OPEN')))
    .returning({ id: orderInterceptTasks.id, orderId: orderInterceptTasks.orderId });
  // Other refunds still holding these orders: their open tasks, and the after-sales area's active documents.
  const otherTasks = await tx
    .select({ orderId: orderInterceptTasks.orderId })
    .from(orderInterceptTasks)
    .where(and(eq(orderInterceptTasks.domainId, domainId), sql`${orderInterceptTasks.orderId} = any(${bigintArray(ids)})`, sql`${orderInterceptTasks.refundKey} <> ${refundKey}`, sql`${orderInterceptTasks.status} <> 'RELEASED'`));
  const stillHeld = new Set(otherTasks.map((t) => Number(t.orderId)));
  for (const id of activeElsewhere ? await activeElsewhere(tx, domainId, ids, refundKey) : []) stillHeld.add(id);
  const changed: number[] = [];
  for (const o of orders) {
    const task = tasks.find((t) => Number(t.orderId) === o.id);
    if (stillHeld.has(o.id)) {
      if (task) await writeOrderLog(tx, actor, o.id, 'releaseIntercept', { taskStatus: 'OPEN' }, { taskStatus: 'RELEASED', refundKey, stillHeld: true });
      continue;
    }
    if (await liftHold(tx, domainId, actor, o, refundKey, at)) changed.push(o.id);
    else if (task) await writeOrderLog(tx, actor, o.id, 'releaseIntercept', { taskStatus: 'OPEN' }, { taskStatus: 'RELEASED', refundKey });
  }
  return changed;
}
