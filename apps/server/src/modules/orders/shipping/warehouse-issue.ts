// Orders to third-party warehouses (issue 21, spec 02 §4.1 SYNCED, §4.2 "sync to warehouse and
// resync on failure", §7.10 sendsoh/forceSendWmsErpSoByHand). A reviewed order whose warehouse is
// run by a warehouse system (WMS, Qimen…) is issued to it as a sales order (kind SO, its code the
// document code): by the job `orders.warehouse-issue` for orders not yet issued, and by hand for
// any (a failed issue is re-sent on request). Accepted → the order is SYNCED; refused or no answer
// → the issue row keeps FAILURE with the warehouse's message (tab 5 type=issued, the home counter)
// and the order stays reviewed. The warehouse's shipment confirmation ships the order through the
// normal ship path (its allocation leaves on-hand, the tracking number is fed back to the store);
// a confirmation seen twice books once (the result id, and the order is then no longer SYNCED);
// issuing twice sends one document (one issue row per order; the warehouse answers the same code
// with the document it has).
import { InterceptErrors, OrderErrors, ORDER_LOG_ENTITY_KIND, ORDER_STATUS, refundHeld, ShippingErrors, type Language, type OrderBatchResult } from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { erpOrderLines, erpOrders, orderWarehouseIssues, skus, type ErpOrder } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { JobQueue } from '../../../platform/jobs.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import { bigintArray, idsIn } from '../../../platform/sql.js';
import type { WarehouseResultHandler, WarehouseSystemsService, WarehouseTarget, IssueDocumentRequest } from '../../../connectors/warehouse/types.js';
import { orderHoldings } from '../commands/commands.stock.js';
import { failureOf, ORDERS_AREA } from '../orders.model.js';

export const WAREHOUSE_ISSUE_JOB = 'orders.warehouse-issue';
const WAREHOUSE_SYSTEMS = 'warehouse-systems';
/** An issue left SENDING this long (a crash mid-call) is tried again by the job. */
const STALE_SENDING_MS = 10 * 60 * 1000;

const systemActor = (domainId: number): OperationActor => ({ userId: null, loginName: 'system', domainId });

export interface WarehouseIssueDeps {
  database: Database;
  registry: ServiceRegistry;
  jobs: JobQueue | null;
  now?: () => Date;
  /** Ships a SYNCED order in the caller's transaction (the shipping service's send, forced); answers the feedback record to queue. */
  shipSynced: (tx: Tx, domainId: number, actor: OperationActor, orderId: number) => Promise<{ refusal: string | null; recordKey: string | null }>;
  queueFeedbackIn: (tx: Tx, domainId: number, recordKey: string) => Promise<void>;
}

export function createWarehouseIssue(deps: WarehouseIssueDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const systems = () => deps.registry.find<WarehouseSystemsService>(WAREHOUSE_SYSTEMS);

  function refusalOf(o: ErpOrder): AppError | null {
    if (o.statusCode !== ORDER_STATUS.VERIFIED) return new AppError(OrderErrors.STATUS, 409, { code: o.code, status: o.statusCode, action: 'issueToWarehouse' });
    if (o.locked) return new AppError(OrderErrors.LOCKED, 409, { code: o.code });
    if (refundHeld(o)) return new AppError(InterceptErrors.REFUND_HOLD, 409, { code: o.code, action: 'issueToWarehouse' });
    if (o.intercepted) return new AppError(OrderErrors.INTERCEPTED, 409, { code: o.code });
    if (o.warehouseId === null) return new AppError(ShippingErrors.NO_WAREHOUSE, 409, { code: o.code });
    return null;
  }

  /** The sales order as the warehouse takes it: the SKUs the order holds (combinations as their components), else its mapped lines. */
  async function requestOf(tx: Tx, o: ErpOrder): Promise<IssueDocumentRequest | AppError> {
    const lines = await tx.select().from(erpOrderLines).where(and(eq(erpOrderLines.domainId, o.domainId), eq(erpOrderLines.orderId, o.id))).orderBy(erpOrderLines.lineSeq);
    const live = lines.filter((l) => !l.cancelTag);
    const unmapped = live.find((l) => l.skuId === null);
    if (unmapped) return new AppError(ShippingErrors.UNMAPPED_LINE, 409, { code: o.code, line: unmapped.lineSeq });
    const held = await orderHoldings(tx, o.domainId, [o]);
    const qtyBySku = new Map<number, number>();
    if (held.length) for (const h of held) qtyBySku.set(h.skuId, (qtyBySku.get(h.skuId) ?? 0) + h.held);
    else for (const l of live) qtyBySku.set(l.skuId!, (qtyBySku.get(l.skuId!) ?? 0) + l.qty);
    const skuRows = qtyBySku.size ? await tx.select({ id: skus.id, code: skus.code, name: skus.name, barCode: skus.barCode }).from(skus).where(and(eq(skus.domainId, o.domainId), idsIn(skus.id, [...qtyBySku.keys()]))) : [];
    const skuById = new Map(skuRows.map((s) => [s.id, s]));
    return {
      kind: 'SO',
      docId: o.id,
      docCode: o.code,
      docType: 'SO_SALE',
      lines: [...qtyBySku].map(([skuId, qty], i) => ({ lineId: i + 1, skuId, skuCode: skuById.get(skuId)?.code ?? String(skuId), skuName: skuById.get(skuId)?.name ?? null, barCode: skuById.get(skuId)?.barCode ?? null, qty })),
      party: { name: o.receiverName ?? '', phone: o.receiverPhone, province: o.receiverProvince, city: o.receiverCity, county: o.receiverDistrict, street: o.receiverAddress },
      carrierCode: o.expressCompanyCode,
      remark: o.sellerRemark,
    };
  }

  /** Issues one order: the row SENDING in a first transaction, the call, the outcome in a second. */
  async function issueOne(domainId: number, actor: OperationActor, id: number): Promise<AppError | null> {
    const service = systems();
    const prepared = await db.transaction(async (tx) => {
      const [o] = await tx.select().from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, id))).for('update');
      if (!o) return notFound('order');
      // Issued already: the order is SYNCED; nothing is sent again (one document per order).
      if (o.statusCode === ORDER_STATUS.SYNCED) return { already: true as const };
      const refusal = refusalOf(o);
      if (refusal) return refusal;
      const target = service ? await service.target(domainId, o.warehouseId!, tx) : null;
      if (!service || !target || !service.usesWarehouseSystem(target)) return new AppError(ShippingErrors.NOT_THIRD_PARTY, 409, { code: o.code, warehouse: target?.name ?? String(o.warehouseId) });
      const request = await requestOf(tx, o);
      if (request instanceof AppError) return request;
      const at = now();
      await tx
        .insert(orderWarehouseIssues)
        .values({ domainId, orderId: o.id, warehouseId: target.warehouseId, docCode: o.code, status: 'SENDING', attempts: 1, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [orderWarehouseIssues.domainId, orderWarehouseIssues.orderId],
          set: { status: 'SENDING', warehouseId: target.warehouseId, attempts: sql`${orderWarehouseIssues.attempts} + 1`, version: sql`${orderWarehouseIssues.version} + 1`, updatedAt: at },
        });
      return { target, request, code: o.code };
    });
    if (prepared instanceof AppError) return prepared;
    if ('already' in prepared) return null;
    const { target, request, code } = prepared as { target: WarehouseTarget; request: IssueDocumentRequest; code: string };
    let outcome: { ok: true; externalCode: string } | { ok: false; message: string };
    try {
      const state = await service!.issueDocument(target, request);
      outcome = { ok: true, externalCode: state.externalCode };
    } catch (error) {
      const detail = (error as { detail?: unknown }).detail;
      outcome = { ok: false, message: (typeof detail === 'string' && detail ? detail : error instanceof Error ? error.message : String(error)).slice(0, 500) };
    }
    return db.transaction(async (tx) => {
      const at = now();
      const [o] = await tx.select().from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, id))).for('update');
      if (outcome.ok) {
        await tx
          .update(orderWarehouseIssues)
          .set({ status: 'SUCCESS', externalCode: outcome.externalCode, errorMsg: null, version: sql`${orderWarehouseIssues.version} + 1`, updatedAt: at })
          .where(and(eq(orderWarehouseIssues.domainId, domainId), eq(orderWarehouseIssues.orderId, id)));
        if (o?.statusCode === ORDER_STATUS.VERIFIED) {
          await tx.update(erpOrders).set({ statusCode: ORDER_STATUS.SYNCED, version: sql`${erpOrders.version} + 1`, updatedAt: at }).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, id)));
        }
        await writeOperationLog(tx, actor, { area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, entityId: String(id), action: 'issueToWarehouse', before: { statusCode: o?.statusCode ?? null }, after: { statusCode: ORDER_STATUS.SYNCED, warehouseId: target.warehouseId, externalCode: outcome.externalCode } });
        return null;
      }
      await tx
        .update(orderWarehouseIssues)
        .set({ status: 'FAILURE', errorMsg: outcome.message, version: sql`${orderWarehouseIssues.version} + 1`, updatedAt: at })
        .where(and(eq(orderWarehouseIssues.domainId, domainId), eq(orderWarehouseIssues.orderId, id)));
      await writeOperationLog(tx, actor, { area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, entityId: String(id), action: 'issueToWarehouseFailed', after: { warehouseId: target.warehouseId, errorMsg: outcome.message } });
      return new AppError(ShippingErrors.ISSUE_FAILED, 502, { code, detail: outcome.message });
    });
  }

  /** forceSendWmsErpSoByHand: issues (or re-sends) the orders now, one by one. */
  async function issue(domainId: number, actor: OperationActor, idList: readonly number[], language: Language): Promise<OrderBatchResult> {
    const ids = [...new Set(idList)];
    const successIds: number[] = [];
    const failures: OrderBatchResult['failures'] = [];
    for (const id of ids) {
      const refusal = await issueOne(domainId, actor, id);
      if (!refusal) successIds.push(id);
      else {
        const [o] = await db.select({ code: erpOrders.code }).from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, id)));
        failures.push(failureOf(id, o?.code ?? null, refusal, language));
      }
    }
    return { successIds, failures };
  }

  /** The job: reviewed orders of third-party warehouses not issued yet (or left SENDING by a crash). */
  async function issuePending(limit = 200): Promise<number> {
    const stale = new Date(now().getTime() - STALE_SENDING_MS);
    const rows = await db.execute<{ domain_id: number; id: number }>(sql`
      select o.domain_id, o.id from erp_orders o
      join warehouses w on w.domain_id = o.domain_id and w.id = o.warehouse_id and w.type <> 'SELF_WAREHOUSE'
      left join order_warehouse_issues i on i.domain_id = o.domain_id and i.order_id = o.id
      where o.status_code = ${ORDER_STATUS.VERIFIED} and not o.locked and not o.intercepted
        and (i.id is null or i.status = 'REQUEST' or (i.status = 'SENDING' and i.updated_at < ${stale}))
      order by o.id limit ${limit}`);
    let issued = 0;
    for (const r of rows.rows) {
      const domainId = Number(r.domain_id);
      if (!(await issueOne(domainId, systemActor(domainId), Number(r.id)))) issued++;
    }
    return issued;
  }

  /** The warehouse's results of sales orders: a complete shipment ships the order, once. */
  const resultHandler: WarehouseResultHandler = async (tx, target, result) => {
    const domainId = target.domainId;
    const [o] = await tx.select().from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.code, result.docCode))).for('update');
    if (!o) return { outcome: 'REFUSED', message: `no order ${result.docCode}` };
    if (result.type !== 'SHIPMENT') return { outcome: 'REFUSED', message: `a ${result.type} result is not expected for a sales order` };
    // Part of the order left: it ships when the rest does (a sales order ships whole).
    if (result.status !== 'FULFILLED') return { outcome: 'BOOKED' };
    if (o.statusCode === ORDER_STATUS.SEND) return { outcome: 'REFUSED', message: `the order ${o.code} is shipped already` };
    if (o.statusCode !== ORDER_STATUS.SYNCED) return { outcome: 'REFUSED', message: `the order ${o.code} is ${o.statusCode}, not issued` };
    if (result.expressNo) {
      await tx
        .update(erpOrders)
        .set({ expressCompanyCode: result.expressCompanyCode ?? o.expressCompanyCode, expressNo: result.expressNo })
        .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, o.id)));
    }
    const shipped = await deps.shipSynced(tx, domainId, systemActor(domainId), o.id);
    if (shipped.refusal) return { outcome: 'REFUSED', message: shipped.refusal };
    await tx.update(orderWarehouseIssues).set({ shippedAt: now(), updatedAt: now() }).where(and(eq(orderWarehouseIssues.domainId, domainId), eq(orderWarehouseIssues.orderId, o.id)));
    if (shipped.recordKey) await deps.queueFeedbackIn(tx, domainId, shipped.recordKey);
    return { outcome: 'BOOKED' };
  };

  /** Reviewed orders whose issue failed (the home counter "Issue to warehouse failed"). */
  async function failedCount(domainId: number): Promise<number> {
    const rows = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from order_warehouse_issues i join erp_orders o on o.domain_id = i.domain_id and o.id = i.order_id
      where i.domain_id = ${domainId} and i.status = 'FAILURE' and o.status_code = ${ORDER_STATUS.VERIFIED}`);
    return Number(rows.rows[0]?.n ?? 0);
  }

  /** The issue state of orders (for the list and the details). */
  async function statesOf(tx: Tx, domainId: number, ids: readonly number[]) {
    if (!ids.length) return [];
    return tx.select().from(orderWarehouseIssues).where(and(eq(orderWarehouseIssues.domainId, domainId), sql`${orderWarehouseIssues.orderId} = any(${bigintArray([...ids])})`));
  }

  return { issue, issueOne, issuePending, resultHandler, failedCount, statesOf };
}

export type WarehouseIssue = ReturnType<typeof createWarehouseIssue>;
