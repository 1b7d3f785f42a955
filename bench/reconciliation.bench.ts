// Platform reconciliation at size (issue #19 must-have 6: "1,000,000 bill lines imported and
// reconciled against 1,000,000 orders in under 60 s, measured beside the raw SQL of the matching
// query"). One store of ORDERS shipped orders (generated set-based in SQL), and its bill as the
// seller downloads it: an Alipay business-detail zip of a GBK CSV with `#` comment lines, one 交易
// line per order (sale + service fee: two ledger events; one order in 50 short-paid) and a 退款
// line a month later for one order in 40. The file is imported by the product's own task
// (service.runImport: unzip, decode, read a chunk of lines at a time, check every line and that
// every order exists, load into the ledger, reconcile, all in one transaction),
// its stages timed from the task's progress row; then the same file again (all duplicates), the
// reconciliation again (nothing changed), and the raw SQL of the matching query alone.
// BEFORE=<commit> runs the reconciliation module as it was at that commit first, on the same data
// (the ledger emptied between the two), and compares what both left: every ledger line and every
// reconciliation must be equal. With BENCH_DATABASE_URL and BENCH_DATABASE the generated orders are
// kept and reused by the next run (drop that database at the end).
//   ORDERS=1000000 BEFORE=7fa26b30 npx tsx bench/reconciliation.bench.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { createFileStore } from '../apps/server/src/platform/file-store.js';
import { execFileSync } from 'node:child_process';
import * as current from '../apps/server/src/modules/reconciliation/reconciliation.service.js';
import { machine, startBenchEnv, statementClock } from './lib.js';

const ORDERS = Number(process.env.ORDERS ?? 200_000);
const env = await startBenchEnv('reconciliation');
const q = env.pool.query.bind(env.pool);
console.log(`machine: ${machine()}; load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`data: ${ORDERS} shipped orders of one store`);

// ---- orders (set-based; kept from an earlier run of the same size when the database is kept) ----
let t0 = performance.now();
const { rows: kept } = await q<{ domain_id: number; store_id: number; n: number }>(
  `select d.id as domain_id, s.id as store_id, (select count(*)::int from erp_orders o where o.domain_id = d.id) as n
   from domains d join stores s on s.domain_id = d.id where d.name = 'Bench shop' order by d.id desc limit 1`,
);
let domainId: number;
let storeId: number;
if (kept[0] && kept[0].n === ORDERS) {
  domainId = Number(kept[0].domain_id);
  storeId = Number(kept[0].store_id);
  console.log(`orders: the ${ORDERS} orders of an earlier run, reused`);
} else {
  const { rows: [domain] } = await q<{ id: number }>(`insert into domains (name, level) values ('Bench shop', 'PRO') returning id`);
  domainId = Number(domain!.id);
  const { rows: [store] } = await q<{ id: number }>(`insert into stores (domain_id, name, store_type, platform_code) values ($1, 'Bench store', 1, 'TAOBAO') returning id`, [domainId]);
  storeId = Number(store!.id);
  await q(`
    insert into erp_orders (domain_id, code, status_code, store_id, platform_code, platform_nos, amount_total, delivery_time, created_at)
    select $1, 'SO' || g, 'CI_ERPSOH_STATUS_SEND', $2, 'TAOBAO', array['P' || g], 100 + g % 50, timestamptz '2026-10-01 00:00:00+08' + (g % 28 || ' days')::interval, now()
    from generate_series(1, ${ORDERS}) g`, [domainId, storeId]);
  await q(`
    insert into platform_orders (domain_id, store_id, platform_no, platform_status, payload, erp_order_id)
    select domain_id, store_id, platform_nos[1], 'WAIT_BUYER_CONFIRM_GOODS', jsonb_build_object('amount', amount_total::text, 'postFee', '0'), id
    from erp_orders where domain_id = $1`, [domainId]);
  await q('vacuum analyze erp_orders');
  await q('vacuum analyze platform_orders');
  console.log(`orders generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

// ---- the bill file ------------------------------------------------------------------------
t0 = performance.now();
const HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
const yuan = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
const lines: string[] = ['#支付宝业务明细查询', '#账号：[20881234567890120156]', '#-----------------------------------------业务明细列表----------------------------------------', HEADER];
let billLines = 0;
for (let g = 1; g <= ORDERS; g++) {
  const paid = (100 + (g % 50)) * 100;
  const day = String(1 + (g % 28)).padStart(2, '0');
  const at = `2026-10-${day} 10:00:00`;
  const fee = Math.round(paid * 0.006);
  lines.push(`2026${g}\t,P${g}\t,交易,商品,${at},${at},,,,,buyer@example.com,${yuan(paid)},${yuan(g % 50 === 0 ? paid - 100 : paid)},0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,${yuan(-fee)},0.00,`);
  billLines++;
  if (g % 40 === 0) {
    lines.push(`2026${g}\t,P${g}\t,退款,商品,2026-11-05 09:00:00,2026-11-05 09:00:00,,,,,buyer@example.com,${yuan(paid)},-10.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,RB${g},0.06,0.00,`);
    billLines++;
  }
}
lines.push('#-----------------------------------------业务明细列表结束------------------------------------', `#交易合计：${billLines}笔`);
const gbk = iconv.encode(lines.join('\r\n'), 'gbk');
lines.length = 0;
const zip = new JSZip();
zip.file('20881234567890120156_20261201_业务明细.csv', gbk);
const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
console.log(`bill: ${billLines} lines, ${(gbk.length / 1e6).toFixed(0)} MB of GBK CSV, ${(data.length / 1e6).toFixed(0)} MB zipped; made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// ---- the product's import task, as it is and (BEFORE) as it was ------------------------------
type Module = typeof current;
const filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-bench-files-'));
const files = createFileStore({ db: env.database.db, root: filesRoot });

/** The module's files as they were at `commit`, beside the module (its relative imports hold). */
async function moduleAt(commit: string): Promise<Module> {
  const dir = path.join(import.meta.dirname, '../apps/server/src/modules/reconciliation/.bench-before');
  fs.mkdirSync(dir, { recursive: true });
  for (const name of ['reconciliation.service.ts', 'reconciliation.sql.ts', 'bill-formats.ts', 'bill-stage.ts']) {
    let text: string;
    try {
      text = execFileSync('git', ['show', `${commit}:apps/server/src/modules/reconciliation/${name}`], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      continue; // not a file of the module at that commit
    }
    fs.writeFileSync(path.join(dir, name), text.replaceAll("from '../../", "from '../../../"));
  }
  return (await import(path.join(dir, 'reconciliation.service.ts'))) as Module;
}

interface Trial {
  label: string;
  importMs: number;
  stages: Record<string, number>;
  rereconcileMs: number;
  againMs: number;
  statuses: string;
  events: number;
}

async function trial(label: string, module: Module): Promise<Trial> {
  // The same start for each: an empty ledger and no reconciliation, the WAL checkpointed.
  await q('truncate money_events, reconciliations, bill_imports, bill_lines');
  await q('checkpoint');
  const service = module.createReconciliationService({ database: env.database, files, bills: { pull: async () => null }, jobs: null });
  async function importOnce(what: string) {
    const file = await files.save({ domainId, useType: 'BILL_IMPORT', originalName: 'bill.zip', extension: 'zip', data });
    const { rows: [task] } = await q<{ id: number }>(`insert into bill_imports (domain_id, store_id, file_name, file_id, status, created_by) values ($1, $2, 'bill.zip', $3, 'QUEUED', null) returning id`, [domainId, storeId, file.id]);
    const stages: Record<string, number> = {};
    const started = performance.now();
    let last = 'QUEUED';
    let lastAt = started;
    let running = true;
    // The task's progress row, as the page polls it (written outside the import's transaction).
    const watcher = (async () => {
      while (running) {
        const { rows: [r] } = await q<{ status: string; stage: string | null }>(`select status, stage from bill_imports where domain_id = $1 and id = $2`, [domainId, task!.id]);
        const now = r!.stage ?? r!.status;
        if (now !== last) {
          stages[last] = (stages[last] ?? 0) + performance.now() - lastAt;
          last = now;
          lastAt = performance.now();
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await service.runImport(domainId, Number(task!.id), 0);
    const ms = performance.now() - started;
    running = false;
    await watcher;
    stages[last] = (stages[last] ?? 0) + performance.now() - lastAt;
    const { rows: [row] } = await q(`select status, line_count, inserted, duplicates, problem_count, message from bill_imports where domain_id = $1 and id = $2`, [domainId, task!.id]);
    console.log(`${label}, ${what}: ${JSON.stringify(row)} in ${ms.toFixed(0)} ms; stages ${JSON.stringify(Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, Math.round(v)])))}; load average ${os.loadavg()[0]!.toFixed(1)}`);
    if ((row as { status: string }).status !== 'LOADED') throw new Error(`${label}: the bill was not loaded`);
    return { ms, stages };
  }
  // STATEMENTS=1: the first import's statements, timed one by one (what each phase costs).
  statementClock.on = process.env.STATEMENTS === '1';
  statementClock.times.clear();
  const first = await importOnce('import');
  if (statementClock.on) statementClock.print(10, 1);
  statementClock.on = false;
  const { rows: counts } = await q(`select status, count(*)::int n from reconciliations where domain_id = $1 group by status order by status`, [domainId]);
  const statuses = counts.map((c) => `${c.status} ${c.n}`).join(', ');
  const { rows: [ledger] } = await q<{ n: number }>(`select count(*)::int n from money_events where domain_id = $1`, [domainId]);
  console.log(`${label}: statuses ${statuses}; ledger events ${ledger!.n}`);
  const t1 = performance.now();
  await env.database.db.transaction((tx) => module.reconcileInTx(tx, domainId, storeId, new Date()));
  const rereconcileMs = performance.now() - t1;
  // AGAIN=0 leaves out the second import of the same file (all duplicates); AGAIN=after runs it for this tree only.
  const again = process.env.AGAIN !== '0' && (process.env.AGAIN !== 'after' || module === current);
  let againMs = Number.NaN;
  if (again) {
    statementClock.on = process.env.STATEMENTS === '1';
    statementClock.times.clear();
    againMs = (await importOnce('the same file again')).ms;
    if (statementClock.on) statementClock.print(6, 1);
    statementClock.on = false;
  }
  return { label, importMs: first.ms, stages: first.stages, rereconcileMs, againMs, statuses, events: ledger!.n };
}

const RECON_COLUMNS = `store_id, order_no, erp_order_id, erp_order_code, period, shipped_fen, refunded_fen, expected_fen, income_fen, expense_fen, received_fen, difference_fen,
  commission_fen, service_fee_fen, subsidy_fen, late_refund_fen, freight_fen, pending_refund_fen, unknown_fen, line_count, status, computed_status`;
const EVENT_COLUMNS = `platform, store_id, source, source_line_id, order_no, sub_order_no, after_sale_no, event_type, amount_fen, occurred_at, settled_at, bill_status, raw`;
/** The same, read from the ledger: the raw line as shown (stored once per file line in bill_lines since migration 0078, on the event before). */
const LEDGER_EVENT_COLUMNS = EVENT_COLUMNS.replace(
  /raw$/,
  `coalesce(raw, (select jsonb_build_object('line', l.line, 'text', l.text) from bill_lines l where l.domain_id = money_events.domain_id and l.import_id = money_events.import_id and l.seq = money_events.bill_line)) as raw`,
);

const trials: Trial[] = [];
try {
  if (process.env.BEFORE) {
    // The schema as it was too: the ledger's and the reconciliations' own keys to domains (dropped by
    // migration 0077; NOT VALID: the rows written are checked, as they were, the rows there are not).
    const ownDomainKeys = [
      ['money_events', 'money_events_domain_id_domains_id_fk'],
      ['reconciliations', 'reconciliations_domain_id_domains_id_fk'],
    ] as const;
    const { rows: present } = await q<{ conname: string }>(`select conname from pg_constraint where conname = any($1)`, [ownDomainKeys.map(([, k]) => k)]);
    const added = ownDomainKeys.filter(([, k]) => !present.some((p) => p.conname === k));
    for (const [table, key] of added) await q(`alter table ${table} add constraint ${key} foreign key (domain_id) references domains(id) not valid`);
    try {
      trials.push(await trial(`before (${process.env.BEFORE})`, await moduleAt(process.env.BEFORE)));
    } finally {
      for (const [table, key] of added) await q(`alter table ${table} drop constraint ${key}`);
    }
    await q('drop table if exists bench_before_recon, bench_before_events');
    await q(`create table bench_before_recon as select ${RECON_COLUMNS} from reconciliations where domain_id = $1`, [domainId]);
    await q(`create table bench_before_events as select ${LEDGER_EVENT_COLUMNS} from money_events where domain_id = $1`, [domainId]);
  }
  trials.push(await trial('after (this tree)', current));
  if (process.env.BEFORE) {
    const differ = async (table: string, columns: string, before: string, liveColumns = columns) => {
      const { rows: [d] } = await q<{ n: number }>(
        `select (select count(*) from (select ${liveColumns} from ${table} where domain_id = $1 except all select ${columns} from ${before}) x)::int
              + (select count(*) from (select ${columns} from ${before} except all select ${liveColumns} from ${table} where domain_id = $1) y)::int as n`,
        [domainId],
      );
      return d!.n;
    };
    const reconDiff = await differ('reconciliations', RECON_COLUMNS, 'bench_before_recon');
    const eventDiff = await differ('money_events', EVENT_COLUMNS, 'bench_before_events', LEDGER_EVENT_COLUMNS);
    console.log(`compared with before: ${reconDiff} reconciliations differ, ${eventDiff} ledger lines differ`);
    await q('drop table bench_before_recon, bench_before_events');
    if (reconDiff || eventDiff) process.exitCode = 1;
  }
} finally {
  fs.rmSync(path.join(import.meta.dirname, '../apps/server/src/modules/reconciliation/.bench-before'), { recursive: true, force: true });
}

// ---- the raw SQL of the matching query alone (no upsert) ----------------------------------------
t0 = performance.now();
await q(
  `select e.order_no, sum(e.amount_fen) as received, max(o.amount_total) as shipped
   from money_events e left join platform_orders p on p.domain_id = e.domain_id and p.store_id = e.store_id and p.platform_no = e.order_no
   left join erp_orders o on o.domain_id = p.domain_id and o.id = p.erp_order_id
   where e.domain_id = $1 and e.store_id = $2
   group by e.order_no`,
  [domainId, storeId],
);
const rawMs = performance.now() - t0;

console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const ms = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(0));
const loading = (t: Trial) => (t.stages.READING ?? 0) + (t.stages.LOADING ?? 0) + (t.stages.QUEUED ?? 0);
console.log(`\n| step (${billLines} lines, ${trials.at(-1)!.events} events × ${ORDERS} orders) | ${trials.map((t) => t.label).join(' | ')} |\n|---|${trials.map(() => '---|').join('')}`);
console.log(`| **import task: read + check + insert + reconcile, one transaction** | ${trials.map((t) => `**${ms(t.importMs)}**`).join(' | ')} |`);
console.log(`| … unzip + decode + read + check + insert (READING, LOADING) | ${trials.map((t) => ms(loading(t))).join(' | ')} |`);
console.log(`| … reconcile (RECONCILING) | ${trials.map((t) => ms(t.stages.RECONCILING ?? 0)).join(' | ')} |`);
console.log(`| reconcile the store again (nothing changed) | ${trials.map((t) => ms(t.rereconcileMs)).join(' | ')} |`);
console.log(`| the same file again (all duplicates) | ${trials.map((t) => ms(t.againMs)).join(' | ')} |`);
console.log(`| statuses | ${trials.map((t) => t.statuses).join(' | ')} |`);
console.log(`| raw SQL: the grouping and join alone | ${ms(rawMs)} |`);
fs.rmSync(filesRoot, { recursive: true, force: true });
await env.close();
