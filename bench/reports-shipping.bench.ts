// Shipping reports at scale (issue 16 part B): one seller with ORDERS orders of 3 lines, the shipped
// ones spread over the last 12 months, OPEN of them still to ship. Measures, each beside its raw SQL:
// - tabs 5 and 6 (deliveryState, sendPackage) over HTTP for a 30-day and a 12-month period, the same
//   sums in SQL over the daily aggregates, and the same report computed from erp_orders directly;
// - tab 7 (shipSku searchPageList + sumAll) over HTTP with OPEN open orders (target ≤ 1 s);
// - the rebuild of the aggregates from the orders, and the incremental fold-in of re-shipped
//   orders (orders per second, against ingest at 1,000 orders/s).
//   npx tsx bench/reports-shipping.bench.ts     (ORDERS=1000000 OPEN=100000 for the sizes)
import { performance } from 'node:perf_hooks';
import { createShippingAggregates } from '../apps/server/src/modules/reports/shipping/shipping.aggregates.js';
import { machine, measure, printTable, signIn, startBenchEnv, type Timing } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = { orders: num('ORDERS', 300_000), skus: num('SKUS', 5_000), stores: 20, warehouses: 5, otherDomains: 1, otherOrders: 20_000, pending: num('OPEN', 100_000) };
const N = num('N', 20);
const env = await startBenchEnv('reports_shipping');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify(size)}`);
const q = env.pool.query.bind(env.pool);
let t0 = performance.now();
const world = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
const { domainId } = world;
// Shipped orders: a delivery time spread over the last 365 days, couriers and weights varied.
await q(
  `update erp_orders set delivery_time = now() - make_interval(secs => ((id * 104729) % 31536000)::int), express_company_code = (array['SF','ZTO','YTO','YUNDA','STO','JTSD'])[1 + id % 6],
     weight_total = 0.5 + (id % 40) * 0.125
   where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_SEND'`,
  [domainId],
);
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const aggregates = createShippingAggregates(env.database);
t0 = performance.now();
const built = await aggregates.rebuild(domainId);
const rebuildS = (performance.now() - t0) / 1000;
console.log(`rebuild: ${built.parcels} parcels on ${built.days} days in ${rebuildS.toFixed(1)} s`);
for (const table of ['report_ship_daily', 'report_ship_parcels', 'erp_orders']) await q(`vacuum analyze ${table}`);

const post = await signIn(env.baseUrl, world.loginName, world.password);
const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
const today = day(new Date());
const periods = [
  { label: '30 days, by day', startDate: day(new Date(Date.now() - 29 * 86_400_000)), endDate: today, reportType: 'day' as const },
  { label: '12 months, by month', startDate: day(new Date(Date.now() - 364 * 86_400_000)), endDate: today, reportType: 'month' as const },
  { label: '12 months, by day', startDate: day(new Date(Date.now() - 364 * 86_400_000)), endDate: today, reportType: 'day' as const },
];
const rows: Timing[] = [];
for (const p of periods) {
  const body = { startDate: p.startDate, endDate: p.endDate, reportType: p.reportType };
  const fmt = p.reportType === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  rows.push(await measure(`tab 5 HTTP deliveryState, ${p.label}`, N, 1, () => post('/cloud/core/deliveryState/search', body)));
  rows.push(await measure(`tab 6 HTTP sendPackage, ${p.label}`, N, 1, () => post('/cloud/core/sendPackage/search', body)));
  rows.push(
    await measure(`SQL over the aggregates (period × courier), ${p.label}`, N, 1, () =>
      q(
        `select to_char(day, '${fmt}') p, express_company_code, sum(parcels), sum(qty), sum(weight), sum(late_parcels) from report_ship_daily
         where domain_id = $1 and day between $2::date and $3::date group by 1, 2`,
        [domainId, p.startDate, p.endDate],
      ),
    ),
  );
  rows.push(
    await measure(`SQL from erp_orders directly (period × courier), ${p.label}`, Math.min(N, 5), 1, () =>
      q(
        `select to_char((delivery_time at time zone 'Asia/Shanghai')::date, '${fmt}') p, express_company_code, count(*), sum(qty_total), sum(weight_total) from erp_orders
         where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_SEND' and delivery_time >= ($2::date::timestamp at time zone 'Asia/Shanghai')
           and delivery_time < (($3::date + 1)::timestamp at time zone 'Asia/Shanghai') group by 1, 2`,
        [domainId, p.startDate, p.endDate],
      ),
    ),
  );
}
const open = Number((await q(`select count(*)::int n from erp_orders where domain_id = $1 and status_code in ('CI_ERPSOH_STATUS_NORMAL','CI_ERPSOH_STATUS_VERIFIED','CI_ERPSOH_STATUS_SYNCED')`, [domainId])).rows[0].n);
rows.push(await measure(`tab 7 HTTP shipSku/searchPageList page 50, ${open} open orders`, Math.min(N, 10), 1, () => post('/cloud/core/shipSku/searchPageList', { pageSize: 50 })));
rows.push(await measure(`tab 7 HTTP shipSku/sumAll, ${open} open orders`, Math.min(N, 10), 1, () => post('/cloud/core/shipSku/sumAll', {})));
rows.push(await measure(`tab 7 HTTP unshippedSpuReport/search, ${open} open orders`, Math.min(N, 10), 1, () => post('/cloud/core/unshippedSpuReport/search', { pageSize: 50 })));

// Incremental: CHANGED shipped orders change courier (the trigger marks them), then are folded in.
const changed = num('CHANGED', 50_000);
t0 = performance.now();
await q(
  `update erp_orders set express_company_code = case when express_company_code = 'SF' then 'ZTO' else 'SF' end
   where domain_id = $1 and id in (select id from erp_orders where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_SEND' order by id limit $2)`,
  [domainId, changed],
);
const markS = (performance.now() - t0) / 1000;
t0 = performance.now();
const folded = await aggregates.refreshDomain(domainId);
const foldS = (performance.now() - t0) / 1000;
const after = (await q(`select sum(parcels)::int p, sum(weight)::text w from report_ship_daily where domain_id = $1`, [domainId])).rows[0];
await aggregates.rebuild(domainId);
const rebuilt = (await q(`select sum(parcels)::int p, sum(weight)::text w from report_ship_daily where domain_id = $1`, [domainId])).rows[0];

console.log('');
printTable(rows);
console.log(`\nrebuild from the orders: ${built.parcels} parcels in ${rebuildS.toFixed(1)} s`);
console.log(`incremental: ${changed} order updates with the trigger in ${markS.toFixed(1)} s; folded in ${folded} orders in ${foldS.toFixed(1)} s = ${(folded / foldS).toFixed(0)} orders/s`);
console.log(`incremental sums ${JSON.stringify(after)} = rebuild ${JSON.stringify(rebuilt)}: ${after.p === rebuilt.p && after.w === rebuilt.w}`);
await env.close();
