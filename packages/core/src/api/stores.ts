// The stores' calls (spec 02 §7.7: /cloud/domain/store), in a module of their own: the signed-in
// shell's store-expiry notice needs only these, not the other configuration areas' calls and
// contracts (api/config.ts), which were ~7 KB of brotli JavaScript on every first load.
import { z } from 'zod';
import {
  AuthorizationCallbackInput,
  AuthorizationResult,
  AuthorizationStart,
  CheckUsableStoreInput,
  ConfigStoreSyncDataInput,
  EnableStoreInput,
  ExpiringStoreRow,
  OfflineStoreBatchInput,
  PlatformListInput,
  PlatformRow,
  StoreCreateInput,
  StoreDeleteInput,
  StoreIdInput,
  StoreListInput,
  StoreModifyInput,
  StoreOption,
  StoreRow,
  StoreSearchInput,
  StoreUsability,
  StoreVersionInput,
  SyncRunRow,
  SyncRunSearchInput,
  UpdateStoreConfigInput,
} from '../contracts/stores.js';
import { NoAnswer, pageOf, post } from './define.js';

export const STORE_MENU = 'MENU_STORE';
const STORE_MANAGE = { menu: STORE_MENU } as const;
const ST = '/cloud/domain/store';

export const StoreCalls = {
  search: post(`${ST}/search`, STORE_MANAGE, StoreSearchInput, pageOf(StoreRow)),
  /** Store pickers of other areas' filters: any signed-in account of the domain. */
  findAllStore: post(`${ST}/findAllStore`, 'session', undefined, z.array(StoreOption)),
  searchStoreList: post(`${ST}/searchStoreList`, 'session', StoreListInput, z.array(StoreOption)),
  searchAllOnline: post(`${ST}/searchAllOnline`, STORE_MANAGE, undefined, z.array(StoreOption)),
  searchAllOnlineWithOutEdi: post(`${ST}/searchAllOnlineWithOutEdi`, STORE_MANAGE, undefined, z.array(StoreOption)),
  getAllPlatform: post(`${ST}/getAllPlatform`, 'session', PlatformListInput, z.array(PlatformRow)),
  getStore: post(`${ST}/getStore`, STORE_MANAGE, StoreIdInput, StoreRow),
  createStore: post(`${ST}/createStore`, STORE_MANAGE, StoreCreateInput, StoreRow),
  batchCreateOfflineStore: post(`${ST}/batchCreateOfflineStore`, STORE_MANAGE, OfflineStoreBatchInput, z.array(StoreRow)),
  modifyStore: post(`${ST}/modifyStore`, STORE_MANAGE, StoreModifyInput, StoreRow),
  delStore: post(`${ST}/delStore`, STORE_MANAGE, StoreDeleteInput, NoAnswer),
  enableStore4Offline: post(`${ST}/enableStore4Offline`, STORE_MANAGE, EnableStoreInput, StoreRow),
  updateStoreConfig: post(`${ST}/updateStoreConfig`, STORE_MANAGE, UpdateStoreConfigInput, StoreRow),
  configStoreSyncData: post(`${ST}/configStoreSyncData`, STORE_MANAGE, ConfigStoreSyncDataInput, StoreRow),
  revealSecret: post(`${ST}/revealSecret`, STORE_MANAGE, StoreIdInput, z.object({ secretKey: z.string() })),
  regenerateSecret: post(`${ST}/regenerateSecret`, STORE_MANAGE, StoreVersionInput, z.object({ secretKey: z.string(), maskedSecret: z.string(), version: z.number() })),
  getExpiringStore: post(`${ST}/getExpiringStore`, STORE_MANAGE, undefined, z.array(ExpiringStoreRow)),
  getExpiringStoreCount: post(`${ST}/getExpiringStoreCount`, STORE_MANAGE, undefined, z.number().int()),
  checkHasStore: post(`${ST}/checkHasStore`, STORE_MANAGE, undefined, z.boolean()),
  /** The spec passes storeId in the query string. */
  checkUsableStore: post(`${ST}/checkUsableStore`, STORE_MANAGE, CheckUsableStoreInput, StoreUsability, { inputFrom: 'query' }),
  getAuthorizationUrl: post(`${ST}/getAuthorizationUrl`, STORE_MANAGE, StoreIdInput, AuthorizationStart),
  /** Public: the seller may come back from the marketplace in any tab; the state is the key. */
  authorizationCallback: post(`${ST}/authorizationCallback`, 'public', AuthorizationCallbackInput, AuthorizationResult),
  refreshAuthorization: post(`${ST}/refreshAuthorization`, STORE_MANAGE, StoreIdInput, StoreRow),
  syncOnlineGoods: post(`${ST}/syncOnlineGoods`, STORE_MANAGE, StoreIdInput, SyncRunRow),
  searchSyncRuns: post(`${ST}/searchSyncRuns`, STORE_MANAGE, SyncRunSearchInput, pageOf(SyncRunRow)),
};

