// The only place that names the order-ingest server paths.
import type {
  DryRunInput,
  DryRunResult,
  ManualOrderInput,
  ManualOrderResult,
  OrderSyncRunRow,
  OrderSyncRunSearchInput,
  PageResult,
  PlatformSyncRow,
  PlatformSyncSearchInput,
} from '@openseller/core';
import { SyncSoMsgCalls } from '@openseller/core';
import { callApi, request, type RequestOptions } from '../../../app/request';

const SO = '/myhome/platformSo';
const quiet: RequestOptions = { quiet: true };

export const orderIngestApi = {
  createByHand: (input: ManualOrderInput) => request<ManualOrderResult>('/myhome/taobaoSoh/createTaobaoSoByHand', input, quiet),
  dryRun: (input: DryRunInput) => request<DryRunResult>('/myhome/erpsoh/dryRunPipeline', input),
  dryRunByHand: (input: ManualOrderInput) => request<DryRunResult>('/myhome/taobaoSoh/dryRunSoByHand', input, quiet),
  syncStoreOrders: (storeId: number) => request<OrderSyncRunRow>(`${SO}/syncStoreOrders`, { storeId }),
  /** The order-sync log at the spec's syncSoMsg path (route catalogue). */
  searchSyncRuns: (input: OrderSyncRunSearchInput) => callApi(SyncSoMsgCalls.searchPageList, input),
  searchSyncRecords: (input: PlatformSyncSearchInput) => request<PageResult<PlatformSyncRow>>(`${SO}/searchTaobaoSyncPageList`, input),
  closeErrors: (idList: number[]) => request<{ closed: number }>(`${SO}/closePlatformsohError`, { idList }),
  errorCount: () => request<number>(`${SO}/getTaobaoSyncCount`, {}),
};
