// The Douyin connector against the local Douyin fake: authorisation, paging a day across pages and
// sub-windows without loss or repeats (a crowded second included), every failure kind (token,
// withdrawn authorisation, throttling, timeout, malformed answer, unknown status, amounts not in
// fen, missing or refused app credentials), status and receiver mapping, goods (ids beyond 2^53
// kept whole), stock and shipping feedback, receiver decryption and after-sale decisions — with the
// fake checking every signature.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { ConnectorError, type StoreCredentials } from '../connector.js';
import { createDouyinConnector, type DouyinConnector } from './douyin.connector.js';
import { douyinFakeOrder, startDouyinFake, type DouyinFake } from './douyin.fake.js';
import type { DouyinPlatformOrder } from './douyin.mapping.js';

let fake: DouyinFake;
let connector: DouyinConnector;
let store: StoreCredentials;
const slept: number[] = [];

const HOUR = 3_600_000;
const day = new Date('2026-11-27T00:00:00.000Z');
const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);

function connect(credentials: PlatformAppCredentials | null, over: Partial<Parameters<typeof createDouyinConnector>[0]> = {}) {
  return createDouyinConnector({
    credentials: async (code) => (code === 'DY' ? credentials : null),
    sleep: async (ms) => {
      slept.push(ms);
    },
    retryBaseMs: 100,
    ...over,
  });
}

beforeAll(async () => {
  fake = await startDouyinFake();
});
afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  fake.orders.clear();
  fake.calls.length = 0;
  slept.length = 0;
  connector = connect(fake.credentials());
  const grant = await connector.exchangeCode({ store: blank(), code: fake.issueCode(), redirectUri: 'http://app/#/authorization' });
  store = { ...blank(), accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt, platformShopId: grant.shopId };
});

const blank = (): StoreCredentials => ({ domainId: 1, storeId: 1, platformCode: 'DY', platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null });
const sku = { skuId: '1700000001', productId: '3500000001', outSkuId: 'A-1' };
const failure = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
};

async function pullAll(from: Date, to: Date, pageSize = 100) {
  const seen: string[] = [];
  let watermark: string | null = null;
  for (let more = true, guard = 0; more && guard < 200; guard++) {
    const page = await connector.pullOrders(store, { from, to, watermark, pageSize });
    seen.push(...page.orders.map((o) => o.platformNo));
    watermark = page.watermark;
    more = page.hasMore && page.orders.length > 0;
  }
  return seen;
}

describe('the Douyin connector against the Douyin fake', () => {
  it('authorises through the consent page, token.create and token.refresh (refresh tokens are single-use)', async () => {
    const url = new URL(await connector.authorizationUrl({ store: blank(), state: 'st-1', redirectUri: 'http://app/#/authorization' }));
    // The service market's page takes the app's service id and the state, not the app key.
    expect([...url.searchParams.keys()].sort()).toEqual(['service_id', 'state']);
    expect(url.searchParams.get('service_id')).toBe(fake.serviceId);
    expect(url.searchParams.get('state')).toBe('st-1');
    // Without the service id there is no consent page: said plainly, nothing guessed.
    const noServiceId = await failure(connect({ ...fake.credentials(), serviceId: null }).authorizationUrl({ store: blank(), state: 'st-2', redirectUri: 'http://app/#/authorization' }));
    expect(noServiceId).toMatchObject({ kind: 'NO_APP_CREDENTIALS', detail: expect.stringContaining('OPENSELLER_CONNECTOR_DY_SERVICE_ID') });
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = consent.headers.get('location')!;
    expect(back.startsWith('http://app/#/authorization?code=')).toBe(true);
    const code = new URL(back.replace('#/authorization', '')).searchParams.get('code')!;
    const grant = await connector.exchangeCode({ store: blank(), code, redirectUri: 'http://app/#/authorization' });
    expect(grant.shopId).toBe(fake.shopId);
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await failure(connector.exchangeCode({ store: blank(), code, redirectUri: 'http://app/#/authorization' }))).kind).toBe('AUTH_FAILED');
    const refreshed = await connector.refreshToken({ ...store });
    expect(refreshed.accessToken).not.toBe(store.accessToken);
    expect((await failure(connector.refreshToken({ ...store }))).kind).toBe('AUTH_FAILED');
    const create = fake.calls.find((c) => c.method === 'token.create')!;
    expect(create.params).toEqual({ code: expect.any(String), grant_type: 'authorization_code' });
    expect(create.query.access_token).toBeUndefined();
  });

  it('pulls a day of orders across several pages and sub-windows, each once, by update time from page 0, the fake checking every signature', async () => {
    const orders = Array.from({ length: 260 }, (_, i) => douyinFakeOrder(String(6900000000000000 + i), at(5 + i * 5), [sku]));
    fake.seedOrders([...orders, douyinFakeOrder('6899999999999999', new Date(day.getTime() - 1000), [sku]), douyinFakeOrder('6999999999999999', new Date(day.getTime() + 24 * HOUR), [sku])]);
    connector = connect(fake.credentials(), { maxWindowMs: 12 * HOUR });
    const seen = await pullAll(day, new Date(day.getTime() + 24 * HOUR));
    expect(seen).toEqual(orders.map((o) => o.order_id));
    const searches = fake.calls.filter((c) => c.method === 'order.searchList');
    // Sub-windows slide from the last second handed over: 100, 100 and 60 orders.
    expect(searches.length).toBe(3);
    expect(searches.every((c) => c.params!.page === 0 && (c.params!.size as number) <= 100 && c.params!.order_by === 'update_time' && c.params!.order_asc === true)).toBe(true);
    // Two sub-windows of 12 hours: no query spans more.
    expect(searches.every((c) => (c.params!.update_time_end as number) - (c.params!.update_time_start as number) <= 12 * 3600)).toBe(true);
    expect(new Set(searches.map((c) => c.params!.update_time_start)).size).toBe(3);
    expect(searches.at(-1)!.params!.update_time_end).toBe((day.getTime() + 24 * HOUR) / 1000);
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
    expect(fake.badSignatures).toBe(0);
  });

  it('reads an order updated, after a pull, in the same second that pull ended in (Douyin keeps seconds)', async () => {
    // The last pull's window ended at 10:00:00.700 and saw nothing; at 10:00:00.900 the order is
    // updated, which Douyin records as 10:00:00. The next window starts where the last ended.
    const ended = new Date(at(600).getTime() + 700);
    expect(await pullAll(day, ended)).toEqual([]);
    fake.seedOrders([douyinFakeOrder('6810000000000001', new Date(at(600).getTime() + 900), [sku])]);
    expect(await pullAll(ended, at(610))).toEqual(['6810000000000001']);
  });

  it('reads a second holding more orders than a page whole, without loss or repeats', async () => {
    const crowded = Array.from({ length: 23 }, (_, i) => douyinFakeOrder(String(6800000000000000 + i), at(30), [sku]));
    const around = [douyinFakeOrder('6800000000000100', at(10), [sku]), douyinFakeOrder('6800000000000101', at(50), [sku])];
    fake.seedOrders([...crowded, ...around]);
    const seen = await pullAll(day, at(120), 10);
    expect([...seen].sort()).toEqual([...crowded, ...around].map((o) => o.order_id).sort());
    expect(new Set(seen).size).toBe(seen.length);
    expect(fake.calls.some((c) => c.method === 'order.searchList' && (c.params!.page as number) > 0)).toBe(true);
  });

  it('maps statuses, fen amounts, encrypted receivers, ship-by times, risk holds and after-sales; skips unpaid orders', async () => {
    fake.seedOrders([
      douyinFakeOrder('7000000000000001', at(10), [{ ...sku, qty: 2, priceFen: 1990 }]),
      douyinFakeOrder('7000000000000002', at(11), [sku], { order_status: 4, main_status: 4 }),
      douyinFakeOrder('7000000000000003', at(12), [sku], { order_status: 105, main_status: 105 }),
      douyinFakeOrder('7000000000000004', at(13), [sku], { order_status: 3, main_status: 3, logistics_info: [{ tracking_no: 'SF123', company: 'shunfeng', company_name: '顺丰', ship_time: Math.floor(at(13).getTime() / 1000), delivery_id: 'd1' }] }),
      douyinFakeOrder('7000000000000005', at(14), [sku], { order_status: 1, main_status: 1 }),
      douyinFakeOrder('7000000000000006', at(15), [sku], { order_status: 2, main_status: 22 }),
      douyinFakeOrder('7000000000000007', at(16), [sku], { order_status: 101, main_status: 101 }),
      douyinFakeOrder('7000000000000008', at(17), [sku], { order_status: 5, main_status: 5 }),
    ]);
    const refunding = fake.orders.get('7000000000000001')!;
    refunding.sku_order_list[0]!.after_sale_info = { after_sale_status: 6, after_sale_type: 2, refund_status: 1 };
    const page = await connector.pullOrders(store, { from: day, to: at(60) });
    const byNo = new Map(page.orders.map((o) => [o.platformNo, o as DouyinPlatformOrder]));
    expect(byNo.has('7000000000000005')).toBe(false);
    const paid = byNo.get('7000000000000001')!;
    expect(paid).toMatchObject({ status: 'WAIT_SELLER_SEND_GOODS', amount: '45.80', postFee: '6.00', riskControlled: false, refunding: true });
    expect(paid.lines).toEqual([{ tbSpuId: '3500000001', tbSkuId: '1700000001', outerSkuId: 'A-1', title: '商品 1700000001', properties: '颜色:红色', qty: 2, price: '19.90' }]);
    expect(paid.receiver).toEqual({ name: '张**', phone: '138****0000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文新街道文三路**号' });
    expect(JSON.parse(paid.receiverRef!)).toEqual({ name: '#enc#name#7000000000000001#', phone: '$enc$tel$7000000000000001$', address: '~enc~detail~7000000000000001~', street: '文新街道' });
    expect(paid.afterSales).toEqual([{ skuOrderId: '70000000000000011', afterSaleStatus: 6, afterSaleType: 2, refundStatus: 1 }]);
    expect(paid.lastShipTime!.getTime()).toBe((Math.floor(at(10).getTime() / 1000) - 3600 + 48 * 3600) * 1000);
    expect(byNo.get('7000000000000002')!.status).toBe('TRADE_CLOSED');
    expect(byNo.get('7000000000000003')).toMatchObject({ status: 'WAIT_SELLER_SEND_GOODS', riskControlled: true });
    expect(byNo.get('7000000000000004')).toMatchObject({ status: 'WAIT_BUYER_CONFIRM_GOODS', shipping: { expressCompanyCode: 'SF', expressNo: 'SF123' } });
    expect(byNo.get('7000000000000006')!.status).toBe('TRADE_CLOSED');
    expect(byNo.get('7000000000000007')!.status).toBe('SELLER_CONSIGNED_PART');
    expect(byNo.get('7000000000000008')!.status).toBe('TRADE_FINISHED');
  });

  it('answers TOKEN_EXPIRED for an expired token and for a withdrawn authorisation, whose refresh then fails', async () => {
    fake.seedOrders([douyinFakeOrder('7100000000000001', at(1), [sku])]);
    fake.expireToken();
    expect((await failure(connector.pullOrders(store, { from: day, to: at(60) }))).kind).toBe('TOKEN_EXPIRED');
    expect((await failure(connector.pushStock(store, [{ tbSkuId: '1700000001', quantity: 1 }]))).kind).toBe('TOKEN_EXPIRED');
    const grant = await connector.refreshToken(store);
    const fresh = { ...store, accessToken: grant.accessToken, refreshToken: grant.refreshToken };
    expect((await connector.pullOrders(fresh, { from: day, to: at(60) })).orders).toHaveLength(1);
    fake.revokeAuthorization();
    const gone = await failure(connector.pullOrders(fresh, { from: day, to: at(60) }));
    expect(gone).toMatchObject({ kind: 'TOKEN_EXPIRED', detail: expect.stringContaining('dop.authorization-no-existed') });
    expect((await failure(connector.refreshToken(fresh))).kind).toBe('AUTH_FAILED');
  });

  it('backs off and retries a throttled call (60000), and answers RATE_LIMITED when throttling goes on', async () => {
    fake.seedOrders([douyinFakeOrder('7100000000000002', at(1), [sku])]);
    fake.throttleNext(2);
    const page = await connector.pullOrders(store, { from: day, to: at(60) });
    expect(page.orders.map((o) => o.platformNo)).toEqual(['7100000000000002']);
    expect(slept).toEqual([100, 200]);
    fake.throttleNext(4);
    const error = await failure(connector.pullOrders(store, { from: day, to: at(60) }));
    expect(error.kind).toBe('RATE_LIMITED');
    expect(error.retryAfterMs).toBeGreaterThan(0);
  });

  it('answers TIMEOUT when Douyin does not answer, PLATFORM_ERROR for a malformed answer, and the next pull works', async () => {
    fake.seedOrders([douyinFakeOrder('7100000000000003', at(1), [sku])]);
    fake.timeoutNext();
    expect((await failure(connector.pullOrders(store, { from: day, to: at(60) }, { timeoutMs: 300 }))).kind).toBe('TIMEOUT');
    fake.malformedNext();
    const broken = await failure(connector.pullOrders(store, { from: day, to: at(60) }));
    expect(broken.kind).toBe('PLATFORM_ERROR');
    expect(broken.detail).toContain('malformed');
    expect((await connector.pullOrders(store, { from: day, to: at(60) })).orders).toHaveLength(1);
  });

  it('refuses a window holding an order in a status it does not know or an amount that is not fen, naming the order and field', async () => {
    fake.seedOrders([douyinFakeOrder('7200000000000001', at(1), [sku]), douyinFakeOrder('7200000000000002', at(2), [sku], { order_status: 77 })]);
    const unknown = await failure(connector.pullOrders(store, { from: day, to: at(60) }));
    expect(unknown.detail).toContain('7200000000000002');
    expect(unknown.detail).toContain('order_status');
    fake.orders.clear();
    fake.seedOrders([douyinFakeOrder('7200000000000003', at(1), [sku], { pay_amount: 45.8 })]);
    const amount = await failure(connector.pullOrders(store, { from: day, to: at(60) }));
    expect(amount.detail).toContain('pay_amount');
    expect(amount.detail).toContain('not an amount in fen');
  });

  it('says the installation has no Douyin app credentials instead of calling Douyin, and tells a refused signature from a store problem', async () => {
    const bare = connect(null);
    const error = await failure(bare.authorizationUrl({ store: blank(), state: 's', redirectUri: 'http://app/#/authorization' }));
    expect(error.kind).toBe('NO_APP_CREDENTIALS');
    expect(fake.calls.filter((c) => c.method === 'order.searchList')).toHaveLength(0);
    expect(await bare.appStatus()).toEqual({ configured: false, callbackUrl: null });
    const wrong = connect({ ...fake.credentials(), appSecret: 'not-the-secret' });
    const refused = await failure(wrong.pullOrders(store, { from: day, to: at(60) }));
    expect(refused.kind).toBe('NO_APP_CREDENTIALS');
    expect(fake.calls.at(-1)!.refused).toBe('sign');
    // md5 signing (the Java SDK's default) is accepted too.
    const md5 = connect(fake.credentials(), { signMethod: 'md5' });
    expect((await md5.pullOrders(store, { from: day, to: at(60) })).orders).toEqual([]);
    expect(fake.calls.at(-1)!.query.sign_method).toBe('md5');
  });

  it('lists products with their SKUs, pushes full stock and feeds shipping back per record', async () => {
    fake.seedProducts(
      [
        { product_id: '3500000001', name: '保温杯', out_product_id: 'CUP', status: 0, img: 'https://p3.douyinpic.com/cup.jpg' },
        { product_id: '3500000002', name: '水壶', status: 1 },
        // Douyin's ids exceed 2^53: Number would round this one to 3712345678901234700.
        { product_id: '3712345678901234567', name: '大号水壶', status: 0 },
      ],
      [
        { id: '7123456789012345678', product_id: '3712345678901234567', code: 'BIG-1', price: 990, stock_num: 1 },
        { id: '1700000001', product_id: '3500000001', code: 'A-1', price: 5900, spec_detail_name1: '红色', stock_num: 3 },
        { id: '1700000002', product_id: '3500000001', code: 'A-2', price: 5900, spec_detail_name1: '蓝色', stock_num: 3 },
        { id: '1700000003', product_id: '3500000002', price: 2900, stock_num: 0 },
      ],
    );
    const goods = await connector.listOnlineGoods(store, { page: 1, pageSize: 50 });
    expect(goods).toMatchObject({ total: 3, hasMore: false });
    expect(goods.items[0]).toMatchObject({ tbSpuId: '3500000001', outerId: 'CUP', status: 'onsale', skus: [{ tbSkuId: '1700000001', outerSkuId: 'A-1', properties: '红色', price: '59.00' }, { tbSkuId: '1700000002' }] });
    expect(goods.items[1]).toMatchObject({ tbSpuId: '3500000002', status: 'instock' });
    expect(goods.items[2]).toMatchObject({ tbSpuId: '3712345678901234567', skus: [{ tbSkuId: '7123456789012345678', outerSkuId: 'BIG-1' }] });
    // The fake wrote the ids as bare JSON numbers; the SKU call sent the product id back as one, exactly.
    expect(fake.calls.filter((c) => c.method === 'sku.list').map((c) => c.body)).toContain('{"product_id":3712345678901234567}');

    const stock = await connector.pushStock(store, [
      { tbSkuId: '1700000001', quantity: 17, tbSpuId: '3500000001' },
      { tbSkuId: '1799999999', quantity: 1 },
      { tbSkuId: '1700000002', quantity: -1 },
    ]);
    expect(stock.map((r) => r.ok)).toEqual([true, false, false]);
    expect(stock[1]!.message).toContain('sku不存在');
    expect(fake.skus.get('1700000001')!.stock_num).toBe(17);
    expect(fake.calls.find((c) => c.method === 'sku.syncStock')!.params).toEqual({ incremental: false, product_id: 3500000001, sku_id: 1700000001, stock_num: 17 });
    const big = await connector.pushStock(store, [{ tbSkuId: '7123456789012345678', quantity: 4, tbSpuId: '3712345678901234567' }]);
    expect(big).toEqual([{ key: '7123456789012345678', ok: true, message: null }]);
    expect(fake.skus.get('7123456789012345678')!.stock_num).toBe(4);
    expect(fake.calls.filter((c) => c.method === 'sku.syncStock').at(-1)!.body).toBe('{"incremental":false,"product_id":3712345678901234567,"sku_id":7123456789012345678,"stock_num":4}');

    fake.seedOrders([douyinFakeOrder('7300000000000001', at(1), [sku]), douyinFakeOrder('7300000000000002', at(2), [sku], { order_status: 4 })]);
    const shipped = await connector.pushShippingFeedback(store, [
      { platformNo: '7300000000000001', expressCompanyCode: 'ZTO', expressNo: '73100000001' },
      { platformNo: '7300000000000002', expressCompanyCode: 'ZTO', expressNo: '73100000002' },
      { platformNo: '7300000000000001', expressCompanyCode: 'NOPE', expressNo: '73100000003' },
    ]);
    expect(shipped.map((r) => r.ok)).toEqual([true, false, false]);
    expect(shipped[1]!.message).toContain('订单状态不允许发货');
    expect(shipped[2]!.message).toContain('NOPE');
    expect(fake.orders.get('7300000000000001')).toMatchObject({ order_status: 3, logistics_info: [{ tracking_no: '73100000001', company: 'zhongtong' }] });
    // The same feedback again (a resend after a lost answer) is accepted.
    expect((await connector.pushShippingFeedback(store, [{ platformNo: '7300000000000001', expressCompanyCode: 'ZTO', expressNo: '73100000001' }]))[0]!.ok).toBe(true);
    expect(fake.calls.every((c) => c.refused === null)).toBe(true);
  });

  it('pulls after-sales by update time across pages, mapping type, status, fen refund and the returned parcel; an unknown status fails naming it', async () => {
    fake.afterSales.clear();
    const item = (id: number, minutes: number, type: number, status: number) => ({
      aftersale_info: { aftersale_id: String(7400000000000000 + id), aftersale_type: type, aftersale_status: status, related_id: '7300000000000001', apply_time: Math.floor(at(minutes - 1).getTime() / 1000), update_time: Math.floor(at(minutes).getTime() / 1000), refund_amount: 1990, ...(status === 11 ? { return_logistics_code: 'YT900', return_logistics_company_name: '圆通' } : {}) },
      order_info: { shop_order_id: '7300000000000001', related_order_info: [{ sku_order_id: '73000000000000011', product_id: 3500000001, product_name: '保温杯', shop_sku_code: 'A-1', item_num: 2, aftersale_item_num: 1, price: 1990 }] },
      text_part: { reason_text: '七天无理由' },
    });
    for (let i = 0; i < 25; i++) fake.afterSales.set(String(i), item(i, 10 + i, i % 4 === 0 ? 0 : 2, i === 3 ? 11 : 6));
    const seen: string[] = [];
    let watermark: string | null = null;
    for (let more = true; more; ) {
      const page = await connector.pullAfterSales(store, { from: day, to: at(120), watermark, pageSize: 10 });
      seen.push(...page.afterSales.map((a) => a.refundId));
      const returned = page.afterSales.find((a) => a.refundId === '7400000000000003');
      if (returned) expect(returned).toMatchObject({ type: 'REFUND_ONLY', status: 'WAIT_SELLER_CONFIRM_GOODS', refundFee: '19.90', buyerExpressNo: 'YT900', reason: '七天无理由', platformNo: '7300000000000001', lines: [{ tbSkuId: '73000000000000011', outerSkuId: 'A-1', qty: 1, price: '19.90' }] });
      watermark = page.watermark;
      more = page.hasMore && page.afterSales.length > 0;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => String(7400000000000000 + i)));
    const lists = fake.calls.filter((c) => c.method === 'afterSale.List');
    expect(lists.length).toBeGreaterThanOrEqual(3);
    expect(lists.every((c) => c.refused === null && c.params!.page === 0 && JSON.stringify(c.params!.order_by) === '["update_time asc"]')).toBe(true);
    fake.afterSales.set('99', item(99, 100, 0, 99));
    const unknown = await failure(connector.pullAfterSales(store, { from: day, to: at(120) }));
    expect(unknown.detail).toContain('aftersale_status');
    fake.afterSales.clear();
  });

  it('decrypts receivers through order.batchDecrypt, 16 orders a call; a ciphertext Douyin refuses leaves only its order out', async () => {
    const orders = Array.from({ length: 18 }, (_, i) => douyinFakeOrder(String(7500000000000000 + i), at(i + 1), [sku]));
    fake.seedOrders(orders);
    fake.setClearReceiver('7500000000000001', { name: '李四', tel: '13911112222', detail: '文二路8号' });
    fake.failDecryptOf(orders[2]!.encrypt_post_tel);
    const page = await connector.pullOrders(store, { from: day, to: at(60) });
    const refs = page.orders.map((o) => ({ platformNo: o.platformNo, receiverRef: o.receiverRef! }));
    // A ref that names another order's ciphertexts is refused by Douyin (auth_id mismatch).
    refs.push({ platformNo: '7599999999999999', receiverRef: refs[0]!.receiverRef });
    const before = fake.calls.length;
    const receivers = await connector.decryptReceivers!(store, refs);
    expect(receivers.map((r) => r.platformNo).sort()).toEqual(orders.map((o) => o.order_id).filter((id) => id !== '7500000000000002'));
    expect(receivers.find((r) => r.platformNo === '7500000000000001')).toEqual({ platformNo: '7500000000000001', name: '李四', phone: '13911112222', tel: null, province: null, city: null, district: null, address: '文新街道文二路8号' });
    expect(receivers.find((r) => r.platformNo === '7500000000000000')).toMatchObject({ name: '张三', phone: '13800138000', address: '文新街道文三路100号1单元101室' });
    const calls = fake.calls.slice(before);
    expect(calls.map((c) => c.method)).toEqual(['order.batchDecrypt', 'order.batchDecrypt']);
    expect((calls[0]!.params!.cipher_infos as unknown[]).length).toBe(48);
    expect((calls[0]!.params!.cipher_infos as unknown[])[0]).toEqual({ auth_id: '7500000000000000', cipher_text: '#enc#name#7500000000000000#' });
    expect(calls.every((c) => c.refused === null)).toBe(true);
    // Refs that are not Douyin's ciphertexts ask nothing.
    expect(await connector.decryptReceivers!(store, [{ platformNo: '1', receiverRef: 'oaid-x' }])).toEqual([]);
    expect(fake.calls.length).toBe(before + 2);
  });

  describe('after-sale decisions through afterSale.operate', () => {
    const afterSale = (id: string, type: number, status: number) => ({
      aftersale_info: { aftersale_id: id, aftersale_type: type, aftersale_status: status, related_id: '7300000000000001', apply_time: Math.floor(at(1).getTime() / 1000), update_time: Math.floor(at(2).getTime() / 1000), refund_amount: 1990 },
      order_info: { shop_order_id: '7300000000000001', related_order_info: [] },
    });
    const decision = (refundId: string, over: Partial<{ checkStatus: string; refundStatus: string | null; receiptStatus: string }> = {}) => ({ refundId, checkStatus: 'PROCESSING', refundStatus: null, receiptStatus: 'NONE', refundFee: '19.90', ...over });
    // After-sale ids beyond 2^53, as Douyin's are.
    const id = (n: number) => `72${String(n).padStart(17, '0')}`;
    beforeEach(() => {
      fake.afterSales.clear();
      fake.decisions.length = 0;
    });

    it('agrees and refuses refunds, agrees a return with the default return address and pays it once the goods are back', async () => {
      fake.seedAfterSales([afterSale(id(1), 1, 6), afterSale(id(2), 2, 6), afterSale(id(3), 0, 6), afterSale(id(4), 0, 11), afterSale(id(5), 0, 6)]);
      const results = await connector.pushAfterSaleDecisions(store, [
        decision(id(1), { refundStatus: 'WAIT' }),
        decision(id(2), { refundStatus: 'REJECT' }),
        decision(id(3), { receiptStatus: 'WAIT' }),
        decision(id(4), { refundStatus: 'SUCCESS' }),
        decision(id(5), { checkStatus: 'CLOSED' }),
      ]);
      expect(results).toEqual([1, 2, 3, 4, 5].map((n) => ({ key: id(n), ok: true, message: null })));
      expect(fake.decisions.map((d) => [d.aftersaleId, d.type])).toEqual([
        [id(1), 201],
        [id(2), 202],
        [id(3), 101],
        [id(4), 111],
        [id(5), 102],
      ]);
      expect([1, 2, 3, 4, 5].map((n) => fake.afterSales.get(id(n))!.aftersale_info.aftersale_status)).toEqual([12, 27, 7, 12, 27]);
      // The refusal names a reason Douyin offers that needs no evidence, with a remark; the return goes to the default address (an id beyond 2^53, sent exactly).
      expect(fake.decisions[1]!.item).toMatchObject({ reject_reason_code: 2, reason: '与买家协商一致，不予退款', remark: expect.any(String) });
      const agreed = fake.calls.find((c) => c.method === 'afterSale.operate' && c.body.includes('"type":101'))!;
      expect(agreed.body).toContain('"receiver_address_id":7301234567890123456');
      expect(fake.decisions[0]!.item.update_time).toBe(Math.floor(at(2).getTime() / 1000));
      expect(fake.calls.filter((c) => c.method === 'address.list')).toHaveLength(1);
      expect(fake.calls.every((c) => c.refused === null)).toBe(true);
      // The same decisions again: Douyin is already there, nothing more is sent.
      const operated = fake.decisions.length;
      const again = await connector.pushAfterSaleDecisions(store, [decision(id(1), { refundStatus: 'WAIT' }), decision(id(3), { receiptStatus: 'WAIT' })]);
      expect(again.every((r) => r.ok)).toBe(true);
      expect(fake.decisions.length).toBe(operated);
    });

    it('answers per decision what Douyin cannot take: closed, exchange, paying a return not yet back, no return address, a refusal needing evidence, an unknown id', async () => {
      fake.seedAfterSales([afterSale(id(11), 1, 28), afterSale(id(12), 3, 6), afterSale(id(13), 0, 6), afterSale(id(14), 0, 6), afterSale(id(15), 1, 6), afterSale(id(16), 1, 6)]);
      const addresses = fake.addresses.splice(0);
      const reasons = fake.rejectReasons.splice(1);
      try {
        const results = await connector.pushAfterSaleDecisions(store, [
          decision(id(11), { refundStatus: 'WAIT' }),
          decision(id(12), { refundStatus: 'REJECT' }),
          decision(id(13), { refundStatus: 'SUCCESS' }),
          decision(id(14), { receiptStatus: 'WAIT' }),
          decision(id(15), { refundStatus: 'REJECT' }),
          decision(id(19), { refundStatus: 'WAIT' }),
          decision('RF-1', { refundStatus: 'WAIT' }),
          decision(id(16), { refundStatus: 'WAIT' }),
        ]);
        expect(results.map((r) => r.ok)).toEqual([false, false, false, false, false, false, false, true]);
        expect(results[0]!.message).toContain('CLOSED');
        expect(results[1]!.message).toContain('exchanges');
        expect(results[2]!.message).toContain('agree the return first');
        expect(results[3]!.message).toContain('地址库');
        expect(results[4]!.message).toContain('evidence');
        expect(results[5]!.message).toContain('售后单不存在');
        expect(results[6]!.message).toContain('not a Douyin after-sale id');
        expect(fake.decisions.map((d) => d.aftersaleId)).toEqual([id(16)]);
      } finally {
        fake.addresses.push(...addresses);
        fake.rejectReasons.push(...reasons);
      }
    });

    it('is refused by Douyin when the after-sale changed since it was read, and stops on a refused token before deciding anything', async () => {
      fake.seedAfterSales([afterSale(id(21), 1, 6)]);
      // The after-sale changes between afterSale.Detail and afterSale.operate: the version sent no longer matches.
      const changing = createDouyinConnector({
        credentials: async () => fake.credentials(),
        fetchImpl: async (input, init) => {
          if (String(input).includes('/afterSale/operate')) fake.afterSales.get(id(21))!.aftersale_info.update_time += 5;
          return fetch(input, init);
        },
      });
      const [changed] = await changing.pushAfterSaleDecisions(store, [decision(id(21), { refundStatus: 'WAIT' })]);
      expect(changed).toMatchObject({ ok: false, message: expect.stringContaining('售后单已变更') });
      expect(fake.decisions).toHaveLength(0);
      fake.expireToken();
      const expired = await failure(connector.pushAfterSaleDecisions(store, [decision(id(21), { refundStatus: 'WAIT' })]));
      expect(expired.kind).toBe('TOKEN_EXPIRED');
    });
  });
});
