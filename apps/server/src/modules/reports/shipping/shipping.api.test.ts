// Shipping by order (tab 5) and by express (tab 6): the shop's day, the aggregates kept by the
// dirty-order trigger and refresh against a rebuild from the orders, drill-down equality for every
// cell, refusals, tenancy, permission and the export.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { warehouseRow } from '../../../../test/factories/inbound.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { createShippingAggregates } from './shipping.aggregates.js';

const t = await createTestApp();
const aggregates = createShippingAggregates(t.database);

async function shipWorld(app: TestApp) {
  const seller = await signedInSeller(app);
  const storeA = await storeRow(app, seller.domainId);
  const storeB = await storeRow(app, seller.domainId);
  const whA = await warehouseRow(app, seller.domainId);
  const whB = await warehouseRow(app, seller.domainId);
  return { ...seller, storeA: storeA.id, storeB: storeB.id, whA: whA.warehouseId, whB: whB.warehouseId };
}
type World = Awaited<ReturnType<typeof shipWorld>>;

/** An order shipped at `at` (an ISO instant) by `courier`, weighing `weight` kg, `qty` pieces. */
async function shipped(w: World, o: { at: string; courier: string; store?: number; warehouse?: number | null; weight?: string; qty?: number; lastShip?: string }) {
  const order = await insertOrder(t, w.domainId, {
    storeId: o.store ?? w.storeA,
    warehouseId: o.warehouse === undefined ? w.whA : o.warehouse,
    statusCode: 'CI_ERPSOH_STATUS_VERIFIED',
    lines: [{ skuId: null, qty: o.qty ?? 1 }],
    ...(o.lastShip ? { lastShipTime: new Date(o.lastShip) } : {}),
  });
  await t.database.db.execute(sql`
    update erp_orders set status_code = 'CI_ERPSOH_STATUS_SEND', delivery_time = ${new Date(o.at)}, express_company_code = ${o.courier},
      express_no = ${'YT' + order.id}, weight_total = ${o.weight ?? '1.000'}
    where domain_id = ${w.domainId} and id = ${order.id}`);
  return order;
}

const call = (w: { token: string }, path: string, body: Record<string, unknown>) => t.call(path, body, { token: w.token });
const ok = async (w: { token: string }, path: string, body: Record<string, unknown>) => {
  const a = await call(w, path, body);
  if (!a.body.success) throw new Error(`${path}: ${JSON.stringify(a.body)}`);
  return a.body.data;
};

async function dailyOf(domainId: number) {
  const r = await t.database.pool.query(
    `select day::text, store_id, platform_code, warehouse_id, express_company_code, parcels, qty, weight::text, late_parcels from report_ship_daily where domain_id = $1 order by 1, 2, 3, 4, 5`,
    [domainId],
  );
  return r.rows;
}

describe('shipping by order (deliveryState)', () => {
  it('counts a parcel on the shop day it shipped: 23:59:59 and 00:00:00 Beijing time land on their own days', async () => {
    const w = await shipWorld(t);
    await shipped(w, { at: '2026-03-01T15:59:59Z', courier: 'SF', weight: '1.250', qty: 2 }); // 2026-03-01 23:59:59 +08
    await shipped(w, { at: '2026-03-01T16:00:00Z', courier: 'SF', weight: '0.500', qty: 1 }); // 2026-03-02 00:00:00 +08
    await shipped(w, { at: '2026-03-02T03:00:00Z', courier: 'ZTO', weight: '2.001', qty: 3, lastShip: '2026-03-01T00:00:00Z' });
    const answer = await ok(w, '/cloud/core/deliveryState/search', { startDate: '2026-03-01', endDate: '2026-03-03', pageSize: 10 });
    expect(answer.voList.map((r: any) => [r.period, r.parcels, r.qty, r.weight, r.lateParcels])).toEqual([
      ['2026-03-01', 1, 2, '1.250', 0],
      ['2026-03-02', 2, 4, '2.501', 1],
      ['2026-03-03', 0, 0, '0.000', 0],
    ]);
    expect(answer.totals).toEqual({ parcels: 3, qty: 6, weight: '3.751', lateParcels: 1 });
    expect(answer.trend).toHaveLength(3);
    const month = await ok(w, '/cloud/core/deliveryState/search', { startDate: '2026-02-01', endDate: '2026-03-31', reportType: 'month' });
    expect(month.voList.map((r: any) => [r.period, r.parcels])).toEqual([
      ['2026-02', 0],
      ['2026-03', 3],
    ]);
  });

  it('splits by store, warehouse or platform and filters by store, warehouse and courier', async () => {
    const w = await shipWorld(t);
    await shipped(w, { at: '2026-04-10T02:00:00Z', courier: 'SF', store: w.storeA, warehouse: w.whA });
    await shipped(w, { at: '2026-04-10T03:00:00Z', courier: 'YTO', store: w.storeB, warehouse: w.whB });
    await shipped(w, { at: '2026-04-11T03:00:00Z', courier: 'YTO', store: w.storeB, warehouse: null });
    const byStore = await ok(w, '/cloud/core/deliveryState/search', { startDate: '2026-04-10', endDate: '2026-04-11', groupBy: 'STORE' });
    expect(byStore.voList.map((r: any) => [r.period, Number(r.groupKey), r.parcels])).toEqual([
      ['2026-04-10', w.storeA, 1],
      ['2026-04-10', w.storeB, 1],
      ['2026-04-11', w.storeB, 1],
    ]);
    expect(byStore.voList[0].groupName).toMatch(/^Store /);
    const byWarehouse = await ok(w, '/cloud/core/deliveryState/search', { startDate: '2026-04-10', endDate: '2026-04-11', groupBy: 'WAREHOUSE' });
    expect(byWarehouse.voList.map((r: any) => r.groupKey)).toContain('0');
    const filtered = await ok(w, '/cloud/core/deliveryState/search', { startDate: '2026-04-10', endDate: '2026-04-11', storeIds: [w.storeB], expressCompanyCodes: ['YTO'], warehouseIds: [w.whB] });
    expect(filtered.totals.parcels).toBe(1);
  });

  it('keeps the aggregates equal to a rebuild from the orders through ships, courier changes, re-weighing and un-shipping', async () => {
    const w = await shipWorld(t);
    const a = await shipped(w, { at: '2026-05-01T02:00:00Z', courier: 'SF', weight: '1.111' });
    const b = await shipped(w, { at: '2026-05-01T05:00:00Z', courier: 'ZTO', weight: '2.222', qty: 2 });
    const c = await shipped(w, { at: '2026-05-02T05:00:00Z', courier: 'ZTO', weight: '3.333' });
    await ok(w, '/cloud/core/deliveryState/search', { startDate: '2026-05-01', endDate: '2026-05-02' });
    // Changes after the first fold-in: another courier and day, a weighed parcel, an order that is no longer shipped.
    await t.database.db.execute(sql`update erp_orders set express_company_code = 'YTO', delivery_time = '2026-05-02T06:00:00Z' where domain_id = ${w.domainId} and id = ${a.id}`);
    await t.database.db.execute(sql`insert into erp_order_check_records (domain_id, order_id, mode, weight, goods_weight) values (${w.domainId}, ${b.id}, 'WEIGH', '2.500', '2.222')`);
    await t.database.db.execute(sql`update erp_orders set weight_total = '2.300' where domain_id = ${w.domainId} and id = ${b.id}`);
    await t.database.db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_CLOSE' where domain_id = ${w.domainId} and id = ${c.id}`);
    expect(await aggregates.refreshDomain(w.domainId)).toBe(3);
    const incremental = await dailyOf(w.domainId);
    expect(incremental.map((r) => [r.day, r.express_company_code, r.parcels, r.weight])).toEqual([
      ['2026-05-01', 'ZTO', 1, '2.500'],
      ['2026-05-02', 'YTO', 1, '1.111'],
    ]);
    expect(await aggregates.rebuild(w.domainId)).toEqual({ parcels: 2, days: 2 });
    expect(await dailyOf(w.domainId)).toEqual(incremental);
    // And both agree with the orders read directly.
    const direct = await t.database.pool.query(
      `select count(*)::int as parcels, sum(weight_total)::text as goods_weight from erp_orders where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_SEND'`,
      [w.domainId],
    );
    expect(direct.rows[0]).toEqual({ parcels: 2, goods_weight: '3.411' });
  });

  it('folds in the orders the trigger marked through the job function, domain by domain', async () => {
    const w = await shipWorld(t);
    await shipped(w, { at: '2026-06-01T02:00:00Z', courier: 'SF' });
    const pending = await t.database.pool.query(`select count(*)::int as n from report_ship_dirty where domain_id = $1`, [w.domainId]);
    expect(pending.rows[0].n).toBe(1);
    expect(await aggregates.refreshAll()).toBeGreaterThanOrEqual(1);
    expect((await t.database.pool.query(`select count(*)::int as n from report_ship_dirty where domain_id = $1`, [w.domainId])).rows[0].n).toBe(0);
    expect(await dailyOf(w.domainId)).toEqual([expect.objectContaining({ day: '2026-06-01', parcels: 1 })]);
  });
});

describe('shipping by express (sendPackage) and drill-down', () => {
  it('answers each courier per day with its share, the pie and the stacked series', async () => {
    const w = await shipWorld(t);
    for (let i = 0; i < 3; i++) await shipped(w, { at: '2026-07-01T02:00:00Z', courier: 'SF', weight: '1.000' });
    await shipped(w, { at: '2026-07-01T02:00:00Z', courier: 'ZTO', weight: '0.250' });
    await shipped(w, { at: '2026-07-03T02:00:00Z', courier: 'ZTO', weight: '0.250' });
    const a = await ok(w, '/cloud/core/sendPackage/search', { startDate: '2026-07-01', endDate: '2026-07-03' });
    expect(a.voList.map((r: any) => [r.period, r.expressCompanyCode, r.parcels, r.share])).toEqual([
      ['2026-07-01', 'SF', 3, '75.00'],
      ['2026-07-01', 'ZTO', 1, '25.00'],
      ['2026-07-03', 'ZTO', 1, '100.00'],
    ]);
    expect(a.byCourier.map((c: any) => [c.expressCompanyCode, c.parcels, c.weight, c.share])).toEqual([
      ['SF', 3, '3.000', '60.00'],
      ['ZTO', 2, '0.500', '40.00'],
    ]);
    expect(a.periods).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
    expect(a.series).toEqual([
      { expressCompanyCode: 'SF', expressCompanyName: 'SF Express', parcels: [3, 0, 0] },
      { expressCompanyCode: 'ZTO', expressCompanyName: 'ZTO Express', parcels: [1, 0, 1] },
    ]);
    expect(a.totals).toEqual({ parcels: 5, qty: 5, weight: '3.500', lateParcels: 0 });
  });

  it('drills every cell of both tabs down to the parcels that sum to it exactly', async () => {
    const w = await shipWorld(t);
    const couriers = ['SF', 'ZTO', 'YTO'];
    for (let i = 0; i < 12; i++) {
      await shipped(w, {
        at: `2026-08-0${1 + (i % 3)}T${String(10 + (i % 5)).padStart(2, '0')}:30:00Z`,
        courier: couriers[i % 3]!,
        store: i % 2 ? w.storeA : w.storeB,
        warehouse: i % 4 === 0 ? null : w.whB,
        weight: `${i}.${String(i * 7).padStart(3, '0')}`.slice(0, 5),
        qty: 1 + (i % 4),
      });
    }
    const range = { startDate: '2026-08-01', endDate: '2026-08-04' };
    const byStore = await ok(w, '/cloud/core/deliveryState/search', { ...range, groupBy: 'STORE', pageSize: 100 });
    const byWarehouse = await ok(w, '/cloud/core/deliveryState/search', { ...range, groupBy: 'WAREHOUSE', pageSize: 100 });
    const byCourier = await ok(w, '/cloud/core/sendPackage/search', { ...range, pageSize: 100 });
    const cells = [
      ...byStore.voList.map((r: any) => ({ cell: { period: r.period, storeId: Number(r.groupKey) }, row: r })),
      ...byWarehouse.voList.map((r: any) => ({ cell: { period: r.period, warehouseId: Number(r.groupKey) }, row: r })),
      ...byCourier.voList.map((r: any) => ({ cell: { period: r.period, expressCompanyCode: r.expressCompanyCode }, row: r })),
    ];
    expect(cells.length).toBeGreaterThan(10);
    for (const { cell, row } of cells) {
      const d = await ok(w, '/cloud/core/deliveryState/searchParcels', { ...range, ...cell, pageSize: 100 });
      expect(d.totals).toEqual({ parcels: row.parcels, qty: row.qty, weight: row.weight, lateParcels: row.lateParcels });
      expect(d.voList).toHaveLength(row.parcels);
      expect(d.voList.reduce((n: number, p: any) => n + p.qty, 0)).toBe(row.qty);
      const grams = d.voList.reduce((n: number, p: any) => n + Math.round(Number(p.weight) * 1000), 0);
      expect(grams).toBe(Math.round(Number(row.weight) * 1000));
    }
    const all = await ok(w, '/cloud/core/deliveryState/searchParcels', { ...range, pageSize: 5 });
    expect(all.total).toBe(12);
    expect(all.totals).toEqual(byCourier.totals);
    expect(all.voList[0]).toMatchObject({ code: expect.any(String), expressNo: expect.stringMatching(/^YT/), day: '2026-08-01' });
  });
});

describe('shipping reports: refusals, tenancy, permission', () => {
  it('refuses an end before the start, a period longer than allowed and unknown references, naming the field', async () => {
    const w = await shipWorld(t);
    const refused = async (path: string, body: Record<string, unknown>, field: string) => {
      const a = await call(w, path, body);
      expect(a.status, JSON.stringify(a.body)).toBe(400);
      expect(a.body.fields?.map((f) => f.field)).toContain(field);
    };
    await refused('/cloud/core/deliveryState/search', { startDate: '2026-03-02', endDate: '2026-03-01' }, 'endDate');
    await refused('/cloud/core/deliveryState/search', { startDate: '2025-01-01', endDate: '2026-01-02' }, 'endDate');
    await refused('/cloud/core/sendPackage/search', { startDate: '2023-01-01', endDate: '2026-01-31', reportType: 'month' }, 'endDate');
    await refused('/cloud/core/sendPackage/search', { startDate: '2026-02-30', endDate: '2026-03-01' }, 'startDate');
    await refused('/cloud/core/sendPackage/search', { startDate: '2026-03-01', endDate: '2026-03-02', storeIds: [999999999] }, 'storeIds');
    await refused('/cloud/core/deliveryState/search', { startDate: '2026-03-01', endDate: '2026-03-02', warehouseIds: [999999999] }, 'warehouseIds');
    await refused('/cloud/core/deliveryState/search', { startDate: '2026-03-01', endDate: '2026-03-02', expressCompanyCodes: ['NOPE'] }, 'expressCompanyCodes');
    await refused('/cloud/core/deliveryState/search', { startDate: '2026-03-01', endDate: '2026-03-02', platformCodes: ['NOPE'] }, 'platformCodes');
    // A month report of 36 months and a day report of 366 days are taken.
    expect((await call(w, '/cloud/core/sendPackage/search', { startDate: '2024-01-01', endDate: '2026-12-31', reportType: 'month' })).status).toBe(200);
    expect((await call(w, '/cloud/core/deliveryState/search', { startDate: '2025-01-01', endDate: '2026-01-01' })).status).toBe(200);
  });

  it("keeps one seller's parcels from another: its store is unknown to them and their report is empty", async () => {
    const w = await shipWorld(t);
    await shipped(w, { at: '2026-09-01T02:00:00Z', courier: 'SF' });
    const other = await shipWorld(t);
    const range = { startDate: '2026-09-01', endDate: '2026-09-01' };
    expect((await ok(other, '/cloud/core/sendPackage/search', range)).totals.parcels).toBe(0);
    expect((await ok(other, '/cloud/core/deliveryState/searchParcels', range)).total).toBe(0);
    expect((await call(other, '/cloud/core/deliveryState/search', { ...range, storeIds: [w.storeA] })).body.fields?.[0]?.field).toBe('storeIds');
    expect((await call(other, '/cloud/core/deliveryState/searchParcels', { ...range, storeId: w.storeA })).status).toBe(400);
    expect((await ok(w, '/cloud/core/sendPackage/search', range)).totals.parcels).toBe(1);
  });

  it('refuses every shipping report call to a sub-account without MENU_REPORT and serves one with it', async () => {
    const w = await shipWorld(t);
    const picker = { token: await signedInStaff(t, w.domainId, ['MENU_ERPSO']) };
    const range = { startDate: '2026-09-01', endDate: '2026-09-02' };
    for (const [path, body] of [
      ['/cloud/core/deliveryState/search', range],
      ['/cloud/core/deliveryState/searchParcels', range],
      ['/cloud/core/deliveryState/export', range],
      ['/cloud/core/deliveryState/rebuild', undefined],
      ['/cloud/core/sendPackage/search', range],
      ['/cloud/core/sendPackage/export', range],
    ] as const) {
      expect((await t.call(path, body, { token: picker.token })).status, path).toBe(403);
    }
    const reporter = { token: await signedInStaff(t, w.domainId, ['MENU_REPORT']) };
    expect((await call(reporter, '/cloud/core/sendPackage/search', range)).status).toBe(200);
  });
});

describe('shipping report exports', () => {
  it('writes exactly the rows and the totals the tab shows', async () => {
    const w = await shipWorld(t);
    await shipped(w, { at: '2026-10-01T02:00:00Z', courier: 'SF', weight: '1.500', qty: 2 });
    await shipped(w, { at: '2026-10-02T02:00:00Z', courier: 'ZTO', weight: '0.750' });
    const input = { startDate: '2026-10-01', endDate: '2026-10-03' };
    const tab = await ok(w, '/cloud/core/sendPackage/search', { ...input, pageSize: 100 });
    const sheet = await exported(w, '/cloud/core/sendPackage/export', input);
    expect(sheet[0]).toEqual(['Period', 'Courier', 'Parcels', 'Share (%)', 'Pieces', 'Weight (kg)', 'Late parcels']);
    expect(sheet.slice(1)).toEqual([
      ...tab.voList.map((r: any) => [r.period, r.expressCompanyName, r.parcels, r.share, r.qty, r.weight, r.lateParcels]),
      ['Total', '', tab.totals.parcels, '100.00', tab.totals.qty, tab.totals.weight, tab.totals.lateParcels],
    ]);
    const days = await ok(w, '/cloud/core/deliveryState/search', { ...input, pageSize: 100 });
    const daySheet = await exported(w, '/cloud/core/deliveryState/export', input);
    expect(daySheet.slice(1)).toEqual([
      ...days.voList.map((r: any) => [r.period, r.parcels, r.qty, r.weight, r.lateParcels]),
      ['Total', days.totals.parcels, days.totals.qty, days.totals.weight, days.totals.lateParcels],
    ]);
  });
});

async function exported(w: { token: string }, path: string, body: Record<string, unknown>): Promise<unknown[][]> {
  const requested = await ok(w, path, body);
  await t.waitFor(
    () => t.call('/cloud/core/exportFile/needPollingList', {}, { token: w.token }),
    (x) => x.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.id && (f.processStatus === 'SUCCESS' || f.processStatus === 'FAILURE')),
  );
  const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ number: requested.id }),
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === undefined || v === null ? '' : v))));
  return rows;
}
