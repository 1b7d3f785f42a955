// Spreadsheet imports. An area registers an importer (its columns, a row check, a whole-file
// check against the database, and a load). An upload makes a task and a job that reads and
// checks every row; the person sees the problems by row, or confirms, and a second job loads
// all rows in one transaction: all of them or none. Progress is written as it goes.
//
// A crash or restart must not leave a task running forever: the worker running a task writes a
// heartbeat on it, and a sweep in every worker process finds tasks whose heartbeat went stale,
// says so on the task and runs them again, up to the queue's attempts (platform/jobs.ts). Each run
// writes to the task only while the task's `attempt` is its own, and the load marks the task DONE
// in the transaction of its rows, so a run that was given up cannot finish it and no row is
// loaded twice. A task nobody is loading can be cancelled.
import { and, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { ErrorCodes, IMPORT_STATUSES, type ImportProblemCode, type ImportRowProblem, type ImportStatus, type ImportTaskView, type Language } from '@openseller/core';
import type { Database, Tx } from '../db/client.js';
import { importTasks } from '../db/schema/index.js';
import { AppError, forbidden, notFound } from './errors.js';
import { checkAccess, type Access } from './http.js';
import type { FileStore } from './file-store.js';
import type { JobQueue, TaskNotice } from './jobs.js';
import type { Session, SessionStore } from './sessions.js';
import { readSheet, templateWorkbook, type SheetColumn } from './xlsx.js';
import { ImportFailure, problem, type FieldProblem, type ProblemParams } from './import-problems.js';
import { serverMessage } from './messages.js';
import type { Upload } from './uploads.js';
import { idsIn, textsIn } from './sql.js';

export type RowProblem = ImportRowProblem;

export interface ImportContext {
  tx: Tx;
  session: Session;
  domainId: number;
  language: Language;
  options: Record<string, unknown>;
}

export interface Importer<Row = unknown> {
  kind: string;
  access: Access;
  maxRows: number;
  sheetName(language: Language): string;
  columns(language: Language): SheetColumn[];
  /** The columns to read an uploaded file by, when they depend on the upload's options (a saved column mapping). */
  readColumns?(ctx: ImportContext): Promise<SheetColumn[]>;
  /** Checks and converts one row; answers the row or its problems. */
  parseRow(values: Record<string, string>, language: Language): { row: Row } | { problems: FieldProblem[] };
  /** Checks the rows together and against the database (duplicates, unknown references). */
  check?(rows: { rowNumber: number; row: Row }[], ctx: ImportContext): Promise<RowProblem[]>;
  /** Counts shown before loading, e.g. { new: 10, existing: 3 }. */
  summarize?(rows: Row[], ctx: ImportContext): Promise<Record<string, number>>;
  /** Loads every row inside the transaction of ctx; calls progress(n) as rows are done. */
  load(rows: Row[], ctx: ImportContext, progress: (done: number) => Promise<void>): Promise<Record<string, number>>;
}

export { IMPORT_STATUSES };
export type { ImportStatus, ImportTaskView };

/** The states a worker runs a task in; the others wait for the person or are over. */
const RUNNING: ImportStatus[] = ['PARSING', 'LOADING'];


const MAX_LISTED_PROBLEMS = 1000;
const PARSE_JOB = 'import-parse';
const LOAD_JOB = 'import-load';

type ImportTask = typeof importTasks.$inferSelect;

/** A run of a task given up while it ran (the task was interrupted or cancelled meanwhile). */
class RunGivenUp extends Error {}

function isCancellable(t: Pick<ImportTask, 'status' | 'heartbeatAt'>): boolean {
  return ['PARSING', 'PARSED', 'INVALID', 'FAILED'].includes(t.status) || (t.status === 'LOADING' && t.heartbeatAt === null);
}

function view(t: ImportTask): ImportTaskView {
  const total = Math.max(1, t.totalRows);
  return {
    id: t.id,
    kind: t.kind,
    status: t.status as ImportStatus,
    fileName: t.fileName,
    totalRows: t.totalRows,
    processedRows: t.processedRows,
    percentage: t.status === 'DONE' ? 100 : Math.min(99, Math.floor((t.processedRows / total) * 100)),
    errorCount: t.errorCount,
    errors: t.errors as RowProblem[],
    summary: t.summary as Record<string, number>,
    result: (t.result as Record<string, number> | null) ?? null,
    message: t.message,
    messageCode: t.messageCode,
    messageParams: (t.messageParams as Record<string, string | number> | null) ?? null,
    interruptions: t.interruptions,
    notice: (t.notice as TaskNotice | null) ?? null,
    cancellable: isCancellable(t),
  };
}

/** What reading an import file came to: a refusal of the whole file, or its rows and their problems. */
export type SheetReading<Row> =
  | { outcome: 'HEADERS'; columns: string }
  | { outcome: 'EMPTY' }
  | { outcome: 'TOO_MANY_ROWS'; max: number; rows: number }
  | { outcome: 'READ'; total: number; good: { rowNumber: number; row: Row }[]; problems: RowProblem[] };

/**
 * Reads and checks an import file the one way every import path does (the import dialog's tasks
 * and the spec's direct /myhome/dataImport calls): the importer's columns, no data rows, the
 * importer's row cap, each row's contract, then the importer's checks against the database.
 * Problems come sorted by row. `onRow` reports progress every 2,000 rows.
 */
export async function readImportSheet<Row>(
  importer: Importer<Row>,
  data: Buffer,
  ctx: ImportContext,
  onRow?: (done: number, total: number) => Promise<void>,
): Promise<SheetReading<Row>> {
  const columns = importer.readColumns ? await importer.readColumns(ctx) : importer.columns(ctx.language);
  const { rows, missingColumns } = await readSheet(data, columns);
  if (missingColumns.length) return { outcome: 'HEADERS', columns: missingColumns.map((c) => c.header).join(', ') };
  if (!rows.length) return { outcome: 'EMPTY' };
  if (rows.length > importer.maxRows) return { outcome: 'TOO_MANY_ROWS', max: importer.maxRows, rows: rows.length };
  const problems: RowProblem[] = [];
  const good: { rowNumber: number; row: Row }[] = [];
  for (let i = 0; i < rows.length; i++) {
    const { rowNumber, values } = rows[i]!;
    const parsed = importer.parseRow(values, ctx.language);
    if ('row' in parsed) good.push({ rowNumber, row: parsed.row });
    else for (const p of parsed.problems) problems.push({ row: rowNumber, ...p });
    if (onRow && i % 2000 === 1999) await onRow(i + 1, rows.length);
  }
  if (importer.check) problems.push(...(await importer.check(good, ctx)));
  problems.sort((a, b) => a.row - b.row);
  return { outcome: 'READ', total: rows.length, good, problems };
}

export function createImports(deps: { database: Database; files: FileStore; jobs: JobQueue | null; sessions: SessionStore; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const importers = new Map<string, Importer>();
  /** The tasks this process runs now, with the attempt it holds. */
  const held = new Map<number, number>();

  /** The task's row while the given run holds it. */
  const ours = (id: number, attempt: number, status: ImportStatus) => and(eq(importTasks.id, id), eq(importTasks.attempt, attempt), eq(importTasks.status, status));

  /** Takes a queued task for this worker; answers nothing when another run has it, or it moved on. */
  async function take(taskId: number, status: ImportStatus, attempt: number | undefined): Promise<ImportTask | undefined> {
    const [task] = await db
      .update(importTasks)
      .set({ heartbeatAt: sql`now()`, notice: sql`case when ${importTasks.interruptions} > 0 then 'RESUMED' end`, updatedAt: now() })
      .where(and(eq(importTasks.id, taskId), eq(importTasks.status, status), isNull(importTasks.heartbeatAt), attempt === undefined ? undefined : eq(importTasks.attempt, attempt)))
      .returning();
    return task;
  }

  /** Writes of a run that holds a task: each one only while the task is still this run's. */
  function hold(task: ImportTask, status: ImportStatus) {
    const mine = ours(task.id, task.attempt, status);
    held.set(task.id, task.attempt);
    const stopBeat = deps.jobs?.heartbeat(() => db.update(importTasks).set({ heartbeatAt: sql`now()` }).where(mine)) ?? (() => {});
    return {
      progress: async (values: Partial<typeof importTasks.$inferInsert>) => {
        await db
          .update(importTasks)
          .set({ ...values, heartbeatAt: sql`now()`, updatedAt: now() })
          .where(mine);
      },
      finish: async (values: Partial<typeof importTasks.$inferInsert>, tx: Tx = db) =>
        (
          await tx
            .update(importTasks)
            .set({ heartbeatAt: null, notice: null, message: null, messageCode: null, messageParams: null, ...values, updatedAt: now() })
            .where(mine)
            .returning({ id: importTasks.id })
        ).length > 0,
      end: () => {
        stopBeat();
        if (held.get(task.id) === task.attempt) held.delete(task.id);
      },
    };
  }

  async function contextFor(task: ImportTask, tx: Tx): Promise<ImportContext> {
    const session = await deps.sessions.forUser(task.userId);
    if (!session || session.domainId !== task.domainId) throw new Error('the account that started the import no longer exists');
    return { tx, session, domainId: task.domainId, language: task.language as Language, options: task.options as Record<string, unknown> };
  }

  async function parse(taskId: number, attempt?: number): Promise<void> {
    const task = await take(taskId, 'PARSING', attempt);
    if (!task) return;
    const run = hold(task, 'PARSING');
    const importer = importers.get(task.kind);
    try {
      if (!importer) throw new Error(`no importer for ${task.kind}`);
      const file = task.fileId ? await deps.files.byId(task.fileId) : undefined;
      if (!file) throw new Error('the uploaded file is gone');
      const language = task.language as Language;
      const ctx = await contextFor(task, db);
      const reading = await readImportSheet(importer, await deps.files.read(file), ctx, async (done, total) => {
        if (done === 2000) await run.progress({ totalRows: total });
        await run.progress({ processedRows: Math.floor(done / 2) });
      });
      if (reading.outcome !== 'READ') {
        const [code, params]: [ImportProblemCode, ProblemParams] =
          reading.outcome === 'HEADERS' ? ['FILE_COLUMNS_MISSING', { columns: reading.columns }] : reading.outcome === 'EMPTY' ? ['FILE_EMPTY', {}] : ['FILE_TOO_MANY_ROWS', { max: reading.max, rows: reading.rows }];
        await run.finish({ status: 'FAILED', ...(reading.outcome === 'TOO_MANY_ROWS' ? { totalRows: reading.rows } : {}), ...failure(language, code, params) });
        return;
      }
      const { good, problems } = reading;
      await run.progress({ totalRows: reading.total });
      if (problems.length) {
        await run.finish({ status: 'INVALID', processedRows: 0, errorCount: problems.length, errors: problems.slice(0, MAX_LISTED_PROBLEMS) });
        return;
      }
      const summary = importer.summarize ? await importer.summarize(good.map((g) => g.row), ctx) : {};
      await run.finish({ status: 'PARSED', processedRows: 0, rows: good.map((g) => g.row) as unknown[], summary });
    } catch (error) {
      // When even this write fails (the database went away), the sweep finds the task by its stale heartbeat.
      await run.finish({ status: 'FAILED', ...failureOf(error, task.language as Language) }).catch(() => false);
    } finally {
      run.end();
    }
  }

  async function load(taskId: number, attempt?: number): Promise<void> {
    const task = await take(taskId, 'LOADING', attempt);
    if (!task) return;
    const run = hold(task, 'LOADING');
    const importer = importers.get(task.kind);
    try {
      if (!importer) throw new Error(`no importer for ${task.kind}`);
      const rows = (task.rows as unknown[]) ?? [];
      await db.transaction(async (tx) => {
        const ctx = await contextFor(task, tx);
        // Progress is written outside the transaction, so the page sees it move. It counts rows
        // not committed yet: an interruption sets it back to 0, as the rows roll back.
        const result = await importer.load(rows, ctx, async (done) => run.progress({ processedRows: done }));
        // DONE is written with the rows, in their transaction: a task is loaded exactly when it
        // says so, and a run given up meanwhile (its attempt moved on) rolls its rows back.
        if (!(await run.finish({ status: 'DONE', processedRows: rows.length, result, rows: null }, tx))) throw new RunGivenUp();
      });
    } catch (error) {
      if (error instanceof RunGivenUp) return;
      await run.finish({ status: 'FAILED', processedRows: 0, ...failureOf(error, task.language as Language) }).catch(() => false);
    } finally {
      run.end();
    }
  }

  /**
   * A task a worker stopped running without finishing (it died, or this process is stopping):
   * a new attempt is queued in the same transaction, or the task fails once it was interrupted
   * as often as the queue allows. Answers the queue to wake after the commit.
   */
  async function interrupt(tx: Tx, task: Pick<ImportTask, 'id' | 'status' | 'attempt' | 'interruptions' | 'language'>): Promise<string | null> {
    const jobs = deps.jobs!;
    const interruptions = task.interruptions + 1;
    const language = task.language as Language;
    const gaveUp = interruptions >= jobs.timing.attempts;
    await tx
      .update(importTasks)
      .set({
        attempt: task.attempt + 1,
        interruptions,
        heartbeatAt: null,
        processedRows: 0,
        updatedAt: now(),
        ...(gaveUp
          ? { status: 'FAILED', notice: 'GAVE_UP', rows: null, message: gaveUpMessage(language, interruptions) }
          : { notice: 'INTERRUPTED', message: interruptedMessage(language) }),
      })
      .where(and(eq(importTasks.id, task.id), eq(importTasks.attempt, task.attempt)));
    if (gaveUp) return null;
    const job = task.status === 'PARSING' ? PARSE_JOB : LOAD_JOB;
    await jobs.send(job, { taskId: task.id, attempt: task.attempt + 1 }, { tx });
    return job;
  }

  async function interruptWhere(condition: ReturnType<typeof and>, attemptHeld?: (id: number, attempt: number) => boolean): Promise<void> {
    const wake = await db.transaction(async (tx) => {
      const tasks = await tx
        .select({ id: importTasks.id, status: importTasks.status, attempt: importTasks.attempt, interruptions: importTasks.interruptions, language: importTasks.language })
        .from(importTasks)
        .where(and(textsIn(importTasks.status, RUNNING), condition))
        .limit(100)
        .for('update', { skipLocked: true });
      const queues = new Set<string>();
      for (const task of tasks) {
        if (attemptHeld && !attemptHeld(task.id, task.attempt)) continue;
        const job = await interrupt(tx, task);
        if (job) queues.add(job);
      }
      return queues;
    });
    for (const job of wake) deps.jobs!.wake(job);
  }

  // Attempts are counted on the task (interruptions), not by pg-boss, whose expiry only tidies its own table.
  const jobOptions = { retryLimit: 0, expireInSeconds: 3600 };
  const attemptOf = (data: Record<string, unknown>) => (typeof data.attempt === 'number' ? data.attempt : undefined);
  deps.jobs?.define({ name: PARSE_JOB, ...jobOptions, handler: async (data) => parse(Number(data.taskId), attemptOf(data)) });
  deps.jobs?.define({ name: LOAD_JOB, ...jobOptions, handler: async (data) => load(Number(data.taskId), attemptOf(data)) });
  deps.jobs?.watch({
    name: 'imports',
    // Running tasks whose heartbeat went stale, held by no live worker (this process's own are skipped).
    sweep: () =>
      interruptWhere(
        and(
          lt(importTasks.heartbeatAt, sql`now() - ${deps.jobs!.timing.staleSeconds}::float8 * interval '1 second'`),
          held.size ? notInArray(importTasks.id, [...held.keys()]) : undefined,
        ),
      ),
    release: async () => {
      if (held.size) await interruptWhere(idsIn(importTasks.id, [...held.keys()]), (id, attempt) => held.get(id) === attempt);
    },
  });

  function importerFor(kind: string, session: Session): Importer {
    const importer = importers.get(kind);
    if (!importer) throw new AppError(ErrorCodes.IMPORT_UNKNOWN_KIND, 400, { kind, field: 'kind' });
    checkAccess(importer.access, session);
    return importer;
  }

  function mine(session: Session, id: number) {
    if (session.domainId === null) throw forbidden();
    return and(eq(importTasks.id, id), eq(importTasks.domainId, session.domainId), eq(importTasks.userId, session.userId));
  }

  async function ownTask(session: Session, id: number) {
    const [task] = await db.select().from(importTasks).where(mine(session, id));
    if (!task) throw notFound('import');
    return task;
  }

  return {
    register<Row>(importer: Importer<Row>) {
      importers.set(importer.kind, importer as Importer);
    },

    async template(session: Session, kind: string, language: Language): Promise<{ data: Buffer; fileName: string }> {
      const importer = importerFor(kind, session);
      return { data: await templateWorkbook(importer.sheetName(language), importer.columns(language)), fileName: `${importer.sheetName(language)}.xlsx` };
    },

    async start(session: Session, kind: string, upload: Upload, options: Record<string, unknown>, language: Language): Promise<ImportTaskView> {
      importerFor(kind, session);
      if (upload.extension === 'xls') throw new AppError(ErrorCodes.FILE_EXCEL_OLD_FORMAT, 400, { field: 'uploadExcel' });
      const jobs = deps.jobs;
      if (!jobs) throw new Error('the job queue is not running');
      const file = await deps.files.save({
        domainId: session.domainId,
        useType: 'IMPORT',
        originalName: upload.filename,
        extension: upload.extension,
        data: upload.data,
        createdBy: session.userId,
      });
      // The task and its job are committed together: no task waits for a job that was never sent.
      const task = await db.transaction(async (tx) => {
        const [task] = await tx
          .insert(importTasks)
          .values({ domainId: session.domainId!, userId: session.userId, kind, fileId: file.id, fileName: upload.filename, language, options })
          .returning();
        await jobs.send(PARSE_JOB, { taskId: task!.id, attempt: task!.attempt }, { tx });
        return task!;
      });
      jobs.wake(PARSE_JOB);
      return view(task);
    },

    async get(session: Session, id: number): Promise<ImportTaskView> {
      return view(await ownTask(session, id));
    },

    /** Loads a checked import; options (such as isCover) may be set now. */
    async confirm(session: Session, id: number, options: Record<string, unknown>): Promise<ImportTaskView> {
      const task = await ownTask(session, id);
      importerFor(task.kind, session);
      if (task.status !== 'PARSED') throw new AppError(ErrorCodes.IMPORT_NOT_READY, 409);
      const jobs = deps.jobs;
      if (!jobs) throw new Error('the job queue is not running');
      const updated = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(importTasks)
          .set({ status: 'LOADING', options: { ...(task.options as object), ...options }, heartbeatAt: null, updatedAt: now() })
          .where(and(eq(importTasks.id, id), eq(importTasks.status, 'PARSED')))
          .returning();
        if (!updated) throw new AppError(ErrorCodes.IMPORT_NOT_READY, 409);
        await jobs.send(LOAD_JOB, { taskId: id, attempt: updated.attempt }, { tx });
        return updated;
      });
      jobs.wake(LOAD_JOB);
      return view(updated);
    },

    /**
     * Cancels a task nobody is loading: waiting to be checked or confirmed, found invalid, failed,
     * or queued again after an interruption. A check running now is dropped (its run can no
     * longer write); a load a worker runs now is refused, as it may be about to commit.
     */
    async cancel(session: Session, id: number): Promise<ImportTaskView> {
      const task = await ownTask(session, id);
      importerFor(task.kind, session);
      if (task.status === 'CANCELLED') return view(task);
      const [cancelled] = await db
        .update(importTasks)
        .set({ status: 'CANCELLED', attempt: sql`${importTasks.attempt} + 1`, heartbeatAt: null, processedRows: 0, rows: null, notice: null, message: null, updatedAt: now() })
        .where(
          and(
            mine(session, id),
            or(textsIn(importTasks.status, ['PARSING', 'PARSED', 'INVALID', 'FAILED']), and(eq(importTasks.status, 'LOADING'), isNull(importTasks.heartbeatAt))),
          ),
        )
        .returning();
      if (cancelled) return view(cancelled);
      const current = await ownTask(session, id);
      if (current.status === 'CANCELLED') return view(current);
      throw new AppError(current.status === 'LOADING' ? ErrorCodes.IMPORT_RUNNING : ErrorCodes.IMPORT_NOT_READY, 409);
    },

    /** Runs the jobs of a task now (tools and tests); the queue does the same. */
    parse,
    load,
    count: async (session: Session) =>
      session.domainId === null
        ? 0
        : ((await db.select({ n: sql<number>`count(*)::int` }).from(importTasks).where(and(eq(importTasks.domainId, session.domainId), eq(importTasks.userId, session.userId))))[0]?.n ?? 0),
  };
}

function interruptedMessage(language: Language): string {
  return language.startsWith('zh') ? '服务器重启中断了此任务，正在重新执行；被中断的那次没有写入任何数据' : 'Interrupted by a server restart and being run again; the interrupted run imported nothing';
}

function gaveUpMessage(language: Language, times: number): string {
  return language.startsWith('zh')
    ? `服务器重启 ${times} 次中断了此导入，已停止；没有导入任何数据，请重新上传文件`
    : `Interrupted by ${times === 1 ? 'a server restart' : `${times} server restarts`}, so the import has stopped; nothing was imported. Upload the file again`;
}

/** A task's failure by an import problem code: the code, its params and its text. */
function failure(language: Language, code: ImportProblemCode, params: ProblemParams = {}) {
  return { messageCode: code, messageParams: params, message: problem(language, '', code, params).message };
}

/**
 * What a run that threw leaves on its task: an import failure's code (and the rows' problems when
 * the data changed since the check), a business refusal's error code, or the text of anything
 * unexpected (no code; the web app shows the text).
 */
function failureOf(error: unknown, language: Language): Partial<typeof importTasks.$inferInsert> {
  if (error instanceof ImportFailure)
    return { ...failure(language, error.code, error.params), ...(error.problems.length ? { errors: error.problems.slice(0, MAX_LISTED_PROBLEMS), errorCount: error.problems.length } : {}) };
  if (error instanceof AppError) return { messageCode: error.code, messageParams: error.params as ProblemParams, message: serverMessage(error.code, error.params, language).slice(0, 500) };
  return { message: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
}

export type Imports = ReturnType<typeof createImports>;
