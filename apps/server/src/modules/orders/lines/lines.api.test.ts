// Order lines over HTTP (/myhome/erpsod): the lines with their chosen production dates, the
// components of combination lines, the same goods across pending orders, which orders carry
// combinations, and production dates chosen from the warehouse's stock lots (oldest first, less
// what other open orders chose), removed again; refusals and another seller.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder, type OrderSeed } from '../../../../test/factories/orders.js';
import { combinationSku, outboundWorld, putOnHand, type OutboundWorld } from '../../../../test/factories/outbound.js';
import { signedInSeller, storeRow } from '../../../../test/factories/warehouses.js';

const t = await createTestApp();
const { db } = t.database;

interface World extends OutboundWorld {
  storeId: number;
}

async function world(): Promise<World> {
  const w = await outboundWorld(t, { locations: 1, skus: 2 });
  const store = await storeRow(t, w.domainId);
  return { ...w, storeId: store.id };
}
const order = (w: World, seed: Partial<OrderSeed> = {}) => insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: w.skuIds[0]!, qty: 1 }], ...seed });
const lineIds = async (orderId: number) => (await db.execute<{ id: number }>(sql`select id from erp_order_lines where order_id = ${orderId} order by line_seq`)).rows.map((r) => Number(r.id));
const post = (token: string, path: string, body: unknown) => t.call(`/myhome/erpsod/${path}`, body, { token });

/** Lots of the SKU in the world's warehouse: date → quantity. */
async function lots(w: World, skuId: number, dates: Record<string, number>) {
  const total = Object.values(dates).reduce((a, b) => a + b, 0);
  await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0]!, skuId, qty: total }]);
  const balance = (await db.execute<{ id: number }>(sql`select id from stock_balances where domain_id = ${w.domainId} and warehouse_id = ${w.warehouseId} and sku_id = ${skuId} and location_id = ${w.locationIds[0]!}`)).rows[0]!;
  for (const [date, qty] of Object.entries(dates)) {
    await db.execute(sql`insert into stock_lots (domain_id, balance_id, product_date, qty) values (${w.domainId}, ${balance.id}, ${date}::date, ${qty})`);
  }
}

describe('order lines', () => {
  it('lists an order\'s lines and the components of its combination lines', async () => {
    const w = await world();
    const combo = await combinationSku(t, w.domainId, w.skuIds[1]!);
    const o = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 1 }, { skuId: combo, qty: 3 }] });
    await db.execute(sql`update erp_order_lines set is_combination = true where order_id = ${o.id} and sku_id = ${combo}`);
    const list = await post(w.token, 'searchErpSoDList', { sohId: o.id });
    expect(list.body.data.voList.map((l: any) => [l.skuId, l.qty, l.productDates])).toEqual([
      [w.skuIds[0], 1, []],
      [combo, 3, []],
    ]);
    const coms = await post(w.token, 'searchErpSoD4ComList', { sohId: o.id });
    expect(coms.body.data.voList).toEqual([
      expect.objectContaining({ skuId: combo, qty: 3, components: [expect.objectContaining({ skuId: w.skuIds[1], skuCode: w.skuCodes[1], qty: 2, totalQty: 6 })] }),
    ]);
    const check = await post(w.token, 'checkComSods', { idList: [o.id, (await order(w)).id] });
    expect(check.body.data.voList.map((r: any) => r.hasCombination)).toEqual([true, false]);
    expect(check.body.data.voList[0].combinationLineIds).toEqual([(await lineIds(o.id))[1]]);
  });

  it('finds the same goods on pending, unlocked orders for a batch split', async () => {
    const w = await world();
    const a = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }, { skuId: w.skuIds[1]!, qty: 1 }] });
    const b = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 5 }] });
    await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 1 }], locked: true });
    await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 1 }], statusCode: 'CI_ERPSOH_STATUS_VERIFIED' });
    await order(w, { lines: [{ skuId: w.skuIds[1]!, qty: 1 }] });
    const same = await post(w.token, 'getSameErpSoDVo4BatchSplit', { sodId: (await lineIds(a.id))[0] });
    expect(same.body.data.voList.map((r: any) => [r.orderId, r.qty, r.lineCount])).toEqual([
      [a.id, 2, 2],
      [b.id, 5, 1],
    ]);
  });

  it('chooses production dates from the oldest lots, less what other open orders chose, and removes them', async () => {
    const w = await world();
    await db.execute(sql`update spus set shelf_life = 30 where id = (select spu_id from skus where id = ${w.skuIds[0]!})`);
    await lots(w, w.skuIds[0]!, { '2026-01-10': 2, '2026-02-01': 5 });
    const first = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 3 }] });
    const second = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 6 }] });
    const [firstLine] = await lineIds(first.id);
    const [secondLine] = await lineIds(second.id);
    const filled = await post(w.token, 'fillProductDateInfo', { sodIdList: [firstLine] });
    expect(filled.body.data.voList[0]).toMatchObject({
      sodId: firstLine,
      uncovered: 0,
      productDates: [
        expect.objectContaining({ productDate: '2026-01-10', expireDate: '2026-02-09', qty: 2 }),
        expect.objectContaining({ productDate: '2026-02-01', expireDate: '2026-03-03', qty: 1 }),
      ],
    });
    const rest = await post(w.token, 'fillProductDateInfo', { sodIdList: [secondLine] });
    expect(rest.body.data.voList[0]).toMatchObject({ uncovered: 2, productDates: [expect.objectContaining({ productDate: '2026-02-01', qty: 4 })] });
    // Filling again replaces the line's choice rather than adding to it.
    const again = await post(w.token, 'fillProductDateInfo', { sodIdList: [firstLine] });
    expect(again.body.data.voList[0].productDates.map((d: any) => d.qty)).toEqual([2, 1]);
    const listed = await post(w.token, 'searchErpSoDList', { sohId: first.id });
    expect(listed.body.data.voList[0].productDates).toHaveLength(2);

    const removed = await t.call(`/myhome/erpsod/handleDelProductDateInfo?sodId=${firstLine}`, undefined, { token: w.token, method: 'GET' });
    expect(removed.body.data).toEqual({ removed: 2 });
    expect((await post(w.token, 'searchErpSoDList', { sohId: first.id })).body.data.voList[0].productDates).toEqual([]);
  });

  it('refuses lines without lots to choose and orders no longer open, per line', async () => {
    const w = await world();
    const noWarehouse = await order(w, { warehouseId: null });
    const sent = await order(w, { statusCode: 'CI_ERPSOH_STATUS_SEND' });
    const r = await post(w.token, 'fillProductDateInfo', { sodIdList: [(await lineIds(noWarehouse.id))[0], (await lineIds(sent.id))[0], 999_999_999] });
    expect(r.body.data.voList).toEqual([]);
    expect(r.body.data.failures.map((f: any) => f.errorCode)).toEqual(['ERR_ORDER_LINE_NO_LOTS', 'ERR_ORDER_LINE_STATUS', 'ERR_NOT_FOUND']);
    const bad = await post(w.token, 'fillProductDateInfo', { sodIdList: [] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('sodIdList');
    const badGet = await t.call('/myhome/erpsod/handleDelProductDateInfo?sodId=abc', undefined, { token: w.token, method: 'GET' });
    expect(badGet.status).toBe(400);
    expect(JSON.stringify(badGet.body)).toContain('sodId');
  });

  it('finds nothing of another seller', async () => {
    const w = await world();
    const o = await order(w);
    const [line] = await lineIds(o.id);
    const other = await signedInSeller(t);
    expect((await post(other.token, 'searchErpSoDList', { sohId: o.id })).status).toBe(404);
    expect((await post(other.token, 'searchErpSoD4ComList', { sohId: o.id })).status).toBe(404);
    expect((await post(other.token, 'getSameErpSoDVo4BatchSplit', { sodId: line })).status).toBe(404);
    expect((await post(other.token, 'checkComSods', { idList: [o.id] })).body.data.voList).toEqual([]);
    expect((await post(other.token, 'fillProductDateInfo', { sodIdList: [line] })).body.data.failures[0].errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`/myhome/erpsod/handleDelProductDateInfo?sodId=${line}`, undefined, { token: other.token, method: 'GET' })).status).toBe(404);
  });
});
