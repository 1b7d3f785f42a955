import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore, sandboxStoreSelling, type IngestSeller } from '../../../../test/factories/orders-ingest.js';
import { seedDemoData } from '../../../seed/demo.js';
import { INBOUND_SWEEP_JOB } from './index.js';
import { SANDBOX_PUSH_APP_KEY, sandboxPushSecret, sandboxPushSignature } from './verifiers.js';

let t: TestApp;
let root: string;
beforeAll(async () => {
  // The scheduled pull would race the pushes' pulls; only pushes pull here. The sweep runs when a test asks.
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  process.env.INBOUND_SWEEP_CRON = 'off';
  process.env.TAOBAO_TMC_CRON = 'off';
  t = await createTestApp();
  await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
  root = await t.token('root', 'Root#2026go');
});

/** Runs a job now as the root account would (/cloud/admin/job/runNow) and waits for its run to end. */
async function runJob(name: string): Promise<{ status: string; items: number | null }> {
  const count = async () => Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from job_runs where job_name = ${name} and status <> 'RUNNING'`)).rows[0]!.n);
  const before = await count();
  const started = await t.call('/cloud/admin/job/runNow', { jobName: name }, { token: root });
  expect(started.body, JSON.stringify(started.body)).toMatchObject({ success: true });
  await t.waitFor(count, (n) => n > before);
  const rows = await t.database.db.execute<{ status: string; items: number | null }>(sql`select status, items from job_runs where job_name = ${name} order by id desc limit 1`);
  return rows.rows[0]!;
}

const PATH = '/open/marketplace/messages/sandbox';

async function shopKeyOf(token: string, storeId: number): Promise<string> {
  return (await t.call('/cloud/sandbox/console/get', { storeId }, { token })).body.data.shopKey as string;
}

/** Posts one sandbox message as the platform would, signed with `secret` at `sentAt`. */
async function post(message: Record<string, unknown>, options: { secret?: string; sentAt?: number } = {}) {
  const body = JSON.stringify(message);
  const timestamp = String(options.sentAt ?? Date.now());
  const response = await t.app.inject({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-app-key': SANDBOX_PUSH_APP_KEY,
      'x-sandbox-timestamp': timestamp,
      'x-sandbox-signature': sandboxPushSignature(options.secret ?? sandboxPushSecret(), timestamp, body),
    },
    payload: body,
  });
  return { status: response.statusCode, answer: JSON.parse(response.body) as { code: number; msg: string } };
}

async function messagesOf(domainId: number, storeId: number) {
  const rows = await t.database.db.execute<{ message_id: string; status: string; outcome: string | null; sync_run_id: number | null }>(
    sql`select message_id, status, outcome, sync_run_id from marketplace_inbound_messages where domain_id = ${domainId} and store_id = ${storeId} order by id`,
  );
  return rows.rows;
}

async function claimsOf(domainId: number, storeId: number) {
  const rows = await t.database.db.execute<{ message_id: string; status: string; attempts: number; sync_run_id: number | null }>(
    sql`select message_id, status, attempts, sync_run_id from marketplace_inbound_messages where domain_id = ${domainId} and store_id = ${storeId} order by id`,
  );
  return rows.rows;
}

async function pushPulls(domainId: number, storeId: number): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from order_sync_runs where domain_id = ${domainId} and store_id = ${storeId} and trigger = 'PUSH'`);
  return Number(rows.rows[0]!.n);
}

async function sellingStore(): Promise<{ seller: IngestSeller; storeId: number; shopKey: string }> {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 2);
  await ingestWarehouse(t, seller.domainId);
  const { storeId } = await sandboxStoreSelling(t, seller.token, skus.map((s) => s.code));
  return { seller, storeId, shopKey: await shopKeyOf(seller.token, storeId) };
}

async function setPushing(token: string, storeId: number, pushFailures: string[] = []) {
  const view = (await t.call('/cloud/sandbox/console/get', { storeId }, { token })).body.data;
  const answer = await t.call(
    '/cloud/sandbox/console/updateSettings',
    { storeId, version: view.version, failureRate: 0, latencyMs: 0, tokenLifetimeSeconds: view.tokenLifetimeSeconds, rateLimitPerMinute: null, pushMessages: true, pushFailures },
    { token },
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
}

describe('signed marketplace messages', () => {
  it('refuses a message with a wrong signature and keeps nothing of it', async () => {
    const { seller, storeId, shopKey } = await sellingStore();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const sent = await post({ msgId: 'm-wrong-1', shopKey, event: 'ORDER_CHANGED', orderNo }, { secret: 'not-the-secret' });
    expect(sent.status).toBe(200);
    expect(sent.answer.code).not.toBe(0);
    expect(sent.answer.msg).toContain('INVALID_SIGNATURE');
    expect(await messagesOf(seller.domainId, storeId)).toEqual([]);
    expect(await ordersOfStore(t, seller.domainId, storeId)).toEqual([]);
  });

  it('refuses a correctly signed message sent again after the 10-minute window (a replay)', async () => {
    const { seller, storeId, shopKey } = await sellingStore();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const sent = await post({ msgId: 'm-old-1', shopKey, event: 'ORDER_CHANGED', orderNo }, { sentAt: Date.now() - 11 * 60_000 });
    expect(sent.answer.code).not.toBe(0);
    expect(sent.answer.msg).toContain('REPLAYED');
    expect(await messagesOf(seller.domainId, storeId)).toEqual([]);
  });

  it('refuses a message naming a shop that is no store here', async () => {
    const sent = await post({ msgId: 'm-nobody', shopKey: 'no-such-shop', event: 'ORDER_CHANGED', orderNo: 'X1' });
    expect(sent.answer.msg).toContain('UNKNOWN_SHOP');
  });

  it('processes the same message once when it arrives twice, answering ok both times', async () => {
    const { seller, storeId, shopKey } = await sellingStore();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const message = { msgId: `m-dup-${storeId}`, shopKey, event: 'ORDER_CREATED', orderNo };
    expect((await post(message)).answer).toEqual({ code: 0, msg: 'success' });
    const first = await t.waitFor(() => messagesOf(seller.domainId, storeId), (rows) => rows[0]?.status === 'PROCESSED');
    expect((await post(message)).answer).toEqual({ code: 0, msg: 'success' });
    // Given time to (wrongly) run a second pull, there is still one message and one pull.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await messagesOf(seller.domainId, storeId)).toEqual(first);
    expect(first).toHaveLength(1);
    expect(await pushPulls(seller.domainId, storeId)).toBe(1);
    const orders = await ordersOfStore(t, seller.domainId, storeId);
    expect(orders.map((o) => o.platform_nos[0])).toEqual([orderNo]);
    // The pull's record: one page of orders and one of after-sales.
    const run = await t.database.db.execute<{ pulled: number; pages: number }>(sql`select pulled, pages from order_sync_runs where domain_id = ${seller.domainId} and id = ${first[0]!.sync_run_id}`);
    expect(run.rows).toEqual([{ pulled: 1, pages: 2 }]);
  });

  it('keeps a message of a store with automatic order sync off as ignored, without a pull', async () => {
    const { seller, storeId, shopKey } = await sellingStore();
    const store = (await t.call('/cloud/domain/store/getStore', { id: storeId }, { token: seller.token })).body.data;
    const off = await t.call(
      '/cloud/domain/store/configStoreSyncData',
      { id: storeId, version: store.version, autoSyncOrders: false, autoSyncStock: false, autoFeedback: false, syncAfterSales: false },
      { token: seller.token },
    );
    expect(off.body.success, JSON.stringify(off.body)).toBe(true);
    expect((await post({ msgId: 'm-off', shopKey, event: 'ORDER_CREATED', orderNo: 'X2' })).answer.code).toBe(0);
    expect(await messagesOf(seller.domainId, storeId)).toEqual([{ message_id: 'm-off', status: 'IGNORED', outcome: 'automatic order sync is off', sync_run_id: null }]);
    expect(await pushPulls(seller.domainId, storeId)).toBe(0);
  });

  it('brings an order the sandbox pushes, and its later change, to the ERP order', async () => {
    const { seller, storeId } = await sellingStore();
    await setPushing(seller.token, storeId);
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const [created] = await t.waitFor(() => ordersOfStore(t, seller.domainId, storeId), (rows) => rows.length === 1);
    expect(created!.platform_nos).toEqual([orderNo]);
    expect(created!.intercepted).toBe(false);

    expect((await t.call('/cloud/sandbox/console/closeOrder', { storeId, orderNo }, { token: seller.token })).body.success).toBe(true);
    const [closed] = await t.waitFor(() => ordersOfStore(t, seller.domainId, storeId), (rows) => rows[0]?.intercept_reason === 'CANCELLED');
    expect(closed).toMatchObject({ intercepted: true, intercept_reason: 'CANCELLED' });
    const messages = await t.waitFor(() => messagesOf(seller.domainId, storeId), (rows) => rows.length === 2 && rows.every((r) => r.status === 'PROCESSED'));
    expect(messages.every((m) => m.sync_run_id !== null)).toBe(true);
  });

  it('survives the sandbox failing: a wrong signature is refused, a duplicate is kept once, a held-back message arriving after a newer one is taken too', async () => {
    const { seller, storeId } = await sellingStore();
    await setPushing(seller.token, storeId, ['WRONG_SIGNATURE', 'OUT_OF_ORDER', 'DUPLICATE']);
    const sandboxPushes = async () =>
      (
        await t.database.db.execute<{ outcome: string; fault: string | null }>(
          sql`select c.outcome, c.payload->>'fault' as fault from sandbox_calls c join sandbox_shops s on s.id = c.shop_id and s.domain_id = c.domain_id
              where s.domain_id = ${seller.domainId} and s.store_id = ${storeId} and c.operation = 'pushMessage' order by c.id`,
        )
      ).rows;

    // 1: signed with a wrong secret — the receiver refuses it, nothing kept.
    const [first] = await generateSandboxOrders(t, seller.token, storeId, 1);
    await t.waitFor(sandboxPushes, (rows) => rows.length === 1);
    expect(await sandboxPushes()).toEqual([{ outcome: 'REJECTED', fault: 'WRONG_SIGNATURE' }]);
    expect(await messagesOf(seller.domainId, storeId)).toEqual([]);

    // 2: held back (out of order); 3: sent twice, then the held one after it.
    const [second] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const [third] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const pushes = await t.waitFor(sandboxPushes, (rows) => rows.length === 4);
    expect(pushes.slice(1)).toEqual([
      { outcome: 'OK', fault: 'DUPLICATE' },
      { outcome: 'OK', fault: 'DUPLICATE' },
      { outcome: 'OK', fault: 'OUT_OF_ORDER' },
    ]);
    const messages = await t.waitFor(() => messagesOf(seller.domainId, storeId), (rows) => rows.length === 2 && rows.every((r) => r.status === 'PROCESSED'));
    expect(messages).toHaveLength(2);
    // Every order is there once: the pulls read the marketplace's current state, whatever the message order.
    const orders = await ordersOfStore(t, seller.domainId, storeId);
    expect(orders.map((o) => o.platform_nos[0]).sort()).toEqual([first, second, third].sort());
  });
  it('keeps a message of a store whose pull is backed off after a failure waiting, and processes it once the back-off ends', async () => {
    const { seller, storeId, shopKey } = await sellingStore();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    // The marketplace fails every call: the manual pull fails and backs the store off.
    const view = (await t.call('/cloud/sandbox/console/get', { storeId }, { token: seller.token })).body.data;
    const failing = { storeId, version: view.version, failureRate: 1, latencyMs: 0, tokenLifetimeSeconds: view.tokenLifetimeSeconds, rateLimitPerMinute: null, pushMessages: false, pushFailures: [] };
    expect((await t.call('/cloud/sandbox/console/updateSettings', failing, { token: seller.token })).body.success).toBe(true);
    const failed = await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: seller.token });
    expect(failed.body.data?.status ?? failed.body.errorCode, JSON.stringify(failed.body)).toBe('FAILURE');
    const healthy = (await t.call('/cloud/sandbox/console/get', { storeId }, { token: seller.token })).body.data;
    expect((await t.call('/cloud/sandbox/console/updateSettings', { ...failing, version: healthy.version, failureRate: 0 }, { token: seller.token })).body.success).toBe(true);

    expect((await post({ msgId: `m-backoff-${storeId}`, shopKey, event: 'ORDER_CREATED', orderNo })).answer.code).toBe(0);
    // Given time to (wrongly) pull, the message waits and no pushed pull ran; a sweep during the back-off sends nothing for it.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await runJob(INBOUND_SWEEP_JOB)).status).toBe('SUCCESS');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await claimsOf(seller.domainId, storeId)).toEqual([{ message_id: `m-backoff-${storeId}`, status: 'QUEUED', attempts: 0, sync_run_id: null }]);
    expect(await pushPulls(seller.domainId, storeId)).toBe(0);

    // The back-off ends (its time has come); the sweep sends the store's job and the message is processed once.
    await t.database.db.execute(sql`update order_sync_states set next_attempt_at = now() - interval '1 second' where domain_id = ${seller.domainId} and store_id = ${storeId}`);
    await runJob(INBOUND_SWEEP_JOB);
    const done = await t.waitFor(() => claimsOf(seller.domainId, storeId), (rows) => rows[0]?.status === 'PROCESSED');
    expect(done).toMatchObject([{ status: 'PROCESSED', attempts: 1 }]);
    expect(await pushPulls(seller.domainId, storeId)).toBe(1);
    expect((await ordersOfStore(t, seller.domainId, storeId)).map((o) => o.platform_nos[0])).toEqual([orderNo]);
  });

  it('reclaims messages a stopped process left PROCESSING past the timeout, processes them once, and gives one up after 3 claims', async () => {
    const { seller, storeId } = await sellingStore();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    // As a crash leaves them: claimed 20 minutes ago (once, and for the third time), never finished; and one claimed just now.
    const insert = (messageId: string, attempts: number, claimedMinutesAgo: number) =>
      t.database.db.execute(sql`
        insert into marketplace_inbound_messages (domain_id, store_id, platform_code, app_key, message_id, event, platform_nos, sent_at, status, attempts, claimed_at)
        values (${seller.domainId}, ${storeId}, 'SANDBOX', ${SANDBOX_PUSH_APP_KEY}, ${messageId}, 'ORDER_CREATED', ${JSON.stringify([orderNo])}::jsonb, now(), 'PROCESSING', ${attempts}, now() - make_interval(mins => ${claimedMinutesAgo}))`);
    await insert(`m-lost-${storeId}`, 1, 20);
    await insert(`m-lost3-${storeId}`, 3, 20);
    await insert(`m-live-${storeId}`, 1, 0);

    expect((await runJob(INBOUND_SWEEP_JOB)).status).toBe('SUCCESS');
    const rows = await t.waitFor(() => claimsOf(seller.domainId, storeId), (r) => r[0]?.status === 'PROCESSED');
    expect(rows).toEqual([
      { message_id: `m-lost-${storeId}`, status: 'PROCESSED', attempts: 2, sync_run_id: expect.any(Number) },
      { message_id: `m-lost3-${storeId}`, status: 'FAILED', attempts: 3, sync_run_id: null },
      // A claim within the timeout belongs to a pull still running: left alone.
      { message_id: `m-live-${storeId}`, status: 'PROCESSING', attempts: 1, sync_run_id: null },
    ]);
    expect(await pushPulls(seller.domainId, storeId)).toBe(1);
    expect((await ordersOfStore(t, seller.domainId, storeId)).map((o) => o.platform_nos[0])).toEqual([orderNo]);
    // Swept again: nothing is processed twice.
    await runJob(INBOUND_SWEEP_JOB);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await claimsOf(seller.domainId, storeId)).toEqual(rows);
    expect(await pushPulls(seller.domainId, storeId)).toBe(1);
  });
});
