// The Kuaishou connector and its fake as a subject of the shared marketplace conformance suite
// (connectors/marketplace/conformance.ts): an authorised store, and the fake's controls in the
// suite's terms. Used by tests only.
import type { MarketplaceConnector, StoreCredentials } from '../connector.js';
import { createKuaishouConnector, KS_PLATFORM_CODE } from './kuaishou.connector.js';
import { ksFakeOrder, startKsFake } from './kuaishou.fake.js';

let sequence = 0;

export async function makeKuaishouConformanceSubject() {
  const fake = await startKsFake();
  const connector: MarketplaceConnector = createKuaishouConnector({
    credentials: async (code) =>
      code === KS_PLATFORM_CODE ? { appKey: fake.appKey, appSecret: fake.appSecret, signSecret: fake.signSecret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl } : null,
    retryBaseMs: 20,
  });
  const redirectUri = 'http://openseller.test/#/authorization';
  const grant = await connector.exchangeCode({ store: blankStore(), code: fake.issueCode(redirectUri), redirectUri });
  const store: StoreCredentials = { ...blankStore(), platformShopId: grant.shopId, accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt };
  const base = 2_321_300_000_000_000 + (sequence++ % 50) * 1_000_000;
  let next = 0;
  return {
    connector,
    store,
    fake: {
      async seedOrders(updatedAt: Date[]) {
        const orders = updatedAt.map((at) => ksFakeOrder(String(base + next++), at, { skuId: '30001', itemId: '20001', relSkuId: 'CONF-1' }));
        fake.seedOrders(orders);
        return orders.map((o) => o.orderBaseInfo.oid);
      },
      expireToken: async () => fake.expireToken(),
      throttleNext: async (count = 1) => fake.throttleNext(count),
      timeoutNext: async (count = 1) => fake.timeoutNext(count),
      malformedNext: async (count = 1) => fake.malformedNext(count),
      changeOrderBetweenPages: async (platformNo: string) => fake.changeOrderBetweenPages(platformNo, { status: 80 }),
    },
    close: () => fake.close(),
  };
}

const blankStore = (): StoreCredentials => ({ domainId: 1, storeId: 1, platformCode: KS_PLATFORM_CODE, platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null });
