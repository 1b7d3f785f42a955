// Order commands over HTTP on a fresh database: verify (allocation, refusals, concurrency),
// cancel verify, lock, close, merge, split, split out-of-stock, refresh out-of-stock, convert
// and the edits; another domain; a sub-account without the menu.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder, type OrderSeed } from '../../../../test/factories/orders.js';
import { balanceOf, combinationSku, outboundWorld, putOnHand, type OutboundWorld } from '../../../../test/factories/outbound.js';
import { signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';

const t = await createTestApp();
const { db } = t.database;

interface World extends OutboundWorld {
  storeId: number;
}

async function world(): Promise<World> {
  const w = await outboundWorld(t, { locations: 1 });
  const store = await storeRow(t, w.domainId);
  return { ...w, storeId: store.id };
}

const call = (w: { token: string }, action: string, body: Record<string, unknown>) => t.call(`/myhome/erpsoh/${action}`, body, { token: w.token });

async function ok(w: { token: string }, action: string, body: Record<string, unknown>) {
  const answer = await call(w, action, body);
  if (!answer.body.success) throw new Error(`${action} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const order = (w: World, seed: Partial<OrderSeed> = {}) =>
  insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: w.skuIds[0]!, qty: 1 }], ...seed });

async function header(id: number) {
  const rows = await db.execute<Record<string, any>>(sql`select * from erp_orders where id = ${id}`);
  return rows.rows[0]!;
}
async function lines(id: number) {
  const rows = await db.execute<{ id: number; sku_id: number | null; qty: number; stock_out: boolean }>(sql`select id, sku_id, qty, stock_out from erp_order_lines where order_id = ${id} order by line_seq, id`);
  return rows.rows.map((r) => ({ id: Number(r.id), skuId: r.sku_id == null ? null : Number(r.sku_id), qty: r.qty, stockOut: r.stock_out }));
}
async function logActions(id: number) {
  const rows = await db.execute<{ action: string }>(sql`select action from operation_logs where entity_type = 'erp_order' and entity_id = ${String(id)} order by id`);
  return rows.rows.map((r) => r.action);
}

describe('verify and cancel verify', () => {
  it('allocates every line in the order warehouse, combinations by components, gifts too, cancelled lines not', async () => {
    const w = await world();
    const combo = await combinationSku(t, w.domainId, w.skuIds[1]!);
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 10 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 10 },
    ]);
    const o = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }, { skuId: combo, qty: 3 }, { skuId: w.skuIds[0]!, qty: 1, isGift: true }, { skuId: w.skuIds[0]!, qty: 5 }] });
    await db.execute(sql`update erp_order_lines set cancel_tag = 1 where order_id = ${o.id} and qty = 5`);
    const result = await ok(w, 'verify', { idList: [o.id] });
    expect(result).toEqual({ successIds: [o.id], failures: [] });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 3 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 10, allocated: 6 });
    const h = await header(o.id);
    expect(h.status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
    expect(h.verified_at).not.toBeNull();
    expect(Number(h.verified_by)).toBe(w.userId);
    expect(await logActions(o.id)).toEqual(['verify']);

    expect(await ok(w, 'cancelVerify', { idList: [o.id] })).toEqual({ successIds: [o.id], failures: [] });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 10, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 10, allocated: 0 });
    expect((await header(o.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
  });

  it('refuses locked, risk-controlled, intercepted, wave, closed, unmapped, warehouse-less, courier-less and short orders, and verifies the rest', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 3 }]);
    const good = await order(w);
    const locked = await order(w, { locked: true });
    const risk = await order(w, { riskControlStatus: 'RISK' });
    const intercepted = await order(w);
    await db.execute(sql`update erp_orders set intercepted = true where id = ${intercepted.id}`);
    const wave = await order(w);
    await db.execute(sql`update erp_orders set so_extend_status = 'WAVE_ORDER' where id = ${wave.id}`);
    const closed = await order(w, { statusCode: 'CI_ERPSOH_STATUS_CLOSE' });
    const unmapped = await order(w, { lines: [{ skuId: null, qty: 1, tbSkuId: 'TB1' }] });
    const noWarehouse = await order(w, { warehouseId: null });
    const noCourier = await order(w, { expressCompanyCode: null });
    const short = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 5 }] });
    const ids = [good.id, locked.id, risk.id, intercepted.id, wave.id, closed.id, unmapped.id, noWarehouse.id, noCourier.id, short.id];
    const result = await ok(w, 'verify', { idList: ids });
    expect(result.successIds).toEqual([good.id]);
    const reasons = Object.fromEntries(result.failures.map((f: any) => [f.id, f.errorCode]));
    expect(reasons).toEqual({
      [locked.id]: 'ERR_ORDER_LOCKED',
      [risk.id]: 'ERR_ORDER_RISK_CONTROLLED',
      [intercepted.id]: 'ERR_ORDER_INTERCEPTED',
      [wave.id]: 'ERR_ORDER_WAVE_ORDER',
      [closed.id]: 'ERR_ORDER_STATUS',
      [unmapped.id]: 'ERR_ORDER_UNMAPPED',
      [noWarehouse.id]: 'ERR_ORDER_NO_WAREHOUSE',
      [noCourier.id]: 'ERR_ORDER_NO_EXPRESS',
      [short.id]: 'ERR_ORDER_SHORTAGE',
    });
    expect((await header(noCourier.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    const shortage = result.failures.find((f: any) => f.id === short.id);
    expect(shortage).toMatchObject({ code: short.code, params: { skuCode: w.skuCodes[0], available: 2, needed: 5 } });
    expect(shortage.message).toContain(w.skuCodes[0]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 3, allocated: 1 });
    expect((await header(short.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
  });

  it('verifies a batch in one go: good orders are allocated, a refused and a short order take nothing', async () => {
    const base = await outboundWorld(t, { locations: 2 });
    const w: World = { ...base, storeId: (await storeRow(t, base.domainId)).id };
    const [loc0, loc1] = [w.locationIds[0]!, w.locationIds[1]!];
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: loc0, skuId: w.skuIds[0]!, qty: 1 },
      { warehouseId: w.warehouseId, locationId: loc1, skuId: w.skuIds[0]!, qty: 3 },
      { warehouseId: w.warehouseId, locationId: loc0, skuId: w.skuIds[1]!, qty: 10 },
    ]);
    const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 8, 0, s));
    const good1 = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }], createdAt: at(1) });
    const locked = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 1 }], locked: true, createdAt: at(2) });
    const short = await order(w, { lines: [{ skuId: w.skuIds[1]!, qty: 1 }, { skuId: w.skuIds[0]!, qty: 3 }], createdAt: at(3) });
    const good2 = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }, { skuId: w.skuIds[1]!, qty: 4 }], createdAt: at(4) });
    const before = await header(good2.id);
    const untouched = [await header(short.id), await header(locked.id)];

    const result = await ok(w, 'verify', { idList: [good2.id, short.id, locked.id, good1.id] });
    expect(result.successIds).toEqual([good2.id, good1.id]);
    expect(result.failures).toMatchObject([
      { id: short.id, code: short.code, errorCode: 'ERR_ORDER_SHORTAGE', params: { skuCode: w.skuCodes[0], available: 2, needed: 3 } },
      { id: locked.id, code: locked.code, errorCode: 'ERR_ORDER_LOCKED' },
    ]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 4, allocated: 4 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 10, allocated: 4 });

    // Ledger rows per order: good1 first (created first) from the location with the most available.
    const ledger = await db.execute<{ doc_id: number; doc_code: string; location_id: number; sku_id: number; allocated_delta: number }>(sql`
      select doc_id, doc_code, location_id, sku_id, allocated_delta from stock_ledger
      where domain_id = ${w.domainId} and doc_type = 'ORDER' order by id`);
    expect(ledger.rows.map((r) => [Number(r.doc_id), r.doc_code, Number(r.location_id), Number(r.sku_id), r.allocated_delta])).toEqual([
      [good1.id, good1.code, loc1, w.skuIds[0], 2],
      [good2.id, good2.code, loc0, w.skuIds[0], 1],
      [good2.id, good2.code, loc1, w.skuIds[0], 1],
      [good2.id, good2.code, loc0, w.skuIds[1], 4],
    ]);

    for (const o of [good1, good2]) {
      expect((await header(o.id)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
      expect(await logActions(o.id)).toEqual(['verify']);
    }
    const after = await header(good2.id);
    expect(after.version).toBe(before.version + 1);
    expect(Number(after.verified_by)).toBe(w.userId);
    const log = await db.execute<{ area: string; before: any; after: any }>(sql`select area, before, after from operation_logs where entity_type = 'erp_order' and entity_id = ${String(good2.id)}`);
    expect(log.rows[0]).toMatchObject({ area: 'orders', before: { statusCode: 'CI_ERPSOH_STATUS_NORMAL', version: before.version }, after: { statusCode: 'CI_ERPSOH_STATUS_VERIFIED', version: before.version + 1 } });
    for (const [n, o] of [short, locked].entries()) {
      expect(await header(o.id)).toEqual(untouched[n]);
      expect(await logActions(o.id)).toEqual([]);
    }

    // Cancel verify of the batch gives back exactly what each order holds; a pending order is refused.
    const cancelled = await ok(w, 'cancelVerify', { idList: [good1.id, short.id, good2.id] });
    expect(cancelled.successIds).toEqual([good1.id, good2.id]);
    expect(cancelled.failures).toMatchObject([{ id: short.id, errorCode: 'ERR_ORDER_STATUS' }]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 4, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toEqual({ onHand: 10, allocated: 0 });
    expect(await logActions(good2.id)).toEqual(['verify', 'cancelVerify']);
    expect((await header(good2.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
  });

  it('allocates a batch in the orders creation order, not the order of the ids', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 4 }]);
    const later = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 3 }], createdAt: new Date(Date.UTC(2026, 10, 20, 9)) });
    const earlier = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 3 }], createdAt: new Date(Date.UTC(2026, 10, 20, 8)) });
    const result = await ok(w, 'verify', { idList: [later.id, earlier.id] });
    expect(result.successIds).toEqual([earlier.id]);
    expect(result.failures).toMatchObject([{ id: later.id, errorCode: 'ERR_ORDER_SHORTAGE', params: { available: 1, needed: 3 } }]);
  });

  it('does not retry order by order when the batch fails unexpectedly: nothing changes, and the next call verifies as usual', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 4 }]);
    const a = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    const b = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    const c = await order(w, { locked: true });
    const d = await order(w, { expressCompanyCode: null });
    // Ledger inserts naming more than one order (only the batch path writes those) fail here: an
    // unexpected database error, not a business refusal, so the order-by-order path must not run.
    await db.execute(sql.raw(`
      create or replace function test_one_order_per_ledger_insert() returns trigger language plpgsql as $$
      begin
        if (select count(distinct doc_id) from inserted where domain_id = ${w.domainId} and doc_type = 'ORDER') > 1 then
          raise exception 'one order per ledger insert';
        end if;
        return null;
      end $$;
      create trigger test_one_order_per_ledger_insert after insert on stock_ledger
        referencing new table as inserted for each statement execute function test_one_order_per_ledger_insert();`));
    try {
      const failed = await call(w, 'verify', { idList: [a.id, b.id, c.id, d.id] });
      expect(failed.body).toMatchObject({ success: false, errorCode: 'ERR_INTERNAL' });
      expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 4, allocated: 0 });
      for (const o of [a, b]) {
        expect((await header(o.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
        expect(await logActions(o.id)).toEqual([]);
      }
    } finally {
      await db.execute(sql.raw('drop trigger test_one_order_per_ledger_insert on stock_ledger; drop function test_one_order_per_ledger_insert();'));
    }
    const result = await ok(w, 'verify', { idList: [a.id, b.id, c.id, d.id] });
    expect(result.successIds).toEqual([a.id, b.id]);
    expect(result.failures).toMatchObject([
      { id: c.id, errorCode: 'ERR_ORDER_LOCKED' },
      { id: d.id, errorCode: 'ERR_ORDER_NO_EXPRESS', message: `The order ${d.code} has no courier; choose a courier first` },
    ]);
    expect((await header(d.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 4, allocated: 4 });
    for (const o of [a, b]) {
      expect((await header(o.id)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
      expect(await logActions(o.id)).toEqual(['verify']);
    }
  });

  it('refuses more than 100 ids in one verify call', async () => {
    const w = await world();
    const answer = await call(w, 'verify', { idList: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
  });

  it('refuses a stale version', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 3 }]);
    const o = await order(w);
    await ok(w, 'lock', { idList: [o.id] });
    await ok(w, 'unlock', { idList: [o.id], versions: [{ id: o.id, version: 1 }] });
    const result = await ok(w, 'verify', { idList: [o.id], versions: [{ id: o.id, version: 1 }] });
    expect(result.failures).toMatchObject([{ id: o.id, errorCode: 'ERR_VERSION_CONFLICT' }]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 3, allocated: 0 });
  });

  it('allocates once when two people verify the same orders at the same time', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 5 }]);
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }] }));
    const ids = orders.map((o) => o.id);
    const [a, b] = await Promise.all([ok(w, 'verify', { idList: ids }), ok(w, 'verify', { idList: [...ids].reverse() })]);
    const verified = new Set([...a.successIds, ...b.successIds]);
    expect(verified.size).toBe(2);
    expect(a.successIds.length + b.successIds.length).toBe(2);
    const balance = await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!);
    expect(balance).toEqual({ onHand: 5, allocated: 4 });
    expect(balance.onHand - balance.allocated).toBeGreaterThanOrEqual(0);
    const held = await db.execute<{ n: number }>(sql`select coalesce(sum(allocated_delta), 0)::int as n from stock_ledger where doc_type = 'ORDER' and doc_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    expect(held.rows[0]!.n).toBe(4);
  });
});

describe('refusals that have a remedy name it', () => {
  it('refuses to review an order without a courier, says to choose one, and reviews it once one is chosen', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 3 }]);
    const o = await order(w, { expressCompanyCode: null });
    const before = await header(o.id);
    const refused = await ok(w, 'verify', { idList: [o.id] });
    expect(refused).toEqual({
      successIds: [],
      failures: [{ id: o.id, code: o.code, errorCode: 'ERR_ORDER_NO_EXPRESS', params: { code: o.code }, message: `The order ${o.code} has no courier; choose a courier first` }],
    });
    const chinese = await t.call('/myhome/erpsoh/verify', { idList: [o.id] }, { token: w.token, headers: { 'accept-language': 'zh' } });
    expect(chinese.body.data.failures[0].message).toBe(`订单 ${o.code} 未指定快递，请先选择快递`);
    expect(await header(o.id)).toEqual(before);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 3, allocated: 0 });
    expect(await logActions(o.id)).toEqual([]);

    await db.execute(sql`insert into domain_express_companies (domain_id, code) values (${w.domainId}, 'YTO') on conflict do nothing`);
    await ok(w, 'updateExpress', { idList: [o.id], expressCompanyCode: 'YTO' });
    expect(await ok(w, 'verify', { idList: [o.id] })).toEqual({ successIds: [o.id], failures: [] });
  });

  it('says what to do first: unlock, choose a warehouse, match the SKU, cancel the review, reopen; and that a reviewed order is already reviewed', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 5 }]);
    const locked = await order(w, { locked: true });
    const noWarehouse = await order(w, { warehouseId: null });
    const unmapped = await order(w, { lines: [{ skuId: null, qty: 1, tbSkuId: 'TB1' }] });
    const closed = await order(w, { statusCode: 'CI_ERPSOH_STATUS_CLOSE' });
    const reviewed = await order(w);
    await ok(w, 'verify', { idList: [reviewed.id] });

    const verify = await ok(w, 'verify', { idList: [locked.id, noWarehouse.id, unmapped.id, closed.id, reviewed.id] });
    const message = (id: number) => verify.failures.find((f: { id: number }) => f.id === id)?.message;
    expect(message(locked.id)).toBe(`The order ${locked.code} is locked; unlock it first`);
    expect(message(noWarehouse.id)).toBe(`The order ${noWarehouse.code} has no warehouse; choose a warehouse first`);
    expect(message(unmapped.id)).toBe(`The order ${unmapped.code} has a line without a system SKU; match it to a system SKU first`);
    expect(message(closed.id)).toBe(`The order ${closed.code} is closed; reopen it (cancel close) first`);
    expect(message(reviewed.id)).toBe(`The order ${reviewed.code} is already reviewed`);
    expect(verify.failures.find((f: { id: number }) => f.id === closed.id).params).toMatchObject({ status: 'CI_ERPSOH_STATUS_CLOSE', action: 'verify', remedy: 'cancelClose' });

    // A change that needs a pending order, on a reviewed one: cancel its review first (batch and single commands).
    const moved = await ok(w, 'updateWarehouse', { idList: [reviewed.id], warehouseId: w.warehouseId });
    expect(moved.failures).toMatchObject([
      { id: reviewed.id, errorCode: 'ERR_ORDER_STATUS', params: { remedy: 'cancelReview' }, message: `The order ${reviewed.code} is reviewed; cancel its review first` },
    ]);
    const added = await call(w, 'addSku', { id: reviewed.id, skuId: w.skuIds[0]!, qty: 1 });
    expect(added.body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_STATUS', params: { remedy: 'cancelReview' }, message: `The order ${reviewed.code} is reviewed; cancel its review first` });
    const chinese = await t.call('/myhome/erpsoh/addSku', { id: reviewed.id, skuId: w.skuIds[0]!, qty: 1 }, { token: w.token, headers: { 'accept-language': 'zh' } });
    expect(chinese.body.message).toBe(`订单 ${reviewed.code} 已审核，请先反审核`);

    // No remedy for a shipped order: it only says what the order is.
    await db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_SEND' where id = ${closed.id}`);
    const shipped = await ok(w, 'lock', { idList: [closed.id] });
    expect(shipped.failures[0].message).toBe(`The order ${closed.code} is shipped; this cannot be done now`);
    expect(shipped.failures[0].params.remedy).toBeUndefined();
  });
});

describe('lock, close and convert', () => {
  it('locks and unlocks; closes a reviewed order giving back its stock; cancel close brings it back pending', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 3 }]);
    const o = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    await ok(w, 'lock', { idList: [o.id] });
    expect((await header(o.id)).locked).toBe(true);
    await ok(w, 'unlock', { idList: [o.id] });
    await ok(w, 'verify', { idList: [o.id] });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 3, allocated: 2 });
    await ok(w, 'close', { idList: [o.id] });
    expect((await header(o.id)).status_code).toBe('CI_ERPSOH_STATUS_CLOSE');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 3, allocated: 0 });
    const again = await ok(w, 'close', { idList: [o.id] });
    expect(again.failures).toMatchObject([{ errorCode: 'ERR_ORDER_STATUS' }]);
    await ok(w, 'cancelClose', { idList: [o.id] });
    expect((await header(o.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    expect(await logActions(o.id)).toEqual(['lock', 'unlock', 'verify', 'close', 'cancelClose']);
  });

  it('converts to pre-sale, stock-out, locked and back to normal; releases risk; flags, recycles the express number', async () => {
    const w = await world();
    const o = await order(w, { riskControlStatus: 'RISK' });
    await ok(w, 'convert', { idList: [o.id], to: 'PRESALE' });
    expect((await header(o.id)).pre_sale).toBe(true);
    await ok(w, 'convert', { idList: [o.id], to: 'STOCK_OUT' });
    expect(await header(o.id)).toMatchObject({ stock_out: true, so_extend_status: 'STOCK_OUT' });
    await ok(w, 'convert', { idList: [o.id], to: 'LOCKED' });
    expect((await header(o.id)).locked).toBe(true);
    await ok(w, 'convert', { idList: [o.id], to: 'NORMAL' });
    expect(await header(o.id)).toMatchObject({ pre_sale: false, stock_out: false, locked: false, so_extend_status: null });
    await ok(w, 'releaseRisk', { idList: [o.id] });
    expect((await header(o.id)).risk_control_status).toBe('NONE');
    // The status catalogue (ORDER_ACTIONS_BY_STATUS) allows releasing risk only before shipping; a flag in any status.
    const shipped = await order(w, { statusCode: 'CI_ERPSOH_STATUS_SEND', riskControlStatus: 'RISK' });
    expect((await ok(w, 'releaseRisk', { idList: [shipped.id] })).failures).toMatchObject([{ id: shipped.id, errorCode: 'ERR_ORDER_STATUS', params: { action: 'releaseRisk' } }]);
    expect((await header(shipped.id)).risk_control_status).toBe('RISK');
    expect((await ok(w, 'updateSellerFlag', { idList: [shipped.id], sellerFlag: 2 })).successIds).toEqual([shipped.id]);
    await ok(w, 'updateSellerFlag', { idList: [o.id], sellerFlag: 3, sellerRemark: 'call first' });
    expect(await header(o.id)).toMatchObject({ seller_flag: 3, seller_remark: 'call first' });
    await db.execute(sql`update erp_orders set express_no = 'YT123' where id = ${o.id}`);
    await ok(w, 'recycleExpressNo', { idList: [o.id] });
    expect((await header(o.id)).express_no).toBeNull();
  });
});

describe('merge', () => {
  it('answers getMergeSoList as voList of the partners with code and merge statusCode normal or verified, not locked ones', async () => {
    const w = await world();
    const a = await order(w, { buyerNick: 'bea' });
    const pending = await order(w, { buyerNick: 'bea', platformNo: 'PN1' });
    const reviewed = await order(w, { buyerNick: 'bea', statusCode: 'CI_ERPSOH_STATUS_VERIFIED' });
    await order(w, { buyerNick: 'bea', locked: true });
    await order(w, { buyerNick: 'bea', statusCode: 'CI_ERPSOH_STATUS_SEND' });
    const answer = await ok(w, 'getMergeSoList', { id: a.id });
    expect(answer.voList).toEqual([
      expect.objectContaining({ id: pending.id, code: pending.code, statusCode: 'normal', platformNos: ['PN1'], qtyTotal: 1 }),
      expect.objectContaining({ id: reviewed.id, code: reviewed.code, statusCode: 'verified' }),
    ]);
  });

  it('merges orders of one store, buyer and receiver into a new order and cancels the merge', async () => {
    const w = await world();
    const a = await order(w, { buyerNick: 'amy', platformNo: 'PA', lines: [{ skuId: w.skuIds[0]!, qty: 1 }] });
    const b = await order(w, { buyerNick: 'amy', platformNo: 'PB', lines: [{ skuId: w.skuIds[1]!, qty: 2 }] });
    const candidates = await ok(w, 'getMergeSoList', { id: a.id });
    expect(candidates.voList.map((c: any) => c.id)).toEqual([b.id]);
    const merged = await ok(w, 'merge', { idList: [a.id, b.id] });
    const h = await header(merged.id);
    expect(h).toMatchObject({ merge_level: 1, status_code: 'CI_ERPSOH_STATUS_NORMAL', qty_total: 3, sku_total: 2 });
    expect(h.platform_nos).toEqual(['PA', 'PB']);
    expect((await lines(merged.id)).map((l) => [l.skuId, l.qty])).toEqual([[w.skuIds[0], 1], [w.skuIds[1], 2]]);
    expect(await header(a.id)).toMatchObject({ status_code: 'CI_ERPSOH_STATUS_CANCEL' });
    expect(Number((await header(b.id)).merged_into_id)).toBe(merged.id);

    await ok(w, 'cancelMerge', { id: merged.id });
    expect((await header(a.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    expect((await header(b.id)).merged_into_id).toBeNull();
    expect((await header(merged.id)).status_code).toBe('CI_ERPSOH_STATUS_CANCEL');
  });

  it('treats a missing and an empty receiver field alike: the 待合 tag, the merge list and the merge command agree', async () => {
    const w = await world();
    const a = await order(w, { buyerNick: 'nia' });
    const b = await order(w, { buyerNick: 'nia' });
    const c = await order(w, { buyerNick: 'ola' });
    const d = await order(w, { buyerNick: 'ola' });
    await db.execute(sql`update erp_orders set receiver_phone = null, receiver_address = '' where id = ${a.id}`);
    await db.execute(sql`update erp_orders set receiver_phone = '', receiver_address = null where id = ${b.id}`);
    await db.execute(sql`update erp_orders set receiver_phone = null where id = ${c.id}`);
    const tagged = (await ok(w, 'getMergeFlagByIdList', { idList: [a.id, b.id, c.id, d.id] })).voList as { id: number; canbeMergedTag: boolean }[];
    expect(tagged.filter((r) => r.canbeMergedTag).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect((await ok(w, 'getMergeSoList', { id: a.id })).voList.map((r: { id: number }) => r.id)).toEqual([b.id]);
    expect((await ok(w, 'getMergeSoList', { id: c.id })).voList).toEqual([]);
    // c has no phone and d has one: not tagged, and the command refuses them for the receiver.
    expect((await call(w, 'merge', { idList: [c.id, d.id] })).body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_MERGE_DIFFERENT', params: { reason: 'receiver' } });
    expect((await ok(w, 'merge', { idList: [a.id, b.id] })).sourceIds).toEqual([a.id, b.id].sort((x, y) => x - y));
  });

  it('refuses a merge across stores, across buyers, of one order, and above the tier limit', async () => {
    const w = await world();
    const other = await storeRow(t, w.domainId);
    const a = await order(w, { buyerNick: 'amy' });
    const b = await order(w, { buyerNick: 'amy', storeId: other.id });
    const c = await order(w, { buyerNick: 'bob' });
    const stores = await call(w, 'merge', { idList: [a.id, b.id] });
    expect(stores.body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_MERGE_DIFFERENT', params: { reason: 'store' } });
    const buyers = await call(w, 'merge', { idList: [a.id, c.id] });
    expect(buyers.body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_MERGE_DIFFERENT', params: { reason: 'buyer' } });
    expect((await call(w, 'merge', { idList: [a.id] })).body.errorCode).toBe('ERR_ORDER_MERGE_TOO_FEW');
    await db.execute(sql`update domains set level = 'LITE' where id = ${w.domainId}`);
    const many = [];
    for (let i = 0; i < 7; i++) many.push((await order(w, { buyerNick: 'zed' })).id);
    expect((await call(w, 'merge', { idList: many })).body).toMatchObject({ errorCode: 'ERR_ORDER_MERGE_LIMIT', params: { max: 6 } });
    await db.execute(sql`update domains set level = 'STANDARD' where id = ${w.domainId}`);
    expect((await ok(w, 'merge', { idList: many })).sourceIds).toHaveLength(7);
    expect((await header(a.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
  });
});

describe('split', () => {
  it('moves line quantities to a child order and cancel split merges it back', async () => {
    const w = await world();
    const o = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 4 }, { skuId: w.skuIds[1]!, qty: 1 }] });
    const [l1, l2] = await lines(o.id);
    const result = await ok(w, 'split', { id: o.id, version: 0, lines: [{ lineId: l1!.id, qty: 3 }, { lineId: l2!.id, qty: 1 }] });
    expect(await header(result.childId)).toMatchObject({ split_level: 1, qty_total: 4 });
    expect(Number((await header(result.childId)).split_from_id)).toBe(o.id);
    expect((await lines(o.id)).map((l) => [l.skuId, l.qty])).toEqual([[w.skuIds[0], 1]]);
    expect((await header(o.id)).qty_total).toBe(1);
    expect((await lines(result.childId)).map((l) => [l.skuId, l.qty])).toEqual([[w.skuIds[0], 3], [w.skuIds[1], 1]]);

    // Its two parts are not merge partners (no 待合 tag) and the merge command refuses them alike.
    const tags = (await ok(w, 'getMergeFlagByIdList', { idList: [o.id, result.childId] })).voList as { id: number; canbeMergedTag: boolean }[];
    expect(tags.map((r) => r.canbeMergedTag)).toEqual([false, false]);
    expect((await call(w, 'merge', { idList: [o.id, result.childId] })).body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_MERGE_SAME_SPLIT' });
    expect((await header(o.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');

    await ok(w, 'cancelSplit', { id: result.childId });
    expect((await lines(o.id)).map((l) => [l.skuId, l.qty])).toEqual([[w.skuIds[0], 4], [w.skuIds[1], 1]]);
    expect((await header(o.id)).qty_total).toBe(5);
    expect((await header(result.childId)).status_code).toBe('CI_ERPSOH_STATUS_CANCEL');
  });

  it('refuses a split of more than the line quantity, one leaving nothing, and a stale version', async () => {
    const w = await world();
    const o = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    const [l1] = await lines(o.id);
    expect((await call(w, 'split', { id: o.id, lines: [{ lineId: l1!.id, qty: 3 }] })).body).toMatchObject({ errorCode: 'ERR_ORDER_SPLIT_TOO_MUCH', params: { max: 2 } });
    expect((await call(w, 'split', { id: o.id, lines: [{ lineId: l1!.id, qty: 2 }] })).body.errorCode).toBe('ERR_ORDER_SPLIT_NOTHING_LEFT');
    expect((await call(w, 'split', { id: o.id, version: 7, lines: [{ lineId: l1!.id, qty: 1 }] })).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect(await lines(o.id)).toMatchObject([{ qty: 2 }]);
  });

  it("splits out of stock: 'part' with 5 wanted and 2 in stock gives 2 + 3, 'all' moves the short line wholly", async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 2 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 9 },
    ]);
    const o = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 5 }, { skuId: w.skuIds[1]!, qty: 1 }] });
    const part = await ok(w, 'splitOutOfStock', { id: o.id, mode: 'part' });
    expect((await lines(o.id)).map((l) => [l.skuId, l.qty])).toEqual([[w.skuIds[0], 2], [w.skuIds[1], 1]]);
    expect((await lines(part.childId)).map((l) => [l.skuId, l.qty, l.stockOut])).toEqual([[w.skuIds[0], 3, true]]);
    expect(await header(part.childId)).toMatchObject({ stock_out: true, so_extend_status: 'STOCK_OUT', split_level: 1 });
    expect((await call(w, 'splitOutOfStock', { id: o.id, mode: 'part' })).body.errorCode).toBe('ERR_ORDER_NOTHING_SHORT');

    const o2 = await order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 5 }, { skuId: w.skuIds[1]!, qty: 1 }] });
    const all = await ok(w, 'splitOutOfStock', { id: o2.id, mode: 'all' });
    expect((await lines(o2.id)).map((l) => [l.skuId, l.qty])).toEqual([[w.skuIds[1], 1]]);
    expect((await lines(all.childId)).map((l) => [l.skuId, l.qty])).toEqual([[w.skuIds[0], 5]]);
  });
});

describe('refresh out-of-stock', () => {
  it('pre-allocates available stock to pending orders by creation time and marks the rest', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 3 }]);
    const base = Date.now() - 3_600_000;
    const late = await order(w, { createdAt: new Date(base + 3000), lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    const early = await order(w, { createdAt: new Date(base), lines: [{ skuId: w.skuIds[0]!, qty: 2 }] });
    const small = await order(w, { createdAt: new Date(base + 5000), lines: [{ skuId: w.skuIds[0]!, qty: 1 }] });
    const result = await ok(w, 'refreshStockOut', {});
    expect(result).toEqual({ total: 3, stockOut: 1, inStock: 2 });
    expect(await header(early.id)).toMatchObject({ stock_out: false });
    expect(await header(late.id)).toMatchObject({ stock_out: true, so_extend_status: 'STOCK_OUT' });
    expect(await lines(late.id)).toMatchObject([{ stockOut: true }]);
    expect((await header(small.id)).stock_out).toBe(false);
    // Stock arrives: the next refresh clears the mark. The ledger is not touched.
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 5 }]);
    expect(await ok(w, 'refreshStockOut', { storeIdList: [w.storeId] })).toEqual({ total: 3, stockOut: 0, inStock: 3 });
    expect(await header(late.id)).toMatchObject({ stock_out: false, so_extend_status: null });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 8, allocated: 0 });
  });

  // Its speed is measured in bench/, not here.
  it('refreshes 20,000 pending orders in one call', async () => {
    const w = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 10_000 }]);
    await db.execute(sql`
      insert into erp_orders (domain_id, code, store_id, warehouse_id, qty_total, sku_total, created_at)
      select ${w.domainId}, 'PERF' || g, ${w.storeId}, ${w.warehouseId}, 1, 1, now() - interval '1 day' + g * interval '1 second' from generate_series(1, 20000) g`);
    await db.execute(sql`
      insert into erp_order_lines (domain_id, order_id, line_seq, sku_id, qty)
      select ${w.domainId}, o.id, 1, ${w.skuIds[0]!}, 1 from erp_orders o where o.domain_id = ${w.domainId} and o.code like 'PERF%'`);
    expect(await ok(w, 'refreshStockOut', {})).toEqual({ total: 20000, stockOut: 10000, inStock: 10000 });
    const last = await db.execute<{ stock_out: boolean }>(sql`select stock_out from erp_orders where domain_id = ${w.domainId} and code in ('PERF10000', 'PERF10001') order by code`);
    expect(last.rows.map((r) => r.stock_out)).toEqual([false, true]);
    // 3 s when run alone, 24–30 s after this file's earlier tests on the same server (on the previous
    // main too; cause not found yet — see the closing note of 2026-11-28): correctness is what this checks.
  }, 90_000);
});

describe('edits', () => {
  it('changes courier, warehouse and receiver, dropping the match-failure labels', async () => {
    const w = await world();
    await db.execute(sql`insert into domain_express_companies (domain_id, code) values (${w.domainId}, 'YTO')`);
    const o = await order(w, { labels: ['WAREHOUSE_MATCH_FAIL', 'EXPRESS_MATCH_FAIL'], warehouseId: null });
    expect((await call(w, 'updateExpress', { idList: [o.id], expressCompanyCode: 'NOPE' })).body.errorCode).toBe('ERR_ORDER_EXPRESS_NOT_FOUND');
    await ok(w, 'updateExpress', { idList: [o.id], expressCompanyCode: 'YTO' });
    await ok(w, 'updateWarehouse', { idList: [o.id], warehouseId: w.warehouseId });
    const h = await header(o.id);
    expect(h).toMatchObject({ express_company_code: 'YTO', labels: [] });
    expect(Number(h.warehouse_id)).toBe(w.warehouseId);
    const stale = await call(w, 'updateReceiver', { id: o.id, version: 0, receiverName: '李四', receiverPhone: '13900000000', receiverProvince: '浙江省', receiverCity: '杭州市', receiverAddress: '文一路 1 号' });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const row = await ok(w, 'updateReceiver', { id: o.id, version: 2, receiverName: '李四', receiverPhone: '13900000000', receiverProvince: '浙江省', receiverCity: '杭州市', receiverAddress: '文一路 1 号' });
    expect(row.receiverPhone).toBe('139****0000');
    expect((await header(o.id)).receiver_name).toBe('李四');
  });

  it('adds, replaces and deletes lines, recomputing totals and dropping the unmapped label when none is left', async () => {
    const w = await world();
    const o = await order(w, { labels: ['ORDER_TBSKU_EXCEPTION'], lines: [{ skuId: null, qty: 2, tbSkuId: 'TB9', price: '5' }] });
    const added = await ok(w, 'addSku', { id: o.id, skuId: w.skuIds[1], qty: 3, price: '2.5' });
    expect(added).toMatchObject({ qtyTotal: 5, skuTotal: 2, labels: ['ORDER_TBSKU_EXCEPTION'] });
    expect(Number(added.amountTotal)).toBe(17.5);
    const unmapped = added.lines.find((l: any) => l.skuId === null);
    const replaced = await ok(w, 'replaceSku', { id: o.id, lineId: unmapped.id, skuId: w.skuIds[0] });
    expect(replaced.labels).toEqual([]);
    expect(replaced.lines.map((l: any) => l.skuId)).toEqual([w.skuIds[0], w.skuIds[1]]);
    expect((await call(w, 'deleteSku', { id: o.id, lineIdList: replaced.lines.map((l: any) => l.id) })).body.errorCode).toBe('ERR_ORDER_LAST_LINE');
    const deleted = await ok(w, 'deleteSku', { id: o.id, lineIdList: [unmapped.id] });
    expect(deleted).toMatchObject({ qtyTotal: 3, skuTotal: 1 });
    expect((await call(w, 'addSku', { id: o.id, skuId: 999999999, qty: 1 })).body.errorCode).toBe('ERR_ORDER_SKU_NOT_FOUND');
    expect(await logActions(o.id)).toEqual(['addSku', 'replaceSku', 'deleteSku']);
  });
});

describe('access', () => {
  it('another domain can neither verify, split nor merge the orders', async () => {
    const w = await world();
    const stranger = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 3 }]);
    const a = await order(w, { buyerNick: 'amy' });
    const b = await order(w, { buyerNick: 'amy' });
    const verify = await ok(stranger, 'verify', { idList: [a.id] });
    expect(verify).toMatchObject({ successIds: [], failures: [{ id: a.id, code: null, errorCode: 'ERR_NOT_FOUND' }] });
    expect((await call(stranger, 'merge', { idList: [a.id, b.id] })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await call(stranger, 'getMergeSoList', { id: a.id })).body.data).toEqual({ voList: [] });
    const [l1] = await lines(a.id);
    expect((await call(stranger, 'split', { id: a.id, lines: [{ lineId: l1!.id, qty: 1 }] })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await header(a.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 3, allocated: 0 });
  });

  it('refuses a sub-account without the order menu', async () => {
    const w = await world();
    const o = await order(w);
    const token = await signedInStaff(t, w.domainId, ['MENU_SKU']);
    const answer = await t.call('/myhome/erpsoh/lock', { idList: [o.id] }, { token });
    expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await header(o.id)).locked).toBe(false);
    const allowed = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await t.call('/myhome/erpsoh/lock', { idList: [o.id] }, { token: allowed })).body.data.successIds).toEqual([o.id]);
  });
});
