// The return-inbound invariants, each held by the database or a row lock: a return line is
// restocked exactly once (50 concurrent confirmations of one receipt, and the ledger's unique
// source line), received-on-returns never exceeds what shipped per order line (parallel
// receipts), and a return comes back at the cost it went out at while the moving average follows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { averageCost, onHand } from '../../../../test/factories/inbound.js';
import { buy, createRma, getRma, rmaWorld, shippedOrder, type RmaWorld } from '../../../../test/factories/rma.js';
import { combinationSku } from '../../../../test/factories/outbound.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { createTestApp } from '../../../../test/harness.js';
import { applyMovements } from '../stock.engine.js';

const t = await createTestApp();
const receive = (token: string, body: Record<string, unknown>) => t.call('/myhome/rma/updateRmaInventory', body, { token });

async function ledgerRows(domainId: number, code: string) {
  const rows = await t.database.db.execute<{ source_line_id: number; on_hand_delta: number; unit_cost: string | null }>(sql`
    select source_line_id, on_hand_delta, unit_cost::text from stock_ledger where domain_id = ${domainId} and doc_type = 'RMA' and doc_code = ${code} order by id`);
  return rows.rows;
}

describe('return inbound invariants', () => {
  it('books one receipt once when it is confirmed 50 times at once: one ledger row per line', async () => {
    const w = await rmaWorld(t);
    await buy(t, w, w.skuIds[0]!, 10, '10');
    await buy(t, w, w.skuIds[1]!, 10, '10');
    const order = await shippedOrder(t, w, [
      { skuId: w.skuIds[0]!, qty: 4 },
      { skuId: w.skuIds[1]!, qty: 4 },
    ]);
    const r = await createRma(t, w.token, {
      whId: w.warehouseId,
      erpSoHId: order.id,
      rmaDetails: [
        { erpSodId: order.lineIds[0], qty: 4 },
        { erpSodId: order.lineIds[1], qty: 4 },
      ],
    });
    const before0 = await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!);
    const before1 = await onHand(t, w.domainId, w.warehouseId, w.skuIds[1]!);
    const body = {
      id: r.id,
      version: r.version,
      receiptKey: 'parcel-SF001',
      rmaDetails: [
        { id: r.rmaDetails[0].id, goodQty: 2, defectiveQty: 1 },
        { id: r.rmaDetails[1].id, goodQty: 1 },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => receive(w.token, body)));
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    const refusals = answers.filter((a) => !a.body.success).map((a) => a.body.errorCode);
    expect(new Set(refusals)).toEqual(new Set(['ERR_RMA_RECEIPT_CONFIRMED']));

    const ledger = await ledgerRows(w.domainId, r.code);
    expect(ledger).toHaveLength(3);
    expect(new Set(ledger.map((l) => Number(l.source_line_id))).size).toBe(3);
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(before0 + 3);
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toBe(before1 + 1);
    const view = await getRma(t, w.token, r.id);
    expect(view).toMatchObject({ receivedQtyTotal: 4, goodQtyTotal: 3, defectiveQtyTotal: 1, version: 1 });
    expect(view.receipts).toHaveLength(1);

    // The ledger itself refuses a second row for a booked receipt line, whoever writes it.
    const line = Number(ledger[0]!.source_line_id);
    await expect(
      t.database.db.transaction((tx) =>
        applyMovements(tx, w.domainId, null, [
          { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, onHandDelta: 1, movement: 'RETURN', doc: { type: 'RMA', id: r.id, code: r.code }, sourceLineId: line },
        ]),
      ),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'stock_ledger_source_line_key' } });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(before0 + 3);
  });

  it('refuses one of two parallel receipts whose sum exceeds what shipped on the order line', async () => {
    const w = await rmaWorld(t);
    await buy(t, w, w.skuIds[0]!, 10, '10');
    const order = await shippedOrder(t, w, [{ skuId: w.skuIds[0]!, qty: 3 }]);
    const a = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 2 }] });
    const b = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 2 }] });
    const before = await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!);
    const [ra, rb] = await Promise.all([
      receive(w.token, { id: a.id, version: 0, rmaDetails: [{ id: a.rmaDetails[0].id, goodQty: 2 }] }),
      receive(w.token, { id: b.id, version: 0, rmaDetails: [{ id: b.rmaDetails[0].id, goodQty: 2 }] }),
    ]);
    const outcomes = [ra!, rb!].map((x) => (x.body.success ? 'ok' : x.body.errorCode)).sort();
    expect(outcomes).toEqual(['ERR_RMA_OVER_SHIPPED', 'ok']);
    const refused = [ra!, rb!].find((x) => !x.body.success)!;
    expect(refused.body.message).toMatch(/3 shipped, 2 returned/);
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(before + 2);
    const tally = await t.database.db.execute<{ returned_qty: number; shipped_qty: number }>(sql`
      select returned_qty, shipped_qty from rma_order_line_returns where domain_id = ${w.domainId} and erp_order_line_id = ${order.lineIds[0]}`);
    expect(tally.rows[0]).toMatchObject({ returned_qty: 2, shipped_qty: 3 });
    // The remaining one fits.
    const loser = ra!.body.success ? b : a;
    const last = await receive(w.token, { id: loser.id, version: 0, rmaDetails: [{ id: loser.rmaDetails[0].id, goodQty: 1 }] });
    expect(last.body.success).toBe(true);
    // And the database refuses a tally above what shipped, whoever writes it.
    await expect(
      t.database.db.execute(sql`update rma_order_line_returns set returned_qty = shipped_qty + 1 where domain_id = ${w.domainId} and erp_order_line_id = ${order.lineIds[0]}`),
    ).rejects.toMatchObject({ cause: { code: '23514', constraint: 'rma_order_line_returns_within_shipped' } });
  });

  it('takes a combination back as its components, each within what shipped of it, and refuses one of two parallel receipts above it', async () => {
    const w = await rmaWorld(t);
    await buy(t, w, w.skuIds[0]!, 10, '10');
    await buy(t, w, w.skuIds[1]!, 10, '10');
    const order = await shippedComboOrder(w, 2);
    const components = { [w.skuIds[0]!]: 4, [w.skuIds[1]!]: 2 };

    // A set is its components: 2 of SKU0 and 1 of SKU1.
    const a = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineId, qty: 2 }] });
    expect(a.rmaDetails.map((d: any) => [d.skuId, d.qty])).toEqual([
      [w.skuIds[0], 4],
      [w.skuIds[1], 2],
    ]);
    const over = await t.call('/myhome/rma/create', { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineId, qty: 3 }] }, { token: w.token });
    expect(over.body).toMatchObject({ success: false, errorCode: 'ERR_RMA_OVER_SHIPPED', params: { shipped: 4, asked: 6 } });
    const b = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineId, qty: 1 }] });

    // Both returns received whole at once: 6 of SKU0 would come back where 4 shipped.
    const before0 = await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!);
    const all = (r: any) => ({ id: r.id, version: 0, rmaDetails: r.rmaDetails.map((d: any) => ({ id: d.id, goodQty: d.qty })) });
    const [ra, rb] = await Promise.all([receive(w.token, all(a)), receive(w.token, all(b))]);
    expect([ra!, rb!].map((x) => (x.body.success ? 'ok' : x.body.errorCode)).sort()).toEqual(['ERR_RMA_OVER_SHIPPED', 'ok']);
    const winner = ra!.body.success ? a : b;
    const back0 = winner.rmaDetails.find((d: any) => d.skuId === w.skuIds[0]).qty;
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(before0 + back0);
    const tally = await t.database.db.execute<{ sku_id: number; shipped_qty: number; returned_qty: number }>(sql`
      select sku_id, shipped_qty, returned_qty from rma_order_line_returns where domain_id = ${w.domainId} and erp_order_line_id = ${order.lineId} order by sku_id`);
    expect(tally.rows.map((r) => [Number(r.sku_id), r.shipped_qty])).toEqual(Object.entries(components).map(([k, v]) => [Number(k), v]).sort((x, y) => x[0]! - y[0]!));
    expect(tally.rows.every((r) => r.returned_qty === winner.rmaDetails.find((d: any) => d.skuId === Number(r.sku_id)).qty)).toBe(true);
  });

  it('values a returned unit at the cost it shipped at, and the moving average follows', async () => {
    const w = await rmaWorld(t);
    const sku = w.skuIds[0]!;
    await buy(t, w, sku, 1, '10');
    const order = await shippedOrder(t, w, [{ skuId: sku, qty: 1 }]);
    await buy(t, w, sku, 1, '14');
    expect(await averageCost(t, w.domainId, sku)).toBe('14.0000');
    const r = await createRma(t, w.token, { whId: w.warehouseId, erpSoHId: order.id, rmaDetails: [{ erpSodId: order.lineIds[0], qty: 1 }] });
    const done = await receive(w.token, { id: r.id, version: 0, rmaDetails: [{ id: r.rmaDetails[0].id, goodQty: 1 }] });
    expect(done.body.success).toBe(true);
    const ledger = await ledgerRows(w.domainId, r.code);
    expect(ledger.map((l) => l.unit_cost)).toEqual(['10.0000']);
    // (1 × 14 + 1 × 10) / 2
    expect(await averageCost(t, w.domainId, sku)).toBe('12.0000');
  });
});

/** A shipped order of `sets` of a combination (2 × SKU0 + 1 × SKU1): its SHIP movements are the components'. */
async function shippedComboOrder(w: RmaWorld, sets: number) {
  const combo = await combinationSku(t, w.domainId, w.skuIds[0]!);
  await t.database.db.execute(sql`insert into combination_components (domain_id, combo_sku_id, component_sku_id, qty) values (${w.domainId}, ${combo}, ${w.skuIds[1]!}, 1)`);
  const order = await insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, statusCode: 'CI_ERPSOH_STATUS_SEND', lines: [{ skuId: combo, qty: sets, price: '50' }] });
  const line = await t.database.db.execute<{ id: number }>(sql`update erp_order_lines set is_combination = true where domain_id = ${w.domainId} and order_id = ${order.id} returning id`);
  await t.database.db.transaction((tx) =>
    applyMovements(tx, w.domainId, null, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, onHandDelta: -2 * sets, movement: 'SHIP' as const, doc: { type: 'ORDER', id: order.id, code: order.code } },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, onHandDelta: -sets, movement: 'SHIP' as const, doc: { type: 'ORDER', id: order.id, code: order.code } },
    ]),
  );
  return { ...order, lineId: Number(line.rows[0]!.id) };
}
