// Server wording of the return-inbound codes (zh and en).
import { RMA_STATUS_NAMES, RmaErrors, type RmaStatus } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const ACTIONS_ZH: Record<string, string> = { edit: '编辑', receive: '入库', delete: '删除' };
const ACTIONS_EN: Record<string, string> = { edit: 'edited', receive: 'received', delete: 'deleted' };
const STATUS_ZH = (code: unknown) => RMA_STATUS_NAMES[code as RmaStatus]?.zh ?? String(code);
const STATUS_EN = (code: unknown) => RMA_STATUS_NAMES[code as RmaStatus]?.en.toLowerCase() ?? String(code);

export function registerRmaMessages(): void {
  registerServerMessages({
    zh: {
      [RmaErrors.WRONG_STATUS]: (p) => `退货入库单 ${p.code} 状态为${STATUS_ZH(p.status)}，不能${ACTIONS_ZH[String(p.action)] ?? p.action}`,
      [RmaErrors.OVER_RECEIPT]: (p) => `退货入库单 ${p.code} 第 ${p.line} 行应退 ${p.expected} 件，已入库 ${p.received} 件，本次 ${p.receiving} 件超出（最多还可入库 ${p.left} 件）`,
      [RmaErrors.OVER_SHIPPED]: (p) => `${p.skuCode} 发货 ${p.shipped} 件，已退回 ${p.returned} 件，本次 ${p.asked} 件超出发货数量（最多还可退 ${p.left} 件）`,
      [RmaErrors.RECEIPT_CONFIRMED]: (p) => `退货入库单 ${p.code} 的这次收货已确认入库，不能重复确认`,
      [RmaErrors.ORDER_NOT_FOUND]: '订单不存在',
      [RmaErrors.ORDER_NOT_SHIPPED]: (p) => `订单 ${p.code} 尚未发货，不能退货入库`,
      [RmaErrors.ORDER_LINE_NOT_FOUND]: (p) => `订单 ${p.code} 没有该商品明细`,
      [RmaErrors.COMBINATION_LINE]: (p) => `${p.skuCode} 是组合商品，暂不支持整套退货入库，请按子商品建单`,
      [RmaErrors.SKU_NOT_FOUND]: (p) => `商品 ${p.skuId} 不存在或已删除`,
      [RmaErrors.WAREHOUSE_NOT_FOUND]: '仓库不存在',
      [RmaErrors.WAREHOUSE_STOPPED]: (p) => `仓库 ${p.name} 已停用`,
      [RmaErrors.NO_WAREHOUSE_SYSTEM]: (p) => `退货入库单 ${p.code} 的仓库为自有仓库，无需下发`,
      [RmaErrors.LOCATION_NOT_IN_WAREHOUSE]: '该库位不属于退货入库单的仓库',
      [RmaErrors.LOCATION_NOT_SELLABLE]: (p) => `库位 ${p.code} 是次品库位，良品请选择可销售库位`,
      [RmaErrors.DEFECTIVE_LOCATION_SELLABLE]: (p) => `库位 ${p.code} 是可销售库位，次品请选择次品库位`,
      [RmaErrors.DETAIL_NOT_FOUND]: (p) => `退货入库单 ${p.code} 没有该明细行`,
      [RmaErrors.HAS_RECEIPTS]: (p) => `退货入库单 ${p.code} 已入库 ${p.received} 件，不能${ACTIONS_ZH[String(p.action)] ?? p.action}`,
      [RmaErrors.REASON_NOT_FOUND]: '退货原因不存在',
      [RmaErrors.REASON_TAKEN]: (p) => `退货原因“${p.reason}”已存在`,
      [RmaErrors.NOTHING_TO_RECEIVE]: (p) => `退货入库单 ${p.code} 已全部入库`,
      [RmaErrors.PARCEL_LINKED]: (p) => `包裹 ${p.expressNo} 已关联退货入库单，请在退货入库单中入库`,
      [RmaErrors.PARCEL_TARGET_STATUS]: (p) => `退货入库单 ${p.code} 状态为${STATUS_ZH(p.status)}，只能关联待入库的退货入库单`,
      [RmaErrors.PARCEL_AFTER_SALE_NO_RMA]: (p) => `售后单 ${p.code} 还没有退货入库单，请先同意退货`,
      [RmaErrors.PARCEL_OTHER_WAREHOUSE]: (p) => `包裹所在仓库与退货入库单 ${p.code} 的仓库不同`,
    },
    en: {
      [RmaErrors.WRONG_STATUS]: (p) => `The return ${p.code} is ${STATUS_EN(p.status)}; it cannot be ${ACTIONS_EN[String(p.action)] ?? p.action}`,
      [RmaErrors.OVER_RECEIPT]: (p) =>
        `Return ${p.code} line ${p.line} expects ${p.expected}, ${p.received} received already: ${p.receiving} more is too many (at most ${p.left} left)`,
      [RmaErrors.OVER_SHIPPED]: (p) => `${p.skuCode}: ${p.shipped} shipped, ${p.returned} returned already: ${p.asked} more is more than shipped (at most ${p.left} left)`,
      [RmaErrors.RECEIPT_CONFIRMED]: (p) => `This receipt of the return ${p.code} is confirmed already; it is not booked twice`,
      [RmaErrors.ORDER_NOT_FOUND]: 'The order does not exist',
      [RmaErrors.ORDER_NOT_SHIPPED]: (p) => `The order ${p.code} has not shipped: nothing of it can come back`,
      [RmaErrors.ORDER_LINE_NOT_FOUND]: (p) => `The order ${p.code} has no such line`,
      [RmaErrors.COMBINATION_LINE]: (p) => `${p.skuCode} is a combination: return its components instead`,
      [RmaErrors.SKU_NOT_FOUND]: (p) => `The SKU ${p.skuId} does not exist or was deleted`,
      [RmaErrors.WAREHOUSE_NOT_FOUND]: 'The warehouse does not exist',
      [RmaErrors.WAREHOUSE_STOPPED]: (p) => `The warehouse ${p.name} is stopped`,
      [RmaErrors.NO_WAREHOUSE_SYSTEM]: (p) => `The warehouse of return ${p.code} is run by the seller: there is no warehouse system to send it to`,
      [RmaErrors.LOCATION_NOT_IN_WAREHOUSE]: 'The location is not in the return’s warehouse',
      [RmaErrors.LOCATION_NOT_SELLABLE]: (p) => `The location ${p.code} holds defective stock: choose a sellable location for good units`,
      [RmaErrors.DEFECTIVE_LOCATION_SELLABLE]: (p) => `The location ${p.code} is sellable: choose a defective-stock location for defective units`,
      [RmaErrors.DETAIL_NOT_FOUND]: (p) => `The return ${p.code} has no such line`,
      [RmaErrors.HAS_RECEIPTS]: (p) => `The return ${p.code} has ${p.received} received; it cannot be ${ACTIONS_EN[String(p.action)] ?? p.action}`,
      [RmaErrors.REASON_NOT_FOUND]: 'The return reason does not exist',
      [RmaErrors.REASON_TAKEN]: (p) => `The return reason “${p.reason}” exists already`,
      [RmaErrors.NOTHING_TO_RECEIVE]: (p) => `The return ${p.code} is fully received`,
      [RmaErrors.PARCEL_LINKED]: (p) => `The parcel ${p.expressNo} is linked to a return already: receive it there`,
      [RmaErrors.PARCEL_TARGET_STATUS]: (p) => `The return ${p.code} is ${STATUS_EN(p.status)}: a parcel is linked only to a return awaiting entry`,
      [RmaErrors.PARCEL_AFTER_SALE_NO_RMA]: (p) => `The after-sale ${p.code} has no return inbound yet: agree its return first`,
      [RmaErrors.PARCEL_OTHER_WAREHOUSE]: (p) => `The parcel is in another warehouse than the return ${p.code}`,
    },
    nouns: {
      rma: { zh: '退货入库单', en: 'The return' },
      rmaReason: { zh: '退货原因', en: 'The return reason' },
      rmaParcel: { zh: '无信息包裹', en: 'The parcel' },
    },
  });
}
