// A Kuaishou store end to end against the local Kuaishou fake, through the app's own calls: the
// store authorised by Kuaishou's OAuth round trip (getAuthorizationUrl → consent →
// authorizationCallback), a day of orders pulled across several cursor pages and a window
// boundary into orders, the online goods synced for mapping, stock pushed, an order given a
// (sandbox) waybill number, sent, and its tracking number fed back to Kuaishou with its
// expressCode, after the token expired (the store refreshes it and keeps the rotated refresh
// token); an unknown order status refused whole; a revoked authorisation marks the store expired.
// The fake checks every signature.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderSyncRunRow, StoreRow, SyncRunRow } from '@openseller/core';
import { createTestApp } from '../../../../test/harness.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore } from '../../../../test/factories/orders-ingest.js';
import { putOnHand } from '../../../../test/factories/outbound.js';
import { createStore, storeSeller } from '../../../../test/factories/stores.js';
import { orderSyncStates, stores, tbSkus } from '../../../db/schema/index.js';
import type { StoresAreaService } from '../../../modules/stores/index.js';
import { seedDemoData } from '../../../seed/demo.js';
import { getAfterSale, decide } from '../../../../test/factories/aftersales.js';
import { ksFakeOrder, ksFakeRefund, startKsFake } from './kuaishou.fake.js';

process.env.ORDER_PULL_CRON = '0 3 1 1 *';
process.env.AFTER_SALES_WRITE_BACK_CRON = '0 3 1 1 *';
process.env.ORDER_PULL_RETRY_BASE_MS = '10';
process.env.MARKETPLACE_RETRY_BASE_MS = '10';
const fake = await startKsFake();
const ENV = {
  OPENSELLER_CONNECTOR_KSXD_APP_KEY: fake.appKey,
  OPENSELLER_CONNECTOR_KSXD_APP_SECRET: fake.appSecret,
  OPENSELLER_CONNECTOR_KSXD_SIGN_SECRET: fake.signSecret,
  OPENSELLER_CONNECTOR_KSXD_GATEWAY_URL: fake.gatewayUrl,
  OPENSELLER_CONNECTOR_KSXD_AUTHORIZE_URL: fake.authorizeUrl,
};
Object.assign(process.env, ENV);
const t = await createTestApp();
await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
const root = await t.token('root', 'Root#2026go');
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.calls.length = 0;
});

const S = '/cloud/domain/store';
const HOUR = 3_600_000;
const KS = 'KSXD';

async function authorizeKsStore(token: string, storeId: number) {
  const start = await t.call<{ authorizationUrl: string }>(`${S}/getAuthorizationUrl`, { id: storeId }, { token });
  expect(start.body, JSON.stringify(start.body)).toMatchObject({ success: true });
  const url = new URL(start.body.data.authorizationUrl);
  expect(url.origin + url.pathname).toBe(fake.authorizeUrl);
  expect(url.searchParams.get('app_id')).toBe(fake.appKey);
  expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/#/authorization`);
  const consent = await fetch(url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(new URL(consent.headers.get('location')!).hash.slice(1), 'http://app');
  return t.call(`${S}/authorizationCallback`, { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
}

async function syncGoodsAndWait(token: string, storeId: number): Promise<SyncRunRow> {
  const queued = await t.call<SyncRunRow>(`${S}/syncOnlineGoods`, { id: storeId }, { token });
  expect(queued.body.success).toBe(true);
  const done = await t.waitFor(
    () => t.call<{ voList: SyncRunRow[] }>(`${S}/searchSyncRuns`, { storeId }, { token }),
    (a) => ['SUCCESS', 'FAILED', 'FAILURE'].includes(a.body.data.voList[0]?.status ?? ''),
  );
  return done.body.data.voList[0]!;
}

const storeRowOf = async (domainId: number, storeId: number) => (await t.database.db.select().from(stores).where(and(eq(stores.domainId, domainId), eq(stores.id, storeId))))[0]!;

describe('a Kuaishou store against the Kuaishou fake', () => {
  it('authorises, pulls a day of orders across pages and a window boundary, maps goods, pushes stock, ships with a waybill and feeds the tracking number back', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 2);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    const store = await createStore(t, seller.token, { platformCode: KS });

    const callback = await authorizeKsStore(seller.token, store.id);
    expect(callback.body, JSON.stringify(callback.body)).toMatchObject({ success: true, data: { storeId: store.id, platformCode: KS } });
    const authorized = (await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token: seller.token })).body.data;
    expect(authorized).toMatchObject({ platformShopId: fake.openId });
    // Kuaishou's access token lasts 48 hours but is refreshed without the seller: what the store shows, and the
    // expiry notice counts, is the authorization's own end (the refresh token's 180 days).
    expect(authorized.authState).toBe('AUTHORIZED');
    expect(new Date(authorized.tokenExpiresAt!).getTime() - Date.now()).toBeGreaterThan(179 * 24 * HOUR);
    expect((await storeRowOf(seller.domainId, store.id)).tokenExpiresAt!.getTime() - Date.now()).toBeLessThan(49 * HOUR);
    const notice = await t.call<{ id: number }[]>(`${S}/getExpiringStore`, {}, { token: seller.token });
    expect(notice.body.data.map((r) => r.id)).not.toContain(store.id);
    // Tokens are encrypted at rest: the row does not hold them in clear.
    const raw = await t.database.db.execute<{ access_token: string }>(sql`select access_token from stores where id = ${store.id}`);
    const stored = await storeRowOf(seller.domainId, store.id);
    expect(raw.rows[0]!.access_token).not.toBe(stored.accessToken);

    // 180 orders over 30 hours ending 2 hours ago: the 1-day sub-windows cut through them, and each has several 50-order pages.
    const now = Date.now();
    const lines = [
      { skuId: '30001', itemId: '20001', relSkuId: skus[0]!.code },
      { skuId: '30002', itemId: '20001', relSkuId: skus[1]!.code },
    ];
    const orders = Array.from({ length: 180 }, (_, i) => ksFakeOrder(String(2321300034950000 + i), new Date(now - 32 * HOUR + i * 10 * 60_000), lines[i % 2]!));
    // Unpaid (10): not a deal yet, not taken; older than the first window: not asked for.
    const unpaid = ksFakeOrder('2321300034959998', new Date(now - 3 * HOUR), lines[0]!, { status: 10 });
    const old = ksFakeOrder('2321300034959999', new Date(now - 4 * 24 * HOUR), lines[0]!);
    fake.seedOrders([...orders, unpaid, old]);

    const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ success: true, data: { status: 'SUCCESS', pulled: 180, created: 180, failed: 0 } });
    const ours = await ordersOfStore(t, seller.domainId, store.id);
    expect(ours.map((o) => o.platform_nos[0]).sort()).toEqual(orders.map((o) => o.orderBaseInfo.oid).sort());
    expect(ours.every((o) => !(o.labels as string[]).includes('ORDER_TBSKU_EXCEPTION'))).toBe(true);
    const lists = fake.calls.filter((c) => c.method === 'open.order.cursor.list');
    expect(lists.every((c) => c.param!.queryType === 2 && Number(c.param!.endTime) - Number(c.param!.beginTime) <= 7 * 24 * HOUR)).toBe(true);
    expect(new Set(lists.map((c) => c.param!.beginTime)).size).toBeGreaterThanOrEqual(2);
    expect(lists.filter((c) => c.param!.cursor !== '').length).toBeGreaterThanOrEqual(2);
    // Amounts from fen, receiver kept as Kuaishou gave it: masked to read, the ciphertext in the payload.
    const platform = await t.database.db.execute<{ payload: Record<string, unknown> }>(
      sql`select payload from platform_orders where domain_id = ${seller.domainId} and store_id = ${store.id} and platform_no = '2321300034950000'`,
    );
    expect(platform.rows[0]!.payload).toMatchObject({
      amount: '25.90',
      postFee: '6.00',
      receiver: { name: '张*', phone: '138****0000', province: '北京市' },
      encryptedReceiver: { consignee: '#enc#consignee#2321300034950000', mobile: '#enc#mobile#2321300034950000', address: '#enc#address#2321300034950000' },
      receiverRef: JSON.stringify({ consignee: '#enc#consignee#2321300034950000', mobile: '#enc#mobile#2321300034950000', address: '#enc#address#2321300034950000', town: '望京街道' }),
      lines: [{ tbSkuId: '30001', tbSpuId: '20001', qty: 1, price: '19.90' }],
    });

    // The online goods for the mapping page.
    fake.seedItems(
      [{ kwaiItemId: '20001', title: '保温杯', relItemId: 'CUP', shelfStatus: 1 }],
      [
        { kwaiSkuId: '30001', kwaiItemId: '20001', specification: '红', skuNick: skus[0]!.code, price: 5900, skuStock: 3 },
        { kwaiSkuId: '30002', kwaiItemId: '20001', specification: '蓝', skuNick: skus[1]!.code, price: 5900, skuStock: 3 },
      ],
    );
    expect(await syncGoodsAndWait(seller.token, store.id)).toMatchObject({ status: 'SUCCESS', itemCount: 1, skusCreated: 2 });
    const online = await t.database.db
      .select()
      .from(tbSkus)
      .where(and(eq(tbSkus.domainId, seller.domainId), eq(tbSkus.storeId, store.id)));
    expect(online.map((s) => s.outerSkuId).sort()).toEqual(skus.map((s) => s.code).sort());

    // Stock pushed through the store's connection: Kuaishou changes it by the difference.
    const connection = await t.app.services.registry.get<StoresAreaService>('stores').connectorFor(seller.domainId, store.id);
    expect(await connection.pushStock([{ tbSkuId: '30001', quantity: 42 }, { tbSkuId: '30002', quantity: 1 }])).toEqual([
      { key: '30001', ok: true, message: null },
      { key: '30002', ok: true, message: null },
    ]);
    expect([fake.skus.get('30001')!.skuStock, fake.skus.get('30002')!.skuStock]).toEqual([42, 1]);
    expect(fake.calls.filter((c) => c.method === 'open.item.sku.stock.update').map((c) => [c.param!.changeType, c.param!.skuChangeStock])).toEqual([
      [1, 39],
      [2, 2],
    ]);

    // A waybill number for one order, then shipped after the token expired on Kuaishou's side:
    // the connection refreshes it (the rotated refresh token stored) and the tracking number goes back with expressCode 9 (ZTO).
    await chooseCarriers(t, seller.token, ['ZTO']);
    const account = await t.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: 'ZTO', name: 'ZTO', shop: store.name, branchName: '杭州网点', sandbox: true, isDefault: true }, { token: seller.token });
    expect(account.body.success).toBe(true);
    await putOnHand(t, seller.domainId, skus.map((s) => ({ warehouseId, skuId: s.id, qty: 1000 })));
    const target = ours.find((o) => o.platform_nos[0] === '2321300034950007')!;
    await t.database.db.execute(sql`update erp_orders set express_company_code = 'ZTO', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where id = ${target.id}`);
    expect((await t.call('/myhome/erpsoh/verify', { idList: [Number(target.id)] }, { token: seller.token })).body.data.failures).toEqual([]);
    const numbered = await t.call('/myhome/print/eTrackGetNoAndPrint', { idList: [Number(target.id)] }, { token: seller.token });
    expect(numbered.body.data.failures).toEqual([]);
    const waybillNo = numbered.body.data.voList[0].expressNo as string;
    expect(waybillNo).toBeTruthy();

    const before = await storeRowOf(seller.domainId, store.id);
    fake.expireToken();
    const sent = await t.call('/myhome/sendsoh/sendErpSoHList', { idList: [Number(target.id)] }, { token: seller.token });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ success: true });
    await t.waitFor(
      async () => fake.orders.get('2321300034950007')!.orderBaseInfo.status,
      (status) => status === 40,
    );
    expect(fake.orders.get('2321300034950007')!.orderLogisticsInfo).toEqual([{ expressNo: waybillNo, expressCode: 9 }]);
    const after = await storeRowOf(seller.domainId, store.id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.authStatus).toBe('AUTHORIZED');

    // The next pull brings the shipped order again, as shipped with our carrier code.
    const again = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(again.body.data).toMatchObject({ status: 'SUCCESS', pulled: 1, created: 0 });
    const shipped = await t.database.db.execute<{ platform_status: string }>(
      sql`select platform_status from platform_orders where domain_id = ${seller.domainId} and store_id = ${store.id} and platform_no = '2321300034950007'`,
    );
    expect(shipped.rows[0]!.platform_status).toBe('WAIT_BUYER_CONFIRM_GOODS');

    // Every call reached Kuaishou signed right: none refused but the expired token's.
    expect(fake.calls.filter((c) => c.refused && c.refused !== 'token')).toEqual([]);

    // Another domain cannot pull this store.
    const other = await ingestSeller(t);
    const foreign = await t.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: other.token });
    expect(foreign.status).toBe(404);
  });

  it('pulls a refund into an after-sale document, writes the seller\'s decision back, and reveals the receiver only in the decrypt step', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    const store = await createStore(t, seller.token, { platformCode: KS });
    expect((await authorizeKsStore(seller.token, store.id)).body.success).toBe(true);
    fake.orders.clear();
    fake.refunds.clear();
    const now = Date.now();
    const oid = '2321300034970001';
    fake.seedOrders([ksFakeOrder(oid, new Date(now - 3 * HOUR), { skuId: '30001', itemId: '20001', relSkuId: skus[0]!.code })]);
    fake.seedReceiver(oid, { consignee: '王小明', mobile: '13912345678', address: '幸福路88号3单元' });
    fake.seedRefunds([ksFakeRefund('400000000000000001', oid, new Date(now - 2 * HOUR), { itemId: '20001', skuId: '30001', relSkuId: skus[0]!.code, refundFee: 1990 })]);

    const run = await t.call<OrderSyncRunRow & { afterSalesCreated: number }>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(run.body.data, JSON.stringify(run.body)).toMatchObject({ status: 'SUCCESS', created: 1, afterSalesCreated: 1 });
    const docs = (await t.call('/cloud/advance/afterSales/search', { storeIdList: [store.id] }, { token: seller.token })).body.data.voList as any[];
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ source: 'PLATFORM', type: 'REFUND_ONLY', platformRefundId: '400000000000000001', platformStatus: 'WAIT_SELLER_AGREE', refundFee: '19.9000', tbSohCode: oid });

    // The seller agrees: the refund is paid on Kuaishou by open.seller.order.refund.approve.
    expect((await decide(t, seller.token, 'agreeRefund', [docs[0]])).refusals).toEqual([]);
    const sent = await t.waitFor(
      () => getAfterSale(t, seller.token, docs[0].id),
      (d) => d.writeBackStatus === 'SENT' || d.writeBackStatus === 'FAILED',
    );
    expect(sent, JSON.stringify(sent)).toMatchObject({ writeBackStatus: 'SENT', writeBackError: null });
    expect(fake.refunds.get('400000000000000001')!.status).toBe(60);
    expect(fake.calls.find((c) => c.method === 'open.seller.order.refund.approve')!.param).toMatchObject({ refundId: '400000000000000001', refundAmount: 1990, status: 10 });

    // The receiver: masked and encrypted as pulled, in full only when revealed, never stored in clear.
    const found = await t.database.db.execute<{ id: string }>(sql`select erp_order_id as id from platform_orders where domain_id = ${seller.domainId} and store_id = ${store.id} and platform_no = ${oid}`);
    const orderId = Number(found.rows[0]!.id);
    const revealed = await t.call('/cloud/core/decrypt', { idList: [orderId] }, { token: seller.token });
    expect(revealed.body, JSON.stringify(revealed.body)).toMatchObject({ success: true });
    expect(revealed.body.data.voList).toEqual([
      expect.objectContaining({ id: orderId, receiverName: '王小明', receiverPhone: '13912345678', receiverProvince: '北京市', receiverCity: '北京市', receiverDistrict: '朝阳区', receiverAddress: '望京街道 幸福路88号3单元' }),
    ]);
    const stored = await t.database.db.execute<{ txt: string }>(sql`select row_to_json(o)::text as txt from erp_orders o where domain_id = ${seller.domainId} and id = ${orderId}`);
    expect(stored.rows[0]!.txt).not.toContain('13912345678');
    expect(fake.calls.find((c) => c.method === 'open.order.decrypt.batch')!.param).toEqual({
      batchDecryptList: [
        { bizId: oid, encryptedData: `#enc#consignee#${oid}` },
        { bizId: oid, encryptedData: `#enc#mobile#${oid}` },
        { bizId: oid, encryptedData: `#enc#address#${oid}` },
      ],
    });
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
    fake.orders.clear();
    fake.refunds.clear();
  });

  it('records a clear error for an order in a status it does not know, stores nothing of it and keeps the watermark', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: KS });
    expect((await authorizeKsStore(seller.token, store.id)).body.success).toBe(true);
    fake.orders.clear();
    const now = Date.now();
    fake.seedOrders([
      ksFakeOrder('2321300034960001', new Date(now - 2 * HOUR), { skuId: '30001', itemId: '20001' }),
      ksFakeOrder('2321300034960002', new Date(now - HOUR), { skuId: '30001', itemId: '20001' }, { status: 45 }),
    ]);
    const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(run.body.data).toMatchObject({ status: 'FAILURE', created: 0 });
    expect(run.body.data.errorMsg).toContain('2321300034960002');
    expect(run.body.data.errorMsg).toContain('orderBaseInfo.status 45');
    expect(await ordersOfStore(t, seller.domainId, store.id)).toHaveLength(0);
    const [state] = await t.database.db.select().from(orderSyncStates).where(and(eq(orderSyncStates.domainId, seller.domainId), eq(orderSyncStates.storeId, store.id)));
    expect(state?.pulledUntil ?? null).toBeNull();

    // An amount that is not whole fen (yuan sent by mistake) is refused the same way.
    fake.orders.set('2321300034960002', ksFakeOrder('2321300034960002', new Date(now - HOUR), { skuId: '30001', itemId: '20001' }, { totalFee: '25.90' }));
    const again = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(again.body.data).toMatchObject({ status: 'FAILURE', created: 0 });
    expect(again.body.data.errorMsg).toContain('totalFee "25.90" is not an amount in whole fen');
    fake.orders.clear();
  });

  it('marks the store expired when the seller revoked the app (the refresh is refused)', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: KS });
    expect((await authorizeKsStore(seller.token, store.id)).body.success).toBe(true);
    fake.revoke();
    const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(run.body.data.status).toBe('FAILURE');
    expect(run.body.data.errorMsg).toContain('TOKEN_EXPIRED');
    expect(run.body.data.errorMsg).toContain('refreshToken.revokedAuthorization');
    expect((await storeRowOf(seller.domainId, store.id)).authStatus).toBe('EXPIRED');
    expect(fake.calls.filter((c) => c.refused === 'token')).not.toHaveLength(0);
  });

  it('says the installation has no Kuaishou signSecret instead of failing at authorization', async () => {
    const { token } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: KS });
    delete process.env.OPENSELLER_CONNECTOR_KSXD_SIGN_SECRET;
    try {
      const answer = await t.call(`${S}/getAuthorizationUrl`, { id: store.id }, { token });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ errorCode: 'ERR_STORES_APP_CREDENTIALS_MISSING', params: { platformCode: KS } });
    } finally {
      Object.assign(process.env, ENV);
    }
  });

  it('takes the sign secret from the root page: write-only, encrypted at rest, and used to sign', async () => {
    const APPS = '/cloud/admin/connectorApp';
    const saved = await t.call(`${APPS}/save`, { platformKey: 'KSXD', appKey: fake.appKey, appSecret: fake.appSecret, signSecret: fake.signSecret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl }, { token: root });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ success: true, data: { platformKey: 'KSXD', source: 'PAGE', secretSet: true, signSecretSet: true } });
    try {
      const list = await t.call(`${APPS}/list`, {}, { token: root });
      expect(JSON.stringify([saved.body, list.body])).not.toContain(fake.signSecret);
      const raw = await t.database.db.execute<{ sign_secret: string }>(sql`select sign_secret from connector_apps where platform_key = 'KSXD'`);
      expect(raw.rows[0]!.sign_secret.startsWith('enc:v1:')).toBe(true);
      const log = await t.database.db.execute<{ after: unknown }>(sql`select after from admin_logs where entity_type = 'connectorApp' and entity_id = 'KSXD'`);
      expect(JSON.stringify(log.rows)).not.toContain(fake.signSecret);
      expect(JSON.stringify(log.rows)).toContain('"signSecretChanged":true');
      // Saving again without it keeps it; the page's entry (not the environment's) signs the calls.
      expect((await t.call(`${APPS}/save`, { platformKey: 'KSXD', appKey: fake.appKey, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl }, { token: root })).body.data.signSecretSet).toBe(true);
      delete process.env.OPENSELLER_CONNECTOR_KSXD_SIGN_SECRET;
      const seller = await ingestSeller(t);
      const store = await createStore(t, seller.token, { platformCode: KS });
      expect((await authorizeKsStore(seller.token, store.id)).body.success).toBe(true);
      fake.seedOrders([ksFakeOrder('2321300034970001', new Date(Date.now() - HOUR), { skuId: '30001', itemId: '20001' })]);
      const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
      expect(run.body.data).toMatchObject({ status: 'SUCCESS', created: 1 });
      expect(fake.calls.filter((c) => c.method === 'open.order.cursor.list').every((c) => c.refused === null)).toBe(true);
    } finally {
      Object.assign(process.env, ENV);
      await t.call(`${APPS}/remove`, { platformKey: 'KSXD' }, { token: root });
    }
  });
});
