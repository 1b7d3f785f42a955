// After-sales at scale (issue 14, must-have 9): with ORDERS orders and AFTER_SALES after-sale
// documents in the domain, the after-sale list page of 100 with its total
// (`/cloud/advance/afterSales/search`) through HTTP beside the same work in raw SQL through pg (and
// beside the service's own query function, in process, without HTTP); then a scanning session
// receiving SCANS returns through the return-inbound (RMA) calls, as the return page's scan box does:
// the scan (`/myhome/rma/scan`: the scanned tracking number exactly among the returns awaiting
// entry), open it (`getRmaById`), receive it (`updateRmaInventory`, one good
// and one good + one defective line, a receipt key per scan). Per-scan p50/p95 (target ≤ 300 ms p95).
//   npx tsx bench/aftersales.bench.ts   (ORDERS=100000 AFTER_SALES=10000 OTHER=1 OTHER_ORDERS=20000 for a quick run)
import { performance } from 'node:perf_hooks';
import { AfterSaleSearchInput, type RmaView } from '@openseller/core';
import { searchAfterSales } from '../apps/server/src/modules/aftersales/aftersales.queries.js';
import { machine, measure, printTable, signIn, startBenchEnv, statementClock, timingOf, type Timing } from './lib.js';
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
const AFTER_SALES = num('AFTER_SALES', 100_000);
const SCANS = num('SCANS', 500);
const LIST_N = num('LIST_N', 40);

const env = await startBenchEnv('aftersales');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify({ ...size, afterSales: AFTER_SALES, scans: SCANS })}`);
const q = env.pool.query.bind(env.pool);
let t0 = performance.now();
const world = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
const { domainId } = world;

// ---- after-sale documents: AFTER_SALES over the shipped orders (every 8th), set-based ---------
// Types: 3 in 10 refund only, 5 return and refund, 1 exchange, 1 reissue. The newest 5 % are
// unprocessed, the next 5 % processing, the rest completed (1 in 10 closed). Half come from the
// platform (a refund id, written back), half by hand. Each has a RETURN line (the order's first
// line) or, for a reissue, an EXCHANGE line; an exchange has both.
await q(
  `insert into after_sales (domain_id, code, source, type, store_id, erp_order_id, erp_order_code, tb_soh_code, platform_refund_id, buyer_nick, buyer_name,
     buyer_phone, buyer_express_company_code, buyer_express_no, apply_time, refund_phase, after_sales_reason, refund_fee, return_wh_id,
     platform_status, check_status, receipt_status, refund_status, write_back_status, return_qty_total, created_at, updated_at)
   select o.domain_id, 'AS' || lpad(n::text, 10, '0'),
     case when n % 2 = 0 then 'PLATFORM' else 'MANUAL' end, t.type, o.store_id, o.id, o.code, o.platform_nos[1],
     case when n % 2 = 0 then 'RF' || o.id end, o.buyer_nick, o.receiver_name, o.receiver_phone,
     case when t.type in ('RETURN_REFUND', 'EXCHANGE') then 'SF' end,
     case when t.type in ('RETURN_REFUND', 'EXCHANGE') then 'SFR' || lpad(n::text, 10, '0') end,
     o.created_at + interval '3 days', 'AFTER_SALE', '质量问题', case when t.type in ('REFUND_ONLY', 'RETURN_REFUND') then 14.95 else 0 end, o.warehouse_id,
     case when n % 2 = 0 then 'SUCCESS' end, s.check_status,
     case when t.type in ('REFUND_ONLY', 'REISSUE') then 'NONE' when s.check_status = 'COMPLETED' then 'ALL' when s.check_status = 'CLOSED' then 'STOPPED' else 'WAITING' end,
     case when t.type not in ('REFUND_ONLY', 'RETURN_REFUND') then null when s.check_status = 'COMPLETED' then 'SUCCESS'
          when s.check_status = 'CLOSED' then 'REJECT' when s.check_status = 'PROCESSING' then 'WAIT' else 'VERIFY' end,
     case when n % 2 = 0 and s.check_status <> 'UNPROCESSED' then 'SENT' end,
     case when t.type in ('RETURN_REFUND', 'EXCHANGE') then 1 else 0 end,
     o.created_at + interval '3 days', o.created_at + interval '3 days'
   from (select o.*, row_number() over (order by o.id desc) as n from erp_orders o
         where o.domain_id = $1 and o.status_code = 'CI_ERPSOH_STATUS_SEND' and o.id % 8 = 0 order by o.id desc limit $2) o
   cross join lateral (select case when n % 10 < 3 then 'REFUND_ONLY' when n % 10 < 8 then 'RETURN_REFUND' when n % 10 = 8 then 'EXCHANGE' else 'REISSUE' end as type) t
   cross join lateral (select case when n <= $2 / 20 then 'UNPROCESSED' when n <= $2 / 10 then 'PROCESSING' when n % 10 = 5 then 'CLOSED' else 'COMPLETED' end as check_status) s`,
  [domainId, AFTER_SALES],
);
await q('analyze after_sales');
await q(
  `insert into after_sale_lines (domain_id, after_sale_id, kind, line_no, erp_order_line_id, sku_id, sku_code, sku_name, sku_num, sku_price)
   select a.domain_id, a.id, k.kind, 1, case when k.kind = 'RETURN' then l.id end, l.sku_id, l.sku_code, l.sku_name, 1, 14.95
   from after_sales a
   join erp_order_lines l on l.domain_id = a.domain_id and l.order_id = a.erp_order_id and l.line_seq = 1
   cross join lateral unnest(case a.type when 'REISSUE' then array['EXCHANGE'] when 'EXCHANGE' then array['RETURN', 'EXCHANGE'] when 'RETURN_REFUND' then array['RETURN'] else array['RETURN'] end) k(kind)
   where a.domain_id = $1`,
  [domainId],
);
// Their return inbounds: every return and exchange that is not unprocessed has one (received when
// the document is completed), so the RMA list holds what a live domain would.
await q(
  `with made as (
     insert into rma_headers (domain_id, code, source, warehouse_id, erp_order_id, status, express_company_code, express_no, buyer_nick, receiver_name,
       qty_total, received_qty_total, good_qty_total, completed_at, created_at, updated_at)
     select a.domain_id, 'RMB' || lpad(a.id::text, 10, '0'), 'ORDER', a.return_wh_id, a.erp_order_id,
       case when a.receipt_status = 'ALL' then 'CI_RMA_STATUS_COMPLETED' when a.receipt_status = 'STOPPED' then 'CI_RMA_STATUS_CLOSED' else 'CI_RMA_STATUS_CREATED' end,
       'SF', a.buyer_express_no, a.buyer_nick, a.buyer_name, 1, case when a.receipt_status = 'ALL' then 1 else 0 end, case when a.receipt_status = 'ALL' then 1 else 0 end,
       case when a.receipt_status = 'ALL' then a.apply_time + interval '4 days' end, a.apply_time, a.apply_time
     from after_sales a where a.domain_id = $1 and a.type in ('RETURN_REFUND', 'EXCHANGE') and a.check_status <> 'UNPROCESSED'
     returning domain_id, id, code)
   update after_sales a set rma_id = made.id from made where a.domain_id = made.domain_id and made.code = 'RMB' || lpad(a.id::text, 10, '0')`,
  [domainId],
);
await q(
  `insert into rma_details (domain_id, rma_id, line_no, erp_order_line_id, sku_id, qty, received_qty, good_qty)
   select r.domain_id, r.id, 1, l.erp_order_line_id, l.sku_id, 1, r.received_qty_total, r.received_qty_total
   from rma_headers r join after_sales a on a.domain_id = r.domain_id and a.rma_id = r.id
   join after_sale_lines l on l.domain_id = a.domain_id and l.after_sale_id = a.id and l.kind = 'RETURN'
   where r.domain_id = $1`,
  [domainId],
);
for (const table of ['after_sales', 'after_sale_lines', 'rma_headers', 'rma_details']) await q(`vacuum analyze ${table}`);
const counts = (await q<{ a: number; r: number }>(`select (select count(*) from after_sales where domain_id = $1)::int as a, (select count(*) from rma_headers where domain_id = $1)::int as r`, [domainId])).rows[0]!;
console.log(`  after-sales: ${counts.a.toLocaleString('en')} documents, ${counts.r.toLocaleString('en')} return inbounds`);
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

const post = await signIn(env.baseUrl, world.loginName, world.password);

// ---- the list: HTTP beside the service's query (in process) and the raw SQL ------------------
// The raw SQL is the statements the list sends (aftersales.queries.ts searchAfterSales): the total
// over the filtered documents (the order's code is kept on the document for the keyword search),
// the page of 100 with store, order, replacement order and warehouse, then the page's lines.
function rawWhere(filter: { checkStatus?: string; storeId?: number; from?: string; to?: string; keyword?: string }, params: unknown[]): string {
  const where = ['a.domain_id = $1'];
  if (filter.checkStatus) where.push(`a.check_status = any($${params.push([filter.checkStatus])})`);
  if (filter.storeId) where.push(`a.store_id = any($${params.push([filter.storeId])}::bigint[])`);
  if (filter.from) where.push(`a.apply_time >= $${params.push(filter.from)}`);
  if (filter.to) where.push(`a.apply_time < $${params.push(filter.to)}`);
  if (filter.keyword) {
    const p = `$${params.push(`%${filter.keyword}%`)}`;
    where.push(`(a.code ilike ${p} or a.tb_soh_code ilike ${p} or a.buyer_nick ilike ${p} or a.buyer_express_no ilike ${p} or a.erp_order_code ilike ${p})`);
  }
  return where.join(' and ');
}
async function rawList(filter: Parameters<typeof rawWhere>[0]) {
  const params: unknown[] = [domainId];
  const where = rawWhere(filter, params);
  // A keyword: one pass gives the page's ids and the total (as searchAfterSales does).
  const hits = filter.keyword
    ? (await q<{ id: string; n: number }>(`select a.id, (count(*) over ())::int as n from after_sales a where ${where} order by a.id desc limit 100 offset 0`, params)).rows
    : null;
  const total = hits ? (hits[0]?.n ?? 0) : (await q<{ n: number }>(`select count(*)::int as n from after_sales a where ${where}`, params)).rows[0]!.n;
  const pageWhere = hits ? `a.domain_id = $1 and a.id = any($2::bigint[])` : where;
  const page = await q<{ id: string }>(
    `select a.*, o.code as order_code, r.code as replacement_code, s.name as store_name, s.platform_code, w.name as wh_name
     from after_sales a
     join stores s on s.domain_id = a.domain_id and s.id = a.store_id
     left join erp_orders o on o.domain_id = a.domain_id and o.id = a.erp_order_id
     left join erp_orders r on r.domain_id = a.domain_id and r.id = a.replacement_order_id
     left join warehouses w on w.domain_id = a.domain_id and w.id = a.return_wh_id
     where ${pageWhere} order by a.id desc limit 100 offset 0`,
    hits ? [domainId, hits.map((h) => h.id)] : params,
  );
  if (page.rows.length)
    await q(`select * from after_sale_lines where domain_id = $1 and after_sale_id = any($2::bigint[]) order by after_sale_id, kind, line_no`, [domainId, page.rows.map((r) => r.id)]);
  return total;
}

const newest = (await q<{ apply_time: Date }>(`select max(apply_time) as apply_time from after_sales where domain_id = $1`, [domainId])).rows[0]!.apply_time;
const from = new Date(newest.getTime() - 10 * 86_400_000).toISOString();
const to = new Date(newest.getTime() + 1000).toISOString();
const some = (await q<{ code: string; order_code: string; express: string }>(
  `select a.code, o.code as order_code, a.buyer_express_no as express from after_sales a join erp_orders o on o.domain_id = a.domain_id and o.id = a.erp_order_id
   where a.domain_id = $1 and a.buyer_express_no is not null order by a.id limit 1 offset $2`,
  [domainId, Math.floor(counts.a / 3)],
)).rows[0]!;
const storeId = Number((await q<{ store_id: string }>(`select store_id from after_sales where domain_id = $1 order by id desc limit 1`, [domainId])).rows[0]!.store_id);
const cases: { label: string; body: Record<string, unknown>; raw: Parameters<typeof rawWhere>[0] }[] = [
  { label: 'no filter', body: {}, raw: {} },
  { label: 'unprocessed', body: { checkStatusList: ['UNPROCESSED'] }, raw: { checkStatus: 'UNPROCESSED' } },
  { label: 'a store + apply time 10 days', body: { storeIdList: [storeId], startTime: from, endTime: to }, raw: { storeId, from, to } },
  { label: 'keyword: an order code', body: { orderKeyWord: some.order_code }, raw: { keyword: some.order_code } },
  { label: 'keyword: a return tracking number', body: { orderKeyWord: some.express }, raw: { keyword: some.express } },
];
const listRows: Timing[] = [];
const totals: string[] = [];
for (const c of cases) {
  const body = { ...c.body, currentPage: 1, pageSize: 100 };
  let total = 0;
  listRows.push(await measure(`list HTTP ${c.label}, page 100 + total`, LIST_N, 1, async () => (total = (await post<{ total: number }>('/cloud/advance/afterSales/search', body)).total)));
  const input = AfterSaleSearchInput.parse(body);
  listRows.push(await measure(`list query fn (drizzle, no HTTP) ${c.label}`, LIST_N, 1, () => searchAfterSales(env.database.db, domainId, input, 'all', 'en', { limit: 100, offset: 0 })));
  let rawTotal = 0;
  listRows.push(await measure(`list SQL  ${c.label}`, LIST_N, 1, async () => (rawTotal = await rawList(c.raw))));
  totals.push(`${c.label}: ${total}${rawTotal === total ? '' : ` (SQL: ${rawTotal}!)`}`);
}
console.log(`totals: ${totals.join('; ')}`);
listRows.push(await measure('list HTTP no filter, page 100 + total, 8 callers', LIST_N * 4, 8, () => post('/cloud/advance/afterSales/search', { currentPage: 1, pageSize: 100 })));
printTable(listRows);
console.log();

// ---- a scanning session: SCANS returns received by their tracking numbers --------------------
// The returns awaiting entry: made through HTTP /myhome/rma/create (not timed) from shipped orders
// without an after-sale, two lines of 2 each, a tracking number per parcel.
t0 = performance.now();
const orders = (
  await q<{ id: string; lines: string[] }>(
    `select o.id, array_agg(l.id order by l.line_seq) as lines from erp_orders o join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
     where o.domain_id = $1 and o.status_code = 'CI_ERPSOH_STATUS_SEND' and o.id % 8 = 3 group by o.id order by o.id desc limit $2`,
    [domainId, SCANS],
  )
).rows;
const runTag = Date.now().toString(36).toUpperCase();
const parcels: string[] = [];
let made = 0;
await Promise.all(
  [0, 1].map(async () => {
    while (made < orders.length) {
      const i = made++;
      const o = orders[i]!;
      const expressNo = `YT${runTag}${String(i).padStart(6, '0')}`;
      await post('/myhome/rma/create', {
        whId: world.warehouseIds[0],
        erpSoHId: Number(o.id),
        expressCompanyCode: 'YTO',
        expressNo,
        rmaDetails: o.lines.slice(0, 2).map((l) => ({ erpSodId: Number(l), qty: 2 })),
      });
      parcels[i] = expressNo;
    }
  }),
);
console.log(`${parcels.length} returns awaiting entry made through HTTP in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await q('analyze rma_headers; analyze rma_details');

const scanSamples = { search: [] as number[], open: [] as number[], receive: [] as number[], scan: [] as number[] };
const statusBefore = (await q<{ on_hand: string; ledger: string }>(`select coalesce(sum(on_hand), 0) as on_hand, (select count(*) from stock_ledger where domain_id = $1 and doc_type = 'RMA') as ledger from stock_balances where domain_id = $1`, [domainId])).rows[0]!;
const sessionStart = performance.now();
statementClock.on = process.env.STATEMENTS === '1';
for (let i = 0; i < parcels.length; i++) {
  const s0 = performance.now();
  const found = await post<{ kind: string; rma: { id: number } | null }>('/myhome/rma/scan', { text: parcels[i] });
  const s1 = performance.now();
  if (found.kind !== 'RMA') throw new Error(`scan ${parcels[i]}: ${found.kind}`);
  const rma = await post<RmaView>('/myhome/rma/getRmaById', { id: found.rma!.id });
  const s2 = performance.now();
  const [first, second] = rma.rmaDetails;
  await post<RmaView>('/myhome/rma/updateRmaInventory', {
    id: rma.id,
    version: rma.version,
    receiptKey: `scan-${runTag}-${i}`,
    rmaDetails: [
      { id: first!.id, goodQty: first!.qty, defectiveQty: 0 },
      { id: second!.id, goodQty: second!.qty - 1, defectiveQty: 1 },
    ],
  });
  const s3 = performance.now();
  scanSamples.search.push(s1 - s0);
  scanSamples.open.push(s2 - s1);
  scanSamples.receive.push(s3 - s2);
  scanSamples.scan.push(s3 - s0);
}
const sessionMs = performance.now() - sessionStart;
if (statementClock.on) statementClock.print(15, parcels.length);
statementClock.on = false;
const scanRows = [
  timingOf(`scan: whole scan (find + open + receive), ${parcels.length} parcels, 1 scanner`, scanSamples.scan, sessionMs),
  timingOf('scan: find by tracking number (/myhome/rma/scan)', scanSamples.search, sessionMs),
  timingOf('scan: open the return (getRmaById)', scanSamples.open, sessionMs),
  timingOf('scan: receive 2 lines, good + defective (updateRmaInventory)', scanSamples.receive, sessionMs),
];
// The list's exact search (a pasted tracking number, any state) over the same parcels afterwards.
scanRows.push(
  await measure('list search exact by tracking number (searchPageList exact)', parcels.length, 1, (i) =>
    post('/myhome/rma/searchPageList', { orderKeyWord: parcels[i % parcels.length], keywordsType: 'exact', currentPage: 1, pageSize: 20 }),
  ),
);
printTable(scanRows);
const after = (
  await q<{ completed: number; ledger: string; on_hand: string; defective: string }>(
    `select (select count(*) from rma_headers where domain_id = $1 and express_no like $2 and status = 'CI_RMA_STATUS_COMPLETED')::int as completed,
       (select count(*) from stock_ledger where domain_id = $1 and doc_type = 'RMA') as ledger,
       (select coalesce(sum(on_hand), 0) from stock_balances where domain_id = $1) as on_hand,
       (select coalesce(sum(b.on_hand), 0) from stock_balances b join warehouse_locations l on l.domain_id = b.domain_id and l.id = b.location_id where b.domain_id = $1 and not l.sellable) as defective`,
    [domainId, `YT${runTag}%`],
  )
).rows[0]!;
console.log(
  `after the session: ${after.completed} of ${parcels.length} returns completed; RMA ledger rows ${statusBefore.ledger} → ${after.ledger}; ` +
    `on hand ${statusBefore.on_hand} → ${after.on_hand} (expected +${parcels.length * 4}); at non-sellable locations ${after.defective} (expected ${parcels.length})`,
);

await env.close();
process.exit(0);
