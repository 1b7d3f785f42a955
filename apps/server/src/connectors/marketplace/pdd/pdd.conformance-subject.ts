// The Pinduoduo connector as a subject of the shared marketplace conformance suite
// (connectors/marketplace/conformance.ts, `describeMarketplaceConformance`): a fresh fake gateway,
// the connector reaching it, a store authorised on it, and the fake's controls in the suite's
// terms. Tests only. Usage: describeMarketplaceConformance('pdd', makePddConformanceSubject).
import type { MarketplaceConnector, StoreCredentials } from '../connector.js';
import { createPddConnector, PDD_PLATFORM_CODE } from './pdd.connector.js';
import { startPddFake, type PddFake } from './pdd.fake.js';

export interface PddConformanceSubject {
  connector: MarketplaceConnector;
  store: StoreCredentials;
  fake: {
    seedOrders(updatedAt: Date[]): Promise<string[]>;
    expireToken(): Promise<void>;
    throttleNext(count?: number): Promise<void>;
    timeoutNext(count?: number): Promise<void>;
    malformedNext(count?: number): Promise<void>;
    changeOrderBetweenPages(platformNo: string): Promise<void>;
  };
  /** The fake itself, for checks of what it received. */
  gateway: PddFake;
  close(): Promise<void>;
}

let subjects = 0;

export async function makePddConformanceSubject(): Promise<PddConformanceSubject> {
  const gateway = await startPddFake();
  const connector = createPddConnector({ credentials: async () => gateway.credentials(), throttlePauseMs: 50 });
  const grant = await connector.exchangeCode({ store: { domainId: 1, storeId: 1, platformCode: PDD_PLATFORM_CODE, platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null }, code: gateway.issueCode(), redirectUri: 'http://app.test/#/authorization' });
  const store: StoreCredentials = { domainId: 1, storeId: 1, platformCode: PDD_PLATFORM_CODE, platformShopId: grant.shopId, accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt };
  const prefix = `C${++subjects}`;
  let seeded = 0;
  return {
    connector,
    store,
    gateway,
    fake: {
      async seedOrders(times) {
        const numbers = times.map(() => `${prefix}-${String(++seeded).padStart(6, '0')}`);
        gateway.seedOrders(times.map((updatedAt, i) => ({ order_sn: numbers[i]!, updatedAt })));
        return numbers;
      },
      expireToken: async () => gateway.expireToken(),
      throttleNext: async (count) => gateway.throttleNext(count),
      timeoutNext: async (count) => gateway.timeoutNext(count),
      malformedNext: async (count) => gateway.malformedNext(count, 'missingFields'),
      changeOrderBetweenPages: async (platformNo) => gateway.changeOrderBetweenPages(platformNo),
    },
    close: () => gateway.close(),
  };
}
