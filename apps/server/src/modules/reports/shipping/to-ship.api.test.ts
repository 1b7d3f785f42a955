// To-ship SKU (tab 7): open orders' demand per SKU (combinations as components) against on-hand
// stock and the three in-transit quantities, the shortfall, the sums, the SPU view, the
// drill-downs that sum to each figure, cost only with COST_PRICE, refusals, tenancy, the export.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueName } from '../../../../test/harness.js';
import { skuRows, supplierRow, warehouseRow } from '../../../../test/factories/inbound.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { putStock } from '../../../../test/factories/stock-check.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';

const t = await createTestApp();
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

async function toShipWorld() {
  const seller = await signedInSeller(t);
  const d = seller.domainId;
  const store = (await storeRow(t, d)).id;
  const whA = (await warehouseRow(t, d)).warehouseId;
  const whB = (await warehouseRow(t, d)).warehouseId;
  const { ids: skus, codes } = await skuRows(t, d, 3);
  const [x, y, z] = skus as [number, number, number];
  const combo = (await skuRows(t, d, 1, { combination: true })).ids[0]!;
  await exec(sql`insert into combination_components (domain_id, combo_sku_id, component_sku_id, qty) values (${d}, ${combo}, ${x}, 2), (${d}, ${combo}, ${y}, 1)`);
  await exec(sql`update skus set cost_price = '12.5000' where domain_id = ${d} and id = ${x}`);
  return { ...seller, store, whA, whB, x, y, z, combo, codes };
}
type World = Awaited<ReturnType<typeof toShipWorld>>;

async function order(w: World, status: string, lines: { skuId: number | null; qty: number }[], warehouseId?: number) {
  const o = await insertOrder(t, w.domainId, { storeId: w.store, warehouseId: warehouseId ?? w.whA, statusCode: status, lines });
  if (lines.some((l) => l.skuId === w.combo)) await exec(sql`update erp_order_lines set is_combination = true where domain_id = ${w.domainId} and order_id = ${o.id} and sku_id = ${w.combo}`);
  return o;
}

async function purchase(w: World, skuId: number, ordered: number, received: number, status = 'VERIFY', warehouseId = w.whA) {
  const sup = await supplierRow(t, w.domainId);
  const po = await exec(sql`
    insert into purchase_orders (domain_id, code, status, receive_status, supplier_id, warehouse_id)
    values (${w.domainId}, ${uniqueName('PO')}, ${status}, ${received ? 'PART_RECEIVE' : 'UNRECEIVE'}, ${sup.id}, ${warehouseId}) returning id`);
  await exec(sql`insert into purchase_order_lines (domain_id, order_id, line_no, sku_id, ordered_qty, received_qty) values (${w.domainId}, ${po.rows[0]!.id}, 1, ${skuId}, ${ordered}, ${received})`);
}

async function notice(w: World, skuId: number, qty: number, received: number, type = 'ASN_OTHER', status = 'CI_ASN_STATUS_CREATED') {
  const h = await exec(sql`
    insert into asn_headers (domain_id, code, asn_type, warehouse_id, status) values (${w.domainId}, ${uniqueName('ASN')}, ${type}, ${w.whA}, ${status}) returning id`);
  await exec(sql`insert into asn_details (domain_id, asn_id, line_no, sku_id, qty, received_qty) values (${w.domainId}, ${h.rows[0]!.id}, 1, ${skuId}, ${qty}, ${received})`);
}

async function transfer(w: World, skuId: number, qty: number, status = 'SHIPPED') {
  const h = await exec(sql`
    insert into transfer_orders (domain_id, code, out_warehouse_id, in_warehouse_id, transfer_status) values (${w.domainId}, ${uniqueName('TR')}, ${w.whB}, ${w.whA}, ${status}) returning id`);
  await exec(sql`insert into transfer_details (domain_id, transfer_id, sku_id, qty) values (${w.domainId}, ${h.rows[0]!.id}, ${skuId}, ${qty})`);
}

const ok = async (token: string, path: string, body: Record<string, unknown>) => {
  const a = await t.call(path, body, { token });
  if (!a.body.success) throw new Error(`${path}: ${JSON.stringify(a.body)}`);
  return a.body.data;
};

/**
 * x: open 3 (NORMAL) + 2×2 via the combination (VERIFIED) + 1 (SYNCED) = 8; on hand 2; purchase 3 open, notice 1 open, transfer 1 → shortfall 1.
 * y: 2 via the combination (2 × 1); on hand 5 → no shortfall. z: nothing open (shipped, cancelled, a cancelled line) → not listed.
 */
async function stocked(w: World) {
  await order(w, 'CI_ERPSOH_STATUS_NORMAL', [{ skuId: w.x, qty: 3 }, { skuId: null, qty: 1 }]);
  await order(w, 'CI_ERPSOH_STATUS_VERIFIED', [{ skuId: w.combo, qty: 2 }]);
  await order(w, 'CI_ERPSOH_STATUS_SYNCED', [{ skuId: w.x, qty: 1 }], w.whB);
  await order(w, 'CI_ERPSOH_STATUS_SEND', [{ skuId: w.z, qty: 5 }]);
  await order(w, 'CI_ERPSOH_STATUS_CANCEL', [{ skuId: w.z, qty: 5 }]);
  const cancelledLine = await order(w, 'CI_ERPSOH_STATUS_NORMAL', [{ skuId: w.z, qty: 4 }]);
  await exec(sql`update erp_order_lines set cancel_tag = 1 where domain_id = ${w.domainId} and order_id = ${cancelledLine.id}`);
  await putStock(t, w.domainId, [
    { warehouseId: w.whA, skuId: w.x, onHand: 2, allocated: 1 },
    { warehouseId: w.whA, skuId: w.y, onHand: 5 },
  ]);
  await purchase(w, w.x, 5, 2);
  await purchase(w, w.x, 9, 0, 'DRAFT');
  await notice(w, w.x, 3, 2);
  await notice(w, w.x, 7, 0, 'ASN_PURCHASE');
  await notice(w, w.x, 7, 0, 'ASN_OTHER', 'CI_ASN_STATUS_COMPLETED');
  await transfer(w, w.x, 1);
  await transfer(w, w.x, 6, 'RECEIVED');
}

describe('to-ship SKU (shipSku, unshippedSpuReport)', () => {
  it('counts open orders per SKU, combinations as components, against stock and in-transit quantities', async () => {
    const w = await toShipWorld();
    await stocked(w);
    const page = await ok(w.token, '/cloud/core/shipSku/searchPageList', { pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.voList.map((r: any) => [r.skuId, r.openOrders, r.toShipQty, r.onHand, r.allocated, r.available, r.purchaseInTransit, r.asnInTransit, r.transferInTransit, r.shortfall])).toEqual([
      [w.x, 3, 8, 2, 1, 1, 3, 1, 1, 1],
      [w.y, 1, 2, 5, 0, 5, 0, 0, 0, 0],
    ]);
    // The main account sees cost: shortfall × cost price.
    expect(page.voList[0]).toMatchObject({ costPrice: '12.5000', shortfallAmount: '12.5000' });
    const sums = await ok(w.token, '/cloud/core/shipSku/sumAll', {});
    expect(sums).toEqual({
      skuCount: 2,
      shortSkuCount: 1,
      toShipQty: 10,
      onHand: 7,
      purchaseInTransit: 3,
      asnInTransit: 1,
      transferInTransit: 1,
      shortfall: 1,
      openOrders: 3,
      unmatchedLines: 1,
      shortfallAmount: '12.5000',
    });
    const short = await ok(w.token, '/cloud/core/shipSku/searchPageList', { onlyShortfall: true });
    expect(short.voList.map((r: any) => r.skuId)).toEqual([w.x]);
    // Warehouse A only: the SYNCED order and the stock of B drop out (the transfer comes into A).
    const inA = await ok(w.token, '/cloud/core/shipSku/searchPageList', { warehouseIds: [w.whA] });
    expect(inA.voList.find((r: any) => r.skuId === w.x)).toMatchObject({ toShipQty: 7, openOrders: 2, onHand: 2, transferInTransit: 1, shortfall: 0 });
    const spus = await ok(w.token, '/cloud/core/unshippedSpuReport/search', {});
    expect(spus.total).toBe(2);
    expect(spus.voList[0]).toMatchObject({ skuCount: 1, toShipQty: 8, shortfall: 1 });
  });

  it('keeps the demand exact through changes after a read (new order, edited line, shipped order, moved warehouse, changed combination), as a rebuild gives, and apart from another seller', async () => {
    const w = await toShipWorld();
    await stocked(w);
    const other = await toShipWorld();
    await order(other, 'CI_ERPSOH_STATUS_NORMAL', [{ skuId: other.x, qty: 50 }]);
    const figures = async (body: Record<string, unknown> = {}) =>
      (await ok(w.token, '/cloud/core/shipSku/searchPageList', { pageSize: 100, ...body })).voList.map((r: any) => [r.skuId, r.openOrders, r.toShipQty]).sort((a: number[], b: number[]) => a[0]! - b[0]!);
    expect(await figures()).toEqual([
      [w.x, 3, 8],
      [w.y, 1, 2],
    ]);
    const added = await order(w, 'CI_ERPSOH_STATUS_NORMAL', [{ skuId: w.z, qty: 2 }]);
    await exec(sql`update erp_order_lines set qty = 4 where domain_id = ${w.domainId} and order_id = ${added.id}`);
    await exec(sql`
      update erp_orders o set status_code = 'CI_ERPSOH_STATUS_SEND' where o.domain_id = ${w.domainId} and o.status_code = 'CI_ERPSOH_STATUS_NORMAL'
        and exists (select 1 from erp_order_lines l where l.domain_id = o.domain_id and l.order_id = o.id and l.sku_id = ${w.x})`);
    await exec(sql`update erp_orders set warehouse_id = ${w.whA} where domain_id = ${w.domainId} and warehouse_id = ${w.whB}`);
    await exec(sql`update combination_components set qty = 3 where domain_id = ${w.domainId} and combo_sku_id = ${w.combo} and component_sku_id = ${w.x}`);
    // x: the combination order 2 × 3 + the SYNCED order 1 (the NORMAL one shipped); z: the new order's 4.
    const expected = [
      [w.x, 2, 7],
      [w.y, 1, 2],
      [w.z, 1, 4],
    ].sort((a, b) => a[0]! - b[0]!);
    expect(await figures()).toEqual(expected);
    expect((await figures({ warehouseIds: [w.whA] })).find((r: number[]) => r[0] === w.x)).toEqual([w.x, 2, 7]);
    const sums = await ok(w.token, '/cloud/core/shipSku/sumAll', {});
    expect(sums).toMatchObject({ toShipQty: 13, openOrders: 3, unmatchedLines: 0 });
    // Read through the rollup (no order filter) and through the demand rows (a store filter): the same.
    expect(await figures({ storeIds: [w.store] })).toEqual(expected);
    expect(await figures({ warehouseIds: [w.whA, w.whB] })).toEqual(expected);
    const demandRows = async () => ({
      rows: (await exec(sql`select order_id, sku_id, qty, store_id, platform_code, warehouse_id, sold_at from report_open_demand where domain_id = ${w.domainId} order by order_id, sku_id`)).rows,
      rollup: (await exec(sql`select warehouse_id, sku_id, qty, orders from report_open_demand_sku where domain_id = ${w.domainId} order by 1, 2`)).rows,
    });
    const incremental = await demandRows();
    // The rollup is the demand rows added up per SKU (warehouse 0: all); the unmatched line of the
    // shipped order left it (no row kept at zero).
    const grouped = await exec(sql`
      select 0::bigint as warehouse_id, sku_id, sum(qty)::int as qty, count(*)::int as orders from report_open_demand where domain_id = ${w.domainId} group by sku_id
      union all
      select warehouse_id, sku_id, sum(qty)::int, count(*)::int from report_open_demand where domain_id = ${w.domainId} and warehouse_id is not null group by 1, 2
      order by 1, 2`);
    expect(incremental.rollup).toEqual(grouped.rows);
    await ok(w.token, '/cloud/core/deliveryState/rebuild', {});
    expect(await demandRows()).toEqual(incremental);
    expect(await figures()).toEqual(expected);
    expect((await ok(other.token, '/cloud/core/shipSku/sumAll', {})).toShipQty).toBe(50);
  });

  it('drills the to-ship quantity and each in-transit quantity down to the documents that sum to it', async () => {
    const w = await toShipWorld();
    await stocked(w);
    const row = (await ok(w.token, '/cloud/core/shipSku/searchPageList', {})).voList.find((r: any) => r.skuId === w.x);
    const orders = await ok(w.token, '/cloud/core/shipSku/searchOrders', { skuId: w.x, pageSize: 100 });
    expect(orders.toShipQty).toBe(row.toShipQty);
    expect(orders.voList.reduce((n: number, o: any) => n + o.qty, 0)).toBe(row.toShipQty);
    expect(orders.total).toBe(row.openOrders);
    for (const [verb, figure] of [
      ['purchaseIntransitQty', 'purchaseInTransit'],
      ['asnIntransitQty', 'asnInTransit'],
      ['transferIntransitQty', 'transferInTransit'],
    ] as const) {
      const docs = await ok(w.token, `/cloud/core/unshippedSpuReport/${verb}`, { skuId: w.x, pageSize: 100 });
      expect(docs.inTransitQty, verb).toBe(row[figure]);
      expect(docs.voList.reduce((n: number, d: any) => n + d.inTransitQty, 0), verb).toBe(row[figure]);
    }
  });

  it('sends cost only to an account with COST_PRICE, and refuses an account without MENU_REPORT', async () => {
    const w = await toShipWorld();
    await stocked(w);
    const noCost = await signedInStaff(t, w.domainId, ['MENU_REPORT']);
    const page = await ok(noCost, '/cloud/core/shipSku/searchPageList', {});
    expect(page.voList[0]).not.toHaveProperty('costPrice');
    expect(page.voList[0]).not.toHaveProperty('shortfallAmount');
    expect(await ok(noCost, '/cloud/core/shipSku/sumAll', {})).not.toHaveProperty('shortfallAmount');
    const withCost = await signedInStaff(t, w.domainId, ['MENU_REPORT'], ['COST_PRICE']);
    expect((await ok(withCost, '/cloud/core/shipSku/searchPageList', {})).voList[0]).toHaveProperty('costPrice', '12.5000');
    const picker = await signedInStaff(t, w.domainId, ['MENU_ERPSO', 'MENU_INV']);
    for (const path of [
      '/cloud/core/shipSku/searchPageList',
      '/cloud/core/shipSku/sumAll',
      '/cloud/core/shipSku/searchOrders',
      '/cloud/core/shipSku/export',
      '/cloud/core/unshippedSpuReport/search',
      '/cloud/core/unshippedSpuReport/purchaseIntransitQty',
      '/cloud/core/unshippedSpuReport/asnIntransitQty',
      '/cloud/core/unshippedSpuReport/transferIntransitQty',
    ]) {
      expect((await t.call(path, { skuId: w.x }, { token: picker })).status, path).toBe(403);
    }
  });

  it("refuses unknown SKUs, warehouses and stores, another seller's too, and a bad period, naming the field", async () => {
    const w = await toShipWorld();
    await stocked(w);
    const other = await toShipWorld();
    const refused = async (path: string, body: Record<string, unknown>, field: string) => {
      const a = await t.call(path, body, { token: other.token });
      expect(a.status, JSON.stringify(a.body)).toBe(400);
      expect(a.body.fields?.map((f: any) => f.field)).toContain(field);
    };
    await refused('/cloud/core/shipSku/searchPageList', { skuIds: [w.x] }, 'skuIds');
    await refused('/cloud/core/shipSku/sumAll', { warehouseIds: [w.whA] }, 'warehouseIds');
    await refused('/cloud/core/unshippedSpuReport/search', { storeIds: [w.store] }, 'storeIds');
    await refused('/cloud/core/shipSku/searchOrders', { skuId: w.x }, 'skuIds');
    await refused('/cloud/core/unshippedSpuReport/purchaseIntransitQty', { skuId: w.x }, 'skuIds');
    await refused('/cloud/core/shipSku/searchPageList', { startDate: '2026-05-02', endDate: '2026-05-01' }, 'endDate');
    // The other seller's own report does not see the first seller's orders.
    expect((await ok(other.token, '/cloud/core/shipSku/sumAll', {})).toShipQty).toBe(0);
  });

  it('exports the SKU rows the tab lists and the sums row', async () => {
    const w = await toShipWorld();
    await stocked(w);
    const tab = await ok(w.token, '/cloud/core/shipSku/searchPageList', { pageSize: 100 });
    const sums = await ok(w.token, '/cloud/core/shipSku/sumAll', {});
    const requested = await ok(w.token, '/cloud/core/shipSku/export', {});
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
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v === undefined || v === null ? '' : v))));
    expect(rows[0]).toContain('Shortfall');
    expect(rows[0]).toContain('Cost price');
    const shortfallAt = (rows[0] as string[]).indexOf('Shortfall');
    const toShipAt = (rows[0] as string[]).indexOf('To ship');
    expect(rows.slice(1, -1).map((r) => [r[0], r[toShipAt], r[shortfallAt]])).toEqual(tab.voList.map((r: any) => [r.skuCode, r.toShipQty, r.shortfall]));
    expect([rows.at(-1)![0], rows.at(-1)![toShipAt], rows.at(-1)![shortfallAt]]).toEqual(['Total', sums.toShipQty, sums.shortfall]);
  });
});
