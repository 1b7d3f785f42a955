// Server wording of the exceptions part's codes, in Chinese and English.
import { OrderExceptionErrors } from '@openseller/core';
import { plural, registerServerMessages } from '../../../platform/messages.js';

export function registerOrderExceptionMessages(): void {
  registerServerMessages({
    zh: {
      [OrderExceptionErrors.STILL_UNMAPPED]: (p) => `订单 ${p.code} 还有 ${p.count} 个线上商品未匹配系统商品`,
      [OrderExceptionErrors.NO_WAREHOUSE_MATCH]: (p) => `订单 ${p.code} 未匹配到仓库：店铺未绑定仓库，且可用仓库不止一个`,
      [OrderExceptionErrors.NO_COURIER_MATCH]: (p) => `订单 ${p.code} 未匹配到快递：没有符合的快递规则`,
      [OrderExceptionErrors.COURIER_PROHIBITED]: (p) => `订单 ${p.code} 匹配的快递 ${p.expressCompanyCode} 在收货地区停发`,
      [OrderExceptionErrors.RESYNC_INVALID]: (p) => `平台订单 ${p.platformNo} 数据仍有错误：${p.errorMsg}`,
      [OrderExceptionErrors.NO_SYNC_ERROR]: (p) => `平台订单 ${p.platformNo} 没有同步异常`,
    },
    en: {
      [OrderExceptionErrors.STILL_UNMAPPED]: (p) => `Order ${p.code} still has ${p.count} ${plural(p.count, 'online SKU', 'online SKUs')} not matched to a system SKU`,
      [OrderExceptionErrors.NO_WAREHOUSE_MATCH]: (p) => `No warehouse matched order ${p.code}: the store has no bound warehouse and there is more than one usable warehouse`,
      [OrderExceptionErrors.NO_COURIER_MATCH]: (p) => `No courier matched order ${p.code}: no express rule applies`,
      [OrderExceptionErrors.COURIER_PROHIBITED]: (p) => `The courier ${p.expressCompanyCode} chosen for order ${p.code} does not ship to the receiver's area`,
      [OrderExceptionErrors.RESYNC_INVALID]: (p) => `Platform order ${p.platformNo} is still malformed: ${p.errorMsg}`,
      [OrderExceptionErrors.NO_SYNC_ERROR]: (p) => `Platform order ${p.platformNo} has no sync error`,
    },
    nouns: { platformOrder: { zh: '平台订单', en: 'The platform order' } },
  });
}
