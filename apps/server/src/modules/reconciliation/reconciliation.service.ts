// The ledger and the reconciliation: bill files and marketplace pulls loaded into money_events
// (all lines of a file or none; a line already there is left alone), the set-based
// reconciliation of the orders, manual success and its undoing, recording bill lines.
//
// A bill file is a background task on the jobs queue (`bill-import`): the upload stores the file
// and answers the task at once; the job reads it (progress every 50,000 lines), checks it (every
// bad line, and by default every line of an order OpenSeller does not have), loads it through a
// staging table (COPY, then one INSERT … SELECT; bill-stage.ts) and reconciles the orders it
// touched, in one transaction. The running
// task's row carries a heartbeat; a task whose heartbeat went stale (its worker died) is queued
// again with the next attempt, and a run whose attempt moved on writes nothing.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCodes, ReconciliationErrors, type BillImportAnswer, type BillProblem, type BillSource, type Language } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { billImports, moneyEvents, reconciliations, stores } from '../../db/schema/index.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import type { FileStore } from '../../platform/file-store.js';
import type { JobQueue } from '../../platform/jobs.js';
import { serverMessage } from '../../platform/messages.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { bigintArray } from '../../platform/sql.js';
import { BillFileRefused, billTexts, estimateLines, problemsCsv, readBillTexts, type MoneyEventDraft } from './bill-formats.js';
import { insertOrSkipTaken, loadStaged, lockLedgerStores, openStage, stageCoversStore, stagedAllInLedger, stagedUnknownOrders, stageDrafts, stageWriter } from './bill-stage.js';
import { reconcileStatement } from './reconciliation.sql.js';

/** Problems listed in the answer; the result file has all of them. */
const LISTED_PROBLEMS = 200;
/** The longest window of one marketplace pull. */
const MAX_PULL_DAYS = 31;
export const BILL_IMPORT_JOB = 'bill-import';

export interface SettlementBillSource {
  /** The store's marketplace bill lines settled in [from, to), or null when the marketplace gives none through this build. */
  pull(domainId: number, storeId: number, from: Date, to: Date): Promise<MoneyEventDraft[] | null>;
}

export interface ReconciliationDeps {
  database: Database;
  files: FileStore;
  bills: SettlementBillSource;
  /** Null when the app runs without jobs: a bill file is then read in the request. */
  jobs?: JobQueue | null;
  now?: () => Date;
}

export type ReconcileOutcome = { orders: number; statusCounts: Record<string, number>; reopened: number };

/**
 * Reconciles the orders of a domain (or of one store) in the caller's transaction; with
 * `touchedOnly` (after loading staged lines, see bill-stage.ts), only the store's orders whose lines
 * were new and its shipped orders that have no reconciliation yet (TODO).
 */
export async function reconcileInTx(tx: Tx, domainId: number, storeId: number | null, at: Date, touchedOnly = false): Promise<ReconcileOutcome> {
  // The statement groups and joins every order of the store at once: let its hashes live in memory.
  await tx.execute(sql`set local work_mem = '128MB'`);
  await lockLedgerStores(tx, domainId, storeId);
  if (touchedOnly && storeId !== null) {
    await tx.execute(sql`
      insert into bill_touched (order_no)
      select p.platform_no
      from platform_orders p
      join erp_orders o on o.domain_id = p.domain_id and o.id = p.erp_order_id
      left join erp_orders m on m.domain_id = o.domain_id and m.id = o.merged_into_id
      where p.domain_id = ${domainId} and p.store_id = ${storeId} and coalesce(m.status_code, o.status_code) = 'CI_ERPSOH_STATUS_SEND'
        and not exists (select 1 from bill_touched t where t.order_no = p.platform_no)
        and not exists (select 1 from reconciliations r where r.domain_id = ${domainId} and r.store_id = ${storeId} and r.order_no = p.platform_no)`);
    await tx.execute(sql`analyze bill_touched`);
  }
  const only = touchedOnly && storeId !== null ? sql`select order_no from bill_touched` : undefined;
  const changed = await insertOrSkipTaken(tx, 'reconciliations_order_key', (db, skipTaken) =>
    db.execute<{ changed: number; reopened: number }>(reconcileStatement(domainId, storeId, at, only, skipTaken)),
  );
  const counts = await tx.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from reconciliations where domain_id = ${domainId}${storeId === null ? sql`` : sql` and store_id = ${storeId}`} group by status`,
  );
  const statusCounts: Record<string, number> = {};
  for (const r of counts.rows) statusCounts[r.status] = Number(r.n);
  return { orders: Object.values(statusCounts).reduce((a, b) => a + b, 0), statusCounts, reopened: Number(changed.rows[0]?.reopened ?? 0) };
}

type BillImportRow = typeof billImports.$inferSelect;

/** The answer of an import task's row, in the caller's language. */
function answerOf(row: BillImportRow, language: Language): BillImportAnswer {
  return {
    importId: row.id,
    source: (row.source as BillSource | null) ?? null,
    status: row.status as BillImportAnswer['status'],
    stage: (row.stage as BillImportAnswer['stage']) ?? null,
    processedLines: row.processedLines,
    lineCount: row.lineCount,
    inserted: row.inserted,
    duplicates: row.duplicates,
    problemCount: row.problemCount,
    problems: (row.problems as BillProblem[]) ?? [],
    resultFileKey: null,
    loadMissingOrders: row.loadMissingOrders,
    errorCode: row.errorCode ?? null,
    message: row.errorCode ? serverMessage(row.errorCode, { detail: row.message ?? '' }, language) : (row.message ?? null),
  };
}

/** A run given up while it ran (its task was queued again meanwhile). */
class RunGivenUp extends Error {}
/** Rolls a refused file's transaction back (its problems are kept aside). */
class RollBack extends Error {}
/** A file of no known format or encoding, found while reading it. */
class FileRefused extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const refusalCode = (error: BillFileRefused) => (error.reason === 'UNKNOWN_ENCODING' ? ReconciliationErrors.UNKNOWN_ENCODING : ReconciliationErrors.UNKNOWN_FORMAT);

export function createReconciliationService(deps: ReconciliationDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const jobs = deps.jobs ?? null;
  /** The import tasks this process runs now, with the attempt it holds. */
  const held = new Map<number, number>();

  async function storeOf(tx: Tx | typeof db, domainId: number, storeId: number) {
    const [store] = await tx.select({ id: stores.id, platformCode: stores.platformCode, name: stores.name }).from(stores).where(and(eq(stores.domainId, domainId), eq(stores.id, storeId)));
    if (!store) throw new AppError(ReconciliationErrors.STORE_NOT_FOUND, 404, { field: 'storeId', storeId });
    return store;
  }

  async function answerWithFile(row: BillImportRow, language: Language): Promise<BillImportAnswer> {
    const answer = answerOf(row, language);
    if (row.resultFileId) answer.resultFileKey = (await deps.files.byId(row.resultFileId))?.fileKey ?? null;
    return answer;
  }

  /** Saves the result file of a refused file and answers its id. */
  async function saveProblems(domainId: number, userId: number | null, fileName: string, problems: BillProblem[]): Promise<number> {
    problems.sort((a, b) => a.line - b.line);
    const file = await deps.files.save({ domainId, useType: 'BILL_IMPORT_RESULT', originalName: `${fileName || 'bill'}-problems.csv`, extension: 'csv', data: problemsCsv(problems), createdBy: userId });
    return file.id;
  }

  /** Loads a pull's drafts at once: every line, or (with problems) none and a result file. */
  async function loadPulled(session: Session, storeId: number, fileName: string, drafts: MoneyEventDraft[]): Promise<BillImportAnswer> {
    const domainId = domainOf(session);
    const store = await storeOf(db, domainId, storeId);
    const row = await db.transaction(async (tx) => {
      const [row] = await tx.insert(billImports).values({ domainId, storeId, source: 'SANDBOX', fileName, status: 'RUNNING', loadMissingOrders: true, lineCount: drafts.length, createdBy: session.userId }).returning();
      await openStage(tx);
      await stageDrafts(tx, drafts);
      const inserted = await loadStaged(tx, domainId, store, 'SANDBOX', row!.id, drafts.length);
      if (inserted) await reconcileInTx(tx, domainId, storeId, now(), true);
      const [done] = await tx
        .update(billImports)
        .set({ status: 'LOADED', processedLines: drafts.length, inserted, duplicates: drafts.length - inserted, updatedAt: now() })
        .where(and(eq(billImports.domainId, domainId), eq(billImports.id, row!.id)))
        .returning();
      return done!;
    });
    return answerOf(row, 'en');
  }

  /** The writes of the run that holds a task: each one only while the task is still this run's. */
  function hold(task: BillImportRow) {
    const mine = and(eq(billImports.domainId, task.domainId), eq(billImports.id, task.id), eq(billImports.attempt, task.attempt), eq(billImports.status, 'RUNNING'));
    held.set(task.id, task.attempt);
    const stopBeat = jobs?.heartbeat(() => db.update(billImports).set({ heartbeatAt: sql`now()` }).where(mine)) ?? (() => {});
    return {
      progress: async (values: Partial<typeof billImports.$inferInsert>) => {
        await db
          .update(billImports)
          .set({ ...values, heartbeatAt: sql`now()`, updatedAt: now() })
          .where(mine);
      },
      finish: async (values: Partial<typeof billImports.$inferInsert>, tx: Tx | typeof db = db) =>
        (
          await tx
            .update(billImports)
            .set({ heartbeatAt: null, stage: null, ...values, updatedAt: now() })
            .where(mine)
            .returning({ id: billImports.id })
        ).length > 0,
      end: () => {
        stopBeat();
        if (held.get(task.id) === task.attempt) held.delete(task.id);
      },
    };
  }

  /**
   * Runs an import task in one transaction: the file is read a chunk of lines at a time, each
   * chunk checked and COPYed into the staging table; then the lines of unknown orders are found
   * (unless asked to load them). Any bad line: the transaction is rolled back, nothing of a refused
   * file stays. A good file's lines go into the ledger and the orders they touched are reconciled,
   * and the task marked LOADED, in the same transaction.
   */
  async function runImport(domainId: number, importId: number, attempt: number): Promise<void> {
    const [task] = await db
      .update(billImports)
      .set({ status: 'RUNNING', stage: 'READING', processedLines: 0, heartbeatAt: sql`now()`, updatedAt: now() })
      .where(and(eq(billImports.domainId, domainId), eq(billImports.id, importId), eq(billImports.attempt, attempt), eq(billImports.status, 'QUEUED')))
      .returning();
    if (!task) return;
    const run = hold(task);
    let refused: { problems: BillProblem[]; lineCount: number; source: BillSource; headers: string[][] } | null = null;
    try {
      const file = task.fileId ? await deps.files.byId(task.fileId) : undefined;
      if (!file) throw new Error('the uploaded bill file is gone');
      const store = await storeOf(db, domainId, task.storeId);
      let texts;
      try {
        texts = await billTexts(await deps.files.read(file));
      } catch (error) {
        if (!(error instanceof BillFileRefused)) throw error;
        await run.finish({ status: 'FAILED', errorCode: refusalCode(error), message: error.detail.slice(0, 500) });
        return;
      }
      await run.progress({ lineCount: estimateLines(texts), stage: 'LOADING' });
      await db.transaction(async (tx) => {
        // The import can be run again from its file (it is all or nothing, and a line already in
        // the ledger is left alone): its commit need not wait for the WAL to reach the disk.
        await tx.execute(sql`set local synchronous_commit = off`);
        await openStage(tx);
        let drafted = 0;
        let reading;
        // One COPY for the whole file: the server stores a chunk while the next one is read.
        const stage = stageWriter(tx);
        try {
          reading = await readBillTexts(texts, async (drafts, so) => {
            // Once the file is refused, the rest is read only for its problems (its good lines are
            // still staged when their orders are to be checked).
            if (!so.problems.length || !task.loadMissingOrders) {
              await stage.add(drafts);
              drafted += drafts.length;
            }
            await run.progress({ processedLines: so.lines, source: so.source });
          });
          await stage.end();
        } catch (error) {
          await stage.abort();
          if (!(error instanceof BillFileRefused)) throw error;
          throw new FileRefused(refusalCode(error), error.detail);
        }
        // Lines of orders OpenSeller does not have (unless asked to load them): one anti-join over
        // every good line, reported with the other bad lines.
        if (!task.loadMissingOrders) reading.problems.push(...(await stagedUnknownOrders(tx, domainId, task.storeId, reading.orderColumn)));
        if (reading.problems.length) {
          refused = { problems: reading.problems, lineCount: reading.lineCount, source: reading.source, headers: reading.headers };
          throw new RollBack();
        }
        // A file about as large as the store reconciles the whole store, not a list of its orders.
        const wholeStore = await stageCoversStore(tx, domainId, task.storeId, drafted);
        // The same file again: every line is in the ledger, nothing to insert or reconcile.
        const known = drafted > 0 && (await stagedAllInLedger(tx, domainId, task.storeId, reading.source));
        const inserted = known ? 0 : await loadStaged(tx, domainId, store, reading.source, task.id, drafted, !wholeStore);
        await run.progress({ stage: 'RECONCILING', processedLines: reading.lineCount, lineCount: reading.lineCount });
        // Lines inserted in this transaction are in no statistics yet; ANALYZE counts them, so the
        // reconcile is planned for their number.
        if (inserted > 10_000) await tx.execute(sql`analyze money_events`);
        if (inserted) await reconcileInTx(tx, domainId, task.storeId, now(), !wholeStore);
        // LOADED is written with the lines, in their transaction; a run given up meanwhile rolls back.
        const done = await run.finish({ status: 'LOADED', source: reading.source, header: reading.headers, lineCount: reading.lineCount, processedLines: reading.lineCount, inserted, duplicates: drafted - inserted }, tx);
        if (!done) throw new RunGivenUp();
      });
    } catch (error) {
      if (error instanceof RunGivenUp) return;
      if (error instanceof RollBack && refused) {
        const { problems, lineCount, source, headers } = refused as { problems: BillProblem[]; lineCount: number; source: BillSource; headers: string[][] };
        const resultFileId = await saveProblems(domainId, task.createdBy ?? null, task.fileName, problems);
        await run.finish({ status: 'REFUSED', source, header: headers, lineCount, processedLines: 0, problemCount: problems.length, problems: problems.slice(0, LISTED_PROBLEMS), resultFileId });
        return;
      }
      if (error instanceof FileRefused) {
        await run.finish({ status: 'FAILED', processedLines: 0, errorCode: error.code, message: error.detail.slice(0, 500) });
        return;
      }
      const code = error instanceof AppError ? error.code : null;
      await run.finish({ status: 'FAILED', processedLines: 0, errorCode: code, message: (error instanceof Error ? error.message : String(error)).slice(0, 500) }).catch(() => false);
    } finally {
      run.end();
    }
  }

  /** Queues again (or fails, after too many attempts) the running tasks matched by `where`. */
  async function requeue(where: ReturnType<typeof and>): Promise<void> {
    if (!jobs) return;
    const queued = await db.transaction(async (tx) => {
      const tasks = await tx
        .select({ domainId: billImports.domainId, id: billImports.id, attempt: billImports.attempt })
        .from(billImports)
        .where(and(eq(billImports.status, 'RUNNING'), where))
        .limit(100)
        .for('update', { skipLocked: true });
      let sent = 0;
      for (const t of tasks) {
        const gaveUp = t.attempt + 1 >= jobs.timing.attempts;
        await tx
          .update(billImports)
          .set({ attempt: t.attempt + 1, heartbeatAt: null, stage: null, processedLines: 0, updatedAt: now(), ...(gaveUp ? { status: 'FAILED', message: `interrupted ${t.attempt + 1} times by server restarts; nothing was imported` } : { status: 'QUEUED' }) })
          .where(and(eq(billImports.domainId, t.domainId), eq(billImports.id, t.id), eq(billImports.attempt, t.attempt)));
        if (!gaveUp) {
          await jobs.send(BILL_IMPORT_JOB, { domainId: t.domainId, importId: t.id, attempt: t.attempt + 1 }, { tx });
          sent++;
        }
      }
      return sent;
    });
    if (queued) jobs.wake(BILL_IMPORT_JOB);
  }

  /** An import task of the caller's domain: its progress, or its outcome. */
  async function importTask(session: Session, importId: number, language: Language): Promise<BillImportAnswer> {
    const domainId = domainOf(session);
    const [row] = await db.select().from(billImports).where(and(eq(billImports.domainId, domainId), eq(billImports.id, importId)));
    if (!row) throw new AppError(ReconciliationErrors.IMPORT_NOT_FOUND, 404, { field: 'importId', id: importId });
    return answerWithFile(row, language);
  }

  if (jobs) {
    jobs.define({ name: BILL_IMPORT_JOB, retryLimit: 0, expireInSeconds: 3600, handler: async (data) => runImport(Number(data.domainId), Number(data.importId), Number(data.attempt)) });
    jobs.watch({
      name: 'bill-imports',
      sweep: () =>
        requeue(
          and(
            sql`${billImports.heartbeatAt} < now() - ${jobs.timing.staleSeconds}::float8 * interval '1 second'`,
            held.size ? sql`not (${billImports.id} = any(${bigintArray([...held.keys()])}))` : undefined,
          ),
        ),
      release: async () => {
        if (held.size) await requeue(sql`${billImports.id} = any(${bigintArray([...held.keys()])})`);
      },
    });
  }

  return {
    /**
     * A bill file (a CSV, or a zip of them) of a store, already stored at `sourcePath`: queued as a
     * task answered at once (read in the request when the app runs without jobs).
     */
    async importBill(session: Session, input: { storeId: number; fileName: string; sourcePath: string; loadMissingOrders: boolean }, language: Language): Promise<BillImportAnswer> {
      const domainId = domainOf(session);
      await storeOf(db, domainId, input.storeId);
      const extension = /\.zip$/i.test(input.fileName) ? 'zip' : 'csv';
      const file = await deps.files.saveFromPath({ domainId, useType: 'BILL_IMPORT', originalName: input.fileName, extension, sourcePath: input.sourcePath, createdBy: session.userId });
      const task = await db.transaction(async (tx) => {
        const [task] = await tx
          .insert(billImports)
          .values({ domainId, storeId: input.storeId, fileName: input.fileName, fileId: file.id, status: 'QUEUED', loadMissingOrders: input.loadMissingOrders, createdBy: session.userId })
          .returning();
        if (jobs) await jobs.send(BILL_IMPORT_JOB, { domainId, importId: task!.id, attempt: 0 }, { tx });
        return task!;
      });
      if (jobs) {
        jobs.wake(BILL_IMPORT_JOB);
        return answerOf(task, language);
      }
      await runImport(domainId, task.id, 0);
      return importTask(session, task.id, language);
    },

    importTask,

    /** Runs a task now (tests and tools; the queue does the same). */
    runImport,

    /** The store's marketplace settlement bills of a window (the sandbox marketplace produces them). */
    async pull(session: Session, input: { storeId: number; from: Date; to: Date }): Promise<BillImportAnswer> {
      const domainId = domainOf(session);
      await storeOf(db, domainId, input.storeId);
      if (input.to.getTime() - input.from.getTime() > MAX_PULL_DAYS * 86_400_000) throw new AppError(ReconciliationErrors.BAD_WINDOW, 400, { field: 'to', days: MAX_PULL_DAYS });
      const drafts = await deps.bills.pull(domainId, input.storeId, input.from, input.to);
      if (drafts === null) throw new AppError(ReconciliationErrors.NO_BILL_PULL, 400, { field: 'storeId' });
      const name = `pull ${input.from.toISOString()} – ${input.to.toISOString()}`;
      return loadPulled(session, input.storeId, name, drafts);
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
