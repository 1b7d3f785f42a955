// Drizzle queries of the stores area. Every one takes the domain first and filters by it.
import { and, count, desc, eq, ilike, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  authorizationEndOf,
  DEFAULT_STORE_SYNC_CONFIG,
  findPlatform,
  maskText,
  STORE_EXPIRY_WARNING_DAYS,
  storeAuthState,
  type StoreAuthState,
  type StoreOption,
  type StoreRow,
  type StoreSearchInput,
  type StoreSyncConfig,
  type StoreType,
  type SyncRunRow,
} from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { stores, storeSyncRuns } from '../../db/schema/index.js';
import { isoTime as iso } from '../../platform/time.js';
import { pageOffset } from '../../platform/paging.js';
import { idsIn, textsIn } from '../../platform/sql.js';

export type StoreRecord = typeof stores.$inferSelect;
export type SyncRunRecord = typeof storeSyncRuns.$inferSelect;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
const DAY_MS = 86_400_000;

export async function findStore(tx: Tx, domainId: number, id: number, lock = false): Promise<StoreRecord | undefined> {
  const query = tx
    .select()
    .from(stores)
    .where(and(eq(stores.domainId, domainId), eq(stores.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findStores(tx: Tx, domainId: number, ids: number[]): Promise<StoreRecord[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(stores)
    .where(and(eq(stores.domainId, domainId), idsIn(stores.id, ids)));
}

/** Another store of the domain with this name (trimmed, case-insensitive), if any. */
export async function storeNamed(tx: Tx, domainId: number, name: string, exceptId?: number): Promise<StoreRecord | undefined> {
  const conditions = [eq(stores.domainId, domainId), sql`lower(${stores.name}) = lower(${name.trim()})`];
  if (exceptId) conditions.push(ne(stores.id, exceptId));
  const [row] = await tx
    .select()
    .from(stores)
    .where(and(...conditions))
    .limit(1);
  return row;
}

export async function storesNamed(tx: Tx, domainId: number, names: string[]): Promise<StoreRecord[]> {
  if (!names.length) return [];
  return tx
    .select()
    .from(stores)
    .where(and(eq(stores.domainId, domainId), textsIn(sql`lower(${stores.name})`, names.map((n) => n.trim().toLowerCase()))));
}

export async function countOnlineStores(tx: Tx, domainId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(stores)
    .where(and(eq(stores.domainId, domainId), eq(stores.storeType, 1)));
  return Number(row?.n ?? 0);
}

/** When the store needs the seller again, as SQL: authorizationEndOf() (core) — the authorization's own end where known, else the access token's. */
const authorizationEnd = sql`coalesce(${stores.authorizationExpiresAt}, ${stores.tokenExpiresAt})`;

/** The SQL of an authorization state, matching storeAuthState(). Only marketplace stores (type 1) need authorization. */
function authStateCondition(state: StoreAuthState, now: Date): SQL {
  const warnUntil = new Date(now.getTime() + STORE_EXPIRY_WARNING_DAYS * DAY_MS).toISOString();
  const at = now.toISOString();
  const online = eq(stores.storeType, 1);
  const authorized = eq(stores.authStatus, 'AUTHORIZED');
  switch (state) {
    case 'NOT_REQUIRED':
      return ne(stores.storeType, 1);
    case 'NONE':
      return and(online, eq(stores.authStatus, 'NONE'))!;
    case 'EXPIRED':
      return and(online, or(eq(stores.authStatus, 'EXPIRED'), and(authorized, sql`${authorizationEnd} <= ${at}`)))!;
    case 'EXPIRING':
      return and(online, authorized, sql`${authorizationEnd} > ${at}`, sql`${authorizationEnd} <= ${warnUntil}`)!;
    case 'AUTHORIZED':
      return and(online, authorized, or(sql`${authorizationEnd} is null`, sql`${authorizationEnd} > ${warnUntil}`))!;
  }
}

export interface StoreFilter {
  keyword?: string | undefined;
  platformCode?: string | undefined;
  storeType?: StoreType | undefined;
  usable?: boolean | undefined;
  authState?: StoreAuthState | undefined;
  platformCodes?: string[];
  excludePlatformCodes?: string[];
}

function filterConditions(domainId: number, filter: StoreFilter, now: Date): SQL {
  const conditions: SQL[] = [eq(stores.domainId, domainId)];
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(or(ilike(stores.name, p), ilike(stores.shortName, p), ilike(stores.platformShopId, p))!);
  }
  if (filter.platformCode) conditions.push(eq(stores.platformCode, filter.platformCode));
  if (filter.platformCodes) conditions.push(textsIn(stores.platformCode, filter.platformCodes.length ? filter.platformCodes : ['']));
  if (filter.excludePlatformCodes?.length) conditions.push(notInArray(stores.platformCode, filter.excludePlatformCodes));
  if (filter.storeType) conditions.push(eq(stores.storeType, filter.storeType));
  if (filter.usable !== undefined) conditions.push(eq(stores.usable, filter.usable));
  if (filter.authState) conditions.push(authStateCondition(filter.authState, now));
  return and(...conditions)!;
}

export async function searchStores(tx: Tx, domainId: number, input: StoreSearchInput, now: Date): Promise<{ rows: StoreRecord[]; total: number }> {
  const where = filterConditions(domainId, input, now);
  const [totalRow] = await tx.select({ n: count() }).from(stores).where(where);
  const rows = await tx
    .select()
    .from(stores)
    .where(where)
    .orderBy(desc(stores.id))
    .limit(input.pageSize)
    .offset(pageOffset(input));
  return { rows, total: Number(totalRow?.n ?? 0) };
}

export async function listStoreOptions(tx: Tx, domainId: number, filter: StoreFilter, now: Date): Promise<StoreOption[]> {
  const rows = await tx
    .select({ id: stores.id, name: stores.name, shortName: stores.shortName, storeType: stores.storeType, platformCode: stores.platformCode, usable: stores.usable })
    .from(stores)
    .where(filterConditions(domainId, filter, now))
    .orderBy(stores.name, stores.id)
    .limit(10_000);
  return rows.map((r) => ({ ...r, storeType: r.storeType as StoreType }));
}

/** Usable marketplace stores whose authorization has ended or ends within the warning days. */
export async function expiringStores(tx: Tx, domainId: number, now: Date): Promise<StoreRecord[]> {
  const warnUntil = new Date(now.getTime() + STORE_EXPIRY_WARNING_DAYS * DAY_MS).toISOString();
  return tx
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.domainId, domainId),
        eq(stores.storeType, 1),
        eq(stores.usable, true),
        or(eq(stores.authStatus, 'EXPIRED'), and(eq(stores.authStatus, 'AUTHORIZED'), sql`${authorizationEnd} <= ${warnUntil}`)),
      ),
    )
    .orderBy(authorizationEnd, stores.id);
}

export async function countExpiringStores(tx: Tx, domainId: number, now: Date): Promise<number> {
  const warnUntil = new Date(now.getTime() + STORE_EXPIRY_WARNING_DAYS * DAY_MS).toISOString();
  const [row] = await tx
    .select({ n: count() })
    .from(stores)
    .where(
      and(
        eq(stores.domainId, domainId),
        eq(stores.storeType, 1),
        eq(stores.usable, true),
        or(eq(stores.authStatus, 'EXPIRED'), and(eq(stores.authStatus, 'AUTHORIZED'), sql`${authorizationEnd} <= ${warnUntil}`)),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function hasAnyStore(tx: Tx, domainId: number): Promise<boolean> {
  const [row] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.domainId, domainId)).limit(1);
  return !!row;
}

/** The latest sync run of each store. */
export async function lastSyncRuns(tx: Tx, domainId: number, storeIds: number[]): Promise<Map<number, SyncRunRecord>> {
  if (!storeIds.length) return new Map();
  const rows = await tx
    .selectDistinctOn([storeSyncRuns.storeId])
    .from(storeSyncRuns)
    .where(and(eq(storeSyncRuns.domainId, domainId), idsIn(storeSyncRuns.storeId, storeIds)))
    .orderBy(storeSyncRuns.storeId, desc(storeSyncRuns.id));
  return new Map(rows.map((r) => [r.storeId, r]));
}

export async function activeSyncRun(tx: Tx, domainId: number, storeId: number): Promise<SyncRunRecord | undefined> {
  const [row] = await tx
    .select()
    .from(storeSyncRuns)
    .where(and(eq(storeSyncRuns.domainId, domainId), eq(storeSyncRuns.storeId, storeId), textsIn(storeSyncRuns.status, ['QUEUED', 'RUNNING'])))
    .limit(1);
  return row;
}

export async function searchSyncRuns(tx: Tx, domainId: number, storeId: number, page: { currentPage: number; pageSize: number }) {
  const where = and(eq(storeSyncRuns.domainId, domainId), eq(storeSyncRuns.storeId, storeId));
  const [totalRow] = await tx.select({ n: count() }).from(storeSyncRuns).where(where);
  const rows = await tx
    .select()
    .from(storeSyncRuns)
    .where(where)
    .orderBy(desc(storeSyncRuns.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  return { rows, total: Number(totalRow?.n ?? 0) };
}


export function toSyncRunRow(r: SyncRunRecord): SyncRunRow {
  return {
    id: r.id,
    storeId: r.storeId,
    kind: 'ONLINE_GOODS',
    status: r.status as SyncRunRow['status'],
    pages: r.pages,
    itemCount: r.itemCount,
    itemsCreated: r.itemsCreated,
    itemsUpdated: r.itemsUpdated,
    skusCreated: r.skusCreated,
    skusUpdated: r.skusUpdated,
    attempts: r.attempts,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    requestedBy: r.requestedByName,
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

export function requiresAuthorization(store: Pick<StoreRecord, 'storeType' | 'platformCode'>): boolean {
  return store.storeType === 1 && (findPlatform(store.platformCode)?.requiresAuthorization ?? true);
}

export function authStateOf(store: StoreRecord, now: Date): StoreAuthState {
  return storeAuthState({ requiresAuthorization: requiresAuthorization(store), authStatus: store.authStatus, tokenExpiresAt: store.tokenExpiresAt, authorizationExpiresAt: store.authorizationExpiresAt }, now);
}

export function syncConfigOf(store: StoreRecord): StoreSyncConfig {
  return { ...DEFAULT_STORE_SYNC_CONFIG, ...((store.syncConfig as Partial<StoreSyncConfig> | null) ?? {}) };
}

export function toStoreRow(store: StoreRecord, now: Date, lastSync?: SyncRunRecord): StoreRow {
  return {
    id: store.id,
    version: store.version,
    name: store.name,
    shortName: store.shortName,
    maskName: store.maskName,
    storeType: store.storeType as StoreType,
    platformCode: store.platformCode,
    shortPlatformCode: store.shortPlatformCode,
    platformShopId: store.platformShopId,
    website: store.website,
    contact: store.contact,
    tel: store.tel,
    phone: store.phone,
    country: store.country,
    province: store.province,
    city: store.city,
    county: store.county,
    street: store.street,
    mallAppId: store.mallAppId,
    storeLogo: store.storeLogo,
    platformSupplierId: store.platformSupplierId,
    branchStoreList: (store.branchStoreList as StoreRow['branchStoreList']) ?? [],
    storeSource: store.storeSource,
    originalStoreSource: store.originalStoreSource,
    senderAddressMode: store.senderAddressMode as StoreRow['senderAddressMode'],
    deliverNotification: store.deliverNotification,
    syncConfig: syncConfigOf(store),
    usable: store.usable,
    authState: authStateOf(store, now),
    tokenExpiresAt: iso(authorizationEndOf(store)),
    authorizedAt: iso(store.authorizedAt),
    maskedSecret: store.secretKey ? maskText(store.secretKey) : null,
    lastSync: lastSync ? toSyncRunRow(lastSync) : null,
    createdAt: store.createdAt.toISOString(),
    updatedAt: store.updatedAt.toISOString(),
  };
}
