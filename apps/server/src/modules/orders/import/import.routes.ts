// Order import calls (spec 02 §7.10 /myhome/taobaoSoh/createFromXls, §7.13 /myhome/sohTemplate),
// from the route catalogue (OrderImportCalls), menu MENU_ERPSO_CREATE. The upload makes an import task of the engine (platform/imports.ts): its
// check, confirm and progress are read through /cloud/core/import/get and /confirm, or
// /myhome/taobaoSoh/queryImportProgress as a progress item (spec 01 §4.6).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ErrorCodes, ORDER_IMPORT_PROGRESS_TYPE, OrderImportCalls, OrderImportStart, type OrderImportProgress } from '@openseller/core';
import type { Database } from '../../../db/client.js';
import { EXCEL_MAX_BYTES } from '../../../platform/file-types.js';
import { AppError } from '../../../platform/errors.js';
import { parseInput, type Http } from '../../../platform/http.js';
import type { Imports, ImportTaskView } from '../../../platform/imports.js';
import { readUpload } from '../../../platform/uploads.js';
import { ORDER_IMPORT_KIND } from './order.importer.js';
import type { TemplatesService } from './templates.service.js';

/** An import task as the feedback progress item of an offline order import. */
export function progressOf(task: ImportTaskView): OrderImportProgress {
  const complete = ['DONE', 'INVALID', 'FAILED', 'CANCELLED'].includes(task.status);
  const orders = task.result?.orders ?? task.summary.orders ?? task.totalRows;
  const successful = task.result ? (task.result.created ?? 0) + (task.result.existing ?? 0) + (task.result.updated ?? 0) : 0;
  return {
    recordKey: `ORDER_IMPORT:${task.id}`,
    progressType: ORDER_IMPORT_PROGRESS_TYPE,
    totalCount: orders,
    successfulCount: successful,
    failureCount: task.status === 'INVALID' ? task.errorCount : task.status === 'FAILED' ? orders : 0,
    feedbackComplete: complete,
  };
}

export function registerOrderImportRoutes(app: FastifyInstance, http: Http, deps: { database: Database; imports: Imports; templates: TemplatesService }): void {
  const { imports, templates } = deps;
  http.serve(app, OrderImportCalls, {
    createFromXls: async (c) => {
      // Multipart: uploadExcel (the file), templateId and storeId (optional).
      const upload = await readUpload(c.request, { field: 'uploadExcel', kind: 'excel', maxBytes: EXCEL_MAX_BYTES });
      const input = parseInput(OrderImportStart, upload.fields, c.language);
      const domainId = c.domainId;
      if (input.templateId != null) await templates.exists(c.session, input.templateId);
      if (input.storeId != null) {
        const found = await deps.database.db.execute(sql`select id from stores where domain_id = ${domainId} and id = ${input.storeId}`);
        if (!found.rows.length) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'store', field: 'storeId' });
      }
      const options: Record<string, number> = {};
      if (input.templateId != null) options.templateId = input.templateId;
      if (input.storeId != null) options.storeId = input.storeId;
      return imports.start(c.session, ORDER_IMPORT_KIND, upload, options, c.language);
    },
    queryImportProgress: async (c) => progressOf(await imports.get(c.session, c.input.id)),
    getDefaultFields: (c) => templates.getDefaultFields(c.language),
    searchPageList: (c) => templates.search(c.session, c.input),
    getFieldMapsByTemplateId: (c) => templates.get(c.session, c.input.id),
    getTemplateTitle: (c) => templates.titles(c.session, c.input.id),
    createImportTemplate: (c) => templates.create(c.session, c.input),
    updateImportTemplate: (c) => templates.update(c.session, c.input),
    removeImportTemplate: async (c) => {
      await templates.remove(c.session, c.input.id);
      return null;
    },
  });
}
