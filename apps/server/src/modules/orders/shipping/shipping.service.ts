// Sending orders and the shipping feedback (spec 02 §7.10 /myhome/sendsoh and taobaoSoHFeedback,
// spec 01 §4.6). A send call (≤ 20 orders) runs as one transaction: the orders are locked, each
// is refused or accepted in memory, the accepted orders' allocation (their ORDER ledger rows:
// ALLOCATE minus RELEASE per balance) leaves on-hand and allocated by SHIP movements of the stock
// engine, the orders become SEND with their delivery time and an order log, and the platform
// orders they carry get a PENDING feedback row under a new progress record. After the commit a
// background job pushes the tracking numbers through each store's connector and completes the
// record; failures stay listed until retried or closed.
import { bigintArray, textArray } from '../../../platform/sql.js';
import { randomUUID } from 'node:crypto';
import {
  InterceptErrors,
  OrderErrors,
  refundHeld,
  ORDER_LOG_ENTITY_KIND,
  ORDER_STATUS,
  ShippingErrors,
  splitKeywords,
  type FeedbackCountInput,
  type FeedbackFailureRow,
  type FeedbackFailureSearch,
  type FeedbackProgress,
  type FeedbackProgressAnswer,
  type FeedbackRetryResult,
  type Language,
  type PageResult,
  type SendOrdersInput,
  type SendOrdersResult,
  type ResendFeedbackResult,
  type SendOneInput,
} from '@openseller/core';
import type { z } from 'zod';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { erpOrderLines, erpOrders, shippingFeedbackRecords, shippingFeedbacks, type ErpOrder } from '../../../db/schema/index.js';
import type { JobQueue } from '../../../platform/jobs.js';
import { AppError } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, writeOperationLogs, type OperationActor } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { applyMovements, type Movement } from '../../stock/index.js';
import type { StoresAreaService } from '../../stores/index.js';
import { orderHoldings } from '../commands/commands.stock.js';
import { failureOf, lockOrderBatch, ORDER_DOC_TYPE, orderStatusRefusal, ORDERS_AREA } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';
import { pageOffset } from '../../../platform/paging.js';

export const SHIPPING_FEEDBACK_JOB = 'orders.shipping-feedback';

/** Called with the orders a send shipped, inside its transaction (the guides area texts buyers). */
export const ORDERS_SHIPPED_LISTENERS = 'orders-shipped-listeners';
export type OrdersShippedListener = (tx: Tx, domainId: number, orderIds: readonly number[]) => Promise<unknown>;

/** Who ships when no session does (the warehouse system's shipment confirmation). */
export interface ShipCaller {
  domainId: number;
  actor: OperationActor;
}

const brief = (o: ErpOrder) => ({
  code: o.code,
  statusCode: o.statusCode,
  expressCompanyCode: o.expressCompanyCode,
  expressNo: o.expressNo,
  deliveryTime: o.deliveryTime?.toISOString() ?? null,
});

export interface ShippingDeps {
  database: Database;
  registry: ServiceRegistry;
  jobs: JobQueue | null;
  now?: () => Date;
}

export function createShippingService(deps: ShippingDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  function refusalOf(o: ErpOrder, force: boolean): AppError | null {
    const allowed = force ? ORDER_STATUS.SYNCED : ORDER_STATUS.VERIFIED;
    if (o.statusCode !== allowed) return orderStatusRefusal(o, 'send', [allowed]);
    if (o.locked) return new AppError(OrderErrors.LOCKED, 409, { code: o.code });
    if (refundHeld(o)) return new AppError(InterceptErrors.REFUND_HOLD, 409, { code: o.code, action: 'send' });
    if (o.intercepted) return new AppError(OrderErrors.INTERCEPTED, 409, { code: o.code });
    if (!o.expressCompanyCode) return new AppError(OrderErrors.NO_EXPRESS, 409, { code: o.code });
    if (!o.expressNo?.trim()) return new AppError(ShippingErrors.NO_EXPRESS_NO, 409, { code: o.code });
    return null;
  }

  /** SHIP movements taking exactly what each order holds (its ALLOCATE minus RELEASE rows) out of on-hand and allocated. */
  async function shipMovementsOf(tx: Tx, domainId: number, orders: readonly ErpOrder[]): Promise<Movement[]> {
    return (await orderHoldings(tx, domainId, orders)).map((h) => ({
      warehouseId: h.warehouseId,
      locationId: h.locationId,
      skuId: h.skuId,
      onHandDelta: -h.held,
      allocatedDelta: -h.held,
      movement: 'SHIP' as const,
      doc: { type: ORDER_DOC_TYPE, id: h.orderId, code: h.code },
    }));
  }

  async function queueFeedback(domainId: number, recordKey: string): Promise<void> {
    if (deps.jobs) await deps.jobs.send(SHIPPING_FEEDBACK_JOB, { domainId, recordKey });
    else void runFeedback(domainId, recordKey).catch(() => undefined);
  }

  /**
   * The feedback of shipped orders: a PENDING row per platform order they carry (online stores
   * only; manual and imported orders have none) under a new progress record, whose key is answered
   * (null when there is nothing to push). The caller queues the record after its commit.
   */
  async function feedbackRows(tx: Tx, domainId: number, orderIds: readonly number[], at: Date): Promise<string | null> {
    const targets = await tx.execute<{ po_id: number; store_id: number; platform_no: string; order_id: number; express_company_code: string; express_no: string }>(sql`
      select po.id as po_id, po.store_id, po.platform_no, o.id as order_id, o.express_company_code, o.express_no
      from erp_orders o
      join stores s on s.id = o.store_id and s.domain_id = o.domain_id and s.store_type = 1
      join platform_orders po on po.domain_id = o.domain_id and po.store_id = o.store_id and po.platform_no = any(o.platform_nos)
      where o.domain_id = ${domainId} and o.id = any(${bigintArray([...orderIds])}) and o.express_no is not null
      order by o.id, po.id`);
    if (!targets.rows.length) return null;
    const recordKey = randomUUID();
    await tx.insert(shippingFeedbackRecords).values({ domainId, recordKey, totalCount: targets.rows.length, createdAt: at, updatedAt: at });
    await tx.insert(shippingFeedbacks).values(
      targets.rows.map((r) => ({
        domainId,
        storeId: Number(r.store_id),
        erpOrderId: Number(r.order_id),
        platformOrderId: Number(r.po_id),
        platformNo: r.platform_no,
        expressCompanyCode: r.express_company_code,
        expressNo: r.express_no,
        shippedAt: at,
        recordKey,
        createdAt: at,
        updatedAt: at,
      })),
    );
    return recordKey;
  }

  /**
   * The send inside a caller's transaction (checking and weighing ship one order this way, with
   * their own writes in the same transaction). The caller queues the feedback after its commit.
   */
  async function sendWithin(tx: Tx, who: Session | ShipCaller, language: Language, input: SendOrdersInput, force: boolean): Promise<SendOrdersResult> {
    const caller: ShipCaller = 'actor' in who ? who : { domainId: domainOf(who), actor: actorOf(who) };
    const domainId = caller.domainId;
    const ids = [...new Set(input.idList)];
    const versions = new Map((input.versions ?? []).map((v) => [v.id, v.version]));
    const at = now();
    {
      const { locked, byId, refusals } = await lockOrderBatch(tx, domainId, ids, versions, (o) => refusalOf(o, force));
      const eligible = locked.filter((o) => !refusals.has(o.id));
      let recordKey: string | null = null;
      if (eligible.length) {
        await applyMovements(tx, domainId, caller.actor.userId, await shipMovementsOf(tx, domainId, eligible));
        const after = await tx
          .update(erpOrders)
          .set({ statusCode: ORDER_STATUS.SEND, deliveryTime: at, version: sql`${erpOrders.version} + 1`, updatedAt: at })
          .where(and(eq(erpOrders.domainId, domainId), sql`${erpOrders.id} = any(${bigintArray(eligible.map((o) => o.id))})`))
          .returning();
        const actor = caller.actor;
        await writeOperationLogs(
          tx,
          { ...actor, domainId },
          after.map((a) => ({ area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, entityId: a.id, action: 'send', before: brief(byId.get(a.id)!), after: brief(a) })),
        );
        recordKey = await feedbackRows(tx, domainId, eligible.map((o) => o.id), at);
        // Other areas act on the shipment in its transaction (the buyer's "shipped" text).
        for (const listener of deps.registry.list<OrdersShippedListener>(ORDERS_SHIPPED_LISTENERS)) await listener(tx, domainId, after.map((a) => a.id));
      }
      return {
        successIds: ids.filter((id) => byId.has(id) && !refusals.has(id)),
        failures: ids.filter((id) => refusals.has(id)).map((id) => failureOf(id, byId.get(id)?.code ?? null, refusals.get(id)!, language)),
        recordKey,
      };
    }
  }

  async function send(session: Session, language: Language, input: SendOrdersInput, force: boolean): Promise<SendOrdersResult> {
    const domainId = domainOf(session);
    const result = await db.transaction((tx) => sendWithin(tx, session, language, input, force));
    if (result.recordKey) await queueFeedback(domainId, result.recordKey);
    return result;
  }

  /** Pushes the pending feedback of a record, store by store, and completes the record. */
  async function runFeedback(domainId: number, recordKey: string): Promise<void> {
    const pending = await db
      .select()
      .from(shippingFeedbacks)
      .where(and(eq(shippingFeedbacks.domainId, domainId), eq(shippingFeedbacks.recordKey, recordKey), eq(shippingFeedbacks.status, 'PENDING')))
      .orderBy(shippingFeedbacks.id);
    const byStore = new Map<number, typeof pending>();
    for (const row of pending) byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), row]);
    const outcome = new Map<number, { ok: boolean; message: string | null }>();
    const stores = deps.registry.get<StoresAreaService>('stores');
    for (const [storeId, rows] of byStore) {
      try {
        const connection = await stores.connectorFor(domainId, storeId);
        const answers = await connection.pushShippingFeedback(rows.map((r) => ({ platformNo: r.platformNo, expressCompanyCode: r.expressCompanyCode, expressNo: r.expressNo })));
        const byKey = new Map(answers.map((a) => [a.key, a]));
        for (const r of rows) {
          const a = byKey.get(r.platformNo);
          outcome.set(r.id, a ? { ok: a.ok, message: a.ok ? null : (a.message ?? 'refused by the platform') } : { ok: false, message: 'no answer from the platform' });
        }
      } catch (error) {
        const message = error instanceof AppError ? `${error.code}: ${String(error.params.detail ?? '')}` : error instanceof Error ? error.message : String(error);
        for (const r of rows) outcome.set(r.id, { ok: false, message: message.slice(0, 500) });
      }
    }
    await db.transaction(async (tx) => {
      const at = now();
      for (const [id, o] of outcome) {
        await tx
          .update(shippingFeedbacks)
          .set({ status: o.ok ? 'SUCCESS' : 'FAILED', errorMsg: o.message, attempts: sql`${shippingFeedbacks.attempts} + 1`, version: sql`${shippingFeedbacks.version} + 1`, updatedAt: at })
          .where(and(eq(shippingFeedbacks.domainId, domainId), eq(shippingFeedbacks.id, id), eq(shippingFeedbacks.status, 'PENDING')));
      }
      await tx.execute(sql`
        update shipping_feedback_records r set
          successful_count = c.ok, failure_count = c.failed, complete = true, version = r.version + 1, updated_at = ${at}
        from (select count(*) filter (where status = 'SUCCESS')::int as ok, count(*) filter (where status <> 'SUCCESS' and status <> 'PENDING')::int as failed
              from shipping_feedbacks where domain_id = ${domainId} and record_key = ${recordKey}) c
        where r.domain_id = ${domainId} and r.record_key = ${recordKey}`);
    });
  }

  /** The progress of every feedback record of the domain not yet closed, oldest first. */
  async function queryFeedbackProgress(session: Session): Promise<FeedbackProgressAnswer> {
    const domainId = domainOf(session);
    const rows = await db.select().from(shippingFeedbackRecords).where(eq(shippingFeedbackRecords.domainId, domainId)).orderBy(asc(shippingFeedbackRecords.id));
    const feedbackProgressItems = rows.map((r): FeedbackProgress => ({
      recordKey: r.recordKey,
      progressType: 'SHIPPING_FEEDBACK',
      totalCount: r.totalCount,
      successfulCount: r.successfulCount,
      failureCount: r.failureCount,
      feedbackComplete: r.complete,
    }));
    return { vo: { feedbackProgressItems } };
  }

  async function removeQuickFeedbackRecord(session: Session, recordKey: string): Promise<null> {
    const domainId = domainOf(session);
    await db.delete(shippingFeedbackRecords).where(and(eq(shippingFeedbackRecords.domainId, domainId), eq(shippingFeedbackRecords.recordKey, recordKey)));
    return null;
  }

  function failureConditions(domainId: number, input: FeedbackCountInput): SQL[] {
    const conditions: SQL[] = [sql`f.domain_id = ${domainId}`, sql`f.status = 'FAILED'`];
    if (input.shippingTimeFrom) conditions.push(sql`f.shipped_at >= ${input.shippingTimeFrom}`);
    if (input.shippingTimeTo) conditions.push(sql`f.shipped_at <= ${input.shippingTimeTo}`);
    if (input.storeIdList?.length) conditions.push(sql`f.store_id = any(${bigintArray(input.storeIdList)})`);
    const words = input.keywords ? splitKeywords(input.keywords).items : [];
    if (words.length) {
      const list = textArray(words);
      conditions.push(sql`(f.platform_no = any(${list}) or f.express_no = any(${list}) or o.code = any(${list}))`);
    }
    return conditions;
  }

  /** Failed feedbacks not yet retried or closed (the home counter countFeedbackFailed counts them all). */
  async function failedFeedbackCount(domainId: number, input: FeedbackCountInput = {}): Promise<number> {
    const rows = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from shipping_feedbacks f join erp_orders o on o.id = f.erp_order_id and o.domain_id = f.domain_id
      where ${sql.join(failureConditions(domainId, input), sql` and `)}`);
    return Number(rows.rows[0]?.n ?? 0);
  }

  async function getFeedbackCount(session: Session, input: FeedbackCountInput): Promise<{ count: number }> {
    return { count: await failedFeedbackCount(domainOf(session), input) };
  }

  async function searchFeedbackPageList(session: Session, input: FeedbackFailureSearch): Promise<PageResult<FeedbackFailureRow>> {
    const domainId = domainOf(session);
    const where = sql.join(failureConditions(domainId, input), sql` and `);
    const total = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from shipping_feedbacks f join erp_orders o on o.id = f.erp_order_id and o.domain_id = f.domain_id where ${where}`);
    const rows = await db.execute<Record<string, unknown>>(sql`
      select f.id, f.store_id, s.name as store_name, f.erp_order_id, o.code as erp_order_code, f.platform_no, f.express_company_code, f.express_no,
        f.shipped_at, f.error_msg, f.attempts, f.updated_at
      from shipping_feedbacks f
      join erp_orders o on o.id = f.erp_order_id and o.domain_id = f.domain_id
      left join stores s on s.id = f.store_id and s.domain_id = f.domain_id
      where ${where}
      order by f.shipped_at desc, f.id desc
      limit ${input.pageSize} offset ${pageOffset(input)}`);
    const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
    return {
      voList: rows.rows.map((r) => ({
        id: Number(r.id),
        storeId: Number(r.store_id),
        storeName: (r.store_name as string | null) ?? null,
        erpOrderId: Number(r.erp_order_id),
        erpOrderCode: (r.erp_order_code as string | null) ?? null,
        platformNo: String(r.platform_no),
        expressCompanyCode: String(r.express_company_code),
        expressNo: String(r.express_no),
        shippedAt: iso(r.shipped_at),
        errorMsg: (r.error_msg as string | null) ?? null,
        attempts: Number(r.attempts),
        updatedAt: iso(r.updated_at),
      })),
      total: Number(total.rows[0]?.n ?? 0),
      currentPage: input.currentPage,
      pageSize: input.pageSize,
    };
  }

  /** Retries failed feedbacks under a new progress record. */
  async function batchFeedBack4Taobao(session: Session, idList: number[]): Promise<FeedbackRetryResult> {
    const domainId = domainOf(session);
    const at = now();
    const recordKey = randomUUID();
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .update(shippingFeedbacks)
        .set({ status: 'PENDING', errorMsg: null, recordKey, version: sql`${shippingFeedbacks.version} + 1`, updatedAt: at })
        .where(and(eq(shippingFeedbacks.domainId, domainId), eq(shippingFeedbacks.status, 'FAILED'), sql`${shippingFeedbacks.id} = any(${bigintArray(idList)})`))
        .returning({ id: shippingFeedbacks.id });
      if (!rows.length) return 0;
      await tx.insert(shippingFeedbackRecords).values({ domainId, recordKey, totalCount: rows.length, createdAt: at, updatedAt: at });
      await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'shipping_feedback', entityId: rows.map((r) => r.id).join(','), action: 'retryFeedback', after: { recordKey } });
      return rows.length;
    });
    if (!count) return { recordKey: null, count: 0 };
    await queueFeedback(domainId, recordKey);
    return { recordKey, count };
  }

  /** Closes failed feedbacks: they leave the failures list. */
  async function batchCloseFeedbackError(session: Session, idList: number[]): Promise<{ count: number }> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(shippingFeedbacks)
        .set({ status: 'CLOSED', version: sql`${shippingFeedbacks.version} + 1`, updatedAt: now() })
        .where(and(eq(shippingFeedbacks.domainId, domainId), eq(shippingFeedbacks.status, 'FAILED'), sql`${shippingFeedbacks.id} = any(${bigintArray(idList)})`))
        .returning({ id: shippingFeedbacks.id });
      if (rows.length) {
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'shipping_feedback', entityId: rows.map((r) => r.id).join(','), action: 'closeFeedbackError' });
      }
      return { count: rows.length };
    });
  }

  /** Ships one SYNCED order for a warehouse system's confirmation, in the caller's transaction. */
  async function shipSynced(tx: Tx, domainId: number, actor: OperationActor, orderId: number): Promise<{ refusal: string | null; recordKey: string | null }> {
    const result = await sendWithin(tx, { domainId, actor }, 'en', { idList: [orderId] }, true);
    const failure = result.failures[0];
    return { refusal: failure ? failure.message : null, recordKey: result.recordKey };
  }

  /** Queues a feedback record with the caller's transaction (it runs once that commits). */
  async function queueFeedbackIn(tx: Tx, domainId: number, recordKey: string): Promise<void> {
    if (deps.jobs) await deps.jobs.send(SHIPPING_FEEDBACK_JOB, { domainId, recordKey }, { tx });
    // Without a job queue (a tool run), the push waits for the commit a moment.
    else setTimeout(() => void runFeedback(domainId, recordKey).catch(() => undefined), 1000);
  }

  /** batchReSendToTaobao: shipped orders' tracking numbers pushed to their stores again, under a new record. */
  async function resendFeedback(session: Session, language: Language, idList: number[]): Promise<ResendFeedbackResult> {
    const domainId = domainOf(session);
    const ids = [...new Set(idList)];
    const result = await db.transaction(async (tx) => {
      const { locked, byId, refusals } = await lockOrderBatch(tx, domainId, ids, new Map(), (o) =>
        o.statusCode !== ORDER_STATUS.SEND ? new AppError(ShippingErrors.NOT_SENT, 409, { code: o.code, status: o.statusCode }) : !o.expressNo ? new AppError(ShippingErrors.NO_EXPRESS_NO, 409, { code: o.code }) : null,
      );
      const eligible = locked.filter((o) => !refusals.has(o.id)).map((o) => o.id);
      const recordKey = eligible.length ? await feedbackRows(tx, domainId, eligible, now()) : null;
      for (const id of eligible) await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, entityId: String(id), action: 'resendFeedback', after: { recordKey } });
      return {
        successIds: ids.filter((id) => byId.has(id) && !refusals.has(id)),
        failures: ids.filter((id) => refusals.has(id)).map((id) => failureOf(id, byId.get(id)?.code ?? null, refusals.get(id)!, language)),
        recordKey,
      };
    });
    if (result.recordKey) await queueFeedback(domainId, result.recordKey);
    return result;
  }

  /** sendsoh/send: one reviewed order shipped, its note and serial numbers kept in the order log. */
  async function sendOne(session: Session, language: Language, input: z.output<typeof SendOneInput>): Promise<SendOrdersResult> {
    const domainId = domainOf(session);
    const result = await db.transaction(async (tx) => {
      if (input.serialNumberDtoList.length) {
        const lines = await tx.select({ id: erpOrderLines.id }).from(erpOrderLines).where(and(eq(erpOrderLines.domainId, domainId), eq(erpOrderLines.orderId, input.id)));
        const own = new Set(lines.map((l) => l.id));
        const index = input.serialNumberDtoList.findIndex((s) => !own.has(s.lineId));
        if (index >= 0) throw new AppError(ShippingErrors.SERIAL_LINE, 400, { field: `serialNumberDtoList.${index}.lineId` });
      }
      const sent = await sendWithin(tx, session, language, { idList: [input.id], ...(input.version !== undefined ? { versions: [{ id: input.id, version: input.version }] } : {}) }, false);
      if (sent.successIds.length && (input.content || input.serialNumberDtoList.length)) {
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, entityId: String(input.id), action: 'send', after: { content: input.content ?? null, serialNumbers: input.serialNumberDtoList } });
      }
      return sent;
    });
    if (result.recordKey) await queueFeedback(domainId, result.recordKey);
    return result;
  }

  return {
    send,
    sendWithin,
    sendOne,
    shipSynced,
    queueFeedback,
    queueFeedbackIn,
    runFeedback,
    resendFeedback,
    queryFeedbackProgress,
    removeQuickFeedbackRecord,
    failedFeedbackCount,
    getFeedbackCount,
    searchFeedbackPageList,
    batchFeedBack4Taobao,
    batchCloseFeedbackError,
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
