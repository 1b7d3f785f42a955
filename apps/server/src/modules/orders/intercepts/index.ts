// Orders area, part "intercepts": refund holds and the intercept tasks of tab 5 (issue 14
// must-have 4). See README.md.
import type { ModuleContext } from '../../../platform/module.js';
import { registerInterceptMessages } from './intercepts.messages.js';
import { registerInterceptRoutes } from './intercepts.routes.js';
import { createInterceptsService } from './intercepts.service.js';

export { holdOrdersForRefund, releaseRefundHolds, type ActiveRefundsElsewhere, type RefundRef, type RefundTarget } from './refund-holds.js';

export function registerOrderIntercepts(ctx: ModuleContext): void {
  registerInterceptMessages();
  const service = createInterceptsService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerInterceptRoutes(ctx.app, ctx.http, service);
}
