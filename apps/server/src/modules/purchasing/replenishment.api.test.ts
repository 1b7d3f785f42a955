// Replenishment suggestions and the purchase-lines import over HTTP, on a fresh database: sales of
// the last N days (verified, issued, shipped; combinations as components; old, open and cancelled
// lines left out), stock, purchase orders on their way, warning levels, the suggested supplier and
// its price (hidden without PURCHASE_PRICE), the filters, a few thousand rows; the import of 5,000
// lines and of a file whose every bad row is named at once; another domain sees none of it.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { skuRows } from '../../../test/factories/inbound.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { callOk, orderInput, purchasingWorld, verifiedOrder, type PurchasingWorld } from '../../../test/factories/purchasing.js';
import { createSandboxStore } from '../../../test/factories/stores.js';
import { signedInStaff } from '../../../test/factories/warehouses.js';
import { createTestApp } from '../../../test/harness.js';

const t = await createTestApp();
const DAY = 24 * 60 * 60 * 1000;

const suggest = (token: string, body: Record<string, unknown> = {}) => t.call('/cloud/purchase/replenishment/search', body, { token });
async function suggestOk(token: string, body: Record<string, unknown> = {}) {
  const answer = await suggest(token, body);
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return answer.body.data as { voList: any[]; total: number };
}

async function sold(w: PurchasingWorld, storeId: number, lines: { skuId: number; qty: number }[], options: { status?: string; daysAgo?: number; cancelTag?: boolean } = {}) {
  const at = new Date(Date.now() - (options.daysAgo ?? 1) * DAY);
  const order = await insertOrder(t, w.domainId, { storeId, warehouseId: w.warehouseId, statusCode: options.status ?? 'CI_ERPSOH_STATUS_SEND', createdAt: at, lines });
  await t.database.db.execute(sql`update erp_orders set verified_at = ${at.toISOString()}::timestamptz where domain_id = ${w.domainId} and id = ${order.id}`);
  if (options.cancelTag) await t.database.db.execute(sql`update erp_order_lines set cancel_tag = 1 where domain_id = ${w.domainId} and order_id = ${order.id}`);
  return order;
}

const stock = (w: PurchasingWorld, skuId: number, onHand: number, allocated = 0) =>
  t.database.db.execute(sql`insert into stock_balances (domain_id, warehouse_id, sku_id, on_hand, allocated) values (${w.domainId}, ${w.warehouseId}, ${skuId}, ${onHand}, ${allocated})`);

describe('replenishment suggestions', () => {
  it('suggests ⌈daily sales × (lead + cover days)⌉ + warning level − available − in transit − on order, with the first enabled supplier and its price', async () => {
    const w = await purchasingWorld(t);
    const store = await createSandboxStore(t, w.token);
    const [a, b, c] = w.skuIds as [number, number, number];
    // A: 60 sold in the last 30 days (shipped and verified), old and cancelled and unreviewed sales left out.
    await sold(w, store.id, [{ skuId: a, qty: 40 }]);
    await sold(w, store.id, [{ skuId: a, qty: 20 }], { status: 'CI_ERPSOH_STATUS_VERIFIED', daysAgo: 10 });
    await sold(w, store.id, [{ skuId: a, qty: 500 }], { daysAgo: 45 });
    await sold(w, store.id, [{ skuId: a, qty: 500 }], { cancelTag: true });
    await sold(w, store.id, [{ skuId: a, qty: 500 }], { status: 'CI_ERPSOH_STATUS_NORMAL' });
    // A combination of 2 × B and 1 × C: 5 sold are 10 B and 5 C.
    const combo = await skuRows(t, w.domainId, 1, { combination: true });
    await t.database.db.execute(sql`insert into combination_components (domain_id, combo_sku_id, component_sku_id, qty) values
      (${w.domainId}, ${combo.ids[0]}, ${b}, 2), (${w.domainId}, ${combo.ids[0]}, ${c}, 1)`);
    const comboOrder = await sold(w, store.id, [{ skuId: combo.ids[0]!, qty: 5 }]);
    await t.database.db.execute(sql`update erp_order_lines set is_combination = true where domain_id = ${w.domainId} and order_id = ${comboOrder.id}`);
    // Stock: A 10 on hand, 4 held; B 100 on hand (enough). C has a warning level of 8.
    await stock(w, a, 10, 4);
    await stock(w, b, 100);
    await t.database.db.execute(sql`insert into stock_warnings (domain_id, warehouse_id, sku_id, warning_qty) values (${w.domainId}, ${w.warehouseId}, ${c}, 8)`);
    // A: 7 on its way on a verified order (10 ordered, 3 received), 5 more on a draft.
    const v = await verifiedOrder(t, w, [{ skuCode: w.skuCodes[0]!, qty: 10, price: '1' }]);
    await t.database.db.execute(sql`update purchase_order_lines set received_qty = 3 where domain_id = ${w.domainId} and order_id = ${v.order.id}`);
    await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 5 }]));
    // A is supplied by a disabled supplier first, then by ours at 2.5.
    const disabled = await t.database.db.execute<{ id: number }>(sql`insert into suppliers (domain_id, code, name, status) values (${w.domainId}, 'OFF', 'Off', 'DISABLED') returning id`);
    await t.database.db.execute(sql`insert into supply_goods (domain_id, supplier_id, sku_id, purchase_price) values
      (${w.domainId}, ${disabled.rows[0]!.id}, ${a}, '1'), (${w.domainId}, ${w.supplierId}, ${a}, '2.5')`);

    const page = await suggestOk(w.token, { days: 30, leadDays: 7, coverDays: 14 });
    const bySku = new Map(page.voList.map((r) => [r.skuId, r]));
    // A: ⌈60 / 30 × 21⌉ = 42; available 6, in transit 7, on order 5 → 24.
    expect(bySku.get(a)).toMatchObject({
      soldQty: 60,
      dailySales: '2.00',
      onHand: 10,
      allocated: 4,
      inTransitQty: 7,
      onOrderQty: 5,
      warningQty: null,
      suggestedQty: 24,
      whId: w.warehouseId,
      supplierId: w.supplierId,
      supplierCode: w.supplierCode,
      purchasePrice: '2.5000',
    });
    // C: ⌈5 / 30 × 21⌉ = 4, + warning 8 → 12, no supplier.
    expect(bySku.get(c)).toMatchObject({ soldQty: 5, suggestedQty: 12, warningQty: 8, supplierId: null });
    // B has enough: left out unless every row is asked for. The combination itself is never a row.
    expect(bySku.has(b)).toBe(false);
    expect(bySku.has(combo.ids[0]!)).toBe(false);
    expect(page.voList.map((r) => r.skuId)).toEqual([a, c]);
    expect(page.total).toBe(2);
    const all = await suggestOk(w.token, { onlyPositive: false });
    expect(all.voList.find((r) => r.skuId === b)).toMatchObject({ soldQty: 10, onHand: 100, suggestedQty: 0 });

    // A longer lead time buys more; a shorter look-back leaves out the sale of 10 days ago.
    expect((await suggestOk(w.token, { leadDays: 37 })).voList.find((r) => r.skuId === a).suggestedQty).toBe(84);
    expect((await suggestOk(w.token, { days: 5 })).voList.find((r) => r.skuId === a)).toMatchObject({ soldQty: 40, dailySales: '8.00', suggestedQty: 150 });

    // Filters: supplier, warehouse, keyword.
    expect((await suggestOk(w.token, { supplierId: w.supplierId })).voList.map((r) => r.skuId)).toEqual([a]);
    expect((await suggestOk(w.token, { whId: w.warehouseId })).total).toBe(2);
    expect((await suggestOk(w.token, { whId: w.warehouseId + 100000 })).total).toBe(0);
    expect((await suggestOk(w.token, { keyword: w.skuCodes[2]!.slice(-6) })).voList.map((r) => r.skuId)).toEqual([c]);

    // Without PURCHASE_PRICE the supplier's price is not sent.
    const staff = await signedInStaff(t, w.domainId, ['MENU_PURCHASE']);
    const hidden = (await suggestOk(staff)).voList.find((r) => r.skuId === a);
    expect(hidden).not.toHaveProperty('purchasePrice');
    expect(hidden.suggestedQty).toBe(24);
  });

  it('refuses a look-back outside 1…365 days and an account without the purchase menu', async () => {
    const w = await purchasingWorld(t);
    expect((await suggest(w.token, { days: 0 })).body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'days' } });
    expect((await suggest(w.token, { days: 366 })).body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
    expect((await suggest(w.token, { leadDays: 1.5 })).body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'leadDays' } });
    const staff = await signedInStaff(t, w.domainId, ['MENU_INV']);
    expect((await suggest(staff)).body).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_NO_PERMISSION' });
  });

  it('shows another domain none of the sales, stock or orders', async () => {
    const w = await purchasingWorld(t);
    const stranger = await purchasingWorld(t);
    const store = await createSandboxStore(t, w.token);
    await sold(w, store.id, [{ skuId: w.skuIds[0]!, qty: 30 }]);
    await stock(w, w.skuIds[1]!, 5);
    await verifiedOrder(t, w, [{ skuCode: w.skuCodes[2]!, qty: 3 }]);
    expect((await suggestOk(w.token, { onlyPositive: false })).total).toBe(3);
    expect(await suggestOk(stranger.token, { onlyPositive: false })).toMatchObject({ voList: [], total: 0 });
    expect(await suggestOk(stranger.token, { onlyPositive: false, whId: w.warehouseId })).toMatchObject({ voList: [], total: 0 });
  });

  it('answers a page of a few thousand warehouse × SKU rows in one statement', async () => {
    const w = await purchasingWorld(t);
    const store = await createSandboxStore(t, w.token);
    const skus = await t.database.db.execute<{ id: number }>(sql`
      with s as (insert into spus (domain_id, code, name) select ${w.domainId}, 'BULK-' || g, 'Bulk ' || g from generate_series(1, 3000) g returning id, code)
      insert into skus (domain_id, spu_id, code, name) select ${w.domainId}, s.id, s.code, s.code from s returning id`);
    const ids = skus.rows.map((r) => Number(r.id));
    await t.database.db.execute(sql`insert into stock_balances (domain_id, warehouse_id, sku_id, on_hand) select ${w.domainId}, ${w.warehouseId}, id, 1 from unnest(${sql.param(ids)}::bigint[]) id`);
    const order = await sold(w, store.id, [{ skuId: ids[0]!, qty: 3 }]);
    await t.database.db.execute(sql`
      insert into erp_order_lines (domain_id, order_id, line_seq, sku_id, sku_code, qty)
      select ${w.domainId}, ${order.id}, n + 1, id, 'x', 3 from unnest(${sql.param(ids.slice(1))}::bigint[]) with ordinality as u(id, n)`);
    const page = await suggestOk(w.token, { pageSize: 100 });
    expect(page.total).toBe(3000);
    expect(page.voList).toHaveLength(100);
    expect(page.voList[0]).toMatchObject({ soldQty: 3, onHand: 1, suggestedQty: 2 });
    expect((await suggestOk(w.token, { pageSize: 100, currentPage: 30 })).voList).toHaveLength(100);
  });
});

describe('the purchase-lines import', () => {
  const sheet = async (rows: (string | number | null)[][], header = ['商品编码', '采购数量', '采购价', '备注']) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('lines');
    ws.addRow(header);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const upload = (token: string, data: Buffer) => t.upload('/cloud/purchase/purchase/importLines', { field: 'uploadExcel', name: 'lines.xlsx', data }, {}, { token });

  it('gives the template and reads 5,000 lines in one answer', async () => {
    const w = await purchasingWorld(t);
    const template = await fetch(`${t.baseUrl}/cloud/purchase/purchase/importLinesTemplate`, { headers: { authorization: `Bearer ${w.token}`, 'accept-language': 'en' } });
    expect(template.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await template.arrayBuffer());
    expect((wb.worksheets[0]!.getRow(1).values as string[]).slice(1).map(String)).toEqual(['*SKU code', '*Quantity', 'Purchase price', 'Remark']);

    await t.database.db.execute(sql`
      with s as (insert into spus (domain_id, code, name) select ${w.domainId}, 'LINE-' || g, 'Line ' || g from generate_series(1, 5000) g returning id, code)
      insert into skus (domain_id, spu_id, code, name) select ${w.domainId}, s.id, s.code, s.code from s`);
    const data = await sheet(Array.from({ length: 5000 }, (_, i) => [`LINE-${i + 1}`, i + 1, i % 2 ? '1.5' : null, i === 0 ? 'first' : null]));
    const answer = await upload(w.token, data);
    expect(answer.body.success).toBe(true);
    const result = answer.body.data;
    expect(result).toMatchObject({ total: 5000, errors: [] });
    expect(result.lines).toHaveLength(5000);
    expect(result.lines[0]).toMatchObject({ skuCode: 'LINE-1', skuName: 'LINE-1', qty: 1, price: null, remark: 'first' });
    expect(result.lines[1]).toMatchObject({ skuCode: 'LINE-2', qty: 2, price: '1.5000' });
    // The lines make one order.
    const order = await callOk(t, w.token, 'create', orderInput(w, result.lines.map((l: any) => ({ skuCode: l.skuCode, qty: l.qty, price: l.price }))));
    expect(order.order).toMatchObject({ skuTotal: 5000, qtyTotal: (5000 * 5001) / 2 });
  });

  it('names every bad row at once and gives no lines', async () => {
    const w = await purchasingWorld(t);
    const combo = await skuRows(t, w.domainId, 1, { combination: true });
    const data = await sheet([
      [w.skuCodes[0]!, 2, '3', null],
      ['NO-SUCH', 1, null, null],
      [w.skuCodes[1]!, 0, null, null],
      [w.skuCodes[2]!, 1, '1.23456', null],
      [combo.codes[0]!, 1, null, null],
      [w.skuCodes[0]!, 1, null, null],
      [w.skuCodes[1]!, 'ten', '-1', null],
      [null, 1, null, null],
    ]);
    const answer = await upload(w.token, data);
    expect(answer.body.success).toBe(true);
    const { lines, errors, total } = answer.body.data;
    expect(total).toBe(8);
    expect(lines).toEqual([]);
    expect(errors.map((e: any) => [e.row, e.field, e.code])).toEqual([
      [3, 'skuCode', 'SKU_NOT_FOUND'],
      [4, 'qty', 'WHOLE_NUMBER_RANGE'],
      [5, 'price', 'DECIMALS'],
      [6, 'skuCode', 'SKU_IS_COMBINATION'],
      [7, 'skuCode', 'DUPLICATE_ROW'],
      [8, 'qty', 'WHOLE_NUMBER_RANGE'],
      [9, 'skuCode', 'REQUIRED'],
    ]);
    expect(errors.find((e: any) => e.row === 7).params).toEqual({ row: 2 });
  });

  it('refuses a price column from an account that may not see purchase prices, a file without the columns, and another domain’s SKUs', async () => {
    const w = await purchasingWorld(t);
    const staff = await signedInStaff(t, w.domainId, ['MENU_PURCHASE']);
    const priced = await upload(staff, await sheet([[w.skuCodes[0]!, 1, '2', null]]));
    expect(priced.body.data.errors).toMatchObject([{ row: 2, field: 'price', code: 'FIELD_NOT_PERMITTED' }]);
    const plain = await upload(staff, await sheet([[w.skuCodes[0]!, 1, null, null]]));
    expect(plain.body.data.lines[0]).not.toHaveProperty('price');
    const noColumns = await upload(w.token, await sheet([['x']], ['something']));
    expect(noColumns.body).toMatchObject({ success: false, errorCode: 'ERR_IMPORT_HEADERS' });
    const stranger = await purchasingWorld(t);
    const theirs = await upload(stranger.token, await sheet([[w.skuCodes[0]!, 1, null, null]]));
    expect(theirs.body.data.errors).toMatchObject([{ row: 2, field: 'skuCode', code: 'SKU_NOT_FOUND' }]);
  });
});
