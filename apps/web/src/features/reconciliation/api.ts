// The platform reconciliation calls (spec 03-calls §7.12 reconciliation search, alipay bill search,
// calculatedSum, and the chosen paths of the server's reconciliation README). Calls are quiet: the
// pages word refusals themselves.
import { BillSummaryCalls, PlatformBillCalls, ReconciliationCalls, type CallInput } from '@openseller/core';
import { callApi, callForm, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export type ReconciliationFilter = CallInput<typeof ReconciliationCalls.search>;
export type BillLineFilter = CallInput<typeof PlatformBillCalls.search>;
export type BillSummaryFilter = CallInput<typeof BillSummaryCalls.calculatedSum>;

export const reconciliationApi = {
  search: (input: ReconciliationFilter) => callApi(ReconciliationCalls.search, input, quiet),
  reconcile: (storeId: number | null) => callApi(ReconciliationCalls.reconcile, { storeId }, quiet),
  manualSuccess: (input: CallInput<typeof ReconciliationCalls.manualSuccess>) => callApi(ReconciliationCalls.manualSuccess, input, quiet),
  cancelManual: (input: CallInput<typeof ReconciliationCalls.cancelManual>) => callApi(ReconciliationCalls.cancelManual, input, quiet),
};

export const platformBillApi = {
  search: (input: BillLineFilter) => callApi(PlatformBillCalls.search, input, quiet),
  pull: (input: CallInput<typeof PlatformBillCalls.pull>) => callApi(PlatformBillCalls.pull, input, quiet),
  record: (ids: number[]) => callApi(PlatformBillCalls.record, { ids }, quiet),
  /** Answers the queued task at once; importTask follows it. */
  importBill: (storeId: number, file: File, loadMissingOrders: boolean) => {
    const form = new FormData();
    form.append('storeId', String(storeId));
    form.append('loadMissingOrders', String(loadMissingOrders));
    form.append('file', file);
    return callForm(PlatformBillCalls.importBill, form, quiet);
  },
  importTask: (importId: number) => callApi(PlatformBillCalls.importTask, { importId }, quiet),
};

export const billSummaryApi = {
  calculatedSum: (input: BillSummaryFilter) => callApi(BillSummaryCalls.calculatedSum, input, quiet),
};
