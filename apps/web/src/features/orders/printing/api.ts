// The only place naming the printing paths (spec 02 §7.13, §7.14): myhome/template, myhome/print,
// myhome/printLog.
import type { PageResult, PrintLogRow, PrintLogSearch, PrintPrepareInput, PrintPrepareResult, PrintTemplateRow, PrintTemplateSave, PrintTemplateSearch, PrintTemplateUpdate } from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const T = '/myhome/template';

export const printTemplatesApi = {
  search: (input: Partial<PrintTemplateSearch>) => request<PageResult<PrintTemplateRow>>(`${T}/search`, input, quiet),
  get: (id: number) => request<PrintTemplateRow>(`${T}/get`, { id }, quiet),
  create: (input: Partial<PrintTemplateSave>) => request<PrintTemplateRow>(`${T}/create`, input, quiet),
  update: (input: Partial<PrintTemplateUpdate>) => request<PrintTemplateRow>(`${T}/update`, input, quiet),
  remove: (idList: number[]) => request<{ removed: number }>(`${T}/delete`, { idList }, quiet),
  setDefault: (input: { id: number; expressCompanyCode: string }) => request<PrintTemplateRow>(`${T}/setDefault`, input, quiet),
};

export const printApi = {
  prepare: (input: PrintPrepareInput) => request<PrintPrepareResult>('/myhome/print/prepare', input, quiet),
  searchLog: (input: Partial<PrintLogSearch>) => request<PageResult<PrintLogRow>>('/myhome/printLog/searchPageList', input, quiet),
};
