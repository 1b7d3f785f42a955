// Orders area, part "shipping": send reviewed orders (SHIP movements take their allocation out
// of stock) and push the tracking numbers to the stores in the background (spec 02 §7.10,
// spec 01 §4.6). See shipping.service.ts.
import type { ModuleContext } from '../../../platform/module.js';
import { registerShippingMessages } from './shipping.messages.js';
import { registerShippingRoutes, SHIPPING_ACCESS } from './shipping.routes.js';
import { createShippingService, SHIPPING_FEEDBACK_JOB } from './shipping.service.js';

export { SHIPPING_FEEDBACK_JOB, type ShippingService } from './shipping.service.js';

export function registerOrderShipping(ctx: ModuleContext): void {
  registerShippingMessages();
  const service = createShippingService({ database: ctx.database, registry: ctx.registry, jobs: ctx.jobs, ...(ctx.now ? { now: ctx.now } : {}) });
  ctx.registry.provide('order-shipping', service);
  registerShippingRoutes(ctx.app, ctx.http, service);
  ctx.system.addHomeCounterProvider(async (domainId, session) =>
    session.menus.has(SHIPPING_ACCESS.menu) ? { countFeedbackFailed: await service.failedFeedbackCount(domainId) } : {},
  );
  ctx.jobs?.define({
    name: SHIPPING_FEEDBACK_JOB,
    handler: async (data) => service.runFeedback(Number(data.domainId), String(data.recordKey)),
  });
}
