// Purchasing at scale (issue 15, must-have 8): with PURCHASE_ORDERS purchase orders of LINES lines
// in the domain, the purchase list page of 100 with its counts (`/cloud/purchase/purchase/search`
// and `getExtraInfo`, sent at once as the page does) through HTTP beside the same statements in raw
// SQL through pg (and beside the service's own query functions, in process, without HTTP); then a
// 2,000-line purchase inbound notice received by scanning line by line: one receipt per line
// through `/cloud/purchase/purchaseAsn/receipt` (the version taken from each answer), p50/p95 per
// scan (target ≤ 300 ms p95). The issue's fourth part (200 concurrent allocations and cancellations
// of payments against payables) is bench/payments.bench.ts.
//   npx tsx bench/purchasing.bench.ts   (PURCHASE_ORDERS=10000 for a quick run; NOTICE_LINES, SCANS)
import { performance } from 'node:perf_hooks';
import { PurchaseSearchInput, type AsnScanReceiptAnswer, type AsnView, type PurchaseView } from '@openseller/core';
import { orderCounts, searchOrders } from '../apps/server/src/modules/purchasing/purchasing.queries.js';
import { hashPassword } from '../apps/server/src/platform/password-hash.js';
import { machine, measure, printTable, signIn, startBenchEnv, statementClock, timingOf, type Timing } from './lib.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PURCHASE_ORDERS = num('PURCHASE_ORDERS', 100_000);
const LINES = num('LINES', 20);
const SKUS = num('SKUS', 50_000);
const SUPPLIERS = num('SUPPLIERS', 200);
const WAREHOUSES = num('WAREHOUSES', 5);
const OTHER_ORDERS = num('OTHER_ORDERS', 20_000);
const NOTICE_LINES = num('NOTICE_LINES', 2_000);
const SCANS = num('SCANS', NOTICE_LINES);
const LIST_N = num('LIST_N', 40);
const PASSWORD = 'Bench#2026go';

const env = await startBenchEnv('purchasing');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify({ PURCHASE_ORDERS, LINES, SKUS, SUPPLIERS, WAREHOUSES, OTHER_ORDERS, NOTICE_LINES, SCANS })}`);
const q = env.pool.query.bind(env.pool);

// ---- data: a big domain and one other, set-based ----------------------------------------------
// Orders one every 5 minutes, newest last: the newest 2 % drafts, 2 % submitted, 10 % verified
// (half of them partly received), 1 % invalid, the rest complete. Each order has LINES lines of
// distinct SKUs, 10–59 pieces at 12.5000.
interface PurchaseWorld {
  domainId: number;
  loginName: string;
  supplierIds: number[];
  warehouseIds: number[];
}
async function generate(d: number, orders: number): Promise<PurchaseWorld> {
  const t0 = performance.now();
  const domainId = Number((await q<{ id: number }>(`insert into domains (name, level) values ($1, 'PRO') returning id`, [`Bench purchasing ${d}`])).rows[0]!.id);
  const loginName = `benchpurchase${d}_${Date.now().toString(36)}`;
  await q(`insert into users (domain_id, login_name, user_name, account_type, password_hash) values ($1, $2, 'Bench', 'MAIN_ACCOUNT_TYPE', $3)`, [domainId, loginName, await hashPassword(PASSWORD)]);
  const warehouseIds = (
    await q<{ id: number }>(
      `insert into warehouses (domain_id, code, name, type, contact, phone, province, city, street)
       select $1, 'WH' || g, 'Bench warehouse ' || g, 'SELF_WAREHOUSE', 'Wang', '13800000000', '浙江省', '杭州市', '文三路 ' || g || ' 号' from generate_series(1, $2) g returning id`,
      [domainId, WAREHOUSES],
    )
  ).rows.map((r) => Number(r.id));
  const supplierIds = (
    await q<{ id: number }>(`insert into suppliers (domain_id, code, name, contact, phone) select $1, 'SUP' || lpad(g::text, 4, '0'), '供应商 ' || g, '李', '13900000000' from generate_series(1, $2) g returning id`, [
      domainId,
      SUPPLIERS,
    ])
  ).rows.map((r) => Number(r.id));
  const skus = d === 0 ? SKUS : Math.max(1000, Math.floor(SKUS / 10));
  await q(`insert into spus (domain_id, code, name) select $1, 'P' || lpad(g::text, 6, '0'), 'Bench goods ' || g from generate_series(0, $2 - 1) g`, [domainId, skus]);
  await q(`insert into skus (domain_id, spu_id, code, name, weight) select domain_id, id, code, name, 0.25 from spus where domain_id = $1`, [domainId]);
  await q(
    `insert into purchase_orders (domain_id, code, status, receive_status, supplier_id, warehouse_id, expected_at, sku_total, qty_total,
       received_qty_total, amount_total, asn_code, submitted_at, verified_at, completed_at, created_by_name, created_at, updated_at)
     select $1, 'PB' || $5 || lpad(g::text, 9, '0'), st.status, st.receive, ($3::bigint[])[1 + g % array_length($3::bigint[], 1)],
       ($4::bigint[])[1 + g % array_length($4::bigint[], 1)], t.at + interval '7 days', ${LINES}, ${LINES} * 20,
       case st.receive when 'COMPLETE_RECEIVE' then ${LINES} * 20 when 'PART_RECEIVE' then ${LINES} * 10 else 0 end, ${LINES} * 20 * 12.5,
       case when st.status in ('VERIFY', 'COMPLETE') then 'ASB' || $5 || lpad(g::text, 9, '0') end,
       case when st.status in ('SUBMIT', 'VERIFY', 'COMPLETE') then t.at end, case when st.status in ('VERIFY', 'COMPLETE') then t.at + interval '1 hour' end,
       case when st.status = 'COMPLETE' then t.at + interval '5 days' end, 'Bench', t.at, t.at
     from generate_series(1, $2) g
     cross join lateral (select now() - make_interval(mins => ($2 - g) * 5) as at) t
     cross join lateral (select
       case when g > $2 * 0.98 then 'DRAFT' when g > $2 * 0.96 then 'SUBMIT' when g > $2 * 0.86 then 'VERIFY' when g % 100 = 7 then 'INVALID' else 'COMPLETE' end as status,
       case when g > $2 * 0.96 or g % 100 = 7 then 'UNRECEIVE' when g > $2 * 0.86 then case when g % 2 = 0 then 'PART_RECEIVE' else 'UNRECEIVE' end else 'COMPLETE_RECEIVE' end as receive) st`,
    [domainId, orders, supplierIds, warehouseIds, d],
  );
  await q('analyze purchase_orders; analyze skus');
  await q(
    `insert into purchase_order_lines (domain_id, order_id, line_no, sku_id, ordered_qty, received_qty, price, created_at, updated_at)
     select o.domain_id, o.id, n, k.id, 20, case o.receive_status when 'COMPLETE_RECEIVE' then 20 when 'PART_RECEIVE' then 10 else 0 end, 12.5, o.created_at, o.created_at
     from purchase_orders o
     cross join generate_series(1, ${LINES}) n
     join skus k on k.domain_id = o.domain_id and k.code = 'P' || lpad(((o.id * 3 + n * 997) % $2)::text, 6, '0')
     where o.domain_id = $1`,
    [domainId, skus],
  );
  console.log(`  domain ${d}: ${orders.toLocaleString('en')} purchase orders × ${LINES} lines, ${skus.toLocaleString('en')} SKUs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { domainId, loginName, supplierIds, warehouseIds };
}
let t0 = performance.now();
const world = await generate(0, PURCHASE_ORDERS);
if (OTHER_ORDERS > 0) await generate(1, OTHER_ORDERS);
for (const table of ['purchase_orders', 'purchase_order_lines', 'skus']) await q(`vacuum analyze ${table}`);
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
const { domainId } = world;
const post = await signIn(env.baseUrl, world.loginName, PASSWORD);

// ---- the list: search + getExtraInfo at once, HTTP beside the query functions and raw SQL ----
// The raw SQL is what purchasing.queries.ts sends: the page (joined to supplier and warehouse,
// newest first) beside its count, and the counts per state and receipt state (without the state
// filters, so the tabs keep their numbers).
function rawWhere(f: { status?: string; supplierId?: number; code?: string; from?: string }, params: unknown[], withStatus: boolean): string {
  const where = ['p.domain_id = $1'];
  if (f.code) where.push(`p.code ilike $${params.push(`%${f.code}%`)}`);
  if (withStatus && f.status) where.push(`p.status = $${params.push(f.status)}`);
  if (f.supplierId) where.push(`p.supplier_id = $${params.push(f.supplierId)}`);
  if (f.from) where.push(`p.created_at >= $${params.push(f.from)}`);
  return where.join(' and ');
}
async function rawList(f: Parameters<typeof rawWhere>[0]): Promise<number> {
  const pageParams: unknown[] = [domainId];
  const where = rawWhere(f, pageParams, true);
  const countParams: unknown[] = [domainId];
  const countWhere = rawWhere(f, countParams, false);
  const [, total] = await Promise.all([
    q(
      `select p.*, s.code as supplier_code, s.name as supplier_name, w.name as warehouse_name
       from purchase_orders p
       join suppliers s on s.domain_id = p.domain_id and s.id = p.supplier_id
       join warehouses w on w.domain_id = p.domain_id and w.id = p.warehouse_id
       where ${where} order by p.created_at desc, p.id desc limit 100 offset 0`,
      pageParams,
    ),
    q<{ n: number }>(`select count(*)::int as n from purchase_orders p where ${where}`, pageParams),
    q(`select p.status, p.receive_status, count(*) from purchase_orders p where ${countWhere} group by p.status, p.receive_status`, countParams),
  ]);
  return total.rows[0]!.n;
}
const someCode = (await q<{ code: string }>(`select code from purchase_orders where domain_id = $1 order by id limit 1 offset $2`, [domainId, Math.floor(PURCHASE_ORDERS / 3)])).rows[0]!.code;
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
const cases: { label: string; body: Record<string, unknown>; raw: Parameters<typeof rawWhere>[0] }[] = [
  { label: 'no filter', body: {}, raw: {} },
  { label: 'verified', body: { status: 'VERIFY' }, raw: { status: 'VERIFY' } },
  { label: 'a supplier', body: { supplierId: world.supplierIds[7] }, raw: { supplierId: world.supplierIds[7] } },
  { label: 'a supplier + last 30 days', body: { supplierId: world.supplierIds[7], startTime: monthAgo }, raw: { supplierId: world.supplierIds[7], from: monthAgo } },
  { label: 'one order code (contains)', body: { codeKeywords: someCode }, raw: { code: someCode } },
];
const listRows: Timing[] = [];
const totals: string[] = [];
for (const c of cases) {
  const body = { ...c.body, currentPage: 1, pageSize: 100 };
  let total = 0;
  listRows.push(
    await measure(`list HTTP ${c.label}: search + getExtraInfo`, LIST_N, 1, async () => {
      const [page] = await Promise.all([post<{ total: number }>('/cloud/purchase/purchase/search', body), post('/cloud/purchase/purchase/getExtraInfo', body)]);
      total = page.total;
    }),
  );
  const input = PurchaseSearchInput.parse(body);
  listRows.push(
    await measure(`list query fns (drizzle, no HTTP) ${c.label}`, LIST_N, 1, () =>
      Promise.all([searchOrders(env.database.db, domainId, { ...input, currentPage: 1, pageSize: 100 }), orderCounts(env.database.db, domainId, input)]),
    ),
  );
  let rawTotal = 0;
  listRows.push(await measure(`list SQL  ${c.label}`, LIST_N, 1, async () => (rawTotal = await rawList(c.raw))));
  totals.push(`${c.label}: ${total}${rawTotal === total ? '' : ` (SQL: ${rawTotal}!)`}`);
}
console.log(`totals: ${totals.join('; ')}`);
listRows.push(
  await measure('list HTTP no filter: search + getExtraInfo, 8 callers', LIST_N * 4, 8, () =>
    Promise.all([post('/cloud/purchase/purchase/search', { currentPage: 1, pageSize: 100 }), post('/cloud/purchase/purchase/getExtraInfo', {})]),
  ),
);
printTable(listRows);
console.log();

// ---- a 2,000-line purchase inbound notice, received by scanning line by line -------------------
// The order and its notice are made through HTTP (create and submit, verify: the notice of its
// lines) with as many lines as one call takes (1,000); the rest of the NOTICE_LINES are added to
// the order and its notice in SQL (same SKU on both, noticed = ordered, same price), since the
// contracts cap a document at 1,000 lines. Then one receipt per line, one after another.
t0 = performance.now();
const firstLines = Math.min(NOTICE_LINES, 1000);
const skuCodes = (await q<{ code: string }>(`select code from skus where domain_id = $1 order by id limit $2`, [domainId, NOTICE_LINES])).rows.map((r) => r.code);
const created = await post<PurchaseView>('/cloud/purchase/purchase/createAndSubmit', {
  supplierId: world.supplierIds[0],
  whId: world.warehouseIds[0],
  remark: 'bench: scanning',
  purchaseDetailDtoList: skuCodes.slice(0, firstLines).map((skuCode) => ({ skuCode, qty: 10, price: '12.5000' })),
});
const orderId = created.order.id;
const verified = await post<PurchaseView>('/cloud/purchase/purchase/verify', { id: orderId, version: created.order.version });
const asnId = verified.order.asnId!;
if (NOTICE_LINES > firstLines) {
  const client = await env.pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into purchase_order_lines (domain_id, order_id, line_no, sku_id, ordered_qty, price)
       select $1, $2, $3 + row_number() over (order by k.id), k.id, 10, 12.5 from skus k where k.domain_id = $1 and k.code = any($4::text[])`,
      [domainId, orderId, firstLines, skuCodes.slice(firstLines)],
    );
    await client.query(
      `insert into asn_details (domain_id, asn_id, line_no, sku_id, qty, price)
       select $1, $2, $3 + row_number() over (order by k.id), k.id, 10, 12.5 from skus k where k.domain_id = $1 and k.code = any($4::text[])`,
      [domainId, asnId, firstLines, skuCodes.slice(firstLines)],
    );
    await client.query(`update purchase_orders set sku_total = $3, qty_total = $3 * 10, amount_total = $3 * 125 where domain_id = $1 and id = $2`, [domainId, orderId, NOTICE_LINES]);
    await client.query(`update asn_headers set sku_total = $3, qty_total = $3 * 10, amount_total = $3 * 125 where domain_id = $1 and id = $2`, [domainId, asnId, NOTICE_LINES]);
    await client.query('commit');
  } finally {
    client.release();
  }
}
let notice = await post<AsnView>('/cloud/purchase/asn/getById', { id: asnId });
console.log(`notice ${notice.code}: ${notice.asnDetails.length} lines, ${notice.qtyTotal} pieces, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const scanSamples: number[] = [];
const firstTenth: number[] = [];
const lastTenth: number[] = [];
const details = [...notice.asnDetails].sort((a, b) => a.lineNo - b.lineNo).slice(0, SCANS);
let version = notice.version;
// A load-independent measure of the work per scan: the WAL this database cluster wrote.
const work = async () => (await q<{ wal: string }>(`select pg_current_wal_lsn() - '0/0'::pg_lsn as wal`)).rows[0]!;
const workBefore = await work();
const sessionStart = performance.now();
statementClock.on = process.env.STATEMENTS === '1';
// The first RECEIPT_DIALOG lines through the receiving dialog's call (answering the whole notice),
// the rest through the receiving station's scan (answering the line and the totals).
const RECEIPT_DIALOG = Math.min(num('RECEIPT_DIALOG', 100), details.length);
const dialogSamples: number[] = [];
for (const [i, d] of details.entries()) {
  const s0 = performance.now();
  if (i < RECEIPT_DIALOG) {
    const answer = await post<AsnView>('/cloud/purchase/purchaseAsn/receipt', { id: asnId, version, lines: [{ asnDetailId: d.id, qty: d.qty }] });
    version = answer.version;
    dialogSamples.push(performance.now() - s0);
    continue;
  }
  const answer = await post<AsnScanReceiptAnswer>('/cloud/purchase/purchaseAsn/scanReceipt', { id: asnId, code: d.skuCode, qty: d.qty });
  const ms = performance.now() - s0;
  version = answer.version;
  scanSamples.push(ms);
  if (i < RECEIPT_DIALOG + (details.length - RECEIPT_DIALOG) / 10) firstTenth.push(ms);
  if (i >= details.length - (details.length - RECEIPT_DIALOG) / 10) lastTenth.push(ms);
}
const sessionMs = performance.now() - sessionStart;
const workAfter = await work();
console.log(
  `per scan: ${((Number(workAfter.wal) - Number(workBefore.wal)) / details.length / 1024).toFixed(1)} KiB of WAL (the cluster's, this bench alone)`,
);
if (statementClock.on) statementClock.print(15, details.length);
statementClock.on = false;
printTable([
  ...(dialogSamples.length ? [timingOf(`beside: receive one line through the dialog's call (purchaseAsn/receipt, whole notice answered), ${dialogSamples.length}`, dialogSamples, sessionMs)] : []),
  timingOf(`scan: receive one line (purchaseAsn/scanReceipt), ${scanSamples.length} scans, 1 scanner`, scanSamples, sessionMs),
  timingOf('scan: the first tenth of the scans', firstTenth, sessionMs),
  timingOf('scan: the last tenth of the scans', lastTenth, sessionMs),
]);
notice = await post<AsnView>('/cloud/purchase/asn/getById', { id: asnId });
statementClock.times.clear();
statementClock.on = process.env.STATEMENTS === '1';
const viewTiming = await measure(`beside: open the notice (asn/getById, ${notice.asnDetails.length} lines, ${notice.receipts.length} receipts)`, 20, 1, () => post('/cloud/purchase/asn/getById', { id: asnId }));
if (statementClock.on) statementClock.print(6, 40);
statementClock.on = false;
printTable([viewTiming]);
const order = await post<PurchaseView>('/cloud/purchase/purchase/searchInfo', { id: orderId });
const ledger = (await q<{ n: number; qty: number }>(`select count(*)::int as n, coalesce(sum(on_hand_delta), 0)::int as qty from stock_ledger where domain_id = $1 and doc_type = 'ASN' and doc_id = $2`, [domainId, asnId])).rows[0]!;
console.log(
  `after the session: notice ${notice.statusId}, received ${notice.receivedQtyTotal} of ${notice.qtyTotal}; order ${order.order.status}/${order.order.receiveStatus}, ` +
    `received ${order.order.receivedQtyTotal} of ${order.order.qtyTotal}; ${order.receipts.length} receipt rows; ledger ${ledger.n} rows, ${ledger.qty} pieces`,
);

await env.close();
process.exit(0);
