// Transfers over HTTP on a fresh database: create (the spec's createTransferOrderByHand), edit,
// ship (TRANSFER_OUT), receive (TRANSFER_IN), cancel, each with its refusals; another domain; a
// sub-account without the menu.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { anotherWarehouse, balanceOf, combinationSku, outboundWorld, putOnHand, type OutboundWorld } from '../../../../test/factories/outbound.js';
import { signedInSeller, signedInStaff } from '../../../../test/factories/warehouses.js';
import { operationLogs, transferOrders } from '../../../db/schema/index.js';

const t = await createTestApp();
const { db } = t.database;

interface World extends OutboundWorld {
  targetId: number;
  targetLocationIds: number[];
}

async function world(options: { targetLocations?: number } = {}): Promise<World> {
  const w = await outboundWorld(t);
  const target = await anotherWarehouse(t, w.domainId, options.targetLocations ?? 2);
  return { ...w, targetId: target.warehouseId, targetLocationIds: target.locationIds };
}

const call = (w: { token: string }, action: string, body: Record<string, unknown>) => t.call(`/myhome/transfer/${action}`, body, { token: w.token });

const transferInput = (w: World, details: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({ outWarehouseId: w.warehouseId, inWarehouseId: w.targetId, details, ...extra });

async function createTransfer(w: World, details: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const answer = await call(w, 'createTransferOrderByHand', transferInput(w, details, extra));
  if (!answer.body.success) throw new Error(`transfer not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { id: number; code: string; version: number; details: { id: number; skuId: number; qty: number }[] };
}

async function logActions(domainId: number, id: number) {
  const rows = await db
    .select({ action: operationLogs.action, area: operationLogs.area })
    .from(operationLogs)
    .where(and(eq(operationLogs.domainId, domainId), eq(operationLogs.entityType, 'transfer'), eq(operationLogs.entityId, String(id))))
    .orderBy(operationLogs.id);
  return rows;
}

async function ledger(domainId: number, id: number) {
  const rows = await db.execute<{ movement: string; warehouse_id: number; location_id: number; sku_id: number; on_hand_delta: number }>(sql`
    select movement, warehouse_id, location_id, sku_id, on_hand_delta from stock_ledger
    where domain_id = ${domainId} and doc_type = 'TRANSFER' and doc_id = ${id} order by id`);
  return rows.rows.map((r) => ({ movement: r.movement, warehouseId: Number(r.warehouse_id), locationId: Number(r.location_id), skuId: Number(r.sku_id), qty: r.on_hand_delta }));
}

describe('transfers', () => {
  it('creates a transfer by hand with source and target locations, lists and shows it', async () => {
    const w = await world();
    const created = await createTransfer(
      w,
      [
        { skuId: w.skuIds[0], qty: 4, outLocationId: w.locationIds[0], inLocationId: w.targetLocationIds[1] },
        { skuId: w.skuIds[1], qty: 2 },
      ],
      { remark: 'restock the shop' },
    );
    expect(created).toMatchObject({ transferStatus: 'CREATED', outWarehouseId: w.warehouseId, inWarehouseId: w.targetId, qtyTotal: 6, skuTotal: 2, remark: 'restock the shop', version: 0 });
    expect(created.code).toMatch(/^TF\d{8}0001$/);
    const shown = await call(w, 'get', { id: created.id });
    expect(shown.body.data.details).toMatchObject([
      { skuId: w.skuIds[0], qty: 4, outLocationId: w.locationIds[0], outLocationCode: 'A-0', inLocationId: w.targetLocationIds[1], inLocationCode: 'B-1' },
      { skuId: w.skuIds[1], qty: 2, outLocationId: null, inLocationId: null },
    ]);
    await createTransfer(w, [{ skuId: w.skuIds[2], qty: 1 }], { outWarehouseId: w.targetId, inWarehouseId: w.warehouseId });
    expect((await call(w, 'search', {})).body.data.total).toBe(2);
    expect((await call(w, 'search', { outWarehouseId: w.warehouseId })).body.data.voList.map((r: any) => r.id)).toEqual([created.id]);
    expect((await call(w, 'search', { inWarehouseId: w.warehouseId, outWarehouseId: -1 })).body.data.total).toBe(1);
    expect((await call(w, 'search', { skuKeyword: w.skuCodes[1] })).body.data.voList.map((r: any) => r.id)).toEqual([created.id]);
    expect((await call(w, 'search', { code: created.code, transferStatus: 'CREATED' })).body.data.total).toBe(1);
    expect((await call(w, 'search', { transferStatus: 'SHIPPED' })).body.data.total).toBe(0);
    expect(await logActions(w.domainId, created.id)).toEqual([{ action: 'create', area: 'transfer' }]);
  });

  it('refuses a transfer to the same warehouse, a zero or negative quantity, a location of another warehouse and a combination', async () => {
    const w = await world();
    const same = await call(w, 'createTransferOrderByHand', transferInput(w, [{ skuId: w.skuIds[0], qty: 1 }], { inWarehouseId: w.warehouseId }));
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ errorCode: 'ERR_TRANSFER_SAME_WAREHOUSE', params: { field: 'inWarehouseId' } });
    for (const qty of [0, -3]) {
      const bad = await call(w, 'createTransferOrderByHand', transferInput(w, [{ skuId: w.skuIds[0], qty }]));
      expect(bad.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'details.0.qty' } });
    }
    const wrongLocation = await call(w, 'createTransferOrderByHand', transferInput(w, [{ skuId: w.skuIds[0], qty: 1, outLocationId: w.targetLocationIds[0] }]));
    expect(wrongLocation.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_LOCATION_NOT_IN_WAREHOUSE', params: { field: 'details.0.outLocationId' } });
    const combo = await combinationSku(t, w.domainId, w.skuIds[0]!);
    const bundle = await call(w, 'createTransferOrderByHand', transferInput(w, [{ skuId: combo, qty: 1 }]));
    expect(bundle.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_COMBINATION_SKU', params: { field: 'details.0.skuId' } });
    expect(await db.select().from(transferOrders).where(eq(transferOrders.domainId, w.domainId))).toHaveLength(0);
  });

  it('edits a created transfer with its version and refuses a stale version', async () => {
    const w = await world();
    const created = await createTransfer(w, [{ skuId: w.skuIds[0], qty: 4 }]);
    const edited = await call(w, 'update', { ...transferInput(w, [{ skuId: w.skuIds[1], qty: 7, inLocationId: w.targetLocationIds[0] }], { remark: 'more' }), id: created.id, version: 0 });
    expect(edited.body.data).toMatchObject({ version: 1, qtyTotal: 7, remark: 'more' });
    expect(edited.body.data.details.map((d: any) => [d.skuId, d.qty, d.inLocationId])).toEqual([[w.skuIds[1], 7, w.targetLocationIds[0]]]);
    const stale = await call(w, 'update', { ...transferInput(w, [{ skuId: w.skuIds[1], qty: 1 }]), id: created.id, version: 0 });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const same = await call(w, 'update', { ...transferInput(w, [{ skuId: w.skuIds[1], qty: 1 }], { inWarehouseId: w.warehouseId }), id: created.id, version: 1 });
    expect(same.body.errorCode).toBe('ERR_TRANSFER_SAME_WAREHOUSE');
    expect((await call(w, 'get', { id: created.id })).body.data).toMatchObject({ version: 1, qtyTotal: 7 });
    expect((await logActions(w.domainId, created.id)).map((l) => l.action)).toEqual(['create', 'update']);
  });

  it('ships out of the source, most available location first, and refuses stock that is allocated or missing', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 2 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0]!, qty: 5 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 6 },
    ]);
    // An outbound order holds 4 of the 6 pieces of the second SKU.
    const wdo = await t.call('/myhome/wdoHeader/create', { whId: w.warehouseId, wdoType: 'WDO_OTHER', wdoDetails: [{ skuId: w.skuIds[1], qty: 4 }] }, { token: w.token });
    await t.call('/myhome/wdoHeader/verify', { id: wdo.body.data.id, version: 0 }, { token: w.token });

    const tooMuch = await createTransfer(w, [
      { skuId: w.skuIds[0], qty: 6 },
      { skuId: w.skuIds[1], qty: 3, outLocationId: w.locationIds[0] },
    ]);
    const refused = await t.call('/myhome/transfer/ship', { id: tooMuch.id, version: 0 }, { token: w.token, headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'ERR_TRANSFER_SHORTAGE', params: { field: 'details.1.qty', skuCode: w.skuCodes[1], available: 2, needed: 3 } });
    expect(refused.body.message).toBe(`Only 2 of ${w.skuCodes[1]} are available in the source; the transfer needs 3`);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 7, allocated: 0 });
    expect(await ledger(w.domainId, tooMuch.id)).toEqual([]);

    const missing = await createTransfer(w, [{ skuId: w.skuIds[2], qty: 1 }]);
    expect((await call(w, 'ship', { id: missing.id, version: 0 })).body).toMatchObject({ errorCode: 'ERR_TRANSFER_SHORTAGE', params: { available: 0, needed: 1 } });

    const fits = await createTransfer(w, [
      { skuId: w.skuIds[0], qty: 6 },
      { skuId: w.skuIds[1], qty: 2, outLocationId: w.locationIds[0] },
    ]);
    const shipped = await call(w, 'ship', { id: fits.id, version: 0 });
    expect(shipped.body.data).toMatchObject({ transferStatus: 'SHIPPED', version: 1 });
    expect(shipped.body.data.shippedAt).toBeTruthy();
    expect(await ledger(w.domainId, fits.id)).toEqual([
      { movement: 'TRANSFER_OUT', warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0], qty: -5 },
      { movement: 'TRANSFER_OUT', warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0], qty: -1 },
      { movement: 'TRANSFER_OUT', warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1], qty: -2 },
    ]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 1, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 4, allocated: 4 });
    // In transit: not yet in the target.
    expect(await balanceOf(t, w.domainId, w.targetId, w.skuIds[0]!)).toEqual({ onHand: 0, allocated: 0 });
    const edit = await call(w, 'update', { ...transferInput(w, [{ skuId: w.skuIds[0], qty: 1 }]), id: fits.id, version: 1 });
    expect(edit.body).toMatchObject({ errorCode: 'ERR_TRANSFER_STATUS', params: { status: 'SHIPPED', action: 'update' } });
    const cancel = await call(w, 'cancel', { id: fits.id, version: 1 });
    expect(cancel.body).toMatchObject({ errorCode: 'ERR_TRANSFER_STATUS', params: { status: 'SHIPPED', action: 'cancel' } });
  });

  it('receives into the locations chosen at receipt, and needs one where the target keeps locations', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 5 },
      { warehouseId: w.warehouseId, skuId: w.skuIds[1]!, qty: 5 },
    ]);
    const transfer = await createTransfer(w, [
      { skuId: w.skuIds[0], qty: 3, inLocationId: w.targetLocationIds[0] },
      { skuId: w.skuIds[1], qty: 2 },
    ]);
    const early = await call(w, 'receive', { id: transfer.id, version: 0 });
    expect(early.body).toMatchObject({ errorCode: 'ERR_TRANSFER_STATUS', params: { status: 'CREATED', action: 'receive' } });
    await call(w, 'ship', { id: transfer.id, version: 0 });
    const [first, second] = transfer.details;
    const noLocation = await call(w, 'receive', { id: transfer.id, version: 1 });
    expect(noLocation.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_LOCATION_REQUIRED', params: { field: 'details.1.inLocationId' } });
    const wrongLocation = await call(w, 'receive', { id: transfer.id, version: 1, details: [{ detailId: second!.id, inLocationId: w.locationIds[0] }] });
    expect(wrongLocation.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_LOCATION_NOT_IN_WAREHOUSE', params: { field: 'details.1.inLocationId' } });
    expect(await balanceOf(t, w.domainId, w.targetId, w.skuIds[0]!)).toEqual({ onHand: 0, allocated: 0 });

    const received = await call(w, 'receive', {
      id: transfer.id,
      version: 1,
      details: [
        { detailId: first!.id, inLocationId: w.targetLocationIds[1] },
        { detailId: second!.id, inLocationId: w.targetLocationIds[0] },
      ],
    });
    expect(received.body.data).toMatchObject({ transferStatus: 'RECEIVED', version: 2 });
    expect(received.body.data.details.map((d: any) => d.inLocationCode)).toEqual(['B-1', 'B-0']);
    expect(await balanceOf(t, w.domainId, w.targetId, w.skuIds[0]!, w.targetLocationIds[1])).toEqual({ onHand: 3, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.targetId, w.skuIds[1]!, w.targetLocationIds[0])).toEqual({ onHand: 2, allocated: 0 });
    expect((await ledger(w.domainId, transfer.id)).filter((l) => l.movement === 'TRANSFER_IN').map((l) => [l.warehouseId, l.qty])).toEqual([
      [w.targetId, 3],
      [w.targetId, 2],
    ]);
    expect((await call(w, 'receive', { id: transfer.id, version: 2 })).body.errorCode).toBe('ERR_TRANSFER_STATUS');
    expect((await logActions(w.domainId, transfer.id)).map((l) => l.action)).toEqual(['create', 'ship', 'receive']);
  });

  it('receives into a warehouse without locations without naming one', async () => {
    const w = await world({ targetLocations: 0 });
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0]!, qty: 5 }]);
    const transfer = await createTransfer(w, [{ skuId: w.skuIds[0], qty: 5 }]);
    await call(w, 'ship', { id: transfer.id, version: 0 });
    expect((await call(w, 'receive', { id: transfer.id, version: 1 })).body.data.transferStatus).toBe('RECEIVED');
    expect(await balanceOf(t, w.domainId, w.targetId, w.skuIds[0]!, 0)).toEqual({ onHand: 5, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 0, allocated: 0 });
  });

  it('cancels a transfer before shipping, and keeps an open one from stopping its warehouses', async () => {
    const w = await world();
    const transfer = await createTransfer(w, [{ skuId: w.skuIds[0], qty: 1 }]);
    const target = await db.execute<{ version: number }>(sql`select version from warehouses where id = ${w.targetId}`);
    const stop = await t.call('/myhome/warehouse/stopUsing', { id: w.targetId, version: target.rows[0]!.version, stopUsing: 1 }, { token: w.token });
    expect(stop.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_IN_USE', params: { reason: 'open transfers', count: 1 } });
    const cancelled = await call(w, 'cancel', { id: transfer.id, version: 0 });
    expect(cancelled.body.data).toMatchObject({ transferStatus: 'CANCELLED', version: 1 });
    expect((await call(w, 'ship', { id: transfer.id, version: 1 })).body).toMatchObject({ errorCode: 'ERR_TRANSFER_STATUS', params: { status: 'CANCELLED' } });
    expect((await t.call('/myhome/warehouse/stopUsing', { id: w.targetId, version: target.rows[0]!.version, stopUsing: 1 }, { token: w.token })).body.success).toBe(true);
    expect((await logActions(w.domainId, transfer.id)).map((l) => l.action)).toEqual(['create', 'cancel']);
  });

  it("lets another domain neither read nor change a transfer, nor move stock of its warehouses or SKUs", async () => {
    const a = await world();
    await putOnHand(t, a.domainId, [{ warehouseId: a.warehouseId, skuId: a.skuIds[0]!, qty: 5 }]);
    const transfer = await createTransfer(a, [{ skuId: a.skuIds[0], qty: 2 }]);
    const b = await signedInSeller(t);
    expect((await call(b, 'get', { id: transfer.id })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await call(b, 'search', {})).body.data.total).toBe(0);
    for (const action of ['ship', 'cancel', 'receive']) expect((await call(b, action, { id: transfer.id, version: 0 })).body.errorCode).toBe('ERR_NOT_FOUND');
    const update = await call(b, 'update', { ...transferInput(a, [{ skuId: a.skuIds[0], qty: 1 }]), id: transfer.id, version: 0 });
    expect(update.body.errorCode).toBe('ERR_NOT_FOUND');
    const own = await anotherWarehouse(t, b.domainId, 0);
    const foreignSource = await call(b, 'createTransferOrderByHand', { outWarehouseId: a.warehouseId, inWarehouseId: own.warehouseId, details: [{ skuId: a.skuIds[0], qty: 1 }] });
    expect(foreignSource.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_WAREHOUSE_NOT_FOUND', params: { field: 'outWarehouseId' } });
    const second = await anotherWarehouse(t, b.domainId, 0);
    const foreignSku = await call(b, 'createTransferOrderByHand', { outWarehouseId: own.warehouseId, inWarehouseId: second.warehouseId, details: [{ skuId: a.skuIds[0], qty: 1 }] });
    expect(foreignSku.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_SKU_NOT_FOUND', params: { field: 'details.0.skuId' } });
    expect((await call(a, 'get', { id: transfer.id })).body.data).toMatchObject({ transferStatus: 'CREATED', version: 0 });
    expect(await balanceOf(t, a.domainId, a.warehouseId, a.skuIds[0]!)).toEqual({ onHand: 5, allocated: 0 });
    expect(await db.select().from(transferOrders).where(eq(transferOrders.domainId, b.domainId))).toHaveLength(0);
  });

  it('refuses a sub-account without MENU_INV_TRANSFER', async () => {
    const w = await world();
    const transfer = await createTransfer(w, [{ skuId: w.skuIds[0], qty: 1 }]);
    const staff = await signedInStaff(t, w.domainId, ['MENU_INV', 'MENU_WDO_CREATE']);
    for (const [action, body] of [
      ['search', {}],
      ['createTransferOrderByHand', transferInput(w, [{ skuId: w.skuIds[0], qty: 1 }])],
      ['cancel', { id: transfer.id, version: 0 }],
    ] as const) {
      const answer = await t.call(`/myhome/transfer/${action}`, body, { token: staff });
      expect(answer.status).toBe(403);
      expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    const allowed = await signedInStaff(t, w.domainId, ['MENU_INV_TRANSFER']);
    expect((await t.call('/myhome/transfer/search', {}, { token: allowed })).body.data.total).toBe(1);
    expect((await call(w, 'get', { id: transfer.id })).body.data.transferStatus).toBe('CREATED');
  });
});
