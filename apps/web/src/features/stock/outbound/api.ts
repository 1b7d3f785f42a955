// The only place that names the outbound part's server paths (spec 02 §7.9: /myhome/wdoHeader,
// /cloud/core/wdoDetail; the sales-outbound list). Calls are quiet: the pages word refusals
// themselves (outboundErrorMessage) and put field problems by their field.
import type {
  PageResult,
  SalesOutboundRow,
  SalesOutboundSearchInput,
  WdoCancelInput,
  WdoCommandInput,
  WdoCreateInput,
  WdoDeliverInput,
  WdoForceCancelInput,
  WdoRow,
  WdoSearchInput,
  WdoUpdateInput,
  WdoWithDetails,
} from '@openseller/core';
import type { ExportFileRow } from '../../exports/api';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const W = '/myhome/wdoHeader';

export const outboundApi = {
  search: (input: Partial<WdoSearchInput>) => request<PageResult<WdoRow>>(`${W}/search`, input, quiet),
  get: (id: number) => request<WdoWithDetails>(`${W}/get`, { id }, quiet),
  create: (input: WdoCreateInput) => request<WdoWithDetails>(`${W}/create`, input, quiet),
  update: (input: WdoUpdateInput) => request<WdoWithDetails>(`${W}/update`, input, quiet),
  remove: (input: WdoCommandInput) => request<{ deleted: number }>(`${W}/delete`, input, quiet),
  verify: (input: WdoCommandInput) => request<WdoWithDetails>(`${W}/verify`, input, quiet),
  sync: (input: WdoCommandInput) => request<WdoWithDetails>(`${W}/sync`, input, quiet),
  deliver: (input: WdoDeliverInput) => request<WdoWithDetails>(`${W}/updateInventory`, input, quiet),
  cancel: (input: WdoCancelInput) => request<WdoWithDetails>(`${W}/cancel`, input, quiet),
  forceCancel: (input: WdoForceCancelInput) => request<WdoWithDetails>(`${W}/forceCancel`, input, quiet),

  salesOutbound: (input: Partial<SalesOutboundSearchInput>) => request<PageResult<SalesOutboundRow>>('/myhome/salesOutbound/search', input, quiet),
  exportSalesOutbound: (input: Partial<SalesOutboundSearchInput>) => request<ExportFileRow>('/myhome/salesOutbound/export', input, quiet),
};
