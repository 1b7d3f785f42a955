// A store's connector, bound to the store: it loads the current credentials for each call,
// refuses disabled and unauthorized stores, refreshes an ending access token once (before the
// call when the stored end has passed or is less than 5 minutes away, or when the marketplace
// answers TOKEN_EXPIRED) and marks
// the store EXPIRED when the marketplace refuses the refresh. Other areas (orders, stock,
// shipping) reach marketplaces only through this.
import { and, eq, sql } from 'drizzle-orm';
import { findPlatform, StoreErrors, type PlatformDefinition } from '@openseller/core';
import type { Db } from '../../db/client.js';
import { stores } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { writeOperationLog, type OperationActor } from '../../platform/operation-log.js';
import {
  ConnectorError,
  type AfterSaleDecisionPush,
  type AfterSalePage,
  type CallOptions,
  type MarketplaceConnector,
  type OnlineGoodsPage,
  type OrderPage,
  type PageRequest,
  type PlatformExportFile,
  type PlatformReceiver,
  type PlatformReceiverRef,
  type PushResult,
  type SettlementBillLine,
  type ShippingFeedback,
  type StockUpdate,
  type StoreCredentials,
  type TimeWindow,
} from '../../connectors/marketplace/connector.js';
import type { ConnectorRegistry } from '../../connectors/marketplace/registry.js';
import { findStore, requiresAuthorization, type StoreRecord } from './stores.queries.js';

export interface StoreConnection {
  readonly store: StoreRecord;
  readonly platform: PlatformDefinition;
  /** The marketplace's data delay (MarketplaceConnector.dataDelayMs; 0 when it has none): pulls end this long before now. */
  readonly dataDelayMs: number;
  listOnlineGoods(page: PageRequest, options?: CallOptions): Promise<OnlineGoodsPage>;
  pullOrders(window: TimeWindow, options?: CallOptions): Promise<OrderPage>;
  pullAfterSales(window: TimeWindow, options?: CallOptions): Promise<AfterSalePage>;
  pushShippingFeedback(feedback: ShippingFeedback[], options?: CallOptions): Promise<PushResult[]>;
  pushStock(updates: StockUpdate[], options?: CallOptions): Promise<PushResult[]>;
  pushAfterSaleDecisions(decisions: AfterSaleDecisionPush[], options?: CallOptions): Promise<PushResult[]>;
  /** Null when the store's marketplace gives no settlement bills through this build. */
  pullSettlementBills(window: { from: Date; to: Date }, options?: CallOptions): Promise<SettlementBillLine[] | null>;
  /** Null when the store's marketplace makes no export files of its own (the decryption flow, spec 01 §4.5). */
  requestExportFile(request: { exportType: string; platformNos: string[] }, options?: CallOptions): Promise<PlatformExportFile | null>;
  /** Null when the store's marketplace does not decrypt receivers (its receivers are stored as given). */
  decryptReceivers(refs: PlatformReceiverRef[], options?: CallOptions): Promise<PlatformReceiver[] | null>;
  /** Null when the marketplace makes no export files. */
  downloadExportFile(request: PlatformExportFile, options?: CallOptions): Promise<{ contentType: string; data: Buffer } | null>;
}

/** A token ending within this long is refreshed before the call (real marketplaces' tokens end; refreshing early avoids a failure mid-pull). */
export const REFRESH_AHEAD_MS = 5 * 60_000;

export const SYSTEM_ACTOR = (domainId: number): OperationActor => ({ userId: null, loginName: 'system', domainId });

export function credentialsOf(store: StoreRecord): StoreCredentials {
  return {
    domainId: store.domainId,
    storeId: store.id,
    platformCode: store.platformCode,
    platformShopId: store.platformShopId,
    accessToken: store.accessToken,
    refreshToken: store.refreshToken,
    tokenExpiresAt: store.tokenExpiresAt,
  };
}

const snapshotAuth = (s: StoreRecord) => ({
  authStatus: s.authStatus,
  tokenExpiresAt: s.tokenExpiresAt?.toISOString() ?? null,
  authorizationExpiresAt: s.authorizationExpiresAt?.toISOString() ?? null,
});

export function createStoreConnections(deps: { db: Db; connectors: ConnectorRegistry; now: () => Date; callTimeoutMs: number }) {
  const { db, connectors, now } = deps;
  const withTimeout = (options?: CallOptions): CallOptions => ({ timeoutMs: options?.timeoutMs ?? deps.callTimeoutMs });

  async function load(domainId: number, storeId: number): Promise<StoreRecord> {
    const store = await findStore(db, domainId, storeId);
    if (!store) throw notFound('store');
    return store;
  }

  async function markExpired(store: StoreRecord, detail: string): Promise<void> {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(stores)
        .set({ authStatus: 'EXPIRED', version: sql`${stores.version} + 1`, updatedAt: now() })
        .where(and(eq(stores.domainId, store.domainId), eq(stores.id, store.id), eq(stores.authStatus, 'AUTHORIZED')))
        .returning();
      if (updated.length) {
        await writeOperationLog(tx, SYSTEM_ACTOR(store.domainId), {
          area: 'stores',
          entityType: 'store',
          entityId: store.id,
          action: 'AUTHORIZATION_EXPIRED',
          before: snapshotAuth(store),
          after: { ...snapshotAuth(updated[0]!), detail },
        });
      }
    });
  }

  /**
   * Refreshes the store's token. `usedAccessToken` is the token a call just failed with: when
   * the store already holds another one, someone refreshed meanwhile and that one is used.
   */
  async function refresh(domainId: number, storeId: number, options: { usedAccessToken?: string | null; actor?: OperationActor; callOptions?: CallOptions } = {}): Promise<StoreRecord> {
    const store = await load(domainId, storeId);
    if (options.usedAccessToken !== undefined && store.accessToken !== options.usedAccessToken && store.authStatus === 'AUTHORIZED') return store;
    const connector = connectors.forPlatform(store.platformCode);
    if (!store.refreshToken) {
      await markExpired(store, 'no refresh token');
      throw new ConnectorError('TOKEN_EXPIRED', 'the authorization has ended and cannot be refreshed: authorize the store again');
    }
    let grant;
    try {
      grant = await connector.refreshToken(credentialsOf(store), withTimeout(options.callOptions));
    } catch (error) {
      if (error instanceof ConnectorError && (error.kind === 'AUTH_FAILED' || error.kind === 'TOKEN_EXPIRED')) {
        await markExpired(store, error.detail);
        throw new ConnectorError('TOKEN_EXPIRED', `the marketplace refused to refresh the authorization (${error.detail}): authorize the store again`);
      }
      throw error;
    }
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(stores)
        .set({
          accessToken: grant.accessToken,
          refreshToken: grant.refreshToken ?? store.refreshToken,
          tokenExpiresAt: grant.expiresAt,
          // A refresh that does not say when the authorization ends keeps what the grant said.
          authorizationExpiresAt: grant.authorizationExpiresAt === undefined ? store.authorizationExpiresAt : grant.authorizationExpiresAt,
          authStatus: 'AUTHORIZED',
          version: sql`${stores.version} + 1`,
          updatedAt: now(),
        })
        .where(and(eq(stores.domainId, domainId), eq(stores.id, storeId)))
        .returning();
      await writeOperationLog(tx, options.actor ?? SYSTEM_ACTOR(domainId), {
        area: 'stores',
        entityType: 'store',
        entityId: storeId,
        action: 'REFRESH_AUTHORIZATION',
        before: snapshotAuth(store),
        after: snapshotAuth(updated!),
      });
      return updated!;
    });
  }

  function assertConnectable(store: StoreRecord): void {
    if (!store.usable) throw new AppError(StoreErrors.DISABLED, 409, { storeId: store.id, name: store.name });
    if (requiresAuthorization(store) && store.authStatus === 'NONE') throw new AppError(StoreErrors.NOT_AUTHORIZED, 409, { storeId: store.id, name: store.name });
  }

  async function open(domainId: number, storeId: number): Promise<StoreConnection> {
    const initial = await load(domainId, storeId);
    const connector: MarketplaceConnector = connectors.forPlatform(initial.platformCode);
    const platform = findPlatform(initial.platformCode)!;

    async function call<T>(run: (c: MarketplaceConnector, credentials: StoreCredentials) => Promise<T>): Promise<T> {
      let store = await load(domainId, storeId);
      assertConnectable(store);
      if (store.authStatus === 'EXPIRED' && !store.refreshToken) throw new ConnectorError('TOKEN_EXPIRED', 'the authorization has ended: authorize the store again');
      const endsAt = store.tokenExpiresAt?.getTime() ?? null;
      if (store.authStatus === 'EXPIRED' || (endsAt !== null && endsAt <= now().getTime())) {
        store = await refresh(domainId, storeId, { usedAccessToken: store.accessToken });
      } else if (endsAt !== null && store.refreshToken && endsAt <= now().getTime() + REFRESH_AHEAD_MS) {
        // About to end: refresh first, so a long pull does not meet the end half-way. A transient
        // failure of that refresh leaves the current token in use (it still works).
        try {
          store = await refresh(domainId, storeId, { usedAccessToken: store.accessToken });
        } catch (error) {
          if (!(error instanceof ConnectorError) || !error.retryable) throw error;
        }
      }
      try {
        return await run(connector, credentialsOf(store));
      } catch (error) {
        if (!(error instanceof ConnectorError) || error.kind !== 'TOKEN_EXPIRED') throw error;
        store = await refresh(domainId, storeId, { usedAccessToken: store.accessToken });
        return run(connector, credentialsOf(store));
      }
    }

    return {
      store: initial,
      platform,
      dataDelayMs: connector.dataDelayMs ?? 0,
      listOnlineGoods: (page, options) => call((c, s) => c.listOnlineGoods(s, page, withTimeout(options))),
      pullOrders: (window, options) => call((c, s) => c.pullOrders(s, window, withTimeout(options))),
      pullAfterSales: (window, options) => call((c, s) => c.pullAfterSales(s, window, withTimeout(options))),
      pushShippingFeedback: (feedback, options) => call((c, s) => c.pushShippingFeedback(s, feedback, withTimeout(options))),
      pushStock: (updates, options) => call((c, s) => c.pushStock(s, updates, withTimeout(options))),
      pushAfterSaleDecisions: (decisions, options) => call((c, s) => c.pushAfterSaleDecisions(s, decisions, withTimeout(options))),
      pullSettlementBills: async (window, options) => (connector.pullSettlementBills ? call((c, s) => c.pullSettlementBills!(s, window, withTimeout(options))) : null),
      requestExportFile: async (request, options) => (connector.requestExportFile ? call((c, s) => c.requestExportFile!(s, request, withTimeout(options))) : null),
      downloadExportFile: async (request, options) => (connector.downloadExportFile ? call((c, s) => c.downloadExportFile!(s, request, withTimeout(options))) : null),
      decryptReceivers: async (refs, options) => (connector.decryptReceivers ? call((c, s) => c.decryptReceivers!(s, refs, withTimeout(options))) : null),
    };
  }

  return { open, refresh, load, connectors };
}

export type StoreConnections = ReturnType<typeof createStoreConnections>;
