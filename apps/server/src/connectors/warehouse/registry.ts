// Warehouse-system connectors by warehouse type, and the service areas use to reach them. Only
// the sandbox warehouse system ships with this build; it serves WMS and Qimen warehouses whose
// code in the other system starts with SANDBOX. Every other third-party warehouse gets its real
// system's connector, which is not part of this build: each of its calls answers NOT_IN_BUILD
// (the document's sync then fails with that message) instead of pretending.
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCodes, isSandboxWarehouse, SANDBOX_EXTERNAL_CODE_PREFIX, SANDBOX_WAREHOUSE_TYPES, type WarehouseType } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { warehouses, warehouseSystemResults } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import { createSandboxWmsConnector } from './sandbox/sandbox-wms.connector.js';
import {
  DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS,
  WarehouseConnectorError,
  type PollSummary,
  type WarehouseConnector,
  type WarehouseDocumentKind,
  type WarehouseResultHandler,
  type WarehouseSystemsService,
  type WarehouseTarget,
} from './types.js';
import { textsIn } from '../../platform/sql.js';

export const POLL_RESULTS_JOB = 'warehouse-systems-poll-results';

/** The real system behind each third-party type (named in the NOT_IN_BUILD answer). */
export const WAREHOUSE_SYSTEM_NAMES: Record<Exclude<WarehouseType, 'SELF_WAREHOUSE'>, string> = {
  WMS_WAREHOUSE: 'WMS',
  QIMEN_WAREHOUSE: 'QIMEN',
  SP_WAREHOUSE: 'SP',
  BYTE_WAREHOUSE: 'BYTE',
  GTWMS_WAREHOUSE: 'GTWMS',
};

/** The connector of a real warehouse system this build does not have: every call says so. */
export function notInBuildConnector(system: string): WarehouseConnector {
  const refuse = async (): Promise<never> => {
    throw new WarehouseConnectorError('NOT_IN_BUILD', `the ${system} warehouse system's connector is not part of this build`, { system });
  };
  return { system, issueDocument: refuse, cancelDocument: refuse, fetchResults: refuse, acknowledgeResults: refuse };
}

function toTarget(row: typeof warehouses.$inferSelect): WarehouseTarget {
  return {
    domainId: row.domainId,
    warehouseId: row.id,
    code: row.code,
    name: row.name,
    type: row.type as WarehouseType,
    stopUsing: row.stopUsing,
    externalCode: row.externalCode,
    ownerCode: row.ownerCode,
  };
}

export interface WarehouseSystems extends WarehouseSystemsService {
  /** Polls every sandbox-connected warehouse (the scheduled job). */
  pollAll(): Promise<PollSummary[]>;
}

export function createWarehouseSystems(deps: { database: Database; jobs: JobQueue | null; now?: () => Date; log?: (message: string) => void }): WarehouseSystems {
  const { db } = deps.database;
  const sandbox = createSandboxWmsConnector({ db, ...(deps.now ? { now: deps.now } : {}) });
  const realSystems = new Map(Object.entries(WAREHOUSE_SYSTEM_NAMES).map(([type, system]) => [type, notInBuildConnector(system)]));
  const handlers = new Map<WarehouseDocumentKind, WarehouseResultHandler>();

  const service: WarehouseSystems = {
    async target(domainId: number, warehouseId: number, tx: Tx = db) {
      const [row] = await tx
        .select()
        .from(warehouses)
        .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, warehouseId)));
      if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'warehouse', field: 'whId' });
      return toTarget(row);
    },

    connectorFor(target) {
      if (target.type === 'SELF_WAREHOUSE') return null;
      if (isSandboxWarehouse(target)) return sandbox;
      return realSystems.get(target.type) ?? notInBuildConnector(target.type);
    },

    usesWarehouseSystem: (target) => target.type !== 'SELF_WAREHOUSE',

    issueDocument(target, request, options) {
      const connector = service.connectorFor(target);
      if (!connector) throw new WarehouseConnectorError('NO_CONNECTOR', `the warehouse ${target.name} is run by the seller`);
      return connector.issueDocument(target, request, { timeoutMs: options?.timeoutMs ?? DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS });
    },

    cancelDocument(target, request, options) {
      const connector = service.connectorFor(target);
      if (!connector) throw new WarehouseConnectorError('NO_CONNECTOR', `the warehouse ${target.name} is run by the seller`);
      return connector.cancelDocument(target, request, { timeoutMs: options?.timeoutMs ?? DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS });
    },

    onResults(kind, handler) {
      handlers.set(kind, handler);
    },

    async pollResults(domainId, warehouseId, kind) {
      const target = await service.target(domainId, warehouseId);
      const connector = service.connectorFor(target);
      if (!connector) throw new WarehouseConnectorError('NO_CONNECTOR', `the warehouse ${target.name} is run by the seller`);
      const summary: PollSummary = { warehouseId, fetched: 0, booked: 0, refused: 0, repeated: 0, failed: [] };
      const kinds = kind ? [kind] : [...handlers.keys()];
      for (const k of kinds) {
        const handler = handlers.get(k);
        if (!handler) continue;
        const results = await connector.fetchResults(target, { kind: k, limit: 200 });
        summary.fetched += results.length;
        const acknowledged: string[] = [];
        for (const result of results) {
          try {
            const outcome = await db.transaction(async (tx) => {
              // The row first: a second poller handling the same result waits here, then skips it.
              const inserted = await tx
                .insert(warehouseSystemResults)
                .values({
                  domainId,
                  warehouseId,
                  resultId: result.resultId,
                  kind: result.kind,
                  type: result.type,
                  docCode: result.docCode,
                  outcome: 'BOOKED',
                  payload: result,
                  createdAt: deps.now?.() ?? new Date(),
                })
                .onConflictDoNothing()
                .returning({ id: warehouseSystemResults.id });
              if (!inserted.length) return 'REPEATED' as const;
              const answer = await handler(tx, target, result);
              if (answer.outcome === 'REFUSED') {
                await tx
                  .update(warehouseSystemResults)
                  .set({ outcome: 'REFUSED', message: answer.message.slice(0, 500) })
                  .where(eq(warehouseSystemResults.id, inserted[0]!.id));
              }
              return answer.outcome;
            });
            if (outcome === 'BOOKED') summary.booked++;
            else if (outcome === 'REFUSED') summary.refused++;
            else summary.repeated++;
            acknowledged.push(result.resultId);
          } catch (error) {
            summary.failed.push({ resultId: result.resultId, message: error instanceof Error ? error.message.slice(0, 300) : String(error) });
          }
        }
        // An acknowledgement lost here is harmless: the results come back and are skipped.
        if (acknowledged.length) await connector.acknowledgeResults(target, acknowledged);
      }
      return summary;
    },

    async pollAll() {
      const rows = await db
        .select({ domainId: warehouses.domainId, id: warehouses.id, type: warehouses.type, externalCode: warehouses.externalCode })
        .from(warehouses)
        .where(and(textsIn(warehouses.type, [...SANDBOX_WAREHOUSE_TYPES]), sql`upper(${warehouses.externalCode}) like ${SANDBOX_EXTERNAL_CODE_PREFIX + '%'}`));
      const summaries: PollSummary[] = [];
      for (const row of rows.filter((r) => isSandboxWarehouse(r))) {
        try {
          summaries.push(await service.pollResults(row.domainId, row.id));
        } catch (error) {
          deps.log?.(`[warehouse-systems] poll of warehouse ${row.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return summaries;
    },
  };

  // How often the warehouse systems are asked for results (WMS_POLL_CRON; 'off' leaves it to
  // the "fetch results" actions).
  const cron = process.env.WMS_POLL_CRON || '* * * * *';
  deps.jobs?.define({ name: POLL_RESULTS_JOB, ...(cron === 'off' ? {} : { cron }), handler: async () => ({ items: (await service.pollAll()).length }) });
  return service;
}

/** Results of a document that could not be booked, with why. */
export async function refusedResultsOf(tx: Tx, domainId: number, kind: WarehouseDocumentKind, docCode: string) {
  return tx
    .select()
    .from(warehouseSystemResults)
    .where(
      and(
        eq(warehouseSystemResults.domainId, domainId),
        eq(warehouseSystemResults.kind, kind),
        eq(warehouseSystemResults.docCode, docCode),
        eq(warehouseSystemResults.outcome, 'REFUSED'),
      ),
    );
}
