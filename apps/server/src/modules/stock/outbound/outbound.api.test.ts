// Outbound orders (WDO) over HTTP on a fresh database: every command with its refusals, the
// stock they move through the engine, another domain, a sub-account without the menu, and two
// verifications racing for the same stock.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { anotherWarehouse, balanceOf, combinationSku, outboundWorld, putOnHand, type OutboundWorld } from '../../../../test/factories/outbound.js';
import { signedInSeller, signedInStaff } from '../../../../test/factories/warehouses.js';
import { operationLogs, wdoHeaders } from '../../../db/schema/index.js';

const t = await createTestApp();
const { db } = t.database;

const wdoInput = (w: OutboundWorld, lines: { skuId: number; qty: number }[], extra: Record<string, unknown> = {}) => ({
  whId: w.warehouseId,
  wdoType: 'WDO_OTHER',
  wdoDetails: lines,
  ...extra,
});

async function createWdo(w: OutboundWorld, lines: { skuId: number; qty: number }[], extra: Record<string, unknown> = {}) {
  const answer = await t.call('/myhome/wdoHeader/create', wdoInput(w, lines, extra), { token: w.token });
  if (!answer.body.success) throw new Error(`outbound order not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { id: number; code: string; version: number; status: string; wdoDetails: { id: number; skuId: number; qty: number }[] };
}

const call = (w: { token: string }, action: string, body: Record<string, unknown>) => t.call(`/myhome/wdoHeader/${action}`, body, { token: w.token });

async function ledger(domainId: number, wdoId: number) {
  const rows = await db.execute<{ movement: string; sku_id: number; location_id: number; on_hand_delta: number; allocated_delta: number }>(sql`
    select movement, sku_id, location_id, on_hand_delta, allocated_delta from stock_ledger
    where domain_id = ${domainId} and doc_type = 'WDO' and doc_id = ${wdoId} order by id`);
  return rows.rows.map((r) => ({ movement: r.movement, skuId: Number(r.sku_id), locationId: Number(r.location_id), onHand: r.on_hand_delta, allocated: r.allocated_delta }));
}

async function logActions(domainId: number, wdoId: number) {
  const rows = await db
    .select({ action: operationLogs.action, area: operationLogs.area })
    .from(operationLogs)
    .where(and(eq(operationLogs.domainId, domainId), eq(operationLogs.entityType, 'wdo'), eq(operationLogs.entityId, String(wdoId))))
    .orderBy(operationLogs.id);
  return rows;
}

describe('outbound orders: create, update, delete', () => {
  it('creates an order with a made code, lists it as waiting and counts it on the home page', async () => {
    const w = await outboundWorld(t);
    const wdo = await createWdo(w, [
      { skuId: w.skuIds[0]!, qty: 3 },
      { skuId: w.skuIds[1]!, qty: 2 },
    ], { wdoType: 'WDO_PURCHASE_RETURN', relatedCode: 'PR-7', receiverName: 'Supplier Li' });
    expect(wdo).toMatchObject({ status: 'CI_WDO_STATUS_CREATED', syncStatus: 'NONE', qtyTotal: 5, skuTotal: 2, wdoType: 'WDO_PURCHASE_RETURN', version: 0 });
    expect(wdo.code).toMatch(/^WDO\d{8}0001$/);
    expect(wdo.wdoDetails.map((d) => [d.skuId, d.qty])).toEqual([
      [w.skuIds[0], 3],
      [w.skuIds[1], 2],
    ]);
    const second = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    expect(second.code).toMatch(/0002$/);

    const waiting = await call(w, 'search', { status: 'CI_WDO_STATUS_CREATED' });
    expect(waiting.body.data.total).toBe(2);
    expect((await call(w, 'search', { code: 'PR-7' })).body.data.voList.map((r: any) => r.id)).toEqual([wdo.id]);
    expect((await call(w, 'search', { skuKeyword: w.skuCodes[1] })).body.data.voList.map((r: any) => r.id)).toEqual([wdo.id]);
    expect((await call(w, 'search', { wdoType: 'WDO_SALE' })).body.data.total).toBe(0);
    const details = await t.call('/cloud/core/wdoDetail/list', { wdoId: wdo.id }, { token: w.token });
    expect(details.body.data.map((d: any) => d.skuCode)).toEqual([w.skuCodes[0], w.skuCodes[1]]);

    const home = await t.call('/myhome/homepage/getHomePageData', {}, { token: w.token });
    expect(home.body.data.wdoHeaderCount).toBe(2);
    expect(await logActions(w.domainId, wdo.id)).toEqual([{ action: 'create', area: 'outbound' }]);
  });

  it('refuses a zero, negative or fractional quantity, naming the line, and creates nothing', async () => {
    const w = await outboundWorld(t);
    for (const qty of [0, -2, 1.5]) {
      const answer = await call(w, 'create', wdoInput(w, [{ skuId: w.skuIds[0]!, qty }]));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'wdoDetails.0.qty' } });
    }
    const noLines = await call(w, 'create', wdoInput(w, []));
    expect(noLines.body.params?.field).toBe('wdoDetails');
    expect(await db.select().from(wdoHeaders).where(eq(wdoHeaders.domainId, w.domainId))).toHaveLength(0);
  });

  it('refuses a repeated SKU, a combination, a taken code and a stopped warehouse', async () => {
    const w = await outboundWorld(t);
    const twice = await call(w, 'create', wdoInput(w, [
      { skuId: w.skuIds[0]!, qty: 1 },
      { skuId: w.skuIds[0]!, qty: 2 },
    ]));
    expect(twice.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_DUPLICATE_SKU', params: { field: 'wdoDetails.1.skuId' } });
    const combo = await combinationSku(t, w.domainId, w.skuIds[0]!);
    const bundle = await call(w, 'create', wdoInput(w, [{ skuId: combo, qty: 1 }]));
    expect(bundle.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_COMBINATION_SKU', params: { field: 'wdoDetails.0.skuId' } });
    await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 1 }], { code: 'OUT-1' });
    const taken = await call(w, 'create', wdoInput(w, [{ skuId: w.skuIds[0]!, qty: 1 }], { code: ' OUT-1 ' }));
    expect(taken.body).toMatchObject({ errorCode: 'ERR_WDO_CODE_TAKEN', params: { field: 'code', code: 'OUT-1' } });
    await db.execute(sql`update warehouses set stop_using = true where id = ${w.warehouseId}`);
    const stopped = await call(w, 'create', wdoInput(w, [{ skuId: w.skuIds[0]!, qty: 1 }]));
    expect(stopped.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_WAREHOUSE_STOPPED', params: { field: 'whId' } });
    expect(await db.select().from(wdoHeaders).where(eq(wdoHeaders.domainId, w.domainId))).toHaveLength(1);
  });

  it('updates an unverified order with its version, refuses a stale version and an update after verification', async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 10 }]);
    const wdo = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 3 }]);
    const updated = await call(w, 'update', { ...wdoInput(w, [{ skuId: w.skuIds[1]!, qty: 4 }], { wdoType: 'WDO_SALE', remark: 'to the shop' }), id: wdo.id, version: 0 });
    expect(updated.body.data).toMatchObject({ version: 1, wdoType: 'WDO_SALE', remark: 'to the shop', qtyTotal: 4, skuTotal: 1 });
    expect(updated.body.data.wdoDetails.map((d: any) => [d.skuId, d.qty])).toEqual([[w.skuIds[1], 4]]);
    const stale = await call(w, 'update', { ...wdoInput(w, [{ skuId: w.skuIds[1]!, qty: 9 }]), id: wdo.id, version: 0 });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await call(w, 'verify', { id: wdo.id, version: 1 })).body.success).toBe(true);
    const late = await call(w, 'update', { ...wdoInput(w, [{ skuId: w.skuIds[1]!, qty: 1 }]), id: wdo.id, version: 2 });
    expect(late.body).toMatchObject({ errorCode: 'ERR_WDO_STATUS', params: { status: 'CI_WDO_STATUS_VERIFIED', action: 'update' } });
    expect((await call(w, 'get', { id: wdo.id })).body.data.wdoDetails.map((d: any) => d.qty)).toEqual([4]);
    expect((await logActions(w.domainId, wdo.id)).map((l) => l.action)).toEqual(['create', 'update', 'verify']);
  });

  it('deletes an unverified order only', async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 5 }]);
    const plain = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const verified = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    await call(w, 'verify', { id: verified.id, version: 0 });
    expect((await call(w, 'delete', { id: plain.id, version: 0 })).body.data).toEqual({ deleted: 1 });
    const refused = await call(w, 'delete', { id: verified.id, version: 1 });
    expect(refused.body).toMatchObject({ errorCode: 'ERR_WDO_STATUS', params: { action: 'delete' } });
    expect((await db.select().from(wdoHeaders).where(eq(wdoHeaders.domainId, w.domainId))).map((h) => h.id)).toEqual([verified.id]);
    expect((await logActions(w.domainId, plain.id)).map((l) => l.action)).toEqual(['create', 'delete']);
  });
});

describe('outbound orders: verify, deliver, cancel', () => {
  it('verifies by allocating every line across the locations, as ALLOCATE ledger rows of the order', async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 2 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0]!, qty: 5 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 4 },
    ]);
    const wdo = await createWdo(w, [
      { skuId: w.skuIds[0]!, qty: 6 },
      { skuId: w.skuIds[1]!, qty: 4 },
    ]);
    const verified = await call(w, 'verify', { id: wdo.id, version: 0 });
    expect(verified.body.data).toMatchObject({ status: 'CI_WDO_STATUS_VERIFIED', syncStatus: 'NONE', version: 1 });
    expect(verified.body.data.verifiedAt).toBeTruthy();
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 7, allocated: 6 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 4, allocated: 4 });
    expect(await ledger(w.domainId, wdo.id)).toEqual([
      { movement: 'ALLOCATE', skuId: w.skuIds[0], locationId: w.locationIds[1], onHand: 0, allocated: 5 },
      { movement: 'ALLOCATE', skuId: w.skuIds[0], locationId: w.locationIds[0], onHand: 0, allocated: 1 },
      { movement: 'ALLOCATE', skuId: w.skuIds[1], locationId: w.locationIds[0], onHand: 0, allocated: 4 },
    ]);
    const again = await call(w, 'verify', { id: wdo.id, version: 1 });
    expect(again.body).toMatchObject({ errorCode: 'ERR_WDO_STATUS', params: { status: 'CI_WDO_STATUS_VERIFIED' } });
    expect((await t.call('/myhome/homepage/getHomePageData', {}, { token: w.token })).body.data.wdoHeaderCount).toBe(0);
  });

  it('refuses an order larger than available, naming the SKU and what is available, and allocates no line', async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 10 },
      { warehouseId: w.warehouseId, skuId: w.skuIds[1]!, qty: 3 },
    ]);
    const wdo = await createWdo(w, [
      { skuId: w.skuIds[0]!, qty: 4 },
      { skuId: w.skuIds[1]!, qty: 5 },
    ]);
    const refused = await t.call('/myhome/wdoHeader/verify', { id: wdo.id, version: 0 }, { token: w.token, headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'ERR_WDO_SHORTAGE', params: { field: 'wdoDetails.1.qty', skuCode: w.skuCodes[1], available: 3, needed: 5 } });
    expect(refused.body.message).toBe(`Only 3 of ${w.skuCodes[1]} are available; the order needs 5`);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 0 });
    expect(await ledger(w.domainId, wdo.id)).toEqual([]);
    expect((await call(w, 'get', { id: wdo.id })).body.data).toMatchObject({ status: 'CI_WDO_STATUS_CREATED', version: 0 });
  });

  it('refuses to deliver an unverified order, then delivers a verified one lowering on-hand and allocated', async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 3 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0]!, qty: 3 },
    ]);
    const wdo = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 5 }]);
    const early = await call(w, 'updateInventory', { id: wdo.id, version: 0 });
    expect(early.body).toMatchObject({ errorCode: 'ERR_WDO_STATUS', params: { status: 'CI_WDO_STATUS_CREATED', action: 'deliver' } });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 6, allocated: 0 });

    await call(w, 'verify', { id: wdo.id, version: 0 });
    const delivered = await call(w, 'updateInventory', { id: wdo.id, version: 1 });
    expect(delivered.body.data).toMatchObject({ status: 'CI_WDO_STATUS_DELIVERED', deliveredQtyTotal: 5, version: 2 });
    expect(delivered.body.data.wdoDetails[0]).toMatchObject({ qty: 5, deliveredQty: 5 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 1, allocated: 0 });
    const deliveries = (await ledger(w.domainId, wdo.id)).filter((l) => l.movement === 'DELIVER');
    expect(deliveries.reduce((s, l) => s + l.onHand, 0)).toBe(-5);
    expect(deliveries.every((l) => l.onHand === l.allocated)).toBe(true);
    const cancel = await call(w, 'cancel', { id: wdo.id, version: 2 });
    expect(cancel.body).toMatchObject({ errorCode: 'ERR_WDO_STATUS', params: { status: 'CI_WDO_STATUS_DELIVERED' } });
    expect((await logActions(w.domainId, wdo.id)).map((l) => l.action)).toEqual(['create', 'verify', 'deliver']);
  });

  it('delivers less than a line asks as a short shipment, releasing the rest; refuses more or nothing', async () => {
    const w = await outboundWorld(t, { locations: 0 });
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 10 },
      { warehouseId: w.warehouseId, skuId: w.skuIds[1]!, qty: 10 },
    ]);
    const wdo = await createWdo(w, [
      { skuId: w.skuIds[0]!, qty: 4 },
      { skuId: w.skuIds[1]!, qty: 2 },
    ]);
    await call(w, 'verify', { id: wdo.id, version: 0 });
    const [first, second] = wdo.wdoDetails;
    const tooMuch = await call(w, 'updateInventory', { id: wdo.id, version: 1, lines: [{ detailId: first!.id, qty: 5 }] });
    expect(tooMuch.body).toMatchObject({ errorCode: 'ERR_WDO_DELIVER_TOO_MUCH', params: { field: 'lines.0.qty', qty: 4 } });
    const nothing = await call(w, 'updateInventory', { id: wdo.id, version: 1, lines: [{ detailId: first!.id, qty: 0 }, { detailId: second!.id, qty: 0 }] });
    expect(nothing.body.errorCode).toBe('ERR_WDO_DELIVER_NOTHING');
    const strange = await call(w, 'updateInventory', { id: wdo.id, version: 1, lines: [{ detailId: 999999999, qty: 1 }] });
    expect(strange.body).toMatchObject({ errorCode: 'ERR_NOT_FOUND', params: { field: 'lines.0.detailId' } });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 4 });

    const short = await call(w, 'updateInventory', { id: wdo.id, version: 1, lines: [{ detailId: first!.id, qty: 3 }] });
    expect(short.body.data).toMatchObject({ status: 'CI_WDO_STATUS_DELIVERED', deliveredQtyTotal: 5 });
    expect(short.body.data.wdoDetails.map((d: any) => d.deliveredQty)).toEqual([3, 2]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 7, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 8, allocated: 0 });
    expect((await ledger(w.domainId, wdo.id)).filter((l) => l.movement === 'RELEASE')).toEqual([{ movement: 'RELEASE', skuId: w.skuIds[0], locationId: 0, onHand: 0, allocated: -1 }]);
  });

  it('cancels before delivery, releasing what verification allocated', async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 8 }]);
    const created = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 2 }]);
    expect((await call(w, 'cancel', { id: created.id, version: 0 })).body.data).toMatchObject({ status: 'CI_WDO_STATUS_CANCELLED' });
    const wdo = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 6 }]);
    await call(w, 'verify', { id: wdo.id, version: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 8, allocated: 6 });
    const stale = await call(w, 'cancel', { id: wdo.id, version: 0 });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const cancelled = await call(w, 'cancel', { id: wdo.id, version: 1, reason: 'customer changed mind' });
    expect(cancelled.body.data).toMatchObject({ status: 'CI_WDO_STATUS_CANCELLED', cancelReason: 'customer changed mind', version: 2 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 8, allocated: 0 });
    expect((await ledger(w.domainId, wdo.id)).map((l) => [l.movement, l.allocated])).toEqual([
      ['ALLOCATE', 6],
      ['RELEASE', -6],
    ]);
    const twice = await call(w, 'verify', { id: wdo.id, version: 2 });
    expect(twice.body.errorCode).toBe('ERR_WDO_STATUS');
  });

  it('force cancels with a reason only, releasing the allocation', async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 4 }]);
    const wdo = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 4 }]);
    await call(w, 'verify', { id: wdo.id, version: 0 });
    const noReason = await call(w, 'forceCancel', { id: wdo.id, version: 1, reason: '  ' });
    expect(noReason.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'reason' } });
    const forced = await call(w, 'forceCancel', { id: wdo.id, version: 1, reason: 'goods damaged' });
    expect(forced.body.data).toMatchObject({ status: 'CI_WDO_STATUS_CANCELLED', cancelReason: 'goods damaged' });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 4, allocated: 0 });
    expect((await logActions(w.domainId, wdo.id)).map((l) => l.action)).toEqual(['create', 'verify', 'forceCancel']);
  });

  it('never lets two verifications racing for the same stock both succeed beyond what is available', async () => {
    const w = await outboundWorld(t, { locations: 2 });
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 6 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0]!, qty: 4 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 10 },
    ]);
    // Eight orders of 3 pieces each for 10 pieces: at most three can be verified.
    const orders = [];
    for (let i = 0; i < 8; i++) {
      orders.push(
        await createWdo(w, [
          { skuId: w.skuIds[1]!, qty: 1 },
          { skuId: w.skuIds[0]!, qty: 3 },
        ]),
      );
    }
    const answers = await Promise.all(orders.map((o) => call(w, 'verify', { id: o.id, version: 0 })));
    const granted = answers.filter((a) => a.body.success).length;
    const refusals = answers.filter((a) => !a.body.success).map((a) => a.body.errorCode);
    expect(granted).toBe(3);
    expect(new Set(refusals)).toEqual(new Set(['ERR_WDO_SHORTAGE']));
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 9 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 10, allocated: 3 });
    const negative = await db.execute<{ n: number }>(sql`select count(*)::int as n from stock_balances where domain_id = ${w.domainId} and allocated > on_hand`);
    expect(Number(negative.rows[0]!.n)).toBe(0);

    // Two orders each wanting the single piece that is left: exactly one gets it.
    const a = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const b = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const [ra, rb] = await Promise.all([call(w, 'verify', { id: a.id, version: 0 }), call(w, 'verify', { id: b.id, version: 0 })]);
    expect([ra.body.success, rb.body.success].filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 10 });
  });
});

describe('outbound orders: who may see and change them', () => {
  it("lets another domain neither read nor change an order, nor use its warehouse or SKUs", async () => {
    const a = await outboundWorld(t);
    await putOnHand(t, a.domainId, [{ warehouseId: a.warehouseId, skuId: a.skuIds[0]!, qty: 5 }]);
    const wdo = await createWdo(a, [{ skuId: a.skuIds[0]!, qty: 2 }]);
    const b = await signedInSeller(t);
    expect((await call(b, 'get', { id: wdo.id })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await call(b, 'search', {})).body.data.total).toBe(0);
    expect((await t.call('/cloud/core/wdoDetail/list', { wdoId: wdo.id }, { token: b.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    for (const action of ['verify', 'delete', 'cancel']) expect((await call(b, action, { id: wdo.id, version: 0 })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await call(b, 'updateInventory', { id: wdo.id, version: 0 })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await call(b, 'forceCancel', { id: wdo.id, version: 0, reason: 'x' })).body.errorCode).toBe('ERR_NOT_FOUND');
    const update = await call(b, 'update', { ...wdoInput(a, [{ skuId: a.skuIds[0]!, qty: 1 }]), id: wdo.id, version: 0 });
    expect(update.body.errorCode).toBe('ERR_NOT_FOUND');

    // Domain B naming A's warehouse, or its own warehouse with A's SKU.
    const own = await anotherWarehouse(t, b.domainId, 0);
    const foreignWarehouse = await call(b, 'create', wdoInput(a, [{ skuId: a.skuIds[0]!, qty: 1 }]));
    expect(foreignWarehouse.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_WAREHOUSE_NOT_FOUND', params: { field: 'whId' } });
    const foreignSku = await call(b, 'create', { whId: own.warehouseId, wdoType: 'WDO_OTHER', wdoDetails: [{ skuId: a.skuIds[0]!, qty: 1 }] });
    expect(foreignSku.body).toMatchObject({ errorCode: 'ERR_OUTBOUND_SKU_NOT_FOUND', params: { field: 'wdoDetails.0.skuId' } });

    expect((await call(a, 'get', { id: wdo.id })).body.data).toMatchObject({ status: 'CI_WDO_STATUS_CREATED', version: 0 });
    expect(await db.select().from(wdoHeaders).where(eq(wdoHeaders.domainId, b.domainId))).toHaveLength(0);
    expect(await balanceOf(t, a.domainId, a.warehouseId, a.skuIds[0]!)).toEqual({ onHand: 5, allocated: 0 });
  });

  it('refuses a sub-account without the menus: no list without MENU_INV, no create without MENU_WDO_CREATE, no verify without MENU_INV', async () => {
    const w = await outboundWorld(t);
    const wdo = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const orders = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    const search = await t.call('/myhome/wdoHeader/search', {}, { token: orders });
    expect(search.status).toBe(403);
    expect(search.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    const stock = await signedInStaff(t, w.domainId, ['MENU_INV']);
    expect((await t.call('/myhome/wdoHeader/search', {}, { token: stock })).body.data.total).toBe(1);
    const create = await t.call('/myhome/wdoHeader/create', wdoInput(w, [{ skuId: w.skuIds[0]!, qty: 1 }]), { token: stock });
    expect(create.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    const writer = await signedInStaff(t, w.domainId, ['MENU_WDO_CREATE']);
    const verify = await t.call('/myhome/wdoHeader/verify', { id: wdo.id, version: 0 }, { token: writer });
    expect(verify.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await t.call('/myhome/homepage/getHomePageData', {}, { token: orders })).body.data.wdoHeaderCount).toBe(0);
    expect(await db.select().from(wdoHeaders).where(eq(wdoHeaders.domainId, w.domainId))).toHaveLength(1);
  });

  it('keeps a warehouse with open outbound orders from being stopped', async () => {
    const w = await outboundWorld(t);
    const wdo = await createWdo(w, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const [row] = await db.execute<{ version: number }>(sql`select version from warehouses where id = ${w.warehouseId}`).then((r) => r.rows);
    const refused = await t.call('/myhome/warehouse/stopUsing', { id: w.warehouseId, version: row!.version, stopUsing: 1 }, { token: w.token });
    expect(refused.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_IN_USE', params: { reason: 'open outbound orders', count: 1 } });
    await call(w, 'cancel', { id: wdo.id, version: 0 });
    expect((await t.call('/myhome/warehouse/stopUsing', { id: w.warehouseId, version: row!.version, stopUsing: 1 }, { token: w.token })).body.success).toBe(true);
  });
});
