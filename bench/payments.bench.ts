// Payments at the bounds (issue 15, must-have 8, fourth part): "200 concurrent allocations and
// cancellations keep every payable between 0 and its amount", through HTTP. PAYABLES verified
// purchase payables of 1,000.0000 each (one per received order line); PAYMENTS submitted payments
// of 30.0000 each against them, round robin (more than the payables can take). A first fifth is
// verified one by one; then the rest are verified while that fifth is invalidated (cancelled), all
// at once (PAYMENTS concurrent requests). Printed: throughput and latency, the answers (verified,
// refused by error code, 5xx), and the invariant checked through HTTP (payable searchInfo) and in
// raw SQL (0 ≤ outstanding ≤ amount, and outstanding = amount − Σ allocations of verified payments).
// Beside it, the same work in raw SQL through pg: PAYMENTS concurrent transactions that lock a
// payable and take 30 off (or give 30 back) under the same CHECK.
//   npx tsx bench/payments.bench.ts   (PAYMENTS=200, PAYABLES=5)
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../apps/server/src/platform/password-hash.js';
import { machine, printTable, signIn, startBenchEnv, timingOf, type Timing } from './lib.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PAYMENTS = num('PAYMENTS', 200);
const PAYABLES = num('PAYABLES', 5);
const PASSWORD = 'Bench#2026go';

const env = await startBenchEnv('payments');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify({ PAYMENTS, PAYABLES })}`);
const q = env.pool.query.bind(env.pool);

// ---- a domain, its account, a supplier, a warehouse and PAYABLES SKUs (raw SQL, as purchasing.bench does) ----
const domainId = Number((await q<{ id: number }>(`insert into domains (name, level) values ('Bench payments', 'PRO') returning id`)).rows[0]!.id);
const loginName = `benchpay_${Date.now().toString(36)}`;
await q(`insert into users (domain_id, login_name, user_name, account_type, password_hash) values ($1, $2, 'Bench', 'MAIN_ACCOUNT_TYPE', $3)`, [domainId, loginName, await hashPassword(PASSWORD)]);
const warehouseId = Number(
  (
    await q<{ id: number }>(
      `insert into warehouses (domain_id, code, name, type, contact, phone, province, city, street) values ($1, 'WH1', 'Bench warehouse', 'SELF_WAREHOUSE', 'Wang', '13800000000', '浙江省', '杭州市', '文三路 1 号') returning id`,
      [domainId],
    )
  ).rows[0]!.id,
);
const supplierId = Number((await q<{ id: number }>(`insert into suppliers (domain_id, code, name, contact, phone) values ($1, 'SUP1', '供应商 1', '李', '13900000000') returning id`, [domainId])).rows[0]!.id);
await q(`insert into spus (domain_id, code, name) select $1, 'P' || lpad(g::text, 6, '0'), 'Bench goods ' || g from generate_series(1, $2) g`, [domainId, PAYABLES]);
await q(`insert into skus (domain_id, spu_id, code, name, weight) select domain_id, id, code, name, 0.25 from spus where domain_id = $1`, [domainId]);
const skuCodes = (await q<{ code: string }>(`select code from skus where domain_id = $1 order by id`, [domainId])).rows.map((r) => r.code);
const post = await signIn(env.baseUrl, loginName, PASSWORD);

/** The answer's error code, or 'OK' (the bench's post throws with the answer in its message). */
async function outcome(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'OK';
  } catch (error) {
    const text = String(error);
    return /"errorCode":"([A-Z_]+)"/.exec(text)?.[1] ?? (/"code":(5\d\d)/.test(text) ? 'HTTP_5XX' : text.slice(0, 80));
  }
}

// ---- through HTTP: an order of PAYABLES lines × 100 at 10, received, one verified payable per bill ----
const t0 = performance.now();
const created = await post<{ order: { id: number; version: number } }>('/cloud/purchase/purchase/createAndSubmit', {
  supplierId,
  whId: warehouseId,
  purchaseDetailDtoList: skuCodes.map((skuCode) => ({ skuCode, qty: 100, price: '10' })),
});
const verified = await post<{ order: { asnId: number } }>('/cloud/purchase/purchase/verify', { id: created.order.id, version: created.order.version });
const asn = await post<{ id: number; version: number; asnDetails: { id: number }[] }>('/cloud/purchase/asn/getById', { id: verified.order.asnId });
await post('/cloud/purchase/purchaseAsn/receipt', { id: asn.id, version: asn.version, lines: asn.asnDetails.map((d) => ({ asnDetailId: d.id, qty: 100 })) });
const bills = await post<{ voList: { billDetailId: number }[] }>('/cloud/advance/finance/bill/search', { billStatus: 'TO_BE_RECORD', currentPage: 1, pageSize: 100 });
const payableIds: number[] = [];
for (const b of bills.voList) {
  const p = await post<{ payable: { id: number; version: number } }>('/cloud/advance/finance/payable/createPurchasePayableAndSubmit', { details: [{ billDetailId: b.billDetailId }] });
  await post('/cloud/advance/finance/payable/verify', { id: p.payable.id, version: p.payable.version });
  payableIds.push(p.payable.id);
}
type Paid = { payment: { id: number; version: number } };
const submitted: Paid[] = [];
for (let i = 0; i < PAYMENTS; i += 20) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(20, PAYMENTS - i) }, async (_, k) => {
      const p = await post<Paid>('/cloud/advance/finance/payment/create', { paymentObjectId: supplierId, paymentMode: 'BANK', allocations: [{ payableId: payableIds[(i + k) % payableIds.length], amount: '30' }] });
      return post<Paid>('/cloud/advance/finance/payment/submit', { id: p.payment.id, version: p.payment.version });
    }),
  );
  submitted.push(...batch);
}
const firstCount = Math.floor(PAYMENTS / 5);
const first: Paid[] = [];
for (const s of submitted.slice(0, firstCount)) first.push(await post<Paid>('/cloud/advance/finance/payment/verify', { id: s.payment.id, version: s.payment.version }));
console.log(`set up in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${payableIds.length} payables of 1,000.0000, ${PAYMENTS} submitted payments of 30.0000, ${firstCount} verified\n`);

// ---- the concurrent part: verify the rest while cancelling the first ones, all at once ----
const samples: number[] = [];
const outcomes = new Map<string, number>();
const started = performance.now();
await Promise.all([
  ...submitted.slice(firstCount).map(async (s) => {
    const a = performance.now();
    const o = await outcome(() => post('/cloud/advance/finance/payment/verify', { id: s.payment.id, version: s.payment.version }));
    samples.push(performance.now() - a);
    outcomes.set(`verify ${o}`, (outcomes.get(`verify ${o}`) ?? 0) + 1);
  }),
  ...first.map(async (f) => {
    const a = performance.now();
    const o = await outcome(() => post('/cloud/advance/finance/payment/invalid', { id: f.payment.id, version: f.payment.version }));
    samples.push(performance.now() - a);
    outcomes.set(`invalid ${o}`, (outcomes.get(`invalid ${o}`) ?? 0) + 1);
  }),
]);
const httpMs = performance.now() - started;
const rows: Timing[] = [timingOf(`HTTP: ${PAYMENTS} concurrent verify (allocate) / invalid (cancel) of payments`, samples, httpMs)];
console.log(`answers: ${[...outcomes].map(([k, v]) => `${k} × ${v}`).join(', ')}`);

// ---- the invariant, through HTTP and in raw SQL ----
let httpOk = true;
for (const id of payableIds) {
  const v = await post<{ payable: { code: string; amount: string; outstanding: string; paymentStatus: string } }>('/cloud/advance/finance/payable/searchInfo', { id });
  const [amount, outstanding] = [Number(v.payable.amount), Number(v.payable.outstanding)];
  const fine = outstanding >= 0 && outstanding <= amount;
  httpOk &&= fine;
  console.log(`  ${v.payable.code}: amount ${v.payable.amount}, outstanding ${v.payable.outstanding}, ${v.payable.paymentStatus}${fine ? '' : '  ← OUT OF BOUNDS'}`);
}
const invariantSql = `select count(*) filter (where p.outstanding < 0 or p.outstanding > p.amount) as out_of_bounds,
       count(*) filter (where p.outstanding <> p.amount - coalesce(v.paid, 0)) as mismatched
  from finance_payables p
  left join (select a.domain_id, a.payable_id, sum(a.amount) as paid
               from finance_payment_allocations a
               join finance_payments m on m.domain_id = a.domain_id and m.id = a.payment_id and m.status = 'VERIFIED'
              where a.domain_id = $1 group by a.domain_id, a.payable_id) v on v.domain_id = p.domain_id and v.payable_id = p.id
 where p.domain_id = $1`;
const check = (await q<{ out_of_bounds: string; mismatched: string }>(invariantSql, [domainId])).rows[0]!;
console.log(`invariant through HTTP: ${httpOk ? 'every payable between 0 and its amount' : 'VIOLATED'}`);
console.log(`invariant in raw SQL: ${check.out_of_bounds} out of bounds, ${check.mismatched} whose outstanding differs from amount − Σ verified allocations`);

// ---- the same work in raw SQL: lock the payable, take 30 off or give 30 back, under the CHECK ----
const rawSamples: number[] = [];
const rawOutcomes = new Map<string, number>();
const rawStarted = performance.now();
await Promise.all(
  Array.from({ length: PAYMENTS }, async (_, i) => {
    const a = performance.now();
    const client = await env.pool.connect();
    let result = 'OK';
    try {
      await client.query('begin');
      const id = payableIds[i % payableIds.length]!;
      const [row] = (await client.query<{ outstanding: string }>(`select outstanding from finance_payables where domain_id = $1 and id = $2 for update`, [domainId, id])).rows;
      const give = i < firstCount;
      if (!give && Number(row!.outstanding) < 30) result = 'over-allocation';
      else await client.query(`update finance_payables set outstanding = outstanding ${give ? '+' : '-'} 30 where domain_id = $1 and id = $2`, [domainId, id]);
      await client.query(result === 'OK' ? 'commit' : 'rollback');
    } catch (error) {
      await client.query('rollback');
      result = String((error as { code?: string }).code ?? error);
    } finally {
      client.release();
    }
    rawSamples.push(performance.now() - a);
    rawOutcomes.set(result, (rawOutcomes.get(result) ?? 0) + 1);
  }),
);
rows.push(timingOf(`raw SQL: ${PAYMENTS} concurrent lock + take 30 off / give 30 back (pool of 20)`, rawSamples, performance.now() - rawStarted));
const afterRaw = (await q<{ n: string }>(`select count(*) as n from finance_payables where domain_id = $1 and (outstanding < 0 or outstanding > amount)`, [domainId])).rows[0]!;
console.log(`raw SQL answers: ${[...rawOutcomes].map(([k, v]) => `${k} × ${v}`).join(', ')}; payables out of bounds after it: ${afterRaw.n} (23514 = refused by the CHECK)`);
console.log();
printTable(rows);

await env.close();
process.exit(0);
