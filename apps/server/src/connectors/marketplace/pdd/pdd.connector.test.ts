// The Pinduoduo client and connector against the local fake of the POP gateway: the official
// signature vector (client and fake), authorization, a day of orders pulled across pages and
// window boundaries, and each failure kind (token ending mid-pull, throttling, timeout, malformed
// answer, an order changing between pages), goods, stock, shipping and after-sales.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorError, type AfterSaleDecisionPush, type PlatformOrder, type StoreCredentials, type TimeWindow } from '../connector.js';
import { createPddClient, failureOf, pddSign, wireValue } from './pdd.client.js';
import { createPddConnector, PDD_PLATFORM_CODE } from './pdd.connector.js';
import { FAKE_CODES, startPddFake, type PddFake } from './pdd.fake.js';
import { beijingText, mapOrder, type PddPlatformOrder } from './pdd.mapping.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The official example of open.pinduoduo.com (shared/CONNECTORS.md §0). */
const VECTOR = {
  secret: 'testSecret',
  params: {
    type: 'pdd.order.number.list.get',
    client_id: '1',
    access_token: 'asd78172s8ds9a921j9qqwda12312w1w21211',
    timestamp: '1480411125',
    data_type: 'XML',
    order_status: '1',
    page: '1',
    page_size: '10',
  },
  sign: 'E4DE3ED21002510DED352819E7AE6775',
};

describe('the POP signature', () => {
  it('reproduces the official known answer', () => {
    expect(pddSign(VECTOR.params, VECTOR.secret)).toBe(VECTOR.sign);
    expect(pddSign({ ...VECTOR.params, sign: 'ignored' }, VECTOR.secret)).toBe(VECTOR.sign);
    expect(pddSign({ ...VECTOR.params, page: '2' }, VECTOR.secret)).not.toBe(VECTOR.sign);
  });

  it('leaves out empty values and sends objects as JSON text', () => {
    expect(wireValue(null)).toBeNull();
    expect(wireValue('')).toBeNull();
    expect(wireValue(0)).toBe('0');
    expect(wireValue(false)).toBe('false');
    expect(wireValue({ a: [1] })).toBe('{"a":[1]}');
  });

  it('is checked by the fake with the same vector: the official request passes, a changed value is refused', async () => {
    const fake = await startPddFake({ clientId: '1', clientSecret: VECTOR.secret, now: () => new Date(1480411125_000) });
    try {
      const post = (params: Record<string, string>) =>
        fetch(fake.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() }).then((r) => r.json() as Promise<any>);
      const official = await post({ ...VECTOR.params, sign: VECTOR.sign });
      // Signature and token checks passed: the fake only does not serve this old list call.
      expect(official.error_response.error_code).toBe(FAKE_CODES.UNKNOWN_TYPE);
      const tampered = await post({ ...VECTOR.params, page: '2', sign: VECTOR.sign });
      expect(tampered.error_response.error_code).toBe(FAKE_CODES.SIGN);
      expect(fake.badSignatures).toBe(1);
    } finally {
      await fake.close();
    }
  });
});

describe('error answers', () => {
  it('map to the connector failure kinds', () => {
    expect(failureOf({ error_code: 10019, error_msg: 'access_token已过期' }, 't', 100)).toMatchObject({ kind: 'TOKEN_EXPIRED', pddCode: 10019 });
    expect(failureOf({ error_code: 70031, error_msg: '调用过于频繁' }, 't', 100)).toMatchObject({ kind: 'RATE_LIMITED', retryAfterMs: 100 });
    expect(failureOf({ error_code: 52101, error_msg: '当前接口被限流' }, 't', 100)).toMatchObject({ kind: 'RATE_LIMITED' });
    expect(failureOf({ error_code: 52103, error_msg: '服务暂时不可用' }, 't', 100)).toMatchObject({ kind: 'PLATFORM_ERROR', retryable: true });
    expect(failureOf({ error_code: 50002, error_msg: '订单不存在' }, 't', 100)).toMatchObject({ kind: 'PLATFORM_ERROR', pddCode: 50002 });
  });
});

// ---- the connector against the fake --------------------------------------------------------------

let clock = new Date('2026-03-02T04:00:00Z');
const now = () => clock;
let fake: PddFake;
let credentialsOn = true;
const connector = () =>
  createPddConnector({ credentials: async (code) => (code === PDD_PLATFORM_CODE && credentialsOn ? fake.credentials() : null), now, throttlePauseMs: 5, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) });

let pdd: ReturnType<typeof createPddConnector>;
const store: StoreCredentials = { domainId: 1, storeId: 1, platformCode: PDD_PLATFORM_CODE, platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null };

async function authorize(): Promise<void> {
  const url = await pdd.authorizationUrl({ store, state: 'st-1', redirectUri: 'http://app.test/#/authorization' });
  const answer = await fetch(url, { redirect: 'manual' });
  const location = answer.headers.get('location')!;
  const back = new URL(new URL(location).hash.slice(1), 'http://app');
  expect(back.searchParams.get('state')).toBe('st-1');
  const grant = await pdd.exchangeCode({ store, code: back.searchParams.get('code')!, redirectUri: 'http://app.test/#/authorization' });
  Object.assign(store, { accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt, platformShopId: grant.shopId });
}

/** Pulls a window to the end as the order sync does: page after page, each continuing from the last watermark. */
async function pullAll(window: TimeWindow, onPage?: (n: number) => void | Promise<void>): Promise<{ orders: PlatformOrder[]; pages: number; watermark: string | null }> {
  const orders: PlatformOrder[] = [];
  let watermark = window.watermark ?? null;
  let pages = 0;
  for (let more = true; more; ) {
    const page = await pdd.pullOrders(store, { ...window, watermark });
    pages++;
    orders.push(...page.orders);
    watermark = page.watermark;
    more = page.hasMore && page.orders.length > 0;
    await onPage?.(pages);
  }
  return { orders, pages, watermark };
}

const day = { from: new Date('2026-03-01T04:00:00Z'), to: new Date('2026-03-02T04:00:00Z') };
const at = (offsetMs: number) => new Date(day.from.getTime() + offsetMs);

beforeAll(async () => {
  fake = await startPddFake({ now });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  credentialsOn = true;
  clock = new Date('2026-03-02T04:00:00Z');
  pdd = connector();
});

describe('the Pinduoduo connector: authorization', () => {
  it('sends the seller to the consent page and exchanges the code for the shop\'s tokens', async () => {
    const url = new URL(await pdd.authorizationUrl({ store, state: 's', redirectUri: 'http://app.test/#/authorization' }));
    expect(`${url.origin}${url.pathname}`).toBe(fake.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: fake.clientId, response_type: 'code', redirect_uri: 'http://app.test/#/authorization', state: 's' });
    await authorize();
    expect(store.platformShopId).toBe(fake.ownerId);
    expect(store.tokenExpiresAt!.getTime()).toBe(clock.getTime() + 86_400_000);
  });

  it('refuses a code used twice, and a refresh token no longer good, as AUTH_FAILED', async () => {
    const code = fake.issueCode();
    await pdd.exchangeCode({ store, code, redirectUri: 'x' });
    await expect(pdd.exchangeCode({ store, code, redirectUri: 'x' })).rejects.toMatchObject({ kind: 'AUTH_FAILED' });
    await authorize();
    const grant = await pdd.refreshToken(store);
    expect(grant.accessToken).not.toBe(store.accessToken);
    Object.assign(store, { accessToken: grant.accessToken, refreshToken: grant.refreshToken });
    fake.revokeRefreshTokens();
    await expect(pdd.refreshToken(store)).rejects.toMatchObject({ kind: 'AUTH_FAILED' });
    await authorize();
  });

  it('says the installation has no Pinduoduo app credentials instead of reaching out', async () => {
    expect(await pdd.appStatus()).toEqual({ configured: true, callbackUrl: null });
    credentialsOn = false;
    expect(await pdd.appStatus()).toEqual({ configured: false, callbackUrl: null });
    const calls = fake.calls.length;
    await expect(pdd.authorizationUrl({ store, state: 's', redirectUri: 'x' })).rejects.toMatchObject({ kind: 'NO_APP_CREDENTIALS', params: expect.objectContaining({ reason: 'NO_APP_CREDENTIALS' }) });
    await expect(pdd.pullOrders(store, { ...day })).rejects.toBeInstanceOf(ConnectorError);
    expect(fake.calls.length).toBe(calls);
  });
});

describe('the Pinduoduo connector: orders', () => {
  beforeAll(async () => {
    credentialsOn = true;
    pdd = connector();
    await authorize();
    // 230 orders in one half hour (3 pages of 100), 47 spread over the day, one on a window boundary.
    const burst = Array.from({ length: 230 }, (_, i) => ({ order_sn: `260301-B${String(i).padStart(4, '0')}`, updatedAt: at(10 * HOUR + 5 * MIN + i * 1000) }));
    const spread = Array.from({ length: 47 }, (_, i) => ({ order_sn: `260301-S${String(i).padStart(4, '0')}`, updatedAt: at(i * 30 * MIN + 7 * MIN) }));
    fake.seedOrders([...burst, ...spread, { order_sn: '260301-EDGE', updatedAt: at(4 * HOUR) }]);
  });

  it('pulls a day across several pages and window boundaries without losing an order', async () => {
    const calls = fake.calls.length;
    const { orders } = await pullAll(day);
    const numbers = new Set(orders.map((o) => o.platformNo));
    expect(numbers.size).toBe(278);
    // None twice, the one on the second two windows share included.
    expect(orders.length).toBe(numbers.size);
    expect(numbers.has('260301-EDGE')).toBe(true);
    const increments = fake.calls.slice(calls).filter((c) => c.type === 'pdd.order.number.list.increment.get');
    for (const c of increments) {
      expect(Number(c.params.end_updated_at) - Number(c.params.start_updated_at)).toBeLessThanOrEqual(1800);
      expect(Number(c.params.page_size)).toBeLessThanOrEqual(100);
    }
    // The burst's window was read from its last page back to its first.
    const burstPages = increments.filter((c) => Number(c.params.start_updated_at) <= Date.parse('2026-03-01T14:05:00Z') / 1000 && Number(c.params.end_updated_at) >= Date.parse('2026-03-01T14:05:00Z') / 1000).map((c) => c.params.page);
    expect(burstPages).toEqual(['1', '3', '2', '1']);
    expect(fake.calls.slice(calls).every((c) => c.params.sign && c.outcome === 'ok')).toBe(true);
    expect(fake.badSignatures).toBe(0);
  });

  it('maps statuses, yuan amounts, the masked receiver with its ciphertext kept, ship-by and risk flags', async () => {
    fake.seedOrders([
      { order_sn: 'M-1', updatedAt: at(HOUR), risk_control_status: 1, postage: '6.00', item_list: [{ goods_id: '11', sku_id: '111', outer_id: 'A-1', goods_name: '杯子', goods_price: '12.50', goods_spec: '蓝色', goods_count: 2 }] },
      { order_sn: 'M-2', updatedAt: at(HOUR + 1000), order_status: 2, tracking_number: 'ZT123456789', logistics_id: 115, shippedAt: at(HOUR) },
      { order_sn: 'M-3', updatedAt: at(HOUR + 2000), confirm_status: 2 },
      { order_sn: 'M-4', updatedAt: at(HOUR + 3000), refund_status: 4 },
      { order_sn: 'M-5', updatedAt: at(HOUR + 4000), order_status: 3 },
      { order_sn: 'M-6', updatedAt: at(HOUR + 5000), confirm_status: 0 },
      { order_sn: 'M-7', updatedAt: at(HOUR + 6000) },
    ]);
    const { orders } = await pullAll({ from: at(HOUR - MIN), to: at(HOUR + MIN) });
    const by = new Map(orders.map((o) => [o.platformNo, o as PddPlatformOrder]));
    expect(by.get('M-1')).toMatchObject({
      status: 'WAIT_SELLER_SEND_GOODS',
      amount: '31.00',
      postFee: '6.00',
      riskControlled: true,
      receiver: { name: '张*', phone: '138****0000', province: '上海市', city: '上海市', district: '浦东新区', address: '世纪大道**号' },
      // Held by risk control: PDD sends no ciphertext then.
      encryptedReceiver: null,
      lines: [{ tbSpuId: '11', tbSkuId: '111', outerSkuId: 'A-1', title: '杯子', properties: '蓝色', qty: 2, price: '12.50' }],
      lastShipTime: new Date(at(HOUR).getTime() + 48 * HOUR),
    });
    expect(by.get('M-7')!.encryptedReceiver).toMatchObject({ name: fake.order('M-7')!.receiver_name, phone: fake.order('M-7')!.receiver_phone });
    expect(by.get('M-2')).toMatchObject({ status: 'WAIT_BUYER_CONFIRM_GOODS', shipping: { expressCompanyCode: 'ZTO', expressNo: 'ZT123456789' } });
    expect(by.get('M-3')!.status).toBe('TRADE_CLOSED');
    expect(by.get('M-4')!.status).toBe('TRADE_CLOSED');
    expect(by.get('M-5')!.status).toBe('TRADE_FINISHED');
    expect(by.has('M-6')).toBe(false);
  });

  it('refuses an answer with an unknown status or an amount in fen, naming the order, and keeps the watermark', async () => {
    fake.seedOrders([{ order_sn: 'BAD-1', updatedAt: at(20 * HOUR), raw: { order_status: 9 } }]);
    const window = { from: at(20 * HOUR - MIN), to: at(20 * HOUR + MIN) };
    await expect(pdd.pullOrders(store, window)).rejects.toMatchObject({ kind: 'PLATFORM_ERROR', detail: expect.stringContaining('order BAD-1: unknown order_status 9') });
    fake.seedOrders([{ order_sn: 'BAD-1', updatedAt: at(20 * HOUR), raw: { goods_amount: '1990' } }]);
    await expect(pdd.pullOrders(store, window)).rejects.toMatchObject({ detail: expect.stringContaining('not yuan') });
    fake.seedOrders([{ order_sn: 'BAD-1', updatedAt: at(20 * HOUR), raw: { pay_amount: -3 } }]);
    await expect(pdd.pullOrders(store, window)).rejects.toMatchObject({ detail: expect.stringContaining('pay_amount') });
    expect(() => mapOrder({ order_sn: 'X', order_status: 1, item_list: [] } as never)).toThrow(expect.objectContaining({ detail: expect.stringContaining('item_list is empty') }));
    fake.seedOrders([{ order_sn: 'BAD-1', updatedAt: at(20 * HOUR) }]);
    expect((await pullAll(window)).orders.map((o) => o.platformNo)).toEqual(['BAD-1']);
  });

  it('continues from the watermark after the token ends mid-pull, once refreshed', async () => {
    const seen: PlatformOrder[] = [];
    let watermark: string | null = null;
    const window = { from: at(10 * HOUR), to: at(11 * HOUR) };
    const first = await pdd.pullOrders(store, { ...window, watermark });
    seen.push(...first.orders);
    watermark = first.watermark;
    fake.expireToken();
    await expect(pdd.pullOrders(store, { ...window, watermark })).rejects.toMatchObject({ kind: 'TOKEN_EXPIRED' });
    const grant = await pdd.refreshToken(store);
    Object.assign(store, { accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt });
    const rest = await pullAll({ ...window, watermark });
    seen.push(...rest.orders);
    const burst = new Set(seen.filter((o) => o.platformNo.startsWith('260301-B')).map((o) => o.platformNo));
    expect(burst.size).toBe(230);
  });

  it('waits out throttling, and gives up with RATE_LIMITED when it lasts', async () => {
    fake.throttleNext(2);
    const page = await pdd.pullOrders(store, { from: at(10 * HOUR), to: at(11 * HOUR) });
    expect(page.orders.length).toBeGreaterThan(0);
    expect(fake.calls.filter((c) => c.outcome === `error:${FAKE_CODES.THROTTLED}`).length).toBeGreaterThanOrEqual(2);
    // The first answer and the 3 tries after it: all throttled.
    fake.throttleNext(4);
    await expect(pdd.pullOrders(store, { from: at(10 * HOUR), to: at(11 * HOUR) })).rejects.toMatchObject({ kind: 'RATE_LIMITED', retryable: true });
    expect((await pdd.listOnlineGoods(store, { page: 1, pageSize: 10 })).page).toBe(1);
  });

  it('fails with TIMEOUT when the gateway does not answer, and resumes from the same watermark', async () => {
    const window = { from: at(10 * HOUR), to: at(11 * HOUR) };
    const first = await pdd.pullOrders(store, window);
    fake.timeoutNext(1);
    await expect(pdd.pullOrders(store, { ...window, watermark: first.watermark }, { timeoutMs: 300 })).rejects.toMatchObject({ kind: 'TIMEOUT' });
    const again = await pdd.pullOrders(store, { ...window, watermark: first.watermark });
    expect(again.orders.length).toBeGreaterThan(0);
  });

  it('refuses a malformed answer as PLATFORM_ERROR', async () => {
    const window = { from: at(10 * HOUR), to: at(11 * HOUR) };
    fake.malformedNext(1, 'truncated');
    await expect(pdd.pullOrders(store, window)).rejects.toMatchObject({ kind: 'PLATFORM_ERROR', detail: expect.stringContaining('no JSON') });
    fake.malformedNext(1, 'missingFields');
    await expect(pdd.pullOrders(store, window)).rejects.toMatchObject({ kind: 'PLATFORM_ERROR', detail: expect.stringContaining('without order_sn_list') });
  });

  it('loses no order when one changes between two pages, and sees the change', async () => {
    const window = { from: at(10 * HOUR), to: at(11 * HOUR) };
    // Read backwards: page 3 first; the order on page 3 moves out of the window before page 2 is read.
    let changed = false;
    const result = await pullAll(window, (n) => {
      if (n === 1 && !changed) {
        fake.changeOrderBetweenPages('260301-B0005', { order_status: 2, tracking_number: 'YT0000001', logistics_id: 85, shippedAt: clock });
        changed = true;
      }
    });
    const numbers = new Set(result.orders.map((o) => o.platformNo));
    // Page 1 moved up a row under the pull: the row that came down from page 2 is not answered twice.
    expect(result.orders.length).toBe(numbers.size);
    // Every other order of the window is there, though page 1 shifted under the pull; the changed
    // one left the window (updated now) and comes with the next pull.
    for (let i = 0; i < 230; i++) if (i !== 5) expect(numbers.has(`260301-B${String(i).padStart(4, '0')}`)).toBe(true);
    expect(numbers.has('260301-B0005')).toBe(false);
    const later = await pullAll({ from: window.to, to: new Date(clock.getTime() + MIN) }).catch((e) => {
      throw new Error(String(e.detail));
    });
    expect(later.orders.find((o) => o.platformNo === '260301-B0005')).toMatchObject({ status: 'WAIT_BUYER_CONFIRM_GOODS', shipping: { expressCompanyCode: 'YTO', expressNo: 'YT0000001' } });
  });
});

describe('the Pinduoduo connector: goods, stock, shipping, after-sales', () => {
  beforeAll(async () => {
    credentialsOn = true;
    pdd = connector();
    await authorize();
    fake.seedGoods(
      Array.from({ length: 3 }, (_, i) => ({
        goods_id: `G${i}`,
        goods_name: `商品${i}`,
        is_onsale: i === 2 ? 0 : 1,
        thumb_url: `https://img.example/${i}.jpg`,
        sku_list: [
          { sku_id: `G${i}-1`, spec: '红色', outer_id: `OUT-${i}-1`, outer_goods_id: `OG-${i}`, sku_quantity: 5 },
          { sku_id: `G${i}-2`, spec: '蓝色', outer_id: `OUT-${i}-2`, sku_quantity: 7 },
        ],
      })),
    );
  });

  it('lists the online goods by page for the mapping page', async () => {
    const first = await pdd.listOnlineGoods(store, { page: 1, pageSize: 2 });
    expect(first).toMatchObject({ page: 1, total: 3, hasMore: true });
    expect(first.items[0]).toEqual({
      tbSpuId: 'G0',
      title: '商品0',
      outerId: 'OG-0',
      picUrl: 'https://img.example/0.jpg',
      status: 'onsale',
      skus: [
        { tbSkuId: 'G0-1', title: '商品0 红色', properties: '红色', outerSkuId: 'OUT-0-1' },
        { tbSkuId: 'G0-2', title: '商品0 蓝色', properties: '蓝色', outerSkuId: 'OUT-0-2' },
      ],
    });
    const second = await pdd.listOnlineGoods(store, { page: 2, pageSize: 2 });
    expect(second).toMatchObject({ hasMore: false, items: [{ tbSpuId: 'G2', status: 'instock' }] });
  });

  it('pushes full stock quantities per SKU, refusing unknown SKUs and negative quantities one by one', async () => {
    const fresh = connector();
    const results = await fresh.pushStock(store, [
      { tbSkuId: 'G1-2', quantity: 42 },
      { tbSkuId: 'G0-1', quantity: 0, tbSpuId: 'G0' },
      { tbSkuId: 'NOPE', quantity: 1 },
      { tbSkuId: 'G0-2', quantity: -1 },
    ]);
    expect(results.map((r) => [r.key, r.ok])).toEqual([
      ['G1-2', true],
      ['G0-1', true],
      ['NOPE', false],
      ['G0-2', false],
    ]);
    expect(fake.skuQuantity('G1-2')).toBe(42);
    expect(fake.skuQuantity('G0-1')).toBe(0);
    expect(fake.skuQuantity('G0-2')).toBe(7);
    const again = await fresh.pushStock(store, [{ tbSkuId: 'G1-2', quantity: 42 }]);
    expect(again[0]!.ok).toBe(true);
    expect(fake.skuQuantity('G1-2')).toBe(42);
  });

  it('ships with the PDD logistics id of the express company, accepts a resend, refuses what PDD refuses', async () => {
    fake.seedOrders([
      { order_sn: 'SHIP-1', updatedAt: at(2 * HOUR) },
      { order_sn: 'SHIP-2', updatedAt: at(2 * HOUR), confirm_status: 2 },
    ]);
    const results = await pdd.pushShippingFeedback(store, [
      { platformNo: 'SHIP-1', expressCompanyCode: 'ZTO', expressNo: '73100000000001' },
      { platformNo: 'SHIP-2', expressCompanyCode: 'ZTO', expressNo: '73100000000002' },
      { platformNo: 'SHIP-1', expressCompanyCode: 'ZYKD', expressNo: '1' },
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, false]);
    expect(results[1]!.message).toContain('已取消');
    expect(results[2]!.message).toContain('no logistics company for ZYKD');
    expect(fake.order('SHIP-1')).toMatchObject({ order_status: 2, logistics_id: 115, tracking_number: '73100000000001' });
    const resend = await pdd.pushShippingFeedback(store, [{ platformNo: 'SHIP-1', expressCompanyCode: 'ZTO', expressNo: '73100000000001' }]);
    expect(resend[0]).toMatchObject({ ok: true });
    const other = await pdd.pushShippingFeedback(store, [{ platformNo: 'SHIP-1', expressCompanyCode: 'ZTO', expressNo: '73199999999999' }]);
    expect(other[0]).toMatchObject({ ok: false });
  });

  it('pulls after-sales from the refund increment with their types and statuses', async () => {
    fake.seedRefunds([
      { id: 'R1', order_sn: 'SHIP-1', after_sales_type: 2, after_sales_status: 2, refund_amount: '19.90', sku_id: '90011', goods_id: '9001', goods_price: '19.90', goods_number: 1, updatedAt: at(3 * HOUR) },
      { id: 'R2', order_sn: 'SHIP-1', after_sales_type: 3, after_sales_status: 7, refund_amount: '5.00', shipping_name: '中通快递', tracking_number: '7319000001', updatedAt: at(3 * HOUR + 1000) },
      { id: 'R3', order_sn: 'SHIP-1', after_sales_type: 2, after_sales_status: 11, refund_amount: '1.00', updatedAt: at(3 * HOUR + 2000) },
    ]);
    const page = await pdd.pullAfterSales(store, { from: at(3 * HOUR - MIN), to: at(3 * HOUR + MIN) });
    expect(page.afterSales.map((a) => [a.refundId, a.type, a.status, a.refundFee])).toEqual([
      ['R1', 'REFUND_ONLY', 'WAIT_SELLER_AGREE', '19.90'],
      ['R2', 'RETURN_REFUND', 'WAIT_BUYER_RETURN_GOODS', '5.00'],
      ['R3', 'REFUND_ONLY', 'CLOSED', '1.00'],
    ]);
    expect(page.afterSales[1]).toMatchObject({ buyerExpressCompanyCode: 'ZTO', buyerExpressNo: '7319000001' });
    expect(page.afterSales[0]!.lines).toEqual([{ tbSpuId: '9001', tbSkuId: '90011', outerSkuId: null, title: '9001', properties: null, qty: 1, price: '19.90' }]);
  });

  it('agrees refunds and returns through pdd.refund.agree and pdd.refund.returngoods.agree, and sends a refusal to PDD’s backend, per record', async () => {
    fake.seedRefunds([
      { id: 'D1', order_sn: 'SHIP-2', after_sales_type: 2, after_sales_status: 2, refund_amount: '19.90', updatedAt: at(4 * HOUR) },
      { id: 'D2', order_sn: 'SHIP-2', after_sales_type: 3, after_sales_status: 3, refund_amount: '19.90', updatedAt: at(4 * HOUR) },
      { id: 'D3', order_sn: 'SHIP-2', after_sales_type: 2, after_sales_status: 2, refund_amount: '5.00', updatedAt: at(4 * HOUR) },
      { id: 'D4', order_sn: 'SHIP-2', after_sales_type: 2, after_sales_status: 11, refund_amount: '5.00', updatedAt: at(4 * HOUR) },
    ]);
    const d = (refundId: string, over: Partial<AfterSaleDecisionPush> = {}): AfterSaleDecisionPush => ({
      refundId,
      checkStatus: 'PROCESSING',
      refundStatus: 'WAIT',
      receiptStatus: 'NONE',
      refundFee: '19.9000',
      platformNo: 'SHIP-2',
      type: 'REFUND_ONLY',
      platformStatus: 'WAIT_SELLER_AGREE',
      ...over,
    });
    const before = fake.calls.length;
    const results = await pdd.pushAfterSaleDecisions(store, [
      d('D1'),
      d('D2', { type: 'RETURN_REFUND', refundStatus: 'VERIFY', receiptStatus: 'WAIT' }),
      d('D3', { refundStatus: 'REJECT', checkStatus: 'CLOSED' }),
      d('D4', { platformStatus: 'CLOSED' }),
      d('D5', { platformStatus: 'SUCCESS' }),
      d('D6', { platformNo: null }),
      d('D9'),
    ]);
    expect(results.map((r) => [r.key, r.ok])).toEqual([
      ['D1', true],
      ['D2', true],
      ['D3', false],
      ['D4', false],
      ['D5', true],
      ['D6', false],
      ['D9', false],
    ]);
    expect(results[2]!.message).toContain('refuse it on the Pinduoduo merchant backend');
    expect(results[3]!.message).toContain('is CLOSED on Pinduoduo and can no longer be decided');
    expect(results[5]!.message).toContain('pull the store again');
    expect(results[6]!.message).toContain('售后单不存在');
    expect(fake.refund('D1')!.after_sales_status).toBe(4);
    expect(fake.refund('D2')!.after_sales_status).toBe(7);
    expect(fake.refund('D3')!.after_sales_status).toBe(2);
    const sent = fake.calls.slice(before).map((c) => [c.params.type, c.params.request ? JSON.parse(c.params.request) : null]);
    expect(sent).toEqual([
      ['pdd.refund.agree', { after_sales_id: 'D1', order_sn: 'SHIP-2', operate_desc: '商家已同意' }],
      ['pdd.refund.address.list.get', null],
      ['pdd.refund.returngoods.agree', { after_sales_id: 'D2', order_sn: 'SHIP-2', operate_desc: '商家已同意', return_address_id: '7001' }],
      ['pdd.refund.agree', { after_sales_id: 'D9', order_sn: 'SHIP-2', operate_desc: '商家已同意' }],
    ]);
    // The pull mirrors the new states: agreed and being paid, the return agreed.
    const page = await pdd.pullAfterSales(store, { from: new Date(clock.getTime() - MIN), to: new Date(clock.getTime() + MIN) });
    expect(page.afterSales.filter((a) => a.refundId.startsWith('D')).map((a) => [a.refundId, a.status])).toEqual([
      ['D1', 'SUCCESS'],
      ['D2', 'WAIT_BUYER_RETURN_GOODS'],
    ]);
    // No default return address: the return is refused per record, saying where to set one.
    fake.setReturnAddresses([{ id: 7002, is_default: '0', refund_name: '售后组', refund_phone: '13800000000', refund_address: '上海市' }]);
    fake.seedRefunds([{ id: 'D7', order_sn: 'SHIP-2', after_sales_type: 3, after_sales_status: 3, refund_amount: '19.90', updatedAt: at(4 * HOUR) }]);
    const noAddress = await pdd.pushAfterSaleDecisions(store, [d('D7', { type: 'RETURN_REFUND', refundStatus: 'VERIFY', receiptStatus: 'WAIT' })]);
    expect(noAddress[0]).toMatchObject({ ok: false, message: expect.stringContaining('no default return address') });
  });

  it('decrypts receivers through pdd.open.decrypt.batch: the three ciphertexts of each order, 33 orders a call, a stale one left out', async () => {
    const sns = Array.from({ length: 40 }, (_, i) => `DEC-${i}`);
    fake.seedOrders(sns.map((order_sn, i) => ({ order_sn, updatedAt: at(5 * HOUR + i * 1000) })));
    const { orders } = await pullAll({ from: at(5 * HOUR - MIN), to: at(5 * HOUR + MIN) });
    const refs = orders.filter((o) => o.platformNo.startsWith('DEC-')).map((o) => ({ platformNo: o.platformNo, receiverRef: o.receiverRef! }));
    expect(refs).toHaveLength(40);
    // One order's ciphertext no longer matches (PDD re-encrypted it): it is left out, the others come back.
    refs[5] = { platformNo: 'DEC-5', receiverRef: JSON.stringify({ name: '~stale~name~1~', phone: '$stale$phone$1$', address: '~stale~address~1~' }) };
    const before = fake.calls.length;
    const receivers = await pdd.decryptReceivers!(store, refs);
    const decrypts = fake.calls.slice(before).filter((c) => c.params.type === 'pdd.open.decrypt.batch');
    expect(decrypts.map((c) => JSON.parse(c.params.data_list!).length)).toEqual([99, 21]);
    expect(receivers).toHaveLength(39);
    const o = fake.order('DEC-7')!;
    expect(receivers.find((r) => r.platformNo === 'DEC-7')).toEqual({
      platformNo: 'DEC-7',
      name: fake.clearText(o.receiver_name),
      phone: fake.clearText(o.receiver_phone),
      tel: null,
      province: null,
      city: null,
      district: null,
      address: fake.clearText(o.receiver_address),
    });
    expect(receivers.some((r) => r.platformNo === 'DEC-5')).toBe(false);
  });

  it('signs every request the fake answered', () => {
    expect(fake.badSignatures).toBe(0);
    expect(fake.calls.every((c) => /^[0-9A-F]{32}$/.test(c.params.sign ?? ''))).toBe(true);
  });
});

describe('Beijing time', () => {
  it('is how PDD writes times', () => {
    expect(beijingText(new Date('2026-03-01T16:30:05Z'))).toBe('2026-03-02 00:30:05');
  });
});

describe('a client without a gateway answer', () => {
  it('reports an unreachable gateway as PLATFORM_ERROR', async () => {
    const client = createPddClient({ clientId: 'c', clientSecret: 's', gatewayUrl: 'http://127.0.0.1:1/api/router' });
    await expect(client.call('pdd.goods.list.get', 'goods_list_get_response', {}, { accessToken: 't', timeoutMs: 2000 })).rejects.toMatchObject({ kind: 'PLATFORM_ERROR' });
  });
});
