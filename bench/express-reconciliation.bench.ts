// Courier bill matching at scale (issue 19 must-have 6: a 100,000-line courier bill matched in
// under 10 s). One seller with ORDERS orders, the shipped ones given STO waybill numbers after a
// freight template for every province was made; a bill of LINES lines (1 in 10 over-charged, 1 in
// 100 for no parcel of ours) is read by the carrier's column template, checked and loaded with its
// matching in one transaction, as the import job does; then the matching statement alone is run
// again (raw SQL through the same function, and over HTTP as rematch), and printed.
//   npx tsx bench/express-reconciliation.bench.ts     (LINES=100000 ORDERS=150000 by default)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Language } from '@openseller/core';
import { createFreightService } from '../apps/server/src/modules/freight/freight.service.js';
import { createExpressBillImporter } from '../apps/server/src/modules/freight/freight.importer.js';
import { matchBillLines } from '../apps/server/src/modules/freight/freight.queries.js';
import { readImportSheet, type ImportContext } from '../apps/server/src/platform/imports.js';
import type { Session } from '../apps/server/src/platform/sessions.js';
import { machine, printTable, signIn, startBenchEnv, timingOf, type Timing } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const LINES = num('LINES', 100_000);
const size = { orders: num('ORDERS', Math.round(LINES * 1.5)), skus: 2_000, stores: 10, warehouses: 2, otherDomains: 1, otherOrders: 10_000, pending: 1_000 };
const env = await startBenchEnv('express_reconciliation');
console.log(`machine: ${machine()}; load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`sizes: ${JSON.stringify({ ...size, lines: LINES })}`);
const q = env.pool.query.bind(env.pool);
let t0 = performance.now();
const world = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
const { domainId } = world;
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const service = createFreightService({ database: env.database });
const actor = { userId: 0, loginName: 'bench', domainId };
await q(`insert into domain_express_companies (domain_id, code, sort_index) values ($1, 'STO', 1) on conflict do nothing`, [domainId]).catch(() => undefined);
const provinces = (await q(`select distinct receiver_province p from erp_orders where domain_id = $1 and receiver_province is not null`, [domainId])).rows.map((r) => String(r.p));
await service.createTemplate(
  domainId,
  actor,
  { name: 'STO road', expressCompanyCode: 'STO', deliveryMethod: 1, areas: provinces.map((province) => ({ province, city: null, firstWeight: 1000, firstFee: 500, additionalWeight: 1000, additionalFee: 200 })) },
  'en',
);
const billTemplate = await service.createReconciliation(
  domainId,
  actor,
  { name: 'STO bill', expressCompanyCode: 'STO', waybillNoColumn: '运单号', weightColumn: '计费重量', feeColumn: '运费', timeColumn: null, weightUnit: 'KG', feeUnit: 'YUAN', weightTolerance: 100, feeTolerance: 50 },
  'en',
);
await q(
  `update erp_orders set express_company_code = 'STO', express_no = 'STO' || id, delivery_time = now() + interval '1 second', weight_total = 0.5 + (id % 8) * 0.25
   where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_SEND'`,
  [domainId],
);
await q('vacuum analyze erp_orders');
const parcels = (await q(`select express_no, weight_total::text w from erp_orders where domain_id = $1 and express_no is not null order by id limit $2`, [domainId, LINES])).rows as { express_no: string; w: string }[];
console.log(`shipped parcels used: ${parcels.length}`);

// The bill: our parcels at their template price, every 10th over-charged by 3 yuan, every 100th a waybill we never shipped.
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('bill');
sheet.addRow(['运单号', '计费重量', '运费']);
for (let i = 0; i < LINES; i++) {
  const p = parcels[i % parcels.length]!;
  const grams = Math.round(Number(p.w) * 1000);
  const fee = 500 + Math.ceil(Math.max(0, grams - 1000) / 1000) * 200 + (i % 10 === 0 ? 300 : 0);
  sheet.addRow([i % 100 === 1 || i >= parcels.length ? `XX${i}` : p.express_no, p.w, (fee / 100).toFixed(2)]);
}
const file = Buffer.from(await workbook.xlsx.writeBuffer());
console.log(`bill: ${LINES} lines, ${(file.length / 1e6).toFixed(1)} MB`);

const importer = createExpressBillImporter(() => service);
const rows: Timing[] = [];
const language: Language = 'en';
let reading!: Awaited<ReturnType<typeof readImportSheet<{ expressNo: string; weight: string; fee: string }>>>;
t0 = performance.now();
await env.database.db.transaction(async (tx) => {
  const ctx: ImportContext = { tx, session: {} as Session, domainId, language, options: { reconciliationId: billTemplate.id } };
  reading = await readImportSheet(importer, file, ctx);
});
rows.push(timingOf(`read + check ${LINES} lines (.xlsx, column template, duplicates)`, [performance.now() - t0], performance.now() - t0));
const read = reading as Extract<typeof reading, { outcome: 'READ' }>;
if (read.outcome !== 'READ' || read.problems.length) throw new Error(`bill not read: ${JSON.stringify(reading).slice(0, 300)}`);
t0 = performance.now();
const loaded = await env.database.db.transaction(async (tx) => {
  const ctx: ImportContext = { tx, session: {} as Session, domainId, language, options: { reconciliationId: billTemplate.id } };
  return importer.load(read.good.map((g) => g.row), ctx, async () => undefined);
});
const loadMs = performance.now() - t0;
rows.push(timingOf(`load + match ${LINES} lines in one transaction`, [loadMs], loadMs));
console.log(`load result: ${JSON.stringify(loaded)}`);

t0 = performance.now();
const again = await env.database.db.transaction((tx) => matchBillLines(tx, domainId, null));
rows.push(timingOf(`matching statement alone (SQL), ${again.lines} lines`, [performance.now() - t0], performance.now() - t0));
const post = await signIn(env.baseUrl, world.loginName, world.password);
t0 = performance.now();
await post('/cloud/core/expressReconciliation/rematch', {});
rows.push(timingOf(`HTTP expressReconciliation/rematch, ${again.lines} lines`, [performance.now() - t0], performance.now() - t0));
t0 = performance.now();
const summary = await post<unknown[]>('/cloud/core/expressReconciliation/billSummary', {});
rows.push(timingOf('HTTP billSummary (month × courier totals)', [performance.now() - t0], performance.now() - t0));
t0 = performance.now();
await post('/cloud/core/expressReconciliation/billLines', { flag: 'OVER_CHARGE', pageSize: 50 });
rows.push(timingOf('HTTP billLines flag OVER_CHARGE page 50 + count', [performance.now() - t0], performance.now() - t0));
console.log(`summary: ${JSON.stringify(summary)}`);
const explain = await env.database.db.execute(sql`explain (analyze, buffers off, timing off) select count(*) from express_bill_lines l join erp_orders o on o.domain_id = l.domain_id and o.express_company_code = l.express_company_code and o.express_no = l.express_no where l.domain_id = ${domainId}`);
console.log('join plan:\n' + explain.rows.map((r) => Object.values(r)[0]).join('\n'));
printTable(rows);
console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
await env.close();
