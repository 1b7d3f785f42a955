// The only place that names the stores area's server paths.
import type {
  AuthorizationResult,
  AuthorizationStart,
  ConfigStoreSyncDataInput,
  ExpiringStoreRow,
  OfflineStoreBatchInput,
  PageResult,
  PlatformRow,
  SandboxCallRow,
  SandboxCallSearchInput,
  SandboxForcedFailure,
  SandboxItemInput,
  SandboxItemRow,
  SandboxOrderRow,
  SandboxSettingsInput,
  SandboxShopView,
  StoreCreateInput,
  StoreListInput,
  StoreModifyInput,
  StoreOption,
  StoreRow,
  StoreSearchInput,
  StoreUsability,
  SyncRunRow,
  UpdateStoreConfigInput,
} from '@openseller/core';
import { request, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };
const S = '/cloud/domain/store';
const C = '/cloud/sandbox/console';

export interface SandboxRefundRow {
  refundId: string;
  orderNo: string;
  status: string;
  reason: string | null;
  refundFee: string;
  createdAt: string;
  updatedAt: string;
}

type Page = { currentPage?: number; pageSize?: number };

export const storesApi = {
  platforms: (includeSelfBuild = false) => request<PlatformRow[]>(`${S}/getAllPlatform`, { includeSelfBuild }),
  search: (input: Partial<StoreSearchInput>) => request<PageResult<StoreRow>>(`${S}/search`, input),
  findAll: () => request<StoreOption[]>(`${S}/findAllStore`, {}),
  searchStoreList: (input: Partial<StoreListInput>) => request<StoreOption[]>(`${S}/searchStoreList`, input),
  get: (id: number) => request<StoreRow>(`${S}/getStore`, { id }),
  create: (input: Partial<StoreCreateInput>) => request<StoreRow>(`${S}/createStore`, input, quiet),
  createOfflineBatch: (input: Partial<OfflineStoreBatchInput>) => request<StoreRow[]>(`${S}/batchCreateOfflineStore`, input, quiet),
  modify: (input: Partial<StoreModifyInput> & { id: number; version: number }) => request<StoreRow>(`${S}/modifyStore`, input, quiet),
  remove: (id: number, version: number) => request<void>(`${S}/delStore`, { id, version }, quiet),
  enable: (id: number, version: number, usable: boolean) => request<StoreRow>(`${S}/enableStore4Offline`, { id, version, usable }),
  updateConfig: (input: UpdateStoreConfigInput) => request<StoreRow>(`${S}/updateStoreConfig`, input, quiet),
  configSync: (input: ConfigStoreSyncDataInput) => request<StoreRow>(`${S}/configStoreSyncData`, input, quiet),
  revealSecret: (id: number) => request<{ secretKey: string }>(`${S}/revealSecret`, { id }),
  regenerateSecret: (id: number, version: number) => request<{ secretKey: string; maskedSecret: string; version: number }>(`${S}/regenerateSecret`, { id, version }),
  expiring: () => request<ExpiringStoreRow[]>(`${S}/getExpiringStore`, {}),
  expiringCount: () => request<number>(`${S}/getExpiringStoreCount`, {}, quiet),
  checkUsable: (storeId: number) => request<StoreUsability>(`${S}/checkUsableStore?storeId=${storeId}`, {}),
  authorizationUrl: (id: number) => request<AuthorizationStart>(`${S}/getAuthorizationUrl`, { id }),
  authorizationCallback: (input: { code?: string; state: string; error?: string }) => request<AuthorizationResult>(`${S}/authorizationCallback`, input, quiet),
  refreshAuthorization: (id: number) => request<StoreRow>(`${S}/refreshAuthorization`, { id }),
  syncOnlineGoods: (id: number) => request<SyncRunRow>(`${S}/syncOnlineGoods`, { id }),
  syncRuns: (storeId: number, page: Page = {}) => request<PageResult<SyncRunRow>>(`${S}/searchSyncRuns`, { storeId, ...page }),

  sandbox: {
    get: (storeId: number) => request<SandboxShopView>(`${C}/get`, { storeId }),
    updateSettings: (input: SandboxSettingsInput) => request<SandboxShopView>(`${C}/updateSettings`, input, quiet),
    forceFailures: (storeId: number, failures: SandboxForcedFailure[]) => request<SandboxShopView>(`${C}/forceFailures`, { storeId, failures }),
    clearFailures: (storeId: number) => request<SandboxShopView>(`${C}/clearFailures`, { storeId }),
    expireToken: (storeId: number) => request<{ count: number }>(`${C}/expireToken`, { storeId }),
    revokeTokens: (storeId: number) => request<{ count: number }>(`${C}/revokeTokens`, { storeId }),
    items: (storeId: number, page: Page = {}) => request<PageResult<SandboxItemRow>>(`${C}/items`, { storeId, ...page }),
    saveItem: (input: SandboxItemInput) => request<{ itemId: string }>(`${C}/saveItem`, input, quiet),
    deleteItem: (storeId: number, itemId: string) => request<void>(`${C}/deleteItem`, { storeId, itemId }),
    orders: (storeId: number, page: Page = {}) => request<PageResult<SandboxOrderRow>>(`${C}/orders`, { storeId, ...page }),
    generateOrders: (storeId: number, count: number) => request<{ orderNos: string[] }>(`${C}/generateOrders`, { storeId, count }),
    closeOrder: (storeId: number, orderNo: string) => request<void>(`${C}/closeOrder`, { storeId, orderNo }),
    finishOrder: (storeId: number, orderNo: string) => request<void>(`${C}/finishOrder`, { storeId, orderNo }),
    createRefund: (storeId: number, orderNo: string) => request<{ refundId: string }>(`${C}/createRefund`, { storeId, orderNo }),
    refunds: (storeId: number, page: Page = {}) => request<PageResult<SandboxRefundRow>>(`${C}/refunds`, { storeId, ...page }),
    calls: (input: Partial<SandboxCallSearchInput> & { storeId: number }) => request<PageResult<SandboxCallRow>>(`${C}/calls`, input),
  },
};
