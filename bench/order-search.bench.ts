// Order search by fragment at scale (issue 21, must-have 9): a fragment of the receiver's name,
// phone or address, the buyer's nick, or an order or platform number, over HTTP
// (searchErpSoHPageList, a page of 100 with its total) beside the raw SQL of the same page and
// count, in a domain of ORDERS orders (four other domains beside it).
//   npx tsx bench/order-search.bench.ts            (ORDERS=200000 when the machine is busy)
//   BENCH_DATABASE_URL=postgres://… to run on a PostgreSQL server instead of the embedded one; with
//   BENCH_DATABASE=name the database is kept and a second run reuses its world (no generation)
// After the HTTP measurements, the SQL of every case is timed beside the same SQL on the search
// indexes as they were before migration 0075 (led by domain_id), interleaved call by call: the bench
// builds those indexes beside the current ones, and each call runs in a transaction that drops the
// other set (rolled back; only the statement is timed). BEFORE=0 skips that (no index build);
// EXPLAIN=1 prints each case's plan (ANALYZE, BUFFERS) on both sets; HTTP=0 skips the HTTP part.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { OrderSearchInput } from '@openseller/core';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { runOrderIdsQueries, searchOrderIdsQueries } from '../apps/server/src/modules/orders/list/list.queries.js';
import { machine, measure, printTable, signIn, startBenchEnv, statementClock, type Timing } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = {
  orders: num('ORDERS', 1_000_000),
  skus: num('SKUS', 5_000),
  stores: num('STORES', 20),
  warehouses: num('WAREHOUSES', 5),
  otherDomains: num('OTHER', 4),
  otherOrders: num('OTHER_ORDERS', 20_000),
  pending: num('PENDING', 100_000),
};
const N = num('N', 40);
// TABS=6,1 to measure tab 1 (to review) as well as tab 6 (all orders).
const TABS = (process.env.TABS ?? '6').split(',');
// STATEMENTS=1: after each HTTP measurement, what the app's statements took per call (sent to answered).
const STATEMENTS = process.env.STATEMENTS === '1';
const BEFORE = process.env.BEFORE !== '0';
const EXPLAIN = process.env.EXPLAIN === '1';
// HTTP=0: only the interleaved SQL comparison (a loaded machine's short run).
const HTTP = process.env.HTTP !== '0';

const env = await startBenchEnv('order_search');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify(size)}`);
const locale = (await env.pool.query<{ ctype: string }>(`select datctype as ctype from pg_database where datname = current_database()`)).rows[0]!.ctype;
const version = (await env.pool.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
console.log(`PostgreSQL ${version}, LC_CTYPE ${locale}`);
await env.pool.query('create table if not exists bench_order_search_world (world jsonb not null)');
let world = (await env.pool.query<{ world: { domainId: number; loginName: string; password: string } }>('select world from bench_order_search_world')).rows[0]?.world;
if (world) console.log(`reusing the world of ${process.env.BENCH_DATABASE}: ${JSON.stringify(world)}\n`);
else {
  const t0 = performance.now();
  const w = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
  world = { domainId: w.domainId, loginName: w.loginName, password: w.password };
  await env.pool.query('insert into bench_order_search_world (world) values ($1)', [JSON.stringify(world)]);
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
const { domainId } = world;
const post = await signIn(env.baseUrl, world.loginName, world.password);

const dialect = new PgDialect();
const raw = async (q: SQL) => {
  const { sql, params } = dialect.sqlToQuery(q);
  return env.pool.query(sql, params as unknown[]);
};

// Values of one order a third of the way in, as a seller would type parts of them.
const sample = (
  await env.pool.query<{ code: string; platform_no: string; receiver_phone: string; receiver_name: string; buyer_nick: string }>(
    `select code, platform_nos[1] as platform_no, receiver_phone, receiver_name, buyer_nick from erp_orders where domain_id = $1 order by id limit 1 offset $2`,
    [domainId, Math.floor(size.orders / 3)],
  )
).rows[0]!;
const cases: { label: string; body: Record<string, unknown> }[] = [
  { label: `receiver name, whole (${sample.receiver_name})`, body: { receiverKeywords: sample.receiver_name } },
  { label: 'receiver name, 2-character fragment (阳娜)', body: { receiverKeywords: '阳娜' } },
  { label: `receiver phone, last 6 digits (${sample.receiver_phone.slice(-6)})`, body: { receiverKeywords: sample.receiver_phone.slice(-6) } },
  { label: `receiver phone, middle 5 digits (${sample.receiver_phone.slice(4, 9)})`, body: { receiverKeywords: sample.receiver_phone.slice(4, 9) } },
  { label: `receiver phone, masked as listed (${sample.receiver_phone.slice(0, 3)}****${sample.receiver_phone.slice(-4)})`, body: { receiverKeywords: `${sample.receiver_phone.slice(0, 3)}****${sample.receiver_phone.slice(-4)}` } },
  { label: 'receiver address fragment (文三路 123 号 4 幢)', body: { receiverKeywords: '文三路 123 号 4 幢' } },
  { label: `buyer nick fragment (${sample.buyer_nick.slice(2)})`, body: { buyerNick: sample.buyer_nick.slice(2) } },
  { label: `order code, whole (${sample.code})`, body: { codeKeywords: sample.code } },
  { label: `order code, last 7 (${sample.code.slice(-7)})`, body: { codeKeywords: sample.code.slice(-7) } },
  { label: `platform number fragment (${sample.platform_no.slice(1, 8)})`, body: { codeKeywords: sample.platform_no.slice(1, 8) } },
  { label: 'no keyword (the list as it is)', body: {} },
];

// The search GIN indexes (migration 0075: without domain_id) and, for the comparison, the same
// led by domain_id as migrations 0063/0064 built them, named bench_before_….
const SEARCH_INDEXES = ['erp_orders_receiver_search_idx', 'erp_orders_buyer_search_idx', 'erp_orders_code_search_idx', 'erp_orders_receiver_bigram_idx', 'erp_orders_buyer_bigram_idx'];
const BEFORE_INDEXES = SEARCH_INDEXES.map((name) => `bench_before_${name}`);
const dropBeforeIndexes = async () => {
  for (const name of BEFORE_INDEXES) await env.pool.query(`drop index if exists ${name}`);
};
await dropBeforeIndexes(); // left by an interrupted run: the HTTP measurements see the current indexes only

const rows: Timing[] = [];
const totals: string[] = [];
const bodies: { label: string; activeKey: string; body: Record<string, unknown> }[] = [];
for (const c of cases) {
  for (const activeKey of TABS) {
    const body = { ...c.body, activeKey, currentPage: 1, pageSize: 100 };
    bodies.push({ label: c.label, activeKey, body });
    if (!HTTP) continue;
    let total = 0;
    const http = await measure(`HTTP tab ${activeKey}: ${c.label}`, N, 1, async () => {
      total = (await post<{ total: number }>('/myhome/erpsoh/searchErpSoHPageList', body)).total;
    });
    if (STATEMENTS) {
      statementClock.times.clear();
      statementClock.on = true;
      for (let i = 0; i < N; i++) await post('/myhome/erpsoh/searchErpSoHPageList', body);
      statementClock.on = false;
      console.log(`${c.label}:`);
      statementClock.print(6, N);
    }
    const input = OrderSearchInput.parse(body);
    const q = searchOrderIdsQueries(domainId, input);
    const rawSql = await measure(`SQL  tab ${activeKey}: ${c.label}`, N, 1, () => runOrderIdsQueries(q, raw, async (ids) => ids));
    // The query shape before run 4 (page and count apart, two Chinese characters re-checked by ILIKE) answers the same.
    const [a, b] = await Promise.all([runOrderIdsQueries(q, raw, async (ids) => ids), runOrderIdsQueries(searchOrderIdsQueries(domainId, input, { before: true }), raw, async (ids) => ids)]);
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${c.label}: the two query shapes answer differently`);
    rows.push(http, rawSql);
    // As it goes, so a long run still shows what it measured.
    console.log(
      `${http.label}: p50 ${http.p50.toFixed(1)} ms, p95 ${http.p95.toFixed(1)} ms | SQL p50 ${rawSql.p50.toFixed(1)} ms, p95 ${rawSql.p95.toFixed(1)} ms` +
        ` | ${total} orders | load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    totals.push(`tab ${activeKey}: ${c.label}: ${total} orders`);
  }
}

if (BEFORE) {
  // The same statements on the domain-led indexes of before migration 0075, interleaved call by call.
  const t0 = performance.now();
  const defs = await env.pool.query<{ name: string; def: string }>(`select indexname as name, indexdef as def from pg_indexes where tablename = 'erp_orders' and indexname = any($1)`, [SEARCH_INDEXES]);
  if (defs.rows.length !== SEARCH_INDEXES.length) throw new Error(`search indexes missing: ${JSON.stringify(defs.rows.map((r) => r.name))}`);
  for (const { name, def } of defs.rows) {
    const led = def.replace(`INDEX ${name} `, `INDEX bench_before_${name} `).replace('USING gin (', 'USING gin (domain_id, ');
    if (!led.includes('bench_before_') || !led.includes('(domain_id, ')) throw new Error(`cannot derive the domain-led index from: ${def}`);
    await env.pool.query(led);
  }
  await env.pool.query('analyze erp_orders');
  console.log(`\nbuilt the domain-led search indexes (before 0075) beside the current ones in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const client = await env.pool.connect();
  try {
    // Runs fn with only one set of indexes visible: the other is dropped inside a transaction that is rolled back.
    // `warm`: statements planned (EXPLAIN, not run) before the timed part, so the catalogue reload
    // the dropped indexes cause (~15 ms under load) is not timed as the statement's.
    const onIndexes = async <T>(set: 'after' | 'before', fn: () => Promise<T>, warm: SQL[] = []): Promise<{ value: T; ms: number }> => {
      await client.query('begin');
      try {
        for (const name of set === 'after' ? BEFORE_INDEXES : SEARCH_INDEXES) await client.query(`drop index ${name}`);
        for (const w of warm) {
          const { sql, params } = dialect.sqlToQuery(w);
          await client.query(`explain ${sql}`, params as unknown[]);
        }
        const started = performance.now();
        const value = await fn();
        return { value, ms: performance.now() - started };
      } finally {
        await client.query('rollback');
      }
    };
    const run = async (q: SQL) => {
      const { sql, params } = dialect.sqlToQuery(q);
      return client.query(sql, params as unknown[]);
    };
    const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
    for (const { label, activeKey, body } of bodies) {
      const q = searchOrderIdsQueries(domainId, OrderSearchInput.parse(body));
      const once = () => runOrderIdsQueries(q, run, async (ids) => ids);
      const warm = q.kind === 'matches' ? [q.matches] : [q.page, q.count];
      const after = (await onIndexes('after', once)).value;
      const before = (await onIndexes('before', once)).value;
      if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`${label}: the two index sets answer differently`);
      if (EXPLAIN && q.kind === 'matches') {
        for (const set of ['after', 'before'] as const) {
          const { sql, params } = dialect.sqlToQuery(q.matches);
          const plan = (await onIndexes(set, () => client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params as unknown[]))).value;
          console.log(`\n${label} — ${set === 'after' ? 'search indexes without domain_id' : 'domain-led search indexes (before)'}:`);
          for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
        }
      }
      for (let i = 0; i < 3; i++) {
        await onIndexes('after', once);
        await onIndexes('before', once);
      }
      const times = { after: [] as number[], before: [] as number[] };
      // The server's own execution time and buffers of the matches statement (EXPLAIN ANALYZE, same
      // interleaving): on a loaded machine the wall time above mostly measures waiting for a core.
      const server = { after: [] as number[], before: [] as number[] };
      const buffers = { after: [] as number[], before: [] as number[] };
      const explained = async (matches: SQL) => {
        const { sql, params } = dialect.sqlToQuery(matches);
        const plan = (await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number; Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>(`explain (analyze, buffers, format json) ${sql}`, params as unknown[])).rows[0]!['QUERY PLAN'][0];
        return { ms: plan['Execution Time'], buffers: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'] };
      };
      for (let i = 0; i < N; i++) {
        // Alternating which goes first, so neither always runs on the other's warm cache.
        const order = i % 2 ? (['before', 'after'] as const) : (['after', 'before'] as const);
        for (const set of order) times[set].push((await onIndexes(set, once, warm)).ms);
        if (q.kind !== 'matches') continue;
        for (const set of order) {
          const e = (await onIndexes(set, () => explained(q.matches), warm)).value;
          server[set].push(e.ms);
          buffers[set].push(e.buffers);
        }
      }
      for (const set of ['after', 'before'] as const) {
        rows.push({ label: `SQL ${set === 'after' ? 'after ' : 'before'} (${set === 'after' ? 'no domain in GIN' : 'domain-led GIN'}) tab ${activeKey}: ${label}`, count: N, p50: pct(times[set], 50), p95: pct(times[set], 95), perSecond: 0 });
        if (server[set].length) rows.push({ label: `  server execution ${set} (EXPLAIN ANALYZE; per s = buffers)`, count: N, p50: pct(server[set], 50), p95: pct(server[set], 95), perSecond: pct(buffers[set], 50) });
      }
      const serverLine = server.after.length
        ? ` | server execution after p50 ${pct(server.after, 50).toFixed(2)} ms (${pct(buffers.after, 50)} buffers), before p50 ${pct(server.before, 50).toFixed(2)} ms (${pct(buffers.before, 50)} buffers)`
        : '';
      console.log(
        `SQL tab ${activeKey}: ${label}: after p50 ${pct(times.after, 50).toFixed(1)} ms, p95 ${pct(times.after, 95).toFixed(1)} ms` +
          ` | before p50 ${pct(times.before, 50).toFixed(1)} ms, p95 ${pct(times.before, 95).toFixed(1)} ms${serverLine} | load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
      );
    }
  } finally {
    client.release();
    await dropBeforeIndexes();
  }
}
printTable(rows);
console.log('\nfound:');
for (const line of totals) console.log(`  ${line}`);
await env.close();
