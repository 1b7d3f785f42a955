// Carrier connectors by account: the sandbox carrier serves sandbox accounts, Pinduoduo waybills
// serve accounts of print code pdd (with the installation's PDD app credentials; without them each
// call says so); any other real carrier's connector is not part of this build, so each of its
// calls says so instead of pretending.
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stores, warehouses } from '../../db/schema/index.js';
import { storedAppCredentials, type AppCredentialsLookup } from '../app-credentials.js';
import { PDD_PLATFORM_CODE } from '../marketplace/pdd/pdd.connector.js';
import { createPddWaybillConnector, type PddWaybillShop } from './pdd-waybill/pdd-waybill.connector.js';
import { createSandboxCarrier } from './sandbox/sandbox-carrier.js';
import { CarrierConnectorError, type CarrierConnector, type CarrierRegistry } from './types.js';

export function notInBuildCarrier(code: string): CarrierConnector {
  const refuse = async (): Promise<never> => {
    throw new CarrierConnectorError('NOT_IN_BUILD', `the ${code} carrier's connector is not part of this build`);
  };
  return { system: code, takeWaybillNumbers: refuse, cancelWaybillNumber: refuse, queryTracking: refuse };
}

/** The domain's authorised Pinduoduo store named by a waybill account (by store name or PDD shop id). */
async function pddShopOf(db: Db, now: () => Date, domainId: number, shop: string): Promise<PddWaybillShop | string> {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.domainId, domainId), eq(stores.platformCode, PDD_PLATFORM_CODE), or(eq(stores.name, shop), eq(stores.platformShopId, shop))));
  if (!store) return `no Pinduoduo store "${shop}" in this account: the waybill account's shop must name one`;
  if (store.authStatus !== 'AUTHORIZED' || !store.accessToken || !store.platformShopId) return `the Pinduoduo store "${store.name}" is not authorised`;
  if (store.tokenExpiresAt && store.tokenExpiresAt.getTime() <= now().getTime()) return `the authorisation of the Pinduoduo store "${store.name}" has ended: refresh it in store management`;
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
  return {
    sandbox,
    connectorFor: (account) => (account.sandbox ? sandbox : account.printCode === 'pdd' ? pdd : notInBuildCarrier(account.expressCompanyCode)),
  };
}
