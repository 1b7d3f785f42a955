// Exports for the download centre (spec 01 §4.5, spec 02 §7.2). An area registers an exporter;
// a request makes a REQUEST row and a job; the job writes the .xlsx into the file store, as the
// requesting account (its field permissions apply), and marks the row SUCCESS or FAILURE.
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { canDownload, ErrorCodes, parseDateTimeText, type Language, type PageResult } from '@openseller/core';
import type { Database } from '../db/client.js';
import { exportFiles } from '../db/schema/index.js';
import { AppError, forbidden, notFound } from './errors.js';
import { checkAccess, type Access } from './http.js';
import type { FileStore, StoredFile } from './file-store.js';
import type { JobQueue } from './jobs.js';
import type { Session, SessionStore } from './sessions.js';
import { writeSheetToFile, type SheetColumn } from './xlsx.js';

export interface ExportContext {
  db: Database['db'];
  session: Session;
  domainId: number;
  params: Record<string, unknown>;
  language: Language;
}

export interface Exporter {
  type: string;
  /** Who may request it (the area's menu). */
  access: Access;
  sheetName(language: Language): string;
  columns(ctx: ExportContext): SheetColumn[];
  /** The rows, in batches, as the account may see them. */
  rows(ctx: ExportContext): AsyncIterable<Record<string, unknown>[]>;
}

export const EXPORT_STATUSES = ['REQUEST', 'SENDING', 'SUCCESS', 'FAILURE'] as const;

export interface ExportFileRow {
  id: number;
  title: string;
  type: string;
  processStatus: (typeof EXPORT_STATUSES)[number];
  unread: boolean;
  isOss: boolean;
  rowCount: number | null;
  errorMessage: string | null;
  createTime: string;
  finishTime: string | null;
}

const toRow = (r: typeof exportFiles.$inferSelect): ExportFileRow => ({
  id: r.id,
  title: r.title,
  type: r.exportType,
  processStatus: r.processStatus as ExportFileRow['processStatus'],
  unread: r.unread,
  isOss: false,
  rowCount: r.rowCount,
  errorMessage: r.errorMessage,
  createTime: r.createdAt.toISOString(),
  finishTime: r.finishedAt?.toISOString() ?? null,
});

export const EXPORT_JOB = 'export-run';

/** Refuses an account that may not download files (spec 01 §6), with the spec's message. */
export function assertCanDownload(session: Session): void {
  if (!canDownload(session.menus)) throw new AppError(ErrorCodes.NO_DOWNLOAD_PERMISSION, 403);
}

export function createExports(deps: { database: Database; files: FileStore; jobs: JobQueue | null; sessions: SessionStore; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const exporters = new Map<string, Exporter>();

  async function run(exportId: number): Promise<void> {
    const [row] = await db.select().from(exportFiles).where(eq(exportFiles.id, exportId));
    if (!row || row.processStatus === 'SUCCESS') return;
    await db.update(exportFiles).set({ processStatus: 'SENDING' }).where(eq(exportFiles.id, exportId));
    const tempPath = deps.files.tempPath('xlsx');
    try {
      const exporter = exporters.get(row.exportType);
      const session = await deps.sessions.forUser(row.userId);
      if (!exporter || !session || session.domainId !== row.domainId) throw new Error('the account or the export type no longer exists');
      const params = row.params as { params?: Record<string, unknown>; language?: Language };
      const ctx: ExportContext = { db, session, domainId: row.domainId, params: params.params ?? {}, language: params.language ?? 'zh' };
      const count = await writeSheetToFile(tempPath, exporter.sheetName(ctx.language), exporter.columns(ctx), exporter.rows(ctx));
      const stored = await deps.files.saveFromPath({
        domainId: row.domainId,
        useType: 'EXPORT',
        originalName: `${row.title}.xlsx`,
        extension: 'xlsx',
        sourcePath: tempPath,
        createdBy: row.userId,
      });
      await db
        .update(exportFiles)
        .set({ processStatus: 'SUCCESS', fileId: stored.id, rowCount: count, finishedAt: now(), unread: true })
        .where(eq(exportFiles.id, exportId));
    } catch (error) {
      await db
        .update(exportFiles)
        .set({ processStatus: 'FAILURE', errorMessage: error instanceof Error ? error.message.slice(0, 500) : String(error), finishedAt: now() })
        .where(eq(exportFiles.id, exportId));
    }
  }

  deps.jobs?.define({ name: EXPORT_JOB, handler: async (data) => run(Number(data.exportId)) });

  function mine(session: Session) {
    if (session.domainId === null) throw forbidden();
    return and(eq(exportFiles.domainId, session.domainId), eq(exportFiles.userId, session.userId));
  }

  return {
    register(exporter: Exporter) {
      exporters.set(exporter.type, exporter);
    },

    /** Queues an export (the account needs the area's menu and MENU_DATA_DOWNLOAD); answers its row for the download panel. */
    async request(session: Session, input: { type: string; title: string; params?: Record<string, unknown>; language: Language }): Promise<ExportFileRow> {
      const exporter = exporters.get(input.type);
      if (!exporter) throw notFound('export');
      checkAccess(exporter.access, session);
      // Before anything is made: a file the account could not download is not made at all.
      assertCanDownload(session);
      if (!deps.jobs) throw new Error('the job queue is not running');
      const [row] = await db
        .insert(exportFiles)
        .values({
          domainId: session.domainId!,
          userId: session.userId,
          title: input.title.slice(0, 200),
          exportType: input.type,
          params: { params: input.params ?? {}, language: input.language },
        })
        .returning();
      await deps.jobs.send(EXPORT_JOB, { exportId: row!.id });
      return toRow(row!);
    },

    async search(session: Session, input: { currentPage: number; pageSize: number; exportStartTime?: string | undefined; exportEndTime?: string | undefined; unread?: boolean | undefined }): Promise<PageResult<ExportFileRow>> {
      const conditions = [mine(session)];
      if (input.exportStartTime) conditions.push(gte(exportFiles.createdAt, parseDateTimeText(input.exportStartTime)));
      if (input.exportEndTime) conditions.push(lte(exportFiles.createdAt, parseDateTimeText(input.exportEndTime)));
      if (input.unread !== undefined) conditions.push(eq(exportFiles.unread, input.unread));
      const where = and(...conditions);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(exportFiles).where(where);
      const rows = await db
        .select()
        .from(exportFiles)
        .where(where)
        .orderBy(desc(exportFiles.createdAt), desc(exportFiles.id))
        .limit(input.pageSize)
        .offset((input.currentPage - 1) * input.pageSize);
      return { voList: rows.map(toRow), total: count?.n ?? 0, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    /** Files still being made, and finished ones not yet seen: what the download panel shows. */
    async pollingList(session: Session): Promise<ExportFileRow[]> {
      const rows = await db
        .select()
        .from(exportFiles)
        .where(and(mine(session), sql`(${exportFiles.processStatus} in ('REQUEST','SENDING') or ${exportFiles.unread})`))
        .orderBy(desc(exportFiles.createdAt))
        .limit(50);
      return rows.map(toRow);
    },

    async markRead(session: Session, ids: number[]): Promise<void> {
      if (!ids.length) return;
      await db.update(exportFiles).set({ unread: false }).where(and(mine(session), inArray(exportFiles.id, ids)));
    },

    async remove(session: Session, id: number): Promise<void> {
      const [row] = await db.select().from(exportFiles).where(and(mine(session), eq(exportFiles.id, id)));
      if (!row) throw notFound('file');
      await db.delete(exportFiles).where(eq(exportFiles.id, id));
      if (row.fileId) {
        const file = await deps.files.byId(row.fileId);
        if (file) await deps.files.remove(file);
      }
    },

    /** The finished file of an export, for download; needs MENU_DATA_DOWNLOAD. */
    async fileFor(session: Session, id: number): Promise<{ file: StoredFile; title: string }> {
      assertCanDownload(session);
      const [row] = await db.select().from(exportFiles).where(and(mine(session), eq(exportFiles.id, id)));
      if (!row || row.processStatus !== 'SUCCESS' || !row.fileId) throw new AppError(ErrorCodes.FILE_NOT_EXIST, 404);
      const file = await deps.files.byId(row.fileId);
      if (!file) throw new AppError(ErrorCodes.FILE_NOT_EXIST, 404);
      await db.update(exportFiles).set({ unread: false }).where(eq(exportFiles.id, id));
      return { file, title: row.title };
    },

    /** Runs an export now (tests and tools); the job does the same. */
    run,
  };
}

export type Exports = ReturnType<typeof createExports>;
