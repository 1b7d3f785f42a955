import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { stockWorld } from '../../../test/factories/stock.js';
import { applyMovements } from './stock.engine.js';
import { applyReceiptCosts } from './stock.costs.js';
import { availableBySku } from './index.js';

const t = await createTestApp();
const { db } = t.database;
const doc = { type: 'TEST' };

describe('moving-average cost', () => {
  it('moves the average with each receipt, weighted by what is on hand', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { warehouseId, skuIds } = await stockWorld(t, domainId);
    const sku = skuIds[0]!;
    await db.transaction(async (tx) => {
      await applyReceiptCosts(tx, domainId, [{ skuId: sku, qty: 10, unitCost: '5' }]);
      await applyMovements(tx, domainId, null, [{ warehouseId, skuId: sku, onHandDelta: 10, movement: 'RECEIPT', doc }]);
    });
    const after = await db.transaction(async (tx) => {
      const costs = await applyReceiptCosts(tx, domainId, [{ skuId: sku, qty: 10, unitCost: '7' }]);
      await applyMovements(tx, domainId, null, [{ warehouseId, skuId: sku, onHandDelta: 10, movement: 'RECEIPT', doc }]);
      return costs;
    });
    expect(after.get(sku)).toBe('6.0000');
    const row = await db.execute<{ average_cost: string }>(sql`select average_cost from sku_costs where domain_id = ${domainId} and sku_id = ${sku}`);
    expect(row.rows[0]!.average_cost).toBe('6.0000');
  });

  it('leaves the average alone for a receipt without a unit cost', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const { skuIds } = await stockWorld(t, domainId);
    const costs = await db.transaction((tx) => applyReceiptCosts(tx, domainId, [{ skuId: skuIds[0]!, qty: 3, unitCost: null }]));
    expect(costs.size).toBe(0);
  });
});

describe('available stock', () => {
  it('derives a combination from its components and adds warehouses for -1', async () => {
    const { domainId } = await t.factories.sellerDomain();
    const a = await stockWorld(t, domainId, { skus: 2 });
    const b = await stockWorld(t, domainId, { skus: 0 });
    const [cup, saucer] = a.skuIds as [number, number];
    const combo = await db.execute<{ id: number }>(sql`
      insert into skus (domain_id, spu_id, code, name, is_combination)
      select ${domainId}, spu_id, 'SET-' || id, 'Cup and saucer', true from skus where id = ${cup} returning id`);
    const comboId = Number(combo.rows[0]!.id);
    await db.execute(sql`insert into combination_components (domain_id, combo_sku_id, component_sku_id, qty) values (${domainId}, ${comboId}, ${cup}, 1), (${domainId}, ${comboId}, ${saucer}, 2)`);
    await db.transaction((tx) =>
      applyMovements(tx, domainId, null, [
        { warehouseId: a.warehouseId, skuId: cup, onHandDelta: 5, movement: 'RECEIPT', doc },
        { warehouseId: a.warehouseId, skuId: saucer, onHandDelta: 7, movement: 'RECEIPT', doc },
        { warehouseId: b.warehouseId, skuId: saucer, onHandDelta: 3, movement: 'RECEIPT', doc },
      ]),
    );
    const inA = await availableBySku(db, domainId, a.warehouseId, [comboId, cup, saucer]);
    expect(Object.fromEntries(inA)).toEqual({ [comboId]: 3, [cup]: 5, [saucer]: 7 });
    const everywhere = await availableBySku(db, domainId, -1, [comboId]);
    expect(everywhere.get(comboId)).toBe(5);
  });
});
