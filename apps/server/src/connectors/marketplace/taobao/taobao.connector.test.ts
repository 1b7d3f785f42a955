// The Taobao connector against its local fake (which checks every signature): the shared
// conformance suite, then authorisation, mapping, goods, stock, shipping, refunds and refusals.
import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../connector.js';
import { describeMarketplaceConformance } from '../conformance.js';
import { createTaobaoConnector } from './taobao.connector.js';
import { startTaobaoFake } from './taobao.fake.js';
import { blankStore, consent, fakeCredentials, taobaoSubject } from './taobao.test-support.js';

describeMarketplaceConformance('taobao (TOP fake)', taobaoSubject);

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('taobao connector', () => {
  it('refuses every call with NO_APP_CREDENTIALS when the installation has none', async () => {
    const connector = createTaobaoConnector({ credentials: async () => null });
    const error = await failure(connector.authorizationUrl({ store: blankStore(), state: 's', redirectUri: 'http://x/#/authorization' }));
    expect(error.kind).toBe('NO_APP_CREDENTIALS');
    expect(error.retryable).toBe(false);
    expect((await connector.appStatus()).configured).toBe(false);
  });

  it('builds the consent URL with the app key, redirect and state, and exchanges the code once', async () => {
    const fake = await startTaobaoFake();
    try {
      const connector = createTaobaoConnector({ credentials: async () => fakeCredentials(fake) });
      const redirectUri = 'https://shop.example/#/authorization';
      const url = new URL(await connector.authorizationUrl({ store: blankStore(), state: 'st-1', redirectUri }));
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: fake.appKey, redirect_uri: redirectUri, state: 'st-1' });
      const { code, state, location } = await consent(url.toString());
      expect(location.startsWith(`${redirectUri}?code=`)).toBe(true);
      expect(state).toBe('st-1');
      const grant = await connector.exchangeCode({ store: blankStore(), code, redirectUri });
      expect(grant).toMatchObject({ shopId: fake.userId, accessToken: expect.any(String), refreshToken: expect.any(String) });
      expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now());
      expect((await failure(connector.exchangeCode({ store: blankStore(), code, redirectUri }))).kind).toBe('AUTH_FAILED');
      const store = { ...blankStore(), accessToken: grant.accessToken, refreshToken: grant.refreshToken };
      const refreshed = await connector.refreshToken(store);
      expect(refreshed.accessToken).not.toBe(grant.accessToken);
      fake.revokeRefreshTokens();
      expect((await failure(connector.refreshToken({ ...store, refreshToken: refreshed.refreshToken }))).kind).toBe('AUTH_FAILED');
    } finally {
      await fake.close();
    }
  });

  it('answers NO_APP_CREDENTIALS when the platform refuses the signature (a wrong secret)', async () => {
    const s = await taobaoSubject();
    try {
      const wrong = createTaobaoConnector({ credentials: async () => ({ ...fakeCredentials(s.raw), appSecret: 'not-the-secret' }) });
      const error = await failure(wrong.listOnlineGoods(s.store, { page: 1, pageSize: 10 }));
      expect(error.kind).toBe('NO_APP_CREDENTIALS');
      expect(s.raw.badSignatures()).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('maps a trade: status, yuan amounts, masked receiver as given, ship-by, lines with num_iid:sku_id', async () => {
    const s = await taobaoSubject();
    try {
      const at = new Date(Date.now() - 3_600_000);
      const [tid] = s.raw.seedOrders([at]);
      const page = await s.connector.pullOrders(s.store, { from: new Date(at.getTime() - 60_000), to: new Date(), pageSize: 10 });
      expect(page.orders).toHaveLength(1);
      const order = page.orders[0]!;
      expect(order).toMatchObject({
        platformNo: tid,
        status: 'WAIT_SELLER_SEND_GOODS',
        amount: '128.50',
        postFee: '8.00',
        receiver: { name: '张**', phone: '*******5678', province: '浙江省', city: '杭州市', district: '西湖区' },
        riskControlled: false,
        shipping: null,
        receiverRef: `oaid${tid}`,
      });
      expect(order.lines).toEqual([{ tbSpuId: '600001', tbSkuId: '600001:700001', outerSkuId: 'OUT-1', title: '测试商品', properties: '颜色:红色', qty: 2, price: '60.25' }]);
      expect(order.lastShipTime!.getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000 + 48 * 3_600_000);
      expect(s.raw.badSignatures()).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('fails the page (stores nothing half-mapped) on an unknown status or an amount not in yuan', async () => {
    const s = await taobaoSubject();
    try {
      const at = new Date(Date.now() - 3_600_000);
      const [tid] = s.raw.seedOrders([at]);
      s.raw.trades.get(tid!)!.status = 'SOMETHING_NEW';
      const window = { from: new Date(at.getTime() - 60_000), to: new Date(), pageSize: 10 };
      expect((await failure(s.connector.pullOrders(s.store, window))).detail).toMatch(/status this connector does not know \(SOMETHING_NEW\)/);
      s.raw.trades.get(tid!)!.status = 'WAIT_SELLER_SEND_GOODS';
      s.raw.trades.get(tid!)!.payment = '12850.123';
      expect((await failure(s.connector.pullOrders(s.store, window))).detail).toMatch(/not an amount in yuan/);
    } finally {
      await s.close();
    }
  });

  it('lists goods with SKUs, pushes stock by num_iid and sku_id, feeds shipping back with the TOP company code', async () => {
    const s = await taobaoSubject();
    try {
      s.raw.putItem({ num_iid: '600001', title: '红色T恤', outer_id: 'TS', pic_url: 'https://img.example/1.jpg', num: 10, approve_status: 'onsale', skus: [{ sku_id: '700001', outer_id: 'TS-R', properties_name: '颜色:红色', quantity: 10, price: '59.90' }] });
      s.raw.putItem({ num_iid: '600002', title: '帽子', num: 3, approve_status: 'onsale', skus: [] });
      const goods = await s.connector.listOnlineGoods(s.store, { page: 1, pageSize: 50 });
      expect(goods).toMatchObject({ total: 2, hasMore: false });
      expect(goods.items[0]).toMatchObject({ tbSpuId: '600001', title: '红色T恤', outerId: 'TS', picUrl: 'https://img.example/1.jpg', skus: [{ tbSkuId: '600001:700001', outerSkuId: 'TS-R', properties: '颜色:红色', price: '59.90' }] });
      expect(goods.items[1]!.skus).toEqual([]);

      const pushed = await s.connector.pushStock(s.store, [
        { tbSkuId: '600001:700001', quantity: 7 },
        { tbSkuId: '600002', quantity: 1 },
        { tbSkuId: '699999', quantity: 1 },
      ]);
      expect(pushed.map((r) => [r.key, r.ok])).toEqual([
        ['600001:700001', true],
        ['600002', true],
        ['699999', false],
      ]);
      expect(pushed[2]!.message).toMatch(/item-not-exist/);
      expect(s.raw.items.get('600001')!.skus[0]!.quantity).toBe(7);
      expect(s.raw.items.get('600002')!.num).toBe(1);

      const [tid] = s.raw.seedOrders([new Date(Date.now() - 60_000)]);
      const shipped = await s.connector.pushShippingFeedback(s.store, [
        { platformNo: tid!, expressCompanyCode: 'JDKD', expressNo: 'JD0001' },
        { platformNo: tid!, expressCompanyCode: 'JDKD', expressNo: 'JD0001' },
      ]);
      expect(shipped[0]).toEqual({ key: tid, ok: true, message: null });
      expect(shipped[1]!.ok).toBe(false);
      const call = s.raw.calls.find((c) => c.method === 'taobao.logistics.offline.send' && c.error === null)!;
      expect(call.params).toMatchObject({ tid, out_sid: 'JD0001', company_code: 'JD' });
      expect(s.raw.trades.get(tid!)!.status).toBe('WAIT_BUYER_CONFIRM_GOODS');
      expect(s.raw.badSignatures()).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('pulls refunds as after-sales and answers NOT_SUPPORTED per decision', async () => {
    const s = await taobaoSubject();
    try {
      const at = new Date(Date.now() - 7_200_000);
      s.raw.putRefund({ refund_id: '9001', tid: '4100000000000000', oid: '41000000000000001', status: 'WAIT_SELLER_AGREE', refund_fee: '60.25', reason: '不想要了', has_good_return: true, num_iid: '600001', sku: '700001|颜色:红色', title: '测试商品', num: 1, price: '60.25', created: at, modified: at });
      const page = await s.connector.pullAfterSales(s.store, { from: new Date(at.getTime() - 60_000), to: new Date(), pageSize: 10 });
      expect(page.afterSales).toEqual([
        expect.objectContaining({ refundId: '9001', platformNo: '4100000000000000', type: 'RETURN_REFUND', status: 'WAIT_SELLER_AGREE', refundFee: '60.25', reason: '不想要了', lines: [expect.objectContaining({ tbSkuId: '600001:700001', qty: 1 })] }),
      ]);
      const decided = await s.connector.pushAfterSaleDecisions(s.store, [{ refundId: '9001', checkStatus: 'AGREED', refundStatus: null, receiptStatus: 'NONE', refundFee: '60.25' }]);
      expect(decided[0]).toMatchObject({ key: '9001', ok: false, message: expect.stringMatching(/^NOT_SUPPORTED/) });
    } finally {
      await s.close();
    }
  });

  it('refuses a window longer than a day at the fake, so the connector splits it', async () => {
    const s = await taobaoSubject();
    try {
      s.raw.seedOrders([new Date(Date.now() - 50 * 3_600_000), new Date(Date.now() - 2 * 3_600_000)]);
      const page = await s.connector.pullOrders(s.store, { from: new Date(Date.now() - 60 * 3_600_000), to: new Date(), pageSize: 10 });
      expect(page.orders).toHaveLength(1);
      const spans = s.raw.calls
        .filter((c) => c.method === 'taobao.trades.sold.increment.get')
        .map((c) => new Date(c.params.end_modified!.replace(' ', 'T') + '+08:00').getTime() - new Date(c.params.start_modified!.replace(' ', 'T') + '+08:00').getTime());
      expect(Math.max(...spans)).toBeLessThanOrEqual(86_400_000);
      expect(s.raw.calls.every((c) => c.error !== 41)).toBe(true);
    } finally {
      await s.close();
    }
  });
});
