// Warehouse-system connectors by warehouse type, and the service areas use to reach them. The
// sandbox warehouse system serves WMS and Qimen warehouses whose code in the other system starts
// with SANDBOX; other Qimen warehouses get the Qimen connector (qimen/, credentials under the key
// QIMEN). Every other third-party warehouse gets its real system's connector, which is not part
// of this build: each of its calls answers NOT_IN_BUILD (the document's sync then fails with that
// message) instead of pretending. Results are booked here, once per result id, whether polled
// (pollResults) or pushed by the system (bookResult, the Qimen callbacks).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCodes, isSandboxWarehouse, SANDBOX_EXTERNAL_CODE_PREFIX, SANDBOX_WAREHOUSE_TYPES, type WarehouseType } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { warehouses, warehouseSystemInbox, warehouseSystemResults } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import { storedAppCredentials, type AppCredentialsLookup } from '../app-credentials.js';
import { createQimenConnector, type QimenConnector } from './qimen/qimen.connector.js';
import { createSandboxWmsConnector } from './sandbox/sandbox-wms.connector.js';
import {
  DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS,
  WarehouseConnectorError,
  type PollSummary,
  type WarehouseConnector,
  type WarehouseDocumentKind,
  type WarehouseResult,
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
    qimenCustomerId: row.qimenCustomerId,
  };
}

/** What became of a result handed to its handler: REPEATED when it was booked before (`first` says how). */
export interface BookedResult {
  outcome: 'BOOKED' | 'REFUSED' | 'REPEATED';
  first: 'BOOKED' | 'REFUSED';
  message: string | null;
}

export interface WarehouseSystems extends WarehouseSystemsService {
  /** Polls every sandbox-connected warehouse, and every warehouse whose connector holds results not yet acknowledged (the scheduled job). */
  pollAll(): Promise<PollSummary[]>;
  /** Books a result a system pushed, in the caller's transaction, once per result id (the Qimen callbacks). */
  bookResult(tx: Tx, target: WarehouseTarget, result: WarehouseResult): Promise<BookedResult>;
  /** The Qimen connector (inventory queries). */
  readonly qimen: QimenConnector;
  /** The installation's app credentials (the Qimen callbacks check signatures with them). */
  readonly credentials: AppCredentialsLookup;
}

export interface WarehouseSystemsDeps {
  database: Database;
  jobs: JobQueue | null;
  now?: () => Date;
  log?: (message: string) => void;
  /** The installation's app credentials; default: the root page's entry, else the environment. */
  credentials?: AppCredentialsLookup;
  /** The HTTP client of the real connectors (tests count or break calls). */
  fetchImpl?: typeof fetch;
}

export function createWarehouseSystems(deps: WarehouseSystemsDeps): WarehouseSystems {
  const { db } = deps.database;
  const sandbox = createSandboxWmsConnector({ db, ...(deps.now ? { now: deps.now } : {}) });
  const credentials = deps.credentials ?? storedAppCredentials(db);
  const qimen = createQimenConnector({ db, credentials, ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}), ...(deps.now ? { now: deps.now } : {}) });
  const realSystems = new Map<string, WarehouseConnector>(Object.entries(WAREHOUSE_SYSTEM_NAMES).map(([type, system]) => [type, notInBuildConnector(system)]));
  realSystems.set('QIMEN_WAREHOUSE', qimen);
  const handlers = new Map<WarehouseDocumentKind, WarehouseResultHandler>();

  /**
   * Books one result in the caller's transaction: the row of the result first (a second booking of
   * the same result id waits here, then finds it), then its kind's handler. REPEATED answers what
   * the first booking came to. Throws when the kind has no handler or the handler fails.
   */
  async function bookIn(tx: Tx, target: WarehouseTarget, result: WarehouseResult): Promise<BookedResult> {
    const handler = handlers.get(result.kind);
    if (!handler) throw new Error(`no handler of ${result.kind} results`);
    const inserted = await tx
      .insert(warehouseSystemResults)
      .values({
        domainId: target.domainId,
        warehouseId: target.warehouseId,
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
    if (!inserted.length) {
      const [first] = await tx
        .select({ outcome: warehouseSystemResults.outcome, message: warehouseSystemResults.message })
        .from(warehouseSystemResults)
        .where(and(eq(warehouseSystemResults.domainId, target.domainId), eq(warehouseSystemResults.warehouseId, target.warehouseId), eq(warehouseSystemResults.resultId, result.resultId)));
      return { outcome: 'REPEATED', first: first?.outcome === 'REFUSED' ? 'REFUSED' : 'BOOKED', message: first?.message ?? null };
    }
    const answer = await handler(tx, target, result);
    if (answer.outcome === 'REFUSED') {
      const message = answer.message.slice(0, 500);
      await tx.update(warehouseSystemResults).set({ outcome: 'REFUSED', message }).where(and(eq(warehouseSystemResults.domainId, target.domainId), eq(warehouseSystemResults.id, inserted[0]!.id)));
      return { outcome: 'REFUSED', first: 'REFUSED', message };
    }
    return { outcome: 'BOOKED', first: 'BOOKED', message: null };
  }

  const service: WarehouseSystems = {
    qimen,
    credentials,
    bookResult: bookIn,

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
            const booked = await db.transaction((tx) => bookIn(tx, target, result));
            if (booked.outcome === 'BOOKED') summary.booked++;
            else if (booked.outcome === 'REFUSED') summary.refused++;
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
      // Results a connector learnt without a poll wait in the inbox (a Qimen registration).
      const waiting = await db
        .selectDistinct({ domainId: warehouseSystemInbox.domainId, id: warehouseSystemInbox.warehouseId })
        .from(warehouseSystemInbox)
        .where(isNull(warehouseSystemInbox.acknowledgedAt));
      const summaries: PollSummary[] = [];
      for (const row of [...rows.filter((r) => isSandboxWarehouse(r)), ...waiting]) {
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
