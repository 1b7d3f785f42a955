// The sandbox connector at connector level, against its own tables: online goods by page,
// orders and after-sales by time window and watermark, shipping feedback and stock pushes, and
// its failures — timeouts, rate limits, a deterministic failure rate, expired tokens, latency.
// Also the registry's answer for real marketplaces and the store connection other areas use.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { addSandboxItems, authorizedSandboxStore, authorizeSandboxStore, createSandboxStore, storeSeller } from '../../../../test/factories/stores.js';
import { sandboxShops, stores } from '../../../db/schema/index.js';
import type { StoresAreaService } from '../../../modules/stores/index.js';
import { ConnectorError, type StoreCredentials } from '../connector.js';
import { createConnectorRegistry } from '../registry.js';
import { createSandboxConnector, drawFraction, statusAfterDecision } from './sandbox.connector.js';

const t = await createTestApp();
const sandbox = createSandboxConnector({ db: t.database.db });
const C = '/cloud/sandbox/console';

async function credentials(storeId: number): Promise<StoreCredentials> {
  const [s] = await t.database.db.select().from(stores).where(eq(stores.id, storeId));
  return { domainId: s!.domainId, storeId: s!.id, platformCode: s!.platformCode, platformShopId: s!.platformShopId, accessToken: s!.accessToken, refreshToken: s!.refreshToken, tokenExpiresAt: s!.tokenExpiresAt };
}

/** An authorized sandbox store with its credentials and the owner's token. */
async function readyStore(options: { items?: number } = {}) {
  const { token } = await storeSeller(t);
  const store = await authorizedSandboxStore(t, token);
  if (options.items) await addSandboxItems(t, token, store.id, options.items);
  return { token, store, creds: await credentials(store.id) };
}

async function settings(token: string, storeId: number, patch: Record<string, unknown>) {
  const shop = (await t.call(`${C}/get`, { storeId }, { token })).body.data;
  const answer = await t.call(
    `${C}/updateSettings`,
    { storeId, version: shop.version, failureRate: shop.failureRate, latencyMs: shop.latencyMs, tokenLifetimeSeconds: shop.tokenLifetimeSeconds, rateLimitPerMinute: shop.rateLimitPerMinute, ...patch },
    { token },
  );
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
}

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

async function outcomes(token: string, storeId: number): Promise<string[]> {
  const answer = await t.call(`${C}/calls`, { storeId, pageSize: 100 }, { token });
  return answer.body.data.voList.map((c: { operation: string; outcome: string }) => `${c.operation}:${c.outcome}`).reverse();
}

const window = (from: Date, watermark?: string | null, pageSize = 2) => ({ from, to: new Date(Date.now() + 60_000), watermark: watermark ?? null, pageSize });

describe('online goods', () => {
  it('lists the shop items page by page with their SKUs', async () => {
    const { creds } = await readyStore({ items: 3 });
    const first = await sandbox.listOnlineGoods(creds, { page: 1, pageSize: 2 });
    expect(first).toMatchObject({ page: 1, total: 3, hasMore: true });
    expect(first.items.map((i) => i.title)).toEqual(['Sandbox item 1', 'Sandbox item 2']);
    expect(first.items[0]!.skus).toEqual([
      { tbSkuId: expect.any(String), title: 'Sandbox item 1 Colour:Red', properties: 'Colour:Red', outerSkuId: 'OUT-1-1', price: '10.5000' },
      { tbSkuId: expect.any(String), title: 'Sandbox item 1 Colour:Blue', properties: 'Colour:Blue', outerSkuId: 'OUT-1-2', price: '11.5000' },
    ]);
    const second = await sandbox.listOnlineGoods(creds, { page: 2, pageSize: 2 });
    expect(second).toMatchObject({ page: 2, total: 3, hasMore: false });
    expect(second.items.map((i) => i.outerId)).toEqual(['OUT-3']);
  });
});

describe('orders by time window and watermark', () => {
  it('pages through the window without losing or repeating an order, and sees later changes', async () => {
    const { token, store, creds } = await readyStore({ items: 2 });
    const from = new Date(Date.now() - 1000);
    const generated = await t.call(`${C}/generateOrders`, { storeId: store.id, count: 5 }, { token });
    const expected: string[] = generated.body.data.orderNos;

    const seen: string[] = [];
    let watermark: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await sandbox.pullOrders(creds, window(from, watermark));
      seen.push(...page.orders.map((o) => o.platformNo));
      watermark = page.watermark;
      pages++;
      if (!page.hasMore) break;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
    const sample = (await sandbox.pullOrders(creds, window(from, null, 1))).orders[0]!;
    expect(sample).toMatchObject({ status: 'WAIT_SELLER_SEND_GOODS', shipping: null });
    expect(sample.lines.length).toBeGreaterThan(0);
    expect(sample.amount).toMatch(/^\d+\.\d{4}$/);

    // Nothing new after the last watermark; the watermark stays.
    const quiet = await sandbox.pullOrders(creds, window(from, watermark));
    expect(quiet).toEqual({ orders: [], watermark, hasMore: false });
    // A window that starts after the orders sees none of them.
    expect((await sandbox.pullOrders(creds, window(new Date(Date.now() + 1000)))).orders).toEqual([]);

    // Shipping one of them changes it on the marketplace: the next pull after the watermark has it.
    await new Promise((r) => setTimeout(r, 5));
    await sandbox.pushShippingFeedback(creds, [{ platformNo: expected[1]!, expressCompanyCode: 'SF', expressNo: 'SF1234567890' }]);
    const changed = await sandbox.pullOrders(creds, window(from, watermark));
    expect(changed.orders.map((o) => [o.platformNo, o.status, o.shipping?.expressNo])).toEqual([[expected[1], 'WAIT_BUYER_CONFIRM_GOODS', 'SF1234567890']]);
  });

  it('refuses a window that ends before it starts and a watermark of another form', async () => {
    const { creds } = await readyStore();
    await expect(sandbox.pullOrders(creds, { from: new Date(), to: new Date(Date.now() - 1000) })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    await expect(sandbox.pullOrders(creds, { from: new Date(0), to: new Date(), watermark: 'page-2' })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });

  it('pulls after-sale requests by window and watermark', async () => {
    const { token, store, creds } = await readyStore({ items: 1 });
    const from = new Date(Date.now() - 1000);
    const orders = (await t.call(`${C}/generateOrders`, { storeId: store.id, count: 2 }, { token })).body.data.orderNos as string[];
    await t.call(`${C}/createRefund`, { storeId: store.id, orderNo: orders[0], reason: 'Wrong size' }, { token });
    const first = await sandbox.pullAfterSales(creds, window(from));
    expect(first.afterSales.map((r) => [r.platformNo, r.reason, r.status])).toEqual([[orders[0], 'Wrong size', 'WAIT_SELLER_AGREE']]);
    await t.call(`${C}/createRefund`, { storeId: store.id, orderNo: orders[1] }, { token });
    const next = await sandbox.pullAfterSales(creds, window(from, first.watermark));
    expect(next.afterSales.map((r) => r.platformNo)).toEqual([orders[1]]);
  });
});

describe('pushes', () => {
  it('takes shipping feedback per order, refusing what it cannot accept, and records what it received', async () => {
    const { token, store, creds } = await readyStore({ items: 1 });
    const orders = (await t.call(`${C}/generateOrders`, { storeId: store.id, count: 2 }, { token })).body.data.orderNos as string[];
    await t.call(`${C}/closeOrder`, { storeId: store.id, orderNo: orders[1] }, { token });
    const results = await sandbox.pushShippingFeedback(creds, [
      { platformNo: orders[0]!, expressCompanyCode: 'YTO', expressNo: 'YT9876543210' },
      { platformNo: orders[1]!, expressCompanyCode: 'YTO', expressNo: 'YT9876543211' },
      { platformNo: 'NO-SUCH-ORDER', expressCompanyCode: 'YTO', expressNo: 'YT9876543212' },
      { platformNo: orders[0]!, expressCompanyCode: 'YTO', expressNo: 'x' },
    ]);
    expect(results.map((r) => [r.ok, r.message])).toEqual([
      [true, null],
      [false, 'the order was closed by the buyer'],
      [false, 'no such order on the sandbox'],
      [false, '"x" is not a waybill number'],
    ]);
    // Sending the same feedback again is accepted without change.
    expect((await sandbox.pushShippingFeedback(creds, [{ platformNo: orders[0]!, expressCompanyCode: 'YTO', expressNo: 'YT9876543210' }]))[0]!.ok).toBe(true);
    const list = await t.call(`${C}/orders`, { storeId: store.id }, { token });
    const shipped = list.body.data.voList.find((o: { orderNo: string }) => o.orderNo === orders[0]);
    expect(shipped).toMatchObject({ status: 'WAIT_BUYER_CONFIRM_GOODS', expressCompanyCode: 'YTO', expressNo: 'YT9876543210' });
    const received = await t.call(`${C}/calls`, { storeId: store.id, receivedOnly: true }, { token });
    expect(received.body.data.voList).toHaveLength(2);
    expect(received.body.data.voList[1].payload.feedback).toHaveLength(4);
  });

  it('sets the stock of the SKUs it knows and refuses the others', async () => {
    const { token, store, creds } = await readyStore({ items: 1 });
    const items = (await t.call(`${C}/items`, { storeId: store.id }, { token })).body.data.voList;
    const [a, b] = items[0].skus.map((s: { skuId: string }) => s.skuId);
    const results = await sandbox.pushStock(creds, [
      { tbSkuId: a, quantity: 42 },
      { tbSkuId: b, quantity: -1 },
      { tbSkuId: 'UNKNOWN', quantity: 3 },
    ]);
    expect(results.map((r) => [r.key, r.ok])).toEqual([
      [a, true],
      [b, false],
      ['UNKNOWN', false],
    ]);
    const after = (await t.call(`${C}/items`, { storeId: store.id }, { token })).body.data.voList[0].skus;
    expect(after.map((s: { quantity: number }) => s.quantity)).toEqual([42, 5]);
    const calls = await t.call(`${C}/calls`, { storeId: store.id, operation: 'pushStock' }, { token });
    expect(calls.body.data.voList[0].payload.updates).toEqual([
      { tbSkuId: a, quantity: 42 },
      { tbSkuId: b, quantity: -1 },
      { tbSkuId: 'UNKNOWN', quantity: 3 },
    ]);
  });
});

describe('failures on request', () => {
  it('hangs on a forced timeout until the caller gives up, then answers again', async () => {
    const { token, store, creds } = await readyStore({ items: 1 });
    await t.call(`${C}/forceFailures`, { storeId: store.id, failures: [{ kind: 'TIMEOUT' }] }, { token });
    const began = Date.now();
    const error = await failure(sandbox.listOnlineGoods(creds, { page: 1, pageSize: 10 }, { timeoutMs: 300 }));
    expect(error.kind).toBe('TIMEOUT');
    expect(error.retryable).toBe(true);
    expect(Date.now() - began).toBeGreaterThanOrEqual(290);
    expect((await sandbox.listOnlineGoods(creds, { page: 1, pageSize: 10 })).items).toHaveLength(1);
    expect(await outcomes(token, store.id)).toEqual(['exchangeCode:OK', 'listOnlineGoods:TIMEOUT', 'listOnlineGoods:OK']);
  });

  it('keeps a forced failure for the operation it names', async () => {
    const { token, store, creds } = await readyStore({ items: 1 });
    await t.call(`${C}/forceFailures`, { storeId: store.id, failures: [{ kind: 'ERROR', operation: 'pushStock' }, { kind: 'RATE_LIMITED' }] }, { token });
    const limited = await failure(sandbox.listOnlineGoods(creds, { page: 1, pageSize: 10 }));
    expect(limited).toMatchObject({ kind: 'RATE_LIMITED', retryAfterMs: 1000 });
    await sandbox.pullOrders(creds, window(new Date(0)));
    expect((await failure(sandbox.pushStock(creds, [{ tbSkuId: 'x', quantity: 1 }]))).kind).toBe('PLATFORM_ERROR');
    expect((await t.call(`${C}/get`, { storeId: store.id }, { token })).body.data.forcedFailures).toEqual([]);
  });

  it('refuses calls beyond its per-minute limit, saying when to come back', async () => {
    const { token, store, creds } = await readyStore();
    await settings(token, store.id, { rateLimitPerMinute: 3 });
    // The code exchange of the authorization was this minute's first call.
    for (let i = 0; i < 2; i++) await sandbox.pullOrders(creds, window(new Date(0)));
    const error = await failure(sandbox.pullOrders(creds, window(new Date(0))));
    expect(error.kind).toBe('RATE_LIMITED');
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await outcomes(token, store.id)).toEqual(['exchangeCode:OK', 'pullOrders:OK', 'pullOrders:OK', 'pullOrders:RATE_LIMITED']);
  });

  it('fails a share of calls drawn from the call number, the same way every time', async () => {
    const { token, store, creds } = await readyStore();
    await settings(token, store.id, { failureRate: 0.5 });
    const [shop] = await t.database.db.select().from(sandboxShops).where(eq(sandboxShops.storeId, store.id));
    const expected: string[] = [];
    const actual: string[] = [];
    for (let n = 1; n <= 12; n++) {
      expected.push(drawFraction(shop!.shopKey, shop!.callCount + n) < 0.5 ? 'PLATFORM_ERROR' : 'OK');
      actual.push(
        await sandbox.pullOrders(creds, window(new Date(0))).then(
          () => 'OK',
          (e: ConnectorError) => e.kind,
        ),
      );
    }
    expect(actual).toEqual(expected);
    expect(new Set(actual).size).toBe(2);
    await settings(token, store.id, { failureRate: 1 });
    expect((await failure(sandbox.pullOrders(creds, window(new Date(0))))).kind).toBe('PLATFORM_ERROR');
  });

  it('answers slowly with latency, and times out when slower than the deadline', async () => {
    const { token, store, creds } = await readyStore();
    await settings(token, store.id, { latencyMs: 250 });
    // The wait the sandbox takes, recorded instead of timed.
    const waits: number[] = [];
    const recording = createSandboxConnector({ db: t.database.db, sleep: async (ms) => void waits.push(ms) });
    await recording.pullOrders(creds, window(new Date(0)));
    expect(waits).toEqual([250]);
    expect((await failure(sandbox.pullOrders(creds, window(new Date(0)), { timeoutMs: 100 }))).kind).toBe('TIMEOUT');
  });

  it('refuses an access token past its lifetime, and a refreshed one works', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    await settings(token, store.id, { tokenLifetimeSeconds: 1 });
    await authorizeSandboxStore(t, token, store.id);
    const creds = await credentials(store.id);
    await new Promise((r) => setTimeout(r, 1100));
    const expired = await failure(sandbox.pullOrders(creds, window(new Date(0))));
    expect(expired.kind).toBe('TOKEN_EXPIRED');
    expect(expired.retryable).toBe(false);
    await settings(token, store.id, { tokenLifetimeSeconds: 3600 });
    const grant = await sandbox.refreshToken(creds);
    expect(grant.shopId).toBe(store.platformShopId);
    const fresh = { ...creds, accessToken: grant.accessToken, refreshToken: grant.refreshToken };
    expect((await sandbox.pullOrders(fresh, window(new Date(0)))).orders).toEqual([]);
    // The old refresh token was spent by the refresh.
    expect((await failure(sandbox.refreshToken(creds))).kind).toBe('AUTH_FAILED');
    // A forced expiry, too.
    await t.call(`${C}/forceFailures`, { storeId: store.id, failures: [{ kind: 'TOKEN_EXPIRED' }] }, { token });
    expect((await failure(sandbox.pullOrders(fresh, window(new Date(0))))).kind).toBe('TOKEN_EXPIRED');
  });
});

describe('connector registry', () => {
  it('answers that a real marketplace connector is not in this build, and that offline stores have none', () => {
    const registry = createConnectorRegistry([sandbox]);
    expect(registry.forPlatform('SANDBOX')).toBe(sandbox);
    expect(() => registry.forPlatform('CI_PLATFORM_PDD')).toThrow(expect.objectContaining({ kind: 'NOT_IN_BUILD', code: 'ERR_STORES_CONNECTOR_NOT_IN_BUILD' }));
    expect(() => registry.forPlatform('CI_PLATFORM_OFFLINE')).toThrow(expect.objectContaining({ kind: 'NO_CONNECTOR' }));
    expect(() => registry.forPlatform('SELF_BUILD')).toThrow(expect.objectContaining({ kind: 'NO_CONNECTOR' }));
    expect(() => registry.forPlatform('NOPE')).toThrow(expect.objectContaining({ code: 'ERR_STORES_UNKNOWN_PLATFORM' }));
  });
});

describe('the store connection other areas use', () => {
  const storesService = () => t.app.services.registry.get<StoresAreaService>('stores');

  it('refreshes an ended token by itself and carries on', async () => {
    const { token, store } = await readyStore({ items: 1 });
    await t.call(`${C}/generateOrders`, { storeId: store.id, count: 1 }, { token });
    await t.call(`${C}/expireToken`, { storeId: store.id }, { token });
    const connection = await storesService().connectorFor((await credentials(store.id)).domainId, store.id);
    const page = await connection.pullOrders(window(new Date(0)));
    expect(page.orders).toHaveLength(1);
    expect(await outcomes(token, store.id)).toEqual(['exchangeCode:OK', 'pullOrders:TOKEN_EXPIRED', 'refreshToken:OK', 'pullOrders:OK']);
  });

  it('marks the store expired when the authorization was withdrawn', async () => {
    const { token, store } = await readyStore();
    const { domainId } = await credentials(store.id);
    await t.call(`${C}/revokeTokens`, { storeId: store.id }, { token });
    const connection = await storesService().connectorFor(domainId, store.id);
    expect((await failure(connection.pushStock([{ tbSkuId: 'x', quantity: 1 }]))).kind).toBe('TOKEN_EXPIRED');
    const [row] = await t.database.db.select().from(stores).where(eq(stores.id, store.id));
    expect(row!.authStatus).toBe('EXPIRED');
  });

  it('refuses a disabled store, a store of another domain, and a store of a marketplace not in this build', async () => {
    const { token, store } = await readyStore();
    const { domainId } = await credentials(store.id);
    await t.call('/cloud/domain/store/enableStore4Offline', { id: store.id, version: store.version, usable: false }, { token });
    const connection = await storesService().connectorFor(domainId, store.id);
    await expect(connection.pullOrders(window(new Date(0)))).rejects.toMatchObject({ code: 'ERR_STORES_DISABLED' });
    await expect(storesService().connectorFor(domainId + 100_000, store.id)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    const youzan = (await t.call('/cloud/domain/store/createStore', { name: 'Youzan', platformCode: 'CI_PLATFORM_YOUZAN' }, { token })).body.data;
    await expect(storesService().connectorFor(domainId, youzan.id)).rejects.toMatchObject({ kind: 'NOT_IN_BUILD' });
  });
});

describe('the sandbox refund state after a seller’s decision', () => {
  const open = { checkStatus: 'PROCESSING', refundStatus: 'VERIFY', receiptStatus: 'NONE' };
  it('pays an agreed refund only, and finishes a refund done', () => {
    expect(statusAfterDecision('REFUND_ONLY', 'WAIT_SELLER_AGREE', { ...open, refundStatus: 'WAIT' })).toBe('SUCCESS');
    expect(statusAfterDecision('RETURN_REFUND', 'WAIT_SELLER_CONFIRM_GOODS', { ...open, checkStatus: 'COMPLETED', refundStatus: 'SUCCESS', receiptStatus: 'ALL' })).toBe('SUCCESS');
  });
  it('waits for the buyer’s parcel once a return is agreed, and keeps a refund agreed before the goods are back waiting', () => {
    expect(statusAfterDecision('RETURN_REFUND', 'WAIT_SELLER_AGREE', { ...open, receiptStatus: 'WAITING' })).toBe('WAIT_BUYER_RETURN_GOODS');
    expect(statusAfterDecision('RETURN_REFUND', 'WAIT_BUYER_RETURN_GOODS', { ...open, refundStatus: 'WAIT', receiptStatus: 'WAITING' })).toBe('WAIT_BUYER_RETURN_GOODS');
  });
  it('refuses for the seller, and answers REFUSED when a request that is over would change', () => {
    expect(statusAfterDecision('REFUND_ONLY', 'WAIT_SELLER_AGREE', { ...open, checkStatus: 'CLOSED', refundStatus: 'REJECT' })).toBe('SELLER_REFUSE_BUYER');
    for (const over of ['CLOSED', 'SELLER_REFUSE_BUYER']) expect(statusAfterDecision('REFUND_ONLY', over, { ...open, refundStatus: 'WAIT' })).toBe('REFUSED');
    expect(statusAfterDecision('REFUND_ONLY', 'SUCCESS', { ...open, checkStatus: 'CLOSED', refundStatus: 'REJECT' })).toBe('REFUSED');
  });
  it('answers a decision sent again (or one the marketplace already made itself) as before', () => {
    expect(statusAfterDecision('REFUND_ONLY', 'SUCCESS', { ...open, refundStatus: 'WAIT' })).toBe('SUCCESS');
    expect(statusAfterDecision('REFUND_ONLY', 'SELLER_REFUSE_BUYER', { ...open, checkStatus: 'CLOSED', refundStatus: 'REJECT' })).toBe('SELLER_REFUSE_BUYER');
  });
});
