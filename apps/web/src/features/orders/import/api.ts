// The order-import calls (spec 02 §7.10 createFromXls, §7.13 sohTemplate), from the route catalogue
// (OrderImportCalls).
import { OrderImportCalls as C, type CallInput } from '@openseller/core';
import { callApi, callForm, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
export const ORDER_IMPORT_KIND = 'erp-order';

export const orderImportApi = {
  defaultFields: () => callApi(C.getDefaultFields),
  searchTemplates: (input: CallInput<typeof C.searchPageList>) => callApi(C.searchPageList, input),
  getTemplate: (id: number) => callApi(C.getFieldMapsByTemplateId, { id }),
  createTemplate: (input: CallInput<typeof C.createImportTemplate>) => callApi(C.createImportTemplate, input, quiet),
  updateTemplate: (input: CallInput<typeof C.updateImportTemplate>) => callApi(C.updateImportTemplate, input, quiet),
  removeTemplate: (id: number) => callApi(C.removeImportTemplate, { id }),
  /** Multipart (the catalogue's multipart call): uploadExcel, templateId and storeId. */
  start: (file: File, templateId: number | undefined, storeId: number | undefined) => {
    const form = new FormData();
    form.append('uploadExcel', file, file.name);
    if (templateId) form.append('templateId', String(templateId));
    if (storeId) form.append('storeId', String(storeId));
    return callForm(C.createFromXls, form, quiet);
  },
  progress: (id: number) => callApi(C.queryImportProgress, { id }, quiet),
};
