// The order-ingest calls, from the route catalogue (OrderIngestCalls).
import { OrderIngestCalls as C, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const orderIngestApi = {
  createByHand: (input: CallInput<typeof C.createByHand>) => callApi(C.createByHand, input, quiet),
  dryRun: (input: CallInput<typeof C.dryRun>) => callApi(C.dryRun, input),
  dryRunByHand: (input: CallInput<typeof C.dryRunManual>) => callApi(C.dryRunManual, input, quiet),
  syncStoreOrders: (storeId: number) => callApi(C.syncStoreOrders, { storeId }),
  searchSyncRuns: (input: CallInput<typeof C.searchSyncRuns>) => callApi(C.searchSyncRuns, input),
  searchSyncRecords: (input: CallInput<typeof C.searchPlatformOrders>) => callApi(C.searchPlatformOrders, input),
  closeErrors: (idList: number[]) => callApi(C.closeErrors, { idList }),
  errorCount: () => callApi(C.countErrors),
};
