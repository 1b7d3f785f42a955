// 16 concurrent clients allocating and releasing the same 100 SKUs for 30 s, directly through the
// stock engine (applyMovements, one transaction per call, on the app's pool of 20 connections; no
// HTTP route of this part allocates stock). Each call allocates 1–3 of the SKUs at once (so calls
// lock several balances and could deadlock if the engine locked them out of order) or releases
// one earlier allocation. Stock is kept short so that some allocations are refused. Then: no
// balance below zero or allocated above on-hand, every balance equal to the sum of its ledger,
// and nothing left allocated once every client has released what it holds.
//   npx tsx bench/stock-concurrency.bench.ts   (CLIENTS=16 SKUS=100 SECONDS=30 ON_HAND=8 to change)
import { performance } from 'node:perf_hooks';
import { applyMovements, StockShortageError, type Movement } from '../apps/server/src/modules/stock/stock.engine.js';
import { machine, printTable, startBenchEnv, type Timing } from './lib.js';

const CLIENTS = Number(process.env.CLIENTS ?? 16);
const SKUS = Number(process.env.SKUS ?? 100);
const SECONDS = Number(process.env.SECONDS ?? 30);
const ON_HAND = Number(process.env.ON_HAND ?? 8);
const MAX_HELD = 8;

const env = await startBenchEnv('stockconc');
const { db } = env.database;
console.log(`machine: ${machine()}`);
console.log(`${CLIENTS} clients × ${SECONDS} s on ${SKUS} SKUs with ${ON_HAND} on hand each; direct engine calls (applyMovements), one transaction each, pool of 20`);

const q = env.pool.query.bind(env.pool);
const domainId = Number((await q<{ id: number }>(`insert into domains (name, level) values ('Bench concurrency', 'PRO') returning id`)).rows[0]!.id);
const warehouseId = Number(
  (
    await q<{ id: number }>(
      `insert into warehouses (domain_id, code, name, type, contact, phone, province, city, street) values ($1, 'WH', 'WH', 'SELF_WAREHOUSE', 'Wang', '13800000000', '浙江省', '杭州市', '文三路 1 号') returning id`,
      [domainId],
    )
  ).rows[0]!.id,
);
await q(`insert into spus (domain_id, code, name) select $1, 'C' || lpad(g::text, 4, '0'), 'Bench ' || g from generate_series(1, ${SKUS}) g`, [domainId]);
await q(`insert into skus (domain_id, spu_id, code, name) select domain_id, id, code, name from spus where domain_id = $1`, [domainId]);
const skuIds = (await q<{ id: number }>(`select id from skus where domain_id = $1 order by id`, [domainId])).rows.map((r) => Number(r.id));
await db.transaction((tx) =>
  applyMovements(
    tx,
    domainId,
    null,
    skuIds.map((skuId) => ({ warehouseId, skuId, onHandDelta: ON_HAND, movement: 'OPENING' as const, doc: { type: 'BENCH' } })),
  ),
);

interface Held {
  lines: { skuId: number; qty: number }[];
}
const samples = { allocate: [] as number[], release: [] as number[] };
let refusals = 0;
let errors = 0;
const errorKinds = new Map<string, number>();
const doc = { type: 'BENCH', code: 'CONCURRENCY' };
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

async function call(kind: 'allocate' | 'release', movements: Movement[]): Promise<boolean> {
  const t0 = performance.now();
  try {
    await db.transaction((tx) => applyMovements(tx, domainId, null, movements));
    samples[kind].push(performance.now() - t0);
    return true;
  } catch (error) {
    samples[kind].push(performance.now() - t0);
    if (error instanceof StockShortageError) refusals++;
    else {
      errors++;
      const key = error instanceof Error ? error.message.slice(0, 80) : String(error);
      errorKinds.set(key, (errorKinds.get(key) ?? 0) + 1);
    }
    return false;
  }
}

const release = (held: Held) =>
  call(
    'release',
    held.lines.map((l) => ({ warehouseId, skuId: l.skuId, allocatedDelta: -l.qty, movement: 'RELEASE' as const, doc })),
  );

async function client(until: number, holding: Held[]) {
  while (performance.now() < until) {
    if (holding.length && (holding.length >= MAX_HELD || Math.random() < 0.5)) {
      const held = holding.splice(Math.floor(Math.random() * holding.length), 1)[0]!;
      if (!(await release(held))) holding.push(held);
    } else {
      const chosen = new Set<number>();
      const k = 1 + Math.floor(Math.random() * 3);
      while (chosen.size < k) chosen.add(pick(skuIds));
      const lines = [...chosen].map((skuId) => ({ skuId, qty: 1 + Math.floor(Math.random() * 3) }));
      const ok = await call(
        'allocate',
        lines.map((l) => ({ warehouseId, skuId: l.skuId, allocatedDelta: l.qty, movement: 'ALLOCATE' as const, doc })),
      );
      if (ok) holding.push({ lines });
    }
  }
}

const holdings = Array.from({ length: CLIENTS }, () => [] as Held[]);
const started = performance.now();
const until = started + SECONDS * 1000;
await Promise.all(holdings.map((h) => client(until, h)));
const elapsed = (performance.now() - started) / 1000;
const { rows: midway } = await q<{ allocated: number }>(`select coalesce(sum(allocated), 0)::int as allocated from stock_balances where domain_id = $1`, [domainId]);
// Every client gives back what it still holds.
for (const h of holdings) for (const held of h) await release(held);

const { rows: checks } = await q<{ negative: number; over: number; broken: number; allocated: number; on_hand: number; ledger_rows: number }>(
  `select
     (select count(*)::int from stock_balances where domain_id = $1 and (on_hand < 0 or allocated < 0)) as negative,
     (select count(*)::int from stock_balances where domain_id = $1 and allocated > on_hand) as over,
     (select count(*)::int from stock_balances b
        left join (select warehouse_id, location_id, sku_id, sum(on_hand_delta) h, sum(allocated_delta) a from stock_ledger where domain_id = $1 group by 1, 2, 3) l
          on l.warehouse_id = b.warehouse_id and l.location_id = b.location_id and l.sku_id = b.sku_id
        where b.domain_id = $1 and (coalesce(l.h, 0) <> b.on_hand or coalesce(l.a, 0) <> b.allocated)) as broken,
     (select coalesce(sum(allocated), 0)::int from stock_balances where domain_id = $1) as allocated,
     (select coalesce(sum(on_hand), 0)::int from stock_balances where domain_id = $1) as on_hand,
     (select count(*)::int from stock_ledger where domain_id = $1) as ledger_rows`,
  [domainId],
);

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const row = (label: string, list: number[]): Timing => ({ label, count: list.length, p50: pct(list, 50), p95: pct(list, 95), perSecond: list.length / elapsed });
const all = [...samples.allocate, ...samples.release];
console.log('');
printTable([row(`all calls, ${CLIENTS} clients`, all), row('  allocate 1–3 SKUs (ALLOCATE)', samples.allocate), row('  release one earlier allocation (RELEASE)', samples.release)]);
const c = checks[0]!;
console.log(`
calls: ${all.length} in ${elapsed.toFixed(1)} s = ${(all.length / elapsed).toFixed(0)} ops/s
refused (StockShortageError, nothing written): ${refusals} (${((refusals / Math.max(1, samples.allocate.length)) * 100).toFixed(1)} % of allocations)
other errors (deadlocks, serialization): ${errors}${errorKinds.size ? ' ' + JSON.stringify([...errorKinds]) : ''}
allocated at the end of the 30 s: ${midway[0]!.allocated} of ${SKUS * ON_HAND} on hand
after releasing everything: allocated ${c.allocated}, on hand ${c.on_hand} (was ${SKUS * ON_HAND}), ledger rows ${c.ledger_rows}
balances below zero: ${c.negative}; allocated above on-hand: ${c.over}; balances ≠ sum of ledger: ${c.broken}
${c.negative === 0 && c.over === 0 && c.broken === 0 && c.allocated === 0 && c.on_hand === SKUS * ON_HAND && errors === 0 ? 'consistent: yes' : 'consistent: NO'}`);

await env.close();
