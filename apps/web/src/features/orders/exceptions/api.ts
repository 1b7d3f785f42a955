// The calls of tab 5's exception actions (spec 02 §7.10): rematch, and the sync failures, from the
// route catalogue (OrderExceptionCalls). Calls are quiet: the exception bar words failures itself.
import { OrderExceptionCalls as C, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const orderExceptionsApi = {
  rematch: (input: CallInput<typeof C.rematch>) => callApi(C.rematch, input, quiet),
  syncFailCount: () => callApi(C.getSyncFailCount, undefined, quiet),
  searchSyncFails: (input: CallInput<typeof C.searchSyncFailPageList>) => callApi(C.searchSyncFailPageList, input, quiet),
  reSync: (idList: number[]) => callApi(C.reSync4SyncFail, { idList }, quiet),
  closeAlert: (idList: number[]) => callApi(C.closeSyncFailAlert, { idList }, quiet),
};
