// The printing calls (spec 02 §7.13, §7.14): myhome/template, myhome/print, myhome/printLog, from
// the route catalogue (api/print.ts).
import { PrintCalls, PrintTemplateCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
/** What a template search sends. */
export type PrintTemplateFilter = CallInput<typeof PrintTemplateCalls.getPrintTemplates>;

export const printTemplatesApi = {
  search: (input: PrintTemplateFilter) => callApi(PrintTemplateCalls.getPrintTemplates, input, quiet),
  system: (input: CallInput<typeof PrintTemplateCalls.getSysPrintTemplates> = {}) => callApi(PrintTemplateCalls.getSysPrintTemplates, input, quiet),
  get: (id: number) => callApi(PrintTemplateCalls.get, { id }, quiet),
  /** Makes a template, or with id and version changes it (createPrintTemplate). */
  save: (input: CallInput<typeof PrintTemplateCalls.createPrintTemplate>) => callApi(PrintTemplateCalls.createPrintTemplate, input, quiet),
  remove: (idList: number[]) => callApi(PrintTemplateCalls.deletePrintTemplate, { idList }, quiet),
  setDefault: (input: CallInput<typeof PrintTemplateCalls.setDefault>) => callApi(PrintTemplateCalls.setDefault, input, quiet),
};

/** What a print-log search sends. */
export type PrintLogFilter = CallInput<typeof PrintCalls.searchPrintLog>;

export const printApi = {
  /** The labels of one chunk of a batch print: voList, and isError when an order was refused. */
  prepare: (input: CallInput<typeof PrintCalls.getPrintInfo>) => callApi(PrintCalls.getPrintInfo, input, quiet),
  /** Delivery slips of one chunk (the system A5 slip unless a slip template is given). */
  printSend: (input: CallInput<typeof PrintCalls.printSendSoH>) => callApi(PrintCalls.printSendSoH, input, quiet),
  searchLog: (input: PrintLogFilter) => callApi(PrintCalls.searchPrintLog, input, quiet),
};
