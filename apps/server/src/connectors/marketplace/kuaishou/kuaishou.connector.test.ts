// The Kuaishou connector against its fake: the answers' failure kinds (a wrong signSecret, a
// token refused, throttling, the daily quota, window refusals), the refresh token rotating, the
// window rules (≤ 7-day sub-windows, nothing older than 90 days asked), the sign methods, and
// the goods, stock and shipping calls with Kuaishou's carrier codes.
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { ConnectorError, type AfterSaleDecisionPush, type StoreCredentials } from '../connector.js';
import { classifyKsError, KsBusinessError } from './kuaishou.client.js';
import { createKuaishouConnector, KS_PLATFORM_CODE } from './kuaishou.connector.js';
import { ksFakeOrder, ksFakeRefund, startKsFake, type KsFake } from './kuaishou.fake.js';
import { KS_REJECT_DESC } from './kuaishou.connector.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let fake: KsFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function setup(over: Partial<PlatformAppCredentials> = {}, options: { signMethod?: 'MD5' | 'HMAC_SHA256'; maxWindowMs?: number } = {}) {
  fake = await startKsFake();
  const f = fake;
  const creds: PlatformAppCredentials = { appKey: f.appKey, appSecret: f.appSecret, signSecret: f.signSecret, gatewayUrl: f.gatewayUrl, authorizeUrl: f.authorizeUrl, ...over };
  const connector = createKuaishouConnector({ credentials: async (code) => (code === KS_PLATFORM_CODE ? creds : null), retryBaseMs: 5, ...options });
  const blank: StoreCredentials = { domainId: 1, storeId: 1, platformCode: KS_PLATFORM_CODE, platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null };
  const grant = await connector.exchangeCode({ store: blank, code: f.issueCode('http://x/#/authorization'), redirectUri: 'http://x/#/authorization' });
  const store: StoreCredentials = { ...blank, platformShopId: grant.shopId, accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt };
  return { f, connector, store, grant };
}

const failureOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ConnectorError);

describe('Kuaishou connector', () => {
  it('authorises with the code once (48-hour token, the open_id as shop) and rotates the refresh token on refresh', async () => {
    const { f, connector, store, grant } = await setup();
    expect(grant.shopId).toBe(f.openId);
    expect(grant.expiresAt!.getTime() - Date.now()).toBeGreaterThan(47 * HOUR);
    const url = new URL(await connector.authorizationUrl({ store, state: 'st-1', redirectUri: 'http://x/#/authorization' }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ app_id: f.appKey, response_type: 'code', state: 'st-1', redirect_uri: 'http://x/#/authorization' });
    expect(url.searchParams.get('scope')).toContain('merchant_order');
    const refreshed = await connector.refreshToken(store);
    expect(refreshed.refreshToken).not.toBe(store.refreshToken);
    expect(refreshed.accessToken).not.toBe(store.accessToken);
    // The old refresh token is discarded: using it again is refused (authorise again).
    expect(await failureOf(connector.refreshToken(store))).toMatchObject({ kind: 'AUTH_FAILED', detail: expect.stringContaining('refreshToken.discarded') });
    expect((await connector.refreshToken({ ...store, refreshToken: refreshed.refreshToken })).accessToken).toBeTruthy();
  });

  it('refuses a used code as AUTH_FAILED', async () => {
    const { f, connector, store } = await setup();
    const code = f.issueCode('http://x/#/authorization');
    await connector.exchangeCode({ store, code, redirectUri: 'http://x/#/authorization' });
    expect(await failureOf(connector.exchangeCode({ store, code, redirectUri: 'http://x/#/authorization' }))).toMatchObject({ kind: 'AUTH_FAILED', detail: expect.stringContaining('100200105') });
  });

  it('fails NO_APP_CREDENTIALS when the fake refuses the signature made with a wrong signSecret, and without a signSecret at all', async () => {
    const { f, connector, store } = await setup();
    f.seedOrders([ksFakeOrder('2321300000000001', new Date(Date.now() - HOUR), { skuId: '1', itemId: '2' })]);
    const good = await connector.pullOrders(store, { from: new Date(Date.now() - 2 * HOUR), to: new Date() });
    expect(good.orders.map((o) => o.platformNo)).toEqual(['2321300000000001']);
    const wrong = createKuaishouConnector({ credentials: async () => ({ appKey: f.appKey, appSecret: f.appSecret, signSecret: 'not-the-secret', gatewayUrl: f.gatewayUrl, authorizeUrl: null }) });
    expect(await failureOf(wrong.pullOrders(store, { from: new Date(Date.now() - 2 * HOUR), to: new Date() }))).toMatchObject({ kind: 'NO_APP_CREDENTIALS' });
    expect(f.calls.at(-1)!.refused).toBe('sign');
    const none = createKuaishouConnector({ credentials: async () => ({ appKey: f.appKey, appSecret: f.appSecret, gatewayUrl: f.gatewayUrl, authorizeUrl: null }) });
    expect(await none.appStatus()).toEqual({ configured: false, callbackUrl: null });
    expect(await failureOf(none.pullOrders(store, { from: new Date(Date.now() - 2 * HOUR), to: new Date() }))).toMatchObject({ kind: 'NO_APP_CREDENTIALS' });
  });

  it('signs with MD5 as well, which the fake checks the same way', async () => {
    const { f, connector, store } = await setup({}, { signMethod: 'MD5' });
    f.seedOrders([ksFakeOrder('2321300000000002', new Date(Date.now() - HOUR), { skuId: '1', itemId: '2' })]);
    expect((await connector.pullOrders(store, { from: new Date(Date.now() - 2 * HOUR), to: new Date() })).orders).toHaveLength(1);
    expect(f.calls.at(-1)).toMatchObject({ refused: null, params: { signMethod: 'MD5' } });
    expect(f.calls.at(-1)!.params.sign).toMatch(/^[0-9a-f]{32}$/);
  });

  it('asks ≤ 7-day windows by update time, never older than 90 days, and walks a long pull through them', async () => {
    const { f, connector, store } = await setup({}, { maxWindowMs: 30 * DAY });
    const now = Date.now();
    f.seedOrders([ksFakeOrder('2321300000000010', new Date(now - 20 * DAY), { skuId: '1', itemId: '2' }), ksFakeOrder('2321300000000011', new Date(now - 2 * DAY), { skuId: '1', itemId: '2' })]);
    const seen: string[] = [];
    let watermark: string | null = null;
    for (let i = 0; i < 30; i++) {
      const page = await connector.pullOrders(store, { from: new Date(now - 200 * DAY), to: new Date(now), watermark });
      seen.push(...page.orders.map((o) => o.platformNo));
      watermark = page.watermark;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual(['2321300000000010', '2321300000000011']);
    const lists = f.calls.filter((c) => c.method === 'open.order.cursor.list');
    expect(lists.every((c) => c.refused === null && c.param!.queryType === 2 && c.param!.sort === 1)).toBe(true);
    expect(Math.max(...lists.map((c) => Number(c.param!.endTime) - Number(c.param!.beginTime)))).toBeLessThanOrEqual(7 * DAY);
    expect(Math.min(...lists.map((c) => Number(c.param!.beginTime)))).toBeGreaterThan(now - 90 * DAY);
  });

  it('maps the window refusals and the token, throttling and quota answers to failure kinds', () => {
    expect(classifyKsError(300004, 'SEARCH TIME RANGE EXPAND 7 DAYS')).toMatchObject({ kind: 'PLATFORM_ERROR', detail: expect.stringContaining('longer than 7 days') });
    expect(classifyKsError(300005, 'CAN NOT SEARCH BEFORE 90 DAYS')).toMatchObject({ kind: 'PLATFORM_ERROR', detail: expect.stringContaining('90 days') });
    expect(classifyKsError(24, 'AUTHORIZATION_REVOKED')).toMatchObject({ kind: 'TOKEN_EXPIRED' });
    expect(classifyKsError(100200102, 'invalid access_token')).toMatchObject({ kind: 'TOKEN_EXPIRED' });
    expect(classifyKsError(100200101, 'app is invalid')).toMatchObject({ kind: 'NO_APP_CREDENTIALS' });
    expect(classifyKsError(1, 'Exceed qps limit, KEY [apiId:open.order.cursor.list;appkey:ks1], MAX_QPS [300.0]')).toMatchObject({ kind: 'RATE_LIMITED', retryAfterMs: null });
    expect(classifyKsError(1017, '[1017] exceed quota limit,[apiId:open.item.get;primaryUserId:1]')).toMatchObject({ kind: 'RATE_LIMITED', retryAfterMs: 60_000 });
    expect(classifyKsError(100200500, 'server_error')).toMatchObject({ kind: 'PLATFORM_ERROR' });
    expect(classifyKsError(40015, '订单状态不允许发货')).toBeInstanceOf(KsBusinessError);
  });

  it('retries a throttled call after a pause and answers RATE_LIMITED with a wait when throttling persists', async () => {
    const { f, connector, store } = await setup();
    f.seedOrders([ksFakeOrder('2321300000000020', new Date(Date.now() - HOUR), { skuId: '1', itemId: '2' })]);
    f.throttleNext(2);
    expect((await connector.pullOrders(store, { from: new Date(Date.now() - 2 * HOUR), to: new Date() })).orders).toHaveLength(1);
    f.throttleNext(10);
    const error = await failureOf(connector.pullOrders(store, { from: new Date(Date.now() - 2 * HOUR), to: new Date() }));
    expect(error).toMatchObject({ kind: 'RATE_LIMITED' });
    expect(error!.retryAfterMs).toBeGreaterThan(0);
  });

  it('keeps a refund flag and an unpaid order out: refunds ride in the payload, unpaid orders wait', async () => {
    const { f, connector, store } = await setup();
    const now = Date.now();
    const refunded = ksFakeOrder('2321300000000030', new Date(now - HOUR), { skuId: '1', itemId: '2' });
    refunded.orderRefundList = [{ refundId: '88001', refundStatus: 10 }];
    f.seedOrders([refunded, ksFakeOrder('2321300000000031', new Date(now - HOUR), { skuId: '1', itemId: '2' }, { status: 10 })]);
    const page = await connector.pullOrders(store, { from: new Date(now - 2 * HOUR), to: new Date() });
    expect(page.orders).toHaveLength(1);
    expect(page.orders[0]).toMatchObject({ platformNo: '2321300000000030', status: 'WAIT_SELLER_SEND_GOODS', refunds: [{ refundId: '88001', refundStatus: 10 }] });
  });

  it('ships with Kuaishou expressCodes: resending the same number succeeds, an unknown carrier or a split parcel is refused per order', async () => {
    const { f, connector, store } = await setup();
    f.seedOrders([ksFakeOrder('2321300000000040', new Date(Date.now() - HOUR), { skuId: '1', itemId: '2' }), ksFakeOrder('2321300000000041', new Date(Date.now() - HOUR), { skuId: '1', itemId: '2' }, { status: 80 })]);
    const results = await connector.pushShippingFeedback(store, [
      { platformNo: '2321300000000040', expressCompanyCode: 'SF', expressNo: 'SF1515601210470' },
      { platformNo: '2321300000000040', expressCompanyCode: 'SF', expressNo: 'SF1515601210470' },
      { platformNo: '2321300000000041', expressCompanyCode: 'JTSD', expressNo: 'JT001' },
      { platformNo: '2321300000000040', expressCompanyCode: 'NOPE', expressNo: 'X1' },
      { platformNo: '2321300000000040', expressCompanyCode: 'SF', expressNo: 'SF2', tbSkuIds: ['1'] },
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, false, false, false]);
    expect(results[2]!.message).toContain('订单状态不允许发货');
    expect(results[3]!.message).toContain('no Kuaishou expressCode');
    expect(f.orders.get('2321300000000040')!.orderLogisticsInfo).toEqual([{ expressNo: 'SF1515601210470', expressCode: 4 }]);
    const delivers = f.calls.filter((c) => c.method === 'open.seller.order.goods.deliver');
    expect(delivers.every((c) => c.httpMethod === 'POST' && c.refused === null)).toBe(true);
    expect(delivers[0]!.param).toMatchObject({ orderId: '2321300000000040', expressCode: 4 });
  });

  it('lists the online goods and pushes stock by the difference from the SKU\'s current stock', async () => {
    const { f, connector, store } = await setup();
    f.seedItems(
      [{ kwaiItemId: '20001', title: '杯子', shelfStatus: 1 }, { kwaiItemId: '20002', title: '盘子', shelfStatus: 2 }],
      [
        { kwaiSkuId: '30001', kwaiItemId: '20001', specification: '红', skuNick: 'CUP-R', price: 1990, skuStock: 10 },
        { kwaiSkuId: '30003', kwaiItemId: '20002', specification: '白', price: 990, skuStock: 5 },
      ],
    );
    const goods = await connector.listOnlineGoods(store, { page: 1, pageSize: 1 });
    expect(goods).toMatchObject({ total: 2, hasMore: true, items: [{ tbSpuId: '20001', status: 'onsale', skus: [{ tbSkuId: '30001', outerSkuId: 'CUP-R', price: '19.90', properties: '红' }] }] });
    const pushed = await connector.pushStock(store, [
      { tbSkuId: '30001', quantity: 4 },
      { tbSkuId: '30003', quantity: 5 },
      { tbSkuId: '39999', quantity: 1 },
      { tbSkuId: '30001', quantity: -1 },
    ]);
    expect(pushed.map((r) => r.ok)).toEqual([true, true, false, false]);
    expect(f.skus.get('30001')!.skuStock).toBe(4);
    // An unchanged stock sends no write.
    expect(f.calls.filter((c) => c.method === 'open.item.sku.stock.update').map((c) => c.param)).toEqual([{ kwaiItemId: 20001, skuId: 30001, skuChangeStock: 6, changeType: 2 }]);
  });

  it('tells when the authorization itself ends (the refresh token\'s 180 days), kept by a refresh rather than restarted', async () => {
    const { connector, store, grant } = await setup();
    expect(grant.authorizationExpiresAt!.getTime() - Date.now()).toBeGreaterThan(179 * DAY);
    expect(grant.authorizationExpiresAt!.getTime() - grant.expiresAt!.getTime()).toBeGreaterThan(170 * DAY);
    const refreshed = await connector.refreshToken(store);
    expect(Math.abs(refreshed.authorizationExpiresAt!.getTime() - grant.authorizationExpiresAt!.getTime())).toBeLessThan(2000);
  });

  it('pulls refunds by update time in ≤ 1-day windows across cursor pages, with quantity and the return parcel from each detail', async () => {
    const { f, connector, store } = await setup();
    const now = Date.now();
    f.seedRefunds([
      ksFakeRefund('100000000000000001', '2321300000000001', new Date(now - 30 * HOUR), { refundFee: 1990 }),
      ksFakeRefund('100000000000000002', '2321300000000002', new Date(now - 5 * HOUR), { handlingWay: 1, status: 40, refundFee: 5970, productNum: 3, logisticsInfo: { expressNo: 'SF1234567890', expressCode: 4 } }),
      ksFakeRefund('100000000000000003', '2321300000000003', new Date(now - 4 * HOUR), { handlingWay: 3, status: 30 }),
      ksFakeRefund('100000000000000004', '2321300000000004', new Date(now - 3 * HOUR), { status: 70 }),
      // Changed before the window: not asked.
      ksFakeRefund('100000000000000005', '2321300000000005', new Date(now - 60 * HOUR)),
    ]);
    const seen: string[] = [];
    let watermark: string | null = null;
    const all = [];
    for (let i = 0; i < 20; i++) {
      const page = await connector.pullAfterSales(store, { from: new Date(now - 48 * HOUR), to: new Date(now), watermark, pageSize: 2 });
      all.push(...page.afterSales);
      seen.push(...page.afterSales.map((a) => a.refundId));
      watermark = page.watermark;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual(['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004']);
    const lists = f.calls.filter((c) => c.method === 'open.seller.order.refund.pcursor.list');
    for (const c of lists) {
      expect(Number(c.param!.endTime) - Number(c.param!.beginTime)).toBeLessThanOrEqual(DAY);
      expect(c.param).toMatchObject({ type: 9, sort: 2, queryType: 2, currentPage: 1 });
      expect(c.httpMethod).toBe('GET');
    }
    // Paged within a window: the second page asks with the first page's cursor.
    expect(lists.some((c) => c.param!.pcursor !== '')).toBe(true);
    const [refundOnly, returned, exchange, closed] = all;
    expect(refundOnly).toMatchObject({ platformNo: '2321300000000001', type: 'REFUND_ONLY', status: 'WAIT_SELLER_AGREE', refundFee: '19.90', reason: '不想要了', buyerExpressNo: null });
    expect(refundOnly!.lines).toEqual([{ tbSpuId: '7001', tbSkuId: '8001', outerSkuId: 'KS-SKU-1', title: 'KS-SKU-1', properties: null, qty: 1, price: '19.9000' }]);
    expect(returned).toMatchObject({ type: 'RETURN_REFUND', status: 'WAIT_SELLER_CONFIRM_GOODS', refundFee: '59.70', buyerExpressCompanyCode: 'SF', buyerExpressNo: 'SF1234567890' });
    expect(returned!.lines[0]).toMatchObject({ qty: 3, price: '19.9000' });
    expect(exchange).toMatchObject({ type: 'EXCHANGE', status: 'WAIT_BUYER_RETURN_GOODS' });
    expect(closed).toMatchObject({ status: 'CLOSED' });
    expect(f.calls.every((c) => c.refused === null)).toBe(true);
  });

  it('refuses a refund page whole when one refund has a status or an amount it does not know, naming the refund and the field', async () => {
    const { f, connector, store } = await setup();
    const now = Date.now();
    f.seedRefunds([ksFakeRefund('100000000000000011', '2321300000000011', new Date(now - HOUR), { status: 99 })]);
    const failure = await failureOf(connector.pullAfterSales(store, { from: new Date(now - 2 * HOUR), to: new Date(now) }));
    expect(failure).toMatchObject({ kind: 'PLATFORM_ERROR', detail: expect.stringContaining('refund 100000000000000011: status 99') });
    f.refunds.clear();
    f.seedRefunds([ksFakeRefund('100000000000000012', '2321300000000012', new Date(now - HOUR), { refundFee: '19.90' })]);
    expect(await failureOf(connector.pullAfterSales(store, { from: new Date(now - 2 * HOUR), to: new Date(now) }))).toMatchObject({ detail: expect.stringContaining('refund 100000000000000012: refundFee "19.90" is not an amount in whole fen') });
  });

  it('writes decisions back through the shared intent rule: each refund answered, a refusal by Kuaishou a failure of that refund only', async () => {
    const { f, connector, store } = await setup();
    const at = new Date(Date.now() - HOUR);
    f.seedRefunds([
      ksFakeRefund('200000000000000001', '2321300000000021', at, { refundFee: 1990 }),
      ksFakeRefund('200000000000000002', '2321300000000022', at, { handlingWay: 1, status: 10, refundFee: 3980 }),
      ksFakeRefund('200000000000000003', '2321300000000023', at, { handlingWay: 1, status: 40, refundFee: 3980 }),
      ksFakeRefund('200000000000000004', '2321300000000024', at),
      ksFakeRefund('200000000000000005', '2321300000000025', at, { status: 60 }),
      ksFakeRefund('200000000000000006', '2321300000000026', at, { handlingWay: 3, status: 30 }),
      ksFakeRefund('200000000000000007', '2321300000000027', at, { handlingWay: 1, status: 10 }),
      ksFakeRefund('200000000000000008', '2321300000000028', at, { status: 20 }),
    ]);
    const pay = (refundId: string, refundFee = '19.90'): AfterSaleDecisionPush => ({ refundId, checkStatus: 'COMPLETED', refundStatus: 'SUCCESS', receiptStatus: 'RECEIVED', refundFee });
    const results = await connector.pushAfterSaleDecisions(store, [
      // A refund only, paid.
      pay('200000000000000001'),
      // A return agreed (the buyer is to send the goods back).
      { refundId: '200000000000000002', checkStatus: 'AUDITED', refundStatus: 'WAIT', receiptStatus: 'WAIT', refundFee: '39.80' },
      // The goods are back: paid by confirming the receipt.
      pay('200000000000000003', '39.80'),
      // Refused.
      { refundId: '200000000000000004', checkStatus: 'AUDITED', refundStatus: 'REJECT', receiptStatus: 'NONE', refundFee: '19.90' },
      // Already refunded on Kuaishou: nothing to send.
      pay('200000000000000005'),
      // An exchange paid back directly.
      pay('200000000000000006'),
      // A return to pay before the goods came back: refused here, nothing sent.
      pay('200000000000000007', '19.90'),
      // Under Kuaishou's arbitration.
      pay('200000000000000008'),
      // Not on Kuaishou.
      pay('299999999999999999'),
    ]);
    expect(results.map((r) => [r.key, r.ok])).toEqual([
      ['200000000000000001', true],
      ['200000000000000002', true],
      ['200000000000000003', true],
      ['200000000000000004', true],
      ['200000000000000005', true],
      ['200000000000000006', true],
      ['200000000000000007', false],
      ['200000000000000008', false],
      ['299999999999999999', false],
    ]);
    expect(results[6]!.message).toContain('agree the return first');
    expect(results[7]!.message).toContain('arbitrated');
    expect(results[8]!.message).toContain('300011');
    expect(Object.fromEntries([...f.refunds.values()].map((r) => [r.refundId, r.status]))).toMatchObject({
      '200000000000000001': 60,
      '200000000000000002': 30,
      '200000000000000003': 60,
      '200000000000000004': 12,
      '200000000000000005': 60,
      '200000000000000006': 60,
      '200000000000000007': 10,
      '200000000000000008': 20,
    });
    const writes = f.calls.filter((c) => c.httpMethod === 'POST');
    expect(writes.map((c) => c.method)).toEqual([
      'open.seller.order.refund.approve',
      'open.seller.order.refund.returngoods.approve',
      'open.seller.order.refund.confirm.receipt',
      'open.refund.reject',
      'open.refund.direct.refund',
    ]);
    expect(writes[0]!.param).toMatchObject({ refundId: '200000000000000001', refundAmount: 1990, status: 10 });
    expect(writes[1]!.param).toEqual({ refundId: '200000000000000002', refundAmount: 3980 });
    expect(writes[3]!.param).toMatchObject({ rejectDesc: KS_REJECT_DESC, refundVersion: at.getTime() });
    expect(writes.every((c) => c.refused === null)).toBe(true);
  });

  it('answers Kuaishou\'s refusal as that refund\'s failure and goes on with the next; a refund already refused cannot be paid', async () => {
    const { f, connector, store } = await setup();
    const at = new Date(Date.now() - HOUR);
    f.seedRefunds([ksFakeRefund('300000000000000001', '2321300000000031', at), ksFakeRefund('300000000000000002', '2321300000000032', at), ksFakeRefund('300000000000000003', '2321300000000033', at, { status: 12 })]);
    const pay = (refundId: string, refundFee: string): AfterSaleDecisionPush => ({ refundId, checkStatus: 'COMPLETED', refundStatus: 'SUCCESS', receiptStatus: 'NONE', refundFee });
    // More than the buyer asked: Kuaishou refuses that one.
    const results = await connector.pushAfterSaleDecisions(store, [pay('300000000000000001', '99.00'), pay('300000000000000002', '19.90'), pay('300000000000000003', '19.90')]);
    expect(results[0]).toMatchObject({ ok: false, message: expect.stringContaining('Kuaishou refused the decision on refund 300000000000000001: 40001') });
    expect(results[1]).toMatchObject({ ok: true });
    expect(results[2]).toMatchObject({ ok: false, message: expect.stringContaining('SELLER_REFUSE_BUYER on Kuaishou') });
    expect([f.refunds.get('300000000000000001')!.status, f.refunds.get('300000000000000002')!.status]).toEqual([10, 60]);
  });

  it('decrypts receivers with open.order.decrypt.batch in calls of at most 100 ciphertexts, leaving out orders Kuaishou does not decrypt', async () => {
    const { f, connector, store } = await setup();
    const now = Date.now();
    const oids = Array.from({ length: 40 }, (_, i) => String(2321300000001000 + i));
    f.seedOrders(oids.map((oid) => ksFakeOrder(oid, new Date(now - HOUR), { skuId: '1', itemId: '2' })));
    for (const oid of oids.slice(0, 39)) f.seedReceiver(oid, { consignee: `收件人${oid.slice(-2)}`, mobile: `1380000${oid.slice(-4)}`, address: `幸福路${oid.slice(-2)}号` });
    const pulled = [];
    let watermark: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page = await connector.pullOrders(store, { from: new Date(now - 2 * HOUR), to: new Date(now), watermark });
      pulled.push(...page.orders);
      watermark = page.watermark;
      if (!page.hasMore) break;
    }
    expect(pulled).toHaveLength(40);
    // Kept encrypted until the decrypt step: the masked receiver shown, the ciphertexts in receiverRef.
    expect(pulled[0]!.receiver).toMatchObject({ name: '张*', phone: '138****0000' });
    expect(JSON.parse(pulled[0]!.receiverRef!)).toEqual({ consignee: `#enc#consignee#${oids[0]}`, mobile: `#enc#mobile#${oids[0]}`, address: `#enc#address#${oids[0]}`, town: '望京街道' });
    const receivers = await connector.decryptReceivers!(store, pulled.map((o) => ({ platformNo: o.platformNo, receiverRef: o.receiverRef! })));
    expect(receivers).toHaveLength(39);
    expect(receivers.find((r) => r.platformNo === oids[5])).toEqual({
      platformNo: oids[5],
      name: '收件人05',
      phone: '13800001005',
      tel: null,
      province: null,
      city: null,
      district: null,
      address: '望京街道 幸福路05号',
    });
    expect(receivers.some((r) => r.platformNo === oids[39])).toBe(false);
    const decrypts = f.calls.filter((c) => c.method === 'open.order.decrypt.batch');
    expect(decrypts.map((c) => (c.param!.batchDecryptList as unknown[]).length)).toEqual([99, 21]);
    expect(decrypts.every((c) => c.httpMethod === 'POST' && c.refused === null)).toBe(true);
  });
});
