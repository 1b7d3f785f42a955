// Inbound notices: commands in transactions, each writing the operation log (area 'inbound').
// CREATED → (SYNCED) → COMPLETED, or CLOSED by cancel / force cancel (DOMAIN.md). Notices of a
// seller-run warehouse are received here, per location; notices of a warehouse run by a
// warehouse system are issued to it by a job (inbound.sync.ts) and received from its reports.
import { and, asc, eq } from 'drizzle-orm';
import {
  addDecimals,
  ASN_STATUS,
  asnAllows,
  ASN_STATUSES,
  asnStatusName,
  ErrorCodes,
  formatDecimal,
  InboundErrors,
  WarehouseSystemErrors,
  MONEY_DECIMALS,
  multiplyDecimals,
  parseDateTimeText,
  type AsnAction,
  type AsnCreateInput,
  type AsnEditInput,
  type AsnForceCancelInput,
  type AsnReceiptInput,
  type AsnScanReceiptAnswer,
  type AsnScanReceiptInput,
  type AsnRow,
  type AsnSearchInput,
  type AsnStatus,
  type AsnStatusOption,
  type AsnView,
  type Language,
  type PageResult,
} from '@openseller/core';
import type { OperationLogAction } from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { asnDetails, asnHeaders, suppliers } from '../../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import { fieldVisibility, redactFields } from '../../../platform/field-permissions.js';
import type { JobQueue } from '../../../platform/jobs.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { pageAnswer } from '../../../platform/paging.js';
import {
  asnRowById,
  detailRows,
  detailsOf,
  findSupplier,
  findWarehouse,
  liveSkus,
  locationsByIds,
  lockAsn,
  nextAsnCode,
  receiptRows,
  refusedResults,
  scanTargets,
  searchAsns,
  statusCounts,
  type AsnHeader,
  type AsnRowData,
} from './inbound.queries.js';
import { AREA, bookReceipt } from './inbound.receipts.js';
import { idsIn } from '../../../platform/sql.js';

export const ASN_ISSUE_JOB = 'inbound-asn-issue';
export const ASN_CANCEL_JOB = 'inbound-asn-cancel';

/** The notice's price and amount are the purchase price: a sensitive field. */
export const PRICE_FIELDS = { price: 'PURCHASE_PRICE', amount: 'PURCHASE_PRICE' };
export const AMOUNT_FIELDS = { amountTotal: 'PURCHASE_PRICE' };

export const canSeePurchasePrice = (session: Session, now?: Date) => fieldVisibility(session, now)('PURCHASE_PRICE');

export interface InboundServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  jobs: JobQueue | null;
  now?: () => Date;
}

interface ResolvedLine {
  skuId: number;
  qty: number;
  price: string | null;
  locationId: number | null;
  lotAttNo: string | null;
  remark: string | null;
}

interface ResolvedNotice {
  warehouseId: number;
  usesWarehouseSystem: boolean;
  lines: ResolvedLine[];
  qtyTotal: number;
  amountTotal: string;
}

export function createInboundService(deps: InboundServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  const wrongStatus = (h: AsnHeader, action: AsnAction | 'receipt') =>
    new AppError(InboundErrors.WRONG_STATUS, 409, { code: h.code, status: h.status, action, ...(h.syncStatus === 'SENDING' || h.cancelSyncStatus === 'SENDING' ? { sending: 1 } : {}) });

  async function asnOrFail(tx: Tx, domainId: number, id: number): Promise<AsnHeader> {
    const found = await lockAsn(tx, domainId, id);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'asn', field: 'id', id });
    return found;
  }

  function checkVersion(h: AsnHeader, version: number) {
    if (h.version !== version) throw versionConflict('asn');
  }

  /** The notice, locked, for a receipt by hand (the receiving dialog or a scan): a seller-run warehouse's. */
  async function lockForManualReceipt(tx: Tx, domainId: number, id: number, version: number | undefined): Promise<AsnHeader> {
    const header = await asnOrFail(tx, domainId, id);
    if (version !== undefined) checkVersion(header, version);
    if (!asnAllows(header.status as AsnStatus, 'receipt')) throw wrongStatus(header, 'receipt');
    refuseWhileSending(header, 'receipt');
    if (header.syncStatus !== null) throw new AppError(InboundErrors.RECEIVED_BY_WAREHOUSE_SYSTEM, 409, { code: header.code, field: 'id' });
    const warehouse = await findWarehouse(tx, domainId, header.warehouseId);
    if (!warehouse || warehouse.type !== 'SELF_WAREHOUSE') throw new AppError(InboundErrors.RECEIVED_BY_WAREHOUSE_SYSTEM, 409, { code: header.code, field: 'id' });
    if (warehouse.stopUsing) throw new AppError(InboundErrors.WAREHOUSE_STOPPED, 409, { field: 'id', name: warehouse.name });
    return header;
  }

  /** The last issue timed out: the warehouse system may hold the notice as it was sent. */
  function refuseIfMaybeInWarehouse(h: AsnHeader, action: AsnAction) {
    if (h.status === ASN_STATUS.CREATED && h.syncStatus === 'FAILURE' && h.syncErrorCode === WarehouseSystemErrors.TIMEOUT)
      throw new AppError(InboundErrors.MAY_BE_IN_WAREHOUSE, 409, { code: h.code, action });
  }

  /** A send to the warehouse system is under way: every command waits for its answer. */
  function refuseWhileSending(h: AsnHeader, action: AsnAction | 'receipt') {
    if (h.syncStatus === 'SENDING' || h.cancelSyncStatus === 'SENDING') throw wrongStatus(h, action);
  }

  /** Checks a notice's warehouse, supplier, SKUs, planned locations and prices; answers the lines. */
  async function resolveNotice(
    tx: Tx,
    domainId: number,
    session: Session,
    input: AsnCreateInput,
    keptPrices?: Map<number, string | null>,
    trustPrices = false,
  ): Promise<ResolvedNotice> {
    const warehouse = await findWarehouse(tx, domainId, input.whId);
    if (!warehouse) throw new AppError(InboundErrors.WAREHOUSE_NOT_FOUND, 404, { field: 'whId', whId: input.whId });
    if (warehouse.stopUsing) throw new AppError(InboundErrors.WAREHOUSE_STOPPED, 409, { field: 'whId', name: warehouse.name });
    if (input.supplierId) {
      const supplier = await findSupplier(tx, domainId, input.supplierId);
      if (!supplier) throw new AppError(InboundErrors.SUPPLIER_NOT_FOUND, 404, { field: 'supplierId', supplierId: input.supplierId });
      if (supplier.status !== 'ENABLED') throw new AppError(InboundErrors.SUPPLIER_DISABLED, 409, { field: 'supplierId', code: supplier.code });
    }
    // A notice made from another document (a verified purchase order) carries that document's prices.
    const priceVisible = trustPrices || canSeePurchasePrice(session, now());
    const found = await liveSkus(tx, domainId, { ids: input.asnDetails.map((d) => d.skuId) });
    const locations = await locationsByIds(
      tx,
      domainId,
      input.asnDetails.map((d) => d.locationId).filter((id): id is number => !!id),
    );
    const lines: ResolvedLine[] = [];
    for (const [index, d] of input.asnDetails.entries()) {
      const sku = found.find((s) => s.id === d.skuId);
      if (!sku) throw new AppError(InboundErrors.SKU_NOT_FOUND, 404, { field: `asnDetails.${index}.skuId`, skuId: d.skuId });
      if (sku.isCombination) throw new AppError(InboundErrors.COMBINATION_SKU, 409, { field: `asnDetails.${index}.skuId`, skuCode: sku.code });
      if (d.locationId) {
        const location = locations.find((l) => l.id === d.locationId);
        if (!location || location.warehouseId !== warehouse.id)
          throw new AppError(InboundErrors.LOCATION_NOT_IN_WAREHOUSE, 409, { field: `asnDetails.${index}.locationId`, locationId: d.locationId, warehouse: warehouse.name });
      }
      const given = d.price ?? null;
      if (given !== null && !priceVisible) throw new AppError(InboundErrors.PRICE_HIDDEN, 403, { field: `asnDetails.${index}.price` });
      // An account that may not see prices keeps the prices the lines had.
      const price = priceVisible ? given : (keptPrices?.get(d.skuId) ?? null);
      lines.push({ skuId: d.skuId, qty: d.qty, price, locationId: d.locationId ?? null, lotAttNo: d.lotAttNO ?? null, remark: d.remark ?? null });
    }
    const qtyTotal = lines.reduce((sum, l) => sum + l.qty, 0);
    const amountTotal = formatDecimal(
      lines.reduce((sum, l) => (l.price === null ? sum : addDecimals(sum, multiplyDecimals(l.price, l.qty))), addDecimals(0, 0)),
      MONEY_DECIMALS,
    );
    return { warehouseId: warehouse.id, usesWarehouseSystem: warehouse.type !== 'SELF_WAREHOUSE', lines, qtyTotal, amountTotal };
  }

  const headerFields = (input: AsnCreateInput, resolved: ResolvedNotice) => ({
    asnType: input.asnType,
    warehouseId: resolved.warehouseId,
    supplierId: input.supplierId ?? null,
    purchaseCode: input.purchaseCode ?? null,
    expectedAt: input.expectedTime ? parseDateTimeText(input.expectedTime) : null,
    remark: input.remark ?? null,
    skuTotal: resolved.lines.length,
    qtyTotal: resolved.qtyTotal,
    receivedQtyTotal: 0,
    amountTotal: resolved.amountTotal,
    // Issued by the job as soon as the notice is saved.
    syncStatus: resolved.usesWarehouseSystem ? 'REQUEST' : null,
    wmsStatus: resolved.usesWarehouseSystem ? 'UNSENT' : null,
    syncAttempts: 0,
    syncError: null,
    syncErrorCode: null,
    nextSyncAt: null,
  });

  async function insertLines(tx: Tx, domainId: number, asnId: number, lines: ResolvedLine[]) {
    return tx
      .insert(asnDetails)
      .values(lines.map((l, i) => ({ domainId, asnId, lineNo: i + 1, ...l, createdAt: now(), updatedAt: now() })))
      .returning();
  }

  /** Creates a notice in the caller's transaction; with receiveAll, receives every line in full. */
  async function createInTx(
    tx: Tx,
    session: Session,
    input: AsnCreateInput,
    options: { receiveAll?: boolean; action?: OperationLogAction; trustPrices?: boolean } = {},
  ): Promise<AsnHeader> {
    const domainId = domainOf(session);
    const resolved = await resolveNotice(tx, domainId, session, input, undefined, options.trustPrices ?? false);
    if (options.receiveAll && resolved.usesWarehouseSystem) throw new AppError(InboundErrors.RECEIVED_BY_WAREHOUSE_SYSTEM, 409, { field: 'whId' });
    const code = await nextAsnCode(tx, domainId, now());
    const [header] = await tx
      .insert(asnHeaders)
      .values({ domainId, code, status: ASN_STATUS.CREATED, ...headerFields(input, resolved), createdBy: session.userId, createdAt: now(), updatedAt: now() })
      .returning();
    const details = await insertLines(tx, domainId, header!.id, resolved.lines);
    await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'asn', entityId: header!.id, action: options.action ?? 'create', after: { ...header, asnDetails: details } });
    if (!options.receiveAll) return header!;
    const booked = await bookReceipt(
      tx,
      deps.registry,
      actorOf(session),
      header!,
      { lines: details.map((d) => ({ asnDetailId: d.id, locationId: d.locationId, qty: d.qty })), source: 'MANUAL', fieldPrefix: 'asnDetails' },
      now(),
    );
    return booked.header;
  }

  /** Hands notices to the issue job (after their transaction committed). */
  async function requestIssue(headers: Pick<AsnHeader, 'id' | 'domainId' | 'syncStatus'>[]) {
    if (!deps.jobs) return;
    for (const h of headers) if (h.syncStatus === 'REQUEST') await deps.jobs.send(ASN_ISSUE_JOB, { domainId: h.domainId, asnId: h.id });
  }

  async function requestCancel(headers: Pick<AsnHeader, 'id' | 'domainId' | 'cancelSyncStatus'>[]) {
    if (!deps.jobs) return;
    for (const h of headers) if (h.cancelSyncStatus === 'REQUEST') await deps.jobs.send(ASN_CANCEL_JOB, { domainId: h.domainId, asnId: h.id });
  }

  /** Closes a notice here (what was received stays); a pending issue stops. */
  async function closeInTx(tx: Tx, actor: OperationActor, h: AsnHeader, values: { reason: string | null; action: OperationLogAction; wmsStatus?: string | null; cancelSyncStatus?: string | null }) {
    const [after] = await tx
      .update(asnHeaders)
      .set({
        status: ASN_STATUS.CLOSED,
        closedAt: now(),
        closedBy: actor.userId,
        cancelReason: values.reason,
        syncStatus: h.syncStatus === 'REQUEST' || h.syncStatus === 'FAILURE' ? 'STOP' : h.syncStatus,
        nextSyncAt: null,
        ...(values.wmsStatus !== undefined ? { wmsStatus: values.wmsStatus } : {}),
        ...(values.cancelSyncStatus !== undefined ? { cancelSyncStatus: values.cancelSyncStatus } : {}),
        version: h.version + 1,
        updatedAt: now(),
      })
      .where(and(eq(asnHeaders.domainId, h.domainId), eq(asnHeaders.id, h.id)))
      .returning();
    await writeOperationLog(tx, actor, {
      area: AREA,
      entityType: 'asn',
      entityId: h.id,
      action: values.action,
      before: { code: h.code, status: h.status, wmsStatus: h.wmsStatus, receivedQtyTotal: h.receivedQtyTotal },
      after: { code: h.code, status: after!.status, wmsStatus: after!.wmsStatus, reason: values.reason },
    });
    return after!;
  }

  /** A notice's row as the caller sees it: its status named in the caller's language, the amount only with PURCHASE_PRICE. */
  function presentRows(session: Session, language: Language, rows: AsnRowData[]): AsnRow[] {
    return redactFields(
      rows.map((row) => ({ ...row, statusName: asnStatusName(row.statusId, language) })),
      AMOUNT_FIELDS,
      session,
      now(),
    );
  }

  async function view(session: Session, language: Language, domainId: number, id: number, tx: Tx = db): Promise<AsnView> {
    const row = await asnRowById(tx, domainId, id);
    if (!row) throw notFound('asn');
    const [details, receipts, refused] = await Promise.all([detailRows(tx, domainId, id), receiptRows(tx, domainId, id), refusedResults(tx, domainId, row.whId, row.code)]);
    return {
      ...presentRows(session, language, [row])[0]!,
      asnDetails: redactFields(details, PRICE_FIELDS, session, now()),
      receipts,
      refusedResults: refused,
    };
  }

  return {
    createInTx,
    requestIssue,
    requestCancel,
    closeInTx,

    async search(session: Session, input: AsnSearchInput, language: Language): Promise<PageResult<AsnRow>> {
      const { rows, total } = await searchAsns(db, domainOf(session), input);
      return pageAnswer(presentRows(session, language, rows), total, input);
    },

    get: (session: Session, id: number, language: Language) => view(session, language, domainOf(session), id),

    async statusList(session: Session, language: Language): Promise<AsnStatusOption[]> {
      const counts = await statusCounts(db, domainOf(session));
      return ASN_STATUSES.map((statusId) => ({ statusId, statusName: asnStatusName(statusId, language), count: counts.get(statusId) ?? 0 }));
    },

    async create(session: Session, input: AsnCreateInput, language: Language): Promise<AsnView> {
      const domainId = domainOf(session);
      const header = await db.transaction((tx) => createInTx(tx, session, input));
      await requestIssue([header]);
      return view(session, language, domainId, header.id);
    },

    async createAndReceipt(session: Session, input: AsnCreateInput, language: Language): Promise<AsnView> {
      const domainId = domainOf(session);
      const header = await db.transaction((tx) => createInTx(tx, session, input, { receiveAll: true, action: 'createAndReceipt' }));
      return view(session, language, domainId, header.id);
    },

    /** Edits a CREATED notice with nothing received: header and lines replaced, version checked. */
    async edit(session: Session, input: AsnEditInput, language: Language): Promise<AsnView> {
      const domainId = domainOf(session);
      const header = await db.transaction(async (tx) => {
        const before = await asnOrFail(tx, domainId, input.id);
        checkVersion(before, input.version);
        if (!asnAllows(before.status as AsnStatus, 'edit')) throw wrongStatus(before, 'edit');
        refuseWhileSending(before, 'edit');
        refuseIfMaybeInWarehouse(before, 'edit');
        if (before.receivedQtyTotal > 0) throw new AppError(InboundErrors.HAS_RECEIPTS, 409, { code: before.code, received: before.receivedQtyTotal, action: 'edit' });
        const oldLines = await detailsOf(tx, domainId, before.id, true);
        const resolved = await resolveNotice(tx, domainId, session, input, new Map(oldLines.map((l) => [l.skuId, l.price])));
        await tx.delete(asnDetails).where(and(eq(asnDetails.domainId, domainId), eq(asnDetails.asnId, before.id)));
        const [after] = await tx
          .update(asnHeaders)
          .set({ ...headerFields(input, resolved), version: before.version + 1, updatedAt: now() })
          .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, before.id), eq(asnHeaders.version, input.version)))
          .returning();
        if (!after) throw versionConflict('asn');
        const details = await insertLines(tx, domainId, before.id, resolved.lines);
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'asn',
          entityId: before.id,
          action: 'edit',
          before: { ...before, asnDetails: oldLines },
          after: { ...after, asnDetails: details },
        });
        return after;
      });
      await requestIssue([header]);
      return view(session, language, domainId, header.id);
    },

    /** Receives part or all of what is still expected, per location; COMPLETED once every line is in. */
    async receipt(session: Session, input: AsnReceiptInput, language: Language): Promise<AsnView> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const header = await lockForManualReceipt(tx, domainId, input.id, input.version);
        await bookReceipt(tx, deps.registry, actorOf(session), header, { lines: input.lines, source: 'MANUAL', remark: input.remark ?? null }, now());
      });
      return view(session, language, domainId, input.id);
    },

    /**
     * One scan at the receiving station: the scanned barcode or SKU code names the notice's line
     * (the first with pieces still expected), booked like any receipt; the answer is the line and
     * the notice's totals only, so a scan costs the same on a 20-line and a 2,000-line notice.
     */
    async scanReceipt(session: Session, input: AsnScanReceiptInput, language: Language): Promise<AsnScanReceiptAnswer> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const header = await lockForManualReceipt(tx, domainId, input.id, input.version);
        const targets = await scanTargets(tx, domainId, header.id, input.code);
        const target = targets[0];
        if (!target) throw new AppError(InboundErrors.SCAN_NOT_ON_NOTICE, 404, { field: 'code', scanned: input.code, code: header.code });
        const left = target.qty - target.receivedQty;
        if (input.qty > left)
          throw new AppError(InboundErrors.OVER_RECEIPT, 409, { field: 'qty', skuCode: target.skuCode, noticed: target.qty, received: target.receivedQty, receiving: input.qty, left });
        const booked = await bookReceipt(
          tx,
          deps.registry,
          actorOf(session),
          header,
          { lines: [{ asnDetailId: target.id, locationId: input.locationId ?? target.locationId, qty: input.qty }], source: 'MANUAL', remark: null, fieldPrefix: '' },
          now(),
        );
        const after = booked.header;
        return {
          id: after.id,
          code: after.code,
          version: after.version,
          statusId: after.status as AsnStatus,
          statusName: asnStatusName(after.status as AsnStatus, language),
          qtyTotal: after.qtyTotal,
          receivedQtyTotal: after.receivedQtyTotal,
          line: { ...target, receivedQty: target.receivedQty + input.qty, locationId: input.locationId ?? target.locationId, received: input.qty },
        };
      });
    },

    /**
     * Cancels a notice with nothing received. One the warehouse system has is cancelled there
     * first (CANCELING) and closes when it confirms; any other closes at once.
     */
    async cancel(session: Session, input: { id: number; version: number }, language: Language): Promise<AsnView> {
      const domainId = domainOf(session);
      const header = await db.transaction(async (tx) => {
        const h = await asnOrFail(tx, domainId, input.id);
        checkVersion(h, input.version);
        if (!asnAllows(h.status as AsnStatus, 'cancel')) throw wrongStatus(h, 'cancel');
        refuseWhileSending(h, 'cancel');
        if (h.receivedQtyTotal > 0) throw new AppError(InboundErrors.HAS_RECEIPTS, 409, { code: h.code, received: h.receivedQtyTotal, action: 'cancel' });
        if (h.status === ASN_STATUS.CREATED) return closeInTx(tx, actorOf(session), h, { reason: null, action: 'cancel' });
        // SYNCED: the warehouse system first.
        if (h.cancelSyncStatus === 'REQUEST' || h.wmsStatus === 'CANCELING') throw wrongStatus(h, 'cancel');
        const [after] = await tx
          .update(asnHeaders)
          .set({ cancelSyncStatus: 'REQUEST', cancelAttempts: 0, wmsStatus: 'CANCELING', syncError: null, syncErrorCode: null, nextSyncAt: null, version: h.version + 1, updatedAt: now() })
          .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, h.id)))
          .returning();
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'asn',
          entityId: h.id,
          action: 'cancelRequest',
          before: { code: h.code, status: h.status, wmsStatus: h.wmsStatus },
          after: { code: h.code, status: after!.status, wmsStatus: after!.wmsStatus },
        });
        return after!;
      });
      await requestCancel([header]);
      return view(session, language, domainId, header.id);
    },

    /**
     * Closes a CREATED or SYNCED notice at once, with a reason, keeping what was received. A
     * notice the warehouse system has is also cancelled there (best effort, by the job).
     */
    async forceCancel(session: Session, input: AsnForceCancelInput, language: Language): Promise<AsnView> {
      const domainId = domainOf(session);
      const header = await db.transaction(async (tx) => {
        const h = await asnOrFail(tx, domainId, input.id);
        checkVersion(h, input.version);
        if (!asnAllows(h.status as AsnStatus, 'forceCancel')) throw wrongStatus(h, 'forceCancel');
        refuseWhileSending(h, 'forceCancel');
        const inWarehouse = h.status === ASN_STATUS.SYNCED && h.wmsStatus !== 'CANCEL' && h.wmsStatus !== 'CLOSED';
        const tellWarehouse = inWarehouse && h.wmsStatus !== 'CANCELING';
        return closeInTx(tx, actorOf(session), h, {
          reason: input.reason,
          action: 'forceCancel',
          ...(tellWarehouse ? { wmsStatus: 'CANCELING', cancelSyncStatus: 'REQUEST' } : {}),
        });
      });
      await requestCancel([header]);
      return view(session, language, domainId, header.id);
    },

    /** Deletes CREATED notices that nothing was received on and no warehouse system holds; all or none. */
    async remove(session: Session, idList: number[]): Promise<{ deleted: number }> {
      const domainId = domainOf(session);
      const ids = [...new Set(idList)].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        const found: AsnHeader[] = [];
        for (const id of ids) {
          const h = await asnOrFail(tx, domainId, id);
          if (!asnAllows(h.status as AsnStatus, 'delete')) throw wrongStatus(h, 'delete');
          refuseWhileSending(h, 'delete');
          refuseIfMaybeInWarehouse(h, 'delete');
          if (h.receivedQtyTotal > 0) throw new AppError(InboundErrors.HAS_RECEIPTS, 409, { code: h.code, received: h.receivedQtyTotal, action: 'delete' });
          found.push(h);
        }
        for (const h of found) {
          const lines = await detailsOf(tx, domainId, h.id);
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'asn', entityId: h.id, action: 'delete', before: { ...h, asnDetails: lines } });
        }
        await tx.delete(asnHeaders).where(and(eq(asnHeaders.domainId, domainId), idsIn(asnHeaders.id, ids)));
        return { deleted: found.length };
      });
    },

    /**
     * Asks the job to issue notices again (a failed or stopped issue), or to send again a cancel
     * the warehouse system did not take. All or none.
     */
    async sync(session: Session, idList: number[]): Promise<{ requested: number }> {
      const domainId = domainOf(session);
      if (!deps.jobs) throw new AppError(InboundErrors.JOBS_UNAVAILABLE, 503);
      const ids = [...new Set(idList)].sort((a, b) => a - b);
      const headers = await db.transaction(async (tx) => {
        const updated: AsnHeader[] = [];
        for (const id of ids) {
          const h = await asnOrFail(tx, domainId, id);
          if (h.syncStatus === null) throw new AppError(InboundErrors.NOT_A_WAREHOUSE_SYSTEM, 409, { code: h.code, field: 'idList' });
          refuseWhileSending(h, 'sync');
          let values: Partial<typeof asnHeaders.$inferInsert>;
          if (h.cancelSyncStatus === 'FAILURE' || h.cancelSyncStatus === 'REQUEST') {
            values = { cancelSyncStatus: 'REQUEST', cancelAttempts: 0, wmsStatus: 'CANCELING', nextSyncAt: null };
          } else if (h.status === ASN_STATUS.CREATED && h.syncStatus !== 'SUCCESS') {
            values = { syncStatus: 'REQUEST', syncAttempts: 0, nextSyncAt: null, wmsStatus: 'UNSENT' };
          } else {
            throw new AppError(InboundErrors.SYNC_NOT_ALLOWED, 409, { code: h.code, status: h.status, syncStatus: h.syncStatus ?? '', field: 'idList' });
          }
          const [after] = await tx
            .update(asnHeaders)
            .set({ ...values, version: h.version + 1, updatedAt: now() })
            .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, h.id)))
            .returning();
          await writeOperationLog(tx, actorOf(session), {
            area: AREA,
            entityType: 'asn',
            entityId: h.id,
            action: 'syncRequest',
            before: { code: h.code, syncStatus: h.syncStatus, cancelSyncStatus: h.cancelSyncStatus },
            after: { code: h.code, syncStatus: after!.syncStatus, cancelSyncStatus: after!.cancelSyncStatus },
          });
          updated.push(after!);
        }
        return updated;
      });
      await requestIssue(headers);
      await requestCancel(headers);
      return { requested: headers.length };
    },

    /**
     * For the area a notice comes from (purchasing): creates the notice in the caller's
     * transaction, with the source document's prices, and asks the warehouse system to take it
     * after commit (call `requestIssueOf` with the answer once committed).
     */
    async createFromSource(tx: Tx, session: Session, input: AsnCreateInput): Promise<AsnHeader> {
      return createInTx(tx, session, input, { trustPrices: true, action: 'create' });
    },

    async requestIssueOf(header: Pick<AsnHeader, 'id' | 'domainId' | 'syncStatus'>): Promise<void> {
      await requestIssue([header]);
    },

    /**
     * For the source area: closes the open notice (what came in stays), in the caller's
     * transaction. Answers false when the notice is held by a warehouse system (it is cancelled
     * there, with force cancel on the notice) or is being sent; true when it is closed (or was).
     */
    async closeFromSource(tx: Tx, session: Session, asnId: number, reason: string): Promise<boolean> {
      const h = await lockAsn(tx, domainOf(session), asnId);
      if (!h) return true;
      if (h.status === ASN_STATUS.COMPLETED || h.status === ASN_STATUS.CLOSED) return true;
      if (h.syncStatus !== null || h.cancelSyncStatus !== null) return false;
      await closeInTx(tx, actorOf(session), h, { reason, action: 'forceCancel' });
      return true;
    },

    async supplierOptions(session: Session): Promise<{ id: number; code: string; name: string }[]> {
      return db
        .select({ id: suppliers.id, code: suppliers.code, name: suppliers.name })
        .from(suppliers)
        .where(and(eq(suppliers.domainId, domainOf(session)), eq(suppliers.status, 'ENABLED')))
        .orderBy(asc(suppliers.code));
    },

    async warehouseOf(session: Session, id: number): Promise<number> {
      const row = await asnRowById(db, domainOf(session), id);
      if (!row) throw notFound('asn');
      return row.whId;
    },
  };
}

export type InboundService = ReturnType<typeof createInboundService>;
