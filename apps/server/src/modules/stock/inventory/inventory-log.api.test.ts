// The inventory log (/myhome/invLog/searchPageList, logs activeKey 2) read from the ledger, and the
// promise behind it: after any series of movements every balance is the sum of its ledger rows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inventoryWorld, moreStock, staffToken } from '../../../../test/factories/inventory.js';
import { createTestApp } from '../../../../test/harness.js';
import { allocateInWarehouse, applyMovements, StockShortageError, type Movement } from '../stock.engine.js';

const t = await createTestApp();
const { db } = t.database;
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });
const LOG = '/myhome/invLog/searchPageList';

describe('the ledger explains every balance', () => {
  it('keeps each balance equal to the sum of its ledger rows after a long series of movements', async () => {
    const w = await inventoryWorld(t, { skus: 3, locations: 2 });
    const second = await moreStock(t, w.domainId, { skus: 0, locations: 1 });
    const spots = [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0]! },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1]! },
      { warehouseId: second.warehouseId, locationId: second.locationIds[0]! },
      { warehouseId: second.warehouseId, locationId: 0 },
    ];
    // A fixed pseudo-random series: receipts, allocations, releases, shipments, transfers and
    // adjustments, some of them refused by the engine for lack of stock.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      // The high bits: an LCG's low bits repeat with a short period.
      return Math.floor(seed / 65536) % n;
    };
    let refused = 0;
    for (let step = 0; step < 120; step++) {
      const spot = spots[next(spots.length)]!;
      const skuId = w.skuIds[next(w.skuIds.length)]!;
      const qty = 1 + next(6);
      const doc = { type: 'TEST', id: step, code: `T-${step}` };
      const kind = next(7);
      let movements: Movement[];
      if (kind === 0 || kind === 1) movements = [{ ...spot, skuId, onHandDelta: qty, movement: 'RECEIPT', doc }];
      else if (kind === 2) movements = [{ ...spot, skuId, allocatedDelta: qty, movement: 'ALLOCATE', doc }];
      else if (kind === 3) movements = [{ ...spot, skuId, allocatedDelta: -qty, movement: 'RELEASE', doc }];
      else if (kind === 4) movements = [{ ...spot, skuId, onHandDelta: -qty, allocatedDelta: -qty, movement: 'SHIP', doc }];
      else if (kind === 5) {
        const to = spots[next(spots.length)]!;
        movements = [
          { ...spot, skuId, onHandDelta: -qty, movement: 'TRANSFER_OUT', doc },
          { ...to, skuId, onHandDelta: qty, movement: 'TRANSFER_IN', doc },
        ];
      } else movements = [{ ...spot, skuId, onHandDelta: next(2) ? qty : -qty, movement: 'ADJUST', doc }];
      try {
        await db.transaction((tx) => applyMovements(tx, w.domainId, w.userId, movements));
      } catch (error) {
        if (!(error instanceof StockShortageError)) throw error;
        refused++;
      }
      if (step % 20 === 10) {
        try {
          await db.transaction((tx) => allocateInWarehouse(tx, w.domainId, w.userId, { warehouseId: w.warehouseId, skuId, qty: 2, doc }));
        } catch (error) {
          if (!(error instanceof StockShortageError)) throw error;
        }
      }
    }
    expect(refused).toBeGreaterThan(0);

    const balances = await db.execute<{ warehouse_id: number; location_id: number; sku_id: number; on_hand: number; allocated: number }>(
      sql`select warehouse_id, location_id, sku_id, on_hand, allocated from stock_balances where domain_id = ${w.domainId} order by id`,
    );
    expect(balances.rows.length).toBeGreaterThan(6);
    for (const b of balances.rows) {
      // The drawer of the inventory row answers the same sums the database holds.
      const ledger = await call('/cloud/core/inventory/ledger', { whId: b.warehouse_id, skuId: b.sku_id, locationId: b.location_id, pageSize: 1000 }, w.token);
      const rows = ledger.body.data.voList as { onHandDelta: number; allocatedDelta: number; onHandAfter: number; allocatedAfter: number }[];
      expect(ledger.body.data).toMatchObject({ onHand: b.on_hand, allocated: b.allocated, ledgerOnHand: b.on_hand, ledgerAllocated: b.allocated });
      expect(rows.reduce((sum, r) => sum + r.onHandDelta, 0)).toBe(b.on_hand);
      expect(rows.reduce((sum, r) => sum + r.allocatedDelta, 0)).toBe(b.allocated);
      // Newest first: the latest row's "after" is the balance now, and each row follows from the one before.
      expect(rows[0]).toMatchObject({ onHandAfter: b.on_hand, allocatedAfter: b.allocated });
      for (let i = 0; i < rows.length - 1; i++) {
        expect(rows[i]!.onHandAfter - rows[i]!.onHandDelta).toBe(rows[i + 1]!.onHandAfter);
        expect(rows[i]!.allocatedAfter - rows[i]!.allocatedDelta).toBe(rows[i + 1]!.allocatedAfter);
      }
      expect(b.on_hand).toBeGreaterThanOrEqual(b.allocated);
    }
    // The business inventory row of a SKU in a warehouse adds its locations up.
    const list = await call('/myhome/bizinventory/search', { whId: w.warehouseId, keywords: w.skuCodes[0] }, w.token);
    const own = balances.rows.filter((b) => b.warehouse_id === w.warehouseId && b.sku_id === w.skuIds[0]);
    expect(list.body.data.voList[0]).toMatchObject({
      onHand: own.reduce((s, b) => s + b.on_hand, 0),
      allocated: own.reduce((s, b) => s + b.allocated, 0),
    });
  });
});

describe('the inventory log', () => {
  async function world() {
    const w = await inventoryWorld(t, { skus: 2, locations: 1 });
    const second = await moreStock(t, w.domainId, { skus: 0, locations: 0 });
    await call('/cloud/core/inventory/saveOpening', { items: [{ warehouseCode: w.warehouseCode, locationCode: w.locationCodes[0], skuCode: w.skuCodes[0], qty: 9 }] }, w.token);
    await db.transaction((tx) =>
      applyMovements(tx, w.domainId, w.userId, [
        { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, allocatedDelta: 2, movement: 'ALLOCATE', doc: { type: 'ERP_ORDER', id: 11, code: 'SO-0011' } },
        { warehouseId: second.warehouseId, skuId: w.skuIds[1]!, onHandDelta: 4, movement: 'RECEIPT', doc: { type: 'ASN', id: 3, code: 'ASN-0003' } },
      ]),
    );
    const logs = await staffToken(t, w.domainId, ['MENU_BIZ_LOG']);
    return { w, second, logs };
  }

  it('lists every movement with its warehouse, location, SKU, change, balance after, document and operator', async () => {
    const { w, logs } = await world();
    const answer = await call(LOG, {}, logs);
    expect(answer.body.data.total).toBe(3);
    const [receipt, allocate, open] = answer.body.data.voList;
    expect(receipt).toMatchObject({ movement: 'RECEIPT', skuCode: w.skuCodes[1], onHandDelta: 4, onHandAfter: 4, docType: 'ASN', docCode: 'ASN-0003', locationCode: null });
    expect(allocate).toMatchObject({
      movement: 'ALLOCATE',
      whId: w.warehouseId,
      locationCode: w.locationCodes[0],
      skuCode: w.skuCodes[0],
      onHandDelta: 0,
      allocatedDelta: 2,
      onHandAfter: 9,
      allocatedAfter: 2,
      availableAfter: 7,
      docCode: 'SO-0011',
      operator: expect.stringMatching(/^seller/),
    });
    expect(open).toMatchObject({ movement: 'OPENING', docType: 'OPENING_INVENTORY', onHandDelta: 9 });
  });

  it('filters by warehouse, SKU keywords, movement, document and time', async () => {
    const { w, second, logs } = await world();
    const ids = async (filter: Record<string, unknown>) => (await call(LOG, filter, logs)).body.data.voList.map((r: { movement: string }) => r.movement);
    expect(await ids({ whId: second.warehouseId })).toEqual(['RECEIPT']);
    expect(await ids({ keywords: w.skuCodes[0] })).toEqual(['ALLOCATE', 'OPENING']);
    expect(await ids({ keywordType: 'name', keywords: 'Goods 1' })).toEqual(['RECEIPT']);
    expect(await ids({ movement: 'OPENING' })).toEqual(['OPENING']);
    expect(await ids({ docCode: 'so-00' })).toEqual(['ALLOCATE']);
    expect(await ids({ docType: 'ASN' })).toEqual(['RECEIPT']);
    expect(await ids({ timeFrom: '2000-01-01 00:00:00', timeTo: '2000-01-02 00:00:00' })).toEqual([]);
    expect(await ids({ timeFrom: new Date(Date.now() - 3_600_000).toISOString() })).toHaveLength(3);
    const bad = await call(LOG, { movement: 'STEAL' }, logs);
    expect(bad.status).toBe(400);
    expect(bad.body.fields![0]!.field).toBe('movement');
  });

  it("shows nothing of another domain's ledger", async () => {
    const { w } = await world();
    const other = await inventoryWorld(t);
    const outsider = await staffToken(t, other.domainId, ['MENU_BIZ_LOG']);
    expect((await call(LOG, {}, outsider)).body.data.total).toBe(0);
    expect((await call(LOG, { whId: w.warehouseId }, outsider)).status).toBe(404);
    expect((await call(LOG, { keywords: w.skuCodes[0] }, outsider)).body.data.total).toBe(0);
  });

  it('needs the log menu for the log, and the stock menu for the ledger of an inventory row', async () => {
    const { w } = await world();
    const stockOnly = await staffToken(t, w.domainId, ['MENU_INV']);
    const logOnly = await staffToken(t, w.domainId, ['MENU_BIZ_LOG']);
    expect((await call(LOG, {}, stockOnly)).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await call('/cloud/core/inventory/ledger', { whId: w.warehouseId, skuId: w.skuIds[0] }, logOnly)).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await call('/cloud/core/inventory/ledger', { whId: w.warehouseId, skuId: w.skuIds[0] }, stockOnly)).body.data.total).toBe(2);
  });
});
