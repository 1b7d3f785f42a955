// The JD connector and its fake as a subject of the shared marketplace conformance suite
// (connectors/marketplace/conformance.ts, describeMarketplaceConformance): an authorised store,
// and the fake's controls in the suite's terms. Used by tests only.
import type { MarketplaceConnector, StoreCredentials } from '../connector.js';
import { createJdConnector, PLATFORM_JD_CODE } from './jd.connector.js';
import { jdFakeOrder, startJdFake } from './jd.fake.js';

let sequence = 0;

export async function makeJdConformanceSubject() {
  const fake = await startJdFake();
  const connector: MarketplaceConnector = createJdConnector({
    credentials: async (code) => (code === PLATFORM_JD_CODE ? { appKey: fake.appKey, appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl } : null),
    retryBaseMs: 20,
  });
  const redirectUri = 'http://openseller.test/#/authorization';
  const grant = await connector.exchangeCode({ store: blankStore(), code: fake.issueCode(redirectUri), redirectUri });
  const store: StoreCredentials = { ...blankStore(), platformShopId: grant.shopId, accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt };
  const base = 930_000_000 + (sequence++ % 50) * 1_000_000;
  let next = 0;
  return {
    connector,
    store,
    fake: {
      async seedOrders(updatedAt: Date[]) {
        const orders = updatedAt.map((at) => jdFakeOrder(String(base + next++), at, [{ skuId: '100001', wareId: '5001', outerSkuId: 'CONF-1' }]));
        fake.seedOrders(orders);
        return orders.map((o) => o.orderId);
      },
      expireToken: async () => fake.expireToken(),
      throttleNext: async (count = 1) => fake.throttleNext(count),
      timeoutNext: async (count = 1) => fake.timeoutNext(count),
      malformedNext: async (count = 1) => fake.malformedNext(count),
      changeOrderBetweenPages: async (platformNo: string) => fake.changeOrderBetweenPages(platformNo, { orderState: 'FINISHED_L' }),
    },
    close: () => fake.close(),
  };
}

const blankStore = (): StoreCredentials => ({ domainId: 1, storeId: 1, platformCode: PLATFORM_JD_CODE, platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null });
