// The Douyin connector and its fake as a subject of the shared marketplace conformance suite
// (connectors/marketplace/conformance.ts): an authorised store, and the fake's controls in the
// suite's terms. Used by tests only.
import type { MarketplaceConnector, StoreCredentials } from '../connector.js';
import { createDouyinConnector, PLATFORM_DOUYIN_CODE } from './douyin.connector.js';
import { douyinFakeOrder, startDouyinFake } from './douyin.fake.js';

let sequence = 0;

export async function makeDouyinConformanceSubject() {
  const fake = await startDouyinFake();
  const connector: MarketplaceConnector = createDouyinConnector({
    credentials: async (code) => (code === PLATFORM_DOUYIN_CODE ? fake.credentials() : null),
    retryBaseMs: 20,
  });
  const grant = await connector.exchangeCode({ store: blankStore(), code: fake.issueCode(), redirectUri: 'http://openseller.test/#/authorization' });
  const store: StoreCredentials = { ...blankStore(), platformShopId: grant.shopId, accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt };
  const base = 6_900_000_000_000_000 + (sequence++ % 50) * 1_000_000;
  let next = 0;
  return {
    connector,
    store,
    fake: {
      async seedOrders(updatedAt: Date[]) {
        const orders = updatedAt.map((at) => douyinFakeOrder(String(base + next++), at, [{ skuId: '1700000001', productId: '3500000001', outSkuId: 'CONF-1' }]));
        fake.seedOrders(orders);
        return orders.map((o) => o.order_id);
      },
      expireToken: async () => fake.expireToken(),
      throttleNext: async (count = 1) => fake.throttleNext(count),
      timeoutNext: async (count = 1) => fake.timeoutNext(count),
      malformedNext: async (count = 1) => fake.malformedNext(count),
      changeOrderBetweenPages: async (platformNo: string) => fake.changeOrderBetweenPages(platformNo, { order_status: 5, main_status: 5 }),
    },
    close: () => fake.close(),
  };
}

const blankStore = (): StoreCredentials => ({ domainId: 1, storeId: 1, platformCode: PLATFORM_DOUYIN_CODE, platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null });
