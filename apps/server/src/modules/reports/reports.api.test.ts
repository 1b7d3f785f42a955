// The sales reports over HTTP on a fresh database: orders land on the shop's day whatever the
// server's zone; refunds count in their own period so a closed month never changes; the job's
// incremental figures equal a rebuild from the orders; every sampled cell equals the sum of its
// drill-down rows; cost and profit only for accounts that may see cost; refusals name the field;
// another domain sees nothing and an account without the report menu is refused.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/factories/orders.js';
import { stockWorld } from '../../../test/factories/stock.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../test/factories/warehouses.js';
import { createTestApp, uniqueName } from '../../../test/harness.js';
import { refreshSalesAggregates } from './index.js';

// The server's zone must not matter: the days are computed in SQL in the shop's zone.
process.env.TZ = 'America/Los_Angeles';

const t = await createTestApp();
const C = '/cloud/core';

async function world() {
  const seller = await signedInSeller(t);
  const store = await storeRow(t, seller.domainId);
  const stock = await stockWorld(t, seller.domainId, { skus: 2 });
  return { ...seller, storeId: store.id, ...stock };
}
type World = Awaited<ReturnType<typeof world>>;

async function order(w: World, payTime: string, lines: { skuId: number; qty: number; price: string }[], province = '浙江省') {
  const o = await insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, payTime: new Date(payTime), receiver: { province }, lines });
  const ids = await t.database.db.execute<{ id: string }>(sql`select id from erp_order_lines where domain_id = ${w.domainId} and order_id = ${o.id} order by id`);
  return { ...o, lineIds: ids.rows.map((r) => Number(r.id)) };
}

/** Ships an order's SKU as the stock engine does: a SHIP ledger row with its unit cost. */
async function ship(w: World, orderId: number, skuId: number, qty: number, unitCost: string, at: string) {
  await t.database.db.execute(sql`
    insert into stock_ledger (domain_id, warehouse_id, sku_id, movement, on_hand_delta, allocated_delta, on_hand_after, allocated_after, doc_type, doc_id, unit_cost, created_at)
    values (${w.domainId}, ${w.warehouseId}, ${skuId}, 'SHIP', ${-qty}, ${-qty}, 0, 0, 'ORDER', ${orderId}, ${unitCost}, ${new Date(at)})`);
  await t.database.db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_SEND', delivery_time = ${new Date(at)} where domain_id = ${w.domainId} and id = ${orderId}`);
}

/** A refunded return of an order line (refund succeeded), applied for at `at`. */
async function refund(w: World, orderId: number, lineId: number, skuId: number, units: number, fee: string, at: string, type = 'RETURN_REFUND') {
  const doc = await t.database.db.execute<{ id: string }>(sql`
    insert into after_sales (domain_id, code, source, type, store_id, erp_order_id, apply_time, refund_fee, check_status, refund_status)
    values (${w.domainId}, ${uniqueName('AS')}, 'MANUAL', ${type}, ${w.storeId}, ${orderId}, ${new Date(at)}, ${fee}, 'COMPLETED', 'SUCCESS') returning id`);
  const id = Number(doc.rows[0]!.id);
  await t.database.db.execute(sql`
    insert into after_sale_lines (domain_id, after_sale_id, kind, line_no, erp_order_line_id, sku_id, sku_num, sku_price)
    values (${w.domainId}, ${id}, 'RETURN', 1, ${lineId}, ${skuId}, ${units}, ${fee})`);
  return id;
}

const call = async (path: string, body: unknown, token: string) => {
  const answer = await t.call(`${C}${path}`, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};

/** The non-zero rows of the domain's daily sums (zero rows may stay behind after changes). */
async function dailySnapshot(domainId: number) {
  const a = await t.database.db.execute(sql`
    select day::text, store_id, platform_code, sku_id, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count from report_sales_daily
    where domain_id = ${domainId} and (qty <> 0 or amount_fen <> 0 or refund_qty <> 0 or refund_fen <> 0 or cost_fen <> 0 or order_count <> 0) order by 1, 2, 3, 4`);
  const b = await t.database.db.execute(sql`
    select day::text, hour, store_id, platform_code, province, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen from report_orders_daily
    where domain_id = ${domainId} and (qty <> 0 or amount_fen <> 0 or refund_qty <> 0 or refund_fen <> 0 or cost_fen <> 0 or order_count <> 0) order by 1, 2, 3, 4, 5`);
  const c = await t.database.db.execute(sql`
    select month::text, sku_id, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count from report_sales_monthly
    where domain_id = ${domainId} and (qty <> 0 or amount_fen <> 0 or refund_qty <> 0 or refund_fen <> 0 or cost_fen <> 0 or order_count <> 0) order by 1, 2`);
  const d = await t.database.db.execute(sql`
    select month::text, hour, store_id, platform_code, province, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen from report_orders_monthly
    where domain_id = ${domainId} and (qty <> 0 or amount_fen <> 0 or refund_qty <> 0 or refund_fen <> 0 or cost_fen <> 0 or order_count <> 0) order by 1, 2, 3, 4, 5`);
  // The running per-SKU sums as a read sees them: at every month of the year, the SKU's row of the
  // month or its last row before it (which rows exist may differ after changes, the figures may not).
  const e = await t.database.db.execute(sql`
    select to_char(g.m, 'YYYY-MM') as month, k.sku_id, r.qty, r.amount_fen, r.refund_qty, r.refund_fen, r.cost_fen, r.order_count
    from generate_series('2026-01-01'::date, '2026-12-01'::date, interval '1 month') g(m)
    cross join (select distinct sku_id from report_sales_running where domain_id = ${domainId}) k
    cross join lateral (select * from report_sales_running r where r.domain_id = ${domainId} and r.sku_id = k.sku_id and r.month <= g.m order by r.month desc limit 1) r
    where r.qty <> 0 or r.amount_fen <> 0 or r.refund_qty <> 0 or r.refund_fen <> 0 or r.cost_fen <> 0 or r.order_count <> 0
    order by 1, 2`);
  const lasts = await t.database.db.execute(sql`
    select sku_id, count(*)::int as n, max(month)::text as month from report_sales_running where domain_id = ${domainId} and is_last group by sku_id order by 1`);
  const latest = await t.database.db.execute(sql`select sku_id, max(month)::text as month from report_sales_running where domain_id = ${domainId} group by sku_id order by 1`);
  // One last row per SKU, its latest month.
  expect(lasts.rows.map((r) => [r.sku_id, r.n, r.month])).toEqual(latest.rows.map((r) => [r.sku_id, 1, r.month]));
  return { bySku: a.rows, byOrder: b.rows, byMonth: c.rows, byOrderMonth: d.rows, running: e.rows };
}

describe('sales reports: the shop’s day', () => {
  it('puts orders paid at 23:59:59 and 00:00:00 Beijing time on their own days, whatever the server’s zone', async () => {
    const w = await world();
    await order(w, '2026-03-01T23:59:59+08:00', [{ skuId: w.skuIds[0]!, qty: 1, price: '10' }]);
    await order(w, '2026-03-02T00:00:00+08:00', [{ skuId: w.skuIds[0]!, qty: 2, price: '10' }]);
    await refreshSalesAggregates(t.database);
    const trend = await call('/businessOverview/searchSalesTrend', { startDate: '2026-03-01', endDate: '2026-03-02' }, w.token);
    expect(trend.voList.map((r: any) => [r.period, r.orderCount, r.qty, r.amount])).toEqual([
      ['2026-03-01', 1, 1, '10.00'],
      ['2026-03-02', 1, 2, '20.00'],
    ]);
    const hours = await call('/salesAnalyze/hotTime', { startDate: '2026-03-01', endDate: '2026-03-02' }, w.token);
    expect(hours.voList.filter((r: any) => r.orderCount).map((r: any) => r.key)).toEqual(['0', '23']);
  });

  it('counts the days in the domain’s own time zone when it sets one', async () => {
    const w = await world();
    await t.database.db.execute(sql`insert into domain_configs (domain_id, item_code, value) values (${w.domainId}, 'REPORT_TIME_ZONE', 'America/Los_Angeles')`);
    await order(w, '2026-03-01T23:59:59+08:00', [{ skuId: w.skuIds[0]!, qty: 1, price: '10' }]);
    await order(w, '2026-03-02T00:00:00+08:00', [{ skuId: w.skuIds[0]!, qty: 1, price: '10' }]);
    await refreshSalesAggregates(t.database);
    const trend = await call('/businessOverview/searchSalesTrend', { startDate: '2026-02-28', endDate: '2026-03-02' }, w.token);
    expect(trend.voList.map((r: any) => [r.period, r.orderCount])).toEqual([
      ['2026-02-28', 0],
      ['2026-03-01', 2],
      ['2026-03-02', 0],
    ]);
  });

  it('moves the figures to the new days when the business rules change the time zone, and refuses a zone that does not exist', async () => {
    const w = await world();
    // 07:00 Beijing on 2 March is 23:00 UTC on 1 March.
    await order(w, '2026-03-02T07:00:00+08:00', [{ skuId: w.skuIds[0]!, qty: 1, price: '10' }]);
    await refreshSalesAggregates(t.database);
    const days = async () =>
      (await call('/businessOverview/searchSalesTrend', { startDate: '2026-03-01', endDate: '2026-03-02' }, w.token)).voList.map((r: any) => [r.period, r.orderCount]);
    expect(await days()).toEqual([['2026-03-01', 0], ['2026-03-02', 1]]);
    const save = (value: string) => t.call('/cloud/core/sysconfig/updateSysConfig', { items: [{ itemCode: 'REPORT_TIME_ZONE', value }] }, { token: w.token });
    const bad = await save('Mars/Olympus_Mons');
    expect(bad.body.success).toBe(false);
    expect(JSON.stringify(bad.body)).toContain('items.0.value');
    expect(await days()).toEqual([['2026-03-01', 0], ['2026-03-02', 1]]);
    expect((await save('UTC')).body.success).toBe(true);
    expect(await days()).toEqual([['2026-03-01', 1], ['2026-03-02', 0]]);
    const stored = await t.database.db.execute(sql`select count(*)::int as n from domain_configs where domain_id = ${w.domainId} and item_code = 'REPORT_TIME_ZONE' and value = 'UTC'`);
    expect(stored.rows[0]!.n).toBe(1);
  });
});

describe('sales reports: refunds, cost and closed periods', () => {
  it('counts a return in the month it happens, leaving the month of the sale unchanged', async () => {
    const w = await world();
    const o = await order(w, '2026-01-20T10:00:00+08:00', [{ skuId: w.skuIds[0]!, qty: 3, price: '25.5' }]);
    await ship(w, o.id, w.skuIds[0]!, 3, '8.3333', '2026-01-21T09:00:00+08:00');
    await refreshSalesAggregates(t.database);
    const month = { startDate: '2026-01-01', endDate: '2026-02-28', reportType: 'month' };
    const before = await call('/businessOverview/searchSalesTrend', month, w.token);
    expect(before.voList[0]).toMatchObject({ period: '2026-01', orderCount: 1, qty: 3, amount: '76.50', refund: '0.00', cost: '25.00', grossProfit: '51.50', margin: '67.32' });

    await refund(w, o.id, o.lineIds[0]!, w.skuIds[0]!, 1, '25.5', '2026-02-03T10:00:00+08:00');
    await refreshSalesAggregates(t.database);
    const after = await call('/businessOverview/searchSalesTrend', month, w.token);
    expect(after.voList[0]).toEqual(before.voList[0]);
    expect(after.voList[1]).toMatchObject({ period: '2026-02', orderCount: 0, qty: 0, refundQty: 1, refund: '25.50', netAmount: '-25.50', cost: '-8.33' });
    expect(after.totals).toMatchObject({ amount: '76.50', refund: '25.50', netAmount: '51.00', cost: '16.67', grossProfit: '34.33' });
  });

  it('leaves out cancelled and closed orders, and a combination sells as itself with its components’ cost', async () => {
    const w = await world();
    const combo = await t.database.db.execute<{ id: string }>(sql`
      insert into skus (domain_id, spu_id, code, name) select domain_id, spu_id, ${uniqueName('COMBO')}, 'Gift box' from skus where domain_id = ${w.domainId} and id = ${w.skuIds[0]} returning id`);
    const comboId = Number(combo.rows[0]!.id);
    await t.database.db.execute(sql`
      insert into combination_components (domain_id, combo_sku_id, component_sku_id, qty) values (${w.domainId}, ${comboId}, ${w.skuIds[0]}, 2), (${w.domainId}, ${comboId}, ${w.skuIds[1]}, 1)`);
    const o = await order(w, '2026-04-01T12:00:00+08:00', [{ skuId: comboId, qty: 2, price: '50' }]);
    await t.database.db.execute(sql`update erp_order_lines set is_combination = true where domain_id = ${w.domainId} and order_id = ${o.id}`);
    await ship(w, o.id, w.skuIds[0]!, 4, '5', '2026-04-02T12:00:00+08:00');
    await ship(w, o.id, w.skuIds[1]!, 2, '7.5', '2026-04-02T12:00:00+08:00');
    const cancelled = await order(w, '2026-04-01T13:00:00+08:00', [{ skuId: w.skuIds[0]!, qty: 9, price: '10' }]);
    await t.database.db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_CLOSE', closed_at = now() where domain_id = ${w.domainId} and id = ${cancelled.id}`);
    await refreshSalesAggregates(t.database);
    const page = await call('/spuSale/searchPageList', { startDate: '2026-04-01', endDate: '2026-04-30' }, w.token);
    expect(page.voList.map((r: any) => [r.skuId, r.qty, r.amount, r.cost, r.isCombination])).toEqual([[comboId, 2, '100.00', '35.00', true]]);
    expect(page.totals).toMatchObject({ qty: 2, amount: '100.00', cost: '35.00', grossProfit: '65.00' });
  });
});

describe('sales reports: aggregates, drill-down and export', () => {
  async function busyWorld() {
    const w = await world();
    const other = await storeRow(t, w.domainId);
    const days = ['2026-05-01T08:10:00+08:00', '2026-05-01T21:00:00+08:00', '2026-05-02T10:00:00+08:00', '2026-05-03T23:30:00+08:00'];
    const orders = [];
    for (const [i, day] of days.entries()) {
      const o = await insertOrder(t, w.domainId, {
        storeId: i % 2 ? other.id : w.storeId,
        payTime: new Date(day),
        receiver: { province: i % 2 ? '广东省' : '浙江省' },
        lines: [
          { skuId: w.skuIds[0]!, qty: i + 1, price: '12.34' },
          { skuId: w.skuIds[1]!, qty: 1, price: '0.01' },
        ],
      });
      orders.push(o);
    }
    await ship(w, orders[0]!.id, w.skuIds[0]!, 1, '3.3333', '2026-05-02T09:00:00+08:00');
    await ship(w, orders[0]!.id, w.skuIds[1]!, 1, '0.005', '2026-05-02T09:00:00+08:00');
    const lines = await t.database.db.execute<{ id: string }>(sql`select id from erp_order_lines where domain_id = ${w.domainId} and order_id = ${orders[2]!.id} order by id`);
    await refund(w, orders[2]!.id, Number(lines.rows[0]!.id), w.skuIds[0]!, 1, '7', '2026-05-03T10:00:00+08:00', 'REFUND_ONLY');
    return { w, otherStoreId: other.id, orders };
  }

  it('keeps the same numbers incrementally as a rebuild from the orders gives', async () => {
    const { w, orders } = await busyWorld();
    await refreshSalesAggregates(t.database);
    // Changes after the first run: a line edited, an order closed, a new order.
    await t.database.db.execute(sql`update erp_order_lines set qty = 5, amount = 61.7 where domain_id = ${w.domainId} and order_id = ${orders[1]!.id} and sku_id = ${w.skuIds[0]}`);
    await t.database.db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_CLOSE', closed_at = now() where domain_id = ${w.domainId} and id = ${orders[3]!.id}`);
    await order(w, '2026-05-02T11:00:00+08:00', [{ skuId: w.skuIds[1]!, qty: 7, price: '1.1' }]);
    // Running sums: a sale months later (the months between get rows), one months earlier (before
    // the SKU's first month), one later closed again (a month of zeros), one moved to another month.
    await order(w, '2026-08-15T10:00:00+08:00', [{ skuId: w.skuIds[0]!, qty: 2, price: '3.5' }]);
    await order(w, '2026-02-10T10:00:00+08:00', [{ skuId: w.skuIds[1]!, qty: 1, price: '9.99' }]);
    await refreshSalesAggregates(t.database);
    const late = await order(w, '2026-10-01T00:00:00+08:00', [{ skuId: w.skuIds[1]!, qty: 3, price: '1' }]);
    const moved = await order(w, '2026-03-31T23:59:59+08:00', [{ skuId: w.skuIds[0]!, qty: 1, price: '5' }]);
    await refreshSalesAggregates(t.database);
    await t.database.db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_CLOSE', closed_at = now() where domain_id = ${w.domainId} and id = ${late.id}`);
    await t.database.db.execute(sql`update erp_orders set pay_time = '2026-07-01T00:00:00+08:00' where domain_id = ${w.domainId} and id = ${moved.id}`);
    await refreshSalesAggregates(t.database);
    const incremental = await dailySnapshot(w.domainId);
    expect(incremental.bySku.length).toBeGreaterThan(3);
    expect(incremental.byMonth.length).toBe(5);
    // The first SKU from May (its first month) on: May's 1 + 5 + 3 units, July's 1, August's 2.
    expect(incremental.running.filter((r) => Number(r.sku_id) === w.skuIds[0]).map((r) => [r.month, Number(r.qty)])).toEqual([
      ['2026-05', 9],
      ['2026-06', 9],
      ['2026-07', 10],
      ['2026-08', 12],
      ['2026-09', 12],
      ['2026-10', 12],
      ['2026-11', 12],
      ['2026-12', 12],
    ]);
    expect(incremental.byOrderMonth.length).toBeGreaterThan(2);
    const rebuilt = await call('/reportSales/rebuild', undefined, w.token);
    expect(rebuilt.orders).toBe(9);
    expect(await dailySnapshot(w.domainId)).toEqual(incremental);
  });

  it('answers from the monthly sums (whole months, or a month less its days outside the period) the figures the daily sums give, another domain apart', async () => {
    const { w, otherStoreId } = await busyWorld();
    const other = await busyWorld();
    await order(w, '2026-04-30T23:59:59+08:00', [{ skuId: w.skuIds[0]!, qty: 3, price: '2.5' }]);
    await order(w, '2026-06-01T00:00:00+08:00', [{ skuId: w.skuIds[1]!, qty: 4, price: '1.25' }]);
    await refreshSalesAggregates(t.database);
    const allStores = [w.storeId, otherStoreId];
    for (const [startDate, endDate] of [
      ['2026-05-01', '2026-05-31'], // one whole month: monthly sums only
      ['2026-04-30', '2026-06-01'], // a whole month and a day on each side
      ['2026-04-01', '2026-06-30'], // three whole months
      ['2026-05-02', '2026-05-31'], // May less its first day (monthly row − daily rows)
      ['2026-04-30', '2026-05-30'], // a day of April, May less its last day
      ['2026-05-02', '2026-05-03'], // two days: daily rows only
      ['2026-05-01', '2026-06-30'], // running sums at June less those at April
      ['2026-05-01', '2026-08-31'], // running sums at August: the SKUs' last rows (June) stand for it
      ['2026-06-01', '2026-07-31'], // July from the last rows, less May
      ['2026-03-15', '2026-07-31'], // days of March, running sums at July less (nothing at) March
    ]) {
      const period = { startDate, endDate, reportType: 'month' };
      // With every store named, the same figures come from the daily sums (day × store × SKU).
      const monthly = await call('/spuSale/searchPageList', { ...period, currentPage: 1, pageSize: 10 }, w.token);
      const daily = await call('/spuSale/searchPageList', { ...period, storeIds: allStores, currentPage: 1, pageSize: 10 }, w.token);
      expect(monthly, `${startDate}..${endDate}`).toEqual(daily);
      // The order views not split by day (month trend, analysis, the overview's period) read the
      // monthly per-order sums: the same figures as the days of the period added up.
      const days = await call('/businessOverview/searchSalesTrend', { ...period, reportType: 'day' }, w.token);
      const months = await call('/businessOverview/searchSalesTrend', period, w.token);
      expect(months.totals).toEqual(days.totals);
      for (const m of months.voList) {
        const ofMonth = days.voList.filter((d: { period: string }) => d.period.startsWith(m.period));
        expect([m.orderCount, m.qty], m.period).toEqual([ofMonth.reduce((n: number, d: { orderCount: number }) => n + d.orderCount, 0), ofMonth.reduce((n: number, d: { qty: number }) => n + d.qty, 0)]);
      }
      for (const view of ['platform', 'store', 'hotTime', 'hotArea']) expect((await call(`/salesAnalyze/${view}`, period, w.token)).totals, view).toEqual(days.totals);
      expect((await call('/businessOverview/searchTbSoOverview', { startDate, endDate }, w.token)).period).toEqual(days.totals);
      const byStore = await call('/reportSales/search', { ...period, currentPage: 1, pageSize: 50 }, w.token);
      expect(byStore.totals).toEqual(days.totals);
      expect(byStore.voList.reduce((n: number, r: { qty: number }) => n + r.qty, 0)).toBe(days.totals.qty);
      const rank = await call('/businessOverview/searchSpuSalesRank', { ...period, rankBy: 'amount' }, w.token);
      const rankDaily = await call('/businessOverview/searchSpuSalesRank', { ...period, storeIds: allStores, rankBy: 'amount' }, w.token);
      expect(rank).toEqual(rankDaily);
    }
    const may = await call('/spuSale/searchPageList', { startDate: '2026-04-01', endDate: '2026-06-30', currentPage: 1, pageSize: 10 }, w.token);
    // 1+2+3+4 + 3 units of the first SKU; 4 × 1 + 4 of the second (the other domain's orders not among them).
    expect(may.voList.map((r: { skuId: number; qty: number }) => [r.skuId, r.qty])).toEqual([
      [w.skuIds[0], 13],
      [w.skuIds[1], 8],
    ]);
    const theirs = await call('/spuSale/searchPageList', { startDate: '2026-04-01', endDate: '2026-06-30', currentPage: 1, pageSize: 10 }, other.w.token);
    expect(theirs.totals.qty).toBe(14);
  });

  it('answers every sampled cell with drill-down rows that sum to it exactly', async () => {
    const { w } = await busyWorld();
    await refreshSalesAggregates(t.database);
    const filter = { startDate: '2026-05-01', endDate: '2026-05-03' };
    const figures = (x: any) => [x.orderCount, x.qty, x.amount, x.refundQty, x.refund, x.cost];
    const drillSum = async (cell: Record<string, unknown>) => {
      const d = await call('/reportSales/drill', { ...filter, ...cell, pageSize: 1000 }, w.token);
      const rows = d.voList as any[];
      const fen = (k: string) => rows.reduce((s, r) => s + Math.round(Number(r[k]) * 100), 0);
      const n = (k: string) => rows.reduce((s, r) => s + r[k], 0);
      const yuan = (f: number) => (f < 0 ? '-' : '') + (Math.abs(f) / 100).toFixed(2);
      expect(figures(d.totals)).toEqual([n('orderCount'), n('qty'), yuan(fen('amount')), n('refundQty'), yuan(fen('refund')), yuan(fen('cost'))]);
      return d.totals;
    };
    const byOrder = await call('/reportSales/search', { ...filter, pageSize: 100 }, w.token);
    // Four orders on three days in two stores, and the cost of the first on the day it shipped.
    expect(byOrder.voList.length).toBe(5);
    for (const row of byOrder.voList) expect(figures(await drillSum({ period: row.period, storeId: row.storeId, platformCode: row.platformCode }))).toEqual(figures(row));
    expect(figures(await drillSum({}))).toEqual(figures(byOrder.totals));
    const bySkuPage = await call('/spuSale/searchPageList', filter, w.token);
    for (const row of bySkuPage.voList) expect(figures(await drillSum({ skuId: row.skuId }))).toEqual(figures(row));
    const areas = await call('/salesAnalyze/hotArea', filter, w.token);
    expect(areas.voList.map((r: any) => r.key).sort()).toEqual(['广东省', '浙江省']);
    for (const row of areas.voList) expect(figures(await drillSum({ province: row.key }))).toEqual(figures(row));
    const hours = await call('/salesAnalyze/hotTime', filter, w.token);
    for (const row of hours.voList.filter((r: any) => r.orderCount)) expect(figures(await drillSum({ hour: Number(row.key) }))).toEqual(figures(row));
    // And against the orders themselves: the amount of the period is the lines' amounts.
    const direct = await t.database.db.execute<{ fen: string }>(sql`
      select sum(round(l.amount * 100))::bigint as fen from erp_order_lines l join erp_orders o on o.domain_id = l.domain_id and o.id = l.order_id where o.domain_id = ${w.domainId}`);
    expect(Math.round(Number(byOrder.totals.amount) * 100)).toBe(Number(direct.rows[0]!.fen));
  });

  it('exports sales by SKU with the rows and totals the tab shows', async () => {
    const { w } = await busyWorld();
    await refreshSalesAggregates(t.database);
    const filter = { startDate: '2026-05-01', endDate: '2026-05-03' };
    const shown = await call('/spuSale/searchPageList', filter, w.token);
    const requested = await call('/reportSales/export', { report: 'skuSales', filter }, w.token);
    await t.waitFor(
      () => t.call('/cloud/core/exportFile/needPollingList', {}, { token: w.token }),
      (x) => x.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.id && f.processStatus === 'SUCCESS'),
    );
    const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: requested.id }),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toContain('Gross profit');
    expect(sheet.rowCount).toBe(shown.voList.length + 2);
    expect(values(2)[0]).toBe(shown.voList[0].skuCode);
    expect(values(2)).toContain(shown.voList[0].amount);
    expect(values(shown.voList.length + 2)[0]).toBe('Total');
    expect(values(shown.voList.length + 2)).toContain(shown.totals.grossProfit);
  });
});

describe('sales reports: permissions, tenancy and refusals', () => {
  it('sends no cost, gross profit or margin to an account without the cost field, and sends them with it', async () => {
    const w = await world();
    const o = await order(w, '2026-06-01T10:00:00+08:00', [{ skuId: w.skuIds[0]!, qty: 2, price: '10' }]);
    await ship(w, o.id, w.skuIds[0]!, 2, '4', '2026-06-01T11:00:00+08:00');
    await refreshSalesAggregates(t.database);
    const filter = { startDate: '2026-06-01', endDate: '2026-06-01' };
    const clerk = await signedInStaff(t, w.domainId, ['MENU_REPORT']);
    const costed = await signedInStaff(t, w.domainId, ['MENU_REPORT'], ['COST_PRICE']);
    for (const path of ['/spuSale/searchPageList', '/reportSales/search', '/businessOverview/searchSalesTrend', '/salesAnalyze/platform', '/spuSale/getProfitInfo', '/reportSales/drill']) {
      const hidden = JSON.stringify(await call(path, filter, clerk));
      expect(hidden).not.toMatch(/"cost"|"grossProfit"|"margin"/);
      expect(JSON.stringify(await call(path, filter, costed))).toMatch(/"cost":"8.00"/);
    }
    expect(await call('/spuSale/getProfitInfo', filter, costed)).toMatchObject({ netAmount: '20.00', cost: '8.00', grossProfit: '12.00', margin: '60.00' });
  });

  it('shows another domain nothing, refuses its stores and SKUs by field, and refuses an account without the report menu', async () => {
    const w = await world();
    await order(w, '2026-07-01T10:00:00+08:00', [{ skuId: w.skuIds[0]!, qty: 2, price: '10' }]);
    await refreshSalesAggregates(t.database);
    const other = await world();
    const filter = { startDate: '2026-07-01', endDate: '2026-07-01' };
    expect((await call('/spuSale/getProfitInfo', filter, other.token)).qty).toBe(0);
    expect((await call('/reportSales/drill', filter, other.token)).total).toBe(0);
    const foreignStore = await t.call(`${C}/reportSales/search`, { ...filter, storeIds: [other.storeId, w.storeId] }, { token: other.token });
    expect(foreignStore.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
    expect(foreignStore.body.fields).toEqual([{ field: 'storeIds.1', message: expect.any(String) }]);
    const foreignSku = await t.call(`${C}/spuSale/searchPageList`, { ...filter, skuIds: [w.skuIds[0]] }, { token: other.token });
    expect(foreignSku.body.fields?.[0]?.field).toBe('skuIds.0');
    const picker = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    const refused = await t.call(`${C}/spuSale/searchPageList`, filter, { token: picker });
    expect(refused.status).toBe(403);
  });

  it('refuses a period longer than a year and one that ends before it starts, naming the end', async () => {
    const w = await world();
    const long = await t.call(`${C}/businessOverview/searchSalesTrend`, { startDate: '2025-01-01', endDate: '2026-01-02' }, { token: w.token });
    expect(long.body).toMatchObject({ success: false });
    expect(long.body.fields?.[0]?.field).toBe('endDate');
    const backwards = await t.call(`${C}/reportSales/search`, { startDate: '2026-01-02', endDate: '2026-01-01' }, { token: w.token });
    expect(backwards.body.fields?.[0]?.field).toBe('endDate');
    const notADay = await t.call(`${C}/reportSales/search`, { startDate: '2026-02-30', endDate: '2026-03-01' }, { token: w.token });
    expect(notADay.body.fields?.[0]?.field).toBe('startDate');
    const badExport = await t.call(`${C}/reportSales/export`, { report: 'skuSales', filter: { startDate: '2026-01-02', endDate: '2026-01-01' } }, { token: w.token });
    expect(badExport.body.fields?.[0]?.field).toBe('filter.endDate');
  });
});
