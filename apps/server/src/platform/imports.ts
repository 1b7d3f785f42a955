// Spreadsheet imports. An area registers an importer (its columns, a row check, a whole-file
// check against the database, and a load). An upload makes a task and a job that reads and
// checks every row; the person sees the problems by row, or confirms, and a second job loads
// all rows in one transaction: all of them or none. Progress is written as it goes.
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCodes, type Language } from '@openseller/core';
import type { Database, Tx } from '../db/client.js';
import { importTasks } from '../db/schema/index.js';
import { AppError, forbidden, notFound } from './errors.js';
import { checkAccess, type Access } from './http.js';
import type { FileStore } from './file-store.js';
import type { JobQueue } from './jobs.js';
import type { Session, SessionStore } from './sessions.js';
import { readSheet, templateWorkbook, type SheetColumn } from './xlsx.js';
import type { Upload } from './uploads.js';

export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

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
  parseRow(values: Record<string, string>, language: Language): { row: Row } | { problems: { field: string; message: string }[] };
  /** Checks the rows together and against the database (duplicates, unknown references). */
  check?(rows: { rowNumber: number; row: Row }[], ctx: ImportContext): Promise<RowProblem[]>;
  /** Counts shown before loading, e.g. { new: 10, existing: 3 }. */
  summarize?(rows: Row[], ctx: ImportContext): Promise<Record<string, number>>;
  /** Loads every row inside the transaction of ctx; calls progress(n) as rows are done. */
  load(rows: Row[], ctx: ImportContext, progress: (done: number) => Promise<void>): Promise<Record<string, number>>;
}

export const IMPORT_STATUSES = ['PARSING', 'INVALID', 'PARSED', 'LOADING', 'DONE', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportTaskView {
  id: number;
  kind: string;
  status: ImportStatus;
  fileName: string;
  totalRows: number;
  processedRows: number;
  percentage: number;
  errorCount: number;
  errors: RowProblem[];
  summary: Record<string, number>;
  result: Record<string, number> | null;
  message: string | null;
}

const MAX_LISTED_PROBLEMS = 1000;
const PARSE_JOB = 'import-parse';
const LOAD_JOB = 'import-load';

function view(t: typeof importTasks.$inferSelect): ImportTaskView {
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
  };
}

export function createImports(deps: { database: Database; files: FileStore; jobs: JobQueue | null; sessions: SessionStore; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const importers = new Map<string, Importer>();

  const update = (id: number, values: Partial<typeof importTasks.$inferInsert>) =>
    db.update(importTasks).set({ ...values, updatedAt: now() }).where(eq(importTasks.id, id));

  async function contextFor(task: typeof importTasks.$inferSelect, tx: Tx): Promise<ImportContext> {
    const session = await deps.sessions.forUser(task.userId);
    if (!session || session.domainId !== task.domainId) throw new Error('the account that started the import no longer exists');
    return { tx, session, domainId: task.domainId, language: task.language as Language, options: task.options as Record<string, unknown> };
  }

  async function parse(taskId: number): Promise<void> {
    const [task] = await db.select().from(importTasks).where(eq(importTasks.id, taskId));
    if (!task || task.status !== 'PARSING') return;
    const importer = importers.get(task.kind);
    try {
      if (!importer) throw new Error(`no importer for ${task.kind}`);
      const file = task.fileId ? await deps.files.byId(task.fileId) : undefined;
      if (!file) throw new Error('the uploaded file is gone');
      const language = task.language as Language;
      const ctx = await contextFor(task, db);
      const columns = importer.readColumns ? await importer.readColumns(ctx) : importer.columns(language);
      const { rows, missingColumns } = await readSheet(await deps.files.read(file), columns);
      if (missingColumns.length) {
        await update(taskId, { status: 'FAILED', message: headerMessage(language, missingColumns.map((c) => c.header).join(', ')) });
        return;
      }
      if (!rows.length) {
        await update(taskId, { status: 'FAILED', message: language.startsWith('zh') ? '文件中没有数据行' : 'The file has no data rows' });
        return;
      }
      if (rows.length > importer.maxRows) {
        await update(taskId, {
          status: 'FAILED',
          totalRows: rows.length,
          message: language.startsWith('zh') ? `一次最多导入 ${importer.maxRows} 行，文件有 ${rows.length} 行` : `At most ${importer.maxRows} rows can be imported at once; the file has ${rows.length}`,
        });
        return;
      }
      await update(taskId, { totalRows: rows.length });
      const problems: RowProblem[] = [];
      const good: { rowNumber: number; row: unknown }[] = [];
      for (let i = 0; i < rows.length; i++) {
        const { rowNumber, values } = rows[i]!;
        const parsed = importer.parseRow(values, language);
        if ('row' in parsed) good.push({ rowNumber, row: parsed.row });
        else for (const p of parsed.problems) problems.push({ row: rowNumber, ...p });
        if (i % 2000 === 1999) await update(taskId, { processedRows: Math.floor((i + 1) / 2) });
      }
      if (importer.check) problems.push(...(await importer.check(good, ctx)));
      problems.sort((a, b) => a.row - b.row);
      if (problems.length) {
        await update(taskId, { status: 'INVALID', processedRows: 0, errorCount: problems.length, errors: problems.slice(0, MAX_LISTED_PROBLEMS) });
        return;
      }
      const summary = importer.summarize ? await importer.summarize(good.map((g) => g.row), ctx) : {};
      await update(taskId, { status: 'PARSED', processedRows: 0, rows: good.map((g) => g.row) as unknown[], summary });
    } catch (error) {
      await update(taskId, { status: 'FAILED', message: error instanceof Error ? error.message.slice(0, 500) : String(error) });
    }
  }

  async function load(taskId: number): Promise<void> {
    const [task] = await db.select().from(importTasks).where(eq(importTasks.id, taskId));
    if (!task || task.status !== 'LOADING') return;
    const importer = importers.get(task.kind);
    try {
      if (!importer) throw new Error(`no importer for ${task.kind}`);
      const rows = (task.rows as unknown[]) ?? [];
      const result = await db.transaction(async (tx) => {
        const ctx = await contextFor(task, tx);
        // Progress is written outside the transaction, so the page sees it move.
        return importer.load(rows, ctx, async (done) => {
          await update(taskId, { processedRows: done });
        });
      });
      await update(taskId, { status: 'DONE', processedRows: rows.length, result, rows: null });
    } catch (error) {
      const message = error instanceof AppError ? `${error.code} ${JSON.stringify(error.params)}` : error instanceof Error ? error.message : String(error);
      await update(taskId, { status: 'FAILED', processedRows: 0, message: message.slice(0, 500) });
    }
  }

  deps.jobs?.define({ name: PARSE_JOB, handler: async (data) => parse(Number(data.taskId)) });
  deps.jobs?.define({ name: LOAD_JOB, handler: async (data) => load(Number(data.taskId)) });

  function importerFor(kind: string, session: Session): Importer {
    const importer = importers.get(kind);
    if (!importer) throw new AppError(ErrorCodes.IMPORT_UNKNOWN_KIND, 400, { kind, field: 'kind' });
    checkAccess(importer.access, session);
    return importer;
  }

  async function ownTask(session: Session, id: number) {
    if (session.domainId === null) throw forbidden();
    const [task] = await db
      .select()
      .from(importTasks)
      .where(and(eq(importTasks.id, id), eq(importTasks.domainId, session.domainId), eq(importTasks.userId, session.userId)));
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
      if (!deps.jobs) throw new Error('the job queue is not running');
      const file = await deps.files.save({
        domainId: session.domainId,
        useType: 'IMPORT',
        originalName: upload.filename,
        extension: upload.extension,
        data: upload.data,
        createdBy: session.userId,
      });
      const [task] = await db
        .insert(importTasks)
        .values({ domainId: session.domainId!, userId: session.userId, kind, fileId: file.id, fileName: upload.filename, language, options })
        .returning();
      await deps.jobs.send(PARSE_JOB, { taskId: task!.id });
      return view(task!);
    },

    async get(session: Session, id: number): Promise<ImportTaskView> {
      return view(await ownTask(session, id));
    },

    /** Loads a checked import; options (such as isCover) may be set now. */
    async confirm(session: Session, id: number, options: Record<string, unknown>): Promise<ImportTaskView> {
      const task = await ownTask(session, id);
      importerFor(task.kind, session);
      if (task.status !== 'PARSED') throw new AppError(ErrorCodes.IMPORT_NOT_READY, 409);
      if (!deps.jobs) throw new Error('the job queue is not running');
      const updated = await db
        .update(importTasks)
        .set({ status: 'LOADING', options: { ...(task.options as object), ...options }, updatedAt: now() })
        .where(and(eq(importTasks.id, id), eq(importTasks.status, 'PARSED')))
        .returning();
      if (!updated.length) throw new AppError(ErrorCodes.IMPORT_NOT_READY, 409);
      await deps.jobs.send(LOAD_JOB, { taskId: id });
      return view(updated[0]!);
    },

    /** Runs the jobs of a task now (tools and tests); the queue does the same. */
    parse,
    load,
    count: async (session: Session) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(importTasks).where(eq(importTasks.userId, session.userId)))[0]?.n ?? 0,
  };
}

function headerMessage(language: Language, columns: string): string {
  return language.startsWith('zh') ? `表头缺少必填列：${columns}，请使用下载的模板` : `The header row lacks required columns: ${columns}; use the downloaded template`;
}

export type Imports = ReturnType<typeof createImports>;
