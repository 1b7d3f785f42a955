// Orders at scale (issue "Orders"): the order list (tabs 1 and 6, with and without filters, pages
// of 100 and 1,000, and searchCount) through HTTP beside the same SQL sent straight through pg;
// refresh out-of-stock over the pending orders; verify of 10,000 orders in HTTP batches of 100 by
// several callers; and the ingest rate through the signed HTTP ingest of a self-defined store.
//   npx tsx bench/orders.bench.ts        (ORDERS=100000 for a quick run; see the sizes below)
import { createHmac, constants, publicEncrypt, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { OrderSearchInput, ingestSigningText, type OrderBatchResult } from '@openseller/core';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { countOrderTabsQueries, runOrderIdsQueries, searchOrderIdsQueries } from '../apps/server/src/modules/orders/list/list.queries.js';
import { orderRowsQueries } from '../apps/server/src/modules/orders/orders.model.js';
import { machine, measure, printTable, startBenchEnv, type Timing } from './lib.js';
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
const INGEST = num('INGEST', 20_000);
const INGEST_BATCH = num('INGEST_BATCH', 500);
const INGEST_CALLERS = num('INGEST_CALLERS', 2);
const VERIFY = num('VERIFY', 10_000);
const VERIFY_CALLERS = num('VERIFY_CALLERS', 4);
const LIST_N = num('LIST_N', 40);
// ONLY=verify (or a comma list of list, refresh, verify, ingest) runs only those parts.
const ONLY = process.env.ONLY ? new Set(process.env.ONLY.split(',').map((p) => p.trim())) : null;
const runs = (part: 'list' | 'refresh' | 'verify' | 'ingest') => !ONLY || ONLY.has(part);

const env = await startBenchEnv('orders');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify(size)}`);
let t0 = performance.now();
const world = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
const { domainId } = world;

// ---- sign in ---------------------------------------------------------------------------------
const base = env.baseUrl;
const publicKey = ((await (await fetch(`${base}/cloud/domain/security/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(world.password)).toString('base64');
const login = (await (
  await fetch(`${base}/cloud/domain/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: world.loginName, password }) })
).json()) as { data: { oauthToken: { access_token: string } } };
// As a browser asks: compressed answers welcome (Chromium sends these three and zstd).
const headers = { authorization: `Bearer ${login.data.oauthToken.access_token}`, 'accept-language': 'en', 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };
async function post<T>(path: string, body: unknown): Promise<T> {
  const answer = (await (await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { success: boolean; data: T };
  if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer.data;
}

// ---- the list: HTTP beside the raw SQL of the same queries -----------------------------------
const dialect = new PgDialect();
const raw = async (q: SQL) => {
  const { sql, params } = dialect.sqlToQuery(q);
  return env.pool.query(sql, params as unknown[]);
};
// loadOrderRows (orders.model.ts): the same two statements, at once as it sends them.
async function rawLoad(ids: number[]) {
  if (!ids.length) return;
  const q = orderRowsQueries(domainId, ids);
  await Promise.all([raw(q.headers), raw(q.lines)]);
}

// The floor of any HTTP answer: the very bytes an answer of the list holds, served by a bare
// node:http server (no routing, session, query or serialising) and fetched and parsed by the same
// client. What the list adds over its raw SQL can never be less than this.
// The bytes are those sent, compressed as they were: the client still inflates and parses them.
let floorBody: { bytes: Buffer; encoding: string | undefined; plainLength: number } = { bytes: Buffer.from('{}'), encoding: undefined, plainLength: 2 };
const floorServer = http.createServer((req, res) => {
  req.resume();
  req.on('end', () =>
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...(floorBody.encoding ? { 'content-encoding': floorBody.encoding } : {}) }).end(floorBody.bytes),
  );
});
/** What a list call sent, byte for byte (node:http does not inflate), and its plain length. */
async function sentBytes(path: string, body: unknown): Promise<typeof floorBody> {
  const plainLength = (await (await fetch(base + path, { method: 'POST', headers: { ...headers, 'accept-encoding': 'identity' }, body: JSON.stringify(body) })).text()).length;
  return new Promise((resolve, reject) => {
    const request = http.request(base + path, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ bytes: Buffer.concat(chunks), encoding: response.headers['content-encoding'], plainLength }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}
await new Promise<void>((done) => floorServer.listen(0, '127.0.0.1', done));
const floorUrl = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}/`;

if (runs('list')) {
  const dayMs = 86_400_000;
  const payFrom = new Date(Date.now() - 10 * dayMs).toISOString();
  const payTo = new Date().toISOString();
  const someCode = (await env.pool.query<{ code: string }>(`select code from erp_orders where domain_id = $1 order by id limit 1 offset $2`, [domainId, Math.floor(size.orders / 3)])).rows[0]!.code;
  const cases: { label: string; body: Record<string, unknown> }[] = [
    { label: 'tab 1', body: { activeKey: '1' } },
    { label: 'tab 6', body: { activeKey: '6' } },
    { label: 'tab 1, store + pay time 10 days', body: { activeKey: '1', storeIdList: [world.storeIds[3]], payTimeFrom: payFrom, payTimeTo: payTo } },
    { label: 'tab 6, store + pay time 10 days', body: { activeKey: '6', storeIdList: [world.storeIds[3]], payTimeFrom: payFrom, payTimeTo: payTo } },
    { label: 'tab 6, code keyword', body: { activeKey: '6', codeKeywords: someCode } },
  ];
  const rows: Timing[] = [];
  const totals: string[] = [];
  for (const c of cases) {
    for (const pageSize of [100, 1000]) {
      const body = { ...c.body, currentPage: 1, pageSize };
      const input = OrderSearchInput.parse(body);
      const n = pageSize === 100 ? LIST_N : Math.max(5, Math.floor(LIST_N / 4));
      let total = 0;
      rows.push(
        await measure(`list HTTP ${c.label}, page ${pageSize}`, n, 1, async () => {
          total = (await post<{ total: number }>('/myhome/erpsoh/searchErpSoHPageList', body)).total;
        }),
      );
      floorBody = await sentBytes('/myhome/erpsoh/searchErpSoHPageList', body);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      const sent = floorBody.encoding ? `${kb(floorBody.plainLength)}, ${kb(floorBody.bytes.length)} in ${floorBody.encoding}` : kb(floorBody.plainLength);
      rows.push(
        await measure(`list HTTP floor: the same ${sent} from a bare server`, n, 1, async () => {
          await (await fetch(floorUrl, { method: 'POST', headers, body: JSON.stringify(body) })).json();
        }),
      );
      const q = searchOrderIdsQueries(domainId, input);
      rows.push(
        await measure(`list SQL  ${c.label}, page ${pageSize}`, n, 1, async () => {
          // The same shape as the service (runOrderIdsQueries): the page then its rows, beside the total.
          await runOrderIdsQueries(q, raw, rawLoad);
        }),
      );
      if (pageSize === 100) totals.push(`${c.label}: total ${total}`);
    }
    const filters = OrderSearchInput.parse(c.body);
    rows.push(await measure(`count HTTP ${c.label}`, LIST_N, 1, () => post('/myhome/erpsoh/searchCount', c.body)));
    const cq = countOrderTabsQueries(domainId, filters);
    rows.push(
      await measure(`count SQL  ${c.label}`, LIST_N, 1, async () => {
        await Promise.all([raw(cq.statuses), raw(cq.exceptions)]);
      }),
    );
  }
  console.log(totals.join('; '));
  rows.push(await measure('list HTTP tab 1, page 100, 8 callers', LIST_N * 4, 8, () => post('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '1', currentPage: 1, pageSize: 100 })));
  printTable(rows);
  console.log();
}

const once = (label: string, ms: number, items: number): Timing => ({ label, count: 1, p50: ms / 1000, p95: ms / 1000, perSecond: items / (ms / 1000) });
const other: Timing[] = [];

// ---- refresh out-of-stock over the pending orders ------------------------------------------
if (runs('refresh')) {
  for (let run = 1; run <= 2; run++) {
    t0 = performance.now();
    const r = await post<{ total: number; stockOut: number; inStock: number }>('/myhome/erpsoh/refreshStockOut', {});
    const ms = performance.now() - t0;
    console.log(`refresh out-of-stock run ${run}: ${JSON.stringify(r)} in ${(ms / 1000).toFixed(2)} s`);
    other.push(once(`refresh out-of-stock, ${r.total} pending orders, run ${run} (s)`, ms, r.total));
  }
}

// ---- verify 10,000 orders: HTTP batches of 100, several callers ----------------------------
let next = 0;
if (runs('verify')) {
  const pendingIds = (
    await env.pool.query<{ id: string }>(`select id from erp_orders where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_NORMAL' order by id limit $2`, [domainId, VERIFY])
  ).rows.map((r) => Number(r.id));
  const batches: number[][] = [];
  for (let i = 0; i < pendingIds.length; i += 100) batches.push(pendingIds.slice(i, i + 100));
  let verified = 0;
  const failures = new Map<string, number>();
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: VERIFY_CALLERS }, async () => {
      while (next < batches.length) {
        const idList = batches[next++]!;
        const r = await post<OrderBatchResult>('/myhome/erpsoh/verify', { idList });
        verified += r.successIds.length;
        for (const f of r.failures) failures.set(f.errorCode, (failures.get(f.errorCode) ?? 0) + 1);
      }
    }),
  );
  const verifyMs = performance.now() - t0;
  console.log(`verify: ${verified} of ${pendingIds.length} reviewed in ${(verifyMs / 1000).toFixed(2)} s; refusals ${JSON.stringify(Object.fromEntries(failures))}`);
  other.push(once(`verify ${pendingIds.length} orders, batches of 100, ${VERIFY_CALLERS} callers (s)`, verifyMs, pendingIds.length));
}

// ---- ingest through the signed HTTP endpoint ------------------------------------------------
if (runs('ingest')) {
  const runTag = Date.now().toString(36);
  function ingestBody(batch: number): string {
    const orders = Array.from({ length: INGEST_BATCH }, (_, k) => {
      const i = batch * INGEST_BATCH + k;
      return {
        platformNo: `BI${runTag}-${i}`,
        status: 'WAIT_SELLER_SEND_GOODS',
        buyerNick: `ingest-buyer-${i % 5000}`,
        receiver: { name: `收件人${i % 1000}`, phone: `139${String(i % 100_000_000).padStart(8, '0')}`, province: '浙江省', city: '杭州市', district: '西湖区', address: `文三路 ${i % 500} 号` },
        amount: '89.70',
        payTime: new Date().toISOString(),
        lines: [1, 2, 3].map((n) => {
          const code = world.skuCodes(i * 3 + n * 7919);
          return { tbSkuId: `TB-${code}`, outerSkuId: code, title: `Bench goods ${code}`, qty: 2, price: '14.95' };
        }),
      };
    });
    return JSON.stringify(orders);
  }
  async function ingest(batch: number): Promise<number> {
    const body = ingestBody(batch);
    const timestamp = String(Date.now());
    const nonce = randomUUID();
    const signature = createHmac('sha256', world.selfDefinedSecret).update(ingestSigningText(timestamp, nonce, body)).digest('hex');
    const answer = (await (
      await fetch(`${base}/open/orders/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-store-id': String(world.selfDefinedStoreId), 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature },
        body,
      })
    ).json()) as { success: boolean; data: { outcome: string; errorMsg: string | null }[] };
    if (!answer.success) throw new Error(`ingest: ${JSON.stringify(answer).slice(0, 500)}`);
    const failed = answer.data.find((item) => item.outcome !== 'created');
    if (failed) throw new Error(`ingest: ${JSON.stringify(failed)}`);
    return answer.data.length;
  }
  await ingest(1_000_000); // warm-up batch (not counted)
  const ingestBatches = Math.ceil(INGEST / INGEST_BATCH);
  let created = 0;
  next = 0;
  const batchTimes: number[] = [];
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CALLERS }, async () => {
      while (next < ingestBatches) {
        const b = next++;
        const s = performance.now();
        const n = await ingest(b); // (not `created += await …`: that reads `created` before the wait)
        created += n;
        batchTimes.push(performance.now() - s);
      }
    }),
  );
  const ingestMs = performance.now() - t0;
  batchTimes.sort((a, b) => a - b);
  const unmapped = (
    await env.pool.query<{ n: number }>(`select count(*)::int as n from erp_orders where domain_id = $1 and store_id = $2 and labels @> '{ORDER_TBSKU_EXCEPTION}'`, [domainId, world.selfDefinedStoreId])
  ).rows[0]!.n;
  console.log(`ingest: ${created} orders created of ${ingestBatches * INGEST_BATCH} in ${(ingestMs / 1000).toFixed(2)} s; batch p50 ${batchTimes[Math.floor(batchTimes.length / 2)]!.toFixed(0)} ms; unmapped orders ${unmapped}`);
  other.push(once(`ingest ${ingestBatches * INGEST_BATCH} orders × 3 lines, batches of ${INGEST_BATCH}, ${INGEST_CALLERS} callers (s)`, ingestMs, created));
}

printTable(other);

floorServer.close();
await env.close();
process.exit(0);
