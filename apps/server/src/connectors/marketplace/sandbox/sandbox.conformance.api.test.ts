// The shared marketplace conformance suite run on the sandbox marketplace: its forced failures
// stand in for throttling, a timeout and a broken answer (the sandbox has no malformed answers, so
// a forced ERROR), its console expires the token, and an order changes after a page by its update
// time moving to now (as a buyer's change does).
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../../../../test/harness.js';
import { addSandboxItems, authorizedSandboxStore, storeSeller } from '../../../../test/factories/stores.js';
import { sandboxOrders, stores } from '../../../db/schema/index.js';
import { describeMarketplaceConformance } from '../conformance.js';
import type { MarketplaceConnector, StoreCredentials } from '../connector.js';
import { createSandboxConnector } from './sandbox.connector.js';
import { createSandboxConsole } from './sandbox.console.js';

const t = await createTestApp();
const { db } = t.database;

describeMarketplaceConformance('sandbox', async () => {
  const { token, domainId } = await storeSeller(t);
  const store = await authorizedSandboxStore(t, token);
  await addSandboxItems(t, token, store.id, 2);
  const [row] = await db.select().from(stores).where(and(eq(stores.domainId, domainId), eq(stores.id, store.id)));
  const creds: StoreCredentials = { domainId: row!.domainId, storeId: row!.id, platformCode: row!.platformCode, platformShopId: row!.platformShopId, accessToken: row!.accessToken, refreshToken: row!.refreshToken, tokenExpiresAt: row!.tokenExpiresAt };
  const sandbox = createSandboxConnector({ db });
  const sandboxConsole = createSandboxConsole({ db });
  let changeAfterPage: string | null = null;
  const connector: MarketplaceConnector = {
    ...sandbox,
    async pullOrders(s, window, options) {
      const page = await sandbox.pullOrders(s, window, options);
      if (changeAfterPage) {
        await db
          .update(sandboxOrders)
          .set({ updatedAt: new Date(), buyerNick: 'changed' })
          .where(and(eq(sandboxOrders.domainId, domainId), eq(sandboxOrders.orderNo, changeAfterPage)));
        changeAfterPage = null;
      }
      return page;
    },
  };
  const force = (kind: 'TIMEOUT' | 'RATE_LIMITED' | 'ERROR', count = 1) => sandboxConsole.forceFailures(domainId, store.id, Array.from({ length: count }, () => ({ kind, operation: 'pullOrders' as const })));
  return {
    connector,
    store: creds,
    fake: {
      async seedOrders(times) {
        const { orderNos } = await sandboxConsole.generateOrders(domainId, store.id, times.length);
        for (const [i, orderNo] of orderNos.entries()) {
          await db
            .update(sandboxOrders)
            .set({ updatedAt: times[i]! })
            .where(and(eq(sandboxOrders.domainId, domainId), eq(sandboxOrders.orderNo, orderNo)));
        }
        return orderNos;
      },
      expireToken: async () => {
        await sandboxConsole.expireAccessTokens(domainId, store.id);
      },
      throttleNext: (n) => force('RATE_LIMITED', n),
      timeoutNext: (n) => force('TIMEOUT', n),
      malformedNext: (n) => force('ERROR', n),
      changeOrderBetweenPages: async (orderNo) => {
        changeAfterPage = orderNo;
      },
    },
    close: async () => {},
  };
});
