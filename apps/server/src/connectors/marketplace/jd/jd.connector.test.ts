// The JD connector against the local JD fake: authorization, paging across pages and windows
// without loss or repeats, an order changing between pages, every failure kind (token, throttling,
// timeout, malformed answer, unknown state, a bad amount, missing credentials), goods, stock and
// shipping feedback — with the fake checking every signature.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { ConnectorError, type StoreCredentials } from '../connector.js';
import { createJdConnector, type JdConnector } from './jd.connector.js';
import { jdFakeOrder, jdFakeRefund, startJdFake, type JdFake } from './jd.fake.js';

let fake: JdFake;
let connector: JdConnector;
let store: StoreCredentials;
const slept: number[] = [];

const HOUR = 3_600_000;
const day = new Date('2026-11-27T00:00:00.000Z');
const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);

function connect(credentials: PlatformAppCredentials | null, over: Parameters<typeof createJdConnector>[0] extends infer O ? Partial<O> : never = {}) {
  return createJdConnector({
    credentials: async (code) => (code === 'CI_PLATFORM_JD' ? credentials : null),
    sleep: async (ms) => {
      slept.push(ms);
    },
    retryBaseMs: 100,
    ...over,
  });
}

beforeAll(async () => {
  fake = await startJdFake();
});
afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  fake.orders.clear();
  fake.refunds.clear();
  fake.calls.length = 0;
  slept.length = 0;
  connector = connect({ appKey: fake.appKey, appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl });
  const grant = await connector.exchangeCode({ store: blank(), code: fake.issueCode('http://app/#/authorization'), redirectUri: 'http://app/#/authorization' });
  store = { ...blank(), accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt, platformShopId: grant.shopId };
});

const blank = (): StoreCredentials => ({ domainId: 1, storeId: 1, platformCode: 'CI_PLATFORM_JD', platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null });
const sku = { skuId: '100001', wareId: '5001', outerSkuId: 'A-1' };
const failure = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
};

/** Every pull of the window, page after page, as the order ingest runs it. */
async function pullAll(from: Date, to: Date) {
  const seen: string[] = [];
  let watermark: string | null = null;
  for (let more = true, guard = 0; more && guard < 100; guard++) {
    const page = await connector.pullOrders(store, { from, to, watermark, pageSize: 100 });
    seen.push(...page.orders.map((o) => o.platformNo));
    watermark = page.watermark;
    more = page.hasMore && page.orders.length > 0;
  }
  return seen;
}

/** Every after-sale pull of the window, page after page, as the order ingest runs it. */
async function pullAllAfterSales(from: Date, to: Date) {
  const seen: string[] = [];
  const statuses = new Map<string, string>();
  let watermark: string | null = null;
  for (let more = true, guard = 0; more && guard < 100; guard++) {
    const page = await connector.pullAfterSales(store, { from, to, watermark, pageSize: 100 });
    seen.push(...page.afterSales.map((a) => a.refundId));
    for (const a of page.afterSales) statuses.set(a.refundId, a.status);
    watermark = page.watermark;
    more = page.hasMore && page.afterSales.length > 0;
  }
  return { seen, statuses, watermark };
}

const creds = () => ({ appKey: fake.appKey, appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl });
const decision = (refundId: string, over: Partial<{ checkStatus: string; refundStatus: string | null; receiptStatus: string; refundFee: string }> = {}) => ({
  refundId,
  checkStatus: 'PROCESSING',
  refundStatus: 'WAIT',
  receiptStatus: 'NONE',
  refundFee: '16.0000',
  ...over,
});

describe('the JD connector against the JD fake', () => {
  it('authorizes through the consent page, the code exchange and the refresh', async () => {
    const url = new URL(await connector.authorizationUrl({ store: blank(), state: 'st-1', redirectUri: 'http://app/#/authorization' }));
    expect(url.searchParams.get('app_key')).toBe(fake.appKey);
    expect(url.searchParams.get('response_type')).toBe('code');
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = consent.headers.get('location')!;
    expect(back.startsWith('http://app/#/authorization?code=')).toBe(true);
    const code = new URL(back.replace('#/authorization', '')).searchParams.get('code')!;
    const grant = await connector.exchangeCode({ store: blank(), code, redirectUri: 'http://app/#/authorization' });
    expect(grant).toMatchObject({ shopId: fake.uid });
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    const again = await failure(connector.exchangeCode({ store: blank(), code, redirectUri: 'http://app/#/authorization' }));
    expect(again.kind).toBe('AUTH_FAILED');
    const refreshed = await connector.refreshToken({ ...store });
    expect(refreshed.accessToken).not.toBe(store.accessToken);
    expect((await failure(connector.refreshToken({ ...store }))).kind).toBe('AUTH_FAILED');
  });

  it('pulls a day of orders across several pages and a window boundary, each once, the fake checking every signature', async () => {
    // 260 orders over the day (3 pages of 100 for the whole day), plus orders on both sides of the window.
    const orders = Array.from({ length: 260 }, (_, i) => jdFakeOrder(String(900000000 + i), at(5 + i * 5), [sku]));
    fake.seedOrders([...orders, jdFakeOrder('899999999', new Date(day.getTime() - 1000), [sku]), jdFakeOrder('999999999', new Date(day.getTime() + 24 * HOUR), [sku])]);
    connector = connect(
      { appKey: fake.appKey, appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl },
      { maxWindowMs: 12 * HOUR, maxOrdersPerCall: 200 },
    );
    const seen = await pullAll(day, new Date(day.getTime() + 24 * HOUR));
    expect(seen).toHaveLength(260);
    expect(new Set(seen).size).toBe(260);
    expect(seen).toEqual(orders.map((o) => o.orderId));
    const searches = fake.calls.filter((c) => c.method === 'jingdong.pop.order.enSearch');
    expect(searches.length).toBeGreaterThanOrEqual(4);
    expect(searches.every((c) => Number(c.business!.page_size) <= 100)).toBe(true);
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
  });

  it('maps states, yuan amounts, encrypted receivers and risk holds', async () => {
    fake.seedOrders([
      jdFakeOrder('700000001', at(10), [{ ...sku, qty: 2, price: '19.90' }]),
      jdFakeOrder('700000002', at(11), [sku], { orderState: 'TRADE_CANCELED' }),
      jdFakeOrder('700000003', at(12), [sku], { orderState: 'LOCKED' }),
      jdFakeOrder('700000004', at(13), [sku], { orderState: 'FINISHED_L', waybill: 'SF123456789', logisticsId: '467' }),
    ]);
    const page = await connector.pullOrders(store, { from: day, to: at(60) });
    const [paid, cancelled, locked, finished] = page.orders;
    expect(paid).toMatchObject({ platformNo: '700000001', status: 'WAIT_SELLER_SEND_GOODS', amount: '45.80', postFee: '6.00', riskControlled: false });
    expect(paid!.lines).toEqual([{ tbSpuId: '5001', tbSkuId: '100001', outerSkuId: 'A-1', title: '商品 100001', properties: null, qty: 2, price: '19.90' }]);
    expect(paid!.receiver).toMatchObject({ name: '~AgAAAEnc==~name~', phone: '~AgAAAEnc==~mobile~', address: '~AgAAAEnc==~address~', district: '朝阳区' });
    expect(paid!.updatedAt.toISOString()).toBe(at(10).toISOString());
    expect(cancelled!.status).toBe('TRADE_CLOSED');
    expect(locked).toMatchObject({ status: 'WAIT_SELLER_SEND_GOODS', riskControlled: true });
    expect(finished).toMatchObject({ status: 'TRADE_FINISHED', shipping: { expressCompanyCode: 'SF', expressNo: 'SF123456789' } });
    const search = fake.calls.find((c) => c.method === 'jingdong.pop.order.enSearch')!;
    expect(String(search.business!.order_state).split(',')).toContain('WAIT_SELLER_STOCK_OUT');
    expect(Object.keys(JSON.parse(search.params['360buy_param_json']!))).toEqual(Object.keys(search.business!).sort());
  });

  it('reads an order changed, after a pull, in the same second that pull ended in (JD keeps seconds)', async () => {
    // The last pull's window ended at 10:00:00.700 and saw nothing; at 10:00:00.900 the order
    // changes, which JD records as 10:00:00. The next window starts where the last ended.
    const ended = new Date(at(600).getTime() + 700);
    expect(await pullAll(day, ended)).toEqual([]);
    fake.seedOrders([jdFakeOrder('810000001', new Date(at(600).getTime() + 900), [sku])]);
    expect(await pullAll(ended, at(610))).toEqual(['810000001']);
  });

  it('loses and repeats nothing when an order changes between two pages', async () => {
    const orders = Array.from({ length: 250 }, (_, i) => jdFakeOrder(String(800000000 + i), at(1 + i), [sku]));
    fake.seedOrders(orders);
    // After page 1 is answered, an order of page 1 is cancelled: it leaves the window and every later order moves up one place.
    fake.changeOrderBetweenPages('800000010');
    const seen = await pullAll(day, at(600));
    const expected = orders.map((o) => o.orderId);
    expect([...seen].sort()).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refreshes nothing itself but answers TOKEN_EXPIRED for a token JD rejects', async () => {
    fake.seedOrders([jdFakeOrder('600000001', at(1), [sku])]);
    fake.expireToken();
    expect((await failure(connector.pullOrders(store, { from: day, to: at(60) }))).kind).toBe('TOKEN_EXPIRED');
    expect((await failure(connector.pushStock(store, [{ tbSkuId: '100001', quantity: 1 }]))).kind).toBe('TOKEN_EXPIRED');
  });

  it('backs off and retries a throttled call, and answers RATE_LIMITED when throttling goes on', async () => {
    fake.seedOrders([jdFakeOrder('600000002', at(1), [sku])]);
    fake.throttleNext(2);
    const page = await connector.pullOrders(store, { from: day, to: at(60) });
    expect(page.orders.map((o) => o.platformNo)).toEqual(['600000002']);
    expect(slept).toEqual([100, 200]);
    fake.throttleNext(4);
    const error = await failure(connector.pullOrders(store, { from: day, to: at(60) }));
    expect(error.kind).toBe('RATE_LIMITED');
    expect(error.retryAfterMs).toBeGreaterThan(0);
  });

  it('answers TIMEOUT when JD does not answer, PLATFORM_ERROR for a malformed answer, and keeps the watermark', async () => {
    fake.seedOrders([jdFakeOrder('600000003', at(1), [sku])]);
    fake.timeoutNext();
    expect((await failure(connector.pullOrders(store, { from: day, to: at(60) }, { timeoutMs: 300 }))).kind).toBe('TIMEOUT');
    fake.malformedNext();
    const broken = await failure(connector.pullOrders(store, { from: day, to: at(60) }));
    expect(broken.kind).toBe('PLATFORM_ERROR');
    expect(broken.detail).toContain('malformed');
    const page = await connector.pullOrders(store, { from: day, to: at(60) });
    expect(page.orders).toHaveLength(1);
  });

  it('refuses a window holding an order in a state it does not know or an amount that is not yuan, naming the order', async () => {
    fake.seedOrders([jdFakeOrder('600000004', at(1), [sku]), jdFakeOrder('600000005', at(2), [sku], { orderState: 'WAIT_SOMETHING_NEW' })]);
    const unknown = await failure(connector.pullOrders(store, { from: day, to: at(60) }));
    expect(unknown.detail).toContain('600000005');
    expect(unknown.detail).toContain('WAIT_SOMETHING_NEW');
    fake.orders.clear();
    fake.seedOrders([jdFakeOrder('600000006', at(1), [sku], { orderPayment: '4580' + 'fen' })]);
    const amount = await failure(connector.pullOrders(store, { from: day, to: at(60) }));
    expect(amount.detail).toContain('orderPayment');
  });

  it('says the installation has no JD app credentials instead of calling JD', async () => {
    const bare = connect(null);
    const error = await failure(bare.authorizationUrl({ store: blank(), state: 's', redirectUri: 'http://app/#/authorization' }));
    expect(error.kind).toBe('NO_APP_CREDENTIALS');
    expect(error.detail).toContain('no app credentials for JD');
    expect(fake.calls).toHaveLength(0);
    expect(await bare.appStatus()).toEqual({ configured: false, callbackUrl: null });
    expect(await connector.appStatus()).toEqual({ configured: true, callbackUrl: null });
  });

  it('tells a wrong app secret (the signature JD refuses) from a store problem', async () => {
    const wrong = connect({ appKey: fake.appKey, appSecret: 'not-the-secret', gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl });
    const error = await failure(wrong.pullOrders(store, { from: day, to: at(60) }));
    expect(error.kind).toBe('NO_APP_CREDENTIALS');
    expect(error.detail).toContain('app key or signature');
    expect(fake.calls.at(-1)!.refused).toBe('sign');
    const exchange = await failure(wrong.exchangeCode({ store: blank(), code: fake.issueCode('http://app/#/authorization'), redirectUri: 'http://app/#/authorization' }));
    expect(exchange.kind).toBe('NO_APP_CREDENTIALS');
  });

  it('lists wares with their SKUs, pushes stock and feeds shipping back per record', async () => {
    fake.seedWares(
      [
        { wareId: '5001', title: '保温杯', outerId: 'CUP', wareStatus: 8 },
        { wareId: '5002', title: '水壶', wareStatus: 2 },
      ],
      [
        { skuId: '100001', wareId: '5001', skuName: '保温杯 红', outerId: 'A-1', jdPrice: '59.00', stockNum: 3, saleAttrs: [{ attrId: '1', attrValueAlias: ['红色'] }] },
        { skuId: '100002', wareId: '5001', skuName: '保温杯 蓝', outerId: 'A-2', jdPrice: '59.00', stockNum: 3 },
        { skuId: '100003', wareId: '5002', skuName: '水壶', jdPrice: '29.00', stockNum: 0 },
      ],
    );
    const goods = await connector.listOnlineGoods(store, { page: 1, pageSize: 50 });
    expect(goods).toMatchObject({ total: 2, hasMore: false });
    expect(goods.items[0]).toMatchObject({ tbSpuId: '5001', outerId: 'CUP', status: 'onsale', skus: [{ tbSkuId: '100001', outerSkuId: 'A-1', properties: '红色', price: '59.00' }, { tbSkuId: '100002' }] });
    expect(goods.items[1]).toMatchObject({ tbSpuId: '5002', status: 'instock' });

    const stock = await connector.pushStock(store, [
      { tbSkuId: '100001', quantity: 17 },
      { tbSkuId: '999999', quantity: 1 },
      { tbSkuId: '100002', quantity: -1 },
    ]);
    expect(stock.map((r) => r.ok)).toEqual([true, false, false]);
    expect(stock[1]!.message).toContain('sku不存在');
    expect(fake.skus.get('100001')!.stockNum).toBe(17);

    fake.seedOrders([jdFakeOrder('500000001', at(1), [sku]), jdFakeOrder('500000002', at(2), [sku], { orderState: 'TRADE_CANCELED' })]);
    const shipped = await connector.pushShippingFeedback(store, [
      { platformNo: '500000001', expressCompanyCode: 'ZTO', expressNo: '7300000001' },
      { platformNo: '500000002', expressCompanyCode: 'ZTO', expressNo: '7300000002' },
      { platformNo: '500000001', expressCompanyCode: 'NOPE', expressNo: '7300000003' },
    ]);
    expect(shipped.map((r) => r.ok)).toEqual([true, false, false]);
    expect(shipped[1]!.message).toContain('订单状态不正确');
    expect(shipped[2]!.message).toContain('NOPE');
    expect(fake.orders.get('500000001')).toMatchObject({ orderState: 'WAIT_GOODS_RECEIVE_CONFIRM', waybill: '7300000001', logisticsId: '1499' });
    // The same feedback again (a resend after a lost answer) is accepted.
    expect((await connector.pushShippingFeedback(store, [{ platformNo: '500000001', expressCompanyCode: 'ZTO', expressNo: '7300000001' }]))[0]!.ok).toBe(true);
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
  });
});

describe('JD refund applies (after-sales) against the JD fake', () => {
  it('pulls a day of refund applies by change time across pages and windows, each once, mapped in fen to yuan', async () => {
    // 130 refunds over the day (three pages of 50), one exactly on a window boundary, and refunds outside the window.
    const refunds = Array.from({ length: 130 }, (_, i) => jdFakeRefund(String(3000000 + i), String(900000000 + i), at(7 + i * 11)));
    refunds[60] = jdFakeRefund('3000060', '900000060', at(12 * 60));
    fake.seedRefunds([...refunds, jdFakeRefund('2999999', '899999999', new Date(day.getTime() - 1000)), jdFakeRefund('4000000', '999999999', new Date(day.getTime() + 24 * HOUR))]);
    connector = connect(creds(), { maxRefundWindowMs: 12 * HOUR, maxRefundsPerCall: 100 });
    const { seen, watermark } = await pullAllAfterSales(day, new Date(day.getTime() + 24 * HOUR));
    expect([...seen].sort()).toEqual(refunds.map((r) => r.id).sort());
    expect(new Set(seen).size).toBe(seen.length);
    expect(watermark).toBe(`jda:${new Date(day.getTime() + 24 * HOUR).toISOString()}`);
    const lists = fake.calls.filter((c) => c.method === 'jingdong.pop.afs.soa.refundapply.queryPageList');
    expect(lists.every((c) => Number(c.business!.pageSize) <= 50 && c.business!.modifiedStart && c.business!.modifiedEnd && c.business!.showSku === true)).toBe(true);
    expect(lists.some((c) => c.business!.pageIndex === '2')).toBe(true);
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
  });

  it('maps states, the fen amount, the SKUs and the reason of a refund apply', async () => {
    fake.seedRefunds([
      jdFakeRefund('3100001', '700000001', at(1), { applyRefundSum: 12345, skuVoList: [{ skuId: '100001', skuName: '保温杯', skuCount: 2 }] }),
      jdFakeRefund('3100002', '700000002', at(2), { status: 1 }),
      jdFakeRefund('3100003', '700000003', at(3), { status: 2 }),
      jdFakeRefund('3100004', '700000004', at(4), { status: 11 }),
      jdFakeRefund('3100005', '700000005', at(5), { status: 10 }),
    ]);
    const page = await connector.pullAfterSales(store, { from: day, to: at(60) });
    expect(page.afterSales.map((a) => a.status)).toEqual(['WAIT_SELLER_AGREE', 'SUCCESS', 'SELLER_REFUSE_BUYER', 'CLOSED', 'WAIT_BUYER_RETURN_GOODS']);
    expect(page.afterSales[0]).toMatchObject({ refundId: '3100001', platformNo: '700000001', type: 'REFUND_ONLY', refundFee: '123.45', reason: '不想要了', buyerExpressNo: null });
    expect(page.afterSales[0]!.lines).toEqual([{ tbSpuId: '', tbSkuId: '100001', outerSkuId: null, title: '保温杯', properties: null, qty: 2, price: '0' }]);
    expect(page.afterSales[0]!.updatedAt.toISOString()).toBe(at(1).toISOString());
  });

  it('halves a busy window and re-reads one whose refunds change between pages, losing and repeating nothing', async () => {
    const refunds = Array.from({ length: 120 }, (_, i) => jdFakeRefund(String(3200000 + i), String(800000000 + i), at(1 + i)));
    fake.seedRefunds(refunds);
    connector = connect(creds(), { maxRefundsPerCall: 60 });
    // After page 1 is answered, a refund of page 1 is withdrawn: it leaves the window and every later one moves up a place.
    fake.changeRefundBetweenPages('3200005', { status: 11 });
    // The window reaches the fake's clock: the withdrawn refund (changed now) comes with the last sub-window.
    const { seen, statuses } = await pullAllAfterSales(day, new Date(Date.now() + 60_000));
    expect([...seen].sort()).toEqual(refunds.map((r) => r.id));
    expect(statuses.get('3200005')).toBe('CLOSED');
    const firstPages = fake.calls.filter((c) => c.method === 'jingdong.pop.afs.soa.refundapply.queryPageList' && c.business!.pageIndex === '1');
    // The whole window first, then halves of it.
    expect(new Set(firstPages.map((c) => c.business!.modifiedEnd)).size).toBeGreaterThan(2);

    // Without halving: the total moves while the window is paged, the window is read again and the reads merged.
    fake.refunds.clear();
    fake.calls.length = 0;
    fake.seedRefunds(refunds);
    connector = connect(creds());
    fake.changeRefundBetweenPages('3200007', { status: 11 });
    const again = await pullAllAfterSales(day, new Date(Date.now() + 60_000));
    expect(new Set(again.seen)).toEqual(new Set(refunds.map((r) => r.id)));
    expect(again.statuses.get('3200007')).toBe('CLOSED');
    const rereads = fake.calls.filter((c) => c.method === 'jingdong.pop.afs.soa.refundapply.queryPageList' && c.business!.pageIndex === '1' && c.business!.modifiedStart === firstPages[0]!.business!.modifiedStart);
    expect(rereads.length).toBe(2);
  });

  it('refuses a window holding a refund in a state it does not know or an amount that is not fen, naming it', async () => {
    fake.seedRefunds([jdFakeRefund('3300001', '700000001', at(1)), jdFakeRefund('3300002', '700000002', at(2), { status: 42 })]);
    const unknown = await failure(connector.pullAfterSales(store, { from: day, to: at(60) }));
    expect(unknown.kind).toBe('PLATFORM_ERROR');
    expect(unknown.detail).toContain('refund apply 3300002: status "42"');
    fake.refunds.clear();
    fake.seedRefunds([jdFakeRefund('3300003', '700000003', at(1), { applyRefundSum: 12.5 })]);
    expect((await failure(connector.pullAfterSales(store, { from: day, to: at(60) }))).detail).toContain('refund apply 3300003: applyRefundSum 12.5 is not an amount in fen');
    fake.expireToken();
    expect((await failure(connector.pullAfterSales(store, { from: day, to: at(60) }))).kind).toBe('TOKEN_EXPIRED');
  });

  it('agrees and refuses through replyRefund after reading the refund again, per record, and sends nothing twice', async () => {
    fake.seedRefunds([
      jdFakeRefund('3400001', '700000001', at(1)),
      jdFakeRefund('3400002', '700000002', at(2)),
      jdFakeRefund('3400003', '700000003', at(3), { status: 11 }),
      jdFakeRefund('3400004', '700000004', at(4), { applyRefundSum: 2000 }),
      jdFakeRefund('3400005', '700000005', at(5), { status: 19 }),
    ]);
    const results = await connector.pushAfterSaleDecisions(store, [
      decision('3400001'),
      decision('3400002', { checkStatus: 'CLOSED', refundStatus: 'REJECT' }),
      decision('3400003'),
      decision('3400004'),
      decision('3400005'),
      decision('3499999'),
      decision('AS12'),
    ]);
    expect(results.map((r) => [r.key, r.ok])).toEqual([
      ['3400001', true],
      ['3400002', true],
      ['3400003', false],
      ['3400004', false],
      ['3400005', false],
      ['3499999', false],
      ['AS12', false],
    ]);
    expect(results[2]!.message).toContain('is CLOSED on JD (state 11) and can no longer be decided');
    expect(results[3]!.message).toContain('JD refunds what the buyer applied for (20.00 yuan)');
    expect(results[4]!.message).toContain('JD refused the decision');
    expect(results[5]!.message).toContain('JD knows no refund apply 3499999');
    expect(results[6]!.message).toContain('is not a JD refund apply id');
    expect(fake.refunds.get('3400001')).toMatchObject({ status: 1, checkUserName: 'OpenSeller', checkRemark: '卖家同意退款' });
    expect(fake.refunds.get('3400002')).toMatchObject({ status: 2, checkRemark: '卖家拒绝了本次退款申请，如有疑问请联系客服' });
    const replies = fake.calls.filter((c) => c.method === 'jingdong.pop.afs.soa.refundapply.replyRefund');
    expect(replies.map((c) => [c.business!.id, c.business!.status, c.business!.rejectType ?? null])).toEqual([
      ['3400001', '1', null],
      ['3400002', '2', '5'],
      ['3400005', '1', null],
    ]);
    // Sent again after a lost answer: JD is already there, nothing is replied.
    fake.calls.length = 0;
    const again = await connector.pushAfterSaleDecisions(store, [decision('3400001'), decision('3400002', { checkStatus: 'CLOSED', refundStatus: 'REJECT' })]);
    expect(again.map((r) => r.ok)).toEqual([true, true]);
    expect(fake.calls.filter((c) => c.method === 'jingdong.pop.afs.soa.refundapply.replyRefund')).toEqual([]);
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
    fake.expireToken();
    expect((await failure(connector.pushAfterSaleDecisions(store, [decision('3400004')]))).kind).toBe('TOKEN_EXPIRED');
  });
});

describe('JD receiver decryption against the JD fake', () => {
  it('decrypts pulled receivers through jingdong.jos.order.oaid.decrypt by their oaid, 20 orders a call, leaving out one JD no longer matches', async () => {
    const orders = Array.from({ length: 25 }, (_, i) => jdFakeOrder(String(940000000 + i), at(1 + i), [sku]));
    fake.seedOrders(orders);
    const page = await connector.pullOrders(store, { from: day, to: at(60) });
    const refs = page.orders.map((o) => ({ platformNo: o.platformNo, receiverRef: o.receiverRef! }));
    expect(refs[0]).toEqual({ platformNo: '940000000', receiverRef: 'oaid-940000000' });
    // JD re-encrypted one order's receiver since the pull: its old oaid no longer decrypts.
    fake.orders.set('940000003', { ...fake.orders.get('940000003')!, oaid: 'oaid-new' });
    fake.calls.length = 0;
    const receivers = await connector.decryptReceivers!(store, refs);
    expect(receivers).toHaveLength(24);
    expect(receivers.find((r) => r.platformNo === '940000007')).toEqual({
      platformNo: '940000007',
      name: fake.clearReceivers.get('940000007')!.customerName,
      phone: fake.clearReceivers.get('940000007')!.consMobilePhone,
      tel: null,
      province: null,
      city: null,
      district: null,
      address: fake.clearReceivers.get('940000007')!.address,
    });
    expect(receivers.some((r) => r.platformNo === '940000003')).toBe(false);
    const calls = fake.calls.filter((c) => c.method === 'jingdong.jos.order.oaid.decrypt');
    expect(calls.map((c) => (c.business!.getReceiverInfoListReqVO as { orderInfos: unknown[] }).orderInfos.length)).toEqual([20, 5]);
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
    fake.expireToken();
    expect((await failure(connector.decryptReceivers!(store, refs))).kind).toBe('TOKEN_EXPIRED');
  });
});
