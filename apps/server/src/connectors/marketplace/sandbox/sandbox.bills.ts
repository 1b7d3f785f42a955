// The sandbox marketplace's settlement bills: what it pays the seller for shipped orders, less its
// fees, plus its subsidies, and the refunds it paid buyers — each settled when it happened, so a
// refund paid after the order's month lands in a later period. The rates are the sandbox's own
// (README of modules/reconciliation): commission 5 % of the goods, technical service fee 0.6 % of
// what the buyer paid, a 3.00 platform coupon on one order in five (drawn from the order number,
// so a pull repeated gives the same lines), the commission of a refunded share given back.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { SettlementBillLine } from '../connector.js';

export const SANDBOX_COMMISSION_RATE = 0.05;
export const SANDBOX_SERVICE_FEE_RATE = 0.006;
export const SANDBOX_COUPON_FEN = 300;

const fenOf = (money: string) => Math.round(Number(money) * 100);
const couponFor = (orderNo: string) => parseInt(createHash('sha256').update(orderNo).digest('hex').slice(0, 8), 16) % 5 === 0;

/** The lines of one shipped order (settled when shipped). */
export function saleLines(order: { orderNo: string; amount: string; postFee: string; shippedAt: Date }): SettlementBillLine[] {
  const paid = fenOf(order.amount);
  const goods = paid - fenOf(order.postFee);
  const base = { orderNo: order.orderNo, subOrderNo: null, afterSaleNo: null, occurredAt: order.shippedAt, settledAt: order.shippedAt };
  const lines: SettlementBillLine[] = [
    { ...base, lineId: `${order.orderNo}:sale`, eventType: 'sale', amountFen: paid },
    { ...base, lineId: `${order.orderNo}:commission`, eventType: 'fee:commission', amountFen: -Math.round(goods * SANDBOX_COMMISSION_RATE) },
    { ...base, lineId: `${order.orderNo}:service`, eventType: 'fee:service', amountFen: -Math.round(paid * SANDBOX_SERVICE_FEE_RATE) },
  ];
  if (couponFor(order.orderNo)) lines.push({ ...base, lineId: `${order.orderNo}:coupon`, eventType: 'subsidy:platform', amountFen: SANDBOX_COUPON_FEN });
  return lines.filter((l) => l.amountFen !== 0);
}

/** The lines of a refund paid to the buyer (settled when paid): the refund, and the commission of its share given back. */
export function refundLines(refund: { refundId: string; orderNo: string; refundFee: string; settledAt: Date }, order: { amount: string; postFee: string }): SettlementBillLine[] {
  const refunded = fenOf(refund.refundFee);
  if (refunded <= 0) return [];
  const paid = fenOf(order.amount);
  const goods = paid - fenOf(order.postFee);
  const commissionBack = paid > 0 ? Math.round((goods * SANDBOX_COMMISSION_RATE * Math.min(refunded, paid)) / paid) : 0;
  const base = { orderNo: refund.orderNo, subOrderNo: null, afterSaleNo: refund.refundId, occurredAt: refund.settledAt, settledAt: refund.settledAt };
  const lines: SettlementBillLine[] = [{ ...base, lineId: `${refund.refundId}:refund`, eventType: 'refund', amountFen: -refunded }];
  if (commissionBack) lines.push({ ...base, lineId: `${refund.refundId}:commission`, eventType: 'fee:commission', amountFen: commissionBack });
  return lines;
}

/** Every line of a shop settled in [from, to). */
export async function sandboxSettlementLines(tx: Tx, shop: { domainId: number; id: number }, from: Date, to: Date): Promise<SettlementBillLine[]> {
  const orders = await tx.execute<{ order_no: string; amount: string; post_fee: string; shipped_at: Date }>(sql`
    select order_no, amount::text, post_fee::text, shipped_at from sandbox_orders
    where domain_id = ${shop.domainId} and shop_id = ${shop.id} and shipped_at >= ${from.toISOString()}::timestamptz and shipped_at < ${to.toISOString()}::timestamptz
    order by shipped_at, id`);
  const refunds = await tx.execute<{ refund_id: string; order_no: string; refund_fee: string; updated_at: Date; amount: string; post_fee: string }>(sql`
    select r.refund_id, r.order_no, r.refund_fee::text, r.updated_at, o.amount::text, o.post_fee::text
    from sandbox_refunds r join sandbox_orders o on o.domain_id = r.domain_id and o.shop_id = r.shop_id and o.order_no = r.order_no
    where r.domain_id = ${shop.domainId} and r.shop_id = ${shop.id} and r.status = 'SUCCESS' and o.shipped_at is not null
      and r.updated_at >= ${from.toISOString()}::timestamptz and r.updated_at < ${to.toISOString()}::timestamptz
    order by r.updated_at, r.id`);
  return [
    ...orders.rows.flatMap((o) => saleLines({ orderNo: o.order_no, amount: o.amount, postFee: o.post_fee, shippedAt: new Date(o.shipped_at) })),
    ...refunds.rows.flatMap((r) => refundLines({ refundId: r.refund_id, orderNo: r.order_no, refundFee: r.refund_fee, settledAt: new Date(r.updated_at) }, { amount: r.amount, postFee: r.post_fee })),
  ];
}
