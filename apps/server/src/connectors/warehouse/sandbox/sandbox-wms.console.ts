// The sandbox warehouse system seen from its own side: what a person does in its console to make
// it behave like a busy warehouse — receive an inbound notice or ship an outbound order, fully or
// in part; confirm a cancel it was asked for; set its latency, failure rate, cancel mode and the
// SKUs it refuses; force failures on the next calls — and what it was sent (documents, results,
// calls). Only sandbox-connected warehouses of the caller's domain.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  SANDBOX_EXTERNAL_CODE_PREFIX,
  SANDBOX_WAREHOUSE_TYPES,
  WarehouseSystemErrors,
  isSandboxWarehouse,
  type SandboxWmsCancelMode,
  type SandboxWmsDocumentRow,
  type SandboxWmsFailNextInput,
  type SandboxWmsForcedFailure,
  type SandboxWmsFulfilInput,
  type SandboxWmsSettingsInput,
  type SandboxWmsView,
  type SandboxWmsWarehouseOption,
  type WarehouseType,
  type SandboxWmsCallRow,
  type ThirdPartyStatus,
} from '@openseller/core';
import type { Db, Tx } from '../../../db/client.js';
import { isReceived, type WarehouseDocumentKind } from '../types.js';
import { sandboxWmsCalls, sandboxWmsDocumentLines, sandboxWmsDocuments, sandboxWmsResults, sandboxWmsWarehouses, warehouses } from '../../../db/schema/index.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import { addSandboxResult, ensureSandboxWarehouse, logSandboxCall } from './sandbox-wms.connector.js';
import { idsIn, textsIn } from '../../../platform/sql.js';

const documentProblem = (detail: string, field = 'documentId') => new AppError(WarehouseSystemErrors.SANDBOX_DOCUMENT, 409, { detail, field });

export function createSandboxWmsConsole(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function sandboxWarehouse(tx: Tx, domainId: number, warehouseId: number) {
    const [warehouse] = await tx
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, warehouseId)));
    if (!warehouse || !isSandboxWarehouse(warehouse)) throw new AppError(WarehouseSystemErrors.NOT_SANDBOX, 400, { field: 'warehouseId', name: warehouse?.name ?? String(warehouseId) });
    return warehouse;
  }

  async function documentOf(tx: Tx, domainId: number, warehouseId: number, documentId: number) {
    const [document] = await tx
      .select()
      .from(sandboxWmsDocuments)
      .where(and(eq(sandboxWmsDocuments.domainId, domainId), eq(sandboxWmsDocuments.warehouseId, warehouseId), eq(sandboxWmsDocuments.id, documentId)))
      .for('update');
    if (!document) throw documentProblem(`no document ${documentId} in this warehouse`);
    return document;
  }

  return {
    /** The domain's warehouses the sandbox serves, in use first. */
    async warehouses(domainId: number): Promise<SandboxWmsWarehouseOption[]> {
      const rows = await db
        .select()
        .from(warehouses)
        .where(
          and(
            eq(warehouses.domainId, domainId),
            textsIn(warehouses.type, [...SANDBOX_WAREHOUSE_TYPES]),
            sql`upper(${warehouses.externalCode}) like ${SANDBOX_EXTERNAL_CODE_PREFIX + '%'}`,
          ),
        )
        .orderBy(asc(warehouses.stopUsing), asc(warehouses.id));
      return rows.map((w) => ({ id: w.id, code: w.code, name: w.name, type: w.type as WarehouseType, stopUsing: w.stopUsing ? 1 : 0 }));
    },

    async view(domainId: number, warehouseId: number): Promise<SandboxWmsView> {
      const warehouse = await sandboxWarehouse(db, domainId, warehouseId);
      const settings = await ensureSandboxWarehouse(db, domainId, warehouseId);
      const documents = await db
        .select()
        .from(sandboxWmsDocuments)
        .where(and(eq(sandboxWmsDocuments.domainId, domainId), eq(sandboxWmsDocuments.warehouseId, warehouseId)))
        .orderBy(desc(sandboxWmsDocuments.id))
        .limit(100);
      const lines = documents.length
        ? await db
            .select()
            .from(sandboxWmsDocumentLines)
            .where(
              and(
                eq(sandboxWmsDocumentLines.domainId, domainId),
                idsIn(
                  sandboxWmsDocumentLines.documentId,
                  documents.map((d) => d.id),
                ),
              ),
            )
            .orderBy(sandboxWmsDocumentLines.id)
        : [];
      const results = await db
        .select({ r: sandboxWmsResults, docCode: sandboxWmsDocuments.docCode })
        .from(sandboxWmsResults)
        .innerJoin(sandboxWmsDocuments, and(eq(sandboxWmsDocuments.id, sandboxWmsResults.documentId), eq(sandboxWmsDocuments.domainId, sandboxWmsResults.domainId)))
        .where(and(eq(sandboxWmsResults.domainId, domainId), eq(sandboxWmsResults.warehouseId, warehouseId)))
        .orderBy(desc(sandboxWmsResults.id))
        .limit(100);
      const calls = await db
        .select()
        .from(sandboxWmsCalls)
        .where(and(eq(sandboxWmsCalls.domainId, domainId), eq(sandboxWmsCalls.warehouseId, warehouseId)))
        .orderBy(desc(sandboxWmsCalls.id))
        .limit(100);
      const documentRows: SandboxWmsDocumentRow[] = documents.map((d) => ({
        id: d.id,
        kind: d.kind as WarehouseDocumentKind,
        docCode: d.docCode,
        docType: d.docType,
        externalCode: d.externalCode,
        status: d.status as ThirdPartyStatus,
        lines: lines
          .filter((l) => l.documentId === d.id)
          .map((l) => ({ lineId: l.lineId, skuId: l.skuId, skuCode: l.skuCode, skuName: l.skuName, qty: l.qty, doneQty: l.doneQty })),
        createdAt: d.createdAt.toISOString(),
        updatedAt: d.updatedAt.toISOString(),
      }));
      return {
        warehouseId,
        warehouseCode: warehouse.code,
        warehouseName: warehouse.name,
        externalCode: warehouse.externalCode,
        version: settings.version,
        failureRate: Number(settings.failureRate),
        latencyMs: settings.latencyMs,
        cancelMode: settings.cancelMode as SandboxWmsCancelMode,
        rejectSkuCodes: settings.rejectSkuCodes as string[],
        forcedFailures: settings.forcedFailures as SandboxWmsForcedFailure[],
        callCount: settings.callCount,
        documents: documentRows,
        results: results.map(({ r, docCode }) => ({
          resultId: r.resultId,
          kind: r.kind as WarehouseDocumentKind,
          type: r.type,
          docCode,
          qty: (r.lines as { qty: number }[]).reduce((sum, l) => sum + l.qty, 0),
          acknowledged: r.acknowledgedAt !== null,
          createdAt: r.createdAt.toISOString(),
        })),
        calls: calls.map((c) => ({
          id: c.id,
          operation: c.operation as SandboxWmsCallRow['operation'],
          outcome: c.outcome,
          message: c.message,
          docCode: c.docCode,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },

    async updateSettings(domainId: number, input: SandboxWmsSettingsInput): Promise<void> {
      await sandboxWarehouse(db, domainId, input.warehouseId);
      await ensureSandboxWarehouse(db, domainId, input.warehouseId);
      const updated = await db
        .update(sandboxWmsWarehouses)
        .set({
          failureRate: input.failureRate.toFixed(2),
          latencyMs: input.latencyMs,
          cancelMode: input.cancelMode,
          rejectSkuCodes: [...new Set(input.rejectSkuCodes)],
          version: input.version + 1,
          updatedAt: now(),
        })
        .where(and(eq(sandboxWmsWarehouses.domainId, domainId), eq(sandboxWmsWarehouses.warehouseId, input.warehouseId), eq(sandboxWmsWarehouses.version, input.version)))
        .returning({ id: sandboxWmsWarehouses.id });
      if (!updated.length) throw versionConflict('sandboxWarehouse');
    },

    /** Replaces the failures to produce on the next calls (an empty list clears them). */
    async failNext(domainId: number, input: SandboxWmsFailNextInput): Promise<void> {
      await sandboxWarehouse(db, domainId, input.warehouseId);
      await db.transaction(async (tx) => {
        const settings = await ensureSandboxWarehouse(tx, domainId, input.warehouseId, true);
        await tx
          .update(sandboxWmsWarehouses)
          .set({ forcedFailures: input.failures.map((f) => ({ kind: f.kind, operation: f.operation ?? null })), version: settings.version + 1, updatedAt: now() })
          .where(and(eq(sandboxWmsWarehouses.domainId, settings.domainId), eq(sandboxWmsWarehouses.id, settings.id)));
      });
    },

    /**
     * The warehouse receives (ASN) or ships (WDO) a document: the pieces given per line, or all
     * that is left. The document becomes IN_PROCESS or FULFILLED, and a result is reported.
     */
    async fulfil(domainId: number, input: SandboxWmsFulfilInput): Promise<{ resultId: string; status: ThirdPartyStatus }> {
      await sandboxWarehouse(db, domainId, input.warehouseId);
      return db.transaction(async (tx) => {
        await ensureSandboxWarehouse(tx, domainId, input.warehouseId, true);
        const document = await documentOf(tx, domainId, input.warehouseId, input.documentId);
        if (document.status !== 'SENTED' && document.status !== 'IN_PROCESS') throw documentProblem(`the document ${document.docCode} is ${document.status}: only SENTED or IN_PROCESS documents can be ${isReceived(document.kind as WarehouseDocumentKind) ? 'received' : 'shipped'}`);
        const lines = await tx.select().from(sandboxWmsDocumentLines).where(and(eq(sandboxWmsDocumentLines.domainId, document.domainId), eq(sandboxWmsDocumentLines.documentId, document.id))).orderBy(sandboxWmsDocumentLines.id);
        const wanted = new Map<number, number>();
        if (input.lines) {
          for (const [index, l] of input.lines.entries()) {
            const line = lines.find((x) => x.lineId === l.lineId);
            if (!line) throw documentProblem(`the document has no line ${l.lineId}`, `lines.${index}.lineId`);
            const total = (wanted.get(l.lineId) ?? 0) + l.qty;
            if (total > line.qty - line.doneQty) throw documentProblem(`line ${line.skuCode}: ${total} is more than the ${line.qty - line.doneQty} left`, `lines.${index}.qty`);
            wanted.set(l.lineId, total);
          }
        } else {
          for (const line of lines) wanted.set(line.lineId, line.qty - line.doneQty);
        }
        const moving = lines.filter((l) => (wanted.get(l.lineId) ?? 0) > 0);
        if (!moving.length) throw documentProblem('nothing to receive or ship: give at least one piece', 'lines');
        for (const line of moving) {
          await tx
            .update(sandboxWmsDocumentLines)
            .set({ doneQty: line.doneQty + wanted.get(line.lineId)! })
            .where(and(eq(sandboxWmsDocumentLines.domainId, line.domainId), eq(sandboxWmsDocumentLines.id, line.id)));
        }
        const complete = lines.every((l) => l.doneQty + (wanted.get(l.lineId) ?? 0) >= l.qty);
        const status: ThirdPartyStatus = complete ? 'FULFILLED' : 'IN_PROCESS';
        await tx
          .update(sandboxWmsDocuments)
          .set({ status, version: document.version + 1, updatedAt: now() })
          .where(and(eq(sandboxWmsDocuments.domainId, document.domainId), eq(sandboxWmsDocuments.id, document.id)));
        const resultId = await addSandboxResult(
          tx,
          document,
          {
            type: isReceived(document.kind as WarehouseDocumentKind) ? 'RECEIPT' : 'SHIPMENT',
            status,
            lines: moving.map((l) => ({ lineId: l.lineId, skuId: l.skuId, skuCode: l.skuCode, qty: wanted.get(l.lineId)! })),
            expressCompanyCode: input.expressCompanyCode ?? null,
            expressNo: input.expressNo ?? null,
          },
          now(),
        );
        await logSandboxCall(tx, { domainId, warehouseId: input.warehouseId }, 'console', isReceived(document.kind as WarehouseDocumentKind) ? 'RECEIVED' : 'SHIPPED', `${resultId}: ${status}`, document.docCode, null, now());
        return { resultId, status };
      });
    },

    /** Confirms a cancel the warehouse was asked for: CANCEL, or CLOSED when part was done. */
    async confirmCancel(domainId: number, input: { warehouseId: number; documentId: number }): Promise<{ resultId: string; status: ThirdPartyStatus }> {
      await sandboxWarehouse(db, domainId, input.warehouseId);
      return db.transaction(async (tx) => {
        await ensureSandboxWarehouse(tx, domainId, input.warehouseId, true);
        const document = await documentOf(tx, domainId, input.warehouseId, input.documentId);
        if (document.status !== 'CANCELING') throw documentProblem(`the document ${document.docCode} is ${document.status}: only a CANCELING document's cancel can be confirmed`);
        const lines = await tx.select().from(sandboxWmsDocumentLines).where(and(eq(sandboxWmsDocumentLines.domainId, document.domainId), eq(sandboxWmsDocumentLines.documentId, document.id)));
        const status: ThirdPartyStatus = lines.some((l) => l.doneQty > 0) ? 'CLOSED' : 'CANCEL';
        await tx
          .update(sandboxWmsDocuments)
          .set({ status, version: document.version + 1, updatedAt: now() })
          .where(and(eq(sandboxWmsDocuments.domainId, document.domainId), eq(sandboxWmsDocuments.id, document.id)));
        const resultId = await addSandboxResult(tx, document, { type: 'CANCELLED', status, lines: [] }, now());
        await logSandboxCall(tx, { domainId, warehouseId: input.warehouseId }, 'console', 'CANCEL_CONFIRMED', `${resultId}: ${status}`, document.docCode, null, now());
        return { resultId, status };
      });
    },
  };
}

export type SandboxWmsConsole = ReturnType<typeof createSandboxWmsConsole>;
