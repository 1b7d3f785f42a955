// The stores area's calls (spec 02 §7.7: /cloud/domain/store) and the sandbox marketplace's
// console (/cloud/sandbox/console), from the route catalogue (StoreCalls,
// SandboxMarketplaceConsoleCalls).
import { SandboxMarketplaceConsoleCalls as C, StoreCalls as S, type CallAnswer, type CallInput, type SandboxForcedFailure, type SandboxRefundType } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export type SandboxRefundRow = CallAnswer<typeof C.refunds>['voList'][number];

type Page = { currentPage?: number; pageSize?: number };

export const storesApi = {
  platforms: (includeSelfBuild = false) => callApi(S.getAllPlatform, { includeSelfBuild }),
  search: (input: CallInput<typeof S.search>) => callApi(S.search, input),
  findAll: () => callApi(S.findAllStore),
  searchStoreList: (input: CallInput<typeof S.searchStoreList>) => callApi(S.searchStoreList, input),
  get: (id: number) => callApi(S.getStore, { id }),
  create: (input: CallInput<typeof S.createStore>) => callApi(S.createStore, input, quiet),
  createOfflineBatch: (input: CallInput<typeof S.batchCreateOfflineStore>) => callApi(S.batchCreateOfflineStore, input, quiet),
  modify: (input: CallInput<typeof S.modifyStore>) => callApi(S.modifyStore, input, quiet),
  remove: (id: number, version: number) => callApi(S.delStore, { id, version }, quiet),
  enable: (id: number, version: number, usable: boolean) => callApi(S.enableStore4Offline, { id, version, usable }),
  updateConfig: (input: CallInput<typeof S.updateStoreConfig>) => callApi(S.updateStoreConfig, input, quiet),
  configSync: (input: CallInput<typeof S.configStoreSyncData>) => callApi(S.configStoreSyncData, input, quiet),
  revealSecret: (id: number) => callApi(S.revealSecret, { id }),
  regenerateSecret: (id: number, version: number) => callApi(S.regenerateSecret, { id, version }),
  expiring: () => callApi(S.getExpiringStore),
  checkUsable: (storeId: number) => callApi(S.checkUsableStore, { storeId }),
  authorizationUrl: (id: number) => callApi(S.getAuthorizationUrl, { id }),
  authorizationCallback: (input: CallInput<typeof S.authorizationCallback>) => callApi(S.authorizationCallback, input, quiet),
  refreshAuthorization: (id: number) => callApi(S.refreshAuthorization, { id }),
  syncOnlineGoods: (id: number) => callApi(S.syncOnlineGoods, { id }),
  syncRuns: (storeId: number, page: Page = {}) => callApi(S.searchSyncRuns, { storeId, ...page }),

  sandbox: {
    get: (storeId: number) => callApi(C.get, { storeId }),
    updateSettings: (input: CallInput<typeof C.updateSettings>) => callApi(C.updateSettings, input, quiet),
    forceFailures: (storeId: number, failures: SandboxForcedFailure[]) => callApi(C.forceFailures, { storeId, failures }),
    clearFailures: (storeId: number) => callApi(C.clearFailures, { storeId }),
    expireToken: (storeId: number) => callApi(C.expireToken, { storeId }),
    revokeTokens: (storeId: number) => callApi(C.revokeTokens, { storeId }),
    items: (storeId: number, page: Page = {}) => callApi(C.items, { storeId, ...page }),
    saveItem: (input: CallInput<typeof C.saveItem>) => callApi(C.saveItem, input, quiet),
    deleteItem: (storeId: number, itemId: string) => callApi(C.deleteItem, { storeId, itemId }),
    orders: (storeId: number, page: Page = {}) => callApi(C.orders, { storeId, ...page }),
    generateOrders: (storeId: number, count: number) => callApi(C.generateOrders, { storeId, count }),
    closeOrder: (storeId: number, orderNo: string) => callApi(C.closeOrder, { storeId, orderNo }),
    finishOrder: (storeId: number, orderNo: string) => callApi(C.finishOrder, { storeId, orderNo }),
    riskControlOrder: (storeId: number, orderNo: string) => callApi(C.riskControlOrder, { storeId, orderNo }),
    releaseRiskControl: (storeId: number, orderNo: string) => callApi(C.releaseRiskControl, { storeId, orderNo }),
    createRefund: (storeId: number, orderNo: string, type: SandboxRefundType = 'REFUND_ONLY') => callApi(C.createRefund, { storeId, orderNo, type }),
    returnGoods: (storeId: number, refundId: string, expressNo: string) => callApi(C.returnGoods, { storeId, refundId, expressNo }),
    cancelRefund: (storeId: number, refundId: string) => callApi(C.cancelRefund, { storeId, refundId }),
    refunds: (storeId: number, page: Page = {}) => callApi(C.refunds, { storeId, ...page }),
    calls: (input: CallInput<typeof C.calls>) => callApi(C.calls, input),
  },
};
