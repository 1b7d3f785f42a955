// Goods import: a 10,000-row spreadsheet through the real import path (upload → background check
// → confirm → all-or-nothing load), timed end to end with the progress the dialog would show,
// then the same file again in cover mode, then the goods list on the loaded data.
//   npx tsx bench/goods-import.bench.ts   (ROWS=10000 VARIANTS=4 to change sizes)
import { constants, publicEncrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/platform/password-hash.js';
import { machine, measure, printTable, startBenchEnv } from './lib.js';

const ROWS = Number(process.env.ROWS ?? 10_000);
const VARIANTS = Number(process.env.VARIANTS ?? 4);
// Half the rows are goods with variants (VARIANTS rows each), half goods without.
const MULTI = Math.floor(ROWS / 2 / VARIANTS);
const SINGLE = ROWS - MULTI * VARIANTS;

const env = await startBenchEnv('goods');
console.log(`machine: ${machine()}`);
console.log(`data: ${ROWS} rows = ${SINGLE} goods without variants + ${MULTI} goods × ${VARIANTS} variants`);

// The bench environment's app runs without jobs; imports need the job queue, so this app has one.
const app = await buildApp({ database: env.database, jobs: { url: env.database.url, work: true, pollingIntervalSeconds: 0.5 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const { rows: domain } = await env.pool.query<{ id: number }>(`insert into domains (name, level) values ('Bench shop', 'PRO') returning id`);
await env.pool.query(`insert into users (domain_id, login_name, user_name, account_type, password_hash) values ($1, 'benchgoods', 'Bench', 'MAIN_ACCOUNT_TYPE', $2)`, [
  domain[0]!.id,
  await hashPassword('Bench#2026go'),
]);
const publicKey = ((await (await fetch(`${baseUrl}/cloud/domain/security/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Bench#2026go')).toString('base64');
const login = (await (
  await fetch(`${baseUrl}/cloud/domain/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'benchgoods', password }) })
).json()) as { data: { oauthToken: { access_token: string } } };
const token = login.data.oauthToken.access_token;
const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
const post = async <T>(path: string, body: unknown): Promise<T> => {
  const answer = (await (await fetch(baseUrl + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { success: boolean; data: T };
  if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
};

// ---- the spreadsheet ----------------------------------------------------------------------
const t0 = performance.now();
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('Goods');
sheet.addRow(['Goods code', 'Goods name', 'SKU code', 'Color', 'Size', 'Bar code', 'Price', 'Cost price', 'Weight (kg)', 'Length (cm)', 'Width (cm)', 'Height (cm)', 'Brand', 'Labels']);
for (let i = 0; i < SINGLE; i++) {
  sheet.addRow([`S${String(i).padStart(6, '0')}`, `Single goods ${i}`, '', '', '', `69${String(i).padStart(11, '0')}`, (i % 500) + 0.99, (i % 300) + 0.5, ((i % 900) + 1) / 1000, 20, 15, 10, 'Bench', 'bench']);
}
const sizes = ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
for (let i = 0; i < MULTI; i++) {
  for (let v = 0; v < VARIANTS; v++) {
    sheet.addRow([`M${String(i).padStart(6, '0')}`, `Goods with variants ${i}`, `M${String(i).padStart(6, '0')}-${sizes[v % sizes.length]}${v >= sizes.length ? v : ''}`, 'black', sizes[v % sizes.length], '', 59.9, 21.3, 0.35, 30, 20, 5, 'Bench', '']);
  }
}
const file = Buffer.from(await workbook.xlsx.writeBuffer());
const makeMs = performance.now() - t0;
console.log(`spreadsheet: ${(file.length / 1024).toFixed(0)} KiB made in ${(makeMs / 1000).toFixed(1)} s\n`);

interface Task {
  id: number;
  status: string;
  percentage: number;
  processedRows: number;
  totalRows: number;
  errorCount: number;
  summary: Record<string, number>;
  result: Record<string, number> | null;
  message: string | null;
}

/** Polls a task as the import dialog does, printing progress, until it leaves `while`. */
async function follow(id: number, phase: string, whileStatus: string): Promise<{ task: Task; ms: number; samples: number }> {
  const start = performance.now();
  let samples = 0;
  let lastShown = -1;
  for (;;) {
    const task = await post<Task>('/cloud/core/import/get', { id });
    if (task.status !== whileStatus) return { task, ms: performance.now() - start, samples };
    samples++;
    if (task.percentage !== lastShown) {
      console.log(`  ${phase}: ${((performance.now() - start) / 1000).toFixed(1)} s  ${task.percentage}%  (${task.processedRows}/${task.totalRows})`);
      lastShown = task.percentage;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function importOnce(label: string, options: Record<string, unknown>) {
  console.log(label);
  const start = performance.now();
  const form = new FormData();
  form.append('kind', 'GOODS');
  form.append('uploadExcel', new Blob([new Uint8Array(file)]), 'goods.xlsx');
  const uploaded = (await (await fetch(`${baseUrl}/cloud/core/import/upload`, { method: 'POST', headers, body: form })).json()) as { success: boolean; data: Task };
  if (!uploaded.success) throw new Error(JSON.stringify(uploaded));
  const uploadMs = performance.now() - start;
  const check = await follow(uploaded.data.id, 'check', 'PARSING');
  if (check.task.status !== 'PARSED') throw new Error(`check ended ${check.task.status}: ${check.task.message ?? JSON.stringify(check.task.summary)} (${check.task.errorCount} problems)`);
  console.log(`  checked: ${JSON.stringify(check.task.summary)}`);
  await post('/cloud/core/import/confirm', { id: uploaded.data.id, options });
  const load = await follow(uploaded.data.id, 'load', 'LOADING');
  if (load.task.status !== 'DONE') throw new Error(`load ended ${load.task.status}: ${load.task.message}`);
  const totalMs = performance.now() - start;
  console.log(`  loaded: ${JSON.stringify(load.task.result)}`);
  console.log(`  upload ${(uploadMs / 1000).toFixed(2)} s, check ${(check.ms / 1000).toFixed(2)} s, load ${(load.ms / 1000).toFixed(2)} s, total ${(totalMs / 1000).toFixed(2)} s\n`);
  return { uploadMs, checkMs: check.ms, loadMs: load.ms, totalMs };
}

const fresh = await importOnce(`import ${ROWS} rows (all new)`, {});
const cover = await importOnce(`import the same ${ROWS} rows again in cover mode (all existing, overwritten)`, { isCover: true });
const skip = await importOnce(`import the same ${ROWS} rows again without cover (all existing, skipped)`, {});

await env.pool.query('analyze');
const { rows: counts } = await env.pool.query<{ spus: number; skus: number }>(`select (select count(*)::int from spus) as spus, (select count(*)::int from skus) as skus`);
console.log(`loaded: ${counts[0]!.spus} goods, ${counts[0]!.skus} SKUs\n`);

const list = [
  await measure('list: searchSpuPageList page 100 (+ SKUs, count)', 200, 1, () => post('/myhome/spu/searchSpuPageList', { currentPage: 1, pageSize: 100 })),
  await measure('list: searchSpuPageList page 1000', 20, 1, () => post('/myhome/spu/searchSpuPageList', { currentPage: 1, pageSize: 1000 })),
  await measure('list: one code, contains (SPU or SKU code)', 200, 1, (i) => post('/myhome/spu/searchSpuPageList', { codeKeywords: `M${String(i % MULTI).padStart(6, '0')}-L` })),
  await measure('list: 50 codes, exact', 200, 1, (i) =>
    post('/myhome/spu/searchSpuPageList', { codeKeywords: Array.from({ length: 50 }, (_, k) => `S${String((i * 50 + k) % SINGLE).padStart(6, '0')}`).join(',') }),
  ),
  await measure('sku picker: searchSkuPageList keyword', 200, 1, (i) => post('/myhome/sku/searchSkuPageList', { keyword: `variants ${i % MULTI}` })),
];
printTable([
  { label: `import ${ROWS} rows new: upload + check + load (s)`, count: 1, p50: fresh.totalMs / 1000, p95: fresh.totalMs / 1000, perSecond: ROWS / (fresh.totalMs / 1000) },
  { label: `  of which check (s)`, count: 1, p50: fresh.checkMs / 1000, p95: fresh.checkMs / 1000, perSecond: ROWS / (fresh.checkMs / 1000) },
  { label: `  of which load (s)`, count: 1, p50: fresh.loadMs / 1000, p95: fresh.loadMs / 1000, perSecond: ROWS / (fresh.loadMs / 1000) },
  { label: `import ${ROWS} rows cover mode (s)`, count: 1, p50: cover.totalMs / 1000, p95: cover.totalMs / 1000, perSecond: ROWS / (cover.totalMs / 1000) },
  { label: `import ${ROWS} rows skipped (s)`, count: 1, p50: skip.totalMs / 1000, p95: skip.totalMs / 1000, perSecond: ROWS / (skip.totalMs / 1000) },
  ...list,
]);

await app.close();
await env.close();
