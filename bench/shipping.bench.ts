// Shipping at scale (issue "Print and ship", must-have 9): 10,000 reviewed orders that hold their
// allocation (ledger ALLOCATE rows of document type ORDER + the balances) and carry express
// numbers are sent through HTTP sendErpSoHList in batches of 20 by several callers, against the
// target of 10,000 ships under 20 s. Beside it, the raw SQL of the same deduction (lock the
// orders, sum their allocation, lock and update the balances, SHIP ledger rows, mark the orders
// sent, order logs) over the same batches with the same callers, each rolled back so the HTTP run
// ships the same orders. Afterwards on-hand and allocated must have dropped by exactly what the
// orders held, balance by balance.
//   npx tsx bench/shipping.bench.ts        (ORDERS=200000 gives 10,000 reviewed orders: 1 in 20)
import { constants, publicEncrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { SendOrdersResult } from '@openseller/core';
import { machine, printTable, startBenchEnv, type Timing } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
// generateOrdersWorld reviews 1 order in 20 (with pending 0) and books their stock on the balances.
const size = {
  orders: num('ORDERS', 200_000),
  skus: num('SKUS', 5_000),
  stores: num('STORES', 20),
  warehouses: num('WAREHOUSES', 5),
  otherDomains: num('OTHER', 1),
  otherOrders: num('OTHER_ORDERS', 20_000),
  pending: 0,
};
const BATCH = 20;
const CALLERS = num('SHIP_CALLERS', 4);
const TARGET_S = 20;

const env = await startBenchEnv('shipping');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify(size)}, batches of ${BATCH}, ${CALLERS} callers`);
const t0 = performance.now();
const world = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
const { domainId } = world;
const q = env.pool.query.bind(env.pool);

// The reviewed orders' allocation as the ledger holds it (verify writes these rows), and express numbers.
await q(
  `insert into stock_ledger (domain_id, warehouse_id, location_id, sku_id, movement, on_hand_delta, allocated_delta, on_hand_after, allocated_after, doc_type, doc_id, doc_code)
   select o.domain_id, o.warehouse_id, 0, l.sku_id, 'ALLOCATE', 0, sum(l.qty)::int, b.on_hand, b.allocated, 'ORDER', o.id, o.code
   from erp_orders o join erp_order_lines l on l.order_id = o.id
   join stock_balances b on b.domain_id = o.domain_id and b.warehouse_id = o.warehouse_id and b.location_id = 0 and b.sku_id = l.sku_id
   where o.domain_id = $1 and o.status_code = 'CI_ERPSOH_STATUS_VERIFIED'
   group by o.domain_id, o.warehouse_id, l.sku_id, b.on_hand, b.allocated, o.id, o.code`,
  [domainId],
);
await q(`update erp_orders set express_no = 'SF' || lpad(id::text, 12, '0') where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_VERIFIED'`, [domainId]);
await q('vacuum analyze stock_ledger; ');
await q('vacuum analyze erp_orders');
const ids = (await q<{ id: string }>(`select id from erp_orders where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_VERIFIED' order by id`, [domainId])).rows.map((r) => Number(r.id));
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${ids.length} reviewed orders to ship\n`);

type Bal = { onHand: number; allocated: number };
const balances = async () =>
  new Map(
    (await q<{ k: string; on_hand: number; allocated: number }>(`select warehouse_id || ':' || location_id || ':' || sku_id as k, on_hand, allocated from stock_balances where domain_id = $1`, [domainId])).rows.map((r) => [
      r.k,
      { onHand: Number(r.on_hand), allocated: Number(r.allocated) } as Bal,
    ]),
  );
const held = new Map(
  (
    await q<{ k: string; held: number }>(
      `select warehouse_id || ':' || location_id || ':' || sku_id as k, sum(allocated_delta)::int as held from stock_ledger
       where domain_id = $1 and doc_type = 'ORDER' and doc_id = any($2::bigint[]) group by 1`,
      [domainId, ids],
    )
  ).rows.map((r) => [r.k, Number(r.held)]),
);
const before = await balances();

// ---- sign in ---------------------------------------------------------------------------------
const base = env.baseUrl;
const publicKey = ((await (await fetch(`${base}/cloud/domain/security/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(world.password)).toString('base64');
const login = (await (
  await fetch(`${base}/cloud/domain/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: world.loginName, password }) })
).json()) as { data: { oauthToken: { access_token: string } } };
const headers = { authorization: `Bearer ${login.data.oauthToken.access_token}`, 'accept-language': 'en', 'content-type': 'application/json' };
async function post<T>(path: string, body: unknown): Promise<T> {
  const answer = (await (await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { success: boolean; data: T };
  if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer.data;
}

const batches: number[][] = [];
for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH));

/** Runs every batch with CALLERS callers; answers the total ms and the per-batch latencies. */
async function run(fn: (idList: number[]) => Promise<void>) {
  let next = 0;
  const samples: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < batches.length) {
        const idList = batches[next++]!;
        const s = performance.now();
        await fn(idList);
        samples.push(performance.now() - s);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
  return { ms: performance.now() - started, p50: pct(50), p95: pct(95) };
}

// ---- raw SQL of the same deduction, rolled back ----------------------------------------------
const rawSend = async (idList: number[]) => {
  const c = await env.pool.connect();
  try {
    await c.query('begin');
    await c.query(`select id from erp_orders where domain_id = $1 and id = any($2::bigint[]) order by id for update`, [domainId, idList]);
    await c.query(
      `create temp table held on commit drop as
       select doc_id, warehouse_id, location_id, sku_id, sum(allocated_delta)::int as held from stock_ledger
       where domain_id = $1 and doc_type = 'ORDER' and doc_id = any($2::bigint[]) and movement in ('ALLOCATE', 'RELEASE')
       group by 1, 2, 3, 4 having sum(allocated_delta) > 0`,
      [domainId, idList],
    );
    await c.query(
      `select b.id from stock_balances b join (select distinct warehouse_id, location_id, sku_id from held) h using (warehouse_id, location_id, sku_id)
       where b.domain_id = $1 order by b.warehouse_id, b.sku_id, b.location_id for update of b`,
      [domainId],
    );
    await c.query(
      `with net as (select warehouse_id, location_id, sku_id, sum(held)::int as n from held group by 1, 2, 3),
       upd as (update stock_balances b set on_hand = b.on_hand - net.n, allocated = b.allocated - net.n, version = b.version + 1, updated_at = now()
               from net where b.domain_id = $1 and b.warehouse_id = net.warehouse_id and b.location_id = net.location_id and b.sku_id = net.sku_id
               returning b.warehouse_id, b.location_id, b.sku_id, b.on_hand, b.allocated)
       insert into stock_ledger (domain_id, warehouse_id, location_id, sku_id, movement, on_hand_delta, allocated_delta, on_hand_after, allocated_after, doc_type, doc_id)
       select $1, h.warehouse_id, h.location_id, h.sku_id, 'SHIP', -h.held, -h.held, u.on_hand, u.allocated, 'ORDER', h.doc_id
       from held h join upd u using (warehouse_id, location_id, sku_id)`,
      [domainId],
    );
    await c.query(
      `with sent as (update erp_orders set status_code = 'CI_ERPSOH_STATUS_SEND', delivery_time = now(), version = version + 1, updated_at = now()
                     where domain_id = $1 and id = any($2::bigint[]) returning id)
       insert into operation_logs (domain_id, area, entity_type, entity_id, action) select $1, 'orders', 'erp_order', id::text, 'send' from sent`,
      [domainId, idList],
    );
    await c.query('rollback');
  } catch (e) {
    await c.query('rollback').catch(() => undefined);
    const pgError = e as { message?: string; code?: string };
    throw new Error(`raw SQL send of ${idList.length} orders: ${pgError.code ?? ''} ${pgError.message ?? String(e)}`, { cause: e });
  } finally {
    c.release();
  }
};
const raw = await run(rawSend);
console.log(`raw SQL: ${ids.length} orders in ${(raw.ms / 1000).toFixed(2)} s (rolled back)`);
await q('vacuum analyze stock_balances; ');
await q('vacuum analyze erp_orders');

// ---- HTTP sendErpSoHList ---------------------------------------------------------------------
let shipped = 0;
const failures = new Map<string, number>();
const http = await run(async (idList) => {
  const r = await post<SendOrdersResult>('/myhome/sendsoh/sendErpSoHList', { idList });
  shipped += r.successIds.length;
  for (const f of r.failures) failures.set(f.errorCode, (failures.get(f.errorCode) ?? 0) + 1);
});
console.log(`HTTP: ${shipped} of ${ids.length} shipped in ${(http.ms / 1000).toFixed(2)} s (target ${TARGET_S} s: ${http.ms / 1000 < TARGET_S ? 'met' : 'MISSED'}); refusals ${JSON.stringify(Object.fromEntries(failures))}`);

// ---- verify: every balance dropped by exactly what the orders held -----------------------------
const after = await balances();
let wrong = 0;
let totalHeld = 0;
for (const [k, b] of before) {
  const h = held.get(k) ?? 0;
  totalHeld += h;
  const a = after.get(k)!;
  if (a.onHand !== b.onHand - h || a.allocated !== b.allocated - h) wrong += 1;
}
const [counts] = (
  await q<{ sent: number; ship_rows: number }>(
    `select (select count(*)::int from erp_orders where domain_id = $1 and id = any($2::bigint[]) and status_code = 'CI_ERPSOH_STATUS_SEND') as sent,
            (select count(*)::int from stock_ledger where domain_id = $1 and doc_type = 'ORDER' and movement = 'SHIP' and doc_id = any($2::bigint[])) as ship_rows`,
    [domainId, ids],
  )
).rows;
console.log(`check: ${before.size} balances, ${wrong} wrong; ${totalHeld} pieces left on-hand and allocated; ${counts!.sent} orders sent, ${counts!.ship_rows} SHIP ledger rows`);

const row = (label: string, r: { ms: number; p50: number; p95: number }): Timing => ({ label, count: batches.length, p50: r.p50, p95: r.p95, perSecond: (ids.length / r.ms) * 1000 });
console.log('');
printTable([row(`ship ${ids.length}: HTTP sendErpSoHList, ${BATCH}/call, ${CALLERS} callers (orders/s)`, http), row(`ship ${ids.length}: raw SQL of the same, rolled back (orders/s)`, raw)]);
console.log(`\ntotal: HTTP ${(http.ms / 1000).toFixed(2)} s, raw SQL ${(raw.ms / 1000).toFixed(2)} s`);
await env.close();
if (wrong || shipped !== ids.length) process.exitCode = 1;
