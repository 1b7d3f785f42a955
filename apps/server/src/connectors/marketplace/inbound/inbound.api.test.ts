import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore, sandboxStoreSelling, type IngestSeller } from '../../../../test/factories/orders-ingest.js';
import { SANDBOX_PUSH_APP_KEY, sandboxPushSecret, sandboxPushSignature } from './verifiers.js';

let t: TestApp;
beforeAll(async () => {
  // The scheduled pull would race the pushes' pulls; only pushes pull here.
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});

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
});
