// Stock check of 50,000 lines through the real path, end to end: make the check (HTTP) → upload
// the counted quantities (.xlsx, multipart) → background check job → confirm the import →
// background load job (all counts in one statement) → confirm the check (HTTP: ADJUST movements
// through the stock engine), polled every 100 ms. Beside it, the raw SQL of the same adjustment
// from the same counted data (one transaction: lock, update the balances, append the ledger).
//   npx tsx bench/stock-check.bench.ts   (LINES=50000 LOCATIONS=500 to change sizes)
import { constants, publicEncrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/platform/password-hash.js';
import { machine, printTable, startBenchEnv, type Timing } from './lib.js';

const LINES = Number(process.env.LINES ?? 50_000);
const LOCATIONS = Number(process.env.LOCATIONS ?? 500);
const POLL_MS = 100;

const env = await startBenchEnv('stockcheck');
console.log(`machine: ${machine()}`);
console.log(`data: ${LINES} SKUs with stock, one balance each, over ${LOCATIONS} locations of one warehouse (and the same in a second warehouse for the raw SQL)`);

// The bench environment's app runs without jobs; imports need the job queue, so this app has one.
const app = await buildApp({ database: env.database, jobs: { url: env.database.url, work: true, pollingIntervalSeconds: 0.5 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// ---- generate ----------------------------------------------------------------------------
let t0 = performance.now();
const q = env.pool.query.bind(env.pool);
const { rows: domain } = await q<{ id: number }>(`insert into domains (name, level) values ('Bench stock', 'PRO') returning id`);
const domainId = Number(domain[0]!.id);
await q(`insert into users (domain_id, login_name, user_name, account_type, password_hash) values ($1, 'benchcheck', 'Bench', 'MAIN_ACCOUNT_TYPE', $2)`, [domainId, await hashPassword('Bench#2026go')]);
const warehouse = async (code: string) =>
  Number(
    (
      await q<{ id: number }>(
        `insert into warehouses (domain_id, code, name, type, contact, phone, province, city, street) values ($1, $2, $3, 'SELF_WAREHOUSE', 'Wang', '13800000000', '浙江省', '杭州市', '文三路 1 号') returning id`,
        [domainId, code, `Warehouse ${code}`],
      )
    ).rows[0]!.id,
  );
const whHttp = await warehouse('WH-HTTP');
const whSql = await warehouse('WH-SQL');
for (const wh of [whHttp, whSql]) {
  await q(`insert into warehouse_locations (domain_id, warehouse_id, code) select $1, $2, 'L' || lpad(g::text, 4, '0') from generate_series(0, ${LOCATIONS - 1}) g`, [domainId, wh]);
}
await q(`insert into spus (domain_id, code, name) select $1, 'S' || lpad(g::text, 6, '0'), 'Bench goods ' || g from generate_series(0, ${LINES - 1}) g`, [domainId]);
await q(`insert into skus (domain_id, spu_id, code, name) select domain_id, id, code, name from spus where domain_id = $1`, [domainId]);
// SKU n sits at location n % LOCATIONS with 1..100 on hand; every tenth has 1 allocated.
for (const wh of [whHttp, whSql]) {
  await q(
    `insert into stock_balances (domain_id, warehouse_id, location_id, sku_id, on_hand, allocated)
     select $1, $2, l.id, s.id, 1 + (n * 7) % 100, case when n % 10 = 0 then 1 else 0 end
     from (select id, substr(code, 2)::int as n from skus where domain_id = $1) s
     join warehouse_locations l on l.domain_id = $1 and l.warehouse_id = $2 and l.code = 'L' || lpad((s.n % ${LOCATIONS})::text, 4, '0')`,
    [domainId, wh],
  );
  await q(
    `insert into stock_ledger (domain_id, warehouse_id, location_id, sku_id, movement, on_hand_delta, allocated_delta, on_hand_after, allocated_after, doc_type)
     select domain_id, warehouse_id, location_id, sku_id, 'OPENING', on_hand, allocated, on_hand, allocated, 'BENCH' from stock_balances where domain_id = $1 and warehouse_id = $2`,
    [domainId, wh],
  );
}
await q('analyze');
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// The counted quantities: a third of the lines differ by −2..+2 (never below what is allocated).
const { rows: book } = await q<{ code: string; n: number; loc: string; on_hand: number; allocated: number }>(
  `select s.code, substr(s.code, 2)::int as n, l.code as loc, b.on_hand, b.allocated
   from stock_balances b join skus s on s.id = b.sku_id join warehouse_locations l on l.id = b.location_id
   where b.domain_id = $1 and b.warehouse_id = $2 order by s.code`,
  [domainId, whHttp],
);
const counted = book.map((b) => {
  const delta = b.n % 3 === 0 ? ((b.n * 13) % 5) - 2 : 0;
  return { loc: b.loc, code: b.code, qty: Math.max(b.allocated, b.on_hand + delta) };
});
const expectedChanged = counted.filter((c, i) => c.qty !== book[i]!.on_hand).length;

t0 = performance.now();
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('Stock check');
sheet.addRow(['Warehouse', 'Location code', 'SKU code', 'Counted quantity']);
for (const c of counted) sheet.addRow(['WH-HTTP', c.loc, c.code, c.qty]);
const file = Buffer.from(await workbook.xlsx.writeBuffer());
console.log(`spreadsheet: ${LINES} rows, ${(file.length / 1024).toFixed(0)} KiB, made in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${expectedChanged} lines differ\n`);

// ---- sign in -------------------------------------------------------------------------------
const publicKey = ((await (await fetch(`${baseUrl}/cloud/domain/security/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Bench#2026go')).toString('base64');
const login = (await (
  await fetch(`${baseUrl}/cloud/domain/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'benchcheck', password }) })
).json()) as { data: { oauthToken: { access_token: string } } };
const headers = { authorization: `Bearer ${login.data.oauthToken.access_token}`, 'accept-language': 'en' };
const post = async <T>(path: string, body: unknown): Promise<T> => {
  const answer = (await (await fetch(baseUrl + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { success: boolean; data: T };
  if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
};

interface Task {
  id: number;
  status: string;
  percentage: number;
  summary: Record<string, number>;
  result: Record<string, number> | null;
  message: string | null;
  errors: unknown[];
}

async function follow(id: number, whileStatus: string): Promise<{ task: Task; ms: number }> {
  const start = performance.now();
  for (;;) {
    const task = await post<Task>('/cloud/core/import/get', { id });
    if (task.status !== whileStatus) return { task, ms: performance.now() - start };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

// ---- end to end through HTTP and the jobs --------------------------------------------------
const start = performance.now();
let mark = start;
const lap = () => {
  const now = performance.now();
  const ms = now - mark;
  mark = now;
  return ms;
};
const check = await post<{ id: number; version: number; lineCount: number; code: string }>('/myhome/invAdjust/create', { warehouseId: whHttp });
const createMs = lap();
const form = new FormData();
form.append('kind', 'STOCK_CHECK');
form.append('uploadExcel', new Blob([new Uint8Array(file)]), 'count.xlsx');
const uploaded = (await (await fetch(`${baseUrl}/cloud/core/import/upload`, { method: 'POST', headers, body: form })).json()) as { success: boolean; data: Task };
if (!uploaded.success) throw new Error(JSON.stringify(uploaded));
const uploadMs = lap();
const parsed = await follow(uploaded.data.id, 'PARSING');
if (parsed.task.status !== 'PARSED') throw new Error(`check ended ${parsed.task.status}: ${parsed.task.message ?? JSON.stringify(parsed.task.errors.slice(0, 3))}`);
const parseMs = lap();
await post('/cloud/core/import/confirm', { id: uploaded.data.id, options: {} });
const loaded = await follow(uploaded.data.id, 'LOADING');
if (loaded.task.status !== 'DONE') throw new Error(`load ended ${loaded.task.status}: ${loaded.task.message}`);
const loadMs = lap();
const diffs = await post<{ totals: Record<string, number> }>('/myhome/invAdjust/differences', { id: check.id, pageSize: 100 });
const diffMs = lap();
const confirmed = await post<{ status: string; version: number }>('/myhome/invAdjust/confirm', { id: check.id, version: check.version });
const confirmMs = lap();
const totalMs = performance.now() - start;
console.log(`check ${check.code}: ${check.lineCount} lines; import summary ${JSON.stringify(parsed.task.summary)}; totals ${JSON.stringify(diffs.totals)}; ${confirmed.status}`);

// ---- the raw SQL of the same adjustment ------------------------------------------------------
const client = await env.pool.connect();
const rawStart = performance.now();
await client.query('begin');
const raw = await client.query<{ n: number }>(
  `with x as (select * from json_to_recordset($3::json) as x(loc text, code text, qty int)),
   old as (
     select b.id, b.warehouse_id, b.location_id, b.sku_id, b.on_hand, b.allocated, x.qty
     from x join skus s on s.domain_id = $1 and s.code = x.code and not s.del_flag
     join warehouse_locations l on l.domain_id = $1 and l.warehouse_id = $2 and l.code = x.loc
     join stock_balances b on b.domain_id = $1 and b.warehouse_id = $2 and b.location_id = l.id and b.sku_id = s.id
     order by b.warehouse_id, b.sku_id, b.location_id
     for update of b),
   upd as (
     update stock_balances b set on_hand = old.qty, version = b.version + 1, updated_at = now()
     from old where b.id = old.id and old.qty <> old.on_hand and old.qty >= old.allocated
     returning b.id)
   insert into stock_ledger (domain_id, warehouse_id, location_id, sku_id, movement, on_hand_delta, allocated_delta, on_hand_after, allocated_after, doc_type, doc_code)
   select $1, old.warehouse_id, old.location_id, old.sku_id, 'ADJUST', old.qty - old.on_hand, 0, old.qty, old.allocated, 'STOCK_CHECK', 'RAW'
   from old where old.qty <> old.on_hand and old.qty >= old.allocated and exists (select 1 from upd)`,
  [domainId, whSql, JSON.stringify(counted)],
);
await client.query('commit');
const rawMs = performance.now() - rawStart;
client.release();

// ---- what both did ---------------------------------------------------------------------------
const { rows: sameResult } = await q<{ differ: number; http_moves: number; raw_moves: number; broken: number; negative: number }>(
  `select
     (select count(*)::int from stock_balances a join stock_balances b on b.domain_id = a.domain_id and b.sku_id = a.sku_id and b.warehouse_id = $3
        where a.domain_id = $1 and a.warehouse_id = $2 and a.on_hand <> b.on_hand) as differ,
     (select count(*)::int from stock_ledger where domain_id = $1 and warehouse_id = $2 and movement = 'ADJUST') as http_moves,
     (select count(*)::int from stock_ledger where domain_id = $1 and warehouse_id = $3 and movement = 'ADJUST') as raw_moves,
     (select count(*)::int from stock_balances b
        left join (select warehouse_id, location_id, sku_id, sum(on_hand_delta) h, sum(allocated_delta) a from stock_ledger where domain_id = $1 group by 1, 2, 3) l
          on l.warehouse_id = b.warehouse_id and l.location_id = b.location_id and l.sku_id = b.sku_id
        where b.domain_id = $1 and (coalesce(l.h, 0) <> b.on_hand or coalesce(l.a, 0) <> b.allocated)) as broken,
     (select count(*)::int from stock_balances where domain_id = $1 and (on_hand < 0 or allocated > on_hand)) as negative`,
  [domainId, whHttp, whSql],
);
console.log(
  `raw SQL adjusted ${raw.rowCount} lines; HTTP ${sameResult[0]!.http_moves} ADJUST rows, raw ${sameResult[0]!.raw_moves}; balances differing between the two warehouses: ${sameResult[0]!.differ}; ` +
    `balances ≠ ledger: ${sameResult[0]!.broken}; negative or over-allocated: ${sameResult[0]!.negative}\n`,
);

const s = (label: string, ms: number, rows = LINES): Timing => ({ label, count: 1, p50: ms / 1000, p95: ms / 1000, perSecond: rows / (ms / 1000) });
printTable([
  s(`end to end, ${LINES} lines: create → upload → check → load → confirm (s)`, totalMs),
  s(`  create the check (sheet of ${check.lineCount} lines) (s)`, createMs),
  s('  upload (multipart, file stored, task queued) (s)', uploadMs),
  s('  check job: read .xlsx, parse, resolve, summarize (s)', parseMs),
  s('  load job: resolve again under lock, write all counts (2 statements) (s)', loadMs),
  s('  differences page + totals (s)', diffMs),
  s(`  confirm: ${expectedChanged} ADJUST movements through the engine (s)`, confirmMs),
  s('raw SQL: the same adjustment in one statement (s)', rawMs),
]);
console.log(`\nunder 10 s: ${totalMs < 10_000 ? 'yes' : 'NO'} (${(totalMs / 1000).toFixed(2)} s)`);

await app.close();
await env.close();
