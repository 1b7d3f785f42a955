// The kept order counts (order_status_counts, maintained by statement triggers on erp_orders) stay
// exact across create, verify, close, merge, cancel merge, split and delete, per domain; the
// unfiltered list totals and tab counts read them; folding the delta rows keeps the sums.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder, type OrderSeed } from '../../../../test/factories/orders.js';
import { outboundWorld, putOnHand, type OutboundWorld } from '../../../../test/factories/outbound.js';
import { storeRow } from '../../../../test/factories/warehouses.js';
import { compactOrderStatusCounts } from './list.queries.js';

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
  insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, lines: [{ skuId: w.skuIds[0]!, qty: 1 }], ...seed });

/** The kept counts of a domain, per status (zero sums left out). */
async function kept(domainId: number): Promise<Record<string, number>> {
  const rows = await db.execute<{ status_code: string; n: number }>(sql`
    select status_code, sum(n)::int as n from order_status_counts where domain_id = ${domainId} group by status_code having sum(n) <> 0 order by status_code`);
  return Object.fromEntries(rows.rows.map((r) => [r.status_code, Number(r.n)]));
}
/** The exact counts of a domain, per status, from the orders themselves. */
async function exact(domainId: number): Promise<Record<string, number>> {
  const rows = await db.execute<{ status_code: string; n: number }>(sql`
    select status_code, count(*)::int as n from erp_orders where domain_id = ${domainId} group by status_code order by status_code`);
  return Object.fromEntries(rows.rows.map((r) => [r.status_code, Number(r.n)]));
}
async function expectExact(...domainIds: number[]) {
  for (const d of domainIds) expect(await kept(d)).toEqual(await exact(d));
}

describe('kept order counts', () => {
  it('stay exact across create, verify, close, merge, cancel merge, split and delete, and the list reads them', async () => {
    const w = await world();
    const other = await world();
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 50 }]);
    const [a, b, c, d, e] = await Promise.all([
      order(w, { buyerNick: 'amy', platformNo: 'PA' }),
      order(w, { buyerNick: 'amy', platformNo: 'PB' }),
      order(w, { lines: [{ skuId: w.skuIds[0]!, qty: 4 }, { skuId: w.skuIds[1]!, qty: 1 }] }),
      order(w),
      order(w),
    ]);
    await order(other);
    await expectExact(w.domainId, other.domainId);
    expect(await kept(w.domainId)).toEqual({ CI_ERPSOH_STATUS_NORMAL: 5 });

    await ok(w, 'verify', { idList: [d!.id] });
    await expectExact(w.domainId);
    await ok(w, 'close', { idList: [e!.id] });
    await expectExact(w.domainId);
    const merged = await ok(w, 'merge', { idList: [a!.id, b!.id] });
    await expectExact(w.domainId);
    await ok(w, 'cancelMerge', { id: merged.id });
    await expectExact(w.domainId);
    const lines = await db.execute<{ id: number }>(sql`select id from erp_order_lines where order_id = ${c!.id} order by line_seq, id`);
    await ok(w, 'split', { id: c!.id, version: 0, lines: [{ lineId: Number(lines.rows[0]!.id), qty: 3 }] });
    await expectExact(w.domainId);
    await db.execute(sql`delete from erp_order_lines where order_id = ${e!.id}`);
    await db.execute(sql`delete from erp_orders where id = ${e!.id}`);
    await expectExact(w.domainId, other.domainId);
    // The other domain was never touched by these calls.
    expect(await kept(other.domainId)).toEqual({ CI_ERPSOH_STATUS_NORMAL: 1 });

    // Unfiltered totals and tab counts come from the kept counts, filtered ones from the orders: both agree.
    const all = await exact(w.domainId);
    const counts = (await ok(w, 'searchCount', {})) as { tabs: Record<string, number> };
    const filtered = (await ok(w, 'searchCount', { storeIdList: [w.storeId] })) as { tabs: Record<string, number> };
    expect(counts.tabs).toEqual(filtered.tabs);
    expect(counts.tabs['1']).toBe(all.CI_ERPSOH_STATUS_NORMAL ?? 0);
    for (const tab of ['1', '2', '4', '6', '7', '8']) {
      const page = (await ok(w, 'searchErpSoHPageList', { activeKey: tab, pageSize: 100 })) as { total: number; voList: unknown[] };
      expect(page.total).toBe(counts.tabs[tab]);
      expect(page.total).toBe(page.voList.length);
    }
    const otherCounts = (await ok(other, 'searchCount', {})) as { tabs: Record<string, number> };
    expect(otherCounts.tabs).toMatchObject({ '1': 1, '6': 1 });
  });

  it('count a statement that changes orders of several domains per domain, and folding keeps the sums', async () => {
    const w = await world();
    const other = await world();
    const mine = await Promise.all([order(w), order(w), order(w)]);
    const theirs = await Promise.all([order(other), order(other)]);
    // One statement over both domains (as a set-based command or a migration would).
    await db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_SEND' where id = any(${`{${[mine[0]!.id, mine[1]!.id, theirs[0]!.id].join(',')}}`}::bigint[])`);
    await db.execute(sql`update erp_orders set seller_remark = 'no status change' where domain_id = ${w.domainId}`);
    await expectExact(w.domainId, other.domainId);
    expect(await kept(w.domainId)).toEqual({ CI_ERPSOH_STATUS_NORMAL: 1, CI_ERPSOH_STATUS_SEND: 2 });
    expect(await kept(other.domainId)).toEqual({ CI_ERPSOH_STATUS_NORMAL: 1, CI_ERPSOH_STATUS_SEND: 1 });

    await compactOrderStatusCounts(db, w.domainId);
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from order_status_counts where domain_id = ${w.domainId}`);
    expect(Number(rows.rows[0]!.n)).toBe(2);
    await expectExact(w.domainId, other.domainId);
    const page = (await ok(w, 'searchErpSoHPageList', { activeKey: '6' })) as { total: number };
    expect(page.total).toBe(3);
  });
});
