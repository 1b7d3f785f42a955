// Notices of warehouses run by a warehouse system: the job that issues them (sync status REQUEST
// → SENDING → SUCCESS, or FAILURE with a retry while the failure is worth retrying), the job that
// sends a cancel (the notice closes when the warehouse confirms), the scheduled job that picks up
// due retries and abandoned sends, and the handler that books what the warehouse reports:
// receipts through the stock engine, confirmed cancels as a closed notice.
import { and, eq, sql } from 'drizzle-orm';
import { ASN_STATUS, ErrorCodes, type ThirdPartyStatus } from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { asnHeaders } from '../../../db/schema/index.js';
import { AppError } from '../../../platform/errors.js';
import type { JobQueue } from '../../../platform/jobs.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import { WarehouseConnectorError, type WarehouseResultHandler, type WarehouseSystemsService } from '../../../connectors/warehouse/types.js';
import { detailRows, dueForIssue, findSupplier, lockAsn, lockAsnByCode, type AsnHeader } from './inbound.queries.js';
import { AREA, bookReceipt } from './inbound.receipts.js';
import { ASN_CANCEL_JOB, ASN_ISSUE_JOB, type InboundService } from './inbound.service.js';

export const ASN_RETRY_JOB = 'inbound-asn-retry';
/** Sends of one notice before the job stops retrying by itself ("sync" asks again). */
export const MAX_SYNC_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 30 * 60_000;

/** The operation log's actor for what the jobs and the warehouse system do. */
const systemActor = (domainId: number): OperationActor => ({ userId: null, loginName: 'warehouse-system', domainId });

export function failureText(error: unknown): string {
  if (error instanceof WarehouseConnectorError) return error.detail.slice(0, 500);
  if (error instanceof AppError) return `${error.code} ${JSON.stringify(error.params)}`.slice(0, 500);
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

const failureCode = (error: unknown) => (error instanceof AppError ? error.code : ErrorCodes.INTERNAL);

/** The next retry of a failed send, or null when it is not worth retrying (or tried enough). */
function nextAttemptAt(error: unknown, attempts: number, at: Date): Date | null {
  if (!(error instanceof WarehouseConnectorError) || !error.retryable || attempts >= MAX_SYNC_ATTEMPTS) return null;
  return new Date(at.getTime() + Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS));
}

/** The warehouse-system status a notice returns to when a cancel did not happen. */
const openWmsStatus = (h: AsnHeader): ThirdPartyStatus => (h.receivedQtyTotal > 0 ? 'IN_PROCESS' : 'SENTED');

export function createInboundSync(deps: { database: Database; registry: ServiceRegistry; jobs: JobQueue | null; service: InboundService; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const systems = () => deps.registry.get<WarehouseSystemsService>('warehouse-systems');

  async function processIssue(domainId: number, asnId: number): Promise<void> {
    const [claimed] = await db
      .update(asnHeaders)
      .set({ syncStatus: 'SENDING', wmsStatus: 'SENDING', syncAttempts: sql`${asnHeaders.syncAttempts} + 1`, updatedAt: now() })
      .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, asnId), eq(asnHeaders.syncStatus, 'REQUEST'), eq(asnHeaders.status, ASN_STATUS.CREATED)))
      .returning();
    if (!claimed) return;
    try {
      const target = await systems().target(domainId, claimed.warehouseId);
      const lines = await detailRows(db, domainId, asnId);
      const supplier = claimed.supplierId ? await findSupplier(db, domainId, claimed.supplierId) : undefined;
      const state = await systems().issueDocument(target, {
        kind: 'ASN',
        docId: claimed.id,
        docCode: claimed.code,
        docType: claimed.asnType,
        lines: lines.map((l) => ({ lineId: l.id, skuId: l.skuId, skuCode: l.skuCode, skuName: l.skuName, barCode: l.skuBarCode, qty: l.qty })),
        party: supplier ? { name: supplier.name, phone: supplier.phone } : null,
        expectedAt: claimed.expectedAt,
        remark: claimed.remark,
      });
      await db.transaction(async (tx) => {
        const h = await lockAsn(tx, domainId, asnId);
        if (!h || h.syncStatus !== 'SENDING') return;
        const [after] = await tx
          .update(asnHeaders)
          .set({
            status: ASN_STATUS.SYNCED,
            syncStatus: 'SUCCESS',
            // A receipt the warehouse reported while the answer travelled keeps its later status.
            wmsStatus: h.wmsStatus === 'SENDING' ? state.status : h.wmsStatus,
            externalCode: state.externalCode,
            syncedAt: now(),
            syncError: null,
            syncErrorCode: null,
            nextSyncAt: null,
            version: h.version + 1,
            updatedAt: now(),
          })
          .where(and(eq(asnHeaders.domainId, h.domainId), eq(asnHeaders.id, h.id)))
          .returning();
        await writeOperationLog(tx, systemActor(domainId), {
          area: AREA,
          entityType: 'asn',
          entityId: h.id,
          action: 'sync',
          before: { code: h.code, status: h.status, syncStatus: h.syncStatus, attempt: h.syncAttempts },
          after: { code: h.code, status: after!.status, syncStatus: after!.syncStatus, wmsStatus: after!.wmsStatus, externalCode: after!.externalCode },
        });
      });
    } catch (error) {
      await db.transaction(async (tx) => {
        const h = await lockAsn(tx, domainId, asnId);
        if (!h || h.syncStatus !== 'SENDING') return;
        const retryAt = nextAttemptAt(error, h.syncAttempts, now());
        await tx
          .update(asnHeaders)
          .set({ syncStatus: 'FAILURE', wmsStatus: 'UNSENT', syncError: failureText(error), syncErrorCode: failureCode(error), nextSyncAt: retryAt, version: h.version + 1, updatedAt: now() })
          .where(and(eq(asnHeaders.domainId, h.domainId), eq(asnHeaders.id, h.id)));
        await writeOperationLog(tx, systemActor(domainId), {
          area: AREA,
          entityType: 'asn',
          entityId: h.id,
          action: 'syncFailed',
          before: { code: h.code, syncStatus: h.syncStatus, attempt: h.syncAttempts },
          after: { code: h.code, syncStatus: 'FAILURE', error: failureText(error), errorCode: failureCode(error), retryAt: retryAt?.toISOString() ?? null },
        });
      });
    }
  }

  async function processCancel(domainId: number, asnId: number): Promise<void> {
    const [claimed] = await db
      .update(asnHeaders)
      .set({ cancelSyncStatus: 'SENDING', cancelAttempts: sql`${asnHeaders.cancelAttempts} + 1`, updatedAt: now() })
      .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, asnId), eq(asnHeaders.cancelSyncStatus, 'REQUEST')))
      .returning();
    if (!claimed) return;
    try {
      const target = await systems().target(domainId, claimed.warehouseId);
      const state = await systems().cancelDocument(target, { kind: 'ASN', docCode: claimed.code, reason: claimed.cancelReason });
      await db.transaction(async (tx) => {
        const h = await lockAsn(tx, domainId, asnId);
        if (!h || h.cancelSyncStatus !== 'SENDING') return;
        if ((state.status === 'CANCEL' || state.status === 'CLOSED') && h.status !== ASN_STATUS.CLOSED) {
          await deps.service.closeInTx(tx, systemActor(domainId), h, { reason: h.cancelReason, action: 'cancel', wmsStatus: state.status, cancelSyncStatus: 'SUCCESS' });
          return;
        }
        await tx
          .update(asnHeaders)
          .set({ cancelSyncStatus: 'SUCCESS', wmsStatus: state.status, syncError: null, syncErrorCode: null, nextSyncAt: null, version: h.version + 1, updatedAt: now() })
          .where(and(eq(asnHeaders.domainId, h.domainId), eq(asnHeaders.id, h.id)));
        await writeOperationLog(tx, systemActor(domainId), {
          area: AREA,
          entityType: 'asn',
          entityId: h.id,
          action: 'cancelSent',
          before: { code: h.code, status: h.status, wmsStatus: h.wmsStatus },
          after: { code: h.code, status: h.status, wmsStatus: state.status },
        });
      });
    } catch (error) {
      await db.transaction(async (tx) => {
        const h = await lockAsn(tx, domainId, asnId);
        if (!h || h.cancelSyncStatus !== 'SENDING') return;
        const retryAt = nextAttemptAt(error, h.cancelAttempts, now());
        // A cancel the warehouse will not do (or no longer tried) leaves the notice open there.
        const wmsStatus = retryAt ? h.wmsStatus : openWmsStatus(h);
        await tx
          .update(asnHeaders)
          .set({ cancelSyncStatus: 'FAILURE', wmsStatus, syncError: failureText(error), syncErrorCode: failureCode(error), nextSyncAt: retryAt, version: h.version + 1, updatedAt: now() })
          .where(and(eq(asnHeaders.domainId, h.domainId), eq(asnHeaders.id, h.id)));
        await writeOperationLog(tx, systemActor(domainId), {
          area: AREA,
          entityType: 'asn',
          entityId: h.id,
          action: 'cancelFailed',
          before: { code: h.code, status: h.status, wmsStatus: h.wmsStatus },
          after: { code: h.code, status: h.status, wmsStatus, error: failureText(error), retryAt: retryAt?.toISOString() ?? null },
        });
      });
    }
  }

  /** Due retries and sends that were asked but not picked up (or abandoned): sends them now. */
  async function retryDue(at: Date = now()): Promise<number> {
    const due = await dueForIssue(db, at, 200);
    for (const { domainId, id } of due) {
      const [h] = await db
        .update(asnHeaders)
        .set({
          syncStatus: sql`case when ${asnHeaders.syncStatus} in ('FAILURE', 'SENDING') and ${asnHeaders.status} = ${ASN_STATUS.CREATED} then 'REQUEST' else ${asnHeaders.syncStatus} end`,
          cancelSyncStatus: sql`case when ${asnHeaders.cancelSyncStatus} in ('FAILURE', 'SENDING') then 'REQUEST' else ${asnHeaders.cancelSyncStatus} end`,
          nextSyncAt: null,
          updatedAt: now(),
        })
        .where(and(eq(asnHeaders.domainId, domainId), eq(asnHeaders.id, id)))
        .returning();
      if (h?.syncStatus === 'REQUEST') await processIssue(domainId, id);
      if (h?.cancelSyncStatus === 'REQUEST') await processCancel(domainId, id);
    }
    return due.length;
  }

  /** Books what the warehouse system reports about a notice (registered for kind ASN). */
  const handleResult: WarehouseResultHandler = async (tx: Tx, target, result) => {
    const h = await lockAsnByCode(tx, target.domainId, target.warehouseId, result.docCode);
    if (!h) return { outcome: 'REFUSED', message: `no inbound notice ${result.docCode} in the warehouse ${target.name}` };
    const actor = systemActor(target.domainId);
    if (result.type === 'CANCELLED') {
      if (h.status !== ASN_STATUS.CLOSED && h.status !== ASN_STATUS.COMPLETED) {
        await deps.service.closeInTx(tx, actor, h, { reason: h.cancelReason, action: 'cancel', wmsStatus: result.status, cancelSyncStatus: 'SUCCESS' });
      } else {
        await tx
          .update(asnHeaders)
          .set({ wmsStatus: result.status, cancelSyncStatus: h.cancelSyncStatus ? 'SUCCESS' : null, version: h.version + 1, updatedAt: now() })
          .where(and(eq(asnHeaders.domainId, h.domainId), eq(asnHeaders.id, h.id)));
      }
      return { outcome: 'BOOKED' };
    }
    if (result.type !== 'RECEIPT') return { outcome: 'REFUSED', message: `an inbound notice takes receipts, not ${result.type}` };
    if (!result.lines.length) return { outcome: 'REFUSED', message: 'the receipt has no lines' };
    try {
      // A savepoint: a refused receipt leaves nothing behind but the record of the refusal.
      await tx.transaction(async (sp) => {
        const booked = await bookReceipt(
          sp,
          deps.registry,
          actor,
          h,
          { lines: result.lines.map((l) => ({ asnDetailId: l.lineId, locationId: 0, qty: l.qty })), source: 'WAREHOUSE_SYSTEM', externalResultId: result.resultId, skipLocations: true },
          now(),
        );
        const after = booked.header;
        await sp
          .update(asnHeaders)
          .set({
            // The warehouse has the notice, whatever became of the answer to its issue.
            ...(after.status === ASN_STATUS.CREATED ? { status: ASN_STATUS.SYNCED, syncStatus: 'SUCCESS', syncError: null, syncErrorCode: null, nextSyncAt: null, externalCode: result.externalCode } : {}),
            ...(after.status !== ASN_STATUS.CLOSED && h.wmsStatus !== 'CANCELING' ? { wmsStatus: result.status } : {}),
          })
          .where(and(eq(asnHeaders.domainId, h.domainId), eq(asnHeaders.id, h.id)));
      });
    } catch (error) {
      if (error instanceof AppError) return { outcome: 'REFUSED', message: failureText(error) };
      throw error;
    }
    return { outcome: 'BOOKED' };
  };

  deps.jobs?.define({ name: ASN_ISSUE_JOB, handler: async (data) => processIssue(Number(data.domainId), Number(data.asnId)) });
  deps.jobs?.define({ name: ASN_CANCEL_JOB, handler: async (data) => processCancel(Number(data.domainId), Number(data.asnId)) });
  deps.jobs?.define({ name: ASN_RETRY_JOB, cron: '* * * * *', handler: () => retryDue() });

  return { processIssue, processCancel, retryDue, handleResult };
}

export type InboundSync = ReturnType<typeof createInboundSync>;
