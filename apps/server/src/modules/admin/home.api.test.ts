import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../test/harness.js';
import { createGoods, goodsSeller, type GoodsSeller } from '../../../test/factories/goods.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { createStore } from '../../../test/factories/stores.js';

const t = await createTestApp();
let a: GoodsSeller;
let b: GoodsSeller;

beforeAll(async () => {
  a = await goodsSeller(t);
  b = await goodsSeller(t);
});

const skusOf = async (domainId: number) =>
  (await t.database.db.execute<{ id: number }>(sql`select id from skus where domain_id = ${domainId} order by id`)).rows.map((r) => Number(r.id));

describe('home shortcut menus', () => {
  it('keeps each user its own shortcut menus, in order', async () => {
    expect((await t.call('/myhome/homepage/getDomainMenu', {}, { token: a.token })).body.data).toEqual({ menuName: [] });
    const saved = await t.call('/myhome/homepage/createOrupdateDomainMenu', { menuName: ['MENU_ERPSO', 'MENU_INV', 'MENU_ERPSO'] }, { token: a.token });
    expect(saved.body.data).toEqual({ menuName: ['MENU_ERPSO', 'MENU_INV'] });
    await t.call('/myhome/homepage/createOrupdateDomainMenu', { menuName: ['MENU_INV', 'MENU_SKU'] }, { token: a.token });
    expect((await t.call('/myhome/homepage/getDomainMenu', {}, { token: a.token })).body.data).toEqual({ menuName: ['MENU_INV', 'MENU_SKU'] });
    // Another seller's menus are its own.
    expect((await t.call('/myhome/homepage/getDomainMenu', {}, { token: b.token })).body.data).toEqual({ menuName: [] });
  });

  it('refuses a menu the account does not hold, and a wrong shape, changing nothing', async () => {
    const staff = await t.factories.subAccount(a.domainId, { menus: ['MENU_INV'] });
    const token = await t.token(staff.loginName, staff.password);
    const refused = await t.call('/myhome/homepage/createOrupdateDomainMenu', { menuName: ['MENU_INV', 'MENU_ERPSO'] }, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('ERR_HOME_MENU_NOT_ALLOWED');
    expect((await t.call('/myhome/homepage/getDomainMenu', {}, { token })).body.data).toEqual({ menuName: [] });
    const wrong = await t.call('/myhome/homepage/createOrupdateDomainMenu', { menuName: 'MENU_INV' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe('ERR_VALIDATION');
    const tooMany = await t.call('/myhome/homepage/createOrupdateDomainMenu', { menuName: Array.from({ length: 13 }, (_, i) => `M${i}`) }, { token });
    expect(tooMany.status).toBe(400);
    expect((await t.call('/myhome/homepage/getDomainMenu', {})).status).toBe(401);
  });
});

describe('best sellers on home', () => {
  it('ranks the goods sold in the last days by quantity, only the caller’s, without cancelled orders', async () => {
    await createGoods(t, a.token);
    await createGoods(t, a.token);
    const [first, second] = await skusOf(a.domainId);
    const store = await createStore(t, a.token);
    await insertOrder(t, a.domainId, { storeId: store.id, lines: [{ skuId: first!, qty: 2 }, { skuId: second!, qty: 1 }] });
    await insertOrder(t, a.domainId, { storeId: store.id, lines: [{ skuId: second!, qty: 4 }] });
    await insertOrder(t, a.domainId, { storeId: store.id, statusCode: 'CI_ERPSOH_STATUS_CANCEL', lines: [{ skuId: first!, qty: 50 }] });
    await insertOrder(t, a.domainId, { storeId: store.id, createdAt: new Date(Date.now() - 10 * 86_400_000), lines: [{ skuId: first!, qty: 30 }] });
    const hot = await t.call('/myhome/homepage/getHotSale', { days: 7 }, { token: a.token });
    expect(hot.body.data.days).toBe(7);
    expect(hot.body.data.voList.map((r: any) => [r.skuId, r.qty, r.orderCount])).toEqual([
      [second, 5, 2],
      [first, 2, 1],
    ]);
    const month = await t.call('/myhome/homepage/getHotSale', { days: 30, limit: 1 }, { token: a.token });
    expect(month.body.data.voList.map((r: any) => [r.skuId, r.qty])).toEqual([[first, 32]]);
    expect((await t.call('/myhome/homepage/getHotSale', {}, { token: b.token })).body.data.voList).toEqual([]);
    const bad = await t.call('/myhome/homepage/getHotSale', { days: 0 }, { token: a.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.[0]?.field ?? bad.body.params?.field).toBe('days');
  });
});

describe('store sync health', () => {
  it('tells each store its last successful order, refund and stock sync, for its own stores only', async () => {
    const store = await createStore(t, a.token);
    const { db } = t.database;
    await db.execute(sql`insert into order_sync_runs (domain_id, store_id, trigger, status, finished_at) values
      (${a.domainId}, ${store.id}, 'SCHEDULED', 'SUCCESS', '2026-11-01T08:00:00Z'),
      (${a.domainId}, ${store.id}, 'SCHEDULED', 'FAILURE', '2026-11-01T08:05:00Z')`);
    await db.execute(sql`update order_sync_runs set error_msg = 'AUTH: token expired' where domain_id = ${a.domainId} and store_id = ${store.id} and status = 'FAILURE'`);
    await db.execute(sql`insert into stock_sync_records (domain_id, store_id, tb_sku_row_id, tb_sku_id, sku_id, sku_code, status, trigger, finished_at) values
      (${a.domainId}, ${store.id}, 1, 'T1', 1, 'S1', 'SUCCESS', 'AUTO', '2026-11-02T09:00:00Z')`);
    const health = await t.call('/cloud/core/store/syncHealth', {}, { token: a.token });
    const row = health.body.data.voList.find((r: any) => r.storeId === store.id);
    expect(row).toMatchObject({
      lastOrderSyncSuccessAt: '2026-11-01T08:00:00.000Z',
      lastRefundSyncSuccessAt: '2026-11-01T08:00:00.000Z',
      lastOrderSyncFailureAt: '2026-11-01T08:05:00.000Z',
      lastOrderSyncError: 'AUTH: token expired',
      lastStockSyncSuccessAt: '2026-11-02T09:00:00.000Z',
      lastStockSyncFailureAt: null,
    });
    // The last run is the failed one; nothing pulled, no watermark, no message yet.
    expect(row).toMatchObject({ ordersPulledUntil: null, resumingPull: false, nextPullAt: null, lastMessageAt: null, lastOrderRun: { trigger: 'SCHEDULED', status: 'FAILURE', pages: 0 } });
    const other = await t.call('/cloud/core/store/syncHealth', {}, { token: b.token });
    expect(other.body.data.voList.find((r: any) => r.storeId === store.id)).toBeUndefined();
    // Store management's menu is needed.
    const staff = await t.factories.subAccount(a.domainId, { menus: ['MENU_INV'] });
    expect((await t.call('/cloud/core/store/syncHealth', {}, { token: await t.token(staff.loginName, staff.password) })).status).toBe(403);
  });
});

describe('store sync health of the order pull', () => {
  it('tells the watermark, an interrupted pull, the back-off, the last run with its pages and orders, and the last pushed message', async () => {
    const store = await createStore(t, a.token);
    const { db } = t.database;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await db.execute(sql`insert into order_sync_states (domain_id, store_id, pulled_until, watermark, failures, next_attempt_at)
      values (${a.domainId}, ${store.id}, '2026-11-03T10:00:00Z', '{"o":"cursor","a":null}', 2, ${later}::timestamptz)`);
    await db.execute(sql`insert into order_sync_runs (domain_id, store_id, trigger, status, pulled, pages, created, updated, finished_at) values
      (${a.domainId}, ${store.id}, 'SCHEDULED', 'SUCCESS', 1, 1, 1, 0, '2026-11-03T09:00:00Z'),
      (${a.domainId}, ${store.id}, 'PUSH', 'SUCCESS', 130, 3, 120, 10, '2026-11-03T10:00:05Z')`);
    await db.execute(sql`insert into marketplace_inbound_messages (domain_id, store_id, platform_code, app_key, message_id, event, sent_at, status, created_at)
      values (${a.domainId}, ${store.id}, 'SANDBOX', 'app', 'm1', 'ORDER_CHANGED', '2026-11-03T09:59:00Z', 'PROCESSED', '2026-11-03T09:59:01Z')`);
    const health = await t.call('/cloud/core/store/syncHealth', {}, { token: a.token });
    expect(health.body.data.voList.find((r: any) => r.storeId === store.id)).toMatchObject({
      ordersPulledUntil: '2026-11-03T10:00:00.000Z',
      resumingPull: true,
      nextPullAt: new Date(later).toISOString(),
      orderSyncFailures: 2,
      lastOrderRun: { trigger: 'PUSH', status: 'SUCCESS', pulled: 130, pages: 3, created: 120, updated: 10, finishedAt: '2026-11-03T10:00:05.000Z' },
      lastMessageAt: '2026-11-03T09:59:01.000Z',
    });
  });
});
