// The stock sync calls (/myhome/bizinventory sync calls, /myhome/bizInvSynLog), from the route
// catalogue.
import { StockSyncCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const stockSyncApi = {
  stores: () => callApi(StockSyncCalls.stores),
  createRule: (input: CallInput<typeof StockSyncCalls.createRule>) => callApi(StockSyncCalls.createRule, input, quiet),
  updateRule: (input: CallInput<typeof StockSyncCalls.updateRule>) => callApi(StockSyncCalls.updateRule, input, quiet),
  deleteRule: (input: CallInput<typeof StockSyncCalls.deleteRule>) => callApi(StockSyncCalls.deleteRule, input),
  autoSync: (input: CallInput<typeof StockSyncCalls.autoSync>) => callApi(StockSyncCalls.autoSync, input),
  preview: (input: CallInput<typeof StockSyncCalls.preview>) => callApi(StockSyncCalls.preview, input),
  manualSync: (input: CallInput<typeof StockSyncCalls.manualSync>) => callApi(StockSyncCalls.manualSync, input),
  failures: (input: CallInput<typeof StockSyncCalls.failures>) => callApi(StockSyncCalls.failures, input),
  retry: (input: CallInput<typeof StockSyncCalls.retry>) => callApi(StockSyncCalls.retry, input),
  log: (input: CallInput<typeof StockSyncCalls.log>) => callApi(StockSyncCalls.log, input),
};
