// The payment window of an order (30 minutes), on a clock the test moves: past it the provider
// closes the payment, the cashier refuses to take it, the order closes as timed out, and it no
// longer blocks a new order.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { seedDemoData } from '../../seed/demo.js';

let clock = new Date('2026-11-28T08:00:00Z');
const t = await createTestApp({ now: () => clock });
await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });

async function ok(answer: Promise<{ body: any }>) {
  const { body } = await answer;
  if (!body.success) throw new Error(`refused: ${JSON.stringify(body)}`);
  return body.data as any;
}

describe('the payment window', () => {
  it('closes an order not paid within 30 minutes, at the provider too, and lets a new one be placed', async () => {
    const rootToken = await t.token('root', 'Root#2026go');
    const price = await ok(t.call('/cloud/admin/billing/price/save', { kind: 'EDITION', name: '专业版 1 个月', level: 'PRO', months: 1, priceFen: 19_900 }, { token: rootToken }));
    const s = await t.factories.sellerDomain({ level: 'LITE' });
    const token = await t.token(s.loginName, s.password);
    const order = await ok(t.call('/cloud/domain/domainOrder/placeOrder', { priceId: price.id, payChannel: 'ALIPAY', agreed: true }, { token }));
    expect(order.payDeadline).toBe('2026-11-28T08:30:00.000Z');
    const page = await ok(t.call('/cloud/domain/domainOrder/payPage', { orderNo: order.orderNo }, { token }));

    clock = new Date('2026-11-28T08:31:00Z');
    const late = await t.call('/open/payment/sandbox/pay', { tradeNo: page.tradeNo, outcome: 'SUCCESS' });
    expect(late.body.errorCode).toBe('ERR_PAYMENT_TRADE_CLOSED');
    expect((await t.call('/cloud/domain/domainOrder/payPage', { orderNo: order.orderNo }, { token })).body.errorCode).toBe('ERR_BILLING_ORDER_WRONG_STATUS');
    const closed = await ok(t.call('/cloud/domain/domainOrder/detail', { orderNo: order.orderNo }, { token }));
    expect(closed).toMatchObject({ status: 'CLOSED', failReason: 'TIMEOUT' });
    const again = await ok(t.call('/cloud/domain/domainOrder/placeOrder', { priceId: price.id, payChannel: 'ALIPAY', agreed: true }, { token }));
    expect(again.status).toBe('WAIT_PAY');
  });
});
