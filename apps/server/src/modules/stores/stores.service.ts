// Store management: create (marketplace, offline in batches, self-defined), edit, enable or
// disable, configure, delete when nothing references the store, the self-defined store's secret,
// and the authorization state the expiry notice reads. Every command writes the operation log.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  authorizationEndOf,
  effectiveLevel,
  ErrorCodes,
  findPlatform,
  type AfterSaleAuthRow,
  type PayAuthRow,
  type PayAuthSearchInput,
  isOnlinePlatform,
  listPlatforms,
  maskText,
  PLATFORM_OFFLINE,
  PLATFORM_SANDBOX,
  PLATFORM_SELF_BUILD,
  StoreErrors,
  type ConfigStoreSyncDataInput,
  type EnableStoreInput,
  type ExpiringStoreRow,
  type OfflineStoreBatchInput,
  type PageResult,
  type PlatformRow,
  type StoreCreateInput,
  type StoreDeleteInput,
  type StoreListInput,
  type StoreModifyInput,
  type StoreOption,
  type StoreReference,
  type StoreRow,
  type StoreSearchInput,
  type StoreUsability,
  type StoreVersionInput,
  type UpdateStoreConfigInput,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { stores } from '../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../platform/errors.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import type { SandboxConsole } from '../../connectors/marketplace/sandbox/sandbox.console.js';
import type { ConnectorRegistry } from '../../connectors/marketplace/registry.js';
import {
  authStateOf,
  countExpiringStores,
  countOnlineStores,
  expiringStores,
  findStore,
  hasAnyStore,
  lastSyncRuns,
  listStoreOptions,
  searchStores,
  storeNamed,
  storesNamed,
  syncConfigOf,
  toStoreRow,
  type StoreRecord,
} from './stores.queries.js';
import { idsIn } from '../../platform/sql.js';
import { actorOf, domainOf } from '../../platform/caller.js';
export { actorOf, domainOf };

/** What another area adds to the 'store-references' list; the delete runs every one. */
export type StoreReferenceChecker = (tx: Tx, domainId: number, storeId: number) => Promise<StoreReference | StoreReference[]>;



const newSecret = () => randomBytes(24).toString('base64url');

/** What the operation log keeps of a store (never its secret or tokens). */
export function storeSnapshot(s: StoreRecord) {
  return {
    name: s.name,
    shortName: s.shortName,
    storeType: s.storeType,
    platformCode: s.platformCode,
    platformShopId: s.platformShopId,
    contact: s.contact,
    tel: s.tel,
    phone: s.phone,
    province: s.province,
    city: s.city,
    county: s.county,
    street: s.street,
    website: s.website,
    senderAddressMode: s.senderAddressMode,
    deliverNotification: s.deliverNotification,
    syncConfig: s.syncConfig,
    usable: s.usable,
    authStatus: s.authStatus,
  };
}

/** The constraint a PostgreSQL error names, for unique (23505) and foreign-key (23503) violations. */
function pgViolation(error: unknown, code: '23505' | '23503'): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === code) return pg.constraint ?? '';
  }
  return undefined;
}

const nameTaken = (name: string, field = 'name') => new AppError(StoreErrors.NAME_TAKEN, 409, { field, name });

export interface StoresServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  connectors: ConnectorRegistry;
  sandbox: SandboxConsole;
  now: () => Date;
}

export function createStoresService(deps: StoresServiceDeps) {
  const { db } = deps.database;
  const { now } = deps;

  async function storeOrFail(tx: Tx, domainId: number, id: number, lock = false): Promise<StoreRecord> {
    const store = await findStore(tx, domainId, id, lock);
    if (!store) throw notFound('store');
    return store;
  }

  /** One store-changing command of a domain at a time (the LITE limit and names). */
  async function lockDomainStores(tx: Tx, domainId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(727301, ${domainId % 2_147_483_647}::int)`);
  }

  async function rowsWithLastSync(domainId: number, records: StoreRecord[]): Promise<StoreRow[]> {
    const runs = await lastSyncRuns(db, domainId, records.map((r) => r.id));
    const at = now();
    return records.map((r) => toStoreRow(r, at, runs.get(r.id)));
  }

  /** The platform a new store belongs to, from its type and the platform code sent. */
  function platformFor(input: { storeType: number; platformCode?: string | undefined }): string {
    const code = input.platformCode?.trim() || undefined;
    if (input.storeType === 2) {
      if (code && code !== PLATFORM_OFFLINE) throw new AppError(StoreErrors.PLATFORM_TYPE_MISMATCH, 400, { field: 'platformCode', platformCode: code, storeType: 2 });
      return PLATFORM_OFFLINE;
    }
    if (input.storeType === 3) {
      if (code && code !== PLATFORM_SELF_BUILD) throw new AppError(StoreErrors.PLATFORM_TYPE_MISMATCH, 400, { field: 'platformCode', platformCode: code, storeType: 3 });
      return PLATFORM_SELF_BUILD;
    }
    if (!code) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'platformCode: choose the marketplace of the store', field: 'platformCode' });
    if (!findPlatform(code)) throw new AppError(StoreErrors.UNKNOWN_PLATFORM, 400, { field: 'platformCode', platformCode: code });
    if (!isOnlinePlatform(code)) throw new AppError(StoreErrors.PLATFORM_TYPE_MISMATCH, 400, { field: 'platformCode', platformCode: code, storeType: 1 });
    return code;
  }

  /** Decision (README): a LITE (single store) domain may hold one marketplace store. */
  function checkLiteLimit(session: Session, onlineStores: number): void {
    if (!session.domain) return;
    if (effectiveLevel(session.domain, now()) === 'LITE' && onlineStores >= 1) throw new AppError(StoreErrors.LITE_ONE_ONLINE_STORE, 403, { field: 'platformCode' });
  }

  async function insertStore(tx: Tx, session: Session, domainId: number, values: typeof stores.$inferInsert): Promise<StoreRecord> {
    try {
      const [row] = await tx.insert(stores).values(values).returning();
      return row!;
    } catch (error) {
      if (pgViolation(error, '23505') === 'stores_domain_name_key') throw nameTaken(values.name);
      throw error;
    }
  }

  async function runReferenceCheckers(tx: Tx, domainId: number, storeId: number): Promise<StoreReference[]> {
    const found: StoreReference[] = [];
    for (const check of deps.registry.list<StoreReferenceChecker>('store-references')) {
      const answer = await check(tx, domainId, storeId);
      for (const use of Array.isArray(answer) ? answer : [answer]) if (use && use.count > 0) found.push({ reason: use.reason, count: use.count });
    }
    return found.sort((a, b) => b.count - a.count);
  }

  const service = {
    /** The marketplace stores and whether payment and bill data can be read for each (payAuth/searchPayAuth). */
    async searchPayAuth(session: Session, input: PayAuthSearchInput): Promise<PageResult<PayAuthRow>> {
      const domainId = domainOf(session);
      const at = now();
      const conditions = [eq(stores.domainId, domainId), eq(stores.storeType, 1)];
      if (input.storeIdList?.length) conditions.push(idsIn(stores.id, input.storeIdList));
      if (input.platformCode) conditions.push(eq(stores.platformCode, input.platformCode));
      // The state depends on the clock: filter in memory over the domain's online stores (at most a few hundred).
      const all = await db.select().from(stores).where(and(...conditions)).orderBy(stores.name, stores.id);
      const rows = all
        .map((r) => {
          const authState = authStateOf(r, at);
          const connectorAvailable = deps.connectors.has(r.platformCode);
          return {
            storeId: r.id,
            storeName: r.name,
            platformCode: r.platformCode,
            authState,
            authorizedAt: r.authorizedAt?.toISOString() ?? null,
            tokenExpiresAt: authorizationEndOf(r)?.toISOString() ?? null,
            connectorAvailable,
            payAuthorized: r.usable && connectorAvailable && (authState === 'AUTHORIZED' || authState === 'EXPIRING'),
          };
        })
        .filter((r) => !input.authState || r.authState === input.authState);
      const offset = (input.currentPage - 1) * input.pageSize;
      return { voList: rows.slice(offset, offset + input.pageSize), total: rows.length, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    /** For each store, whether its after-sales arrive by the sync and why not (afterSaleAuth/getByStoreIds). */
    async afterSaleAuth(session: Session, storeIds: number[]): Promise<AfterSaleAuthRow[]> {
      const domainId = domainOf(session);
      const ids = [...new Set(storeIds)];
      const rows = await db.select().from(stores).where(and(eq(stores.domainId, domainId), idsIn(stores.id, ids)));
      if (rows.length !== ids.length) throw notFound('store');
      const at = now();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => {
        const r = byId.get(id)!;
        const authState = authStateOf(r, at);
        const syncAfterSales = syncConfigOf(r).syncAfterSales;
        const reason =
          r.storeType !== 1
            ? 'OFFLINE_STORE'
            : !r.usable
              ? 'STORE_DISABLED'
              : !deps.connectors.has(r.platformCode)
                ? 'NO_CONNECTOR'
                : authState !== 'AUTHORIZED' && authState !== 'EXPIRING' && authState !== 'NOT_REQUIRED'
                  ? 'NOT_AUTHORIZED'
                  : !syncAfterSales
                    ? 'SYNC_OFF'
                    : null;
        return {
          storeId: r.id,
          storeName: r.name,
          platformCode: r.platformCode,
          storeType: r.storeType,
          authState,
          syncAfterSales,
          supportsReturnOrders: findPlatform(r.platformCode)?.supportsReturnOrders ?? true,
          afterSalesAuthorized: reason === null,
          reason,
        };
      });
    },

    async platforms(includeSelfBuild: boolean): Promise<PlatformRow[]> {
      return Promise.all(
        listPlatforms({ includeSelfBuild }).map(async (p) => {
          const connectorAvailable = deps.connectors.has(p.key);
          const connector = connectorAvailable ? deps.connectors.forPlatform(p.key) : null;
          const appCredentialsSet = connector?.appStatus ? (await connector.appStatus()).configured : null;
          return { ...p, connectorAvailable, appCredentialsSet };
        }),
      );
    },

    async search(session: Session, input: StoreSearchInput): Promise<PageResult<StoreRow>> {
      const domainId = domainOf(session);
      const { rows, total } = await searchStores(db, domainId, input, now());
      return { voList: await rowsWithLastSync(domainId, rows), total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async findAll(session: Session): Promise<StoreOption[]> {
      return listStoreOptions(db, domainOf(session), {}, now());
    },

    async searchStoreList(session: Session, input: StoreListInput): Promise<StoreOption[]> {
      return listStoreOptions(db, domainOf(session), input, now());
    },

    async searchAllOnline(session: Session): Promise<StoreOption[]> {
      return listStoreOptions(db, domainOf(session), { storeType: 1 }, now());
    },

    /** Marketplace stores other than the supplier-side (EDI) channels. */
    async searchAllOnlineWithOutEdi(session: Session): Promise<StoreOption[]> {
      const edi = listPlatforms().filter((p) => p.edi).map((p) => p.key);
      return listStoreOptions(db, domainOf(session), { storeType: 1, excludePlatformCodes: edi }, now());
    },

    async getStore(session: Session, id: number): Promise<StoreRow> {
      const domainId = domainOf(session);
      const store = await storeOrFail(db, domainId, id);
      return (await rowsWithLastSync(domainId, [store]))[0]!;
    },

    async createStore(session: Session, input: StoreCreateInput): Promise<StoreRow> {
      const domainId = domainOf(session);
      const platformCode = platformFor(input);
      const platform = findPlatform(platformCode)!;
      const storeType = input.storeType;
      const created = await db.transaction(async (tx) => {
        await lockDomainStores(tx, domainId);
        if (storeType === 1) checkLiteLimit(session, await countOnlineStores(tx, domainId));
        if (await storeNamed(tx, domainId, input.name)) throw nameTaken(input.name);
        const at = now();
        let row = await insertStore(tx, session, domainId, {
          domainId,
          name: input.name,
          shortName: input.shortName ?? null,
          maskName: input.maskName ?? null,
          website: input.website ?? null,
          contact: input.contact ?? null,
          tel: input.tel ?? null,
          phone: input.phone ?? null,
          country: input.country ?? null,
          province: input.province ?? null,
          city: input.city ?? null,
          county: input.county ?? null,
          street: input.street ?? null,
          mallAppId: input.mallAppId ?? null,
          storeLogo: input.storeLogo ?? null,
          platformSupplierId: input.platformSupplierId ?? null,
          branchStoreList: input.branchStoreList,
          storeType,
          platformCode,
          shortPlatformCode: platform.code,
          storeSource: 'MANUAL',
          originalStoreSource: 'MANUAL',
          senderAddressMode: input.senderAddressMode,
          deliverNotification: input.deliverNotification,
          secretKey: storeType === 3 ? newSecret() : null,
          createdBy: session.userId,
          createdAt: at,
          updatedAt: at,
        });
        if (platformCode === PLATFORM_SANDBOX) {
          // Opening a sandbox store opens its shop on the sandbox marketplace.
          const shop = await deps.sandbox.ensureShop(tx, domainId, row.id);
          [row] = (await tx.update(stores).set({ platformShopId: shop.shopKey }).where(and(eq(stores.domainId, row.domainId), eq(stores.id, row.id))).returning()) as [StoreRecord];
        }
        await writeOperationLog(tx, actorOf(session), { area: 'stores', entityType: 'store', entityId: row.id, action: 'CREATE', after: storeSnapshot(row) });
        return row;
      });
      return toStoreRow(created, now());
    },

    /** Several offline stores at once (createofflinebatch): all are created or none. */
    async createOfflineBatch(session: Session, input: OfflineStoreBatchInput): Promise<StoreRow[]> {
      const domainId = domainOf(session);
      const seen = new Map<string, number>();
      input.names.forEach((name, i) => {
        const key = name.trim().toLowerCase();
        if (seen.has(key)) throw new AppError(StoreErrors.BATCH_DUPLICATE, 400, { field: `names.${i}`, name, first: seen.get(key)! + 1, row: i + 1 });
        seen.set(key, i);
      });
      const created = await db.transaction(async (tx) => {
        await lockDomainStores(tx, domainId);
        const existing = await storesNamed(tx, domainId, input.names);
        if (existing.length) {
          const taken = new Set(existing.map((s) => s.name.trim().toLowerCase()));
          const index = input.names.findIndex((n) => taken.has(n.trim().toLowerCase()));
          throw nameTaken(input.names[index]!, `names.${index}`);
        }
        const at = now();
        const rows: StoreRecord[] = [];
        for (const name of input.names) {
          const row = await insertStore(tx, session, domainId, {
            domainId,
            name,
            contact: input.contact ?? null,
            tel: input.tel ?? null,
            phone: input.phone ?? null,
            province: input.province ?? null,
            city: input.city ?? null,
            county: input.county ?? null,
            street: input.street ?? null,
            storeType: 2,
            platformCode: PLATFORM_OFFLINE,
            shortPlatformCode: PLATFORM_OFFLINE,
            storeSource: 'BATCH',
            originalStoreSource: 'BATCH',
            senderAddressMode: input.senderAddressMode,
            createdBy: session.userId,
            createdAt: at,
            updatedAt: at,
          });
          await writeOperationLog(tx, actorOf(session), { area: 'stores', entityType: 'store', entityId: row.id, action: 'CREATE_OFFLINE_BATCH', after: storeSnapshot(row) });
          rows.push(row);
        }
        return rows;
      });
      const at = now();
      return created.map((r) => toStoreRow(r, at));
    },

    async modifyStore(session: Session, input: StoreModifyInput): Promise<StoreRow> {
      const domainId = domainOf(session);
      const updated = await db.transaction(async (tx) => {
        await lockDomainStores(tx, domainId);
        const before = await storeOrFail(tx, domainId, input.id, true);
        if (before.version !== input.version) throw versionConflict('store');
        if (await storeNamed(tx, domainId, input.name, input.id)) throw nameTaken(input.name);
        const [row] = await tx
          .update(stores)
          .set({
            name: input.name,
            shortName: input.shortName ?? null,
            maskName: input.maskName ?? null,
            website: input.website ?? null,
            contact: input.contact ?? null,
            tel: input.tel ?? null,
            phone: input.phone ?? null,
            country: input.country ?? null,
            province: input.province ?? null,
            city: input.city ?? null,
            county: input.county ?? null,
            street: input.street ?? null,
            mallAppId: input.mallAppId ?? null,
            storeLogo: input.storeLogo ?? null,
            platformSupplierId: input.platformSupplierId ?? null,
            branchStoreList: input.branchStoreList,
            version: sql`${stores.version} + 1`,
            updatedAt: now(),
          })
          .where(and(eq(stores.domainId, domainId), eq(stores.id, input.id), eq(stores.version, input.version)))
          .returning();
        if (!row) throw versionConflict('store');
        await writeOperationLog(tx, actorOf(session), { area: 'stores', entityType: 'store', entityId: row.id, action: 'MODIFY', before: storeSnapshot(before), after: storeSnapshot(row) });
        return row;
      });
      return (await rowsWithLastSync(domainId, [updated]))[0]!;
    },

    /** Enable or disable a store (enableStore4Offline serves every store type). */
    async enableStore(session: Session, input: EnableStoreInput): Promise<StoreRow> {
      const domainId = domainOf(session);
      const updated = await db.transaction(async (tx) => {
        const before = await storeOrFail(tx, domainId, input.id, true);
        if (before.version !== input.version) throw versionConflict('store');
        if (before.usable === input.usable) return before;
        const [row] = await tx
          .update(stores)
          .set({ usable: input.usable, version: sql`${stores.version} + 1`, updatedAt: now() })
          .where(and(eq(stores.domainId, domainId), eq(stores.id, input.id), eq(stores.version, input.version)))
          .returning();
        if (!row) throw versionConflict('store');
        await writeOperationLog(tx, actorOf(session), {
          area: 'stores',
          entityType: 'store',
          entityId: row.id,
          action: input.usable ? 'ENABLE' : 'DISABLE',
          before: { usable: before.usable },
          after: { usable: row.usable },
        });
        return row;
      });
      return (await rowsWithLastSync(domainId, [updated]))[0]!;
    },

    async updateStoreConfig(session: Session, input: UpdateStoreConfigInput): Promise<StoreRow> {
      const domainId = domainOf(session);
      const updated = await db.transaction(async (tx) => {
        const before = await storeOrFail(tx, domainId, input.id, true);
        const [row] = await tx
          .update(stores)
          .set({ senderAddressMode: input.senderAddressMode, deliverNotification: input.deliverNotification, version: sql`${stores.version} + 1`, updatedAt: now() })
          .where(and(eq(stores.domainId, domainId), eq(stores.id, input.id), eq(stores.version, input.version)))
          .returning();
        if (!row) throw versionConflict('store');
        await writeOperationLog(tx, actorOf(session), {
          area: 'stores',
          entityType: 'store',
          entityId: row.id,
          action: 'UPDATE_CONFIG',
          before: { senderAddressMode: before.senderAddressMode, deliverNotification: before.deliverNotification },
          after: { senderAddressMode: row.senderAddressMode, deliverNotification: row.deliverNotification },
        });
        return row;
      });
      return (await rowsWithLastSync(domainId, [updated]))[0]!;
    },

    async configStoreSyncData(session: Session, input: ConfigStoreSyncDataInput): Promise<StoreRow> {
      const domainId = domainOf(session);
      const { id, version, ...config } = input;
      const updated = await db.transaction(async (tx) => {
        const before = await storeOrFail(tx, domainId, id, true);
        if (before.storeType !== 1) throw new AppError(StoreErrors.NOT_ONLINE, 400, { field: 'id', name: before.name });
        const [row] = await tx
          .update(stores)
          .set({ syncConfig: config, version: sql`${stores.version} + 1`, updatedAt: now() })
          .where(and(eq(stores.domainId, domainId), eq(stores.id, id), eq(stores.version, version)))
          .returning();
        if (!row) throw versionConflict('store');
        await writeOperationLog(tx, actorOf(session), { area: 'stores', entityType: 'store', entityId: id, action: 'CONFIG_SYNC', before: before.syncConfig, after: config });
        return row;
      });
      return (await rowsWithLastSync(domainId, [updated]))[0]!;
    },

    /**
     * Deletes a store that nothing references: every checker of the 'store-references' list runs
     * in the delete's transaction, and the refusal names each reference and its count.
     */
    async deleteStore(session: Session, input: StoreDeleteInput): Promise<void> {
      const domainId = domainOf(session);
      try {
        await db.transaction(async (tx) => {
          const store = await storeOrFail(tx, domainId, input.id, true);
          if (input.version !== undefined && store.version !== input.version) throw versionConflict('store');
          const references = await runReferenceCheckers(tx, domainId, store.id);
          if (references.length) {
            throw new AppError(StoreErrors.IN_USE, 409, {
              name: store.name,
              references: references.map((r) => `${r.reason} (${r.count})`).join(', '),
              reasons: JSON.stringify(references),
            });
          }
          await tx.delete(stores).where(and(eq(stores.domainId, domainId), eq(stores.id, store.id)));
          await writeOperationLog(tx, actorOf(session), { area: 'stores', entityType: 'store', entityId: store.id, action: 'DELETE', before: storeSnapshot(store) });
        });
      } catch (error) {
        // A table of another area that references stores without registering a checker.
        if (pgViolation(error, '23503') !== undefined) {
          throw new AppError(StoreErrors.IN_USE, 409, { references: 'other records', reasons: JSON.stringify([{ reason: 'other records', count: 1 }]) });
        }
        throw error;
      }
    },

    async expiringStores(session: Session): Promise<ExpiringStoreRow[]> {
      const at = now();
      const rows = await expiringStores(db, domainOf(session), at);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        platformCode: r.platformCode,
        authState: authStateOf(r, at) === 'EXPIRED' ? 'EXPIRED' : 'EXPIRING',
        tokenExpiresAt: authorizationEndOf(r)?.toISOString() ?? null,
      }));
    },

    async expiringStoreCount(session: Session): Promise<number> {
      return countExpiringStores(db, domainOf(session), now());
    },

    async hasStore(session: Session): Promise<boolean> {
      return hasAnyStore(db, domainOf(session));
    },

    async checkUsable(session: Session, storeId: number): Promise<StoreUsability> {
      const store = await storeOrFail(db, domainOf(session), storeId);
      const state = authStateOf(store, now());
      const reason = !store.usable ? 'DISABLED' : state === 'NONE' ? 'NOT_AUTHORIZED' : state === 'EXPIRED' ? 'EXPIRED' : null;
      return { storeId, usable: reason === null, reason };
    },

    /** The self-defined store's secret in clear; the reveal is logged. */
    async revealSecret(session: Session, id: number): Promise<{ secretKey: string }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const store = await storeOrFail(tx, domainId, id);
        if (store.storeType !== 3 || !store.secretKey) throw new AppError(StoreErrors.NOT_SELF_DEFINED, 400, { field: 'id', name: store.name });
        await writeOperationLog(tx, actorOf(session), { area: 'stores', entityType: 'store', entityId: id, action: 'REVEAL_SECRET' });
        return { secretKey: store.secretKey };
      });
    },

    /** A new secret for a self-defined store; the old one stops working at once. */
    async regenerateSecret(session: Session, input: StoreVersionInput): Promise<{ secretKey: string; maskedSecret: string; version: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const store = await storeOrFail(tx, domainId, input.id, true);
        if (store.storeType !== 3) throw new AppError(StoreErrors.NOT_SELF_DEFINED, 400, { field: 'id', name: store.name });
        const secretKey = newSecret();
        const [row] = await tx
          .update(stores)
          .set({ secretKey, version: sql`${stores.version} + 1`, updatedAt: now() })
          .where(and(eq(stores.domainId, domainId), eq(stores.id, input.id), eq(stores.version, input.version)))
          .returning();
        if (!row) throw versionConflict('store');
        await writeOperationLog(tx, actorOf(session), { area: 'stores', entityType: 'store', entityId: input.id, action: 'REGENERATE_SECRET' });
        return { secretKey, maskedSecret: maskText(secretKey), version: row.version };
      });
    },

    /** For the sandbox console: the store must be a sandbox store of the caller's domain. */
    async sandboxStore(session: Session, storeId: number): Promise<{ domainId: number; store: StoreRecord }> {
      const domainId = domainOf(session);
      const store = await storeOrFail(db, domainId, storeId);
      if (store.platformCode !== PLATFORM_SANDBOX) throw new AppError(StoreErrors.NOT_SANDBOX, 400, { field: 'storeId', name: store.name });
      await deps.sandbox.ensureShop(db, domainId, storeId);
      return { domainId, store };
    },
  };
  return service;
}

export type StoresService = ReturnType<typeof createStoresService>;
