// Orders area, part "list" (see ../README.md): the order list with its tabs, filters and counts,
// one order with its log, the 待合 / 缺 row tags, saved search tabs and the orders' home counters.
import type { ModuleContext } from '../../../platform/module.js';
import { orderHomeCounters } from './list.queries.js';
import { registerOrderListMessages } from './list.messages.js';
import { ORDER_LIST_ACCESS, registerOrderListRoutes } from './list.routes.js';
import { createOrderListService } from './list.service.js';

export function registerOrderList(ctx: ModuleContext): void {
  registerOrderListMessages();
  const service = createOrderListService({ database: ctx.database });
  registerOrderListRoutes(ctx.app, ctx.http, service);
  ctx.system.addHomeCounterProvider(async (domainId, session) => (session.menus.has(ORDER_LIST_ACCESS.menu) ? orderHomeCounters(ctx.database.db, domainId) : {}));
}
