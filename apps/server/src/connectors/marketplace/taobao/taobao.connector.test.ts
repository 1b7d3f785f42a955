// The Taobao connector against its local fake (which checks every signature): the shared
// conformance suite, then authorisation, mapping, goods, stock, shipping, refunds and refusals.
import { describe, expect, it } from 'vitest';
import { ConnectorError, type AfterSaleDecisionPush } from '../connector.js';
import { describeMarketplaceConformance } from '../conformance.js';
import { createTaobaoConnector, TOP_REFUSE_MESSAGE } from './taobao.connector.js';
import { startTaobaoFake, type FakeRefund } from './taobao.fake.js';
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

  it('pulls refunds as after-sales', async () => {
    const s = await taobaoSubject();
    try {
      const at = new Date(Date.now() - 7_200_000);
      s.raw.putRefund({ refund_id: '9001', tid: '4100000000000000', oid: '41000000000000001', status: 'WAIT_SELLER_AGREE', refund_fee: '60.25', reason: '不想要了', has_good_return: true, num_iid: '600001', sku: '700001|颜色:红色', title: '测试商品', num: 1, price: '60.25', created: at, modified: at });
      const page = await s.connector.pullAfterSales(s.store, { from: new Date(at.getTime() - 60_000), to: new Date(), pageSize: 10 });
      expect(page.afterSales).toEqual([
        expect.objectContaining({ refundId: '9001', platformNo: '4100000000000000', type: 'RETURN_REFUND', status: 'WAIT_SELLER_AGREE', refundFee: '60.25', reason: '不想要了', lines: [expect.objectContaining({ tbSkuId: '600001:700001', qty: 1 })] }),
      ]);
    } finally {
      await s.close();
    }
  });

  describe('writes refund decisions back (refund.get for phase and version, then the decision call)', () => {
    const refund = (id: string, over: Partial<FakeRefund> = {}): FakeRefund => {
      const at = new Date(Date.now() - 3_600_000);
      return { refund_id: id, tid: '4100000000000001', oid: '41000000000000011', status: 'WAIT_SELLER_AGREE', refund_fee: '60.25', reason: '不想要了', has_good_return: false, num_iid: '600001', title: '测试商品', num: 1, price: '60.25', created: at, modified: at, refund_phase: 'onsale', ...over };
    };
    const decision = (refundId: string, over: Partial<AfterSaleDecisionPush> = {}): AfterSaleDecisionPush => ({ refundId, checkStatus: 'AGREED', refundStatus: 'WAIT', receiptStatus: 'NONE', refundFee: '60.25', ...over });

    it('agrees a refund-only in fen with the current version and phase, refuses another with a message, and the refunds move on Taobao', async () => {
      const s = await taobaoSubject();
      try {
        s.raw.putRefund(refund('9101'));
        s.raw.putRefund(refund('9102', { status: 'WAIT_SELLER_CONFIRM_GOODS', has_good_return: true, refund_phase: 'aftersale' }));
        const results = await s.connector.pushAfterSaleDecisions(s.store, [decision('9101'), decision('9102', { refundStatus: 'REJECT', checkStatus: 'CLOSED' })]);
        expect(results).toEqual([
          { key: '9101', ok: true, message: null },
          { key: '9102', ok: true, message: null },
        ]);
        expect(s.raw.refunds.get('9101')).toMatchObject({ status: 'SUCCESS', decisions: ['agree:6025'] });
        expect(s.raw.refunds.get('9102')).toMatchObject({ status: 'SELLER_REFUSE_BUYER', decisions: [`refuse:${TOP_REFUSE_MESSAGE}`] });
        const agree = s.raw.calls.find((c) => c.method === 'taobao.rp.refunds.agree');
        expect(agree?.params.refund_infos).toMatch(/^9101\|6025\|\d+\|onsale$/);
        expect(s.raw.badSignatures()).toBe(0);
        // Sent again (the answer was lost): already in the state the decision leads to, nothing is called.
        const before = s.raw.calls.length;
        expect(await s.connector.pushAfterSaleDecisions(s.store, [decision('9101')])).toEqual([{ key: '9101', ok: true, message: null }]);
        expect(s.raw.calls.slice(before).map((c) => c.method)).toEqual(['taobao.refund.get']);
      } finally {
        await s.close();
      }
    });

    it('agrees a return with the default return address of the address library, and says so when there is none', async () => {
      const s = await taobaoSubject();
      try {
        s.raw.putRefund(refund('9201', { has_good_return: true }));
        const returnIt = decision('9201', { refundStatus: 'VERIFY', receiptStatus: 'WAITING' });
        const none = await s.connector.pushAfterSaleDecisions(s.store, [returnIt]);
        expect(none[0]).toMatchObject({ key: '9201', ok: false, message: expect.stringContaining('default return address') });
        expect(s.raw.refunds.get('9201')!.status).toBe('WAIT_SELLER_AGREE');
        s.raw.putAddress({ contact_id: 11, cancel_def: false, get_def: true });
        s.raw.putAddress({ contact_id: 12, cancel_def: true, contact_name: '退货仓' });
        const done = await s.connector.pushAfterSaleDecisions(s.store, [returnIt]);
        expect(done[0]).toEqual({ key: '9201', ok: true, message: null });
        expect(s.raw.refunds.get('9201')).toMatchObject({ status: 'WAIT_BUYER_RETURN_GOODS', decisions: ['returnAgree:12'] });
        const agree = s.raw.calls.filter((c) => c.method === 'taobao.rp.returngoods.agree' && c.error === null).at(-1);
        expect(agree?.params).toMatchObject({ name: '退货仓', seller_address_id: '12', post: '311121', refund_phase: 'onsale' });
      } finally {
        await s.close();
      }
    });

    it('answers per refund: a refund already closed on Taobao, an amount that differs, one unknown; the others still go', async () => {
      const s = await taobaoSubject();
      try {
        s.raw.putRefund(refund('9301', { status: 'CLOSED' }));
        s.raw.putRefund(refund('9302'));
        s.raw.putRefund(refund('9303'));
        const results = await s.connector.pushAfterSaleDecisions(s.store, [decision('9301'), decision('9302', { refundFee: '60.20' }), decision('9399'), decision('9303')]);
        expect(results.map((r) => [r.key, r.ok])).toEqual([
          ['9301', false],
          ['9302', false],
          ['9399', false],
          ['9303', true],
        ]);
        expect(results[0]!.message).toContain('CLOSED');
        expect(results[1]!.message).toContain('6020');
        expect(s.raw.refunds.get('9302')!.status).toBe('WAIT_SELLER_AGREE');
        expect(s.raw.refunds.get('9303')!.status).toBe('SUCCESS');
      } finally {
        await s.close();
      }
    });

    it('fails the whole call on an expired session before anything was decided', async () => {
      const s = await taobaoSubject();
      try {
        s.raw.putRefund(refund('9401'));
        s.raw.expireToken();
        expect((await failure(s.connector.pushAfterSaleDecisions(s.store, [decision('9401')]))).kind).toBe('TOKEN_EXPIRED');
        expect(s.raw.refunds.get('9401')!.status).toBe('WAIT_SELLER_AGREE');
      } finally {
        await s.close();
      }
    });
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
