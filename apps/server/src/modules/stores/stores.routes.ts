// The spec's paths of the stores area (spec 02 §7.7), the authorization flow, the goods sync and
// the sandbox marketplace's console. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import {
  AuthorizationCallbackInput,
  CheckUsableStoreInput,
  ConfigStoreSyncDataInput,
  EnableStoreInput,
  OfflineStoreBatchInput,
  PlatformListInput,
  SandboxCallSearchInput,
  SandboxForceFailuresInput,
  SandboxGenerateOrdersInput,
  SandboxItemInput,
  SandboxItemRefInput,
  SandboxOrderRefInput,
  SandboxPageInput,
  SandboxRefundInput,
  SandboxSettingsInput,
  SandboxStoreInput,
  StoreCreateInput,
  StoreDeleteInput,
  StoreIdInput,
  StoreListInput,
  StoreModifyInput,
  StoreSearchInput,
  StoreVersionInput,
  SyncRunSearchInput,
  UpdateStoreConfigInput,
} from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { SandboxConsole } from '../../connectors/marketplace/sandbox/sandbox.console.js';
import type { StoreAuthorization } from './stores.authorization.js';
import type { StoresService } from './stores.service.js';
import type { OnlineGoodsSync } from './stores.sync.js';

export const STORE_MENU = 'MENU_STORE';
const MANAGE = { menu: STORE_MENU } as const;
const BASE = '/cloud/domain/store';

export function registerStoresRoutes(
  app: FastifyInstance,
  http: Http,
  deps: { stores: StoresService; authorization: StoreAuthorization; sync: OnlineGoodsSync; sandbox: SandboxConsole },
): void {
  const { stores, authorization, sync, sandbox } = deps;

  // ---- lists --------------------------------------------------------------------------------
  http.route(app, { url: `${BASE}/search`, access: MANAGE, input: StoreSearchInput, handler: (c) => stores.search(c.session, c.input) });
  // Store pickers of other areas' filters: any signed-in account of the domain.
  http.route(app, { url: `${BASE}/findAllStore`, access: 'session', handler: (c) => stores.findAll(c.session) });
  http.route(app, { url: `${BASE}/searchStoreList`, access: 'session', input: StoreListInput, handler: (c) => stores.searchStoreList(c.session, c.input) });
  http.route(app, { url: `${BASE}/searchAllOnline`, access: MANAGE, handler: (c) => stores.searchAllOnline(c.session) });
  http.route(app, { url: `${BASE}/searchAllOnlineWithOutEdi`, access: MANAGE, handler: (c) => stores.searchAllOnlineWithOutEdi(c.session) });
  http.route(app, { url: `${BASE}/getAllPlatform`, access: 'session', input: PlatformListInput, handler: (c) => stores.platforms(c.input.includeSelfBuild) });

  // ---- one store ---------------------------------------------------------------------------
  http.route(app, { url: `${BASE}/getStore`, access: MANAGE, input: StoreIdInput, handler: (c) => stores.getStore(c.session, c.input.id) });
  http.route(app, { url: `${BASE}/createStore`, access: MANAGE, input: StoreCreateInput, handler: (c) => stores.createStore(c.session, c.input) });
  http.route(app, { url: `${BASE}/batchCreateOfflineStore`, access: MANAGE, input: OfflineStoreBatchInput, handler: (c) => stores.createOfflineBatch(c.session, c.input) });
  http.route(app, { url: `${BASE}/modifyStore`, access: MANAGE, input: StoreModifyInput, handler: (c) => stores.modifyStore(c.session, c.input) });
  http.route(app, { url: `${BASE}/delStore`, access: MANAGE, input: StoreDeleteInput, handler: (c) => stores.deleteStore(c.session, c.input) });
  http.route(app, { url: `${BASE}/enableStore4Offline`, access: MANAGE, input: EnableStoreInput, handler: (c) => stores.enableStore(c.session, c.input) });
  http.route(app, { url: `${BASE}/updateStoreConfig`, access: MANAGE, input: UpdateStoreConfigInput, handler: (c) => stores.updateStoreConfig(c.session, c.input) });
  http.route(app, { url: `${BASE}/configStoreSyncData`, access: MANAGE, input: ConfigStoreSyncDataInput, handler: (c) => stores.configStoreSyncData(c.session, c.input) });
  http.route(app, { url: `${BASE}/revealSecret`, access: MANAGE, input: StoreIdInput, handler: (c) => stores.revealSecret(c.session, c.input.id) });
  http.route(app, { url: `${BASE}/regenerateSecret`, access: MANAGE, input: StoreVersionInput, handler: (c) => stores.regenerateSecret(c.session, c.input) });

  // ---- authorization state -----------------------------------------------------------------
  http.route(app, { url: `${BASE}/getExpiringStore`, access: MANAGE, handler: (c) => stores.expiringStores(c.session) });
  http.route(app, { url: `${BASE}/getExpiringStoreCount`, access: MANAGE, handler: (c) => stores.expiringStoreCount(c.session) });
  http.route(app, { url: `${BASE}/checkHasStore`, access: MANAGE, handler: (c) => stores.hasStore(c.session) });
  http.route(app, {
    url: `${BASE}/checkUsableStore`,
    access: MANAGE,
    // The spec passes storeId in the query string.
    inputFrom: 'query',
    input: CheckUsableStoreInput,
    handler: (c) => stores.checkUsable(c.session, c.input.storeId),
  });

  // ---- authorization flow --------------------------------------------------------------------
  http.route(app, {
    url: `${BASE}/getAuthorizationUrl`,
    access: MANAGE,
    input: StoreIdInput,
    handler: (c) => authorization.start(c.session, c.input.id, `${c.request.protocol}://${c.request.host}`),
  });
  // Public: the seller may come back from the marketplace in any tab; the state is the key.
  http.route(app, { url: `${BASE}/authorizationCallback`, access: 'public', input: AuthorizationCallbackInput, handler: (c) => authorization.callback(c.input) });
  http.route(app, { url: `${BASE}/refreshAuthorization`, access: MANAGE, input: StoreIdInput, handler: (c) => authorization.refresh(c.session, c.input.id) });

  // ---- online goods sync ---------------------------------------------------------------------
  http.route(app, { url: `${BASE}/syncOnlineGoods`, access: MANAGE, input: StoreIdInput, handler: (c) => sync.request(c.session, c.input.id) });
  http.route(app, { url: `${BASE}/searchSyncRuns`, access: MANAGE, input: SyncRunSearchInput, handler: (c) => sync.searchRuns(c.session, c.input) });

  // ---- the sandbox marketplace's console ----------------------------------------------------
  const SANDBOX = '/cloud/sandbox/console';
  const sandboxOf = async (session: Parameters<StoresService['sandboxStore']>[0], storeId: number) => (await stores.sandboxStore(session, storeId)).domainId;
  http.route(app, { url: `${SANDBOX}/get`, access: MANAGE, input: SandboxStoreInput, handler: async (c) => sandbox.view(await sandboxOf(c.session, c.input.storeId), c.input.storeId) });
  http.route(app, {
    url: `${SANDBOX}/updateSettings`,
    access: MANAGE,
    input: SandboxSettingsInput,
    handler: async (c) => {
      const domainId = await sandboxOf(c.session, c.input.storeId);
      await sandbox.updateSettings(domainId, c.input);
      return sandbox.view(domainId, c.input.storeId);
    },
  });
  http.route(app, {
    url: `${SANDBOX}/forceFailures`,
    access: MANAGE,
    input: SandboxForceFailuresInput,
    handler: async (c) => {
      const domainId = await sandboxOf(c.session, c.input.storeId);
      await sandbox.forceFailures(domainId, c.input.storeId, c.input.failures);
      return sandbox.view(domainId, c.input.storeId);
    },
  });
  http.route(app, {
    url: `${SANDBOX}/clearFailures`,
    access: MANAGE,
    input: SandboxStoreInput,
    handler: async (c) => {
      const domainId = await sandboxOf(c.session, c.input.storeId);
      await sandbox.clearFailures(domainId, c.input.storeId);
      return sandbox.view(domainId, c.input.storeId);
    },
  });
  http.route(app, {
    url: `${SANDBOX}/expireToken`,
    access: MANAGE,
    input: SandboxStoreInput,
    handler: async (c) => ({ count: await sandbox.expireAccessTokens(await sandboxOf(c.session, c.input.storeId), c.input.storeId) }),
  });
  http.route(app, {
    url: `${SANDBOX}/revokeTokens`,
    access: MANAGE,
    input: SandboxStoreInput,
    handler: async (c) => ({ count: await sandbox.revokeTokens(await sandboxOf(c.session, c.input.storeId), c.input.storeId) }),
  });
  http.route(app, {
    url: `${SANDBOX}/items`,
    access: MANAGE,
    input: SandboxPageInput,
    handler: async (c) => sandbox.listItems(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input),
  });
  http.route(app, {
    url: `${SANDBOX}/saveItem`,
    access: MANAGE,
    input: SandboxItemInput,
    handler: async (c) => sandbox.saveItem(await sandboxOf(c.session, c.input.storeId), c.input),
  });
  http.route(app, {
    url: `${SANDBOX}/deleteItem`,
    access: MANAGE,
    input: SandboxItemRefInput,
    handler: async (c) => sandbox.deleteItem(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.itemId),
  });
  http.route(app, {
    url: `${SANDBOX}/orders`,
    access: MANAGE,
    input: SandboxPageInput,
    handler: async (c) => sandbox.listOrders(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input),
  });
  http.route(app, {
    url: `${SANDBOX}/generateOrders`,
    access: MANAGE,
    input: SandboxGenerateOrdersInput,
    handler: async (c) => sandbox.generateOrders(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.count),
  });
  http.route(app, {
    url: `${SANDBOX}/closeOrder`,
    access: MANAGE,
    input: SandboxOrderRefInput,
    handler: async (c) => sandbox.closeOrder(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo),
  });
  http.route(app, {
    url: `${SANDBOX}/finishOrder`,
    access: MANAGE,
    input: SandboxOrderRefInput,
    handler: async (c) => sandbox.finishOrder(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo),
  });
  http.route(app, {
    url: `${SANDBOX}/createRefund`,
    access: MANAGE,
    input: SandboxRefundInput,
    handler: async (c) => sandbox.createRefund(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo, c.input.reason),
  });
  http.route(app, {
    url: `${SANDBOX}/refunds`,
    access: MANAGE,
    input: SandboxPageInput,
    handler: async (c) => sandbox.listRefunds(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input),
  });
  http.route(app, {
    url: `${SANDBOX}/calls`,
    access: MANAGE,
    input: SandboxCallSearchInput,
    handler: async (c) => sandbox.listCalls(await sandboxOf(c.session, c.input.storeId), c.input),
  });
}
