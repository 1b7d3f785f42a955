// A JD store end to end against the local JD fake, through the app's own calls: the store
// authorised by JD's OAuth round trip (getAuthorizationUrl → consent → authorizationCallback), a
// day of orders pulled across several pages and a window boundary into orders, the online goods
// synced for mapping, stock pushed, shipping fed back after the token expired (the store refreshes
// it), pulled orders sent through the send call with their tracking numbers fed back to JD by the
// feedback job, refund applies pulled as after-sale documents and the seller's decisions written
// back to JD, an unknown order state refused whole; the fake checks every signature.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderSyncRunRow, StoreRow, SyncRunRow } from '@openseller/core';
import { createTestApp } from '../../../../test/harness.js';
import { ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore } from '../../../../test/factories/orders-ingest.js';
import { putOnHand } from '../../../../test/factories/outbound.js';
import { mapOnlineSku, receive } from '../../../../test/factories/stocksync.js';
import { createStore, storeSeller } from '../../../../test/factories/stores.js';
import { orderSyncStates, stores, tbSkus } from '../../../db/schema/index.js';
import type { StoresAreaService } from '../../../modules/stores/index.js';
import { decide, getAfterSale } from '../../../../test/factories/aftersales.js';
import { jdFakeOrder, jdFakeRefund, startJdFake } from './jd.fake.js';

process.env.ORDER_PULL_CRON = '0 3 1 1 *';
process.env.ORDER_PULL_RETRY_BASE_MS = '10';
process.env.MARKETPLACE_RETRY_BASE_MS = '10';
const fake = await startJdFake();
const ENV = {
  OPENSELLER_CONNECTOR_JD_APP_KEY: fake.appKey,
  OPENSELLER_CONNECTOR_JD_APP_SECRET: fake.appSecret,
  OPENSELLER_CONNECTOR_JD_GATEWAY_URL: fake.gatewayUrl,
  OPENSELLER_CONNECTOR_JD_AUTHORIZE_URL: fake.authorizeUrl,
};
Object.assign(process.env, ENV);
const t = await createTestApp();
afterAll(async () => {
  await fake.close();
});
// Each test reads the calls the fake received during it.
beforeEach(() => {
  fake.calls.length = 0;
});

const S = '/cloud/domain/store';
const HOUR = 3_600_000;

async function authorizeJdStore(token: string, storeId: number) {
  const start = await t.call<{ authorizationUrl: string }>(`${S}/getAuthorizationUrl`, { id: storeId }, { token });
  expect(start.body, JSON.stringify(start.body)).toMatchObject({ success: true });
  const url = new URL(start.body.data.authorizationUrl);
  expect(url.origin + url.pathname).toBe(fake.authorizeUrl);
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
    (a) => ['SUCCESS', 'FAILED'].includes(a.body.data.voList[0]?.status ?? ''),
  );
  return done.body.data.voList[0]!;
}

describe('a JD store against the JD fake', () => {
  it('authorises, pulls a day of orders across pages and a window boundary into orders, maps goods, pushes stock and feeds shipping back', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 2);
    await ingestWarehouse(t, seller.domainId);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_JD' });

    const callback = await authorizeJdStore(seller.token, store.id);
    expect(callback.body, JSON.stringify(callback.body)).toMatchObject({ success: true, data: { storeId: store.id, platformCode: 'CI_PLATFORM_JD' } });
    const authorized = (await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token: seller.token })).body.data;
    expect(authorized).toMatchObject({ authState: 'AUTHORIZED', platformShopId: fake.uid });

    // 300 orders over 25 hours ending 5 hours ago: the 1-day sub-windows of the pull cut through them, and the last one has 3 pages.
    const now = Date.now();
    const lines = [
      { skuId: '100001', wareId: '5001', outerSkuId: skus[0]!.code },
      { skuId: '100002', wareId: '5001', outerSkuId: skus[1]!.code },
    ];
    const orders = Array.from({ length: 300 }, (_, i) => jdFakeOrder(String(910000000 + i), new Date(now - 30 * HOUR + i * 5 * 60_000), [lines[i % 2]!]));
    fake.seedOrders([...orders, jdFakeOrder('909999999', new Date(now - 4 * 24 * HOUR), [lines[0]!])]);

    const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ success: true, data: { status: 'SUCCESS', pulled: 300, created: 300, failed: 0 } });
    const stored = await ordersOfStore(t, seller.domainId, store.id);
    expect(stored.map((o) => o.platform_nos[0]).sort()).toEqual(orders.map((o) => o.orderId).sort());
    expect(stored.every((o) => !(o.labels as string[]).includes('ORDER_TBSKU_EXCEPTION'))).toBe(true);
    const searches = fake.calls.filter((c) => c.method === 'jingdong.pop.order.enSearch');
    expect(searches.filter((c) => c.business!.page === '3')).not.toHaveLength(0);
    expect(new Set(searches.map((c) => c.business!.start_date)).size).toBeGreaterThanOrEqual(2);

    // The online goods for the mapping page.
    fake.seedWares(
      [{ wareId: '5001', title: '保温杯', outerId: 'CUP', wareStatus: 8 }],
      [
        { skuId: '100001', wareId: '5001', skuName: '保温杯 红', outerId: skus[0]!.code, jdPrice: '59.00', stockNum: 3 },
        { skuId: '100002', wareId: '5001', skuName: '保温杯 蓝', outerId: skus[1]!.code, jdPrice: '59.00', stockNum: 3 },
      ],
    );
    const goods = await syncGoodsAndWait(seller.token, store.id);
    expect(goods).toMatchObject({ status: 'SUCCESS', itemCount: 1, skusCreated: 2 });
    const online = await t.database.db
      .select()
      .from(tbSkus)
      .where(and(eq(tbSkus.domainId, seller.domainId), eq(tbSkus.storeId, store.id)));
    expect(online.map((s) => s.outerSkuId).sort()).toEqual(skus.map((s) => s.code).sort());

    // Stock pushed through the store's connection.
    const connection = await t.app.services.registry.get<StoresAreaService>('stores').connectorFor(seller.domainId, store.id);
    expect(await connection.pushStock([{ tbSkuId: '100001', quantity: 42 }])).toEqual([{ key: '100001', ok: true, message: null }]);
    expect(fake.skus.get('100001')!.stockNum).toBe(42);
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);

    // The token expires on JD's side: the connection refreshes it and the feedback goes through.
    const [before] = await t.database.db.select().from(stores).where(and(eq(stores.domainId, seller.domainId), eq(stores.id, store.id)));
    fake.expireToken();
    const shipped = await connection.pushShippingFeedback([{ platformNo: '910000000', expressCompanyCode: 'ZTO', expressNo: '73100000001' }]);
    expect(shipped).toEqual([{ key: '910000000', ok: true, message: null }]);
    expect(fake.orders.get('910000000')).toMatchObject({ orderState: 'WAIT_GOODS_RECEIVE_CONFIRM', logisticsId: '1499', waybill: '73100000001' });
    const [after] = await t.database.db.select().from(stores).where(and(eq(stores.domainId, seller.domainId), eq(stores.id, store.id)));
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(after!.authStatus).toBe('AUTHORIZED');
    expect(fake.calls.filter((c) => c.refused && c.refused !== 'token')).toHaveLength(0);

    // The next pull brings the shipped order again, as shipped.
    const again = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(again.body.data).toMatchObject({ status: 'SUCCESS', pulled: 1, created: 0 });
    const platform = await t.database.db.execute<{ platform_status: string }>(
      sql`select platform_status from platform_orders where domain_id = ${seller.domainId} and store_id = ${store.id} and platform_no = '910000000'`,
    );
    expect(platform.rows[0]!.platform_status).toBe('WAIT_BUYER_CONFIRM_GOODS');

    // Another domain cannot pull this store.
    const other = await ingestSeller(t);
    const foreign = await t.call('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: other.token });
    expect(foreign.body.success).toBe(false);
    expect(foreign.status).toBe(404);
  });

  it('ships pulled JD orders through the send call and feeds their tracking numbers back to JD (one refused, and said why)', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_JD' });
    expect((await authorizeJdStore(seller.token, store.id)).body.success).toBe(true);
    fake.orders.clear();
    const now = Date.now();
    const line = { skuId: '100001', wareId: '5001', outerSkuId: skus[0]!.code };
    fake.seedOrders([940000001, 940000002, 940000003].map((no, i) => jdFakeOrder(String(no), new Date(now - (3 - i) * HOUR), [line])));
    const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(run.body.data).toMatchObject({ status: 'SUCCESS', created: 3 });
    await putOnHand(t, seller.domainId, [{ warehouseId, skuId: skus[0]!.id, qty: 100 }]);
    const orders = await ordersOfStore(t, seller.domainId, store.id);
    const ids = orders.map((o) => Number(o.id));
    await t.database.db.execute(sql`update erp_orders set express_company_code = 'ZTO', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where domain_id = ${seller.domainId}`);
    const verified = await t.call('/myhome/erpsoh/verify', { idList: ids }, { token: seller.token });
    expect(verified.body.data.failures).toEqual([]);
    for (const id of ids) await t.database.db.execute(sql`update erp_orders set express_no = ${'7310' + String(id).padStart(8, '0')} where id = ${id}`);
    // The buyer cancels one on JD before it is sent: JD refuses its shipment.
    const cancelled = orders.find((o) => o.platform_nos[0] === '940000003')!;
    fake.orders.set('940000003', { ...fake.orders.get('940000003')!, orderState: 'TRADE_CANCELED' });

    const sent = await t.call('/myhome/sendsoh/sendErpSoHList', { idList: ids }, { token: seller.token });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ success: true });
    const recordKey = sent.body.data.recordKey as string;
    const progress = await t.waitFor(
      async () => ((await t.call('/myhome/erpsoh/queryFeedbackProgress', {}, { token: seller.token })).body.data.vo.feedbackProgressItems as Array<Record<string, unknown>>).find((p) => p.recordKey === recordKey),
      (p) => p?.feedbackComplete === true,
    );
    expect(progress).toMatchObject({ totalCount: 3, successfulCount: 2, failureCount: 1 });
    for (const order of orders.filter((o) => o !== cancelled)) {
      expect(fake.orders.get(order.platform_nos[0])).toMatchObject({ orderState: 'WAIT_GOODS_RECEIVE_CONFIRM', logisticsId: '1499', waybill: '7310' + String(order.id).padStart(8, '0') });
    }
    const failures = await t.call('/myhome/taobaoSoHFeedback/searchFeedbackPageList', { currentPage: 1, pageSize: 10, storeIdList: [store.id] }, { token: seller.token });
    expect(JSON.stringify(failures.body.data)).toContain('订单状态不正确');
    expect(fake.calls.filter((c) => c.method === 'jingdong.pop.order.shipment').every((c) => c.refused === null)).toBe(true);
  });

  it('pushes the stock of mapped JD SKUs through the stock sync (warehouse stock less the safety stock)', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 2);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_JD' });
    expect((await authorizeJdStore(seller.token, store.id)).body.success).toBe(true);
    fake.wares.clear();
    fake.skus.clear();
    fake.seedWares(
      [{ wareId: '6001', title: '水杯', wareStatus: 8 }],
      [
        { skuId: '200001', wareId: '6001', skuName: '水杯 白', outerId: skus[0]!.code, jdPrice: '19.00', stockNum: 0 },
        { skuId: '200002', wareId: '6001', skuName: '水杯 黑', outerId: skus[1]!.code, jdPrice: '19.00', stockNum: 0 },
      ],
    );
    expect(await syncGoodsAndWait(seller.token, store.id)).toMatchObject({ status: 'SUCCESS', skusCreated: 2 });
    const online = await t.database.db
      .select()
      .from(tbSkus)
      .where(and(eq(tbSkus.domainId, seller.domainId), eq(tbSkus.storeId, store.id)));
    for (const row of online) await mapOnlineSku(t, seller.domainId, row.id, skus.find((s) => s.code === row.outerSkuId)!.id);
    await receive(t, seller.domainId, warehouseId, skus[0]!.id, 10);
    await receive(t, seller.domainId, warehouseId, skus[1]!.id, 1);
    const rule = await t.call('/myhome/bizinventory/syncRule/create', { storeId: store.id, warehouseId, ratio: 1, safetyStock: 2 }, { token: seller.token });
    expect(rule.body.success).toBe(true);
    const requested = await t.call('/myhome/bizinventory/manualSync', { storeId: store.id }, { token: seller.token });
    expect(requested.body.data).toEqual({ requested: 2, alreadyPending: 0 });
    // Both SKUs' pushes (they may go in separate batches), not only the first one seen.
    await t.waitFor(
      async () => [fake.skus.get('200001')!.stockNum, fake.calls.filter((c) => c.method === 'jingdong.stock.write.updateSkuStock').length],
      ([a, pushed]) => a === 8 && pushed! >= 2,
    );
    expect(fake.skus.get('200002')!.stockNum).toBe(0);
    const pushes = fake.calls.filter((c) => c.method === 'jingdong.stock.write.updateSkuStock');
    expect(pushes.map((c) => c.business).sort((a, b) => String(a!.skuId).localeCompare(String(b!.skuId)))).toEqual([
      { skuId: '200001', stockNum: '8' },
      { skuId: '200002', stockNum: '0' },
    ]);
    expect(pushes.every((c) => c.refused === null)).toBe(true);
  });

  it('pulls JD refund applies into after-sale documents of their orders and writes the seller’s decisions back to JD', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    await ingestWarehouse(t, seller.domainId);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_JD' });
    expect((await authorizeJdStore(seller.token, store.id)).body.success).toBe(true);
    fake.orders.clear();
    fake.refunds.clear();
    const now = Date.now();
    const line = { skuId: '100001', wareId: '5001', outerSkuId: skus[0]!.code, price: '10.00' };
    fake.seedOrders([jdFakeOrder('930000001', new Date(now - 3 * HOUR), [line]), jdFakeOrder('930000002', new Date(now - 3 * HOUR), [line])]);
    fake.seedRefunds([
      jdFakeRefund('5300001', '930000001', new Date(now - 2 * HOUR), { applyRefundSum: 1600 }),
      jdFakeRefund('5300002', '930000002', new Date(now - HOUR), { applyRefundSum: 1000, reason: '拍错了' }),
    ]);
    const pull = async () => {
      const run = await t.call<OrderSyncRunRow & { afterSalesCreated: number; afterSalesUpdated: number }>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
      expect(run.body.data, JSON.stringify(run.body)).toMatchObject({ status: 'SUCCESS' });
      return run.body.data;
    };
    expect(await pull()).toMatchObject({ created: 2, afterSalesCreated: 2 });
    const documents = async () => {
      const list = (await t.call('/cloud/advance/afterSales/search', { storeIdList: [store.id] }, { token: seller.token })).body.data.voList as any[];
      return new Map(list.map((d) => [d.platformRefundId as string, d]));
    };
    const pulled = await documents();
    expect(pulled.get('5300001')).toMatchObject({ source: 'PLATFORM', type: 'REFUND_ONLY', platformStatus: 'WAIT_SELLER_AGREE', tbSohCode: '930000001', refundFee: '16.0000', checkStatus: 'UNPROCESSED' });
    expect(pulled.get('5300002')).toMatchObject({ tbSohCode: '930000002', refundFee: '10.0000', afterSalesReason: '拍错了' });
    expect(pulled.get('5300001').erpSoHCode).toEqual(expect.any(String));

    // The seller agrees one and refuses the other: the write-back sends both to JD.
    expect((await decide(t, seller.token, 'agreeRefund', [pulled.get('5300001')])).refusals).toEqual([]);
    expect((await decide(t, seller.token, 'refuseRefund', [pulled.get('5300002')])).refusals).toEqual([]);
    for (const doc of [pulled.get('5300001'), pulled.get('5300002')]) {
      const sent = await t.waitFor(
        () => getAfterSale(t, seller.token, doc.id),
        (d) => ['SENT', 'FAILED'].includes(d.writeBackStatus),
      );
      expect(sent, JSON.stringify(sent.writeBackError)).toMatchObject({ writeBackStatus: 'SENT', writeBackError: null });
    }
    expect(fake.refunds.get('5300001')).toMatchObject({ status: 1 });
    expect(fake.refunds.get('5300002')).toMatchObject({ status: 2 });
    expect(fake.calls.filter((c) => c.method === 'jingdong.pop.afs.soa.refundapply.replyRefund').map((c) => c.business!.status).sort()).toEqual(['1', '2']);

    // The next pull mirrors JD's new states onto the same documents.
    expect(await pull()).toMatchObject({ afterSalesCreated: 0, afterSalesUpdated: 2 });
    const mirrored = await documents();
    expect(mirrored.get('5300001')).toMatchObject({ id: pulled.get('5300001').id, platformStatus: 'SUCCESS' });
    expect(mirrored.get('5300002')).toMatchObject({ id: pulled.get('5300002').id, platformStatus: 'SELLER_REFUSE_BUYER' });
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
    fake.refunds.clear();
    fake.orders.clear();
  });

  it('records a clear error for an order in a state it does not know, stores nothing of the window and keeps the watermark', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_JD' });
    expect((await authorizeJdStore(seller.token, store.id)).body.success).toBe(true);
    fake.orders.clear();
    const now = Date.now();
    fake.seedOrders([
      jdFakeOrder('920000001', new Date(now - 2 * HOUR), [{ skuId: '100001', wareId: '5001' }]),
      jdFakeOrder('920000002', new Date(now - HOUR), [{ skuId: '100001', wareId: '5001' }], { orderState: 'WAIT_SOMETHING_NEW' }),
    ]);
    const run = await t.call<OrderSyncRunRow>('/myhome/platformSo/syncStoreOrders', { storeId: store.id }, { token: seller.token });
    expect(run.body.data).toMatchObject({ status: 'FAILURE', created: 0 });
    expect(run.body.data.errorMsg).toContain('920000002');
    expect(run.body.data.errorMsg).toContain('WAIT_SOMETHING_NEW');
    expect(await ordersOfStore(t, seller.domainId, store.id)).toHaveLength(0);
    const [state] = await t.database.db.select().from(orderSyncStates).where(and(eq(orderSyncStates.domainId, seller.domainId), eq(orderSyncStates.storeId, store.id)));
    expect(state?.pulledUntil ?? null).toBeNull();
    fake.orders.delete('920000002');
    fake.orders.delete('920000001');
  });

  it('says the installation has no JD app credentials instead of failing at authorization', async () => {
    const { token } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'CI_PLATFORM_JD' });
    delete process.env.OPENSELLER_CONNECTOR_JD_APP_SECRET;
    try {
      const answer = await t.call(`${S}/getAuthorizationUrl`, { id: store.id }, { token });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ errorCode: 'ERR_STORES_APP_CREDENTIALS_MISSING', params: { platformCode: 'CI_PLATFORM_JD' } });
    } finally {
      Object.assign(process.env, ENV);
    }
  });
});
