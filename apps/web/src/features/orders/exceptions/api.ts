// The calls of tab 5's exception actions (spec 02 §7.10): rematch, and the sync failures.
// Calls are quiet: the exception bar words failures itself.
import type { OrderBatchResult, PageResult, RematchOrdersInput, SyncFailRow, SyncFailSearchInput } from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const P = '/myhome/erpsoh';
const quiet: RequestOptions = { quiet: true };

export const orderExceptionsApi = {
  rematch: (input: RematchOrdersInput) => request<OrderBatchResult>(`${P}/rematch`, input, quiet),
  syncFailCount: () => request<number>(`${P}/getSyncFailCount`, {}, quiet),
  searchSyncFails: (input: SyncFailSearchInput) => request<PageResult<SyncFailRow>>(`${P}/searchSyncFailPageList`, input, quiet),
  reSync: (idList: number[]) => request<OrderBatchResult>(`${P}/reSync4SyncFail`, { idList }, quiet),
  closeAlert: (idList: number[]) => request<{ closed: number }>(`${P}/closeSyncFailAlert`, { idList }, quiet),
};
