// The guides area: the first-run checklist on home, the help centre's manuals (readable signed
// out) and buyer SMS notifications sent on real order and refund events (issue 17; spec 01 §2.1,
// §2.3, §3, §4.9, §6). See README.md.
import type { Tx } from '../../db/client.js';
import type { AreaModule } from '../../platform/module.js';
import { REFUND_DONE_LISTENERS } from '../aftersales/index.js';
import { ORDERS_OUT_FOR_DELIVERY_LISTENERS, ORDERS_SHIPPED_LISTENERS, type OrdersOutForDeliveryListener, type OrdersShippedListener } from '../orders/index.js';
import { createBuyerSmsService, type BuyerSmsService } from './buyer-sms.service.js';
import { createChecklistService } from './checklist.service.js';
import { registerGuidesMessages } from './guides.messages.js';
import { registerGuidesRoutes } from './guides.routes.js';
import { createManualsService } from './manuals.service.js';

export type { BuyerSmsService };

type RefundDoneListener = (tx: Tx, domainId: number, afterSaleId: number) => Promise<unknown>;

export const registerGuidesModule: AreaModule = (ctx) => {
  registerGuidesMessages();
  const clock = ctx.now ? { now: ctx.now } : {};
  const checklist = createChecklistService({ database: ctx.database });
  const manuals = createManualsService({ database: ctx.database, ...clock });
  const buyerSms = createBuyerSmsService({ database: ctx.database, sms: ctx.sms, ...clock });
  ctx.registry.provide('buyer-sms', buyerSms);
  ctx.registry.add<OrdersShippedListener>(ORDERS_SHIPPED_LISTENERS, (tx, domainId, ids) => buyerSms.notifyOrders(tx, domainId, 'SHIPPED', ids));
  // Once per order: the SMS log's key refuses a second text for the same order and event.
  ctx.registry.add<OrdersOutForDeliveryListener>(ORDERS_OUT_FOR_DELIVERY_LISTENERS, (tx, domainId, ids) => buyerSms.notifyOrders(tx, domainId, 'OUT_FOR_DELIVERY', ids));
  ctx.registry.add<RefundDoneListener>(REFUND_DONE_LISTENERS, (tx, domainId, id) => buyerSms.notifyRefundDone(tx, domainId, id));
  registerGuidesRoutes(ctx.app, ctx.http, { checklist, manuals, buyerSms });
};
