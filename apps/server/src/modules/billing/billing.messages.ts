// Server wording of the billing area's codes.
import { BillingErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerBillingMessages(): void {
  registerServerMessages({
    zh: {
      [BillingErrors.PRICE_NOT_FOUND]: '该套餐不存在或已下架',
      [BillingErrors.PRICE_WRONG_KIND]: '该套餐不能在此类订单中购买',
      [BillingErrors.DOWNGRADE]: (p) => `当前版本未到期，不能购买更低的版本（${p.level}）`,
      [BillingErrors.OPEN_ORDER]: (p) => `订单 ${p.orderNo} 正在等待支付，请先支付或关闭它`,
      [BillingErrors.ORDER_NOT_FOUND]: (p) => `订单 ${p.orderNo} 不存在`,
      [BillingErrors.WRONG_STATUS]: (p) => `订单 ${p.orderNo} 当前状态不能执行此操作`,
      [BillingErrors.NOT_AGREED]: '请先阅读并同意购买协议',
      [BillingErrors.BAD_SIGNATURE]: '支付通知签名校验失败',
      [BillingErrors.AMOUNT_MISMATCH]: (p) => `支付金额 ${p.amount} 分与订单金额 ${p.expected} 分不一致`,
      [BillingErrors.TRADE_NOT_FOUND]: '支付单不存在',
      [BillingErrors.TRADE_CLOSED]: '支付单已关闭或已支付',
      [BillingErrors.REFUND_EXISTS]: (p) => `订单 ${p.orderNo} 已申请过退款`,
      [BillingErrors.REFUND_NOT_FOUND]: '退款申请不存在',
      [BillingErrors.REFUND_WRONG_STATUS]: '该退款申请已处理',
      [BillingErrors.REFUND_TOO_MUCH]: (p) => `退款金额 ${p.amount} 分超过支付金额 ${p.paid} 分`,
    },
    en: {
      [BillingErrors.PRICE_NOT_FOUND]: 'That package does not exist or is no longer on sale',
      [BillingErrors.PRICE_WRONG_KIND]: 'That package cannot be bought on this kind of order',
      [BillingErrors.DOWNGRADE]: (p) => `Your edition has not expired; a lower edition (${p.level}) cannot be bought`,
      [BillingErrors.OPEN_ORDER]: (p) => `The order ${p.orderNo} is waiting for its payment; pay or close it first`,
      [BillingErrors.ORDER_NOT_FOUND]: (p) => `The order ${p.orderNo} does not exist`,
      [BillingErrors.WRONG_STATUS]: (p) => `The order ${p.orderNo} cannot do this in its current state`,
      [BillingErrors.NOT_AGREED]: 'Read and accept the purchase agreement first',
      [BillingErrors.BAD_SIGNATURE]: 'The payment notification signature does not verify',
      [BillingErrors.AMOUNT_MISMATCH]: (p) => `The paid amount ${p.amount} fen differs from the order's ${p.expected} fen`,
      [BillingErrors.TRADE_NOT_FOUND]: 'The payment does not exist',
      [BillingErrors.TRADE_CLOSED]: 'The payment is closed or already paid',
      [BillingErrors.REFUND_EXISTS]: (p) => `A refund was already asked for the order ${p.orderNo}`,
      [BillingErrors.REFUND_NOT_FOUND]: 'The refund request does not exist',
      [BillingErrors.REFUND_WRONG_STATUS]: 'The refund request was already handled',
      [BillingErrors.REFUND_TOO_MUCH]: (p) => `The refund ${p.amount} fen is more than the ${p.paid} fen paid`,
    },
  });
}
