// Outbound orders (WDO): commands in transactions, each checking the order's version and status
// and writing the operation log (area 'outbound'). Stock moves only through the engine
// (outbound.stock.ts). Orders of a warehouse run by another system are issued to it after
// verification, outside the transaction, and its reports book their delivery.
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  OutboundErrors,
  WDO_STATUS,
  wdoAllows,
  type PageResult,
  type WdoAction,
  type WdoCancelInput,
  type WdoCommandInput,
  type WdoCreateInput,
  type WdoDeliverInput,
  type WdoDetailRow,
  type WdoForceCancelInput,
  type WdoRow,
  type WdoSearchInput,
  type WdoUpdateInput,
  type WdoWithDetails,
} from '@openseller/core';
import type { OperationLogAction } from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { wdoDetails, wdoHeaders } from '../../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { pageAnswer } from '../../../platform/paging.js';
import { checkedSkus, nextDayCode, usableWarehouse } from './documents.js';
import { detailsOf, lockWdo, lockWdoByCode, searchWdos, wdoDetailRows, wdoRowById, type WdoDetailRecord, type WdoRecord } from './outbound.queries.js';
import { allocateWdo, deliverWdo, releaseWdo, skuCodesOf } from './outbound.stock.js';
import { failureText, systemOfWarehouse, type WarehouseResultHandler } from './outbound.warehouse-system.js';
import { uniqueViolation } from '../../../platform/sql.js';
import { tellWdoListeners } from './outbound.listeners.js';

export const OUTBOUND_AREA = 'outbound';
const ENTITY = 'wdo';

type Fields = Omit<WdoCreateInput, 'code'>;

export interface OutboundServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  now?: () => Date;
}

export function createOutboundService(deps: OutboundServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const { registry } = deps;

  const refuseStatus = (h: WdoRecord, action: WdoAction) => new AppError(OutboundErrors.WDO_STATUS, 409, { code: h.code, status: h.status, action });

  async function withDetails(tx: Tx, domainId: number, id: number): Promise<WdoWithDetails> {
    const row = await wdoRowById(tx, domainId, id);
    if (!row) throw notFound(ENTITY);
    return { ...row, wdoDetails: await wdoDetailRows(tx, domainId, id) };
  }

  /** Locks the order and checks that the person acts on the version they saw, in a status that allows it. */
  async function lockForCommand(tx: Tx, domainId: number, input: WdoCommandInput, action: WdoAction): Promise<WdoRecord> {
    const h = await lockWdo(tx, domainId, input.id);
    if (!h) throw notFound(ENTITY);
    if (h.version !== input.version) throw versionConflict(ENTITY);
    if (!wdoAllows(h.status as WdoRow['status'], action)) throw refuseStatus(h, action);
    return h;
  }

  async function saveHeader(tx: Tx, h: WdoRecord, values: Partial<typeof wdoHeaders.$inferInsert>): Promise<WdoRecord> {
    const [after] = await tx
      .update(wdoHeaders)
      .set({ ...values, version: h.version + 1, updatedAt: now() })
      .where(and(eq(wdoHeaders.domainId, h.domainId), eq(wdoHeaders.id, h.id), eq(wdoHeaders.version, h.version)))
      .returning();
    if (!after) throw versionConflict(ENTITY);
    return after;
  }

  const brief = (h: WdoRecord) => ({ code: h.code, status: h.status, syncStatus: h.syncStatus, version: h.version });

  async function log(tx: Tx, actor: OperationActor, h: WdoRecord, action: OperationLogAction, before: unknown, after: unknown) {
    await writeOperationLog(tx, actor, { area: OUTBOUND_AREA, entityType: ENTITY, entityId: h.id, action, before, after });
  }

  /** The warehouse and lines of a create or update, checked; refusals name their field. */
  async function checkFields(tx: Tx, domainId: number, input: Fields) {
    await usableWarehouse(registry, tx, domainId, input.whId, 'whId');
    return checkedSkus(
      registry,
      tx,
      domainId,
      input.wdoDetails.map((d) => d.skuId),
      (i) => `wdoDetails.${i}.skuId`,
    );
  }

  const headerValues = (input: Fields) => ({
    warehouseId: input.whId,
    wdoType: input.wdoType,
    relatedCode: input.relatedCode ?? null,
    receiverName: input.receiverName ?? null,
    receiverPhone: input.receiverPhone ?? null,
    receiverAddress: input.receiverAddress ?? null,
    remark: input.remark ?? null,
    qtyTotal: input.wdoDetails.reduce((sum, d) => sum + d.qty, 0),
    skuTotal: input.wdoDetails.length,
  });

  async function insertDetails(tx: Tx, domainId: number, wdoId: number, input: Fields) {
    await tx.insert(wdoDetails).values(input.wdoDetails.map((d) => ({ domainId, wdoId, skuId: d.skuId, qty: d.qty, remark: d.remark ?? null })));
  }

  const linesOf = (input: Fields) => input.wdoDetails.map((d) => ({ skuId: d.skuId, qty: d.qty }));

  /**
   * Creates an order in CREATED inside the caller's transaction (the import loads many in one).
   * A code given must be free; otherwise the next code of the day is made.
   */
  async function createIn(tx: Tx, actor: OperationActor, domainId: number, input: WdoCreateInput): Promise<WdoRecord> {
    await checkFields(tx, domainId, input);
    let created: WdoRecord | undefined;
    for (let attempt = 0; !created; attempt++) {
      if (attempt > 20) throw new Error('no free outbound-order code');
      const code = input.code ?? (await nextDayCode(tx, 'wdo_headers', domainId, 'WDO', now()));
      [created] = await tx
        .insert(wdoHeaders)
        .values({ domainId, code, ...headerValues(input), createdBy: actor.userId })
        .onConflictDoNothing()
        .returning();
      if (!created && input.code) throw new AppError(OutboundErrors.WDO_CODE_TAKEN, 409, { field: 'code', code: input.code });
    }
    await insertDetails(tx, domainId, created.id, input);
    await log(tx, actor, created, 'create', null, { ...brief(created), whId: created.warehouseId, wdoType: created.wdoType, lines: linesOf(input) });
    return created;
  }

  /**
   * Issues a verified order to its warehouse's system. A refusal or an unreachable system leaves
   * the order VERIFIED with syncStatus FAILURE and the reason; sync tries again.
   */
  async function issue(domainId: number, id: number, actor: OperationActor): Promise<void> {
    const h = await db.transaction(async (tx) => {
      const found = await lockWdo(tx, domainId, id);
      if (!found || found.status !== WDO_STATUS.VERIFIED || found.syncStatus === 'SUCCESS') return null;
      return saveHeader(tx, found, { syncStatus: 'SENDING', syncMessage: null });
    });
    if (!h) return;
    const system = await systemOfWarehouse(registry, db, domainId, h.warehouseId);
    if (!system) return;
    const lines = await wdoDetailRows(db, domainId, id);
    try {
      const state = await system.service.issueDocument(system.target, {
        kind: 'WDO',
        docId: h.id,
        docCode: h.code,
        docType: h.wdoType,
        lines: lines.map((l) => ({ lineId: l.id, skuId: l.skuId, skuCode: l.skuCode, skuName: l.skuName, barCode: l.barCode, qty: l.qty })),
        party: h.receiverName ? { name: h.receiverName, phone: h.receiverPhone, street: h.receiverAddress } : null,
        remark: h.remark,
      });
      const cancelledMeanwhile = await db.transaction(async (tx) => {
        const current = await lockWdo(tx, domainId, id);
        if (!current || current.status !== WDO_STATUS.VERIFIED) return current;
        const after = await saveHeader(tx, current, { status: WDO_STATUS.SYNCED, syncStatus: 'SUCCESS', syncMessage: null, externalCode: state.externalCode });
        await log(tx, actor, after, 'sync', brief(current), { ...brief(after), externalCode: after.externalCode });
        return null;
      });
      // Cancelled by force while it was on its way: the warehouse should drop it too.
      if (cancelledMeanwhile) await tellWarehouseToCancel(domainId, cancelledMeanwhile, cancelledMeanwhile.cancelReason);
    } catch (error) {
      const message = failureText(error);
      await db.transaction(async (tx) => {
        const current = await lockWdo(tx, domainId, id);
        if (!current || current.status !== WDO_STATUS.VERIFIED) return;
        const after = await saveHeader(tx, current, { syncStatus: 'FAILURE', syncMessage: message });
        await log(tx, actor, after, 'syncFailed', brief(current), { ...brief(after), syncMessage: message });
      });
    }
  }

  /** After a forced cancel: asks the warehouse's system to drop the order; a failure is noted on it. */
  async function tellWarehouseToCancel(domainId: number, h: WdoRecord, reason: string | null): Promise<void> {
    const system = await systemOfWarehouse(registry, db, domainId, h.warehouseId);
    if (!system) return;
    let note: string;
    try {
      const state = await system.service.cancelDocument(system.target, { kind: 'WDO', docCode: h.code, reason });
      note = `warehouse system: ${state.status}`;
    } catch (error) {
      note = `warehouse system did not cancel: ${failureText(error)}`;
    }
    await db.transaction(async (tx) => {
      const current = await lockWdo(tx, domainId, h.id);
      if (current) await saveHeader(tx, current, { syncMessage: note.slice(0, 500) });
    });
  }

  /** Cancels in the caller's transaction: releases what the order holds. */
  async function cancelIn(tx: Tx, actor: OperationActor, h: WdoRecord, action: 'cancel' | 'forceCancel', reason: string | null): Promise<WdoRecord> {
    const released = await releaseWdo(tx, actor.userId, h, reason);
    await tellWdoListeners(registry, { kind: 'CANCELLED', tx, actor, now: now(), header: h, lines: [], final: true });
    const after = await saveHeader(tx, h, { status: WDO_STATUS.CANCELLED, cancelledAt: now(), cancelReason: reason, cancelRequestedAt: null });
    await log(tx, actor, after, action, brief(h), { ...brief(after), reason, released });
    return after;
  }

  return {
    createIn,

    async create(session: Session, input: WdoCreateInput): Promise<WdoWithDetails> {
      const domainId = domainOf(session);
      try {
        return await db.transaction(async (tx) => {
          const created = await createIn(tx, actorOf(session), domainId, input);
          return withDetails(tx, domainId, created.id);
        });
      } catch (error) {
        if (uniqueViolation(error) === 'wdo_headers_domain_code_key') throw new AppError(OutboundErrors.WDO_CODE_TAKEN, 409, { field: 'code', code: input.code ?? '' });
        throw error;
      }
    },

    /** Changes an order not yet verified: its warehouse, type, receiver and lines. */
    async update(session: Session, input: WdoUpdateInput): Promise<WdoWithDetails> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const h = await lockForCommand(tx, domainId, input, 'update');
        const beforeLines = (await detailsOf(tx, domainId, h.id)).map((d) => ({ skuId: d.skuId, qty: d.qty }));
        await checkFields(tx, domainId, input);
        await tx.delete(wdoDetails).where(and(eq(wdoDetails.domainId, domainId), eq(wdoDetails.wdoId, h.id)));
        await insertDetails(tx, domainId, h.id, input);
        const after = await saveHeader(tx, h, headerValues(input));
        await log(
          tx,
          actorOf(session),
          after,
          'update',
          { ...brief(h), whId: h.warehouseId, wdoType: h.wdoType, remark: h.remark, lines: beforeLines },
          { ...brief(after), whId: after.warehouseId, wdoType: after.wdoType, remark: after.remark, lines: linesOf(input) },
        );
        return withDetails(tx, domainId, h.id);
      });
    },

    /** Deletes an order that was never verified (it holds no stock and no ledger row names it). */
    async remove(session: Session, input: WdoCommandInput): Promise<{ deleted: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const h = await lockForCommand(tx, domainId, input, 'delete');
        const lines = (await detailsOf(tx, domainId, h.id)).map((d) => ({ skuId: d.skuId, qty: d.qty }));
        await tx.delete(wdoDetails).where(and(eq(wdoDetails.domainId, domainId), eq(wdoDetails.wdoId, h.id)));
        await tx.delete(wdoHeaders).where(and(eq(wdoHeaders.domainId, domainId), eq(wdoHeaders.id, h.id)));
        await log(tx, actorOf(session), h, 'delete', { ...brief(h), whId: h.warehouseId, lines }, null);
        return { deleted: 1 };
      });
    },

    /**
     * Verifies: allocates every line in the warehouse (all or none) and, for a warehouse run by
     * another system, issues the order to it.
     */
    async verify(session: Session, input: WdoCommandInput): Promise<WdoWithDetails> {
      const domainId = domainOf(session);
      const actor = actorOf(session);
      const issues = await db.transaction(async (tx) => {
        const h = await lockForCommand(tx, domainId, input, 'verify');
        const warehouse = await usableWarehouse(registry, tx, domainId, h.warehouseId, 'whId');
        const details = await detailsOf(tx, domainId, h.id);
        const skus = await checkedSkus(
          registry,
          tx,
          domainId,
          details.map((d) => d.skuId),
          (i) => `wdoDetails.${i}.skuId`,
        );
        await allocateWdo(tx, session.userId, h, details, skuCodesOf(skus));
        const system = await systemOfWarehouse(registry, tx, domainId, warehouse.id);
        const after = await saveHeader(tx, h, { status: WDO_STATUS.VERIFIED, verifiedAt: now(), verifiedBy: session.userId, syncStatus: system ? 'REQUEST' : 'NONE' });
        await log(tx, actor, after, 'verify', brief(h), { ...brief(after), allocated: details.map((d) => ({ skuId: d.skuId, qty: d.qty })) });
        return !!system;
      });
      if (issues) await issue(domainId, input.id, actor);
      return withDetails(db, domainId, input.id);
    },

    /** Issues a verified order again after its warehouse's system failed or refused it. */
    async sync(session: Session, input: WdoCommandInput): Promise<WdoWithDetails> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const h = await lockForCommand(tx, domainId, input, 'sync');
        if (!(await systemOfWarehouse(registry, tx, domainId, h.warehouseId))) throw new AppError(OutboundErrors.WDO_NOT_ISSUED, 409, { code: h.code });
      });
      await issue(domainId, input.id, actorOf(session));
      return withDetails(db, domainId, input.id);
    },

    /**
     * Books the delivery of a verified order (the spec's "inventory update"): what left lowers
     * on-hand and allocated; a line given less is short-shipped and its rest released. The order
     * is then DELIVERED. An order issued to a warehouse's system is delivered by that system's report.
     */
    async deliver(session: Session, input: WdoDeliverInput): Promise<WdoWithDetails> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const h = await lockWdo(tx, domainId, input.id);
        if (!h) throw notFound(ENTITY);
        if (h.version !== input.version) throw versionConflict(ENTITY);
        // Issued (or being issued) to the warehouse's system: its report books the delivery.
        if (h.status === WDO_STATUS.SYNCED || h.syncStatus === 'REQUEST' || h.syncStatus === 'SENDING') throw new AppError(OutboundErrors.WDO_AWAITS_WAREHOUSE, 409, { code: h.code });
        if (!wdoAllows(h.status as WdoRow['status'], 'deliver')) throw refuseStatus(h, 'deliver');
        const details = await detailsOf(tx, domainId, h.id);
        const shipped = new Map(details.map((d) => [d.id, d.qty - d.deliveredQty]));
        (input.lines ?? []).forEach((line, index) => {
          const detail = details.find((d) => d.id === line.detailId);
          if (!detail) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'wdoDetail', field: `lines.${index}.detailId` });
          if (line.qty > detail.qty - detail.deliveredQty) throw new AppError(OutboundErrors.WDO_DELIVER_TOO_MUCH, 409, { field: `lines.${index}.qty`, code: h.code, skuId: detail.skuId, qty: detail.qty - detail.deliveredQty });
          shipped.set(detail.id, line.qty);
        });
        const total = [...shipped.values()].reduce((sum, n) => sum + n, 0);
        if (total <= 0) throw new AppError(OutboundErrors.WDO_DELIVER_NOTHING, 409, { field: 'lines', code: h.code });
        await tellWdoListeners(registry, { kind: 'DELIVERING', tx, actor: actorOf(session), now: now(), header: h, lines: leaving(details, shipped), final: true });
        await deliverWdo(tx, session.userId, h, details, shipped, true);
        await bookDelivered(tx, details, shipped);
        const after = await saveHeader(tx, h, { status: WDO_STATUS.DELIVERED, deliveredAt: now(), deliveredQtyTotal: h.deliveredQtyTotal + total });
        await log(tx, actorOf(session), after, 'deliver', brief(h), { ...brief(after), source: 'MANUAL', lines: lineSummary(details, shipped) });
        return withDetails(tx, domainId, h.id);
      });
    },

    /**
     * Cancels an order before delivery, releasing what it holds. An order issued to a warehouse's
     * system is cancelled there first: at once, or once that system confirms (cancelRequestedAt).
     */
    async cancel(session: Session, input: WdoCancelInput): Promise<WdoWithDetails> {
      const domainId = domainOf(session);
      const actor = actorOf(session);
      const reason = input.reason ?? null;
      const checked = await db.transaction((tx) => lockForCommand(tx, domainId, input, 'cancel'));
      if (checked.status === WDO_STATUS.SYNCED) {
        const system = await systemOfWarehouse(registry, db, domainId, checked.warehouseId);
        if (system) {
          // A refusal or an unreachable system throws here: nothing changed.
          const state = await system.service.cancelDocument(system.target, { kind: 'WDO', docCode: checked.code, reason });
          if (state.status === 'CANCELING') {
            return db.transaction(async (tx) => {
              const h = await lockWdo(tx, domainId, input.id);
              if (!h) throw notFound(ENTITY);
              if (h.status === WDO_STATUS.SYNCED) {
                const after = await saveHeader(tx, h, { cancelRequestedAt: now(), cancelReason: reason });
                await log(tx, actor, after, 'cancelRequest', brief(h), { ...brief(after), reason });
              }
              return withDetails(tx, domainId, input.id);
            });
          }
        }
      }
      const cancelled = await db.transaction(async (tx) => {
        const h = await lockWdo(tx, domainId, input.id);
        if (!h) throw notFound(ENTITY);
        // The warehouse's system already agreed to a SYNCED order's cancel: no second version check.
        if (checked.status !== WDO_STATUS.SYNCED && h.version !== input.version) throw versionConflict(ENTITY);
        if (!wdoAllows(h.status as WdoRow['status'], 'cancel')) throw refuseStatus(h, 'cancel');
        await cancelIn(tx, actor, h, 'cancel', reason);
        return h;
      });
      // An issue that failed by timeout may still have reached the warehouse's system.
      if (cancelled.status === WDO_STATUS.VERIFIED && (cancelled.syncStatus === 'FAILURE' || cancelled.syncStatus === 'SENDING')) await tellWarehouseToCancel(domainId, cancelled, reason);
      return withDetails(db, domainId, input.id);
    },

    /**
     * Cancels whatever the warehouse's system says, with a reason, releasing what the order holds;
     * that system is then asked to drop the order too (a failure is noted on the order).
     */
    async forceCancel(session: Session, input: WdoForceCancelInput): Promise<WdoWithDetails> {
      const domainId = domainOf(session);
      const before = await db.transaction(async (tx) => {
        const h = await lockForCommand(tx, domainId, input, 'forceCancel');
        await cancelIn(tx, actorOf(session), h, 'forceCancel', input.reason);
        return h;
      });
      if (before.syncStatus !== 'NONE') await tellWarehouseToCancel(domainId, before, input.reason);
      return withDetails(db, domainId, input.id);
    },

    async get(session: Session, id: number): Promise<WdoWithDetails> {
      return withDetails(db, domainOf(session), id);
    },

    async details(session: Session, wdoId: number): Promise<WdoDetailRow[]> {
      const domainId = domainOf(session);
      if (!(await wdoRowById(db, domainId, wdoId))) throw notFound(ENTITY);
      return wdoDetailRows(db, domainId, wdoId);
    },

    async search(session: Session, input: WdoSearchInput): Promise<PageResult<WdoRow>> {
      const { rows, total } = await searchWdos(db, domainOf(session), input);
      return pageAnswer(rows, total, input);
    },

    /** Books what a warehouse's system reports for its outbound orders: shipments and confirmed cancels. */
    resultHandler(): WarehouseResultHandler {
      return async (tx, target, result) => {
        const h = await lockWdoByCode(tx, target.domainId, result.docCode);
        if (!h || h.warehouseId !== target.warehouseId) return { outcome: 'REFUSED', message: `No outbound order ${result.docCode} in this warehouse` };
        const actor: OperationActor = { userId: null, loginName: null, domainId: target.domainId };
        if (result.type === 'CANCELLED') {
          if (h.status === WDO_STATUS.CANCELLED) return { outcome: 'BOOKED' };
          if (!wdoAllows(h.status as WdoRow['status'], 'cancel')) return { outcome: 'REFUSED', message: `The outbound order ${h.code} is ${h.status}` };
          await cancelIn(tx, actor, h, 'cancel', h.cancelReason ?? 'cancelled by the warehouse system');
          return { outcome: 'BOOKED' };
        }
        if (result.type !== 'SHIPMENT') return { outcome: 'REFUSED', message: `An outbound order has no ${result.type}` };
        if (h.status !== WDO_STATUS.SYNCED && h.status !== WDO_STATUS.VERIFIED) return { outcome: 'REFUSED', message: `The outbound order ${h.code} is ${h.status}` };
        const details = await detailsOf(tx, target.domainId, h.id);
        const shipped = new Map<number, number>();
        for (const line of result.lines) {
          const detail = details.find((d) => d.id === line.lineId) ?? details.find((d) => d.skuId === line.skuId);
          if (!detail) return { outcome: 'REFUSED', message: `The outbound order ${h.code} has no line for ${line.skuCode}` };
          shipped.set(detail.id, (shipped.get(detail.id) ?? 0) + line.qty);
        }
        for (const d of details) {
          if ((shipped.get(d.id) ?? 0) > d.qty - d.deliveredQty) return { outcome: 'REFUSED', message: `The shipment of ${h.code} is more than the order asks for` };
        }
        const total = [...shipped.values()].reduce((sum, n) => sum + n, 0);
        const complete = details.every((d) => d.deliveredQty + (shipped.get(d.id) ?? 0) >= d.qty);
        const final = complete || result.status === 'FULFILLED' || result.status === 'CLOSED';
        await tellWdoListeners(registry, { kind: 'DELIVERING', tx, actor, now: now(), header: h, lines: leaving(details, shipped), final });
        await deliverWdo(tx, null, h, details, shipped, final, `warehouse system result ${result.resultId}`);
        await bookDelivered(tx, details, shipped);
        const after = await saveHeader(tx, h, {
          status: final ? WDO_STATUS.DELIVERED : h.status,
          deliveredAt: final ? result.occurredAt : h.deliveredAt,
          deliveredQtyTotal: h.deliveredQtyTotal + total,
          expressCompanyCode: result.expressCompanyCode ?? h.expressCompanyCode,
          expressNo: result.expressNo ?? h.expressNo,
        });
        await log(tx, actor, after, 'deliver', brief(h), { ...brief(after), source: 'WAREHOUSE_SYSTEM', resultId: result.resultId, lines: lineSummary(details, shipped) });
        return { outcome: 'BOOKED' };
      };
    },
  };
}

async function bookDelivered(tx: Tx, details: WdoDetailRecord[], shipped: Map<number, number>): Promise<void> {
  for (const d of details) {
    const qty = shipped.get(d.id) ?? 0;
    if (qty <= 0) continue;
    await tx
      .update(wdoDetails)
      .set({ deliveredQty: sql`${wdoDetails.deliveredQty} + ${qty}`, version: sql`${wdoDetails.version} + 1`, updatedAt: new Date() })
      .where(and(eq(wdoDetails.domainId, d.domainId), eq(wdoDetails.id, d.id)));
  }
}

function leaving(details: WdoDetailRecord[], shipped: Map<number, number>) {
  return details.filter((d) => (shipped.get(d.id) ?? 0) > 0).map((d) => ({ detailId: d.id, skuId: d.skuId, qty: shipped.get(d.id)! }));
}

function lineSummary(details: WdoDetailRecord[], shipped: Map<number, number>) {
  return details.map((d) => ({ skuId: d.skuId, qty: d.qty, delivered: shipped.get(d.id) ?? 0 }));
}

export type OutboundService = ReturnType<typeof createOutboundService>;
