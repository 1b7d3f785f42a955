// The waybill calls (spec 02 §7.13) from the route catalogue (api/print.ts): accounts
// myhome/etrackaccount, their shares myhome/etrackaccountshare, numbers for orders
// myhome/print/eTrackGetNoAndPrint and paperyPrint, paper counters myhome/lastexpressno; and the
// sandbox carrier's console (api/config.ts SandboxCarrierConsoleCalls).
import { SandboxCarrierConsoleCalls, WaybillAccountCalls, WaybillNumberCalls, WaybillShareCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

/** What an account search sends. */
export type WaybillAccountFilter = CallInput<typeof WaybillAccountCalls.list>;

export const waybillAccountsApi = {
  search: (input: WaybillAccountFilter) => callApi(WaybillAccountCalls.list, input, quiet),
  create: (input: CallInput<typeof WaybillAccountCalls.create>) => callApi(WaybillAccountCalls.create, input, quiet),
  update: (input: CallInput<typeof WaybillAccountCalls.update>) => callApi(WaybillAccountCalls.update, input, quiet),
  remove: (idList: number[]) => callApi(WaybillAccountCalls.delete, { idList }, quiet),
};

export const waybillSharesApi = {
  list: () => callApi(WaybillShareCalls.search, undefined, quiet),
  create: (input: CallInput<typeof WaybillShareCalls.save>) => callApi(WaybillShareCalls.save, input, quiet),
  updateNumber: (input: CallInput<typeof WaybillShareCalls.updateShareNumber>) => callApi(WaybillShareCalls.updateShareNumber, input, quiet),
  start: (id: number) => callApi(WaybillShareCalls.start, { id }, quiet),
  stop: (id: number) => callApi(WaybillShareCalls.stop, { id }, quiet),
  remove: (id: number) => callApi(WaybillShareCalls.delete, { id }, quiet),
  log: (shareId: number, currentPage: number, pageSize: number) => callApi(WaybillShareCalls.searchPrintLog, { shareId, currentPage, pageSize }, quiet),
};

export const waybillNumbersApi = {
  take: (idList: number[]) => callApi(WaybillNumberCalls.eTrackGetNoAndPrint, { idList }, quiet),
  takePaper: (idList: number[]) => callApi(WaybillNumberCalls.paperyPrint, { idList }, quiet),
  lastNo: (expressCompanyCode: string) => callApi(WaybillNumberCalls.getLastNoByExpress, { expressCompanyCode }, quiet),
  updateLastNo: (input: CallInput<typeof WaybillNumberCalls.updateLastNo>) => callApi(WaybillNumberCalls.updateLastNo, input, quiet),
};

export const sandboxCarrierApi = {
  view: () => callApi(SandboxCarrierConsoleCalls.view, undefined, quiet),
  settings: (input: CallInput<typeof SandboxCarrierConsoleCalls.settings>) => callApi(SandboxCarrierConsoleCalls.settings, input, quiet),
  failNext: (count: number) => callApi(SandboxCarrierConsoleCalls.failNext, { count }, quiet),
};
