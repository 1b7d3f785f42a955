// Platform reconciliation calls (spec 03-calls §7.12: reconciliation search, alipay bill search,
// calculatedSum) and the chosen paths of README.md. Handlers only translate.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { BillImportFields, BillSummaryCalls, ErrorCodes, parseDateTimeText, PlatformBillCalls, ReconciliationCalls, ReconciliationErrors } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Http } from '../../platform/http.js';
import { parseInput, refuseUnstorableText, requestLanguage } from '../../platform/http.js';
import { pageAnswer } from '../../platform/paging.js';
import type { FileStore } from '../../platform/file-store.js';
import { billingSummary, reconciliationById, searchBillLines, searchReconciliations } from './reconciliation.queries.js';
import type { ReconciliationService } from './reconciliation.service.js';

/** The largest bill file taken (a month of a busy store's Alipay detail is some hundreds of MB unzipped). */
const MAX_BILL_BYTES = 512 * 1024 * 1024;

export function registerReconciliationRoutes(app: FastifyInstance, http: Http, database: Database, files: FileStore, service: ReconciliationService): void {
  const { db } = database;
  const rowOf = async (domainId: number, id: number) => {
    const row = await reconciliationById(db, domainId, id);
    if (!row) throw notFound('reconciliation');
    return row;
  };
  http.serve(app, ReconciliationCalls, {
    search: async (c) => {
      const { rows, total, summary } = await searchReconciliations(db, c.domainId, c.input);
      return { ...pageAnswer(rows, total, c.input), summary };
    },
    reconcile: (c) => service.reconcile(c.session, c.input.storeId ?? null),
    manualSuccess: async (c) => rowOf(c.domainId, await service.manualSuccess(c.session, c.input)),
    cancelManual: async (c) => rowOf(c.domainId, await service.cancelManual(c.session, c.input)),
  });
  http.serve(app, PlatformBillCalls, {
    search: async (c) => {
      const { rows, total, incomeAmount, expenseAmount } = await searchBillLines(db, c.domainId, c.input);
      return { ...pageAnswer(rows, total, c.input), incomeAmount, expenseAmount };
    },
    importBill: async (c) => {
      // Multipart: file (a CSV or a zip of CSV files), storeId, loadMissingOrders. The file is
      // streamed to disk (bills run to hundreds of MB), then read by a background task.
      const request = c.request;
      if (!request.isMultipart()) throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: 'file' });
      const fields: Record<string, string> = {};
      let file: { filename: string; path: string; size: number } | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: MAX_BILL_BYTES } })) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !file) {
              const target = files.tempPath('upload');
              await pipeline(part.file, fs.createWriteStream(target));
              file = { filename: part.filename, path: target, size: (await fs.promises.stat(target)).size };
            } else part.file.resume();
          } else fields[part.fieldname] = String(part.value ?? '');
        }
      } catch (error) {
        if (file) await fs.promises.rm(file.path, { force: true });
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ReconciliationErrors.FILE_TOO_LARGE, 400, { field: 'file', maxMb: MAX_BILL_BYTES / 1024 / 1024 });
        throw error;
      }
      try {
        refuseUnstorableText(fields, requestLanguage(request));
        const { storeId, loadMissingOrders } = parseInput(BillImportFields, fields, c.language);
        if (!file || !file.size) throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: 'file' });
        refuseUnstorableText({ file: file.filename }, requestLanguage(request));
        return await service.importBill(c.session, { storeId, loadMissingOrders, fileName: file.filename.slice(0, 200), sourcePath: file.path }, c.language);
      } finally {
        if (file) await fs.promises.rm(file.path, { force: true });
      }
    },
    importTask: (c) => service.importTask(c.session, c.input.importId, c.language),
    pull: (c) => service.pull(c.session, { storeId: c.input.storeId, from: parseDateTimeText(c.input.from), to: parseDateTimeText(c.input.to) }),
    record: (c) => service.record(c.session, c.input.ids),
    importResult: async (c) => {
      const { fileName, data } = await service.importResult(c.session, c.input.importId);
      c.reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`).send(data);
    },
  });
  http.serve(app, BillSummaryCalls, {
    calculatedSum: async (c) => ({ voList: await billingSummary(db, c.domainId, c.input) }),
  });
}
