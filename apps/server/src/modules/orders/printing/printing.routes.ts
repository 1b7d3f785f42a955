// Printing calls (spec 02 §7.13, §7.14): templates myhome/template (menu MENU_PRINT_TEMPLATE; the
// order page reads them with MENU_ERPSO too), label data myhome/print/prepare (MENU_ERPSO), the print
// log myhome/printLog/searchPageList (MENU_BIZ_LOG or MENU_ERPSO).
import { PrintLogSearch, PrintPrepareInput, PrintTemplateCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { PrintingService } from './printing.service.js';

const PRINT_ACCESS = { menu: 'MENU_ERPSO' } as const;
const LOG_ACCESS = { menu: ['MENU_BIZ_LOG', 'MENU_ERPSO'] } as const;

export function registerPrintingRoutes(app: FastifyInstance, http: Http, service: PrintingService): void {
  http.serve(app, PrintTemplateCalls, {
    getPrintTemplates: (c) => service.search(c.session, c.input),
    getSysPrintTemplates: (c) => service.systemTemplates(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    createPrintTemplate: (c) => service.save(c.session, c.input),
    deletePrintTemplate: (c) => service.remove(c.session, c.input.idList),
    setDefault: (c) => service.setDefault(c.session, c.input),
  });

  http.route(app, { url: '/myhome/print/prepare', access: PRINT_ACCESS, input: PrintPrepareInput, handler: (c) => service.prepare(c.session, c.input, c.language) });
  http.route(app, { url: '/myhome/printLog/searchPageList', access: LOG_ACCESS, input: PrintLogSearch, handler: (c) => service.searchLog(c.session, c.input) });
}
