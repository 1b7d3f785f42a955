// The spec's paths of the stores area (spec 02 §7.7), the authorization flow, the goods sync and
// the sandbox marketplace's console, from the route catalogue (StoreCalls,
// SandboxMarketplaceConsoleCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { parseDateTimeText, SandboxMarketplaceConsoleCalls, StoreAuthCalls, StoreCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { Session } from '../../platform/sessions.js';
import type { SandboxConsole } from '../../connectors/marketplace/sandbox/sandbox.console.js';
import type { StoreAuthorization } from './stores.authorization.js';
import type { StoresService } from './stores.service.js';
import type { OnlineGoodsSync } from './stores.sync.js';

export { STORE_MENU } from '@openseller/core';

export function registerStoresRoutes(
  app: FastifyInstance,
  http: Http,
  deps: { stores: StoresService; authorization: StoreAuthorization; sync: OnlineGoodsSync; sandbox: SandboxConsole },
): void {
  const { stores, authorization, sync, sandbox } = deps;

  http.serve(app, StoreCalls, {
    search: (c) => stores.search(c.session, c.input),
    findAllStore: (c) => stores.findAll(c.session),
    searchStoreList: (c) => stores.searchStoreList(c.session, c.input),
    searchAllOnline: (c) => stores.searchAllOnline(c.session),
    searchAllOnlineWithOutEdi: (c) => stores.searchAllOnlineWithOutEdi(c.session),
    getAllPlatform: (c) => stores.platforms(c.input.includeSelfBuild),
    getStore: (c) => stores.getStore(c.session, c.input.id),
    createStore: (c) => stores.createStore(c.session, c.input),
    batchCreateOfflineStore: (c) => stores.createOfflineBatch(c.session, c.input),
    modifyStore: (c) => stores.modifyStore(c.session, c.input),
    delStore: async (c) => {
      await stores.deleteStore(c.session, c.input);
      return null;
    },
    enableStore4Offline: (c) => stores.enableStore(c.session, c.input),
    updateStoreConfig: (c) => stores.updateStoreConfig(c.session, c.input),
    configStoreSyncData: (c) => stores.configStoreSyncData(c.session, c.input),
    revealSecret: (c) => stores.revealSecret(c.session, c.input.id),
    regenerateSecret: (c) => stores.regenerateSecret(c.session, c.input),
    getExpiringStore: (c) => stores.expiringStores(c.session),
    getExpiringStoreCount: (c) => stores.expiringStoreCount(c.session),
    checkHasStore: (c) => stores.hasStore(c.session),
    checkUsableStore: (c) => stores.checkUsable(c.session, c.input.storeId),
    getAuthorizationUrl: (c) => authorization.start(c.session, c.input.id, `${c.request.protocol}://${c.request.host}`),
    authorizationCallback: (c) => authorization.callback(c.input),
    refreshAuthorization: (c) => authorization.refresh(c.session, c.input.id),
    syncOnlineGoods: (c) => sync.request(c.session, c.input.id),
    searchSyncRuns: (c) => sync.searchRuns(c.session, c.input),
  });

  http.serve(app, StoreAuthCalls, {
    searchPayAuth: (c) => stores.searchPayAuth(c.session, c.input),
    afterSaleAuthByStoreIds: (c) => stores.afterSaleAuth(c.session, c.input.storeIds),
  });

  // The sandbox marketplace's console: the store must be the domain's sandbox store.
  const sandboxOf = async (session: Session, storeId: number) => (await stores.sandboxStore(session, storeId)).domainId;
  http.serve(app, SandboxMarketplaceConsoleCalls, {
    issueLoginToken: async (c) => sandbox.issueLoginToken(await sandboxOf(c.session, c.input.storeId), c.input.storeId),
    get: async (c) => sandbox.view(await sandboxOf(c.session, c.input.storeId), c.input.storeId),
    updateSettings: async (c) => {
      const domainId = await sandboxOf(c.session, c.input.storeId);
      await sandbox.updateSettings(domainId, c.input);
      return sandbox.view(domainId, c.input.storeId);
    },
    forceFailures: async (c) => {
      const domainId = await sandboxOf(c.session, c.input.storeId);
      await sandbox.forceFailures(domainId, c.input.storeId, c.input.failures);
      return sandbox.view(domainId, c.input.storeId);
    },
    clearFailures: async (c) => {
      const domainId = await sandboxOf(c.session, c.input.storeId);
      await sandbox.clearFailures(domainId, c.input.storeId);
      return sandbox.view(domainId, c.input.storeId);
    },
    expireToken: async (c) => ({ count: await sandbox.expireAccessTokens(await sandboxOf(c.session, c.input.storeId), c.input.storeId) }),
    revokeTokens: async (c) => ({ count: await sandbox.revokeTokens(await sandboxOf(c.session, c.input.storeId), c.input.storeId) }),
    items: async (c) => sandbox.listItems(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input),
    saveItem: async (c) => sandbox.saveItem(await sandboxOf(c.session, c.input.storeId), c.input),
    deleteItem: async (c) => {
      await sandbox.deleteItem(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.itemId);
      return null;
    },
    orders: async (c) => sandbox.listOrders(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input),
    generateOrders: async (c) => sandbox.generateOrders(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.count, c.input.shipByHours),
    riskControlOrder: async (c) => {
      await sandbox.setRiskControl(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo, true);
      return null;
    },
    releaseRiskControl: async (c) => {
      await sandbox.setRiskControl(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo, false);
      return null;
    },
    setLastShipTime: async (c) => {
      await sandbox.setLastShipTime(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo, parseDateTimeText(c.input.lastShipTime));
      return null;
    },
    closeOrder: async (c) => {
      await sandbox.closeOrder(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo);
      return null;
    },
    finishOrder: async (c) => {
      await sandbox.finishOrder(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo);
      return null;
    },
    createRefund: async (c) => sandbox.createRefund(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.orderNo, c.input.reason, c.input.type),
    returnGoods: async (c) => {
      await sandbox.returnGoods(await sandboxOf(c.session, c.input.storeId), c.input);
      return null;
    },
    cancelRefund: async (c) => {
      await sandbox.cancelRefund(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input.refundId);
      return null;
    },
    refunds: async (c) => sandbox.listRefunds(await sandboxOf(c.session, c.input.storeId), c.input.storeId, c.input),
    calls: async (c) => sandbox.listCalls(await sandboxOf(c.session, c.input.storeId), c.input),
  });
}
