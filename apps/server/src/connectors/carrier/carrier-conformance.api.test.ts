// The carrier conformance set (conformance.ts) on each connector: the sandbox carrier (its
// console fails calls; it signs nothing and has no deadline to miss), Pinduoduo waybills against
// the POP fake, and Cainiao waybills through TOP (the Taobao fake serving Cainiao's methods) and
// through LINK (the LINK fake checking data_digest), and Douyin waybills against the Douyin
// gateway fake. Each real subject's deadline is short so a call the fake never answers ends quickly.
import { and, eq } from 'drizzle-orm';

process.env.CARRIER_SANDBOX_LATENCY_MS = '0';

import { createTestApp } from '../../../test/harness.js';
import { storeSeller } from '../../../test/factories/stores.js';
import { carrierSandboxParcels } from '../../db/schema/index.js';
import { pddSign } from '../marketplace/pdd/pdd.client.js';
import { startPddFake } from '../marketplace/pdd/pdd.fake.js';
import { createCainiaoWaybillConnector } from './cainiao/cainiao-waybill.connector.js';
import { createCainiaoWaybillBook, startCainiaoLinkFake } from './cainiao/cainiao.fake.js';
import { startCainiaoTopFake, TOP_SELLER, topCredentials, topSession } from './cainiao/cainiao.test-support.js';
import { describeCarrierConformance } from './conformance.js';
import { createPddWaybillConnector } from './pdd-waybill/pdd-waybill.connector.js';
import { createSandboxCarrier } from './sandbox/sandbox-carrier.js';
import { createDouyinWaybillConnector } from './douyin-waybill/douyin-waybill.connector.js';
import { createDouyinConnector } from '../marketplace/douyin/douyin.connector.js';
import { startDouyinFake } from '../marketplace/douyin/douyin.fake.js';
import type { CarrierAccount } from './types.js';

const t = await createTestApp();
const DEADLINE_MS = 400;

describeCarrierConformance('the sandbox carrier', async () => {
  const seller = await storeSeller(t);
  const carrier = createSandboxCarrier({ db: t.database.db });
  const account: CarrierAccount = { domainId: seller.domainId, accountId: 1, printCode: 'cn', expressCompanyCode: 'ZTO', sandbox: true, fields: {} };
  return {
    connector: carrier,
    account,
    async issued(expressNo) {
      const [row] = await t.database.db
        .select()
        .from(carrierSandboxParcels)
        .where(and(eq(carrierSandboxParcels.domainId, seller.domainId), eq(carrierSandboxParcels.carrierCode, 'ZTO'), eq(carrierSandboxParcels.expressNo, expressNo)));
      return row ? { cancelled: row.cancelled } : null;
    },
    wrongSecret: null,
    timeoutNext: null,
    malformedNext: null,
    failNext: async (count) => {
      await carrier.console.update(seller.domainId, { failNext: count, failReason: 'conformance: the carrier fails' });
    },
    close: async () => undefined,
  };
});

describeCarrierConformance('Pinduoduo waybills', async () => {
  const fake = await startPddFake();
  const code = fake.issueCode();
  const params: Record<string, string> = { type: 'pdd.pop.auth.token.create', client_id: fake.clientId, timestamp: String(Math.floor(Date.now() / 1000)), data_type: 'JSON', code };
  params.sign = pddSign(params, fake.clientSecret);
  const post = await fetch(fake.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
  const accessToken = ((await post.json()) as { pop_auth_token_create_response: { access_token: string } }).pop_auth_token_create_response.access_token;
  const make = (secret: string) =>
    createPddWaybillConnector({ credentials: async () => ({ ...fake.credentials(), appSecret: secret }), shopOf: async () => ({ accessToken, shopId: fake.ownerId }), timeoutMs: DEADLINE_MS });
  return {
    connector: make(fake.clientSecret),
    account: { domainId: 7, accountId: 1, printCode: 'pdd', expressCompanyCode: 'ZTO', sandbox: false, fields: { shop: 'PDD shop', branchName: 'x' } },
    issued: async (no) => {
      const w = fake.waybills.find((x) => x.waybillCode === no);
      return w ? { cancelled: w.cancelled } : null;
    },
    wrongSecret: () => make('not-the-secret'),
    timeoutNext: async (n) => fake.timeoutNext(n),
    malformedNext: async (n) => fake.malformedNext(n),
    failNext: null,
    close: () => fake.close(),
  };
});

describeCarrierConformance('Cainiao waybills through TOP', async () => {
  const { fake, book } = await startCainiaoTopFake();
  const session = await topSession(fake);
  const make = (secret: string) =>
    createCainiaoWaybillConnector({
      credentials: async (code) => (code === 'CI_PLATFORM_TAOBAO' ? topCredentials(fake, secret) : null),
      shopOf: async () => ({ storeId: 1, name: 'Taobao shop', session: session.accessToken, userId: TOP_SELLER, expiresAt: null }),
      timeoutMs: DEADLINE_MS,
    });
  return {
    connector: make(fake.appSecret),
    account: { domainId: 7, accountId: 1, printCode: 'cn', expressCompanyCode: 'ZTO', sandbox: false, fields: { shop: 'Taobao shop', branchName: 'x' } },
    issued: async (no) => {
      const w = book.waybills.find((x) => x.waybillCode === no);
      return w ? { cancelled: w.cancelled } : null;
    },
    wrongSecret: () => make('not-the-secret'),
    timeoutNext: async (n) => fake.timeoutNext(n),
    malformedNext: async (n) => fake.malformedNext(n),
    failNext: null,
    close: () => fake.close(),
  };
});

describeCarrierConformance('Cainiao waybills through LINK', async () => {
  const fake = await startCainiaoLinkFake({ book: createCainiaoWaybillBook() });
  const make = (secret: string) => createCainiaoWaybillConnector({ credentials: async (code) => (code === 'CAINIAO' ? { ...fake.credentials(), appSecret: secret } : null), shopOf: async () => 'unused', timeoutMs: DEADLINE_MS });
  return {
    connector: make(fake.appSecret),
    account: { domainId: 7, accountId: 1, printCode: 'cn', expressCompanyCode: 'YTO', sandbox: false, fields: { shop: 'Taobao shop', branchName: 'x', linkProviderId: fake.providerId } },
    issued: async (no) => {
      const w = fake.book.waybills.find((x) => x.waybillCode === no);
      return w ? { cancelled: w.cancelled } : null;
    },
    wrongSecret: () => make('not-the-secret'),
    timeoutNext: async (n) => fake.timeoutNext(n),
    malformedNext: async (n) => fake.malformedNext(n),
    failNext: null,
    close: () => fake.close(),
  };
});

describeCarrierConformance('Douyin waybills', async () => {
  const fake = await startDouyinFake();
  const marketplace = createDouyinConnector({ credentials: async () => fake.credentials() });
  const grant = await marketplace.exchangeCode({ store: { domainId: 7, storeId: 1, platformCode: 'DY', platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null }, code: fake.issueCode(), redirectUri: 'http://app/#/authorization' });
  const make = (secret: string) =>
    createDouyinWaybillConnector({
      credentials: async () => ({ ...fake.credentials(), appSecret: secret }),
      shopOf: async () => ({ accessToken: grant.accessToken, shopId: fake.shopId }),
      timeoutMs: DEADLINE_MS,
      retryBaseMs: 5,
    });
  return {
    connector: make(fake.credentials().appSecret),
    account: { domainId: 7, accountId: 1, printCode: 'dy', expressCompanyCode: 'ZTO', sandbox: false, fields: { shop: 'Douyin shop', branchName: 'x' } },
    issued: async (no) => {
      const w = fake.waybills.find((x) => x.trackNo === no);
      return w ? { cancelled: w.cancelled } : null;
    },
    wrongSecret: () => make('not-the-secret'),
    timeoutNext: async (n) => fake.timeoutNext(n),
    malformedNext: async (n) => fake.malformedNext(n),
    failNext: null,
    close: () => fake.close(),
  };
});
