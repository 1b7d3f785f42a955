// A Pinduoduo store end to end against the local fake of the POP gateway, through the real
// calls: authorised from store management (the consent page, the callback), a day of orders
// pulled across pages and windows into ERP orders, goods listed by the goods sync, stock pushed
// through the store connection, a parcel given a PDD waybill and shipped, and the tracking number
// fed back — the fake checking every signature. Also: a PDD store without app credentials.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../../../../test/harness.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore } from '../../../../test/factories/orders-ingest.js';
import { putOnHand } from '../../../../test/factories/outbound.js';
import { createStore } from '../../../../test/factories/stores.js';
import type { StoresAreaService } from '../../../modules/stores/index.js';
import { createCarrierRegistry } from '../../carrier/registry.js';
import { startPddFake, type PddFake } from './pdd.fake.js';

let t: TestApp;
let fake: PddFake;
const ENV = ['APP_KEY', 'APP_SECRET', 'GATEWAY_URL', 'AUTHORIZE_URL'].map((k) => `OPENSELLER_CONNECTOR_PDD_${k}`);

beforeAll(async () => {
  // Tokens of 30 days: not "expiring" (7 days) on the store list.
  fake = await startPddFake({ tokenLifetimeSeconds: 30 * 86_400 });
  const c = fake.credentials();
  Object.assign(process.env, { [ENV[0]!]: c.appKey, [ENV[1]!]: c.appSecret, [ENV[2]!]: c.gatewayUrl, [ENV[3]!]: c.authorizeUrl });
  // The scheduled pull would race the test's own pull.
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});
afterAll(async () => {
  for (const k of ENV) delete process.env[k];
  await fake.close();
});

async function ok<T = any>(token: string, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await t.call<T>(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

describe('a Pinduoduo store against the fake gateway', () => {
  it('is authorised, pulls a day of orders, lists goods, pushes stock, ships with a PDD waybill and feeds the number back', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 2);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    await t.database.db.execute(sql`update warehouses set county = '西湖区' where id = ${warehouseId}`);
    const goodsId = uniqueName('G');
    fake.seedGoods([
      { goods_id: goodsId, goods_name: '拼多多杯子', is_onsale: 1, sku_list: skus.map((s, i) => ({ sku_id: `${goodsId}-${i}`, spec: `颜色${i}`, outer_id: s.code, outer_goods_id: goodsId, sku_quantity: 3 })) },
    ]);

    // Authorization from store management, through the consent page and the callback.
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_PDD', name: uniqueName('PDD ') });
    const start = await ok<{ authorizationUrl: string }>(seller.token, '/cloud/domain/store/getAuthorizationUrl', { id: store.id });
    expect(start.authorizationUrl.startsWith(fake.authorizeUrl)).toBe(true);
    const consent = await fetch(start.authorizationUrl, { redirect: 'manual' });
    const back = new URL(new URL(consent.headers.get('location')!).hash.slice(1), 'http://app');
    const callback = await t.call('/cloud/domain/store/authorizationCallback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(callback.body).toMatchObject({ success: true, data: { storeId: store.id, platformCode: 'CI_PLATFORM_PDD' } });
    expect(await ok(seller.token, '/cloud/domain/store/getStore', { id: store.id })).toMatchObject({ authState: 'AUTHORIZED', platformShopId: fake.ownerId });

    // A day of orders: 130 in one half hour (two pages), 20 spread over the day.
    const now = Date.now();
    const item = (i: number) => ({ goods_id: goodsId, sku_id: `${goodsId}-${i % 2}`, outer_id: skus[i % 2]!.code, goods_name: '拼多多杯子', goods_price: '10.00', goods_spec: `颜色${i % 2}`, goods_count: 1 });
    const burst = Array.from({ length: 130 }, (_, i) => ({ order_sn: `${goodsId}-B${i}`, updatedAt: new Date(now - 5 * 3_600_000 + i * 1000), item_list: [item(i)] }));
    const spread = Array.from({ length: 20 }, (_, i) => ({ order_sn: `${goodsId}-S${i}`, updatedAt: new Date(now - 24 * 3_600_000 + i * 70 * 60_000 + 60_000), item_list: [item(i)] }));
    fake.seedOrders([...burst, ...spread]);
    const run = await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    expect(run).toMatchObject({ status: 'SUCCESS', created: 150, failed: 0 });
    const orders = await ordersOfStore(t, seller.domainId, store.id);
    expect(orders).toHaveLength(150);
    expect(orders.every((o) => !o.labels.includes('ORDER_TBSKU_EXCEPTION'))).toBe(true);
    const increments = fake.calls.filter((c) => c.type === 'pdd.order.number.list.increment.get');
    expect(increments.every((c) => Number(c.params.end_updated_at) - Number(c.params.start_updated_at) <= 1800)).toBe(true);
    expect(increments.some((c) => c.params.page === '2')).toBe(true);

    // Goods for the mapping page, by the goods sync job.
    await ok(seller.token, '/cloud/domain/store/syncOnlineGoods', { id: store.id });
    const runs = await t.waitFor(
      () => ok<{ voList: { status: string }[] }>(seller.token, '/cloud/domain/store/searchSyncRuns', { storeId: store.id, currentPage: 1, pageSize: 5 }),
      (r) => r.voList[0]?.status === 'SUCCESS' || r.voList[0]?.status === 'FAILURE',
    );
    expect(runs.voList[0]!.status).toBe('SUCCESS');
    const online = await t.database.db.execute<{ tb_sku_id: string }>(sql`select tb_sku_id from tb_skus where domain_id = ${seller.domainId} and store_id = ${store.id} order by tb_sku_id`);
    expect(online.rows.map((r) => r.tb_sku_id)).toEqual([`${goodsId}-0`, `${goodsId}-1`]);

    // Stock through the store's connection.
    const connection = await t.app.services.registry.get<StoresAreaService>('stores').connectorFor(seller.domainId, store.id);
    const pushed = await connection.pushStock([{ tbSkuId: `${goodsId}-0`, quantity: 17 }]);
    expect(pushed).toEqual([{ key: `${goodsId}-0`, ok: true, message: null }]);
    expect(fake.skuQuantity(`${goodsId}-0`)).toBe(17);

    // A PDD waybill for one order, then shipped: the number is fed back with PDD's company id.
    await chooseCarriers(t, seller.token, ['ZTO']);
    await ok(seller.token, '/myhome/etrackaccount/create', { printCode: 'pdd', expressCompanyCode: 'ZTO', name: 'PDD ZTO', shop: store.name, branchName: '杭州网点', sandbox: false, isDefault: true });
    await putOnHand(t, seller.domainId, skus.map((s) => ({ warehouseId, skuId: s.id, qty: 1000 })));
    const target = orders.find((o) => o.platform_nos[0] === `${goodsId}-B7`)!;
    await t.database.db.execute(sql`update erp_orders set express_company_code = 'ZTO', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where id = ${target.id}`);
    expect((await ok(seller.token, '/myhome/erpsoh/verify', { idList: [Number(target.id)] })).failures).toEqual([]);
    const numbered = await ok(seller.token, '/myhome/print/eTrackGetNoAndPrint', { idList: [Number(target.id)] });
    expect(numbered.failures).toEqual([]);
    const waybill = fake.waybills.at(-1)!;
    expect(numbered.voList[0]).toMatchObject({ id: Number(target.id), expressCompanyCode: 'ZTO', expressNo: waybill.waybillCode });
    expect(waybill).toMatchObject({ wpCode: 'ZTO', cancelled: false });

    const sent = await ok(seller.token, '/myhome/sendsoh/sendErpSoHList', { idList: [Number(target.id)] });
    expect(sent.successIds).toEqual([Number(target.id)]);
    await t.waitFor(
      async () => fake.order(`${goodsId}-B7`),
      (o) => o?.order_status === 2,
    );
    expect(fake.order(`${goodsId}-B7`)).toMatchObject({ tracking_number: waybill.waybillCode, logistics_id: 115 });

    expect(fake.badSignatures).toBe(0);
    expect(fake.calls.every((c) => c.outcome === 'ok' || c.outcome.startsWith('error:'))).toBe(true);
  });

  it('keeps another domain away from the PDD store and its waybill shop', async () => {
    const owner = await ingestSeller(t);
    const stranger = await ingestSeller(t);
    const store = await createStore(t, owner.token, { platformCode: 'CI_PLATFORM_PDD', name: uniqueName('PDD ') });
    const answer = await t.call('/cloud/domain/store/getAuthorizationUrl', { id: store.id }, { token: stranger.token });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    // A waybill account of the other domain naming this store finds no store of its own.
    const carriers = createCarrierRegistry({ db: t.database.db, credentials: async () => fake.credentials() });
    const account = { domainId: stranger.domainId, accountId: 1, printCode: 'pdd' as const, expressCompanyCode: 'ZTO', sandbox: false, fields: { shop: store.name, branchName: 'x' } };
    const parcel = { orderCode: 'SO-1', sender: { name: 'W', phone: '1', province: '浙江省', city: '杭州市', district: '西湖区', address: '1号' }, receiver: { name: 'R', phone: '1', province: '上海市', city: '上海市', district: '浦东新区', address: '2号' }, weight: '1', packages: 1 };
    await expect(carriers.connectorFor(account).takeWaybillNumbers(account, [parcel])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('no Pinduoduo store') });
  });

  it('records an answer it cannot map on the sync record, stores nothing of it, and takes it once corrected', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_PDD', name: uniqueName('PDD ') });
    const start = await ok<{ authorizationUrl: string }>(seller.token, '/cloud/domain/store/getAuthorizationUrl', { id: store.id });
    const back = new URL(new URL((await fetch(start.authorizationUrl, { redirect: 'manual' })).headers.get('location')!).hash.slice(1), 'http://app');
    await t.call('/cloud/domain/store/authorizationCallback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    const sn = uniqueName('BAD-');
    fake.seedOrders([{ order_sn: sn, updatedAt: new Date(Date.now() - 3_600_000), raw: { order_status: 9 } }]);
    const failed = await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    expect(failed).toMatchObject({ status: 'FAILURE', errorMsg: expect.stringContaining(`order ${sn}: unknown order_status 9`) });
    const stored = await t.database.db.execute(sql`select 1 from platform_orders where domain_id = ${seller.domainId} and platform_no = ${sn}`);
    expect(stored.rows).toHaveLength(0);
    fake.seedOrders([{ order_sn: sn, updatedAt: new Date(Date.now() - 3_600_000) }]);
    await t.database.db.execute(sql`update order_sync_states set next_attempt_at = null where domain_id = ${seller.domainId}`);
    const retried = await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    expect(retried).toMatchObject({ status: 'SUCCESS' });
    const after = await t.database.db.execute(sql`select platform_status from platform_orders where domain_id = ${seller.domainId} and platform_no = ${sn}`);
    expect(after.rows).toEqual([{ platform_status: 'WAIT_SELLER_SEND_GOODS' }]);
  });

  it('ends its order pull 3 minutes before now (PDD data delay), so an order PDD stores late comes with the next pull', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_PDD', name: uniqueName('PDD ') });
    const start = await ok<{ authorizationUrl: string }>(seller.token, '/cloud/domain/store/getAuthorizationUrl', { id: store.id });
    const back = new URL(new URL((await fetch(start.authorizationUrl, { redirect: 'manual' })).headers.get('location')!).hash.slice(1), 'http://app');
    await t.call('/cloud/domain/store/authorizationCallback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    const settled = uniqueName('OLD-');
    const recent = uniqueName('NEW-');
    const before = Date.now();
    fake.seedOrders([
      { order_sn: settled, updatedAt: new Date(before - 10 * 60_000) },
      { order_sn: recent, updatedAt: new Date(before - 60_000) },
    ]);
    const callsBefore = fake.calls.length;
    const run = await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    const after = Date.now();
    expect(run).toMatchObject({ status: 'SUCCESS' });
    const windowTo = new Date(run.windowTo).getTime();
    expect(windowTo).toBeGreaterThanOrEqual(before - 3 * 60_000);
    expect(windowTo).toBeLessThanOrEqual(after - 3 * 60_000);
    const increments = fake.calls.slice(callsBefore).filter((c) => c.type === 'pdd.order.number.list.increment.get');
    expect(increments.length).toBeGreaterThan(0);
    expect(Math.max(...increments.map((c) => Number(c.params.end_updated_at)))).toBeLessThanOrEqual(Math.floor((after - 3 * 60_000) / 1000));
    const stored = await t.database.db.execute<{ platform_no: string }>(
      sql`select platform_no from platform_orders where domain_id = ${seller.domainId} and platform_no in (${settled}, ${recent}) order by platform_no`,
    );
    expect(stored.rows.map((r) => r.platform_no)).toEqual([settled]);
    // The next pull starts where this one ended: before the late order's update time.
    const state = await t.database.db.execute<{ pulled_until: Date }>(sql`select pulled_until from order_sync_states where domain_id = ${seller.domainId} and store_id = ${store.id}`);
    expect(new Date(state.rows[0]!.pulled_until).getTime()).toBeLessThan(before - 60_000);
  });

  it('says the installation has no Pinduoduo app credentials', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_PDD', name: uniqueName('PDD ') });
    const saved = process.env[ENV[0]!];
    delete process.env[ENV[0]!];
    try {
      const answer = await t.call('/cloud/domain/store/getAuthorizationUrl', { id: store.id }, { token: seller.token });
      expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_STORES_APP_CREDENTIALS_MISSING', params: { platformCode: 'CI_PLATFORM_PDD' } });
    } finally {
      process.env[ENV[0]!] = saved;
    }
  });

  it('refreshes an ended token by itself, and marks the store expired when Pinduoduo refuses the refresh', async () => {
    const seller = await ingestSeller(t);
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_PDD', name: uniqueName('PDD ') });
    const start = await ok<{ authorizationUrl: string }>(seller.token, '/cloud/domain/store/getAuthorizationUrl', { id: store.id });
    const back = new URL(new URL((await fetch(start.authorizationUrl, { redirect: 'manual' })).headers.get('location')!).hash.slice(1), 'http://app');
    await t.call('/cloud/domain/store/authorizationCallback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    const connection = () => t.app.services.registry.get<StoresAreaService>('stores').connectorFor(seller.domainId, store.id);
    fake.expireToken();
    expect((await (await connection()).listOnlineGoods({ page: 1, pageSize: 10 })).page).toBe(1);
    expect(fake.calls.some((c) => c.type === 'pdd.pop.auth.token.refresh' && c.outcome === 'ok')).toBe(true);
    fake.expireToken();
    fake.revokeRefreshTokens();
    await expect((await connection()).listOnlineGoods({ page: 1, pageSize: 10 })).rejects.toMatchObject({ kind: 'TOKEN_EXPIRED' });
    expect(await ok(seller.token, '/cloud/domain/store/getStore', { id: store.id })).toMatchObject({ authState: 'EXPIRED' });
  });
});
