import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { stockWorld } from '../../../test/factories/stock.js';
import { allocateInWarehouse, applyMovements, StockShortageError } from './stock.engine.js';

const t = await createTestApp();
const { db } = t.database;
const doc = { type: 'TEST', id: 1, code: 'T-1' };

async function balance(domainId: number, warehouseId: number, skuId: number, locationId = 0) {
  const { rows } = await t.database.pool.query(
    'select on_hand, allocated from stock_balances where domain_id = $1 and warehouse_id = $2 and sku_id = $3 and location_id = $4',
    [domainId, warehouseId, skuId, locationId],
  );
  return rows[0] ? { onHand: rows[0].on_hand as number, allocated: rows[0].allocated as number } : null;
}

async function ledgerMatchesBalances(domainId: number): Promise<boolean> {
  const { rows } = await t.database.pool.query(
    `select count(*)::int as broken from stock_balances b
     left join (select warehouse_id, location_id, sku_id, sum(on_hand_delta) as h, sum(allocated_delta) as a
                from stock_ledger where domain_id = $1 group by 1, 2, 3) l
       on l.warehouse_id = b.warehouse_id and l.location_id = b.location_id and l.sku_id = b.sku_id
     where b.domain_id = $1 and (coalesce(l.h, 0) <> b.on_hand or coalesce(l.a, 0) <> b.allocated)`,
    [domainId],
  );
  return rows[0].broken === 0;
}

describe('stock engine', () => {
  it('allocates for orders and sales only from sellable locations, leaving defective stock to returns to the supplier', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, locationIds, skuIds } = await stockWorld(t, domainId);
    await db.execute(sql`update warehouse_locations set sellable = false where domain_id = ${domainId} and id = ${locationIds[1]!}`);
    await db.transaction((tx) =>
      applyMovements(tx, domainId, null, [
        { warehouseId, locationId: locationIds[0], skuId: skuIds[0]!, onHandDelta: 2, movement: 'RECEIPT', doc },
        { warehouseId, locationId: locationIds[1], skuId: skuIds[0]!, onHandDelta: 5, movement: 'RECEIPT', doc },
      ]),
    );
    // Three wanted, two sellable: refused, the defective five untouched.
    await expect(db.transaction((tx) => allocateInWarehouse(tx, domainId, null, { warehouseId, skuId: skuIds[0]!, qty: 3, doc }))).rejects.toBeInstanceOf(StockShortageError);
    const sold = await db.transaction((tx) => allocateInWarehouse(tx, domainId, null, { warehouseId, skuId: skuIds[0]!, qty: 2, doc }));
    expect(sold).toEqual([{ locationId: locationIds[0], qty: 2 }]);
    // A return to the supplier may take the defective pieces.
    const back = await db.transaction((tx) => allocateInWarehouse(tx, domainId, null, { warehouseId, skuId: skuIds[0]!, qty: 5, doc, sellableOnly: false }));
    expect(back).toEqual([{ locationId: locationIds[1], qty: 5 }]);
    expect(await balance(domainId, warehouseId, skuIds[0]!, locationIds[1])).toEqual({ onHand: 5, allocated: 5 });
  });

  it('receives stock into a new balance and writes the ledger with the balance after', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, locationIds, skuIds } = await stockWorld(t, domainId);
    const after = await db.transaction((tx) =>
      applyMovements(tx, domainId, null, [
        { warehouseId, locationId: locationIds[0], skuId: skuIds[0]!, onHandDelta: 10, movement: 'RECEIPT', doc },
        { warehouseId, locationId: locationIds[0], skuId: skuIds[0]!, onHandDelta: 5, movement: 'RECEIPT', doc },
      ]),
    );
    expect(after).toEqual([{ warehouseId, locationId: locationIds[0], skuId: skuIds[0], onHand: 15, allocated: 0 }]);
    const { rows } = await t.database.pool.query('select movement, on_hand_delta, on_hand_after, doc_type, doc_code from stock_ledger where domain_id = $1 order by id', [domainId]);
    expect(rows).toEqual([
      { movement: 'RECEIPT', on_hand_delta: 10, on_hand_after: 10, doc_type: 'TEST', doc_code: 'T-1' },
      { movement: 'RECEIPT', on_hand_delta: 5, on_hand_after: 15, doc_type: 'TEST', doc_code: 'T-1' },
    ]);
  });

  it('refuses to allocate more than is available and changes nothing', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, skuIds } = await stockWorld(t, domainId);
    await db.transaction((tx) => applyMovements(tx, domainId, null, [{ warehouseId, skuId: skuIds[0]!, onHandDelta: 3, movement: 'RECEIPT', doc }]));
    const attempt = db.transaction((tx) => applyMovements(tx, domainId, null, [{ warehouseId, skuId: skuIds[0]!, allocatedDelta: 4, movement: 'ALLOCATE', doc }]));
    await expect(attempt).rejects.toBeInstanceOf(StockShortageError);
    await expect(attempt).rejects.toMatchObject({ params: { available: 3, needed: 4 } });
    expect(await balance(domainId, warehouseId, skuIds[0]!)).toEqual({ onHand: 3, allocated: 0 });
  });

  it('applies all lines or none: one short line refuses the whole call', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, skuIds } = await stockWorld(t, domainId);
    await db.transaction((tx) => applyMovements(tx, domainId, null, [{ warehouseId, skuId: skuIds[0]!, onHandDelta: 5, movement: 'RECEIPT', doc }]));
    await expect(
      db.transaction((tx) =>
        applyMovements(tx, domainId, null, [
          { warehouseId, skuId: skuIds[0]!, onHandDelta: -2, movement: 'SHIP', doc },
          { warehouseId, skuId: skuIds[1]!, onHandDelta: -1, movement: 'SHIP', doc },
        ]),
      ),
    ).rejects.toMatchObject({ shortages: [expect.objectContaining({ skuId: skuIds[1] })] });
    expect(await balance(domainId, warehouseId, skuIds[0]!)).toEqual({ onHand: 5, allocated: 0 });
    expect(await balance(domainId, warehouseId, skuIds[1]!)).toBeNull();
    const { rows } = await t.database.pool.query('select count(*)::int as n from stock_ledger where domain_id = $1', [domainId]);
    expect(rows[0].n).toBe(1);
  });

  it('never lets on-hand fall below what is allocated', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, skuIds } = await stockWorld(t, domainId);
    await db.transaction((tx) =>
      applyMovements(tx, domainId, null, [
        { warehouseId, skuId: skuIds[0]!, onHandDelta: 5, movement: 'RECEIPT', doc },
        { warehouseId, skuId: skuIds[0]!, allocatedDelta: 4, movement: 'ALLOCATE', doc },
      ]),
    );
    // Adjusting 2 pieces away would leave 3 on hand for 4 allocated.
    await expect(db.transaction((tx) => applyMovements(tx, domainId, null, [{ warehouseId, skuId: skuIds[0]!, onHandDelta: -2, movement: 'ADJUST', doc }]))).rejects.toBeInstanceOf(
      StockShortageError,
    );
    // Shipping lowers both.
    await db.transaction((tx) => applyMovements(tx, domainId, null, [{ warehouseId, skuId: skuIds[0]!, onHandDelta: -4, allocatedDelta: -4, movement: 'SHIP', doc }]));
    expect(await balance(domainId, warehouseId, skuIds[0]!)).toEqual({ onHand: 1, allocated: 0 });
    expect(await ledgerMatchesBalances(domainId)).toBe(true);
  });

  it('has the database refuse a negative balance even if code skipped the engine', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, skuIds } = await stockWorld(t, domainId);
    await expect(
      t.database.pool.query('insert into stock_balances (domain_id, warehouse_id, sku_id, on_hand, allocated) values ($1, $2, $3, 1, 2)', [domainId, warehouseId, skuIds[0]]),
    ).rejects.toThrow(/stock_balances_allocated_within_on_hand/);
  });

  it('allocates across locations, most available first', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, locationIds, skuIds } = await stockWorld(t, domainId, { locations: 2 });
    await db.transaction((tx) =>
      applyMovements(tx, domainId, null, [
        { warehouseId, locationId: locationIds[0], skuId: skuIds[0]!, onHandDelta: 2, movement: 'RECEIPT', doc },
        { warehouseId, locationId: locationIds[1], skuId: skuIds[0]!, onHandDelta: 5, movement: 'RECEIPT', doc },
      ]),
    );
    const parts = await db.transaction((tx) => allocateInWarehouse(tx, domainId, null, { warehouseId, skuId: skuIds[0]!, qty: 6, doc }));
    expect(parts).toEqual([
      { locationId: locationIds[1], qty: 5 },
      { locationId: locationIds[0], qty: 1 },
    ]);
    await expect(db.transaction((tx) => allocateInWarehouse(tx, domainId, null, { warehouseId, skuId: skuIds[0]!, qty: 2, doc }))).rejects.toMatchObject({
      params: { available: 1, needed: 2 },
    });
  });

  it('never allocates twice when many clients allocate and release the same SKUs at once', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, skuIds } = await stockWorld(t, domainId, { skus: 5, locations: 0 });
    await db.transaction((tx) => applyMovements(tx, domainId, null, skuIds.map((skuId) => ({ warehouseId, skuId, onHandDelta: 20, movement: 'RECEIPT' as const, doc }))));
    let granted = 0;
    let released = 0;
    const client = async (n: number) => {
      for (let i = 0; i < 15; i++) {
        // Each attempt takes 3 of two SKUs, in a varying order.
        const picks = [skuIds[(n + i) % skuIds.length]!, skuIds[(n * 3 + i + 1) % skuIds.length]!];
        try {
          await db.transaction((tx) => applyMovements(tx, domainId, null, picks.map((skuId) => ({ warehouseId, skuId, allocatedDelta: 3, movement: 'ALLOCATE' as const, doc }))));
          granted += 6;
          if (i % 2 === 0) {
            await db.transaction((tx) => applyMovements(tx, domainId, null, picks.map((skuId) => ({ warehouseId, skuId, allocatedDelta: -3, movement: 'RELEASE' as const, doc }))));
            released += 6;
          }
        } catch (error) {
          if (!(error instanceof StockShortageError)) throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    const { rows } = await t.database.pool.query('select sum(allocated)::int as allocated, min(on_hand - allocated)::int as min_available from stock_balances where domain_id = $1', [domainId]);
    expect(rows[0].allocated).toBe(granted - released);
    expect(rows[0].min_available).toBeGreaterThanOrEqual(0);
    expect(await ledgerMatchesBalances(domainId)).toBe(true);
  });

  it("touches only the caller's domain", async () => {
    const a = await t.factories.sellerDomain();
    const b = await t.factories.sellerDomain();
    const world = await stockWorld(t, a.domainId);
    await db.transaction((tx) => applyMovements(tx, a.domainId, null, [{ warehouseId: world.warehouseId, skuId: world.skuIds[0]!, onHandDelta: 4, movement: 'RECEIPT', doc }]));
    // Domain B naming A's warehouse and SKU finds no balance to take from.
    await expect(
      db.transaction((tx) => applyMovements(tx, b.domainId, null, [{ warehouseId: world.warehouseId, skuId: world.skuIds[0]!, onHandDelta: -1, movement: 'SHIP', doc }])),
    ).rejects.toBeInstanceOf(StockShortageError);
    expect(await balance(a.domainId, world.warehouseId, world.skuIds[0]!)).toEqual({ onHand: 4, allocated: 0 });
    const rows = await db.execute(sql`select count(*)::int as n from stock_balances where domain_id = ${b.domainId}`);
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});
