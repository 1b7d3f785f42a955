// Platform reconciliation calls (spec 03-calls §7.12: reconciliation search, alipay bill search,
// calculatedSum) and the chosen paths of README.md. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BillSummaryCalls, ErrorCodes, parseDateTimeText, PlatformBillCalls, ReconciliationCalls } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Http } from '../../platform/http.js';
import { parseInput, refuseUnstorableText, requestLanguage } from '../../platform/http.js';
import { pageAnswer } from '../../platform/paging.js';
import { MULTIPART_FILE_LIMIT } from '../../platform/uploads.js';
import { billingSummary, reconciliationById, searchBillLines, searchReconciliations } from './reconciliation.queries.js';
import type { ReconciliationService } from './reconciliation.service.js';

const ImportFields = z.object({ storeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export function registerReconciliationRoutes(app: FastifyInstance, http: Http, database: Database, service: ReconciliationService): void {
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
      // Multipart: file (a CSV or a zip of CSV files) and storeId.
      const request = c.request;
      if (!request.isMultipart()) throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: 'file' });
      const fields: Record<string, string> = {};
      let file: { filename: string; data: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file' && !file) file = { filename: part.filename, data };
          } else fields[part.fieldname] = String(part.value ?? '');
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCodes.FILE_EXCEL_SIZE, 400, { field: 'file', max: MULTIPART_FILE_LIMIT });
        throw error;
      }
      refuseUnstorableText(fields, requestLanguage(request));
      const { storeId } = parseInput(ImportFields, fields, c.language);
      if (!file || !file.data.length) throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: 'file' });
      refuseUnstorableText({ file: file.filename }, requestLanguage(request));
      return service.importBill(c.session, { storeId, fileName: file.filename.slice(0, 200), data: file.data });
    },
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
