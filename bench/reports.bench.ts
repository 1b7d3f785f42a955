// Reports at scale (issue 16, must-have 5): all seven tabs of /reports on ONE generated world.
// With ORDERS orders of 3 lines in the big domain spread over the last 365 days (orders-data.ts),
// OPEN of them still to ship and the shipped ones spread over 12 months and 6 couriers:
// - the sales aggregates (tabs 1–4) built by the incremental job draining the dirty marks the
//   triggers wrote while the orders were inserted (orders per second), the shipping aggregates
//   (tabs 5–6) by their rebuild;
// - every tab's first answer over HTTP for a 30-day and a 12-month period (p50/p95, target p95 ≤
//   300 ms), beside the raw SQL over the aggregates and the same figure from the order tables;
// - tab 7 (to-ship SKU) over HTTP with OPEN open orders (target ≤ 1 s), beside its SQL;
// - the incremental update on the full tables: CHANGED shipped orders change pay time and courier,
//   both aggregates fold them in (orders per second, against ingest at 1,000 orders/s), and the
//   figures are checked against the order tables (sales) and a rebuild (shipping).
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_DATABASE=bench_reports_1m npx tsx bench/reports.bench.ts
//   (BENCH_DATABASE keeps the database: a second run with the same name skips the generation and
//   the build and measures again; ORDERS=200000 OPEN=100000 OTHER_ORDERS=5000 for a quick run;
//   PARTS=sales or PARTS=shipping,toship for some tabs only; REBUILD=1 builds the big domain's sales
//   figures by the rebuild first, the drain then takes the rest)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { rebuildSalesAggregates, refreshSalesAggregates } from '../apps/server/src/modules/reports/index.js';
import { sql } from 'drizzle-orm';
import { bySku, monthPlan, withoutJit } from '../apps/server/src/modules/reports/reports.queries.js';
import { createShippingAggregates } from '../apps/server/src/modules/reports/shipping/shipping.aggregates.js';
import { createOpenDemand } from '../apps/server/src/modules/reports/shipping/to-ship.demand.js';
import { machine, measure, printTable, signIn, startBenchEnv, type Timing } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const parts = new Set((process.env.PARTS ?? 'sales,shipping,toship,incremental').split(','));
const orders = num('ORDERS', 1_000_000);
const open = num('OPEN', 100_000);
const size = {
  orders,
  skus: num('SKUS', 50_000),
  stores: 20,
  warehouses: 5,
  otherDomains: num('OTHER', 1),
  otherOrders: num('OTHER_ORDERS', 20_000),
  // The generator keeps orders/20 reviewed besides the pending ones: together OPEN open orders.
  pending: Math.max(0, open - Math.floor(orders / 20)),
  spacingSeconds: (365 * 86_400) / orders,
};
const N = num('N', 20);
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const log = (m: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${load()}] ${m}`);

const env = await startBenchEnv('reports');
log(`machine: ${machine()}, nproc ${os.cpus().length}`);
const q = env.pool.query.bind(env.pool);
const shipping = createShippingAggregates(env.database);
const demand = createOpenDemand(env.database);

await q('create table if not exists bench_reports_world (world jsonb not null)');
let world = (await q<{ world: { domainId: number; loginName: string; password: string } }>('select world from bench_reports_world')).rows[0]?.world;
if (world) log(`reusing the world of ${process.env.BENCH_DATABASE}: ${JSON.stringify(world)}`);
else {
  log(`sizes: ${JSON.stringify(size)}`);
  const t0 = performance.now();
  const w = await generateOrdersWorld(env.pool, size, log);
  world = { domainId: w.domainId, loginName: w.loginName, password: w.password };
  // Shipped orders: a delivery time spread over the last 365 days, couriers and weights varied.
  await q(
    `update erp_orders set delivery_time = now() - make_interval(secs => ((id * 104729) % 31536000)::int), express_company_code = (array['SF','ZTO','YTO','YUNDA','STO','JTSD'])[1 + id % 6],
       weight_total = 0.5 + (id % 40) * 0.125
     where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_SEND'`,
    [world.domainId],
  );
  log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await q('insert into bench_reports_world (world) values ($1)', [JSON.stringify(world)]);
}
// Each part builds only the aggregates it reads (PARTS=toship runs beside another run that is
// still building the sales figures of the same world).
const needSales = parts.has('sales') || parts.has('incremental') || parts.has('none');
const needShipping = parts.has('shipping') || parts.has('incremental') || parts.has('none');
if (needSales || needShipping) {
  // The aggregates: built by draining the marks the triggers wrote (a run stopped half-way goes on
  // where it stopped), the parcels by their rebuild.
  if (needSales && process.env.REBUILD === '1') {
    const t0 = performance.now();
    const rebuilt = await rebuildSalesAggregates(env.database, world.domainId);
    log(`sales rebuild of the big domain: ${rebuilt.orders} orders, ${rebuilt.facts} fact rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (needSales) {
    const marks = Number((await q<{ n: string }>('select count(*) as n from report_dirty_orders')).rows[0]!.n);
    const marked = Number((await q<{ n: string }>('select count(distinct order_id) as n from report_dirty_orders')).rows[0]!.n);
    const t0 = performance.now();
    await refreshSalesAggregates(env.database);
    const drainMs = performance.now() - t0;
    log(`sales incremental build: ${marks} dirty marks of ${marked} orders drained in ${(drainMs / 1000).toFixed(1)} s = ${((marked / drainMs) * 1000).toFixed(0)} orders/s (ingest target 1,000/s)`);
  }
  if (needShipping) {
    const parcels = Number((await q<{ n: string }>('select count(*) as n from (select 1 from report_ship_parcels where domain_id = $1 limit 1) p', [world.domainId])).rows[0]!.n);
    const t0 = performance.now();
    if (!parcels) {
      const built = await shipping.rebuild(world.domainId);
      log(`shipping rebuild: ${built.parcels} parcels on ${built.days} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    await shipping.refreshAll(); // the other domains' parcels, and what a stopped run left
  }
}
const { domainId } = world;
{
  // The open orders' demand rows (tab 7): the orders the triggers marked while they were written.
  const t0 = performance.now();
  const n = await demand.refreshAll();
  log(`to-ship demand: ${n} marked orders folded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
for (const table of [
  'report_open_demand',
  'report_open_demand_sku',
  ...(needSales ? ['report_sales_running', 'report_sales_facts', 'report_sales_daily', 'report_sales_monthly', 'report_orders_daily'] : []),
  ...(needShipping ? ['report_ship_daily', 'report_ship_parcels'] : []),
  'erp_orders',
  'erp_order_lines',
])
  await q(`vacuum analyze ${table}`);
const counts = (await q(`select (select count(*) from report_sales_daily where domain_id = $1)::int as sku_days, (select count(*) from report_orders_daily where domain_id = $1)::int as order_hours,
  (select count(*) from report_sales_facts where domain_id = $1)::int as facts, (select count(*) from report_ship_daily where domain_id = $1)::int as ship_days,
  (select count(*) from erp_orders where domain_id = $1)::int as orders, (select count(*) from erp_order_lines where domain_id = $1)::int as lines,
  (select count(*) from erp_orders where domain_id = $1 and status_code in ('CI_ERPSOH_STATUS_NORMAL','CI_ERPSOH_STATUS_VERIFIED','CI_ERPSOH_STATUS_SYNCED'))::int as open`, [domainId])).rows[0];
log(`rows: ${JSON.stringify(counts)}`);

const post = await signIn(env.baseUrl, world.loginName, world.password);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
// A month report's range is whole months, as the page sends it (it snaps the picked range to them):
// the current month and the 11 before it.
const [ty, tm] = day(0).split('-').map(Number) as [number, number];
const monthStart = new Date(Date.UTC(ty, tm - 12, 1)).toISOString().slice(0, 10);
const monthEnd = new Date(Date.UTC(ty, tm, 0)).toISOString().slice(0, 10);
const periods = [
  { name: '30 days', startDate: day(-29), endDate: day(0), reportType: 'day' as const },
  { name: '12 months', startDate: monthStart, endDate: monthEnd, reportType: 'month' as const },
];
const rows: Timing[] = [];
const section = (name: string) => log(`measuring: ${name}`);

/**
 * Before and after at the same load: the calls taken in turn (a, b, a, b, …), each `n` times
 * after two warm-up calls, so a change of load weighs on both alike.
 */
async function sideBySide(n: number, calls: [string, () => Promise<unknown>][]): Promise<Timing[]> {
  for (const [, fn] of calls) for (let i = 0; i < 2; i++) await fn();
  const samples = calls.map(() => [] as number[]);
  const t0 = performance.now();
  for (let i = 0; i < n; i++)
    for (const [k, [, fn]] of calls.entries()) {
      const t = performance.now();
      await fn();
      samples[k]!.push(performance.now() - t);
    }
  const elapsed = performance.now() - t0;
  return calls.map(([label], k) => {
    const sorted = samples[k]!.sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
    return { label, count: n, p50: at(50), p95: at(95), perSecond: (n * calls.length * 1000) / elapsed };
  });
}

const SKU_SUMS = 'order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen';
/**
 * The per-SKU read tab 3 made before the running sums (commit 7fa26b30): every whole month's
 * monthly rows (12 per SKU for a year) and the partial months' days, grouped per SKU, the totals
 * as window sums over every SKU, the top 10.
 */
function oldSkuStatement(startDate: string, endDate: string): string {
  const plan = monthPlan(startDate, endDate);
  const parts: string[] = [];
  if (plan.months.length) parts.push(`select sku_id, ${SKU_SUMS} from report_sales_monthly where domain_id = $1 and month = any('{${plan.months.join(',')}}'::date[])`);
  for (const [a, b] of plan.plus) parts.push(`select sku_id, ${SKU_SUMS} from report_sales_daily where domain_id = $1 and day between '${a}' and '${b}'`);
  for (const [a, b] of plan.minus)
    parts.push(`select sku_id, ${SKU_SUMS.split(', ').map((c) => `-${c} as ${c}`).join(', ')} from report_sales_daily where domain_id = $1 and day between '${a}' and '${b}'`);
  const sums = SKU_SUMS.split(', ').map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(', ');
  const all = SKU_SUMS.split(', ').map((c) => `sum(${c}) over () as all_${c}`).join(', ');
  return `with g0 as (select sku_id, ${sums} from (${parts.join(' union all ')}) s group by sku_id
      having sum(qty) <> 0 or sum(amount_fen) <> 0 or sum(refund_qty) <> 0 or sum(refund_fen) <> 0 or sum(cost_fen) <> 0 or sum(order_count) <> 0),
    g as (select g0.*, count(*) over () as total_rows, ${all} from g0)
    select * from g order by qty desc, amount_fen desc, sku_id limit 10`;
}

if (parts.has('sales')) {
  for (const p of periods) {
    section(`tabs 1–4, ${p.name}`);
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
    // Before / after, taken in turn: the old per-SKU statement and the new one (the query function
    // the tab calls, without HTTP), for tab 3 (with totals) and the rank (top 10 only).
    const oldSql = oldSkuStatement(p.startDate, p.endDate);
    const f = { startDate: p.startDate, endDate: p.endDate };
    rows.push(
      ...(await sideBySide(N, [
        [`SQL per SKU before: monthly rows grouped, top 10 + totals (${p.name})`, () => q(oldSql, [domainId])],
        [`SQL per SKU before, JIT off (${p.name})`, () => withoutJit(env.database.db, sql.raw(oldSql.replaceAll('$1', String(domainId))))],
        [`SQL per SKU after: running sums, top 10 + totals (${p.name})`, () => bySku(env.database.db, domainId, f, 'qty', { limit: 10, offset: 0 })],
        [`SQL per SKU after: running sums, top 10 by amount, no totals (${p.name})`, () => bySku(env.database.db, domainId, f, 'amount', { limit: 10, offset: 0 }, false)],
      ])),
    );
    rows.push(
      await measure(`SQL over the aggregates: period totals (${p.name})`, N, 1, () =>
        q('select sum(order_count), sum(qty), sum(amount_fen), sum(refund_fen), sum(cost_fen) from report_orders_daily where domain_id = $1 and day between $2 and $3', [domainId, p.startDate, p.endDate]),
      ),
    );
    rows.push(
      await measure(`SQL over the aggregates: per SKU, top 10 (${p.name})`, N, 1, () =>
        q('select sku_id, sum(qty) q, sum(amount_fen) a from report_sales_daily where domain_id = $1 and day between $2 and $3 group by sku_id order by q desc, a desc, sku_id limit 10', [domainId, p.startDate, p.endDate]),
      ),
    );
    rows.push(
      await measure(`the same totals from the order tables (${p.name})`, Math.min(N, 3), 1, () =>
        q(
          `select count(distinct o.id), sum(l.qty), sum(round(l.amount * 100)) from erp_orders o join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
           where o.domain_id = $1 and o.status_code not in ('CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE') and l.cancel_tag = 0
             and coalesce(o.pay_time, o.created_at) >= ($2::date::timestamp at time zone 'Asia/Shanghai') and coalesce(o.pay_time, o.created_at) < (($3::date + 1)::timestamp at time zone 'Asia/Shanghai')`,
          [domainId, p.startDate, p.endDate],
        ),
      ),
    );
    rows.push(
      await measure(`the same per SKU, top 10, from the order tables (${p.name})`, Math.min(N, 3), 1, () =>
        q(
          `select l.sku_id, sum(l.qty) q, sum(round(l.amount * 100)) a from erp_orders o join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
           where o.domain_id = $1 and o.status_code not in ('CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE') and l.cancel_tag = 0
             and coalesce(o.pay_time, o.created_at) >= ($2::date::timestamp at time zone 'Asia/Shanghai') and coalesce(o.pay_time, o.created_at) < (($3::date + 1)::timestamp at time zone 'Asia/Shanghai')
           group by l.sku_id order by q desc, a desc, l.sku_id limit 10`,
          [domainId, p.startDate, p.endDate],
        ),
      ),
    );
  }
}

if (parts.has('shipping')) {
  for (const p of periods) {
    section(`tabs 5–6, ${p.name}`);
    const body = { startDate: p.startDate, endDate: p.endDate, reportType: p.reportType };
    const fmt = p.reportType === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
    rows.push(await measure(`HTTP tab 5 deliveryState (${p.name})`, N, 1, () => post('/cloud/core/deliveryState/search', body)));
    rows.push(await measure(`HTTP tab 6 sendPackage (${p.name})`, N, 1, () => post('/cloud/core/sendPackage/search', body)));
    rows.push(
      await measure(`SQL over the aggregates: period × courier (${p.name})`, N, 1, () =>
        q(
          `select to_char(day, '${fmt}') p, express_company_code, sum(parcels), sum(qty), sum(weight), sum(late_parcels) from report_ship_daily
           where domain_id = $1 and day between $2::date and $3::date group by 1, 2`,
          [domainId, p.startDate, p.endDate],
        ),
      ),
    );
    rows.push(
      await measure(`the same from erp_orders (${p.name})`, Math.min(N, 3), 1, () =>
        q(
          `select to_char((delivery_time at time zone 'Asia/Shanghai')::date, '${fmt}') p, express_company_code, count(*), sum(qty_total), sum(weight_total) from erp_orders
           where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_SEND' and delivery_time >= ($2::date::timestamp at time zone 'Asia/Shanghai')
             and delivery_time < (($3::date + 1)::timestamp at time zone 'Asia/Shanghai') group by 1, 2`,
          [domainId, p.startDate, p.endDate],
        ),
      ),
    );
  }
}

if (parts.has('toship')) {
  section(`tab 7, ${counts.open} open orders`);
  const M = Math.min(N, 10);
  // Before / after, taken in turn: the SKU list's statement before the rollup (commit 7fa26b30:
  // the demand rows grouped per SKU, every SKU's goods and stock, a window count) and the call.
  const oldToShip = `
    with demand as (select sku_id, sum(qty)::int as to_ship, count(*)::int as orders from report_open_demand where domain_id = $1 and sku_id <> 0 group by sku_id),
    wanted as (select d.* from demand d join skus k on k.domain_id = $1 and k.id = d.sku_id),
    stock as (select b.sku_id, sum(b.on_hand)::int as on_hand, sum(b.allocated)::int as allocated from stock_balances b where b.domain_id = $1 group by b.sku_id),
    po as (select pl.sku_id, sum(greatest(pl.ordered_qty - pl.received_qty - pl.closed_short_qty, 0))::int as q
      from purchase_order_lines pl join purchase_orders p on p.domain_id = pl.domain_id and p.id = pl.order_id
      where pl.domain_id = $1 and p.status = 'VERIFY' and pl.sku_id in (select sku_id from wanted) group by pl.sku_id),
    asn as (select ad.sku_id, sum(ad.qty - ad.received_qty)::int as q from asn_details ad join asn_headers h on h.domain_id = ad.domain_id and h.id = ad.asn_id
      where ad.domain_id = $1 and h.status in ('CI_ASN_STATUS_CREATED', 'CI_ASN_STATUS_SYNCED') and h.asn_type <> 'ASN_PURCHASE' and ad.sku_id in (select sku_id from wanted) group by ad.sku_id),
    tr as (select td.sku_id, sum(td.qty)::int as q from transfer_details td join transfer_orders t on t.domain_id = td.domain_id and t.id = td.transfer_id
      where td.domain_id = $1 and t.transfer_status = 'SHIPPED' and td.sku_id in (select sku_id from wanted) group by td.sku_id),
    sku_rows as (
      select w.sku_id, k.code as sku_code, k.name as sku_name, k.specifications, k.spu_id, sp.code as spu_code, sp.name as spu_name,
        w.orders, w.to_ship, coalesce(st.on_hand, 0) as on_hand, coalesce(st.allocated, 0) as allocated,
        coalesce(po.q, 0) as po_q, coalesce(asn.q, 0) as asn_q, coalesce(tr.q, 0) as tr_q,
        greatest(w.to_ship - coalesce(st.on_hand, 0) - coalesce(po.q, 0) - coalesce(asn.q, 0) - coalesce(tr.q, 0), 0) as shortfall,
        coalesce(sc.average_cost, k.cost_price) as cost
      from wanted w join skus k on k.domain_id = $1 and k.id = w.sku_id left join spus sp on sp.domain_id = $1 and sp.id = k.spu_id
      left join stock st on st.sku_id = w.sku_id left join po on po.sku_id = w.sku_id left join asn on asn.sku_id = w.sku_id left join tr on tr.sku_id = w.sku_id
      left join sku_costs sc on sc.domain_id = $1 and sc.sku_id = w.sku_id)
    select *, (shortfall * cost)::numeric(18,4)::text as shortfall_amount, cost::text as cost, count(*) over ()::int as total
    from sku_rows order by shortfall desc, to_ship desc, sku_code, sku_id limit 50`;
  const withWorkMem = async (text: string, params: unknown[], jit = true) => {
    const client = await env.pool.connect();
    try {
      await client.query('begin');
      await client.query(`set local work_mem = '64MB'`);
      if (!jit) await client.query('set local jit = off');
      await client.query(text, params);
      await client.query('commit');
    } finally {
      client.release();
    }
  };
  rows.push(
    ...(await sideBySide(M, [
      [`SQL tab 7 SKU list before: demand rows grouped, page of 50 (${counts.open} open)`, () => withWorkMem(oldToShip, [domainId])],
      [`SQL tab 7 SKU list before, JIT off (${counts.open} open)`, () => withWorkMem(oldToShip, [domainId], false)],
      [`HTTP tab 7 shipSku/searchPageList after: rollup, page of 50 (${counts.open} open)`, () => post('/cloud/core/shipSku/searchPageList', { pageSize: 50 })],
    ])),
  );
  rows.push(await measure(`HTTP tab 7 shipSku/searchPageList, page of 50 (${counts.open} open)`, M, 1, () => post('/cloud/core/shipSku/searchPageList', { pageSize: 50 })));
  rows.push(await measure(`HTTP tab 7 shipSku/sumAll (${counts.open} open)`, M, 1, () => post('/cloud/core/shipSku/sumAll', {})));
  rows.push(await measure(`HTTP tab 7 unshippedSpuReport/search, page of 50 (${counts.open} open)`, M, 1, () => post('/cloud/core/unshippedSpuReport/search', { pageSize: 50 })));
  const warehouseId = Number((await q('select id from warehouses where domain_id = $1 order by id limit 1', [domainId])).rows[0].id);
  rows.push(await measure(`HTTP tab 7 searchPageList, one warehouse (${counts.open} open)`, M, 1, () => post('/cloud/core/shipSku/searchPageList', { pageSize: 50, warehouseIds: [warehouseId] })));
  rows.push(
    await measure(`SQL from the order tables: open demand per SKU (${counts.open} open)`, Math.min(N, 5), 1, () =>
      q(
        `select l.sku_id, sum(l.qty), count(distinct o.id) from erp_orders o join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
         where o.domain_id = $1 and o.status_code in ('CI_ERPSOH_STATUS_NORMAL','CI_ERPSOH_STATUS_VERIFIED','CI_ERPSOH_STATUS_SYNCED') and l.cancel_tag = 0 group by l.sku_id`,
        [domainId],
      ),
    ),
  );
}

let incremental: string[] = [];
if (parts.has('incremental')) {
  section('incremental');
  const changed = num('CHANGED', 20_000);
  let t0 = performance.now();
  // Re-shipped orders: another pay hour and another courier (sales facts move, parcels move).
  await q(
    `update erp_orders set pay_time = pay_time + interval '1 hour', express_company_code = case when express_company_code = 'SF' then 'ZTO' else 'SF' end
     where domain_id = $1 and id in (select id from erp_orders where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_SEND' order by id desc limit $2)`,
    [domainId, changed],
  );
  const markS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const folded = await shipping.refreshDomain(domainId);
  const foldS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const drained = await refreshSalesAggregates(env.database);
  const drainS = (performance.now() - t0) / 1000;
  const shipAfter = (await q(`select sum(parcels)::int p, sum(weight)::text w from report_ship_daily where domain_id = $1`, [domainId])).rows[0];
  await shipping.rebuild(domainId);
  const shipRebuilt = (await q(`select sum(parcels)::int p, sum(weight)::text w from report_ship_daily where domain_id = $1`, [domainId])).rows[0];
  const salesAgg = (await q(`select sum(order_count)::text n, sum(qty)::text q, sum(amount_fen)::text a from report_orders_daily where domain_id = $1`, [domainId])).rows[0];
  const salesSrc = (
    await q(
      `select count(distinct o.id)::text n, sum(l.qty)::text q, sum(round(l.amount * 100))::text a from erp_orders o join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
       where o.domain_id = $1 and o.status_code not in ('CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE') and l.cancel_tag = 0`,
      [domainId],
    )
  ).rows[0];
  // The running per-SKU sums after the drain: each SKU's last row holds all its months.
  const running = (await q(`select sum(qty)::text q, sum(amount_fen)::text a, sum(order_count)::text n from report_sales_running where domain_id = $1 and is_last`, [domainId])).rows[0];
  const monthly = (await q(`select sum(qty)::text q, sum(amount_fen)::text a, sum(order_count)::text n from report_sales_monthly where domain_id = $1`, [domainId])).rows[0];
  // Open orders move warehouse (the order screen's change of warehouse): demand marks, folded in by the next read.
  t0 = performance.now();
  await q(
    `update erp_orders set warehouse_id = (select min(id) from warehouses where domain_id = $1)
     where domain_id = $1 and id in (select id from erp_orders where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_NORMAL' order by id desc limit $2)`,
    [domainId, changed],
  );
  const moveS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const demandFolded = await demand.refreshDomain(domainId);
  const demandS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const firstRead = await post<{ toShipQty: number }>('/cloud/core/shipSku/sumAll', {});
  const firstReadMs = performance.now() - t0;
  const rollup = (await q(`select (select sum(qty) from report_open_demand_sku where domain_id = $1 and warehouse_id = 0 and sku_id <> 0)::int r,
    (select sum(qty) from report_open_demand where domain_id = $1 and sku_id <> 0)::int d`, [domainId])).rows[0];
  const demandLive = (
    await q(
      `select coalesce(sum(l.qty * coalesce(c.qty, 1)), 0)::int q from erp_orders o join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id and l.cancel_tag = 0 and l.sku_id is not null
       left join combination_components c on l.is_combination and c.domain_id = o.domain_id and c.combo_sku_id = l.sku_id
       where o.domain_id = $1 and o.status_code in ('CI_ERPSOH_STATUS_NORMAL','CI_ERPSOH_STATUS_VERIFIED','CI_ERPSOH_STATUS_SYNCED')`,
      [domainId],
    )
  ).rows[0].q;
  incremental = [
    `  to-ship demand: ${changed} open orders move warehouse (${moveS.toFixed(1)} s with the triggers); folded in ${demandFolded} orders in ${demandS.toFixed(1)} s = ${(demandFolded / demandS).toFixed(0)} orders/s; next sumAll ${firstReadMs.toFixed(0)} ms; to ship ${firstRead.toShipQty} = live from the order tables ${demandLive}: ${firstRead.toShipQty === demandLive}`,
    `incremental: ${changed} shipped orders change pay time and courier (${markS.toFixed(1)} s with the triggers)`,
    `  shipping fold-in: ${folded} orders in ${foldS.toFixed(1)} s = ${(folded / foldS).toFixed(0)} orders/s; sums ${JSON.stringify(shipAfter)} = rebuild ${JSON.stringify(shipRebuilt)}: ${shipAfter.p === shipRebuilt.p && shipAfter.w === shipRebuilt.w}`,
    `  rollup after the moves: ${rollup.r} units = demand rows ${rollup.d}: ${rollup.r === rollup.d}; running sums' last rows ${JSON.stringify(running)} = monthly sums ${JSON.stringify(monthly)}: ${JSON.stringify(running) === JSON.stringify(monthly)}`,
    `  sales drain: ${drained} orders in ${drainS.toFixed(1)} s = ${(drained / drainS).toFixed(0)} orders/s; sums ${JSON.stringify(salesAgg)} = order tables ${JSON.stringify(salesSrc)}: ${JSON.stringify(salesAgg) === JSON.stringify(salesSrc)}`,
  ];
}

log('done');
console.log('');
printTable(rows);
for (const line of incremental) console.log(line);
await env.close();
process.exit(0);
