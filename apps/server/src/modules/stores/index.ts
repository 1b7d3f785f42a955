// Stores and the marketplace connectors (spec 02 §3.4, §7.7; spec 01 §2.1 /authorization, §4.3):
// store management, the authorization flow, the online-goods sync job, the sandbox marketplace
// (connector, consent page, console), and the 'stores' service other areas use to reach a
// store's marketplace. See README.md for the decisions the spec leaves open.
import type { Tx } from '../../db/client.js';
import type { AreaModule } from '../../platform/module.js';
import { DEFAULT_CALL_TIMEOUT_MS } from '../../connectors/marketplace/connector.js';
import { createConnectorRegistry } from '../../connectors/marketplace/registry.js';
import { createPddConnector } from '../../connectors/marketplace/pdd/pdd.connector.js';
import { createSandboxConnector } from '../../connectors/marketplace/sandbox/sandbox.connector.js';
import { createJdConnector } from '../../connectors/marketplace/jd/jd.connector.js';
import { createKuaishouConnector } from '../../connectors/marketplace/kuaishou/kuaishou.connector.js';
import { createDouyinConnector } from '../../connectors/marketplace/douyin/douyin.connector.js';
import { createTaobaoConnector } from '../../connectors/marketplace/taobao/taobao.connector.js';
import { storedAppCredentials } from '../../connectors/app-credentials.js';
import { registerMarketplaceInbound } from '../../connectors/marketplace/inbound/index.js';
import { createSandboxPusher } from '../../connectors/marketplace/sandbox/sandbox.push.js';
import { createSandboxConsole } from '../../connectors/marketplace/sandbox/sandbox.console.js';
import { registerSandboxConsentPage } from '../../connectors/marketplace/sandbox/sandbox.consent.js';
import { createStoreConnections, type StoreConnection } from './store-connections.js';
import { createStoreAuthorization } from './stores.authorization.js';
import { registerStoresMessages } from './stores.messages.js';
import { findStore, findStores, type StoreRecord } from './stores.queries.js';
import { registerStoresRoutes } from './stores.routes.js';
import { createStoresService } from './stores.service.js';
import { createOnlineGoodsSync } from './stores.sync.js';

export type { StoreConnection } from './store-connections.js';
export type { StoreRecord } from './stores.queries.js';
export type { StoreReferenceChecker } from './stores.service.js';
export type { OnlineGoodsService } from './stores.sync.js';

/** What other areas get from ctx.registry.get<StoresAreaService>('stores'). */
export interface StoresAreaService {
  /** Stores of the domain by id (missing ids are left out). */
  findStores(domainId: number, ids: number[], tx?: Tx): Promise<StoreRecord[]>;
  getStore(domainId: number, id: number, tx?: Tx): Promise<StoreRecord | undefined>;
  /**
   * The store's marketplace connector bound to the store: pull orders and after-sales by
   * window and watermark, push shipping feedback and stock. Throws a ConnectorError
   * (NOT_IN_BUILD, NO_CONNECTOR) when the store has no connector in this build.
   */
  connectorFor(domainId: number, storeId: number): Promise<StoreConnection>;
  /**
   * Refreshes the store's authorisation after `usedAccessToken` ended (used by calls made in the
   * store's session outside its connection, e.g. Cainiao waybills through TOP): the store afresh
   * (another's refresh meanwhile is taken as is); when the marketplace refuses, the store is
   * marked EXPIRED and a ConnectorError TOKEN_EXPIRED thrown.
   */
  refreshAuthorization(domainId: number, storeId: number, usedAccessToken: string | null): Promise<StoreRecord>;
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const registerStoresModule: AreaModule = async (ctx) => {
  const now = ctx.now ?? (() => new Date());
  const { db } = ctx.database;
  // Deadlines of marketplace calls and the first retry pause of the goods sync (README).
  const callTimeoutMs = envNumber('MARKETPLACE_CALL_TIMEOUT_MS', DEFAULT_CALL_TIMEOUT_MS);
  const retryBaseMs = envNumber('MARKETPLACE_RETRY_BASE_MS', 500);

  registerStoresMessages();
  const sandboxConnector = createSandboxConnector({ db, now });
  // The sandbox pushes its order messages through this app's own HTTP handling, as a platform would reach it.
  const sandboxPusher = createSandboxPusher({
    db,
    now,
    deliver: async (url, headers, payload) => {
      const response = await ctx.app.inject({ method: 'POST', url, headers, payload });
      return { status: response.statusCode, body: response.body };
    },
    log: (m) => ctx.app.log.warn(m),
  });
  const sandbox = createSandboxConsole({ db, now, pusher: sandboxPusher });
  // The installation's app credentials: the root page's entry, else the environment.
  const credentials = storedAppCredentials(db);
  const connectors = createConnectorRegistry([
    sandboxConnector,
    createTaobaoConnector({ credentials }),
    createJdConnector({ credentials }),
    createPddConnector({ credentials }),
    createKuaishouConnector({ credentials }),
    createDouyinConnector({ credentials }),
  ]);
  const connections = createStoreConnections({ db, connectors, now, callTimeoutMs });
  const stores = createStoresService({ database: ctx.database, registry: ctx.registry, connectors, sandbox, now });
  const authorization = createStoreAuthorization({ database: ctx.database, connectors, connections, now, callTimeoutMs });
  const sync = createOnlineGoodsSync({ database: ctx.database, registry: ctx.registry, connections, jobs: ctx.jobs, now, retryBaseMs });

  registerStoresRoutes(ctx.app, ctx.http, { stores, authorization, sync, sandbox });
  await registerSandboxConsentPage(ctx.app, ctx.http, sandboxConnector);
  // The marketplaces' pushed order messages (signed), processed through the orders area's pull.
  registerMarketplaceInbound(ctx, credentials);

  const service: StoresAreaService = {
    findStores: (domainId, ids, tx) => findStores(tx ?? db, domainId, ids),
    getStore: (domainId, id, tx) => findStore(tx ?? db, domainId, id),
    connectorFor: (domainId, storeId) => connections.open(domainId, storeId),
    refreshAuthorization: (domainId, storeId, usedAccessToken) => connections.refresh(domainId, storeId, { usedAccessToken }),
  };
  ctx.registry.provide('stores', service);
  ctx.registry.provide('marketplace-connectors', connectors);
  ctx.registry.provide('sandbox-pusher', sandboxPusher);
};
