import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import {
  bindWarehouse,
  generateSandboxOrders,
  ingestSeller,
  ingestSkus,
  ingestWarehouse,
  linesOf,
  ordersOfStore,
  platformOrder,
  postSigned,
  sandboxStoreSelling,
  selfDefinedStore,
} from '../../../../test/factories/orders-ingest.js';
import { promotionPayload } from '../../../../test/factories/promotions.js';
import type { IngestService } from './ingest.service.js';

let t: TestApp;
beforeAll(async () => {
  // The scheduled pull would race the tests' own pulls; these tests run it by hand.
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});

describe('store pulls', () => {
  it('creates an ERP order for each new sandbox order, mapped by outer code, with the only warehouse', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 2);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    const { storeId } = await sandboxStoreSelling(t, seller.token, skus.map((s) => s.code));
    const orderNos = await generateSandboxOrders(t, seller.token, storeId, 5);

    const run = await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: seller.token });
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ success: true });
    expect(run.body.data).toMatchObject({ status: 'SUCCESS', pulled: 5, created: 5, trigger: 'MANUAL' });

    const orders = await ordersOfStore(t, seller.domainId, storeId);
    expect(orders.map((o) => o.platform_nos[0]).sort()).toEqual([...orderNos].sort());
    for (const order of orders) {
      expect(Number(order.warehouse_id)).toBe(warehouseId);
      expect(order.labels).not.toContain('ORDER_TBSKU_EXCEPTION');
      expect(order.source).toBe('PLATFORM');
      const lines = await linesOf(t, Number(order.id));
      expect(lines.every((l) => skus.some((s) => s.id === Number(l.sku_id)))).toBe(true);
      expect(Number(order.qty_total)).toBe(lines.reduce((n, l) => n + Number(l.qty), 0));
      expect(Number(order.weight_total)).toBeCloseTo(0.5 * Number(order.qty_total), 3);
    }
    const logs = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from operation_logs where domain_id = ${seller.domainId} and area = 'orders' and action = 'create'`);
    expect(Number(logs.rows[0]!.n)).toBe(5);
  });

  it('pulls every store with automatic order sync on the schedule, and skips a store that turned it off', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    const on = await sandboxStoreSelling(t, seller.token, [skus[0]!.code]);
    const off = await sandboxStoreSelling(t, seller.token, [skus[0]!.code]);
    const offStore = await t.call('/cloud/domain/store/getStore', { id: off.storeId }, { token: seller.token });
    const config = await t.call(
      '/cloud/domain/store/configStoreSyncData',
      { id: off.storeId, version: offStore.body.data.version, autoSyncOrders: false, autoSyncStock: false, autoFeedback: true, syncAfterSales: true },
      { token: seller.token },
    );
    expect(config.body.success).toBe(true);
    await generateSandboxOrders(t, seller.token, on.storeId, 2);
    await generateSandboxOrders(t, seller.token, off.storeId, 2);
    const service = t.app.services.registry.get<IngestService>('order-ingest');
    await service.pullDueStores();
    expect(await ordersOfStore(t, seller.domainId, on.storeId)).toHaveLength(2);
    expect(await ordersOfStore(t, seller.domainId, off.storeId)).toHaveLength(0);
    const runs = await t.database.db.execute<{ trigger: string }>(sql`select trigger from order_sync_runs where store_id = ${on.storeId}`);
    expect(runs.rows.map((r) => r.trigger)).toContain('SCHEDULED');
  });

  it('stores nothing twice when the same orders are pulled again', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    const { storeId } = await sandboxStoreSelling(t, seller.token, [skus[0]!.code]);
    await generateSandboxOrders(t, seller.token, storeId, 3);
    await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: seller.token });
    // Pull the same window again: forget the watermark.
    await t.database.db.execute(sql`update order_sync_states set pulled_until = null, watermark = null where store_id = ${storeId}`);
    const again = await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: seller.token });
    expect(again.body.data).toMatchObject({ status: 'SUCCESS', pulled: 3, created: 0 });
    expect(await ordersOfStore(t, seller.domainId, storeId)).toHaveLength(3);

    const runs = await t.call('/myhome/syncSoMsg/searchPageList', { storeId, currentPage: 1, pageSize: 10 }, { token: seller.token });
    expect(runs.body.data.total).toBe(2);
    // One run of the order-sync log by its id (syncSoMsg/getBizDataById), not another domain's.
    const one = await t.call('/myhome/syncSoMsg/getBizDataById', { id: runs.body.data.voList[0].id }, { token: seller.token });
    expect(one.body.data).toEqual(runs.body.data.voList[0]);
    const stranger = await ingestSeller(t);
    expect((await t.call('/myhome/syncSoMsg/getBizDataById', { id: runs.body.data.voList[0].id }, { token: stranger.token })).body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    const records = await t.call('/myhome/platformSo/searchTaobaoSyncPageList', { storeId, currentPage: 1, pageSize: 10 }, { token: seller.token });
    expect(records.body.data.total).toBe(3);
    expect(records.body.data.voList.every((r: { erpOrderCode: string | null }) => r.erpOrderCode)).toBe(true);
  });

  it('records a failed pull after its retries and backs the store off', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    const { storeId } = await sandboxStoreSelling(t, seller.token, [skus[0]!.code]);
    const forced = await t.call(
      '/cloud/sandbox/console/forceFailures',
      { storeId, failures: [{ kind: 'ERROR', operation: 'pullOrders' }, { kind: 'ERROR', operation: 'pullOrders' }, { kind: 'ERROR', operation: 'pullOrders' }] },
      { token: seller.token },
    );
    expect(forced.body.success).toBe(true);
    const run = await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: seller.token });
    expect(run.body.data).toMatchObject({ status: 'FAILURE', attempts: 3 });
    expect(run.body.data.errorMsg).toMatch(/PLATFORM_ERROR/);
    const state = await t.database.db.execute<{ failures: number; next_attempt_at: Date | null }>(sql`select failures, next_attempt_at from order_sync_states where store_id = ${storeId}`);
    expect(Number(state.rows[0]!.failures)).toBe(1);
    expect(state.rows[0]!.next_attempt_at).not.toBeNull();
  });

  it('flags an order refunded or closed on the marketplace as intercepted', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    const { storeId } = await sandboxStoreSelling(t, seller.token, [skus[0]!.code]);
    const [refunded, closed] = await generateSandboxOrders(t, seller.token, storeId, 2);
    await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: seller.token });
    expect((await t.call('/cloud/sandbox/console/createRefund', { storeId, orderNo: refunded, reason: 'changed my mind' }, { token: seller.token })).body.success).toBe(true);
    expect((await t.call('/cloud/sandbox/console/closeOrder', { storeId, orderNo: closed }, { token: seller.token })).body.success).toBe(true);
    const run = await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: seller.token });
    expect(run.body.data.status).toBe('SUCCESS');
    const orders = await ordersOfStore(t, seller.domainId, storeId);
    const byNo = new Map(orders.map((o) => [o.platform_nos[0], o]));
    expect(byNo.get(refunded)).toMatchObject({ intercepted: true, have_refund: true, intercept_reason: 'REFUND' });
    expect(byNo.get(closed)).toMatchObject({ intercepted: true, intercept_reason: 'CANCELLED' });
    const logs = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from operation_logs where domain_id = ${seller.domainId} and action = 'intercept'`);
    expect(Number(logs.rows[0]!.n)).toBe(2);
  });
});

describe('the pipeline through the HTTP ingest', () => {
  it('accepts a signed post and answers per order; an order posted twice is stored once', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    await ingestWarehouse(t, seller.domainId);
    const store = await selfDefinedStore(t, seller.token);
    const order = platformOrder([{ tbSkuId: 'T1', outerSkuId: skus[0]!.code, qty: 2 }]);
    const first = await postSigned(t, store, [order]);
    expect(first.status).toBe(200);
    expect(first.body.data[0]).toMatchObject({ platformNo: order.platformNo, outcome: 'created' });
    const again = await postSigned(t, store, [order]);
    expect(again.body.data[0]).toMatchObject({ outcome: 'unchanged' });
    const moved = await postSigned(t, store, [{ ...order, receiver: { ...order.receiver, address: '文二路 2 号' }, updatedAt: new Date(Date.now() + 1000).toISOString() }]);
    expect(moved.body.data[0]).toMatchObject({ outcome: 'updated' });
    const orders = await ordersOfStore(t, seller.domainId, store.storeId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ source: 'HTTP', intercepted: true, intercept_reason: 'ADDRESS_CHANGED', receiver_address: '文二路 2 号', qty_total: 2 });
  });

  it('refuses a bad signature, a stale timestamp and a replayed nonce', async () => {
    const seller = await ingestSeller(t);
    const store = await selfDefinedStore(t, seller.token);
    const order = platformOrder([{ tbSkuId: 'T1' }]);
    const bad = await postSigned(t, store, [order], { secret: 'not-the-secret' });
    expect(bad.status).toBe(401);
    expect(bad.body.errorCode).toBe('ERR_ORDER_BAD_SIGNATURE');
    const stale = await postSigned(t, store, [order], { timestamp: Date.now() - 6 * 60_000 });
    expect(stale.status).toBe(401);
    expect(stale.body.params).toMatchObject({ reason: 'timestamp' });
    const ok = await postSigned(t, store, [order], { nonce: 'n-1' });
    expect(ok.status).toBe(200);
    const replay = await postSigned(t, store, [order], { nonce: 'n-1' });
    expect(replay.body.errorCode).toBe('ERR_ORDER_REPLAYED');
    expect(await ordersOfStore(t, seller.domainId, store.storeId)).toHaveLength(1);
  });

  it('labels an unmapped line, a missing warehouse and a missing courier', async () => {
    const seller = await ingestSeller(t);
    await ingestWarehouse(t, seller.domainId);
    await ingestWarehouse(t, seller.domainId);
    const store = await selfDefinedStore(t, seller.token);
    const answer = await postSigned(t, store, [platformOrder([{ tbSkuId: 'NOPE', outerSkuId: 'NO-SUCH-CODE' }])]);
    expect(answer.status).toBe(200);
    const [order] = await ordersOfStore(t, seller.domainId, store.storeId);
    expect(order!.labels).toEqual(expect.arrayContaining(['ORDER_TBSKU_EXCEPTION', 'WAREHOUSE_MATCH_FAIL']));
    expect(order!.warehouse_id).toBeNull();
    if (!order!.express_company_code) expect(order!.labels).toContain('EXPRESS_MATCH_FAIL');
    const [line] = await linesOf(t, Number(order!.id));
    expect(line!.sku_id).toBeNull();
  });

  it('uses the confirmed mapping and the bound warehouse, and marks combination lines', async () => {
    const seller = await ingestSeller(t);
    const [sku] = await ingestSkus(t, seller.domainId, 1);
    const combo = await t.database.db.execute<{ id: number }>(sql`update skus set is_combination = true where id = ${sku!.id} returning id`);
    expect(combo.rows).toHaveLength(1);
    await ingestWarehouse(t, seller.domainId);
    const bound = await ingestWarehouse(t, seller.domainId);
    const store = await selfDefinedStore(t, seller.token);
    await bindWarehouse(t, seller.domainId, bound, store.storeId);
    const item = await t.database.db.execute<{ id: number }>(
      sql`insert into tb_spus (domain_id, store_id, platform_code, tb_spu_id, title) values (${seller.domainId}, ${store.storeId}, 'SELF_BUILD', 'SPU1', 'x') returning id`,
    );
    await t.database.db.execute(sql`insert into tb_skus (domain_id, store_id, platform_code, tb_spu_row_id, tb_spu_id, tb_sku_id, title, sku_id, mapping_status)
      values (${seller.domainId}, ${store.storeId}, 'SELF_BUILD', ${item.rows[0]!.id}, 'SPU1', 'MAPPED-1', 'x', ${sku!.id}, 'already')`);
    const dry = await t.call('/myhome/erpsoh/dryRunPipeline', { storeId: store.storeId, order: platformOrder([{ tbSkuId: 'MAPPED-1' }]) }, { token: seller.token });
    expect(dry.body.data).toMatchObject({ warehouseId: bound, warehouseReason: 'BOUND' });
    expect(dry.body.data.lines[0]).toMatchObject({ skuId: sku!.id, mappedBy: 'CONFIRMED_MAPPING', isCombination: true });
    expect(await ordersOfStore(t, seller.domainId, store.storeId)).toHaveLength(0);

    await postSigned(t, store, [platformOrder([{ tbSkuId: 'MAPPED-1' }])]);
    const [order] = await ordersOfStore(t, seller.domainId, store.storeId);
    expect(Number(order!.warehouse_id)).toBe(bound);
    const [line] = await linesOf(t, Number(order!.id));
    expect(line).toMatchObject({ is_combination: true });
    expect(Number(line!.sku_id)).toBe(sku!.id);
  });

  it('adds the gift line of an open promotion', async () => {
    const seller = await ingestSeller(t);
    const [bought, gift] = await ingestSkus(t, seller.domainId, 2);
    const store = await selfDefinedStore(t, seller.token);
    const promotion = await t.call(
      '/myhome/promotion/createNewPromotion',
      promotionPayload(gift!.id, { fromTime: '2020-01-01 00:00:00', toTime: '2099-12-31 23:59:59' }),
      { token: seller.token },
    );
    expect(promotion.body.success).toBe(true);
    await postSigned(t, store, [platformOrder([{ tbSkuId: 'B1', outerSkuId: bought!.code, qty: 1, price: '150' }])]);
    const [order] = await ordersOfStore(t, seller.domainId, store.storeId);
    const lines = await linesOf(t, Number(order!.id));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ is_gift: true, labels: ['GIFT'] });
    expect(Number(lines[1]!.sku_id)).toBe(gift!.id);
    expect(Number(lines[1]!.promotion_id)).toBe(promotion.body.data.id);
  });
});

describe('throughput', () => {
  it('ingests a batch of 500 orders in one pass, each once', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 3);
    await ingestWarehouse(t, seller.domainId);
    const store = await selfDefinedStore(t, seller.token);
    const orders = Array.from({ length: 500 }, () => platformOrder(skus.map((s, i) => ({ tbSkuId: `T-${i}`, outerSkuId: s.code, qty: 1 + i }))));
    const answer = await postSigned(t, store, orders);
    expect(answer.status).toBe(200);
    expect(answer.body.data.filter((r: { outcome: string }) => r.outcome === 'created')).toHaveLength(500);
    const count = await t.database.db.execute<{ orders: number; lines: number }>(
      sql`select count(distinct o.id)::int as orders, count(l.id)::int as lines from erp_orders o join erp_order_lines l on l.order_id = o.id where o.domain_id = ${seller.domainId}`,
    );
    expect(count.rows[0]).toEqual({ orders: 500, lines: 1500 });
  });
});

describe('manual creation', () => {
  it('creates an order of system SKUs through the pipeline', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 2);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    const store = await selfDefinedStore(t, seller.token);
    const answer = await t.call(
      '/myhome/taobaoSoh/createTaobaoSoByHand',
      {
        storeId: store.storeId,
        receiverName: '王五',
        receiverPhone: '13700002222',
        receiverProvince: '浙江省',
        receiverCity: '杭州市',
        receiverDistrict: '西湖区',
        receiverAddress: '文一路 1 号',
        lines: [
          { skuId: skus[0]!.id, qty: 2, price: '10.5' },
          { skuId: skus[1]!.id, qty: 1, price: '3' },
        ],
      },
      { token: seller.token },
    );
    expect(answer.body.success).toBe(true);
    const [order] = await ordersOfStore(t, seller.domainId, store.storeId);
    expect(order).toMatchObject({ code: answer.body.data.code, source: 'MANUAL', qty_total: 3, sku_total: 2, amount_total: '24.0000', weight_total: '1.500' });
    expect(order!.platform_nos).toEqual([`M${answer.body.data.code}`]);
    expect(Number(order!.warehouse_id)).toBe(warehouseId);
  });

  it('shows what the rules would choose for an order entered by hand, and creates nothing', async () => {
    const seller = await ingestSeller(t);
    const [bought, gift] = await ingestSkus(t, seller.domainId, 2);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    const store = await selfDefinedStore(t, seller.token);
    const promotion = await t.call('/myhome/promotion/createNewPromotion', promotionPayload(gift!.id, { fromTime: '2020-01-01 00:00:00', toTime: '2099-12-31 23:59:59' }), {
      token: seller.token,
    });
    expect(promotion.body.success).toBe(true);
    const order = {
      storeId: store.storeId,
      receiverName: '王五',
      receiverPhone: '13700002222',
      receiverProvince: '浙江省',
      receiverCity: '杭州市',
      receiverAddress: '文一路 1 号',
      lines: [{ skuId: bought!.id, qty: 1, price: '150' }],
    };
    const before = await t.call('/myhome/taobaoSoh/dryRunSoByHand', order, { token: seller.token });
    expect(before.body.data).toMatchObject({ warehouseId, warehouseReason: 'ONLY_WAREHOUSE', expressCompanyCode: null, expressRuleType: null, courierProhibited: false });
    expect(before.body.data.labels).toContain('EXPRESS_MATCH_FAIL');
    expect(before.body.data.gifts).toEqual([{ promotionId: promotion.body.data.id, promotionName: expect.any(String), skuId: gift!.id, qty: expect.any(Number) }]);
    expect(before.body.data.lines.map((l: { skuId: number; mappedBy: string; isGift: boolean }) => [l.skuId, l.mappedBy, l.isGift])).toEqual([
      [bought!.id, 'GIVEN', false],
      [gift!.id, expect.any(String), true],
    ]);

    await t.call('/myhome/expressCompany/addUserExpressCompany', { codes: ['JDKD'] }, { token: seller.token });
    const rules = await t.call('/cloud/core/expressRule/updateExpressRuleList', { type: 'BY_STORE', rules: [{ usable: true, ruleCondition: { expressCompanyCode: 'JDKD', storeId: store.storeId } }] }, { token: seller.token });
    expect(rules.body.success).toBe(true);
    const after = await t.call('/myhome/taobaoSoh/dryRunSoByHand', order, { token: seller.token });
    expect(after.body.data).toMatchObject({ expressCompanyCode: 'JDKD', expressRuleType: 'BY_STORE', expressRuleId: expect.any(Number) });
    expect(after.body.data.labels).not.toContain('EXPRESS_MATCH_FAIL');
    expect(await ordersOfStore(t, seller.domainId, store.storeId)).toHaveLength(0);

    const bad = await t.call('/myhome/taobaoSoh/dryRunSoByHand', { ...order, lines: [] }, { token: seller.token });
    expect(bad.body.fields?.[0]?.field).toBe('lines');
  });

  it('refuses a line naming no SKU of the domain', async () => {
    const seller = await ingestSeller(t);
    const other = await ingestSeller(t);
    const [foreign] = await ingestSkus(t, other.domainId, 1);
    const store = await selfDefinedStore(t, seller.token);
    const answer = await t.call(
      '/myhome/taobaoSoh/createTaobaoSoByHand',
      { storeId: store.storeId, receiverName: 'a', receiverPhone: '1', receiverProvince: 'p', receiverCity: 'c', receiverAddress: 'x', lines: [{ skuId: foreign!.id, qty: 1, price: '1' }] },
      { token: seller.token },
    );
    expect(answer.body.success).toBe(false);
    expect(answer.body.params).toMatchObject({ field: 'lines.0.skuId' });
  });
});

describe('domains and permissions', () => {
  it('keeps another domain away from the store, its records and its pulls', async () => {
    const seller = await ingestSeller(t);
    const other = await ingestSeller(t);
    const store = await selfDefinedStore(t, seller.token);
    await postSigned(t, store, [platformOrder([{ tbSkuId: 'X' }])]);
    const records = await t.call('/myhome/platformSo/searchTaobaoSyncPageList', { currentPage: 1, pageSize: 10 }, { token: other.token });
    expect(records.body.data.total).toBe(0);
    const sync = await t.call('/myhome/platformSo/syncStoreOrders', { storeId: store.storeId }, { token: other.token });
    expect(sync.body.success).toBe(false);
    const manual = await t.call(
      '/myhome/taobaoSoh/createTaobaoSoByHand',
      { storeId: store.storeId, receiverName: 'a', receiverPhone: '1', receiverProvince: 'p', receiverCity: 'c', receiverAddress: 'x', lines: [{ skuId: 1, qty: 1, price: '1' }] },
      { token: other.token },
    );
    expect(manual.status).toBe(404);
    const preview = await t.call(
      '/myhome/taobaoSoh/dryRunSoByHand',
      { storeId: store.storeId, receiverName: 'a', receiverPhone: '1', receiverProvince: 'p', receiverCity: 'c', receiverAddress: 'x', lines: [{ skuId: 1, qty: 1, price: '1' }] },
      { token: other.token },
    );
    expect(preview.status).toBe(404);
    const id = records.body.data.voList[0]?.id;
    expect(id).toBeUndefined();
  });

  it('refuses a sub-account without the orders menu', async () => {
    const seller = await ingestSeller(t);
    const staff = await t.factories.subAccount(seller.domainId, { menus: ['MENU_SKU'] });
    const token = await t.token(staff.loginName, staff.password);
    const answer = await t.call('/myhome/platformSo/getTaobaoSyncCount', {}, { token });
    expect(answer.status).toBe(403);
    const create = await t.call('/myhome/taobaoSoh/createTaobaoSoByHand', {}, { token });
    expect(create.status).toBe(403);
    expect((await t.call('/myhome/taobaoSoh/dryRunSoByHand', {}, { token })).status).toBe(403);
  });

  it('refuses deleting a store that has orders', async () => {
    const seller = await ingestSeller(t);
    const store = await selfDefinedStore(t, seller.token);
    await postSigned(t, store, [platformOrder([{ tbSkuId: 'X' }])]);
    const answer = await t.call('/cloud/domain/store/delStore', { id: store.storeId }, { token: seller.token });
    expect(answer.body.errorCode).toBe('ERR_STORES_IN_USE');
  });
});
