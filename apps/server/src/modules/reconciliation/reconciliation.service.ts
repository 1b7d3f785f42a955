// The ledger and the reconciliation: bill files and marketplace pulls loaded into money_events
// (all lines of a file or none; a line already there is left alone), the set-based
// reconciliation of the orders, manual success and its undoing, recording bill lines.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCodes, ReconciliationErrors, type BillImportAnswer, type BillProblem, type BillSource } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { billImports, moneyEvents, reconciliations, stores } from '../../db/schema/index.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import type { FileStore } from '../../platform/file-store.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { BillFileRefused, parseBillFile, problemsCsv, type MoneyEventDraft } from './bill-formats.js';
import { reconcileStatement } from './reconciliation.sql.js';

/** Problems listed in the answer; the result file has all of them. */
const LISTED_PROBLEMS = 200;
/** Rows per INSERT … SELECT FROM unnest(…). */
const INSERT_CHUNK = 5000;
/** The longest window of one marketplace pull. */
const MAX_PULL_DAYS = 31;

export interface SettlementBillSource {
  /** The store's marketplace bill lines settled in [from, to), or null when the marketplace gives none through this build. */
  pull(domainId: number, storeId: number, from: Date, to: Date): Promise<MoneyEventDraft[] | null>;
}

export interface ReconciliationDeps {
  database: Database;
  files: FileStore;
  bills: SettlementBillSource;
  now?: () => Date;
}

export type ReconcileOutcome = { orders: number; statusCounts: Record<string, number>; reopened: number };

/** Inserts drafts, leaving alone lines the ledger already has; answers how many were new. */
export async function insertMoneyEvents(tx: Tx, domainId: number, store: { id: number; platformCode: string }, source: BillSource, importId: number | null, drafts: MoneyEventDraft[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < drafts.length; i += INSERT_CHUNK) {
    const chunk = drafts.slice(i, i + INSERT_CHUNK);
    // One jsonb parameter for the chunk: a statement of any size has a fixed parameter count.
    const rows = chunk.map((d) => ({
      source_line_id: d.sourceLineId,
      order_no: d.orderNo,
      sub_order_no: d.subOrderNo,
      after_sale_no: d.afterSaleNo,
      event_type: d.eventType,
      amount_fen: d.amountFen,
      occurred_at: d.occurredAt?.toISOString() ?? null,
      settled_at: d.settledAt.toISOString(),
      raw: d.raw,
    }));
    const result = await tx.execute(sql`
      insert into money_events (domain_id, platform, store_id, source, source_line_id, import_id, order_no, sub_order_no, after_sale_no, event_type, amount_fen, occurred_at, settled_at, raw)
      select ${domainId}, ${store.platformCode}, ${store.id}, ${source}, l.source_line_id, ${importId}, l.order_no, l.sub_order_no, l.after_sale_no, l.event_type, l.amount_fen, l.occurred_at, l.settled_at, l.raw
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as l(source_line_id text, order_no text, sub_order_no text, after_sale_no text, event_type text, amount_fen bigint, occurred_at timestamptz, settled_at timestamptz, raw jsonb)
      on conflict (domain_id, store_id, source, source_line_id) do nothing`);
    inserted += result.rowCount ?? 0;
  }
  return inserted;
}

/** Reconciles the orders of a domain (or of one store) in the caller's transaction. */
export async function reconcileInTx(tx: Tx, domainId: number, storeId: number | null, at: Date): Promise<ReconcileOutcome> {
  const changed = await tx.execute<{ status: string; prev_status: string | null; reopened: boolean | null }>(reconcileStatement(domainId, storeId, at));
  const counts = await tx.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from reconciliations where domain_id = ${domainId}${storeId === null ? sql`` : sql` and store_id = ${storeId}`} group by status`,
  );
  const statusCounts: Record<string, number> = {};
  for (const r of counts.rows) statusCounts[r.status] = Number(r.n);
  return { orders: Object.values(statusCounts).reduce((a, b) => a + b, 0), statusCounts, reopened: changed.rows.filter((r) => r.reopened).length };
}

export function createReconciliationService(deps: ReconciliationDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function storeOf(tx: Tx | typeof db, domainId: number, storeId: number) {
    const [store] = await tx.select({ id: stores.id, platformCode: stores.platformCode, name: stores.name }).from(stores).where(and(eq(stores.domainId, domainId), eq(stores.id, storeId)));
    if (!store) throw new AppError(ReconciliationErrors.STORE_NOT_FOUND, 404, { field: 'storeId', storeId });
    return store;
  }

  /** Loads drafts as one import: every line, or (with problems) none and a result file. */
  async function load(session: Session, storeId: number, source: BillSource, fileName: string, lineCount: number, drafts: MoneyEventDraft[], problems: BillProblem[]): Promise<BillImportAnswer> {
    const domainId = domainOf(session);
    const store = await storeOf(db, domainId, storeId);
    if (problems.length) {
      const file = await deps.files.save({ domainId, useType: 'BILL_IMPORT_RESULT', originalName: `${fileName || 'bill'}-problems.csv`, extension: 'csv', data: problemsCsv(problems), createdBy: session.userId });
      const [row] = await db
        .insert(billImports)
        .values({ domainId, storeId, source, fileName, status: 'REFUSED', lineCount, problemCount: problems.length, resultFileId: file.id, createdBy: session.userId })
        .returning();
      return { importId: row!.id, source, status: 'REFUSED', lineCount, inserted: 0, duplicates: 0, problemCount: problems.length, problems: problems.slice(0, LISTED_PROBLEMS), resultFileKey: file.fileKey };
    }
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(billImports).values({ domainId, storeId, source, fileName, status: 'LOADED', lineCount, createdBy: session.userId }).returning();
      const inserted = await insertMoneyEvents(tx, domainId, store, source, row!.id, drafts);
      await tx
        .update(billImports)
        .set({ inserted, duplicates: drafts.length - inserted })
        .where(and(eq(billImports.domainId, domainId), eq(billImports.id, row!.id)));
      if (inserted) await reconcileInTx(tx, domainId, storeId, now());
      return { importId: row!.id, source, status: 'LOADED' as const, lineCount, inserted, duplicates: drafts.length - inserted, problemCount: 0, problems: [], resultFileKey: null };
    });
  }

  return {
    /** A bill file (a CSV, or a zip of them) of a store. */
    async importBill(session: Session, input: { storeId: number; fileName: string; data: Buffer }): Promise<BillImportAnswer> {
      await storeOf(db, domainOf(session), input.storeId);
      let parsed;
      try {
        parsed = await parseBillFile(input.data);
      } catch (error) {
        if (error instanceof BillFileRefused) {
          const code = error.reason === 'UNKNOWN_ENCODING' ? ReconciliationErrors.UNKNOWN_ENCODING : ReconciliationErrors.UNKNOWN_FORMAT;
          throw new AppError(code, 400, { field: 'file', detail: error.detail });
        }
        throw error;
      }
      return load(session, input.storeId, parsed.source, input.fileName, parsed.lineCount, parsed.drafts, parsed.problems);
    },

    /** The store's marketplace settlement bills of a window (the sandbox marketplace produces them). */
    async pull(session: Session, input: { storeId: number; from: Date; to: Date }): Promise<BillImportAnswer> {
      const domainId = domainOf(session);
      await storeOf(db, domainId, input.storeId);
      if (input.to.getTime() - input.from.getTime() > MAX_PULL_DAYS * 86_400_000) throw new AppError(ReconciliationErrors.BAD_WINDOW, 400, { field: 'to', days: MAX_PULL_DAYS });
      const drafts = await deps.bills.pull(domainId, input.storeId, input.from, input.to);
      if (drafts === null) throw new AppError(ReconciliationErrors.NO_BILL_PULL, 400, { field: 'storeId' });
      const name = `pull ${input.from.toISOString()} – ${input.to.toISOString()}`;
      return load(session, input.storeId, 'SANDBOX', name, drafts.length, drafts, []);
    },

    async reconcile(session: Session, storeId: number | null): Promise<ReconcileOutcome> {
      const domainId = domainOf(session);
      if (storeId !== null) await storeOf(db, domainId, storeId);
      return db.transaction((tx) => reconcileInTx(tx, domainId, storeId, now()));
    },

    /** Marks an order reconciled by hand, with the reason; a later bill line of the order reopens it. */
    async manualSuccess(session: Session, input: { id: number; version: number; reason: string }): Promise<number> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const row = await lockRow(tx, domainId, input.id, input.version);
        if (row.status === 'SUCCESS' || row.status === 'MANUAL_SUCCESS') throw new AppError(ReconciliationErrors.WRONG_STATUS, 409, { status: row.status, orderNo: row.orderNo });
        const at = now();
        await tx
          .update(reconciliations)
          .set({ status: 'MANUAL_SUCCESS', manualReason: input.reason, manualBy: session.userId, manualAt: at, manualEventId: row.lastEventId ?? 0, version: row.version + 1, updatedAt: at })
          .where(and(eq(reconciliations.domainId, domainId), eq(reconciliations.id, row.id)));
        await writeOperationLog(tx, actorOf(session), { area: 'finance', entityType: 'reconciliation', entityId: row.id, action: 'confirm', before: { status: row.status }, after: { status: 'MANUAL_SUCCESS', reason: input.reason } });
        return row.id;
      });
    },

    /** Undoes a manual success: the order goes back to what the computation says. */
    async cancelManual(session: Session, input: { id: number; version: number }): Promise<number> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const row = await lockRow(tx, domainId, input.id, input.version);
        if (row.status !== 'MANUAL_SUCCESS') throw new AppError(ReconciliationErrors.WRONG_STATUS, 409, { status: row.status, orderNo: row.orderNo });
        const at = now();
        await tx
          .update(reconciliations)
          .set({ status: row.computedStatus, manualReason: null, manualBy: null, manualAt: null, manualEventId: null, version: row.version + 1, updatedAt: at })
          .where(and(eq(reconciliations.domainId, domainId), eq(reconciliations.id, row.id)));
        await writeOperationLog(tx, actorOf(session), { area: 'finance', entityType: 'reconciliation', entityId: row.id, action: 'cancel', before: { status: 'MANUAL_SUCCESS', reason: row.manualReason }, after: { status: row.computedStatus } });
        return row.id;
      });
    },

    /** The result file of a refused import of the caller's domain. */
    async importResult(session: Session, importId: number): Promise<{ fileName: string; data: Buffer }> {
      const domainId = domainOf(session);
      const [row] = await db.select().from(billImports).where(and(eq(billImports.domainId, domainId), eq(billImports.id, importId)));
      const file = row?.resultFileId ? await deps.files.byId(row.resultFileId) : undefined;
      if (!file) throw new AppError(ErrorCodes.FILE_NOT_EXIST, 404, { field: 'importId' });
      return { fileName: file.originalName, data: await deps.files.read(file) };
    },

    /** Records bill lines (TO_BE_RECORD → RECORDED); lines already recorded are left as they are. */
    async record(session: Session, ids: number[]): Promise<{ recorded: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const found = await tx.select({ id: moneyEvents.id }).from(moneyEvents).where(and(eq(moneyEvents.domainId, domainId), inArray(moneyEvents.id, ids)));
        const missing = ids.filter((id) => !found.some((f) => f.id === id));
        if (missing.length) throw new AppError(ReconciliationErrors.BILL_NOT_FOUND, 404, { field: 'ids', id: missing[0]! });
        const at = now();
        const updated = await tx
          .update(moneyEvents)
          .set({ billStatus: 'RECORDED', recordedAt: at, recordedBy: session.userId })
          .where(and(eq(moneyEvents.domainId, domainId), inArray(moneyEvents.id, ids), eq(moneyEvents.billStatus, 'TO_BE_RECORD')))
          .returning({ id: moneyEvents.id });
        return { recorded: updated.length };
      });
    },
  };

  async function lockRow(tx: Tx, domainId: number, id: number, version: number) {
    const [row] = await tx.select().from(reconciliations).where(and(eq(reconciliations.domainId, domainId), eq(reconciliations.id, id))).for('update');
    if (!row) throw new AppError(ReconciliationErrors.NOT_FOUND, 404, { field: 'id', id });
    if (row.version !== version) throw versionConflict('reconciliation');
    return row;
  }
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
