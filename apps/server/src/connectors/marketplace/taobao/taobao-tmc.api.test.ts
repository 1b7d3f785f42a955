// Taobao's message service (TMC) through the real job, against the local TOP fake: the seller's
// messages are opened when the store is authorised; the job consumes the app's messages, keeps each
// once for the seller's store, confirms them with their exact ids and the store's ordinary pull
// brings the order (or, for a refund message, the after-sale); a message delivered again after a
// lost confirm is confirmed again and not processed twice; a seller with no store here is kept as
// ignored; an empty answer and a failed consume leave nothing half done.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

process.env.MARKETPLACE_RETRY_BASE_MS = '20';
process.env.ORDER_PULL_RETRY_BASE_MS = '20';
// Only the messages pull here, and the jobs run when a test asks.
process.env.ORDER_PULL_CRON = '0 3 1 1 *';
process.env.TAOBAO_TMC_CRON = 'off';
process.env.INBOUND_SWEEP_CRON = 'off';

import { createTestApp } from '../../../../test/harness.js';
import { createStore, storeSeller } from '../../../../test/factories/stores.js';
import { seedDemoData } from '../../../seed/demo.js';
import { TAOBAO_TMC_JOB } from '../inbound/index.js';
import { startTaobaoFake } from './taobao.fake.js';

const t = await createTestApp();
await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
const root = await t.token('root', 'Root#2026go');
const fake = await startTaobaoFake({ tokenLifetimeSeconds: 30 * 86_400 });
afterAll(() => fake.close());
const S = '/cloud/domain/store';

const saved = await t.call('/cloud/admin/connectorApp/save', { platformKey: 'TAOBAO', appKey: fake.appKey, appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl }, { token: root });
if (!saved.body.success) throw new Error(JSON.stringify(saved.body));

// The seller's Taobao store, authorised through the fake's consent page.
const seller = await storeSeller(t);
const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_TAOBAO' });
{
  const start = await t.call<{ authorizationUrl: string }>(`${S}/getAuthorizationUrl`, { id: store.id }, { token: seller.token });
  const consent = await fetch(start.body.data.authorizationUrl, { redirect: 'manual' });
  const back = new URL(new URL(consent.headers.get('location')!).hash.slice(1), 'http://app');
  const callback = await t.call(`${S}/authorizationCallback`, { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
  if (!callback.body.success) throw new Error(JSON.stringify(callback.body));
}

/** Runs the TMC job now as the root account would and waits for its run to end. */
async function runTmc(): Promise<{ status: string; items: number | null }> {
  const count = async () => Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from job_runs where job_name = ${TAOBAO_TMC_JOB} and status <> 'RUNNING'`)).rows[0]!.n);
  const before = await count();
  const started = await t.call('/cloud/admin/job/runNow', { jobName: TAOBAO_TMC_JOB }, { token: root });
  expect(started.body, JSON.stringify(started.body)).toMatchObject({ success: true });
  await t.waitFor(count, (n) => n > before);
  return (await t.database.db.execute<{ status: string; items: number | null }>(sql`select status, items from job_runs where job_name = ${TAOBAO_TMC_JOB} order by id desc limit 1`)).rows[0]!;
}

async function messages() {
  const rows = await t.database.db.execute<{ message_id: string; event: string; platform_nos: string[]; status: string; sync_run_id: number | null }>(
    sql`select message_id, event, platform_nos, status, sync_run_id from marketplace_inbound_messages where domain_id = ${seller.domainId} and store_id = ${store.id} order by id`,
  );
  return rows.rows;
}

async function pushPulls(): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from order_sync_runs where domain_id = ${seller.domainId} and store_id = ${store.id} and trigger = 'PUSH'`);
  return Number(rows.rows[0]!.n);
}

async function platformOrder(tid: string): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from platform_orders where domain_id = ${seller.domainId} and store_id = ${store.id} and platform_no = ${tid}`);
  return Number(rows.rows[0]!.n);
}

// Orders and refunds are seeded as changed now: the store's earlier pulls have read up to then.
const confirmsOf = (id: string) => fake.calls.filter((c) => c.method === 'taobao.tmc.messages.confirm' && c.error === null && c.params.s_message_ids!.split(',').includes(id));

describe('Taobao messages (TMC) consumed by the job', () => {
  it('opens the message service for the seller when the store is authorised, with every topic of the app', async () => {
    const permits = fake.calls.filter((c) => c.method === 'taobao.tmc.user.permit');
    expect(permits).toHaveLength(1);
    expect(permits[0]!.params.topics).toBeUndefined();
    expect(fake.tmc.permitted.get(fake.userId)).toBeNull();
    const log = await t.database.db.execute<{ after: { messages?: string } }>(
      sql`select after from operation_logs where domain_id = ${seller.domainId} and entity_id = ${String(store.id)} and action = 'AUTHORIZE'`,
    );
    expect(log.rows.map((r) => r.after.messages)).toEqual(['SUBSCRIBED']);
  });

  it('keeps a trade message once for the seller\'s store, confirms it by its exact id and pulls the order', async () => {
    const [tid] = fake.seedOrders([new Date(Date.now() - 60_000)]);
    const id = fake.publishTmc({ topic: 'taobao_trade_TradeCreate', content: fake.tradeContent(tid!, { status: 'WAIT_SELLER_SEND_GOODS' }) });
    // Beyond JS's exact integers: the id goes back to TOP as it came.
    expect(BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);

    expect(await runTmc()).toEqual({ status: 'SUCCESS', items: 1 });
    expect(confirmsOf(id)).toHaveLength(1);
    expect(fake.tmc.queue.find((m) => m.id === id)!.confirmed).toBe(true);
    const rows = await t.waitFor(messages, (r) => r.length === 1 && r[0]!.status === 'PROCESSED');
    expect(rows).toEqual([{ message_id: id, event: 'taobao_trade_TradeCreate', platform_nos: [tid], status: 'PROCESSED', sync_run_id: expect.any(Number) }]);
    expect(await platformOrder(tid!)).toBe(1);
    expect(await pushPulls()).toBe(1);
  });

  it('takes a message delivered again after its confirm was lost as received: confirmed again, not processed twice', async () => {
    const [tid] = fake.seedOrders([new Date()]);
    const id = fake.publishTmc({ topic: 'taobao_trade_TradeChanged', content: fake.tradeContent(tid!) });
    const pullsBefore = await pushPulls();
    // Every try of the confirm fails: the run fails after keeping the message.
    fake.tmc.failConfirms = 3;
    expect((await runTmc()).status).not.toBe('SUCCESS');
    expect(fake.tmc.queue.find((m) => m.id === id)!.confirmed).toBe(false);
    await t.waitFor(messages, (r) => r.find((m) => m.message_id === id)?.status === 'PROCESSED');
    expect(await pushPulls()).toBe(pullsBefore + 1);

    // TMC delivers the unconfirmed message again.
    fake.redeliverUnconfirmed();
    expect(await runTmc()).toEqual({ status: 'SUCCESS', items: 1 });
    expect(fake.tmc.queue.find((m) => m.id === id)).toMatchObject({ confirmed: true, deliveries: 2 });
    // Given time to (wrongly) pull again: one message, one pull.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await messages()).filter((m) => m.message_id === id)).toHaveLength(1);
    expect(await pushPulls()).toBe(pullsBefore + 1);
    expect(await platformOrder(tid!)).toBe(1);
  });

  it('keeps a message of a seller with no store here as ignored, and confirms it', async () => {
    const id = fake.publishTmc({ topic: 'taobao_trade_TradeCreate', userId: '3300009999', userNick: 'someone-else', content: { tid: 4199999999999999, seller_nick: 'someone-else' } });
    const before = (await messages()).length;
    expect(await runTmc()).toEqual({ status: 'SUCCESS', items: 1 });
    expect(confirmsOf(id)).toHaveLength(1);
    const kept = await t.database.db.execute<{ shop_id: string; event: string; platform_nos: string[]; outcome: string }>(
      sql`select shop_id, event, platform_nos, outcome from marketplace_unmatched_messages where platform_code = 'CI_PLATFORM_TAOBAO' and message_id = ${id}`,
    );
    expect(kept.rows).toEqual([{ shop_id: '3300009999', event: 'taobao_trade_TradeCreate', platform_nos: ['4199999999999999'], outcome: 'no store of seller 3300009999 here' }]);
    expect(await messages()).toHaveLength(before);
  });

  it('keeps a message of another topic (goods) of the seller\'s store as ignored, without a pull, and confirms it', async () => {
    const id = fake.publishTmc({ topic: 'taobao_item_ItemUpdate', content: { num_iid: 600001, nick: 'fake-shop' } });
    const pulls = await pushPulls();
    expect(await runTmc()).toEqual({ status: 'SUCCESS', items: 1 });
    expect(confirmsOf(id)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await messages()).filter((m) => m.message_id === id)).toEqual([{ message_id: id, event: 'taobao_item_ItemUpdate', platform_nos: [], status: 'IGNORED', sync_run_id: null }]);
    expect(await pushPulls()).toBe(pulls);
  });

  it('ends a run on an empty answer without a confirm; a failed consume keeps nothing and the next run takes the message', async () => {
    const confirms = () => fake.calls.filter((c) => c.method === 'taobao.tmc.messages.confirm').length;
    const before = confirms();
    expect(await runTmc()).toEqual({ status: 'SUCCESS', items: 0 });
    expect(confirms()).toBe(before);

    const [tid] = fake.seedOrders([new Date()]);
    const id = fake.publishTmc({ topic: 'taobao_trade_TradeBuyerPay', content: fake.tradeContent(tid!) });
    // The answer breaks off on every try.
    fake.malformedNext(3);
    expect((await runTmc()).status).not.toBe('SUCCESS');
    expect((await messages()).some((m) => m.message_id === id)).toBe(false);
    expect(confirms()).toBe(before);
    expect(await runTmc()).toEqual({ status: 'SUCCESS', items: 1 });
    expect(confirmsOf(id)).toHaveLength(1);
    await t.waitFor(messages, (r) => r.find((m) => m.message_id === id)?.status === 'PROCESSED');
    expect(await platformOrder(tid!)).toBe(1);
  });

  it('pulls the store for a refund message, bringing the after-sale', async () => {
    const [tid] = fake.seedOrders([new Date()]);
    const at = new Date();
    fake.putRefund({ refund_id: '9301', tid: tid!, oid: `${tid}1`, status: 'WAIT_SELLER_AGREE', refund_fee: '60.25', reason: '不想要了', has_good_return: false, num_iid: '600001', title: '测试商品', num: 1, price: '60.25', created: at, modified: at, refund_phase: 'onsale' });
    const id = fake.publishTmc({ topic: 'taobao_refund_RefundCreated', content: { ...fake.tradeContent(tid!), refund_id: 9301, refund_fee: '60.25' } });
    expect(await runTmc()).toEqual({ status: 'SUCCESS', items: 1 });
    await t.waitFor(messages, (r) => r.find((m) => m.message_id === id)?.status === 'PROCESSED');
    const afterSale = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from after_sales where domain_id = ${seller.domainId} and platform_refund_id = '9301'`);
    expect(Number(afterSale.rows[0]!.n)).toBe(1);
  });
});
