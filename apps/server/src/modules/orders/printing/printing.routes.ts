// Printing calls (spec 02 §7.13, §7.14) from the route catalogue (api/print.ts): templates
// myhome/template (PrintTemplateCalls), label data myhome/print/getPrintInfo and the print log
// myhome/printLog/searchPageList (PrintCalls). Handlers only translate.
import { PrintCalls, PrintTemplateCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { PrintingService } from './printing.service.js';

export function registerPrintingRoutes(app: FastifyInstance, http: Http, service: PrintingService): void {
  http.serve(app, PrintTemplateCalls, {
    getPrintTemplates: (c) => service.search(c.session, c.input),
    getSysPrintTemplates: (c) => service.systemTemplates(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    createPrintTemplate: (c) => service.save(c.session, c.input),
    deletePrintTemplate: (c) => service.remove(c.session, c.input.idList),
    setDefault: (c) => service.setDefault(c.session, c.input),
  });

  http.serve(app, PrintCalls, {
    getPrintInfo: (c) => service.prepare(c.session, c.input, c.language),
    searchPrintLog: (c) => service.searchLog(c.session, c.input),
  });
}
