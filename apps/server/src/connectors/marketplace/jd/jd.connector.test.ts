// The JD connector against the local JD fake: authorization, paging across pages and windows
// without loss or repeats, an order changing between pages, every failure kind (token, throttling,
// timeout, malformed answer, unknown state, a bad amount, missing credentials), goods, stock and
// shipping feedback — with the fake checking every signature.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { ConnectorError, type StoreCredentials } from '../connector.js';
import { createJdConnector, type JdConnector } from './jd.connector.js';
import { jdFakeOrder, startJdFake, type JdFake } from './jd.fake.js';

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
