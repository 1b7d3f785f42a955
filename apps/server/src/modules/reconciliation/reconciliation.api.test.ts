// Platform bills and reconciliation over HTTP, on a fresh database: bill files (an Alipay
// business-detail zip of GBK CSV, an account-detail CSV, Douyin files) loaded all or nothing and
// once only; the sandbox marketplace's settlement bills pulled; orders reconciled with the
// difference split by kind; a late refund reopening its order; manual success with a reason,
// undone; bill lines recorded; the billing summary; another domain reads and changes nothing.
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/factories/orders.js';
import { authorizedSandboxStore, createStore, storeSeller, type StoreSeller } from '../../../test/factories/stores.js';
import { generateSandboxOrders } from '../../../test/factories/orders-ingest.js';
import { createTestApp, uniqueName } from '../../../test/harness.js';
import { lockLedgerStores } from './bill-stage.js';
import { eventRaw } from './reconciliation.queries.js';

const t = await createTestApp();

async function ok(answer: Promise<{ body: any }>) {
  const { body } = await answer;
  if (!body.success) throw new Error(`refused: ${JSON.stringify(body)}`);
  return body.data as any;
}

const search = (token: string, body: Record<string, unknown> = {}) => t.call('/cloud/advance/finance/reconciliation/search', body, { token });
const bills = (token: string, body: Record<string, unknown> = {}) => t.call('/cloud/advance/finance/alipayBill/search', body, { token });
const upload = (token: string, storeId: number, name: string, data: Buffer, loadMissingOrders?: boolean) =>
  t.upload('/cloud/advance/finance/alipayBill/import', { field: 'file', name, data }, { storeId: String(storeId), ...(loadMissingOrders === undefined ? {} : { loadMissingOrders: String(loadMissingOrders) }) }, { token });

/** Follows an import task until it is over (the job runs in the test app's worker). */
async function waitTask(token: string, importId: number): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const task = await ok(t.call('/cloud/advance/finance/alipayBill/importTask', { importId }, { token }));
    if (!['QUEUED', 'RUNNING'].includes(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the import ${importId} did not finish`);
}

/** Uploads a bill file and answers the task once it is over; lines of unknown orders are loaded unless `loadMissingOrders` is false. */
async function importFile(token: string, storeId: number, name: string, data: Buffer, loadMissingOrders = true): Promise<{ body: any }> {
  const answer = await upload(token, storeId, name, data, loadMissingOrders);
  if (!answer.body.success) return answer;
  return { body: { success: true, data: await waitTask(token, answer.body.data.importId) } };
}

const TRADE_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

/** One business-detail line: [trade no, order no, 交易|退款, finished at, received, refund batch, fee]. */
const tradeLine = (l: [string, string, string, string, string, string, string]) => `${l[0]}\t,${l[1]}\t,${l[2]},商品,${l[3]},${l[3]},,,,,buyer@example.com,${l[4]},${l[4]},0.00,0.00,0.00,0.00,0.00,,0.00,0.00,${l[5]},${l[6]},0.00,`;

/** The Alipay business detail as downloaded: a zip of a GBK CSV with `#` comment lines, and its summary file. */
async function alipayTradeZip(lines: string[]): Promise<Buffer> {
  const text = [
    '#支付宝业务明细查询',
    '#账号：[20881234567890120156]',
    '#起始日期：[2026年10月01日 00:00:00]   终止日期：[2026年12月01日 00:00:00]',
    '#-----------------------------------------业务明细列表----------------------------------------',
    TRADE_HEADER,
    ...lines,
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${lines.length}笔`,
    '#导出时间：[2026年12月02日 10:00:00]',
  ].join('\r\n');
  const zip = new JSZip();
  zip.file('20881234567890120156_20261201_业务明细.csv', iconv.encode(text, 'gbk'));
  zip.file('20881234567890120156_20261201_业务明细(汇总).csv', iconv.encode('#汇总\r\n门店编号,门店名称,交易订单总笔数\r\n,,1\r\n', 'gbk'));
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A shipped order of a store with its platform order (paid `amount` yuan). */
async function shippedOrder(seller: StoreSeller, storeId: number, platformNo: string, amount: string) {
  const order = await insertOrder(t, seller.domainId, { storeId, platformNo, statusCode: 'CI_ERPSOH_STATUS_SEND', lines: [{ skuId: null, qty: 1, price: amount }] });
  await t.database.db.execute(sql`update erp_orders set delivery_time = '2026-10-14T08:00:00Z' where domain_id = ${seller.domainId} and id = ${order.id}`);
  await t.database.db.execute(sql`
    insert into platform_orders (domain_id, store_id, platform_no, platform_status, payload, erp_order_id)
    values (${seller.domainId}, ${storeId}, ${platformNo}, 'WAIT_BUYER_CONFIRM_GOODS', ${JSON.stringify({ platformNo, amount, postFee: '0' })}::jsonb, ${order.id})`);
  return order;
}

/** Every ledger line of a store with its raw line as read (eventRaw): [source line id, order no., raw], by line id. */
async function rawsOf(domainId: number, storeId: number): Promise<[string, string, unknown][]> {
  const rows = await t.database.db.execute<{ source_line_id: string; order_no: string; raw: unknown }>(
    sql`select e.source_line_id, e.order_no, ${eventRaw} as raw from money_events e where e.domain_id = ${domainId} and e.store_id = ${storeId} order by e.source_line_id`,
  );
  return rows.rows.map((r) => [r.source_line_id, r.order_no, r.raw]);
}

async function world() {
  const seller = await storeSeller(t);
  const store = await createStore(t, seller.token);
  const no = (s: string) => `${s}${uniqueName('')}`;
  return { seller, store, token: seller.token, nos: { a: no('A'), b: no('B'), c: no('C'), d: no('D') } };
}

const byOrder = (list: any[]) => Object.fromEntries(list.map((r) => [r.orderNo, r]));

describe('bill files into the ledger', () => {
  it('loads an Alipay business-detail zip (GBK, # comments) once: the same file again changes nothing', async () => {
    const { token, store, nos } = await world();
    const file = await alipayTradeZip([tradeLine(['2026101522001', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '-0.60'])]);
    const first = await ok(importFile(token, store.id, 'bill.zip', file));
    expect(first).toMatchObject({ source: 'ALIPAY_TRADE', status: 'LOADED', lineCount: 1, inserted: 2, duplicates: 0, problemCount: 0 });
    const again = await ok(importFile(token, store.id, 'bill.zip', file));
    expect(again).toMatchObject({ status: 'LOADED', inserted: 0, duplicates: 2 });
    const lines = await ok(bills(token, { storeId: store.id }));
    expect(lines.voList.map((l: any) => [l.orderNo, l.eventType, l.billType, l.amount, l.billStatus]).sort()).toEqual([
      [nos.a, 'fee:service', 'EXPENDITURE', '-0.6000', 'TO_BE_RECORD'],
      [nos.a, 'sale', 'INCOME', '100.0000', 'TO_BE_RECORD'],
    ]);
    expect(lines).toMatchObject({ total: 2, incomeAmount: '100.0000', expenseAmount: '0.6000' });
  });

  it('a file whose every line is in the ledger already (more lines than the first probe) changes nothing; one new line at its end is loaded', async () => {
    const { seller, token, store, nos } = await world();
    await shippedOrder(seller, store.id, nos.a, '100.00');
    const many = Array.from({ length: 1_100 }, (_, i) => tradeLine([`K${i}`, i === 0 ? nos.a : `${nos.b}-${i}`, '交易', '2026-10-15 10:00:05', i === 0 ? '100.00' : '1.00', '', '0.00']));
    const first = await ok(importFile(token, store.id, 'many.zip', await alipayTradeZip(many)));
    expect(first).toMatchObject({ status: 'LOADED', inserted: 1_100 });
    const state = async () => {
      const ledger = await t.database.db.execute(sql`select id, import_id, bill_line, raw, bill_status from money_events where domain_id = ${seller.domainId} order by id`);
      const recon = await t.database.db.execute(sql`select id, order_no, status, version, updated_at, reconciled_at from reconciliations where domain_id = ${seller.domainId} order by id`);
      const lines = await t.database.db.execute(sql`select import_id, seq, line, text from bill_lines where domain_id = ${seller.domainId} order by import_id, seq`);
      return { ledger: ledger.rows, recon: recon.rows, lines: lines.rows };
    };
    const before = await state();
    expect(before.recon).toHaveLength(1_100);
    expect(before.lines).toHaveLength(1_100);
    const again = await ok(importFile(token, store.id, 'many.zip', await alipayTradeZip(many)));
    expect(again).toMatchObject({ status: 'LOADED', lineCount: 1_100, inserted: 0, duplicates: 1_100, problemCount: 0 });
    expect(await state()).toEqual(before);
    // The same lines and one more after them (past the lines probed first): that one is loaded and reconciled.
    const more = await ok(importFile(token, store.id, 'more.zip', await alipayTradeZip([...many, tradeLine(['K9999', nos.c, '交易', '2026-10-16 10:00:05', '3.00', '', '0.00'])])));
    expect(more).toMatchObject({ status: 'LOADED', inserted: 1, duplicates: 1_100 });
    // Only the new line's text is kept for that import (the other lines gave no new event).
    const kept = await t.database.db.execute<{ seq: number }>(sql`select seq from bill_lines where domain_id = ${seller.domainId} and import_id = ${more.importId}`);
    expect(kept.rows).toEqual([{ seq: 1_101 }]);
    const rows = byOrder((await ok(search(token, { storeId: store.id, orderNo: nos.c }))).voList);
    expect(rows[nos.c]).toMatchObject({ status: 'MISSING_ORDER', receivedAmount: '3.0000' });
    expect(await rawsOf(seller.domainId, store.id)).toContainEqual(['K9999:trade:sale', nos.c, { line: 1_106, text: tradeLine(['K9999', nos.c, '交易', '2026-10-16 10:00:05', '3.00', '', '0.00']) }]);
  });

  it('a new file that repeats, past its first lines, a line already in the ledger loads its new lines and leaves that one alone', async () => {
    const { seller, token, store, nos } = await world();
    const old = tradeLine(['R-OLD', nos.a, '交易', '2026-10-15 10:00:05', '5.00', '', '0.00']);
    expect(await ok(importFile(token, store.id, 'old.zip', await alipayTradeZip([old])))).toMatchObject({ status: 'LOADED', inserted: 1 });
    // None of the first 1,000 lines is known, so the ledger insert starts without ON CONFLICT; the old
    // line at the end sends it to the insert that skips known lines.
    const fresh = Array.from({ length: 1_050 }, (_, i) => tradeLine([`R-NEW${i}`, `${nos.b}-${i}`, '交易', '2026-10-16 10:00:05', '1.00', '', '0.00']));
    const answer = await ok(importFile(token, store.id, 'new.zip', await alipayTradeZip([...fresh, old])));
    expect(answer).toMatchObject({ status: 'LOADED', lineCount: 1_051, inserted: 1_050, duplicates: 1, problemCount: 0 });
    const counts = await t.database.db.execute<{ events: number; old: number; lines: number }>(sql`
      select (select count(*)::int from money_events where domain_id = ${seller.domainId} and store_id = ${store.id}) as events,
             (select count(*)::int from money_events where domain_id = ${seller.domainId} and source_line_id = 'R-OLD:trade:sale') as old,
             (select count(*)::int from bill_lines where domain_id = ${seller.domainId} and import_id = ${answer.importId}) as lines`);
    expect(counts.rows[0]).toEqual({ events: 1_051, old: 1, lines: 1_050 });
    expect((await ok(search(token, { storeId: store.id }))).total).toBe(1_051);
  });

  it('a store is not deleted while it has bill lines; a delete during a load of its bill waits for the load, then refuses naming the lines', async () => {
    const { seller, token, store, nos } = await world();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // A load in progress, as bill-stage.ts writes the ledger: the store's row held, one line written.
    const load = t.database.db.transaction(async (tx) => {
      await lockLedgerStores(tx, seller.domainId, store.id);
      await tx.execute(sql`
        insert into money_events (domain_id, platform, store_id, source, source_line_id, order_no, event_type, amount_fen, settled_at, raw)
        values (${seller.domainId}, 'SANDBOX', ${store.id}, 'SANDBOX', 'L-1', ${nos.a}, 'sale', 100, now(), '{}'::jsonb)`);
      locked();
      await held;
    });
    await isLocked;
    const deleting = t.call('/cloud/domain/store/delStore', { id: store.id }, { token });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await load;
    const answer = await deleting;
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_STORES_IN_USE' });
    expect(JSON.parse(String(answer.body.params?.reasons))).toContainEqual({ reason: 'bill lines', count: 1 });
    await ok(t.call('/cloud/advance/finance/reconciliation/reconcile', { storeId: store.id }, { token }));
    const again = await t.call('/cloud/domain/store/delStore', { id: store.id }, { token });
    expect(JSON.parse(String(again.body.params?.reasons))).toEqual(expect.arrayContaining([{ reason: 'bill lines', count: 1 }, { reason: 'reconciliations', count: 1 }]));
  });

  it('refuses a file with bad lines as a whole: every bad line in one result file, nothing loaded', async () => {
    const { token, store, nos } = await world();
    const file = await alipayTradeZip([
      tradeLine(['T1', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '-0.60']),
      tradeLine(['T2', nos.b, '交易', '2026-10-15 10:00:05', '12.3x', '', '0']),
      tradeLine(['T3', nos.c, '交易', 'yesterday', '5.00', '', '0']),
      tradeLine(['T1', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '-0.60']),
    ]);
    const answer = await ok(importFile(token, store.id, 'bad.zip', file));
    expect(answer).toMatchObject({ status: 'REFUSED', inserted: 0, lineCount: 4, problemCount: 4 });
    expect(answer.problems.map((p: any) => [p.line, p.field, p.code])).toEqual([
      [7, '商家实收', 'BAD_AMOUNT'],
      [8, '完成时间', 'BAD_TIME'],
      [8, '创建时间', 'BAD_TIME'],
      [9, '(line)', 'DUPLICATE_LINE'],
    ]);
    const stored = await t.database.db.execute<{ file_key: string }>(sql`select file_key from stored_files where file_key = ${answer.resultFileKey}`);
    expect(stored.rows).toHaveLength(1);
    const result = await fetch(`${t.baseUrl}/cloud/advance/finance/alipayBill/importResult`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ importId: answer.importId }) });
    const csv = (await result.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(5);
    expect(csv[1]).toBe('"7","商家实收","BAD_AMOUNT","商家实收: ""12.3x"" is not an amount"');
    expect((await ok(bills(token, { storeId: store.id }))).total).toBe(0);
  });

  it('refuses a file of an unknown format or encoding, saying so', async () => {
    const { token, store } = await world();
    const unknown = await ok(importFile(token, store.id, 'x.csv', Buffer.from('a,b,c\n1,2,3\n')));
    expect(unknown).toMatchObject({ status: 'FAILED', errorCode: 'ERR_RECON_UNKNOWN_FORMAT', inserted: 0 });
    expect(unknown.message).toContain('no header row of a known bill format');
    const latin = await ok(importFile(token, store.id, 'x.csv', Buffer.from([0x61, 0x2c, 0xff, 0xff, 0xff, 0x0a])));
    expect(latin).toMatchObject({ status: 'FAILED', errorCode: 'ERR_RECON_UNKNOWN_ENCODING' });
    const noStore = await t.upload('/cloud/advance/finance/alipayBill/import', { field: 'file', name: 'x.csv', data: Buffer.from('a') }, {}, { token });
    expect(noStore.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
    const badOption = await t.upload('/cloud/advance/finance/alipayBill/import', { field: 'file', name: 'x.csv', data: Buffer.from('a') }, { storeId: String(store.id), loadMissingOrders: 'maybe' }, { token });
    expect(badOption.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
    expect(JSON.stringify(badOption.body)).toContain('loadMissingOrders');
  });

  it('answers an import at once as a queued task, then shows it loaded with its lines counted', async () => {
    const { token, store, nos } = await world();
    const file = await alipayTradeZip([tradeLine(['Q1', nos.a, '交易', '2026-10-15 10:00:05', '10.00', '', '-0.06']), tradeLine(['Q2', nos.b, '交易', '2026-10-15 10:00:05', '20.00', '', '-0.12'])]);
    const queued = await ok(upload(token, store.id, 'q.zip', file, true));
    expect(queued).toMatchObject({ status: 'QUEUED', source: null, inserted: 0, loadMissingOrders: true });
    const done = await waitTask(token, queued.importId);
    expect(done).toMatchObject({ importId: queued.importId, status: 'LOADED', source: 'ALIPAY_TRADE', stage: null, lineCount: 2, processedLines: 2, inserted: 4, problemCount: 0 });
    const other = await storeSeller(t);
    const foreign = await t.call('/cloud/advance/finance/alipayBill/importTask', { importId: queued.importId }, { token: other.token });
    expect(foreign.body).toMatchObject({ success: false, errorCode: 'ERR_RECON_IMPORT_NOT_FOUND' });
  });

  it('runs again a task whose worker died (its heartbeat went stale), with the next attempt', async () => {
    const { seller, token, store, nos } = await world();
    const file = await alipayTradeZip([tradeLine(['H1', nos.a, '交易', '2026-10-15 10:00:05', '10.00', '', '-0.06'])]);
    const first = await ok(importFile(token, store.id, 'h.zip', file));
    expect(first).toMatchObject({ status: 'LOADED', inserted: 2 });
    // A task of the same file left RUNNING by a worker that died an hour ago.
    const stale = await t.database.db.execute<{ id: string }>(sql`
      insert into bill_imports (domain_id, store_id, file_name, file_id, status, stage, load_missing_orders, attempt, heartbeat_at)
      select domain_id, store_id, file_name, file_id, 'RUNNING', 'LOADING', true, 0, now() - interval '1 hour'
      from bill_imports where domain_id = ${seller.domainId} and id = ${first.importId} returning id`);
    const again = await t.waitFor(
      () => t.call('/cloud/advance/finance/alipayBill/importTask', { importId: Number(stale.rows[0]!.id) }, { token }),
      (a) => a.body.data.status === 'LOADED',
      60_000,
    );
    expect(again.body.data).toMatchObject({ status: 'LOADED', inserted: 0, duplicates: 2 });
    const [row] = (await t.database.db.execute<{ attempt: number }>(sql`select attempt from bill_imports where domain_id = ${seller.domainId} and id = ${Number(stale.rows[0]!.id)}`)).rows;
    expect(row!.attempt).toBe(1);
  });

  it('refuses by default every line of an order OpenSeller does not have, with the other bad lines, in one result file; nothing loaded', async () => {
    const { seller, token, store, nos } = await world();
    await shippedOrder(seller, store.id, nos.a, '100.00');
    const file = await alipayTradeZip([
      tradeLine(['U1', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '-0.60']),
      tradeLine(['U2', nos.b, '交易', '2026-10-15 10:00:05', '12.00', '', '0']),
      tradeLine(['U3', nos.c, '交易', '2026-10-15 10:00:05', '1x', '', '0']),
      tradeLine(['U4', nos.d, '交易', '2026-10-15 10:00:05', '5.00', '', '-0.03']),
    ]);
    const refused = await ok(importFile(token, store.id, 'unknown.zip', file, false));
    expect(refused).toMatchObject({ status: 'REFUSED', inserted: 0, lineCount: 4, problemCount: 3, loadMissingOrders: false });
    expect(refused.problems.map((p: any) => [p.line, p.field, p.code])).toEqual([
      [7, '商户订单号', 'UNKNOWN_ORDER'],
      [8, '商家实收', 'BAD_AMOUNT'],
      [9, '商户订单号', 'UNKNOWN_ORDER'],
    ]);
    expect(refused.problems[0].message).toContain(nos.b);
    const result = await fetch(`${t.baseUrl}/cloud/advance/finance/alipayBill/importResult`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ importId: refused.importId }) });
    const csv = (await result.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(['"7","商户订单号","UNKNOWN_ORDER"', '"8","商家实收","BAD_AMOUNT"', '"9","商户订单号","UNKNOWN_ORDER"']);
    expect((await ok(bills(token, { storeId: store.id }))).total).toBe(0);
    expect((await ok(search(token, { storeId: store.id }))).total).toBe(0);
  });

  it('loads the lines of orders OpenSeller does not have when asked to: they show as MISSING_ORDER', async () => {
    const { seller, token, store, nos } = await world();
    await shippedOrder(seller, store.id, nos.a, '100.00');
    const file = await alipayTradeZip([tradeLine(['M1', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '-0.60']), tradeLine(['M2', nos.b, '交易', '2026-10-15 10:00:05', '12.00', '', '0'])]);
    expect(await ok(importFile(token, store.id, 'missing.zip', file, false))).toMatchObject({ status: 'REFUSED', problemCount: 1 });
    const loaded = await ok(importFile(token, store.id, 'missing.zip', file, true));
    expect(loaded).toMatchObject({ status: 'LOADED', inserted: 3, loadMissingOrders: true });
    const rows = byOrder((await ok(search(token, { storeId: store.id }))).voList);
    expect(rows[nos.a]).toMatchObject({ status: 'SUCCESS' });
    expect(rows[nos.b]).toMatchObject({ status: 'MISSING_ORDER' });
  });

  it('keeps each loaded line as it was in the file, tabs, backslashes and quoted commas included', async () => {
    const { seller, token, store, nos } = await world();
    const quoted = `${tradeLine(['R1', nos.a, '交易', '2026-10-15 10:00:05', '10.00', '', '-0.06'])}"备注, a\\b"`;
    const file = await alipayTradeZip([quoted, tradeLine(['R2', `${nos.b}\\x`, '交易', '2026-10-15 10:00:06', '20.00', '', '0.00'])]);
    const loaded = await ok(importFile(token, store.id, 'raw.zip', file));
    expect(loaded).toMatchObject({ status: 'LOADED', inserted: 3 });
    const r2 = tradeLine(['R2', `${nos.b}\\x`, '交易', '2026-10-15 10:00:06', '20.00', '', '0.00']);
    expect(await rawsOf(seller.domainId, store.id)).toEqual([
      ['R1:trade:fee', nos.a, { line: 6, text: quoted }],
      ['R1:trade:sale', nos.a, { line: 6, text: quoted }],
      ['R2:trade:sale', `${nos.b}\\x`, { line: 7, text: r2 }],
    ]);
    // Each file line's text is stored once, whatever the number of its events (R1 gave two).
    const stored = await t.database.db.execute<{ line: number; text: string }>(sql`select line, text from bill_lines where domain_id = ${seller.domainId} and import_id = ${loaded.importId} order by seq`);
    expect(stored.rows).toEqual([
      { line: 6, text: quoted },
      { line: 7, text: r2 },
    ]);
    const { rows: events } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from money_events where domain_id = ${seller.domainId} and store_id = ${store.id} and raw is null`);
    expect(events[0]!.n).toBe(3);
  });

  it('shows the raw line of an event loaded by a later file whose other lines were there already, and tells apart the lines of two CSVs in one zip', async () => {
    const { seller, token, store, nos } = await world();
    const r1 = tradeLine(['Q1', nos.a, '交易', '2026-10-15 10:00:05', '10.00', '', '0.00']);
    const r1WithFee = tradeLine(['Q1', nos.a, '交易', '2026-10-15 10:00:05', '10.00', '', '-0.06']);
    const r2 = tradeLine(['Q2', nos.b, '交易', '2026-10-15 10:00:06', '20.00', '', '0.00']);
    expect(await ok(importFile(token, store.id, 'first.zip', await alipayTradeZip([r1])))).toMatchObject({ status: 'LOADED', inserted: 1 });
    // The same trade again, now with its fee, and a new line: only the fee and Q2 are new, their raw line is of this file.
    expect(await ok(importFile(token, store.id, 'second.zip', await alipayTradeZip([r1WithFee, r2])))).toMatchObject({ status: 'LOADED', inserted: 2, duplicates: 1 });
    expect(await rawsOf(seller.domainId, store.id)).toEqual([
      ['Q1:trade:fee', nos.a, { line: 6, text: r1WithFee }],
      ['Q1:trade:sale', nos.a, { line: 6, text: r1 }],
      ['Q2:trade:sale', nos.b, { line: 7, text: r2 }],
    ]);
    // Two detail CSVs in one zip: both have a line 6.
    const zip = new JSZip();
    const csv = (line: string) => iconv.encode(['#支付宝业务明细查询', '#账号：[1]', '#x', '#-----', TRADE_HEADER, line].join('\r\n'), 'gbk');
    const c1 = tradeLine(['Z1', nos.c, '交易', '2026-10-16 10:00:05', '30.00', '', '0.00']);
    const c2 = tradeLine(['Z2', nos.c, '退款', '2026-10-17 10:00:05', '-5.00', 'RB1', '0.00']);
    zip.file('a_业务明细.csv', csv(c1));
    zip.file('b_业务明细.csv', csv(c2));
    expect(await ok(importFile(token, store.id, 'two.zip', await zip.generateAsync({ type: 'nodebuffer' })))).toMatchObject({ status: 'LOADED', inserted: 2 });
    const raws = Object.fromEntries((await rawsOf(seller.domainId, store.id)).map(([id, , raw]) => [id, raw]));
    expect(raws['Z1:trade:sale']).toEqual({ line: 6, text: c1 });
    expect(raws['Z2:RB1:refund']).toEqual({ line: 6, text: c2 });
  });

  it('reads the account detail and the Douyin settlement detail (fen) and fund flow', async () => {
    const { token, store, nos } = await world();
    const account = [
      '#支付宝账务明细查询',
      '#账号：[20881234567890120156]',
      '账务流水号,业务流水号,商户订单号,商品名称,发生时间,对方账号,收入金额（+元）,支出金额（-元）,账户余额（元）,交易渠道,业务类型,备注',
      `A1,B1,${nos.a},商品,2026-10-15 10:00:05,buyer,100.00,,100.00,支付宝,在线支付,`,
      `A2,B2,${nos.a},商品,2026-10-15 10:00:06,tmall,,-5.00,95.00,支付宝,天猫佣金,`,
      `A3,B3,,提现,2026-10-16 09:00:00,bank,,-95.00,0.00,支付宝,提现,`,
    ].join('\n');
    expect(await ok(importFile(token, store.id, 'account.csv', iconv.encode(account, 'gbk')))).toMatchObject({ source: 'ALIPAY_ACCOUNT', status: 'LOADED', inserted: 3 });
    const settle = ['shop_order_id,order_id,settle_time,request_no,total_income,total_outcome,settle_amount,platform_coupon,author_coupon,pay_promotion,shop_coupon,platform_service_fee,commission,good_learn_channel_fee,colonel_service_fee,shop_refund_loss,refund,trade_type,flow_type', `${nos.b},${nos.b}1,2026-10-20 12:00:00,R1,10300,530,9770,300,0,0,0,30,500,0,0,0,0,0,4`].join('\n');
    expect(await ok(importFile(token, store.id, 'settle.csv', Buffer.from(settle)))).toMatchObject({ source: 'DOUYIN_SETTLE', status: 'LOADED', inserted: 4 });
    const flow = ['动账流水号,动账时间,动账账户,动账场景,计费类型,订单号,子订单号,售后编号,订单实付应结,运费实付,实际平台补贴,实际达人补贴,抖音支付补贴,银行补贴,订单退款,平台服务费,佣金,服务商佣金,渠道分成,招商服务费,站外推广费,其他分成,免佣,政府补贴平台垫资,打包费', `F1,2026-10-21 12:00:00,聚合账户,订单结算,普通,${nos.c},${nos.c}1,,50.00,8.00,1.00,0,0,0,0,-0.30,-2.50,0,0,0,0,0,0,0,0`].join('\n');
    expect(await ok(importFile(token, store.id, 'flow.csv', Buffer.from(`\uFEFF${flow}`)))).toMatchObject({ source: 'DOUYIN_FUNDFLOW', status: 'LOADED', inserted: 5 });
    const lines = (await ok(bills(token, { storeId: store.id, pageSize: 50 }))).voList;
    const of = (orderNo: string | null) => lines.filter((l: any) => l.orderNo === orderNo).map((l: any) => [l.eventType, l.amount]).sort();
    expect(of(nos.a)).toEqual([['fee:commission', '-5.0000'], ['sale', '100.0000']]);
    expect(of(null)).toEqual([['adjustment', '-95.0000']]);
    expect(of(nos.b)).toEqual([['fee:commission', '-5.0000'], ['fee:service', '-0.3000'], ['sale', '100.0000'], ['subsidy:platform', '3.0000']]);
    expect(of(nos.c)).toEqual([['fee:commission', '-2.5000'], ['fee:service', '-0.3000'], ['sale', '50.0000'], ['subsidy:freight', '8.0000'], ['subsidy:platform', '1.0000']]);
  });
});

describe('Kuaishou and Pinduoduo bills', () => {
  // Fixtures built from the fields shared/RECONCILIATION.md gives: Kuaishou's 实付, 平台补贴, 主播补贴,
  // 技术服务费, 达人佣金, 团长佣金 [S] (订单号, 结算时间, 账单编号, 结算金额: our reading [U]); Pinduoduo's
  // billId, orderSn, amount (fen), type, classId, classDesc, financeId, billOutBizCode [S] (createdAt [U]).
  it('reads a Kuaishou bill: the sale, each subsidy and fee, and what the settled amount says beyond them', async () => {
    const { token, store, nos } = await world();
    const text = [
      '账单编号,订单号,结算时间,实付（元）,平台补贴（元）,主播补贴（元）,技术服务费（元）,达人佣金（元）,团长佣金（元）,结算金额（元）',
      `KS1,${nos.a},2026-10-18 12:00:00,100.00,5.00,2.00,-1.00,10.00,0,95.50`,
      `KS2,${nos.b},2026-10-19 12:00:00,30.00,0,0,0.30,0,1.00,28.70`,
    ].join('\r\n');
    const loaded = await ok(importFile(token, store.id, 'kuaishou.csv', iconv.encode(text, 'gbk')));
    expect(loaded).toMatchObject({ source: 'KUAISHOU_BILL', status: 'LOADED', lineCount: 2, inserted: 9 });
    const lines = (await ok(bills(token, { storeId: store.id, pageSize: 50 }))).voList;
    const of = (orderNo: string) => lines.filter((l: any) => l.orderNo === orderNo).map((l: any) => [l.eventType, l.amount]).sort();
    expect(of(nos.a)).toEqual([['adjustment', '-0.5000'], ['fee:commission', '-10.0000'], ['fee:service', '-1.0000'], ['sale', '100.0000'], ['subsidy:platform', '5.0000'], ['subsidy:streamer', '2.0000']]);
    expect(of(nos.b)).toEqual([['fee:recruitment', '-1.0000'], ['fee:service', '-0.3000'], ['sale', '30.0000']]);
  });

  it('reads a Pinduoduo bill detail (fen): income, a coupon subsidy, a service fee and a refund; a bad amount refuses the file', async () => {
    const { token, store, nos } = await world();
    const header = 'billId,orderSn,amount,type,classId,classDesc,financeId,billOutBizCode,createdAt';
    const good = [header, `P1,${nos.a},10000,1,1,交易收入,F1,,2026-10-20 10:00:00`, `P2,${nos.a},300,1,5,优惠券结算,F1,,1792800000`, `P3,${nos.a},60,2,9,技术服务费,F1,,2026-10-20 10:00:00`, `P4,${nos.a},2000,2,3,退款,F2,RF1,2026-11-02 10:00:00`].join('\n');
    const loaded = await ok(importFile(token, store.id, 'pdd.csv', Buffer.from(good)));
    expect(loaded).toMatchObject({ source: 'PDD_BILL', status: 'LOADED', lineCount: 4, inserted: 4 });
    const lines = (await ok(bills(token, { storeId: store.id, pageSize: 50 }))).voList;
    expect(lines.map((l: any) => [l.sourceLineId, l.eventType, l.amount, l.afterSaleNo]).sort()).toEqual([
      ['P1', 'sale', '100.0000', null],
      ['P2', 'subsidy:coupon', '3.0000', null],
      ['P3', 'fee:service', '-0.6000', null],
      ['P4', 'refund', '-20.0000', 'RF1'],
    ]);
    const bad = [header, `P9,${nos.b},12.5,1,1,交易收入,F9,,2026-10-20 10:00:00`, `P10,${nos.b},100,1,1,交易收入,F9,,soon`].join('\n');
    const refused = await ok(importFile(token, store.id, 'pdd-bad.csv', Buffer.from(bad)));
    expect(refused).toMatchObject({ source: 'PDD_BILL', status: 'REFUSED', problemCount: 2 });
    expect(refused.problems.map((p: any) => [p.line, p.field, p.code])).toEqual([
      [2, 'amount', 'BAD_AMOUNT'],
      [3, 'createdAt', 'BAD_TIME'],
    ]);
  });
});

describe('reconciliation of orders', () => {
  it('splits the difference by kind, lists the unexplained residual, and a refund settled a month later reopens its order', async () => {
    const { seller, token, store, nos } = await world();
    await shippedOrder(seller, store.id, nos.a, '100.00');
    await shippedOrder(seller, store.id, nos.b, '50.00');
    await shippedOrder(seller, store.id, nos.d, '20.00');
    const october = await alipayTradeZip([
      tradeLine(['TA', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '-0.60']),
      tradeLine(['TB', nos.b, '交易', '2026-10-15 11:00:05', '48.00', '', '0.00']),
      tradeLine(['TC', nos.c, '交易', '2026-10-15 12:00:05', '9.00', '', '0.00']),
    ]);
    await ok(importFile(token, store.id, 'october.zip', october));
    const page = await ok(search(token, { storeId: store.id }));
    let rows = byOrder(page.voList);
    expect(rows[nos.a]).toMatchObject({ status: 'SUCCESS', period: '2026-10', expectedAmount: '100.0000', receivedAmount: '99.4000', differenceAmount: '-0.6000', serviceFee: '-0.6000', unknown: '0.0000' });
    expect(rows[nos.b]).toMatchObject({ status: 'FAILURE', unknown: '-2.0000' });
    expect(rows[nos.c]).toMatchObject({ status: 'MISSING_ORDER', erpOrderId: null });
    expect(rows[nos.d]).toMatchObject({ status: 'TODO', expectedAmount: '20.0000', receivedAmount: '0.0000' });
    expect(page.summary).toMatchObject({ unexplainedCount: 2, unexplainedAmount: '7.0000', statusCounts: { SUCCESS: 1, FAILURE: 1, MISSING_ORDER: 1, TODO: 1 } });
    expect(page.voList[0].orderNo).toBe(nos.c); // the largest residual first

    // November: the platform refunds 30.00 of A (and gives back 0.18 of its fee) — nobody here knew.
    const november = await alipayTradeZip([tradeLine(['TA', nos.a, '退款', '2026-11-05 09:00:00', '-30.00', 'RB1', '0.18'])]);
    await ok(importFile(token, store.id, 'november.zip', november));
    rows = byOrder((await ok(search(token, { storeId: store.id }))).voList);
    expect(rows[nos.a]).toMatchObject({ status: 'FAILURE', period: '2026-10', lateRefund: '-30.0000', serviceFee: '-0.4200', unknown: '0.0000' });
    expect(rows[nos.a].reopenedAt).not.toBeNull();

    // The after-sale is booked: the refund is expected now, and the order reconciles again.
    await t.database.db.execute(sql`
      insert into after_sales (domain_id, code, source, type, store_id, tb_soh_code, refund_fee, refund_status)
      values (${seller.domainId}, ${uniqueName('AS')}, 'MANUAL', 'REFUND_ONLY', ${store.id}, ${nos.a}, 30, 'SUCCESS')`);
    const again = await ok(t.call('/cloud/advance/finance/reconciliation/reconcile', { storeId: store.id }, { token }));
    expect(again.statusCounts).toMatchObject({ SUCCESS: 1 });
    rows = byOrder((await ok(search(token, { storeId: store.id }))).voList);
    expect(rows[nos.a]).toMatchObject({ status: 'SUCCESS', expectedAmount: '70.0000', refundedAmount: '30.0000', lateRefund: '0.0000', unknown: '0.0000' });

    // Filters: status, period, the unexplained only.
    expect((await ok(search(token, { status: 'FAILURE' }))).voList.map((r: any) => r.orderNo)).toEqual([nos.b]);
    expect((await ok(search(token, { unexplainedOnly: true, period: '2026-10' }))).total).toBe(2);
  });

  it('an import recomputes the orders its new lines touch and adds shipped orders not reconciled yet; the others wait for Reconcile now', async () => {
    const { seller, token, store, nos } = await world();
    await shippedOrder(seller, store.id, nos.a, '100.00');
    await shippedOrder(seller, store.id, nos.b, '50.00');
    await ok(importFile(token, store.id, 'a.zip', await alipayTradeZip([tradeLine(['TA', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '0.00'])])));
    let rows = byOrder((await ok(search(token, { storeId: store.id }))).voList);
    expect(rows[nos.a]).toMatchObject({ status: 'SUCCESS' });
    expect(rows[nos.b]).toMatchObject({ status: 'TODO', expectedAmount: '50.0000' });
    // A refund of A is booked, C is shipped, then a file with B's sale only: B and the new C are
    // reconciled, A keeps what it had until the store is reconciled again.
    await t.database.db.execute(sql`
      insert into after_sales (domain_id, code, source, type, store_id, tb_soh_code, refund_fee, refund_status)
      values (${seller.domainId}, ${uniqueName('AS')}, 'MANUAL', 'REFUND_ONLY', ${store.id}, ${nos.a}, 10, 'SUCCESS')`);
    await shippedOrder(seller, store.id, nos.c, '30.00');
    const file = await alipayTradeZip([tradeLine(['TB', nos.b, '交易', '2026-10-16 10:00:05', '50.00', '', '0.00'])]);
    expect(await ok(importFile(token, store.id, 'b.zip', file))).toMatchObject({ status: 'LOADED', inserted: 1 });
    rows = byOrder((await ok(search(token, { storeId: store.id }))).voList);
    expect(rows[nos.b]).toMatchObject({ status: 'SUCCESS', receivedAmount: '50.0000' });
    expect(rows[nos.c]).toMatchObject({ status: 'TODO', expectedAmount: '30.0000' });
    expect(rows[nos.a]).toMatchObject({ status: 'SUCCESS', expectedAmount: '100.0000', version: 0 });
    // The same file again inserts nothing and recomputes nothing.
    expect(await ok(importFile(token, store.id, 'b.zip', file))).toMatchObject({ status: 'LOADED', inserted: 0, duplicates: 1 });
    await ok(t.call('/cloud/advance/finance/reconciliation/reconcile', { storeId: store.id }, { token }));
    rows = byOrder((await ok(search(token, { storeId: store.id }))).voList);
    expect(rows[nos.a]).toMatchObject({ status: 'PARTIAL', expectedAmount: '90.0000', refundedAmount: '10.0000' });
  });

  it('a file with as many ledger lines as the store has orders reconciles the whole store, the orders it does not touch too', async () => {
    const { seller, token, store, nos } = await world();
    await shippedOrder(seller, store.id, nos.a, '100.00');
    await shippedOrder(seller, store.id, nos.b, '50.00');
    await ok(importFile(token, store.id, 'a.zip', await alipayTradeZip([tradeLine(['TA', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '0.00'])])));
    await t.database.db.execute(sql`
      insert into after_sales (domain_id, code, source, type, store_id, tb_soh_code, refund_fee, refund_status)
      values (${seller.domainId}, ${uniqueName('AS')}, 'MANUAL', 'REFUND_ONLY', ${store.id}, ${nos.a}, 10, 'SUCCESS')`);
    // Two lines of B for a store of two orders: A is recomputed with its refund, as Reconcile now would.
    const file = await alipayTradeZip([tradeLine(['TB', nos.b, '交易', '2026-10-16 10:00:05', '30.00', '', '0.00']), tradeLine(['TB2', nos.b, '交易', '2026-10-16 11:00:05', '20.00', '', '0.00'])]);
    expect(await ok(importFile(token, store.id, 'b.zip', file))).toMatchObject({ status: 'LOADED', inserted: 2 });
    const rows = byOrder((await ok(search(token, { storeId: store.id }))).voList);
    expect(rows[nos.b]).toMatchObject({ status: 'SUCCESS', receivedAmount: '50.0000' });
    expect(rows[nos.a]).toMatchObject({ status: 'PARTIAL', expectedAmount: '90.0000', refundedAmount: '10.0000' });
  });

  it('refuses a manual success without a reason; with one it holds until a later bill line reopens it; it can be undone', async () => {
    const { seller, token, store, nos } = await world();
    await shippedOrder(seller, store.id, nos.b, '50.00');
    await ok(importFile(token, store.id, 'b.zip', await alipayTradeZip([tradeLine(['TB', nos.b, '交易', '2026-10-15 11:00:05', '48.00', '', '0.00'])])));
    const row = (await ok(search(token, { storeId: store.id }))).voList[0];
    expect(row.status).toBe('FAILURE');

    const noReason = await t.call('/cloud/advance/finance/reconciliation/manualSuccess', { id: row.id, version: row.version, reason: '  ' }, { token });
    expect(noReason.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
    expect(JSON.stringify(noReason.body)).toContain('reason');
    const manual = await ok(t.call('/cloud/advance/finance/reconciliation/manualSuccess', { id: row.id, version: row.version, reason: 'Discount agreed with the buyer' }, { token }));
    expect(manual).toMatchObject({ status: 'MANUAL_SUCCESS', computedStatus: 'FAILURE', manualReason: 'Discount agreed with the buyer', manualBy: seller.userId });
    const summary = (await ok(search(token, { storeId: store.id }))).summary;
    expect(summary).toMatchObject({ unexplainedCount: 0, unexplainedAmount: '0.0000' });
    const stale = await t.call('/cloud/advance/finance/reconciliation/manualSuccess', { id: row.id, version: row.version, reason: 'again' }, { token });
    expect(stale.body).toMatchObject({ success: false, errorCode: 'ERR_VERSION_CONFLICT' });

    // Recomputing changes nothing; undoing gives the computed status back.
    await ok(t.call('/cloud/advance/finance/reconciliation/reconcile', {}, { token }));
    const held = (await ok(search(token, { storeId: store.id }))).voList[0];
    expect(held.status).toBe('MANUAL_SUCCESS');
    const undone = await ok(t.call('/cloud/advance/finance/reconciliation/cancelManual', { id: held.id, version: held.version }, { token }));
    expect(undone).toMatchObject({ status: 'FAILURE', manualReason: null });
    const notManual = await t.call('/cloud/advance/finance/reconciliation/cancelManual', { id: undone.id, version: undone.version }, { token });
    expect(notManual.body).toMatchObject({ success: false, errorCode: 'ERR_RECON_WRONG_STATUS' });

    // Manual again, then a later line of the order arrives: reopened.
    await ok(t.call('/cloud/advance/finance/reconciliation/manualSuccess', { id: undone.id, version: undone.version, reason: 'ok' }, { token }));
    await ok(importFile(token, store.id, 'b2.zip', await alipayTradeZip([tradeLine(['TB', nos.b, '退款', '2026-11-02 11:00:05', '-1.00', 'RB2', '0.00'])])));
    const reopened = (await ok(search(token, { storeId: store.id }))).voList[0];
    expect(reopened).toMatchObject({ status: 'FAILURE', lateRefund: '-1.0000' });
    expect(reopened.reopenedAt).not.toBeNull();
  });

  it('records bill lines once and sums the ledger by store and month (calculatedSum)', async () => {
    const { token, store, nos } = await world();
    await ok(
      importFile(
        token,
        store.id,
        'm.zip',
        await alipayTradeZip([
          tradeLine(['T1', nos.a, '交易', '2026-10-15 10:00:05', '100.00', '', '-0.60']),
          tradeLine(['T1', nos.a, '退款', '2026-11-03 10:00:05', '-10.00', 'RB', '0.06']),
        ]),
      ),
    );
    const sums = await ok(t.call('/cloud/advance/finance/calculatedSum', { storeId: store.id }, { token }));
    expect(sums.voList.map((r: any) => [r.period, r.lineCount, r.incomeAmount, r.expenseAmount, r.netAmount, r.sale, r.refund, r.serviceFee])).toEqual([
      ['2026-11', 2, '0.0600', '10.0000', '-9.9400', '0.0000', '-10.0000', '0.0600'],
      ['2026-10', 2, '100.0000', '0.6000', '99.4000', '100.0000', '0.0000', '-0.6000'],
    ]);
    expect((await ok(t.call('/cloud/advance/finance/calculatedSum', { periodFrom: '2026-11', periodTo: '2026-11' }, { token }))).voList).toHaveLength(1);
    const lines = (await ok(bills(token, { billStatus: 'TO_BE_RECORD' }))).voList;
    expect(await ok(t.call('/cloud/advance/finance/alipayBill/record', { ids: lines.map((l: any) => l.id) }, { token }))).toEqual({ recorded: 4 });
    expect(await ok(t.call('/cloud/advance/finance/alipayBill/record', { ids: lines.map((l: any) => l.id) }, { token }))).toEqual({ recorded: 0 });
    expect((await ok(bills(token, { billStatus: 'RECORDED' }))).total).toBe(4);
    const badMonth = await t.call('/cloud/advance/finance/calculatedSum', { periodFrom: '2026-13' }, { token });
    expect(badMonth.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
  });
});

describe('the sandbox marketplace settlement bills', () => {
  it('pulls sales, fees, subsidies and refunds settled later; a second pull changes nothing', async () => {
    const seller = await storeSeller(t);
    const store = await authorizedSandboxStore(t, seller.token);
    await ok(t.call('/cloud/sandbox/console/saveItem', { storeId: store.id, title: 'Mug', skus: [{ properties: 'Colour:Red', outerSkuId: uniqueName('M'), price: '20.00', quantity: 100 }] }, { token: seller.token }));
    const orderNos = await generateSandboxOrders(t, seller.token, store.id, 3);
    await t.database.db.execute(sql`update sandbox_orders set status = 'WAIT_BUYER_CONFIRM_GOODS', shipped_at = '2026-10-10T02:00:00Z' where domain_id = ${seller.domainId} and order_no in ${sql.raw(`('${orderNos.join("','")}')`)}`);
    const first = await ok(t.call('/cloud/advance/finance/alipayBill/pull', { storeId: store.id, from: '2026-10-01 00:00:00', to: '2026-10-31 00:00:00' }, { token: seller.token }));
    expect(first).toMatchObject({ source: 'SANDBOX', status: 'LOADED', duplicates: 0 });
    expect(first.inserted).toBeGreaterThanOrEqual(9);
    const lines = (await ok(bills(seller.token, { storeId: store.id, pageSize: 100 }))).voList;
    for (const no of orderNos) expect(lines.filter((l: any) => l.orderNo === no).map((l: any) => l.eventType)).toEqual(expect.arrayContaining(['sale', 'fee:commission', 'fee:service']));
    const again = await ok(t.call('/cloud/advance/finance/alipayBill/pull', { storeId: store.id, from: '2026-10-01 00:00:00', to: '2026-10-31 00:00:00' }, { token: seller.token }));
    expect(again).toMatchObject({ inserted: 0, duplicates: first.inserted });

    // A refund paid in November is in November's bill, not October's.
    await t.database.db.execute(sql`
      insert into sandbox_refunds (domain_id, shop_id, refund_id, order_no, status, refund_fee, lines, created_at, updated_at)
      select domain_id, shop_id, ${`RF${orderNos[0]}`}, order_no, 'SUCCESS', 5, lines, '2026-11-04T02:00:00Z', '2026-11-04T02:00:00Z'
      from sandbox_orders where domain_id = ${seller.domainId} and order_no = ${orderNos[0]}`);
    const november = await ok(t.call('/cloud/advance/finance/alipayBill/pull', { storeId: store.id, from: '2026-11-01 00:00:00', to: '2026-11-30 00:00:00' }, { token: seller.token }));
    expect(november.inserted).toBe(2);
    const refund = (await ok(bills(seller.token, { storeId: store.id, eventType: 'refund' }))).voList;
    expect(refund.map((l: any) => [l.orderNo, l.amount, l.afterSaleNo])).toEqual([[orderNos[0], '-5.0000', `RF${orderNos[0]}`]]);
    // The orders are not in the ERP yet (never pulled): the bills say MISSING_ORDER.
    expect((await ok(search(seller.token, { storeId: store.id }))).summary.statusCounts).toEqual({ MISSING_ORDER: 3 });
  });

  it('refuses a pull longer than 31 days or for a store of no marketplace bills', async () => {
    const { token, store } = await world();
    const long = await t.call('/cloud/advance/finance/alipayBill/pull', { storeId: store.id, from: '2026-10-01 00:00:00', to: '2026-12-01 00:00:00' }, { token });
    expect(long.body).toMatchObject({ success: false, errorCode: 'ERR_RECON_BAD_WINDOW' });
    const offline = await createStore(t, token, { storeType: 2 });
    const none = await t.call('/cloud/advance/finance/alipayBill/pull', { storeId: offline.id, from: '2026-10-01 00:00:00', to: '2026-10-02 00:00:00' }, { token });
    expect(none.body.success).toBe(false);
  });
});

describe('another domain', () => {
  it('neither reads nor changes the ledger and the reconciliations of a seller', async () => {
    const { seller, token, store, nos } = await world();
    await shippedOrder(seller, store.id, nos.b, '50.00');
    await ok(importFile(token, store.id, 'b.zip', await alipayTradeZip([tradeLine(['TB', nos.b, '交易', '2026-10-15 11:00:05', '48.00', '', '0.00'])])));
    const row = (await ok(search(token, {}))).voList[0];
    const line = (await ok(bills(token, {}))).voList[0];

    const other = await storeSeller(t);
    expect((await ok(search(other.token, {}))).total).toBe(0);
    expect((await ok(bills(other.token, {}))).total).toBe(0);
    expect((await ok(t.call('/cloud/advance/finance/calculatedSum', {}, { token: other.token }))).voList).toEqual([]);
    const manual = await t.call('/cloud/advance/finance/reconciliation/manualSuccess', { id: row.id, version: row.version, reason: 'mine' }, { token: other.token });
    expect(manual.body).toMatchObject({ success: false, errorCode: 'ERR_RECON_NOT_FOUND' });
    const record = await t.call('/cloud/advance/finance/alipayBill/record', { ids: [line.id] }, { token: other.token });
    expect(record.body).toMatchObject({ success: false, errorCode: 'ERR_RECON_BILL_NOT_FOUND' });
    const upload = await importFile(other.token, store.id, 'b.zip', await alipayTradeZip([tradeLine(['TX', nos.b, '交易', '2026-10-15 11:00:05', '1.00', '', '0.00'])]));
    expect(upload.body).toMatchObject({ success: false, errorCode: 'ERR_RECON_STORE_NOT_FOUND' });
    const pull = await t.call('/cloud/advance/finance/alipayBill/pull', { storeId: store.id, from: '2026-10-01 00:00:00', to: '2026-10-02 00:00:00' }, { token: other.token });
    expect(pull.body).toMatchObject({ success: false, errorCode: 'ERR_RECON_STORE_NOT_FOUND' });
    expect((await ok(search(token, {}))).voList[0]).toMatchObject({ status: 'FAILURE', version: row.version });
  });
});
