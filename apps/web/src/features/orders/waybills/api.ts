// The only place that names the waybill paths (spec 02 §7.13: myhome/etrackaccount,
// myhome/lastexpressno; the takeWaybillNo calls of the order page; the sandbox carrier's console).
import type {
  LastExpressNoRow,
  OrderBatchResult,
  PageResult,
  UpdateLastExpressNoInput,
  WaybillAccountRow,
  WaybillAccountSave,
  WaybillAccountSearch,
  WaybillAccountUpdate,
  WaybillShareCreate,
  WaybillShareList,
  WaybillShareLogRow,
  WaybillShareNumberUpdate,
  WaybillShareRow,
} from '@openseller/core';
import { SandboxCarrierConsoleCalls, type CallInput } from '@openseller/core';
import { callApi, request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const A = '/myhome/etrackaccount';
const L = '/myhome/lastexpressno';

export const waybillAccountsApi = {
  search: (input: Partial<WaybillAccountSearch>) => request<PageResult<WaybillAccountRow>>(`${A}/search`, input, quiet),
  create: (input: Partial<WaybillAccountSave>) => request<WaybillAccountRow>(`${A}/create`, input, quiet),
  update: (input: Partial<WaybillAccountUpdate>) => request<WaybillAccountRow>(`${A}/update`, input, quiet),
  remove: (idList: number[]) => request<{ removed: number }>(`${A}/delete`, { idList }, quiet),
};

const S = `${A}/share`;
export const waybillSharesApi = {
  list: () => request<WaybillShareList>(`${S}/list`, {}, quiet),
  create: (input: WaybillShareCreate) => request<WaybillShareRow>(`${S}/create`, input, quiet),
  updateNumber: (input: WaybillShareNumberUpdate) => request<WaybillShareRow>(`${S}/updateShareNumber`, input, quiet),
  start: (id: number) => request<WaybillShareRow>(`${S}/start`, { id }, quiet),
  stop: (id: number) => request<WaybillShareRow>(`${S}/stop`, { id }, quiet),
  remove: (id: number) => request<{ removed: number }>(`${S}/delete`, { id }, quiet),
  log: (shareId: number, currentPage: number, pageSize: number) => request<PageResult<WaybillShareLogRow>>(`${S}/log`, { shareId, currentPage, pageSize }, quiet),
};

export const waybillNumbersApi = {
  take: (idList: number[]) => request<OrderBatchResult>('/myhome/erpsoh/takeWaybillNo', { idList }, quiet),
  takePaper: (idList: number[]) => request<OrderBatchResult>('/myhome/erpsoh/takePaperWaybillNo', { idList }, quiet),
  lastNo: (expressCompanyCode: string) => request<LastExpressNoRow>(`${L}/getLastNoByExpress`, { expressCompanyCode }, quiet),
  updateLastNo: (input: UpdateLastExpressNoInput) => request<LastExpressNoRow>(`${L}/updateLastNo`, input, quiet),
};

export const sandboxCarrierApi = {
  view: () => callApi(SandboxCarrierConsoleCalls.view, undefined, quiet),
  settings: (input: CallInput<typeof SandboxCarrierConsoleCalls.settings>) => callApi(SandboxCarrierConsoleCalls.settings, input, quiet),
  failNext: (count: number) => callApi(SandboxCarrierConsoleCalls.failNext, { count }, quiet),
};
