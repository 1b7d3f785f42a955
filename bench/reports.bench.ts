// Sales reports at scale (issue 16, must-have 5; part A: tabs 1–4). With ORDERS orders of 3 lines
// in the domain (orders-data.ts: one every 20 s back from now), the aggregates are built twice —
// by the incremental job draining the dirty marks the triggers wrote while the orders were
// inserted (orders per second it keeps up with), and by the rebuild — then every sales call's
// first answer is timed over HTTP for a 30-day and a 12-month period (p50/p95, target p95 ≤ 300 ms),
// beside the raw SQL over the aggregates and the same figure computed from the order tables.
//   npx tsx bench/reports.bench.ts   (ORDERS=100000 OTHER=1 OTHER_ORDERS=20000 for a quick run)
import { performance } from 'node:perf_hooks';
import { rebuildSalesAggregates, refreshSalesAggregates } from '../apps/server/src/modules/reports/index.js';
import { machine, measure, printTable, signIn, startBenchEnv, type Timing } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = {
  orders: num('ORDERS', 1_000_000),
  skus: num('SKUS', 50_000),
  stores: num('STORES', 20),
  warehouses: num('WAREHOUSES', 5),
  otherDomains: num('OTHER', 4),
  otherOrders: num('OTHER_ORDERS', 100_000),
  pending: num('PENDING', 100_000),
};
const N = num('N', 40);

const env = await startBenchEnv('reports');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify(size)}`);
const q = env.pool.query.bind(env.pool);
const world = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
const { domainId } = world;

const dirty = Number((await q<{ n: string }>('select count(*) as n from report_dirty_orders')).rows[0]!.n);
let t0 = performance.now();
await refreshSalesAggregates(env.database);
const drainMs = performance.now() - t0;
console.log(`incremental: ${dirty} dirty marks drained in ${(drainMs / 1000).toFixed(1)} s (${((dirty / drainMs) * 1000).toFixed(0)} orders/s; ingest target 1,000/s)`);
t0 = performance.now();
const rebuilt = await rebuildSalesAggregates(env.database, domainId);
console.log(`rebuild of the big domain: ${rebuilt.orders} orders, ${rebuilt.facts} fact rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await q('vacuum analyze report_sales_facts, report_sales_daily, report_orders_daily');

const post = await signIn(env.baseUrl, world.loginName, world.password);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
const periods = [
  { name: '30 days', startDate: day(-29), endDate: day(0), reportType: 'day' as const },
  { name: '12 months', startDate: day(-364), endDate: day(0), reportType: 'month' as const },
];
const rows: Timing[] = [];
for (const p of periods) {
  const filter = { startDate: p.startDate, endDate: p.endDate, reportType: p.reportType };
  const calls: [string, string, Record<string, unknown>][] = [
    ['tab 1 overview', '/cloud/core/businessOverview/searchTbSoOverview', { startDate: p.startDate, endDate: p.endDate }],
    ['tab 1 trend', '/cloud/core/businessOverview/searchSalesTrend', filter],
    ['tab 1 top SKUs', '/cloud/core/businessOverview/searchSpuSalesRank', filter],
    ['tab 2 sales by order, page 1', '/cloud/core/reportSales/search', { ...filter, currentPage: 1, pageSize: 10 }],
    ['tab 3 sales by SKU, page 1', '/cloud/core/spuSale/searchPageList', { ...filter, currentPage: 1, pageSize: 10 }],
    ['tab 4 platform', '/cloud/core/salesAnalyze/platform', filter],
    ['tab 4 store', '/cloud/core/salesAnalyze/store', filter],
    ['tab 4 hour', '/cloud/core/salesAnalyze/hotTime', filter],
    ['tab 4 province', '/cloud/core/salesAnalyze/hotArea', filter],
  ];
  for (const [label, path, body] of calls) rows.push(await measure(`HTTP ${label} (${p.name})`, N, 1, () => post(path, body)));
  rows.push(
    await measure(`raw SQL over the aggregates: period totals (${p.name})`, N, 1, () =>
      q('select sum(order_count), sum(qty), sum(amount_fen), sum(refund_fen), sum(cost_fen) from report_orders_daily where domain_id = $1 and day between $2 and $3', [domainId, p.startDate, p.endDate]),
    ),
  );
  rows.push(
    await measure(`the same from the order tables (${p.name})`, Math.min(N, 5), 1, () =>
      q(
        `select count(distinct o.id), sum(l.qty), sum(round(l.amount * 100)) from erp_orders o join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
         where o.domain_id = $1 and o.status_code not in ('CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE') and l.cancel_tag = 0
           and (coalesce(o.pay_time, o.created_at) at time zone 'Asia/Shanghai')::date between $2 and $3`,
        [domainId, p.startDate, p.endDate],
      ),
    ),
  );
}
printTable(rows);

await env.close();
process.exit(0);
