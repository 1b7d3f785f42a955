// Intercept tasks of tab 5 (issue 14 must-have 4): the list, and the seller's two answers to an
// OPEN task, each task in its own transaction under the lock of its order's row and then its own
// row: confirm (the parcel was pulled back: INTERCEPTED; the waybill number is recycled off the
// order unless asked not to; the order stays held by its refund) and release (the refund is over
// or the seller lets the order ship: RELEASED, and the order's refund hold is lifted).
import {
  ErrorCodes,
  interceptTaskAllows,
  InterceptErrors,
  type InterceptTaskAction,
  type InterceptTaskBatchResult,
  type InterceptTaskRow,
  type InterceptTaskSearchInput,
  type InterceptTaskStatus,
  type Language,
  type PageResult,
} from '@openseller/core';
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { erpOrders, orderInterceptTasks, stores } from '../../../db/schema/index.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import { serverMessage } from '../../../platform/messages.js';
import { pageAnswer, pageWindow } from '../../../platform/paging.js';
import type { Session } from '../../../platform/sessions.js';
import { textsIn } from '../../../platform/sql.js';
import { writeOrderLog } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';
import { liftHold } from './refund-holds.js';

export function createInterceptsService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  const columns = {
    task: orderInterceptTasks,
    orderCode: erpOrders.code,
    orderStatusCode: erpOrders.statusCode,
    currentExpressNo: erpOrders.expressNo,
    storeName: stores.name,
  };

  function toRow(r: { task: typeof orderInterceptTasks.$inferSelect; orderCode: string; orderStatusCode: string; currentExpressNo: string | null; storeName: string | null }): InterceptTaskRow {
    const t = r.task;
    return {
      id: t.id,
      version: t.version,
      orderId: t.orderId,
      orderCode: r.orderCode,
      orderStatusCode: r.orderStatusCode,
      storeId: t.storeId,
      storeName: r.storeName,
      platformNo: t.platformNo,
      refundKey: t.refundKey,
      afterSaleId: t.afterSaleId,
      status: t.status as InterceptTaskStatus,
      reason: t.reason,
      expressCompanyCode: t.expressCompanyCode,
      expressNo: t.expressNo,
      currentExpressNo: r.currentExpressNo,
      resolvedAt: t.resolvedAt?.toISOString() ?? null,
      resolvedByName: t.resolvedByName,
      createdAt: t.createdAt.toISOString(),
    };
  }

  async function search(session: Session, input: InterceptTaskSearchInput): Promise<PageResult<InterceptTaskRow>> {
    const domainId = domainOf(session);
    const where: SQL[] = [eq(orderInterceptTasks.domainId, domainId)];
    if (input.statusList?.length) where.push(textsIn(orderInterceptTasks.status, input.statusList));
    if (input.orderId) where.push(eq(orderInterceptTasks.orderId, input.orderId));
    if (input.keyword) where.push(or(eq(erpOrders.code, input.keyword), eq(orderInterceptTasks.platformNo, input.keyword))!);
    const base = db
      .select(columns)
      .from(orderInterceptTasks)
      .innerJoin(erpOrders, and(eq(erpOrders.domainId, orderInterceptTasks.domainId), eq(erpOrders.id, orderInterceptTasks.orderId)))
      .leftJoin(stores, and(eq(stores.domainId, orderInterceptTasks.domainId), eq(stores.id, orderInterceptTasks.storeId)))
      .where(and(...where));
    const { limit, offset } = pageWindow(input);
    const [rows, [total]] = await Promise.all([
      base.orderBy(sql`case when ${orderInterceptTasks.status} = 'OPEN' then 0 else 1 end`, desc(orderInterceptTasks.id)).limit(limit).offset(offset),
      db
        .select({ n: count() })
        .from(orderInterceptTasks)
        .innerJoin(erpOrders, and(eq(erpOrders.domainId, orderInterceptTasks.domainId), eq(erpOrders.id, orderInterceptTasks.orderId)))
        .where(and(...where)),
    ]);
    return pageAnswer(rows.map(toRow), Number(total?.n ?? 0), input);
  }

  async function actOne(tx: Tx, session: Session, action: InterceptTaskAction, ref: { id: number; version: number }, recycleExpressNo: boolean): Promise<void> {
    const domainId = domainOf(session);
    const [peek] = await tx
      .select({ orderId: orderInterceptTasks.orderId })
      .from(orderInterceptTasks)
      .where(and(eq(orderInterceptTasks.domainId, domainId), eq(orderInterceptTasks.id, ref.id)));
    if (!peek) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'interceptTask', field: 'id', id: ref.id });
    // The order's row first, then the task's: the order the refund holds take.
    const [order] = await tx
      .select()
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, peek.orderId)))
      .for('update');
    const [task] = await tx
      .select()
      .from(orderInterceptTasks)
      .where(and(eq(orderInterceptTasks.domainId, domainId), eq(orderInterceptTasks.id, ref.id)))
      .for('update');
    if (!task || !order) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'interceptTask', field: 'id', id: ref.id });
    if (task.version !== ref.version) throw versionConflict('interceptTask');
    if (!interceptTaskAllows(task.status as InterceptTaskStatus, action)) throw new AppError(InterceptErrors.TASK_STATE, 409, { code: order.code, status: task.status });
    const at = now();
    const actor = actorOf(session);
    const status = action === 'confirm' ? 'INTERCEPTED' : 'RELEASED';
    await tx
      .update(orderInterceptTasks)
      .set({ status, resolvedAt: at, resolvedBy: session.userId, resolvedByName: session.loginName, version: task.version + 1, updatedAt: at })
      .where(and(eq(orderInterceptTasks.domainId, domainId), eq(orderInterceptTasks.id, task.id)));
    if (action === 'confirm') {
      const recycle = recycleExpressNo && !!order.expressNo;
      if (recycle) {
        await tx
          .update(erpOrders)
          .set({ expressNo: null, version: sql`${erpOrders.version} + 1`, updatedAt: at })
          .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, order.id)));
      }
      await writeOrderLog(tx, actor, order.id, 'confirmIntercept', { taskStatus: task.status, expressNo: order.expressNo }, { taskStatus: status, expressNo: recycle ? null : order.expressNo, refundKey: task.refundKey });
      return;
    }
    // Release: the seller lets the order ship; its other open tasks (other refunds) keep it held.
    const [other] = await tx
      .select({ n: count() })
      .from(orderInterceptTasks)
      .where(and(eq(orderInterceptTasks.domainId, domainId), eq(orderInterceptTasks.orderId, order.id), eq(orderInterceptTasks.status, 'OPEN'), sql`${orderInterceptTasks.id} <> ${task.id}`));
    const lifted = Number(other?.n ?? 0) === 0 && (await liftHold(tx, domainId, actor, { id: order.id, have_refund: order.haveRefund, intercepted: order.intercepted, intercept_reason: order.interceptReason }, task.refundKey, at));
    if (!lifted) await writeOrderLog(tx, actor, order.id, 'releaseIntercept', { taskStatus: task.status }, { taskStatus: status, refundKey: task.refundKey });
  }

  async function act(session: Session, action: InterceptTaskAction, list: { id: number; version: number }[], language: Language, recycleExpressNo = true): Promise<InterceptTaskBatchResult> {
    const result: InterceptTaskBatchResult = { succeeded: [], refusals: [] };
    for (const ref of list) {
      if (result.succeeded.includes(ref.id) || result.refusals.some((r) => r.id === ref.id)) continue;
      try {
        await db.transaction((tx) => actOne(tx, session, action, ref, recycleExpressNo));
        result.succeeded.push(ref.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        result.refusals.push({ id: ref.id, code: error.code, message: serverMessage(error.code, error.params, language) });
      }
    }
    return result;
  }

  return { search, act };
}

export type InterceptsService = ReturnType<typeof createInterceptsService>;
