// Orders area, part "lines" (spec 02 §7.10 /myhome/erpsod; issue 21 must-have 4): lines of an
// order, combination components, the same line across pending orders, and production dates chosen
// from stock lots. See lines.service.ts.
import { OrderLineCalls, OrderLineErrors, OrderMiscErrors } from '@openseller/core';
import type { ModuleContext } from '../../../platform/module.js';
import { registerServerMessages } from '../../../platform/messages.js';
import { createOrderLinesService } from './lines.service.js';

export function registerOrderLines(ctx: ModuleContext): void {
  registerServerMessages({
    zh: {
      [OrderLineErrors.NO_LOTS_TO_CHOOSE]: (p) => `订单 ${p.code} 的明细 ${p.lineId} 不能选择生产日期：需为已匹配的非组合商品，且订单已有仓库`,
      [OrderLineErrors.STATUS]: (p) => `订单 ${p.code} 已不是待审核或已审核，不能修改生产日期`,
      [OrderMiscErrors.NOT_PLATFORM_CANCELLED]: (p) => `订单 ${p.code} 不是平台已取消的订单，不能强制关闭`,
      [OrderMiscErrors.NOT_ARCHIVED]: () => '该订单不在归档中',
      [OrderMiscErrors.PROMOTION_NOT_OPEN]: () => '该活动不存在或不在进行中',
    },
    en: {
      [OrderLineErrors.NO_LOTS_TO_CHOOSE]: (p) => `Line ${p.lineId} of order ${p.code} takes no production dates: it must be a mapped, non-combination SKU on an order with a warehouse`,
      [OrderLineErrors.STATUS]: (p) => `Order ${p.code} is no longer pending or reviewed, so its production dates cannot change`,
      [OrderMiscErrors.NOT_PLATFORM_CANCELLED]: (p) => `Order ${p.code} was not cancelled on the platform, so it is not force-closed`,
      [OrderMiscErrors.NOT_ARCHIVED]: () => 'The order is not in the archive',
      [OrderMiscErrors.PROMOTION_NOT_OPEN]: () => 'The promotion does not exist or is not running',
    },
    nouns: { orderLine: { zh: '订单明细', en: 'The order line' } },
  });
  const service = createOrderLinesService({ database: ctx.database });
  ctx.http.serve(ctx.app, OrderLineCalls, {
    searchErpSoDList: (c) => service.list(c.session, c.input),
    searchErpSoD4ComList: (c) => service.combinations(c.session, c.input),
    getSameErpSoDVo4BatchSplit: (c) => service.sameLines(c.session, c.input),
    checkComSods: (c) => service.checkCombinations(c.session, c.input),
    fillProductDateInfo: (c) => service.fillProductDates(c.session, c.language, c.input),
    handleDelProductDateInfo: (c) => service.deleteProductDates(c.session, c.input),
  });
}
