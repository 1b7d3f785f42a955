// Editions and store packs bought in the product, over HTTP on a fresh database: the root
// account's price table; a seller judging, placing, paying through the sandbox provider (success,
// failure, timeout), the signed asynchronous notification settling the order exactly once (also
// when it arrives several times at once), bad signatures and amounts refused with nothing changed,
// handlePay, closeOrder, reBuild, payment records, refunds, edition requests; another domain
// neither reads nor changes anything.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { signFields } from '../../connectors/payment/index.js';
import { billingOrders, billingPayments, domains } from '../../db/schema/index.js';
import { seedDemoData } from '../../seed/demo.js';
import { paymentSandboxKey } from './index.js';

const t = await createTestApp();
await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
const rootToken = await t.token('root', 'Root#2026go');

async function ok(answer: Promise<{ body: any }>) {
  const { body } = await answer;
  if (!body.success) throw new Error(`refused: ${JSON.stringify(body)}`);
  return body.data as any;
}

const domainOrder = (token: string, name: string, body?: unknown) => t.call(`/cloud/domain/domainOrder/${name}`, body, { token });
const storeOrder = (token: string, name: string, body?: unknown) => t.call(`/cloud/domain/storeOrder/${name}`, body, { token });
const savePrice = (body: unknown, token = rootToken) => t.call('/cloud/admin/billing/price/save', body, { token });
const sandboxPay = (tradeNo: string, outcome: string) => t.call('/open/payment/sandbox/pay', { tradeNo, outcome });
const notify = (fields: unknown) => t.call('/open/payment/sandbox/notify', fields);

async function seller(level = 'LITE', expireTime: Date | null = null) {
  const s = await t.factories.sellerDomain({ level });
  if (expireTime) await t.database.db.update(domains).set({ expireTime }).where(eq(domains.id, s.domainId));
  return { ...s, token: await t.token(s.loginName, s.password) };
}

const domainOf = async (id: number) => (await t.database.db.select().from(domains).where(eq(domains.id, id)))[0]!;
const paymentsOf = async (domainId: number) => t.database.db.select().from(billingPayments).where(eq(billingPayments.domainId, domainId));

/** A signed notification as the sandbox provider posts it, with fields changed as given. */
function signedNotification(fields: Record<string, string>, key = paymentSandboxKey()) {
  const base = { notify_id: `N${Date.now()}`, notify_time: new Date().toISOString(), trade_status: 'TRADE_SUCCESS', ...fields };
  return { ...base, sign_type: 'HMAC-SHA256', sign: signFields(base, key) };
}

let prices: { standardYear: any; proMonth: any; proYear: any; liteMonth: any; pack5: any } = null as never;

describe('the price table (root account)', () => {
  it('answers no goods before root prices anything', async () => {
    const s = await seller();
    const judge = await ok(domainOrder(s.token, 'judge'));
    expect(judge).toMatchObject({ orderType: 'DOMAIN', level: 'LITE', canBuy: false, reason: 'NO_GOODS', goodsCount: 0 });
    expect((await ok(domainOrder(s.token, 'orderGoods'))).voList).toEqual([]);
  });

  it('lets root set editions and store packs in fen, and refuses sellers and bad rows naming the field', async () => {
    const s = await seller();
    expect((await savePrice({ kind: 'EDITION', name: 'x', level: 'PRO', months: 1, priceFen: 100 }, s.token)).status).toBe(403);
    const noLevel = await savePrice({ kind: 'EDITION', name: 'x', months: 1, priceFen: 100 });
    expect(noLevel.status).toBe(400);
    expect(noLevel.body.fields?.[0]?.field).toBe('level');
    const floatPrice = await savePrice({ kind: 'EDITION', name: 'x', level: 'PRO', months: 1, priceFen: 99.5 });
    expect(floatPrice.body.fields?.[0]?.field).toBe('priceFen');
    const packWithLevel = await savePrice({ kind: 'STORE_PACK', name: 'x', storeCount: 5, level: 'PRO', priceFen: 100 });
    expect(packWithLevel.body.fields?.[0]?.field).toBe('level');

    prices = {
      standardYear: await ok(savePrice({ kind: 'EDITION', name: '基础版 1 年', level: 'STANDARD', months: 12, priceFen: 98_000 })),
      proMonth: await ok(savePrice({ kind: 'EDITION', name: '专业版 1 个月', level: 'PRO', months: 1, priceFen: 19_900 })),
      proYear: await ok(savePrice({ kind: 'EDITION', name: '专业版 1 年', level: 'PRO', months: 12, priceFen: 198_000 })),
      liteMonth: await ok(savePrice({ kind: 'EDITION', name: '单店版 1 个月', level: 'LITE', months: 1, priceFen: 4_900 })),
      pack5: await ok(savePrice({ kind: 'STORE_PACK', name: '5 家店铺', storeCount: 5, priceFen: 50_000 })),
    };
    const disabled = await ok(savePrice({ kind: 'EDITION', name: '旗舰版 停售', level: 'INFINITE', months: 12, priceFen: 500_000, enabled: false }));
    const renamed = await ok(savePrice({ ...disabled, name: '旗舰版 (停售)' }));
    expect(renamed).toMatchObject({ name: '旗舰版 (停售)', version: disabled.version + 1, enabled: false });
    const stale = await savePrice({ ...disabled, name: 'again' });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const list = await ok(t.call('/cloud/admin/billing/price/search', { kind: 'STORE_PACK' }, { token: rootToken }));
    expect(list.voList.map((p: any) => [p.name, p.storeCount, p.priceFen])).toEqual([['5 家店铺', 5, 50_000]]);
  });
});

describe('judging and placing orders', () => {
  it('offers a running PRO domain its renewal and higher levels, never a lower level or a disabled row', async () => {
    const s = await seller('PRO', new Date(Date.now() + 10 * 86400_000));
    const goods = (await ok(domainOrder(s.token, 'orderGoods'))).voList;
    expect(goods.map((g: any) => [g.name, g.action])).toEqual([
      ['专业版 1 个月', 'RENEW'],
      ['专业版 1 年', 'RENEW'],
    ]);
    const down = await domainOrder(s.token, 'placeOrder', { priceId: prices.standardYear.id, payChannel: 'ALIPAY', agreed: true });
    expect(down.body.errorCode).toBe('ERR_BILLING_DOWNGRADE');
    const judge = await ok(domainOrder(s.token, 'judge'));
    expect(judge).toMatchObject({ level: 'PRO', canBuy: true, reason: null, goodsCount: 2, expired: false });
  });

  it('refuses an order without the agreement, of an unknown or disabled price, or of a store pack on a domain order; nothing is placed', async () => {
    const s = await seller();
    const notAgreed = await domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: false });
    expect(notAgreed.body.fields?.[0]?.field).toBe('agreed');
    expect((await domainOrder(s.token, 'placeOrder', { priceId: 99_999_999, payChannel: 'ALIPAY', agreed: true })).body.errorCode).toBe('ERR_BILLING_PRICE_NOT_FOUND');
    expect((await domainOrder(s.token, 'placeOrder', { priceId: prices.pack5.id, payChannel: 'ALIPAY', agreed: true })).body.errorCode).toBe('ERR_BILLING_PRICE_WRONG_KIND');
    expect((await domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'PAYPAL', agreed: true })).body.fields?.[0]?.field).toBe('payChannel');
    const orders = await t.database.db.select().from(billingOrders).where(eq(billingOrders.domainId, s.domainId));
    expect(orders).toEqual([]);
  });

  it('keeps one order waiting for payment at a time, and sub-accounts may not buy', async () => {
    const s = await seller();
    const first = await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true }));
    expect(first).toMatchObject({ status: 'WAIT_PAY', orderType: 'DOMAIN', amountFen: 19_900, level: 'PRO', months: 1 });
    expect(first.orderNo).toMatch(/^DO\d{16}$/);
    const second = await domainOrder(s.token, 'placeOrder', { priceId: prices.proYear.id, payChannel: 'ALIPAY', agreed: true });
    expect(second.body).toMatchObject({ errorCode: 'ERR_BILLING_OPEN_ORDER', params: { orderNo: first.orderNo } });
    expect(await ok(domainOrder(s.token, 'judge'))).toMatchObject({ canBuy: false, reason: 'OPEN_ORDER', openOrderNo: first.orderNo });
    // Placed at once, still one.
    const s2 = await seller();
    const racing = await Promise.all(Array.from({ length: 5 }, () => domainOrder(s2.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'WECHAT', agreed: true })));
    expect(racing.filter((r) => r.body.success)).toHaveLength(1);
    expect(racing.filter((r) => !r.body.success).every((r) => r.body.errorCode === 'ERR_BILLING_OPEN_ORDER')).toBe(true);

    const staff = await t.factories.subAccount(s.domainId, { menus: ['MENU_PAYABLE_MANAGE'] });
    const staffToken = await t.token(staff.loginName, staff.password);
    expect((await domainOrder(staffToken, 'judge')).status).toBe(403);
    expect((await domainOrder(staffToken, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true })).status).toBe(403);
  });
});

describe('paying through the sandbox provider', () => {
  it('raises a LITE domain to PRO once the sandbox payment succeeds and its notification arrives; the badge follows', async () => {
    const s = await seller();
    const order = await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.proYear.id, payChannel: 'ALIPAY', agreed: true }));
    const page = await ok(domainOrder(s.token, 'payPage', { orderNo: order.orderNo }));
    expect(page).toMatchObject({ provider: 'SANDBOX_PAY', sandbox: true, order: { orderNo: order.orderNo, status: 'WAIT_PAY' } });
    expect(page.payUrl).toBe(`/domainOrder/pay?tradeNo=${page.tradeNo}`);
    // The pay page opened again answers the same payment.
    expect((await ok(domainOrder(s.token, 'payPage', { orderNo: order.orderNo }))).tradeNo).toBe(page.tradeNo);
    const trade = await ok(t.call('/open/payment/sandbox/trade', { tradeNo: page.tradeNo }));
    expect(trade).toMatchObject({ outTradeNo: order.orderNo, amountFen: 198_000, status: 'WAIT_BUYER_PAY', returnUrl: `/payResult?orderNo=${order.orderNo}&type=DOMAIN` });

    const before = Date.now();
    expect((await ok(sandboxPay(page.tradeNo, 'SUCCESS'))).status).toBe('TRADE_SUCCESS');
    const paid = await t.waitFor(
      () => ok(domainOrder(s.token, 'detail', { orderNo: order.orderNo })),
      (o) => o.status === 'PAID',
    );
    expect(paid).toMatchObject({ status: 'PAID', tradeNo: page.tradeNo, effect: { levelBefore: 'LITE', levelAfter: 'PRO', storeQuotaBefore: 0, storeQuotaAfter: 0 } });
    const d = await domainOf(s.domainId);
    expect(d.level).toBe('PRO');
    const expectedExpiry = new Date(before);
    expectedExpiry.setUTCFullYear(expectedExpiry.getUTCFullYear() + 1);
    expect(Math.abs(d.expireTime!.getTime() - expectedExpiry.getTime())).toBeLessThan(60_000);
    const info = await ok(t.call('/cloud/domain/domain/getUserDomain', undefined, { method: 'GET', token: s.token }));
    expect(info.level).toBe('PRO');
    // Paid: no paying, closing or rebuilding again.
    expect((await domainOrder(s.token, 'payPage', { orderNo: order.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_WRONG_STATUS');
    expect((await domainOrder(s.token, 'closeOrder', { orderNo: order.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_WRONG_STATUS');
    expect((await domainOrder(s.token, 'reBuild', { orderNo: order.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_WRONG_STATUS');
    expect((await sandboxPay(page.tradeNo, 'SUCCESS')).body.errorCode).toBe('ERR_PAYMENT_TRADE_CLOSED');
  });

  it('settles a renewal exactly once when the same notification arrives many times at once', async () => {
    const expiry = new Date(Date.UTC(2031, 0, 15, 8));
    const s = await seller('PRO', expiry);
    const order = await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'WECHAT', agreed: true }));
    const page = await ok(domainOrder(s.token, 'payPage', { orderNo: order.orderNo }));
    // TIMEOUT: paid at the provider, its own notification lost; the test posts it, eight times at once.
    await ok(sandboxPay(page.tradeNo, 'TIMEOUT'));
    const fields = signedNotification({ out_trade_no: order.orderNo, trade_no: page.tradeNo, total_amount: '19900', passback_params: String(s.domainId) });
    const answers = await Promise.all(Array.from({ length: 8 }, () => notify(fields)));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(await paymentsOf(s.domainId)).toHaveLength(1);
    expect((await domainOf(s.domainId)).expireTime!.toISOString()).toBe('2031-02-15T08:00:00.000Z');
    // And once more later, with handlePay asking the provider too.
    expect((await notify(fields)).body.success).toBe(true);
    expect((await ok(domainOrder(s.token, 'handlePay', { orderNo: order.orderNo }))).status).toBe('PAID');
    expect((await domainOf(s.domainId)).expireTime!.toISOString()).toBe('2031-02-15T08:00:00.000Z');
  });

  it('refuses a notification with a bad signature or an amount other than the order, changing nothing', async () => {
    const s = await seller();
    const order = await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true }));
    const page = await ok(domainOrder(s.token, 'payPage', { orderNo: order.orderNo }));
    const good = { out_trade_no: order.orderNo, trade_no: page.tradeNo, total_amount: '19900', passback_params: String(s.domainId) };

    const forged = signedNotification(good, 'not-the-sandbox-key');
    const r1 = await notify(forged);
    expect(r1.status).toBe(400);
    expect(r1.body.errorCode).toBe('ERR_PAYMENT_BAD_SIGNATURE');
    const tampered = { ...signedNotification(good), total_amount: '1' };
    expect((await notify(tampered)).body.errorCode).toBe('ERR_PAYMENT_BAD_SIGNATURE');
    const wrongAmount = await notify(signedNotification({ ...good, total_amount: '100' }));
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.errorCode).toBe('ERR_PAYMENT_AMOUNT_MISMATCH');
    const malformed = await notify({ ...signedNotification(good), sign: 'zz' });
    expect(malformed.body.fields?.[0]?.field).toBe('sign');

    expect((await ok(domainOrder(s.token, 'detail', { orderNo: order.orderNo }))).status).toBe('WAIT_PAY');
    expect(await paymentsOf(s.domainId)).toEqual([]);
    expect((await domainOf(s.domainId)).level).toBe('LITE');
  });

  it('marks a failed payment FAILED, and rebuilds a new order from it', async () => {
    const s = await seller();
    const order = await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true }));
    const page = await ok(domainOrder(s.token, 'payPage', { orderNo: order.orderNo }));
    expect((await ok(sandboxPay(page.tradeNo, 'FAIL'))).status).toBe('TRADE_CLOSED');
    const failed = await t.waitFor(
      () => ok(domainOrder(s.token, 'detail', { orderNo: order.orderNo })),
      (o) => o.status === 'FAILED',
    );
    expect(failed.failReason).toBe('PAYMENT_FAILED');
    expect((await domainOf(s.domainId)).level).toBe('LITE');
    const rebuilt = await ok(domainOrder(s.token, 'reBuild', { orderNo: order.orderNo }));
    expect(rebuilt).toMatchObject({ status: 'WAIT_PAY', rebuiltFrom: order.orderNo, amountFen: 19_900, level: 'PRO' });
    expect(rebuilt.orderNo).not.toBe(order.orderNo);
    expect((await domainOrder(s.token, 'reBuild', { orderNo: rebuilt.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_WRONG_STATUS');
  });

  it('learns a payment whose notification was lost by asking the provider (handlePay)', async () => {
    const s = await seller();
    const order = await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.standardYear.id, payChannel: 'ALIPAY', agreed: true }));
    const page = await ok(domainOrder(s.token, 'payPage', { orderNo: order.orderNo }));
    expect((await ok(domainOrder(s.token, 'handlePay', { orderNo: order.orderNo }))).status).toBe('WAIT_PAY');
    await ok(sandboxPay(page.tradeNo, 'TIMEOUT'));
    await new Promise((r) => setTimeout(r, 600));
    expect((await ok(domainOrder(s.token, 'detail', { orderNo: order.orderNo }))).status).toBe('WAIT_PAY');
    const settled = await ok(domainOrder(s.token, 'handlePay', { orderNo: order.orderNo }));
    expect(settled).toMatchObject({ status: 'PAID', effect: { levelAfter: 'STANDARD' } });
    expect((await paymentsOf(s.domainId))[0]).toMatchObject({ source: 'QUERY', amountFen: 98_000 });
  });

  it('closes an unpaid order at the provider too, so it can no longer be paid', async () => {
    const s = await seller();
    const order = await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true }));
    const page = await ok(domainOrder(s.token, 'payPage', { orderNo: order.orderNo }));
    const closed = await ok(domainOrder(s.token, 'closeOrder', { orderNo: order.orderNo }));
    expect(closed).toMatchObject({ status: 'CLOSED', failReason: 'CLOSED_BY_SELLER' });
    expect((await sandboxPay(page.tradeNo, 'SUCCESS')).body.errorCode).toBe('ERR_PAYMENT_TRADE_CLOSED');
    expect((await domainOrder(s.token, 'closeOrder', { orderNo: order.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_WRONG_STATUS');
    expect((await domainOrder(s.token, 'payPage', { orderNo: order.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_WRONG_STATUS');
    // A new order may be placed once the old one is closed.
    expect((await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true }))).status).toBe('WAIT_PAY');
  });

  it('adds a store pack to the domain store slots on a store order', async () => {
    const s = await seller('PRO');
    expect((await ok(storeOrder(s.token, 'orderGoods'))).voList.map((g: any) => [g.name, g.action, g.storeCount])).toEqual([['5 家店铺', 'STORES', 5]]);
    expect((await storeOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true })).body.errorCode).toBe('ERR_BILLING_PRICE_WRONG_KIND');
    const order = await ok(storeOrder(s.token, 'placeOrder', { priceId: prices.pack5.id, payChannel: 'ALIPAY', agreed: true }));
    expect(order.orderNo).toMatch(/^SO/);
    // A store order is not a domain order.
    expect((await domainOrder(s.token, 'detail', { orderNo: order.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_NOT_FOUND');
    const page = await ok(storeOrder(s.token, 'payPage', { orderNo: order.orderNo }));
    await ok(sandboxPay(page.tradeNo, 'SUCCESS'));
    await t.waitFor(
      () => ok(storeOrder(s.token, 'detail', { orderNo: order.orderNo })),
      (o) => o.status === 'PAID',
    );
    expect(await ok(storeOrder(s.token, 'judge'))).toMatchObject({ storeQuota: 5, level: 'PRO' });
  });
});

describe('payment records, refunds and requests', () => {
  async function paidOrder() {
    const s = await seller();
    const order = await ok(domainOrder(s.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true }));
    const page = await ok(domainOrder(s.token, 'payPage', { orderNo: order.orderNo }));
    await ok(sandboxPay(page.tradeNo, 'TIMEOUT'));
    await ok(domainOrder(s.token, 'handlePay', { orderNo: order.orderNo }));
    return { s, order };
  }

  it('lists a domain its own orders only; another seller neither reads nor changes them', async () => {
    const { s, order } = await paidOrder();
    const other = await seller();
    const list = await ok(t.call('/cloud/domain/paymentrecord/orderQuery', { status: 'PAID' }, { token: s.token }));
    expect(list.voList.map((o: any) => o.orderNo)).toEqual([order.orderNo]);
    expect((await ok(t.call('/cloud/domain/paymentrecord/orderQuery', {}, { token: other.token }))).total).toBe(0);
    const open = await ok(domainOrder(other.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true }));
    for (const name of ['detail', 'payPage', 'handlePay', 'reBuild', 'closeOrder']) {
      expect((await domainOrder(other.token, name, { orderNo: order.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_NOT_FOUND');
      expect((await domainOrder(s.token, name, { orderNo: open.orderNo })).body.errorCode).toBe('ERR_BILLING_ORDER_NOT_FOUND');
    }
    expect((await t.call('/cloud/domain/refund/shopper/create', { orderNo: order.orderNo, amountFen: 100, reason: 'x', payeeAccount: 'a@b' }, { token: other.token })).body.errorCode).toBe('ERR_BILLING_ORDER_NOT_FOUND');
    // A notification naming the other domain does not find the order.
    const forged = await notify(signedNotification({ out_trade_no: order.orderNo, trade_no: 'SBX1', total_amount: '19900', passback_params: String(other.domainId) }));
    expect(forged.body.errorCode).toBe('ERR_BILLING_ORDER_NOT_FOUND');
    expect((await t.database.db.select().from(billingOrders).where(and(eq(billingOrders.domainId, other.domainId), eq(billingOrders.status, 'WAIT_PAY')))).length).toBe(1);
    expect((await t.call('/cloud/domain/domainOrder/detail', { orderNo: 'nonsense' }, { token: s.token })).body.fields?.[0]?.field).toBe('orderNo');
  });

  it('takes one refund request per paid order, settled by root; sellers see their own only', async () => {
    const { s, order } = await paidOrder();
    const other = await seller();
    const ask = (body: unknown, token = s.token) => t.call('/cloud/domain/refund/shopper/create', body, { token });
    expect((await ask({ orderNo: order.orderNo, amountFen: 20_000, reason: '买错了', payeeAccount: 'buyer@alipay' })).body.errorCode).toBe('ERR_BILLING_REFUND_TOO_MUCH');
    expect((await ask({ orderNo: order.orderNo, amountFen: 100, reason: '', payeeAccount: 'buyer@alipay' })).body.fields?.[0]?.field).toBe('reason');
    const refund = await ok(ask({ orderNo: order.orderNo, amountFen: 19_900, reason: '买错了', payeeAccount: 'buyer@alipay' }));
    expect(refund).toMatchObject({ status: 'APPLIED', amountFen: 19_900, orderNo: order.orderNo });
    expect((await ask({ orderNo: order.orderNo, amountFen: 100, reason: 'again', payeeAccount: 'buyer@alipay' })).body.errorCode).toBe('ERR_BILLING_REFUND_EXISTS');
    expect((await ok(domainOrder(s.token, 'detail', { orderNo: order.orderNo }))).refundStatus).toBe('APPLIED');
    // An unpaid order takes no refund.
    const open = await ok(domainOrder(other.token, 'placeOrder', { priceId: prices.proMonth.id, payChannel: 'ALIPAY', agreed: true }));
    expect((await ask({ orderNo: open.orderNo, amountFen: 100, reason: 'x', payeeAccount: 'y' }, other.token)).body.errorCode).toBe('ERR_BILLING_ORDER_WRONG_STATUS');

    const search = (body: unknown, token: string) => ok(t.call('/cloud/domain/refund/shopper/search', body, { token }));
    expect((await search({}, s.token)).voList.map((r: any) => r.id)).toEqual([refund.id]);
    expect((await search({}, other.token)).total).toBe(0);
    expect((await search({ orderNo: order.orderNo }, rootToken)).voList[0]).toMatchObject({ id: refund.id, domainCode: s.domainCode });

    const update = (body: unknown, token = rootToken) => t.call('/cloud/domain/refund/shopper/updatePayInfo', body, { token });
    expect((await update({ id: refund.id, version: refund.version, status: 'REFUNDED' }, s.token)).status).toBe(403);
    expect((await update({ id: refund.id, version: refund.version, status: 'REFUNDED' })).body.fields?.[0]?.field).toBe('refundTradeNo');
    expect((await update({ id: refund.id, version: refund.version + 5, status: 'REFUNDED', refundTradeNo: 'R1' })).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const done = await ok(update({ id: refund.id, version: refund.version, status: 'REFUNDED', refundTradeNo: 'RF20261128001', remark: '已原路退回' }));
    expect(done).toMatchObject({ status: 'REFUNDED', refundTradeNo: 'RF20261128001' });
    expect(done.settledAt).not.toBeNull();
    expect((await update({ id: refund.id, version: done.version, status: 'REJECTED' })).body.errorCode).toBe('ERR_BILLING_REFUND_WRONG_STATUS');
    expect((await update({ id: 99_999_999, version: 0, status: 'REJECTED' })).body.errorCode).toBe('ERR_BILLING_REFUND_NOT_FOUND');
  });

  it('records a request for an edition not on sale, listed to root only', async () => {
    const s = await seller();
    const bad = await t.call('/cloud/domain/submitDomainOrderRequest', { level: 'INFINITE', months: 12, contactName: '王', contactPhone: 'abc' }, { token: s.token });
    expect(bad.body.fields?.[0]?.field).toBe('contactPhone');
    const made = await ok(t.call('/cloud/domain/submitDomainOrderRequest', { level: 'INFINITE', months: 12, contactName: '王经理', contactPhone: '13800001111', remark: '要开票' }, { token: s.token }));
    expect((await t.call('/cloud/admin/billing/request/search', {}, { token: s.token })).status).toBe(403);
    const list = await ok(t.call('/cloud/admin/billing/request/search', {}, { token: rootToken }));
    expect(list.voList.find((r: any) => r.id === made.requestId)).toMatchObject({ domainCode: s.domainCode, level: 'INFINITE', months: 12, contactName: '王经理', remark: '要开票' });
  });
});
