// Carrier connectors by account: the sandbox carrier serves sandbox accounts, Pinduoduo waybills
// serve accounts of print code pdd and Douyin waybills those of print code dy (with the
// installation's app credentials of that platform; without them each call says so); any other real carrier's connector is not part of this build, so each of its
// calls says so instead of pretending.
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stores, warehouses } from '../../db/schema/index.js';
import { storedAppCredentials, type AppCredentialsLookup } from '../app-credentials.js';
import { PDD_PLATFORM_CODE } from '../marketplace/pdd/pdd.connector.js';
import { createPddWaybillConnector, type PddWaybillShop } from './pdd-waybill/pdd-waybill.connector.js';
import { PLATFORM_DOUYIN_CODE } from '../marketplace/douyin/douyin.client.js';
import { createDouyinWaybillConnector } from './douyin-waybill/douyin-waybill.connector.js';
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

/** The sender address of the domain's warehouse of that name (parcels are named after their warehouse). */
async function warehouseSender(db: Db, domainId: number, name: string) {
  const [w] = await db.select().from(warehouses).where(and(eq(warehouses.domainId, domainId), eq(warehouses.name, name)));
  return w ? { name: w.contact, phone: w.phone, province: w.province, city: w.city, district: w.county, address: w.street } : null;
}

export function createCarrierRegistry(deps: { db: Db; now?: () => Date; credentials?: AppCredentialsLookup; fetchImpl?: typeof fetch }): CarrierRegistry & {
  sandbox: ReturnType<typeof createSandboxCarrier>;
} {
  const sandbox = createSandboxCarrier(deps);
  const now = deps.now ?? (() => new Date());
  const pdd = createPddWaybillConnector({
    credentials: deps.credentials ?? storedAppCredentials(deps.db),
    shopOf: (domainId, shop) => pddShopOf(deps.db, now, domainId, shop),
    senderOf: (domainId, name) => warehouseSender(deps.db, domainId, name),
    now,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
  });
  const douyin = createDouyinWaybillConnector({
    credentials: deps.credentials ?? storedAppCredentials(deps.db),
    shopOf: (domainId, shop) => pddShopOf(deps.db, now, domainId, shop, { code: PLATFORM_DOUYIN_CODE, name: 'Douyin' }),
    senderOf: (domainId, name) => warehouseSender(deps.db, domainId, name),
    now,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
  });
  return {
    sandbox,
    connectorFor: (account) =>
      account.sandbox ? sandbox : account.printCode === 'pdd' ? pdd : account.printCode === 'dy' ? douyin : notInBuildCarrier(account.expressCompanyCode),
  };
}
