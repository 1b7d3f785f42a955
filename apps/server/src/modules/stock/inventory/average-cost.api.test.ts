// Average-cost adjustments over HTTP (/cloud/core/averagecost): SUBMIT → COMPLETE, the averages set
// in one transaction with the ones they replaced, the refusals, another domain, the permissions.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { combination, inventoryWorld, staffToken, type InventoryWorld } from '../../../../test/factories/inventory.js';
import { createTestApp } from '../../../../test/harness.js';
import { applyReceiptCosts } from '../stock.costs.js';

const t = await createTestApp();
const { db } = t.database;
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });
const A = '/cloud/core/averagecost';

async function averageOf(domainId: number, skuId: number): Promise<string | null> {
  const r = await db.execute<{ average_cost: string }>(sql`select average_cost from sku_costs where domain_id = ${domainId} and sku_id = ${skuId}`);
  return r.rows[0]?.average_cost ?? null;
}

async function create(w: InventoryWorld, details: Record<string, unknown>[], remark?: string) {
  const answer = await call(`${A}/create`, { details, ...(remark ? { remark } : {}) }, w.token);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data;
}

describe('average-cost adjustments', () => {
  it('creates an adjustment to confirm, and confirming sets every average and records the one replaced', async () => {
    const w = await inventoryWorld(t);
    await db.transaction((tx) => applyReceiptCosts(tx, w.domainId, [{ skuId: w.skuIds[0]!, qty: 5, unitCost: '3.2' }]));
    const doc = await create(
      w,
      [
        { skuCode: w.skuCodes[0], averageCostPriceAfter: '4.1234', remark: 'supplier credit' },
        { skuCode: w.skuCodes[1], averageCostPriceAfter: 0 },
      ],
      'March review',
    );
    expect(doc).toMatchObject({ status: 'SUBMIT', skuCount: 2, remark: 'March review', version: 0, confirmedAt: null });
    expect(doc.code).toMatch(/^AC\d{14}\d{3}$/);
    expect(doc.details).toEqual([
      expect.objectContaining({ skuId: w.skuIds[0], averageCostPriceBefore: null, currentAverageCost: '3.2000', averageCostPriceAfter: '4.1234', remark: 'supplier credit' }),
      expect.objectContaining({ skuId: w.skuIds[1], averageCostPriceBefore: null, currentAverageCost: null, averageCostPriceAfter: '0.0000' }),
    ]);
    expect(await averageOf(w.domainId, w.skuIds[0]!)).toBe('3.2000');

    const confirmed = await call(`${A}/confirm`, { id: doc.id, version: 0 }, w.token);
    expect(confirmed.body.data).toMatchObject({ status: 'COMPLETE', version: 1, confirmedBy: expect.any(String) });
    expect(confirmed.body.data.details.map((d: { averageCostPriceBefore: string | null; currentAverageCost: string }) => [d.averageCostPriceBefore, d.currentAverageCost])).toEqual([
      ['3.2000', '4.1234'],
      [null, '0.0000'],
    ]);
    expect(await averageOf(w.domainId, w.skuIds[0]!)).toBe('4.1234');
    expect(await averageOf(w.domainId, w.skuIds[1]!)).toBe('0.0000');

    const again = await call(`${A}/confirm`, { id: doc.id, version: 1 }, w.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'ERR_STOCK_ADJUSTMENT_NOT_SUBMIT', params: { code: doc.code, status: 'COMPLETE' } });
    expect((await call(`${A}/update`, { id: doc.id, version: 1, details: [{ skuCode: w.skuCodes[0], averageCostPriceAfter: 1 }] }, w.token)).body.errorCode).toBe('ERR_STOCK_ADJUSTMENT_NOT_SUBMIT');
    expect((await call(`${A}/delete`, { id: doc.id, version: 1 }, w.token)).body.errorCode).toBe('ERR_STOCK_ADJUSTMENT_NOT_SUBMIT');
    expect(await averageOf(w.domainId, w.skuIds[0]!)).toBe('4.1234');

    const log = await db.execute<{ action: string }>(sql`select action from operation_logs where domain_id = ${w.domainId} and entity_type = 'averageCostAdjustment' order by id`);
    expect(log.rows.map((r) => r.action)).toEqual(['create', 'confirm']);
  });

  it('updates with the version, refuses a stale one, and deletes only what is still to confirm', async () => {
    const w = await inventoryWorld(t);
    const doc = await create(w, [{ skuCode: w.skuCodes[0], averageCostPriceAfter: '1' }]);
    const updated = await call(`${A}/update`, { id: doc.id, version: 0, remark: 'fixed', details: [{ skuCode: w.skuCodes[2], averageCostPriceAfter: '2.5' }] }, w.token);
    expect(updated.body.data).toMatchObject({ version: 1, remark: 'fixed', skuCount: 1, details: [expect.objectContaining({ skuCode: w.skuCodes[2], averageCostPriceAfter: '2.5000' })] });
    const stale = await call(`${A}/update`, { id: doc.id, version: 0, details: [{ skuCode: w.skuCodes[1], averageCostPriceAfter: '9' }] }, w.token);
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await call(`${A}/confirm`, { id: doc.id, version: 0 }, w.token)).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await call(`${A}/delete`, { id: doc.id, version: 1 }, w.token)).body.data).toEqual({ deleted: 1 });
    expect((await call(`${A}/searchDetail`, { id: doc.id }, w.token)).status).toBe(404);
    expect(await averageOf(w.domainId, w.skuIds[2]!)).toBeNull();
  });

  it('refuses a negative cost, more than 4 decimals, unknown, combination and repeated SKUs, by line', async () => {
    const w = await inventoryWorld(t);
    const set = await combination(t, w.domainId, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const bad = await call(
      `${A}/create`,
      {
        details: [
          { skuCode: w.skuCodes[0], averageCostPriceAfter: '-1' },
          { skuCode: w.skuCodes[1], averageCostPriceAfter: '1.00001' },
          { skuCode: w.skuCodes[2], averageCostPriceAfter: 'abc' },
        ],
      },
      w.token,
    );
    expect(bad.body.fields).toEqual([
      { field: 'details.0.averageCostPriceAfter', message: 'Average cost cannot be negative' },
      { field: 'details.1.averageCostPriceAfter', message: 'Average cost cannot exceed four decimals' },
      { field: 'details.2.averageCostPriceAfter', message: 'Average cost must be a number' },
    ]);
    expect((await call(`${A}/create`, { details: [] }, w.token)).body.fields).toEqual([{ field: 'details', message: 'Add at least one SKU' }]);
    const unknown = await call(`${A}/create`, { details: [{ skuCode: w.skuCodes[0], averageCostPriceAfter: 1 }, { skuCode: 'NOPE', averageCostPriceAfter: 1 }] }, w.token);
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_STOCK_UNKNOWN_SKU', params: { field: 'details.1.skuCode', code: 'NOPE', line: 2 }, message: 'Line 2: no SKU has the code NOPE' });
    const combo = await call(`${A}/create`, { details: [{ skuCode: set.code, averageCostPriceAfter: 1 }] }, w.token);
    expect(combo.body).toMatchObject({ errorCode: 'ERR_STOCK_COMBINATION_NOT_STOCKED', params: { field: 'details.0.skuCode' } });
    const twice = await call(`${A}/create`, { details: [{ skuCode: w.skuCodes[0], averageCostPriceAfter: 1 }, { skuCode: ` ${w.skuCodes[0]} `, averageCostPriceAfter: 2 }] }, w.token);
    expect(twice.body).toMatchObject({ errorCode: 'ERR_STOCK_DUPLICATE_SKU', params: { field: 'details.1.skuCode' } });
    const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from average_cost_adjustments where domain_id = ${w.domainId}`);
    expect(Number(count.rows[0]!.n)).toBe(0);
  });

  it('searches by code, status and SKU, newest first', async () => {
    const w = await inventoryWorld(t);
    const first = await create(w, [{ skuCode: w.skuCodes[0], averageCostPriceAfter: 1 }]);
    const second = await create(w, [{ skuCode: w.skuCodes[1], averageCostPriceAfter: 2 }]);
    await call(`${A}/confirm`, { id: first.id, version: 0 }, w.token);
    const all = await call(`${A}/search`, {}, w.token);
    expect(all.body.data.voList.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect((await call(`${A}/search`, { status: 'COMPLETE' }, w.token)).body.data.voList.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect((await call(`${A}/search`, { skuCode: w.skuCodes[1] }, w.token)).body.data.voList.map((r: { id: number }) => r.id)).toEqual([second.id]);
    expect((await call(`${A}/search`, { code: second.code }, w.token)).body.data.total).toBe(1);
  });

  it("neither reads nor changes another domain's adjustments, nor adjusts its SKUs", async () => {
    const a = await inventoryWorld(t);
    const b = await inventoryWorld(t);
    const doc = await create(a, [{ skuCode: a.skuCodes[0], averageCostPriceAfter: 5 }]);
    expect((await call(`${A}/search`, {}, b.token)).body.data.total).toBe(0);
    for (const [path, body] of [
      ['searchDetail', { id: doc.id }],
      ['update', { id: doc.id, version: 0, details: [{ skuCode: b.skuCodes[0], averageCostPriceAfter: 1 }] }],
      ['confirm', { id: doc.id, version: 0 }],
      ['delete', { id: doc.id, version: 0 }],
    ] as const) {
      const answer = await call(`${A}/${path}`, body, b.token);
      expect([path, answer.status, answer.body.params?.what]).toEqual([path, 404, 'averageCostAdjustment']);
    }
    const foreignSku = await call(`${A}/create`, { details: [{ skuCode: a.skuCodes[0], averageCostPriceAfter: 1 }] }, b.token);
    expect(foreignSku.body.errorCode).toBe('ERR_STOCK_UNKNOWN_SKU');
    expect((await call(`${A}/searchDetail`, { id: doc.id }, a.token)).body.data).toMatchObject({ status: 'SUBMIT', version: 0 });
    expect(await averageOf(a.domainId, a.skuIds[0]!)).toBeNull();
  });

  it('refuses an account without the stock menu, and without COST_PRICE lets it only list', async () => {
    const w = await inventoryWorld(t);
    const doc = await create(w, [{ skuCode: w.skuCodes[0], averageCostPriceAfter: 5 }]);
    const noMenu = await staffToken(t, w.domainId, ['MENU_ERPSO'], ['COST_PRICE']);
    for (const path of ['search', 'searchDetail', 'create', 'update', 'confirm', 'delete']) {
      const answer = await call(`${A}/${path}`, { id: doc.id, version: 0, details: [{ skuCode: w.skuCodes[0], averageCostPriceAfter: 1 }] }, noMenu);
      expect([path, answer.status, answer.body.errorCode]).toEqual([path, 403, 'ERR_SECURITY_NO_PERMISSION']);
    }
    const noCost = await staffToken(t, w.domainId, ['MENU_INV']);
    expect((await call(`${A}/search`, {}, noCost)).body.data.total).toBe(1);
    for (const path of ['searchDetail', 'create', 'update', 'confirm', 'delete']) {
      const answer = await call(`${A}/${path}`, { id: doc.id, version: 0, details: [{ skuCode: w.skuCodes[0], averageCostPriceAfter: 1 }] }, noCost);
      expect([path, answer.status, answer.body.errorCode]).toEqual([path, 403, 'ERR_STOCK_COST_FIELD_REQUIRED']);
    }
    expect((await call(`${A}/searchDetail`, { id: doc.id }, w.token)).body.data).toMatchObject({ status: 'SUBMIT', version: 0 });
  });

  it('updateAvgCostConfig: receipts without a unit cost keep the average by default, or come in at the SKU cost price once configured', async () => {
    const w = await inventoryWorld(t);
    const other = await inventoryWorld(t);
    const [a, b] = [w.skuIds[0]!, w.skuIds[1]!];
    await db.execute(sql`update skus set cost_price = 10 where domain_id = ${w.domainId} and id in (${a}, ${b})`);
    await db.execute(sql`insert into stock_balances (domain_id, warehouse_id, location_id, sku_id, on_hand) values (${w.domainId}, ${w.warehouseId}, ${w.locationIds[0]!}, ${a}, 10)`);
    await db.execute(sql`insert into sku_costs (domain_id, sku_id, average_cost) values (${w.domainId}, ${a}, 4)`);
    expect((await call(`${A}/getAvgCostConfig`, undefined, w.token)).body.data).toEqual({ receiptWithoutCost: 'KEEP_AVERAGE' });
    await db.transaction((tx) => applyReceiptCosts(tx, w.domainId, [{ skuId: a, qty: 10, unitCost: null }]));
    expect(await averageOf(w.domainId, a)).toBe('4.0000');

    const refused = await call(`${A}/updateAvgCostConfig`, { receiptWithoutCost: 'LATEST_PRICE' }, w.token);
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'receiptWithoutCost' } });
    const noCost = await staffToken(t, w.domainId, ['MENU_INV']);
    expect((await call(`${A}/updateAvgCostConfig`, { receiptWithoutCost: 'SKU_COST_PRICE' }, noCost)).body.errorCode).toBe('ERR_STOCK_COST_FIELD_REQUIRED');
    const updated = await call(`${A}/updateAvgCostConfig`, { receiptWithoutCost: 'SKU_COST_PRICE' }, w.token);
    expect(updated.body.data).toEqual({ receiptWithoutCost: 'SKU_COST_PRICE' });
    // 10 on hand at 4, 10 more at the SKU's cost price 10: the average moves to 7.
    await db.transaction((tx) => applyReceiptCosts(tx, w.domainId, [{ skuId: a, qty: 10, unitCost: null }]));
    expect(await averageOf(w.domainId, a)).toBe('7.0000');
    // Another domain keeps its own configuration.
    expect((await call(`${A}/getAvgCostConfig`, undefined, other.token)).body.data).toEqual({ receiptWithoutCost: 'KEEP_AVERAGE' });
    await db.transaction((tx) => applyReceiptCosts(tx, other.domainId, [{ skuId: other.skuIds[0]!, qty: 5, unitCost: null }]));
    expect(await averageOf(other.domainId, other.skuIds[0]!)).toBeNull();
  });
});
