// Printing calls (spec 02 §7.13, §7.14) from the route catalogue (api/print.ts): templates
// myhome/template (PrintTemplateCalls), label data, delivery slips and batch plans myhome/print,
// the print log myhome/printLog and its export (PrintCalls), the stores with their waybill
// accounts (WaybillAccountCalls.findAllStoreWithAccount). Handlers only translate.
import { PrintCalls, PrintErrors, PrintTemplateCalls, WaybillStoreCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors.js';
import type { Exports } from '../../../platform/exports.js';
import type { FileStore } from '../../../platform/file-store.js';
import type { Http } from '../../../platform/http.js';
import type { SessionStore } from '../../../platform/sessions.js';
import { printLogExportTitle, PRINT_LOG_EXPORT } from './printing.export.js';
import type { PrintingService } from './printing.service.js';
import { templateXml } from './template-xml.js';

export interface PrintingRouteDeps {
  exports: Exports;
  files: FileStore;
  sessions: SessionStore;
}

const notInBuild = (platform: string) => new AppError(PrintErrors.PLATFORM_NOT_IN_BUILD, 409, { platform });

export function registerPrintingRoutes(app: FastifyInstance, http: Http, service: PrintingService, deps: PrintingRouteDeps): void {
  http.serve(app, PrintTemplateCalls, {
    getPrintTemplates: (c) => service.search(c.session, c.input),
    getSysPrintTemplates: (c) => service.systemTemplates(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    createPrintTemplate: (c) => service.save(c.session, c.input),
    deletePrintTemplate: (c) => service.remove(c.session, c.input.idList),
    setDefault: (c) => service.setDefault(c.session, c.input),
    getSendTemplates: (c) => service.sendSearch(c.session, c.input),
    getSysSendTemplates: (c) => service.slipTemplates(c.session, true),
    getUserSendTemplates: (c) => service.slipTemplates(c.session, false),
    createSendBatchAsnTemplate: (c) => service.saveSend(c.session, c.input),
    deleteSendTemplate: (c) => service.removeSend(c.session, c.input.idList),
    setPreviewPrintTemplate: (c) => service.setPreview(c.session, c.input.id),
    getTemplateUrlByCodeType: (c) => service.templateUrl(c.session, c.input),
    getVipPrintTemplates: (c) => service.vipTemplates(c.session),
    syncAkcTrackPrintTemplate: async () => {
      throw notInBuild('AKC');
    },
    templateByLink: async (c) => {
      const params = c.request.params as { kind?: string; id?: string };
      const template = await service.templateByLink(String(params.kind ?? ''), Number(params.id), c.input.token);
      if (!template) throw new AppError(PrintErrors.TEMPLATE_TOKEN, 403, { field: 'token' });
      c.reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'no-store').send(templateXml(template, {}));
    },
    customTemplateXml: async (c) => {
      const template = await service.templateForXml(c.session, c.input.templateId);
      c.reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'no-store').send(templateXml(template, c.input.json));
    },
  });

  http.serve(app, PrintCalls, {
    getPrintInfo: (c) => service.prepare(c.session, c.input, c.language),
    searchPrintLog: (c) => service.searchLog(c.session, c.input),
    exportPrintLog: (c) => deps.exports.request(c.session, { type: PRINT_LOG_EXPORT, title: printLogExportTitle(c.language), params: c.input as Record<string, unknown>, language: c.language }),
    getInfoForBatchSendPrint: (c) => service.batchPlan(c.session, c.input),
    printSendSoH: (c) => service.printSend(c.session, c.input, c.language),
    getAkcPrintParams: async () => {
      throw notInBuild('AKC');
    },
    attachment: async (c) => {
      // A link (an <img>, a PDF viewer) carries the session's access token in the query.
      const session = await deps.sessions.resolve(c.input.access_token);
      const id = Number((c.request.params as { id?: string }).id);
      const file = session?.domainId != null && Number.isSafeInteger(id) ? await deps.files.byId(id) : undefined;
      if (!session || !file || file.domainId !== session.domainId) {
        c.reply.code(404).send({ success: false, errorCode: 'ERR_FILE_NOT_EXIST', message: 'file does not exist' });
        return;
      }
      c.reply.header('content-disposition', `inline; filename="${encodeURIComponent(file.originalName)}"`).header('cache-control', 'private, no-store');
      c.reply.header('content-security-policy', "default-src 'none'").type(file.mimeType).send(await deps.files.read(file));
    },
  });

  http.serve(app, WaybillStoreCalls, {
    findAllStoreWithAccount: (c) => service.storesWithAccounts(c.session),
  });
}
