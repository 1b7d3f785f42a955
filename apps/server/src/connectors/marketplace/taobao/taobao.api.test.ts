// A Taobao store end to end through the real calls, against the local TOP fake (which checks every
// signature): the root account sets the installation's app on /system/connectorApps (the secret
// never comes back), store management says when it is missing, the store is authorised (URL →
// consent → callback → tokens stored encrypted), a day and a half of orders is pulled across
// pages and a window boundary into orders, goods are listed for mapping, stock pushed, shipping
// fed back; an invalid session is refreshed, a refused refresh marks the store expired.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

process.env.MARKETPLACE_RETRY_BASE_MS = '20';
process.env.ORDER_PULL_RETRY_BASE_MS = '20';
// An app set only in the environment (Qimen's), listed as such.
process.env.OPENSELLER_CONNECTOR_QIMEN_APP_KEY = 'qimen-key';
process.env.OPENSELLER_CONNECTOR_QIMEN_APP_SECRET = 'qimen-secret-from-env-9876';

import type { StoreRow } from '@openseller/core';
import { createTestApp } from '../../../../test/harness.js';
import { createStore, storeSeller } from '../../../../test/factories/stores.js';
import { stores, tbSkus } from '../../../db/schema/index.js';
import type { StoresAreaService } from '../../../modules/stores/index.js';
import { seedDemoData } from '../../../seed/demo.js';
import { startTaobaoFake } from './taobao.fake.js';

const t = await createTestApp();
await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
const root = await t.token('root', 'Root#2026go');
const fake = await startTaobaoFake({ tokenLifetimeSeconds: 30 * 86_400 });
afterAll(async () => {
  delete process.env.OPENSELLER_CONNECTOR_QIMEN_APP_KEY;
  delete process.env.OPENSELLER_CONNECTOR_QIMEN_APP_SECRET;
  await fake.close();
});
const S = '/cloud/domain/store';
const APPS = '/cloud/admin/connectorApp';

async function authorize(token: string, storeId: number) {
  const start = await t.call<{ authorizationUrl: string }>(`${S}/getAuthorizationUrl`, { id: storeId }, { token });
  expect(start.body, JSON.stringify(start.body)).toMatchObject({ success: true });
  const consent = await fetch(start.body.data.authorizationUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const location = new URL(consent.headers.get('location')!);
  const back = new URL(location.hash.slice(1), 'http://app');
  return t.call(`${S}/authorizationCallback`, { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
}

async function rawTokens(storeId: number) {
  const rows = await t.database.db.execute<{ access_token: string | null; refresh_token: string | null; auth_status: string }>(
    sql`select access_token, refresh_token, auth_status from stores where id = ${storeId}`,
  );
  return rows.rows[0]!;
}

describe('a Taobao store against the TOP fake', () => {
  it('says the installation has no Taobao app, and refuses to start authorisation without one', async () => {
    const { token } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'CI_PLATFORM_TAOBAO' });
    const platforms = await t.call(`${S}/getAllPlatform`, { includeSelfBuild: false }, { token });
    const taobao = platforms.body.data.find((p: { key: string }) => p.key === 'CI_PLATFORM_TAOBAO');
    expect(taobao).toMatchObject({ connectorAvailable: true, appCredentialsSet: false });
    expect(platforms.body.data.find((p: { key: string }) => p.key === 'SANDBOX')).toMatchObject({ connectorAvailable: true, appCredentialsSet: null });
    const start = await t.call(`${S}/getAuthorizationUrl`, { id: store.id }, { token });
    expect(start.status).toBe(409);
    expect(start.body).toMatchObject({ success: false, errorCode: 'ERR_STORES_APP_CREDENTIALS_MISSING' });
  });

  it('lets only the root account set the app; the secret is stored encrypted and never answered', async () => {
    const { token } = await storeSeller(t);
    expect((await t.call(`${APPS}/list`, {}, { token })).body.success).toBe(false);
    const first = await t.call(`${APPS}/save`, { platformKey: 'TAOBAO', appKey: fake.appKey }, { token: root });
    expect(first.body).toMatchObject({ success: false, errorCode: 'ERR_CONNECTOR_APP_SECRET_REQUIRED' });
    const badUrl = await t.call(`${APPS}/save`, { platformKey: 'TAOBAO', appKey: fake.appKey, appSecret: fake.appSecret, gatewayUrl: 'ftp://x' }, { token: root });
    expect(badUrl.body.success).toBe(false);
    const saved = await t.call(`${APPS}/save`, { platformKey: 'TAOBAO', appKey: fake.appKey, appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl }, { token: root });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ success: true, data: { platformKey: 'TAOBAO', source: 'PAGE', appKey: fake.appKey, secretSet: true, secretHint: `****${fake.appSecret.slice(-4)}` } });
    // Saving again without a secret keeps the saved one.
    const again = await t.call(`${APPS}/save`, { platformKey: 'TAOBAO', appKey: fake.appKey, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl }, { token: root });
    expect(again.body.data.secretSet).toBe(true);
    const list = await t.call(`${APPS}/list`, {}, { token: root });
    expect(JSON.stringify(list.body)).not.toContain(fake.appSecret);
    expect(JSON.stringify(saved.body)).not.toContain(fake.appSecret);
    const raw = await t.database.db.execute<{ app_secret: string }>(sql`select app_secret from connector_apps where platform_key = 'TAOBAO'`);
    expect(raw.rows[0]!.app_secret.startsWith('enc:v1:')).toBe(true);
    expect(raw.rows[0]!.app_secret).not.toContain(fake.appSecret);
    const log = await t.database.db.execute<{ after: unknown }>(sql`select after from admin_logs where entity_type = 'connectorApp'`);
    expect(JSON.stringify(log.rows)).not.toContain(fake.appSecret);
    const qimen = list.body.data.voList.find((r: { platformKey: string }) => r.platformKey === 'QIMEN');
    expect(qimen).toMatchObject({ source: 'ENV', appKey: 'qimen-key', secretSet: true, secretHint: '****9876' });
    expect(JSON.stringify(list.body)).not.toContain('qimen-secret-from-env');
    expect(list.body.data.voList.find((r: { platformKey: string }) => r.platformKey === 'PDD')).toMatchObject({ source: null, secretSet: false, secretHint: null });
    // Removing the page's entry of a platform that has none is refused; JD saved and removed again.
    expect((await t.call(`${APPS}/remove`, { platformKey: 'JD' }, { token: root })).body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    expect((await t.call(`${APPS}/save`, { platformKey: 'JD', appKey: 'jd', appSecret: 'jd-secret' }, { token: root })).body.success).toBe(true);
    expect((await t.call(`${APPS}/remove`, { platformKey: 'JD' }, { token: root })).body.success).toBe(true);
    expect((await t.call(`${APPS}/save`, { platformKey: 'NOPE', appKey: 'x', appSecret: 'y' }, { token: root })).body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
  });

  it('authorises, pulls a day and a half of orders across pages, lists goods, pushes stock and feeds shipping back', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'CI_PLATFORM_TAOBAO' });
    const platforms = await t.call(`${S}/getAllPlatform`, { includeSelfBuild: false }, { token });
    expect(platforms.body.data.find((p: { key: string }) => p.key === 'CI_PLATFORM_TAOBAO').appCredentialsSet).toBe(true);

    const callback = await authorize(token, store.id);
    expect(callback.body, JSON.stringify(callback.body)).toMatchObject({ success: true, data: { storeId: store.id, platformCode: 'CI_PLATFORM_TAOBAO' } });
    const authorised = (await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token })).body.data;
    expect(authorised).toMatchObject({ authState: 'AUTHORIZED', platformShopId: fake.userId });
    // Tokens at rest are encrypted; the connector reads them in clear.
    const raw = await rawTokens(store.id);
    expect(raw.access_token!.startsWith('enc:v1:')).toBe(true);
    expect(raw.refresh_token!.startsWith('enc:v1:')).toBe(true);
    const [clear] = await t.database.db.select().from(stores).where(and(eq(stores.domainId, domainId), eq(stores.id, store.id)));
    expect(clear!.accessToken!.startsWith('ta')).toBe(true);
    expect(raw.access_token).not.toContain(clear!.accessToken!);

    // 150 orders over 36 hours: more than one TOP page, more than one day (two increment windows).
    const now = Date.now();
    const tids = fake.seedOrders(Array.from({ length: 150 }, (_, i) => new Date(now - 10 * 60_000 - i * 14 * 60_000)));
    const run = await t.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token });
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ success: true, data: { status: 'SUCCESS', pulled: 150 } });
    const platformOrders = await t.database.db.execute<{ n: number }>(sql`select count(distinct platform_no)::int as n from platform_orders where domain_id = ${domainId} and store_id = ${store.id}`);
    expect(Number(platformOrders.rows[0]!.n)).toBe(150);
    const increments = fake.calls.filter((c) => c.method === 'taobao.trades.sold.increment.get');
    expect(new Set(increments.map((c) => c.params.start_modified)).size).toBeGreaterThanOrEqual(2);
    expect(increments.some((c) => c.params.page_no === '2')).toBe(true);

    // Goods for the mapping page.
    fake.putItem({ num_iid: '600001', title: '红色T恤', outer_id: 'TS', num: 10, approve_status: 'onsale', skus: [{ sku_id: '700001', outer_id: 'TS-R', properties_name: '颜色:红色', quantity: 10, price: '59.90' }] });
    const queued = await t.call(`${S}/syncOnlineGoods`, { id: store.id }, { token });
    expect(queued.body.success).toBe(true);
    const done = await t.waitFor(
      () => t.call(`${S}/searchSyncRuns`, { storeId: store.id }, { token }),
      (a) => ['SUCCESS', 'FAILED'].includes(a.body.data.voList[0]?.status ?? ''),
    );
    expect(done.body.data.voList[0]).toMatchObject({ status: 'SUCCESS', itemCount: 1 });
    const online = await t.database.db.select().from(tbSkus).where(and(eq(tbSkus.domainId, domainId), eq(tbSkus.storeId, store.id)));
    expect(online.map((s) => s.outerSkuId)).toEqual(['TS-R']);

    // Stock and shipping through the store's connection (what the stock sync and shipping areas use).
    const connection = await t.app.services.registry.get<StoresAreaService>('stores').connectorFor(domainId, store.id);
    const stock = await connection.pushStock([{ tbSkuId: online[0]!.tbSkuId, quantity: 4 }]);
    expect(stock).toEqual([{ key: '600001:700001', ok: true, message: null }]);
    expect(fake.items.get('600001')!.skus[0]!.quantity).toBe(4);
    const shipped = await connection.pushShippingFeedback([{ platformNo: tids[0]!, expressCompanyCode: 'ZTO', expressNo: 'ZT0000001' }]);
    expect(shipped).toEqual([{ key: tids[0], ok: true, message: null }]);
    expect(fake.trades.get(tids[0]!)).toMatchObject({ status: 'WAIT_BUYER_CONFIRM_GOODS', out_sid: 'ZT0000001', company_code: 'ZTO' });

    // An invalid session: the connection refreshes once and carries on, storing the new tokens encrypted.
    fake.expireToken();
    const goods = await connection.listOnlineGoods({ page: 1, pageSize: 10 });
    expect(goods.total).toBe(1);
    const after = await rawTokens(store.id);
    expect(after.access_token).not.toBe(raw.access_token);
    expect(after.access_token!.startsWith('enc:v1:')).toBe(true);

    // Every call the fake received carried a valid signature.
    expect(fake.badSignatures()).toBe(0);
    expect(fake.calls.filter((c) => !c.method.startsWith('oauth.')).every((c) => c.params.sign && c.params.app_key === fake.appKey)).toBe(true);

    // Another domain cannot reach this store.
    const stranger = await storeSeller(t);
    expect((await t.call(`${S}/getAuthorizationUrl`, { id: store.id }, { token: stranger.token })).body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
  });

  it('reveals a Taobao receiver through taobao.top.oaid.decrypt: masked everywhere, in full only in the decrypt step, never stored', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'CI_PLATFORM_TAOBAO' });
    expect((await authorize(token, store.id)).body).toMatchObject({ success: true });
    const [tid] = fake.seedOrders([new Date(Date.now() - 5 * 60_000)]);
    const run = await t.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token });
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ success: true, data: { status: 'SUCCESS' } });
    const found = await t.database.db.execute<{ id: string }>(sql`select erp_order_id as id from platform_orders where domain_id = ${domainId} and store_id = ${store.id} and platform_no = ${tid!}`);
    const orderId = Number(found.rows[0]!.id);
    const full = fake.trades.get(tid!)!.full_receiver!;

    // Nothing in clear was stored at ingest.
    const stored = await t.database.db.execute<{ txt: string }>(sql`select row_to_json(o)::text as txt from erp_orders o where domain_id = ${domainId} and id = ${orderId}`);
    expect(stored.rows[0]!.txt).not.toContain(full.mobile);
    expect(stored.rows[0]!.txt).not.toContain(full.name);

    const revealed = await t.call('/cloud/core/decrypt', { idList: [orderId] }, { token });
    expect(revealed.body, JSON.stringify(revealed.body)).toMatchObject({ success: true });
    expect(revealed.body.data.voList).toEqual([
      expect.objectContaining({ id: orderId, receiverName: full.name, receiverPhone: full.mobile, receiverProvince: '浙江省', receiverCity: '杭州市', receiverDistrict: '西湖区', receiverAddress: full.address_detail }),
    ]);
    const decrypts = fake.calls.filter((c) => c.method === 'taobao.top.oaid.decrypt' && c.error === null);
    expect(JSON.parse(decrypts.at(-1)!.params.query_list!)).toEqual([{ oaid: `oaid${tid}`, tid }]);

    // Still not stored after the reveal; the order detail stays masked.
    const after = await t.database.db.execute<{ txt: string }>(sql`select row_to_json(o)::text as txt from erp_orders o where domain_id = ${domainId} and id = ${orderId}`);
    expect(after.rows[0]!.txt).not.toContain(full.mobile);
    const detail = await t.call('/myhome/erpsoh/getErpSoH', { id: orderId }, { token });
    expect(JSON.stringify(detail.body)).not.toContain(full.mobile);

    // The platform answers garbage: the reveal fails with its reason, the order stays masked.
    fake.malformedNext(3);
    const failed = await t.call('/cloud/core/decrypt', { idList: [orderId] }, { token });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_REVEAL_PLATFORM_DECRYPT' });
    expect(JSON.stringify(failed.body)).not.toContain(full.mobile);
    expect(fake.badSignatures()).toBe(0);
  });

  it('records a clear error on the pull, stores nothing half-mapped and keeps the watermark when a trade has an unknown status', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'CI_PLATFORM_TAOBAO' });
    expect((await authorize(token, store.id)).body.success).toBe(true);
    const tids = fake.seedOrders([new Date(Date.now() - 3 * 3_600_000), new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 3_600_000)]);
    fake.trades.get(tids[1]!)!.status = 'TRADE_SOMETHING_NEW';
    const failed = await t.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token });
    const run = failed.body.success ? failed.body.data : (await t.call('/myhome/syncSoMsg/searchPageList', { storeId: store.id, currentPage: 1, pageSize: 1 }, { token })).body.data.voList[0];
    expect(run).toMatchObject({ status: 'FAILURE' });
    expect(JSON.stringify(run)).toContain('TRADE_SOMETHING_NEW');
    // (The fake's shop also holds the earlier tests' trades: pages before the broken one were stored.)
    const storedOf = async () =>
      (await t.database.db.execute<{ platform_no: string }>(sql`select platform_no from platform_orders where domain_id = ${domainId} and store_id = ${store.id}`)).rows.map((r) => r.platform_no);
    const stored = await storedOf();
    expect(stored.filter((no) => tids.includes(no))).toEqual([]);
    // Known again: the next pull takes the same window from the kept watermark and stores all three.
    fake.trades.get(tids[1]!)!.status = 'WAIT_SELLER_SEND_GOODS';
    const again = await t.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token });
    expect(again.body.data).toMatchObject({ status: 'SUCCESS' });
    expect((await storedOf()).filter((no) => tids.includes(no)).sort()).toEqual([...tids].sort());
  });

  it('refreshes a token about to end before the call, so the platform never answers invalid session', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'CI_PLATFORM_TAOBAO' });
    fake.setTokenLifetime(120);
    try {
      expect((await authorize(token, store.id)).body.success).toBe(true);
    } finally {
      fake.setTokenLifetime(30 * 86_400);
    }
    const before = fake.calls.length;
    const connection = await t.app.services.registry.get<StoresAreaService>('stores').connectorFor(domainId, store.id);
    await connection.listOnlineGoods({ page: 1, pageSize: 10 });
    const calls = fake.calls.slice(before);
    expect(calls[0]!.method).toBe('oauth.token:refresh_token');
    expect(calls.some((c) => c.error === 27)).toBe(false);
    const [row] = await t.database.db.select().from(stores).where(and(eq(stores.domainId, domainId), eq(stores.id, store.id)));
    expect(row!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 86_400_000);
  });

  it('marks the store authorisation expired when Taobao refuses the refresh', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'CI_PLATFORM_TAOBAO' });
    expect((await authorize(token, store.id)).body.success).toBe(true);
    fake.expireToken();
    fake.revokeRefreshTokens();
    const connection = await t.app.services.registry.get<StoresAreaService>('stores').connectorFor(domainId, store.id);
    await expect(connection.listOnlineGoods({ page: 1, pageSize: 10 })).rejects.toMatchObject({ kind: 'TOKEN_EXPIRED' });
    expect((await rawTokens(store.id)).auth_status).toBe('EXPIRED');
    const expiring = await t.call(`${S}/getExpiringStoreCount`, {}, { token });
    expect(expiring.body.data).toBeGreaterThanOrEqual(1);
  });
});
