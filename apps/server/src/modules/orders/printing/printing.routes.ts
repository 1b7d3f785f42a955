// Printing calls (spec 02 §7.13, §7.14): templates myhome/template (menu MENU_PRINT_TEMPLATE; the
// order page reads them with MENU_ERPSO too), label data myhome/print/prepare (MENU_ERPSO), the print
// log myhome/printLog/searchPageList (MENU_BIZ_LOG or MENU_ERPSO).
import { IdInput, IdListInput, PrintLogSearch, PrintPrepareInput, PrintTemplateSave, PrintTemplateSearch, PrintTemplateUpdate, SetDefaultTemplateInput } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { PrintingService } from './printing.service.js';

export const TEMPLATE_ACCESS = { menu: 'MENU_PRINT_TEMPLATE' } as const;
const TEMPLATE_READ_ACCESS = { menu: ['MENU_PRINT_TEMPLATE', 'MENU_ERPSO'] } as const;
const PRINT_ACCESS = { menu: 'MENU_ERPSO' } as const;
const LOG_ACCESS = { menu: ['MENU_BIZ_LOG', 'MENU_ERPSO'] } as const;

export function registerPrintingRoutes(app: FastifyInstance, http: Http, service: PrintingService): void {
  const tpl = '/myhome/template';
  http.route(app, { url: `${tpl}/search`, access: TEMPLATE_READ_ACCESS, input: PrintTemplateSearch, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${tpl}/get`, access: TEMPLATE_READ_ACCESS, input: IdInput, handler: (c) => service.get(c.session, c.input.id) });
  http.route(app, { url: `${tpl}/create`, access: TEMPLATE_ACCESS, input: PrintTemplateSave, handler: (c) => service.create(c.session, c.input) });
  http.route(app, { url: `${tpl}/update`, access: TEMPLATE_ACCESS, input: PrintTemplateUpdate, handler: (c) => service.update(c.session, c.input) });
  http.route(app, { url: `${tpl}/delete`, access: TEMPLATE_ACCESS, input: IdListInput, handler: (c) => service.remove(c.session, c.input.idList) });
  http.route(app, { url: `${tpl}/setDefault`, access: TEMPLATE_ACCESS, input: SetDefaultTemplateInput, handler: (c) => service.setDefault(c.session, c.input) });

  http.route(app, { url: '/myhome/print/prepare', access: PRINT_ACCESS, input: PrintPrepareInput, handler: (c) => service.prepare(c.session, c.input, c.language) });
  http.route(app, { url: '/myhome/printLog/searchPageList', access: LOG_ACCESS, input: PrintLogSearch, handler: (c) => service.searchLog(c.session, c.input) });
}
