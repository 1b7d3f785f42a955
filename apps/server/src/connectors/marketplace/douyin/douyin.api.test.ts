// A Douyin shop store end to end against the local Douyin fake, through the app's own calls: the
// store authorised from store management (getAuthorizationUrl → consent page → callback), a day of
// orders pulled across several pages and a sub-window boundary into ERP orders, the online goods
// synced for mapping, stock pushed through the store connection, an order given a Douyin waybill
// (print code dy) and sent, its tracking number fed back by order.logisticsAdd after the token
// expired (the connection refreshes it) — the fake checking every signature. Also: an order in a
// status the connector does not know fails the pull clearly and stores nothing; a withdrawn
// authorisation marks the store expired; a Douyin store without app credentials says so; a refund
// pulled into an after-sale document and agreed in the ERP is written back by afterSale.operate.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderSyncRunRow, StoreRow, SyncRunRow } from '@openseller/core';
import { createTestApp, uniqueName } from '../../../../test/harness.js';
import { decide, getAfterSale } from '../../../../test/factories/aftersales.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore } from '../../../../test/factories/orders-ingest.js';
import { putOnHand } from '../../../../test/factories/outbound.js';
import { createStore, storeSeller } from '../../../../test/factories/stores.js';
import { orderSyncStates, stores, tbSkus } from '../../../db/schema/index.js';
import type { StoresAreaService } from '../../../modules/stores/index.js';
import { seedDemoData } from '../../../seed/demo.js';
import { douyinFakeOrder, startDouyinFake } from './douyin.fake.js';

process.env.ORDER_PULL_CRON = '0 3 1 1 *';
process.env.AFTER_SALES_WRITE_BACK_CRON = '0 3 1 1 *';
process.env.ORDER_PULL_RETRY_BASE_MS = '10';
process.env.MARKETPLACE_RETRY_BASE_MS = '10';
// Tokens of 30 days: not "expiring" on the store list.
const fake = await startDouyinFake({ accessTokenTtlSeconds: 30 * 86_400 });
const ENV = {
  OPENSELLER_CONNECTOR_DY_APP_KEY: fake.appKey,
  OPENSELLER_CONNECTOR_DY_APP_SECRET: fake.appSecret,
  OPENSELLER_CONNECTOR_DY_GATEWAY_URL: fake.gatewayUrl,
  OPENSELLER_CONNECTOR_DY_AUTHORIZE_URL: fake.authorizeUrl,
  OPENSELLER_CONNECTOR_DY_SERVICE_ID: fake.serviceId,
};
Object.assign(process.env, ENV);
const t = await createTestApp();
await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
const root = await t.token('root', 'Root#2026go');
afterAll(async () => {
  for (const k of Object.keys(ENV)) delete process.env[k];
  await fake.close();
});
beforeEach(() => {
  fake.calls.length = 0;
});

const S = '/cloud/domain/store';
const HOUR = 3_600_000;

async function ok<T = any>(token: string, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await t.call<T>(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

async function authorizeDouyinStore(token: string, storeId: number) {
  const start = await ok<{ authorizationUrl: string }>(token, `${S}/getAuthorizationUrl`, { id: storeId });
  const url = new URL(start.authorizationUrl);
  expect(url.origin + url.pathname).toBe(fake.authorizeUrl);
  expect(url.searchParams.get('service_id')).toBe(fake.serviceId);
  const consent = await fetch(url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(new URL(consent.headers.get('location')!).hash.slice(1), 'http://app');
  return t.call(`${S}/authorizationCallback`, { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
}

describe('a Douyin shop store against the Douyin fake', () => {
  it('authorises, pulls a day of orders across pages and a window boundary, maps goods, pushes stock, ships with a Douyin waybill and feeds the number back', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 2);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    await t.database.db.execute(sql`update warehouses set county = '西湖区' where id = ${warehouseId}`);
    const store = await createStore(t, seller.token, { platformCode: 'DY', name: uniqueName('抖店 ') });

    const callback = await authorizeDouyinStore(seller.token, store.id);
    expect(callback.body, JSON.stringify(callback.body)).toMatchObject({ success: true, data: { storeId: store.id, platformCode: 'DY' } });
    expect(await ok<StoreRow>(seller.token, `${S}/getStore`, { id: store.id })).toMatchObject({ authState: 'AUTHORIZED', platformShopId: fake.shopId });

    // 300 orders over 25 hours ending 5 hours ago (the 1-day sub-windows cut through them), and one 4 days old.
    const now = Date.now();
    const lines = skus.map((s, i) => ({ skuId: `170000000${i + 1}`, productId: '3500000001', outSkuId: s.code }));
    const orders = Array.from({ length: 300 }, (_, i) => douyinFakeOrder(String(6910000000000000 + i), new Date(now - 30 * HOUR + i * 5 * 60_000), [lines[i % 2]!]));
    fake.seedOrders([...orders, douyinFakeOrder('6909999999999999', new Date(now - 4 * 24 * HOUR), [lines[0]!])]);
    const run = await ok<OrderSyncRunRow>(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    expect(run).toMatchObject({ status: 'SUCCESS', pulled: 300, created: 300, failed: 0 });
    const stored = await ordersOfStore(t, seller.domainId, store.id);
    expect(stored.map((o) => o.platform_nos[0]).sort()).toEqual(orders.map((o) => o.order_id).sort());
    expect(stored.every((o) => !(o.labels as string[]).includes('ORDER_TBSKU_EXCEPTION'))).toBe(true);
    const searches = fake.calls.filter((c) => c.method === 'order.searchList');
    expect(searches.length).toBeGreaterThanOrEqual(4);
    expect(searches.every((c) => c.params!.page === 0 && c.params!.size === 100 && (c.params!.update_time_end as number) - (c.params!.update_time_start as number) <= 86_400)).toBe(true);
    // A full 1-day sub-window, then the sub-window ending at the pull's end.
    expect(searches.some((c) => (c.params!.update_time_end as number) - (c.params!.update_time_start as number) === 86_400)).toBe(true);

    // Goods for the mapping page, by the goods sync job.
    fake.seedProducts(
      [{ product_id: '3500000001', name: '抖音保温杯', out_product_id: 'CUP', status: 0 }],
      skus.map((s, i) => ({ id: `170000000${i + 1}`, product_id: '3500000001', code: s.code, price: 5900, spec_detail_name1: `颜色${i}`, stock_num: 3 })),
    );
    await ok(seller.token, `${S}/syncOnlineGoods`, { id: store.id });
    const done = await t.waitFor(
      () => ok<{ voList: SyncRunRow[] }>(seller.token, `${S}/searchSyncRuns`, { storeId: store.id }),
      (r) => ['SUCCESS', 'FAILED'].includes(r.voList[0]?.status ?? ''),
    );
    expect(done.voList[0]).toMatchObject({ status: 'SUCCESS', itemCount: 1, skusCreated: 2 });
    const online = await t.database.db
      .select()
      .from(tbSkus)
      .where(and(eq(tbSkus.domainId, seller.domainId), eq(tbSkus.storeId, store.id)));
    expect(online.map((s) => s.outerSkuId).sort()).toEqual(skus.map((s) => s.code).sort());

    // Stock through the store's connection.
    const connection = await t.app.services.registry.get<StoresAreaService>('stores').connectorFor(seller.domainId, store.id);
    expect(await connection.pushStock([{ tbSkuId: '1700000001', quantity: 42 }])).toEqual([{ key: '1700000001', ok: true, message: null }]);
    expect(fake.skus.get('1700000001')!.stock_num).toBe(42);

    // A Douyin waybill (print code dy) for one order, then sent: the number is fed back with Douyin's company code.
    await chooseCarriers(t, seller.token, ['ZTO']);
    await ok(seller.token, '/myhome/etrackaccount/create', { printCode: 'dy', expressCompanyCode: 'ZTO', name: 'Douyin ZTO', shop: store.name, branchName: '杭州网点', sandbox: false, isDefault: true });
    await putOnHand(t, seller.domainId, skus.map((s) => ({ warehouseId, skuId: s.id, qty: 1000 })));
    const target = stored.find((o) => o.platform_nos[0] === orders[7]!.order_id)!;
    await t.database.db.execute(sql`update erp_orders set express_company_code = 'ZTO', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where id = ${target.id}`);
    expect((await ok(seller.token, '/myhome/erpsoh/verify', { idList: [Number(target.id)] })).failures).toEqual([]);
    const numbered = await ok(seller.token, '/myhome/print/eTrackGetNoAndPrint', { idList: [Number(target.id)] });
    expect(numbered.failures).toEqual([]);
    const waybill = fake.waybills.at(-1)!;
    expect(numbered.voList[0]).toMatchObject({ id: Number(target.id), expressCompanyCode: 'ZTO', expressNo: waybill.trackNo });
    expect(waybill).toMatchObject({ logisticsCode: 'zhongtong', cancelled: false });
    // A Douyin order on a Douyin waybill: sent under its Douyin order id with its ciphertexts, so the label carries the real receiver.
    expect(waybill).toMatchObject({ orderId: orders[7]!.order_id, encryptedReceiver: true, receiver: { contact: { name: orders[7]!.encrypt_post_receiver, mobile: orders[7]!.encrypt_post_tel } } });

    // The main account reveals the full receiver: Douyin decrypts it (order.batchDecrypt), nothing of it is stored.
    fake.setClearReceiver(orders[7]!.order_id, { name: '赵六', tel: '13612345678', detail: '文三路9号' });
    const revealed = await ok<{ voList: Record<string, unknown>[] }>(seller.token, '/cloud/core/decrypt', { idList: [Number(target.id)] });
    expect(revealed.voList[0]).toMatchObject({ receiverName: '赵六', receiverPhone: '13612345678', receiverProvince: '浙江省', receiverAddress: '文新街道文三路9号' });
    expect(fake.calls.filter((c) => c.method === 'order.batchDecrypt').at(-1)!.params!.cipher_infos).toEqual([
      { auth_id: orders[7]!.order_id, cipher_text: orders[7]!.encrypt_post_receiver },
      { auth_id: orders[7]!.order_id, cipher_text: orders[7]!.encrypt_post_tel },
      { auth_id: orders[7]!.order_id, cipher_text: orders[7]!.post_addr.encrypt_detail },
    ]);
    const kept = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from erp_orders where id = ${target.id} and receiver_name = '赵六'`);
    expect(kept.rows[0]!.n).toBe(0);

    // The token expires on Douyin's side before the feedback: the connection refreshes it.
    const [before] = await t.database.db.select().from(stores).where(and(eq(stores.domainId, seller.domainId), eq(stores.id, store.id)));
    fake.expireToken();
    const sent = await ok(seller.token, '/myhome/sendsoh/sendErpSoHList', { idList: [Number(target.id)] });
    expect(sent.successIds).toEqual([Number(target.id)]);
    await t.waitFor(
      async () => fake.orders.get(orders[7]!.order_id),
      (o) => o?.order_status === 3,
    );
    expect(fake.orders.get(orders[7]!.order_id)).toMatchObject({ logistics_info: [{ tracking_no: waybill.trackNo, company: 'zhongtong' }] });
    const [after] = await t.database.db.select().from(stores).where(and(eq(stores.domainId, seller.domainId), eq(stores.id, store.id)));
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(after!.authStatus).toBe('AUTHORIZED');

    // Every call was signed right; the only refusals were the expired token's.
    expect(fake.badSignatures).toBe(0);
    expect(fake.calls.filter((c) => c.refused && c.refused !== 'token')).toEqual([]);

    // The next pull brings the shipped order again, as shipped.
    const again = await ok<OrderSyncRunRow>(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    expect(again).toMatchObject({ status: 'SUCCESS', pulled: 1, created: 0 });
    const platform = await t.database.db.execute<{ platform_status: string }>(
      sql`select platform_status from platform_orders where domain_id = ${seller.domainId} and store_id = ${store.id} and platform_no = ${orders[7]!.order_id}`,
    );
    expect(platform.rows[0]!.platform_status).toBe('WAIT_BUYER_CONFIRM_GOODS');
  });

  it('writes a refund agreed in the ERP back to Douyin through afterSale.operate (an after-sale id beyond 2^53 kept whole)', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    const store = await createStore(t, seller.token, { platformCode: 'DY', name: uniqueName('抖店 ') });
    expect((await authorizeDouyinStore(seller.token, store.id)).body.success).toBe(true);
    fake.orders.clear();
    fake.afterSales.clear();
    fake.decisions.length = 0;
    const now = Date.now();
    const sec = (ms: number) => Math.floor(ms / 1000);
    const order = douyinFakeOrder('6930000000000001', new Date(now - 2 * HOUR), [{ skuId: '1700000001', productId: '3500000001', outSkuId: skus[0]!.code, priceFen: 1000 }]);
    fake.seedOrders([order]);
    const refundId = '7212345678901234567';
    fake.seedAfterSales([
      {
        aftersale_info: { aftersale_id: refundId, aftersale_type: 2, aftersale_status: 6, related_id: order.order_id, apply_time: sec(now - HOUR), update_time: sec(now - HOUR), refund_amount: 1000 },
        order_info: { shop_order_id: order.order_id, related_order_info: [{ sku_order_id: `${order.order_id}1`, product_id: 3500000001, product_name: '商品', shop_sku_code: skus[0]!.code, item_num: 1, aftersale_item_num: 1, price: 1000 }] },
        text_part: { reason_text: '不想要了' },
      },
    ]);
    try {
      const run = await ok<OrderSyncRunRow & { afterSalesCreated: number }>(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId: store.id });
      expect(run).toMatchObject({ status: 'SUCCESS', afterSalesCreated: 1 });
      const docs = (await t.call('/cloud/advance/afterSales/search', { storeIdList: [store.id] }, { token: seller.token })).body.data.voList as any[];
      expect(docs).toHaveLength(1);
      expect(JSON.stringify(docs[0])).toContain(refundId);
      expect((await decide(t, seller.token, 'agreeRefund', [docs[0]])).refusals).toEqual([]);
      const settled = await t.waitFor(
        () => getAfterSale(t, seller.token, docs[0].id),
        (d) => d.writeBackStatus === 'SENT' || d.writeBackStatus === 'FAILED',
      );
      expect(settled, JSON.stringify(settled)).toMatchObject({ writeBackStatus: 'SENT', writeBackError: null });
      expect(fake.decisions.map((d) => [d.type, d.aftersaleId])).toEqual([[201, refundId]]);
      expect(fake.afterSales.get(refundId)!.aftersale_info.aftersale_status).toBe(12);
      expect(fake.calls.filter((c) => c.method.startsWith('afterSale.') && c.method !== 'afterSale.List').map((c) => c.method)).toEqual(['afterSale.Detail', 'afterSale.operate']);
    } finally {
      fake.afterSales.clear();
      fake.orders.clear();
    }
  });

  it('records a clear error for an order in a status it does not know, stores nothing of the window and keeps the watermark', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: 'DY' });
    expect((await authorizeDouyinStore(seller.token, store.id)).body.success).toBe(true);
    fake.orders.clear();
    const now = Date.now();
    const line = { skuId: '1700000001', productId: '3500000001' };
    fake.seedOrders([douyinFakeOrder('6920000000000001', new Date(now - 2 * HOUR), [line]), douyinFakeOrder('6920000000000002', new Date(now - HOUR), [line], { order_status: 77 })]);
    const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(run.body.data).toMatchObject({ status: 'FAILURE', created: 0 });
    expect(run.body.data.errorMsg).toContain('6920000000000002');
    expect(run.body.data.errorMsg).toContain('order_status');
    expect(await ordersOfStore(t, seller.domainId, store.id)).toHaveLength(0);
    const [state] = await t.database.db.select().from(orderSyncStates).where(and(eq(orderSyncStates.domainId, seller.domainId), eq(orderSyncStates.storeId, store.id)));
    expect(state?.pulledUntil ?? null).toBeNull();
    fake.orders.clear();
  });

  it('marks the store’s authorisation expired when the shop withdrew it on Douyin (the refresh is refused)', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: 'DY' });
    expect((await authorizeDouyinStore(seller.token, store.id)).body.success).toBe(true);
    fake.revokeAuthorization();
    try {
      const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
      expect(JSON.stringify(run.body)).toContain('authorize the store again');
      expect(await ok<StoreRow>(seller.token, `${S}/getStore`, { id: store.id })).toMatchObject({ authState: 'EXPIRED' });
    } finally {
      // Authorising again (a new code) gives the shop back.
      expect((await authorizeDouyinStore(seller.token, store.id)).body.success).toBe(true);
    }
  });

  it('says the installation has no Douyin app credentials instead of failing at authorisation', async () => {
    const { token } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'DY' });
    delete process.env.OPENSELLER_CONNECTOR_DY_APP_SECRET;
    try {
      const answer = await t.call(`${S}/getAuthorizationUrl`, { id: store.id }, { token });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ errorCode: 'ERR_STORES_APP_CREDENTIALS_MISSING', params: { platformCode: 'DY' } });
    } finally {
      Object.assign(process.env, ENV);
    }
  });

  it('takes the service id from the root page (kept in clear, listed) and builds the consent address with it', async () => {
    const APPS = '/cloud/admin/connectorApp';
    const bad = await t.call(`${APPS}/save`, { platformKey: 'DY', appKey: fake.appKey, appSecret: fake.appSecret, serviceId: '59 01' }, { token: root });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('serviceId');
    const saved = await t.call(`${APPS}/save`, { platformKey: 'DY', appKey: fake.appKey, appSecret: fake.appSecret, serviceId: fake.serviceId, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl }, { token: root });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ success: true, data: { platformKey: 'DY', source: 'PAGE', serviceId: fake.serviceId } });
    delete process.env.OPENSELLER_CONNECTOR_DY_SERVICE_ID;
    try {
      const list = (await t.call(`${APPS}/list`, {}, { token: root })).body.data.voList as { platformKey: string; serviceId: string | null }[];
      expect(list.find((r) => r.platformKey === 'DY')).toMatchObject({ serviceId: fake.serviceId });
      const seller = await ingestSeller(t);
      const store = await createStore(t, seller.token, { platformCode: 'DY' });
      expect((await authorizeDouyinStore(seller.token, store.id)).body.success).toBe(true);
      // Saved again without it: no service id, and "Authorise" says what is missing.
      await t.call(`${APPS}/save`, { platformKey: 'DY', appKey: fake.appKey, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl }, { token: root });
      const missing = await t.call(`${S}/getAuthorizationUrl`, { id: store.id }, { token: seller.token });
      expect(missing.status).toBe(409);
      expect(JSON.stringify(missing.body)).toContain('OPENSELLER_CONNECTOR_DY_SERVICE_ID');
    } finally {
      Object.assign(process.env, ENV);
      await t.call(`${APPS}/remove`, { platformKey: 'DY' }, { token: root });
    }
  });
});
