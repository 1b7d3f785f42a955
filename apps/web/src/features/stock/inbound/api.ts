// The only place that names the inbound part's server paths (spec 02 §7.9): purchase ASN commands,
// the notice search, /myhome/asnHeader commands, and the sandbox warehouse system's console.
// Calls are quiet: the pages word refusals themselves and put field problems by their field.
import type {
  AsnCreateInput,
  AsnRow,
  AsnSearchInput,
  AsnStatusOption,
  AsnView,
  PageResult,
  SandboxWmsForcedFailure,
  SandboxWmsSettingsInput,
  SandboxWmsView,
  ThirdPartyStatus,
  WarehouseOption,
  WarehousePollSummary,
} from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const PURCHASE_ASN = '/cloud/purchase/purchaseAsn';
const ASN = '/cloud/purchase/asn';
const HEADER = '/myhome/asnHeader';
const SANDBOX = '/cloud/wms/sandbox';

/** The notice form's values as sent (the server fills defaults). */
export type AsnFormValues = Omit<AsnCreateInput, 'asnType'> & { asnType: AsnCreateInput['asnType'] };

export interface ReceiptLineValues {
  asnDetailId: number;
  locationId?: number | null;
  qty: number;
}

export const inboundApi = {
  search: (input: Partial<Omit<AsnSearchInput, 'codeKeywords'>> & { codeKeywords?: string }) => request<PageResult<AsnRow>>(`${ASN}/searchPageList`, input, quiet),
  get: (id: number) => request<AsnView>(`${ASN}/getById`, { id }, quiet),
  supplierOptions: () => request<{ id: number; code: string; name: string }[]>(`${ASN}/supplierOptions`, {}, quiet),
  statusList: () => request<AsnStatusOption[]>(`${HEADER}/getStatusList`, {}, quiet),

  create: (input: AsnFormValues) => request<AsnView>(`${PURCHASE_ASN}/create`, input, quiet),
  edit: (input: AsnFormValues & { id: number; version: number }) => request<AsnView>(`${PURCHASE_ASN}/edit`, input, quiet),
  createAndReceipt: (input: AsnFormValues) => request<AsnView>(`${PURCHASE_ASN}/createAndReceipt`, input, quiet),
  receipt: (input: { id: number; version: number; lines: ReceiptLineValues[]; remark?: string | null }) => request<AsnView>(`${PURCHASE_ASN}/receipt`, input, quiet),

  cancel: (input: { id: number; version: number }) => request<AsnView>(`${HEADER}/cancel`, input, quiet),
  forceCancel: (input: { id: number; version: number; reason: string }) => request<AsnView>(`${HEADER}/forceCancel`, input, quiet),
  remove: (idList: number[]) => request<{ deleted: number }>(`${HEADER}/delete`, { idList }, quiet),
  sync: (idList: number[]) => request<{ requested: number }>(`${HEADER}/sync`, { idList }, quiet),
  fetchResults: (id: number) => request<WarehousePollSummary>(`${HEADER}/fetchResults`, { id }, quiet),
};

export const sandboxWmsApi = {
  warehouses: () => request<WarehouseOption[]>(`${SANDBOX}/warehouses`, {}, quiet),
  view: (warehouseId: number) => request<SandboxWmsView>(`${SANDBOX}/view`, { warehouseId }, quiet),
  settings: (input: SandboxWmsSettingsInput) => request<null>(`${SANDBOX}/settings`, input, quiet),
  failNext: (warehouseId: number, failures: SandboxWmsForcedFailure[]) => request<null>(`${SANDBOX}/failNext`, { warehouseId, failures }, quiet),
  fulfil: (input: { warehouseId: number; documentId: number; lines?: { lineId: number; qty: number }[] | null; expressCompanyCode?: string; expressNo?: string }) =>
    request<{ resultId: string; status: ThirdPartyStatus }>(`${SANDBOX}/fulfil`, input, quiet),
  confirmCancel: (warehouseId: number, documentId: number) => request<{ resultId: string; status: ThirdPartyStatus }>(`${SANDBOX}/confirmCancel`, { warehouseId, documentId }, quiet),
  fetchResults: (whId: number) => request<WarehousePollSummary>('/cloud/wms/fetchResults', { whId }, quiet),
};
