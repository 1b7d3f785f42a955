// Returns of warehouses run by a warehouse system (spec 02 §7.9 syncRmaToWms, cancelRmaToWms and
// their list forms): a return is issued to the system (send status REQUEST → SENDING → SUCCESS, or
// FAILURE with the system's reason, and the return SYNCED), cancelled there (CANCEL_SENDING until
// the system confirms, then CLOSED), and the system's receipts come back as results booked like a
// receipt by hand, once per result (the result id is the receipt's key).
import { and, eq } from 'drizzle-orm';
import { ErrorCodes, RMA_STATUS, RmaErrors, type Language, type OperationLogAction, type RmaBatchResult, type RmaView } from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { rmaHeaders, rmaReceipts } from '../../../db/schema/index.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { AppError } from '../../../platform/errors.js';
import { serverMessage } from '../../../platform/messages.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { WarehouseConnectorError, type WarehouseResultHandler, type WarehouseSystemsService, type WarehouseTarget } from '../../../connectors/warehouse/types.js';
import { lockRma, rmaView, type RmaHeader } from './rma.queries.js';
import { AREA, type RmaService } from './rma.service.js';

/** The operation log's actor for what the warehouse system does. */
const systemActor = (domainId: number): OperationActor => ({ userId: null, loginName: 'warehouse-system', domainId });

/** What the system said, for the return's wmsMessage. */
function said(error: unknown): string {
  if (error instanceof WarehouseConnectorError) return error.detail.slice(0, 500);
  if (error instanceof AppError) return `${error.code} ${JSON.stringify(error.params)}`.slice(0, 500);
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export function createRmaWarehouseSystem(deps: { database: Database; registry: ServiceRegistry; service: RmaService; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const systems = () => deps.registry.get<WarehouseSystemsService>('warehouse-systems');
  const wrongStatus = (h: RmaHeader, action: string) => new AppError(RmaErrors.WRONG_STATUS, 409, { code: h.code, status: h.status, action });

  async function locked(tx: Tx, domainId: number, id: number): Promise<RmaHeader> {
    const h = await lockRma(tx, domainId, id);
    if (!h) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'rma', field: 'id', id });
    return h;
  }

  /** The warehouse system of a return's warehouse; refused for a warehouse the seller runs. */
  async function targetOf(tx: Tx, h: RmaHeader): Promise<WarehouseTarget> {
    const target = await systems().target(h.domainId, h.warehouseId, tx);
    if (!systems().usesWarehouseSystem(target)) throw new AppError(RmaErrors.NO_WAREHOUSE_SYSTEM, 409, { code: h.code });
    return target;
  }

  async function save(tx: Tx, before: RmaHeader, values: Partial<typeof rmaHeaders.$inferInsert>, actor: OperationActor, action: OperationLogAction): Promise<RmaHeader> {
    const [after] = await tx
      .update(rmaHeaders)
      .set({ ...values, version: before.version + 1, updatedAt: now() })
      .where(and(eq(rmaHeaders.domainId, before.domainId), eq(rmaHeaders.id, before.id)))
      .returning();
    const brief = (h: RmaHeader) => ({ status: h.status, sendStatus: h.sendStatus, cancelStatus: h.cancelStatus, externalCode: h.externalCode, wmsMessage: h.wmsMessage });
    await writeOperationLog(tx, actor, { area: AREA, entityType: 'rma', entityId: before.id, action, before: brief(before), after: brief(after!) });
    return after!;
  }

  async function view(domainId: number, id: number, language: Language): Promise<RmaView> {
    const found = await rmaView(db, domainId, id, language);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'rma', field: 'id', id });
    return found;
  }

  /** Issues one return; a refusal of the system is kept on the return (FAILURE) and thrown. */
  async function sync(session: Session, id: number): Promise<void> {
    const domainId = domainOf(session);
    const actor = actorOf(session);
    const { header, target } = await db.transaction(async (tx) => {
      const h = await locked(tx, domainId, id);
      if (h.status !== RMA_STATUS.CREATED || h.receivedQtyTotal > 0 || h.sendStatus === 'SENDING' || h.sendStatus === 'SUCCESS') throw wrongStatus(h, 'sync');
      const t = await targetOf(tx, h);
      return { header: await save(tx, h, { sendStatus: 'SENDING', wmsMessage: null }, actor, 'sync'), target: t };
    });
    try {
      const lines = (await view(domainId, id, 'en')).rmaDetails;
      const state = await systems().issueDocument(target, {
        kind: 'RMA',
        docId: header.id,
        docCode: header.code,
        docType: 'ASN_AFTERSALE',
        lines: lines.map((l) => ({ lineId: l.id, skuId: l.skuId, skuCode: l.skuCode, skuName: l.skuName, barCode: null, qty: l.qty })),
        party: header.receiverName ? { name: header.receiverName, phone: header.receiverPhone, province: header.receiverProvince, city: header.receiverCity, county: header.receiverCounty } : null,
        remark: header.remark,
      });
      await db.transaction(async (tx) => {
        const h = await locked(tx, domainId, id);
        if (h.sendStatus !== 'SENDING') return;
        await save(tx, h, { status: RMA_STATUS.SYNCED, sendStatus: 'SUCCESS', externalCode: state.externalCode, wmsMessage: null }, actor, 'sync');
      });
    } catch (error) {
      await db.transaction(async (tx) => {
        const h = await locked(tx, domainId, id);
        if (h.sendStatus === 'SENDING') await save(tx, h, { sendStatus: 'FAILURE', wmsMessage: said(error) }, actor, 'syncFailed');
      });
      throw error;
    }
  }

  /** Cancels one issued return in the system: CLOSED when it confirms at once, CANCEL_SENDING until it does. */
  async function cancel(session: Session, id: number): Promise<void> {
    const domainId = domainOf(session);
    const actor = actorOf(session);
    const { header, target } = await db.transaction(async (tx) => {
      const h = await locked(tx, domainId, id);
      if (h.status !== RMA_STATUS.SYNCED || h.receivedQtyTotal > 0 || h.cancelStatus === 'CANCEL_SENDING') throw wrongStatus(h, 'cancel');
      const t = await targetOf(tx, h);
      return { header: await save(tx, h, { cancelStatus: 'CANCEL_REQUEST', wmsMessage: null }, actor, 'cancel'), target: t };
    });
    try {
      const state = await systems().cancelDocument(target, { kind: 'RMA', docCode: header.code, reason: null });
      await db.transaction(async (tx) => {
        const h = await locked(tx, domainId, id);
        if (h.cancelStatus !== 'CANCEL_REQUEST') return;
        const done = state.status === 'CANCEL' || state.status === 'CLOSED';
        await save(tx, h, done ? { status: RMA_STATUS.CLOSED, cancelStatus: 'CANCEL_SUCCESS' } : { cancelStatus: 'CANCEL_SENDING', wmsMessage: `warehouse system: ${state.status}` }, actor, 'cancel');
      });
    } catch (error) {
      await db.transaction(async (tx) => {
        const h = await locked(tx, domainId, id);
        if (h.cancelStatus === 'CANCEL_REQUEST') await save(tx, h, { cancelStatus: 'CANCEL_FAILURE', wmsMessage: said(error) }, actor, 'cancelFailed');
      });
      throw error;
    }
  }

  async function each(session: Session, idList: number[], language: Language, act: (session: Session, id: number) => Promise<void>): Promise<RmaBatchResult> {
    const result: RmaBatchResult = { succeeded: [], refusals: [] };
    for (const id of [...new Set(idList)]) {
      try {
        await act(session, id);
        result.succeeded.push(id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        result.refusals.push({ id, code: error.code, message: serverMessage(error.code, error.params, language) });
      }
    }
    return result;
  }

  /**
   * The system's results of returns: a receipt is booked as good units, once (its result id is the
   * receipt key, unique per return); a confirmed cancel closes the return.
   */
  const onResult: WarehouseResultHandler = async (tx, target, result) => {
    const [found] = await tx
      .select({ id: rmaHeaders.id })
      .from(rmaHeaders)
      .where(and(eq(rmaHeaders.domainId, target.domainId), eq(rmaHeaders.code, result.docCode), eq(rmaHeaders.warehouseId, target.warehouseId)));
    if (!found) return { outcome: 'REFUSED', message: `no return ${result.docCode} in the warehouse ${target.name}` };
    const h = await locked(tx, target.domainId, found.id);
    const actor = systemActor(target.domainId);
    if (result.type === 'CANCELLED') {
      if (h.status === RMA_STATUS.CLOSED) return { outcome: 'BOOKED' };
      if (h.status !== RMA_STATUS.SYNCED) return { outcome: 'REFUSED', message: `the return ${h.code} is ${h.status}` };
      await save(tx, h, { status: RMA_STATUS.CLOSED, cancelStatus: 'CANCEL_SUCCESS', wmsMessage: null }, actor, 'cancel');
      return { outcome: 'BOOKED' };
    }
    if (result.type !== 'RECEIPT') return { outcome: 'REFUSED', message: `a return takes receipts, not ${result.type}` };
    const receiptKey = `wms:${result.resultId}`;
    const [seen] = await tx
      .select({ id: rmaReceipts.id })
      .from(rmaReceipts)
      .where(and(eq(rmaReceipts.domainId, target.domainId), eq(rmaReceipts.rmaId, h.id), eq(rmaReceipts.receiptKey, receiptKey)));
    if (seen) return { outcome: 'BOOKED' };
    try {
      await deps.service.bookFromWarehouseSystem(
        tx,
        actor,
        h,
        result.lines.map((l) => ({ detailId: l.lineId, good: l.qty, defective: 0 })),
        receiptKey,
      );
    } catch (error) {
      if (error instanceof AppError) return { outcome: 'REFUSED', message: serverMessage(error.code, error.params, 'en').slice(0, 500) };
      throw error;
    }
    return { outcome: 'BOOKED' };
  };

  return {
    onResult,
    async syncOne(session: Session, id: number, language: Language): Promise<RmaView> {
      await sync(session, id);
      return view(domainOf(session), id, language);
    },
    syncList: (session: Session, idList: number[], language: Language) => each(session, idList, language, sync),
    async cancelOne(session: Session, id: number, language: Language): Promise<RmaView> {
      await cancel(session, id);
      return view(domainOf(session), id, language);
    },
    cancelList: (session: Session, idList: number[], language: Language) => each(session, idList, language, cancel),
  };
}

export type RmaWarehouseSystem = ReturnType<typeof createRmaWarehouseSystem>;
