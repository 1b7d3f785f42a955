// The print-and-ship area's calls (spec 02 §7.8, §7.10, §7.13, §7.14; 03-calls.md): print
// templates (/myhome/template), label data and batch print (/myhome/print), the print log, waybill
// accounts (/myhome/etrackaccount), their shares (/myhome/etrackaccountshare), paper waybill
// counters (/myhome/lastexpressno), sending and shipping feedback (/myhome/sendsoh,
// /myhome/taobaoSoHFeedback, /myhome/erpsoh feedback progress), express tracking
// (/myhome/expressTracking), courier rules (/cloud/core/expressRule), stop-shipping templates and
// the address calls. Paths the spec does not show are listed in the READMEs of
// apps/server/src/modules/orders/{printing,waybills,shipping,tracking,courier-rules}.
import { IdInput, IdListInput } from '../contracts/common.js';
import {
  CreatePrintTemplateInput,
  PrintTemplateRow,
  PrintTemplateSearch,
  PrintTemplatesRemoved,
  SetDefaultTemplateInput,
  SysPrintTemplateQuery,
} from '../contracts/printing.js';
import { pageOf, post, voListOf, type CallMap } from './define.js';

/** Templates are kept with MENU_PRINT_TEMPLATE; the order page reads them with MENU_ERPSO. */
export const PRINT_TEMPLATE_ACCESS = { menu: 'MENU_PRINT_TEMPLATE' } as const;
const TEMPLATE_READ_ACCESS = { menu: ['MENU_PRINT_TEMPLATE', 'MENU_ERPSO'] } as const;

const T = '/myhome/template';

/** Print templates (spec 02 §3.9, §7.13 myhome/template). */
export const PrintTemplateCalls = {
  /** The domain's templates, system ones first (unless includeSystem is false). */
  getPrintTemplates: post(`${T}/getPrintTemplates`, TEMPLATE_READ_ACCESS, PrintTemplateSearch, pageOf(PrintTemplateRow)),
  /** The read-only system templates (one per default size of spec 02 §9). */
  getSysPrintTemplates: post(`${T}/getSysPrintTemplates`, TEMPLATE_READ_ACCESS, SysPrintTemplateQuery, voListOf(PrintTemplateRow)),
  /** One template (not in the spec). */
  get: post(`${T}/get`, TEMPLATE_READ_ACCESS, IdInput, PrintTemplateRow),
  /** Makes a template, or with id and version changes it. */
  createPrintTemplate: post(`${T}/createPrintTemplate`, PRINT_TEMPLATE_ACCESS, CreatePrintTemplateInput, PrintTemplateRow),
  deletePrintTemplate: post(`${T}/deletePrintTemplate`, PRINT_TEMPLATE_ACCESS, IdListInput, PrintTemplatesRemoved),
  /** Makes a template the default of a courier (not in the spec). */
  setDefault: post(`${T}/setDefault`, PRINT_TEMPLATE_ACCESS, SetDefaultTemplateInput, PrintTemplateRow),
};

/** The area's call maps, by area name. */
export const PRINT_CALL_MAPS: Record<string, CallMap> = {
  printTemplates: PrintTemplateCalls,
};
