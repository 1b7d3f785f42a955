// Server wording of the after-sale codes (zh and en).
import { AFTER_SALE_STATE_NAMES, AfterSalesErrors, type AfterSaleState } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

const DECISIONS: Record<string, { zh: string; en: string }> = {
  agreeRefund: { zh: '同意退款', en: 'agree the refund' },
  refuseRefund: { zh: '拒绝退款', en: 'refuse the refund' },
  agreeReturn: { zh: '同意退货', en: 'agree the return' },
  refuseReturn: { zh: '拒绝退货', en: 'refuse the return' },
  refundFinish: { zh: '完成退款', en: 'finish the refund' },
  uploadLogistics: { zh: '上传物流', en: 'upload the return logistics' },
  sync: { zh: '同步', en: 'sync' },
  batchUpdate: { zh: '修改', en: 'edit' },
};
/** Why an after-sale gets no replacement order. */
const REPLACEMENT_REASONS: Record<string, { zh: string; en: string }> = {
  type: { zh: '不是换货或补发，不能生成换货补发订单', en: 'is neither an exchange nor a reissue: it ships no replacement' },
  made: { zh: '已生成换货补发订单', en: 'already has its replacement order' },
  state: { zh: '已完成或已关闭，不能生成换货补发订单', en: 'is completed or closed: it ships no replacement' },
  goods: { zh: '没有可发出的系统商品', en: 'has no goods of the system to send' },
  address: { zh: '缺少收货人、电话或地址，请先补全', en: 'lacks the buyer’s name, phone or address: complete them first' },
};
const zhOf = (d: unknown) => DECISIONS[String(d)]?.zh ?? String(d);
const enOf = (d: unknown) => DECISIONS[String(d)]?.en ?? String(d);
const stateZh = (s: unknown) => AFTER_SALE_STATE_NAMES[s as AfterSaleState]?.zh ?? String(s);
const stateEn = (s: unknown) => AFTER_SALE_STATE_NAMES[s as AfterSaleState]?.en.toLowerCase() ?? String(s);

export function registerAfterSalesMessages(): void {
  registerServerMessages({
    zh: {
      [AfterSalesErrors.ORDER_NOT_FOUND]: '订单不存在',
      [AfterSalesErrors.ORDER_NOT_SHIPPED]: (p) => `订单 ${p.code} 尚未发货，不能退货或换货`,
      [AfterSalesErrors.ORDER_LINE_NOT_FOUND]: (p) => `订单 ${p.code} 没有该商品明细`,
      [AfterSalesErrors.OVER_SHIPPED]: (p) => `${p.skuCode} 发货 ${p.shipped} 件，已申请退货 ${p.returned} 件，本次 ${p.asked} 件超出发货数量（最多还可退 ${p.left} 件）`,
      [AfterSalesErrors.REFUND_TOO_HIGH]: (p) => `订单 ${p.code} 实付 ${p.paid}，已申请退款 ${p.refunded}，本次退款 ${p.asked} 超出实付金额`,
      [AfterSalesErrors.SKU_NOT_FOUND]: (p) => `商品 ${p.skuId} 不存在或已删除`,
      [AfterSalesErrors.WAREHOUSE_NOT_FOUND]: '仓库不存在',
      [AfterSalesErrors.WRONG_TYPE]: (p) => `售后单 ${p.code} 的类型为${p.type}，不能${zhOf(p.decision)}`,
      [AfterSalesErrors.WRONG_STATE]: (p) => `售后单 ${p.code} 当前状态不能${zhOf(p.decision)}`,
      [AfterSalesErrors.RETURN_ORDERS_UNSUPPORTED]: (p) => `售后单 ${p.code} 所属平台（有赞、京东、京东自营、抖音）不支持发送退货单`,
      [AfterSalesErrors.RETURN_WAREHOUSE_REQUIRED]: (p) => `售后单 ${p.code} 未指定退货仓库，请选择退货仓库`,
      [AfterSalesErrors.NOT_UNPROCESSED]: (p) => `售后单 ${p.code} 状态为${stateZh(p.status)}，只能删除待处理的售后单`,
      [AfterSalesErrors.REPLACEMENT_NOT_ALLOWED]: (p) => `售后单 ${p.code} ${REPLACEMENT_REASONS[String(p.reason)]?.zh ?? '不能生成换货补发订单'}`,
      [AfterSalesErrors.REPLACEMENT_MODE_INVALID]: (p) => `售后单 ${p.code} 为补发，没有退货，只能立即发出`,
    },
    en: {
      [AfterSalesErrors.ORDER_NOT_FOUND]: 'The order does not exist',
      [AfterSalesErrors.ORDER_NOT_SHIPPED]: (p) => `The order ${p.code} has not shipped: nothing of it can come back or be exchanged`,
      [AfterSalesErrors.ORDER_LINE_NOT_FOUND]: (p) => `The order ${p.code} has no such line`,
      [AfterSalesErrors.OVER_SHIPPED]: (p) => `${p.skuCode}: ${p.shipped} shipped, ${p.returned} in returns already: ${p.asked} more is more than shipped (at most ${p.left} left)`,
      [AfterSalesErrors.REFUND_TOO_HIGH]: (p) => `The order ${p.code} was paid ${p.paid} and ${p.refunded} is in refunds already: a refund of ${p.asked} is more than was paid`,
      [AfterSalesErrors.SKU_NOT_FOUND]: (p) => `The SKU ${p.skuId} does not exist or was deleted`,
      [AfterSalesErrors.WAREHOUSE_NOT_FOUND]: 'The warehouse does not exist',
      [AfterSalesErrors.WRONG_TYPE]: (p) => `The after-sale ${p.code} is of type ${p.type}: you cannot ${enOf(p.decision)}`,
      [AfterSalesErrors.WRONG_STATE]: (p) => `The after-sale ${p.code} is not in a state to ${enOf(p.decision)}`,
      [AfterSalesErrors.RETURN_ORDERS_UNSUPPORTED]: (p) => `The after-sale ${p.code} belongs to a platform that takes no return orders (Youzan, JD, JD self-operated, Douyin)`,
      [AfterSalesErrors.RETURN_WAREHOUSE_REQUIRED]: (p) => `The after-sale ${p.code} names no return warehouse: choose one`,
      [AfterSalesErrors.NOT_UNPROCESSED]: (p) => `The after-sale ${p.code} is ${stateEn(p.status)}: only documents still to process are deleted`,
      [AfterSalesErrors.REPLACEMENT_NOT_ALLOWED]: (p) => `The after-sale ${p.code} ${REPLACEMENT_REASONS[String(p.reason)]?.en ?? 'cannot have a replacement order'}`,
      [AfterSalesErrors.REPLACEMENT_MODE_INVALID]: (p) => `The after-sale ${p.code} is a reissue: nothing comes back, so its replacement ships now`,
    },
    nouns: {
      afterSale: { zh: '售后单', en: 'The after-sale document' },
    },
  });
}
