// Exports for the download centre (spec 01 §4.5, spec 02 §7.2). An area registers an exporter;
// a request makes a REQUEST row and a job; the job writes the .xlsx into the file store, as the
// requesting account (its field permissions apply), and marks the row SUCCESS or FAILURE.
// An export a crash or restart stopped while SENDING is found by its stale heartbeat, shown as
// interrupted and made again, or ends FAILURE after the queue's attempts (platform/jobs.ts).
import { and, desc, eq, gte, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import { canDownload, ErrorCodes, EXPORT_STATUSES, parseDateTimeText, type ExportFileRow, type Language, type PageResult, type PlatformFileRef } from '@openseller/core';
import type { Database } from '../db/client.js';
import { exportFiles } from '../db/schema/index.js';
import { AppError, forbidden, notFound } from './errors.js';
import { checkAccess, type Access } from './http.js';
import type { FileStore, StoredFile } from './file-store.js';
import type { JobQueue, TaskNotice } from './jobs.js';
import type { Session, SessionStore } from './sessions.js';
import { writeSheetToFile, type SheetColumn } from './xlsx.js';
import { pageOffset } from './paging.js';
import { idsIn } from './sql.js';

export interface ExportContext {
  db: Database['db'];
  session: Session;
  domainId: number;
  params: Record<string, unknown>;
  language: Language;
  /**
   * The marketplaces' own files of the export (the decryption flow, spec 01 §4.5): an exporter adds
   * them while it runs; they are kept with the file and answered by getPlatformFile.
   */
  platformFiles: PlatformFileRef[];
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

export { EXPORT_STATUSES };
export type { ExportFileRow };

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
  interruptions: r.interruptions,
  notice: (r.notice as TaskNotice | null) ?? null,
  platformFileCount: ((r.params as { platformFiles?: unknown[] } | null)?.platformFiles ?? []).length,
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

  /** The exports this process makes now, with the attempt it holds. */
  const held = new Map<number, number>();
  const ours = (id: number, attempt: number) => and(eq(exportFiles.id, id), eq(exportFiles.attempt, attempt), eq(exportFiles.processStatus, 'SENDING'));

  async function run(exportId: number, attempt?: number): Promise<void> {
    const [row] = await db
      .update(exportFiles)
      .set({ processStatus: 'SENDING', heartbeatAt: sql`now()`, notice: sql`case when ${exportFiles.interruptions} > 0 then 'RESUMED' end` })
      .where(and(eq(exportFiles.id, exportId), eq(exportFiles.processStatus, 'REQUEST'), isNull(exportFiles.heartbeatAt), attempt === undefined ? undefined : eq(exportFiles.attempt, attempt)))
      .returning();
    if (!row) return;
    const mine = ours(row.id, row.attempt);
    held.set(row.id, row.attempt);
    const stopBeat = deps.jobs?.heartbeat(() => db.update(exportFiles).set({ heartbeatAt: sql`now()` }).where(mine)) ?? (() => {});
    const finish = async (values: Partial<typeof exportFiles.$inferInsert>) =>
      (
        await db
          .update(exportFiles)
          .set({ heartbeatAt: null, notice: null, finishedAt: now(), ...values })
          .where(mine)
          .returning({ id: exportFiles.id })
      ).length > 0;
    const tempPath = deps.files.tempPath('xlsx');
    try {
      const exporter = exporters.get(row.exportType);
      const session = await deps.sessions.forUser(row.userId);
      if (!exporter || !session || session.domainId !== row.domainId) throw new Error('the account or the export type no longer exists');
      const params = row.params as { params?: Record<string, unknown>; language?: Language };
      const ctx: ExportContext = { db, session, domainId: row.domainId, params: params.params ?? {}, language: params.language ?? 'zh', platformFiles: [] };
      const count = await writeSheetToFile(tempPath, exporter.sheetName(ctx.language), exporter.columns(ctx), exporter.rows(ctx));
      const stored = await deps.files.saveFromPath({
        domainId: row.domainId,
        useType: 'EXPORT',
        originalName: `${row.title}.xlsx`,
        extension: 'xlsx',
        sourcePath: tempPath,
        createdBy: row.userId,
      });
      // A run given up meanwhile (interrupted, or the row deleted) keeps no file.
      const kept = ctx.platformFiles.length ? { params: { ...params, platformFiles: ctx.platformFiles } } : {};
      if (!(await finish({ processStatus: 'SUCCESS', fileId: stored.id, rowCount: count, unread: true, ...kept }))) await deps.files.remove(stored);
    } catch (error) {
      // When even this write fails (the database went away), the sweep finds the export by its stale heartbeat.
      await finish({ processStatus: 'FAILURE', errorMessage: error instanceof Error ? error.message.slice(0, 500) : String(error) }).catch(() => false);
    } finally {
      stopBeat();
      if (held.get(row.id) === row.attempt) held.delete(row.id);
    }
  }

  /**
   * Exports a worker stopped making (it died, or this process is stopping) are queued again in
   * the same transaction, or fail once interrupted as often as the queue allows.
   */
  async function interruptWhere(condition: ReturnType<typeof and>, attemptHeld?: (id: number, attempt: number) => boolean): Promise<void> {
    const jobs = deps.jobs!;
    const requeued = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: exportFiles.id, attempt: exportFiles.attempt, interruptions: exportFiles.interruptions, params: exportFiles.params })
        .from(exportFiles)
        .where(and(eq(exportFiles.processStatus, 'SENDING'), condition))
        .limit(100)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const row of rows) {
        if (attemptHeld && !attemptHeld(row.id, row.attempt)) continue;
        const interruptions = row.interruptions + 1;
        const gaveUp = interruptions >= jobs.timing.attempts;
        const language = (row.params as { language?: Language }).language ?? 'zh';
        await tx
          .update(exportFiles)
          .set({
            attempt: row.attempt + 1,
            interruptions,
            heartbeatAt: null,
            ...(gaveUp
              ? { processStatus: 'FAILURE', notice: 'GAVE_UP', errorMessage: gaveUpMessage(language, interruptions), finishedAt: now() }
              : { processStatus: 'REQUEST', notice: 'INTERRUPTED' }),
          })
          .where(and(eq(exportFiles.id, row.id), eq(exportFiles.attempt, row.attempt)));
        if (!gaveUp) {
          await jobs.send(EXPORT_JOB, { exportId: row.id, attempt: row.attempt + 1 }, { tx });
          count++;
        }
      }
      return count;
    });
    if (requeued) jobs.wake(EXPORT_JOB);
  }

  deps.jobs?.define({
    name: EXPORT_JOB,
    // Attempts are counted on the row (interruptions); pg-boss's expiry only tidies its own table.
    retryLimit: 0,
    expireInSeconds: 3600,
    handler: async (data) => run(Number(data.exportId), typeof data.attempt === 'number' ? data.attempt : undefined),
  });
  deps.jobs?.watch({
    name: 'exports',
    // Exports being made whose heartbeat went stale, held by no live worker (this process's own are skipped).
    sweep: () =>
      interruptWhere(
        and(
          lt(exportFiles.heartbeatAt, sql`now() - ${deps.jobs!.timing.staleSeconds}::float8 * interval '1 second'`),
          held.size ? notInArray(exportFiles.id, [...held.keys()]) : undefined,
        ),
      ),
    release: async () => {
      if (held.size) await interruptWhere(idsIn(exportFiles.id, [...held.keys()]), (id, attempt) => held.get(id) === attempt);
    },
  });

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
      const jobs = deps.jobs;
      if (!jobs) throw new Error('the job queue is not running');
      // The row and its job are committed together: no export waits for a job that was never sent.
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(exportFiles)
          .values({
            domainId: session.domainId!,
            userId: session.userId,
            title: input.title.slice(0, 200),
            exportType: input.type,
            params: { params: input.params ?? {}, language: input.language },
          })
          .returning();
        await jobs.send(EXPORT_JOB, { exportId: row!.id, attempt: row!.attempt }, { tx });
        return row!;
      });
      jobs.wake(EXPORT_JOB);
      return toRow(row);
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
        .offset(pageOffset(input));
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
      await db.update(exportFiles).set({ unread: false }).where(and(mine(session), idsIn(exportFiles.id, ids)));
    },

    async remove(session: Session, id: number): Promise<void> {
      const [row] = await db.select().from(exportFiles).where(and(mine(session), eq(exportFiles.id, id)));
      if (!row) throw notFound('file');
      await db.delete(exportFiles).where(and(eq(exportFiles.domainId, row.domainId), eq(exportFiles.id, id)));
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
      await db.update(exportFiles).set({ unread: false }).where(and(eq(exportFiles.domainId, row.domainId), eq(exportFiles.id, id)));
      return { file, title: row.title };
    },

    /**
     * The marketplaces' files of one of the account's finished exports (getPlatformFile), with the
     * export's title and type; needs MENU_DATA_DOWNLOAD. Not found or not finished: FILE_NOT_EXIST.
     */
    async platformFilesOf(session: Session, id: number): Promise<{ title: string; type: string; files: PlatformFileRef[] }> {
      assertCanDownload(session);
      const [row] = await db.select().from(exportFiles).where(and(mine(session), eq(exportFiles.id, id)));
      if (!row || row.processStatus !== 'SUCCESS') throw new AppError(ErrorCodes.FILE_NOT_EXIST, 404, { field: 'fileId' });
      const files = ((row.params as { platformFiles?: PlatformFileRef[] }).platformFiles ?? []).filter((f) => f && typeof f.fileKey === 'string');
      return { title: row.title, type: row.exportType, files };
    },

    /** Runs an export now (tests and tools); the job does the same. */
    run,
  };
}

function gaveUpMessage(language: Language, times: number): string {
  return language.startsWith('zh')
    ? `服务器重启 ${times} 次中断了此导出，已停止，请重新导出`
    : `Interrupted by ${times === 1 ? 'a server restart' : `${times} server restarts`}, so the export has stopped; request it again`;
}

export type Exports = ReturnType<typeof createExports>;
