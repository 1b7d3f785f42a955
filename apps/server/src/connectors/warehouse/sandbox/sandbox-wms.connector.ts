// The sandbox warehouse system: a pretend WMS served by this app, for demos and tests. It keeps
// what it was sent in its own tables, moves its documents through their states (SENTED when
// accepted, IN_PROCESS when partly received or shipped, FULFILLED, CANCELING → CANCEL or
// CLOSED), reports receipts, shipments and confirmed cancels as results until acknowledged, and
// misbehaves on request per warehouse: latency, a failure rate drawn deterministically from
// (warehouse, call number), failures forced on the next calls (timeouts before or after
// accepting, rejections, errors), and SKUs it refuses. Every call it receives is recorded.
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SandboxWmsFailureKind, SandboxWmsForcedFailure, SandboxWmsOperation, ThirdPartyStatus } from '@openseller/core';
import type { Db, Tx } from '../../../db/client.js';
import { sandboxWmsCalls, sandboxWmsDocumentLines, sandboxWmsDocuments, sandboxWmsResults, sandboxWmsWarehouses } from '../../../db/schema/index.js';
import { pause, withWarehouseDeadline } from '../deadline.js';
import {
  DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS,
  WarehouseConnectorError,
  type CancelDocumentRequest,
  type IssueDocumentRequest,
  type WarehouseCallOptions,
  type WarehouseConnector,
  type WarehouseDocumentKind,
  type WarehouseDocumentState,
  type WarehouseResult,
  type WarehouseResultLine,
  type WarehouseTarget,
  isRegistration,
} from '../types.js';
import { textsIn } from '../../../platform/sql.js';

export type SandboxWmsWarehouse = typeof sandboxWmsWarehouses.$inferSelect;
export type SandboxWmsDocument = typeof sandboxWmsDocuments.$inferSelect;

/** A number in [0, 1) fixed by the warehouse and the call number, so a failure rate replays exactly. */
export function drawFraction(domainId: number, warehouseId: number, callNumber: number): number {
  return parseInt(createHash('sha256').update(`${domainId}:${warehouseId}:${callNumber}`).digest('hex').slice(0, 8), 16) / 0x1_0000_0000;
}

/** The sandbox's state of a warehouse, made on first use. */
export async function ensureSandboxWarehouse(tx: Tx, domainId: number, warehouseId: number, lock = false): Promise<SandboxWmsWarehouse> {
  await tx.insert(sandboxWmsWarehouses).values({ domainId, warehouseId }).onConflictDoNothing();
  const query = tx
    .select()
    .from(sandboxWmsWarehouses)
    .where(and(eq(sandboxWmsWarehouses.domainId, domainId), eq(sandboxWmsWarehouses.warehouseId, warehouseId)));
  const [row] = lock ? await query.for('update') : await query;
  return row!;
}

export async function logSandboxCall(
  tx: Tx,
  target: { domainId: number; warehouseId: number },
  operation: SandboxWmsOperation | 'console',
  outcome: string,
  message: string | null,
  docCode: string | null = null,
  payload: unknown = null,
  at: Date = new Date(),
): Promise<void> {
  await tx.insert(sandboxWmsCalls).values({ domainId: target.domainId, warehouseId: target.warehouseId, operation, outcome, message, docCode, payload, createdAt: at });
}

/** Adds a result the warehouse reports (a receipt, a shipment, a confirmed cancel). */
export async function addSandboxResult(
  tx: Tx,
  document: SandboxWmsDocument,
  input: { type: 'RECEIPT' | 'SHIPMENT' | 'CANCELLED' | 'SYNCED'; status: ThirdPartyStatus; lines: WarehouseResultLine[]; expressCompanyCode?: string | null; expressNo?: string | null },
  at: Date,
): Promise<string> {
  const [counter] = await tx
    .update(sandboxWmsWarehouses)
    .set({ resultSeq: sql`${sandboxWmsWarehouses.resultSeq} + 1` })
    .where(and(eq(sandboxWmsWarehouses.domainId, document.domainId), eq(sandboxWmsWarehouses.warehouseId, document.warehouseId)))
    .returning({ seq: sandboxWmsWarehouses.resultSeq });
  const resultId = `SBXR-${document.warehouseId}-${counter!.seq}`;
  await tx.insert(sandboxWmsResults).values({
    domainId: document.domainId,
    warehouseId: document.warehouseId,
    documentId: document.id,
    resultId,
    kind: document.kind,
    type: input.type,
    status: input.status,
    lines: input.lines,
    expressCompanyCode: input.expressCompanyCode ?? null,
    expressNo: input.expressNo ?? null,
    createdAt: at,
  });
  return resultId;
}

const stateOf = (d: SandboxWmsDocument): WarehouseDocumentState => ({
  kind: d.kind as WarehouseDocumentKind,
  docCode: d.docCode,
  externalCode: d.externalCode,
  status: d.status as ThirdPartyStatus,
});

export function createSandboxWmsConnector(deps: { db: Db; now?: () => Date }): WarehouseConnector {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  interface Admission {
    failure: SandboxWmsFailureKind | null;
    latencyMs: number;
    settings: SandboxWmsWarehouse;
  }

  /** Counts the call, then takes a forced failure for it or draws a random one; a failure is recorded. */
  async function admit(target: WarehouseTarget, operation: SandboxWmsOperation, docCode: string | null): Promise<Admission> {
    return db.transaction(async (tx) => {
      const settings = await ensureSandboxWarehouse(tx, target.domainId, target.warehouseId, true);
      const callNumber = settings.callCount + 1;
      const forced = (settings.forcedFailures as SandboxWmsForcedFailure[]) ?? [];
      let failure: SandboxWmsFailureKind | null = null;
      let remaining = forced;
      let message: string | null = null;
      const index = forced.findIndex((f) => !f.operation || f.operation === operation);
      if (index >= 0) {
        failure = forced[index]!.kind;
        remaining = forced.filter((_, i) => i !== index);
        message = 'forced by the sandbox console';
      } else if (Number(settings.failureRate) > 0 && drawFraction(target.domainId, target.warehouseId, callNumber) < Number(settings.failureRate)) {
        failure = 'ERROR';
        message = `random failure (rate ${settings.failureRate})`;
      }
      await tx
        .update(sandboxWmsWarehouses)
        .set({ callCount: callNumber, forcedFailures: remaining })
        .where(and(eq(sandboxWmsWarehouses.domainId, settings.domainId), eq(sandboxWmsWarehouses.id, settings.id)));
      // A timeout after accepting is recorded with the work it interrupts.
      if (failure && failure !== 'TIMEOUT_AFTER_ACCEPT') await logSandboxCall(tx, target, operation, failure, message, docCode, null, now());
      return { failure, latencyMs: settings.latencyMs, settings };
    });
  }

  /**
   * One call: deadline, admission, latency, then the work in a transaction that records the call.
   * A refusal the work raises is recorded after its transaction rolled back.
   */
  async function run<T>(
    target: WarehouseTarget,
    operation: SandboxWmsOperation,
    docCode: string | null,
    options: WarehouseCallOptions | undefined,
    work: (tx: Tx, settings: SandboxWmsWarehouse) => Promise<{ result: T; payload?: unknown }>,
  ): Promise<T> {
    return withWarehouseDeadline(options?.timeoutMs ?? DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS, async (signal) => {
      const admission = await admit(target, operation, docCode);
      if (admission.latencyMs > 0) await pause(admission.latencyMs, signal);
      switch (admission.failure) {
        case 'TIMEOUT':
          throw new WarehouseConnectorError('TIMEOUT', 'the sandbox warehouse system did not answer (a timeout set in its console)');
        case 'REJECTED':
          throw new WarehouseConnectorError('REJECTED', 'the sandbox warehouse system refused the call (a rejection set in its console)');
        case 'ERROR':
          throw new WarehouseConnectorError('SYSTEM_ERROR', 'the sandbox warehouse system failed to handle the call');
        default:
          break;
      }
      const lost = admission.failure === 'TIMEOUT_AFTER_ACCEPT';
      let result: T;
      try {
        result = await db.transaction(async (tx) => {
          const done = await work(tx, admission.settings);
          await logSandboxCall(tx, target, operation, lost ? 'TIMEOUT_AFTER_ACCEPT' : 'OK', lost ? 'handled, but the answer was lost (set in its console)' : null, docCode, done.payload ?? null, now());
          return done.result;
        });
      } catch (error) {
        if (error instanceof WarehouseConnectorError) await logSandboxCall(db, target, operation, 'REJECTED', error.detail, docCode, null, now());
        throw error;
      }
      if (lost) throw new WarehouseConnectorError('TIMEOUT', 'the sandbox warehouse system did not answer in time');
      return result;
    });
  }

  async function documentOf(tx: Tx, target: WarehouseTarget, kind: WarehouseDocumentKind, docCode: string, lock = false) {
    const query = tx
      .select()
      .from(sandboxWmsDocuments)
      .where(
        and(
          eq(sandboxWmsDocuments.domainId, target.domainId),
          eq(sandboxWmsDocuments.warehouseId, target.warehouseId),
          eq(sandboxWmsDocuments.kind, kind),
          eq(sandboxWmsDocuments.docCode, docCode),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  const rejected = (detail: string) => new WarehouseConnectorError('REJECTED', detail);

  return {
    system: 'SANDBOX',

    issueDocument(target, request: IssueDocumentRequest, options) {
      return run(target, 'issue', request.docCode, options, async (tx, settings) => {
        const existing = await documentOf(tx, target, request.kind, request.docCode, true);
        if (existing) {
          if (existing.status === 'CANCEL' || existing.status === 'CLOSED') throw rejected(`the document code ${request.docCode} belongs to a cancelled document`);
          // A second issue of the same code (a retry after a lost answer) answers the first.
          return { result: stateOf(existing), payload: { repeated: true } };
        }
        if (!request.lines.length) throw rejected('a document needs at least one line');
        const refused = new Set(((settings.rejectSkuCodes as string[]) ?? []).map((c) => c.toUpperCase()));
        const unknown = request.lines.find((l) => refused.has(l.skuCode.toUpperCase()));
        if (unknown) throw rejected(`the SKU ${unknown.skuCode} is unknown to the warehouse`);
        const bad = request.lines.find((l) => !Number.isInteger(l.qty) || l.qty <= 0);
        if (bad) throw rejected(`line ${bad.lineId}: the quantity must be a positive whole number`);
        const [counter] = await tx
          .update(sandboxWmsWarehouses)
          .set({ documentSeq: sql`${sandboxWmsWarehouses.documentSeq} + 1` })
          .where(and(eq(sandboxWmsWarehouses.domainId, settings.domainId), eq(sandboxWmsWarehouses.id, settings.id)))
          .returning({ seq: sandboxWmsWarehouses.documentSeq });
        const at = now();
        // Received (UNSENT → SENDING) and accepted in this call: the document is SENTED.
        const [document] = await tx
          .insert(sandboxWmsDocuments)
          .values({
            domainId: target.domainId,
            warehouseId: target.warehouseId,
            kind: request.kind,
            docCode: request.docCode,
            docType: request.docType,
            externalCode: `SBX-${request.kind}-${target.warehouseId}-${String(counter!.seq).padStart(5, '0')}`,
            status: 'SENTED',
            request: { ...request, expectedAt: request.expectedAt?.toISOString() ?? null },
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await tx.insert(sandboxWmsDocumentLines).values(
          request.lines.map((l) => ({ domainId: target.domainId, documentId: document!.id, lineId: l.lineId, skuId: l.skuId, skuCode: l.skuCode, skuName: l.skuName, qty: l.qty })),
        );
        if (isRegistration(request.kind)) {
          // A registration is taken in at once and confirmed by a SYNCED result, which the caller
          // learns of only when it next fetches results (a real WMS confirms item data later too).
          const [done] = await tx
            .update(sandboxWmsDocuments)
            .set({ status: 'FULFILLED', version: document!.version + 1, updatedAt: at })
            .where(and(eq(sandboxWmsDocuments.domainId, document!.domainId), eq(sandboxWmsDocuments.id, document!.id)))
            .returning();
          await tx
            .update(sandboxWmsDocumentLines)
            .set({ doneQty: sql`${sandboxWmsDocumentLines.qty}` })
            .where(and(eq(sandboxWmsDocumentLines.domainId, document!.domainId), eq(sandboxWmsDocumentLines.documentId, document!.id)));
          await addSandboxResult(tx, done!, { type: 'SYNCED', status: 'FULFILLED', lines: request.lines.map((l) => ({ lineId: l.lineId, skuId: l.skuId, skuCode: l.skuCode, qty: l.qty })) }, at);
        }
        return { result: stateOf(document!), payload: { externalCode: document!.externalCode, lines: request.lines.length } };
      });
    },

    cancelDocument(target, request: CancelDocumentRequest, options) {
      return run(target, 'cancel', request.docCode, options, async (tx, settings) => {
        const document = await documentOf(tx, target, request.kind, request.docCode, true);
        if (!document) throw rejected(`no document ${request.docCode} in the warehouse`);
        if (document.status === 'FULFILLED') throw rejected(`the document ${request.docCode} is already fulfilled`);
        if (document.status === 'CANCEL' || document.status === 'CLOSED' || document.status === 'CANCELING') return { result: stateOf(document) };
        const status: ThirdPartyStatus = settings.cancelMode === 'CONFIRM' ? 'CANCELING' : document.status === 'IN_PROCESS' ? 'CLOSED' : 'CANCEL';
        const [after] = await tx
          .update(sandboxWmsDocuments)
          .set({ status, version: document.version + 1, updatedAt: now() })
          .where(and(eq(sandboxWmsDocuments.domainId, document.domainId), eq(sandboxWmsDocuments.id, document.id)))
          .returning();
        return { result: stateOf(after!), payload: { from: document.status, to: status, reason: request.reason ?? null } };
      });
    },

    fetchResults(target, query, options) {
      return run(target, 'fetch', null, options, async (tx) => {
        const rows = await tx
          .select({ r: sandboxWmsResults, docCode: sandboxWmsDocuments.docCode, externalCode: sandboxWmsDocuments.externalCode })
          .from(sandboxWmsResults)
          .innerJoin(sandboxWmsDocuments, and(eq(sandboxWmsDocuments.id, sandboxWmsResults.documentId), eq(sandboxWmsDocuments.domainId, sandboxWmsResults.domainId)))
          .where(
            and(
              eq(sandboxWmsResults.domainId, target.domainId),
              eq(sandboxWmsResults.warehouseId, target.warehouseId),
              eq(sandboxWmsResults.kind, query.kind),
              isNull(sandboxWmsResults.acknowledgedAt),
            ),
          )
          .orderBy(asc(sandboxWmsResults.id))
          .limit(Math.min(Math.max(query.limit ?? 100, 1), 500));
        const results: WarehouseResult[] = rows.map(({ r, docCode, externalCode }) => ({
          resultId: r.resultId,
          kind: r.kind as WarehouseDocumentKind,
          type: r.type as WarehouseResult['type'],
          docCode,
          externalCode,
          status: r.status as ThirdPartyStatus,
          lines: r.lines as WarehouseResultLine[],
          occurredAt: r.createdAt,
          expressCompanyCode: r.expressCompanyCode,
          expressNo: r.expressNo,
        }));
        return { result: results, payload: { kind: query.kind, count: results.length } };
      });
    },

    acknowledgeResults(target, resultIds, options) {
      return run(target, 'acknowledge', null, options, async (tx) => {
        if (!resultIds.length) return { result: undefined, payload: { count: 0 } };
        const done = await tx
          .update(sandboxWmsResults)
          .set({ acknowledgedAt: now() })
          .where(
            and(
              eq(sandboxWmsResults.domainId, target.domainId),
              eq(sandboxWmsResults.warehouseId, target.warehouseId),
              textsIn(sandboxWmsResults.resultId, resultIds),
              isNull(sandboxWmsResults.acknowledgedAt),
            ),
          )
          .returning({ id: sandboxWmsResults.id });
        return { result: undefined, payload: { count: done.length } };
      });
    },
  };
}
