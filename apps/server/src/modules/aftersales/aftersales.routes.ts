// After-sale calls (spec 02 §7.11, /cloud/advance/afterSales) from the route catalogue
// (AfterSalesCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { AFTER_SALES_EXPORT_TYPE, AFTER_SALES_IMPORT_KIND, AfterSalesCalls } from '@openseller/core';
import { EXCEL_MAX_BYTES } from '../../platform/file-types.js';
import type { Exports } from '../../platform/exports.js';
import type { Http } from '../../platform/http.js';
import type { Imports } from '../../platform/imports.js';
import { readUpload } from '../../platform/uploads.js';
import { afterSalesExportTitle } from './aftersales.exporter.js';
import type { createReturnRateReport } from './aftersales.report.js';
import type { AfterSalesService } from './aftersales.service.js';

type ReturnRateReportFn = ReturnType<typeof createReturnRateReport>;

export function registerAfterSalesRoutes(app: FastifyInstance, http: Http, service: AfterSalesService, deps: { imports: Imports; exports: Exports; report: ReturnRateReportFn }): void {
  http.serve(app, AfterSalesCalls, {
    search: (c) => service.search(c.session, c.input, c.language),
    create: (c) => service.create(c.session, c.input, c.language),
    delete: (c) => service.remove(c.session, c.input.list, c.language),
    batchUpdate: (c) => service.batchUpdate(c.session, c.input.list, c.language),
    import: async (c) => {
      const upload = await readUpload(c.request, { field: 'uploadExcel', kind: 'excel', maxBytes: EXCEL_MAX_BYTES });
      return deps.imports.start(c.session, AFTER_SALES_IMPORT_KIND, upload, {}, c.language);
    },
    export: (c) => deps.exports.request(c.session, { type: AFTER_SALES_EXPORT_TYPE, title: afterSalesExportTitle(c.language), params: c.input as Record<string, unknown>, language: c.language }),
    get: (c) => service.get(c.session, c.input.id, c.language),
    agreeRefund: (c) => service.decide(c.session, 'agreeRefund', c.input.list, {}, c.language),
    refuseRefund: (c) => service.decide(c.session, 'refuseRefund', c.input.list, {}, c.language),
    agreeReturn: (c) => service.agreeReturn(c.session, c.input, c.language),
    refuseReturn: (c) => service.decide(c.session, 'refuseReturn', c.input.list, {}, c.language),
    refundFinish: (c) => service.decide(c.session, 'refundFinish', c.input.list, { refundResult: c.input.result }, c.language),
    uploadLogistics: (c) => service.decide(c.session, 'uploadLogistics', c.input.list, { logistics: c.input }, c.language),
    sync: (c) => service.decide(c.session, 'sync', c.input.list, {}, c.language),
    replacement: (c) => service.replacement(c.session, c.input, c.language),
    searchArchive: (c) => service.searchArchive(c.session, c.input, c.language),
    timeline: (c) => service.timeline(c.session, c.input.id),
    returnRateReport: (c) => deps.report(c.session, c.input),
    searchAbnormal: (c) => service.searchAbnormal(c.session, c.input, c.language),
  });
}
