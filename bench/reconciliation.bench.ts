// Platform reconciliation (issue #19 item 6): N shipped orders of one store, a bill of ~N × 3
// lines (sale, commission, service fee; one order in 50 short-paid, one in 40 refunded a month
// later, a few lines for orders we do not have) loaded into the ledger by the module's own insert
// (jsonb_to_recordset chunks, on conflict do nothing) and reconciled by the module's one statement,
// beside the raw SQL of the matching query alone.
//   npx tsx bench/reconciliation.bench.ts   (ORDERS=1000000 for the size: NOT on a shared machine)
import { sql } from 'drizzle-orm';
import { machine, startBenchEnv } from './lib.js';
import { insertMoneyEvents, reconcileInTx } from '../apps/server/src/modules/reconciliation/index.js';
import type { MoneyEventDraft } from '../apps/server/src/modules/reconciliation/bill-formats.js';

const ORDERS = Number(process.env.ORDERS ?? 20_000);
const env = await startBenchEnv('reconciliation');
const { db } = env.database;
console.log(`machine: ${machine()}`);
console.log(`data: ${ORDERS} shipped orders of one store, ~${ORDERS * 3} bill lines`);

// ---- orders ------------------------------------------------------------------------------
let t0 = Date.now();
const { rows: [domain] } = await env.pool.query<{ id: number }>(`insert into domains (name, level) values ('Bench shop', 'PRO') returning id`);
const domainId = Number(domain!.id);
const { rows: [store] } = await env.pool.query<{ id: number }>(`insert into stores (domain_id, name, store_type, platform_code) values ($1, 'Bench store', 1, 'SANDBOX') returning id`, [domainId]);
const storeId = Number(store!.id);
await env.pool.query(`
  insert into erp_orders (domain_id, code, status_code, store_id, platform_code, platform_nos, amount_total, delivery_time, created_at)
  select $1, 'SO' || g, 'CI_ERPSOH_STATUS_SEND', $2, 'SANDBOX', array['P' || g], 100 + g % 50, timestamptz '2026-10-01 00:00:00+08' + (g % 28 || ' days')::interval, now()
  from generate_series(1, ${ORDERS}) g`, [domainId, storeId]);
await env.pool.query(`
  insert into platform_orders (domain_id, store_id, platform_no, platform_status, payload, erp_order_id)
  select domain_id, store_id, platform_nos[1], 'WAIT_BUYER_CONFIRM_GOODS', jsonb_build_object('amount', amount_total::text, 'postFee', '0'), id
  from erp_orders where domain_id = $1`, [domainId]);
await env.pool.query('analyze');
console.log(`orders generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// ---- the bill, as parsed drafts ------------------------------------------------------------
const drafts: MoneyEventDraft[] = [];
for (let g = 1; g <= ORDERS; g++) {
  const paid = (100 + (g % 50)) * 100;
  const settledAt = new Date(Date.UTC(2026, 9, 1 + (g % 28), 2));
  const base = { orderNo: `P${g}`, subOrderNo: null, afterSaleNo: null, occurredAt: settledAt, settledAt, raw: {} };
  drafts.push({ ...base, sourceLineId: `${g}:sale`, eventType: 'sale', amountFen: g % 50 === 0 ? paid - 100 : paid });
  drafts.push({ ...base, sourceLineId: `${g}:commission`, eventType: 'fee:commission', amountFen: -Math.round(paid * 0.05) });
  drafts.push({ ...base, sourceLineId: `${g}:service`, eventType: 'fee:service', amountFen: -Math.round(paid * 0.006) });
  if (g % 40 === 0) drafts.push({ ...base, settledAt: new Date(Date.UTC(2026, 10, 5)), afterSaleNo: `R${g}`, sourceLineId: `${g}:refund`, eventType: 'refund', amountFen: -1000 });
}
for (let g = 1; g <= Math.max(1, ORDERS / 1000); g++) drafts.push({ orderNo: `X${g}`, subOrderNo: null, afterSaleNo: null, occurredAt: null, settledAt: new Date(Date.UTC(2026, 9, 3)), raw: {}, sourceLineId: `x${g}`, eventType: 'sale', amountFen: 999 });

// ---- load + reconcile (the module's code) ----------------------------------------------------
t0 = Date.now();
const inserted = await db.transaction((tx) => insertMoneyEvents(tx, domainId, { id: storeId, platformCode: 'SANDBOX' }, 'SANDBOX', null, drafts));
const loadMs = Date.now() - t0;
t0 = Date.now();
const outcome = await db.transaction((tx) => reconcileInTx(tx, domainId, storeId, new Date()));
const reconcileMs = Date.now() - t0;
t0 = Date.now();
const again = await db.transaction((tx) => insertMoneyEvents(tx, domainId, { id: storeId, platformCode: 'SANDBOX' }, 'SANDBOX', null, drafts));
const reloadMs = Date.now() - t0;
t0 = Date.now();
await db.transaction((tx) => reconcileInTx(tx, domainId, storeId, new Date()));
const rereconcileMs = Date.now() - t0;

// ---- the raw SQL of the matching query alone (no upsert) ----------------------------------------
t0 = Date.now();
await db.execute(sql`
  select e.order_no, sum(e.amount_fen) as received, max(o.amount_total) as shipped
  from money_events e left join platform_orders p on p.domain_id = e.domain_id and p.store_id = e.store_id and p.platform_no = e.order_no
  left join erp_orders o on o.domain_id = p.domain_id and o.id = p.erp_order_id
  where e.domain_id = ${domainId} and e.store_id = ${storeId}
  group by e.order_no`);
const rawMs = Date.now() - t0;

console.log(`\nlines: ${drafts.length} (inserted ${inserted}; a second load inserted ${again})`);
console.log(`status counts: ${JSON.stringify(outcome.statusCounts)}`);
console.log('| step | ms |\n|---|---|');
console.log(`| load ${drafts.length} lines | ${loadMs} |`);
console.log(`| reconcile ${outcome.orders} orders (one statement, upsert) | ${reconcileMs} |`);
console.log(`| load the same lines again (all duplicates) | ${reloadMs} |`);
console.log(`| reconcile again (nothing changed) | ${rereconcileMs} |`);
console.log(`| raw SQL: the grouping and join alone | ${rawMs} |`);
await env.close();
