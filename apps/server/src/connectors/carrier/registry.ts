// Carrier connectors by account: the sandbox carrier serves sandbox accounts, Pinduoduo waybills
// serve accounts of print code pdd and Douyin waybills those of print code dy (with the
// installation's app credentials of that platform; without them each call says so), Cainiao
// waybills accounts of print code cn (through Cainiao LINK when the account has a linkProviderId,
// else through TOP in its Taobao store's session); any other real carrier's connector is not part
// of this build, so each of its calls says so instead of pretending.
import { waybillConnectorOf, type WaybillConnector } from '@openseller/core';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stores, warehouses } from '../../db/schema/index.js';
import { storedAppCredentials, type AppCredentialsLookup } from '../app-credentials.js';
import { ConnectorError } from '../marketplace/connector.js';
import { PDD_PLATFORM_CODE } from '../marketplace/pdd/pdd.connector.js';
import { TAOBAO_CREDENTIALS_CODE } from '../marketplace/taobao/taobao.connector.js';
import { createCainiaoWaybillConnector, type TaobaoWaybillShop } from './cainiao/cainiao-waybill.connector.js';
import { createPddWaybillConnector, type PddWaybillShop } from './pdd-waybill/pdd-waybill.connector.js';
import { PLATFORM_DOUYIN_CODE } from '../marketplace/douyin/douyin.client.js';
import { douyinReceiverRefOf } from '../marketplace/douyin/douyin.mapping.js';
import { createDouyinWaybillConnector, type DouyinOrderReceiver } from './douyin-waybill/douyin-waybill.connector.js';
import { createSandboxCarrier } from './sandbox/sandbox-carrier.js';
import { CarrierConnectorError, type CarrierConnector, type CarrierRegistry } from './types.js';

export function notInBuildCarrier(code: string): CarrierConnector {
  const refuse = async (): Promise<never> => {
    throw new CarrierConnectorError('NOT_IN_BUILD', `the ${code} carrier's connector is not part of this build`);
  };
  return { system: code, takeWaybillNumbers: refuse, cancelWaybillNumber: refuse, queryTracking: refuse };
}

/** The domain's authorised store of the platform named by a waybill account (by store name or the platform's shop id). */
async function pddShopOf(db: Db, now: () => Date, domainId: number, shop: string, platform = { code: PDD_PLATFORM_CODE, name: 'Pinduoduo' }): Promise<PddWaybillShop | string> {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.domainId, domainId), eq(stores.platformCode, platform.code), or(eq(stores.name, shop), eq(stores.platformShopId, shop))));
  if (!store) return `no ${platform.name} store "${shop}" in this account: the waybill account's shop must name one`;
  if (store.authStatus !== 'AUTHORIZED' || !store.accessToken || !store.platformShopId) return `the ${platform.name} store "${store.name}" is not authorised`;
  if (store.tokenExpiresAt && store.tokenExpiresAt.getTime() <= now().getTime()) return `the authorisation of the ${platform.name} store "${store.name}" has ended: refresh it in store management`;
  return { accessToken: store.accessToken, shopId: store.platformShopId };
}

type StoreRow = typeof stores.$inferSelect;

/** A Taobao store as the Cainiao TOP route uses it, or why it cannot be used. */
function taobaoShop(store: StoreRow): TaobaoWaybillShop | string {
  if (store.authStatus === 'NONE' || !store.accessToken || !store.platformShopId) return `the Taobao store "${store.name}" is not authorised`;
  if (store.authStatus === 'EXPIRED' && !store.refreshToken) return `the authorisation of the Taobao store "${store.name}" has ended: authorize it again in store management`;
  return { storeId: store.id, name: store.name, session: store.accessToken, userId: store.platformShopId, expiresAt: store.authStatus === 'EXPIRED' ? new Date(0) : store.tokenExpiresAt };
}

/** The domain's Taobao store named by a waybill account (by store name or Taobao user id). */
async function taobaoShopOf(db: Db, domainId: number, shop: string): Promise<TaobaoWaybillShop | string> {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.domainId, domainId), eq(stores.platformCode, TAOBAO_CREDENTIALS_CODE), or(eq(stores.name, shop), eq(stores.platformShopId, shop))));
  if (!store) return `no Taobao store "${shop}" in this account: the Cainiao waybill account's shop must name one (or set its Cainiao LINK provider id)`;
  return taobaoShop(store);
}

/** Refreshes a store's authorisation through the stores area (which marks it expired when refused). */
export type StoreRefresher = (domainId: number, storeId: number, usedAccessToken: string) => Promise<StoreRow>;

/** The sender address of the domain's warehouse of that name (parcels are named after their warehouse). */
async function warehouseSender(db: Db, domainId: number, name: string) {
  const [w] = await db.select().from(warehouses).where(and(eq(warehouses.domainId, domainId), eq(warehouses.name, name)));
  return w ? { name: w.contact, phone: w.phone, province: w.province, city: w.city, district: w.county, address: w.street } : null;
}

/** The domain's Douyin order of that number as ingested: the receiver Douyin showed and its ciphertexts (payload receiverRef). */
async function douyinReceiverOf(db: Db, domainId: number, platformNo: string): Promise<DouyinOrderReceiver | null> {
  const rows = await db.execute<{ name: string | null; phone: string | null; address: string | null; ref: string | null }>(sql`
    select p.payload->'receiver'->>'name' as name, p.payload->'receiver'->>'phone' as phone, p.payload->'receiver'->>'address' as address, p.payload->>'receiverRef' as ref
    from platform_orders p join stores s on s.domain_id = p.domain_id and s.id = p.store_id
    where p.domain_id = ${domainId} and p.platform_no = ${platformNo} and s.platform_code = ${PLATFORM_DOUYIN_CODE}
    order by p.id desc limit 1`);
  const row = rows.rows[0];
  const encrypted = douyinReceiverRefOf(row?.ref);
  return row && encrypted ? { masked: { name: row.name ?? '', phone: row.phone ?? '', address: row.address ?? '' }, encrypted } : null;
}

export function createCarrierRegistry(deps: { db: Db; now?: () => Date; credentials?: AppCredentialsLookup; fetchImpl?: typeof fetch; refreshStore?: StoreRefresher; timeoutMs?: number }): CarrierRegistry & {
  sandbox: ReturnType<typeof createSandboxCarrier>;
} {
  const sandbox = createSandboxCarrier(deps);
  const now = deps.now ?? (() => new Date());
  const credentials = deps.credentials ?? storedAppCredentials(deps.db);
  const pdd = createPddWaybillConnector({
    credentials,
    shopOf: (domainId, shop) => pddShopOf(deps.db, now, domainId, shop),
    senderOf: (domainId, name) => warehouseSender(deps.db, domainId, name),
    now,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
  });
  const refreshStore = deps.refreshStore;
  const cainiao = createCainiaoWaybillConnector({
    credentials,
    shopOf: (domainId, shop) => taobaoShopOf(deps.db, domainId, shop),
    ...(refreshStore
      ? {
          refreshShop: async (domainId: number, storeId: number, used: string) => {
            try {
              return taobaoShop(await refreshStore(domainId, storeId, used));
            } catch (error) {
              if (error instanceof ConnectorError && (error.kind === 'TOKEN_EXPIRED' || error.kind === 'AUTH_FAILED')) return `the Taobao store's authorisation has ended (${error.detail})`;
              throw error;
            }
          },
        }
      : {}),
    senderOf: (domainId, name) => warehouseSender(deps.db, domainId, name),
    now,
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
  });
  const douyin = createDouyinWaybillConnector({
    credentials,
    shopOf: (domainId, shop) => pddShopOf(deps.db, now, domainId, shop, { code: PLATFORM_DOUYIN_CODE, name: 'Douyin' }),
    senderOf: (domainId, name) => warehouseSender(deps.db, domainId, name),
    douyinReceiverOf: (domainId, platformNo) => douyinReceiverOf(deps.db, domainId, platformNo),
    now,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
  });
  const byKind: Record<WaybillConnector, CarrierConnector | null> = { SANDBOX: sandbox, CAINIAO_TOP: cainiao, CAINIAO_LINK: cainiao, PDD_WAYBILL: pdd, DOUYIN_WAYBILL: douyin, NONE: null };
  return {
    sandbox,
    connectorFor: (account) => byKind[waybillConnectorOf(account)] ?? notInBuildCarrier(account.expressCompanyCode),
  };
}
