// The printing calls (spec 02 §7.13, §7.14): myhome/template, myhome/print, myhome/printLog, from
// the route catalogue (api/print.ts).
import { PrintTemplateCalls, type CallInput, type PageResult, type PrintLogRow, type PrintLogSearch, type PrintPrepareInput, type PrintPrepareResult } from '@openseller/core';
import { callApi, request, type RequestOptions } from '../../../app/request';

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

export const printApi = {
  prepare: (input: PrintPrepareInput) => request<PrintPrepareResult>('/myhome/print/prepare', input, quiet),
  searchLog: (input: Partial<PrintLogSearch>) => request<PageResult<PrintLogRow>>('/myhome/printLog/searchPageList', input, quiet),
};
