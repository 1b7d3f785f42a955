// The only place that names the order-import server paths (spec 02 §7.10 createFromXls, §7.13 sohTemplate).
import type {
  OrderImportFieldMap,
  OrderImportProgress,
  OrderImportTemplateCreate,
  OrderImportTemplateDetail,
  OrderImportTemplateSearch,
  OrderImportTemplateUpdate,
  OrderImportTemplateVo,
  PageResult,
} from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';
import type { ImportTask } from '../../../ui/import-modal';

const T = '/myhome/sohTemplate';
const quiet: RequestOptions = { quiet: true };
export const ORDER_IMPORT_KIND = 'erp-order';

export const orderImportApi = {
  defaultFields: () => request<OrderImportFieldMap[]>(`${T}/getDefaultFields`, {}),
  searchTemplates: (input: OrderImportTemplateSearch) => request<PageResult<OrderImportTemplateVo>>(`${T}/searchPageList`, input),
  getTemplate: (id: number) => request<OrderImportTemplateDetail>(`${T}/getFieldMapsByTemplateId`, { id }),
  createTemplate: (input: OrderImportTemplateCreate) => request<OrderImportTemplateVo>(`${T}/createImportTemplate`, input, quiet),
  updateTemplate: (input: OrderImportTemplateUpdate) => request<OrderImportTemplateVo>(`${T}/updateImportTemplate`, input, quiet),
  removeTemplate: (id: number) => request<null>(`${T}/removeImportTemplate`, { id }),
  /** Multipart: uploadExcel, templateId and storeId. */
  start: (file: File, templateId: number | undefined, storeId: number | undefined) => {
    const form = new FormData();
    form.append('uploadExcel', file, file.name);
    if (templateId) form.append('templateId', String(templateId));
    if (storeId) form.append('storeId', String(storeId));
    return request<ImportTask>('/myhome/taobaoSoh/createFromXls', form, quiet);
  },
  progress: (id: number) => request<OrderImportProgress>('/myhome/taobaoSoh/queryImportProgress', { id }, quiet),
};
