// Test support: a Taobao connector wired to a fresh local fake and a store authorised through the
// fake's OAuth pages (tests only).
import type { PlatformAppCredentials } from '../../app-credentials.js';
import type { StoreCredentials } from '../connector.js';
import type { ConformanceSubject } from '../conformance.js';
import { createTaobaoConnector } from './taobao.connector.js';
import { startTaobaoFake, type TaobaoFake } from './taobao.fake.js';

export const fakeCredentials = (fake: TaobaoFake): PlatformAppCredentials => ({
  appKey: fake.appKey,
  appSecret: fake.appSecret,
  gatewayUrl: fake.gatewayUrl,
  authorizeUrl: fake.authorizeUrl,
  callbackUrl: null,
});

/** Follows the consent page as the seller would: the code it redirects with. */
export async function consent(authorizationUrl: string): Promise<{ code: string; state: string | null; location: string }> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const query = new URLSearchParams(location.slice(location.indexOf('?') + 1));
  return { code: query.get('code') ?? '', state: query.get('state'), location };
}

export async function taobaoSubject(): Promise<ConformanceSubject & { raw: TaobaoFake }> {
  const fake = await startTaobaoFake();
  const connector = createTaobaoConnector({ credentials: async () => fakeCredentials(fake), backoffMs: 10 });
  const redirectUri = 'http://127.0.0.1:9/#/authorization';
  const url = await connector.authorizationUrl({ store: blankStore(), state: 's1', redirectUri });
  const { code } = await consent(url);
  const grant = await connector.exchangeCode({ store: blankStore(), code, redirectUri });
  const store: StoreCredentials = { ...blankStore(), platformShopId: grant.shopId, accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt };
  return {
    connector,
    store,
    raw: fake,
    fake: {
      seedOrders: async (times) => fake.seedOrders(times),
      expireToken: async () => fake.expireToken(),
      throttleNext: async (n) => fake.throttleNext(n),
      timeoutNext: async (n) => fake.timeoutNext(n),
      malformedNext: async (n) => fake.malformedNext(n),
      changeOrderBetweenPages: async (no) => fake.changeOrderBetweenPages(no),
    },
    close: () => fake.close(),
  };
}

export const blankStore = (): StoreCredentials => ({ domainId: 1, storeId: 1, platformCode: 'CI_PLATFORM_TAOBAO', platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null });
