// The only place that names the stock sync server paths.
import type {
  PageResult,
  StockSyncAutoInput,
  StockSyncFailuresInput,
  StockSyncLogSearchInput,
  StockSyncManualInput,
  StockSyncPreviewInput,
  StockSyncPreviewRow,
  StockSyncRecordRow,
  StockSyncRequestResult,
  StockSyncRetryInput,
  StockSyncRuleCreateInput,
  StockSyncRuleDeleteInput,
  StockSyncRuleRow,
  StockSyncRuleUpdateInput,
  StockSyncStoreRow,
} from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const B = '/myhome/bizinventory';
const quiet: RequestOptions = { quiet: true };

export const stockSyncApi = {
  stores: () => request<StockSyncStoreRow[]>(`${B}/syncStores`, {}),
  createRule: (input: StockSyncRuleCreateInput) => request<StockSyncRuleRow>(`${B}/syncRule/create`, input, quiet),
  updateRule: (input: StockSyncRuleUpdateInput) => request<StockSyncRuleRow>(`${B}/syncRule/update`, input, quiet),
  deleteRule: (input: StockSyncRuleDeleteInput) => request<void>(`${B}/syncRule/delete`, input),
  autoSync: (input: StockSyncAutoInput) => request<StockSyncStoreRow>(`${B}/autoSync`, input),
  preview: (input: StockSyncPreviewInput) => request<PageResult<StockSyncPreviewRow>>(`${B}/syncPreview`, input),
  manualSync: (input: StockSyncManualInput) => request<StockSyncRequestResult>(`${B}/manualSync`, input),
  failures: (input: StockSyncFailuresInput) => request<PageResult<StockSyncRecordRow>>(`${B}/syncFailures`, input),
  retry: (input: StockSyncRetryInput) => request<StockSyncRequestResult>(`${B}/retrySync`, input),
  log: (input: Partial<StockSyncLogSearchInput>) => request<PageResult<StockSyncRecordRow>>('/myhome/bizInvSynLog/searchPageList', input),
};
