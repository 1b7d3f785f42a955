// The business inventory over HTTP: opening inventory, the list by warehouse and SKU (combinations
// derived from their components), warning levels and the home counters, production-date lots,
// the ledger of one balance, the refusals, another domain and a sub-account without the menu.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { combination, inventoryWorld, moreStock, staffToken, type InventoryWorld } from '../../../../test/factories/inventory.js';
import { createTestApp } from '../../../../test/harness.js';
import { serverMessage } from '../../../platform/messages.js';
import { applyMovements, StockShortageError } from '../stock.engine.js';

const t = await createTestApp();
const { db } = t.database;
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });

async function ledgerCount(domainId: number): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from stock_ledger where domain_id = ${domainId}`);
  return Number(r.rows[0]!.n);
}

async function opening(w: InventoryWorld, items: Record<string, unknown>[]) {
  const answer = await call('/cloud/core/inventory/saveOpening', { items }, w.token);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data;
}

const search = (w: InventoryWorld, filter: Record<string, unknown> = {}) => call('/myhome/bizinventory/search', { whId: -1, ...filter }, w.token);

describe('opening inventory', () => {
  it('puts the opening stock in through the engine and moves the average cost by its unit cost', async () => {
    const w = await inventoryWorld(t);
    const result = await opening(w, [
      { warehouseCode: w.warehouseCode, locationCode: w.locationCodes[0], skuCode: w.skuCodes[0], qty: 10, unitCost: '5' },
      { warehouseCode: w.warehouseCode, locationCode: w.locationCodes[1], skuCode: w.skuCodes[0], qty: 30, unitCost: '7.5' },
      { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[1], qty: 4 },
    ]);
    expect(result).toMatchObject({ rows: 3, qty: 44 });
    expect(result.docCode).toMatch(/^OI\d{14}\d{3}$/);
    const list = await search(w, { keywords: w.skuCodes[0] });
    expect(list.body.data.voList).toEqual([
      expect.objectContaining({ whId: w.warehouseId, skuId: w.skuIds[0], onHand: 40, allocated: 0, available: 40, locationCount: 2, averageCost: '6.8750', stockValue: '275.0000' }),
    ]);
    const ledger = await db.execute<{ movement: string; doc_type: string; doc_code: string; created_by: number }>(
      sql`select movement, doc_type, doc_code, created_by from stock_ledger where domain_id = ${w.domainId} order by id`,
    );
    expect(ledger.rows).toHaveLength(3);
    expect(ledger.rows.every((r) => r.movement === 'OPENING' && r.doc_type === 'OPENING_INVENTORY' && r.doc_code === result.docCode && Number(r.created_by) === w.userId)).toBe(true);
    const log = await db.execute<{ n: number }>(sql`select count(*)::int as n from operation_logs where domain_id = ${w.domainId} and area = 'stock' and entity_type = 'openingInventory'`);
    expect(Number(log.rows[0]!.n)).toBe(1);
  });

  it('refuses bad quantities and costs, naming each entry and field, and changes nothing', async () => {
    const w = await inventoryWorld(t);
    const base = { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0] };
    const answer = await call(
      '/cloud/core/inventory/saveOpening',
      {
        items: [
          { ...base, qty: -3 },
          { ...base, qty: 1.5 },
          { ...base, qty: 2, unitCost: '1.23456' },
          { ...base, qty: 0 },
        ],
      },
      w.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
    expect(answer.body.fields).toEqual([
      { field: 'items.0.qty', message: 'Quantity cannot be negative' },
      { field: 'items.1.qty', message: 'Quantity must be a whole number of pieces' },
      { field: 'items.2.unitCost', message: 'Unit cost cannot exceed four decimals' },
      { field: 'items.3.qty', message: 'Quantity must be at least 1' },
    ]);
    expect(await ledgerCount(w.domainId)).toBe(0);
  });

  it('refuses unknown codes, combinations, another domain’s warehouse and repeats by entry, loading none of the good ones', async () => {
    const w = await inventoryWorld(t);
    const other = await inventoryWorld(t);
    const set = await combination(t, w.domainId, [{ skuId: w.skuIds[0]!, qty: 2 }]);
    const answer = await call(
      '/cloud/core/inventory/saveOpening',
      {
        items: [
          { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 5 },
          { warehouseCode: 'NO-SUCH-WH', skuCode: w.skuCodes[0], qty: 5 },
          { warehouseCode: w.warehouseCode, locationCode: 'Z-99', skuCode: w.skuCodes[0], qty: 5 },
          { warehouseCode: w.warehouseCode, skuCode: 'NO-SUCH-SKU', qty: 5 },
          { warehouseCode: w.warehouseCode, skuCode: set.code, qty: 5 },
          { warehouseCode: other.warehouseCode, skuCode: w.skuCodes[1], qty: 5 },
          { warehouseCode: w.warehouseCode, skuCode: other.skuCodes[0], qty: 5 },
          { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 1 },
        ],
      },
      w.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields!.map((f: { field: string }) => f.field)).toEqual([
      'items.1.warehouseCode',
      'items.2.locationCode',
      'items.3.skuCode',
      'items.4.skuCode',
      'items.5.warehouseCode',
      'items.6.skuCode',
      'items.7.skuCode',
    ]);
    expect(answer.body.fields![1]!.message).toBe(`The warehouse ${w.warehouseCode} has no location Z-99`);
    expect(answer.body.fields![3]!.message).toContain('is a combination');
    expect(answer.body.fields![6]!.message).toBe('The same as row 1');
    expect(await ledgerCount(w.domainId)).toBe(0);
    expect(await ledgerCount(other.domainId)).toBe(0);
  });

  it('refuses a unit cost from an account that may not see cost prices, but takes the quantities', async () => {
    const w = await inventoryWorld(t);
    const clerk = await staffToken(t, w.domainId, ['MENU_INV']);
    const refused = await call('/cloud/core/inventory/saveOpening', { items: [{ warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 2, unitCost: 3 }] }, clerk);
    expect(refused.body.fields).toEqual([{ field: 'items.0.unitCost', message: 'You may not see this field, so you cannot set it; leave the column empty' }]);
    const taken = await call('/cloud/core/inventory/saveOpening', { items: [{ warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 2 }] }, clerk);
    expect(taken.body.success).toBe(true);
    expect(await ledgerCount(w.domainId)).toBe(1);
  });
});

describe('the business inventory list', () => {
  it('lists every warehouse with -1, one warehouse, a location, and filters zero and in-stock rows', async () => {
    const w = await inventoryWorld(t, { skus: 3, locations: 2 });
    const second = await moreStock(t, w.domainId, { skus: 0, locations: 0 });
    await opening(w, [
      { warehouseCode: w.warehouseCode, locationCode: w.locationCodes[0], skuCode: w.skuCodes[0], qty: 6 },
      { warehouseCode: w.warehouseCode, locationCode: w.locationCodes[1], skuCode: w.skuCodes[1], qty: 3 },
      { warehouseCode: second.warehouseCode, skuCode: w.skuCodes[0], qty: 2 },
    ]);
    // All of SKU 1 ships from the second warehouse: its balance stays, at zero.
    await db.transaction((tx) => applyMovements(tx, w.domainId, null, [{ warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[1]!, onHandDelta: -3, movement: 'SHIP', doc: { type: 'TEST' } }]));
    const all = await search(w);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.voList.map((r: { key: string; onHand: number }) => [r.key, r.onHand])).toEqual([
      [`${w.warehouseId}:${w.skuIds[0]}`, 6],
      [`${second.warehouseId}:${w.skuIds[0]}`, 2],
      [`${w.warehouseId}:${w.skuIds[1]}`, 0],
    ]);
    expect((await search(w, { whId: second.warehouseId })).body.data.voList.map((r: { onHand: number }) => r.onHand)).toEqual([2]);
    expect((await search(w, { whId: w.warehouseId, locationId: w.locationIds[0] })).body.data.voList.map((r: { skuId: number }) => r.skuId)).toEqual([w.skuIds[0]]);
    expect((await search(w, { stockFilter: 'ZERO' })).body.data.voList.map((r: { skuId: number }) => r.skuId)).toEqual([w.skuIds[1]]);
    expect((await search(w, { stockFilter: 'IN_STOCK' })).body.data.total).toBe(2);
    // Several codes match exactly; one matches by contains.
    expect((await search(w, { keywords: `${w.skuCodes[1]}，${w.skuCodes[2]}` })).body.data.voList.map((r: { skuId: number }) => r.skuId)).toEqual([w.skuIds[1]]);
    expect((await search(w, { keywords: w.skuCodes[0]!.slice(3, 12) })).body.data.total).toBe(2);
    const paged = await call('/myhome/bizinventory/search', { whId: -1, currentPage: 2, pageSize: 2 }, w.token);
    expect(paged.body.data).toMatchObject({ total: 3, currentPage: 2, pageSize: 2 });
    expect(paged.body.data.voList).toHaveLength(1);
  });

  it('tells the SKUs of one goods apart by colour, size and specifications', async () => {
    const w = await inventoryWorld(t, { skus: 2, locations: 1 });
    await db.execute(sql`update skus set color = 'red', size = 'M', specifications = 'cotton' where id = ${w.skuIds[0]!}`);
    await opening(w, [
      { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 1 },
      { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[1], qty: 1 },
    ]);
    const rows = (await search(w)).body.data.voList as { skuId: number; color: string | null; size: string | null; specifications: string | null }[];
    expect(rows.map((r) => [r.skuId, r.color, r.size, r.specifications])).toEqual([
      [w.skuIds[0], 'red', 'M', 'cotton'],
      [w.skuIds[1], null, null, null],
    ]);
  });

  it('caps the SKU keyword list at 50 and refuses a warehouse id of 0', async () => {
    const w = await inventoryWorld(t);
    const keywords = Array.from({ length: 51 }, (_, i) => `K${i}`).join(',');
    const over = await search(w, { keywords });
    expect(over.status).toBe(400);
    expect(over.body.fields).toEqual([{ field: 'keywords', message: 'At most 50 keywords at once' }]);
    expect((await search(w, { whId: 0 })).body.fields![0]!.field).toBe('whId');
  });

  it('shows a combination with the available its components allow, when the filter names it', async () => {
    const w = await inventoryWorld(t, { skus: 2, locations: 0 });
    const set = await combination(t, w.domainId, [
      { skuId: w.skuIds[0]!, qty: 1 },
      { skuId: w.skuIds[1]!, qty: 2 },
    ]);
    await opening(w, [
      { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 5 },
      { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[1], qty: 7 },
    ]);
    await db.transaction((tx) => applyMovements(tx, w.domainId, null, [{ warehouseId: w.warehouseId, skuId: w.skuIds[1]!, allocatedDelta: 1, movement: 'ALLOCATE', doc: { type: 'TEST' } }]));
    // Not named: combinations have no stock rows of their own.
    expect((await search(w)).body.data.voList.some((r: { isCombination: boolean }) => r.isCombination)).toBe(false);
    const named = await search(w, { keywords: set.code });
    expect(named.body.data.voList).toEqual([
      expect.objectContaining({
        skuId: set.id,
        isCombination: true,
        onHand: null,
        allocated: null,
        available: 3,
        averageCost: null,
        components: [
          { skuId: w.skuIds[0], skuCode: w.skuCodes[0], qty: 1, available: 5 },
          { skuId: w.skuIds[1], skuCode: w.skuCodes[1], qty: 2, available: 6 },
        ],
      }),
    ]);
    const one = await search(w, { whId: w.warehouseId, keywords: set.code });
    expect(one.body.data.voList[0].available).toBe(3);
  });

  it('sends the average cost and the stock value only to an account with COST_PRICE', async () => {
    const w = await inventoryWorld(t);
    await opening(w, [{ warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 3, unitCost: '2.5' }]);
    const withCost = await staffToken(t, w.domainId, ['MENU_INV'], ['COST_PRICE']);
    const without = await staffToken(t, w.domainId, ['MENU_INV']);
    expect((await call('/myhome/bizinventory/search', { whId: -1 }, withCost)).body.data.voList[0]).toMatchObject({ averageCost: '2.5000', stockValue: '7.5000' });
    const row = (await call('/myhome/bizinventory/search', { whId: -1 }, without)).body.data.voList[0];
    expect(row.onHand).toBe(3);
    expect(row).not.toHaveProperty('averageCost');
    expect(row).not.toHaveProperty('stockValue');
  });

  it('lists balances by location with their lots', async () => {
    const w = await inventoryWorld(t);
    await opening(w, [
      { warehouseCode: w.warehouseCode, locationCode: w.locationCodes[1], skuCode: w.skuCodes[0], qty: 4 },
      { warehouseCode: w.warehouseCode, locationCode: w.locationCodes[0], skuCode: w.skuCodes[0], qty: 2 },
    ]);
    const answer = await call('/cloud/core/inventory/searchByPage', { whId: w.warehouseId, skuId: w.skuIds[0] }, w.token);
    expect(answer.body.data.voList.map((r: { locationCode: string; onHand: number }) => [r.locationCode, r.onHand])).toEqual([
      [w.locationCodes[0], 2],
      [w.locationCodes[1], 4],
    ]);
    expect(answer.body.data.voList[0]).toMatchObject({ productDate: [], productDateQty: 0, available: 2 });
  });
});

describe('warning levels', () => {
  it('sets, changes and clears a level with its version, and refuses a stale one', async () => {
    const w = await inventoryWorld(t);
    await opening(w, [{ warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 4 }]);
    const set = await call('/myhome/bizinventory/updateWarning', { whId: w.warehouseId, skuId: w.skuIds[0], warningQty: 5, version: null }, w.token);
    expect(set.body.data).toEqual({ warningQty: 5, version: 0 });
    const row = (await search(w)).body.data.voList[0];
    expect(row).toMatchObject({ warningQty: 5, warningVersion: 0, belowWarning: true });
    const stale = await call('/myhome/bizinventory/updateWarning', { whId: w.warehouseId, skuId: w.skuIds[0], warningQty: 2, version: null }, w.token);
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const changed = await call('/myhome/bizinventory/updateWarning', { whId: w.warehouseId, skuId: w.skuIds[0], warningQty: 3, version: 0 }, w.token);
    expect(changed.body.data).toEqual({ warningQty: 3, version: 1 });
    expect((await search(w)).body.data.voList[0].belowWarning).toBe(false);
    const cleared = await call('/myhome/bizinventory/updateWarning', { whId: w.warehouseId, skuId: w.skuIds[0], warningQty: null, version: 1 }, w.token);
    expect(cleared.body.data).toEqual({ warningQty: null, version: null });
    const actions = await db.execute<{ action: string }>(sql`select action from operation_logs where domain_id = ${w.domainId} and entity_type = 'stockWarning' order by id`);
    expect(actions.rows.map((r) => r.action)).toEqual(['setWarning', 'setWarning', 'clearWarning']);
  });

  it('refuses a negative or fractional level, a combination, and an unknown SKU, naming the field', async () => {
    const w = await inventoryWorld(t);
    const set = await combination(t, w.domainId, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const body = { whId: w.warehouseId, skuId: w.skuIds[0], version: null };
    expect((await call('/myhome/bizinventory/updateWarning', { ...body, warningQty: -1 }, w.token)).body.fields).toEqual([{ field: 'warningQty', message: 'Warning level cannot be negative' }]);
    expect((await call('/myhome/bizinventory/updateWarning', { ...body, warningQty: 2.5 }, w.token)).body.fields).toEqual([
      { field: 'warningQty', message: 'Warning level must be a whole number of pieces' },
    ]);
    const combo = await call('/myhome/bizinventory/updateWarning', { ...body, skuId: set.id, warningQty: 1 }, w.token);
    expect(combo.body).toMatchObject({ errorCode: 'ERR_STOCK_COMBINATION_NOT_STOCKED', params: { field: 'skuId', code: set.code } });
    const batch = await call('/myhome/bizinventory/batchUpdateWarning', { items: [{ whId: w.warehouseId, skuId: w.skuIds[0] }, { whId: w.warehouseId, skuId: 999999999 }], warningQty: 4 }, w.token);
    expect(batch.status).toBe(404);
    expect(batch.body.params).toMatchObject({ what: 'sku', field: 'items.1.skuId' });
    const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from stock_warnings where domain_id = ${w.domainId}`);
    expect(Number(count.rows[0]!.n)).toBe(0);
  });

  it('sets many levels at once and counts the SKUs below them on the home page', async () => {
    const w = await inventoryWorld(t, { skus: 3, locations: 0 });
    const second = await moreStock(t, w.domainId, { skus: 0, locations: 0 });
    await opening(w, [
      { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 10 },
      { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[1], qty: 2 },
      { warehouseCode: second.warehouseCode, skuCode: w.skuCodes[0], qty: 1 },
    ]);
    const batch = await call(
      '/myhome/bizinventory/batchUpdateWarning',
      {
        items: [
          { whId: w.warehouseId, skuId: w.skuIds[0] },
          { whId: w.warehouseId, skuId: w.skuIds[1] },
          { whId: w.warehouseId, skuId: w.skuIds[2] },
          { whId: second.warehouseId, skuId: w.skuIds[0] },
        ],
        warningQty: 3,
      },
      w.token,
    );
    expect(batch.body.data).toEqual({ set: 4, cleared: 0 });
    // Below: SKU 1 (2 < 3) and SKU 2 (nothing at all) in the first warehouse, SKU 0 (1 < 3) in the second.
    const data = (await call('/myhome/homepage/getHomePageData', {}, w.token)).body.data;
    expect(data.countbelowWarning).toBe(3);
    expect(data.whbelowWarning).toEqual([
      { whId: w.warehouseId, whName: expect.any(String), count: 2 },
      { whId: second.warehouseId, whName: expect.any(String), count: 1 },
    ]);
    const below = await search(w, { stockFilter: 'BELOW_WARNING' });
    expect(below.body.data.voList.map((r: { key: string }) => r.key).sort()).toEqual(
      [`${w.warehouseId}:${w.skuIds[1]}`, `${w.warehouseId}:${w.skuIds[2]}`, `${second.warehouseId}:${w.skuIds[0]}`].sort(),
    );
    // An account without the stock menu sees no stock counters.
    const clerk = await staffToken(t, w.domainId, ['MENU_ERPSO']);
    const clerkHome = (await call('/myhome/homepage/getHomePageData', {}, clerk)).body.data;
    expect(clerkHome).toMatchObject({ countbelowWarning: 0, whbelowWarning: [] });
  });
});

describe('production-date lots', () => {
  async function balanceOf(w: InventoryWorld) {
    const list = await call('/cloud/core/inventory/searchByPage', { whId: w.warehouseId, skuId: w.skuIds[0] }, w.token);
    return list.body.data.voList[0];
  }

  it('adds, merges, edits and clears lots, keeping their sum within on-hand', async () => {
    const w = await inventoryWorld(t);
    await opening(w, [{ warehouseCode: w.warehouseCode, locationCode: w.locationCodes[0], skuCode: w.skuCodes[0], qty: 10 }]);
    const balance = await balanceOf(w);
    const added = await call(
      '/cloud/core/inventory/addProductDateInfo',
      {
        id: balance.id,
        productDate: [
          { productDate: '2024-03-01', qty: 4 },
          { productDate: '2024-01-15', qty: 3 },
        ],
      },
      w.token,
    );
    expect(added.body.data.productDate.map((l: { productDate: string; qty: number }) => [l.productDate, l.qty])).toEqual([
      ['2024-01-15', 3],
      ['2024-03-01', 4],
    ]);
    const merged = await call('/cloud/core/inventory/addProductDateInfo', { id: balance.id, productDate: [{ productDate: '2024-01-15', qty: 2 }] }, w.token);
    expect(merged.body.data.productDate[0]).toMatchObject({ productDate: '2024-01-15', qty: 5, version: 1 });
    const tooMany = await call('/cloud/core/inventory/addProductDateInfo', { id: balance.id, productDate: [{ productDate: '2024-05-01', qty: 2 }] }, w.token);
    expect(tooMany.body).toMatchObject({ errorCode: 'ERR_STOCK_PRODUCT_DATES_EXCEED', params: { field: 'productDate', total: 11, onHand: 10 } });
    const lot = merged.body.data.productDate[1];
    const taken = await call('/cloud/core/inventory/updateProductDateInfo', { id: lot.id, version: lot.version, productDate: '2024-01-15', qty: 1 }, w.token);
    expect(taken.body.errorCode).toBe('ERR_STOCK_PRODUCT_DATE_TAKEN');
    const edited = await call('/cloud/core/inventory/updateProductDateInfo', { id: lot.id, version: lot.version, productDate: '2024-02-01', qty: 5 }, w.token);
    expect(edited.body.data.productDate.map((l: { productDate: string; qty: number }) => [l.productDate, l.qty])).toEqual([
      ['2024-01-15', 5],
      ['2024-02-01', 5],
    ]);
    const stale = await call('/cloud/core/inventory/updateProductDateInfo', { id: lot.id, version: lot.version, productDate: '2024-02-01', qty: 4 }, w.token);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await balanceOf(w)).productDateQty).toBe(10);
    const cleared = await call('/cloud/core/inventory/delProductDateInfo', { id: balance.id, idList: [lot.id] }, w.token);
    expect(cleared.body.data.productDate.map((l: { productDate: string }) => l.productDate)).toEqual(['2024-01-15']);
    expect((await search(w)).body.data.voList[0].productDateQty).toBe(5);
  });

  it('lets a lot be lowered after shipping left the lots above on-hand, but not raised', async () => {
    const w = await inventoryWorld(t);
    await opening(w, [{ warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 5 }]);
    const balance = await balanceOf(w);
    const added = await call('/cloud/core/inventory/addProductDateInfo', { id: balance.id, productDate: [{ productDate: '2024-04-04', qty: 5 }] }, w.token);
    await db.transaction((tx) => applyMovements(tx, w.domainId, null, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, onHandDelta: -3, movement: 'SHIP', doc: { type: 'TEST' } }]));
    const lot = added.body.data.productDate[0];
    const raised = await call('/cloud/core/inventory/updateProductDateInfo', { id: lot.id, version: lot.version, productDate: lot.productDate, qty: 6 }, w.token);
    expect(raised.body).toMatchObject({ errorCode: 'ERR_STOCK_PRODUCT_DATES_EXCEED', params: { field: 'qty', total: 6, onHand: 2 } });
    const lowered = await call('/cloud/core/inventory/updateProductDateInfo', { id: lot.id, version: lot.version, productDate: lot.productDate, qty: 4 }, w.token);
    expect(lowered.body.data.productDate[0].qty).toBe(4);
  });

  it('refuses a date that is not real or in the future, and a quantity below 1', async () => {
    const w = await inventoryWorld(t);
    await opening(w, [{ warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 5 }]);
    const balance = await balanceOf(w);
    const bad = await call(
      '/cloud/core/inventory/addProductDateInfo',
      {
        id: balance.id,
        productDate: [
          { productDate: '2024-02-30', qty: 1 },
          { productDate: '2024-02-01', qty: 0 },
          { productDate: '2099-01-01', qty: 1 },
        ],
      },
      w.token,
    );
    expect(bad.body.fields).toEqual([
      { field: 'productDate.0.productDate', message: 'Not a real date' },
      { field: 'productDate.1.qty', message: 'Quantity must be at least 1' },
      { field: 'productDate.2.productDate', message: 'A production date cannot be in the future' },
    ]);
    expect((await call('/cloud/core/inventory/getProductDateInfo', { id: balance.id }, w.token)).body.data).toEqual({ id: balance.id, onHand: 5, productDate: [] });
  });
});

describe('the ledger of a balance', () => {
  it('explains the numbers on the inventory row: its rows add up to on-hand and allocated', async () => {
    const w = await inventoryWorld(t);
    await opening(w, [
      { warehouseCode: w.warehouseCode, locationCode: w.locationCodes[0], skuCode: w.skuCodes[0], qty: 8 },
      { warehouseCode: w.warehouseCode, locationCode: w.locationCodes[1], skuCode: w.skuCodes[0], qty: 2 },
    ]);
    await db.transaction((tx) =>
      applyMovements(tx, w.domainId, w.userId, [
        { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, allocatedDelta: 3, movement: 'ALLOCATE', doc: { type: 'ERP_ORDER', id: 7, code: 'SO-7' } },
        { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, onHandDelta: -1, allocatedDelta: -1, movement: 'SHIP', doc: { type: 'ERP_ORDER', id: 7, code: 'SO-7' } },
      ]),
    );
    const all = await call('/cloud/core/inventory/ledger', { whId: w.warehouseId, skuId: w.skuIds[0] }, w.token);
    expect(all.body.data).toMatchObject({ total: 4, onHand: 9, allocated: 2, available: 7, ledgerOnHand: 9, ledgerAllocated: 2 });
    expect(all.body.data.voList[0]).toMatchObject({ movement: 'SHIP', docCode: 'SO-7', onHandAfter: 7, allocatedAfter: 2, availableAfter: 5, locationCode: w.locationCodes[0] });
    const one = await call('/cloud/core/inventory/ledger', { whId: w.warehouseId, skuId: w.skuIds[0], locationId: w.locationIds[1] }, w.token);
    expect(one.body.data).toMatchObject({ total: 1, onHand: 2, ledgerOnHand: 2 });
  });
});

describe('another domain and permissions', () => {
  it("neither reads nor changes another domain's stock, warnings or lots", async () => {
    const a = await inventoryWorld(t);
    const b = await inventoryWorld(t);
    await opening(a, [{ warehouseCode: a.warehouseCode, locationCode: a.locationCodes[0], skuCode: a.skuCodes[0], qty: 5 }]);
    const balance = (await call('/cloud/core/inventory/searchByPage', { whId: -1 }, a.token)).body.data.voList[0];
    const lots = await call('/cloud/core/inventory/addProductDateInfo', { id: balance.id, productDate: [{ productDate: '2024-01-01', qty: 1 }] }, a.token);

    expect((await search(b)).body.data.total).toBe(0);
    expect((await search(b, { whId: a.warehouseId })).body.params).toMatchObject({ what: 'warehouse', field: 'whId' });
    expect((await search(b, { whId: b.warehouseId, locationId: a.locationIds[0] })).body.params).toMatchObject({ what: 'location', field: 'locationId' });
    expect((await call('/cloud/core/inventory/searchByPage', { whId: a.warehouseId }, b.token)).status).toBe(404);
    expect((await call('/cloud/core/inventory/ledger', { whId: a.warehouseId, skuId: a.skuIds[0] }, b.token)).status).toBe(404);
    expect((await call('/cloud/core/inventory/getProductDateInfo', { id: balance.id }, b.token)).status).toBe(404);
    expect((await call('/cloud/core/inventory/addProductDateInfo', { id: balance.id, productDate: [{ productDate: '2024-01-02', qty: 1 }] }, b.token)).status).toBe(404);
    const lot = lots.body.data.productDate[0];
    expect((await call('/cloud/core/inventory/updateProductDateInfo', { id: lot.id, version: lot.version, productDate: '2024-01-03', qty: 1 }, b.token)).status).toBe(404);
    expect((await call('/cloud/core/inventory/delProductDateInfo', { id: balance.id, idList: [lot.id] }, b.token)).status).toBe(404);
    expect((await call('/myhome/bizinventory/updateWarning', { whId: a.warehouseId, skuId: b.skuIds[0], warningQty: 1, version: null }, b.token)).body.params).toMatchObject({ what: 'warehouse' });
    expect((await call('/myhome/bizinventory/updateWarning', { whId: b.warehouseId, skuId: a.skuIds[0], warningQty: 1, version: null }, b.token)).body.params).toMatchObject({ what: 'sku' });
    expect((await call('/myhome/bizinventory/batchUpdateWarning', { items: [{ whId: a.warehouseId, skuId: a.skuIds[0] }], warningQty: 1 }, b.token)).status).toBe(404);
    const opened = await call('/cloud/core/inventory/saveOpening', { items: [{ warehouseCode: a.warehouseCode, skuCode: a.skuCodes[0], qty: 1 }] }, b.token);
    expect(opened.body.fields!.map((f: { field: string }) => f.field)).toEqual(['items.0.warehouseCode', 'items.0.skuCode']);

    expect((await call('/cloud/core/inventory/getProductDateInfo', { id: balance.id }, a.token)).body.data.productDate).toHaveLength(1);
    expect((await search(a)).body.data.voList[0]).toMatchObject({ onHand: 5, warningQty: null });
    expect(await ledgerCount(b.domainId)).toBe(0);
  });

  it('refuses every inventory call to a sub-account without the stock menu', async () => {
    const w = await inventoryWorld(t);
    const clerk = await staffToken(t, w.domainId, ['MENU_ERPSO', 'MENU_BIZ_LOG']);
    const calls: [string, unknown][] = [
      ['/myhome/bizinventory/search', { whId: -1 }],
      ['/myhome/bizinventory/updateWarning', { whId: w.warehouseId, skuId: w.skuIds[0], warningQty: 1, version: null }],
      ['/myhome/bizinventory/batchUpdateWarning', { items: [{ whId: w.warehouseId, skuId: w.skuIds[0] }], warningQty: 1 }],
      ['/cloud/core/inventory/searchByPage', { whId: -1 }],
      ['/cloud/core/inventory/ledger', { whId: w.warehouseId, skuId: w.skuIds[0] }],
      ['/cloud/core/inventory/getProductDateInfo', { id: 1 }],
      ['/cloud/core/inventory/addProductDateInfo', { id: 1, productDate: [{ productDate: '2024-01-01', qty: 1 }] }],
      ['/cloud/core/inventory/updateProductDateInfo', { id: 1, version: 0, productDate: '2024-01-01', qty: 1 }],
      ['/cloud/core/inventory/delProductDateInfo', { id: 1, idList: [1] }],
      ['/cloud/core/inventory/saveOpening', { items: [{ warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 1 }] }],
      ['/cloud/core/inventory/export', { whId: -1 }],
    ];
    for (const [path, body] of calls) {
      const answer = await call(path, body, clerk);
      expect([path, answer.status, answer.body.errorCode]).toEqual([path, 403, 'ERR_SECURITY_NO_PERMISSION']);
    }
    expect(await ledgerCount(w.domainId)).toBe(0);
  });
});

describe('the engine refusal in words', () => {
  it('words a stock shortage with what is available and what was needed', async () => {
    const w = await inventoryWorld(t);
    const refusal = await db
      .transaction((tx) => applyMovements(tx, w.domainId, null, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, onHandDelta: -4, movement: 'SHIP', doc: { type: 'TEST' } }]))
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StockShortageError);
    const { code, params } = refusal as StockShortageError;
    expect(serverMessage(code, params, 'en')).toBe(`Not enough stock: SKU #${w.skuIds[0]} has 0 available in warehouse #${w.warehouseId}, 4 needed`);
    expect(serverMessage(code, params, 'zh')).toBe(`库存不足：商品 #${w.skuIds[0]} 在仓库 #${w.warehouseId} 可用 0，需要 4`);
  });
});
