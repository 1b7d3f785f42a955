// Order exports at scale (issue 21 must-have 10): ORDERS orders (3 lines each) of one domain
// exported from the list (tab 6, every order) by order (BY_CODE) and by item detail (BY_SKU)
// through HTTP — request, background job, streamed .xlsx — timed until the download centre says
// SUCCESS, printed as rows/s beside the raw SQL read of the same rows (the same keyset pages and
// loadOrderRows statements sent straight through pg, nothing written). The server runs in this
// process: the peak RSS during the export is printed too (streamed: it must not grow with the file).
// (The generated orders carry no express numbers: BY_EXPRESSNO exports nothing here.)
//   ORDERS=100000 npx tsx bench/order-export.bench.ts
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { OrderExportInput } from '@openseller/core';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { exportOrderIdsQuery } from '../apps/server/src/modules/orders/list/list.queries.js';
import { ORDER_EXPORT_BATCH } from '../apps/server/src/modules/orders/export/order.exporter.js';
import { orderRowsQueries } from '../apps/server/src/modules/orders/orders.model.js';
import { buildApp } from '../apps/server/src/app.js';
import { machine, signIn, startBenchEnv } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = { orders: num('ORDERS', 100_000), skus: num('SKUS', 5_000), stores: num('STORES', 10), warehouses: num('WAREHOUSES', 2), otherDomains: num('OTHER', 1), otherOrders: num('OTHER_ORDERS', 2_000), pending: num('PENDING', 10_000) };
const TYPES = (process.env.TYPES ?? 'BY_CODE,BY_SKU').split(',') as ('BY_CODE' | 'BY_SKU' | 'BY_EXPRESSNO' | 'BY_COMSKU')[];

const env = await startBenchEnv('order_export');
console.log(`machine: ${machine()}; database: ${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded PostgreSQL'}`);
console.log(`sizes: ${JSON.stringify(size)}`);
const t0 = performance.now();
const world = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
const { domainId } = world;
// The bench environment's app runs without jobs; exports are made by the job queue, so this app has one.
const app = await buildApp({ database: env.database, jobs: { url: env.database.url, work: true, pollingIntervalSeconds: 0.5 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const post = await signIn(baseUrl, world.loginName, world.password);

const dialect = new PgDialect();
const raw = async (q: SQL) => {
  const { sql, params } = dialect.sqlToQuery(q);
  return env.pool.query(sql, params as unknown[]);
};

/** The same reads as the exporter: keyset pages of ids, then the two statements of their rows. */
async function rawRead(type: string): Promise<{ orders: number; lines: number; ms: number }> {
  const input = OrderExportInput.parse({ exportType: type, activeKey: '6' });
  const started = performance.now();
  const byExpressNo = type === 'BY_EXPRESSNO';
  let after: { beforeId?: number; expressNo?: string; id?: number } = {};
  let orders = 0;
  let lines = 0;
  for (;;) {
    const page = await raw(exportOrderIdsQuery(domainId, input, ORDER_EXPORT_BATCH, after, byExpressNo));
    const rows = page.rows as { id: string | number; express_no?: string }[];
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length) break;
    const q = orderRowsQueries(domainId, ids);
    const [, l] = await Promise.all([raw(q.headers), raw(q.lines)]);
    orders += ids.length;
    lines += l.rowCount ?? 0;
    const last = rows[rows.length - 1]!;
    after = byExpressNo ? { expressNo: String(last.express_no), id: Number(last.id) } : { beforeId: Number(last.id) };
    if (ids.length < ORDER_EXPORT_BATCH) break;
  }
  return { orders, lines, ms: performance.now() - started };
}

interface FileRow {
  id: number;
  processStatus: string;
  rowCount: number | null;
  errorMessage: string | null;
}

async function exportOnce(type: string): Promise<{ rows: number; ms: number; peakRssMb: number; startRssMb: number; load: string }> {
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const requested = await post<FileRow>('/myhome/export/exportErpSoH', { exportType: type, activeKey: '6' });
  let row: FileRow | undefined;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const list = await post<FileRow[]>('/cloud/core/exportFile/needPollingList', {});
    row = list.find((f) => f.id === requested.id);
    if (row && (row.processStatus === 'SUCCESS' || row.processStatus === 'FAILURE')) break;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (row.processStatus !== 'SUCCESS') throw new Error(`export failed: ${row.errorMessage}`);
  return { rows: row.rowCount ?? 0, ms, peakRssMb: peak / 2 ** 20, startRssMb: startRss / 2 ** 20, load: os.loadavg().map((l) => l.toFixed(2)).join(' ') };
}

console.log('export type   rows      HTTP export (s)  rows/s    raw SQL read (s)  orders/s (SQL)  RSS start→peak (MB)  load avg');
for (const type of TYPES) {
  const sqlRead = await rawRead(type);
  const done = await exportOnce(type);
  console.log(
    `${type.padEnd(14)}${String(done.rows).padEnd(10)}${(done.ms / 1000).toFixed(1).padEnd(17)}${(done.rows / (done.ms / 1000)).toFixed(0).padEnd(10)}` +
      `${(sqlRead.ms / 1000).toFixed(1).padEnd(18)}${(sqlRead.orders / (sqlRead.ms / 1000)).toFixed(0).padEnd(16)}${`${done.startRssMb.toFixed(0)}→${done.peakRssMb.toFixed(0)}`.padEnd(21)}${done.load}`,
  );
}
await app.close();
await env.close();
process.exit(0);
