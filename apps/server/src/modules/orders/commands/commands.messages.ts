// Server wording of the order command codes, in Chinese and English (the web app has its own).
// A refusal that has a remedy names it: "choose a courier first", "cancel its review first".
import { OrderCommandErrors, OrderErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const STATUS_ZH: Record<string, string> = {
  CI_ERPSOH_STATUS_NORMAL: '待审核',
  CI_ERPSOH_STATUS_VERIFIED: '已审核',
  CI_ERPSOH_STATUS_SEND: '已发货',
  CI_ERPSOH_STATUS_SYNCED: '已下发',
  CI_ERPSOH_STATUS_CANCEL: '已作废',
  CI_ERPSOH_STATUS_CLOSE: '已关闭',
};
const STATUS_EN: Record<string, string> = {
  CI_ERPSOH_STATUS_NORMAL: 'pending review',
  CI_ERPSOH_STATUS_VERIFIED: 'reviewed',
  CI_ERPSOH_STATUS_SEND: 'shipped',
  CI_ERPSOH_STATUS_SYNCED: 'issued to the warehouse',
  CI_ERPSOH_STATUS_CANCEL: 'cancelled',
  CI_ERPSOH_STATUS_CLOSE: 'closed',
};
type Params = Record<string, string | number>;
const statusZh = (p: Params) => STATUS_ZH[String(p.status)] ?? p.status;
const statusEn = (p: Params) => STATUS_EN[String(p.status)] ?? p.status;

/** ERR_ORDER_STATUS by its remedy (core orderStatusRemedy), or without one. */
function statusMessageZh(p: Params): string {
  switch (p.remedy) {
    case 'already':
      return `订单 ${p.code} ${statusZh(p)}，无需重复操作`;
    case 'cancelReview':
      return `订单 ${p.code} ${statusZh(p)}，请先反审核`;
    case 'cancelClose':
      return `订单 ${p.code} ${statusZh(p)}，请先取消关闭`;
    case 'review':
      return `订单 ${p.code} ${statusZh(p)}，请先审核`;
    default:
      return `订单 ${p.code} ${statusZh(p)}，不能执行此操作`;
  }
}
function statusMessageEn(p: Params): string {
  switch (p.remedy) {
    case 'already':
      return `The order ${p.code} is already ${statusEn(p)}`;
    case 'cancelReview':
      return `The order ${p.code} is ${statusEn(p)}; cancel its review first`;
    case 'cancelClose':
      return `The order ${p.code} is ${statusEn(p)}; reopen it (cancel close) first`;
    case 'review':
      return `The order ${p.code} is ${statusEn(p)}; review it first`;
    default:
      return `The order ${p.code} is ${statusEn(p)}; this cannot be done now`;
  }
}

const REASON_ZH: Record<string, string> = { store: '店铺不同', buyer: '买家不同', receiver: '收货人信息不同' };
const REASON_EN: Record<string, string> = { store: 'a different store', buyer: 'a different buyer', receiver: 'a different receiver' };

export function registerOrderCommandMessages(): void {
  registerServerMessages({
    zh: {
      [OrderErrors.STATUS]: statusMessageZh,
      [OrderErrors.LOCKED]: (p) => `订单 ${p.code} 已锁定，请先解锁`,
      [OrderErrors.RISK_CONTROLLED]: (p) => `订单 ${p.code} 处于风控中，解除风控后才能审核`,
      [OrderErrors.INTERCEPTED]: (p) => `订单 ${p.code} 已被拦截`,
      [OrderErrors.WAVE_ORDER]: (p) => `订单 ${p.code} 是波次单，请在波次拣货页面处理`,
      [OrderErrors.UNMAPPED]: (p) => `订单 ${p.code} 有未匹配系统商品的明细，请先匹配系统商品`,
      [OrderErrors.NO_WAREHOUSE]: (p) => `订单 ${p.code} 未指定仓库，请先选择仓库`,
      [OrderErrors.NO_EXPRESS]: (p) => `订单 ${p.code} 未指定快递，请先选择快递`,
      [OrderErrors.SHORTAGE]: (p) => `商品 ${p.skuCode} 可用库存 ${p.available}，不足订单所需 ${p.needed}，请先补充库存或拆分缺货商品`,
      [OrderErrors.MERGE_DIFFERENT]: (p) => `订单 ${p.code} 与 ${p.with} ${REASON_ZH[String(p.reason)] ?? p.reason}，不能合并`,
      [OrderErrors.MERGE_SAME_SPLIT]: (p) => `订单 ${p.code} 与 ${p.with} 拆自同一订单，请取消拆分而不是合并`,
      [OrderErrors.MERGE_LIMIT]: (p) => `当前版本最多合并 ${p.max} 个订单，请减少选择的订单`,
      [OrderErrors.MERGE_TOO_FEW]: '请至少选择两个订单合并',
      [OrderErrors.SPLIT_TOO_MUCH]: (p) => `拆分数量 ${p.qty} 超过明细数量 ${p.max}`,
      [OrderErrors.SPLIT_NOTHING_LEFT]: '拆分后原订单不能没有商品',
      [OrderErrors.NOT_MERGED]: (p) => `订单 ${p.code} 不是合并订单`,
      [OrderErrors.NOT_SPLIT]: (p) => `订单 ${p.code} 没有拆分订单`,
      [OrderCommandErrors.SKU_NOT_FOUND]: (p) => `商品 ${p.skuId} 不存在`,
      [OrderCommandErrors.LINE_NOT_FOUND]: '订单明细不存在',
      [OrderCommandErrors.LAST_LINE]: '不能删除订单的全部明细，不需要此订单时请关闭订单',
      [OrderCommandErrors.WAREHOUSE_NOT_FOUND]: '仓库不存在或已停用，请选择启用中的仓库',
      [OrderCommandErrors.EXPRESS_NOT_FOUND]: (p) => `快递公司 ${p.code} 未启用，请先在快递公司设置中添加`,
      [OrderCommandErrors.NOTHING_SHORT]: (p) => `订单 ${p.code} 没有缺货商品`,
    },
    en: {
      [OrderErrors.STATUS]: statusMessageEn,
      [OrderErrors.LOCKED]: (p) => `The order ${p.code} is locked; unlock it first`,
      [OrderErrors.RISK_CONTROLLED]: (p) => `The order ${p.code} is under risk control; release it before review`,
      [OrderErrors.INTERCEPTED]: (p) => `The order ${p.code} is intercepted`,
      [OrderErrors.WAVE_ORDER]: (p) => `The order ${p.code} is a wave order; handle it on the wave picking page`,
      [OrderErrors.UNMAPPED]: (p) => `The order ${p.code} has a line without a system SKU; match it to a system SKU first`,
      [OrderErrors.NO_WAREHOUSE]: (p) => `The order ${p.code} has no warehouse; choose a warehouse first`,
      [OrderErrors.NO_EXPRESS]: (p) => `The order ${p.code} has no courier; choose a courier first`,
      [OrderErrors.SHORTAGE]: (p) => `Only ${p.available} of ${p.skuCode} are available; the order needs ${p.needed}. Add stock or split off the missing goods first`,
      [OrderErrors.MERGE_DIFFERENT]: (p) => `The order ${p.code} has ${REASON_EN[String(p.reason)] ?? p.reason} than ${p.with}; they cannot be merged`,
      [OrderErrors.MERGE_SAME_SPLIT]: (p) => `The orders ${p.code} and ${p.with} are parts of one split; cancel the split to put them back together`,
      [OrderErrors.MERGE_LIMIT]: (p) => `Your edition merges at most ${p.max} orders; select fewer orders`,
      [OrderErrors.MERGE_TOO_FEW]: 'Select at least two orders to merge',
      [OrderErrors.SPLIT_TOO_MUCH]: (p) => `Splitting ${p.qty} is more than the line's ${p.max}`,
      [OrderErrors.SPLIT_NOTHING_LEFT]: 'The split would leave the order empty',
      [OrderErrors.NOT_MERGED]: (p) => `The order ${p.code} is not a merged order`,
      [OrderErrors.NOT_SPLIT]: (p) => `The order ${p.code} has no split orders`,
      [OrderCommandErrors.SKU_NOT_FOUND]: (p) => `The SKU ${p.skuId} does not exist`,
      [OrderCommandErrors.LINE_NOT_FOUND]: 'The order line does not exist',
      [OrderCommandErrors.LAST_LINE]: 'An order cannot lose all its lines; close the order if it is not needed',
      [OrderCommandErrors.WAREHOUSE_NOT_FOUND]: 'The warehouse does not exist or is stopped; choose a warehouse in use',
      [OrderCommandErrors.EXPRESS_NOT_FOUND]: (p) => `The courier ${p.code} is not enabled; add it to your express companies first`,
      [OrderCommandErrors.NOTHING_SHORT]: (p) => `Nothing on the order ${p.code} is out of stock`,
    },
    nouns: { order: { zh: '订单', en: 'The order' } },
  });
}
